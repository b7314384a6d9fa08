"""Categories, the prize list, the rating report and title norms in headless Chromium.

One live server and one browser for the module: a 13-player open paired by the FIDE Dutch system over five
rounds (pairing-allocated byes, a forfeit), with titled players, several federations, juniors, women and
unrated players. With ``SWISSPAIR_SCREENSHOTS=DIR`` each test saves the screenshot docs/manager.md shows.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from typing import Any

import pytest

from .browser import chromium, click, fetch_bytes, fetch_text, login, rendered, require_browser
from .helpers import create_users, live_server, manage
from .pdfcheck import read_pdf

pytestmark = pytest.mark.slow  # Chromium: the full tier only

SEED = """
import datetime
from django.contrib.auth import get_user_model
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Section
alice = get_user_model().objects.get(username='alice')
event = services.create_event(alice, name='Spring Open', slug='spring', start_date=datetime.date(2026, 4, 1))
section = Section.objects.create(event=event, name='Open', slug='open', rounds=5, initial_colour='w',
                                 system='dutch', tiebreaks='BH/C1,BH,SB')
people = [('Георгиев, Иван', 2705, 'BUL', 'GM', 'm', '1990/03/03'), ('Dvořák, Antonín', 2480, 'CZE', 'GM', 'm', '1985'),
          ('Nowak, Zofia', 2390, 'POL', 'WGM', 'w', '2010/06/01'), ('Петров, Петър', 2310, 'BUL', 'IM', 'm', '1960/01/01'),
          ('Smith, John', 2205, 'ENG', 'FM', 'm', '2011/02/02'), ('Garcia, Ana', 2150, 'ESP', 'WIM', 'w', '1972/05/05'),
          ('Müller, Jörg', 2020, 'GER', '', 'm', '2009/09/09'), ('Kowalska, Ewa', 1890, 'POL', '', 'w', '2012/12/12'),
          ('Novák, Petr', 1705, 'CZE', '', 'm', '1950/01/01'), ('Иванова, Мария', 1610, 'BUL', '', 'w', '2014/04/04'),
          ('Brown, Tom', 0, 'ENG', '', 'm', '2000/01/01'), ('Rossi, Luca', 0, 'ITA', '', 'm', '2013/03/03'),
          ('Dupont, Marie', 1450, 'FRA', '', 'w', '1975/07/07')]
services.add_players(section, alice, [services.PlayerData(name=n, rating=r, federation=f, title=t, sex=s,
                                                          birth_date=b) for n, r, f, t, s, b in people])
for number in range(1, 6):
    section.refresh_from_db()
    rnd = services.pair_next_round(section, alice).round
    codes = {}
    for b in rnd.boards.all():
        code = '10' if (number + b.number) % 3 == 0 else '01' if (number + b.number) % 3 == 1 else '=='
        if number == 2 and b.number == 6:
            code = '+-'  # black did not come
        codes[b.number] = (code, services.seen(b))
    services.set_results(rnd, alice, codes, withdraw_no_shows=False)
    services.publish_round(rnd, alice)
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    require_browser()
    data = tmp_path_factory.mktemp("awards")
    create_users(data)
    manage(data, "shell", "-c", SEED)
    with live_server(data) as base, chromium() as driver:
        yield base, driver



def _fill(driver: Any, field_id: str, value: str) -> None:
    from selenium.webdriver.common.by import By

    element = driver.find_element(By.ID, field_id)
    element.clear()
    element.send_keys(value)


def _screenshot(driver: Any, name: str) -> None:
    """The page's main part as ``DIR/name`` when ``SWISSPAIR_SCREENSHOTS=DIR`` (the docs' pictures)."""
    from selenium.webdriver.common.by import By

    folder = os.environ.get("SWISSPAIR_SCREENSHOTS")
    if folder:
        from PIL import Image  # installed with reportlab

        path = os.path.join(folder, name)
        driver.find_element(By.TAG_NAME, "main").screenshot(path)
        Image.open(path).convert("RGB").quantize(colors=64).save(path, optimize=True)  # a third of the bytes


def _names(driver: Any, selector: str, column: int) -> list[str]:
    from selenium.webdriver.common.by import By

    return [row.find_elements(By.TAG_NAME, "td")[column].text for row in driver.find_elements(By.CSS_SELECTOR, selector)]


def test_categories_are_set_up_and_ranked_as_the_final_standings(site: tuple[str, Any]) -> None:
    """Categories: an age category and a women's category from their codes, their standings the final standings
    filtered (FIDE C.07 (2026) 4.2)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    base, driver = site
    login(base, driver)
    driver.get(base + "/e/spring/open/categories/")
    for code, prizes, order in (("U16", "150 100", "2"), ("W", "150 100", "3")):
        _fill(driver, "id_code", code)
        _fill(driver, "id_prizes", prizes)
        _fill(driver, "id_order", order)
        click(driver, "#add-category")
        assert f"Category {code} added." in driver.page_source
    Select(driver.find_element(By.ID, "id_sharing")).select_by_value("equal")
    click(driver, "#award-settings button[type=submit]")
    driver.get(base + "/e/spring/open/categories/")
    rows = driver.find_element(By.ID, "categories").text
    assert "under 16" in rows and "women" in rows
    _screenshot(driver, "categories.png")
    driver.get(base + "/e/spring/open/standings/")
    order = _names(driver, "#standings tbody tr", 2)
    driver.get(base + "/e/spring/open/categories/")
    click(driver, "#categories tbody tr:nth-child(2) a")
    under16 = _names(driver, "#category-standings tbody tr", 3)
    # under 16 on the event's start, 1 April 2026 (Müller, born 9 September 2009, is 16)
    assert under16 == [n for n in order if n in {"Nowak, Zofia", "Smith, John", "Kowalska, Ewa", "Иванова, Мария",
                                                 "Rossi, Luca"}], (under16, order)
    places = _names(driver, "#category-standings tbody tr", 0)
    assert places[0].startswith("1")


def test_the_prize_list_is_published_shared_and_printed(site: tuple[str, Any]) -> None:
    """Prize list: overall and category prizes, one per player, a place shared equally; published, public,
    PDF/CSV/JSON."""
    from selenium.webdriver.common.by import By

    base, driver = site
    login(base, driver)
    driver.get(base + "/e/spring/open/categories/")
    click(driver, "#categories tbody tr:nth-child(1) a[href$='edit/']")
    _fill(driver, "id_prizes", "1000 600 400 300 200 100")
    click(driver, "#save-category")
    driver.get(base + "/e/spring/open/prizes/")
    click(driver, "#publish-prizes")
    assert "The prize list is published." in driver.page_source
    driver.delete_all_cookies()
    rendered(driver, base + "/e/spring/open/prizes/", "table.prizes")  # the public page, rendered again
    _screenshot(driver, "prizes.png")
    data = json.loads(fetch_text(driver, base + "/api/e/spring/open/prizes.json"))
    awards = [a for c in data["categories"] for a in c["awards"]]
    tpns = [a["tpn"] for a in awards]
    assert len(tpns) == len(set(tpns))  # one prize per player
    shared = [a for a in data["categories"][0]["awards"] if "-" in a["place"]]
    assert shared, data["categories"][0]["awards"]
    group = [a for a in data["categories"][0]["awards"] if a["place"] == shared[0]["place"]]
    assert len({a["amount"] for a in group}) == 1  # split equally
    assert [c["name"] for c in data["categories"]] == ["Overall", "U16", "W"]
    pdf = read_pdf(fetch_bytes(driver, base + "/e/spring/open/prizes.pdf"))
    assert pdf.problems == []
    for award in awards:
        assert award["name"] in pdf.text and award["amount"] in pdf.text
    csv_text = fetch_text(driver, base + "/e/spring/open/prizes.csv")
    assert csv_text.splitlines()[0] == "category,place,tpn,name,points,amount"
    assert driver.find_element(By.CSS_SELECTOR, "table.prizes").text


def test_the_rating_report_shows_each_players_change(site: tuple[str, Any]) -> None:
    """Rating report (FIDE B.02): K, the 400-point rule spared for a 2650+ player (8.3.1 from 1 October 2025),
    forfeits and byes not rated, unrated players' provisional figures; page, PDF, CSV."""
    from selenium.webdriver.common.by import By

    base, driver = site
    driver.delete_all_cookies()
    driver.get(base + "/e/spring/open/ratings/")
    assert "1 October 2025" in driver.find_element(By.ID, "regulations").text
    # the players by name, with the pairing numbers the page gives them (numbered by rating before round 1)
    rated = {row.find_elements(By.TAG_NAME, "td")[1].get_attribute("textContent").strip(): row
             for row in driver.find_elements(By.CSS_SELECTOR, "#group-rated + table > tbody > tr")}
    unrated = {row.find_elements(By.TAG_NAME, "td")[1].text: row
               for row in driver.find_elements(By.CSS_SELECTOR, "#group-unrated + table > tbody > tr")}
    assert sorted(unrated) == ["Brown, Tom", "Rossi, Luca"], sorted(unrated)
    first = rated["Георгиев, Иван"]
    assert first.get_attribute("id") == "rating-1"  # 2705, the highest rating
    assert "K 10" in driver.find_element(By.XPATH, "//table[@id='games-1']/preceding-sibling::h2[1]").text
    # 2705 is over 2650: a difference of more than 400 is used as it is, without the * of the 400-point rule
    games = [[td.get_attribute("textContent").strip() for td in row.find_elements(By.TAG_NAME, "td")]
             for row in driver.find_elements(By.CSS_SELECTOR, "#games-1 tbody tr")]
    wide = [g for g in games if len(g) == 8 and g[4].lstrip("-").isdigit() and abs(int(g[4])) > 400]
    assert wide, games
    brown = unrated["Brown, Tom"]
    tpn = brown.find_elements(By.TAG_NAME, "td")[0].text
    assert brown.get_attribute("id") == f"rating-{tpn}"
    counted = brown.find_elements(By.TAG_NAME, "td")[5].text
    assert counted.isdigit() and int(counted) > 0, brown.text  # his games against rated opponents
    report = driver.find_element(By.TAG_NAME, "main").get_attribute("textContent")
    assert "forfeit: not rated (5.1)" in report and "bye: not rated (5.1)" in report
    assert re.search(r'<td class="n">-?\d+\*</td>', driver.page_source)  # somebody under 2650 met an opponent more
    # than 400 points away
    _screenshot(driver, "ratings.png")
    pdf = read_pdf(fetch_bytes(driver, base + "/e/spring/open/ratings.pdf"))
    assert "Rating report after round 5" in pdf.text and "Георгиев, Иван" in pdf.text
    assert pdf.problems == []
    rows = fetch_text(driver, base + "/e/spring/open/ratings.csv").splitlines()
    assert len(rows) == 14 and rows[1].startswith("1,")
    assert re.search(rf"^{tpn},Brown, Tom|^{tpn},\"Brown, Tom\"", "\n".join(rows), re.M), rows


def test_the_norms_report_lists_every_check(site: tuple[str, Any]) -> None:
    """Title norms (FIDE B.01 1.4): every norm each player may seek, with the figures and what failed
    (five games here: fewer than 9, 1.4.1 a)."""
    from selenium.webdriver.common.by import By

    base, driver = site
    driver.delete_all_cookies()
    driver.get(base + "/e/spring/open/norms/")
    assert "this section has 5 rounds" in driver.find_element(By.ID, "norms-out-of-reach").text
    driver.find_element(By.CSS_SELECTOR, "#every-check summary").click()  # folded: no norm within reach
    table = driver.find_element(By.ID, "norms").text
    assert "1.4.1 a: 5 games, at least 9 needed" in table
    assert "WGM" in table and "Georgiev" not in table
    _screenshot(driver, "norms.png")
    driver.add_cookie({"name": "django_language", "value": "cs", "path": "/"})
    driver.get(base + "/e/spring/open/norms/")
    driver.find_element(By.CSS_SELECTOR, "#every-check summary").click()
    assert "partií, potřeba alespoň 9" in driver.find_element(By.ID, "norms").text
