"""Files as real software writes them: read leniently, paired like the reference engine.

The files of ``tests/data/trf/quirks`` are hand-written; ``INDEX.md`` there says which writer's
quirks each reproduces. Every individual event is paired with ``swisspair --dutch IN -p OUT``,
the result is checked with the absolute rules (C.04.1 arts. 2, 4, 6-7, via ``tests/invariants``)
and compared with what bbpPairings 6.0.0 gives on the same file (the expected boards below).
What changes the meaning of the event is refused with a located message and exit code 3.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from swisspair import trf
from swisspair.cli import main
from swisspair.exitcodes import ExitCode
from swisspair.model import ABSENT, Colour, Result, RoundResult, Tournament
from swisspair.trf.dates import parse_date, to_trf

try:
    from invariants import check_invariants, last_round_topscorers
except ImportError:  # run from the repository root as a package
    from tests.invariants import check_invariants, last_round_topscorers

QUIRKS = Path(__file__).resolve().parent / "data" / "trf" / "quirks"

PAIRINGS = {
    # file: the engine output of the next round (pairs "WHITE BLACK", "N 0" for the PAB)
    "lichess-swiss.trf": ["3", "7 2", "5 3", "6 0"],
    "swissmanager-cp1252.trf": ["3", "1 2", "5 3", "4 6"],
    "swissmanager-cp1250.trf": ["3", "1 2", "5 3", "4 6"],
    "swissmanager-cp1251.trf": ["3", "1 2", "5 3", "4 6"],
    "vega-bom-yymmdd.trf": ["3", "1 2", "5 3", "4 6"],
    "tornelo-trfx.trf": ["3", "1 2", "5 3", "4 6"],
}
"""bbpPairings 6.0.0 gives these boards too (on the file itself, or on its UTF-8 conversion for the
Windows code pages it does not read); for swissmanager-cp1252.trf it refuses the points column that
disagrees with the results, where swisspair warns and uses the results."""

TEAM_FILES = ["trf26-team-unfinished.trf"]


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """``swisspair ARGS`` as a process runs it: exit code, stdout, stderr."""
    try:
        code = main([str(a) for a in args])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0
    captured = capsys.readouterr()
    return int(code or 0), captured.out, captured.err


def test_every_quirk_file_is_listed_in_the_index() -> None:
    index = (QUIRKS / "INDEX.md").read_text(encoding="utf-8")
    names = sorted(p.name for p in QUIRKS.glob("*.trf"))
    assert names == sorted([*PAIRINGS, *TEAM_FILES])
    assert all(f"`{name}`" in index for name in names)


@pytest.mark.parametrize("name", sorted([*PAIRINGS, *TEAM_FILES]))
def test_read_in_the_default_mode_with_located_warnings(name: str) -> None:
    path = QUIRKS / name
    result = trf.load(path)
    assert result.errors == []
    assert len(result.tournament) == (7 if name.startswith("lichess") else 6)
    for warning in result.warnings:
        assert re.fullmatch(rf"{re.escape(str(path))}(:\d+(:\d+)?)?(: [0-9A-Z]{{3}})?: .+", str(warning)), warning


def apply(t: Tournament, lines: list[str]) -> None:
    """Record the engine output as the next round (every game drawn, the PAB a win)."""
    rnd = t.paired_rounds + 1
    for line in lines[1:]:
        white, black = map(int, line.split())
        for tpn in (white, black):
            if tpn:
                results = t.players[tpn].results
                results.extend([ABSENT] * (rnd - len(results)))
        if black == 0:
            t.players[white].results[rnd - 1] = RoundResult.bye(Result.PAB)
        else:
            t.players[white].results[rnd - 1] = RoundResult(black, Colour.WHITE, Result.DRAW)
            t.players[black].results[rnd - 1] = RoundResult(white, Colour.BLACK, Result.DRAW)


@pytest.mark.parametrize("name", sorted(PAIRINGS))
def test_paired_like_the_reference_engine_and_within_the_rules(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = QUIRKS / name
    out = tmp_path / "out.txt"
    code, _, err = run(capsys, "--dutch", path, "-p", out)
    assert code == ExitCode.OK, err
    lines = out.read_text().splitlines()
    assert lines == PAIRINGS[name]
    t = trf.load(path).tournament
    apply(t, lines)
    check_invariants(t, last_round_topscorers)
    # Warnings go to stderr: at most a few lines, then a count of the rest.
    assert len(err.splitlines()) <= trf.reader.WARNING_LIMIT + 1


def test_lichess_byes_without_an_opponent_number() -> None:
    t = trf.load(QUIRKS / "lichess-swiss.trf").tournament
    assert t.player(7).result(1) == RoundResult.bye(Result.PAB)  # "       U"
    assert t.player(5).result(2) == RoundResult.bye(Result.HALF_BYE)  # "       H"
    assert t.player(4).result(3) == RoundResult.bye(Result.ZERO_BYE)  # "       -": absent from round 3
    assert t.player(1).name == "alpha_player" and t.player(1).rank is None  # column 16, blank rank
    assert t.headers["042"] == ["Feb 28, 2026"]


@pytest.mark.parametrize(("name", "player", "expected"), [
    ("swissmanager-cp1252.trf", 1, "Müller,Jürgen"),
    ("swissmanager-cp1250.trf", 1, "Dvořák,Jiří"),
    ("swissmanager-cp1250.trf", 2, "Łukasiewicz,Zbigniew"),
    ("swissmanager-cp1250.trf", 4, "Szőke,Győző"),
    ("swissmanager-cp1251.trf", 1, "Иванов,Иван"),
    ("swissmanager-cp1251.trf", 6, "Шевченко,Тарас"),
    ("vega-bom-yymmdd.trf", 3, "Esposito,Niccolò"),
])
def test_names_come_out_right_in_every_encoding(name: str, player: int, expected: str) -> None:
    result = trf.load(QUIRKS / name)
    assert result.tournament.player(player).name == expected
    assert expected in trf.dumps(result.tournament)  # UTF-8 text, no mojibake


def test_swiss_manager_dates_guides_and_points_column() -> None:
    result = trf.load(QUIRKS / "swissmanager-cp1252.trf")
    t = result.tournament
    messages = [str(w) for w in result.warnings]
    assert t.headers["042"] == ["28. 07. 2005"] and t.headers["062"] == ["6 (5)"]
    assert [t.player(n).birth_date for n in (1, 3)] == ["1975.  .", ".  ."]
    assert any(m.endswith(":16:4: not a record (expected a 3-character code then a blank, got '1234'); "
                          "kept as written") for m in messages)
    # C.04.1: the score is what the results give; the points column is a summary (here 2.0 for 1.5).
    assert any(m.endswith(":19:81: 001: points 2.0 do not match the results (1.5); the results are used")
               for m in messages)
    assert t.score(2) == 1.5
    assert "042 2005/07/28" in trf.dumps(t).splitlines()


@pytest.mark.parametrize(("text", "year", "month", "day"), [
    ("Feb 28, 2026", 2026, 2, 28), ("28. 07. 2005", 2005, 7, 28), ("24.04.20", 2024, 4, 20),
    ("80.05.05", 1980, 5, 5), ("2026/02/28", 2026, 2, 28), ("1975.  .", 1975, 0, 0), (".  .", 0, 0, 0),
    ("2025-06-14", 2025, 6, 14), ("15.09.2023", 2023, 9, 15), ("3 March 2024", 2024, 3, 3),
])
def test_every_date_form_of_real_writers(text: str, year: int, month: int, day: int) -> None:
    parsed = parse_date(text)
    assert parsed is not None and (parsed.year, parsed.month, parsed.day) == (year, month, day)
    assert to_trf(text) == ("" if not year else f"{year:04d}/{month:02d}/{day:02d}")


def test_team_records_240_and_250_name_teams_and_star_is_unfinished() -> None:
    result = trf.load(QUIRKS / "trf26-team-unfinished.trf")
    t = result.tournament
    assert t.player(1).result(2) == ABSENT  # "240 H   2    1" is team 1, not player 1
    assert t.player(3).result(2) == ABSENT  # "   5 w *": not finished, read as not paired
    assert "240 H   2    1" in t.extra_lines and "250  2.0        1   1    3    3" in t.extra_lines
    assert t.accelerations == {}


# -- what changes the meaning of the event is refused (exit 3, file:line:column) ------------------

def _lichess_lines() -> list[str]:
    return (QUIRKS / "lichess-swiss.trf").read_text(encoding="utf-8").split("\n")


def _set(line: str, column: int, text: str) -> str:
    return line[:column - 1] + text + line[column - 1 + len(text):]


def _unknown_opponent(lines: list[str]) -> tuple[list[str], int, int, str]:
    lines[10] = _set(lines[10], 92, "  99")  # player 1, round 1
    return lines, 11, 92, r"round 1: opponent 99 has no 001 record"


def _one_sided_game(lines: list[str]) -> tuple[list[str], int, int, str]:
    lines[13] = _set(lines[13], 92, "       -")  # player 4 no longer shows the game player 1 records
    return lines, 11, 92, r"round 1: the game against 4 is not on their line"


def _two_results_for_one_round(lines: list[str]) -> tuple[list[str], int, int | None, str]:
    lines.insert(10, "240 H   1    1")  # a half-point bye for player 1 in round 1, who played
    return lines, 11, None, r"round 1: bye 'H' for 1 contradicts the 001 record"


def _more_rounds_than_announced(lines: list[str]) -> tuple[list[str], int, int, str]:
    lines[8] = "XXR 1"
    return lines, 9, 5, r"2 rounds are paired in the 001 records, more than the 1 announced"


@pytest.mark.parametrize("change", [_unknown_opponent, _one_sided_game, _two_results_for_one_round,
                                    _more_rounds_than_announced], ids=lambda f: f.__name__.strip("_"))
def test_meaning_changes_are_refused_with_a_located_message(
        change: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert callable(change)
    lines, line, column, message = change(_lichess_lines())
    path = tmp_path / "changed.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    code, _, err = run(capsys, "--dutch", path, "-p", tmp_path / "out.txt")
    assert code == ExitCode.INVALID_REQUEST
    assert not (tmp_path / "out.txt").exists()
    where = f"{path}:{line}" + (f":{column}" if column else "")
    assert re.search(rf"{re.escape(where)}: [0-9A-Z]{{3}}: {message}", err), err
    assert "Traceback" not in err


def test_validate_default_and_strict(capsys: pytest.CaptureFixture[str]) -> None:
    path = QUIRKS / "swissmanager-cp1252.trf"
    code, out, err = run(capsys, "trf", "validate", path)
    assert code == ExitCode.OK and out.strip() == f"{path}: ok: 6 players, 2 rounds paired of 5"
    assert "points 2.0 do not match the results" in err
    # What FIDE's rating officer would reject: the first such problem, located.
    code, out, err = run(capsys, "trf", "validate", "--strict", path)
    assert code == ExitCode.INVALID_REQUEST and out == ""
    assert err.strip() == f"{path}:4:5: 042: start date: date '28. 07. 2005' is not in the YYYY/MM/DD form"


def test_xxc_rank_pairs_in_the_order_of_the_001_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """lichess writes ``XXC rank white1``: the order of the 001 lines is the initial ranking
    (C.04.2 art. 2), as JaVaFo and bbpPairings read it, whatever the pairing numbers."""
    lines = _lichess_lines()
    players = [line[:80] + " 0.0" for line in lines[10:16]]  # six players before round 1
    boards = {}
    for rank in (False, True):
        head = [*lines[:9], "XXC rank white1" if rank else "XXC white1"]
        path = tmp_path / f"rank-{rank}.trf"
        path.write_text("\n".join([*head, *(players[::-1] if rank else players)]) + "\n", encoding="utf-8")
        t = trf.load(path).tournament
        assert t.pairing_order() == ([6, 5, 4, 3, 2, 1] if rank else [1, 2, 3, 4, 5, 6])
        assert trf.loads(trf.dumps(t)).tournament.rank_order == t.rank_order  # written back as XXC rank
        code, _, err = run(capsys, "--dutch", path, "-p", tmp_path / "out.txt")
        assert code == ExitCode.OK, err
        boards[rank] = (tmp_path / "out.txt").read_text().splitlines()
    # bbpPairings 6.0.0 gives the same boards on both files.
    assert boards == {False: ["3", "1 4", "5 2", "3 6"], True: ["3", "6 3", "2 5", "4 1"]}


def test_abnormal_points_299_are_kept_and_reported() -> None:
    """TRF-2026 ``299`` (penalties, bonuses) is not applied: a warning says so, the line is kept."""
    text = (QUIRKS / "lichess-swiss.trf").read_text(encoding="utf-8") + "\n299           2.0    1    4\n"
    result = trf.loads(text, source="a.trf")
    assert "299           2.0    1    4" in result.tournament.extra_lines
    assert any(str(w).startswith("a.trf:18:5: 299: abnormal points (299) are not applied") for w in result.warnings)


def test_strict_mode_refuses_what_the_rating_officer_would() -> None:
    """A FIDE id that is not a number: a warning for pairing, an error for the rating report."""
    lines = _lichess_lines()
    lines[10] = _set(lines[10], 58, "  ABC12345")
    text = "\n".join(lines)
    assert any(w.message == "FIDE id: expected digits, got 'ABC12345'" for w in trf.loads(text).warnings)
    with pytest.raises(trf.reader.TRFError) as info:
        trf.loads(text.replace("Feb 28, 2026", "2026/02/28"), source="s.trf", strict=True)
    assert str(info.value) == "s.trf:11:58: 001: FIDE id: expected digits, got 'ABC12345'"


def test_a_header_code_without_its_blank_is_read_and_a_needed_one_refused() -> None:
    """``092Individual`` (a header pairing does not need) reads with a warning; ``XXR5`` is refused."""
    lines = _lichess_lines()
    lines[6] = "092Individual: Swiss-System"
    result = trf.loads("\n".join(lines), source="h.trf")
    assert result.tournament.headers["092"] == ["Individual: Swiss-System"]
    assert any(str(w).startswith("h.trf:7:4: 092: expected a blank after the record code") for w in result.warnings)
    lines[8] = "XXR5"
    with pytest.raises(trf.reader.TRFError, match="expected a blank after the record code 'XXR'"):
        trf.loads("\n".join(lines), source="h.trf")
