"""The Lim System (FIDE C.04.4.3): hand-worked groups by article, and invariants.

Unless said otherwise ratings fall by 10 points per TPN (1: 2000, 2: 1990, ...).
Board tuples are ``(white, black)``.
"""

from __future__ import annotations

from pathlib import Path

from helpers import make_tournament
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import SEEDS, check_invariants, event_configs, generate_or_none, last_round

from swisspair import trf
from swisspair.exitcodes import ExitCode
from swisspair.engine_cli import run
from swisspair.generator import GeneratorConfig, generate
from swisspair.model import Colour, Result, RoundPairing, Tournament
from swisspair.pairing import find_system
from swisspair.pairing.exchanges import exchange_order
from swisspair.pairing.lim import LimSystem

RATINGS = [2000 - 10 * i for i in range(12)]
ALL_DRAWN = [["1-4 =-=", "5-2 =-=", "3-6 =-="]]


def boards(p: RoundPairing) -> set[tuple[int, int]]:
    return {(b.white, b.black) for b in p.boards}


def lim(t: Tournament) -> RoundPairing:
    return LimSystem().pair(t)


def test_registry() -> None:
    assert find_system("lim").name == "lim"
    assert find_system("FIDE_LIM").name == "lim"


def test_round_one_colours_and_halves() -> None:
    """4.1 (top half against bottom half), 5.1 (#1's colour by lot; odd numbers of the top half alike)."""
    assert boards(lim(make_tournament(5, RATINGS[:8]))) == {(1, 5), (6, 2), (3, 7), (8, 4)}
    assert boards(lim(make_tournament(5, RATINGS[:8], initial=Colour.BLACK))) == {(5, 1), (2, 6), (7, 3), (4, 8)}


def test_round_one_bye_to_the_lowest_rated() -> None:
    """PAB in round 1: the lowest-rated participant."""
    p = lim(make_tournament(5, RATINGS[:7]))
    assert p.bye == 7
    assert boards(p) == {(1, 4), (5, 2), (3, 6)}


def test_bye_to_the_lowest_ranked_of_the_lowest_group_who_may_have_it() -> None:
    """PAB: lowest scoregroup, lowest-ranked; C.04.1 art. 4 (7 had the PAB already)."""
    p = lim(make_tournament(5, RATINGS[:7], [["1-4 1-0", "5-2 0-1", "3-6 1-0", "7 U"]]))
    assert p.bye == 6


def test_exchange_order_for_six_players() -> None:
    """4.2-4.3: player 1 tries 4, 5, 6, then 3, 2."""
    assert exchange_order(6) == [3, 4, 5, 2, 1]
    assert exchange_order(4) == [2, 3, 1]


def test_exchange_to_give_due_colours() -> None:
    """4.2, 5.5: everyone drew round 1 (median group); 1 played 4; 5 is due Black like 1, so 1 meets 6."""
    p = lim(make_tournament(5, RATINGS[:6], ALL_DRAWN))
    assert boards(p) == {(6, 1), (2, 3), (4, 5)}


def test_maxi_tournament_limits_colour_exchanges_to_100_points() -> None:
    """3.2.3, 5.7: in a maxi-tournament 6 (1800) may not replace 5 (2000) for colours."""
    t = make_tournament(5, [2400, 2300, 2200, 2100, 2000, 1800], ALL_DRAWN)
    assert (5, 1) in boards(LimSystem(maxi=True).pair(t))
    assert (6, 1) in boards(LimSystem().pair(t))


def test_groups_above_and_below_the_median_float_towards_it() -> None:
    """2.1-2.2, 3: the median (0.5) is empty; 3 floats down (colours, lowest-ranked), 4 floats up
    (colours, highest-ranked), and they meet in the median group, paired last."""
    p = lim(make_tournament(5, RATINGS[:6], [["1-4 1-0", "5-2 0-1", "3-6 1-0"]]))
    text = "\n".join(p.explanation)
    assert "floaters 3" in text and "floaters 4" in text
    assert {frozenset(b) for b in boards(p)} == {frozenset((1, 2)), frozenset((5, 6)), frozenset((3, 4))}
    assert text.index("Group 1.0") < text.index("Group 0.0") < text.index("Group median")


def test_no_rematch_and_colour_limits_before_the_last_round() -> None:
    """1, 2: 1 and 2 both had White twice (due Black absolutely) and may not meet before the last round."""
    games = [["1-4 1-0", "2-5 1-0", "3-6 1-0"], ["1-5 1-0", "2-6 1-0", "4-3 1-0"]]
    p = lim(make_tournament(5, RATINGS[:6], games))
    assert frozenset((1, 2)) not in {frozenset(b) for b in boards(p)}


def test_colour_due_to_the_higher_ranked_above_the_median() -> None:
    """5.4: equal due colours above the median: the higher-ranked player gets it."""
    p = lim(make_tournament(5, RATINGS[:4], [["1-3 1-0", "2-4 1-0"]]))
    # 1 and 2 (score 1, above the median 0.5) both had White: 1 gets Black.
    assert (2, 1) in boards(p)


def test_colour_due_to_the_lower_ranked_below_the_median() -> None:
    """5.4: below the median the lower-ranked player gets its due colour."""
    p = lim(make_tournament(5, RATINGS[:4], [["3-1 0-1", "4-2 0-1"]]))
    # 3 and 4 (score 0, below the median) both had White: 4 gets Black.
    assert (3, 4) in boards(p)


# -- invariants on generated tournaments -------------------------------------------------------------

@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=event_configs(), seed=SEEDS, maxi=st.booleans())
def test_generated_tournaments_respect_the_rules(config: GeneratorConfig, seed: int, maxi: bool) -> None:
    t = generate_or_none(config, seed, LimSystem(maxi=maxi).pair)
    if t is not None:
        check_invariants(t, last_round)


def test_a_medium_generated_tournament() -> None:
    """120 participants, 9 rounds, with forfeits, absences and half-point byes."""
    config = GeneratorConfig(players=120, rounds=9, forfeit_rate=30, retired_rate=40, half_point_bye_rate=40)
    check_invariants(generate(config, 2026, lim), last_round)


@pytest.mark.slow
def test_a_500_participant_tournament() -> None:
    """501 participants, 5 rounds: one PAB per round and the invariants hold."""
    t = generate(GeneratorConfig(players=501, rounds=5), 7, lim)
    check_invariants(t, last_round)
    assert all(sum(p.result(r).result is Result.PAB for p in t) == 1 for r in range(1, 6))


def test_engine_checker_on_a_lim_tournament(tmp_path: Path) -> None:
    """``swisspair --lim FILE -c`` reproduces every round of a tournament paired by Lim."""
    t = generate(GeneratorConfig(players=23, rounds=7, half_point_bye_rate=25), 11, lim)
    path = tmp_path / "lim.trf"
    with path.open("w", encoding="utf-8") as handle:
        trf.write(t, handle)
    assert run(["--lim", str(path), "-c"]) == ExitCode.OK


def test_floaters_meet_the_nearest_ranked_compatible_resident() -> None:
    """3 (floating down from 1.0) meets the highest-ranked resident of the median group, 4; 5 (floating up
    from 0.0) meets the lowest-ranked, 8 (our reading of 3.3-3.4)."""
    p = lim(make_tournament(5, RATINGS[:8], [["1-5 1-0", "6-2 0-1", "3-7 1-0", "8-4 =-="]]))
    text = "\n".join(p.explanation)
    assert "floaters 3" in text and "floaters 5" in text
    assert {frozenset(b) for b in boards(p)} >= {frozenset((3, 4)), frozenset((5, 8))}


def test_a_median_scoregroup_that_cannot_be_paired_is_cracked() -> None:
    """2.6, worked by hand: the next pairing of the lower scoregroup joins the Median Scoregroup.

    After two rounds (of five): 1 has 2 points (Black twice), 2, 3 and 4 have 1 (the median, 2.2;
    2 and 3 had White twice), 5, 6, 7 and 8 have ½. 1 floats down into the median (2.3.4). The
    lower scoregroup is paired upward: 8 takes 5 rather than 6 for the colours (5.5), then 7-6.
    The median, 1 2 3 4, has no pairing: 1 has met 2 and 3, and 2 and 3 would both need Black
    (2.1). One floater came from above, none from below, so the last pairing of the lower
    scoregroup, 7-6, is cracked: 6 and 7 join the median as floaters (2.6) and it is paired again:
    1 (due White) takes 7 (due Black) rather than 4 (due White) (3.6, 5.5), 6 takes the lowest-
    ranked resident it may meet, 3, and 2-4 is left.
    The previous reading floated 8 and 7 up to keep the round pairable instead (6-5, 1-7, 8-3, 2-4).
    """
    t = make_tournament(5, RATINGS[:8], [["2-1 0-1", "3-5 1-0", "4-6 =-=", "7 Z", "8 Z"],
                                         ["3-1 0-1", "2-6 1-0", "5-4 =-=", "7-8 =-="]])
    p = lim(t)
    assert boards(p) == {(8, 5), (1, 7), (6, 3), (4, 2)}
    assert "pairing 7-6 of the lower scoregroups is cracked" in "\n".join(p.explanation)
