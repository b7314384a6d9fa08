"""The Dubov System (FIDE C.04.4.1 (2026)): hand-worked brackets by article, and invariants.

Ratings fall by 10 points per TPN (1: 2000, 2: 1990, ...), so the TPN order is
the rating order. Board tuples are ``(white, black)``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import make_tournament
from hypothesis import HealthCheck, given, settings
from invariants import SEEDS, check_invariants, event_configs, generate_or_none

from swisspair import trf
from swisspair.exitcodes import ExitCode
from swisspair.engine_cli import run
from swisspair.generator import GeneratorConfig, generate
from swisspair.model import Colour, ForbiddenPairs, Result, RoundPairing, Tournament
from swisspair.pairing import find_system
from swisspair.pairing.dubov import FIDE_DUBOV, DubovSystem, aro, dubov_preference, max_upfloats
from swisspair.pairing.state import build_state

RATINGS = [2000 - 10 * i for i in range(12)]


def boards(p: RoundPairing) -> set[tuple[int, int]]:
    return {(b.white, b.black) for b in p.boards}


def dubov(t: Tournament) -> RoundPairing:
    return DubovSystem().pair(t)


def test_registry_and_alias() -> None:
    assert find_system("dubov").name == "dubov"
    assert find_system("FIDE_DUBOV").name == "dubov"
    assert FIDE_DUBOV is DubovSystem


def test_round_one_top_half_against_bottom_half() -> None:
    """3.2.3 (nobody has played: G1 is the first half by TPN), 3.2.6, colours 5.2.1."""
    p = dubov(make_tournament(5, RATINGS[:8]))
    assert boards(p) == {(1, 5), (6, 2), (3, 7), (8, 4)}
    p = dubov(make_tournament(5, RATINGS[:8], initial=Colour.BLACK))
    assert boards(p) == {(5, 1), (2, 6), (7, 3), (4, 8)}


def test_round_one_pab_goes_to_the_largest_tpn() -> None:
    """3.1: equal scores and games, the largest TPN gets the PAB."""
    p = dubov(make_tournament(5, RATINGS[:7]))
    assert p.bye == 7
    assert boards(p) == {(1, 4), (5, 2), (3, 6)}


def test_white_seekers_by_ascending_aro_meet_black_seekers_by_tpn() -> None:
    """3.2.3-3.2.6: S1 (White-seekers, ascending ARO) against T2 (Black-seekers in TPN order)."""
    t = make_tournament(5, RATINGS[:8], [["1-5 1-0", "6-2 0-1", "3-7 1-0", "8-4 0-1"]])
    p = dubov(t)
    # Score 1: White-seekers 2 (ARO 1950) and 4 (ARO 1930) -> S1 = 4, 2; Black-seekers 1, 3.
    # Score 0: White-seekers 5 (ARO 2000) and 7 (ARO 1980) -> S1 = 7, 5; Black-seekers 6, 8.
    assert boards(p) == {(4, 1), (2, 3), (7, 6), (5, 8)}


def test_upfloater_has_the_highest_score_then_the_first_sequence_number() -> None:
    """C5 (one upfloater), C6 (score 0.5 rather than 0), 3.2.2 (TPN 4 before TPN 8)."""
    t = make_tournament(5, RATINGS[:8], [["1-5 1-0", "6-2 0-1", "3-7 1-0", "8-4 =-="]])
    p = dubov(t)
    assert boards(p) >= {(4, 1), (2, 3)}
    assert "upfloaters 4" in "\n".join(p.explanation)


def test_colour_preferences_come_before_the_sequence_order() -> None:
    """C7 before 3.2.2: upfloater 8 (seeks White) rather than 4 (seeks Black) for 1 (B), 2 (W), 3 (B)."""
    t = make_tournament(5, RATINGS[:8], [["1-5 1-0", "6-2 0-1", "3-7 1-0", "4-8 =-="]])
    p = dubov(t)
    assert "upfloaters 8" in "\n".join(p.explanation)
    assert boards(p) >= {(2, 1), (8, 3), (5, 4)}


def test_shifter_numbering_starts_at_the_upper_of_two_middle_players() -> None:
    """4.3.3: of the Black-seekers 1 and 3 ("two players in the middle"), 1, the higher position, moves to G1."""
    t = make_tournament(5, RATINGS[:6], [["1-4 1-0", "5-2 =-=", "3-6 1-0"]])
    p = dubov(t)
    assert (3, 1) in boards(p)
    assert "shifters 1 from G2 to G1" in "\n".join(p.explanation)


# Round 1 of 12 (ratings 2000, 1990, ...; White to 1): 1, 3, 5 and 12 won with White, 2 and 4 with Black;
# 7, 9, 11 and 6 lost with Black, 8 and 10 with White.
ROUND_ONE_OF_TWELVE = ["1-7 1-0", "8-2 0-1", "3-9 1-0", "10-4 0-1", "5-11 1-0", "12-6 1-0"]


def test_shifters_are_numbered_from_the_remaining_middle_outwards() -> None:
    """3.2.4 step 2 with the 4.3.3 numbering, worked by hand.

    Score 1: G1 (White-seekers) 2, 4; G2 (Black-seekers, by TPN, 4.3.2) 1, 3, 5, 12. One shifter
    equalises: 4.3.3 numbers 3 first (the upper of the two middle players 3 and 5). S1 by ascending
    ARO (3.2.5): 4 (1910), 3 (1920), 2 (1930); T2 = 1, 5, 12 (3.2.6). Colours 5.2: 3 and 5 both seek
    Black, neither differs from the other, the higher-ranked 3 gets it (5.2.5).
    Score 0: G1 by ARO 6 (1890), 11 (1960), 9 (1980), 7 (2000); the middle pair is 11, 9: 11 moves.
    S1 = 6, 9, 7 against T2 = 8, 10, 11. The previous numbering (middle to the end first) moved 5 and 9.
    """
    p = dubov(make_tournament(5, RATINGS, [ROUND_ONE_OF_TWELVE]))
    assert boards(p) == {(4, 1), (5, 3), (2, 12), (6, 8), (9, 10), (7, 11)}
    text = "\n".join(p.explanation)
    assert "shifters 3 from G2 to G1" in text and "shifters 11 from G1 to G2" in text


def test_players_of_the_smaller_subgroup_who_must_meet_shift_first() -> None:
    """3.2.4 step 1, worked by hand: 4 may meet none of the Black-seekers 1, 3, 5, 12 (``XXP``, C1).

    G1 = 4, 2 (ascending ARO) is the smaller subgroup and one of its pairs (4-2) is unavoidable, so one
    player shifts to G2: 4, numbered first (4.3.3), leaves a legal pairing. Step 2 then equalises G1 = {2}
    and G2 = {1, 3, 4, 5, 12}: numbered 4, 3, 5, 1, 12 (4.3.3), the first pair of them that leaves a legal
    pairing is 3, 5 (every pair with 4 would keep 4 away from 2). S1 = 5 (ARO 1900), 3 (1920), 2 (1930)
    against the first legal T2 in TPN order, 1, 12, 4 (1, 4, 12 would pair 3 with 4).
    Pairing S1 against G2 without step 1 is impossible; the general order used then gave 4-2, 1-3, 5-12.
    """
    t = make_tournament(5, RATINGS, [ROUND_ONE_OF_TWELVE])
    t.forbidden_pairs = [ForbiddenPairs((4, other)) for other in (1, 3, 5, 12)]
    p = dubov(t)
    assert boards(p) >= {(5, 1), (12, 3), (2, 4)}
    text = "\n".join(p.explanation)
    assert "shifters 4 from G1 to G2" in text and "step 1" in text
    assert "shifters 3 5 from G2 to G1" in text and "general order" not in text


def test_two_absolute_preferences_never_meet_and_the_rest_stays_pairable() -> None:
    """C3 (no topscorer exception) and C4: 1 and 2 both had White twice; 5 and 6 both had Black twice."""
    games = [["1-4 1-0", "2-5 1-0", "3-6 1-0"], ["1-5 1-0", "2-6 1-0", "4-3 1-0"]]
    p = dubov(make_tournament(5, RATINGS[:6], games))
    pairs = {frozenset(b) for b in boards(p)}
    assert frozenset((1, 2)) not in pairs and frozenset((5, 6)) not in pairs
    assert boards(p) == {(3, 2), (6, 1), (5, 4)}
    assert "upfloaters 3 6" in "\n".join(p.explanation)


def test_last_round_has_no_exception_for_absolute_preferences() -> None:
    """C3 applies in the last round too: same setting as above with 3 rounds."""
    games = [["1-4 1-0", "2-5 1-0", "3-6 1-0"], ["1-5 1-0", "2-6 1-0", "4-3 1-0"]]
    p = dubov(make_tournament(3, RATINGS[:6], games))
    assert frozenset((1, 2)) not in {frozenset(b) for b in boards(p)}


def test_pab_lowest_score_then_most_games_then_largest_tpn() -> None:
    """3.1.2-3.1.4: 7 had a zero-point bye (no game), so 6 (one game) takes the PAB."""
    p = dubov(make_tournament(5, RATINGS[:7], [["1-4 1-0", "5-2 0-1", "3-6 1-0", "7 Z"]]))
    assert p.bye == 6


def test_no_second_pab() -> None:
    """C2 (C.04.1 art. 4): 7 had the PAB in round 1."""
    p = dubov(make_tournament(5, RATINGS[:7], [["1-4 1-0", "5-2 0-1", "3-6 1-0", "7 U"]]))
    assert p.bye == 6


def test_full_point_bye_blocks_the_pab() -> None:
    """C2 (2026): a requested full-point bye counts as a round scored as a win without playing."""
    t = make_tournament(5, RATINGS[:7], [["1-4 1-0", "5-2 0-1", "3-6 0-1", "7 F"]])
    p = dubov(t)
    assert p.bye not in (7, None)


def test_player_without_games_seeks_black() -> None:
    """1.6.4: a participant who has not played yet has a mild preference for Black."""
    t = make_tournament(5, RATINGS[:3], [["1-2 1-0", "3 Z"]])
    state = build_state(t)
    assert dubov_preference(state.players[3]) is Colour.BLACK
    assert dubov_preference(state.players[1]) is Colour.BLACK
    assert dubov_preference(state.players[2]) is Colour.WHITE


def test_aro_rounds_half_up() -> None:
    """1.7: the mean rating of the opponents, rounded half up; 0 before the first game."""
    t = make_tournament(5, [2000, 1901, 1900, 1500], [["1-2 1-0", "3-4 1-0"], ["3-1 0-1", "2-4 1-0"]])
    state = build_state(t)
    assert aro(state, state.players[1]) == 1901   # (1901 + 1900) / 2 = 1900.5
    assert aro(state, state.players[4]) == 1901   # 4 met 3 (1900) and 2 (1901)
    fresh = build_state(make_tournament(5, [2000, 1990]))
    assert aro(fresh, fresh.players[1]) == 0


def test_maximum_upfloater_threshold() -> None:
    """1.8: MaxT = 2 + floor(rounds / 5)."""
    assert [max_upfloats(r) for r in (5, 9, 10)] == [3, 3, 4]


def test_colours_alternate_from_the_latest_difference() -> None:
    """5.2.4: equal preferences and histories that differ: alternate from the latest differing round."""
    # 1: W then B (seeks W); 3: B then W... 1 and 3 both score 2 in round 3.
    games = [["1-2 1-0", "4-3 0-1"], ["4-1 0-1", "3-2 1-0"]]
    p = dubov(make_tournament(5, RATINGS[:4], games))
    # 1: W, B -> seeks White (mild); 3: B, W -> seeks Black: 5.2.2 grants both.
    assert (1, 3) in boards(p)


# -- invariants on generated tournaments -------------------------------------------------------------

@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=event_configs(), seed=SEEDS)
def test_generated_tournaments_respect_the_absolute_criteria(config: GeneratorConfig, seed: int) -> None:
    t = generate_or_none(config, seed, dubov)
    if t is not None:
        check_invariants(t)


@pytest.mark.slow
def test_a_medium_generated_tournament() -> None:
    """120 participants, 9 rounds, with forfeits, absences and half-point byes."""
    config = GeneratorConfig(players=120, rounds=9, forfeit_rate=30, retired_rate=40, half_point_bye_rate=40)
    check_invariants(generate(config, 2026, dubov))


@pytest.mark.slow
def test_a_500_participant_tournament() -> None:
    """501 participants, 3 rounds: every round complete (C4), one PAB, and the invariants hold."""
    t = generate(GeneratorConfig(players=501, rounds=3), 7, dubov)
    check_invariants(t)
    assert all(sum(p.result(r).result is Result.PAB for p in t) == 1 for r in range(1, 4))


def test_engine_checker_on_a_dubov_tournament(tmp_path: Path) -> None:
    """``swisspair --dubov FILE -c`` reproduces every round of a tournament paired by Dubov."""
    t = generate(GeneratorConfig(players=23, rounds=7, half_point_bye_rate=25), 11, dubov)
    path = tmp_path / "dubov.trf"
    with path.open("w", encoding="utf-8") as handle:
        trf.write(t, handle)
    assert run(["--dubov", str(path), "-c"]) == ExitCode.OK


@pytest.mark.parametrize("rounds", [1, 2])
def test_two_players(rounds: int) -> None:
    t = make_tournament(rounds, RATINGS[:2])
    assert boards(dubov(t)) == {(1, 2)}


C10_GAMES = [["1-6 1-0", "7-2 0-1", "3-8 1-0", "9-4 0-1", "5-10 1-0"],
             ["4-1 0-1", "2-3 =-=", "6-5 0-1", "10-7 0-1", "8-9 0-1"]]


def test_upfloater_of_the_previous_round_is_avoided_before_the_last_round() -> None:
    """C10: bracket 1 = {7} needs an upfloater from {6, 8, 10} (score 0); 6 upfloated in round 2
    (against 5), so 8 is taken although 6 comes first in 3.2.2 order."""
    p = dubov(make_tournament(5, RATINGS[:10], C10_GAMES))
    assert "residents 7; upfloaters 8" in "\n".join(p.explanation)


def test_float_history_is_ignored_in_the_last_round() -> None:
    """C8-C10 do not apply in the last round: the same bracket takes 6, first in 3.2.2 order."""
    p = dubov(make_tournament(3, RATINGS[:10], C10_GAMES))
    assert "residents 7; upfloaters 6" in "\n".join(p.explanation)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_upfloater_choice_solved_from_scratch_gives_the_same_brackets(seed: int,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """C.04.4.1 (2026) C4-C10 and 3.2.2: each bracket's upfloater matching is solved from scratch. Its weights
    make the upfloaters and the colour grants of every best matching the same (the set order is one bit per
    candidate), so repairing the last bracket's matching instead gives every round identically."""
    from swisspair.matching.weighted import MatchingComputer

    engine = find_system("dubov")
    t = generate(GeneratorConfig(players=60, rounds=7, forfeit_rate=20), seed, engine.pair)
    from_scratch = [engine.pair(t.truncated(r)) for r in range(7)]
    monkeypatch.setattr(MatchingComputer, "restart", lambda self: None)
    assert [engine.pair(t.truncated(r)) for r in range(7)] == from_scratch


DATA = Path(__file__).parent / "data" / "dubov"


def test_c6_upfloaters_scores_taken_in_ascending_order() -> None:
    """2.3.2 [C6]: "Minimise the score differences (taken in descending order) in the pairs involving
    upfloaters, i.e. maximise the scores (taken in ascending order) of the upfloaters".

    Round 9 (the last, so C8-C10 are off) of ``swisspair generate --system dubov --players 21 --rounds 9
    --seed 358408``. 8 has the PAB; the 4.0 bracket (13, 14, 17) needs three upfloaters (C5) from 2 (3.5),
    19 (3.0), 18, 20 (2.5) and 21 (1.5). {19, 18, 20} has the scores 2.5, 2.5, 3.0 and the differences 1.5,
    1.5, 1.0; {2, 20, 21} has 1.5, 2.5, 3.5 and 2.5, 1.5, 0.5. The lowest score (the largest difference)
    decides first: {19, 18, 20}. Preferring the set with the smallest difference (2-13, 0.5) takes the
    scores from the highest down, which the article does not."""
    t = trf.loads((DATA / "generated-seed358408-21-players-before-round9.trf").read_text()).tournament
    p = dubov(t)
    assert "Bracket 4.0: residents 13 14 17; upfloaters 19 18 20" in "\n".join(p.explanation)
    assert boards(p) == {(1, 7), (6, 12), (16, 4), (9, 5), (11, 3), (15, 10), (19, 13), (18, 14), (17, 20), (2, 21)}
    assert p.bye == 8
