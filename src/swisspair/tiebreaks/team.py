"""Team competitions: the team view of a TRF, and the team tie-breaks (FIDE C.07 (2026) arts. 11-13).

:func:`team_event` builds an :class:`~swisspair.tiebreaks.base.Event` whose
competitors are teams, from :attr:`Tournament.teams` (the ``310`` or ``013``
records, numbered by the rule of :mod:`swisspair.teams`) and the players' games:

* the boards of a match are the team's players who met players of the other
  team in the round, in the order of the team record (board 1 first);
* game points (GP) are the sum of the boards; match points (MP) follow the
  :attr:`Tournament.match_points` (``362``, default 2/1/0);
* a team with no opponent but a player with the PAB has the PAB, scored as a
  drawn match (C.04.6 art. 1.4: TD match points, a draw's GP on every board;
  the same value the team pairing uses) and, for the board tie-breaks of
  art. 12, as a win on every board;
* the primary score is MP unless record ``192`` names ``..._GP`` first.

Records ``300`` (boards out of order), ``320`` and ``330`` are not read.

Tie-breaks (Arts. 12-13): BC, TBR, BBE, EDE and its named chains EDEBT,
EDEBB, EDET, EDEB, SSSC; ESB, MP, GP and MPvGP live in
:mod:`~swisspair.tiebreaks.sonneborn` and :mod:`~swisspair.tiebreaks.own`,
and every individual tie-break takes ``:MP`` or ``:GP`` (``BH:MP/C1/P``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

from swisspair.model import Outcome, Tournament
from swisspair.teams import DEFAULT_MATCH_POINTS
from swisspair.tiebreaks.base import (
    Competitor,
    Context,
    Descriptor,
    Event,
    GroupSplit,
    InvalidTieBreakError,
    RoundKind,
    RoundRecord,
    Term,
    TieBreakValue,
    tied_runs,
)
from swisspair.tiebreaks.direct import split_by_encounters
from swisspair.tiebreaks.rounding import round_half_up
from swisspair.tiebreaks.sports import MatchScore

__all__ = [
    "board_count",
    "bottom_board",
    "extended_direct_encounter",
    "read_teams",
    "sssc",
    "team_event",
    "top_board",
]


def read_teams(tournament: Tournament) -> dict[int, tuple[str, list[int]]]:
    """Team number -> (name, member TPNs in board order), from :attr:`Tournament.teams`."""
    return {team.number: (team.name, list(team.members)) for team in tournament.teams}


def _match_points(tournament: Tournament) -> tuple[Fraction, Fraction, Fraction]:
    points = tournament.match_points or DEFAULT_MATCH_POINTS
    return points.win, points.draw, points.loss


def _opponent_team(rec: RoundRecord, team_of: dict[int, int]) -> int | None:
    return None if rec.opponent is None else team_of.get(rec.opponent)


def team_event(tournament: Tournament, *, rounds: int | None = None, round_robin: bool | None = None) -> Event:
    """The team view of an individual TRF with team records (C.07 (2026) 11.1).

    :raises: :exc:`~swisspair.tiebreaks.base.InvalidTieBreakError` if the file has no team records.
    """
    teams = read_teams(tournament)
    if not teams:
        raise InvalidTieBreakError("no team records (013 or 310) in the file: not a team competition")
    players = Event.from_tournament(tournament, rounds=rounds, round_robin=round_robin)
    team_of: dict[int, int] = {}
    order: dict[int, int] = {}
    for number, (_, members) in teams.items():
        for index, tpn in enumerate(members):
            team_of[tpn] = number
            order[tpn] = index
    scoring = tournament.scoring
    tw, td, tl = _match_points(tournament)
    n = players.rounds
    # Boards per match: the largest number of games a team played in one round.
    size = 1
    boards: dict[tuple[int, int], list[RoundRecord]] = {}
    opponents: dict[tuple[int, int], int | None] = {}
    for number, (_, members) in teams.items():
        for r in range(1, n + 1):
            recs = [players.record(t, r) for t in members if t in players.competitors]
            against = Counter(team_of.get(rec.opponent) for rec in recs if rec.opponent is not None)
            against.pop(None, None)
            opp = against.most_common(1)[0][0] if against else None
            opponents[(number, r)] = opp
            lineup = sorted((t for t in members if t in players.competitors
                             and players.record(t, r).opponent is not None
                             and _opponent_team(players.record(t, r), team_of) == opp), key=order.__getitem__)
            boards[(number, r)] = [players.record(t, r) for t in lineup]
            size = max(size, len(lineup))
    gp_win, gp_draw = scoring.win * size, scoring.draw * size
    competitors: dict[int, Competitor] = {}
    scores: dict[tuple[int, int], MatchScore] = {}
    for number, (name, members) in teams.items():
        recs_out = []
        for r in range(1, n + 1):
            opp = opponents[(number, r)]
            games = boards[(number, r)]
            if opp is not None:
                gp = sum((g.points["PTS"] for g in games), Fraction(0))
                other = sum((g.points["PTS"] for g in boards.get((opp, r), [])), Fraction(0))
                outcome = Outcome.WIN if gp > other else Outcome.DRAW if gp == other else Outcome.LOSS
                mp = {Outcome.WIN: tw, Outcome.DRAW: td, Outcome.LOSS: tl}[outcome]
                if any(g.played for g in games):
                    kind = RoundKind.GAME
                else:
                    kind = RoundKind.FORFEIT_WIN if outcome is Outcome.WIN else RoundKind.FORFEIT_LOSS
                per_board = [g.points["PTS"] for g in games] + [Fraction(0)] * (size - len(games))
                scores[(number, r)] = MatchScore(gp, other)
                recs_out.append(RoundRecord(r, kind, opp, {"MP": mp, "GP": gp}, outcome=outcome,
                                            boards=tuple(per_board)))
                continue
            own = [players.record(t, r) for t in members if t in players.competitors]
            if any(rec.kind is RoundKind.PAB for rec in own):
                recs_out.append(RoundRecord(r, RoundKind.PAB, None, {"MP": td, "GP": gp_draw}, outcome=Outcome.DRAW,
                                            boards=(scoring.win,) * size))
            elif any(rec.kind is RoundKind.FULL_BYE for rec in own):
                recs_out.append(RoundRecord(r, RoundKind.FULL_BYE, None, {"MP": tw, "GP": gp_win},
                                            outcome=Outcome.WIN, boards=(scoring.win,) * size))
            elif any(rec.kind is RoundKind.HALF_BYE for rec in own):
                recs_out.append(RoundRecord(r, RoundKind.HALF_BYE, None, {"MP": td, "GP": gp_draw},
                                            outcome=Outcome.DRAW, boards=(scoring.draw,) * size))
            else:
                kind = RoundKind.ZERO_BYE if any(rec.kind is RoundKind.ZERO_BYE for rec in own) else RoundKind.ABSENT
                recs_out.append(RoundRecord(r, kind, None, {"MP": tl, "GP": Fraction(0)}, outcome=Outcome.LOSS,
                                            boards=(Fraction(0),) * size))
        competitors[number] = Competitor(id=number, name=name, rating=None, rounds=recs_out)
    system = (tournament.system or "").upper()
    gp_first = "_GP" in system and ("_MP" not in system or system.index("_GP") < system.index("_MP"))
    if round_robin is None:
        round_robin = "ROUNDROBIN" in system or "BERGER" in system
    return Event(
        competitors=competitors,
        rounds=n,
        scores=("GP", "MP") if gp_first else ("MP", "GP"),
        win={"MP": tw, "GP": gp_win},
        draw={"MP": td, "GP": gp_draw},
        round_robin=bool(round_robin),
        team_size=size,
        is_team=True,
        tournament=tournament,
        match_scores=scores,
    )


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
