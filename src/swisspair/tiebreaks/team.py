"""Team competitions: the team view of a TRF, and the team tie-breaks (FIDE C.07 (2026) arts. 11-13).

:func:`standings_event` builds an :class:`~swisspair.tiebreaks.event.Event` whose competitors are
teams, from the team matches as the core reads them (:func:`swisspair.team_matches.team_event`:
boards, game points, match points by ``362``, the PAB by ``320``, forfeits, byes):

* each round of a team is a match (played, or won or lost by forfeit), the PAB, a requested
  bye or an absence, scored MP and GP as the core scores it;
* for the board tie-breaks of art. 12 a team's round gives its game points board by board (an
  empty board 0), and a bye a win (PAB, full-point bye), a draw (half-point bye) or nothing on
  every board;
* the primary score is MP unless record ``192`` names ``..._GP`` first.

Tie-breaks (Arts. 12-13): BC, TBR, BBE, EDE and its named chains EDEBT,
EDEBB, EDET, EDEB, SSSC; ESB, MP, GP and MPvGP live in
:mod:`~swisspair.tiebreaks.sonneborn` and :mod:`~swisspair.tiebreaks.own`,
and every individual tie-break takes ``:MP`` or ``:GP`` (``BH:MP/C1/P``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction

from swisspair.model import Outcome, Result, Scoring, Tournament
from swisspair.roundrobin import is_round_robin
from swisspair.team_matches import TeamRound, team_event
from swisspair.errors import InvalidTieBreakError
from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.event import Competitor, Event, RoundKind, RoundRecord
from swisspair.tiebreaks.values import GroupSplit, Term, TieBreakValue, tied_runs
from swisspair.tiebreaks.direct import split_by_encounters
from swisspair.tiebreaks.rounding import round_half_up
from swisspair.tiebreaks.sports import MatchScore

__all__ = [
    "board_count",
    "bottom_board",
    "extended_direct_encounter",
    "sssc",
    "standings_event",
    "top_board",
]


def standings_event(tournament: Tournament, *, rounds: int | None = None, round_robin: bool | None = None) -> Event:
    """The team view of an individual TRF with team records (C.07 (2026) 11.1).

    :param rounds: rounds to take into account; default: the paired rounds.
    :raises: :exc:`~swisspair.errors.InvalidTieBreakError` if the file has no team records.
    """
    if not tournament.teams:
        raise InvalidTieBreakError("no team records (013 or 310) in the file: not a team competition")
    event = team_event(tournament, rounds)
    scoring, size, points = tournament.scoring, event.boards, event.match_points
    competitors: dict[int, Competitor] = {}
    scores: dict[tuple[int, int], MatchScore] = {}
    for number, team in event.teams.items():
        records = [_record(r, played, size, scoring) for r, played in enumerate(team.history, start=1)]
        competitors[number] = Competitor(id=number, name=team.name, rating=None, rounds=records)
        scores.update({(number, r): MatchScore(m.game_points, m.opponent_points)
                       for r, m in enumerate(team.history, start=1) if m.opponent is not None})
    system = (tournament.system or "").upper()
    gp_first = "_GP" in system and ("_MP" not in system or system.index("_GP") < system.index("_MP"))
    if round_robin is None:  # the 192 code or the 092 type (``Team: Round-Robin``)
        round_robin = is_round_robin(tournament)
    return Event(
        competitors=competitors,
        rounds=event.played_rounds,
        scores=("GP", "MP") if gp_first else ("MP", "GP"),
        win={"MP": points.win, "GP": scoring.win * size},
        draw={"MP": points.draw, "GP": scoring.draw * size},
        round_robin=bool(round_robin),
        team_size=size,
        is_team=True,
        tournament=tournament,
        match_scores=scores,
    )


_BYES = {Result.PAB: (RoundKind.PAB, Outcome.WIN),
         Result.FULL_BYE: (RoundKind.FULL_BYE, Outcome.WIN),
         Result.HALF_BYE: (RoundKind.HALF_BYE, Outcome.DRAW),
         Result.ZERO_BYE: (RoundKind.ZERO_BYE, Outcome.LOSS),
         Result.ABSENT: (RoundKind.ABSENT, Outcome.LOSS)}
"""A team's round without an opponent: its kind (C.07 (2026) 16) and what it is on every board for art.
12 (the PAB, a drawn match, is a win on every board there)."""


def _record(r: int, played: TeamRound, size: int, scoring: Scoring) -> RoundRecord:
    """One round of a team as the tie-breaks see it, its outcome the core's (a match neither team played
    is lost by both, :func:`swisspair.team_matches.match_outcomes`); boards for art. 12: a bye scores
    each board alike."""
    score = {"MP": played.match_points, "GP": played.game_points}
    if played.opponent is None:
        kind, on_board = _BYES[played.result]
        board = {Outcome.WIN: scoring.win, Outcome.DRAW: scoring.draw}.get(on_board, Fraction(0))
        return RoundRecord(r, kind, None, score, outcome=played.outcome, boards=(board,) * size)
    kind = (RoundKind.GAME if played.played else RoundKind.FORFEIT_WIN if played.outcome is Outcome.WIN
            else RoundKind.FORFEIT_LOSS)
    boards = played.boards[:size] + (Fraction(0),) * (size - len(played.boards))
    return RoundRecord(r, kind, played.opponent, score, outcome=played.outcome, boards=boards)


# --------------------------------------------------------------------------
# Art. 12: board results


def _need_team(ctx: Context, d: Descriptor) -> None:
    if not ctx.event.is_team:
        raise InvalidTieBreakError(f"{d.label}: a team tie-break needs a team competition")


def _board_totals(ctx: Context, cid: int) -> list[Fraction]:
    size = ctx.event.team_size
    totals = [Fraction(0)] * size
    for rec in ctx.event.competitors[cid].rounds:
        for i, value in enumerate(rec.boards[:size]):
            totals[i] += value
    return totals


def board_count(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """BC: sum of board number x game points on that board; lower is better (FIDE C.07 (2026) 12.1)."""
    _need_team(ctx, d)
    out: dict[int, TieBreakValue] = {}
    for comp in ctx.event:
        totals = _board_totals(ctx, comp.id)
        terms = tuple(Term(None, None, (i + 1) * v, f"board {i + 1}: {i + 1} x {_f(v)}") for i, v in enumerate(totals))
        out[comp.id] = TieBreakValue(sum((t.value for t in terms), Fraction(0)), terms)
    return out


def _split_by(group: Sequence[int], value: Callable[[int], Fraction], higher_first: bool = True) -> list[list[int]]:
    return tied_runs(sorted(group, key=lambda c: (-value(c) if higher_first else value(c), c)), value)


def _board_steps(ctx: Context, bottom: bool) -> list[Callable[[int], Fraction]]:
    size = ctx.event.team_size
    steps: list[Callable[[int], Fraction]] = []
    def without_last(drop: int) -> Callable[[int], Fraction]:
        return lambda c: sum(_board_totals(ctx, c)[: size - drop], Fraction(0))

    def on_board(board: int) -> Callable[[int], Fraction]:
        return lambda c: _board_totals(ctx, c)[board]

    if bottom:
        steps += [without_last(drop) for drop in range(1, size)]
    else:
        steps += [on_board(board) for board in range(size)]
    return steps


def _steps_split(group: Sequence[int], steps: list[Callable[[int], Fraction]]) -> list[list[int]]:
    if len(group) < 2:
        return [list(group)]
    for step in steps:
        parts = _split_by(group, step)
        if len(parts) > 1:
            out: list[list[int]] = []
            for part in parts:
                out.extend(_steps_split(part, steps))
            return out
    return [list(group)]


def top_board(ctx: Context, d: Descriptor, group: Sequence[int], place: int = 1) -> GroupSplit:
    """TBR: game points on board 1, then board 2, ... (FIDE C.07 (2026) 12.2)."""
    _need_team(ctx, d)
    return GroupSplit(tuple(tuple(p) for p in _steps_split(group, _board_steps(ctx, bottom=False))))


def bottom_board(ctx: Context, d: Descriptor, group: Sequence[int], place: int = 1) -> GroupSplit:
    """BBE: game points without the last board, then without the last two, ... (FIDE C.07 (2026) 12.3)."""
    _need_team(ctx, d)
    return GroupSplit(tuple(tuple(p) for p in _steps_split(group, _board_steps(ctx, bottom=True))))


# --------------------------------------------------------------------------
# Art. 13.3: extended direct encounter


def _match_boards(ctx: Context, d: Descriptor, a: int, b: int) -> list[tuple[Fraction, ...]]:
    """Board points of ``a`` in its matches against ``b``."""
    return [rec.boards for rec in ctx.event.competitors[a].rounds
            if rec.opponent == b and (rec.played or d.forfeits_played)]


def _pair_steps(ctx: Context, d: Descriptor) -> list[tuple[str, Callable[[int, int], Fraction], bool]]:
    """The art. 12 steps of a named chain, applied to the match(es) between two teams."""
    size = ctx.event.team_size

    def weighted(weights: list[int]) -> Callable[[int, int], Fraction]:
        def value(a: int, b: int) -> Fraction:
            games = _match_boards(ctx, d, a, b)
            if not games:
                return Fraction(0)
            total = sum((sum((w * v for w, v in zip(weights, g)), Fraction(0)) for g in games), Fraction(0))
            return total / len(games)
        return value

    steps: list[tuple[str, Callable[[int, int], Fraction], bool]] = []
    name = d.name
    if name in ("EDEBT", "EDEBB"):
        steps.append(("BC", weighted(list(range(1, size + 1))), False))
    if name in ("EDEBT", "EDET"):
        for board in range(size):
            steps.append((f"board {board + 1}", weighted([1 if i == board else 0 for i in range(size)]), True))
    if name in ("EDEBB", "EDEB"):
        for drop in range(1, size):
            steps.append((f"without the last {drop} board(s)",
                          weighted([1 if i < size - drop else 0 for i in range(size)]), True))
    return steps


def extended_direct_encounter(ctx: Context, d: Descriptor, group: Sequence[int], place: int = 1) -> GroupSplit:
    """EDE and its chains EDEBT, EDEBB, EDET, EDEB (FIDE C.07 (2026) 13.3).

    DE on the primary score; if it separates nothing, DE on the secondary
    score; for the chains, when exactly two teams are still tied, the art. 12
    criteria applied to their match (BC: lower is better; TBR; BBE). The
    procedure restarts whenever a new tied subset forms.
    """
    _need_team(ctx, d)
    event = ctx.event
    notes: dict[int, str] = {}
    steps = _pair_steps(ctx, d)

    def resolve(members: list[int], depth: int) -> list[list[int]]:
        if len(members) < 2 or depth > 30:
            return [members]
        for score in (event.primary, event.secondary):
            if score is None:
                continue
            parts = split_by_encounters(ctx, d, members, score, notes)
            if len(parts) > 1:
                out: list[list[int]] = []
                for part in parts:
                    out.extend(resolve(part, depth + 1))
                return out
        if len(members) == 2:
            a, b = members
            for label, value, higher_first in steps:
                va, vb = value(a, b), value(b, a)
                if va != vb:
                    notes[a] = f"{label}: {_f(va)} against {_f(vb)}"
                    notes[b] = f"{label}: {_f(vb)} against {_f(va)}"
                    first = a if (va > vb) == higher_first else b
                    return [[first], [b if first == a else a]]
        return [members]

    parts = resolve(list(group), 1)
    return GroupSplit(tuple(tuple(p) for p in parts), notes)


# --------------------------------------------------------------------------
# Art. 13.4: score and schedule strength combination


def sssc(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """SSSC: secondary score + Buchholz on the primary score / factor (FIDE C.07 (2026) 13.4).

    The factor is the largest whole number not above (maximum primary score)
    / (maximum secondary score in one match), or ``/Kx``. ``/F`` uses Fore
    Buchholz. The result is rounded to 0.01 half up as the reference tool
    does; ``/E`` keeps it exact.
    """
    _need_team(ctx, d)
    event = ctx.event
    secondary = event.secondary or event.primary
    inner = Descriptor(name="FB" if d.fore else "BH", score=event.primary, forfeits_played=d.forfeits_played,
                       edition=d.edition)
    bh = ctx.values(inner)
    if d.factor is not None:
        factor = d.factor
    else:
        factor = Fraction(math.floor(event.win[event.primary] * event.rounds / event.win[secondary]))
        if factor == 0:
            factor = Fraction(1)
    out: dict[int, TieBreakValue] = {}
    for comp in event:
        own = event.total(comp.id, secondary)
        strength = bh[comp.id].value or Fraction(0)
        value = own + strength / factor
        if not (d.exact or ctx.literal):
            value = round_half_up(value, 2)
        out[comp.id] = TieBreakValue(value, (), f"{secondary} {_f(own)} + {inner.name} {_f(strength)} / {_f(factor)}")
    return out


def _f(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
