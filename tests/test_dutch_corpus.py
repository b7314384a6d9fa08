"""Every round of every tournament of tests/corpus/dutch, re-paired (C.04.3, 2026).

The corpus was paired by the reference engine (bbpPairings 6.0.0). A round is
reproduced when the boards (white and black) and the PAB are the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import corpus_params

from swisspair import trf
from swisspair.pairing import find_system
from swisspair.pairing.checker import check_rounds


@pytest.mark.parametrize("path", corpus_params("dutch"))
def test_every_round_is_reproduced(path: Path) -> None:
    tournament = trf.load(path).tournament
    engine = find_system(tournament.system or "dutch")
    assert engine.name == "dutch"
    failures = [check.describe() for check in check_rounds(tournament, engine.pair) if not check.ok]
    assert not failures, "\n".join(failures)
