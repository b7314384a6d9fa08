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

from fractions import Fraction

from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.values import Term, TieBreakValue
from swisspair.tiebreaks.cuts import cut_scaled
from swisspair.tiebreaks.rounding import round_half_up
from swisspair.tiebreaks.units import Units
from swisspair.tiebreaks.unplayed import UnitContribution, all_unit_contributions

__all__ = ["average_of_buchholz", "buchholz", "fore_buchholz", "sum_with_cuts"]


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


def buchholz(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """BH: the sum of the opponents' scores (FIDE C.07 (2026) 8.1, 14, 16).

    With ``:MP`` / ``:GP`` (teams) the opponents' match or game points are summed.
    """
    score = ctx.score_name(d)
    fore = d.name == "FB" or d.fore
    units = ctx.event.units(score)
    contribs = all_unit_contributions(ctx, d, opponent_score=score, result_score=score, fore=fore)
    return {cid: sum_with_cuts(ctx, d, contribs[cid], units, units, products=False) for cid in ctx.event.ids}


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
