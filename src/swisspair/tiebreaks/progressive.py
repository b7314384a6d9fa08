"""Progressive scores (FIDE C.07 (2026) 7.5; FIDE Swiss rules 1987-89, art. 16b).

PS is the sum, over all rounds, of the participant's cumulative score after
that round; a round without a game carries the total forward. ``PS/Cn``
leaves out the cumulative scores after rounds 1..n: the 1987 rule "if still
tied, the result of the first round is subtracted, if needed the second
round, and so on" is the chain ``PS, PS/C1, PS/C2, ...`` (``PS/C*`` in a list).
"""

from __future__ import annotations

from fractions import Fraction

from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.values import Term, TieBreakValue

__all__ = ["progressive"]


def progressive(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """PS and PS/Cn (FIDE C.07 (2026) 7.5 and 14.1: Cut-n drops the first n cumulative scores)."""
    score = ctx.score_name(d)
    out: dict[int, TieBreakValue] = {}
    for comp in ctx.event:
        running = Fraction(0)
        total = Fraction(0)
        terms = []
        for rec in comp.rounds:
            running += rec.points[score]
            cut = rec.round <= d.cut_low
            if not cut:
                total += running
            terms.append(Term(rec.round, rec.opponent, running, f"score after round {rec.round}", cut))
        out[comp.id] = TieBreakValue(total, tuple(terms))
    return out
