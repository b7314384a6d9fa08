"""Entries, check-in, the hall's lists, the hall screen and cards in headless Chromium (real key presses).

One live server for the module with an event of three sections: ``entries`` (empty: the public form),
``open`` (twelve players, round 1 not paired: check-in, start list, start-number cards) and ``hall``
(twelve players, round 1 paired and published: pairings by name, hall screen, board cards).

With ``SWISSPAIR_SCREENSHOTS=DIR`` each test leaves the screenshot docs/manager.md shows in ``DIR``
(``SWISSPAIR_SCREENSHOTS=docs/images pytest tests/web/test_browser_eventday.py`` renews them).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from .browser import chromium, fetch_bytes, fetch_text, rendered, require_browser
from .helpers import create_users, live_server, manage
from .pdfcheck import read_pdf
from .test_registration import HEADER, list_line

pytestmark = pytest.mark.slow  # Chromium: the full tier only

SEED = """
from django.contrib.auth import get_user_model
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Section
alice = get_user_model().objects.get(username='alice')
event = services.create_event(alice, name='Spring Open', slug='day')
Section.objects.create(event=event, name='Entries', slug='entries', rounds=5)
field = [('Novák, Petr', 2450, 'GM', 'CZE'), ('Иванов, Иван', 2390, 'IM', 'RUS'), ('Kowalska, Anna', 2300, 'WGM', 'POL'),
         ('Dvořák, Jiří', 2280, 'FM', 'CZE'), ('Петров, Петър', 2200, '', 'BUL'), ('Schmidt, Max', 2150, '', 'GER'),
         ('Horváth, Éva', 2100, 'WFM', 'HUN'), ('Nowak, Jan', 2050, '', 'POL'), ('Svoboda, Karel', 1990, '', 'CZE'),
         ('Georgiev, Georgi', 1900, '', 'BUL'), ('Müller, Jörg', 1850, '', 'GER'), ('Smith, John', 0, '', 'ENG')]
for slug, name in (('open', 'Open'), ('hall', 'Rapid')):
    section = Section.objects.create(event=event, name=name, slug=slug, rounds=5, initial_colour='w')
    services.add_players(section, alice, [services.PlayerData(name=n, rating=r, title=t, federation=f,
                                                              fide_id=str(3000 + i))
                                          for i, (n, r, t, f) in enumerate(field)])
    if slug == 'hall':
        section.refresh_from_db()
        services.publish_round(services.pair_next_round(section, alice).round, alice)
"""


class Browser:
    """One Chromium, with the steps the tests repeat."""

    def __init__(self, driver: Any, base: str) -> None:
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.support.ui import WebDriverWait

        self.driver, self.base = driver, base
        self.wait = WebDriverWait(driver, 120, ignored_exceptions=(WebDriverException,))

    def go(self, path: str) -> None:
        self.driver.get(self.base + path)

    def find(self, selector: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def all(self, selector: str) -> list[Any]:
        from selenium.webdriver.common.by import By

        return list(self.driver.find_elements(By.CSS_SELECTOR, selector))

    def text(self, selector: str) -> str:
        return str(self.find(selector).text)

    def submit(self, action: Any) -> None:
        """Run ``action`` (a click, an Enter) and wait for the next page."""
        self.driver.execute_script("window.swisspairOldPage = true;")
        action()
        self.wait.until(lambda d: d.execute_script(
            "return !window.swisspairOldPage && document.readyState === 'complete';"))

    def click(self, selector: str) -> None:
        self.submit(self.find(selector).click)

    def type(self, selector: str, text: str) -> None:
        box = self.find(selector)
        box.clear()
        box.send_keys(text)

    def login(self, user: str = "alice") -> None:
        self.driver.delete_all_cookies()
        self.go("/accounts/login/?next=/")
        self.type("#id_username", user)
        self.type("#id_password", "password")
        self.click("#login-form button[type=submit]")
        self.find("#logout")

    def hall_shows(self, label: str) -> None:
        """Wait until the hall screen's bar says ``label`` (``Round 2``), by itself; on a timeout, say what
        the screen and its JSON showed."""
        from selenium.common.exceptions import TimeoutException

        try:
            self.wait.until(lambda d: d.find_element("id", "round-label").text == label)
        except TimeoutException:
            url = self.driver.execute_script("return location.pathname.replace(/^\\/e\\//, '/api/e/')"
                                             ".replace(/hall\\/$/, 'hall.json');")
            raise AssertionError(f"the hall screen shows {self.text('#bar')!r} "
                                 f"({self.find('body').get_attribute('data-page')}); its JSON: "
                                 f"{fetch_text(self.driver, self.base + url)[:300]}") from None

    def messages(self) -> str:
        found = self.all("#messages")
        return str(found[0].text) if found else ""

    def shot(self, name: str) -> None:
        """The screenshot docs/manager.md shows, when ``SWISSPAIR_SCREENSHOTS`` names a directory."""
        folder = os.environ.get("SWISSPAIR_SCREENSHOTS")
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            self.driver.save_screenshot(str(Path(folder) / f"{name}.png"))


@dataclass
class Site:
    base: str
    data: Path
    """The server's data directory (for an arbiter working from another process)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    require_browser()
    data = tmp_path_factory.mktemp("eventday")
    create_users(data)
    manage(data, "shell", "-c", SEED)
    with live_server(data) as base:
        yield Site(base, data)


@pytest.fixture()
def browser(server: Site) -> Iterator[Browser]:
    with chromium() as driver:
        driver.set_window_size(1280, 860)
        yield Browser(driver, server.base)


RATING_LIST = "\n".join([HEADER, list_line(**{"ID Number": "24100010", "Name": "Lindqvist, Sven", "Fed": "SWE",
                                               "Sex": "M", "Tit ": "FM", "SRtng": "2315", "B-day": "1994"})]) + "\n"


def test_entries_on_the_public_form(browser: Browser, tmp_path: Path) -> None:
    """Registration: opened by the arbiter, a player completed from the rating list as the FIDE ID is typed,
    a FIDE ID entered twice refused, one entry approved and one refused."""
    from selenium.webdriver.common.keys import Keys

    b = browser
    b.login()
    b.go("/e/day/entries/entries/rating-list/")
    listing = tmp_path / "players_list_foa.txt"
    listing.write_text(RATING_LIST, encoding="utf-8")
    b.find("#id_file").send_keys(str(listing))
    b.click("#upload-form button[type=submit]")
    assert "1 players of the rating list kept for completing entries." in b.messages()
    b.click("#open-entries")
    assert b.text("#entries-state") == "Entries are open."
    b.driver.delete_all_cookies()

    rendered(b.driver, b.base + "/e/day/entries/", "#register-link a")  # the section's public page, rendered again
    b.click("#register-link a")
    b.type("#id_fide_id", "24100010")
    b.find("#id_fide_id").send_keys(Keys.TAB)  # the form asks the rating list
    b.wait.until(lambda d: b.find("#id_name").get_attribute("value") == "Lindqvist, Sven")
    assert "FM Lindqvist, Sven SWE 2315" in b.text("#listed")
    b.type("#id_club", "SK Rockaden")
    b.type("#id_email", "sven@example.org")
    b.shot("entry-form")
    b.click("#enter")
    assert "your entry is recorded" in b.messages()
    assert "Waiting for the arbiter." in b.text("#entry-state")
    sven = b.driver.current_url

    for name, fide_id in (("Berg, Ola", "24100011"), ("Berg, Ola Junior", "24100011")):
        b.go("/e/day/entries/register/")
        b.type("#id_name", name)
        b.type("#id_fide_id", fide_id)
        b.type("#id_rating", "1700")
        b.type("#id_email", "ola@example.org")
        b.click("#enter")
    assert "You entered with FIDE ID 24100011 and this e-mail address already" in b.text("#entry-form")

    b.login()
    b.go("/e/day/entries/entries/")
    rows = b.all("#entries tbody tr")
    assert [r.get_attribute("class") for r in rows] == ["entry-pending", "entry-pending"]
    assert "sven@example.org · 1994 · m\nprivate link" in rows[0].text  # a year alone, without /00/00
    assert "from the rating list: title FM" in rows[0].text  # the rest typed in
    assert "Berg, Ola" in rows[1].text and "Junior" not in b.text("#entries")
    b.submit(rows[0].find_element("css selector", "button.approve").click)
    assert "Lindqvist, Sven approved as number 1." in b.messages()
    row = b.all("#entries tbody tr")[1]
    row.find_element("css selector", "input[name=reason]").send_keys("not a club member")
    b.submit(row.find_element("css selector", "button.refuse").click)
    assert b.text("#entry-counts") == "0 waiting, 1 approved, 1 refused"
    b.shot("entries")
    b.go(sven.removeprefix(b.base))
    assert "your starting number is 1" in b.text("#entry-state")
    audit = fetch_text(b.driver, b.base + "/e/day/audit/")
    for action in ("entries opened", "entry received", "entry approved", "entry refused", "rating list imported"):
        assert action in audit, action


def test_check_in_from_the_keyboard(browser: Browser) -> None:
    """Presence (C.04.2 (2026) art. 4.1): ticks typed key by key and by number; round 1 leaves the others
    out, says so, and records their absence."""
    from selenium.webdriver.common.keys import Keys

    b = browser
    b.login()
    b.go("/e/day/open/manage/")
    b.click("#presence-link")
    assert b.driver.switch_to.active_element.get_attribute("id") == "numbers"
    first = b.find("#p1")
    first.click()
    b.submit(lambda: first.send_keys("+1p 1+-+" + Keys.ENTER))  # 1-3 ticked, 4 skipped, 5, 6 ticked, 7 not, 8 ticked
    assert b.text("#ticked") == "6 of 12 present", b.messages()
    assert [b.find(f"#p{n}").get_attribute("value") for n in range(1, 10)] == ["+", "+", "+", "", "+", "+", "", "+",
                                                                              ""]
    b.type("#numbers", "9 10 11")
    b.submit(lambda: b.find("#numbers").send_keys(Keys.ENTER))
    assert b.text("#ticked") == "9 of 12 present"
    assert "4. Dvořák, Jiří; 7. Horváth, Éva; 12. Smith, John" in b.text("#left-out")
    b.shot("check-in")
    b.go("/e/day/open/manage/")
    assert "Not paired in round 1 unless ticked present" in b.text("#panel-left-out")
    b.click("#pair-button")
    assert "Not paired in round 1 because they are not ticked present" in b.messages()
    assert "4. Dvořák, Jiří; 7. Horváth, Éva; 12. Smith, John" in b.messages()
    rnd = json.loads(fetch_text(b.driver, b.base + "/api/e/day/open/rounds/1.json"))
    assert len(rnd["boards"]) == 4, rnd  # nine players: four boards and the pairing-allocated bye
    byes = sorted((bye["tpn"], bye["kind"]) for bye in rnd["byes"])
    assert [bye for bye in byes if bye[1] == "Z"] == [(4, "Z"), (7, "Z"), (12, "Z")], byes
    assert [kind for _tpn, kind in byes].count("U") == 1, byes
    b.go("/e/day/open/presence/")
    assert b.all("#presence-closed")


def test_start_list_by_federation(browser: Browser) -> None:
    """Start list: the orders, the counts per federation and title, and its PDF."""
    b = browser
    b.go("/e/day/open/")
    b.click(".tabs a[href$='start-list/']")
    assert b.all("#orders a.on")[0].text == "by pairing number"
    b.click("#orders a[href='?order=federation']")
    groups = [h.text.split()[0] for h in b.all("h2.federation")]
    assert groups == ["CZE", "BUL", "GER", "POL", "ENG", "HUN", "RUS"], groups
    counts = [r.text for r in b.all("#federation-counts tbody tr")]
    assert counts[0] == "CZE 3 1 1" and counts[-1] == "Total 12 1 1 1 1 1", counts
    b.shot("start-list")
    pdf = read_pdf(fetch_bytes(b.driver, b.find("#start-list-pdf").get_attribute("href")))
    assert "Start list (by federation)" in pdf.text and "Иванов, Иван" in pdf.text
    assert "Total 12 1 1 1 1 1" in pdf.text
    assert not pdf.problems, pdf.problems[:3]


def test_pairings_by_name(browser: Browser) -> None:
    """Each player alphabetically, with board, colour, opponent and score, from the round's page."""
    b = browser
    b.go("/e/day/hall/rounds/1/")
    b.click("#by-name-link")
    rows = b.all("#by-name tbody tr")
    names = [r.find_element("css selector", "td").text for r in rows]
    assert names[:3] == ["Dvořák, Jiří", "Georgiev, Georgi", "Horváth, Éva"] and names[-2:] == [
        "Иванов, Иван", "Петров, Петър"], names
    assert b.text("#name-1") == "Novák, Petr 1 0 1 white Horváth, Éva 7 0"  # S1 against S2 (C.04.3)
    b.shot("pairings-by-name")


def test_the_hall_screen_pages_and_picks_up_a_new_round(browser: Browser, server: Site) -> None:
    """The hall screen pages through boards and names by itself and shows round 2 once it is published,
    without being touched (it polls its JSON)."""
    b = browser
    b.driver.set_window_size(1280, 420)  # a small screen: several pages
    b.go("/e/day/hall/hall/?poll=1&page=3")
    assert b.text("#round-label") == "Round 1"
    b.driver.execute_script("window.swisspairUntouched = true;")
    seen: set[str] = set()

    def rotated(driver: Any) -> bool:
        seen.add(str(driver.find_element("tag name", "body").get_attribute("data-page")).split("-")[0])
        return seen >= {"boards", "names"}

    b.wait.until(rotated)
    b.driver.set_window_size(1280, 720)
    b.wait.until(lambda d: d.find_element("tag name", "body").get_attribute("data-page") == "boards-0")
    b.shot("hall-screen")
    manage(server.data, "shell", "-c", PUBLISH_ROUND_2)  # the arbiter, elsewhere
    b.hall_shows("Round 2")
    assert b.driver.execute_script("return window.swisspairUntouched === true;"), "the page was reloaded"
    assert "Boards 1–" in b.text("#page-label") or "By name" in b.text("#page-label")


PUBLISH_ROUND_2 = """
from django.contrib.auth import get_user_model
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Section
alice = get_user_model().objects.get(username='alice')
section = Section.objects.get(event__slug='day', slug='hall')
rnd = section.round_set.get(number=1)
services.set_results(rnd, alice, {b.number: ('10', services.seen(b)) for b in rnd.boards.all()})
section.refresh_from_db()
services.publish_round(services.pair_next_round(section, alice).round, alice)
"""


def test_board_cards_slips_and_start_numbers(browser: Browser) -> None:
    """Cards for printing, from the results page and the section's page: PDF and print pages."""
    b = browser
    b.login()
    b.go("/e/day/hall/rounds/1/results/")
    links = {a.text: a.get_attribute("href") for a in b.all("a.button")}
    cards = read_pdf(fetch_bytes(b.driver, links["Board cards"]))
    assert cards.pages == 3 and "Board" in cards.text and "White: 1. GM Novák, Petr (2450, CZE)" in cards.text
    slips = read_pdf(fetch_bytes(b.driver, links["Result slips"]))
    assert slips.pages == 2 and slips.text.count("½-½") == 6
    numbers = read_pdf(fetch_bytes(b.driver, b.base + "/e/day/hall/numbers.pdf"))
    assert numbers.pages == 2 and "Start number" in numbers.text and "Петров, Петър" in numbers.text
    b.go("/e/day/hall/rounds/1/cards/boards/")
    assert len(b.all(".board-card")) == 6
    b.go("/e/day/hall/numbers/")
    assert len(b.all(".number-card")) == 12
    b.shot("start-number-cards")
