"""A player who leaves a round-robin (FIDE C.05 art. 6.6, formerly the Tournament Rules section V art. 4).

Under 50 % of his games completed: his results stay in the table (for rating) but are not counted in
the final standings; 50 % or more: counted, his unplayed games as forfeits (``-`` for him, ``+`` for
his opponents). The tournaments below are built round by round from the Berger schedule; in every game
White wins unless a test says otherwise, so each expected score is counted by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisspair import trf
from swisspair.builder import record_round
from swisspair.cli import cli
from swisspair.model import Board, Colour, Player, Result, RoundResult, Tournament
from swisspair.roundrobin import berger_schedule, round_pairing
from swisspair.standings import compute_standings
from swisspair.tiebreaks.event import Event
from swisspair.withdrawals import ARTICLE, counted_event, inferred_withdrawals, standings_view

WIN = (Result.WIN, Result.LOSS)
FORFEIT = {True: (Result.FORFEIT_LOSS, Result.FORFEIT_WIN), False: (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)}


def event(n: int, cycles: int = 1, *, leaver: int | None = None, played: int = 0, record_unplayed: bool = True,
          system: str = "FIDE_ROUNDROBIN",
          result: Callable[[Board], tuple[Result, Result]] = lambda board: WIN) -> Tournament:
    """A round-robin of ``n`` players (TPN = pairing number) over ``cycles`` cycles. ``leaver`` plays his
    first ``played`` games, then loses the rest by forfeit (``record_unplayed``) or has nothing recorded."""
    t = Tournament(players={tpn: Player(tpn, f"P{tpn}", rating=2400 - 10 * tpn) for tpn in range(1, n + 1)},
                   rounds=len(berger_schedule(n, cycles=cycles)), system=system)
    games_of_leaver = 0
    for rnd in berger_schedule(n, cycles=cycles):
        results = []
        for board in rnd.boards:
            if leaver in (board.white, board.black):
                games_of_leaver += 1
                if games_of_leaver > played:
                    results.append(FORFEIT[board.white == leaver])
                    continue
            results.append(result(board))
        record_round(t, round_pairing(rnd), results)
        if not record_unplayed and leaver is not None and games_of_leaver > played:
            for board in rnd.boards:
                if leaver in (board.white, board.black):
                    for tpn in (board.white, board.black):
                        t.players[tpn].results[-1] = RoundResult.bye(Result.ZERO_BYE)
    return t


def left_from(t: Tournament, tpn: int) -> int:
    """The first round in which ``tpn`` lost by forfeit: the round he left."""
    return next(r for r in range(1, len(t.players[tpn].results) + 1) if t.players[tpn].result(r).result
                is Result.FORFEIT_LOSS)


def total(t: Tournament) -> Fraction:
    return sum((t.score(tpn) for tpn in t.players), Fraction(0))


# --- the 50 % line --------------------------------------------------------------------------------


def test_under_half_not_counted() -> None:
    """C.05 art. 6.6: 6 players, one leaves after 2 of his 5 games: his results, and his opponents' against
    him, leave the standings; the other five's ten games among themselves are what counts."""
    t = event(6, leaver=6, played=2)
    view = standings_view(t, {6: left_from(t, 6)})
    decision = view.players[6]
    assert (decision.counted, decision.games_completed, decision.games_scheduled) == (False, 2, 5)
    assert view.uncounted == {6}
    assert sorted(view.counted.players) == [1, 2, 3, 4, 5]
    assert total(view.counted) == 10
    assert all(entry.opponent != 6 for p in view.counted for entry in p.results)
    # the table keeps everything, for rating: 15 games, 15 points
    assert total(view.table) == 15 and view.table.players[6].results == t.players[6].results
    s = compute_standings(t, "DE,WIN,SB,KS", withdrawals={6: left_from(t, 6)})
    assert sorted(row.tpn for row in s.rows) == [1, 2, 3, 4, 5]
    assert sum(row.points for row in s.rows) == 10
    assert any(ARTICLE in note and "not counted" in note for note in s.notes)


def test_half_or_more_counted() -> None:
    """C.05 art. 6.6: after 3 of 5 games (60 %) his results count, and his unplayed games as forfeits."""
    t = event(6, leaver=6, played=3)
    s = compute_standings(t, "SB", withdrawals={6: left_from(t, 6)})
    assert len(s.rows) == 6 and sum(row.points for row in s.rows) == 15
    assert any("at least half" in note for note in s.notes)


@pytest.mark.parametrize(("played", "counted"), [(2, False), (3, True)])
def test_exactly_half_counts_in_a_double_round_robin(played: int, counted: bool) -> None:
    """C.05 art. 6.6 ("at least 50 %"), double round-robin of 4: 6 games each; 3 played count, 2 do not."""
    t = event(4, 2, leaver=4, played=played)
    view = standings_view(t, {4: left_from(t, 4)})
    assert view.players[4].games_scheduled == 6
    assert view.players[4].counted is counted
    assert total(view.counted) == (12 if counted else 6)


def test_forfeits_of_a_player_who_stays_count() -> None:
    """C.05 art. 6.6 is about leaving: a player who lost games by forfeit but did not withdraw is counted."""
    t = event(6, leaver=6, played=1)
    s = compute_standings(t, "SB", withdrawals={})
    assert len(s.rows) == 6 and not any(ARTICLE in note for note in s.notes)


# --- the table: unplayed games as forfeits -----------------------------------------------------------


def test_unrecorded_games_are_written_as_forfeits() -> None:
    """C.05 art. 6.6: the unplayed games of the player who left are '-' for him and '+' for his opponents,
    with the scheduled opponent and colour, when the manager recorded nothing for them."""
    recorded = event(8, leaver=8, played=5)
    bare = event(8, leaver=8, played=5, record_unplayed=False)
    leaves = left_from(recorded, 8)
    view = standings_view(bare, {8: leaves})
    for tpn, player in recorded.players.items():
        assert view.table.players[tpn].results == player.results
    assert view.players[8].counted  # 5 of 7
    assert compute_standings(bare, "SB", withdrawals={8: leaves}).rows == \
        compute_standings(recorded, "SB", withdrawals={8: leaves}).rows


def test_two_players_who_left_both_lose_their_game() -> None:
    """C.05 art. 6.6: when neither player is present the game is '-' for both."""
    t = event(6, leaver=6, played=4, record_unplayed=False)  # 6 leaves before his last game
    last = berger_schedule(6)[-1]
    (game,) = [b for b in last.boards if 6 in (b.white, b.black)]
    other = game.white if game.black == 6 else game.black
    view = standings_view(t, {6: 5, other: 5})
    assert view.table.players[6].result(5).result is Result.FORFEIT_LOSS
    assert view.table.players[other].result(5).result is Result.FORFEIT_LOSS
    assert view.table.players[other].result(5).opponent == 6


# --- reading the withdrawals from a finished event ------------------------------------------------------


def test_withdrawal_read_from_a_finished_event() -> None:
    """C.05 art. 6.6 on a file: forfeits from some round to the end are the player leaving; the standings
    follow it without being told, and say so."""
    t = event(6, leaver=6, played=2)
    assert inferred_withdrawals(t) == {6: left_from(t, 6)}
    s = compute_standings(t, "SB")
    assert len(s.rows) == 5
    (note,) = [n for n in s.notes if ARTICLE in n]
    assert "lost every game by forfeit from round" in note


def test_nothing_is_read_before_the_end() -> None:
    """A forfeit in the latest round of an unfinished event is not a withdrawal yet."""
    t = event(6, leaver=6, played=2).truncated(3)
    assert inferred_withdrawals(t) == {}
    assert len(compute_standings(t, "SB").rows) == 6


def test_a_forfeit_in_the_middle_is_not_leaving() -> None:
    """Forfeits followed by a game played are no withdrawal (the C.07 exercise's 6-player round-robin)."""
    t = event(6, leaver=6, played=2)
    last = berger_schedule(6)[-1]
    for board in last.boards:
        if 6 in (board.white, board.black):
            for tpn, res in zip((board.white, board.black), WIN, strict=True):
                t.players[tpn].results[-1] = RoundResult(board.black if tpn == board.white else board.white,
                                                         Colour.WHITE if tpn == board.white else Colour.BLACK, res)
    assert inferred_withdrawals(t) == {}


# --- Swiss events, events, Koya ---------------------------------------------------------------------


def test_swiss_events_are_untouched() -> None:
    """C.05 art. 6.6: in a Swiss the results of a player who withdrew stay for the ranking."""
    t = event(6, leaver=6, played=2, system="FIDE_DUTCH_2026")
    s = compute_standings(t, "SB", withdrawals={6: 3})
    assert len(s.rows) == 6 and s.notes == []
    assert counted_event(Event.from_tournament(t), {6: 3})[1] is None


def test_an_event_built_by_the_caller_follows_the_rule() -> None:
    """``swisspair standings`` builds the event itself: the rule applies to an event too."""
    t = event(6, leaver=6, played=2)
    s = compute_standings(Event.from_tournament(t, round_robin=True), "SB")
    assert len(s.rows) == 5


def test_koya_limit_counts_the_games_that_count() -> None:
    """C.07 (2026) 9.2 with C.05 art. 6.6: 9 players, one not counted: the others have 7 counted games, so
    50 % is 3.5 points (not half of 9 rounds, nor of 8 games)."""
    t = event(9, leaver=9, played=2)
    s = compute_standings(t, "KS", withdrawals={9: left_from(t, 9)})
    limits = {tv.note for tvs in s.details.values() for tv in tvs}
    assert limits == {"limit 3.5"}


def test_cli_standings_say_so(tmp_path: Path) -> None:
    """``swisspair standings`` on a round-robin TRF: the player is left out and a warning names the rule."""
    t = event(6, leaver=6, played=2)
    path = tmp_path / "rr.trf"
    path.write_text(trf.dumps(t), encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path), "-t", "SB"])
    assert result.exit_code == 0, result.output
    assert ARTICLE in result.stderr
    table = [line for line in result.stdout.splitlines() if not line.startswith("note:")]
    assert not any("P6" in line for line in table) and any("P5" in line for line in table)
    assert "note: P6 (no. 6) lost every game by forfeit from round 3" in result.stdout


def test_the_grid_shows_the_table() -> None:
    """C.05 art. 6.6: the crosstable keeps the results of a player not counted, his unplayed games '−' for
    him and '+' for his opponents; a double round-robin has two results per cell, the cycles in order."""
    from swisspair.crosstable_grid import crosstable_grid

    t = event(4, 2, leaver=4, played=2, record_unplayed=False)
    view = standings_view(t, {4: 3})  # he played rounds 1 and 2
    grid = crosstable_grid(view.table)
    assert grid.cycles == 2 and grid.players == (1, 2, 3, 4)
    assert all(grid.cells[p][p] is None for p in grid.players)
    assert [symbol for cell in grid.cells[4].values() if cell for symbol in cell].count("−") == 4
    assert [cell for tpn, cell in grid.cells.items() if tpn != 4 and cell[4] and "+" in cell[4]]
    for row in grid.players:
        for column in grid.players:
            if row != column:
                assert len(grid.rounds[row][column]) == 2


def test_standings_before_the_player_left() -> None:
    """C.05 art. 6.6 applies from the round a player left: the standings after round 2 of an event he left in
    round 3 still have him, counted."""
    t = event(6, leaver=6, played=2)
    left = left_from(t, 6)
    assert left == 3
    s = compute_standings(t, "SB", rounds=2, withdrawals={6: left})
    assert len(s.rows) == 6 and s.notes == []
    assert len(compute_standings(t, "SB", rounds=3, withdrawals={6: left}).rows) == 5


def test_cli_reads_a_round_robin_from_its_tournament_type(tmp_path: Path) -> None:
    """A file that says 'Individual: Round-Robin' in 092 (and no 192 code) is ranked as a round-robin."""
    t = event(6, leaver=6, played=2, system="")
    t.system = None
    t.headers["092"] = ["Individual: Round-Robin"]
    path = tmp_path / "rr.trf"
    path.write_text(trf.dumps(t), encoding="utf-8")
    assert "192" not in path.read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path), "-t", "SB"])
    assert result.exit_code == 0, result.output
    assert ARTICLE in result.stderr
    assert len(compute_standings(trf.loads(path.read_text(encoding="utf-8")).tournament, "SB").rows) == 5
