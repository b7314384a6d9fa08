"""Rating change, performance and initial ratings, worked by hand from the FIDE Rating Regulations effective
from 1 March 2024 (B.02): tables 8.1.1 (p -> dp) and 8.1.2 (D -> PD), articles 5.1, 7.1.4, 8.2 and 8.3,
with the amendment of 8.3.1 effective from 1 October 2025."""

from __future__ import annotations

from fractions import Fraction

import pytest

from swisspair.model import Colour, Player, Result, RoundResult, Tournament
from swisspair.rating_change import (
    Chapter,
    InitialNote,
    KFacts,
    KRule,
    MissingDate,
    NotRated,
    Regulations,
    initial_rating,
    k_factor,
    rating_report,
    regulations_for,
)
from swisspair.tiebreaks.fide_tables import dp, probability_hundredths

W, B = Colour.WHITE, Colour.BLACK


def game(opponent: int, result: Result, colour: Colour = W) -> RoundResult:
    return RoundResult(opponent, colour, result)


def event(ratings: dict[int, int], rounds: dict[int, list[RoundResult]], birth: dict[int, str] | None = None,
          ) -> Tournament:
    """Players with the given ratings; only the players in ``rounds`` have results (each line is theirs)."""
    t = Tournament()
    for tpn, rating in ratings.items():
        t.players[tpn] = Player(tpn, name=f"P{tpn}", rating=rating, birth_date=(birth or {}).get(tpn, ""),
                                results=list(rounds.get(tpn, [])))
    return t


def test_table_8_1_2_boundaries() -> None:
    # B.02 8.1.2: 0-3 -> .50, 4-10 -> .51, 392-411 -> .92 (H) / .08 (L), 620-735 -> .99, > 735 -> 1.0
    assert [probability_hundredths(d) for d in (0, 3, 4, 10, 11)] == [50, 50, 51, 51, 52]
    assert [probability_hundredths(d) for d in (392, 400, 411, 412)] == [92, 92, 92, 93]
    assert [probability_hundredths(d) for d in (-392, -400, -411)] == [8, 8, 8]
    assert [probability_hundredths(d) for d in (735, 736, -736)] == [99, 100, 0]


def test_table_8_1_1_entries() -> None:
    # B.02 8.1.1 (= B.01 1.4.9): .57 -> 50, .72 -> 166, .80 -> 240, .21 -> -230, 1.0 -> 800
    assert [dp(p) for p in (57, 72, 80, 21, 100, 0)] == [50, 166, 240, -230, 800, -800]


def test_a_rated_player_with_a_large_difference_an_unrated_opponent_a_forfeit_and_a_bye_8_3() -> None:
    # Player 1, 2000, K 20 (8.3.3: under 2400, no junior, 30+ games):
    #   R1 draw with 2 (2450): D = -450, counted as -400 (8.3.1) -> PD .08 (8.1.2 392-411), dR = +.42
    #   R2 win over 3 (unrated): not rated for a rated player (8.3.1: only games against rated players)
    #   R3 forfeit win over 4: not rated (5.1); R4 pairing-allocated bye: not rated (5.1)
    #   R5 loss to 5 (1950): D = 50 -> PD .57 (47-53), dR = -.57
    #   R6 win over 6 (1500): D = 500, counted as 400 -> PD .92, dR = +.08 (no longer once per event)
    #   sum dR = -.07, x 20 = -1.4 -> -1 (8.3.4)
    t = event({1: 2000, 2: 2450, 3: 0, 4: 1900, 5: 1950, 6: 1500}, {1: [
        game(2, Result.DRAW), game(3, Result.WIN, B), game(4, Result.FORFEIT_WIN), RoundResult.bye(Result.PAB),
        game(5, Result.LOSS, B), game(6, Result.WIN)]}, birth={1: "1980/01/01"})
    line = rating_report(t, regulations=Regulations.OCTOBER_2025, year=2026).player(1)
    assert line.k == 20
    assert [g.rated for g in line.games] == [True, False, False, False, True, True]
    assert [g.probability for g in line.rated_games] == [Fraction(8, 100), Fraction(57, 100), Fraction(92, 100)]
    assert [g.capped for g in line.rated_games] == [True, False, True]
    assert [g.reason for g in line.games[1:4]] == [NotRated.OPPONENT_UNRATED, NotRated.FORFEIT, NotRated.BYE]
    assert line.score == Fraction(3, 2) and line.expected == Fraction(157, 100)
    assert line.change_exact == Fraction(-14, 10) and line.change == -1
    # performance over the same three games (B.01 1.4.7-1.4.9): Ra = 5900 / 3 = 1966.67 -> 1967,
    # p = 1.5 / 3 = 50 % -> dp 0, Rp = 1967
    assert line.performance == (1967, 1967, 50)


def test_the_400_point_rule_after_1_october_2025_spares_players_rated_2650_8_3_1() -> None:
    # 7 (2700, K 10) beats 8 (2200, K 20): D = 500.
    # From 1 October 2025: 7 is rated 2650+, the actual D: 485-517 -> .96, dR = .04, x 10 = 0.4 -> 0;
    # 8 is under 2650: -400 -> .08, dR = -.08, x 20 = -1.6 -> -2.
    # Before (1 March 2024): both capped: 7 gets .92, dR = .08, x 10 = 0.8 -> 1.
    t = event({7: 2700, 8: 2200}, {7: [game(8, Result.WIN)], 8: [game(7, Result.LOSS, B)]},
              birth={7: "1990/01/01", 8: "1990/01/01"})
    after = rating_report(t, regulations=Regulations.OCTOBER_2025, year=2026)
    assert after.player(7).rated_games[0].probability == Fraction(96, 100) and after.player(7).change == 0
    assert after.player(8).rated_games[0].probability == Fraction(8, 100) and after.player(8).change == -2
    before = rating_report(t, regulations=Regulations.MARCH_2024, year=2025)
    assert before.player(7).rated_games[0].probability == Fraction(92, 100) and before.player(7).change == 1


def test_rounding_half_away_from_zero_8_3_4() -> None:
    # 2400 (K 10) draws with 2290: D = 110 -> .65 (107-113); dR = -.15, x 10 = -1.5 -> -2.
    # 2290 (K 20): PD .35, dR = +.15, x 20 = 3.0 -> 3.
    t = event({1: 2400, 2: 2290}, {1: [game(2, Result.DRAW)], 2: [game(1, Result.DRAW, B)]},
              birth={1: "1970/01/01", 2: "1970/01/01"})
    report = rating_report(t, year=2026)
    assert report.player(1).change_exact == Fraction(-3, 2) and report.player(1).change == -2
    assert report.player(2).change_exact == Fraction(3) and report.player(2).change == 3


def test_games_of_less_than_one_move_are_not_rated_5_1() -> None:
    t = event({1: 2000, 2: 2000}, {1: [game(2, Result.WIN_UNRATED)]})
    line = rating_report(t, year=2026).player(1)
    assert not line.rated_games and line.change == 0 and line.games[0].reason is NotRated.NO_MOVE


@pytest.mark.parametrize(("rating", "facts", "games", "k"), [
    (1850, KFacts(birth_year=2008), 9, 40),  # 18th birthday in 2026: 40 until the end of that year, under 2300
    (2290, KFacts(birth_year=2009, reached_2400=True), 9, 10),  # once 2400, 10 even for a junior under 2300
    (2290, KFacts(birth_year=2009, reached_2300=True), 9, 20),  # a junior once rated 2300: no longer 40
    (2450, KFacts(rated_games=12), 9, 10),  # 2400 reached: 10, whatever the games rated
    (2100, KFacts(rated_games=40, period_games=30), 9, 17),  # 20 x (9 + 30) > 700 in the period: 17
    (1850, KFacts(birth_year=2007), 9, 20),  # 18th birthday in 2025: over
    (2350, KFacts(birth_year=2010), 9, 20),  # a junior rated 2300 or more: not 40
    (1700, KFacts(rated_games=29), 9, 40),  # new to the list, fewer than 30 games
    (2390, KFacts(reached_2400=True), 9, 10),  # once 2400, stays 10 below it
    (2450, KFacts(), 9, 10),
    (2100, KFacts(), 9, 20),
    (1700, KFacts(rated_games=3), 20, 35),  # 40 x 20 = 800 > 700: 35 (35 x 20 = 700)
    (1700, KFacts(rated_games=3), 18, 38),  # 40 x 18 = 720 > 700: 38 (38 x 18 = 684)
    (2100, KFacts(listed_k=40), 9, 40),  # the rating list's K (7.1.2)
])
def test_k_factor_8_3_3(rating: int, facts: KFacts, games: int, k: int) -> None:
    assert k_factor(rating, facts, 2026, games)[0] == k


def test_the_juniors_k_comes_from_the_birth_date_of_the_file_8_3_3() -> None:
    t = event({1: 1800, 2: 1800}, {1: [game(2, Result.WIN)]}, birth={1: "2010/05/05"})
    line = rating_report(t, year=2026).player(1)
    assert (line.k, line.k_rule) == (40, KRule.JUNIOR)
    assert line.k_reason == "40: until the end of the year of the 18th birthday, rated under 2300 (8.3.3)"


def test_initial_rating_with_two_hypothetical_draws_8_2() -> None:
    # Unrated, 3 points from 5 rated opponents 1600 ... 2000; also a win over an unrated opponent (not
    # counted, 8.2.2) and a forfeit (5.1). Ra = (9000 + 2 x 1800) / 7 = 1800; p = (3 + 1) / 7 = 57.14 % -> 57,
    # dp 50 (8.1.1); Ru = 1850 (8.2.3); 5 games, 1400 or more: published (7.1.4).
    opponents = {2: 1600, 3: 1700, 4: 1800, 5: 1900, 6: 2000, 7: 0, 8: 2100}
    results = [Result.WIN, Result.LOSS, Result.WIN, Result.DRAW, Result.DRAW]
    t = event({1: 0, **opponents}, {1: [game(o, r) for o, r in zip(range(2, 7), results)] +
                                    [game(7, Result.WIN), game(8, Result.FORFEIT_WIN)]})
    line = rating_report(t, year=2026).player(1)
    assert line.k is None and line.change is None
    initial = line.initial
    assert initial is not None
    assert (initial.games, initial.score, initial.average, initial.percent) == (5, 3, 1800, 57)
    assert initial.rating == 1850 and initial.published and initial.note == ""


def test_initial_rating_is_at_most_2200_and_needs_5_games_8_2_3_7_1_4() -> None:
    # 3 / 3 against 2000, 2100, 2200: Ra = (6300 + 3600) / 5 = 1980, p = 4 / 5 = 80 % -> dp 240: 2220 -> 2200.
    initial = initial_rating([2000, 2100, 2200], Fraction(3))
    assert initial.average == 1980 and initial.percent == 80 and initial.rating == 2200
    assert not initial.published and initial.notes == (InitialNote.MAXIMUM, InitialNote.FEW_GAMES)


def test_initial_rating_below_1400_is_not_published_7_1_4() -> None:
    # 0.5 / 5 against 1500s: Ra = (7500 + 3600) / 7 = 1585.71; p = 1.5 / 7 = 21.43 % -> 21, dp -230: 1355.71 -> 1356
    initial = initial_rating([1500] * 5, Fraction(1, 2))
    assert initial.rating == 1356 and not initial.published and initial.notes == (InitialNote.BELOW_FLOOR,)


def test_a_zero_score_is_disregarded_8_2_1() -> None:
    initial = initial_rating([1500] * 5, Fraction(0))
    assert initial.rating is None and initial.notes == (InitialNote.ZERO_SCORE,)


def test_the_edition_follows_the_start_date() -> None:
    assert regulations_for("2025-09-30") is Regulations.MARCH_2024
    assert regulations_for("2025/10/01") is Regulations.OCTOBER_2025
    t = event({1: 2700, 2: 2200}, {1: [game(2, Result.WIN)]})
    t.headers["042"] = ["2025/06/01"]
    assert rating_report(t).regulations is Regulations.MARCH_2024


def test_csv_has_a_line_per_player() -> None:
    t = event({1: 2000, 2: 0}, {1: [game(2, Result.WIN)], 2: [game(1, Result.LOSS, B)]})
    lines = rating_report(t, year=2026).to_csv().splitlines()
    assert lines[0].startswith("tpn,name,fide_id") and len(lines) == 3


def test_k_stays_10_once_2400_was_reached_even_for_a_junior_8_3_3() -> None:
    """8.3.3: "K = 10 once a player's published rating has reached 2400 and remains at that level
    subsequently, even if the rating drops below 2400"; juniors get 40 only "as long as their rating remains
    under 2300". A junior (born 2009, event 2026) rated 2290 beats a 2290: D = 0, PD .50, +0.5 x K."""
    t = event({1: 2290, 2: 2290}, {1: [game(2, Result.WIN)]}, birth={1: "2009/03/01"})
    t.headers["042"] = ["2026/04/01"]
    assert rating_report(t).player(1).change == 20  # no fact known: a junior under 2300, K 40
    line = rating_report(t, facts={1: KFacts(reached_2400=True)}).player(1)
    assert (line.k, line.k_rule, line.change) == (10, KRule.REACHED_2400, 5)
    line = rating_report(t, facts={1: KFacts(reached_2300=True)}).player(1)  # rated 2300 once: 20, not 40
    assert (line.k, line.k_rule, line.change) == (20, KRule.UNDER_2400, 10)


def test_dates_as_real_files_write_them_8_3_1_8_3_3() -> None:
    """042 ``30.09.2025``: the event started before 1 October 2025, so the March 2024 rules apply (8.3.1:
    every difference over 400 counts as 400): a 2700 drawing a 2200 gets D = 400, PD .92, -0.42 x 10 = -4
    (the October 2025 rules: D = 500, PD .96, -5). The 2200, born ``01.05.2008``, is a junior in 2025
    (8.3.3: 40 until the end of the year of the 18th birthday): +0.42 x 40 = +17 (K 20: +8)."""
    t = event({1: 2700, 2: 2200}, {1: [game(2, Result.DRAW)], 2: [game(1, Result.DRAW, B)]},
              birth={2: "01.05.2008"})
    t.headers["042"] = ["30.09.2025"]
    report = rating_report(t)
    assert report.regulations is Regulations.MARCH_2024 and report.warnings == []
    assert report.player(1).change == -4
    assert (report.player(2).k, report.player(2).k_rule, report.player(2).change) == (40, KRule.JUNIOR, 17)
    t.headers["042"] = ["01.10.2025"]
    assert rating_report(t).player(1).change == -5
    t.headers["042"] = ["24/09/2010"]  # as a real file writes it: before 2024, the March 2024 rules
    assert rating_report(t).regulations is Regulations.MARCH_2024


def test_a_missing_date_says_which_rule_could_not_be_applied_8_3_3() -> None:
    t = event({1: 2200, 2: 2100}, {1: [game(2, Result.WIN)], 2: [game(1, Result.LOSS, B)]}, birth={1: "2010"})
    report = rating_report(t)
    assert [w.missing for w in report.warnings] == [MissingDate.EDITION, MissingDate.YEAR]
    assert report.player(1).k == 20  # not known to be a junior without the year of the event
    assert report.warnings[1].text == "no start date (TRF 042): the juniors' K (8.3.3) could not be applied"
    t.headers["042"] = ["2026/01/10"]
    report = rating_report(t)
    assert report.player(1).k == 40  # born 2010: a junior in 2026
    assert [(w.missing, w.tpn) for w in report.warnings] == [(MissingDate.BIRTH, 2)]
    assert report.warnings[0].text.startswith("player 2: no birth date: whether K is 40")


def test_k_times_n_is_limited_per_rating_period_8_3_3() -> None:
    """8.3.3: "If the number of games (n) for a player on any list for a rating period multiplied by K ...
    exceeds 700, then K shall be the largest whole number such that K x n does not exceed 700": a player
    with K 40 plays 9 games here after 12 others in the same period: n = 21, K = 33."""
    ratings = {1: 1800, **{tpn: 1800 for tpn in range(2, 11)}}
    t = event(ratings, {1: [game(o, Result.WIN) for o in range(2, 11)]})
    t.headers["042"] = ["2026/02/01"]
    line = rating_report(t, facts={1: KFacts(rated_games=10, period_games=12)}).player(1)
    assert (line.k, line.k_unlimited, line.change) == (33, 40, 149)  # 33 x 9 x 0.5 = 148.5 -> 149
    assert line.k_reason.endswith("33: K x 9 + 12 games of the period may not exceed 700 in a rating period (8.3.3)")
    assert rating_report(t, facts={1: KFacts(rated_games=10)}).player(1).k == 40  # 40 x 9 = 360


def test_rapid_and_blitz_rules_7_2_1_7_3_1() -> None:
    """Rapid and Blitz Rating Regulations: the 400-point rule for every player, without the 2650 exception
    of standard play (7.3.1); from 1 December 2024 no rating of a game between players 600 or more apart
    when one is rated above 2600 (7.3.1); an unrated player with a standard rating is rated with it (7.2.1)."""
    t = event({1: 2700, 2: 2200, 3: 2050, 4: 0},
              {1: [game(2, Result.DRAW), game(3, Result.WIN), game(4, Result.WIN)],
               2: [game(1, Result.DRAW, B)], 3: [game(1, Result.LOSS, B)], 4: [game(1, Result.LOSS, B)]})
    t.headers["042"] = ["2025/11/15"]
    standard = rating_report(t)
    assert standard.regulations is Regulations.OCTOBER_2025
    assert standard.player(1).games[0].difference == 500  # 2650 and more: the actual difference (8.3.1)
    blitz = rating_report(t, chapter=Chapter.BLITZ, standard_ratings={4: 1900})
    assert blitz.regulations is Regulations.RAPID_BLITZ_DECEMBER_2024
    one = blitz.player(1)
    assert one.games[0].difference == 400 and one.games[0].capped  # 500 counts as 400 (7.3.1)
    assert one.games[1].reason is NotRated.DIFFERENCE_600  # 650 apart, 2700 > 2600
    assert one.games[2].opponent_rating == 1900 and one.games[2].reason is NotRated.DIFFERENCE_600  # 800 apart
    four = blitz.player(4)
    assert (four.rating, four.rated_as, four.k, four.k_rule) == (1900, "7.2.1", 40, KRule.NEW)
    t.headers["042"] = ["2024/11/30"]  # before 1 December 2024: every game rated
    before = rating_report(t, chapter=Chapter.RAPID)
    assert before.regulations is Regulations.RAPID_BLITZ_MARCH_2024
    assert before.player(1).games[1].rated and before.player(4).rating == 0  # no standard ratings given


def test_a_player_rated_since_the_start_8_2_4() -> None:
    """8.2.4: "If an unrated player receives a published rating before a particular tournament in which they
    have played is rated, then they are rated as a rated player with their current rating, but in the rating
    of their opponents they are counted as an unrated player." Player 2, unrated at the start, now 1850,
    beats 1 (1900): rated with 1850 (D = -50, PD .43, +0.57 x 40 = 22.8 -> +23); 1's game is not rated."""
    t = event({1: 1900, 2: 0}, {1: [game(2, Result.LOSS)], 2: [game(1, Result.WIN, B)]})
    t.headers["042"] = ["2026/03/01"]
    report = rating_report(t, rated_since={2: 1850})
    two = report.player(2)
    assert (two.rating, two.rated_as, two.k, two.change, two.initial) == (1850, "8.2.4", 40, 23, None)
    one = report.player(1)
    assert one.games[0].reason is NotRated.OPPONENT_RATED_SINCE and one.change == 0
