"""Sonneborn-Berger, Koya and Extended Sonneborn-Berger (FIDE C.07 (2026) arts. 9 and 13.2).

* SB (9.1): the sum over rounds of the opponent's final score times the points
  scored against that opponent; unplayed rounds per art. 16, cuts per 14.1
  and 16.5 (:mod:`swisspair.tiebreaks.cuts`).
* KS (9.2): the points scored against opponents who finished with at least
  50 % of the maximum possible score; ``/L+n`` / ``/L-n`` move the threshold
  by n draw-point steps (14.5), which is also the *extended Koya* of FIDE C.02 (2009)
  (13.6.2: include score groups below 50 %, or exclude 50 % and more, step by
  step); in a list, ``KS/L-*`` expands to that chain.
* ESB (13.2): Sonneborn-Berger for teams with the opponent's MP or GP
  times the MP or GP scored against it (EMMSB, EMGSB, EGMSB, EGGSB).
"""

from __future__ import annotations

from fractions import Fraction

from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.values import Term, TieBreakValue
from swisspair.tiebreaks.buchholz import sums

__all__ = ["extended_sonneborn_berger", "koya", "koya_limit", "sonneborn_berger"]


def sonneborn_berger(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """SB: sum of opponent's score x points scored against it (FIDE C.07 (2026) 9.1)."""
    score = ctx.score_name(d)
    return sums(ctx, d, score, score, products=True)


def extended_sonneborn_berger(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """ESB and its four named forms (FIDE C.07 (2026) 13.2).

    ``EMGSB`` = the opponent's match points x the game points scored against
    it, and so on; plain ``ESB`` uses the opponent's primary score and the
    secondary score scored against it.
    """
    event = ctx.event
    names = {"M": "MP", "G": "GP"}
    if d.name == "ESB" or not event.is_team:
        opponent_score = event.primary
        result_score = event.secondary or event.primary
    else:
        opponent_score = names[d.name[1]]
        result_score = names[d.name[2]]
    return sums(ctx, d, opponent_score, result_score, products=True)


def koya_limit(ctx: Context, d: Descriptor) -> Fraction:
    """The Koya threshold in points: 50 % of the maximum possible score, moved by ``/L``.

    The maximum is a win's points times the number of rounds; in a round
    robin, times the most games a participant had (rounds with a scheduled
    opponent): the rest rounds of an odd number of participants are taken
    off, and so are the games against a participant never paired (as the
    reference tool does) or not counted (FIDE C.05 art. 6.6).
    """
    event = ctx.event
    score = ctx.score_name(d)
    games = event.rounds
    if ctx.round_robin(d):
        games = max((sum(1 for r in comp.rounds if r.opponent is not None or r.played) for comp in event), default=0)
    percent = d.limit_percent if d.limit_percent is not None else Fraction(50)
    limit = percent / 100 * event.win[score] * games
    if d.limit_points is not None:
        limit += d.limit_points
    limit += d.limit_steps * event.draw[score]
    return limit


def koya(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """KS: points scored against opponents on at least 50 % (FIDE C.07 (2026) 9.2, 14.5).

    Like the reference tool, a forfeit against such an opponent counts with
    its points; ``/O`` (or a literal context) counts games played over the
    board only (the reading of art. 16, whose scope does not include KS).
    """
    event = ctx.event
    score = ctx.score_name(d)
    limit = koya_limit(ctx, d)
    out: dict[int, TieBreakValue] = {}
    for comp in event:
        total = Fraction(0)
        terms = []
        for rec in comp.rounds:
            if rec.opponent is None:
                continue
            if (d.otb_only or ctx.literal) and not rec.played:
                continue
            opp = event.total(rec.opponent, score)
            counted = opp >= limit
            points = rec.points[score]
            if counted:
                total += points
            terms.append(Term(rec.round, rec.opponent, points,
                              f"opponent {rec.opponent} on {_f(opp)} {'>=' if counted else '<'} {_f(limit)}",
                              not counted))
        out[comp.id] = TieBreakValue(total, tuple(terms), f"limit {_f(limit)}")
    return out


def _f(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
