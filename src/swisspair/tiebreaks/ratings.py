"""Rating-based tie-breaks (FIDE C.07 (2026) art. 10; FIDE Swiss rules 1987-89, art. 16a).

* ARO (10.1): the mean rating of the opponents met over the board, rounded,
  .5 up; ``/C1`` drops the lowest rating (ARO-C1), ``/M1`` the lowest and the
  highest. ``/Gn`` (and, automatically, the 2009 edition with n = 2): a
  participant who played at most n games ranks below every participant who
  played more (FIDE C.02 (2009) art. 13.14.1).
* TPR (10.2): ARO + dp(p), p the fractional score against those opponents,
  taken as a whole percentage rounded half up (the reference tool's reading, and
  the Title Regulations' B.01 1.4.9), dp from B.02 8.1.1
  (:func:`~swisspair.tiebreaks.fide_tables.performance_rating`).
* PTP (10.3): the lowest whole rating whose expected score (B.02 8.1.2 table)
  reaches the actual score; a zero score gives the lowest opponent rating
  minus 800, a full score the highest opponent rating + 736, where the table
  reaches 1.00.
* APRO / APPO (10.4 / 10.5): the mean of the opponents' TPR / PTP, rounded .5 up.
* RTNG (10.6): the participant's rating.
* SRO (1987 art. 16a): the sum of the opponents' ratings; ``SRO/C1``,
  ``SRO/C2``, ... drop the lowest ratings one by one "until a decision is
  reached" (``SRO/C*`` in a list).

All of these need ratings: if any participant is unrated,
:exc:`~swisspair.errors.MissingRatingsError` is raised and the
standings drop the tie-break (art. 10), unless ``/Unnnn`` gives unrated
participants a rating.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.editions import Edition
from swisspair.tiebreaks.values import Term, TieBreakValue
from swisspair.tiebreaks.fide_tables import dp, expected_hundredths, performance_rating
from swisspair.tiebreaks.rounding import round_half_up

__all__ = [
    "average_perfect_performance",
    "average_performance",
    "average_rating",
    "perfect_performance",
    "performance",
    "rating",
    "sum_of_ratings",
]


Game = tuple[int, int, int, Fraction]
"""(round, opponent, opponent's rating, result) of a rated game."""


def _games(ctx: Context, d: Descriptor, cid: int) -> list[Game]:
    """(round, opponent, opponent's rating, result) for each game played over the board."""
    out = []
    for rec in ctx.event.competitors[cid].rounds:
        if rec.played and rec.opponent is not None:
            r = ctx.rating(rec.opponent, d)
            if r is None:
                continue
            result = rec.rating_result if rec.rating_result is not None else Fraction(0)
            out.append((rec.round, rec.opponent, r, result))
    return out


def _cut_ratings(games: list[Game], low: int, high: int) -> set[int]:
    """Rounds removed by cutting the ``low`` lowest and ``high`` highest opponent ratings."""
    order = sorted(games, key=lambda g: g[2])
    cut: set[int] = set()
    for g in order[:low]:
        cut.add(g[0])
    rest = [g for g in order if g[0] not in cut]
    for g in reversed(rest[len(rest) - high:] if high else []):
        cut.add(g[0])
    return cut


def average_rating(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """ARO and ARO-Cn/Mn (FIDE C.07 (2026) 10.1, 14; C.02 13.3 and 13.14.1 with ``/Gn``)."""
    ctx.check_ratings(d)
    few = d.few_games
    if few is None and ctx.edition_for(d) is Edition.VIRTUAL_2009:
        few = 2
    out: dict[int, TieBreakValue] = {}
    for comp in ctx.event:
        games = _games(ctx, d, comp.id)
        cut = _cut_ratings(games, d.cut_low, d.cut_high)
        kept = [g[2] for g in games if g[0] not in cut]
        terms = tuple(Term(g[0], g[1], Fraction(g[2]), f"opponent {g[1]} rated {g[2]}", g[0] in cut)
                      for g in games)
        demoted = few is not None and len(games) <= few
        note = f"played {len(games)} game(s): ranks below those who played more (13.14.1)" if demoted else ""
        if not kept:
            out[comp.id] = TieBreakValue(None, terms, note or "no rated opponent left", demoted)
            continue
        mean = Fraction(sum(kept), len(kept))
        value = mean if d.exact else round_half_up(mean)
        out[comp.id] = TieBreakValue(value, terms, note or f"{sum(kept)} / {len(kept)}", demoted)
    return out


def _tpr(games: list[Game]) -> tuple[Fraction, str] | None:
    if not games:
        return None
    score = sum((g[3] for g in games), Fraction(0))
    rp, aro, percent = performance_rating([g[2] for g in games], score)
    return Fraction(rp), f"ARO {aro} + dp({percent} %) {dp(percent)}"


def performance(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """TPR: ARO + dp(p) (FIDE C.07 (2026) 10.2, B.02 8.1.1)."""
    return _from_games(ctx, d, _tpr)


def _from_games(ctx: Context, d: Descriptor, rate: Callable[[list[Game]], tuple[Fraction, str] | None],
                ) -> dict[int, TieBreakValue]:
    """Each participant's value ``rate`` computes from its rated games (C.07 (2026) 10.2-10.3), with one
    term per game; "no game" without one."""
    ctx.check_ratings(d)
    out: dict[int, TieBreakValue] = {}
    for comp in ctx.event:
        games = _games(ctx, d, comp.id)
        terms = tuple(Term(g[0], g[1], g[3], f"{_f(g[3])} against {g[2]}") for g in games)
        found = rate(games)
        out[comp.id] = TieBreakValue(found[0], terms, found[1]) if found else TieBreakValue(None, (), "no game")
    return out


def _ptp(games: list[Game]) -> tuple[Fraction, str] | None:
    if not games:
        return None
    ratings = [g[2] for g in games]
    score = sum((g[3] for g in games), Fraction(0))
    if score == 0:
        return Fraction(min(ratings) - 800), "zero score: lowest opponent rating - 800"

    target = score * 100

    def reach(r: int) -> bool:
        return sum(expected_hundredths(r, o) for o in ratings) >= target

    lo, hi = min(ratings) - 800, max(ratings) + 736  # reach(lo) is False, reach(hi) is True
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if reach(mid):
            hi = mid
        else:
            lo = mid
    return Fraction(hi), f"lowest rating expected to score {_f(score)} (B.02 8.1.2)"


def perfect_performance(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """PTP: the lowest rating whose expected score reaches the score (FIDE C.07 (2026) 10.3)."""
    return _from_games(ctx, d, _ptp)


def _average_of(ctx: Context, d: Descriptor, inner: str) -> dict[int, TieBreakValue]:
    ctx.check_ratings(d)
    base = Descriptor(name=inner, unrated_rating=d.unrated_rating, edition=d.edition)
    values = ctx.values(base)
    out: dict[int, TieBreakValue] = {}
    for comp in ctx.event:
        terms = []
        for rec in comp.rounds:
            if rec.played and rec.opponent is not None:
                v = values[rec.opponent].value
                if v is not None:
                    terms.append(Term(rec.round, rec.opponent, v, f"{inner} of opponent {rec.opponent}"))
        if not terms:
            out[comp.id] = TieBreakValue(None, (), "no game")
            continue
        total = sum((t.value for t in terms), Fraction(0))
        mean = total / len(terms)
        out[comp.id] = TieBreakValue(mean if d.exact else round_half_up(mean), tuple(terms),
                                     f"{_f(total)} / {len(terms)}")
    return out


def average_performance(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """APRO: the mean TPR of the opponents met, rounded .5 up (FIDE C.07 (2026) 10.4)."""
    return _average_of(ctx, d, "TPR")


def average_perfect_performance(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """APPO: the mean PTP of the opponents met, rounded .5 up (FIDE C.07 (2026) 10.5)."""
    return _average_of(ctx, d, "PTP")


def rating(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """RTNG: the participant's (first) rating, highest first; ``/R`` lowest first (FIDE C.07 (2026) 10.6)."""
    ctx.check_ratings(d)
    out: dict[int, TieBreakValue] = {}
    for comp in ctx.event:
        r = ctx.rating(comp.id, d)
        out[comp.id] = TieBreakValue(None if r is None else Fraction(r))
    return out


def sum_of_ratings(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """SRO: the sum of the opponents' ratings, the ``n`` lowest cut (FIDE Swiss rules 1987-89, art. 16a)."""
    ctx.check_ratings(d)
    out: dict[int, TieBreakValue] = {}
    for comp in ctx.event:
        games = _games(ctx, d, comp.id)
        cut = _cut_ratings(games, d.cut_low, 0)
        terms = tuple(Term(g[0], g[1], Fraction(g[2]), f"opponent {g[1]} rated {g[2]}", g[0] in cut)
                      for g in games)
        out[comp.id] = TieBreakValue(Fraction(sum(g[2] for g in games if g[0] not in cut)), terms)
    return out


def _f(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
