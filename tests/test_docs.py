"""The documentation builds (Sphinx: the guides in docs/*.md and the API reference from the docstrings)
with warnings as errors and every cross-reference resolved, as ``bash scripts/docs.sh`` builds it."""

from __future__ import annotations

import html as html_text
import re
import subprocess
import sys
from pathlib import Path

import pytest

import swisspair

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_docs_build_without_a_warning(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-n", "--keep-going", "-q", "-E", "-b", "html",
         "-d", str(tmp_path / "doctrees"), str(ROOT / "docs"), str(tmp_path / "html")],
        capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    html = tmp_path / "html"
    api = (html / "reference" / "api.html").read_text(encoding="utf-8")
    for name in swisspair.__all__:
        if name != "__version__":
            assert f'id="swisspair.{name}"' in api, f"swisspair.{name} is not in the API reference"
    shown = html_text.unescape(re.sub(r"<[^>]+>", "", api))
    assert "DRAW = '='" in shown and "WHITE = 'w'" in shown, "the enumerations' members are shown by their values"
    internals = (html / "reference" / "internals.html").read_text(encoding="utf-8")
    assert 'id="module-swisspair.pairing.dutch"' in internals
    for guide in (ROOT / "docs").glob("*.md"):
        assert (html / f"{guide.stem}.html").is_file(), f"{guide.name} is not built"
