"""A whole open in two Chromium browsers, from the public entry form on: the arbiter's and the public's.

Twenty players enter on the public form (two of them from the FIDE rating list by their FIDE ID alone),
a twenty-first with a FIDE ID entered already is refused; the arbiter refuses two entries and approves
eighteen; all eighteen are ticked present and round 1 pairs them; a player announces an absence for
round 3 through their private link; the hall screen, left alone, shows round 2 once it is published;
round 3 leaves the absent player out; the start list by federation is rendered as PDF and read back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser import chromium, fetch_bytes, fetch_text, require_browser
from .helpers import create_users, live_server, manage
from .pdfcheck import read_pdf
from .test_browser_eventday import Browser
from .test_registration import HEADER, list_line

pytestmark = pytest.mark.slow  # Chromium: the full tier only

SEED = """
from django.contrib.auth import get_user_model
from swisspair_web.tournaments import services
from swisspair_web.tournaments.models import Section
alice = get_user_model().objects.get(username='alice')
event = services.create_event(alice, name='City Open', slug='city')
Section.objects.create(event=event, name='Open', slug='open', rounds=5)
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
REFUSED = {"Refused, Rita": "not a member of the federation", "Refused, Rudolf": "entry fee not paid"}
ANNOUNCER = 9  # Svoboda, Karel: absent from round 3


@pytest.fixture()
def site(tmp_path: Path) -> Iterator[tuple[Browser, Browser, Path]]:
    require_browser()
    data = tmp_path / "data"
    create_users(data)
    manage(data, "shell", "-c", SEED)
    with live_server(data) as base, chromium() as arbiter, chromium() as public:
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
        name = next((n for n in REFUSED if n in row.text), None)
        if name is None:
            a.submit(row.find_element("css selector", "button.approve").click)
            assert "approved as number" in a.messages(), a.messages()
        else:
            row.find_element("css selector", "input[name=reason]").send_keys(REFUSED[name])
            a.submit(row.find_element("css selector", "button.refuse").click)


def _results(a: Browser, number: int, keys: str) -> None:
    from selenium.webdriver.common.keys import Keys

    a.go(f"/e/city/open/rounds/{number}/results/")
    box = a.driver.switch_to.active_element
    a.submit(lambda: box.send_keys(keys + Keys.ENTER))
    assert "results saved" in a.messages(), a.messages()


def _pair_and_publish(a: Browser, number: int) -> str:
    a.go("/e/city/open/manage/")
    a.click("#pair-button")
    paired = a.messages()
    assert f"Round {number} paired" in paired, paired
    a.click("#publish")
    return paired


def _round(b: Browser, number: int) -> Any:
    return json.loads(fetch_text(b.driver, f"{b.base}/api/e/city/open/rounds/{number}.json"))


def test_a_whole_event_from_the_entry_form(site: tuple[Browser, Browser, Path]) -> None:
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
    # a twenty-first with a FIDE ID entered already (Dvořák's) is refused
    _enter(p, "Dvořák, Jiří", "CZE", "310004", "1978", "m", "2250", "", "again@example.org")
    assert "FIDE ID 310004 is entered in this section already." in p.text("#entry-form")

    # the arbiter refuses two and approves eighteen
    a.go("/e/city/open/entries/")
    assert a.text("#entry-counts") == "20 waiting, 0 approved, 0 refused"
    _decide_entries(a)
    assert a.text("#entry-counts") == "0 waiting, 18 approved, 2 refused"
    sven = next(r.text for r in a.all("#entries tbody tr") if "Lindqvist" in r.text)
    assert "FM Lindqvist, Sven" in sven and "2315" in sven and "SK Rockaden" in sven, sven
    p.go(links[4])
    assert "Refused by the arbiter. not a member of the federation" in p.text("#entry-state")

    # entries closed, pairing numbers sorted by rating (C.04.2 art. 2.2)
    a.click("#close-entries")
    p.go("/e/city/open/register/")
    assert p.all("#entries-closed")
    a.go("/e/city/open/manage/")
    a.click("#renumber")
    assert a.text("#player-1").startswith("1 Novák, Petr 2440"), a.text("#player-1")

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
    Select(p.find("#id_round_number")).select_by_value("3")
    Select(p.find("#id_kind")).select_by_value("Z")
    p.click("#announce")
    assert "Recorded: absence (no points) in round 3." in p.messages(), p.messages()
    a.go("/e/city/open/entries/")
    assert f"Round 3: {number}. Svoboda, Karel — absence (no points) · recorded" in a.text("#announced")

    # the hall screen, left alone, shows round 2 once it is published
    p.go("/e/city/open/hall/?poll=1&page=4")
    assert p.text("#round-label") == "Round 1"
    p.driver.execute_script("window.swisspairUntouched = true;")
    _results(a, 1, "1=01=01=0=")
    _pair_and_publish(a, 2)
    p.hall_shows("Round 2")
    assert p.driver.execute_script("return window.swisspairUntouched === true;"), "the hall screen was reloaded"

    # round 3 leaves the absent player out, with their absence
    _results(a, 2, "=10=10=1=")
    _pair_and_publish(a, 3)
    rnd = _round(a, 3)
    on_boards = {tpn for board in rnd["boards"] for tpn in (board["white"], board["black"])}
    byes = {bye["tpn"]: bye["kind"] for bye in rnd["byes"]}
    assert number not in on_boards and byes.get(number) == "Z", rnd
    assert len(rnd["boards"]) == 8 and sorted(byes.values()) == ["U", "Z"], rnd  # 17 to pair: 8 boards, a PAB

    # the start list by federation, with the count per federation and title, as PDF
    pdf = read_pdf(fetch_bytes(p.driver, p.base + "/e/city/open/start-list.pdf?order=federation"))
    assert "City Open – Open: Start list (by federation)" in pdf.text, pdf.text[:200]
    for name in ("Novák, Petr", "Иванов, Иван", "Петров, Петър", "Lindqvist, Sven", "Černá, Eva"):
        assert name in pdf.text, name
    assert "Refused" not in pdf.text
    assert re.search(r"^Fed Players FM WIM$", pdf.text, re.M), pdf.text
    for line in ("CZE 4", "SWE 2 1 1", "RUS 1", "Total 18 1 1"):
        assert re.search(rf"^{line}$", pdf.text, re.M), (line, pdf.text[-600:])
    assert not pdf.problems, pdf.problems[:3]

    audit = fetch_text(a.driver, a.base + "/e/city/audit/")
    for action in ("entries-opened", "entry-list-imported", "entry-received", "entry-approved", "entry-refused",
                   "presence", "bye-announced", "paired", "published"):
        assert action in audit, action
