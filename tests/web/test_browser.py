"""Acceptance: a whole 40-player, 7-round event driven in headless Chromium.

Create the event, import 40 players from CSV, pair and enter 7 rounds from the
keyboard (a requested bye, pairing-allocated byes, a forfeit, a correction),
check the standings against the exported TRF, run the Dutch checker on that
TRF, and read the public pages without logging in.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from swisspair import trf

from .browser import chromium, fetch_bytes, fetch_text, require_browser
from .helpers import create_users, live_server, server_env
from .pdfcheck import read_pdf

pytestmark = pytest.mark.slow  # a whole event in Chromium: the full tier only

ROUNDS = 7
PLAYERS = 40
NAMES = ["Иванов, Иван", "Dvořák, Antonín", "Nowak, Zofia", "Петров, Петър"]


def _csv(path: Path) -> Path:
    lines = ["name,rating,federation,fide_id,title"]
    for i in range(PLAYERS):
        name = NAMES[i] if i < len(NAMES) else f"Player{i:02d}, Test"
        title = "GM" if i == 0 else ("IM" if i < 3 else "")
        lines.append(f'"{name}",{2600 - 17 * i},{["BUL", "CZE", "POL", "RUS"][i % 4]},{10000 + i},{title}')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _code(rnd: int, board: int) -> str:
    if rnd == 4 and board == 5:
        return "+"  # black did not appear: forfeit
    return "10="[(rnd * 7 + board * 3) % 3] if (rnd + board) % 5 else "="


def test_it_runs_a_whole_event_in_chromium(tmp_path: Path) -> None:
    require_browser()
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait

    data = tmp_path / "data"
    create_users(data)
    started = time.monotonic()
    with live_server(data) as base, chromium() as driver:
        # While a page is being replaced, Chromium answers queries about the old one with assorted
        # errors (stale element, "node does not belong to the document", ...): all mean "try again".
        wait = WebDriverWait(driver, 180, ignored_exceptions=(WebDriverException,))

        def go(path: str) -> None:
            driver.get(base + path)

        def fill(field_id: str, value: str) -> None:
            element = driver.find_element(By.ID, field_id)
            element.clear()
            element.send_keys(value)

        def new_page_loaded(d: Any) -> bool:
            # A flag set on the current window disappears with it: the new page has loaded when the
            # flag is gone and the new document is complete (no element of the old page is touched).
            return bool(d.execute_script("return !window.swisspairOldPage && document.readyState === 'complete';"))

        def click_and_wait(selector: str) -> None:
            driver.execute_script("window.swisspairOldPage = true;")
            driver.find_element(By.CSS_SELECTOR, selector).click()
            wait.until(new_page_loaded)

        def submit(form_id: str) -> None:
            click_and_wait(f"#{form_id} button[type=submit]")

        def messages() -> str:
            # The page may be replaced between finding the element and reading it.
            try:
                found = driver.find_elements(By.ID, "messages")
                return found[0].text if found else ""
            except WebDriverException:
                return ""

        # log in
        go("/accounts/login/?next=/")
        fill("id_username", "alice")
        fill("id_password", "password")
        submit("login-form")
        assert "alice" in driver.find_element(By.ID, "logout").text

        # create the event and its section
        go("/events/new/")
        fill("id_name", "Browser Open 2026")
        fill("id_slug", "browser")
        fill("id_city", "Brno")
        fill("id_chief_arbiter", "Alice Arbiter")
        submit("event-form")
        assert driver.current_url.endswith("/e/browser/sections/new/")
        fill("id_name", "Open")
        fill("id_slug", "open")
        fill("id_rounds", str(ROUNDS))
        Select(driver.find_element(By.ID, "id_system")).select_by_value("dutch")
        Select(driver.find_element(By.ID, "id_initial_colour")).select_by_value("w")
        submit("section-form")
        assert driver.current_url.endswith("/e/browser/open/manage/")

        # import 40 players from CSV
        driver.find_element(By.ID, "import-players").click()
        Select(driver.find_element(By.ID, "id_format")).select_by_value("csv")
        driver.find_element(By.ID, "id_file").send_keys(str(_csv(tmp_path / "players.csv")))
        submit("upload-form")
        assert "Imported 40 players" in messages()
        assert len(driver.find_elements(By.CSS_SELECTOR, "#manage-players tbody tr")) == PLAYERS

        for rnd in range(1, ROUNDS + 1):
            go("/e/browser/open/manage/")
            if rnd == 2:  # player 7 asks for a half-point bye in round 2
                fill("id_player", "7")
                fill("id_round_number", "2")
                Select(driver.find_element(By.ID, "id_kind")).select_by_value("H")
                submit("bye-form")
                assert "Bye recorded" in messages()
            submit("pair-form")
            assert driver.current_url.endswith(f"/rounds/{rnd}/results/"), messages()
            inputs = driver.find_elements(By.CSS_SELECTOR, "#results-form input[name^=r]")
            boards = len(inputs)
            assert boards in (19, 20)
            # the cursor starts on board 1 and moves on by itself: type the results in one go
            keys = " ".join(_code(rnd, b) for b in range(1, boards + 1))  # a space ends 0 (else 0 0 is 00)
            active = driver.switch_to.active_element
            assert active.get_attribute("name") == "r1"
            # The counter reaches boards/boards while typing, before Enter's page replaces this one:
            # wait for the saved page itself (the old window's flag is gone), then read it.
            driver.execute_script("window.swisspairOldPage = true;")
            active.send_keys(keys + Keys.ENTER)
            wait.until(new_page_loaded)
            wait.until(lambda d: f"{boards}/{boards}" in d.find_element(By.ID, "entered").text)
            if rnd == 2:
                byes = driver.page_source
                assert "half-point bye" in byes and "pairing-allocated bye" in byes
            if rnd == 4:
                assert "lost by forfeit" in messages()
            if rnd == 6:  # a wrong result is corrected before the next round is paired
                first = driver.find_element(By.ID, "r1")
                before = first.get_attribute("value")
                first.clear()
                driver.execute_script("window.swisspairOldPage = true;")
                first.send_keys(("0" if before == "1" else "1") + Keys.ENTER)
                wait.until(new_page_loaded)
                assert "1 result saved" in messages()
            assert driver.find_elements(By.ID, "publish")
            click_and_wait("#publish")
            assert f"Round {rnd} published" in messages()

        go("/e/browser/open/manage/")
        assert "All rounds are paired" in driver.find_element(By.TAG_NAME, "body").text

        # the TRF for the rating report, checked by the Dutch checker
        text = fetch_text(driver, base + "/e/browser/open/export.trf")
        assert text.startswith("012 Browser Open 2026"), text[:200]
        exported = tmp_path / "browser.trf"
        exported.write_text(text, encoding="utf-8")
        tournament = trf.loads(text).tournament
        assert tournament.paired_rounds == ROUNDS and len(tournament) == PLAYERS
        check = subprocess.run([sys.executable, "-m", "swisspair", "--dutch", str(exported), "-c"],
                               capture_output=True, text=True, env=server_env(data), timeout=300)
        assert check.returncode == 0, check.stdout + check.stderr

        # the PDF exports in the interface language (Russian here), as an arbiter would print them
        driver.execute_script("window.swisspairOldPage = true;")
        Select(driver.find_element(By.CSS_SELECTOR, "header select[name=language]")).select_by_value("ru")
        wait.until(new_page_loaded)
        _check_pdfs(driver, base, tournament)
        driver.execute_script("window.swisspairOldPage = true;")
        Select(driver.find_element(By.CSS_SELECTOR, "header select[name=language]")).select_by_value("en")
        wait.until(new_page_loaded)

        # audit log: the correction is recorded with who made it
        go("/e/browser/audit/")
        assert "result corrected" in driver.find_element(By.ID, "audit").text

        # public pages, logged out
        driver.delete_all_cookies()
        go("/e/browser/open/standings/")
        rows = driver.find_elements(By.CSS_SELECTOR, "#standings tbody tr")
        assert len(rows) == PLAYERS
        shown = {}
        for row in rows:
            cells = row.find_elements(By.TAG_NAME, "td")
            shown[int(cells[1].get_attribute("textContent"))] = cells[5].text
        for player in tournament:
            assert shown[player.tpn] == _points(tournament.score(player.tpn)), player.tpn
        driver.save_screenshot(str(tmp_path / "standings.png"))
        go(f"/e/browser/open/rounds/{ROUNDS}/")
        assert len(driver.find_elements(By.CSS_SELECTOR, "#pairings tbody tr")) in (19, 20)
        go("/e/browser/open/crosstable/")
        assert len(driver.find_elements(By.CSS_SELECTOR, "#crosstable tbody tr")) == PLAYERS
        go("/e/browser/open/players/1/")
        assert len(driver.find_elements(By.CSS_SELECTOR, "#player-card tbody tr")) == ROUNDS
        assert "Иванов, Иван" in driver.page_source
        standings = json.loads(fetch_text(driver, base + "/api/e/browser/open/standings.json"))
        assert standings["after_round"] == ROUNDS and len(standings["standings"]) == PLAYERS
        assert fetch_text(driver, base + "/e/browser/open/export.trf").startswith("<!DOCTYPE")  # login page
        driver.set_window_size(390, 844)  # a phone
        go("/e/browser/open/rounds/1/")
        width = driver.execute_script("return document.documentElement.scrollWidth")
        assert width <= 400, width
        driver.save_screenshot(str(tmp_path / "phone.png"))
    print(f"browser event: {time.monotonic() - started:.1f} s")


def _check_pdfs(driver: Any, base: str, tournament: Any) -> None:
    """Standings and round 2's pairing list as PDF: Russian headings, every column fits, the byes are listed."""
    from swisspair.model import Result

    standings = read_pdf(fetch_bytes(driver, base + "/e/browser/open/export/standings.pdf"))
    assert "Таблица после тура 7" in standings.text and "Очки" in standings.text, standings.text[:300]
    assert "BH/C1" in standings.text and "BWG" in standings.text
    assert not standings.problems, standings.problems[:5]
    pairings = read_pdf(fetch_bytes(driver, base + "/e/browser/open/export/pairings-2.pdf"))
    assert "Тур 2" in pairings.text and "Белые" in pairings.text and "Очки" in pairings.text, pairings.text[:300]
    assert not pairings.problems, pairings.problems[:5]
    byes = [p for p in tournament if p.result(2).result in (Result.PAB, Result.HALF_BYE)]
    assert len(byes) == 2
    for player in byes:
        assert player.name in pairings.text, player.name


def _points(value: Any) -> str:
    from fractions import Fraction

    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
