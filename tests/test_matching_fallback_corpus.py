"""Corpus replays on the pure-Python matching core: the fallback gives the same rounds as the compiled core.

The corpus replays (tests/test_*_corpus.py) run on the compiled core, the
default when it is built. Here a sample of each corpus (every eighth file,
the largest Dutch files included) is replayed with ``cores.BACKEND``
set to ``"python"``, so the fallback used when the extension is missing is
held to the same reference rounds (FIDE C.04.3 Dutch 2026 and 2017 rules,
the Baku acceleration, C.04.4.2 Burstein). Every file can be replayed on the
fallback with ``SWISSPAIR_PURE_PYTHON=1 pytest tests/test_dutch_corpus.py ...``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import corpus_files

from swisspair import trf
from swisspair.matching import cores
from swisspair.matching.weighted import MatchingComputer
from swisspair.pairing import find_system
from swisspair.pairing.checker import check_rounds

pytestmark = pytest.mark.slow  # pure-Python matchings: the full tier only

EVERY = 8
"""One file in EVERY of each corpus folder."""

LARGEST = 4
"""... and the largest Dutch files (the biggest brackets, where the core does most of the work)."""


def _sample() -> list[object]:
    params: list[object] = []
    for folder, system in (("dutch", "dutch"), ("dutch-2017", "dutch-2017"), ("dutch-baku", None),
                           ("burstein", "burstein")):
        files = corpus_files(folder)
        chosen = files[::EVERY]
        if folder == "dutch":
            chosen += [p for p in sorted(files, key=lambda p: (-p.stat().st_size, p.name))[:LARGEST]
                       if p not in chosen]
        params += [pytest.param(path, system, id=f"{folder}/{path.stem}") for path in chosen]
    return params


@pytest.mark.parametrize(("path", "system"), _sample())
def test_the_fallback_core_reproduces_the_corpus(path: Path, system: str | None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cores, "BACKEND", "python")
    tournament = trf.load(path).tournament
    engine = find_system(system or tournament.system or "dutch")
    made: list[str] = []
    original = MatchingComputer.__init__

    def recording(self: MatchingComputer, size: int = 0, backend: str | None = None) -> None:
        original(self, size, backend)
        made.append(self.backend)

    monkeypatch.setattr(MatchingComputer, "__init__", recording)
    failures = [check.describe() for check in check_rounds(tournament, engine.pair) if not check.ok]
    assert not failures, "\n".join(failures)
    assert made and set(made) == {"python"}
