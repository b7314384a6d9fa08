"""A player who leaves a round-robin: which of his games the final standings count (FIDE C.05 art. 6.6).

FIDE General Regulations for Competitions (C.05) art. 6.6, formerly the fourth article of section V
of the FIDE Tournament Rules: when a player withdraws or is expelled from a round-robin,

* having completed **less than 50 %** of his games, his results stay in the tournament table (for
  rating and the record) but are **not counted in the final standings**: neither the points he
  scored nor those scored against him;
* having completed **50 % or more**, his results stay and **are counted**;
* either way his unplayed games are shown ``-`` for him and ``+`` for his opponents (``-`` for both
  when neither was present): they are forfeits, and scored as such.

A Swiss event keeps every result of a player who withdrew (the same article); nothing here applies
to it.

:func:`standings_view` gives both faces of a round-robin with withdrawals, and why:

* :attr:`RoundRobinView.table`: the tournament as its table shows it, every scheduled game of a
  withdrawn player after he left written as a forfeit (``-`` / ``+``, opponent and scheduled colour
  from the Berger schedule) when it was not recorded;
* :attr:`RoundRobinView.counted`: what the standings count: the table without the players who
  completed less than half of their games, their games taken out of their opponents' records (an
  empty round, no points);
* :attr:`RoundRobinView.players`: for every player whether he counts and the reason.

Readings of the text, stated once:

* *his games* are the games the schedule gives him over the whole event: one against every other
  player per cycle (rest rounds of an odd number of players are not games);
* a game is *completed* when it was played over the board; a forfeit, won or lost, is not;
* exactly 50 % counts ("at least 50 %");
* a player who never withdrew is counted whatever his forfeits (the article is about leaving);
* *withdrawals* are given as the first round a player did not play (the manager's "withdrawn from
  round"); without them, a finished event (every round of the schedule recorded) is read: a player
  who from some round to the last lost every game by forfeit left in that round.

>>> from swisspair import trf
>>> rows = [
...     "001    1      A                                 2000                             2.0    1     4 w 1     2 w 1     3 b 0",
...     "001    2      B                                 1900                             1.0    2     3 w 0     1 b 0     4 w +",
...     "001    3      C                                 1800                             3.0    3     2 b 1     4 b +     1 w 1",
...     "001    4      D                                 1700                             0.0    4     1 b 0     3 w -     2 b -",
... ]
>>> t = trf.loads("\\n".join(rows) + "\\n192 FIDE_ROUNDROBIN\\n").tournament
>>> view = standings_view(t, {4: 2})
>>> view.players[4].counted, view.players[4].games_completed, view.players[4].games_scheduled
(False, 1, 3)
>>> sorted(view.counted.players), view.counted.score(1), view.counted.score(2), view.counted.score(3)
([1, 2, 3], Fraction(1, 1), Fraction(0, 1), Fraction(2, 1))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from swisspair.model import ABSENT, Colour, Player, Result, RoundResult, Tournament
from swisspair.roundrobin import RoundSchedule, berger_schedule, cycles_for, table_size
from swisspair.tiebreaks.event import Event
from swisspair.valueclass import replace

__all__ = ["ARTICLE", "CountDecision", "RoundRobinView", "counted_event", "cycles_in", "inferred_withdrawals",
           "standings_view"]

ARTICLE = "FIDE C.05 art. 6.6"
"""Where the rule stands: the General Regulations for Competitions, art. 6.6 (formerly the fourth article of
section V of the Tournament Rules)."""

@dataclass(frozen=True, slots=True)
class CountDecision:
    """Whether one player's results count in the final standings, and why (C.05 art. 6.6)."""

    tpn: int
    """The player."""
    counted: bool
    """His results (and those against him) count in the standings."""
    reason: str
    """Why, in a sentence for the arbiter and the standings' note."""
    withdrawn_from: int | None = None
    """The first round he did not play after leaving; ``None`` when he did not leave."""
    games_completed: int = 0
    """Games he played over the board."""
    games_scheduled: int = 0
    """Games the schedule gives him over the whole event."""
    inferred: bool = False
    """The withdrawal was read from the results (forfeits to the end), not given."""


@dataclass(frozen=True, slots=True)
class RoundRobinView:
    """A round-robin as its table shows it and as its standings count it (:func:`standings_view`)."""

    table: Tournament
    """Every result, the unplayed games of the players who left written as forfeits (``-`` / ``+``)."""
    counted: Tournament
    """What the final standings count: the table without the players who completed less than half of
    their games, and without the games against them."""
    players: Mapping[int, CountDecision]
    """Every player's decision, by TPN."""
    cycles: int
    """Cycles of the event (2 in a double round-robin)."""

    @property
    def uncounted(self) -> frozenset[int]:
        """The players not counted in the final standings."""
        return frozenset(tpn for tpn, d in self.players.items() if not d.counted)

    @property
    def withdrawals(self) -> dict[int, int]:
        """The players who left (given, or read from the results): TPN -> the first round they did not play."""
        return {tpn: d.withdrawn_from for tpn, d in self.players.items() if d.withdrawn_from is not None}

    @property
    def notes(self) -> tuple[str, ...]:
        """One line per player who left (given, or read from the results when he is not counted)."""
        return tuple(d.reason for d in self.players.values()
                     if d.withdrawn_from is not None and (not d.inferred or not d.counted))


def standings_view(tournament: Tournament, withdrawals: Mapping[int, int] | None = None, *,
                   cycles: int | None = None, schedule: Sequence[RoundSchedule] | None = None,
                   rounds: int | None = None) -> RoundRobinView:
    """The table and the counted view of a round-robin (C.05 art. 6.6, module docstring).

    >>> from swisspair import berger_schedule, new_tournament, record_round, round_pairing
    >>> t = new_tournament("Club", rounds=3, players=["P1", "P2", "P3", "P4"], system="FIDE_ROUNDROBIN")
    >>> record_round(t, round_pairing(berger_schedule(4)[0]), ["1-0", "1-0"])
    >>> view = standings_view(t, {4: 2})
    >>> [entry.result.value for entry in view.table.players[4].results], view.uncounted
    (['0', '-', '-'], frozenset({4}))

    :param withdrawals: TPN -> the first round the player did not play after leaving; ``None``: read them
        from a finished event's results (:func:`inferred_withdrawals`).
    :param cycles: cycles of the event; default: from the planned rounds (``XXR``/``142``), else from the
        recorded ones.
    :param schedule: the rounds by pairing number, to write the unplayed games of a player who left;
        default: the Berger schedule, when the TPNs are the pairing numbers (the recorded games agree
        with it); otherwise only the games recorded are shown.
    :param rounds: the standings after this round: a player who left after it is still in them.
    :raises: :exc:`ValueError` for a withdrawal of an unknown player or in a round below 1.
    """
    count = cycles or cycles_in(tournament)
    inferred = withdrawals is None
    left = inferred_withdrawals(tournament, count) if withdrawals is None else dict(withdrawals)
    for tpn, first in left.items():
        if tpn not in tournament.players or first < 1:
            raise ValueError(f"withdrawal of player {tpn} from round {first}: no such player or round")
    if rounds is not None:
        left = {tpn: first for tpn, first in left.items() if first <= rounds}
    if not left:  # nobody left: the table is the tournament, every result counts
        table = tournament
    else:
        table = _with_forfeits(tournament, left, _berger_if_followed(tournament, count) if schedule is None else schedule)
    scheduled = (len(tournament.players) - 1) * count
    players = {tpn: _decision(table, tpn, left.get(tpn), scheduled, inferred) for tpn in sorted(table.players)}
    uncounted = {tpn for tpn, d in players.items() if not d.counted}
    return RoundRobinView(table, _without(table, uncounted), players, count)


def counted_event(event: Event, withdrawals: Mapping[int, int] | None = None) -> tuple[Event, RoundRobinView | None]:
    """The event the final standings rank (C.05 art. 6.6): for an individual round-robin read from a
    tournament, the counted view (:attr:`RoundRobinView.counted`) over the same rounds, with the view;
    any other event as it is, and ``None``.

    The standings (:func:`swisspair.standings.compute_standings`) call it; a Swiss event is never touched.
    """
    tournament = event.tournament
    if not event.round_robin or event.is_team or tournament is None:
        return event, None
    view = standings_view(tournament, withdrawals, rounds=event.rounds)
    if view.counted is tournament and view.table is tournament:
        return event, view
    counted = Event.from_tournament(view.counted, rounds=event.rounds, round_robin=True)
    counted.match_scores = event.match_scores
    return counted, view


def cycles_in(tournament: Tournament) -> int:
    """The cycles of a round-robin: planned rounds (else recorded ones) over the rounds of one cycle."""
    return cycles_for(tournament.rounds or tournament.recorded_rounds, len(tournament.players))


def inferred_withdrawals(tournament: Tournament, cycles: int | None = None) -> dict[int, int]:
    """The players who left a finished round-robin, read from its results: TPN -> the first round of
    the run of forfeit losses (or empty rounds) that lasts to the event's last round and holds at
    least one forfeit loss. Empty while the event is not finished (a forfeit in the latest round is
    not a withdrawal yet)."""
    n = len(tournament.players)
    if n < 2:
        return {}
    total = (table_size(n) - 1) * (cycles or cycles_in(tournament))
    if tournament.recorded_rounds < total or tournament.paired_rounds < total:
        return {}
    found: dict[int, int] = {}
    for player in tournament:
        first = total + 1
        forfeits = 0
        for rnd in range(total, 0, -1):
            result = player.result(rnd).result
            if result is Result.FORFEIT_LOSS:
                forfeits += 1
            elif result not in (Result.ZERO_BYE, Result.ABSENT):
                break
            first = rnd
        if forfeits:
            found[player.tpn] = first
    return found


def _decision(table: Tournament, tpn: int, left: int | None, scheduled: int, inferred: bool) -> CountDecision:
    """C.05 art. 6.6 for one player of ``table``."""
    player = table.players[tpn]
    completed = sum(1 for entry in player.results if entry.played)
    if left is None:
        return CountDecision(tpn, True, f"{player.name or tpn}: did not leave the event; counted.",
                             games_completed=completed, games_scheduled=scheduled)
    counted = 2 * completed >= scheduled
    how = "lost every game by forfeit from round" if inferred else "withdrew before round"
    share = f"completed {completed} of his {scheduled} games"
    if counted:
        verdict = "at least half: his results count in the final standings, his unplayed games as forfeits"
    else:
        verdict = ("fewer than half: his results stay in the table for rating but are not counted in the final "
                   "standings, nor are his opponents' results against him")
    reason = f"{player.name or tpn} (no. {tpn}) {how} {left} having {share}: {verdict} ({ARTICLE})."
    return CountDecision(tpn, counted, reason, left, completed, scheduled, inferred)


def _berger_if_followed(tournament: Tournament, cycles: int) -> tuple[RoundSchedule, ...]:
    """The Berger schedule by TPN, when every game recorded agrees with it (opponent, and round); else none."""
    n = len(tournament.players)
    if n < 2 or sorted(tournament.players) != list(range(1, n + 1)):
        return ()
    schedule = berger_schedule(n, cycles=cycles)
    for rnd in schedule[: tournament.recorded_rounds]:
        opponents = {b.white: b.black for b in rnd.boards} | {b.black: b.white for b in rnd.boards}
        for player in tournament:
            entry = player.result(rnd.round_number)
            if entry.opponent is not None and opponents.get(player.tpn) != entry.opponent:
                return ()
    return schedule


def _empty(entry: RoundResult) -> bool:
    return entry.opponent is None and entry.result in (Result.ABSENT, Result.ZERO_BYE)


def _with_forfeits(tournament: Tournament, left: Mapping[int, int], schedule: Sequence[RoundSchedule]) -> Tournament:
    """A copy whose scheduled games of the players who left, from the round they left, are forfeits where
    nothing was recorded: ``-`` for a player who left, ``+`` for one still playing (C.05 art. 6.6)."""
    table = _copy(tournament, {tpn: replace(p, results=list(p.results)) for tpn, p in tournament.players.items()})
    for rnd in schedule:
        r = rnd.round_number
        for board in rnd.boards:
            sides = ((board.white, board.black, Colour.WHITE), (board.black, board.white, Colour.BLACK))
            if not any(left.get(tpn, r + 1) <= r for tpn, _, _ in sides):
                continue
            for tpn, opponent, colour in sides:
                player = table.players[tpn]
                if not _empty(player.result(r)):
                    continue
                gone = left.get(tpn, r + 1) <= r
                _set(player.results, r, RoundResult(opponent, colour,
                                                    Result.FORFEIT_LOSS if gone else Result.FORFEIT_WIN))
    return table


def _without(table: Tournament, uncounted: set[int]) -> Tournament:
    """``table`` without the ``uncounted`` players; their opponents' rounds against them left empty."""
    if not uncounted:
        return table
    players = {}
    for tpn, player in table.players.items():
        if tpn in uncounted:
            continue
        results = [ABSENT if entry.opponent in uncounted else entry for entry in player.results]
        players[tpn] = replace(player, results=results, points=None, rank=None)
    return _copy(table, players)


def _copy(tournament: Tournament, players: dict[int, Player]) -> Tournament:
    """``tournament`` with ``players``; its mutable fields copied, so that the view and the source stay apart."""
    return replace(tournament, players=players, headers={k: list(v) for k, v in tournament.headers.items()},
                   forbidden_pairs=list(tournament.forbidden_pairs), extra_lines=list(tournament.extra_lines),
                   accelerations={k: dict(v) for k, v in tournament.accelerations.items()},
                   rank_order=None if tournament.rank_order is None else list(tournament.rank_order))


def _set(results: list[RoundResult], round_number: int, entry: RoundResult) -> None:
    while len(results) < round_number:
        results.append(ABSENT)
    results[round_number - 1] = entry
