"""The spreadsheet files of the ``simple`` system (Swiss for any sport): ``event.toml``, ``teams.csv``, ``games.csv``.

* ``event.toml``: ``points = [3, 1, 0]`` (win, draw, loss) and
  ``ranking = ["points", "score_diff", "scores_for", "score2_diff", "score2_for", "rating"]``;
  both optional (defaults: 3-1-0 and the order of its rule 6).
* ``teams.csv``: header ``id,name,rating``; ``rating`` may be empty (0) or a decimal.
* ``games.csv``: header ``round,home,away,home_score,away_score`` with the optional
  columns ``home_score2,away_score2``; a bye is a line whose ``away`` is empty or ``BYE``
  (rule 3: no goals). Scores may be decimals (``2.5``: board points of a team match).

Readers take text handles; every error names the file, the line and the field
(``games.csv:4: home_score: expected an integer, got 'x'``).
"""

from __future__ import annotations

import csv
import tomllib
from fractions import Fraction
from typing import TextIO

from swisspair.pairing.simple import BYE, CRITERIA, DEFAULT_RANKING, Game, Settings, SimpleError, Team

TEAM_FIELDS = ("id", "name", "rating")
GAME_FIELDS = ("round", "home", "away", "home_score", "away_score")
GAME_OPTIONAL = ("home_score2", "away_score2")


def _where(source: str, line: int | None, field: str | None = None) -> str:
    text = source if line is None else f"{source}:{line}"
    return f"{text}: {field}" if field else text


def read_settings(handle: TextIO, source: str = "event.toml") -> Settings:
    """Read ``event.toml``.

    :raises: :exc:`~swisspair.pairing.simple.SimpleError` for bad TOML or bad values.
    """
    try:
        data = tomllib.loads(handle.read())
    except tomllib.TOMLDecodeError as error:
        raise SimpleError(f"{source}: invalid TOML: {error}") from None
    unknown = sorted(set(data) - {"points", "ranking"})
    if unknown:
        raise SimpleError(f"{source}: {unknown[0]}: unknown setting (expected points, ranking)")
    points = data.get("points", [3, 1, 0])
    if not isinstance(points, list) or len(points) != 3:
        raise SimpleError(f"{source}: points: expected [win, draw, loss], got {points!r}")
    values: list[Fraction] = []
    for value in points:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise SimpleError(f"{source}: points: expected numbers, got {value!r}")
        values.append(Fraction(str(value)))
    ranking = data.get("ranking", list(DEFAULT_RANKING))
    if not isinstance(ranking, list) or not all(isinstance(c, str) for c in ranking):
        raise SimpleError(f"{source}: ranking: expected a list of names, got {ranking!r}")
    for criterion in ranking:
        if criterion not in CRITERIA:
            raise SimpleError(f"{source}: ranking: unknown criterion {criterion!r} "
                              f"(choose from {', '.join(CRITERIA)})")
    if len(set(ranking)) != len(ranking):
        raise SimpleError(f"{source}: ranking: a criterion is listed twice")
    return Settings((values[0], values[1], values[2]), tuple(ranking))


def _rows(handle: TextIO, source: str, required: tuple[str, ...],
          optional: tuple[str, ...] = ()) -> list[tuple[int, dict[str, str]]]:
    reader = csv.reader(handle)
    try:
        header = next(reader)
    except StopIteration:
        raise SimpleError(f"{source}: empty file (expected the header {','.join(required)})") from None
    except csv.Error as error:
        raise SimpleError(f"{source}:1: {error}") from None
    names = [h.strip().lower() for h in header]
    missing = [f for f in required if f not in names]
    if missing:
        raise SimpleError(f"{source}:1: {missing[0]}: missing column (header must be {','.join(required)})")
    extra = [f for f in names if f not in required and f not in optional]
    if extra:
        raise SimpleError(f"{source}:1: {extra[0]}: unknown column")
    rows: list[tuple[int, dict[str, str]]] = []
    try:
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if len(cells) > len(names):
                raise SimpleError(f"{source}:{line}: {len(cells)} fields, the header has {len(names)}")
            padded = cells + [""] * (len(names) - len(cells))
            rows.append((line, {n: c.strip() for n, c in zip(names, padded, strict=True)}))
    except csv.Error as error:
        raise SimpleError(f"{source}:{reader.line_num}: {error}") from None
    return rows


def _int(value: str, source: str, line: int, field: str, default: int | None = None) -> int:
    if value == "" and default is not None:
        return default
    try:
        return int(value)
    except ValueError:
        raise SimpleError(f"{_where(source, line, field)}: expected an integer, got {value!r}") from None


def _number(value: str, source: str, line: int, field: str, default: int | None = None) -> Fraction | int:
    """An exact number: an integer, or a decimal (``2.5``, ``108,138``) kept as a fraction."""
    if value == "" and default is not None:
        return default
    text = value.replace(",", ".")
    try:
        return int(text)
    except ValueError:
        pass
    try:
        number = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise SimpleError(f"{_where(source, line, field)}: expected a number, got {value!r}") from None
    if "/" in text:
        raise SimpleError(f"{_where(source, line, field)}: expected a number, got {value!r}")
    return int(number) if number.denominator == 1 else number


def read_teams(handle: TextIO, source: str = "teams.csv") -> list[Team]:
    """Read ``teams.csv`` (``id,name,rating`` with a header line).

    :raises: :exc:`~swisspair.pairing.simple.SimpleError` naming file, line and field.
    """
    teams: list[Team] = []
    seen: set[str] = set()
    for line, row in _rows(handle, source, TEAM_FIELDS):
        tid = row["id"]
        if not tid:
            raise SimpleError(f"{_where(source, line, 'id')}: empty")
        if tid.upper() == BYE:
            raise SimpleError(f"{_where(source, line, 'id')}: {tid!r} is reserved for the bye")
        if tid in seen:
            raise SimpleError(f"{_where(source, line, 'id')}: duplicate id {tid!r}")
        seen.add(tid)
        teams.append(Team(tid, row["name"], _number(row["rating"], source, line, "rating", 0)))
    if not teams:
        raise SimpleError(f"{source}: no teams")
    return teams


def read_games(handle: TextIO, team_ids: set[str] | None = None, source: str = "games.csv") -> list[Game]:
    """Read ``games.csv``; with ``team_ids``, unknown ids are errors.

    :raises: :exc:`~swisspair.pairing.simple.SimpleError` naming file, line and field.
    """
    games: list[Game] = []
    taken: set[tuple[int, str]] = set()
    for line, row in _rows(handle, source, GAME_FIELDS, GAME_OPTIONAL):
        rnd = _int(row["round"], source, line, "round")
        if rnd < 1:
            raise SimpleError(f"{_where(source, line, 'round')}: must be 1 or more, got {rnd}")
        home = row["home"]
        away: str | None = row["away"]
        if not home:
            raise SimpleError(f"{_where(source, line, 'home')}: empty")
        if away == "" or (away is not None and away.upper() == BYE):
            away = None
        for field, tid in (("home", home), ("away", away)):
            if tid is None:
                continue
            if team_ids is not None and tid not in team_ids:
                raise SimpleError(f"{_where(source, line, field)}: unknown team {tid!r}")
            if (rnd, tid) in taken:
                raise SimpleError(f"{_where(source, line, field)}: team {tid!r} already plays in round {rnd}")
            taken.add((rnd, tid))
        if away is None:
            games.append(Game(rnd, home, None))
            continue
        if home == away:
            raise SimpleError(f"{_where(source, line, 'away')}: a team cannot play itself")
        scores = [_number(row[f], source, line, f) for f in ("home_score", "away_score")]
        second = [row.get(f, "") for f in GAME_OPTIONAL]
        if any(second) and not all(second):
            missing = GAME_OPTIONAL[second.index("")]
            raise SimpleError(f"{_where(source, line, missing)}: give both second scores or neither")
        s2 = [_number(v, source, line, f) for v, f in zip(second, GAME_OPTIONAL, strict=True)] if all(second) else None
        for value, field in zip(scores + (s2 or []), ("home_score", "away_score") + GAME_OPTIONAL):
            if value < 0:
                raise SimpleError(f"{_where(source, line, field)}: negative score {value}")
        games.append(Game(rnd, home, away, scores[0], scores[1],
                          None if s2 is None else s2[0], None if s2 is None else s2[1]))
    return games


__all__ = ["read_games", "read_settings", "read_teams"]
