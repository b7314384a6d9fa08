"""What the arbiter and the public see, in headless Chromium.

One live server and one browser for the module: an event of 10 players, three rounds played with the
FIDE Dutch system, player 10 withdrawn from round 2 (so rounds 2 and 3 have a pairing-allocated bye).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser import chromium, click, fetch_bytes, fetch_text, login, require_browser
from .helpers import create_users, live_server, manage
from .pdfcheck import read_pdf

pytestmark = pytest.mark.slow  # Chromium: the full tier only

SEED = """
from django.contrib.auth import get_user_model
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Player, Section
alice = get_user_model().objects.get(username='alice')
event = services.create_event(alice, name='Arbiter View', slug='view')
section = Section.objects.create(event=event, name='Open', slug='open', rounds=5, initial_colour='w',
                                 system='dutch')
names = ['Иванов, Иван', 'Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine', 'Dvořák, Antonín',
         'Nowak, Zofia', 'Петров, Петър', 'Smith, John', 'Garcia, Ana', 'Müller, Jörg', 'Kowalski, Jan',
         'Withdrawn, Walter']
players = services.add_players(section, alice, [services.PlayerData(name=n, rating=2400 - 25 * i,
                                                                    federation='CZE', title='FM' if i < 2 else '')
                                                for i, n in enumerate(names)])
for number in (1, 2, 3):
    section.refresh_from_db()
    rnd = services.pair_next_round(section, alice).round
    codes = ['10', '==', '01', '10', '01']
    services.set_results(rnd, alice, {b.number: (codes[(b.number + number) % 5], services.seen(b))
                                      for b in rnd.boards.all()}, withdraw_no_shows=False)
    services.publish_round(rnd, alice)
    if number == 1:
        services.set_withdrawn(Player.objects.get(pk=players[-1].pk), alice, 2)
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    require_browser()
    data = tmp_path_factory.mktemp("arbiter-view")
    create_users(data)
    manage(data, "shell", "-c", SEED)
    with live_server(data) as base, chromium() as driver:
        yield base, driver


def _json(driver: Any, url: str) -> Any:
    return json.loads(fetch_text(driver, url))



def _language(base: str, driver: Any, code: str) -> None:
    driver.get(base + "/")
    driver.add_cookie({"name": "django_language", "value": code, "path": "/"})


def test_the_crosstable_uses_one_numbering(site: tuple[str, Any]) -> None:
    """Item 8: rows by rank with a start-number column; opponents by their row (rank) number, and said so."""
    from selenium.webdriver.common.by import By

    base, driver = site
    driver.delete_all_cookies()
    driver.set_window_size(1280, 1000)
    driver.get(base + "/e/view/open/crosstable/")
    heads = [th.text for th in driver.find_elements(By.CSS_SELECTOR, "#crosstable thead th")]
    assert "No." in heads, heads
    start_column = heads.index("No.")
    first_round = heads.index("1")
    standings = _json(driver, base + "/api/e/view/open/standings.json")["standings"]
    row_of = {row["tpn"]: index for index, row in enumerate(standings, start=1)}
    rows = driver.find_elements(By.CSS_SELECTOR, "#crosstable tbody tr")
    assert len(rows) == 10
    checked = 0
    for index, row in enumerate(rows, start=1):
        cells = [td.get_attribute("textContent").strip() for td in row.find_elements(By.TAG_NAME, "td")]
        assert cells[0] == str(index)
        tpn = int(cells[start_column])
        assert row_of[tpn] == index
        card = _json(driver, base + f"/api/e/view/open/players/{tpn}.json")["rounds"]
        for line, text in zip(card, cells[first_round:first_round + 3]):
            if line["opponent"] is None:
                continue
            shown = re.match(r"\d+", text)
            assert shown and int(shown.group()) == row_of[line["opponent"]], (tpn, line, text)
            checked += 1
    assert checked >= 20
    assert "rank" in driver.find_element(By.ID, "numbering").text.lower()


def test_the_public_pairing_list_leaves_out_withdrawn_players(site: tuple[str, Any]) -> None:
    """Item 10: only who was paired or had a bye in that round; a withdrawn player is not "absent" each round."""
    from selenium.webdriver.common.by import By

    base, driver = site
    driver.delete_all_cookies()
    for number in (2, 3):
        driver.get(base + f"/e/view/open/rounds/{number}/")
        byes = driver.find_element(By.ID, "pairings").text  # the byes are its last rows
        assert "Withdrawn, Walter" not in byes, byes
        assert "pairing-allocated bye" in byes
    driver.get(base + "/e/view/open/rounds/1/")
    assert "Withdrawn, Walter" in driver.find_element(By.ID, "pairings").text


def test_withdraw_asks_for_confirmation(site: tuple[str, Any]) -> None:
    """Item 11: Withdraw is not one click; the confirmation says what happens and from which round."""
    from selenium.webdriver.common.by import By

    base, driver = site
    login(base, driver)
    driver.get(base + "/e/view/open/manage/")
    click(driver, "#player-6 button[value=withdraw]")
    confirm = driver.find_element(By.ID, "withdraw-confirm")
    assert "Smith, John" in confirm.text and "4" in confirm.text
    driver.get(base + "/e/view/open/manage/")
    assert "withdrawn" not in driver.find_element(By.ID, "player-6").text
    click(driver, "#player-6 button[value=withdraw]")
    click(driver, "#withdraw-confirm button[type=submit]")
    assert "withdrawn from round 4" in driver.find_element(By.ID, "player-6").text
    click(driver, "#player-6 button[value=reinstate]")
    assert "withdrawn" not in driver.find_element(By.ID, "player-6").text


def test_the_manage_page_fits_a_phone(site: tuple[str, Any]) -> None:
    """Item 12: on a 390 px phone every Withdraw/Reinstate button is on screen, no sideways scrolling."""
    from selenium.webdriver.common.by import By

    base, driver = site
    login(base, driver)
    driver.set_window_size(390, 844)
    try:
        for language in ("en", "ru", "bg"):  # longer labels in some languages
            _language(base, driver, language)
            driver.get(base + "/e/view/open/manage/")
            width = driver.execute_script("return window.innerWidth")
            buttons = driver.find_elements(By.CSS_SELECTOR, "#manage-players button")
            assert len(buttons) == 10
            for button in buttons:
                box = driver.execute_script("const r = arguments[0].getBoundingClientRect();"
                                            "return [r.right, r.height];", button)
                assert box[0] <= width, (language, button.text, box, width)
                assert box[1] < 50, (language, button.text, box)  # one line, not a letter column
            wide = driver.execute_script(
                "const t = document.getElementById('manage-players').parentElement;"
                "return [t.scrollWidth, t.clientWidth, document.documentElement.scrollWidth];")
            assert wide[0] <= wide[1] and wide[2] <= width, (language, wide)
            if os.environ.get("SWISSPAIR_SCREENSHOTS"):
                driver.save_screenshot(os.path.join(os.environ["SWISSPAIR_SCREENSHOTS"],
                                                    f"manage-phone-{language}.png"))
    finally:
        driver.set_window_size(1280, 1000)


def test_the_player_form_hints_are_translated(site: tuple[str, Any]) -> None:
    """Item 12: the date-format hint and the BCF/ECF hint follow the interface language."""
    from selenium.webdriver.common.by import By

    base, driver = site
    login(base, driver)
    _language(base, driver, "ru")
    driver.get(base + "/e/view/open/players/add/")
    form = driver.find_element(By.ID, "player-form").text
    assert "YYYY/MM/DD" not in form and "ГГГГ/ММ/ДД" in form
    options = [o.text for o in driver.find_elements(By.CSS_SELECTOR, "#id_rating_scale option")]
    assert any("грейд" in o for o in options) and not any("grade" in o for o in options), options


def test_the_pdf_exports_read_right(site: tuple[str, Any], tmp_path: Path) -> None:
    """Item 9: in the interface language, columns that fit, byes and scores in the pairing list."""
    base, driver = site
    driver.delete_all_cookies()
    _language(base, driver, "ru")
    standings = read_pdf(fetch_bytes(driver, base + "/e/view/open/export/standings.pdf"))
    assert "Имя" in standings.text and "Очки" in standings.text, standings.text[:300]
    assert "BWG" in standings.text and "BH/C1" in standings.text
    assert "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine" in standings.text
    assert not standings.problems, standings.problems[:5]
    pairings = read_pdf(fetch_bytes(driver, base + "/e/view/open/export/pairings-3.pdf"))
    assert "Белые" in pairings.text and "Очки" in pairings.text, pairings.text[:300]
    assert "бай по жеребьёвке" in pairings.text
    assert "Withdrawn, Walter" not in pairings.text
    assert not pairings.problems, pairings.problems[:5]
    csv_text = fetch_text(driver, base + "/e/view/open/export/3.csv")
    rows = [line.split(",") for line in csv_text.strip().splitlines()]
    assert rows[0][:4] == ["board", "white_tpn", "white", "white_points"], rows[0]
    assert len(rows) == 1 + 4 + 1, rows  # four boards and the bye
    assert rows[-1][-1] == "U"
