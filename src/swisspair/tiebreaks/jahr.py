"""The "10 % of the opponent's points" method of Ulrich Jahr (Szachy 3/1981, "Metoda ustalania miejsc w systemie szwajcarskim").

A running total is kept for every player (points 2-5 and 8-9 of the text):

* before each game the player adds a tenth of the opponent's running total
  at the start of the game, rounded to 0.01 (point 4: 0.001-0.004 down,
  0.006-0.009 up, 0.005 to the even hundredth), then the game's points:
  3.55 + 0.36 (a tenth of 3.62) + 0 = 3.91;
* a player who sits out (the pairing-allocated bye) scores the bye's points
  plus a tenth of his own running total: after 2.83, a bye in the 1981 rules
  (worth 1/2) gives 0.5 + 0.28;
* a forfeit win scores the win and nothing more; a forfeit loss nothing.

Requested byes and absences, which the 1981 text does not know, score their
points without auxiliary points.

Point 6: players are ranked on game points, then on this running total,
then on the same total computed without rounding (``JAHR/E``). Point 7: the
running total also orders the players inside a score group for the pairing
(:func:`jahr_order`).
"""

from __future__ import annotations

from fractions import Fraction

from swisspair.model import Tournament
from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.event import Event, RoundKind
from swisspair.tiebreaks.values import Term, TieBreakValue
from swisspair.tiebreaks.rounding import round_half_even

__all__ = ["jahr", "jahr_order", "jahr_totals", "tenth"]

TENTH = Fraction(1, 10)


def tenth(total: Fraction, exact: bool = False) -> Fraction:
    """A tenth of ``total``, rounded to 0.01 half to even unless ``exact`` (point 4).

    >>> tenth(Fraction(362, 100)), tenth(Fraction(283, 100)), tenth(Fraction(155, 100)), tenth(Fraction(145, 100))
    (Fraction(9, 25), Fraction(7, 25), Fraction(4, 25), Fraction(7, 50))
    """
    value = total * TENTH
    return value if exact else round_half_even(value, 2)


def jahr_totals(event: Event, exact: bool = False, score: str | None = None) -> dict[int, list[Fraction]]:
    """Every player's running total after each round (point 5).

    :returns: by id, the totals after round 1, 2, ...
    """
    name = score or event.primary
    running = {cid: Fraction(0) for cid in event.competitors}
    history: dict[int, list[Fraction]] = {cid: [] for cid in event.competitors}
    for r in range(1, event.rounds + 1):
        before = dict(running)
        for cid in event.competitors:
            rec = event.record(cid, r)
            gained = rec.points[name]
            if rec.kind is RoundKind.GAME and rec.opponent is not None:
                gained += tenth(before[rec.opponent], exact)
            elif rec.kind is RoundKind.PAB:
                gained += tenth(before[cid], exact)
            running[cid] = before[cid] + gained
            history[cid].append(running[cid])
    return history


def jahr(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """JAHR: the final running total; ``JAHR/E`` without rounding (points 5 and 6)."""
    event = ctx.event
    name = ctx.score_name(d)
    totals = ctx.memo(("jahr", d.exact, name), lambda: jahr_totals(event, d.exact, name))
    out: dict[int, TieBreakValue] = {}
    for comp in event:
        terms = []
        previous = Fraction(0)
        for rec, after in zip(comp.rounds, totals[comp.id]):
            gained = after - previous
            aux = gained - rec.points[name]
            if rec.kind is RoundKind.GAME:
                note = f"{_f(previous)} + {_f(aux)} (a tenth of opponent {rec.opponent}) + {_f(rec.points[name])}"
            elif rec.kind is RoundKind.PAB:
                note = f"{_f(previous)} + {_f(rec.points[name])} (bye) + {_f(aux)} (a tenth of own total)"
            else:
                note = f"{_f(previous)} + {_f(rec.points[name])} ({rec.kind.name.lower().replace('_', ' ')})"
            terms.append(Term(rec.round, rec.opponent, gained, f"{note} = {_f(after)}"))
            previous = after
        out[comp.id] = TieBreakValue(totals[comp.id][-1] if totals[comp.id] else Fraction(0), tuple(terms))
    return out


def jahr_order(tournament: Tournament, after_round: int | None = None, exact: bool = False) -> list[int]:
    """The players in pairing order: score groups, and inside each the running total (point 7).

    Ties on both are resolved by the unrounded total, then by pairing number.
    """
    event = Event.from_tournament(tournament, rounds=after_round)
    rounded = jahr_totals(event, exact)
    unrounded = jahr_totals(event, True)

    def last(values: list[Fraction]) -> Fraction:
        return values[-1] if values else Fraction(0)

    return sorted(event.ids, key=lambda c: (-event.total(c), -last(rounded[c]), -last(unrounded[c]), c))


def _f(value: Fraction) -> str:
    text = f"{float(value):.4f}".rstrip("0").rstrip(".")
    return text if value == Fraction(text) else str(value)
