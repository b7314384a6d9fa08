"""The reports of an event and what they share, for the manager's pages and ``swisspair report`` alike: the
rating change and performance (:mod:`swisspair.rating_change`), the title norms (:mod:`swisspair.norms`),
the categories' standings (:mod:`swisspair.categories`) and the prize list (:mod:`swisspair.prizes`).

What an event's report needs besides its results is decided here once: the event's dates (TRF ``042``
start and ``052`` end, in any form :func:`~swisspair.trf.dates.parse_date` reads), the edition of the
Rating Regulations in force on the start date, the year whose juniors get K 40 (the year of the last day,
else of the first, else this year: an event without dates is played now), the date ages are counted on
(the one the arbiter set, else the start, else today), and the members of each category.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from swisspair.categories import Category, CategoryRow, PlayerFacts, Ranked, category_standings
from swisspair.model import Tournament
from swisspair.norms import NormOptions, PlayerNorms, norms_report
from swisspair.prizes import PrizeCategory, PrizeList, Sharing, prize_list
from swisspair.rating_change import Chapter, KFacts, RatingReport, regulations_for
from swisspair.rating_change import rating_report as _rating_report

__all__ = ["OVERALL", "CategoryTable", "category_tables", "event_dates", "norm_report", "prize_report", "rating_changes",
           "rating_year", "reference_date"]


def event_dates(tournament: Tournament) -> tuple[datetime.date | None, datetime.date | None]:
    """The first and last day of the event (TRF ``042`` and ``052``); ``None`` for a date not given or not read.

    >>> from swisspair.model import Tournament
    >>> event_dates(Tournament(headers={"042": ["11.05.2024"], "052": ["2024/05/13"]}))
    (datetime.date(2024, 5, 11), datetime.date(2024, 5, 13))
    """
    from swisspair.trf.dates import calendar_date

    start, end = (calendar_date((tournament.headers.get(code) or [""])[0]) for code in ("042", "052"))
    return start, end


def rating_year(start: datetime.date | None, end: datetime.date | None, today: datetime.date | None = None) -> int:
    """The year the juniors' K counts (B.02 8.3.3: "until the end of the year of the 18th birthday"): that of
    the event's last day, else of its first, else this year.

    >>> rating_year(datetime.date(2025, 12, 28), datetime.date(2026, 1, 5))
    2026
    """
    return (end or start or today or datetime.date.today()).year


def reference_date(age_date: datetime.date | None, start: datetime.date | None,
                   today: datetime.date | None = None) -> datetime.date:
    """The date ages are counted on: the one the arbiter set, else the event's start, else today."""
    return age_date or start or today or datetime.date.today()


def rating_changes(tournament: Tournament, *, ratings: Mapping[int, int] | None = None,
                  facts: Mapping[int, KFacts] | None = None, start: datetime.date | None = None,
                  end: datetime.date | None = None, rounds: int | None = None,
                  today: datetime.date | None = None, chapter: Chapter = Chapter.STANDARD) -> RatingReport:
    """Every player's rating change, performance and opponents' average (:func:`swisspair.rating_change.rating_report`)
    under the Rating Regulations in force on the start date, juniors by :func:`rating_year`.

    >>> from swisspair import new_tournament, pair, record_round
    >>> t = new_tournament("Club", rounds=1, players=[("Ames", 2100), ("Bell", 1900)])
    >>> record_round(t, pair(t), ["1-0"])
    >>> report = rating_changes(t, start=datetime.date(2026, 3, 14))
    >>> report.regulations.title
    'FIDE Rating Regulations effective from 1 March 2024, 8.3.1 as amended from 1 October 2025'
    >>> [(p.name, p.k, p.change, p.performance) for p in report.players]
    [('Ames', 20, 5, (2700, 1900, 100)), ('Bell', 20, -5, (1300, 2100, 0))]

    :param ratings: each player's FIDE rating at the start, 0 for unrated (default: the players' ``rating``).
    :param facts: what chooses each player's K (:class:`~swisspair.rating_change.KFacts`: the K the rating list
        publishes, games rated before...).
    :param start: the first day (default: TRF ``042``); ``end`` the last (default: ``052``).
    :param rounds: the rounds to take into account (default: all recorded).
    :param chapter: the rating list the event is rated for (rapid and blitz: their own regulations).
    """
    read_start, read_end = event_dates(tournament)
    start, end = start or read_start, end or read_end
    return _rating_report(tournament, ratings=ratings, facts=facts,
                          regulations=regulations_for(start, chapter),
                          year=rating_year(start, end, today), rounds=rounds, chapter=chapter)


def norm_report(tournament: Tournament, *, ratings: Mapping[int, int] | None = None,
                foreigners_waived: bool = False, rounds: int | None = None,
                round_robin_cycles: int | None = None) -> list[PlayerNorms]:
    """Every player's title norm checks (:func:`swisspair.norms.norms_report`) over rounds ``1 .. rounds``
    (default: all recorded), the event's planned rounds deciding B.01 1.4.1 c.

    >>> from swisspair import new_tournament, pair, record_round
    >>> t = new_tournament("Club", rounds=1, players=[("Ames", 2450), ("Bell", 2300)])
    >>> record_round(t, pair(t), ["1-0"])
    >>> [(line.name, [check.title.value for check in line.checks], line.achieved) for line in norm_report(t)]
    [('Ames', ['GM', 'IM'], []), ('Bell', ['GM', 'IM'], [])]
    >>> norm_report(t)[0].checks[1].failures[0]
    '1.4.1 a: 1 games, at least 9 needed'

    :param foreigners_waived: an exemption of B.01 1.4.3 a-d applies (1.4.3-1.4.4 not checked).
    :param round_robin_cycles: the event is a round-robin of that many cycles (its pairings predetermined:
        B.01 1.4.1 e, 1.4.2 b, 1.4.5 f); ``0`` a Swiss; default: recognised from the tournament
        (:func:`swisspair.detect_round_robin`).
    """
    if round_robin_cycles is None:
        from swisspair.trf.roundrobin import detect_round_robin

        found = detect_round_robin(tournament)
        round_robin_cycles = found.cycles if found is not None else 0
    played = tournament if rounds is None else tournament.truncated(rounds, keep_absences=False)
    options = NormOptions(foreigners_waived=foreigners_waived, planned_rounds=tournament.rounds,
                          predetermined=round_robin_cycles > 0, cycles=max(round_robin_cycles, 1))
    return norms_report(played, ratings=ratings, options=options)


OVERALL = Category("", "Overall")
"""The overall standings as a category: code ``""``, no condition (everybody)."""


@dataclass(frozen=True, slots=True)
class CategoryTable:
    """A category, its members and its standings: the event's standings filtered, places counted again."""

    category: Category
    """The category (:data:`~swisspair.reports.OVERALL`, code ``""``, for the overall standings)."""
    members: frozenset[int]
    """Pairing numbers of its players."""
    rows: list[CategoryRow]
    """Its standings."""


def category_tables(rows: Sequence[Ranked], players: Sequence[PlayerFacts], categories: Sequence[Category],
                    on: datetime.date) -> list[CategoryTable]:
    """Each of ``categories`` with its members among ``players`` (ages counted on ``on``; the category of
    code ``""`` is everybody) and its standings from the event's standings ``rows`` (in order).

    >>> from swisspair.standings import StandingRow
    >>> rows = [StandingRow(1, "A", 2000, Fraction(2), 1, 1, 1), StandingRow(2, "B", 0, Fraction(1), 2, 2, 2)]
    >>> players = [PlayerFacts(1, rating=2000), PlayerFacts(2)]
    >>> tables = category_tables(rows, players, [OVERALL, Category.parse("NR")], datetime.date(2026, 1, 1))
    >>> [(t.category.code, sorted(t.members), [(r.tpn, r.place) for r in t.rows]) for t in tables]
    [('', [1, 2], [(1, 1), (2, 2)]), ('NR', [2], [(2, 1)])]
    """
    everybody = frozenset(p.tpn for p in players)
    out = []
    for category in categories:
        members = everybody if not category.code else category.members(players, on)
        out.append(CategoryTable(category, members, category_standings(rows, members)))
    return out


def prize_report(rows: Sequence[Ranked], tables: Sequence[CategoryTable], prizes: Mapping[str, Sequence[Fraction]],
                 sharing: Sharing = Sharing.TIEBREAK, *, names: Mapping[int, str] | None = None) -> PrizeList:
    """The prize list (:func:`swisspair.prizes.prize_list`) of the categories ``tables`` in their order, each
    with the prizes ``prizes`` gives for its code (``""``: the overall standings, everybody), named by its
    title (``Overall`` for the overall standings without a name).

    >>> from swisspair.standings import StandingRow
    >>> rows = [StandingRow(1, "A", 0, Fraction(2), 1, 1, 1), StandingRow(2, "B", 0, Fraction(2), 2, 2, 2)]
    >>> tables = category_tables(rows, [PlayerFacts(1), PlayerFacts(2)], [OVERALL], datetime.date(2026, 1, 1))
    >>> prizes = prize_report(rows, tables, {"": (Fraction(100), Fraction(50))}, Sharing.EQUAL)
    >>> [(a.tpn, a.place_text, a.amount_text) for a in prizes.awards]
    [(1, '1-2', '75'), (2, '1-2', '75')]
    """
    categories = [PrizeCategory(t.category.code, t.category.title or OVERALL.name,
                                t.members if t.category.code else None, tuple(prizes.get(t.category.code, ())))
                  for t in tables]
    return prize_list(rows, categories, sharing, names=names)
