"""The Buchholz family: BH, FB and AOB (FIDE C.07 (2026) art. 8).

* BH (8.1): the sum of the opponents' scores; unplayed rounds per art. 16
  (:mod:`swisspair.tiebreaks.unplayed`), cuts per art. 14 and 16.5.
* FB (8.3): Buchholz computed as if every paired game of the final round had
  been drawn.
* AOB (8.2): the average of the Buchholz (``/F``: Fore Buchholz) of the
  opponents met over the board. The reference tool rounds it to two
  decimals, half up; ``/E`` keeps the exact average.

C.07 (2026) 8 note: the Buchholz family must not be used in round robins;
it is computed anyway (with the round-robin handling of 15.2) when asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from operator import mul
from typing import cast

from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.values import Term, TieBreakValue, plain_value
from swisspair.tiebreaks.cuts import cut_scaled
from swisspair.tiebreaks.rounding import round_half_up
from swisspair.tiebreaks.units import Units
from swisspair.tiebreaks.unplayed import (UnitContribution, contributions_of, opponent_views, over_the_board,
                                          unit_contributions)

__all__ = ["average_of_buchholz", "buchholz", "fore_buchholz", "sum_with_cuts", "sums"]


_NO_CUT: frozenset[int] = frozenset()


def sum_with_cuts(
    ctx: Context,
    d: Descriptor,
    contribs: list[UnitContribution],
    scores: Units,
    results: Units,
    *,
    products: bool,
) -> TieBreakValue:
    """Sum BH (``products=False``) or SB (``products=True``) contributions, applying the cuts of ``d``.

    ``contribs`` are in integer units (:func:`~swisspair.tiebreaks.unplayed.unit_contributions`): the
    opponents' scores in ``scores``' unit, the results in ``results``'; the sum is exact, made a fraction
    once, and the terms are built when the detail is read.
    """
    values = [c[2] * c[3] for c in contribs] if products else [c[2] for c in contribs]
    scale = results.den if products else 1
    cut: set[int] | frozenset[int] = _NO_CUT
    total = sum(values)
    if d.cut_low or d.cut_high:
        edition = ctx.edition_for(d)
        cut = cut_scaled([(i, c[2], v, c[4]) for i, (c, v) in enumerate(zip(contribs, values))],
                         d.cut_low, d.cut_high, edition, ctx.event.rounds,
                         by_product=products and edition.value == "2023", vur_by_value=products and ctx.literal)
        total -= sum(values[i] for i in cut)

    def terms() -> tuple[Term, ...]:
        f = scores.fraction
        return tuple(Term(r, o, f(v, scale), note, i in cut, f(s), results.fraction(p) if products else None, vur)
                     for i, ((r, o, s, p, vur, note), v) in enumerate(zip(contribs, values)))

    return TieBreakValue(scores.fraction(total, scale), terms)


def sums(ctx: Context, d: Descriptor, opponent_score: str, result_score: str, *, products: bool,
         fore: bool = False) -> dict[int, TieBreakValue]:
    """BH (``products=False``: the opponents' ``opponent_score``, 8.1) or SB and ESB (``products=True``: times
    the ``result_score`` scored against them, 9.1, 13.2) of every competitor, the cuts of ``d`` applied
    (14, 16.5), as :func:`sum_with_cuts` sums the contributions.

    A competitor who played every round over the board sums the opponents' scores as the opponents see them
    straight from the event (:func:`~swisspair.tiebreaks.unplayed.over_the_board`); the others' contributions
    are made one by one. The terms are made when the detail is read.
    """
    event = ctx.event
    scores, results = event.units(opponent_score), event.units(result_score)
    scale = results.den if products else 1
    views = opponent_views(ctx, opponent_score, ctx.edition_for(d), fore)
    played = over_the_board(ctx)
    of = contributions_of(ctx, d, opponent_score=opponent_score, result_score=result_score, fore=fore)
    cut = _single_low_cut(ctx, d, products)
    view, f, last, draw = views.__getitem__, scores.fraction, event.rounds, results.draw
    terms_of = partial(_terms, ctx, d, opponent_score, result_score, products, fore)
    opponents = cast("Mapping[int, list[int]]", event.opponent_lists())  # every round of ``played`` has one
    fractions: dict[int, Fraction] = {}
    out: dict[int, TieBreakValue] = {}
    for cid in event.ids:
        if cid not in played:
            out[cid] = sum_with_cuts(ctx, d, of(cid), scores, results, products=products)
            continue
        got = list(map(view, opponents[cid]))
        values = got
        if products:
            points = results.points[cid]
            if fore and last:  # 8.3: the final-round game as a draw
                points = [*points[:-1], draw]
            values = list(map(mul, got, points))
        total = sum(values)
        if cut is None:
            pass
        elif cut and got:
            total -= min(values) if cut == "value" else min(zip(got, values))[1]
        else:
            removed = cut_scaled([(i, s, v, False) for i, (s, v) in enumerate(zip(got, values))], d.cut_low,
                                 d.cut_high, ctx.edition_for(d), last, by_product=products and
                                 ctx.edition_for(d).value == "2023", vur_by_value=products and ctx.literal)
            total -= sum(values[i] for i in removed)
        value = fractions.get(total)
        if value is None:
            value = fractions[total] = f(total, scale)
        out[cid] = plain_value(value, terms_of, cid)
    return out


def _single_low_cut(ctx: Context, d: Descriptor, products: bool) -> str | None:
    """How :func:`~swisspair.tiebreaks.cuts.cut_scaled` cuts the contributions of a competitor who played every
    round (no VUR): ``None`` without a cut; ``"value"``: one low cut, the lowest value (BH: the lowest score;
    SB under the 2023 text: the lowest product, 14.1); ``"score"``: one low cut, the value of the lowest
    (score, product) (SB since 2024); ``""``: any other cut, made by ``cut_scaled`` itself."""
    if not (d.cut_low or d.cut_high):
        return None
    rounds = ctx.event.rounds
    low = min(d.cut_low, rounds)
    high = min(d.cut_high, max(rounds - low, 0))
    if low <= 0 and high <= 0:
        return None
    edition = ctx.edition_for(d)
    if low != 1 or high > 0 or (edition.dummy and products and ctx.literal):
        return ""
    return "score" if products and edition.value != "2023" else "value"


def _terms(ctx: Context, d: Descriptor, opponent_score: str, result_score: str, products: bool, fore: bool,
           cid: int) -> tuple[Term, ...]:
    """The terms of :func:`sums` for ``cid``: those :func:`sum_with_cuts` makes of its contributions."""
    contribs = unit_contributions(ctx, d, cid, opponent_score=opponent_score, result_score=result_score, fore=fore)
    event = ctx.event
    return sum_with_cuts(ctx, d, contribs, event.units(opponent_score), event.units(result_score),
                         products=products).terms


def buchholz(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """BH: the sum of the opponents' scores (FIDE C.07 (2026) 8.1, 14, 16).

    With ``:MP`` / ``:GP`` (teams) the opponents' match or game points are summed.
    """
    score = ctx.score_name(d)
    return sums(ctx, d, score, score, products=False, fore=d.name == "FB" or d.fore)


def fore_buchholz(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """FB: Buchholz as if all final-round games were draws (FIDE C.07 (2026) 8.3)."""
    return buchholz(ctx, d)


def average_of_buchholz(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """AOB: the mean Buchholz of the opponents met over the board (FIDE C.07 (2026) 8.2).

    The mean is rounded to 0.01, half up, as the reference tool does, unless
    ``/E`` is given (or the context reads the rules literally). ``None`` for a
    participant who met nobody.
    """
    inner = Descriptor(name="FB" if d.fore else "BH", score=d.score, forfeits_played=d.forfeits_played,
                       edition=d.edition, swiss=d.swiss)
    bh = ctx.values(inner)
    out: dict[int, TieBreakValue] = {}
    for comp in ctx.event:
        terms = []
        total = Fraction(0)
        for rec in comp.rounds:
            if rec.played and rec.opponent is not None:
                value = bh[rec.opponent].value
                if value is None:
                    continue
                total += value
                terms.append(Term(rec.round, rec.opponent, value, f"{inner.name} of opponent {rec.opponent}"))
        if not terms:
            out[comp.id] = TieBreakValue(None, (), "no game played")
            continue
        mean = total / len(terms)
        if d.exact or ctx.literal:
            out[comp.id] = TieBreakValue(mean, tuple(terms), f"{_f(total)} / {len(terms)}")
        else:
            rounded = round_half_up(mean, 2)
            out[comp.id] = TieBreakValue(rounded, tuple(terms),
                                         f"{_f(total)} / {len(terms)}, rounded to 0.01 half up")
    return out


def _f(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
