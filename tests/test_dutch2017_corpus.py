"""Every round of every tournament of ../shared/corpus/dutch-2017, re-paired (C.04.3, 2017 rules).

The corpus was paired by the reference engine's release for the 2017 rules
(bbpPairings 5.0.1). A round is reproduced when the boards (white and black)
and the PAB are the same. The files carry no ``092``/``192`` code, so the
system is chosen explicitly.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import corpus_files, corpus_params

from swisspair import trf
from swisspair.cli import ExitCode, main
from swisspair.pairing import find_system
from swisspair.pairing.checker import check_rounds, recorded_round


@pytest.mark.parametrize("path", corpus_params("dutch-2017"))
def test_every_round_is_reproduced(path: Path) -> None:
    tournament = trf.load(path).tournament
    engine = find_system("dutch-2017")
    assert engine.name == "dutch-2017"
    failures = [check.describe() for check in check_rounds(tournament, engine.pair) if not check.ok]
    assert not failures, "\n".join(failures)


def run(args: list[str]) -> int:
    with pytest.raises(SystemExit) as exc:
        main(args)
    code = exc.value.code
    return int(code) if code is not None else 0


@pytest.fixture
def corpus_file() -> Path:
    files = corpus_files("dutch-2017")
    if not files:
        pytest.skip("../shared/corpus/dutch-2017 not found")
    return files[0]


def test_engine_checker_accepts_a_reference_tournament(corpus_file: Path) -> None:
    assert run(["--dutch-2017", str(corpus_file), "-c"]) == ExitCode.OK


def test_engine_pairs_the_last_round(tmp_path: Path, corpus_file: Path) -> None:
    t = trf.load(corpus_file).tournament
    last = t.recorded_rounds
    partial = t.truncated(last - 1)
    partial.rounds = last
    source = tmp_path / "in.trf"
    source.write_text(trf.dumps(partial))
    out = tmp_path / "out.txt"
    assert run(["--dutch-2017", str(source), "-p", str(out)]) == ExitCode.OK
    lines = out.read_text().splitlines()
    expected = recorded_round(t, last)
    assert int(lines[0]) == len(expected.boards) + (expected.bye is not None)
    pairs = {tuple(map(int, line.split())) for line in lines[1:]}
    wanted = {(b.white, b.black) for b in expected.boards}
    if expected.bye:
        wanted.add((expected.bye, 0))
    assert pairs == wanted
