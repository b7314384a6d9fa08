"""The FIDE Swiss rules of 1987 (amended 1988-89): worked examples by article, invariants, CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import make_tournament, run_cli

from swisspair import trf
from swisspair.cli import cli
from swisspair.exitcodes import ExitCode
from swisspair.generator import GeneratorConfig, generate
from swisspair.model import Board, Colour, Tournament
from swisspair.pairing import find_system
from swisspair.pairing.fide1987 import Fide1987System, _Round1987, first_round, is_maxi, pair_state
from swisspair.pairing.state import PairingState, PlayerState, build_state

SYSTEM = Fide1987System()


def group_state(size: int, forbidden: list[tuple[int, int]], round_number: int = 2,
                total_rounds: int = 9) -> PairingState:
    """One score group of ``size`` players without colour history, above the middle group.

    Every player has 1 point after one round (middle group: 1/2), so the
    group is paired top-down; ``forbidden`` pairs have "already met".
    """
    players = {tpn: PlayerState(tpn=tpn, rank_index=tpn - 1, rating=2500 - tpn, records=[], score=2)
               for tpn in range(1, size + 1)}
    barred: dict[int, set[int]] = {tpn: set() for tpn in players}
    for a, b in forbidden:
        barred[a].add(b)
        barred[b].add(a)
    return PairingState(round_number=round_number, total_rounds=total_rounds, scale=2, win=2, draw=1, loss=0,
                        players=players, to_pair=list(players.values()), forbidden=barred,
                        initial_colour=Colour.WHITE)


def pairs_of(state: PairingState) -> list[tuple[int, int]]:
    """The pairs of a one-group round, each as (higher, lower) number, sorted."""
    pairing = pair_state(state)
    return sorted(tuple(sorted((b.white, b.black))) for b in pairing.boards)  # type: ignore[misc]


def group_pairs(size: int, forbidden: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair one top-down score group with :meth:`_Round1987.pair_group`: (pairs, floaters)."""
    state = group_state(size, forbidden)
    engine = _Round1987(state)
    group = sorted(state.to_pair, key=lambda p: p.rank_index)
    pairs, floats = engine.pair_group(group, set(), True, [])
    return sorted((a.tpn, b.tpn) for a, b in pairs), [p.tpn for p in floats]


# -- art. 14: the first round ---------------------------------------------------

def test_art_14_2_forty_players_white_drawn() -> None:
    """Art. 14.2: "... for forty players ... 1-21, 22-2, 3-23, 24-4, ... 40-20"."""
    t = make_tournament(9, [2600 - i for i in range(40)], initial=Colour.WHITE)
    boards = list(SYSTEM.pair(t).boards)
    assert boards[:4] == [Board(1, 21), Board(22, 2), Board(3, 23), Board(24, 4)]
    assert boards[-1] == Board(40, 20)
    assert len(boards) == 20


def test_art_14_2_forty_players_black_drawn() -> None:
    """Art. 14.2: "... or 21-1, 2-22, 23-3, 4-24, ... 20-40"."""
    t = make_tournament(9, [2600 - i for i in range(40)], initial=Colour.BLACK)
    boards = list(SYSTEM.pair(t).boards)
    assert boards[:4] == [Board(21, 1), Board(2, 22), Board(23, 3), Board(4, 24)]
    assert boards[-1] == Board(20, 40)


def test_art_14_1_odd_number_the_last_has_the_bye() -> None:
    """Art. 14.1: "If the number of players is odd, the lowest-rated (highest number) has the bye"."""
    t = make_tournament(5, [2400 - 10 * i for i in range(7)])
    pairing = SYSTEM.pair(t)
    assert pairing.bye == 7
    assert list(pairing.boards) == [Board(1, 4), Board(5, 2), Board(3, 6)]


def test_art_14_first_round_function_order() -> None:
    """Art. 14.2, the rule itself: odd numbers of the top half take the drawn colour."""
    state = group_state(6, [])
    boards, bye = first_round(state.to_pair, Colour.WHITE)
    assert boards == [Board(1, 4), Board(5, 2), Board(3, 6)] and bye is None


# -- art. 11: transpositions (six players) ----------------------------------------

@pytest.mark.parametrize(("forbidden", "expected"), [
    ([], [(1, 4), (2, 5), (3, 6)]),
    ([(1, 4)], [(1, 5), (2, 4), (3, 6)]),
    ([(1, 4), (1, 5)], [(1, 6), (2, 4), (3, 5)]),
    ([(1, 4), (1, 5), (1, 6)], [(1, 3), (2, 5), (4, 6)]),
    ([(1, 4), (1, 5), (1, 6), (1, 3)], [(1, 2), (3, 5), (4, 6)]),
])
def test_art_11_2_opponents_of_player_1(forbidden: list[tuple[int, int]], expected: list[tuple[int, int]]) -> None:
    """Art. 11.2: "1-4 1-5 1-6 1-3 1-2 / 2-5 2-4 2-4 2-5 3-5 / 3-6 3-6 3-5 4-6 4-6"."""
    assert pairs_of(group_state(6, forbidden)) == expected


@pytest.mark.parametrize(("forbidden", "expected"), [
    ([], [(1, 6), (2, 4), (3, 5)]),
    ([(2, 4)], [(1, 6), (2, 5), (3, 4)]),
    ([(2, 4), (2, 5)], [(1, 6), (2, 3), (4, 5)]),
    ([(2, 4), (2, 5), (2, 3)], [(1, 3), (2, 6), (4, 5)]),
    ([(2, 4), (2, 5), (2, 3), (2, 6)], [(1, 2), (3, 5), (4, 6)]),
])
def test_art_11_3_opponents_of_player_2(forbidden: list[tuple[int, int]], expected: list[tuple[int, int]]) -> None:
    """Art. 11.3: with 1-6 found, "1-6 1-6 1-6 1-3 1-2 / 2-4 2-5 2-3 2-6 3-5 / 3-5 3-4 4-5 4-5 4-6"."""
    assert pairs_of(group_state(6, [(1, 4), (1, 5), *forbidden])) == expected


def test_art_11_4_b_even_group_two_and_the_last_float() -> None:
    """Art. 11.4 (b): 1 and 2 met each other and all but 6: 1-6 is kept; "the player left with the
    highest number together with No. 2 are floated", so the group stays even."""
    met = [(1, x) for x in (2, 3, 4, 5)] + [(2, x) for x in (3, 4, 5)]
    pairs, floats = group_pairs(6, met)
    assert (1, 6) in pairs
    assert sorted(floats) == [2, 5]
    assert pairs == [(1, 6), (3, 4)]


def test_art_11_4_a_odd_group_two_replaces_seven() -> None:
    """Art. 11.4 (a): an odd group whose No. 7 was to float for parity: "No. 2 is replaced by the
    floater, originally No. 7"."""
    met = [(1, x) for x in (2, 3, 4, 5, 7)] + [(2, x) for x in (3, 4, 5, 7)]
    pairs, floats = group_pairs(7, met)
    assert floats == [2]
    assert (1, 6) in pairs and any(7 in pair for pair in pairs)


def test_art_11_4_a_without_conflict_seven_floats() -> None:
    """Art. 9.3 d, 10.2: an odd group with no other constraint floats its highest number top-down."""
    pairs, floats = group_pairs(7, [])
    assert floats == [7]
    assert pairs == [(1, 4), (2, 5), (3, 6)]


def test_art_10_10_previous_floater_does_not_float_again() -> None:
    """Art. 10.9-10.10: a player who floated in the previous round (here No. 3, who had the bye) is not
    chosen to make the group even when another choice keeps as many pairs: No. 2 floats instead."""
    from swisspair.pairing.state import RoundRecord

    state = group_state(4, [])
    state.players[3].records = [RoundRecord(None, Colour.NONE, False, True, True, 2)]
    for tpn in (1, 2, 4):
        state.players[tpn].records = [RoundRecord(None, Colour.NONE, False, True, False, 0)]
    engine = _Round1987(state)
    group = [state.players[t] for t in (1, 2, 3)]
    assert [engine.floated_last_round(p) for p in group] == [False, False, True]
    pairs, floats = engine.pair_group(group, set(), True, [state.players[4]])
    assert [p.tpn for p in floats] == [2]
    assert [(a.tpn, b.tpn) for a, b in pairs] == [(1, 3)]


# -- art. 9.2, 10: order of the score groups and floaters ---------------------------

def round_two_of_eight() -> Tournament:
    """After round 1: 1, 3, 4 on 1 point, 2 and 6 on 1/2 (the middle group), 5, 7, 8 on 0."""
    return make_tournament(5, [2500 - 10 * i for i in range(8)],
                           [["1-5 1-0", "6-2 =-=", "3-7 1-0", "8-4 0-1"]])


def test_art_9_2_and_10_top_down_bottom_up_middle_last() -> None:
    """Art. 9.2 (top group top-down, bottom group bottom-up, middle group last), 10.2 (the floater
    balances the due colours: 1 and 3 are due Black, 4 White, so 3 floats, not 4), 10.8 (the floater
    meets the highest-ranked player giving it the alternating colour)."""
    pairing = SYSTEM.pair(round_two_of_eight())
    assert set(pairing.boards) == {Board(4, 1), Board(2, 3), Board(5, 6), Board(7, 8)}


def test_art_9_6_cracking_the_middle_group() -> None:
    """Art. 9.6: the middle group (3 and 4, who met) cannot be paired; as many floaters came from
    above as from below (none), so the next pair of the higher group (1-2) joins it."""
    t = make_tournament(5, [2500 - 10 * i for i in range(6)],
                        [["1-4 1-0", "5-2 0-1", "3-6 1-0"], ["4-3 1-0", "1-5 1-0", "6-2 0-1"]])
    pairing = SYSTEM.pair(t)
    assert set(pairing.boards) == {Board(3, 1), Board(2, 4), Board(5, 6)}
    assert any("9.6" in note for note in pairing.explanation)


# -- art. 8: the bye ---------------------------------------------------------------

def test_art_8_1_bye_to_the_highest_number_of_the_lowest_group() -> None:
    """Art. 8.1: "the highest number (lowest Elo) of the lowest score group"; 8.2: only once."""
    t = make_tournament(5, [2500 - 10 * i for i in range(7)],
                        [["1-4 1-0", "5-2 0-1", "3-6 1-0", "7 U"]])
    pairing = SYSTEM.pair(t)
    assert pairing.bye == 6  # 7 had the bye in round 1 (art. 8.2); 4, 5, 6 are on 0


def test_art_8_2_no_bye_after_a_forfeit_win() -> None:
    """Art. 8.2: "A player who won by forfeit cannot have the bye in the next round"."""
    t = make_tournament(5, [2500 - 10 * i for i in range(7)],
                        [["1-4 1-0", "5-2 0-1", "3-6 1-0", "7 U"],
                         ["1-2 1-0", "3-5 1-0", "4-6 -+", "7 Z"]])
    state = build_state(t)
    engine = _Round1987(state)
    six = state.players[6]
    assert not engine.bye_allowed(six)
    assert engine.bye_allowed(state.players[4])


# -- art. 9.1, 12, 13: colours -----------------------------------------------------

def history(colours: str, tpn: int, rank: int, score: int = 2) -> PlayerState:
    from swisspair.pairing.state import RoundRecord

    records = [RoundRecord(opponent=99, colour=Colour.WHITE if c == "W" else Colour.BLACK, played=True,
                           participated=True, pab=False, points=0) for c in colours]
    return PlayerState(tpn=tpn, rank_index=rank, rating=2000, records=records, score=score)


def colour_state(a: PlayerState, b: PlayerState, round_number: int, total: int = 9,
                 *more: PlayerState) -> _Round1987:
    everyone = [a, b, *more]
    state = PairingState(round_number=round_number, total_rounds=total, scale=2, win=2, draw=1, loss=0,
                         players={p.tpn: p for p in everyone}, to_pair=everyone,
                         forbidden={p.tpn: set() for p in everyone}, initial_colour=Colour.WHITE)
    return _Round1987(state)


def test_art_9_1_and_12_1_same_colour_three_times_forbidden() -> None:
    """Art. 9.1, 12.1 (a): no player may have the same colour three rounds running."""
    a, b, c = history("BWW", 1, 0), history("WBWW", 2, 1), history("WBW", 3, 2)
    engine = colour_state(a, b, 4, 9, c)
    assert not engine.compatible(a, b)
    assert engine.compatible(a, c)


def test_art_12_1_b_three_more_of_one_colour_forbidden() -> None:
    """Art. 12.1 (b): nobody may have one colour three times more than the other."""
    a, b = history("WBWW", 1, 0), history("WBWBW", 2, 1)
    engine = colour_state(a, b, 6)
    assert not engine.colour_allowed(a, Colour.WHITE)
    assert engine.colour_allowed(a, Colour.BLACK)


def test_art_13_last_round_allows_it() -> None:
    """Art. 13: in the last round players who have not met may be paired even if one gets the same
    colour a third time running."""
    a, b = history("BWW", 1, 0), history("WBWW", 2, 1)
    engine = colour_state(a, b, 4, total=4)
    assert engine.compatible(a, b)


def test_art_12_3_two_equal_colours_get_the_alternating_one() -> None:
    """Art. 12.3: a player who had the same colour twice must get the other."""
    a, b = history("WBB", 1, 0), history("BWW", 2, 1)
    engine = colour_state(a, b, 4)
    assert engine.allocate(a, b) == Board(1, 2)


def test_art_12_4_go_back_until_the_histories_differ() -> None:
    """Art. 12.4: both are due Black (W B B W and B W B W); going back, they first differ two rounds
    earlier (1 had Black, 2 White): each alternates from there, so 1 gets White."""
    a, b = history("WBBW", 1, 0), history("BWBW", 2, 1)
    engine = colour_state(a, b, 5)
    assert engine.allocate(a, b) == Board(1, 2)


def test_art_12_4_identical_histories_middle_or_above() -> None:
    """Art. 12.4: identical histories, middle group or above: the lower number gets the alternating colour."""
    a, b = history("BW", 1, 0, score=4), history("BW", 2, 1, score=4)
    assert colour_state(a, b, 3).allocate(a, b) == Board(2, 1)


def test_art_12_4_identical_histories_below_the_middle() -> None:
    """Art. 12.4: identical histories below the middle group: the higher number gets the alternating colour."""
    a, b = history("BW", 1, 0, score=0), history("BW", 2, 1, score=0)
    assert colour_state(a, b, 3).allocate(a, b) == Board(1, 2)


def test_art_12_6_equalising_colour_in_even_rounds() -> None:
    """Art. 12.6: in even rounds each gets the colour that equalises (1 had W, 2 had B)."""
    a, b = history("W", 1, 0), history("B", 2, 1)
    assert colour_state(a, b, 2).allocate(a, b) == Board(2, 1)


def group_pairs_from(*players: PlayerState, round_number: int, total: int) -> list[tuple[int, int]]:
    """The pairs of a round of ``players`` (one score group), each as (higher, lower) number, sorted."""
    state = colour_state(players[0], players[1], round_number, total, *players[2:]).state
    return pairs_of(state)


def test_art_12_2_exchange_only_if_necessary() -> None:
    """Art. 12.2: "ако се налага, отново се правят смени" - an exchange is made only if necessary, i.e.
    when more players then get their due colour. 1, 2 and 3 are due White, 4 Black: 1-3 and 2-4 give
    three players their colour, and so would 1-4 and 2-3, so the preliminary pairs stay (art. 9.4).
    """
    a, b, c, d = (history(col, tpn, tpn - 1) for col, tpn in (("B", 1), ("B", 2), ("B", 3), ("W", 4)))
    assert group_pairs_from(a, b, c, d, round_number=2, total=9) == [(1, 3), (2, 4)]


def test_art_12_2_exchange_when_it_gives_more_due_colours() -> None:
    """Art. 12.2: 1 and 3 are due White, 2 and 4 Black: 1-4 and 2-3 give all four their colour
    (1-3 and 2-4 only two), so the exchange of art. 11.2 (4 for 3) is made."""
    a, b, c, d = (history(col, tpn, tpn - 1) for col, tpn in (("B", 1), ("W", 2), ("B", 3), ("W", 4)))
    assert group_pairs_from(a, b, c, d, round_number=2, total=9) == [(1, 4), (2, 3)]


def test_art_13_last_round_exchange_inside_a_score_group() -> None:
    """Art. 13: in the last round art. 3 (same or nearest score) comes before the colours, and players
    may meet even if one gets a colour a third time running. It does not forbid an exchange inside
    one score group, where scores are equal: 1 and 3 (B B) are due White, 2 and 4 (W W) Black, so 1-4
    and 2-3 (art. 12.2, 12.3) rather than 1-3 and 2-4, which would give two players a third equal colour.
    """
    a, b, c, d = (history(col, tpn, tpn - 1) for col, tpn in (("BB", 1), ("WW", 2), ("BB", 3), ("WW", 4)))
    assert group_pairs_from(a, b, c, d, round_number=3, total=3) == [(1, 4), (2, 3)]


# -- maxi events (preamble, art. 10.2, 10.8, 12.7) ---------------------------------

def test_maxi_event_more_than_two_to_the_rounds() -> None:
    """Preamble (1988): "with 7 rounds there must be more than 128 participants"."""
    assert is_maxi(group_state(129, [], total_rounds=7))
    assert not is_maxi(group_state(128, [], total_rounds=7))


def test_art_12_7_maxi_exchange_limited_to_100_points() -> None:
    """Art. 12.7: in maxi events an opponent is exchanged for colours only within 100 rating points."""
    def state(gap: int) -> PairingState:
        s = group_state(4, [], round_number=2, total_rounds=3)
        s.players[3].rating = 2000
        s.players[4].rating = 2000 - gap
        from swisspair.pairing.state import RoundRecord
        for tpn, colour in ((1, "W"), (2, "B"), (3, "W"), (4, "B")):
            s.players[tpn].records = [RoundRecord(99, Colour.WHITE if colour == "W" else Colour.BLACK,
                                                  True, True, False, 0)]
        return s

    plain = state(150)
    assert not is_maxi(plain)
    assert pairs_of(plain) == [(1, 4), (2, 3)]  # exchange for colours (art. 12.2)
    maxi = state(150)
    maxi.players.update({tpn: PlayerState(tpn=tpn, rank_index=tpn - 1, rating=1000, records=[], score=0)
                         for tpn in range(5, 14)})  # 13 participants > 2**3
    assert is_maxi(maxi)
    assert pairs_of(maxi) == [(1, 3), (2, 4)]  # 150 points apart: no exchange (art. 12.7)


# -- art. 17: late entries ---------------------------------------------------------

def test_art_17_b_late_entry_paired_without_points() -> None:
    """Art. 17 (b): a player arriving for round 2 is paired then, with no points for round 1, and an
    absent player cannot have the bye."""
    t = make_tournament(5, [2500, 2400, 2300, 2200, 2100, 2000],
                        [["1-3 1-0", "4-2 0-1", "5 Z", "6 Z"]])
    absent = make_tournament(5, [2500, 2400, 2300, 2200, 2100, 2000],
                             [["1-3 1-0", "4-2 0-1", "5 Z", "6 Z"], ["6 Z"]])
    assert {x for b in SYSTEM.pair(t).boards for x in (b.white, b.black)} == {1, 2, 3, 4, 5, 6}
    pairing = SYSTEM.pair(absent)
    assert pairing.bye == 5  # the highest number on 0 points present (art. 8.1); 6 is absent
    assert 6 not in {x for b in pairing.boards for x in (b.white, b.black)}


# -- invariants on generated tournaments -----------------------------------------

def check_invariants(t: Tournament) -> None:
    """No repeat (art. 2), one bye at most per player (art. 8.2), colour rules (art. 12.1) before the
    last round."""
    for player in t:
        opponents = [r.opponent for r in player.results if r.played]
        assert len(opponents) == len(set(opponents)), player.tpn
        assert sum(1 for r in player.results if r.result.name == "PAB") <= 1
        colours = [r.colour for r in player.results[:-1] if r.played]
        for i in range(2, len(colours)):
            assert not (colours[i] is colours[i - 1] is colours[i - 2]), (player.tpn, colours)
        whites = colours.count(Colour.WHITE)
        assert abs(whites - (len(colours) - whites)) < 3


@pytest.mark.parametrize(("players", "rounds"), [(7, 5), (12, 7), (20, 7), (31, 9), (60, 9)])
@pytest.mark.parametrize("seed", range(3))
def test_generated_tournaments_keep_the_rules(players: int, rounds: int, seed: int) -> None:
    config = GeneratorConfig(players=players, rounds=rounds, forfeit_rate=25, half_point_bye_rate=40)
    t = generate(config, seed, SYSTEM.pair)
    check_invariants(t)


def test_maxi_event_generated() -> None:
    """A maxi event (40 players, 5 rounds > 2**5) pairs with the 100-point rule."""
    t = generate(GeneratorConfig(players=40, rounds=5), 7, SYSTEM.pair)
    check_invariants(t)


# -- registry and command line -------------------------------------------------------

def test_registry() -> None:
    assert find_system("fide-1987").name == "fide-1987"
    assert find_system("FIDE_1987").name == "fide-1987"


def test_engine_form_generates_and_checks(tmp_path: Path) -> None:
    """``--fide-1987 FILE -c`` accepts a tournament generated by the same system."""
    config = tmp_path / "gen.rtg"
    config.write_text("PlayersNumber=19\nRoundsNumber=6\nDrawPercentage=30\nForfeitRate=15\n")
    out = tmp_path / "t.trf"
    assert run_cli(["--fide-1987", "-g", str(config), "-o", str(out), "-s", "3"]) == ExitCode.OK
    assert run_cli(["--fide-1987", str(out), "-c"]) == ExitCode.OK


def test_pair_command(tmp_path: Path) -> None:
    """``swisspair pair --system fide-1987 FILE`` prints the next round."""
    t = generate(GeneratorConfig(players=10, rounds=5), 1, SYSTEM.pair)
    source = tmp_path / "t.trf"
    with source.open("w", encoding="utf-8") as handle:
        trf.write(t.truncated(3), handle)
    result = CliRunner().invoke(cli, ["pair", "--system", "fide-1987", str(source)])
    assert result.exit_code == 0, result.output
    assert result.output.strip()


# -- --explain ------------------------------------------------------------------------

def test_explain_per_score_group(tmp_path: Path) -> None:
    """``swisspair pair --system fide-1987 --explain``: the order of the groups (art. 9.2), each pair with the
    article that decided it (9.4, 10.6-10.8), each floater with its reason (9.3 (d), 10.9, 10.2)."""
    source = tmp_path / "t.trf"
    source.write_text(trf.dumps(round_two_of_eight()))
    result = CliRunner().invoke(cli, ["pair", "--system", "fide-1987", str(source), "--explain"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    start = lines.index("Round 2: 8 players to pair (FIDE Swiss rules 1987); middle score group 0.5 (art. 9.2)")
    assert lines[start + 1:start + 4] == [
        "Score group 1.0, paired top-down (art. 9.2): players 1, 3, 4",
        "  1-4: art. 9.4: the preliminary pair",
        ("  3 floats down (art. 10.2): art. 9.3 (d): floats to make the group even (type (d) of art. 10.9, then "
         "the colour balance of art. 10.2, then art. 10.3-10.4)"),
    ]
    assert "Score group 0.0, paired bottom-up (art. 9.2): players 5, 7, 8" in lines
    assert "Score group 0.5 (the middle group), paired last, top-down (art. 9.2): players 2, 6; floaters in: 3, 5" \
        in lines
    assert "  3-2: art. 10.6-10.8: a floater, paired first, with the first player giving him the alternating " \
        "colour" in lines


def test_explain_exchange_and_bye() -> None:
    """The explanation names an exchange for colours (art. 12.2) and the bye (art. 8.1, 8.2)."""
    a, b, c, d = (history(col, tpn, tpn - 1) for col, tpn in (("B", 1), ("W", 2), ("B", 3), ("W", 4)))
    notes = pair_state(colour_state(a, b, 2, 9, c, d).state).explanation
    assert "  1-4: art. 12.2: exchange for the due colours (instead of 3)" in notes
    t = make_tournament(5, [2500 - 10 * i for i in range(7)], [["1-4 1-0", "5-2 0-1", "3-6 1-0", "7 U"]])
    assert SYSTEM.pair(t).explanation[-1] == "Bye: 6, the highest number of the lowest score group that may " \
        "have it (art. 8.1, 8.2)"
