"""The rating report of an event: each player's rating change, performance and opponents' average.

The rules are the FIDE Rating Regulations effective from 1 March 2024 (FIDE Handbook B.02), with the
amendment of article 8.3.1 effective from 1 October 2025, and the FIDE Rapid and Blitz Rating
Regulations effective from 1 March 2024 with their amendment of 7.3.1 effective from 1 December 2024
(:class:`Chapter`):

* only games played over the board are rated: forfeits, byes and games in which a player did not
  make a move are not (5.1);
* a rated player's rating changes by K x sum(score - PD) over the games against *rated* opponents
  (8.3.1, 8.3.2); PD comes from table 8.1.2 for the difference D, a difference of more than 400
  points counting as 400 (8.3.1; from 1 October 2025 only for players rated below 2650; in rapid and
  blitz for every player, 7.3.1);
* in rapid and blitz, from 1 December 2024, a game between players 600 or more points apart is not
  rated when one of them is rated above 2600 (7.3.1), and an unrated player with a standard rating
  is rated with it, as a rated player (7.2.1);
* K is 40, 20 or 10 by the rules of 8.3.3 (or the value the rating list publishes, 7.1.2): 10 once
  the published rating has reached 2400, even below it; otherwise 40 until the end of the year of the
  18th birthday as long as the rating remains under 2300, and 40 until 30 games are rated; otherwise
  20. Then K is lowered so that K x n does not exceed 700, n being the player's games of the rating
  period: this event's, plus those of other events of the same period when they are given
  (:attr:`KFacts.period_games`);
* the change is rounded to the nearest whole number, 0.5 away from zero (8.3.4);
* an unrated player gets the provisional figure Ru = Ra + dp over the games against rated opponents
  plus two hypothetical draws against opponents rated 1800, at most 2200 (8.2); it is published once
  it rests on at least 5 games against rated opponents and reaches 1400 (7.1.4), and a zero score in
  the first event is disregarded (8.2.1);
* a player unrated at the start who has received a published rating before the event is rated is
  rated as a rated player with that rating, but counts as unrated for the opponents (8.2.4).

The edition in force is the one of the event's start date (TRF ``042``, in any form the TRF reader
accepts, :mod:`swisspair.trf.dates`), the juniors' K counts the year of that date and the year of the
birth date (``001``, any form). Where a date is missing the report says which rule could not be
applied (:attr:`RatingReport.warnings`).

The performance Rp and the opponents' average Ra of the report are those of the Title Regulations
(B.01 1.4.7-1.4.9) over the same rated games: :func:`swisspair.tiebreaks.fide_tables.performance_rating`.

>>> from swisspair import trf
>>> t = trf.loads(
...     "001    1      A                                 2000                             1.0    1     2 w 1\\n"
...     "001    2      B                                 1900                             0.0    2     1 b 0\\n"
... ).tournament
>>> report = rating_report(t, facts={1: KFacts(listed_k=20), 2: KFacts(listed_k=20)}, year=2025)
>>> [(p.tpn, p.change_exact, p.change) for p in report.players]
[(1, Fraction(36, 5), 7), (2, Fraction(-36, 5), -7)]
"""

from __future__ import annotations

import csv
import datetime
import enum
import io
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from swisspair.exact import exact_sum
from swisspair.model import Result, RoundResult, Tournament
from swisspair.tiebreaks.fide_tables import dp, percentage, performance_rating, probability_hundredths
from swisspair.tiebreaks.rounding import decimal_text, round_half_up

__all__ = [
    "Chapter",
    "GameLine",
    "InitialNote",
    "InitialRating",
    "KFacts",
    "KRule",
    "MissingDate",
    "NotRated",
    "PlayerRating",
    "RatingReport",
    "Regulations",
    "ReportWarning",
    "initial_rating",
    "k_factor",
    "rating_report",
    "regulations_for",
]

RATED_RESULTS = {Result.WIN: Fraction(1), Result.DRAW: Fraction(1, 2), Result.LOSS: Fraction(0)}
"""Results of games played over the board with at least one move each: the only rated ones (B.02 5.1),
with the score 8.3.2 b counts (1, 0.5 or 0, whatever the event's own scoring)."""
_PROBABILITIES = tuple(Fraction(hundredths, 100) for hundredths in range(101))
"""PD of table 8.1.2 as a fraction, by hundredths (made once: a report holds one per rated game)."""

HYPOTHETICAL_RATING = 1800
"""The two hypothetical opponents of an unrated player, each a draw (B.02 8.2.2)."""
MAXIMUM_INITIAL = 2200
"""The highest initial rating (B.02 8.2.3)."""
RATING_FLOOR = 1400
"""The lowest rating published (B.02 7.1.4, 7.2.1)."""
MINIMUM_GAMES = 5
"""Games against rated opponents an initial rating needs before it is published (B.02 7.1.4)."""
K_TIMES_GAMES = 700
"""K x n may not exceed this in a rating period (B.02 8.3.3)."""
DIFFERENCE_NOT_RATED = 600
"""Rapid and blitz: games between players this far apart are not rated when one of them is rated above
:data:`TOP_RATING` (Rapid and Blitz Rating Regulations 7.3.1, from 1 December 2024)."""
TOP_RATING = 2600
"""See :data:`DIFFERENCE_NOT_RATED`."""


class NotRated(enum.Enum):
    """Why a round does not count for the rating."""

    NOT_PAIRED = "not paired"
    """An absence: no game."""
    BYE = "bye: not rated (5.1)"
    """A bye (pairing-allocated or requested): no game (5.1)."""
    FORFEIT = "forfeit: not rated (5.1)"
    """A game not played (5.1)."""
    NO_MOVE = "less than one move each: not rated (5.1)"
    """A game in which a player made no move (5.1)."""
    OPPONENT_UNRATED = "opponent unrated: only games against rated players count (8.3.1)"
    """A rated player's game against an unrated opponent (8.3.1)."""
    BOTH_UNRATED = "opponent unrated: only games against rated opponents count (8.2.2)"
    """An unrated player's game against an unrated opponent (8.2.2)."""
    OPPONENT_RATED_SINCE = "opponent counted as unrated: rated only since the start (8.2.4)"
    """A game against a player who was unrated at the start and has a published rating since: rated for
    that player, not for the opponent (8.2.4)."""
    DIFFERENCE_600 = "600 points or more apart, one rated above 2600: not rated (rapid and blitz 7.3.1)"
    """Rapid and blitz, from 1 December 2024: a rating difference of 600 or more with one of the two rated
    above 2600 (7.3.1)."""


class KRule(enum.Enum):
    """Which rule of B.02 8.3.3 gave K (before the K x n <= 700 limit), in the order they are applied."""

    LISTED = "as the rating list publishes it (7.1.2)"
    REACHED_2400 = "the published rating has reached 2400 (8.3.3)"
    JUNIOR = "until the end of the year of the 18th birthday, rated under 2300 (8.3.3)"
    NEW = "fewer than 30 games rated (8.3.3)"
    UNDER_2400 = "rated under 2400 (8.3.3)"


class InitialNote(enum.Enum):
    """Why an initial rating is not (yet) published, or why there is none (B.02 7.1.4, 8.2)."""

    NO_GAME = "no game against a rated opponent"
    ZERO_SCORE = "a zero score in the first event is disregarded (8.2.1)"
    MAXIMUM = "at most 2200 (8.2.3)"
    FEW_GAMES = "fewer than 5 games against rated opponents: pooled with later events within 26 months (7.1.4)"
    BELOW_FLOOR = "below 1400: not published (7.1.4)"


class Chapter(enum.Enum):
    """The rating list an event is rated for: standard play (B.02), or rapid or blitz (the Rapid and Blitz
    Rating Regulations, the same tables, K and rounding, with their own 7.2.1 and 7.3.1)."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


class Regulations(enum.Enum):
    """The edition of the FIDE Rating Regulations applied."""

    MARCH_2024 = "2024-03"
    """Effective from 1 March 2024: the 400-point rule for every player, in every game (8.3.1)."""
    OCTOBER_2025 = "2025-10"
    """The amendment of 8.3.1 effective from 1 October 2025: players rated 2650 and above use the
    actual difference in all cases."""
    RAPID_BLITZ_MARCH_2024 = "rapid-blitz-2024-03"
    """The Rapid and Blitz Rating Regulations effective from 1 March 2024: the 400-point rule for every
    player (7.3.1), an unrated player's standard rating used (7.2.1)."""
    RAPID_BLITZ_DECEMBER_2024 = "rapid-blitz-2024-12"
    """The same with 7.3.1 as amended from 1 December 2024: games between players 600 or more points
    apart, one of them rated above 2600, are not rated."""

    @property
    def title(self) -> str:
        """How the report names the rules it applied."""
        return {
            Regulations.MARCH_2024: "FIDE Rating Regulations effective from 1 March 2024",
            Regulations.OCTOBER_2025: "FIDE Rating Regulations effective from 1 March 2024, 8.3.1 as amended "
                                      "from 1 October 2025",
            Regulations.RAPID_BLITZ_MARCH_2024: "FIDE Rapid and Blitz Rating Regulations effective from "
                                                "1 March 2024",
            Regulations.RAPID_BLITZ_DECEMBER_2024: "FIDE Rapid and Blitz Rating Regulations effective from "
                                                   "1 March 2024, 7.3.1 as amended from 1 December 2024",
        }[self]

    @property
    def rapid_blitz(self) -> bool:
        """The Rapid and Blitz Rating Regulations."""
        return self in (Regulations.RAPID_BLITZ_MARCH_2024, Regulations.RAPID_BLITZ_DECEMBER_2024)

    def capped(self, rating: int) -> bool:
        """Whether a difference of more than 400 points counts as 400 for a player rated ``rating``
        (8.3.1; rapid and blitz 7.3.1, without the 2650 exception)."""
        return self is not Regulations.OCTOBER_2025 or rating < 2650

    def rated_pair(self, rating: int, opponent: int) -> bool:
        """Whether a game between two rated players is rated at all: not, in rapid and blitz from
        1 December 2024, when they are 600 or more points apart and one is rated above 2600 (7.3.1)."""
        return not (self is Regulations.RAPID_BLITZ_DECEMBER_2024 and abs(rating - opponent) >= DIFFERENCE_NOT_RATED
                    and max(rating, opponent) > TOP_RATING)


_EDITIONS = {
    Chapter.STANDARD: ((datetime.date(2025, 10, 1), Regulations.OCTOBER_2025), Regulations.MARCH_2024),
    Chapter.RAPID: ((datetime.date(2024, 12, 1), Regulations.RAPID_BLITZ_DECEMBER_2024),
                    Regulations.RAPID_BLITZ_MARCH_2024),
}
_EDITIONS[Chapter.BLITZ] = _EDITIONS[Chapter.RAPID]


def regulations_for(date: str | datetime.date | None, chapter: Chapter = Chapter.STANDARD) -> Regulations:
    """The edition in force for an event of ``chapter`` starting on ``date`` (a date, or a text in any form
    the TRF reader accepts: ``2025/09/30``, ``30.09.2025``, ``2025-09-30`` ...); without a full date, the
    current one. Editions before 1 March 2024 (another initial rating, the 400-point rule once per event)
    are not modelled: older events get the March 2024 rules.

    >>> regulations_for("2025-09-30"), regulations_for("01.10.2025"), regulations_for(None)
    (<Regulations.MARCH_2024: '2024-03'>, <Regulations.OCTOBER_2025: '2025-10'>, <Regulations.OCTOBER_2025: '2025-10'>)
    >>> regulations_for("30/11/2024", Chapter.BLITZ).name
    'RAPID_BLITZ_MARCH_2024'
    """
    from swisspair.trf.dates import calendar_date

    day = calendar_date(date) if isinstance(date, str) else date
    (amended, latest), earlier = _EDITIONS[chapter]
    return earlier if day is not None and day < amended else latest


class MissingDate(enum.Enum):
    """A date the report needed and did not have, with the rule it could not apply."""

    EDITION = "no start date (TRF 042): the edition in force today was applied (B.02 8.3.1)"
    """The event has no (full) start date, and no edition was chosen."""
    YEAR = "no start date (TRF 042): the juniors' K (8.3.3) could not be applied"
    """The event has no (full) start date, and no year was given: nobody is known to be a junior."""
    BIRTH = ("no birth date: whether K is 40 until the end of the year of the 18th birthday (8.3.3) could "
             "not be checked")
    """A rated player under 2300 without a birth date, whose K would be 40 were he a junior."""


@dataclass(frozen=True, slots=True)
class ReportWarning:
    """A rule the report could not apply for want of a date."""

    missing: MissingDate
    """What is missing, and which rule it keeps from being applied."""
    tpn: int | None = None
    """The player concerned; ``None`` for the event."""

    @property
    def text(self) -> str:
        """``player 7: no birth date: ...``."""
        return self.missing.value if self.tpn is None else f"player {self.tpn}: {self.missing.value}"


@dataclass(frozen=True, slots=True)
class KFacts:
    """What B.02 8.3.3 needs to know of a player besides the rating, to choose K."""

    listed_k: int | None = None
    """K as the FIDE rating list publishes it (7.1.2, the ``K`` column); when given, it is used."""
    birth_year: int | None = None
    """Year of birth: K is 40 until the end of the year of the 18th birthday, under 2300."""
    rated_games: int | None = None
    """Games rated before the event; fewer than 30: K is 40. ``None``: not known (taken as 30 or more)."""
    reached_2400: bool = False
    """The published rating has reached 2400 at some time (K stays 10 even below 2400)."""
    reached_2300: bool = False
    """The rating has been 2300 or more at some time: the juniors' 40 is for "as long as their rating
    remains under 2300", so it is over."""
    period_games: int = 0
    """Games of other events rated in the same rating period: K x n may not exceed 700 for the period
    (8.3.3), so they count in n with this event's."""


def k_factor(rating: int, facts: KFacts, year: int | None, games: int) -> tuple[int, KRule, int]:
    """``(K, rule, K before the limit)`` for a player rated ``rating`` who plays ``games`` rated games in
    ``year`` (B.02 8.3.3): the rule that gives K, then K lowered so that K x n does not exceed 700, n being
    ``games`` plus :attr:`KFacts.period_games`.

    The rules in the order they decide: the list's K when known (7.1.2); 10 once the published rating
    has reached 2400 ("and remains at that level subsequently, even if the rating drops below 2400"),
    whatever the age or the games; 40 until the end of the year of the 18th birthday "as long as their
    rating remains under 2300" (so not once it has been 2300 or more); 40 for a player new to the list
    until 30 games; otherwise 20.

    >>> k_factor(1850, KFacts(birth_year=2008), 2026, 9)
    (40, <KRule.JUNIOR: 'until the end of the year of the 18th birthday, rated under 2300 (8.3.3)'>, 40)
    >>> k_factor(2290, KFacts(birth_year=2009, reached_2400=True), 2026, 9)[:2]
    (10, <KRule.REACHED_2400: 'the published rating has reached 2400 (8.3.3)'>)
    >>> k_factor(1700, KFacts(rated_games=12), 2026, 20)
    (35, <KRule.NEW: 'fewer than 30 games rated (8.3.3)'>, 40)
    """
    if facts.listed_k is not None:
        k, rule = facts.listed_k, KRule.LISTED
    elif facts.reached_2400 or rating >= 2400:
        k, rule = 10, KRule.REACHED_2400
    elif (facts.birth_year is not None and year is not None and year <= facts.birth_year + 18
          and rating < 2300 and not facts.reached_2300):
        k, rule = 40, KRule.JUNIOR
    elif facts.rated_games is not None and facts.rated_games < 30:
        k, rule = 40, KRule.NEW
    else:
        k, rule = 20, KRule.UNDER_2400
    n = games + facts.period_games
    limited = K_TIMES_GAMES // n if n and k * n > K_TIMES_GAMES else k
    return limited, rule, k


@dataclass(frozen=True, slots=True)
class GameLine:
    """One round of a player in the report."""

    round: int
    """Round number."""
    opponent: int | None
    """Opponent's pairing number; ``None`` for a bye or an absence."""
    opponent_rating: int = 0
    """Opponent's rating, 0 when unrated."""
    score: Fraction | None = None
    """1, 0.5 or 0 when the game is rated (8.3.2 b)."""
    reason: NotRated | None = None
    """Why the round is not rated (``None`` when it is)."""
    difference: int | None = None
    """D as used: own rating - opponent's, limited to +-400 where 8.3.1 says so (rated players only)."""
    capped: bool = False
    """The actual difference was more than 400 and counted as 400 (8.3.1)."""
    probability: Fraction | None = None
    """PD from table 8.1.2 (rated players only)."""

    @property
    def rated(self) -> bool:
        """The game counts for the rating (5.1, 8.3.1 / 8.2.2)."""
        return self.score is not None

    @property
    def delta(self) -> Fraction | None:
        """Delta R = score - PD (8.3.2 b)."""
        return None if self.score is None or self.probability is None else self.score - self.probability


@dataclass(frozen=True, slots=True)
class InitialRating:
    """The provisional figure of an unrated player (B.02 8.2)."""

    games: int
    """Games against rated opponents (8.2.2)."""
    score: Fraction
    """Points in those games."""
    average: Fraction
    """Ra: the average of the rated opponents and two hypothetical opponents rated 1800 (8.2.2)."""
    percent: int
    """p with the two hypothetical draws, as a whole percentage (0.5 % up, as B.01 1.4.9)."""
    rating: int | None
    """Ru = Ra + dp, rounded, at most 2200 (8.2.3); ``None`` when a zero score is disregarded (8.2.1)."""
    notes: tuple[InitialNote, ...] = ()
    """What keeps the figure from being published yet (7.1.4), or why there is none (8.2.1)."""

    @property
    def note(self) -> str:
        """:attr:`notes` in words."""
        return "; ".join(n.value for n in self.notes)

    @property
    def published(self) -> bool:
        """At least 5 games against rated opponents and at least 1400 (7.1.4)."""
        return self.rating is not None and self.games >= MINIMUM_GAMES and self.rating >= RATING_FLOOR


def initial_rating(opponent_ratings: list[int], score: Fraction) -> InitialRating:
    """Ru of an unrated player who scored ``score`` against rated opponents ``opponent_ratings`` (B.02 8.2).

    >>> initial_rating([1600, 1700, 1800, 1900, 2000], Fraction(3)).rating
    1850
    """
    games = len(opponent_ratings)
    if games == 0 or score == 0:
        note = InitialNote.NO_GAME if games == 0 else InitialNote.ZERO_SCORE
        return InitialRating(games, Fraction(score), Fraction(0), 0, None, (note,))
    average = Fraction(sum(opponent_ratings) + 2 * HYPOTHETICAL_RATING, games + 2)
    percent = percentage(score + 1, games + 2)
    rating = int(round_half_up(average + dp(percent)))
    notes = []
    if rating > MAXIMUM_INITIAL:
        rating = MAXIMUM_INITIAL
        notes.append(InitialNote.MAXIMUM)
    if games < MINIMUM_GAMES:
        notes.append(InitialNote.FEW_GAMES)
    if rating < RATING_FLOOR:
        notes.append(InitialNote.BELOW_FLOOR)
    return InitialRating(games, Fraction(score), average, percent, rating, tuple(notes))


@dataclass(slots=True)
class PlayerRating:
    """A player's line of the rating report."""

    tpn: int
    """Pairing number."""
    name: str
    """Name."""
    rating: int
    """Rating at the start, 0 when unrated."""
    games: tuple[GameLine, ...] = ()
    """Every round, rated or not."""
    k: int | None = None
    """K applied (rated players)."""
    k_rule: KRule | None = None
    """Which rule of 8.3.3 gave K."""
    k_unlimited: int | None = None
    """K before the K x n <= 700 limit (8.3.3)."""
    fide_id: str = ""
    """FIDE identifier."""
    federation: str = ""
    """Federation."""
    initial: InitialRating | None = None
    """The provisional figure of an unrated player (8.2)."""
    period_games: int = 0
    """Games of other events of the same rating period counted in K x n (8.3.3)."""
    rated_as: str = ""
    """Why a player unrated on the list is rated here: ``"8.2.4"`` (a published rating received since the
    start: rated with it, unrated for the opponents), ``"7.2.1"`` (rapid and blitz: the standard rating
    used); empty otherwise."""

    @property
    def k_reason(self) -> str:
        """Why K is what it is, in words; the K x n limit is per rating period (8.3.3)."""
        if self.k is None or self.k_rule is None:
            return ""
        text = f"{self.k_unlimited}: {self.k_rule.value}"
        if self.k != self.k_unlimited:
            n = len(self.rated_games)
            games = f"{n} games" if not self.period_games else f"{n} + {self.period_games} games of the period"
            text += f"; {self.k}: K x {games} may not exceed {K_TIMES_GAMES} in a rating period (8.3.3)"
        return text

    @property
    def rated_games(self) -> list[GameLine]:
        """The games that count (5.1; for a rated player only against rated opponents, 8.3.1)."""
        return [g for g in self.games if g.rated]

    @property
    def score(self) -> Fraction:
        """Points in the rated games."""
        return exact_sum(g.score for g in self.games if g.score is not None)

    @property
    def expected(self) -> Fraction | None:
        """The sum of PD over the rated games (rated players)."""
        if not self.rating:
            return None
        return exact_sum(g.probability for g in self.games if g.rated and g.probability is not None)

    @property
    def change_exact(self) -> Fraction | None:
        """K x sum(Delta R) (8.3.2 d), before rounding; ``None`` for an unrated player."""
        expected = self.expected
        if expected is None or self.k is None:
            return None
        return self.k * (self.score - expected)

    @property
    def change(self) -> int | None:
        """The rating change rounded to the nearest whole number, 0.5 away from zero (8.3.4)."""
        exact = self.change_exact
        if exact is None:
            return None
        rounded = math.floor(abs(exact) + Fraction(1, 2))
        return rounded if exact >= 0 else -rounded

    @property
    def performance(self) -> tuple[int, int, int] | None:
        """``(Rp, Ra, percent)`` over the rated games (B.01 1.4.7-1.4.9); ``None`` without one."""
        games = self.rated_games
        if not games:
            return None
        return performance_rating([g.opponent_rating for g in games], self.score)


@dataclass(slots=True)
class RatingReport:
    """Every player's rating figures for the event."""

    regulations: Regulations
    """The edition applied."""
    players: list[PlayerRating] = field(default_factory=list)
    """In pairing-number order."""
    warnings: list[ReportWarning] = field(default_factory=list)
    """Rules that could not be applied for want of a date (the start date, a birth date)."""

    @property
    def chapter(self) -> Chapter:
        """Standard play, or rapid and blitz (which list the report is for is the caller's; both rapid and
        blitz read :attr:`Chapter.RAPID` here)."""
        return Chapter.RAPID if self.regulations.rapid_blitz else Chapter.STANDARD

    def player(self, tpn: int) -> PlayerRating:
        """The line of ``tpn``.

        :raises: :exc:`KeyError` if there is none.
        """
        for p in self.players:
            if p.tpn == tpn:
                return p
        raise KeyError(tpn)

    def to_csv(self) -> str:
        """One line per player: the figures and, for an unrated player, Ru."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["tpn", "name", "fide_id", "federation", "rating", "k", "games", "score", "expected",
                         "change_exact", "change", "average", "percent", "performance", "initial", "note"])
        for p in self.players:
            perf = p.performance
            initial = p.initial
            writer.writerow([p.tpn, p.name, p.fide_id, p.federation, p.rating or "", p.k or "",
                             len(p.rated_games), decimal_text(p.score), decimal_text(p.expected),
                             decimal_text(p.change_exact), "" if p.change is None else p.change,
                             perf[1] if perf else "", perf[2] if perf else "", perf[0] if perf else "",
                             initial.rating if initial and initial.rating is not None else "",
                             initial.note if initial else ""])
        return out.getvalue()


def _line(rnd: int, rec: RoundResult, rating: int, ratings: Mapping[int, int],
          regulations: Regulations) -> GameLine:
    """The report's line for round ``rnd`` of a player rated ``rating`` (0: unrated); ``ratings`` are the
    opponents' ratings as the opponents count them (0: unrated)."""
    if rec.opponent is None:
        return GameLine(rnd, None, reason=NotRated.BYE if rec.result.is_bye and rec.result is not Result.ABSENT
                        else NotRated.NOT_PAIRED)
    opponent_rating = ratings.get(rec.opponent, 0)
    if rec.result.is_forfeit:
        return GameLine(rnd, rec.opponent, opponent_rating, reason=NotRated.FORFEIT)
    if rec.result not in RATED_RESULTS:
        return GameLine(rnd, rec.opponent, opponent_rating, reason=NotRated.NO_MOVE)
    if not opponent_rating:
        return GameLine(rnd, rec.opponent, 0, reason=NotRated.OPPONENT_UNRATED if rating else NotRated.BOTH_UNRATED)
    score = RATED_RESULTS[rec.result]
    if not rating:
        return GameLine(rnd, rec.opponent, opponent_rating, score)
    if not regulations.rated_pair(rating, opponent_rating):
        return GameLine(rnd, rec.opponent, opponent_rating, reason=NotRated.DIFFERENCE_600)
    actual = rating - opponent_rating
    capped = abs(actual) > 400 and regulations.capped(rating)
    difference = max(-400, min(400, actual)) if capped else actual
    return GameLine(rnd, rec.opponent, opponent_rating, score, difference=difference, capped=capped,
                    probability=_PROBABILITIES[probability_hundredths(difference)])


def _rated_since(line: GameLine, rated_since: Mapping[int, int]) -> GameLine:
    """8.2.4: a game against a player rated since the start is not rated for this player (the opponent
    counts as unrated), though it is for that player."""
    if line.opponent not in rated_since or line.reason not in (None, NotRated.OPPONENT_UNRATED,
                                                                NotRated.BOTH_UNRATED):
        return line
    return GameLine(line.round, line.opponent, 0, reason=NotRated.OPPONENT_RATED_SINCE)


def rating_report(tournament: Tournament, *, ratings: Mapping[int, int] | None = None,
                  facts: Mapping[int, KFacts] | None = None, regulations: Regulations | None = None,
                  year: int | None = None, rounds: int | None = None, chapter: Chapter = Chapter.STANDARD,
                  rated_since: Mapping[int, int] | None = None,
                  standard_ratings: Mapping[int, int] | None = None) -> RatingReport:
    """The rating figures of every player of ``tournament`` (see the module's description).

    :param ratings: each player's rating at the start, 0 for unrated (default: the players' ``rating``),
        on the list of ``chapter``.
    :param facts: what chooses each player's K (:class:`KFacts`; default: none known).
    :param regulations: the edition (default: the one of ``chapter`` in force on the start date, TRF ``042``).
    :param year: the year of the event, for the juniors' K (default: from the start date).
    :param rounds: rounds to take into account (default: all recorded).
    :param chapter: the list the event is rated for; rapid and blitz apply their own regulations.
    :param rated_since: players unrated at the start who have a published rating now, with it (8.2.4):
        rated as rated players with it, counted as unrated by their opponents. Their K, when not known,
        is that of a player new to the list (fewer than 30 games).
    :param standard_ratings: rapid and blitz: the standard ratings of players without a rating of
        ``chapter``, used for them as their rating, for themselves and their opponents (7.2.1); their K,
        when not known, is that of a player new to the list.
    """
    from swisspair.trf.dates import calendar_date, year_of

    start = calendar_date((tournament.headers.get("042") or [""])[0])
    report = RatingReport(regulations or regulations_for(start, chapter))
    if start is None and regulations is None:
        report.warnings.append(ReportWarning(MissingDate.EDITION))
    if year is None and start is not None:
        year = start.year
    if year is None:
        report.warnings.append(ReportWarning(MissingDate.YEAR))
    ratings = dict(ratings if ratings is not None else {p.tpn: p.rating for p in tournament})
    facts = facts or {}
    seeded: dict[int, str] = {}
    if report.regulations.rapid_blitz:
        for tpn, standard in (standard_ratings or {}).items():
            if not ratings.get(tpn) and standard:
                ratings[tpn], seeded[tpn] = standard, "7.2.1"
    since = {tpn: value for tpn, value in (rated_since or {}).items() if value and not ratings.get(tpn)}
    seeded.update({tpn: "8.2.4" for tpn in since})
    for player in tournament:
        rating = since.get(player.tpn) or ratings.get(player.tpn, 0)
        last = rounds if rounds is not None else len(player.results)
        lines = tuple(_rated_since(_line(rnd, player.result(rnd), rating, ratings, report.regulations), since)
                      for rnd in range(1, last + 1))
        line = PlayerRating(player.tpn, player.name, rating, lines, fide_id=player.fide_id.strip(),
                            federation=player.federation, rated_as=seeded.get(player.tpn, ""))
        if rating:
            known = facts.get(player.tpn, KFacts())
            if known.birth_year is None:
                known = replace(known, birth_year=year_of(player.birth_date))
            if known.rated_games is None and player.tpn in seeded:
                known = replace(known, rated_games=0)  # new to the list (8.2.4, 7.2.1)
            rated = [g for g in lines if g.rated]
            line.k, line.k_rule, line.k_unlimited = k_factor(rating, known, year, len(rated))
            line.period_games = known.period_games
            if known.birth_year is None and year is not None and line.k_rule is KRule.UNDER_2400 \
                    and rating < 2300 and not known.reached_2300:
                report.warnings.append(ReportWarning(MissingDate.BIRTH, player.tpn))
        else:
            line.initial = initial_rating([g.opponent_rating for g in lines if g.rated], line.score)
        report.players.append(line)
    return report
