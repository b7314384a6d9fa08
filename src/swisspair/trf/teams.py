"""Team records of a TRF: TRF16 ``013`` and TRF26 ``310``.

swisspair pairs individuals only, so the reader keeps team records verbatim
in :attr:`~swisspair.model.Tournament.extra_lines` (nothing is lost when the
file is written again). This module reads them into a simple structure for
callers who want the line-up of each team, and is what the reader uses to
check them.

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

from swisspair.model import Tournament

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


def _number(text: str, column: int, what: str, problems: list[tuple[int, str]]) -> Fraction | None:
    value = text.strip()
    if not value:
        return None
    if _NUMBER.fullmatch(value):
        return Fraction(value)
    problems.append((column, f"{what}: expected a number, got {value!r}"))
    return None


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
    number_text = padded[4:7].strip()
    number: int | None = None
    if number_text:
        if _INT.fullmatch(number_text):
            number = int(number_text)
        else:
            problems.append((5, f"team number: expected an integer, got {number_text!r}"))
    strength = _number(padded[47:53], 48, "strength", problems)
    match_points = _number(padded[54:60], 55, "match points", problems)
    game_points = _number(padded[61:67], 62, "game points", problems)
    rank_text = padded[68:71].strip()
    rank: int | None = None
    if rank_text:
        if _INT.fullmatch(rank_text):
            rank = int(rank_text)
        else:
            problems.append((69, f"rank: expected an integer, got {rank_text!r}"))
    members, member_problems = _members(line, 73)
    problems.extend(member_problems)
    record = TeamRecord(code, padded[8:40].strip(), members, number, padded[41:46].strip(), strength,
                        match_points, game_points, rank)
    return record, problems


def teams(tournament: Tournament) -> list[TeamRecord]:
    """The teams described by the ``013``/``310`` lines kept in ``tournament``.

    ``310`` records are preferred: ``013`` lines are returned only when the
    file has no ``310`` line (TRF26 says ``013`` is to be phased out).
    """
    records: dict[str, list[TeamRecord]] = {"013": [], "310": []}
    for line in tournament.extra_lines:
        if line[:3] in TEAM_CODES:
            record, _ = parse_team_line(line)
            if record is not None:
                records[record.code].append(record)
    return records["310"] or records["013"]
