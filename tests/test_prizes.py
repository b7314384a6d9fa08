"""The prize list: one prize per player (the larger; the arbiter's category order for equal amounts), ties
decided by the tie-breaks, split equally or by the Hort system, as an event's regulations say; FIDE C.02
(2009) 13.2.6: players still equal share the prizes of their places."""

from __future__ import annotations

from fractions import Fraction

import pytest

from swisspair.prizes import PrizeCategory, PrizeError, Sharing, amount_text, prize_list
from swisspair.standings import StandingRow


def standings(*lines: tuple[int, float, int, int]) -> list[StandingRow]:
    """``(tpn, points, place, last place)`` in order."""
    return [StandingRow(tpn, f"P{tpn}", None, Fraction(points), i, place, last)
            for i, (tpn, points, place, last) in enumerate(lines, start=1)]


def overall(*amounts: int) -> PrizeCategory:
    return PrizeCategory("", "Overall", None, tuple(Fraction(a) for a in amounts))


# 1 leads on 7; 2, 3 and 4 are level on 6.5, separated by the tie-breaks; 5 has 6.
FIELD = standings((1, 7, 1, 1), (2, 6.5, 2, 2), (3, 6.5, 3, 3), (4, 6.5, 4, 4), (5, 6, 5, 5))
PRIZES = overall(1000, 600, 400, 200)


def amounts(result: object) -> dict[int, Fraction]:
    return {a.tpn: a.amount for a in result.awards}  # type: ignore[attr-defined]


def test_a_tie_decided_by_the_tiebreaks() -> None:
    result = prize_list(FIELD, [PRIZES], Sharing.TIEBREAK)
    assert amounts(result) == {1: 1000, 2: 600, 3: 400, 4: 200}
    assert [a.place_text for a in result.awards] == ["1", "2", "3", "4"]


def test_a_tie_split_equally() -> None:
    # 2, 3, 4 occupy places 2-4: (600 + 400 + 200) / 3 = 400 each
    result = prize_list(FIELD, [PRIZES], Sharing.EQUAL)
    assert amounts(result) == {1: 1000, 2: 400, 3: 400, 4: 400}
    assert [a.place_text for a in result.awards] == ["1", "2-4", "2-4", "2-4"]
    assert result.award_of(3) is not None and result.award_of(3).shared_with == (2, 4)  # type: ignore[union-attr]


def test_a_tie_split_by_the_hort_system() -> None:
    # half of each prize to its place (300, 200, 100); the other halves pooled: (300 + 200 + 100) / 3 = 200
    result = prize_list(FIELD, [PRIZES], Sharing.HORT)
    assert amounts(result) == {1: 1000, 2: 500, 3: 400, 4: 300}
    assert sum(amounts(result).values()) == 2200


def test_players_tied_beyond_the_last_prize_share_it() -> None:
    # 3 prizes; 2, 3, 4 level on places 2-4: (600 + 400 + 0) / 3 each; by Hort the halves (300 + 200 + 0) are
    # pooled, 500 / 3 each, and 2 and 3 keep 300 and 200: 4 gets only its pool share
    three = overall(1000, 600, 400)
    assert amounts(prize_list(FIELD, [three], Sharing.EQUAL)) == {1: 1000, 2: Fraction(1000, 3),
                                                                  3: Fraction(1000, 3), 4: Fraction(1000, 3)}
    assert amounts(prize_list(FIELD, [three], Sharing.HORT)) == {1: 1000, 2: Fraction(1400, 3),
                                                                 3: Fraction(1100, 3), 4: Fraction(500, 3)}


def test_a_place_still_shared_after_the_tiebreaks_is_split_13_2_6() -> None:
    # C.02 13.2.6: players still equal share the prizes of their places: 2 and 3 share places 2-3
    tied = standings((1, 7, 1, 1), (2, 6.5, 2, 3), (3, 6.5, 2, 3), (4, 6.5, 4, 4))
    assert amounts(prize_list(tied, [PRIZES], Sharing.TIEBREAK)) == {1: 1000, 2: 500, 3: 500, 4: 200}
    # by Hort their own halves are averaged too: (300 + 200) / 2 + (300 + 200 + 100) / 3
    assert amounts(prize_list(tied, [PRIZES], Sharing.HORT)) == {1: 1000, 2: 450, 3: 450, 4: 300}


# Ten players; 6 is a girl under 16 who is first in both categories.
TEN = standings(*[(tpn, 10 - tpn, tpn, tpn) for tpn in range(1, 11)])
U16 = frozenset({6, 8, 9})
WOMEN = frozenset({6, 7, 10})


def test_one_player_first_in_two_categories_takes_the_first_in_the_arbiters_order() -> None:
    # equal amounts (100): U16 comes before Women, so 6 takes U16's first prize; Women's first goes to 7,
    # its second to 10; U16's second to 8
    categories = [overall(1000, 600, 400), PrizeCategory("U16", "Under 16", U16, (Fraction(100), Fraction(50))),
                  PrizeCategory("W", "Women", WOMEN, (Fraction(100), Fraction(50)))]
    result = prize_list(TEN, categories, Sharing.TIEBREAK)
    assert [(a.tpn, a.category, a.amount) for a in result.awards] == [
        (1, "", 1000), (2, "", 600), (3, "", 400), (6, "U16", 100), (8, "U16", 50), (7, "W", 100), (10, "W", 50)]
    # the other order: 6 takes Women's first prize, U16's goes to 8, then 9
    swapped = prize_list(TEN, [categories[0], categories[2], categories[1]], Sharing.TIEBREAK)
    assert {a.tpn: a.category for a in swapped.awards if a.category} == {6: "W", 7: "W", 8: "U16", 9: "U16"}


def test_the_larger_prize_is_taken_and_the_next_player_moves_up() -> None:
    # 3 is third overall (400) and first U16 (100): takes 400; U16's first goes to 8.
    # 4 is fourth overall (50) and first Women (100): takes 100; the overall fourth goes to 5.
    categories = [overall(1000, 600, 400, 50), PrizeCategory("U16", "Under 16", frozenset({3, 8}), (Fraction(100),)),
                  PrizeCategory("W", "Women", frozenset({4, 9}), (Fraction(100),))]
    result = prize_list(TEN, categories, Sharing.TIEBREAK)
    assert {a.tpn: (a.category, a.amount) for a in result.awards} == {
        1: ("", 1000), 2: ("", 600), 3: ("", 400), 5: ("", 50), 8: ("U16", 100), 4: ("W", 100)}
    assert result.award_of(5).place_text == "4"  # type: ignore[union-attr]


def test_shares_are_recomputed_when_a_tied_player_takes_a_category_prize() -> None:
    # 1, 2, 3 level on places 1-3 (split equally: 2000 / 3 = 666.67 each); 3 is first U16 with 700, more:
    # 3 takes it, and 1 and 2 then share places 1-2 (1000 + 600) / 2 = 800; 4 moves up to third (400)
    tied = standings((1, 7, 1, 1), (2, 7, 2, 2), (3, 7, 3, 3), (4, 6, 4, 4))
    categories = [overall(1000, 600, 400), PrizeCategory("U16", "Under 16", frozenset({3}), (Fraction(700),))]
    result = prize_list(tied, categories, Sharing.EQUAL)
    assert amounts(result) == {1: 800, 2: 800, 3: 700, 4: 400}


def test_a_prize_table_that_pays_a_lower_place_more_is_refused() -> None:
    with pytest.raises(PrizeError, match="lower place"):
        prize_list(FIELD, [overall(100, 200)], Sharing.TIEBREAK)
    with pytest.raises(PrizeError, match="same code"):
        prize_list(FIELD, [overall(100), overall(50)], Sharing.TIEBREAK)


def test_outputs() -> None:
    result = prize_list(FIELD, [overall(1000, 500)], Sharing.EQUAL, names={1: "One", 2: "Two"})
    assert result.to_csv().splitlines()[1] == "Overall,1,1,One,7,1000"
    assert result.as_dict()["categories"][0]["awards"][1]["exact"] == "500/3"
    assert "Overall 2-4. Two (6.5): 166.67" in result.to_text()
    assert amount_text(Fraction(-1, 3)) == "-0.33"
