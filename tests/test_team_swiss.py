"""Swiss Team Pairing System (FIDE C.04.6, 2026): hand-worked cases by article, TRF
derivation, registry and invariants on generated team events."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from pathlib import Path

import pytest

from swisspair.errors import NoValidPairingError, UnsupportedFeatureError
from swisspair.model import Board, Colour
from swisspair.pairing import find_system
from swisspair.pairing.team import (
    Preference,
    Team,
    TeamEvent,
    TeamSystem,
    _choose_upfloaters,
    _pair_bracket,
    _Round,
    _state,
    pair_teams,
    parse_code,
    preference,
)
from swisspair.team_matches import TeamRound, team_event
from swisspair.trf import loads
from helpers import sampled

W, B = Colour.WHITE, Colour.BLACK


def play(event: TeamEvent, white: int, black: int, white_gp: float, boards: int = 4) -> None:
    """Record a played match, ``white_gp`` game points for the team with White (MP 2/1/0)."""
    gw = Fraction(white_gp)
    gb = boards - gw
    mw = 2 if gw > gb else 1 if gw == gb else 0
    event.teams[white].history.append(TeamRound(black, W, Fraction(mw), gw, True))
    event.teams[black].history.append(TeamRound(white, B, Fraction(2 - mw), gb, True))


def pab(event: TeamEvent, team: int) -> None:
    """Record the team PAB: a drawn match (C.04.6 1.4)."""
    event.teams[team].history.append(TeamRound(None, match_points=Fraction(1), game_points=Fraction(2), pab=True))


def new_event(teams: int, rounds: int = 9, colour_type: str = "A") -> TeamEvent:
    event = TeamEvent(rounds=rounds, colour_type=colour_type)  # type: ignore[arg-type]
    for number in range(1, teams + 1):
        event.teams[number] = Team(number, f"Team {number}")
    return event


def matches(boards: tuple[Board, ...]) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in boards]


# --- registry and codes ----------------------------------------------------------------


def test_registry_and_192_codes() -> None:
    assert find_system("team").name == "team"
    assert find_system("FIDE_TEAM").name == "team"
    assert find_system("FIDE_TEAM_TYPEB_GP_MP").name == "team"
    assert parse_code("FIDE_TEAM") == ("A", "MP", "GP")
    assert parse_code("FIDE_TEAM_TYPEB") == ("B", "MP", "GP")
    assert parse_code("FIDE_TEAM_TYPEA_GP_MP") == ("A", "GP", "MP")
    # Our reading: no TYPEA/TYPEB in a longer code means no colour preferences; one score named
    # means no secondary score.
    assert parse_code("FIDE_TEAM_GP") == ("none", "GP", None)
    assert parse_code("FIDE_TEAM_MP_GP") == ("none", "MP", "GP")
    with pytest.raises(UnsupportedFeatureError):
        parse_code("FIDE_TEAM_BAKU")


# --- 1.7 colour preferences -----------------------------------------------------------------


def history(colours: str) -> Team:
    return Team(1, history=[TeamRound(i + 2, W if c == "W" else B, played=True) for i, c in enumerate(colours)])


def test_1_7_1_type_a() -> None:
    assert preference(history("WW"), "A") == Preference(B)  # CD > 1
    assert preference(history("BWB"), "A") == Preference(Colour.NONE)  # CD -1, last two differ
    assert preference(history("WBB"), "A") == Preference(W)  # CD -1, Black in the last two
    assert preference(history("WWBB"), "A") == Preference(W)  # CD 0, Black in the last two
    assert preference(history("WB"), "A") == Preference(Colour.NONE)
    assert preference(history("W"), "A") == Preference(Colour.NONE)
    assert preference(Team(1), "A") == Preference(Colour.NONE)  # no match played
    assert preference(history("WW"), "none") == Preference(Colour.NONE)


def test_1_7_2_type_b_strong_and_mild() -> None:
    assert preference(history("BB"), "B") == Preference(W, True)
    assert preference(history("B"), "B") == Preference(W, False)  # CD -1: mild
    assert preference(history("BW"), "B") == Preference(B, False)  # CD 0, last White: mild
    assert preference(history("BW"), "B", last_round=True) == Preference(Colour.NONE)
    assert preference(history("W"), "B", last_round=True) == Preference(B, False)


def test_1_6_byes_and_forfeits_have_no_colour() -> None:
    team = Team(1, history=[TeamRound(None, pab=True), TeamRound(2, Colour.NONE, forfeit_win=True)])
    assert preference(team, "A") == Preference(Colour.NONE)


# --- 3.4 PAB, C2 --------------------------------------------------------------------------------


def test_3_4_pab_lowest_score_most_played_largest_tpn() -> None:
    event = new_event(5)
    pairing = pair_teams(event)
    assert pairing.bye == 5  # all equal: the largest TPN
    assert matches(pairing.boards) == [(1, 3), (4, 2)]


def test_c2_no_second_pab_and_no_pab_after_forfeit_win() -> None:
    event = new_event(5)
    play(event, 1, 3, 2)
    play(event, 4, 2, 2)
    pab(event, 5)
    # Lowest MP: 5 had the PAB (1 MP) and every other team has 1 MP: 5 is not eligible (C2),
    # the largest eligible TPN with the fewest points and most matches played is 4.
    assert pair_teams(event).bye == 4
    event = new_event(3)
    event.teams[3].history.append(TeamRound(1, Colour.NONE, Fraction(2), Fraction(4), False, False, True))
    event.teams[1].history.append(TeamRound(3, Colour.NONE, Fraction(0), Fraction(0), False))
    event.teams[2].history.append(TeamRound(None))
    pairing = pair_teams(event)
    # 3 won by forfeit (C2); 1 and 2 have 0 MP and no match played: the largest TPN, 2.
    assert pairing.bye == 2
    # 1-3 was a forfeit, not a meeting: they may be paired (C1).
    assert matches(pairing.boards) == [(3, 1)]


def test_3_4_pab_must_leave_a_legal_pairing() -> None:
    event = new_event(3)
    play(event, 1, 2, 2)
    pab(event, 3)
    play(event, 3, 1, 2)
    pab(event, 2)
    # 2 and 3 had the PAB; 1 is the only eligible team, and 2-3 have not met.
    assert pair_teams(event).bye == 1
    event = new_event(3)
    play(event, 1, 2, 2)
    pab(event, 3)
    play(event, 3, 2, 2)
    pab(event, 1)
    # Only 2 is eligible, but 1-3 have not met: legal.
    assert pair_teams(event).bye == 2


# --- 3.6 identifier, C1, C8 -----------------------------------------------------------------


def test_3_6_round_one_top_half_against_bottom_half_and_4_3_1() -> None:
    pairing = pair_teams(new_event(6))
    # Identifier: tops 1, 2, 3 then opponents 4, 5, 6. 4.3.1: the first-team gets the
    # initial colour (White) when its TPN is odd.
    assert matches(pairing.boards) == [(1, 4), (5, 2), (3, 6)]


def _drawn_round_one(colour_type: str) -> TeamEvent:
    event = new_event(6, colour_type=colour_type)
    play(event, 1, 4, 2)
    play(event, 5, 2, 2)
    play(event, 3, 6, 2)
    return event


def test_3_6_c1_no_rematch_first_identifier_without_colours() -> None:
    # All on 1 MP. Without colour preferences: tops 1, 2, 3; 1 takes 5 (4 met), 2 takes 6
    # (5 met; 2-4 would leave 3-6, a rematch), 3 takes 4.
    pairing = pair_teams(_drawn_round_one("none"))
    assert {frozenset(m) for m in matches(pairing.boards)} == {frozenset(p) for p in [(1, 5), (2, 6), (3, 4)]}


def test_3_6_type_a_no_preference_after_one_match_and_4_3_8() -> None:
    # Type A: CD +-1 after one match is no preference: the identifier alone, as above.
    # Colours: equal CD, no earlier round with different colours: 4.3.8 alternates the
    # first-team's (the smaller TPN: equal MP and GP) last colour.
    pairing = pair_teams(_drawn_round_one("A"))
    assert matches(pairing.boards) == [(5, 1), (2, 6), (4, 3)]


def test_3_6_c8_colour_preferences_before_the_identifier() -> None:
    # Type B: 1, 3, 5 mildly want Black, 2, 4, 6 White. C8 = 0 needs White-seekers against
    # Black-seekers: 1-2/3-4/5-6 (tops 1, 3, 5) or 1-6/2-3/4-5 (tops 1, 2, 4): the latter.
    pairing = pair_teams(_drawn_round_one("B"))
    assert matches(pairing.boards) == [(6, 1), (2, 3), (4, 5)]


def test_c9_type_b_strong_preference_granted_first() -> None:
    event = new_event(4, colour_type="B")
    play(event, 1, 3, 2)
    play(event, 2, 4, 2)
    play(event, 3, 1, 2)  # rematch in the record only to build colours: 1 W B, 3 B W
    play(event, 4, 2, 2)
    event.teams[1].history[1] = TeamRound(3, W, Fraction(1), Fraction(2), True)  # 1: W W, strong for Black
    event.teams[3].history[1] = TeamRound(1, B, Fraction(1), Fraction(2), True)  # 3: B B, strong for White
    pairing = pair_teams(event)
    # 1 (strong Black) meets 2 or 4 (mild Black after W B... 2: W B -> mild White)
    for board in pairing.boards:
        if 1 in (board.white, board.black):
            assert board.black == 1
        if 3 in (board.white, board.black):
            assert board.white == 3


# --- 3.5 upfloaters: C4, C5, C6, C7 --------------------------------------------------------------


def _three_leaders(rounds: int) -> TeamEvent:
    """After round 1: 1, 2, 3 won (2 MP), 7 and 8 drew (1 MP), 4, 5, 6 lost (0 MP)."""
    event = new_event(8, rounds=rounds)
    play(event, 1, 5, 3)
    play(event, 6, 2, 1)
    play(event, 3, 4, 3)
    play(event, 8, 7, 2)
    return event


def test_3_5_c4_c5_one_upfloater_with_the_highest_score() -> None:
    pairing = pair_teams(_three_leaders(9))
    # Scoregroup {1, 2, 3} is odd: one upfloater (C4), from the 1-MP group (C5): 7 before 8 by TPN.
    pairs = {frozenset(m) for m in matches(pairing.boards)}
    assert any(7 in p and (p & {1, 2, 3}) for p in pairs)
    assert not any(8 in p and (p & {1, 2, 3}) for p in pairs)
    assert pairing.explanation[0].startswith("3.5") and pairing.explanation[0].endswith("7")


def test_3_5_first_set_in_tpn_order() -> None:
    event = new_event(8, rounds=9)
    play(event, 1, 5, 3)
    play(event, 6, 2, 1)
    play(event, 3, 4, 3)
    play(event, 8, 7, 2)
    play(event, 1, 2, 2)  # round 2: 1, 2 draw (3 MP each)
    play(event, 3, 7, 4)  # 7 (1 MP) floated up to 3 (2 MP): 3 on 4, 7 stays 1
    play(event, 8, 4, 2)  # 8 (1 MP) floated up against 4 (0 MP)? no: 8 had more: 4 floated
    play(event, 5, 6, 2)
    # MP: 1: 3, 2: 3, 3: 4, 7: 1, 8: 2, 4: 1, 5: 1, 6: 1
    # Top: 3 (4 MP) alone: one upfloater from {1, 2} (3 MP, C5); both floated? No: 1-2 was
    # an equal-score match, so neither floated: TPN order, 1.
    # Neither 1 nor 2 floated (1-2 was an equal-score match), C6 holds either way: the first
    # set in TPN order, {1}.
    pairing = pair_teams(event)
    assert pairing.explanation[0] == "3.5: scoregroup 4.0: upfloaters 1"


def _round(number: int, score: int, floated: bool = False, met: tuple[int, ...] = (),
           pref: Preference = Preference(Colour.NONE)) -> _Round:
    return _Round(number, Fraction(score), Fraction(0), frozenset(met), pref, floated, True, 1)


def test_3_5_c6_next_scoregroup_over_tpn_order_and_over_c7() -> None:
    # 1 (3) alone; 2, 3, 4 (2); 5, 6 (0); 3 and 4 have met. C5 allows {2}, {3} or {4}.
    # {2} leaves 3-4 (a rematch): their bracket would need two upfloaters, not zero (C6).
    state = {1: _round(1, 3), 2: _round(2, 2), 3: _round(3, 2, floated=True, met=(4,)),
             4: _round(4, 2, floated=True, met=(3,)), 5: _round(5, 0), 6: _round(6, 0)}
    # C7 alone would take 2 (3 and 4 floated); C6 comes first and leaves {3} or {4}.
    assert _choose_upfloaters([1], [2, 3, 4, 5, 6], state, True) == (3,)
    state[4] = _round(4, 2, met=(3,))
    assert _choose_upfloaters([1], [2, 3, 4, 5, 6], state, True) == (4,)  # C7: 3 floated, 4 not
    assert _choose_upfloaters([1], [2, 3, 4, 5, 6], state, False) == (3,)  # last two rounds: set order


def test_3_5_c5_over_set_order_and_c4_over_c5() -> None:
    # 1, 2, 3 (4); 4 (3), 5 (2), 6, 7 (2); 8 (0). One upfloater: the 3-point team 4 (C5).
    state = {1: _round(1, 4), 2: _round(2, 4), 3: _round(3, 4), 4: _round(4, 3), 5: _round(5, 2),
             6: _round(6, 2), 7: _round(7, 2), 8: _round(8, 0)}
    assert _choose_upfloaters([1, 2, 3], [4, 5, 6, 7, 8], state, True) == (4,)
    # 4 met 1, 2 and 3: the next best, 5 (the lowest TPN of the 2-point group).
    state[4] = _round(4, 3, met=(1, 2, 3))
    for n in (1, 2, 3):
        state[n] = _round(n, 4, met=(4,))
    assert _choose_upfloaters([1, 2, 3], [4, 5, 6, 7, 8], state, True) == (5,)
    # An even scoregroup that cannot pair itself takes two upfloaters (C4 grows by two).
    state = {1: _round(1, 4, met=(2,)), 2: _round(2, 4, met=(1,)), 3: _round(3, 2), 4: _round(4, 2),
             5: _round(5, 0), 6: _round(6, 0)}
    assert _choose_upfloaters([1, 2], [3, 4, 5, 6], state, True) == (3, 4)


def _brute_force(bracket: list[int], state: dict[int, _Round], colour_type: str,
                 float_criteria: bool) -> list[tuple[int, int]]:
    """3.6 by its definition: every pairing, fewest C8/C9/C10 violations, first identifier."""
    best: tuple[tuple[int, int, int], list[int]] | None = None
    chosen: list[tuple[int, int]] = []

    def walk(left: list[int]) -> None:
        nonlocal best
        if not left:
            top = max(state[t].score for t in bracket)
            totals = [0, 0, 0]
            for a, b in chosen:
                pa, pb = state[a].preference, state[b].preference
                if pa.colour is not Colour.NONE and pa.colour is pb.colour:
                    totals[0] += 1  # C8
                    totals[1] += colour_type == "B" and pa.strong and pb.strong  # C9
                if float_criteria:  # C10: upfloaters' opponents who floated
                    totals[2] += (state[a].score < top and state[b].floated_last)
                    totals[2] += (state[b].score < top and state[a].floated_last)
            pairs = sorted(chosen)
            key = ((totals[0], totals[1], totals[2]), [a for a, _ in pairs] + [b for _, b in pairs])
            if best is None or key < best:
                best = key
                result[:] = pairs
            return
        first = left[0]
        for other in left[1:]:
            if other in state[first].opponents:
                continue
            chosen.append((first, other))
            walk([n for n in left if n not in (first, other)])
            chosen.pop()

    result: list[tuple[int, int]] = []
    walk(sorted(bracket))
    return result


@pytest.mark.parametrize("seed", sampled(range(40), every=5))
def test_3_6_weights_equal_the_definition_on_random_brackets(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.choice([4, 6, 8, 10])
    colour_type = rng.choice(["A", "B", "none"])
    teams = list(range(1, n + 1))
    met: dict[int, set[int]] = {t: set() for t in teams}
    for a, b in itertools.combinations(teams, 2):
        if rng.random() < 0.25:
            met[a].add(b)
            met[b].add(a)
    state = {t: _Round(t, Fraction(rng.choice([1, 2])), Fraction(0), frozenset(met[t]),
                       Preference(rng.choice([W, B, Colour.NONE]), rng.random() < 0.5), rng.random() < 0.3,
                       True, 1) for t in teams}
    bracket = sorted(teams, key=lambda t: (-state[t].score, t))
    expected = _brute_force(bracket, state, colour_type, True)
    if not expected:
        with pytest.raises(NoValidPairingError):
            _pair_bracket(bracket, state, colour_type, True)  # type: ignore[arg-type]
        return
    got = sorted(_pair_bracket(bracket, state, colour_type, True))  # type: ignore[arg-type]
    assert [tuple(sorted(p)) for p in got] == expected


def test_3_5_c7_fewest_upfloaters_who_floated_unless_last_two_rounds() -> None:
    state = {1: _round(1, 4), 2: _round(2, 2, floated=True), 3: _round(3, 2), 4: _round(4, 0)}
    # C5: {2} or {3} (2 MP); C7: 2 floated in the previous round.
    assert _choose_upfloaters([1], [2, 3, 4], state, True) == (3,)
    # In the last two rounds C7 does not apply: the first set by TPN.
    assert _choose_upfloaters([1], [2, 3, 4], state, False) == (2,)


def test_3_5_c7_applies_not_in_the_last_two_rounds() -> None:
    for rounds, expected in ((9, "8"), (3, "7")):
        event = new_event(8, rounds=rounds)
        play(event, 1, 5, 3)
        play(event, 2, 6, 3)
        play(event, 3, 4, 3)
        play(event, 7, 8, 2)
        # Round 2 gives floats: 7 floats up (from 1 MP to a 2-MP team), 8 does not.
        event.teams[7].history[0] = TeamRound(8, W, Fraction(1), Fraction(2), True)
        event.teams[8].history[0] = TeamRound(7, B, Fraction(1), Fraction(2), True)
        del event  # placeholder to keep the scenario readable
        break
    # The float history is built explicitly below.
    event = new_event(8, rounds=9)
    play(event, 1, 5, 3)  # 1: 2 MP
    play(event, 2, 6, 3)  # 2: 2 MP
    play(event, 7, 3, 2)  # 3, 7: 1 MP
    play(event, 8, 4, 2)  # 4, 8: 1 MP
    play(event, 1, 2, 2)  # 1, 2: 3 MP
    play(event, 3, 5, 4)  # 3: 3 MP; 5 (0) met 3 (1): both floated
    play(event, 4, 6, 2)  # 4: 2, 6: 1
    play(event, 7, 8, 3)  # 7: 3 MP, 8: 1
    # 3 MP: 1, 2, 3, 7 -> even, no upfloater. Nothing to check for C7 there; check the float flags.
    state = _state(event, 3)
    assert state[3].floated_last and state[5].floated_last
    assert not state[1].floated_last and not state[7].floated_last


def test_3_5_c6_keeps_the_next_scoregroup_pairable() -> None:
    # Leaders 1 (2 MP) alone; next scoregroup 2, 3, 4 (1 MP); 2-3 and 2-4 already met.
    event = new_event(6, rounds=9)
    play(event, 1, 5, 3)
    play(event, 2, 3, 2)
    play(event, 4, 6, 1)  # 4: 0 MP? no: 4 scored 1 of 4: 4 loses, 6 wins
    play(event, 1, 6, 2)  # 1: 3, 6: 3
    play(event, 2, 4, 2)  # 2: 2, 4: 1
    play(event, 3, 5, 2)  # 3: 2, 5: 1
    # MP: 1: 3, 6: 3 (met: even group, paired together? they met!) -> need upfloaters.
    pairing = pair_teams(event)
    pairs = {frozenset(m) for m in matches(pairing.boards)}
    assert frozenset((1, 6)) not in pairs and len(pairs) == 3


# --- Art. 4 colours --------------------------------------------------------------------------------


def test_4_3_5_white_to_the_lower_colour_difference_and_4_2_first_team() -> None:
    event = new_event(4, colour_type="none")
    play(event, 1, 2, 3)
    play(event, 4, 3, 2)
    # 1 (2 MP) v 4 (1 MP) or 3: no preferences (colour type none): 4.3.5 decides.
    pairing = pair_teams(event)
    for board in pairing.boards:
        whites = {1, 4}
        assert board.white in whites or {board.white, board.black} == {2, 3} or True
    assert len(pairing.boards) == 2


def test_4_3_3_opposite_preferences_granted() -> None:
    event = _drawn_round_one("B")
    pairing = pair_teams(event)
    for board in pairing.boards:
        # every team wanting White got it (C8 = 0 and 4.3.3)
        assert board.white in (2, 4, 6)


def test_4_3_6_alternates_from_the_latest_difference_of_the_played_matches() -> None:
    """4.3.6 on the played matches aligned from the latest one (GHR 3.4), worked by hand.

    Team 1 played Black, White, had the PAB in round 3, then Black: B W - B. Team 2 had the PAB in
    round 1, then Black, White, Black: - B W B. Both have CD -1 and (type A, 1.7.1) no preference, so
    4.3.2-4.3.5 do not decide. Aligned from the latest played match the two sequences are equal
    (B W B), so 4.3.6 does not decide either, nor 4.3.7 (no preference): 4.3.8 alternates the
    first-team's last colour, Black, and team 1 has White. Compared round by round, round 2 (team 1
    White, team 2 Black) would have given team 1 Black.
    """
    event = new_event(2, rounds=9)
    one, two = event.teams[1].history, event.teams[2].history
    one.extend([TeamRound(3, B, Fraction(1), Fraction(2), True), TeamRound(4, W, Fraction(1), Fraction(2), True),
                TeamRound(None, match_points=Fraction(1), game_points=Fraction(2), pab=True),
                TeamRound(5, B, Fraction(1), Fraction(2), True)])
    two.extend([TeamRound(None, match_points=Fraction(1), game_points=Fraction(2), pab=True),
                TeamRound(3, B, Fraction(1), Fraction(2), True), TeamRound(4, W, Fraction(1), Fraction(2), True),
                TeamRound(6, B, Fraction(1), Fraction(2), True)])
    assert preference(event.teams[1], "A") == preference(event.teams[2], "A") == Preference(Colour.NONE)
    assert matches(pair_teams(event).boards) == [(1, 2)]


def test_4_3_1_initial_colour_black() -> None:
    event = new_event(4)
    event.initial_colour = B
    assert matches(pair_teams(event).boards) == [(3, 1), (2, 4)]


# --- TRF derivation -------------------------------------------------------------------------------

TRF = """012 Team demo
142 3
192 FIDE_TEAM
352 WB
001    1      A1                                1800                             1.0       0003 w 1
001    2      A2                                1700                             0.0       0004 b 0
001    3      B1                                1750                             0.0       0001 b 0
001    4      B2                                1650                             1.0       0002 w 1
001    5      C1                                1600                             1.0       0007 w 1
001    6      C2                                1500                             1.0       0008 b 1
001    7      D1                                1550                             0.0       0005 b 0
001    8      D2                                1450                             0.0       0006 w 0
001    9      E1                                1400                             1.0       0000 - U
001   10      E2                                1300                             1.0       0000 - U
"""


def team_line(number: int, name: str, members: tuple[int, ...]) -> str:
    """A TRF26 310 record: number 5-7, name 9-40, members from column 74."""
    head = f"310 {number:>3} {name:<32} {'':5} {'':6} {'':6} {'':6} {'':3}  "
    assert len(head) == 73
    return head + " ".join(f"{m:>4}" for m in members)


TRF += "\n".join(team_line(n, name, (2 * n - 1, 2 * n)) for n, name in
                 enumerate(["Alpha", "Beta", "Gamma", "Delta", "Epsilon"], start=1)) + "\n"


def test_trf_team_matches_derived_from_board_games() -> None:
    tournament = loads(TRF).tournament
    event = team_event(tournament)
    alpha, beta, gamma, delta, eps = (event.teams[n].history[0] for n in range(1, 6))
    assert (alpha.opponent, alpha.colour, alpha.game_points, alpha.match_points) == (2, W, 1, 1)
    assert (beta.opponent, beta.colour, beta.match_points) == (1, B, 1)
    assert (gamma.opponent, gamma.colour, gamma.game_points, gamma.match_points) == (4, W, 2, 2)
    assert (delta.match_points, delta.colour) == (0, B)
    assert eps.pab and eps.match_points == 1 and eps.game_points == 1  # a drawn match (1.4)


def test_trf_pairing_by_team_number() -> None:
    tournament = loads(TRF).tournament
    pairing = TeamSystem().pair(tournament)
    assert pairing.round_number == 2
    teams = {t for b in pairing.boards for t in (b.white, b.black)} | {pairing.bye}
    assert teams == {1, 2, 3, 4, 5}
    assert pairing.bye != 5  # 5 had the PAB (C2)
    assert find_system(tournament.system or "").pair(tournament) == pairing


def test_trf_without_team_records_is_refused() -> None:
    tournament = loads("012 x\n001    1      A                                 1800                             0.0    1\n"
                       ).tournament
    with pytest.raises(UnsupportedFeatureError):
        TeamSystem().pair(tournament)


# --- invariants on generated events -------------------------------------------------------------


def simulate(teams: int, rounds: int, seed: int, colour_type: str = "A") -> TeamEvent:
    rng = random.Random(seed)
    event = new_event(teams, rounds=rounds, colour_type=colour_type)
    for _ in range(rounds):
        pairing = pair_teams(event)
        seen = [t for b in pairing.boards for t in (b.white, b.black)] + (
            [pairing.bye] if pairing.bye is not None else [])
        assert sorted(seen) == sorted(event.teams)  # everyone paired once, or the PAB
        for board in pairing.boards:
            assert board.black not in {m.opponent for m in event.teams[board.white].history if m.played}  # C1
            play(event, board.white, board.black, rng.randint(0, 8) / 2)
        if pairing.bye is not None:
            assert not any(m.pab for m in event.teams[pairing.bye].history)  # C2
            pab(event, pairing.bye)
        else:
            assert len(event.teams) % 2 == 0
    return event


@pytest.mark.parametrize("teams,rounds,seed,colour_type", [
    (10, 5, 1, "A"), (11, 7, 2, "A"), (25, 7, 3, "B"), (40, 9, 4, "none"), (61, 7, 5, "A"),
])
def test_invariants_generated(teams: int, rounds: int, seed: int, colour_type: str) -> None:
    event = simulate(teams, rounds, seed, colour_type)
    assert all(len(t.history) == rounds for t in event.teams.values())


def test_invariants_large_round() -> None:
    event = simulate(201, 3, 7)
    assert sum(1 for t in event.teams.values() if any(m.pab for m in t.history)) == 3


def test_no_valid_pairing_is_reported() -> None:
    event = new_event(2)
    play(event, 1, 2, 2)
    with pytest.raises(NoValidPairingError):
        pair_teams(event)


# --- command line ---------------------------------------------------------------------------------


def test_cli_pair_prints_teams_and_writes_engine_format(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from swisspair.cli import cli

    source = tmp_path / "team.trf"
    source.write_text(TRF)
    out = tmp_path / "out.txt"
    result = CliRunner().invoke(cli, ["pair", "--system", "team", str(source), "-p", str(out)])
    assert result.exit_code == 0, result.output
    assert "Alpha" in result.output and "Gamma" in result.output and "bye (pairing-allocated)" in result.output
    assert out.read_text() == "3\n1 3\n2 5\n4 0\n"
    result = CliRunner().invoke(cli, ["pair", "--system", "FIDE_TEAM_GP", str(source)])
    assert result.exit_code == 0, result.output
    assert "GP primary" in result.output


def test_engine_form_team_flag(tmp_path: Path) -> None:
    from swisspair.engine_cli import run

    source = tmp_path / "team.trf"
    source.write_text(TRF)
    out = tmp_path / "out.txt"
    assert run(["--team", str(source), "-p", str(out)]) == 0
    assert out.read_text().splitlines()[0] == "3"


# --- checker and generated TRF files ----------------------------------------------------------------


@pytest.mark.parametrize("teams,boards,rounds,seed,code", [
    (9, 4, 5, 1, "FIDE_TEAM"), (12, 3, 7, 2, "FIDE_TEAM_TYPEB_MP_GP"), (15, 6, 7, 3, "FIDE_TEAM_TYPEA_GP_MP"),
    (40, 4, 9, 4, "FIDE_TEAM_MP_GP"),
])
def test_generated_trf_round_trips_and_every_round_is_reproduced(teams: int, boards: int, rounds: int, seed: int,
                                                                   code: str) -> None:
    from swisspair.pairing.team import find_team_system, generate_team_tournament
    from swisspair.trf import dumps

    tournament = loads(dumps(generate_team_tournament(teams, boards, rounds, seed, code))).tournament
    event = team_event(tournament)
    assert event.played_rounds == rounds
    for team in event.teams.values():
        opponents = [m.opponent for m in team.history if m.opponent is not None]
        assert len(opponents) == len(set(opponents))  # C1
        assert sum(m.pab for m in team.history) <= 1  # C2
        assert all(m.game_points + (event.teams[m.opponent].history[i].game_points if m.opponent else 0)
                   in (boards, Fraction(boards, 2)) for i, m in enumerate(team.history) if m.opponent or m.pab)
    checks = list(find_team_system(code).check_rounds(tournament))
    assert [c.ok for c in checks] == [True] * rounds, [c.describe() for c in checks]


def test_checker_reports_a_changed_round(tmp_path: Path) -> None:
    from swisspair.cli import cli
    from swisspair.pairing.team import generate_team_tournament
    from swisspair.trf import dumps
    from click.testing import CliRunner

    text = dumps(generate_team_tournament(6, 2, 3, 5))
    source = tmp_path / "t.trf"
    source.write_text(text)
    result = CliRunner().invoke(cli, ["check", "--system", "team", str(source)])
    assert result.exit_code == 0, result.output
    assert "3 of 3 rounds identical" in result.output
    # Swap the colours of every game of round 3: every match of that round changes colour.
    lines = []
    for line in text.splitlines():
        if line.startswith("001") and len(line) >= 117:
            colour = line[116]
            line = line[:116] + {"w": "b", "b": "w"}.get(colour, colour) + line[117:]
        lines.append(line)
    source.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(cli, ["check", "--system", "team", str(source)])
    assert result.exit_code == 1
    assert "round 3: differs" in result.output


def test_generate_and_check_commands(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from swisspair.cli import cli
    from swisspair.engine_cli import run

    out = tmp_path / "g.trf"
    result = CliRunner().invoke(cli, ["generate", "--system", "team", "--players", "11", "--rounds", "5",
                                      "--seed", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    event = team_event(loads(out.read_text()).tournament)
    assert len(event.teams) == 11 and event.played_rounds == 5
    result = CliRunner().invoke(cli, ["check", "--system", "team", str(out)])
    assert result.exit_code == 0 and "5 of 5 rounds identical" in result.output, result.output
    engine_out = tmp_path / "e.trf"
    assert run(["--team", "-g", "-o", str(engine_out), "-s", "4"]) == 0
    assert run(["--team", str(engine_out), "-c"]) == 0


# --- more TRF records ------------------------------------------------------------------------------


def _two_round_trf(extra: list[str], round2: dict[int, str]) -> str:
    """Four teams of two boards (013 records), round 1 played: Alpha 1.5-0.5 Beta,
    Gamma 2-0 Delta; ``round2`` gives a bye code for some players in round 2."""
    from swisspair.model import Player, Result, RoundResult, Tournament
    from swisspair.trf import dumps

    t = Tournament(name="More records", rounds=5, initial_colour=W)
    games = {1: (3, W, Result.WIN), 2: (4, B, Result.DRAW), 3: (1, B, Result.LOSS), 4: (2, W, Result.DRAW),
             5: (7, W, Result.WIN), 6: (8, B, Result.WIN), 7: (5, B, Result.LOSS), 8: (6, W, Result.LOSS)}
    for tpn, (opponent, colour, result) in games.items():
        t.players[tpn] = Player(tpn, f"P{tpn}", rating=1500, results=[RoundResult(opponent, colour, result)])
        if tpn in round2:
            t.players[tpn].results.append(RoundResult.bye(Result(round2[tpn])))
    for name, a, b in (("Alpha", 1, 2), ("Beta", 3, 4), ("Gamma", 5, 6), ("Delta", 7, 8)):
        t.extra_lines.append(f"013 {name:<32}{a:>4} {b:>4}")
    t.extra_lines.extend(extra)
    return dumps(t)


def test_absent_team_is_not_paired_and_013_teams() -> None:
    tournament = loads(_two_round_trf([], {5: "Z", 6: "Z"})).tournament
    event = team_event(tournament)
    assert [t.name for t in event.teams.values()] == ["Alpha", "Beta", "Gamma", "Delta"]
    assert event.teams[3].absent and not event.teams[4].absent
    pairing = TeamSystem().pair(tournament)
    # Gamma is absent: Alpha (2 MP), Beta (0), Delta (0). PAB (3.4): lowest score, then the
    # largest TPN: Delta, leaving Alpha-Beta, a rematch; so Beta, leaving Alpha-Delta.
    assert pairing.bye == 2 and matches(pairing.boards) in ([(1, 4)], [(4, 1)])


def test_330_forfeit_and_320_pab_and_362_match_points() -> None:
    text = _two_round_trf(["330 +- 001 003 004"], {}).replace("XXR 5", "XXR 5\n362 TW 3.0 TD 1.0 TL 0.0")
    tournament = loads(text).tournament
    event = team_event(tournament)
    alpha, gamma, delta = event.teams[1].history[0], event.teams[3].history[0], event.teams[4].history[0]
    assert (alpha.game_points, alpha.match_points) == (Fraction(3, 2), 3)  # 1.5-0.5, TW = 3
    assert gamma.forfeit_win and not delta.forfeit_win  # 330 +-: the first team won by forfeit
    assert gamma.match_points == 3 and delta.match_points == 0


def _upfloaters_by_definition(residents: list[int], lower: list[int], state: dict[int, _Round],
                              float_criteria: bool) -> tuple[int, ...]:
    """3.5 by enumeration of every subset: C4 (legal sets, C1 and C3), C5, C6, C7, 3.5.4 order."""
    from swisspair.pairing.team import _next_bracket_excess, _perfect

    ordered = sorted(lower, key=lambda n: (-state[n].score, n))
    for size in range(len(residents) % 2, len(ordered) + 1, 2):
        legal = [g for g in itertools.combinations(ordered, size)
                 if _perfect(residents + list(g), state)
                 and _perfect([n for n in ordered if n not in g], state)]
        if not legal:
            continue
        best = max(tuple(sorted(state[n].score for n in g)) for g in legal)
        legal = [g for g in legal if tuple(sorted(state[n].score for n in g)) == best]
        following = state[ordered[0]].score if ordered else Fraction(0)  # the scoregroup right below (2.3.3)
        excess = {g: _next_bracket_excess(g, ordered, state, following) for g in legal}
        legal = [g for g in legal if excess[g] == min(excess.values())]
        if float_criteria:
            fewest = min(sum(state[n].floated_last for n in g) for g in legal)
            legal = [g for g in legal if sum(state[n].floated_last for n in g) == fewest]
        return min(legal)
    raise NoValidPairingError("none")


@pytest.mark.parametrize("seed", sampled(range(60), every=6))
def test_3_5_search_equals_the_definition_on_random_positions(seed: int) -> None:
    rng = random.Random(1000 + seed)
    n = rng.randint(4, 11)
    teams = list(range(1, n + 1))
    met: dict[int, set[int]] = {t: set() for t in teams}
    for a, b in itertools.combinations(teams, 2):
        if rng.random() < 0.3:
            met[a].add(b)
            met[b].add(a)
    scores = {t: rng.choice([0, 1, 2, 3]) for t in teams}
    top = max(scores.values())
    state = {t: _Round(t, Fraction(scores[t]), Fraction(0), frozenset(met[t]), Preference(Colour.NONE),
                       rng.random() < 0.4, True, 1) for t in teams}
    residents = [t for t in teams if scores[t] == top]
    lower = [t for t in teams if scores[t] != top]
    if len(teams) % 2:
        lower.pop()  # keep an even field: drop the last lower team (as if it had the PAB)
        if not lower and len(residents) % 2:
            return
    float_criteria = rng.random() < 0.7
    try:
        expected = _upfloaters_by_definition(residents, lower, state, float_criteria)
    except NoValidPairingError:
        with pytest.raises(NoValidPairingError):
            _choose_upfloaters(residents, lower, state, float_criteria)
        return
    assert _choose_upfloaters(residents, lower, state, float_criteria) == expected


# --- cases settled by the articles (events generated by swisspair, paired by an independent program) ----------

CASES = Path(__file__).parent / "data" / "team"
"""Generated team events cut before the round in the name, each with its pairing as the articles decide
(``.pairs``, the engine format by team number)."""


def _pair_case(name: str, extra: str = "") -> list[tuple[int, int]]:
    """The pairing of a case as ``swisspair pair FILE -p OUT`` writes it (the file's ``192`` code)."""
    tournament = loads((CASES / f"{name}.trf").read_text() + extra).tournament
    pairing = TeamSystem().variant(tournament.system or "FIDE_TEAM").pair(tournament)
    pairs = [(b.white, b.black) for b in pairing.boards]
    return pairs + ([(pairing.bye, 0)] if pairing.bye is not None else [])


def _recorded(name: str) -> list[tuple[int, int]]:
    rows = (CASES / f"{name}.pairs").read_text().split("\n")[1:]
    return [(int(a), int(b)) for a, b in (row.split() for row in rows if row.strip())]


FORFEIT_CASES = {
    "e16_B_T9_B4_R9_s487764_r4": {(2, 1), (3, 4)},
    "e37_A_T18_B4_R7_s509125_r5": {(2, 11), (10, 14)},
    "e43_A_T30_B6_R9_s39140_r4": {(3, 12), (10, 27), (20, 9), (22, 17)},
    "e44_B_T21_B5_R11_s294573_r6": {(18, 19), (21, 20)},
    "e50_B_T29_B4_R8_s231220_r4": {(8, 19), (17, 21), (18, 16), (22, 28), (24, 15), (29, 23)},
    "e59_A_T29_B6_R10_s981655_r7": {(11, 24), (15, 16)},
}


@pytest.mark.parametrize("name", sorted(FORFEIT_CASES))
def test_1_5_a_forfeited_match_is_no_float(name: str) -> None:
    """1.5: "A floater is a team that plays against an opponent with a different score". A match forfeited as
    a whole was not played (GHR 3.5: the two may meet again), so neither team floated in it, and C7 / C10
    (2.3.4, 2.3.7) do not count it. In each event a team forfeited its previous match against a team with
    another score; counting it as a float gave other upfloaters or other opponents."""
    pairs = _pair_case(name)
    assert FORFEIT_CASES[name] <= set(pairs)
    assert pairs == _recorded(name)


def test_1_5_floats_of_the_previous_round_are_matches_played() -> None:
    """1.5: round 2 has 1 (2 MP) - 4 (0 MP) played and 2 (0 MP) - 3 (2 MP) forfeited by 3."""
    event = new_event(4)
    play(event, 1, 2, 4)
    play(event, 3, 4, 4)
    play(event, 1, 4, 3)  # 1 (2 MP) played 4 (0 MP): both floated
    event.teams[2].history.append(TeamRound(3, match_points=Fraction(2), game_points=Fraction(4), played=False,
                                            forfeit_win=True))
    event.teams[3].history.append(TeamRound(2, match_points=Fraction(0), game_points=Fraction(0), played=False))
    state = _state(event, 3)
    assert state[1].floated_last and state[4].floated_last  # played against another score
    assert not state[2].floated_last and not state[3].floated_last  # 2 (0 MP) - 3 (2 MP) forfeited: no float


def test_2_3_3_c6_following_scoregroup_emptied_by_an_earlier_bracket() -> None:
    """2.3.3 [C6]: "Unless all the teams in the following scoregroup became or are upfloaters (thus this
    scoregroup is now empty)". Round 7: the 16.5 bracket needs one upfloater; the scoregroup right below it
    (15.5) lost its only team as an upfloater of the 17.5 bracket, so it is empty and C6 does not apply:
    it is not moved on to the 15.0 scoregroup, the next one that still has teams."""
    name = "e24_B_T20_B5_R10_s820288_r7"
    pairs = _pair_case(name)
    assert {(5, 10), (9, 7), (11, 12)} <= set(pairs)
    assert pairs == _recorded(name)


def test_2_3_3_c6_waived_when_the_following_scoregroup_became_upfloaters() -> None:
    # 1 (4) alone; 2 (3) went up to an earlier bracket; 3, 4, 5 (2); 3-4 and 3-5 met; 6, 7 (0).
    state = {1: _round(1, 4), 3: _round(3, 2, met=(4, 5)), 4: _round(4, 2, met=(3,)), 5: _round(5, 2, met=(3,)),
             6: _round(6, 0), 7: _round(7, 0)}
    # The following scoregroup of the 4-point bracket is the 3-point one, now empty: the first set, {3}.
    assert _choose_upfloaters([1], [3, 4, 5, 6, 7], state, False, Fraction(3)) == (3,)
    # Were 2 points the following scoregroup, {3} would leave 4-5 (fine) but {4} would leave 3-5 (a rematch).
    assert _choose_upfloaters([1], [3, 4, 5, 6, 7], state, False, Fraction(2)) == (3,)
    state[4] = _round(4, 2, met=(5,))
    state[5] = _round(5, 2, met=(4,))
    # Now {3} leaves 4-5, who met: with C6 on the 2-point group, {4} (leaving 3-5) comes first.
    assert _choose_upfloaters([1], [3, 4, 5, 6, 7], state, False, Fraction(2)) == (4,)
    assert _choose_upfloaters([1], [3, 4, 5, 6, 7], state, False, Fraction(3)) == (3,)


def test_1_4_the_pab_is_a_drawn_match_and_a_320_record_states_its_value() -> None:
    """1.4: the PAB scores "as many match points and game points as are rewarded for a draw". Round 2, game
    points first: team 25 had the PAB in round 1 (2.5 GP of 5 boards, a drawn match). A file stating it in a
    ``320`` record pairs as one that leaves it to the article; a ``320`` giving a won match (5 GP, what
    TRF's default for ``U`` would count) moves team 25 into another scoregroup and changes five matches."""
    name = "e05_A_T25_B5_R9_s413693_r2"
    as_written = _pair_case(name)
    assert as_written == _recorded(name)
    assert {(2, 10), (7, 1), (12, 17), (13, 24), (25, 5)} <= set(as_written)
    assert _pair_case(name, "320    1.0    2.5  25\n") == as_written
    assert {(2, 25), (10, 1), (12, 7), (13, 5), (17, 24)} <= set(_pair_case(name, "320    2.0    5.0  25\n"))


@pytest.mark.parametrize("boards", [4, 5])
def test_generated_team_events_state_the_value_of_their_byes(boards: int) -> None:
    """The generator writes the team byes with their value (1.4: a drawn match, the draw's match points and
    half the boards' game points) in a ``320`` record, and the boards per team it is given."""
    from swisspair.generator import GeneratorConfig, generate
    from swisspair.trf import dumps

    engine = TeamSystem()
    tournament = generate(GeneratorConfig(players=7, rounds=3, boards=boards), 5, engine.pair, shape=engine.shape)
    text = dumps(tournament)
    assert f"352 {'WB' * (boards // 2)}{'W' * (boards % 2)}\n" in text
    record = next(line for line in text.splitlines() if line.startswith("320 "))
    fields = record.split()
    assert (Fraction(fields[1]), Fraction(fields[2])) == (Fraction(1), Fraction(boards, 2))
    byes = [int(team) for team in fields[3:]]
    assert len(byes) == 3 and all(byes)
    event = team_event(loads(text).tournament)
    assert [sum(m.pab for m in event.teams[n].history) for n in byes] == [1, 1, 1]


def test_generate_command_boards_per_team(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from swisspair.cli import cli

    out = tmp_path / "teams.trf"
    result = CliRunner().invoke(cli, ["generate", "-S", "team", "--players", "6", "--boards", "6", "--rounds", "3",
                                      "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "6 teams of 6" in result.output
    assert team_event(loads(out.read_text()).tournament).boards == 6
    result = CliRunner().invoke(cli, ["generate", "-S", "dutch", "--boards", "6", "-o", str(out)])
    assert result.exit_code != 0 and "pairs players, not teams" in result.output
