"""The fast tier skips importing a module only when its top level marks every test slow."""

from __future__ import annotations

from pathlib import Path

from tiers import whole_module_is_slow


def test_a_module_marked_slow_at_its_top_level_is_left_out(tmp_path: Path) -> None:
    marked = tmp_path / "test_marked.py"
    marked.write_text("import pytest\n\npytestmark = pytest.mark.slow  # the full tier only\n")
    assert whole_module_is_slow(marked)


def test_the_same_line_in_a_string_or_another_mark_keeps_the_module(tmp_path: Path) -> None:
    quoted = tmp_path / "test_quoted.py"
    quoted.write_text('SCRIPT = """\npytestmark = pytest.mark.slow\n"""\n')
    other = tmp_path / "test_other.py"
    other.write_text("import pytest\n\npytestmark = pytest.mark.slowly\n")
    assert not whole_module_is_slow(quoted)
    assert not whole_module_is_slow(other)
