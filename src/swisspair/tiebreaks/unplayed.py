"""Unplayed rounds: how they enter the opponent-based tie-breaks, edition by edition.

FIDE C.07 (2026) art. 16 (2023 onward) replaces every unplayed round by a game:

* 16.2 classifies the round (PAB/FPB, forfeit win, requested bye followed by
  a round that is not voluntarily unplayed, forfeit loss, and the rest);
* 16.3 fixes the participant's score *as seen by the opponents*: a round of
  category 16.2.5 (a requested bye or absence after the participant's last
  round that was not a VUR) counts as a draw, everything else at the points
  awarded;
* 16.4 gives the participant, for each of its own unplayed rounds, a *dummy*
  opponent whose score is the participant's own final score, capped in 2026
  (16.4.1: a forfeit at the scheduled opponent's adjusted score; 16.4.2:
  anything else at draw points x rounds).

The 2009 rule (FIDE C.02 (2009) art. 13.14.2) instead pairs a *virtual
opponent*: it starts the round on the participant's score, takes the other
result of that round and draws every later round
(Svon = SPR + (1 - SfPR) + 0.5 (n - R)); opponents' own unplayed games count
as draws.

The functions here return, for one participant, the list of
:class:`Contribution` that Buchholz, Sonneborn-Berger and their cuts are
computed from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from swisspair.model import Outcome
from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.editions import Edition
from swisspair.tiebreaks.event import RoundKind, RoundRecord
from swisspair.tiebreaks.units import Units

__all__ = ["Contribution", "UnitContribution", "all_unit_contributions", "contributions", "contributions_of",
           "fore_score", "last_non_vur", "last_non_vurs", "opponent_view", "opponent_views", "over_the_board",
           "own_score", "unit_contributions"]


@dataclass(frozen=True, slots=True)
class Contribution:
    """One round of a participant for BH/SB: whose score counts, and the result."""

    round: int
    """1-based round."""
    opponent: int | None
    """The opponent met (or scheduled, for a forfeit counted as a game), ``None`` for a dummy."""
    score: Fraction
    """The opponent's score as used (adjusted, dummy or virtual)."""
    result: Fraction
    """The participant's points in the round (the SB multiplier)."""
    vur: bool
    """A voluntary unplayed round of the participant (C.07 (2026) 16.1), for 16.5."""
    note: str = ""
    """How :attr:`score` was obtained."""


def last_non_vur(ctx: Context, cid: int, fore: bool = False) -> int:
    """The last round that is not a VUR (0 if none): rounds after it are of category 16.2.5.

    With ``fore`` (Fore Buchholz), a participant paired in the final round
    (a game, a forfeit or the PAB) counts as present in it.
    """
    return last_non_vurs(ctx, fore)[cid]


def last_non_vurs(ctx: Context, fore: bool = False) -> dict[int, int]:
    """:func:`last_non_vur` of every competitor (cached)."""
    def compute() -> dict[int, int]:
        event = ctx.event
        n = event.rounds
        vurs = event.rounds_meeting(_a_vur)
        out: dict[int, int] = {}
        for cid in event.competitors:
            if vurs is not None:
                rounds = vurs[cid]
                last = n
                while rounds and rounds[-1] == last - 1:  # the final rounds that are VURs (0-based)
                    rounds = rounds[:-1]
                    last -= 1
                if not fore or last == n:
                    out[cid] = last
                    continue
            last = 0
            final = None
            for final in event.plays(cid):
                if not final[1].kind.is_vur:
                    last = final[0]
            if fore and final is not None and _paired_last(final[1].kind, final[2]):
                last = final[0]
            out[cid] = last
        return out

    return ctx.memo(("lna", fore), compute)


def _a_vur(rec: RoundRecord) -> bool:
    return rec.kind.is_vur


def over_the_board(ctx: Context) -> frozenset[int]:
    """The competitors who played every round over the board (cached): each of their rounds contributes the
    opponent's score as the opponents see it (:func:`opponent_views`) and the points scored, whatever the
    edition (art. 16 changes only unplayed rounds)."""
    def compute() -> frozenset[int]:
        event = ctx.event
        unplayed = event.rounds_meeting(_not_a_game)  # a record of a shape with kind GAME has an opponent
        if unplayed is not None:
            return frozenset(cid for cid, rounds in unplayed.items() if not rounds)
        return frozenset(c.id for c in event.competitors.values()
                         if all(r.kind is _GAME and r.opponent is not None for r in c.rounds))

    return ctx.memo("over the board", compute)


def _not_a_game(rec: RoundRecord) -> bool:
    return rec.kind is not _GAME


def _paired_last(kind: RoundKind, opponent: int | None) -> bool:
    return opponent is not None or kind is RoundKind.GAME or kind is RoundKind.PAB


def opponent_view(ctx: Context, cid: int, score: str, edition: Edition, fore: bool = False) -> Fraction:
    """The score of ``cid`` as its opponents see it (C.07 (2026) 16.3; 2009: unplayed = draw).

    With ``fore``: the final-round game (or forfeit) of ``cid`` counts as a draw (8.3).
    """
    units = ctx.event.units(score)
    return units.fraction(opponent_views(ctx, score, edition, fore)[cid])


def opponent_views(ctx: Context, score: str, edition: Edition, fore: bool = False) -> dict[int, int]:
    """:func:`opponent_view` of every competitor, in units of the score (:meth:`Event.units`; cached)."""
    def compute() -> dict[int, int]:
        event = ctx.event
        units = event.units(score)
        draw, totals = units.draw, units.totals
        last = event.rounds
        views: dict[int, int] = {}
        virtual = edition is Edition.VIRTUAL_2009 or edition is Edition.NONE
        lnas = last_non_vurs(ctx, fore) if not virtual else {}
        played = over_the_board(ctx) if edition is Edition.VIRTUAL_2009 else frozenset()
        for cid in event.competitors:
            points = units.points[cid]
            if (lnas[cid] == last if not virtual else edition is Edition.NONE or cid in played):
                # every round at its points (16.3: nothing after the last round that is not a VUR; 2009:
                # no unplayed round), a final-round game as a draw with ``fore``
                total = totals[cid]
                if fore and last and event.opponents(cid)[-1] is not None:
                    total += draw - points[-1]
                views[cid] = total
                continue
            total = 0
            if virtual:
                for (r, shape, opponent), p in zip(event.plays(cid), points):
                    if fore and r == last and opponent is not None:
                        total += draw
                    elif shape.kind is _GAME or (event.round_robin and shape.kind.is_forfeit):
                        total += p
                    else:
                        total += draw
            else:
                lna = lnas[cid]
                no_opponent = 0 if event.round_robin else draw
                for (r, shape, opponent), p in zip(event.plays(cid), points):
                    if fore and r == last and opponent is not None:
                        total += draw
                    elif r <= lna or opponent is not None:
                        total += p
                    else:
                        total += no_opponent
            views[cid] = total
        return views

    return ctx.memo(("views", score, edition, fore), compute)


def own_score(ctx: Context, cid: int, score: str) -> Fraction:
    """The participant's own final score (the dummy's score before the 2026 caps, 16.4)."""
    return ctx.memo(("own", cid, score), lambda: ctx.event.total(cid, score))


def _fore_units(ctx: Context, cid: int, score: str) -> int:
    """:func:`fore_score` in units of the score."""
    units = ctx.event.units(score)
    total = units.totals[cid]
    final = None
    for final in ctx.event.plays(cid):
        pass
    if final is not None and final[2] is not None:
        total += units.draw - units.points[cid][-1]
    return total


def fore_score(ctx: Context, cid: int, score: str) -> Fraction:
    """Own score with a final-round game (or forfeit) counted as a draw (C.07 (2026) 8.3)."""
    return ctx.event.units(score).fraction(_fore_units(ctx, cid, score))


def _virtual_result(rec: RoundRecord, units: Units) -> int:
    """Points of the 2009 virtual opponent in the round itself, in units: the other side of the result."""
    if rec.outcome is Outcome.WIN:
        return 0
    if rec.outcome is Outcome.DRAW:
        return units.draw
    return units.win


_GAME = RoundKind.GAME

UnitContribution = tuple[int, "int | None", int, int, bool, str]
""":class:`Contribution` in units: (round, opponent, score in units of the opponents' score, result in
units of the participant's score, vur, note)."""


def contributions(
    ctx: Context,
    d: Descriptor,
    cid: int,
    *,
    opponent_score: str,
    result_score: str,
    fore: bool = False,
) -> list[Contribution]:
    """The per-round contributions of ``cid`` for BH, FB, SB and ESB (exact fractions).

    :param opponent_score: the score of the opponents that is summed (``PTS``, ``MP``, ``GP``).
    :param result_score: the participant's score that multiplies it (SB/ESB).
    :param fore: Fore Buchholz: final-round games count as draws for everyone.
    """
    scores, results = ctx.event.units(opponent_score), ctx.event.units(result_score)
    return [Contribution(r, o, scores.fraction(s), results.fraction(p), vur, note)
            for r, o, s, p, vur, note in unit_contributions(ctx, d, cid, opponent_score=opponent_score,
                                                             result_score=result_score, fore=fore)]


def unit_contributions(
    ctx: Context,
    d: Descriptor,
    cid: int,
    *,
    opponent_score: str,
    result_score: str,
    fore: bool = False,
) -> list[UnitContribution]:
    """:func:`contributions` in integer units (:meth:`Event.units`; cached, do not modify)."""
    return all_unit_contributions(ctx, d, opponent_score=opponent_score, result_score=result_score, fore=fore)[cid]


def all_unit_contributions(
    ctx: Context,
    d: Descriptor,
    *,
    opponent_score: str,
    result_score: str,
    fore: bool = False,
) -> dict[int, list[UnitContribution]]:
    """:func:`unit_contributions` of every competitor, made together (cached, do not modify)."""
    key = ("contrib", opponent_score, result_score, fore, ctx.edition_for(d), d.forfeits_played, ctx.round_robin(d))
    return ctx.memo(key, lambda: _contributions(ctx, d, opponent_score, result_score, fore))


def _contributions(
    ctx: Context, d: Descriptor, opponent_score: str, result_score: str, fore: bool
) -> dict[int, list[UnitContribution]]:
    of = contributions_of(ctx, d, opponent_score=opponent_score, result_score=result_score, fore=fore)
    return {cid: of(cid) for cid in ctx.event.competitors}


def contributions_of(
    ctx: Context, d: Descriptor, *, opponent_score: str, result_score: str, fore: bool = False
) -> Callable[[int], list[UnitContribution]]:
    """A function that makes one competitor's :func:`unit_contributions` (not cached), for the sums that
    need them for a few competitors only."""
    event = ctx.event
    edition = ctx.edition_for(d)
    rr = ctx.round_robin(d)
    last = event.rounds
    results = event.units(result_score)
    points, draw = results.points, results.draw
    views = opponent_views(ctx, opponent_score, edition, fore)
    forfeits_as_games = d.forfeits_played or rr

    def of(cid: int) -> list[UnitContribution]:
        out: list[UnitContribution] = []
        for (r, shape, opponent), result in zip(event.plays(cid), points[cid]):
            final = fore and r == last
            if opponent is not None and (shape.kind is _GAME or forfeits_as_games or final):
                # a game (8.3 with ``fore``: every paired game of the final round, as a draw)
                out.append((r, opponent, views[opponent], draw if final else result, False, ""))
            elif rr:
                # C.07 (2026) 15.2: pre-determined pairings, no dummy; a rest round adds nothing.
                continue
            elif edition is not Edition.NONE:
                out.append(_unplayed(ctx, edition, cid, (r, shape, opponent), result, opponent_score, views, fore))
            else:
                out.append((r, opponent, 0 if opponent is None else views[opponent], result, shape.kind.is_vur,
                            "no opponent: nothing" if opponent is None else "forfeit, opponent's actual score"))
        return out

    return of


def _unplayed(ctx: Context, edition: Edition, cid: int, play: tuple[int, RoundRecord, int | None], result: int,
              score: str, views: dict[int, int], fore: bool) -> UnitContribution:
    """An unplayed round's contribution: the 2009 virtual opponent (13.14.2) or the dummy (16.4).

    ``play``: the round, a record of its shape and the opponent (:meth:`Event.plays`)."""
    rnd, shape, opponent = play
    vur = shape.kind.is_vur
    scores = ctx.event.units(score)
    last, draw, f = ctx.event.rounds, scores.draw, scores.fraction
    if edition is Edition.VIRTUAL_2009:
        before = sum(scores.points[cid][:rnd - 1])
        other = _virtual_result(shape, scores)
        virtual = before + other + draw * (last - rnd)
        note = (f"virtual opponent (13.14.2): {_f(f(before))} + {_f(f(other))}"
                f" + {_f(f(draw))} x {last - rnd} = {_f(f(virtual))}")
        return (rnd, None, virtual, result, vur, note)
    own = _fore_units(ctx, cid, score) if fore else scores.totals[cid]
    dummy = own
    note = f"dummy: own score {_f(f(own))}"
    if edition is Edition.C07_2026:
        if opponent is not None:
            cap = views[opponent]
            if cap < dummy:
                dummy = cap
                note += f", capped to {_f(f(cap))} by 16.4.1 (scheduled opponent's adjusted score)"
        else:
            cap = draw * last
            if cap < dummy:
                dummy = cap
                note += f", capped to {_f(f(cap))} by 16.4.2 (draw points x {last} rounds)"
    return (rnd, None, dummy, result, vur, note)


def _f(value: Fraction) -> str:
    """A short decimal rendering for notes."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
