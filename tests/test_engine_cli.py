"""The engine-compatible command line (as JaVaFo / bbpPairings): -p, -c, -g, exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import check_engine_pairs_last_round, corpus_files, run_cli

from swisspair import trf
from swisspair.exitcodes import ExitCode


@pytest.fixture
def corpus_file() -> Path:
    return corpus_files("dutch")[3]


def test_pair_writes_the_engine_format(tmp_path: Path, corpus_file: Path) -> None:
    check_engine_pairs_last_round(tmp_path, corpus_file, "--dutch")


def test_pair_to_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "r1.trf"
    source.write_text("012 Demo\n" + "".join(
        f"001 {i:>4}      Player {i:<26} {2500 - 10 * i:>4}\n" for i in range(1, 6)) + "XXR 3\nXXC white1\n")
    assert run_cli(["--dutch", str(source), "-p"]) == ExitCode.OK
    assert capsys.readouterr().out.splitlines() == ["3", "1 3", "4 2", "5 0"]


def test_checker_accepts_a_reference_tournament(corpus_file: Path) -> None:
    assert run_cli(["--dutch", str(corpus_file), "-c"]) == ExitCode.OK


def test_checker_reports_a_changed_round(tmp_path: Path, corpus_file: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    t = trf.load(corpus_file).tournament
    last = t.recorded_rounds
    if t.rounds is None:
        t.rounds = last
    # Swap the colours of the first game of the last round on both lines.
    for player in t:
        entry = player.result(last)
        if entry.played:
            other = t.players[entry.opponent]  # type: ignore[index]
            mirror = other.result(last)
            player.results[last - 1] = type(entry)(entry.opponent, mirror.colour, entry.result)
            other.results[last - 1] = type(mirror)(mirror.opponent, entry.colour, mirror.result)
            break
    changed = tmp_path / "changed.trf"
    changed.write_text(trf.dumps(t))
    assert run_cli(["--dutch", str(changed), "-c"]) == ExitCode.NO_VALID_PAIRING
    assert f"round {last}: differs" in capsys.readouterr().out


def test_generator_is_deterministic(tmp_path: Path) -> None:
    config = tmp_path / "gen.rtg"
    config.write_text("PlayersNumber=21\nRoundsNumber=5\nDrawPercentage=30\nForfeitRate=15\n")
    a, b = tmp_path / "a.trf", tmp_path / "b.trf"
    assert run_cli(["--dutch", "-g", str(config), "-o", str(a), "-s", "42"]) == ExitCode.OK
    assert run_cli(["--dutch", "-g", str(config), "-o", str(b), "-s", "42"]) == ExitCode.OK
    assert a.read_text() == b.read_text()
    assert run_cli(["--dutch", str(a), "-c"]) == ExitCode.OK


def test_bad_requests(tmp_path: Path) -> None:
    assert run_cli(["--dutch"]) == ExitCode.INVALID_REQUEST
    assert run_cli(["--dutch", str(tmp_path / "missing.trf"), "-p"]) == ExitCode.FILE_ERROR
    assert run_cli(["--dutch", "x.trf", "-z"]) == ExitCode.INVALID_REQUEST


def test_double_swiss_generator_and_checker(tmp_path: Path) -> None:
    """C.04.5: `-g` generates two-game matches (two TRF rounds each) and `-c` replays them."""
    config = tmp_path / "ds.rtg"
    config.write_text("PlayersNumber=15\nRoundsNumber=4\nForfeitRate=20\n")
    out = tmp_path / "ds.trf"
    assert run_cli(["--double-swiss", "-g", str(config), "-o", str(out), "-s", "5"]) == ExitCode.OK
    t = trf.load(out).tournament
    assert t.rounds == 8
    assert run_cli(["--double-swiss", str(out), "-c"]) == ExitCode.OK


def test_the_engine_form_imports_neither_click_nor_the_other_commands(tmp_path: Path) -> None:
    """Tournament software starts ``swisspair --dutch IN -p OUT`` every round: start-up is part of its time."""
    import subprocess
    import sys

    from swisspair import engine_cli

    assert engine_cli.OK == ExitCode.OK
    source = tmp_path / "r1.trf"
    source.write_text("012 Demo\n" + "".join(
        f"001 {i:>4}      Player {i:<26} {2500 - 10 * i:>4}\n" for i in range(1, 6)) + "XXR 3\nXXC white1\n")
    script = ("import sys\nfrom swisspair.console import main\n"
              "try:\n    main(['--dutch', sys.argv[1], '-p', sys.argv[2]])\nexcept SystemExit as e:\n"
              "    assert e.code == 0, e.code\n"
              "print(' '.join(m for m in sys.modules if m == 'click' or m.startswith(UNWANTED)))\n")
    unwanted = ("click.", "importlib.metadata", "swisspair.cli", "swisspair.commands", "swisspair.standings")
    done = subprocess.run([sys.executable, "-c", f"UNWANTED = {unwanted!r}\n" + script, str(source),
                           str(tmp_path / "out.txt")], capture_output=True, text=True, check=True)
    assert done.stdout.split() == []
    assert (tmp_path / "out.txt").read_text().splitlines() == ["3", "1 3", "4 2", "5 0"]
