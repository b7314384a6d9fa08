"""Tie-breaks on the participant's own results (FIDE C.07 (2026) art. 7 and 11.1, 13.1).

WIN, WON, BPG, BWG, REP (formerly GE), STD, TPN, plus the scores themselves
(PTS, MP, GP) and MPvGP. None of them looks at the opponents' results, except
STD, which compares the participant's points with the scheduled opponent's.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial

from swisspair.model import Colour, Outcome
from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.event import Competitor, RoundKind, RoundRecord
from swisspair.tiebreaks.values import Term, TieBreakValue, plain_value

__all__ = [
    "black_games",
    "black_wins",
    "game_points",
    "games_won",
    "match_points",
    "mp_v_gp",
    "pairing_number",
    "points",
    "rounds_elected",
    "standard_points",
    "wins",
]


def _count(ctx: Context, note: str, predicate: Callable[[RoundRecord], bool],
           by_shape: bool = False) -> dict[int, TieBreakValue]:
    """Per competitor, the number of rounds that meet ``predicate``; ``by_shape``: the predicate reads only
    a record's kind, points, colour and outcome, so it is tested once per shape when the event has them."""
    out: dict[int, TieBreakValue] = {}
    event = ctx.event
    counts = [Fraction(n) for n in range(event.rounds + 1)]
    met = event.rounds_meeting(predicate) if by_shape else None
    competitors = event.competitors
    if met is not None:  # the records are read (made) only when the terms are
        terms_of = partial(_counted_at, competitors, met, note)
        for cid in event.ids:
            out[cid] = plain_value(counts[len(met[cid])], terms_of, cid)
        return out
    for cid in event.ids:
        rounds = [r for r in competitors[cid].rounds if predicate(r)]
        out[cid] = TieBreakValue(counts[len(rounds)] if len(rounds) < len(counts) else Fraction(len(rounds)),
                                 partial(_counted, rounds, note))
    return out


_GAME, _WIN, _BLACK = RoundKind.GAME, Outcome.WIN, Colour.BLACK


def _counted_at(competitors: dict[int, Competitor], met: dict[int, list[int]], note: str, cid: int
                ) -> tuple[Term, ...]:
    """The terms of a count of ``cid``: one per round counted (0-based ``met[cid]``, into its rounds)."""
    recs = competitors[cid].rounds
    return _counted([recs[i] for i in met[cid]], note)


def _counted(rounds: list[RoundRecord], note: str) -> tuple[Term, ...]:
    """The terms of a count: one per round counted."""
    one = Fraction(1)
    return tuple(Term(r.round, r.opponent, one, note) for r in rounds)


def points(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """PTS: the score (the primary one, or ``:MP`` / ``:GP``)."""
    score = ctx.score_name(d)
    return {c.id: TieBreakValue(ctx.event.total(c.id, score)) for c in ctx.event}


def match_points(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """MP: match points (FIDE C.07 (2026) 11.1)."""
    return {c.id: TieBreakValue(ctx.event.total(c.id, "MP")) for c in ctx.event}


def game_points(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """GP: game points (FIDE C.07 (2026) 11.1)."""
    return {c.id: TieBreakValue(ctx.event.total(c.id, "GP")) for c in ctx.event}


def mp_v_gp(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """MPvGP: the score that does not rank the event (FIDE C.07 (2026) 13.1)."""
    other = ctx.event.secondary or ctx.event.primary
    return {c.id: TieBreakValue(ctx.event.total(c.id, other), (), other) for c in ctx.event}


def wins(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """WIN: rounds in which a win's points were obtained, played or not (FIDE C.07 (2026) 7.1).

    Forfeit wins, a PAB or a full-point bye worth a win count.
    """
    score = ctx.score_name(d)
    win = ctx.event.win[score]

    def won(rec: RoundRecord) -> bool:
        if rec.kind is _GAME:
            return rec.outcome is _WIN
        return rec.points[score] == win

    return _count(ctx, "win", won, by_shape=True)


def games_won(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """WON: games won over the board (FIDE C.07 (2026) 7.2)."""
    return _count(ctx, "won over the board", lambda r: r.kind is _GAME and r.outcome is _WIN, by_shape=True)


def black_games(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """BPG: games played over the board with Black (FIDE C.07 (2026) 7.3)."""
    return _count(ctx, "played with Black", lambda r: r.kind is _GAME and r.colour is _BLACK, by_shape=True)


def black_wins(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """BWG: games won over the board with Black (FIDE C.07 (2026) 7.4)."""
    return _count(ctx, "won with Black", lambda r: r.kind is _GAME and r.colour is _BLACK and r.outcome is _WIN,
                  by_shape=True)


def rounds_elected(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """REP (GE until 2024): rounds minus requested byes and forfeit losses (FIDE C.07 (2026) 7.6).

    Equivalently the rounds that are not voluntarily unplayed (16.1); a
    round with no record (after a withdrawal) counts as a zero-point bye.
    """
    return _count(ctx, "elected to play", lambda r: not r.is_vur)


def standard_points(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """STD: 1 / 1/2 / 0 per round, whatever the scoring system (FIDE C.07 (2026) 7.7).

    A game scores 1 when the participant got more points than the scheduled
    opponent, 1/2 when as many; an unplayed round scores 1 for more than a
    draw's points, 1/2 for exactly a draw's points. Team matches are counted
    board by board when board results are known.
    """
    event = ctx.event
    score = ctx.score_name(d)
    draw = event.draw[score]
    out: dict[int, TieBreakValue] = {}
    for comp in event:
        total = Fraction(0)
        terms = []
        for rec in comp.rounds:
            own = rec.points[score]
            if rec.played and rec.opponent is not None:
                other = event.record(rec.opponent, rec.round).points[score]
                value = Fraction(1) if own > other else Fraction(1, 2) if own == other else Fraction(0)
                note = f"{_f(own)} against {_f(other)}"
            else:
                value = Fraction(1) if own > draw else Fraction(1, 2) if own == draw else Fraction(0)
                note = f"unplayed: {_f(own)} against a draw's {_f(draw)}"
            total += value
            terms.append(Term(rec.round, rec.opponent, value, note))
        out[comp.id] = TieBreakValue(total, tuple(terms))
    return out


def pairing_number(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """TPN: the final pairing number, lowest first (``/R``: highest first), FIDE C.07 (2026) 7.8."""
    return {c.id: TieBreakValue(Fraction(c.id)) for c in ctx.event}


def _f(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
