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

from dataclasses import dataclass
from fractions import Fraction

from swisspair.model import Outcome
from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.editions import Edition
from swisspair.tiebreaks.event import RoundKind, RoundRecord
from swisspair.tiebreaks.rounding import exact_sum

__all__ = ["Contribution", "contributions", "fore_score", "last_non_vur", "opponent_view", "own_score"]


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
    def compute() -> int:
        recs = ctx.event.competitors[cid].rounds
        last = 0
        for rec in recs:
            if not rec.is_vur:
                last = rec.round
        if fore and recs and _paired_last(recs[-1]):
            last = len(recs)
        return last

    return ctx.memo(("lna", cid, fore), compute)


def _paired_last(rec: RoundRecord) -> bool:
    return rec.opponent is not None or rec.kind in (RoundKind.GAME, RoundKind.PAB)


def opponent_view(ctx: Context, cid: int, score: str, edition: Edition, fore: bool = False) -> Fraction:
    """The score of ``cid`` as its opponents see it (C.07 (2026) 16.3; 2009: unplayed = draw).

    With ``fore``: the final-round game (or forfeit) of ``cid`` counts as a draw (8.3).
    """
    def compute() -> Fraction:
        event = ctx.event
        draw = event.draw[score]
        recs = event.competitors[cid].rounds
        parts: list[Fraction] = []
        if edition is Edition.VIRTUAL_2009:
            for rec in recs:
                if fore and rec.round == event.rounds and rec.opponent is not None:
                    parts.append(draw)
                elif rec.played or (event.round_robin and rec.kind.is_forfeit):
                    parts.append(rec.points[score])
                else:
                    parts.append(draw)
            return exact_sum(parts)
        if edition is Edition.NONE:
            for rec in recs:
                if fore and rec.round == event.rounds and rec.opponent is not None:
                    parts.append(draw)
                else:
                    parts.append(rec.points[score])
            return exact_sum(parts)
        lna = last_non_vur(ctx, cid, fore)
        no_opponent = Fraction(0) if event.round_robin else draw
        for rec in recs:
            if fore and rec.round == event.rounds and rec.opponent is not None:
                parts.append(draw)
            elif rec.round <= lna or rec.opponent is not None:
                parts.append(rec.points[score])
            else:
                parts.append(no_opponent)
        return exact_sum(parts)

    return ctx.memo(("view", cid, score, edition, fore), compute)


def own_score(ctx: Context, cid: int, score: str) -> Fraction:
    """The participant's own final score (the dummy's score before the 2026 caps, 16.4)."""
    return ctx.memo(("own", cid, score), lambda: ctx.event.total(cid, score))


def fore_score(ctx: Context, cid: int, score: str) -> Fraction:
    """Own score with a final-round game (or forfeit) counted as a draw (C.07 (2026) 8.3)."""
    def compute() -> Fraction:
        event = ctx.event
        total = own_score(ctx, cid, score)
        recs = event.competitors[cid].rounds
        if recs and recs[-1].opponent is not None and _paired_last(recs[-1]):
            total += event.draw[score] - recs[-1].points[score]
        return total

    return ctx.memo(("fore", cid, score), compute)


def _virtual_result(rec: RoundRecord, score: str, ctx: Context) -> Fraction:
    """Points of the 2009 virtual opponent in the round itself: the other side of the result."""
    event = ctx.event
    if rec.outcome is Outcome.WIN:
        return Fraction(0)
    if rec.outcome is Outcome.DRAW:
        return event.draw[score]
    return event.win[score]


def contributions(
    ctx: Context,
    d: Descriptor,
    cid: int,
    *,
    opponent_score: str,
    result_score: str,
    fore: bool = False,
) -> list[Contribution]:
    """The per-round contributions of ``cid`` for BH, FB, SB and ESB (cached; do not modify).

    :param opponent_score: the score of the opponents that is summed (``PTS``, ``MP``, ``GP``).
    :param result_score: the participant's score that multiplies it (SB/ESB).
    :param fore: Fore Buchholz: final-round games count as draws for everyone.
    """
    key = ("contrib", cid, opponent_score, result_score, fore, ctx.edition_for(d), d.forfeits_played,
           ctx.round_robin(d))
    return ctx.memo(key, lambda: _contributions(ctx, d, cid, opponent_score, result_score, fore))


def _contributions(
    ctx: Context, d: Descriptor, cid: int, opponent_score: str, result_score: str, fore: bool
) -> list[Contribution]:
    event = ctx.event
    edition = ctx.edition_for(d)
    rr = ctx.round_robin(d)
    last = event.rounds
    draw = event.draw[opponent_score]
    out: list[Contribution] = []
    recs = event.competitors[cid].rounds
    for rec in recs:
        result = rec.points[result_score]
        as_game = rec.played or (rec.opponent is not None and (d.forfeits_played or rr))
        if fore and rec.round == last and rec.opponent is not None:
            as_game = True  # 8.3: every paired game of the final round is a draw
        if as_game and rec.opponent is not None:
            s = opponent_view(ctx, rec.opponent, opponent_score, edition, fore)
            if fore and rec.round == last:
                result = event.draw[result_score]
            out.append(Contribution(rec.round, rec.opponent, s, result, False))
            continue
        if rr:
            # C.07 (2026) 15.2: pre-determined pairings, no dummy; a rest round adds nothing.
            continue
        if edition is Edition.NONE:
            if rec.opponent is not None:
                s = opponent_view(ctx, rec.opponent, opponent_score, edition, fore)
                out.append(Contribution(rec.round, rec.opponent, s, result, rec.is_vur,
                                        "forfeit, opponent's actual score"))
            else:
                out.append(Contribution(rec.round, None, Fraction(0), result, rec.is_vur,
                                        "no opponent: nothing"))
            continue
        if edition is Edition.VIRTUAL_2009:
            before = event.total(cid, opponent_score, rec.round - 1)
            virtual = before + _virtual_result(rec, opponent_score, ctx) + draw * (last - rec.round)
            note = (f"virtual opponent (13.14.2): {_f(before)} + {_f(_virtual_result(rec, opponent_score, ctx))}"
                    f" + {_f(draw)} x {last - rec.round} = {_f(virtual)}")
            out.append(Contribution(rec.round, None, virtual, result, rec.is_vur, note))
            continue
        own = fore_score(ctx, cid, opponent_score) if fore else own_score(ctx, cid, opponent_score)
        dummy = own
        note = f"dummy: own score {_f(own)}"
        if edition is Edition.C07_2026:
            if rec.opponent is not None:
                cap = opponent_view(ctx, rec.opponent, opponent_score, edition, fore)
                if cap < dummy:
                    dummy = cap
                    note += f", capped to {_f(cap)} by 16.4.1 (scheduled opponent's adjusted score)"
            else:
                cap = draw * last
                if cap < dummy:
                    dummy = cap
                    note += f", capped to {_f(cap)} by 16.4.2 (draw points x {last} rounds)"
        out.append(Contribution(rec.round, None, dummy, result, rec.is_vur, note))
    return out


def _f(value: Fraction) -> str:
    """A short decimal rendering for notes."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
