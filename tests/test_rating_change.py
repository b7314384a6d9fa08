"""Rating change, performance and initial ratings, worked by hand from the FIDE Rating Regulations effective
from 1 March 2024 (B.02): tables 8.1.1 (p -> dp) and 8.1.2 (D -> PD), articles 5.1, 7.1.4, 8.2 and 8.3,
with the amendment of 8.3.1 effective from 1 October 2025."""

from __future__ import annotations

from fractions import Fraction

import pytest

from swisspair.model import Colour, Player, Result, RoundResult, Tournament
from swisspair.rating_change import (
    InitialNote,
    KFacts,
    KRule,
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
