"""Categories (age at a date the arbiter sets, sex, rating band, federation, label) and their standings, a
filter of the event's final standings ranked by the same tie-breaks (FIDE C.07 (2026) 4.2)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from swisspair.categories import AGE_PRESETS, Category, CategoryError, PlayerFacts, Unrated, age_on, \
    category_standings
from test_tiebreaks_support import EXAMPLE, build

from swisspair.model import Player
from swisspair.standings import StandingRow, compute_standings

ON = date(2026, 1, 1)


def test_age_is_counted_in_full_years_on_the_reference_date() -> None:
    assert age_on("2010/01/01", ON) == 16 and age_on("2010/01/02", ON) == 15
    # an unknown month or day: the last day it allows (the youngest the player can be)
    assert age_on("2010", ON) == 15 and age_on("2010/00/00", ON) == 15 and age_on("2010/12/00", date(2026, 12, 31)) == 16
    assert age_on("", ON) is None and age_on("0000/00/00", ON) is None


def test_birth_dates_as_real_files_write_them() -> None:
    """The TRF reader accepts ``DD.MM.YYYY``, ``YYYY-MM-DD``, ``DD/MM/YYYY`` and partial dates; the categories
    read them the same way (one date parser), so such a player is in his age category."""
    assert age_on("15.06.2010", ON) == 15 and age_on("2010-06-15", ON) == 15 and age_on("15/06/2010", ON) == 15
    assert age_on("1975.  .", ON) == 50 and age_on("not a date", ON) is None
    assert Category.parse("U16").contains(PlayerFacts(1, birth_date="15.06.2010"), ON)


@pytest.mark.parametrize(("code", "birth", "inside"), [
    ("U16", "2010/01/02", True), ("U16", "2010/01/01", False), ("U8", "2018/06/01", True), ("U20", "2005/12/31", False),
    ("50+", "1976/01/01", True), ("50+", "1976/01/02", False), ("65+", "1960/12/31", True), ("U16", "", False),
])
def test_age_categories(code: str, birth: str, inside: bool) -> None:
    assert Category.parse(code).contains(PlayerFacts(1, birth_date=birth), ON) is inside


def test_the_presets_parse() -> None:
    assert [Category.parse(code).code for code in AGE_PRESETS] == list(AGE_PRESETS)


def test_sex_rating_federation_and_label() -> None:
    woman = PlayerFacts(1, sex="w", rating=1750, federation="bul", labels=frozenset({"chess club plovdiv"}))
    unrated = PlayerFacts(2, sex="f", rating=0, federation="CZE")
    assert Category.parse("W").contains(woman, ON) and Category.parse("W").contains(unrated, ON)
    assert not Category.parse("M").contains(woman, ON)
    assert Category.parse("1600-1799").contains(woman, ON) and not Category.parse("1600-1799").contains(unrated, ON)
    assert not Category.parse("U1750").contains(woman, ON) and Category.parse("1750+").contains(woman, ON)
    with_unrated = Category("U1800", rating_below=1800, unrated=Unrated.INCLUDED)
    assert with_unrated.contains(woman, ON) and with_unrated.contains(unrated, ON)
    assert Category.parse("unrated").contains(unrated, ON) and not Category.parse("unrated").contains(woman, ON)
    assert Category.parse("BUL").contains(woman, ON) and not Category.parse("BUL").contains(unrated, ON)
    assert Category.parse("label:Chess Club Plovdiv").contains(woman, ON)
    girls = Category("G16", "Girls U16", age_below=16, sex="w")
    assert not girls.contains(woman, ON)  # no birth date: in no age category


def test_the_club_is_a_label() -> None:
    player = Player(3, club="Slavia Praha")
    assert Category.parse("label:slavia praha").contains(PlayerFacts.of(player, labels=["School 5"]), ON)
    assert Category.parse("label:School 5").contains(PlayerFacts.of(player, labels=["School 5"]), ON)


def test_a_bad_code_is_refused() -> None:
    with pytest.raises(CategoryError, match="expected"):
        Category.parse("juniors")
    with pytest.raises(CategoryError, match="band"):
        Category.parse("1800-1600")


def test_category_standings_count_places_again_and_keep_unbroken_ties() -> None:
    # the event: 3 and 4 still tied after every tie-break (places 3-4)
    rows = [StandingRow(tpn, f"P{tpn}", None, Fraction(points), tpn, place, last)
            for tpn, points, place, last in [(1, 3, 1, 1), (2, 2.5, 2, 2), (3, 2, 3, 4), (4, 2, 3, 4), (5, 2, 5, 5),
                                             (6, 1, 6, 6)]]
    assert [(r.tpn, r.place_text, r.overall) for r in category_standings(rows, frozenset({2, 4, 5, 6}))] == [
        (2, "1", 2), (4, "2", 3), (5, "3", 5), (6, "4", 6)]
    assert [(r.tpn, r.place_text) for r in category_standings(rows, frozenset({3, 4, 6}))] == [
        (3, "1-2"), (4, "1-2"), (6, "3")]


def test_category_standings_are_the_final_standings_filtered_4_2() -> None:
    # the event ranked 2, 5, 1, 3, 6, 4, 7 by BH/C1, BH, SB, DE (tests/test_standings.py)
    overall = compute_standings(build(EXAMPLE), "BH/C1,BH,SB,DE")
    rows = category_standings(overall.rows, frozenset({3, 4, 5}))
    assert [(r.tpn, r.place_text, r.overall) for r in rows] == [(5, "1", 2), (3, "2", 4), (4, "3", 6)]
    assert [r.points for r in rows] == [overall.row(tpn).points for tpn in (5, 3, 4)]
