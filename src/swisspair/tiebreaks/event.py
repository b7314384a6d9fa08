"""The event as the tie-breaks see it: competitors and their rounds (FIDE C.07 (2026) 15-16).

An :class:`Event` is a neutral view of an individual or a team tournament: who met whom, with which
points, each round a :class:`RoundRecord` of one :class:`RoundKind`.
"""

from __future__ import annotations

import enum
import itertools
import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from fractions import Fraction
from typing import Any, cast

from swisspair.model import ABSENT, Colour, Outcome, Result, RoundResult, Tournament
from swisspair.roundrobin import is_round_robin
from swisspair.tiebreaks.units import Units


class RoundKind(enum.Enum):
    """What happened to a participant in one round (C.07 (2026) 15-16)."""

    GAME = "game"
    """Played over the board (individual game or team match)."""
    FORFEIT_WIN = "+"
    """Won by forfeit: paired, the opponent did not appear (16.2.2)."""
    FORFEIT_LOSS = "-"
    """Lost by forfeit (16.2.4), including a double forfeit."""
    PAB = "U"
    """Pairing-allocated bye (16.2.1)."""
    FULL_BYE = "F"
    """Requested full-point bye (16.2.1)."""
    HALF_BYE = "H"
    """Requested half-point bye (16.2.3 or 16.2.5)."""
    ZERO_BYE = "Z"
    """Zero-point bye: a known absence (16.2.3 or 16.2.5)."""
    ABSENT = " "
    """No record: not paired (after a withdrawal, or a late entry), 16.1."""

    _vur: bool

    @property
    def is_vur(self) -> bool:
        """A voluntary unplayed round: a requested bye or a forfeit loss (16.1)."""
        return self._vur

    @property
    def is_forfeit(self) -> bool:
        """A scheduled game not played (16.2.2, 16.2.4)."""
        return self is RoundKind.FORFEIT_WIN or self is RoundKind.FORFEIT_LOSS

    def __repr__(self) -> str:
        return f"RoundKind.{self.name}"


_VUR_KINDS = frozenset({RoundKind.FORFEIT_LOSS, RoundKind.HALF_BYE, RoundKind.ZERO_BYE, RoundKind.ABSENT})
for _kind in RoundKind:  # an attribute of the member: a set lookup would hash the member by its name each time
    _kind._vur = _kind in _VUR_KINDS


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One participant in one round, as the tie-breaks see it."""

    round: int
    """1-based round number."""
    kind: RoundKind
    """Game, forfeit, bye or absence."""
    opponent: int | None
    """The scheduled opponent (games and forfeits), ``None`` otherwise."""
    points: Mapping[str, Fraction]
    """Points scored, by score name (``PTS`` for individuals, ``MP`` and ``GP`` for teams)."""
    colour: Colour = Colour.NONE
    """Colour of a game (individuals)."""
    outcome: Outcome = Outcome.LOSS
    """Win, draw or loss as far as the primary score goes."""
    rating_result: Fraction | None = None
    """1, 1/2 or 0 for games that count for rating-based tie-breaks (art. 10)."""
    boards: tuple[Fraction, ...] = ()
    """Teams: game points by board (board 1 first), art. 12."""

    @property
    def played(self) -> bool:
        """A game (or match) took place over the board."""
        return self.kind is RoundKind.GAME

    @property
    def is_vur(self) -> bool:
        """A voluntary unplayed round (C.07 (2026) 16.1)."""
        return self.kind.is_vur

    def score(self, name: str) -> Fraction:
        """Points for score ``name``."""
        return self.points[name]


@dataclass(slots=True)
class Competitor:
    """A participant (player or team) with its rounds."""

    id: int
    """Pairing number (TPN) or team number."""
    name: str = ""
    """Display name."""
    rating: int | None = None
    """Rating used by art. 10, ``None`` when unrated."""
    rounds: list[RoundRecord] = field(default_factory=list)
    """One record per round, round 1 first; always :attr:`Event.rounds` long."""

    def __repr__(self) -> str:
        return f"Competitor(id={self.id!r}, name={self.name!r}, rating={self.rating!r})"


_GET_ROUNDS, _SET_ROUNDS = Competitor.__dict__["rounds"].__get__, Competitor.__dict__["rounds"].__set__


class _LateCompetitor(Competitor):
    """A competitor of :meth:`Event.from_tournament`: its records are made the first time they are read
    (the tie-breaks that only sum or count read the event's shapes instead: :meth:`Event.plays`)."""

    __slots__ = ("_make",)
    _make: Callable[[int], list[RoundRecord]]
    """Makes the records of a competitor of the event, by id (one for every competitor of the event)."""

    @property
    def rounds(self) -> list[RoundRecord]:
        """One record per round, round 1 first; always :attr:`Event.rounds` long."""
        try:
            return _GET_ROUNDS(self)  # type: ignore[no-any-return]
        except AttributeError:
            recs = self._make(self.id)
            _SET_ROUNDS(self, recs)
            return recs

    @rounds.setter
    def rounds(self, value: list[RoundRecord]) -> None:
        _SET_ROUNDS(self, value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Competitor):
            return NotImplemented
        return (self.id, self.name, self.rating, self.rounds) == (other.id, other.name, other.rating, other.rounds)

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[Competitor], tuple[int, str, int | None, list[RoundRecord]]]:
        return (Competitor, (self.id, self.name, self.rating, self.rounds))


@dataclass(slots=True)
class Event:
    """Everything the tie-breaks read: competitors, rounds and the point systems.

    Build one with :meth:`from_tournament` (individuals) or
    :func:`swisspair.tiebreaks.team.standings_event` (teams).
    """

    competitors: dict[int, Competitor]
    """By id."""
    rounds: int
    """Rounds taken into account (the completed rounds)."""
    scores: tuple[str, ...] = ("PTS",)
    """Score names, primary first (``("PTS",)``, ``("MP", "GP")`` or ``("GP", "MP")``)."""
    win: dict[str, Fraction] = field(default_factory=lambda: {"PTS": Fraction(1)})
    """Points of a win, by score name."""
    draw: dict[str, Fraction] = field(default_factory=lambda: {"PTS": Fraction(1, 2)})
    """Points of a draw, by score name."""
    round_robin: bool = False
    """Pre-determined pairings (C.07 (2026) 15.2): forfeits count as games, no dummy."""
    team_size: int = 1
    """Boards per match (teams)."""
    is_team: bool = False
    """A team competition (C.07 (2026) arts. 11-13)."""
    tournament: Tournament | None = None
    """The individual tournament this view was built from, if any."""
    match_scores: Mapping[tuple[int, int], Any] | None = None
    """Scores per (id, round) for the score-based criteria (:mod:`swisspair.tiebreaks.sports`)."""
    _totals: dict[tuple[int, str, int], Fraction] = field(default_factory=dict, repr=False, compare=False)
    _units: dict[str, Units] = field(default_factory=dict, repr=False, compare=False)
    _shapes: tuple[list[RoundRecord], dict[int, list[int]], dict[int, list[int | None]]] | None = field(
        default=None, init=False, repr=False, compare=False)
    """Built from a tournament (:meth:`from_tournament`): the records by shape (what decides a record besides
    its round and opponent: kind, points, colour, outcome), a record of each shape (round 0, no opponent),
    per competitor the index of each round's shape and each round's opponent; else ``None``. The records
    must not change afterwards."""

    @property
    def primary(self) -> str:
        """The score that ranks the event."""
        return self.scores[0]

    @property
    def secondary(self) -> str | None:
        """The other score of a team event (C.07 (2026) 13.1), ``None`` for individuals."""
        return self.scores[1] if len(self.scores) > 1 else None

    def __iter__(self) -> Iterator[Competitor]:
        return iter(self.competitors[i] for i in sorted(self.competitors))

    @property
    def ids(self) -> list[int]:
        """Competitor ids in ascending order."""
        return sorted(self.competitors)

    def plays(self, cid: int) -> Iterator[tuple[int, RoundRecord, int | None]]:
        """Per round of ``cid`` (round 1 first): the round, a record of its shape (kind, points, colour,
        outcome: not to be read for its round or opponent) and the opponent. Reads the shapes when the
        event has them, without making the records."""
        if self._shapes is None:
            return ((rec.round, rec, rec.opponent) for rec in self.competitors[cid].rounds)
        samples, rows, opponents = self._shapes
        row = rows[cid]
        return zip(range(1, len(row) + 1), map(samples.__getitem__, row), opponents[cid])

    def opponents(self, cid: int) -> list[int | None]:
        """Each round's opponent of ``cid`` (round 1 first; ``None``: no opponent), without making the records
        when the event has its shapes. Not to be modified."""
        if self._shapes is None:
            return [rec.opponent for rec in self.competitors[cid].rounds]
        return self._shapes[2][cid]

    def opponent_lists(self) -> Mapping[int, list[int | None]]:
        """:meth:`opponents` of every competitor, by id. Not to be modified."""
        if self._shapes is None:
            return {cid: [rec.opponent for rec in comp.rounds] for cid, comp in self.competitors.items()}
        return self._shapes[2]

    def rounds_meeting(self, predicate: Callable[[RoundRecord], bool]) -> dict[int, list[int]] | None:
        """Per competitor, the 0-based rounds whose record meets ``predicate``, tested once per shape
        (``predicate`` must read only a record's kind, points, colour and outcome); ``None`` when the
        event has no shapes (not built from a tournament)."""
        if self._shapes is None:
            return None
        samples, rows, _ = self._shapes
        meets = [predicate(rec) for rec in samples]
        if not any(meets):
            return {cid: [] for cid in rows}
        compress = itertools.compress
        return {cid: list(compress(range(len(row)), map(meets.__getitem__, row))) for cid, row in rows.items()}

    def record(self, cid: int, round_number: int) -> RoundRecord:
        """The record of ``cid`` in 1-based ``round_number``."""
        return self.competitors[cid].rounds[round_number - 1]

    def total(self, cid: int, score: str | None = None, rounds: int | None = None) -> Fraction:
        """Points of ``cid`` (``score`` defaults to the primary) after ``rounds`` rounds."""
        name = score or self.primary
        n = self.rounds if rounds is None else rounds
        key = (cid, name, n)
        cached = self._totals.get(key)
        if cached is None:
            units = self.units(name)
            cached = units.fraction(units.totals[cid] if n == self.rounds else sum(units.points[cid][:n]))
            self._totals[key] = cached
        return cached

    def units(self, score: str | None = None) -> Units:
        """Score ``score`` (default: the primary) of every competitor and round in integers of its smallest
        unit (:mod:`swisspair.tiebreaks.units`); made once. The records must not change afterwards."""
        name = score or self.primary
        units = self._units.get(name)
        if units is None:
            comps = self.competitors
            win, draw = Fraction(self.win.get(name, 0)), Fraction(self.draw.get(name, 0))
            den = math.lcm(win.denominator, draw.denominator,
                           *{r.points[name].denominator for c in comps.values() for r in c.rounds})
            points = {cid: [r.points[name].numerator * den // r.points[name].denominator for r in c.rounds]
                      for cid, c in comps.items()}
            units = self._units[name] = Units(den, points, draw=int(draw * den), win=int(win * den))
        return units

    @classmethod
    def from_tournament(
        cls,
        tournament: Tournament,
        *,
        rounds: int | None = None,
        round_robin: bool | None = None,
    ) -> Event:
        """The view of an individual tournament.

        :param rounds: rounds to take into account; default: the last round in
            which somebody was paired (:attr:`Tournament.paired_rounds`), so that
            byes entered for a round not yet paired do not count.
        :param round_robin: pre-determined pairings; default: decided from the
            system code or the tournament type (``192``/``092``, :func:`swisspair.roundrobin.is_round_robin`).
        """
        n = tournament.paired_rounds if rounds is None else rounds
        if round_robin is None:
            round_robin = is_round_robin(tournament)
        scoring = tournament.scoring
        competitors: dict[int, Competitor] = {}
        # A record is its round and opponent plus what the result, the colour and whether there is an
        # opponent decide (its shape): made once per such combination (the points mapping is shared,
        # read-only); each record's shape is kept as an index (``_shapes``).
        index: dict[tuple[Result, Colour, bool], int] = {}  # the members hash by identity (C)
        table: list[tuple[RoundKind, Mapping[str, Fraction], Colour, Outcome, Fraction | None]] = []
        rows: dict[int, list[int]] = {}
        opponents: dict[int, list[int | None]] = {}
        absent = [ABSENT] * n
        shape_of = index.get
        make = partial(_records, table, rows, opponents)
        for player in tournament:
            results = player.results
            if len(results) != n:
                results = (results + absent)[:n]
            opponents[player.tpn] = [entry.opponent for entry in results]
            row = [shape_of((entry.result, entry.colour, entry.opponent is None)) for entry in results]
            if None in row:  # a shape not seen before
                for r, entry in enumerate(results):
                    key = (entry.result, entry.colour, entry.opponent is None)
                    i = shape_of(key)
                    if i is None:
                        i = index[key] = len(table)
                        table.append(_shape(entry, scoring.points(entry.result, entry.colour)))
                    row[r] = i
            rows[player.tpn] = cast("list[int]", row)  # no None left
            comp = competitors[player.tpn] = _NEW(_LateCompetitor)
            comp.id, comp.name, comp.rating = player.tpn, player.name, player.rating or None
            comp._make = make
        samples = [_new_record(0, kind, None, points, colour, outcome, rating_result)
                   for kind, points, colour, outcome, rating_result in table]
        event = cls(
            competitors=competitors,
            rounds=n,
            scores=("PTS",),
            win={"PTS": scoring.win},
            draw={"PTS": scoring.draw},
            round_robin=bool(round_robin),
            tournament=tournament,
        )
        event._units["PTS"] = _units_of_shapes(event, samples, rows)
        event._shapes = (samples, rows, opponents)
        return event


def _records(table: list[tuple[RoundKind, Mapping[str, Fraction], Colour, Outcome, Fraction | None]],
             rows: dict[int, list[int]], opponents: dict[int, list[int | None]], cid: int) -> list[RoundRecord]:
    """The records of competitor ``cid`` from its shapes and opponents (:meth:`Event.from_tournament`)."""
    out = []
    for r, (i, opponent) in enumerate(zip(rows[cid], opponents[cid]), 1):
        kind, points, colour, outcome, rating_result = table[i]
        out.append(_new_record(r, kind, opponent, points, colour, outcome, rating_result))
    return out


def _units_of_shapes(event: Event, samples: list[RoundRecord], rows: Mapping[int, list[int]]) -> Units:
    """What :meth:`Event.units` makes of the records' points, made from one record of each shape instead
    of from every record: the same unit, the same integers."""
    win, draw = Fraction(event.win["PTS"]), Fraction(event.draw["PTS"])
    den = math.lcm(win.denominator, draw.denominator, *{rec.points["PTS"].denominator for rec in samples})
    unit = [rec.points["PTS"].numerator * den // rec.points["PTS"].denominator for rec in samples]
    points = {cid: list(map(unit.__getitem__, row)) for cid, row in rows.items()}
    return Units(den, points, draw=int(draw * den), win=int(win * den))


_BYE_OF_OUTCOME = {Outcome.WIN: RoundKind.FULL_BYE, Outcome.DRAW: RoundKind.HALF_BYE}
_RATING_RESULT = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2)}
_LOST = Fraction(0)


def _shape(entry: RoundResult, points: Fraction) -> tuple[RoundKind, Mapping[str, Fraction], Colour, Outcome,
                                                          Fraction | None]:
    """What a record of ``entry`` holds besides its round and opponent: kind, points, colour, outcome and
    the result for the rating-based tie-breaks."""
    result = entry.result
    if result.is_played:
        if entry.opponent is not None:
            kind = RoundKind.GAME
        else:
            kind = _BYE_OF_OUTCOME.get(result.outcome, RoundKind.ZERO_BYE)
    else:
        kind = _KIND_OF_RESULT[result]
    rating_result: Fraction | None = None
    if kind is RoundKind.GAME:
        rating_result = _RATING_RESULT.get(result.outcome, _LOST)
    return (kind, {"PTS": points}, entry.colour if kind is RoundKind.GAME else Colour.NONE, result.outcome,
            rating_result)


_NEW = object.__new__
_SET_ROUND, _SET_KIND, _SET_OPPONENT, _SET_POINTS, _SET_COLOUR, _SET_OUTCOME, _SET_RATING, _SET_BOARDS = (
    RoundRecord.__dict__[name].__set__ for name in ("round", "kind", "opponent", "points", "colour", "outcome",
                                                    "rating_result", "boards"))


def _new_record(round_number: int, kind: RoundKind, opponent: int | None, points: Mapping[str, Fraction],
                colour: Colour, outcome: Outcome, rating_result: Fraction | None) -> RoundRecord:
    """``RoundRecord(round_number, kind, ...)``, made by setting its slots directly: a frozen dataclass's
    ``__init__`` costs twice as much, and an event of 300 players after 9 rounds makes 2700 of them."""
    rec: RoundRecord = _NEW(RoundRecord)
    _SET_ROUND(rec, round_number)
    _SET_KIND(rec, kind)
    _SET_OPPONENT(rec, opponent)
    _SET_POINTS(rec, points)
    _SET_COLOUR(rec, colour)
    _SET_OUTCOME(rec, outcome)
    _SET_RATING(rec, rating_result)
    _SET_BOARDS(rec, ())
    return rec


_KIND_OF_RESULT = {
    Result.FORFEIT_WIN: RoundKind.FORFEIT_WIN,
    Result.FORFEIT_LOSS: RoundKind.FORFEIT_LOSS,
    Result.PAB: RoundKind.PAB,
    Result.FULL_BYE: RoundKind.FULL_BYE,
    Result.HALF_BYE: RoundKind.HALF_BYE,
    Result.ZERO_BYE: RoundKind.ZERO_BYE,
    Result.ABSENT: RoundKind.ABSENT,
}
