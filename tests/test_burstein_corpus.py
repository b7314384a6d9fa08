"""Every round of every tournament of tests/corpus/burstein, re-paired (C.04.4.2).

The corpus was paired by the reference engine (bbpPairings 6.0.0) with its
Burstein implementation, which follows the text in force before 1 February
2026 and applies its default acceleration of rounds 1-2 (the files carry no
``XXA``). A round is reproduced when the boards (white and black) and the PAB
are the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import corpus_files, corpus_params, run_cli

from swisspair import trf
from swisspair.exitcodes import ExitCode
from swisspair.pairing import find_system
from swisspair.pairing.checker import check_rounds


@pytest.mark.parametrize("path", corpus_params("burstein"))
def test_every_round_is_reproduced(path: Path) -> None:
    tournament = trf.load(path).tournament
    engine = find_system(tournament.system or "burstein")
    assert engine.name == "burstein"
    failures = [check.describe() for check in check_rounds(tournament, engine.pair) if not check.ok]
    assert not failures, "\n".join(failures)


def test_engine_form_checks_a_corpus_file() -> None:
    """``swisspair --burstein FILE -c`` replays every round and exits 0 (bbpPairings' ``-c``)."""
    files = corpus_files("burstein")
    assert run_cli(["--burstein", str(files[1]), "-c"]) == ExitCode.OK
