"""Title norms worked by hand from the FIDE Title Regulations effective from 1 January 2024 (B.01
1.4.1-1.4.9; table 1.4.9 is the Rating Regulations' table 8.1.1)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from swisspair.model import Colour, Player, Result, RoundResult, Tournament
from swisspair.norms import LeftOut, NormCheck, NormOptions, NormTitle, best_norm, check_norm, norms_report, sought

# pairing number: (title, rating, federation) of the opponents of player 1 (BUL)
FIELD = {
    2: ("GM", 2550, "GER"), 3: ("GM", 2500, "FRA"), 4: ("GM", 2480, "ITA"), 5: ("IM", 2420, "BUL"),
    6: ("IM", 2400, "ESP"), 7: ("FM", 2350, "BUL"), 8: ("FM", 2300, "GER"), 9: ("", 0, "ENG"), 10: ("", 2100, "NED"),
    11: ("", 2000, "BUL"), 12: ("", 1900, "BUL"),
}
SCORES = {Fraction(1): Result.WIN, Fraction(1, 2): Result.DRAW, Fraction(0): Result.LOSS}


def event(rounds: list[RoundResult], *, sex: str = "m", title: str = "", planned: int = 9,
          field: dict[int, tuple[str, int, str]] | None = None) -> Tournament:
    t = Tournament(rounds=planned)
    t.players[1] = Player(1, name="Candidate", sex=sex, title=title, rating=2380, federation="BUL",
                          results=list(rounds))
    for tpn, (opp_title, rating, fed) in (field or FIELD).items():
        t.players[tpn] = Player(tpn, name=f"P{tpn}", title=opp_title, rating=rating, federation=fed)
    return t


def games(*pairs: tuple[int, float]) -> list[RoundResult]:
    return [RoundResult(o, Colour.WHITE, SCORES[Fraction(s)]) for o, s in pairs]


# 6.5 / 9 against 2-10: =, 1, =, 1, =, 1, 1, 0, 1
NINE = games((2, .5), (3, 1), (4, .5), (5, 1), (6, .5), (7, 1), (8, 1), (9, 0), (10, 1))


def test_an_im_norm_with_an_unrated_opponent_raised_to_the_floor_1_4_6() -> None:
    # 9 games (1.4.1 a); titled 7 of 9, at least 5 (1.4.5 a); GM or IM 5, at least 3 (1.4.5 c);
    # six foreign federations (1.4.3); BUL 2 <= 5 (3/5 of 9), none over 6 (2/3 of 9; 1.4.4).
    # 1.4.6 d: the unrated 9 counts as 1400; 1.4.6 c: the lowest, raised to the IM floor 2050.
    # Ra = (2550+2500+2480+2420+2400+2350+2300+2050+2100) / 9 = 21150 / 9 = 2350 (1.4.7);
    # p = 6.5 / 9 = 72.2 % -> 72, dp 166 (1.4.9): Rp = 2516 >= 2450, Ra >= 2230, 72 % >= 35 % (1.4.8).
    check = check_norm(event(NINE), 1, NormTitle.IM)
    assert (check.games, check.titled, check.holders, check.unrated) == (9, 7, 5, 1)
    assert check.raised == (1400, 2050)
    assert (check.average, check.percent, check.performance) == (2350, 72, 2516)
    assert check.achieved and check.failures == []


def test_a_gm_norm_fails_on_the_average_and_the_performance_1_4_8() -> None:
    # GM floor 2200 (1.4.6 b): Ra = 21300 / 9 = 2366.67 -> 2367 (1.4.7 b); Rp = 2367 + 166 = 2533.
    # 3 GMs of 9 meet 1.4.5 b (a third, at least 3).
    check = check_norm(event(NINE), 1, NormTitle.GM)
    assert check.raised == (1400, 2200) and check.holders == 3
    assert (check.average, check.performance) == (2367, 2533)
    assert check.failures == ["1.4.8: performance 2533, at least 2600 needed",
                              "1.4.8 a: average 2367, at least 2380 needed"]


def test_only_one_opponent_is_raised_to_the_floor_1_4_6_c() -> None:
    # Replace 10 (2100) by 11 (2000) and 8 by 12 (1900): 9 (1400) is raised to 2050; 12 and 11 stay.
    nine = games((2, .5), (3, 1), (4, .5), (5, 1), (6, .5), (7, 1), (12, 1), (9, 0), (11, 1))
    check = check_norm(event(nine), 1, NormTitle.IM)
    assert check.raised == (1400, 2050)
    assert sorted(check.ratings)[:3] == [1900, 2000, 2050]


def test_eight_games_in_nine_rounds_after_a_forfeit_win_count_as_nine_1_4_1_c() -> None:
    eight = NINE[:8] + [RoundResult(10, Colour.WHITE, Result.FORFEIT_WIN)]
    check = check_norm(event(eight), 1, NormTitle.IM)
    assert check.games == 8 and check.counted_games == 9
    assert not any(f.startswith("1.4.1") for f in check.failures)


def test_eight_games_after_a_requested_bye_are_too_few_1_4_1_a() -> None:
    eight = NINE[:8] + [RoundResult.bye(Result.HALF_BYE)]
    check = check_norm(event(eight), 1, NormTitle.IM)
    assert check.counted_games == 8 and "1.4.1 a: 8 games, at least 9 needed" in check.failures


def test_a_forfeit_is_not_counted_1_4_2_c() -> None:
    ten = NINE + [RoundResult(11, Colour.BLACK, Result.FORFEIT_LOSS)]
    check = check_norm(event(ten, planned=10), 1, NormTitle.IM)
    assert check.games == 9 and check.achieved


def test_too_many_opponents_from_the_own_federation_1_4_4_and_the_exemption_1_4_3() -> None:
    # 6 of 9 opponents from BUL: more than 3/5 of 9 (5, rounded down) and the 2/3 (6) holds.
    home = {tpn: (title, rating, "BUL") for tpn, (title, rating, _fed) in FIELD.items()}
    home[2], home[3], home[4] = ("GM", 2550, "GER"), ("GM", 2500, "GER"), ("GM", 2480, "FRA")
    check = check_norm(event(NINE, field=home), 1, NormTitle.IM)
    assert "1.4.4: 6 opponents from BUL, at most 5 (3/5)" in check.failures
    waived = check_norm(event(NINE, field=home), 1, NormTitle.IM, options=NormOptions(foreigners_waived=True))
    assert waived.achieved


def test_two_foreign_federations_are_needed_1_4_3() -> None:
    one = {tpn: (title, rating, "GER") for tpn, (title, rating, _fed) in FIELD.items()}
    check = check_norm(event(NINE, field=one), 1, NormTitle.IM)
    assert "1.4.3: opponents from 1 federations other than the player's, at least 2 needed" in check.failures
    assert "1.4.4: 9 opponents from GER, at most 6 (2/3)" in check.failures


def test_half_the_opponents_title_holders_1_4_5_a() -> None:
    # CM and WCM are no title holders: 3 GMs, 1 IM and 5 CMs -> 4 of 9, at least 5.
    plain = dict(FIELD)
    for tpn in (6, 7, 8, 9, 10):
        plain[tpn] = ("CM", 2300, "ESP")
    check = check_norm(event(NINE, field=plain), 1, NormTitle.IM)
    assert "1.4.5 a: 4 title holders, at least 5 needed (50 %)" in check.failures


def test_the_minimum_score_is_35_percent_1_4_8_b() -> None:
    # 3 / 9 = 33.3 % -> 33 %
    low = games((2, 0), (3, 0), (4, 0), (5, .5), (6, .5), (7, 1), (8, 1), (9, 0), (10, 0))
    check = check_norm(event(low), 1, NormTitle.WIM)
    assert check.percent == 33 and "1.4.8 b: score 33 %, at least 35 % needed" in check.failures


def test_a_norm_reached_before_the_last_rounds_1_4_1_e() -> None:
    # The IM norm after round 9, then two losses: the later games may be ignored (Swiss).
    eleven = NINE + games((11, 0), (12, 0))
    report = norms_report(event(eleven, planned=11))
    im = next(c for c in report[0].checks if c.title is NormTitle.IM)
    assert im.achieved and im.after_round == 9
    # with predetermined pairings (a round robin) every round counts
    fixed = norms_report(event(eleven, planned=11), options=NormOptions(predetermined=True))
    assert not next(c for c in fixed[0].checks if c.title is NormTitle.IM).achieved


def test_womens_norms_for_women_only_and_titles_held_skipped() -> None:
    assert sought("", "m") == [NormTitle.GM, NormTitle.IM]
    assert sought("", "w") == [NormTitle.GM, NormTitle.IM, NormTitle.WGM, NormTitle.WIM]
    assert sought("WGM", "w") == [NormTitle.GM, NormTitle.IM]
    assert sought("GM", "w") == []
    # a woman's WGM check: floor 2000, Ra = (21300 - 2200 + 2000) / 9 = 2344.4 -> 2344, Rp = 2510 >= 2400;
    # WGM, IM or GM opponents: 5 >= 3 (1.4.5 d)
    report = norms_report(event(NINE, sex="w"))
    wgm = next(c for c in report[0].checks if c.title is NormTitle.WGM)
    assert (wgm.average, wgm.performance, wgm.holders) == (2344, 2510, 5) and wgm.achieved


def _field(players: dict[int, tuple[str, int, str]], candidate_rating: int,
           rounds: list[RoundResult], planned: int) -> Tournament:
    t = Tournament(rounds=planned)
    t.players[1] = Player(1, name="Candidate", rating=candidate_rating, federation="BUL", results=list(rounds))
    for tpn, (title, rating, fed) in players.items():
        t.players[tpn] = Player(tpn, name=f"P{tpn}", title=title, rating=rating, federation=fed)
    return t


# A 10-round Swiss: round 1 a win over an untitled 2380; then IMs (2400, won), FMs (2350, drawn), untitled
# (2375, drawn) and the three GMs (2450, won) last.
SWISS = {2: ("", 2380, "ESP"), 3: ("IM", 2400, "ENG"), 4: ("IM", 2400, "NED"), 5: ("FM", 2350, "USA"),
         6: ("FM", 2350, "SWE"), 7: ("", 2375, "NOR"), 8: ("", 2375, "DEN"), 9: ("GM", 2450, "GER"),
         10: ("GM", 2450, "FRA"), 11: ("GM", 2450, "ITA")}
TEN = games((2, 1), (3, 1), (4, 1), (5, .5), (6, .5), (7, .5), (8, .5), (9, 1), (10, 1), (11, 1))


def test_games_against_defeated_opponents_may_be_left_out_1_4_1_f() -> None:
    """1.4.1 f: a player may ignore games against opponents he defeated, provided the rest (at least 9 games)
    meets the requirements. Over 10 games: 8/10, Ra 2398, Rp 2638, but 3 GMs where a third of 10 needs 4
    (1.4.5 b). Leaving out the round-1 win over the untitled 2380: 9 games, 7/9 (78 %, dp 220), Ra 2400,
    Rp 2620, 3 GMs of 9: a GM norm. (Leaving out a win over an IM instead gives Rp 2618.) 1.4.1 e does not
    help: after round 9 only two GMs were met."""
    t = _field(SWISS, 2400, TEN, 10)
    full = check_norm(t, 1, NormTitle.GM)
    assert (full.games, full.average, full.performance, full.holders) == (10, 2398, 2638, 3)
    assert full.failures == ["1.4.5 b: 3 opponents with the title GM or higher, at least 4 needed"]
    best = best_norm(t, 1, NormTitle.GM)
    assert best.achieved and best.after_round is None
    assert (best.games, best.score, best.average, best.percent, best.performance) == (9, 7, 2400, 78, 2620)
    assert best.left_out == ((1, LeftOut.DEFEATED),) and 2 not in best.opponents
    report = norms_report(t)
    assert next(c for c in report[0].checks if c.title is NormTitle.GM) == best


def test_only_wins_may_be_left_out_and_nine_games_must_remain_1_4_1_f() -> None:
    drawn = [RoundResult(2, Colour.WHITE, Result.DRAW)] + TEN[1:]  # the 2380 drawn, not defeated
    assert not best_norm(_field(SWISS, 2400, drawn, 10), 1, NormTitle.GM).achieved
    nine = TEN[1:]  # 9 games: nothing may be left out, and 3 GMs of 9 are enough anyway
    check = best_norm(_field(SWISS, 2400, nine, 9), 1, NormTitle.GM)
    assert check.games == 9 and check.left_out == ()


# A 12-player round robin: 1 (BUL, 2450) against four GMs (2550), two IMs (2450), two FMs and two untitled
# players (2350), and 12, unrated, who lost every game against the rated players.
ROUND_ROBIN = {2: ("GM", 2550, "GER"), 3: ("GM", 2550, "FRA"), 4: ("GM", 2550, "ITA"), 5: ("GM", 2550, "ESP"),
               6: ("IM", 2450, "ENG"), 7: ("IM", 2450, "NED"), 8: ("FM", 2350, "USA"), 9: ("FM", 2350, "SWE"),
               10: ("", 2350, "NOR"), 11: ("", 2350, "DEN"), 12: ("", 0, "AUT")}
ELEVEN = games((12, 1), (2, .5), (3, .5), (4, .5), (5, .5), (6, .5), (7, .5), (8, 1), (9, 1), (10, 1), (11, 1))


def _round_robin() -> Tournament:
    t = _field(ROUND_ROBIN, 2450, ELEVEN, 11)
    t.players[12].results = [RoundResult(1, Colour.BLACK, Result.LOSS)] + \
        [RoundResult(o, Colour.WHITE, Result.LOSS) for o in range(2, 12)]
    return t


def test_an_unrated_opponent_who_scored_zero_is_not_counted_in_a_round_robin_1_4_2_b() -> None:
    """1.4.2 b: in a round robin, the game against an unrated player who scored zero against the rated
    opponents is not counted. Counted (unrated as 1400, raised to the GM floor 2200, 1.4.6): 8/11 (73 %,
    dp 175), Ra 2427, Rp 2602, a GM norm. Not counted: 10 games, 7/10 (70 %, dp 149), Ra 2450, Rp 2599."""
    t = _round_robin()
    swiss = check_norm(t, 1, NormTitle.GM)  # 1.4.2 b is for round robins only
    assert (swiss.games, swiss.average, swiss.performance, swiss.raised) == (11, 2427, 2602, (1400, 2200))
    options = NormOptions(predetermined=True)
    check = best_norm(t, 1, NormTitle.GM, options=options)
    assert (check.games, check.score, check.average, check.percent, check.performance) == (10, 7, 2450, 70, 2599)
    assert check.left_out == ((1, LeftOut.UNRATED_ZERO),) and not check.achieved
    assert check.failures == ["1.4.8: performance 2599, at least 2600 needed"]
    t.players[12].results[5] = RoundResult(6, Colour.WHITE, Result.DRAW)  # half a point against a rated player
    assert check_norm(t, 1, NormTitle.GM, options=options).games == 11


def test_in_a_round_robin_defeated_opponents_are_left_out_only_when_the_event_allows_a_norm_1_4_1_f() -> None:
    """1.4.1 f: in a round robin the opponents of the whole event must make a norm possible. The 10-round
    event above as a round robin: its 10 games have 3 GMs where 4 are needed, so the round-1 win may not be
    left out. With 8 a GM (4 GMs of 10), 5 rated 2250 and 2 rated 2000 (raised to 2200, 1.4.6 c), the whole
    event meets 1.4.3-1.4.5 but its Ra is 2370 (1.4.8 a); leaving out the win over 2 gives 9 games, Ra 2389,
    7/9 (78 %, dp 220), Rp 2609: a norm."""
    options = NormOptions(predetermined=True)
    assert not best_norm(_field(SWISS, 2400, TEN, 10), 1, NormTitle.GM, options=options).achieved
    field = dict(SWISS)
    field[2], field[5], field[8] = ("", 2000, "ESP"), ("FM", 2250, "USA"), ("GM", 2375, "DEN")
    t = _field(field, 2400, TEN, 10)
    full = check_norm(t, 1, NormTitle.GM, options=options)
    assert full.average == 2370 and full.mix_problems == [] and not full.achieved
    best = best_norm(t, 1, NormTitle.GM, options=options)
    assert best.achieved and best.left_out == ((1, LeftOut.DEFEATED),)
    assert (best.games, best.average, best.performance) == (9, 2389, 2609)


# A 6-player double round robin: 1 (BUL, 2450) meets each of 2-6 twice.
DOUBLE = {2: ("GM", 2600, "GER"), 3: ("GM", 2550, "FRA"), 4: ("IM", 2500, "ITA"), 5: ("IM", 2450, "ESP"),
          6: ("FM", 2150, "ENG")}


def _double(field: dict[int, tuple[str, int, str]]) -> Tournament:
    scores = {2: .5, 3: .5, 4: 1, 5: 1, 6: 1}
    cycle = [(o, s) for o, s in scores.items()]
    return _field(field, 2450, games(*cycle, *cycle), 10)


def test_a_double_round_robin_needs_six_players_and_half_the_opponents_with_the_title_1_4_5_f() -> None:
    """1.4.5 f: a double round robin needs at least 6 players; of the 5 opponents, half (rounded up: 3) must
    hold the norm's title or a higher one. 2 GMs give 4 of 10 games, a third of the games (1.4.5 b), but 2
    of 5 opponents: no GM norm; 4 opponents IM or GM: an IM norm. 1.4.6 c: the lowest-rated opponent (6,
    2150) is raised to the floor, 2200, in both games: Ra = (2600 + 2550 + 2500 + 2450 + 2200) x 2 / 10
    = 2460; 8/10 (80 %, dp 240): Rp 2700."""
    t = _double(DOUBLE)
    options = NormOptions(predetermined=True, cycles=2)
    gm = check_norm(t, 1, NormTitle.GM, options=options)
    assert gm.holders == 4 and gm.distinct_holders == 2 and gm.raised == (2150, 2200)
    assert sorted(gm.ratings)[:2] == [2200, 2200]
    assert (gm.average, gm.percent, gm.performance) == (2460, 80, 2700)
    assert gm.failures == ["1.4.5 f: 2 opponents with the title GM or higher, at least 3 needed (half)"]
    assert check_norm(t, 1, NormTitle.IM, options=options).achieved
    single = check_norm(t, 1, NormTitle.GM, options=NormOptions(predetermined=True))
    assert single.achieved  # read as a single cycle, 4 GM games of 10 would do (1.4.5 b)
    small = {tpn: value for tpn, value in DOUBLE.items() if tpn != 6}
    t = _field(small, 2450, games((2, .5), (3, .5), (4, 1), (5, 1)) * 2, 8)
    failures = check_norm(t, 1, NormTitle.IM, options=options).failures
    assert "1.4.5 f: a double round robin of 5 players, at least 6 needed" in failures


def test_a_check_built_by_hand_has_its_public_fields_and_finds_its_figures_when_read() -> None:
    """A check's fields are what it was built with; Ra, the percentage, Rp (1.4.7-1.4.9) and the failures are
    found when read, so a check whose score no table 1.4.9 percentage fits is built and fails only when read."""
    check = NormCheck(NormTitle.IM, games=1, counted_games=1, ratings=(2300,), score=Fraction(5), titled=0,
                      holders=0)
    assert all(not f.name.startswith("_") for f in dataclasses.fields(check))
    assert dataclasses.asdict(check)["score"] == 5 and check.percent == 500
    with pytest.raises(ValueError, match="percentage out of range: 500"):
        assert check.performance
    won = dataclasses.replace(check, score=Fraction(1))  # 100 %: dp 800 (table 1.4.9)
    assert won.performance == 3100 and won.failures[0] == "1.4.1 a: 1 games, at least 9 needed"
