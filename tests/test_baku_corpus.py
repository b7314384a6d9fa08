"""Every round of every tournament of tests/corpus/dutch-baku, re-paired (C.04.3 + C.04.7).

The files carry ``192 FIDE_DUTCH_2025_BAKU`` and no ``XXA``/``250``: the
reference engine (bbpPairings 6.0.0) computed the Baku virtual points itself,
and so must swisspair.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import corpus_params

from swisspair import trf
from swisspair.pairing import find_system
from swisspair.pairing.checker import check_rounds


@pytest.mark.parametrize("path", corpus_params("dutch-baku"))
def test_every_round_is_reproduced(path: Path) -> None:
    tournament = trf.load(path).tournament
    assert tournament.system == "FIDE_DUTCH_2025_BAKU"
    engine = find_system(tournament.system)
    assert (engine.name, getattr(engine, "acceleration", None)) == ("dutch", "baku")
    failures = [check.describe() for check in check_rounds(tournament, engine.pair) if not check.ok]
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("path", corpus_params("dutch-baku")[:3])
def test_the_plain_dutch_name_follows_the_file_code(path: Path) -> None:
    """``--dutch`` on a ``_BAKU`` file accelerates too, as the reference engine does (auto mode)."""
    tournament = trf.load(path).tournament
    failures = [c.describe() for c in check_rounds(tournament, find_system("dutch").pair) if not c.ok]
    assert not failures, "\n".join(failures)
