"""Title norms: whether a player's result in an event is a GM, IM, WGM or WIM norm (FIDE Title
Regulations effective from 1 January 2024, FIDE Handbook B.01, articles 1.4.1-1.4.9), and what the
norm certificate says of a norm achieved (:mod:`swisspair.norm_certificate`).

For each norm the check records the figures it used and every requirement that failed:

* 1.4.1 a: at least 9 games; 1.4.1 c: in a 9-round event, 8 games are enough when the missing game is
  a forfeit win or a pairing-allocated bye; 1.4.1 e: in an event without predetermined pairings the
  games after the round in which a norm was reached may be ignored; 1.4.1 f: a player may ignore
  games against opponents he defeated, provided the rest, at least 9 games, meets every requirement;
  in a round robin only when the opponents of the whole event would make a norm possible;
* 1.4.2 b: in a round robin, a game against an unrated opponent who scored zero against the rated
  opponents is not counted; 1.4.2 c: games decided by forfeit (or not played over the board) are
  not counted;
* 1.4.3: opponents from at least two federations other than the player's; 1.4.4: at most 3/5 of the
  opponents from the player's federation and at most 2/3 from one federation (maxima rounded down),
  both waived where the event's regulations invoke an exemption of 1.4.3 a-d; ``FID`` is no
  federation;
* 1.4.5 a: at least 50 % of the opponents title holders (GM, IM, FM, WGM, WIM, WFM; not CM, WCM);
  1.4.5 b-e: at least a third of them, and at least 3, holding the norm's title or a higher one
  (minima rounded up); 1.4.5 f: a double round robin needs at least 6 players, and half of the
  opponents (rounded up) holding the norm's title or a higher one;
* 1.4.6: the ratings of the list in force at the start; an unrated opponent counts as 1400 (1.4.6 d);
  at most one opponent, the lowest, is raised to the adjusted rating floor (GM 2200, IM 2050,
  WGM 2000, WIM 1850; 1.4.6 b-c): in a double round robin both games against him;
* 1.4.7: Ra, the average, rounded to the nearest whole number, 0.5 upward;
* 1.4.8: Rp = Ra + dp (table 1.4.9, the percentage rounded, 0.5 % up) at least GM 2600, IM 2450,
  WGM 2400, WIM 2250, with Ra at least GM 2380, IM 2230, WGM 2180, WIM 2030 (1.4.8 a) and a score of
  at least 35 % (1.4.8 b).

Women's titles are checked for women only (B.01 0.3.1). Not modelled: 1.4.1 b (team championships),
1.4.1 d (a point above the requirement counting as an extra game), 1.4.2 a (opponents of federations
outside FIDE), 1.4.3 e and 1.5 (the requirements of a title application).

>>> check = NormCheck(NormTitle.IM, games=9, counted_games=9, ratings=(2300,) * 9, score=Fraction(6),
...                   titled=6, holders=3, federations={"GER": 3, "FRA": 3, "ITA": 3}, own_federation="BUL")
>>> check.average, check.percent, check.performance, check.failures
(2300, 67, 2425, ['1.4.8: performance 2425, at least 2450 needed'])
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import combinations

from swisspair.exact import exact_sum
from swisspair.model import Result, Tournament
from swisspair.tiebreaks.fide_tables import average_rating, percentage, performance_rating

__all__ = ["Failure", "LeftOut", "NormCheck", "NormOptions", "NormTitle", "PlayerNorms", "Requirement", "best_norm",
           "check_norm", "norms_report", "out_of_reach", "sought"]

TITLE_HOLDERS = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
"""Titles that make an opponent a title holder for 1.4.5 a (CM and WCM do not)."""
UNRATED_AS = 1400
"""The rating of an unrated opponent (1.4.6 d)."""
NO_FEDERATION = "FID"
"""Players registered with FIDE itself: no federation for 1.4.3-1.4.4."""
NORM_RESULTS = {Result.WIN: Fraction(1), Result.DRAW: Fraction(1, 2), Result.LOSS: Fraction(0)}
"""Games played over the board, with their score: the only ones a norm counts (1.4.2 c)."""
DOUBLE_ROUND_ROBIN_PLAYERS = 6
"""A double round robin needs at least this many players for a norm (1.4.5 f)."""
NORM_GAMES = 9
"""The games a norm needs (1.4.1 a); in an event of that many rounds, 1.4.1 c counts one game fewer as
enough."""
SUBSETS_TRIED = 1 << 16
"""At most this many sets of defeated opponents are tried for 1.4.1 f (more wins than 16 are not met)."""


class Requirement(enum.Enum):
    """A requirement of a norm (B.01 1.4), with the English text of its failure."""

    GAMES = "{value} games, at least {needed} needed"
    FOREIGN_FEDERATIONS = "opponents from {value} federations other than the player's, at least {needed} needed"
    OWN_FEDERATION = "{value} opponents from {federation}, at most {needed} (3/5)"
    ONE_FEDERATION = "{value} opponents from {federation}, at most {needed} (2/3)"
    TITLE_HOLDERS = "{value} title holders, at least {needed} needed (50 %)"
    TITLE = "{value} opponents with the title {title} or higher, at least {needed} needed"
    DOUBLE_TITLE = "{value} opponents with the title {title} or higher, at least {needed} needed (half)"
    PLAYERS = "a double round robin of {value} players, at least {needed} needed"
    PERFORMANCE = "performance {value}, at least {needed} needed"
    AVERAGE = "average {value}, at least {needed} needed"
    SCORE = "score {value} %, at least {needed} % needed"


@dataclass(frozen=True, slots=True)
class Failure:
    """A requirement not met: the figure found and the one needed."""

    article: str
    """The article of B.01 (``1.4.8 a``)."""
    requirement: Requirement
    """What is required."""
    value: int
    """The figure found (games, opponents, rating, percentage)."""
    needed: int
    """The least (or, for 1.4.4, the most) the requirement allows."""
    federation: str = ""
    """The federation over its share (1.4.4)."""
    title: str = ""
    """The norm's title (1.4.5 b-e)."""

    @property
    def text(self) -> str:
        """``1.4.8 a: average 2367, at least 2380 needed``."""
        return f"{self.article}: " + self.requirement.value.format(
            value=self.value, needed=self.needed, federation=self.federation, title=self.title)


class NormTitle(enum.Enum):
    """A title gained by norms (B.01 1.4), with its requirements."""

    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    WIM = "WIM"

    @property
    def performance(self) -> int:
        """The minimum performance Rp (1.4.8)."""
        return {"GM": 2600, "IM": 2450, "WGM": 2400, "WIM": 2250}[self.value]

    @property
    def average(self) -> int:
        """The minimum opponents' average Ra (1.4.8 a)."""
        return {"GM": 2380, "IM": 2230, "WGM": 2180, "WIM": 2030}[self.value]

    @property
    def floor(self) -> int:
        """The adjusted rating floor (1.4.6 b)."""
        return {"GM": 2200, "IM": 2050, "WGM": 2000, "WIM": 1850}[self.value]

    @property
    def holders(self) -> frozenset[str]:
        """Opponents' titles that count for 1.4.5 b-e: the norm's title or a higher one."""
        return frozenset({"GM": ("GM",), "IM": ("GM", "IM"), "WGM": ("GM", "IM", "WGM"),
                          "WIM": ("GM", "IM", "WGM", "WIM")}[self.value])

    @property
    def article(self) -> str:
        """The paragraph of 1.4.5 that sets its title holders."""
        return {"GM": "1.4.5 b", "IM": "1.4.5 c", "WGM": "1.4.5 d", "WIM": "1.4.5 e"}[self.value]


def sought(title: str, sex: str) -> list[NormTitle]:
    """The norms a player holding ``title`` may still seek: not a title held or a lower one of the same
    ladder (GM > IM; WGM > WIM; an IM needs no WIM norm); women's norms for women only (B.01 0.3.1).

    >>> sought("IM", "w"), sought("", "m")
    ([<NormTitle.GM: 'GM'>, <NormTitle.WGM: 'WGM'>], [<NormTitle.GM: 'GM'>, <NormTitle.IM: 'IM'>])
    """
    held = title.strip().upper()
    out = []
    for norm in NormTitle:
        if norm.value.startswith("W") and sex.strip().lower() not in ("w", "f"):
            continue
        if held == "GM" or held == norm.value or (held == "IM" and norm is NormTitle.WIM) or \
                (held == "WGM" and norm is NormTitle.WIM):
            continue
        out.append(norm)
    return out


@dataclass(frozen=True, slots=True)
class NormOptions:
    """What the event's regulations say that the norm check needs."""

    foreigners_waived: bool = False
    """An exemption of 1.4.3 a-d applies (national championship, zonal, a big open as in 1.4.3 d):
    1.4.3 and 1.4.4 are not checked."""
    predetermined: bool = False
    """Round robin: the pairings were predetermined, so every round counts (1.4.1 e); a game against an
    unrated opponent who scored zero against the rated ones is not counted (1.4.2 b); defeated opponents
    may be left out (1.4.1 f) only when the whole event's opponents would make a norm possible."""
    planned_rounds: int | None = None
    """Rounds of the event (for 1.4.1 c); default: the tournament's."""
    cycles: int = 1
    """Cycles of a round robin: 2 for a double round robin (1.4.5 f), where every opponent is met twice."""


class LeftOut(enum.Enum):
    """Why a game played over the board is not in a norm check."""

    UNRATED_ZERO = "1.4.2 b"
    """A round robin: the opponent is unrated and scored zero against the rated opponents."""
    DEFEATED = "1.4.1 f"
    """The player left out a game against an opponent he defeated."""
    LATER = "1.4.1 e"
    """A game after the round in which the norm was reached (an event without predetermined pairings)."""


@dataclass(frozen=True)
class NormCheck:
    """One norm checked for one player: the figures and the requirements that failed.

    Ra, the percentage, Rp and the failures are found on the first read and kept with the check (it is read
    many times: achieved, listed, printed); they are not fields, so the class has no slots.
    """

    title: NormTitle
    """The norm."""
    games: int
    """Games counted (1.4.2)."""
    counted_games: int
    """Games it counts for: :data:`~swisspair.norms.NORM_GAMES` for one fewer in an event of as many rounds
    (1.4.1 c), else :attr:`games`."""
    ratings: tuple[int, ...]
    """The opponents' ratings after 1.4.6 (unrated as 1400, the floor applied)."""
    score: Fraction
    """Points in the games counted."""
    titled: int
    """Opponents holding a title that counts for 1.4.5 a."""
    holders: int
    """Opponents holding the norm's title or a higher one (1.4.5 b-e)."""
    federations: Mapping[str, int] = field(default_factory=dict)
    """Opponents by federation (``FID`` and unknown left out)."""
    own_federation: str = ""
    """The player's federation."""
    raised: tuple[int, int] | None = None
    """``(from, to)`` for the one opponent raised to the floor (1.4.6 c)."""
    unrated: int = 0
    """Unrated opponents counted as 1400 (1.4.6 d)."""
    foreigners_waived: bool = False
    """1.4.3-1.4.4 not checked (an exemption of 1.4.3 a-d)."""
    after_round: int | None = None
    """The games after this round are ignored (1.4.1 e); ``None``: every round counts."""
    rounds: tuple[int, ...] = ()
    """The round of each game counted, in order (with :attr:`ratings`)."""
    opponents: tuple[int, ...] = ()
    """The opponent of each game counted (pairing numbers), in order."""
    left_out: tuple[tuple[int, LeftOut], ...] = ()
    """Games played over the board and not counted: ``(round, why)``."""
    cycles: int = 1
    """2 in a double round robin (1.4.5 f)."""
    participants: int = 0
    """Players of the event (1.4.5 f: a double round robin needs 6)."""
    distinct_holders: int = 0
    """Opponents (each counted once) holding the norm's title or a higher one (1.4.5 f)."""
    tpn: int = 0
    """The player checked (0 when the check was built by hand)."""

    @cached_property
    def average(self) -> int | None:
        """Ra (1.4.7), ``None`` without a game."""
        return average_rating(self.ratings) if self.ratings else None

    @cached_property
    def percent(self) -> int | None:
        """The score as a whole percentage, 0.5 % up (1.4.9)."""
        return percentage(self.score, self.games) if self.games else None

    @cached_property
    def performance(self) -> int | None:
        """Rp = Ra + dp (1.4.8)."""
        return performance_rating(self.ratings, self.score)[0] if self.ratings else None

    @property
    def problems(self) -> list[Failure]:
        """Every requirement not met; empty when the norm is achieved."""
        return list(self._problems)

    @cached_property
    def _problems(self) -> tuple[Failure, ...]:
        """:attr:`problems`, found once."""
        return tuple(self._find_problems())

    def _find_problems(self) -> list[Failure]:
        """1.4.1 a, 1.4.3-1.4.5 and 1.4.8, in the order of the articles."""
        out = []
        n = self.games
        if self.counted_games < NORM_GAMES:
            out.append(Failure("1.4.1 a", Requirement.GAMES, self.games, NORM_GAMES))
        out += self._federation_problems()
        if n and self.titled < math.ceil(n / 2):
            out.append(Failure("1.4.5 a", Requirement.TITLE_HOLDERS, self.titled, math.ceil(n / 2)))
        out += self._holder_problems()
        if self.performance is not None and self.performance < self.title.performance:
            out.append(Failure("1.4.8", Requirement.PERFORMANCE, self.performance, self.title.performance))
        if self.average is not None and self.average < self.title.average:
            out.append(Failure("1.4.8 a", Requirement.AVERAGE, self.average, self.title.average))
        if self.percent is not None and self.percent < 35:
            out.append(Failure("1.4.8 b", Requirement.SCORE, self.percent, 35))
        return out

    @property
    def failures(self) -> list[str]:
        """:attr:`problems` in words, each with its article."""
        return [f.text for f in self.problems]

    def _holder_problems(self) -> list[Failure]:
        """1.4.5 b-e: a third of the games (at least 3) against holders of the norm's title or a higher one;
        1.4.5 f: in a double round robin, at least 6 players and half the opponents holding it."""
        if self.cycles >= 2:
            out = []
            if self.participants < DOUBLE_ROUND_ROBIN_PLAYERS:
                out.append(Failure("1.4.5 f", Requirement.PLAYERS, self.participants, DOUBLE_ROUND_ROBIN_PLAYERS))
            met = len(set(self.opponents))
            needed = math.ceil(met / 2)
            if self.distinct_holders < needed:
                out.append(Failure("1.4.5 f", Requirement.DOUBLE_TITLE, self.distinct_holders, needed,
                                   title=self.title.value))
            return out
        needed = max(3, math.ceil(self.games / 3))
        if self.holders < needed:
            return [Failure(self.title.article, Requirement.TITLE, self.holders, needed, title=self.title.value)]
        return []

    @property
    def defeated_left_out(self) -> tuple[int, ...]:
        """The rounds of the games against defeated opponents left out (1.4.1 f)."""
        return tuple(r for r, why in self.left_out if why is LeftOut.DEFEATED)

    @property
    def mix_problems(self) -> list[Failure]:
        """The requirements on the opponents (1.4.3-1.4.5) not met."""
        return [f for f in self.problems if f.article.startswith(("1.4.3", "1.4.4", "1.4.5"))]

    def _federation_problems(self) -> list[Failure]:
        """1.4.3 and 1.4.4, unless waived."""
        if self.foreigners_waived or not self.games:
            return []
        out = []
        n, own = self.games, self.own_federation
        foreign = [fed for fed in self.federations if fed != own]
        if len(foreign) < 2:
            out.append(Failure("1.4.3", Requirement.FOREIGN_FEDERATIONS, len(foreign), 2))
        if own and self.federations.get(own, 0) > 3 * n // 5:
            out.append(Failure("1.4.4", Requirement.OWN_FEDERATION, self.federations[own], 3 * n // 5, own))
        for fed, count in sorted(self.federations.items()):
            if count > 2 * n // 3:
                out.append(Failure("1.4.4", Requirement.ONE_FEDERATION, count, 2 * n // 3, fed))
        return out

    @property
    def achieved(self) -> bool:
        """Every requirement is met."""
        return not self._problems


@dataclass(slots=True)
class PlayerNorms:
    """The norms checked for one player."""

    tpn: int
    """Pairing number."""
    name: str
    """Name."""
    checks: list[NormCheck] = field(default_factory=list)
    """One per norm the player may seek (:func:`sought`)."""

    @property
    def achieved(self) -> list[NormCheck]:
        """The norms achieved."""
        return [c for c in self.checks if c.achieved]


@dataclass(frozen=True, slots=True)
class _Game:
    round: int
    opponent: int
    score: Fraction


def _games(tournament: Tournament, tpn: int, last: int) -> list[_Game]:
    """The games a norm counts (1.4.2 c: over the board, both players moved)."""
    out = []
    for rnd in range(1, last + 1):
        rec = tournament.players[tpn].result(rnd)
        if rec.opponent is not None and rec.result in NORM_RESULTS:
            out.append(_Game(rnd, rec.opponent, NORM_RESULTS[rec.result]))
    return out


def _scored_zero_against_rated(tournament: Tournament, tpn: int, rating_of: Mapping[int, int], last: int) -> bool:
    """1.4.2 b: ``tpn`` is unrated and scored nothing in his games against rated opponents."""
    if rating_of.get(tpn, 0):
        return False
    return not sum((g.score for g in _games(tournament, tpn, last) if rating_of.get(g.opponent, 0)), Fraction(0))


def _counted_games(tournament: Tournament, tpn: int, games: int, last: int, planned: int | None) -> int:
    """1.4.1 c: 8 games in a 9-round event count as 9 when the missing round is a forfeit win or a PAB."""
    if planned != NORM_GAMES or last != NORM_GAMES or games != NORM_GAMES - 1:
        return games
    missing = [tournament.players[tpn].result(rnd).result for rnd in range(1, NORM_GAMES + 1)]
    unplayed = [r for r in missing if r not in NORM_RESULTS]
    return NORM_GAMES if len(unplayed) == 1 and unplayed[0] in (Result.FORFEIT_WIN, Result.PAB) else games


def _rated(ratings: list[int], opponents: list[int], floor: int) -> tuple[tuple[int, ...], tuple[int, int] | None]:
    """1.4.6 c-d: unrated as 1400, then the lowest-rated opponent (one only; both games against him in a
    double round robin) raised to the floor."""
    values = [r or UNRATED_AS for r in ratings]
    if not values:
        return (), None
    low = min(range(len(values)), key=lambda i: values[i])
    if values[low] >= floor:
        return tuple(values), None
    raised = (values[low], floor)
    values = [floor if opponents[i] == opponents[low] else v for i, v in enumerate(values)]
    return tuple(values), raised


def out_of_reach(rounds: int) -> bool:
    """No norm can be achieved over ``rounds`` rounds: fewer than :data:`NORM_GAMES` (1.4.1 a)."""
    # A game a round, and 1.4.1 c only over NORM_GAMES rounds: fewer rounds never count enough games.
    # That holds while 1.4.1 b (7 games in the World and Continental Team Championships) and 1.4.1 d (a
    # point above the requirement counting as an extra game) are not modelled; with them it would not.
    return rounds < NORM_GAMES


def _ratings(tournament: Tournament) -> dict[int, int]:
    """The players' ratings, by pairing number (the default ratings of the checks)."""
    return {p.tpn: p.rating for p in tournament}


@dataclass(frozen=True, slots=True)
class _Player:
    """What every check of one player's norms reads from the event, read once."""

    tournament: Tournament
    tpn: int
    rating_of: Mapping[int, int]
    options: NormOptions
    recorded: int
    games: tuple[_Game, ...]
    """Every game played over the board (1.4.2 c)."""
    excluded: frozenset[int]
    """Rounds of games not counted by 1.4.2 b (round robins)."""
    counted: dict[tuple[int, frozenset[int]], _Counted] = field(default_factory=dict, compare=False)
    """What the checks over ``(last, ignored)`` count, found once for all the norms checked."""

    @classmethod
    def of(cls, tournament: Tournament, tpn: int, ratings: Mapping[int, int] | None,
           options: NormOptions, recorded: int | None = None) -> _Player:
        """``recorded``: the tournament's recorded rounds, when the caller has them (a report checks every
        player)."""
        recorded = tournament.recorded_rounds if recorded is None else recorded
        rating_of = ratings if ratings is not None else _ratings(tournament)
        games = tuple(_games(tournament, tpn, recorded))
        excluded = frozenset(g.round for g in games if options.predetermined
                             and _scored_zero_against_rated(tournament, g.opponent, rating_of, recorded))
        return cls(tournament, tpn, rating_of, options, recorded, games, excluded)

    @property
    def planned(self) -> int | None:
        """The rounds of the event (1.4.1 c), ``None`` when not known."""
        return self.options.planned_rounds if self.options.planned_rounds is not None else self.tournament.rounds

    def may_count(self, last: int) -> bool:
        """Whether a check over rounds 1..``last`` counts :data:`NORM_GAMES` games (1.4.1 a, c) when it leaves
        no win out; else that check fails 1.4.1 a, and so does every one leaving games out."""
        return not out_of_reach(last) and self.counted_over(last).counted >= NORM_GAMES

    def check(self, title: NormTitle, last: int, ignored: frozenset[int] = frozenset()) -> NormCheck:
        """The check of ``title`` over rounds 1..``last``, the games of ``ignored`` left out (1.4.1 f)."""
        return self._figures(title, self.counted_over(last, ignored))

    def counted_over(self, last: int, ignored: frozenset[int] = frozenset()) -> _Counted:
        """What the checks over rounds 1..``last`` less ``ignored`` count, found once for every norm."""
        key = (last, ignored)
        found = self.counted.get(key)
        if found is None:
            found = self.counted[key] = self._counted(last, ignored)
        return found

    def _counted(self, last: int, ignored: frozenset[int]) -> _Counted:
        """What every norm's check over rounds 1..``last`` less ``ignored`` counts (1.4.2-1.4.5, 1.4.6 d)."""
        left_out = [(g.round, LeftOut.UNRATED_ZERO if g.round in self.excluded else LeftOut.DEFEATED
                     if g.round in ignored else LeftOut.LATER)
                    for g in self.games if g.round in self.excluded or g.round in ignored or g.round > last]
        games = [g for g in self.games if g.round <= last and g.round not in self.excluded and g.round not in ignored]
        t = self.tournament
        opponents = [t.players[g.opponent] for g in games]
        federations: dict[str, int] = {}
        for o in opponents:
            fed = o.federation.strip().upper()
            if fed and fed != NO_FEDERATION:
                federations[fed] = federations.get(fed, 0) + 1
        fewer = bool(ignored or self.excluded)
        counted = len(games) if fewer else _counted_games(t, self.tpn, len(games), last, self.planned)
        titles = [o.title.strip().upper() for o in opponents]
        return _Counted(
            last, tuple(left_out), tuple(g.round for g in games), tuple(o.tpn for o in opponents),
            [self.rating_of.get(o.tpn, 0) for o in opponents], titles, federations, counted,
            exact_sum(g.score for g in games), sum(x in TITLE_HOLDERS for x in titles),
            sum(not self.rating_of.get(o.tpn, 0) for o in opponents))

    def _figures(self, title: NormTitle, counted: _Counted) -> NormCheck:
        t, options = self.tournament, self.options
        values, raised = _rated(counted.ratings, list(counted.opponents), title.floor)
        holders = title.holders
        return NormCheck(
            title, len(counted.rounds), counted.counted, values, counted.score, titled=counted.titled,
            holders=sum(x in holders for x in counted.titles), federations=dict(counted.federations),
            own_federation=t.players[self.tpn].federation.strip().upper(), raised=raised, unrated=counted.unrated,
            foreigners_waived=options.foreigners_waived,
            after_round=None if counted.last == self.recorded else counted.last, rounds=counted.rounds,
            opponents=counted.opponents, left_out=counted.left_out,
            cycles=options.cycles if options.predetermined else 1, participants=len(t.players),
            distinct_holders=len({o for o, x in zip(counted.opponents, counted.titles, strict=True) if x in holders}),
            tpn=self.tpn)


@dataclass(frozen=True, slots=True)
class _Counted:
    """What a check over some rounds counts, whatever the norm: the games, their opponents' ratings (before
    1.4.6 c), titles and federations, the score."""

    last: int
    left_out: tuple[tuple[int, LeftOut], ...]
    rounds: tuple[int, ...]
    opponents: tuple[int, ...]
    ratings: list[int]
    titles: list[str]
    federations: dict[str, int]
    counted: int
    score: Fraction
    titled: int
    unrated: int


def check_norm(tournament: Tournament, tpn: int, title: NormTitle, *, ratings: Mapping[int, int] | None = None,
               options: NormOptions = NormOptions(), last: int | None = None,
               ignored: frozenset[int] = frozenset()) -> NormCheck:
    """The check of norm ``title`` for ``tpn`` over rounds 1 to ``last`` (default: all recorded).

    :param ratings: ratings at the start, 0 for unrated (default: the players' ``rating``).
    :param ignored: rounds of games against defeated opponents left out (1.4.1 f); the caller checks
        that they were won.
    """
    player = _Player.of(tournament, tpn, ratings, options)
    return player.check(title, player.recorded if last is None else last, ignored)


def best_norm(tournament: Tournament, tpn: int, title: NormTitle, *, ratings: Mapping[int, int] | None = None,
              options: NormOptions = NormOptions()) -> NormCheck:
    """The check of norm ``title`` for ``tpn`` that achieves it with the most games, if any does: over every
    round; else leaving out games against defeated opponents (1.4.1 f: the fewest, the rest at least 9 games
    meeting every requirement; in a round robin only when the whole event's opponents meet 1.4.3-1.4.5);
    else, without predetermined pairings, over the rounds up to an earlier one (1.4.1 e), with 1.4.1 f
    there too. When none achieves it, the check over every round."""
    return _best_norm(_Player.of(tournament, tpn, ratings, options), title)


def _best_norm(player: _Player, title: NormTitle) -> NormCheck:
    """:func:`best_norm` of what was read of ``player``."""
    options = player.options
    full = player.check(title, player.recorded)
    if full.achieved:
        return full
    lasts = [player.recorded] + ([] if options.predetermined else list(range(player.recorded - 1, 0, -1)))
    lasts = [last for last in lasts if player.may_count(last)]
    best: NormCheck | None = None
    for last in lasts:
        found = _leaving_out_defeated(player, title, last, full)
        if found is not None and (best is None or found.games > best.games):
            best = found
    return best or full


def _leaving_out_defeated(player: _Player, title: NormTitle, last: int, full: NormCheck) -> NormCheck | None:
    """The achieved check over rounds 1..``last`` that leaves out the fewest wins (1.4.1 f), none first;
    among as many, the highest performance, then the earliest rounds left out. ``None`` when none."""
    base = full if last == player.recorded else player.check(title, last)
    if base.achieved:
        return base
    if (player.options.predetermined and full.mix_problems) or not _may_improve(base):
        return None  # 1.4.1 f in a round robin: the whole event must make a norm possible
    wins = [r for r in base.rounds if player.tournament.players[player.tpn].result(r).result is Result.WIN]
    tried = 0
    for size in range(1, len(wins) + 1):
        if base.games - size < NORM_GAMES:
            break
        achieved = []
        for chosen in combinations(wins, size):
            tried += 1
            if tried > SUBSETS_TRIED:
                return None
            check = player.check(title, last, frozenset(chosen))
            if check.achieved:
                achieved.append((-(check.performance or 0), chosen, check))
        if achieved:
            return min(achieved, key=lambda item: (item[0], item[1]))[2]
    return None


def _may_improve(check: NormCheck) -> bool:
    """Whether leaving out games could meet what ``check`` misses: never the requirements whose counts only
    fall when games go (the minimum of 3 holders of the title, 5 title holders in 9 games, 2 foreign
    federations)."""
    if check.cycles < 2 and check.holders < 3:
        return False
    if check.titled < 5:
        return False
    foreign = [fed for fed in check.federations if fed != check.own_federation]
    return check.foreigners_waived or len(foreign) >= 2


def norms_report(tournament: Tournament, *, ratings: Mapping[int, int] | None = None,
                 options: NormOptions = NormOptions()) -> list[PlayerNorms]:
    """Every player's norm checks (the norms :func:`sought`), in pairing-number order: for each, the check
    of :func:`best_norm` (a norm achieved over every round, else by 1.4.1 f or e, else the full check)."""
    out = []
    recorded = tournament.recorded_rounds
    rating_of = ratings if ratings is not None else _ratings(tournament)
    for player in tournament:
        line = PlayerNorms(player.tpn, player.name)
        read = _Player.of(tournament, player.tpn, rating_of, options, recorded)  # once for all its titles
        for title in sought(player.title, player.sex):
            line.checks.append(_best_norm(read, title))
        out.append(line)
    return out
