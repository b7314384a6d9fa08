"""Team records of a TRF: TRF16 ``013``, TRF26 ``310``, ``300``, ``320``, ``330`` and ``362``.

This module is the TRF side of the team model (:mod:`swisspair.teams`): it reads
one team line (:func:`parse_team_line`, with located problems), turns a file's
records into :class:`~swisspair.teams.TeamEntry` objects by the one numbering rule
(:func:`team_entries`), reads and writes ``362`` match points, the ``300``/``320``/
``330`` round records, and writes the team lines back (:func:`format_team`). The
reader and the writer are its only callers.

Layouts (FIDE TRF16/TRF26 team records):

* ``013``: team name in columns 5-36, then member starting ranks at 37-40,
  42-45, 47-50, ... (4 digits every 5 columns).
* ``310``: team pairing number 5-7, name 9-40, nickname 42-46, strength 48-53,
  match points 55-60, game points 62-67, rank 69-71, members at 74-77,
  79-82, ...

>>> record, problems = parse_team_line("013 Knights                          1    2    3")
>>> record.name, record.members, problems
('Knights', (1, 2, 3), [])
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from swisspair.errors import LimitExceededError
from swisspair.teams import ForfeitOutcome, MatchPoints, TeamEntry, TeamForfeit, TeamLineup, TeamPab
from swisspair.trf.points import fixed_width_points, format_points

TEAM_CODES = frozenset({"013", "310"})
"""Record codes that describe a team and its members."""

_INT = re.compile(r"[0-9]+", re.ASCII)
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+", re.ASCII)


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """One team as described by a ``013`` or ``310`` record."""

    code: str
    """``013`` (TRF16) or ``310`` (TRF26)."""
    name: str
    """Team name."""
    members: tuple[int, ...]
    """Starting ranks (TPNs) of the members, in board order."""
    number: int | None = None
    """Team pairing number (``310`` only)."""
    nickname: str = ""
    """Short name (``310`` only)."""
    strength: Fraction | None = None
    """Team strength as written (``310`` only)."""
    match_points: Fraction | None = None
    """Match points (``310`` only)."""
    game_points: Fraction | None = None
    """Game points (``310`` only)."""
    rank: int | None = None
    """Rank (``310`` only)."""


def _members(line: str, start: int) -> tuple[tuple[int, ...], list[tuple[int, str]]]:
    members: list[int] = []
    problems: list[tuple[int, str]] = []
    for index in range(start, len(line), 5):
        cell = line[index:index + 4].strip()
        if not cell:
            continue
        if _INT.fullmatch(cell) and int(cell) > 0:
            members.append(int(cell))
        else:
            problems.append((index + 1, f"member: expected a pairing number, got {cell!r}"))
    return tuple(members), problems


def _field(text: str, pattern: re.Pattern[str], column: int, what: str, expected: str,
           problems: list[tuple[int, str]]) -> str | None:
    """``text`` stripped if it matches ``pattern``; ``None`` if blank, or if not (with a problem noted)."""
    value = text.strip()
    if not value:
        return None
    if pattern.fullmatch(value):
        return value
    problems.append((column, f"{what}: expected {expected}, got {value!r}"))
    return None


def _number(text: str, column: int, what: str, problems: list[tuple[int, str]]) -> Fraction | None:
    value = _field(text, _NUMBER, column, what, "a number", problems)
    return None if value is None else Fraction(value)


def _integer(text: str, column: int, what: str, problems: list[tuple[int, str]]) -> int | None:
    value = _field(text, _INT, column, what, "an integer", problems)
    return None if value is None else int(value)


def parse_team_line(line: str) -> tuple[TeamRecord | None, list[tuple[int, str]]]:
    """Read one ``013`` or ``310`` line.

    :returns: the record (``None`` if ``line`` is not a team record) and the
        problems found, as ``(column, message)`` pairs; fields with a problem
        are left out of the record.
    """
    code = line[:3]
    problems: list[tuple[int, str]] = []
    if code == "013":
        members, problems = _members(line, 36)
        return TeamRecord(code, line[4:36].strip(), members), problems
    if code != "310":
        return None, problems
    padded = line.ljust(73)
    number = _integer(padded[4:7], 5, "team number", problems)
    strength = _number(padded[47:53], 48, "strength", problems)
    match_points = _number(padded[54:60], 55, "match points", problems)
    game_points = _number(padded[61:67], 62, "game points", problems)
    rank = _integer(padded[68:71], 69, "rank", problems)
    members, member_problems = _members(line, 73)
    problems.extend(member_problems)
    record = TeamRecord(code, padded[8:40].strip(), members, number, padded[41:46].strip(), strength,
                        match_points, game_points, rank)
    return record, problems


def team_entries(records: list[TeamRecord]) -> tuple[TeamEntry, ...]:
    """The teams of the records that define them (the ``310`` records of a file, else its ``013``
    records), in file order: a ``310`` keeps its number (its position when blank), ``013`` records
    are numbered 1, 2, ... (the rule of :mod:`swisspair.teams`)."""
    return tuple(
        TeamEntry(record.number if record.number and record.code == "310" else index,
                  record.name, record.members, "310" if record.code == "310" else "013", record.nickname,
                  record.strength, record.match_points, record.game_points, record.rank)
        for index, record in enumerate(records, start=1))


def _decimal(value: Fraction | None, width: int) -> str:
    return " " * width if value is None else fixed_width_points(value, "team record:", width)


def _text(value: str, width: int, what: str) -> str:
    if len(value) > width:
        raise LimitExceededError(f"team {what} {value!r} is longer than {width} characters")
    return f"{value:<{width}}"


def format_team(team: TeamEntry) -> str:
    """The ``310`` or ``013`` line of ``team`` (the layouts of this module's documentation).

    :raises: :exc:`~swisspair.errors.LimitExceededError` when a value does not fit its columns.
    """
    if any(not 0 < tpn <= 9999 for tpn in team.members):
        raise LimitExceededError(f"team {team.number}: a member number does not fit in 4 columns")
    members = " ".join(f"{tpn:>4}" for tpn in team.members)
    if team.code == "013":
        return f"013 {_text(team.name, 32, 'name')}{members}".rstrip()
    if not 0 < team.number <= 999:
        raise LimitExceededError(f"team number {team.number} does not fit in 3 columns")
    rank = "   " if team.rank is None else f"{team.rank:>3}"
    if len(rank) > 3:
        raise LimitExceededError(f"team rank {team.rank} does not fit in 3 columns")
    head = (f"310 {team.number:>3} {_text(team.name, 32, 'name')} {_text(team.nickname, 5, 'nickname')} "
            f"{_decimal(team.strength, 6)} {_decimal(team.match_points, 6)} {_decimal(team.game_points, 6)} "
            f"{rank}  ")
    return (head + members).rstrip()


_MATCH_POINT = re.compile(r"\b(T[WDL])\s*=?\s*([0-9]+(?:\.[0-9]*)?)", re.ASCII | re.IGNORECASE)


def parse_match_points(text: str, current: MatchPoints | None) -> tuple[MatchPoints, list[str]]:
    """The match points of a ``362`` value (``TW 2.0 TD 1.0 TL 0.0``; ``TW=3`` is read too),
    starting from ``current`` (an earlier ``362``) or the defaults, and what was not understood."""
    values = {"TW": Fraction(2), "TD": Fraction(1), "TL": Fraction(0)}
    if current is not None:
        values = {"TW": current.win, "TD": current.draw, "TL": current.loss}
    for code, number in _MATCH_POINT.findall(text):
        values[code.upper()] = Fraction(number)
    rest = _MATCH_POINT.sub(" ", text).split()
    return MatchPoints(values["TW"], values["TD"], values["TL"]), rest


def format_match_points(points: MatchPoints) -> str:
    """The ``362`` line of ``points``."""
    return (f"362 TW {format_points(points.win)} TD {format_points(points.draw)} "
            f"TL {format_points(points.loss)}")


_TOKEN = re.compile(r"\S+")


def _tokens(line: str) -> list[tuple[int, str]]:
    """The blank-separated fields after the record code, with their columns."""
    return [(m.start() + 1, m.group()) for m in _TOKEN.finditer(line, 4)]


def _integers(fields: list[tuple[int, str]], what: str) -> tuple[list[int], tuple[int, str] | None]:
    values: list[int] = []
    for column, text in fields:
        if not _INT.fullmatch(text):
            return values, (column, f"{what}: expected an integer, got {text!r}")
        values.append(int(text))
    return values, None


def parse_lineup(line: str) -> tuple[TeamLineup | None, tuple[int, str] | None]:
    """A ``300 RRR TTT OOO PPPP ...`` line (fields blank-separated), or the first problem ``(column, message)``."""
    fields = _tokens(line)
    if len(fields) < 4:
        return None, (5, "team line-up: expected a round, a team, its opponent and the players (300 RRR TTT OOO PPPP)")
    values, problem = _integers(fields, "team line-up")
    if problem:
        return None, problem
    return TeamLineup(values[0], values[1], values[2], tuple(values[3:])), None


def parse_pab(line: str) -> tuple[TeamPab | None, tuple[int, str] | None]:
    """A ``320 MMMM GGGG TTT TTT ...`` line, or the first problem ``(column, message)``."""
    fields = _tokens(line)
    if len(fields) < 2:
        return None, (5, "team PAB: expected match points, game points, then a team per round (320 MMMM GGGG TTT)")
    for column, text in fields[:2]:
        if not _NUMBER.fullmatch(text):
            return None, (column, f"team PAB: expected points, got {text!r}")
    teams, problem = _integers(fields[2:], "team PAB")
    if problem:
        return None, problem
    return TeamPab(Fraction(fields[0][1]), Fraction(fields[1][1]), tuple(teams)), None


_OUTCOMES: dict[str, ForfeitOutcome] = {"+-": "+-", "-+": "-+", "--": "--"}


def parse_forfeit(line: str) -> tuple[TeamForfeit | None, tuple[int, str] | None]:
    """A ``330 TT RRR WWW BBB`` line, or the first problem ``(column, message)``."""
    fields = _tokens(line)
    if len(fields) != 4:
        return None, (5, "team forfeit: expected 330 TT RRR WWW BBB")
    outcome = _OUTCOMES.get(fields[0][1])
    if outcome is None:
        return None, (fields[0][0], f"team forfeit: expected +-, -+ or --, got {fields[0][1]!r}")
    values, problem = _integers(fields[1:], "team forfeit")
    if problem:
        return None, problem
    return TeamForfeit(outcome, values[0], values[1], values[2]), None


def _number3(value: int, what: str) -> str:
    if not 0 <= value <= 999:
        raise LimitExceededError(f"{what} {value} does not fit in 3 columns")
    return f"{value:>3}"


def format_lineup(lineup: TeamLineup) -> str:
    """The ``300`` line of ``lineup`` (TRF26 columns: round 5-7, team 9-11, opponent 13-15, players from 17)."""
    if any(not 0 <= tpn <= 9999 for tpn in lineup.players):
        raise LimitExceededError(f"team line-up: a player number of round {lineup.round} does not fit in 4 columns")
    for value, what in ((lineup.round, "round"), (lineup.team, "team number"), (lineup.opponent, "team number")):
        _number3(value, what)
    head = f"300 {lineup.round:>3} {lineup.team:>3} {lineup.opponent:>3} "
    return head + " ".join(f"{tpn:>4}" for tpn in lineup.players)


def format_pab(pab: TeamPab) -> str:
    """The ``320`` line of ``pab``."""
    return (f"320 {_decimal(pab.match_points, 4)} {_decimal(pab.game_points, 4)} "
            + " ".join(_number3(team, "team number") for team in pab.teams)).rstrip()


def format_forfeit(forfeit: TeamForfeit) -> str:
    """The ``330`` line of ``forfeit``."""
    return (f"330 {forfeit.outcome} {_number3(forfeit.round, 'round')} {_number3(forfeit.white, 'team number')} "
            f"{_number3(forfeit.black, 'team number')}")
