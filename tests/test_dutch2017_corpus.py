"""Every round of every tournament of tests/corpus/dutch-2017, re-paired (C.04.3, 2017 rules).

The corpus was paired by the reference engine's release for the 2017 rules
(bbpPairings 5.0.1). A round is reproduced when the boards (white and black)
and the PAB are the same. The files carry no ``092``/``192`` code, so the
system is chosen explicitly.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import check_engine_pairs_last_round, corpus_files, corpus_params, run_cli

from swisspair import trf
from swisspair.exitcodes import ExitCode
from swisspair.pairing import find_system
from swisspair.pairing.checker import check_rounds


@pytest.mark.parametrize("path", corpus_params("dutch-2017"))
def test_every_round_is_reproduced(path: Path) -> None:
    tournament = trf.load(path).tournament
    engine = find_system("dutch-2017")
    assert engine.name == "dutch-2017"
    failures = [check.describe() for check in check_rounds(tournament, engine.pair) if not check.ok]
    assert not failures, "\n".join(failures)


@pytest.fixture
def corpus_file() -> Path:
    return corpus_files("dutch-2017")[0]


def test_engine_checker_accepts_a_reference_tournament(corpus_file: Path) -> None:
    assert run_cli(["--dutch-2017", str(corpus_file), "-c"]) == ExitCode.OK


def test_engine_pairs_the_last_round(tmp_path: Path, corpus_file: Path) -> None:
    check_engine_pairs_last_round(tmp_path, corpus_file, "--dutch-2017")
