"""A whole open in two Chromium browsers, from the public entry form to the prize list: the arbiter's and the
public's.

Twenty players enter on the public form (two of them from the FIDE rating list by their FIDE ID alone), a
twenty-first with a FIDE ID entered already is refused; the arbiter refuses two entries and approves eighteen;
all eighteen are ticked present and round 1 pairs them; a player announces an absence for round 3 through
their private link; the hall screen, left alone, shows round 2 once it is published; round 3 leaves the absent
player out. Every round's results are typed on the results page, key by key. At the end the arbiter sets up two
categories and the prizes on their pages and publishes the prize list; the prize list, the rating report and
the start list by federation are rendered as PDF and read back, their figures checked against figures this
test computes from the results it typed, by the rules' own tables (not by the code under test).
"""

from __future__ import annotations

import datetime
import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from .browser import chromium, fetch_bytes, fetch_text, public_json, require_browser
from .helpers import create_users, live_server, manage
from .pdfcheck import read_pdf
from .test_browser_eventday import Browser
from .test_registration import HEADER, list_line

pytestmark = pytest.mark.slow  # Chromium: the full tier only

START = datetime.date(2026, 11, 20)
"""The event's first day: ages are counted on it, and it chooses the rating regulations (from 1 October 2025)."""

SEED = f"""
import datetime
from django.contrib.auth import get_user_model
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Section
alice = get_user_model().objects.get(username='alice')
event = services.create_event(alice, name='City Open', slug='city', start_date=datetime.date.fromisoformat('{START}'))
Section.objects.create(event=event, name='Open', slug='open', rounds=5, initial_colour='w')
"""

RATING_LIST = "\n".join([
    HEADER,
    list_line(**{"ID Number": "24100010", "Name": "Lindqvist, Sven", "Fed": "SWE", "Sex": "M", "Tit ": "FM",
                 "SRtng": "2315", "B-day": "1994"}),
    list_line(**{"ID Number": "24100020", "Name": "Karlsson, Eva", "Fed": "SWE", "Sex": "F", "Tit ": "WIM",
                 "SRtng": "2205", "B-day": "1999"}),
]) + "\n"

ENTRANTS = [
    # name, federation, FIDE ID, birth date, sex, rating, club
    ("Novák, Petr", "CZE", "310001", "1985-03-14", "m", "2440", "ŠK Slavoj"),
    ("Иванов, Иван", "RUS", "410002", "1990", "m", "2380", ""),
    ("Kowalska, Anna", "POL", "110003", "2001-07-02", "w", "2290", "KS Hetman"),
    ("Dvořák, Jiří", "CZE", "310004", "1978", "m", "2250", "ŠK Slavoj"),
    ("Refused, Rita", "AUT", "160005", "", "w", "1500", ""),
    ("Петров, Петър", "BUL", "290006", "1969-11-30", "m", "2180", "ШК Локомотив"),
    ("Schmidt, Max", "GER", "240007", "2005", "m", "2120", "SC Forchheim"),
    ("Horváth, Éva", "HUN", "710008", "1995", "w", "2060", ""),
    ("Nowak, Jan", "POL", "110009", "1999", "m", "2010", "KS Hetman"),
    ("Svoboda, Karel", "CZE", "310010", "2008-01-20", "m", "1960", ""),
    ("Georgiev, Georgi", "BUL", "290011", "1988", "m", "1910", ""),
    ("Refused, Rudolf", "AUT", "160012", "", "m", "1400", ""),
    ("Müller, Jörg", "GER", "240013", "1975", "m", "1870", ""),
    ("Smith, John", "ENG", "", "", "m", "", "Hastings CC"),
    ("Černá, Eva", "CZE", "310015", "2010", "w", "1720", ""),
    ("Kovač, Luka", "CRO", "140016", "1992", "m", "2030", ""),
    ("Silva, Ana", "POR", "190017", "2003", "w", "1650", ""),
    ("Popescu, Ion", "ROU", "120018", "1983", "m", "1990", ""),
    ("", "", "24100010", "", "", "", "SK Rockaden"),  # Lindqvist, from the rating list
    ("", "", "24100020", "", "", "", ""),  # Karlsson, from the rating list
]
REFUSED = {"Refused, Rita": "not a member of the federation", "Refused, Rudolf": "entry fee not paid",
           "Dvořák, Jiří ml.": "the FIDE ID of another player"}
ANNOUNCER = 9  # Svoboda, Karel: absent from round 3
FROM_THE_LIST = {"24100010": ("Lindqvist, Sven", "SWE", "1994", "m", "2315"),
                 "24100020": ("Karlsson, Eva", "SWE", "1999", "w", "2205")}

CATEGORIES = [("Overall", "", "500 300 200 100"), ("Women", "W", "100 60"), ("Under 20", "U20", "80")]
"""Name, code and prizes of each category, in the order that decides equal amounts."""


# -- the figures, computed here from the entries and the results typed -------------------------------------


@dataclass(frozen=True)
class Person:
    tpn: int
    name: str
    federation: str
    birth: str
    sex: str
    rating: int


def people(numbers: dict[str, int]) -> dict[int, Person]:
    """The eighteen players as they entered (the two from the rating list with the list's figures), by the
    pairing number the section gave each name."""
    out = {}
    for name, fed, fide_id, birth, sex, rating, _club in ENTRANTS:
        if name in REFUSED:
            continue
        if fide_id in FROM_THE_LIST:
            name, fed, birth, sex, rating = FROM_THE_LIST[fide_id]
        out[numbers[name]] = Person(numbers[name], name, fed, birth, sex, int(rating or 0))
    return out


def age(birth: str, on: datetime.date) -> int:
    """Age in full years on ``on``; a year alone is the last day of that year (the youngest the player can be)."""
    year, month, day = (int(part) for part in birth.split("-")) if "-" in birth else (int(birth), 12, 31)
    return on.year - year - ((on.month, on.day) < (month, day))


def members(person: Person, code: str) -> bool:
    """Whether ``person`` is in the category ``code``: women, or under 20 on the event's first day."""
    if code == "W":
        return person.sex == "w"
    if code == "U20":
        return bool(person.birth) and age(person.birth, START) < 20
    return True


@dataclass(frozen=True)
class Game:
    round: int
    white: int
    black: int
    white_points: Fraction


@dataclass
class Results:
    """What was typed and what the pairing gave: the games and the byes of each round."""

    games: list[Game]
    byes: dict[tuple[int, int], str]
    """``(round, tpn) -> kind``: ``U`` (a point), ``Z`` (none)."""

    def score(self, tpn: int, upto: int = 5) -> Fraction:
        """Points after round ``upto``: 1, ½ or 0 a game, 1 a pairing-allocated bye, 0 an absence."""
        points = sum((g.white_points if g.white == tpn else 1 - g.white_points for g in self.games
                      if tpn in (g.white, g.black) and g.round <= upto), Fraction(0))
        return points + sum(1 for (rnd, who), kind in self.byes.items() if who == tpn and kind == "U" and rnd <= upto)

    def games_of(self, tpn: int) -> list[tuple[int, Fraction]]:
        """``(opponent, points)`` of each game ``tpn`` played."""
        return [(g.black, g.white_points) if g.white == tpn else (g.white, 1 - g.white_points)
                for g in self.games if tpn in (g.white, g.black)]


def result_for(white: Person, black: Person, number: int, board: int) -> Fraction:
    """The result typed for a board: a draw between players less than 120 points apart, else the higher rated
    wins, but for an upset on every seventh board."""
    if abs(white.rating - black.rating) < 120:
        return Fraction(1, 2)
    stronger = white.rating > black.rating
    if (number + board) % 7 == 0:
        stronger = not stronger
    return Fraction(1 if stronger else 0)


PD_TABLE = [(3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58), (68, 59),
            (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66), (129, 67), (137, 68),
            (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74), (197, 75), (206, 76), (215, 77),
            (225, 78), (235, 79), (245, 80), (256, 81), (267, 82), (278, 83), (290, 84), (302, 85), (315, 86),
            (328, 87), (344, 88), (357, 89), (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95),
            (517, 96), (559, 97), (619, 98), (735, 99)]
"""FIDE B.02 table 8.1.2 as printed: the largest D of each row and its PD (H) in hundredths; above 735, 1.00."""


def pd(difference: int) -> Fraction:
    """PD for D (B.02 8.1.2): column H for D >= 0, column L (1 - H) below."""
    high = next((h for limit, h in PD_TABLE if abs(difference) <= limit), 100)
    return Fraction(high if difference >= 0 else 100 - high, 100)


def half_up(value: Fraction) -> int:
    """To the nearest whole number, 0.5 up (B.01 1.4.7 b, 1.4.9)."""
    return int((value + Fraction(1, 2)) // 1)


def decimal(value: Fraction) -> str:
    """``3.52``, ``-4.4``, ``2``: the report's plain decimals (the values here terminate)."""
    text = f"{Decimal(value.numerator) / Decimal(value.denominator):f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def rating_line(person: Person, results: Results, players: dict[int, Person]) -> str:
    """The rating report's PDF line of a player, as a pattern: No., name, federation, rating, K, games, points,
    expected, K x sum(score - PD), the change, Ra and the percentage (FIDE B.02 5.1, 8.3; B.01 1.4.7, 1.4.9)."""
    # 5.1: only games played count (byes and the absence are no games); 8.3.1: a rated player's games against
    # rated opponents only, an unrated player's against rated opponents (8.2.2)
    games = [(players[opp].rating, points) for opp, points in results.games_of(person.tpn) if players[opp].rating]
    points = sum((p for _r, p in games), Fraction(0))
    # Ra and the percentage, rounded half up (B.01 1.4.7 b, 1.4.9)
    average = f" {half_up(Fraction(sum(r for r, _p in games), len(games)))} {half_up(points * 100 / len(games))}" \
        if games else ""
    if not person.rating:
        figures = f"{len(games)} {decimal(points)}{average} "
        return rf"^{re.escape(f'{person.tpn} {person.name} {person.federation} {figures}')}"
    born = int(person.birth[:4])
    k = 40 if START.year <= born + 18 and person.rating < 2300 else 10 if person.rating >= 2400 else 20  # 8.3.3
    # 8.3.1: a difference of more than 400 points counts as 400 (below 2650)
    expected = sum((pd(max(-400, min(400, person.rating - r))) for r, _p in games), Fraction(0))
    change = k * (points - expected)
    rounded = half_up(abs(change)) * (1 if change >= 0 else -1)  # 8.3.4: 0.5 away from zero
    line = f"{person.tpn} {person.name} {person.federation} {person.rating} {k} {len(games)} {decimal(points)} " \
        f"{decimal(expected)} {decimal(change)} {rounded:+d}{average}"
    return rf"^{re.escape(line)}( \d+)?$"


def prize_list(results: Results, players: dict[int, Person]) -> list[tuple[str, str, int, Fraction]]:
    """``(category, place, tpn, amount)`` of every prize, players level on points sharing the prizes of their
    places equally, one prize per player (the larger; for equal amounts the category listed first)."""
    amounts = {name: [Fraction(a) for a in prizes.split()] for name, _code, prizes in CATEGORIES}
    eligible = {name: [t for t in players if members(players[t], code)] for name, code, _prizes in CATEGORIES}
    taken: dict[int, str] = {}

    def shares(category: str) -> dict[int, tuple[str, Fraction]]:
        rows = [t for t in eligible[category] if taken.get(t, category) == category]
        out, place = {}, 1
        for points in sorted({results.score(t) for t in rows}, reverse=True):
            group = [t for t in rows if results.score(t) == points]
            last = place + len(group) - 1
            pool = sum(amounts[category][place - 1:last], Fraction(0))
            for tpn in group if pool else []:
                out[tpn] = (f"{place}-{last}" if last > place else str(place), pool / len(group))
            place = last + 1
        return out

    order = [name for name, _code, _prizes in CATEGORIES]
    while offers := [(-share[1], order.index(c), tpn, c) for c in order for tpn, share in shares(c).items()
                     if tpn not in taken]:
        _amount, _order, tpn, category = min(offers)
        taken[tpn] = category
    return [(c, place, tpn, amount) for c in order for tpn, (place, amount) in shares(c).items()]


def amount(value: Fraction) -> str:
    """An amount as the prize list prints it: whole, or to the cent (half a cent up)."""
    if value.denominator == 1:
        return str(value.numerator)
    return str((Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"), ROUND_HALF_UP))


# -- the browsers ---------------------------------------------------------------------------------------------


@pytest.fixture()
def site(tmp_path: Path) -> Iterator[tuple[Browser, Browser, Path]]:
    require_browser()
    data = tmp_path / "data"
    create_users(data)
    manage(data, "shell", "-c", SEED)
    # every entrant types on this one machine: the entries an address may make in an hour are raised
    with live_server(data, {"SWISSPAIR_ENTRIES_PER_ADDRESS": "100"}) as base, chromium() as arbiter, \
            chromium() as public:
        for driver in (arbiter, public):
            driver.set_window_size(1280, 900)
        yield Browser(arbiter, base), Browser(public, base), tmp_path


def _enter(b: Browser, name: str, fed: str, fide_id: str, birth: str, sex: str, rating: str, club: str,
           email: str) -> None:
    """One entry typed on the public form (the sex chosen from its list)."""
    from selenium.webdriver.support.ui import Select

    b.go("/e/city/open/register/")
    for field, value in (("name", name), ("fide_id", fide_id), ("federation", fed), ("birth_date", birth),
                         ("rating", rating), ("club", club), ("email", email)):
        if value:
            b.type(f"#id_{field}", value)
    if sex:
        Select(b.find("#id_sex")).select_by_value(sex)
    b.click("#enter")


def _decide_entries(a: Browser) -> None:
    """Approve every waiting entry but the two to refuse (with their reasons), a click each."""
    while pending := a.all("#entries tr.entry-pending"):
        row = pending[0]
        shown = row.find_element("css selector", "td").text.splitlines()[0]  # the name (other lines may name others)
        name = next((n for n in REFUSED if n in shown), None)
        if name is None:
            a.submit(row.find_element("css selector", "button.approve").click)
            assert "approved as number" in a.messages(), a.messages()
        else:
            row.find_element("css selector", "input[name=reason]").send_keys(REFUSED[name])
            a.submit(row.find_element("css selector", "button.refuse").click)


def _round(b: Browser, number: int) -> Any:
    return json.loads(fetch_text(b.driver, f"{b.base}/api/e/city/open/rounds/{number}.json"))


def _play(a: Browser, number: int, players: dict[int, Person], results: Results) -> None:
    """Type round ``number``'s results on its results page, a key per board (``1``, ``=``, ``0`` and a space
    after it, so that the next ``0`` is the next board's), Enter to save; keep them in ``results``."""
    from selenium.webdriver.common.keys import Keys

    rnd = _round(a, number)
    keys = ""
    for board in rnd["boards"]:
        white, black = board["white"], board["black"]
        points = result_for(players[white], players[black], number, board["board"])
        results.games.append(Game(number, white, black, points))
        keys += {Fraction(1): "1", Fraction(1, 2): "=", Fraction(0): "0 "}[points]
    results.byes.update({(number, bye["tpn"]): bye["kind"] for bye in rnd["byes"]})
    a.go(f"/e/city/open/rounds/{number}/results/")
    box = a.driver.switch_to.active_element
    a.submit(lambda: box.send_keys(keys + Keys.ENTER))
    assert "results saved" in a.messages(), a.messages()
    assert a.text("#entered") == f"{len(rnd['boards'])}/{len(rnd['boards'])}", a.text("#entered")


def _pair_and_publish(a: Browser, number: int) -> str:
    a.go("/e/city/open/manage/")
    a.click("#pair-button")
    paired = a.messages()
    assert f"Round {number} paired" in paired, paired
    a.click("#publish")
    return paired


def _set_up_prizes(a: Browser) -> None:
    """The overall prizes, two categories with theirs, places shared equally: on the categories page."""
    from selenium.webdriver.support.ui import Select

    a.go("/e/city/open/categories/")
    a.click("#categories tbody tr:nth-child(1) a[href$='edit/']")
    a.type("#id_prizes", CATEGORIES[0][2])
    a.click("#save-category")
    for order, (name, code, prizes) in enumerate(CATEGORIES[1:], start=2):
        for field, value in (("code", code), ("name", name), ("prizes", prizes), ("order", str(order))):
            a.type(f"#category-form #id_{field}", value)
        a.click("#add-category")
        assert f"Category {name} added." in a.messages(), a.messages()
    Select(a.find("#id_sharing")).select_by_value("equal")
    a.click("#award-settings button[type=submit]")
    assert "Settings saved." in a.messages(), a.messages()


def test_a_whole_event_from_the_entry_form_to_the_prize_list(site: tuple[Browser, Browser, Path]) -> None:
    from selenium.webdriver.support.ui import Select

    a, p, tmp = site
    a.login()

    # the arbiter keeps a rating list for the entries and opens them
    a.go("/e/city/open/manage/")
    a.click("#entries-link")
    a.click("#entry-list-link")
    listing = tmp / "players_list_foa.txt"
    listing.write_text(RATING_LIST, encoding="utf-8")
    a.find("#id_file").send_keys(str(listing))
    a.click("#upload-form button[type=submit]")
    a.click("#open-entries")

    # twenty players enter on the public form; the private link of one is kept
    links = []
    for index, (name, fed, fide_id, birth, sex, rating, club) in enumerate(ENTRANTS):
        _enter(p, name, fed, fide_id, birth, sex, rating, club, f"player{index}@example.org")
        assert "your entry is recorded" in p.messages(), (name, p.text("main"))
        links.append(p.driver.current_url.removeprefix(p.base))
    # a twenty-first with a FIDE ID entered already (Dvořák's) is recorded, marked for the arbiter
    _enter(p, "Dvořák, Jiří ml.", "CZE", "310004", "1978", "m", "2250", "", "again@example.org")
    assert "FIDE ID 310004 is on another entry or a player of this section too" in p.messages()

    # the arbiter refuses three and approves eighteen
    a.go("/e/city/open/entries/")
    assert a.text("#entry-counts") == "21 waiting, 0 approved, 0 refused"
    assert len(a.all("#entries .fide-id-twin")) == 2
    _decide_entries(a)
    assert a.text("#entry-counts") == "0 waiting, 18 approved, 3 refused"
    sven = next(r.text for r in a.all("#entries tbody tr") if "Lindqvist" in r.text)
    assert "FM Lindqvist, Sven" in sven and "2315" in sven and "SK Rockaden" in sven, sven
    p.go(links[4])
    assert "Refused by the arbiter. not a member of the federation" in p.text("#entry-state")

    # entries closed; before round 1 the pairing numbers follow the initial ranking by themselves, as each entry
    # is approved (C.04.2 art. 2.2: rating, then title, then name; the ratings here are all different)
    a.click("#close-entries")
    p.go("/e/city/open/register/")
    assert p.all("#entries-closed")
    a.go("/e/city/open/manage/")
    assert "Pairing numbers: by rating, then title" in a.text("#numbering"), a.text("#numbering")
    assert a.text("#player-1").startswith("1 Novák, Petr 2440"), a.text("#player-1")
    start_list = json.loads(fetch_text(p.driver, p.base + "/e/city/open/start-list.json"))
    players = people({row["name"]: row["tpn"] for row in start_list["players"]})
    assert len(players) == 18
    by_rating = sorted(players.values(), key=lambda person: -person.rating)
    assert [person.tpn for person in by_rating] == list(range(1, 19)), [(x.tpn, x.name) for x in by_rating]

    # eighteen ticked present from the keyboard; round 1 pairs the eighteen
    a.go("/e/city/open/presence/")
    first = a.find("#p1")
    first.click()
    a.submit(lambda: first.send_keys("+" * 18 + "\n"))
    assert a.text("#ticked") == "18 of 18 present", a.messages()
    paired = _pair_and_publish(a, 1)
    assert "not ticked present" not in paired, paired
    rnd = _round(a, 1)
    assert len(rnd["boards"]) == 9 and rnd["byes"] == [], rnd

    # a player announces an absence for round 3 through the private link
    p.go(links[ANNOUNCER])
    number = int(re.search(r"starting number is (\d+)", p.text("#entry-state")).group(1))  # type: ignore[union-attr]
    assert players[number].name == "Svoboda, Karel"
    Select(p.find("#id_round_number")).select_by_value("3")
    Select(p.find("#id_kind")).select_by_value("Z")
    p.click("#announce")
    assert "Recorded: absence (no points) in round 3." in p.messages(), p.messages()
    a.go("/e/city/open/entries/")
    assert f"Round 3: {number}. Svoboda, Karel — absence (no points) · recorded" in a.text("#announced")

    # the hall screen, left alone, shows round 2 once it is published
    results = Results([], {})
    p.go("/e/city/open/hall/?poll=1&page=4")
    assert p.text("#round-label") == "Round 1"
    p.driver.execute_script("window.swisspairUntouched = true;")
    _play(a, 1, players, results)
    _pair_and_publish(a, 2)
    p.hall_shows("Round 2")
    assert p.driver.execute_script("return window.swisspairUntouched === true;"), "the hall screen was reloaded"

    # round 3 leaves the absent player out, with their absence; every round is played to the end
    _play(a, 2, players, results)
    _pair_and_publish(a, 3)
    rnd = _round(a, 3)
    on_boards = {tpn for board in rnd["boards"] for tpn in (board["white"], board["black"])}
    byes = {bye["tpn"]: bye["kind"] for bye in rnd["byes"]}
    assert number not in on_boards and byes.get(number) == "Z", rnd
    assert len(rnd["boards"]) == 8 and sorted(byes.values()) == ["U", "Z"], rnd  # 17 to pair: 8 boards, a PAB
    _play(a, 3, players, results)
    for later in (4, 5):
        _pair_and_publish(a, later)
        _play(a, later, players, results)
    # the absence is the zero-point bye it is: on the player's card, and nothing towards the score
    p.go(f"/e/city/open/players/{number}/")
    card = [[cell.text for cell in row.find_elements("css selector", "td")] for row in p.all("#player-card tbody tr")]
    assert card[2] == ["3", "", "", "", "Z", decimal(results.score(number, upto=3))], card
    # the hall screen asked for JSON at this address: the public JSON pages are files rendered for it, again
    # a moment after round 5's results
    standings = public_json(p.driver, p.base + "/api/e/city/open/standings.json", lambda d: d["after_round"] == 5)
    scores = {row["tpn"]: row["points"] for row in standings["standings"]}
    assert scores == {tpn: decimal(results.score(tpn)) for tpn in players}, scores

    # the categories and the prizes, set up on their pages; the list published
    _set_up_prizes(a)
    a.go("/e/city/open/prizes/")
    a.click("#publish-prizes")
    assert "The prize list is published." in a.messages(), a.messages()

    # the prize list as PDF: two categories besides the overall standings, a shared place, one prize each
    expected = prize_list(results, players)
    assert any("-" in place for _c, place, _t, _a in expected), expected
    assert len({tpn for _c, _p, tpn, _a in expected}) == len(expected)
    pdf = read_pdf(fetch_bytes(p.driver, p.base + "/e/city/open/prizes.pdf"))
    assert "City Open – Open: Prize list" in pdf.text, pdf.text[:200]
    for category, place, tpn, value in expected:
        line = f"{category} {place} {tpn} {players[tpn].name} {decimal(results.score(tpn))} {amount(value)}"
        assert re.search(rf"^{re.escape(line)}$", pdf.text, re.M), (line, pdf.text)
    awards = [line for line in pdf.text.splitlines() if re.match(r"(Overall|Women|Under 20) \d", line)]
    assert len(awards) == len(expected), (awards, expected)
    assert not pdf.problems, pdf.problems[:3]

    # the rating report as PDF: every player's line
    pdf = read_pdf(fetch_bytes(p.driver, p.base + "/e/city/open/ratings.pdf"))
    assert "City Open – Open: Rating report after round 5" in pdf.text, pdf.text[:200]
    for person in players.values():
        pattern = rating_line(person, results, players)
        assert re.search(pattern, pdf.text, re.M), (pattern, pdf.text)
    assert not pdf.problems, pdf.problems[:3]

    # the start list by federation, with the count per federation and title, as PDF
    pdf = read_pdf(fetch_bytes(p.driver, p.base + "/e/city/open/start-list.pdf?order=federation"))
    assert "City Open – Open: Start list (by federation)" in pdf.text, pdf.text[:200]
    for name in ("Novák, Petr", "Иванов, Иван", "Петров, Петър", "Lindqvist, Sven", "Černá, Eva"):
        assert name in pdf.text, name
    assert "Refused" not in pdf.text
    assert re.search(r"^Fed Players FM WIM$", pdf.text, re.M), pdf.text
    per_federation = Counter(person.federation for person in players.values())
    titled = {"SWE": " 1 1"}  # Lindqvist FM and Karlsson WIM, from the rating list
    lines = [f"{fed} {count}{titled.get(fed, '')}" for fed, count in per_federation.items()] + ["Total 18 1 1"]
    for line in lines:
        assert re.search(rf"^{line}$", pdf.text, re.M), (line, pdf.text[-600:])
    assert not pdf.problems, pdf.problems[:3]

    audit = fetch_text(a.driver, a.base + "/e/city/audit/")
    for action in ("entries opened", "rating list imported", "entry received", "entry approved", "entry refused",
                   "check-in", "bye announced", "round paired", "round published", "category added", "prize settings",
                   "prize list published"):
        assert action in audit, action

