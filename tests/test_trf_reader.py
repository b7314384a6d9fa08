"""The TRF reader: the reference corpus, corrupted corpus files, and the dialects of real software.

The corrupted files are built here from real corpus files (nothing is copied
into the repository); ``test_trf_cli.py`` feeds the same cases to
``swisspair trf validate``.
"""

from __future__ import annotations

import functools
import io
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from swisspair import trf
from swisspair.errors import InconsistentTournamentError, Location, TRFError
from swisspair.model import Colour, ForbiddenPairs, Result, RoundResult, Scoring, Tournament
from swisspair.teams import TeamEntry, TeamForfeit, TeamLineup, TeamPab
from swisspair.trf.reader import check_date
from swisspair.trf.teams import parse_team_line

from helpers import CORPUS, all_corpus_files, corpus_files, tiered

DATA = Path(__file__).resolve().parent / "data" / "trf"
CORPUS_FILES = all_corpus_files()


def corpus_params() -> list[object]:
    """One ``pytest.param`` per corpus file (tests/corpus); a sample of them in the fast tier."""
    return [pytest.param(path, id=f"{path.parent.name}/{path.stem}", marks=tiered(index))
            for index, path in enumerate(CORPUS_FILES)]


# -- the reference corpus ----------------------------------------------------------------------

def test_the_corpus_is_complete() -> None:
    assert len(CORPUS_FILES) >= 570
    assert {path.parent.name for path in CORPUS_FILES} >= {"dutch", "dutch-2017", "dutch-baku", "burstein"}


@pytest.mark.parametrize("path", corpus_params())
def test_every_corpus_file_reads_without_warnings(path: Path) -> None:
    result = trf.load(path)
    t = result.tournament
    assert result.warnings == [] and result.errors == []
    assert len(t) >= 6
    assert sorted(t.players) == list(range(1, len(t) + 1))
    assert t.name.startswith("AutoTest Tournament")
    assert t.initial_colour in (Colour.WHITE, Colour.BLACK)  # from the XXC line
    assert t.system is None or t.system.startswith(("FIDE_DUTCH", "FIDE_BURSTEIN"))  # 092 (not in dutch-2017/)
    assert t.paired_rounds == t.recorded_rounds >= 3
    assert t.scoring.is_default
    for player in t:
        assert player.points == t.score(player.tpn)


# -- corrupted corpus files --------------------------------------------------------------------

BASE_NAMES = ("dutch/dev-000001", "burstein/burstein-200002", "dutch-2017", "dutch-baku")
"""Corpus files the corruptions start from (a folder name: its first file)."""


@dataclass(frozen=True)
class Base:
    """A corpus file, read, with what the corruptions need to find their targets."""

    path: Path
    text: str
    tournament: Tournament

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    def index(self, tpn: int) -> int:
        """0-based index of the ``001`` line of ``tpn``."""
        return next(i for i, line in enumerate(self.lines) if line.startswith("001") and int(line[4:8]) == tpn)

    def line_of(self, tpn: int) -> int:
        return self.index(tpn) + 1

    def with_line(self, tpn: int, edit: Callable[[str], str]) -> str:
        lines = self.lines
        i = self.index(tpn)
        lines[i] = edit(lines[i])
        return "\n".join(lines)

    def games(self, rnd: int) -> list[tuple[int, int]]:
        """Pairs ``(a, b)``, ``a < b``, who met in round ``rnd`` (games and forfeits)."""
        t = self.tournament
        return sorted((p.tpn, e.opponent) for p in t for e in [p.result(rnd)]
                      if e.opponent is not None and p.tpn < e.opponent)


@functools.cache
def base(name: str) -> Base:
    path = CORPUS / f"{name}.trf" if "/" in name else corpus_files(name)[0]
    return Base(path, path.read_text(encoding="utf-8"), trf.load(path).tournament)


@dataclass(frozen=True)
class Corrupted:
    """A corrupted file and where the reader must point."""

    data: bytes
    line: int | None
    column: int | None
    record: str | None
    message: str
    """A regular expression the error message must match."""
    at_least: bool = False
    """``line`` is a lower bound (random garbage: the first bad line is somewhere after)."""
    inconsistent: bool = False
    """Expect :exc:`InconsistentTournamentError` (the data reads but contradicts itself)."""
    strict_only: bool = False
    """A field pairing does not need: a warning at that place by default, an error with ``strict=True``."""


def entry_column(rnd: int) -> int:
    """Column of the opponent field of round ``rnd`` (92 for round 1)."""
    return 92 + 10 * (rnd - 1)


def set_at(line: str, column: int, text: str) -> str:
    """``line`` with ``text`` written from 1-based ``column``."""
    line = line.ljust(column - 1 + len(text))
    return line[: column - 1] + text + line[column - 1 + len(text):]


def first_game(b: Base, condition: Callable[[int, int, RoundResult, RoundResult], bool]) -> tuple[int, int, int]:
    """``(round, a, b)`` of the first game, ``a < b``, where ``condition(a, b, entry_a, entry_b)`` holds."""
    t = b.tournament
    for rnd in range(1, t.recorded_rounds + 1):
        for x, y in b.games(rnd):
            if condition(x, y, t.players[x].result(rnd), t.players[y].result(rnd)):
                return rnd, x, y
    pytest.skip(f"{b.path.name} has no game of the kind needed")


def missing_column_in_name(b: Base) -> Corrupted:
    text = b.with_line(1, lambda line: line[:19] + line[20:])
    return Corrupted(text.encode(), b.line_of(1), 48, "001", r"expected a blank in column 48")


def missing_colour_column(b: Base) -> Corrupted:
    text = b.with_line(2, lambda line: line[:106] + line[107:])
    return Corrupted(text.encode(), b.line_of(2), 108, "001", r"round 2: expected 'OOOO C R'")


def line_cut_short(b: Base) -> Corrupted:
    text = b.with_line(3, lambda line: line[:115])
    return Corrupted(text.encode(), b.line_of(3), 116, "001", r"round 3: the line ends in the middle of the entry")


def bad_result_code(b: Base) -> Corrupted:
    text = b.with_line(1, lambda line: set_at(line, 99, "X"))
    return Corrupted(text.encode(), b.line_of(1), 99, "001", r"round 1: result: expected one of .*got 'X'")


def bad_colour(b: Base) -> Corrupted:
    text = b.with_line(4, lambda line: set_at(line, 107, "x"))
    return Corrupted(text.encode(), b.line_of(4), 107, "001", r"round 2: colour: expected w, b or -, got 'x'")


def asymmetric_game(b: Base) -> Corrupted:
    # k met o (k < o) in round 1; k's line now names n, who met somebody else.
    t = b.tournament
    for k, o in b.games(1):
        for n, m in b.games(1) + [(y, x) for x, y in b.games(1)]:
            if n > k and n != o and m != k:
                text = b.with_line(k, lambda line: set_at(line, 92, f"{n:>4}"))
                return Corrupted(text.encode(), b.line_of(k), 92, "001", rf"round 1: the game against {n} is not "
                                 rf"on their line \(line {b.line_of(n)} shows opponent {m}\)", inconsistent=True)
    pytest.skip(f"{b.path.name}: no suitable round-1 games ({len(t)} players)")


def game_on_one_side_only(b: Base) -> Corrupted:
    rnd, x, y = first_game(b, lambda x, y, ex, ey: ex.played)
    text = b.with_line(y, lambda line: set_at(line, entry_column(rnd), "0000 - Z"))
    return Corrupted(text.encode(), b.line_of(x), entry_column(rnd), "001",
                     rf"round {rnd}: the game against {y} is not on their line \(line {b.line_of(y)} shows 'Z'\)",
                     inconsistent=True)


def result_contradicts_opponent(b: Base) -> Corrupted:
    rnd, x, y = first_game(b, lambda x, y, ex, ey: ex.played and ex.result.value in "10")
    loser = x if b.tournament.players[x].result(rnd).result is Result.LOSS else y
    text = b.with_line(loser, lambda line: set_at(line, entry_column(rnd) + 7, "1"))
    return Corrupted(text.encode(), b.line_of(x), entry_column(rnd) + 7, "001",
                     rf"round {rnd}: {x} won against {y}, whose result is '1'", inconsistent=True)


def draw_against_win(b: Base) -> Corrupted:
    rnd, x, y = first_game(b, lambda x, y, ex, ey: ex.result is Result.DRAW)
    text = b.with_line(y, lambda line: set_at(line, entry_column(rnd) + 7, "1"))
    return Corrupted(text.encode(), b.line_of(y), entry_column(rnd) + 7, "001",
                     rf"round {rnd}: {y} won against {x}, whose result is '='", inconsistent=True)


def forfeit_against_played(b: Base) -> Corrupted:
    rnd, x, y = first_game(b, lambda x, y, ex, ey: ex.result.is_forfeit and ey.result.is_forfeit)
    text = b.with_line(y, lambda line: set_at(line, entry_column(rnd) + 7,
                                              "1" if line[entry_column(rnd) + 6] == "+" else "0"))
    return Corrupted(text.encode(), b.line_of(x), entry_column(rnd) + 7, "001",
                     rf"round {rnd}: result '[+-]' against {y} contradicts their '[10]'", inconsistent=True)


def same_colours(b: Base) -> Corrupted:
    rnd, x, y = first_game(b, lambda x, y, ex, ey: ex.played)
    colour = b.tournament.players[x].result(rnd).colour.value
    text = b.with_line(y, lambda line: set_at(line, entry_column(rnd) + 5, colour))
    return Corrupted(text.encode(), b.line_of(x), entry_column(rnd) + 5, "001",
                     rf"round {rnd}: {x} and {y} both have colour '{colour}'", inconsistent=True)


def bad_birth_date(b: Base) -> Corrupted:
    text = b.with_line(2, lambda line: set_at(line, 70, "1985/13/45"))
    return Corrupted(text.encode(), b.line_of(2), 70, "001", r"birth date: expected a date YYYY/MM/DD, got '1985/13/45'",
                     strict_only=True)


def bad_header_date(b: Base) -> Corrupted:
    lines = b.lines
    lines.insert(1, "042 2025/02/30")
    return Corrupted("\n".join(lines).encode(), 2, 5, "042", r"start date: expected a date YYYY/MM/DD, got '2025/02/30'",
                     strict_only=True)


def duplicate_number(b: Base) -> Corrupted:
    text = b.with_line(3, lambda line: set_at(line, 5, "   2"))
    return Corrupted(text.encode(), b.line_of(3), 5, "001", rf"duplicate pairing number 2 \(first at line {b.line_of(2)}\)",
                     inconsistent=True)


def opponent_out_of_range(b: Base) -> Corrupted:
    rnd, x, y = first_game(b, lambda x, y, ex, ey: True)
    text = b.with_line(x, lambda line: set_at(line, entry_column(rnd), "9999"))
    return Corrupted(text.encode(), b.line_of(x), entry_column(rnd), "001",
                     rf"round {rnd}: opponent 9999 has no 001 record", inconsistent=True)


def played_without_opponent(b: Base) -> Corrupted:
    rnd, x, y = first_game(b, lambda x, y, ex, ey: ex.played and ex.result is not Result.DRAW)
    text = b.with_line(x, lambda line: set_at(line, entry_column(rnd), "0000"))
    return Corrupted(text.encode(), b.line_of(x), entry_column(rnd), "001", rf"round {rnd}: result '.' needs an opponent")


def playing_themselves(b: Base) -> Corrupted:
    text = b.with_line(5, lambda line: set_at(line, 92, "   5 w 1"))
    return Corrupted(text.encode(), b.line_of(5), 92, "001", r"round 1: a participant cannot play against themselves",
                     inconsistent=True)


def bad_rating(b: Base) -> Corrupted:
    text = b.with_line(2, lambda line: set_at(line, 49, "27x1"))
    return Corrupted(text.encode(), b.line_of(2), 49, "001", r"rating: expected an integer, got '27x1'")


def wrong_points(b: Base) -> Corrupted:
    player = b.tournament.players[1]
    assert player.points is not None
    wrong = player.points + 1
    text = b.with_line(1, lambda line: set_at(line, 81, f"{float(wrong):4.1f}"))
    return Corrupted(text.encode(), b.line_of(1), 81, "001",
                     rf"points {float(wrong):.1f} do not match the results \({float(player.points):.1f}\)",
                     inconsistent=True, strict_only=True)


def too_few_rounds(b: Base) -> Corrupted:
    text = b.text.rstrip("\n") + "\nXXR 2\n"
    return Corrupted(text.encode(), text.count("\n"), 5, "XXR",
                     rf"{b.tournament.paired_rounds} rounds are paired in the 001 records, more than the 2 announced",
                     inconsistent=True)


def bye_for_unknown_player(b: Base) -> Corrupted:
    text = b.text.rstrip("\n") + "\n240 H  12 9999\n"
    return Corrupted(text.encode(), text.count("\n"), None, "240", r"pairing number 9999 has no 001 record",
                     inconsistent=True)


def garbage_line(b: Base) -> Corrupted:
    lines = b.lines
    lines.insert(1, "Hello world, this is not TRF")
    return Corrupted("\n".join(lines).encode(), 2, 4, None, r"not a record \(expected a 3-character code then a blank",
                     strict_only=True)


def truncated_in_an_entry(b: Base) -> Corrupted:
    start = b.text.index("\n001    2") + 1
    text = b.text[: start + 115]
    return Corrupted(text.encode(), b.line_of(2), 116, "001", r"round 3: the line ends in the middle of the entry")


def truncated_between_entries(b: Base) -> Corrupted:
    # Cut after the second round of a player whose third round is a game with a lower number.
    rnd3 = {y: x for x, y in b.games(3)}
    tpn = min(rnd3)
    start = b.text.index(f"\n001 {tpn:>4}") + 1
    text = b.text[: start + 111]
    return Corrupted(text.encode(), b.line_of(tpn), None, "001",
                     r"the file ends in the middle of this line \(truncated\?\)", inconsistent=True)


def truncated_in_a_name(b: Base) -> Corrupted:
    start = b.text.index("\n001    3") + 1
    text = b.text[: start + 22]
    return Corrupted(text.encode(), b.line_of(3), None, "001",
                     r"the file ends in the middle of this line \(truncated\?\)", inconsistent=True)


def binary_garbage_inside(b: Base) -> Corrupted:
    start = b.text.index("\n001    3") + 1
    garbage = random.Random(len(b.text)).randbytes(300)
    data = b.text[:start].encode() + garbage + b.text[start:].encode()
    return Corrupted(data, b.line_of(3), None, None, r"binary data", at_least=True)


def binary_file(b: Base) -> Corrupted:
    data = random.Random(7).randbytes(len(b.text))
    return Corrupted(data, 1, None, None, r"binary data", at_least=True)


def nul_bytes(b: Base) -> Corrupted:
    data = b.with_line(4, lambda line: set_at(line, 20, "\x00\x00")).encode()
    return Corrupted(data, b.line_of(4), 20, None, r"binary data \(NUL byte\)")


def empty_file(b: Base) -> Corrupted:
    return Corrupted(b"", 1, None, None, r"empty file")


def blank_file(b: Base) -> Corrupted:
    return Corrupted(b"\n  \r\n\t\n", 1, None, None, r"empty file")


def headers_only(b: Base) -> Corrupted:
    text = "\n".join(line for line in b.lines if not line.startswith("001"))
    return Corrupted(text.encode(), None, None, None, r"no participant: the file has no 001 record")


CASES: dict[str, Callable[[Base], Corrupted]] = {
    "missing-column-in-name": missing_column_in_name,
    "missing-colour-column": missing_colour_column,
    "line-cut-short": line_cut_short,
    "bad-result-code": bad_result_code,
    "bad-colour": bad_colour,
    "asymmetric-game": asymmetric_game,
    "game-on-one-side-only": game_on_one_side_only,
    "result-contradicts-opponent": result_contradicts_opponent,
    "draw-against-win": draw_against_win,
    "forfeit-against-played": forfeit_against_played,
    "same-colours": same_colours,
    "bad-birth-date": bad_birth_date,
    "bad-header-date": bad_header_date,
    "duplicate-number": duplicate_number,
    "opponent-out-of-range": opponent_out_of_range,
    "played-without-opponent": played_without_opponent,
    "playing-themselves": playing_themselves,
    "bad-rating": bad_rating,
    "wrong-points": wrong_points,
    "too-few-rounds": too_few_rounds,
    "bye-for-unknown-player": bye_for_unknown_player,
    "garbage-line": garbage_line,
    "truncated-in-an-entry": truncated_in_an_entry,
    "truncated-between-entries": truncated_between_entries,
    "truncated-in-a-name": truncated_in_a_name,
    "binary-garbage-inside": binary_garbage_inside,
    "binary-file": binary_file,
    "nul-bytes": nul_bytes,
    "empty-file": empty_file,
    "blank-file": blank_file,
    "headers-only": headers_only,
}
"""Corruptions of a corpus file, by name."""


def corrupt(case: str, base_name: str, directory: Path) -> tuple[Path, Corrupted]:
    """Write corruption ``case`` of ``base_name`` to ``directory``; return the path and the expectation."""
    corrupted = CASES[case](base(base_name))
    path = directory / f"{case}.trf"
    path.write_bytes(corrupted.data)
    return path, corrupted


def check_error(error: TRFError, path: Path, corrupted: Corrupted) -> None:
    """``error`` names ``path`` and points where ``corrupted`` says, in one line."""
    assert error.location.source == str(path)
    if corrupted.at_least:
        assert error.line is not None and corrupted.line is not None and error.line >= corrupted.line, str(error)
    else:
        assert error.line == corrupted.line, str(error)
    if corrupted.column is not None:
        assert error.column == corrupted.column, str(error)
    assert error.record == corrupted.record, str(error)
    assert re.search(corrupted.message, error.message), str(error)
    if corrupted.inconsistent:
        assert isinstance(error, InconsistentTournamentError)
    text = str(error)
    assert "\n" not in text and "\r" not in text
    assert text.startswith(f"{path}:" if error.line is not None else str(path))


@pytest.mark.parametrize("base_name", BASE_NAMES)
@pytest.mark.parametrize("case", sorted(CASES))
def test_corrupted_corpus_file_is_rejected_at_the_problem(case: str, base_name: str, tmp_path: Path) -> None:
    path, corrupted = corrupt(case, base_name, tmp_path)
    if corrupted.strict_only:  # a field pairing does not need: read, with the same message as a warning
        warnings = trf.load(path).warnings
        assert any(str(w.location) == str(Location(str(path), corrupted.line, corrupted.column, corrupted.record))
                   and re.search(corrupted.message, w.message) for w in warnings), warnings
    with pytest.raises(TRFError) as info:
        trf.load(path, strict=corrupted.strict_only)
    check_error(info.value, path, corrupted)
    # Lenient mode reports the same first problem instead of raising (when the bytes are text at all).
    if not re.search("empty file|NUL byte", info.value.message):
        result = trf.load(path, lenient=True, strict=corrupted.strict_only)
        assert result.errors, "lenient mode found nothing"
        assert result.errors[0].location == info.value.location
        assert result.errors[0].message == info.value.message


@pytest.mark.parametrize("base_name", BASE_NAMES)
def test_the_uncorrupted_bases_are_valid(base_name: str) -> None:
    b = base(base_name)
    assert trf.load(b.path).warnings == []


# -- files from real software ------------------------------------------------------------------

FIXTURE_WARNINGS: dict[str, list[tuple[int | None, int | None, str]]] = {
    "swissmanager-latin1-crlf.trf": [(2, None, "not UTF-8"), (13, None, r"ruler line \(DDD\)")],
    "vega-cr-dmy.trf": [
        (2, 5, "start date: date '11/05/2024' is not in the YYYY/MM/DD form"),
        (3, 5, "end date: date '13/05/2024' is not"),
        (4, 11, "title 'g' read as GM"),
        (5, 11, "title 'm' read as IM"),
        (6, 70, "birth date: date '30.01.1990' is not"),
        (8, 10, "sex: 'f' read as 'w'"),
    ],
    "javafo-extensions.trf": [
        (4, 70, "birth date: date '1988' is not"),
        (None, None, r"no 012 record"),
    ],
    "bbp-trf26-cr.trf": [],
    "trf26-bom-teams.trf": [(1, None, "byte-order mark ignored"),
                            (33, 37, r"member: expected a pairing number, got 'x' \(left out of the roster\)"),
                            (None, None, "the 013 team records differ from the 310 records")],
    "nrs-vendor-mixed.trf": [(4, None, "mixed line ends: CRLF here, LF before"),
                             (14, None, r"DOS end-of-file mark \(Ctrl-Z\) ignored")],
    "web-iso-dates.trf": [
        (2, 5, "start date: date '2024-05-11' is not"),
        (3, 70, "birth date: date '1980-04-12' is not"),
        (8, 119, r"round 3: forfeit win '\+' without an opponent, read as a pairing-allocated bye 'U'"),
    ],
    "unplayed-round.trf": [
        (2, 129, r"round 4: no result for the game against 6 \(not played yet\?\); read as not paired"),
        (7, 129, r"round 4: no result for the game against 1"),
    ],
}
"""Every fixture under tests/data/trf/ and the warnings it must give: (line, column, message)."""


def test_every_fixture_is_listed() -> None:
    assert sorted(p.name for p in DATA.glob("*.trf")) == sorted(FIXTURE_WARNINGS)


@pytest.mark.parametrize("name", sorted(FIXTURE_WARNINGS))
def test_fixture_reads_with_located_warnings(name: str) -> None:
    path = DATA / name
    result = trf.load(path)
    expected = FIXTURE_WARNINGS[name]
    assert len(result.warnings) == len(expected), [str(w) for w in result.warnings]
    for warning, (line, column, message) in zip(result.warnings, expected):
        assert warning.location.source == str(path)
        assert warning.location.line == line, str(warning)
        if column is not None:
            assert warning.location.column == column, str(warning)
        assert re.search(message, warning.message), str(warning)
        assert str(warning).startswith(f"{path}:{line}:" if line else f"{path}:")


def _fixture(name: str) -> Tournament:
    return trf.load(DATA / name).tournament


SIX = {1: "Kowalski, Jan", 2: "Müller, Jürgen", 3: "Dupont, Chloé", 4: "Nørgaard, Søren", 5: "Smith, Anna",
       6: "García, Luis"}


@pytest.mark.parametrize("name", sorted(FIXTURE_WARNINGS))
def test_all_fixtures_hold_the_same_six_player_event(name: str) -> None:
    t = _fixture(name)
    assert {p.tpn: p.name for p in t} == SIX
    assert t.paired_rounds == 3
    assert t.player(1).results[:3] == [RoundResult(4, Colour.WHITE, Result.WIN), RoundResult(2, Colour.BLACK, Result.DRAW),
                                       RoundResult(5, Colour.WHITE, Result.WIN)]
    assert t.player(2).result(3) == RoundResult.bye(Result.HALF_BYE)
    assert t.player(6).result(3) == RoundResult.bye(Result.PAB)
    assert t.player(5).result(2) == RoundResult(3, Colour.WHITE, Result.FORFEIT_WIN)
    if name != "unplayed-round.trf":
        assert t.player(3).result(4) == RoundResult.bye(Result.ZERO_BYE)  # 001, XXZ or 240


def test_swiss_manager_export() -> None:
    t = _fixture("swissmanager-latin1-crlf.trf")
    assert t.name == "Open de Printemps 2024"
    assert t.headers["022"] == ["Liège"]
    assert t.headers["102"] == ["Lefèvre, Marc (BE 201001)"]
    assert t.headers["132"][0].split() == ["24/05/11", "24/05/11", "24/05/12", "24/05/12", "24/05/13"]
    assert t.rounds == 5 and t.initial_colour is Colour.WHITE
    assert t.extra_lines[0].startswith("DDD SSSS")
    p = t.player(3)
    assert (p.sex, p.title, p.rating, p.federation, p.fide_id, p.birth_date) == ("w", "WGM", 2350, "FRA", "600003",
                                                                                 "1990/01/30")
    assert (p.points, p.rank) == (Fraction(1, 2), 6)


def test_vega_export() -> None:
    t = _fixture("vega-cr-dmy.trf")
    assert (t.player(1).title, t.player(2).title, t.player(5).sex) == ("GM", "IM", "w")
    assert t.player(3).birth_date == "30.01.1990"  # kept as written
    assert t.headers["042"] == ["11/05/2024"]


def test_javafo_extensions() -> None:
    t = _fixture("javafo-extensions.trf")
    assert t.name == "" and t.headers == {}
    assert t.rounds == 5 and t.initial_colour is Colour.WHITE
    assert t.scoring == Scoring()  # XXS W=1 D=0.5 PAB=1 is FIDE's default
    assert t.accelerations == {1: {1: 1, 2: 1, 3: Fraction(1, 2)}, 2: {1: 1, 2: 1, 3: Fraction(1, 2)}}
    assert t.forbidden_pairs == [ForbiddenPairs((1, 6))]
    assert t.player(3).results[3] == RoundResult.bye(Result.ZERO_BYE)  # XXZ 3: absent from round 4


def test_bbp_trf26_records() -> None:
    t = _fixture("bbp-trf26-cr.trf")
    assert t.rounds == 5 and t.initial_colour is Colour.WHITE and t.system == "FIDE_DUTCH_2026"
    assert t.scoring == Scoring(win=Fraction(3), draw=Fraction(1))  # 162 and BB? agree
    assert t.accelerations == {tpn: {1: Fraction(1), 2: Fraction(1)} for tpn in (1, 2, 3)}
    assert t.forbidden_pairs == [ForbiddenPairs((1, 4), 4, 5)]
    assert t.player(3).result(4) == RoundResult.bye(Result.ZERO_BYE)  # 240 Z 4 3
    assert t.player(1).points == 7


def test_trf26_with_team_records() -> None:
    t = _fixture("trf26-bom-teams.trf")
    assert t.name == "Interclubs 2024"
    assert t.headers["202"] == ["BH/C1,BH,SB,DE"] and t.headers["222"] == ["5400+30"]
    assert t.headers["172"] == ["BEL FIDE"] and t.headers["182"] == ["swisspair 0.1"]
    codes = [line[:3] for line in t.extra_lines]
    # the 310 records define the teams; the 013 lines stay as written (docs/trf.md, "Teams")
    assert codes == ["###", "###", "###", "###", "013", "013", "013"]
    assert t.team_pabs == (TeamPab(Fraction(0), Fraction(1), (0, 0, 2)),)
    assert t.team_forfeits == (TeamForfeit("+-", 3, 1, 2),)
    assert t.team_lineups == (TeamLineup(2, 1, 2, (1, 3)),)
    assert t.teams == (
        TeamEntry(1, "Knights", (1, 2, 3), "310", "KNI", Fraction("2426.7"), Fraction(2), Fraction("3.5"), 1),
        TeamEntry(2, "Rooks", (4, 5, 6), "310", "ROO", Fraction(2125), Fraction(1), Fraction(3), 2),
    )
    text = "\n".join(line for line in trf.dumps(t).splitlines() if not line.startswith("310"))
    without_310 = trf.loads(text).tournament
    assert [(team.number, team.name, team.members, team.code) for team in without_310.teams] == [
        (1, "Knights", (1, 2, 3), "013"), (2, "Rooks", (4, 5, 6), "013"), (3, "Bishops", (), "013")]  # 7 is no player: left out, with a warning
    assert trf.loads(trf.dumps(t)).tournament == t


def test_team_record_problems_are_located() -> None:
    record, problems = parse_team_line("310   x Knights" + " " * 25 + " KNI   abc")
    assert record is not None and record.name == "Knights" and record.number is None
    assert problems == [(5, "team number: expected an integer, got 'x'"), (48, "strength: expected a number, got 'abc'")]
    assert parse_team_line("320    0  1.0 000") == (None, [])


def test_nrs_vendor_and_unknown_records_are_kept_verbatim() -> None:
    t = _fixture("nrs-vendor-mixed.trf")
    assert [line[:3] for line in t.extra_lines] == ["BEL", "BEL", "DAT", "801", "XYZ"]
    assert t.extra_lines[0][48:52] == "2490"
    assert t.player(1).rating == 2510  # the NRS rating does not replace the FIDE one


def test_web_export_without_points() -> None:
    t = _fixture("web-iso-dates.trf")
    assert all(p.points is None and p.rank is None for p in t)
    assert t.rounds is None


def test_unplayed_pairing_is_not_a_paired_round() -> None:
    t = _fixture("unplayed-round.trf")
    assert t.paired_rounds == 3
    assert t.player(1).result(4) == RoundResult.bye(Result.ABSENT)


# -- line ends, encodings, handles --------------------------------------------------------------

SMALL = ("012 Small\n"
         "001    1      Alpha, A                          1500                             1.0    1     2 w 1\n"
         "001    2      Beta, B                           1400                             0.0    2     1 b 0\n"
         "XXR 3\n")


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_line_ends_do_not_matter(newline: str) -> None:
    expected = trf.loads(SMALL).tournament
    result = trf.loads(SMALL.replace("\n", newline))
    assert result.tournament == expected and result.warnings == []


def test_mixed_line_ends_are_reported() -> None:
    text = SMALL.replace("\n", "\r\n", 2)
    result = trf.loads(text, source="m.trf")
    assert result.tournament == trf.loads(SMALL).tournament
    assert [str(w) for w in result.warnings] == ["m.trf:3: mixed line ends: LF here, CRLF before"]


def test_decode_guesses_the_encoding() -> None:
    text, notes = trf.decode("012 Liège – €\n".encode("cp1252"), "x.trf")
    assert text == "012 Liège – €\n"
    assert [str(n) for n in notes] == ["x.trf:1: not UTF-8; lines that are not UTF-8 read as Windows-1252 (Western, latin-1)"]
    text, notes = trf.decode(b"\xef\xbb\xbf012 A\n", "x.trf")
    assert text == "012 A\n" and "byte-order mark" in notes[0].message
    text, notes = trf.decode("012 Ä\n".encode("utf-16"), "x.trf")
    assert text == "012 Ä\n" and "UTF-16" in notes[0].message
    # Only the lines that are not UTF-8 are read as Windows-1252.
    text, _ = trf.decode("012 Müller\n".encode() + "022 Liège\n".encode("latin-1"), "x.trf")
    assert text == "012 Müller\n022 Liège\n"


def test_latin1_next_line_byte_is_not_a_line_break() -> None:
    data = b"012 Caf\x85\n" + SMALL.split("\n", 1)[1].encode()
    text, _ = trf.decode(data, "x.trf")
    result = trf.loads(text)
    assert result.tournament.name == "Caf…" and len(result.tournament) == 2


@pytest.mark.parametrize("end", ["\x1a", "\x1a\n", "\n\x1a", "\n\x1a\n"])
def test_dos_end_of_file_mark(end: str) -> None:
    result = trf.loads(SMALL.rstrip("\n") + end, source="d.trf")
    assert result.tournament == trf.loads(SMALL).tournament
    assert [w.message for w in result.warnings] == ["DOS end-of-file mark (Ctrl-Z) ignored"]


def test_byte_order_mark_in_a_string() -> None:
    result = trf.loads("\ufeff" + SMALL, source="s")
    assert result.tournament == trf.loads(SMALL).tournament
    assert [str(w) for w in result.warnings] == ["s:1: byte-order mark ignored"]


def test_read_takes_a_text_handle() -> None:
    handle = io.StringIO(SMALL)
    handle.name = "h.trf"  # type: ignore[misc]
    assert trf.read(handle).tournament == trf.loads(SMALL).tournament
    with pytest.raises(TRFError, match=r"^h\.trf:2:99: 001: round 1: result"):
        trf.read(io.StringIO(SMALL.replace("2 w 1", "2 w ?")), source="h.trf")


def test_undecodable_handle_gives_a_trf_error(tmp_path: Path) -> None:
    path = tmp_path / "latin.trf"
    path.write_bytes(SMALL.replace("Alpha", "Ålpha").encode("latin-1"))
    with open(path, encoding="utf-8") as handle, pytest.raises(TRFError, match="cannot decode"):
        trf.read(handle)


def test_unreadable_path_gives_a_trf_error(tmp_path: Path) -> None:
    with pytest.raises(TRFError, match="cannot read file") as info:
        trf.load(tmp_path / "missing.trf")
    assert info.value.line is None
    with pytest.raises(TRFError, match="cannot read file"):
        trf.load(tmp_path)


# -- records and fields --------------------------------------------------------------------------

@pytest.mark.parametrize(("value", "valid", "standard"), [
    ("2025/09/01", True, True), ("1985/00/00", True, True), ("0000/00/00", True, True), ("2024/02/29", True, True),
    ("2025-09-01", True, False), ("2025.09.01", True, False), ("01.09.2025", True, False),
    ("01/09/2025", True, False), ("1-9-2025", True, False), ("25/09/01", True, False), ("1985", True, False),
    ("2025/9/1", True, False),
    ("2025/13/01", False, False), ("2025/02/29", False, False), ("2025/00/05", False, False), ("2025", True, False),
    ("20250901", False, False), ("2025/09/01/", False, False), ("yesterday", False, False), ("0000/01/01", False, False),
    ("12345/01/01", False, False), ("2025/09-01", False, False),
])
def test_dates(value: str, valid: bool, standard: bool) -> None:
    assert check_date(value) == (valid, standard)


def _with(*lines: str) -> str:
    return SMALL + "".join(line + "\n" for line in lines)


@pytest.mark.parametrize("lines", [
    ("XXS W=3 D=1",),
    ("XXS WW=3 BW=3 FW=3 FPB=3 WD=1 BD=1 HPB=1 PAB=3",),
    ("162  W 3.0    D 1.0",),
    ("162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0",),
    ("BBW  3.0", "BBD  1.0"),
    ("BBW  3.0", "BBD  1.0", "BBL  0.0", "BBZ  0.0", "BBF  0.0", "BBU  3.0"),
    ("XXS W=3 D=1", "BBW  3.0", "BBD  1.0", "BBU  3.0"),
])
def test_scoring_dialects_agree(lines: tuple[str, ...]) -> None:
    text = _with(*lines).replace("  1.0    1", "  3.0    1")
    assert trf.loads(text).tournament.scoring == Scoring(win=Fraction(3), draw=Fraction(1))


def test_scoring_details() -> None:
    t = trf.loads(_with("XXS BW=0.9 FL=0", "BBU  0.5")).tournament
    assert t.scoring == Scoring(black_win=Fraction(9, 10), forfeit_loss=None, pab=Fraction(1, 2))
    t = trf.loads(_with("162  W 1.0    A 0.5")).tournament
    assert t.scoring == Scoring(zero_bye=Fraction(1, 2))
    result = trf.loads(_with("162  Z 0.5"))
    assert result.tournament.scoring == Scoring(zero_bye=Fraction(1, 2))
    assert [w.message for w in result.warnings] == ["symbol 'Z' read as 'A' (absence)"]


@pytest.mark.parametrize(("line", "column", "message"), [
    ("XXR x", 5, r"number of rounds: expected an integer from 1 to 999, got 'x'"),
    ("XXR 1000", 5, r"from 1 to 999"),
    ("152 X", 5, r"initial colour: expected W or B"),
    ("XXC", 5, r"expected white1, black1 or rank"),
    ("XXC white1 blue", 12, r"expected white1, black1 or rank, got 'blue'"),
    ("XXC white1 black1", 12, r"initial colour contradicts XXC at line 5"),
    ("XXS", 5, r"expected CODE=VALUE pairs"),
    ("XXS W=x", 7, r"W: expected a number like 11.5, got 'x'"),
    ("XXS W=", 7, r"W: expected a number after '='"),
    ("XXS Q=1", 5, r"expected CODE=VALUE"),
    ("BBW x", 5, r"points: expected a number like 11.5"),
    ("BBW", 5, r"expected a number of points in column 5"),
    ("260   1   3    1    x", 21, r"round or pairing number: expected an integer, got 'x'"),
    ("162  Q 1.0", 6, r"scoring symbol: expected W D L A P X"),
    ("162  W", 7, r"W: expected points in columns 7-10"),
    ("162  W 1.0x   D 0.5", 11, r"expected blanks before the symbol in column 15"),
    ("XXA", 5, r"expected 'XXA NNNN pp.p"),
    ("XXA    1  1.0  x", 16, r"round 2 virtual points: expected a number"),
    ("XXA    9  1.0", 5, r"pairing number 9 has no 001 record"),
    ("XXA    1  1.0  1.0  1.0  1.0", None, r"virtual points of 1 for round 4 of a 3-round tournament"),
    ("250       1.0   1   2    1    3", 23, r"pairing number 3 has no 001 record"),
    ("250       1.0   2   1    1    2", 15, r"the first round or pairing number is after the last one"),
    ("250       1.0   1   x    1    2", 19, r"last round: expected an integer"),
    ("250       1.0   1   1    1    2  9", 32, r"unexpected text after column 31"),
    ("XXP 1", 5, r"expected at least two pairing numbers"),
    ("XXP 1 x", 7, r"pairing number: expected an integer"),
    ("XXP 1 3", 7, r"pairing number 3 has no 001 record"),
    ("260   1   3    1", 17, r"expected 'RRF RRL PPPP PPPP"),
    ("260   3   1    1    2", 5, r"bad round range 3-1"),
    ("260   1   3    1    7", 21, r"pairing number 7 has no 001 record"),
    ("240 Q   2    1", 5, r"bye type: expected F, H or Z"),
    ("240 H   x    1", 7, r"round: expected an integer, got 'x'"),
    ("240 H   0    1", 7, r"expected a round number in columns 7-9"),
    ("240 H   2", 11, r"expected pairing numbers from column 11"),
    ("240 H   1    1", None, r"round 1: bye 'H' for 1 contradicts the 001 record \(line 2: '1'\)"),
    ("240 H   2    8", None, r"pairing number 8 has no 001 record"),
    ("XXZ 8", None, r"pairing number 8 has no 001 record"),
    ("192", 5, r"expected a tournament type code"),
    ("142 4", 5, r"number of rounds 4 contradicts 3 \(XXR at line 4\)"),
])
def test_record_problems_are_located(line: str, column: int | None, message: str) -> None:
    text = _with(line)
    with pytest.raises(TRFError) as info:
        trf.loads(text, source="r.trf")
    error = info.value
    assert error.line == 5 and error.record == line[:3], str(error)
    if column is not None:
        assert error.column == column, str(error)
    assert re.search(message, error.message), str(error)


def test_record_details() -> None:
    t = trf.loads(_with("260   1 999    1    2", "260   2   3    1    2", "XXZ 2", "240 H   2    1")).tournament
    assert t.forbidden_pairs == [ForbiddenPairs((1, 2)), ForbiddenPairs((1, 2), 2, 3)]
    assert t.player(2).result(2) == RoundResult.bye(Result.ZERO_BYE)
    assert t.player(1).result(2) == RoundResult.bye(Result.HALF_BYE)
    result = trf.loads(_with("250    1  1.0   1   2    1    2", "XXA 2 0.5"))
    assert result.tournament.accelerations == {1: {1: 1, 2: 1}, 2: {1: Fraction(1, 2), 2: 1}}
    assert [w.message for w in result.warnings] == [
        "fictitious match points (team events) ignored", "values not in columns 10, 15, 20...; read as blank-separated"]


def test_system_from_092_or_192() -> None:
    assert trf.loads(_with("092 FIDE_DUTCH_2025")).tournament.system == "FIDE_DUTCH_2025"
    assert trf.loads(_with("092 Individual: Swiss-System")).tournament.system is None
    assert trf.loads(_with("192 FIDE_BURSTEIN", "092 FIDE_DUTCH_2025")).tournament.system == "FIDE_BURSTEIN"
    assert trf.loads(_with("092 FIDE_DUTCH_2025", "192 FIDE_BURSTEIN")).tournament.system == "FIDE_BURSTEIN"


def test_round_entry_dialects() -> None:
    p = "001    1      Alpha, A                          1500                             {pts}    1  {entry}"
    lone = "\n001    2      Beta, B                           1400                             0.0    2"
    cases = {
        "0000 - U": (Result.PAB, []),
        "     - U": (Result.PAB, []),
        "       U": (Result.PAB, []),
        "0000 - u": (Result.PAB, []),
        "0000 - +": (Result.PAB, [r"forfeit win '\+' without an opponent, read as a pairing-allocated bye"]),
        "0000 - -": (Result.ZERO_BYE, [r"forfeit loss '-' without an opponent, read as a zero-point bye"]),
        "0000 - =": (Result.HALF_BYE, [r"draw '=' without an opponent, read as a half-point bye"]),
        "0000 w U": (Result.PAB, [r"a bye has no colour; 'w' ignored"]),
        "   2 w Z": (Result.ZERO_BYE, [r"absence 'Z' written with opponent 2; opponent ignored"]),
    }
    for entry, (result, warnings) in cases.items():
        pts = "0.0" if result in (Result.ZERO_BYE, Result.ABSENT) else ("0.5" if result is Result.HALF_BYE else "1.0")
        read = trf.loads("012 x\n" + p.format(pts=pts, entry=entry) + lone)
        assert read.tournament.player(1).result(1) == RoundResult.bye(result), entry
        for warning, pattern in zip(read.warnings, warnings):
            assert re.search(pattern, warning.message), (entry, warning)
        assert len(read.warnings) == len(warnings), (entry, [str(w) for w in read.warnings])
    upper = trf.loads(SMALL.replace("2 w 1", "2 W 1"))
    assert upper.tournament.player(1).result(1).colour is Colour.WHITE
    assert [w.message for w in upper.warnings] == ["round 1: colour 'W' in upper case"]


def test_field_dialects() -> None:
    line = SMALL.split("\n")[1]
    text = "012 x\n" + line.replace(" 1.0 ", " 1,0 ") + "\n" + SMALL.split("\n")[2] + "\n"
    result = trf.loads(text)
    assert result.tournament.player(1).points == 1
    assert [w.message for w in result.warnings] == ["points: decimal comma in '1,0' read as a point"]
    tabs = trf.loads("012\tTabs\n" + SMALL.split("\n", 1)[1])
    assert tabs.tournament.name == "Tabs" and "tab characters" in tabs.warnings[0].message
    lower = trf.loads(SMALL.replace("XXR 3", "xxr 3"))
    assert lower.tournament.rounds == 3 and lower.warnings[0].message == "record code 'xxr' in lower case"
    blank = trf.loads(SMALL + " indented line\n")
    assert blank.tournament.extra_lines == [" indented line"] and "starts with a blank" in blank.warnings[0].message


def test_pairing_numbers_may_have_gaps_with_a_warning() -> None:
    text = SMALL.replace("001    2", "001    5").replace("     2 w 1", "     5 w 1")
    result = trf.loads(text, source="g.trf")
    assert sorted(result.tournament.players) == [1, 5]
    assert [str(w) for w in result.warnings] == ["g.trf: 001: pairing numbers are not contiguous (missing [2, 3, 4])"]


def test_two_pairing_allocated_byes_in_a_round_are_reported() -> None:
    text = SMALL.replace("     2 w 1", "  0000 - U").replace("     1 b 0", "  0000 - U").replace(" 0.0    2", " 1.0    2")
    result = trf.loads(text)
    assert [w.message for w in result.warnings] == ["round 1: more than one pairing-allocated bye (players [1, 2])"]


def test_double_results_are_accepted() -> None:
    # 0-0 and 1/2-0 exist (C.04.2); a win needs the opponent's loss.
    text = SMALL.replace("2 w 1", "2 w 0").replace(" 1.0    1", " 0.0    1").replace("1 b 0", "1 b =")
    text = text.replace(" 0.0    2", " 0.5    2")
    t = trf.loads(text).tournament
    assert t.player(1).result(1).result is Result.LOSS and t.player(2).result(1).result is Result.DRAW
    text = SMALL.replace("2 w 1", "2 w -").replace(" 1.0    1", " 0.0    1").replace("1 b 0", "1 b -")
    assert trf.loads(text).tournament.player(2).result(1) == RoundResult(1, Colour.BLACK, Result.FORFEIT_LOSS)


def test_points_may_include_virtual_points_or_the_next_round() -> None:
    assert trf.loads(_with("XXA    1  1.0").replace(" 1.0    1", " 2.0    1")).tournament.player(1).points == 2
    text = SMALL.replace("     2 w 1", "     2 w 1  0000 - H").replace(" 1.0    1", " 1.5    1")
    assert trf.loads(text).tournament.player(1).result(2) == RoundResult.bye(Result.HALF_BYE)


def test_lenient_mode_collects_every_problem() -> None:
    lines = SMALL.split("\n")
    lines[1] = set_at(lines[1], 99, "?")
    lines[2] = set_at(lines[2], 53, "x")  # next to the rating: pairing needs it
    text = "\n".join(lines) + "XXC purple\nXXP 1\n"
    result = trf.loads(text, lenient=True, source="l.trf")
    assert [str(e) for e in result.errors] == [
        "l.trf:2:99: 001: round 1: result: expected one of 1 = 0 W D L + - H F U Z, got '?'",
        ("l.trf:3:53: 001: expected a blank in column 53 (between rating and federation), got 'x'; "
         "are the columns shifted?"),
        "l.trf:5:5: XXC: expected white1, black1 or rank, got 'purple'",
        "l.trf:6:5: XXP: expected at least two pairing numbers",
        "l.trf: no participant: the file has no 001 record",
    ]
    assert result.tournament.rounds == 3


def test_every_message_is_one_line() -> None:
    text = SMALL.replace("Alpha, A", "Alpha\x0bA")
    with pytest.raises(TRFError) as info:
        trf.loads(text)
    assert str(info.value) == r"<string>:2:20: binary data: control character '\x0b': not a text TRF file"


# -- the round entries of 001 read at once ------------------------------------------------------

_OPPONENTS = ("   7", "0007", "   0", "0000", "    ", "   5", " 7 1", "  x7", "7   ")
_COLOURS = "wb- WBx"
_RESULTS = "10=WDL+-HFUZ udlwhfz*x"


def test_round_entries_read_at_once_as_one_by_one() -> None:
    """A 001 record's round entries read at once (the common case, without a remark) are what the
    reading entry by entry gives, without a remark; every other form is left to the latter (TRF16 001,
    columns 92 on: ``OOOO C R`` and two blanks). The entries already read are forgotten before each
    reading, so that both read every entry."""
    from swisspair.trf.records import _BLOCK_CACHE, Records, _entries_one_by_one, _plain_entries

    head = "001    5 m    Player five                       1800 GER             1990/01/01  1.0    1  "
    blocks = [f"{o} {c} {r}" for o in _OPPONENTS for c in _COLOURS for r in _RESULTS]
    lines = [head + block + tail for block in blocks for tail in ("", " ", "  x")]
    lines += [head + "   7 w 1  " + block + "   " for block in blocks[::7]]
    lines += [head + "   7 w 1 x   8 b 0", head + "   7 w", head, head[:80]]
    read_at_once = 0
    for line in lines:
        _BLOCK_CACHE.clear()
        plain = _plain_entries(line, 5)
        _BLOCK_CACHE.clear()
        one_by_one = Records("test", lenient=True)
        expected = _entries_one_by_one(one_by_one, line, 5)
        if plain is not None:
            read_at_once += 1
            assert plain == expected, line
            assert not one_by_one.warnings and not one_by_one.errors, line
    assert 0 < read_at_once < len(lines)


@pytest.mark.parametrize("text", ["11.5", "0", "0.0", ".0", ".5", "5.", "05.50", "1,5", "10", "0.25", " 3.0", "123.125"])
def test_points_field_read_exactly(text: str) -> None:
    """A number field (001 points, columns 81-84; XXS values) is the exact value written, as Fraction reads it:
    held as its two integers in lowest terms (swisspair.exact), the Fraction made when asked for."""
    from swisspair.exact import Exact
    from swisspair.trf.fields import decimal
    from swisspair.trf.records import Records

    value = decimal(Records("test", lenient=True), text, 81, "points")
    expected = Fraction(text.strip().replace(",", "."))
    assert type(value) is Exact
    assert (value.numerator, value.denominator) == (expected.numerator, expected.denominator)
    assert type(value.fraction()) is Fraction and value.fraction() == expected
