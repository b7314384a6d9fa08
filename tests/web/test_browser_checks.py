"""In headless Chromium: what an arbiter clicks and types, and what the pages answer."""

from __future__ import annotations

from typing import Any

import pytest

from .browser import Arbiter, arbiters
from .test_browser_results import RESULTS, base  # noqa: F401 - base is the fixture

pytestmark = pytest.mark.slow  # Chromium: the full tier only


def _trf(a: Arbiter) -> str:
    text: str = a.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.text()).then(done, e => done('ERR ' + e));",
        a.base + "/e/live/open/export.trf")
    return text


def _fill(a: Arbiter, **fields: str) -> None:
    for name, value in fields.items():
        box = a.field(f"id_{name}")
        box.clear()
        box.send_keys(value)


def _submit(a: Arbiter, selector: str) -> None:
    a.submit_with(lambda: a.driver.find_element("css selector", selector).click())


def _type_all(a: Arbiter, key: str) -> None:
    """Type ``key`` on every board of the result page open, then Enter."""
    boards = len(a.driver.find_elements("css selector", "#results-form input[name^=r]"))
    active = a.driver.switch_to.active_element
    a.submit_with(lambda: active.send_keys(key * boards + "\n"))


def _select(element: Any) -> Any:
    """selenium's Select, imported only when a browser runs."""
    from selenium.webdriver.support.ui import Select as SeleniumSelect

    return SeleniumSelect(element)


def test_an_arbiter_is_stopped_or_asked_before_wrong_data_is_stored(base: str) -> None:  # noqa: F811
    with arbiters(base, "alice") as (a,):
        # item 4: both ways to make a section start with the FIDE Dutch system
        for path in ("/e/live/sections/new/", "/e/live/sections/import-trf/"):
            a.go(path)
            assert _select(a.field("id_system")).first_selected_option.get_attribute("value") == "dutch", path

        # item 3: the bye form has no default; recording nothing is not reported as a success
        a.go("/e/live/open/manage/")
        assert _select(a.field("id_kind")).first_selected_option.get_attribute("value") == ""
        _fill(a, player="4", round_number="2")
        a.driver.find_element("css selector", "#bye-form button[type=submit]").click()  # the browser refuses
        assert a.field("id_kind").get_attribute("validationMessage"), "the kind must be required"
        assert "recorded for" not in a.messages(), a.messages()
        _select(a.field("id_kind")).select_by_value("H")
        _fill(a, player="4", round_number="2")
        _submit(a, "#bye-form button[type=submit]")
        assert "Bye recorded for Live03, P in round 2: half-point bye." in a.messages(), a.messages()

        # item 7: pair 10 with 10
        a.go(RESULTS)
        a.driver.find_element("css selector", "details summary").click()
        form = 'form[action$="/adjust/"]'
        _select(a.driver.find_element("css selector", f"{form} select[name=action]")).select_by_value("force")
        a.driver.find_element("css selector", f"{form} input[name=board_a]").send_keys("10")
        a.driver.find_element("css selector", f"{form} input[name=board_b]").send_keys("10")
        _submit(a, f"{form} button[type=submit]")
        assert "cannot be paired with themselves" in a.messages(), a.messages()
        assert "Pairing changed by hand" not in a.messages()

        # item 7: birth dates, an estimated rating
        a.go("/e/live/open/players/30/edit/")
        for wrong in ("1990-02-31", "yesterday"):
            _fill(a, birth_date=wrong)
            _submit(a, "#save-player")
            assert "Birth date" in a.driver.find_element("id", "player-form").text, wrong
        _fill(a, birth_date="31.12.1990", rating="2900")
        _submit(a, "#save-player")
        a.go("/e/live/open/players/add/")
        _fill(a, name="Neu, Nina", rating="0", other_rating="150")
        _select(a.field("id_rating_scale")).select_by_value("INGO")
        _submit(a, "#save-player")
        assert "Added Neu, Nina as number 31" in a.messages(), a.messages()

        # item 7: an event cannot end before it starts
        a.go("/e/live/edit/")
        a.driver.execute_script("document.getElementById('id_start_date').value = '2026-05-10';"
                                "document.getElementById('id_end_date').value = '2026-05-01';")
        _submit(a, "#event-form button[type=submit]")
        assert "cannot end before it starts" in a.driver.page_source

        # item 6: settings and numbers after a round is paired: a confirmation that says what changes
        a.go("/e/live/open/edit/")
        _fill(a, win="3")
        _submit(a, "#section-form button[type=submit]")
        assert "win: 1 → 3" in a.field("confirm-changes").text
        _submit(a, "#confirm-save")
        a.go("/e/live/open/manage/")
        _submit(a, "#renumber")
        assert "Live29, P: 30 → 1" in a.field("confirm-renumber").text
        _submit(a, "#confirm-renumber-button")
        assert "Pairing numbers sorted by rating" in a.messages(), a.messages()
        a.go("/e/live/audit/")
        audit = a.field("audit").text
        assert "win: 1 → 3" in audit and "Live29, P: 30 → 1" in audit

        # item 5: a correction of round 1 after round 2 was paired
        a.go(RESULTS)
        _type_all(a, "1")
        a.go("/e/live/open/manage/")
        _submit(a, "#pair-button")
        a.go(RESULTS)
        a.type_on(1, "0")
        assert "Round 1 was corrected after round 2 was paired" in a.messages(), a.messages()
        assert "Round 1, board 1: 1-0 when round 2 was paired, now 0-1." in a.field("late-corrections").text
        a.go("/e/live/open/rounds/2/results/")
        _type_all(a, "=")
        text = _trf(a)
    assert "### round 1 board 1: 1-0 when round 2 was paired, now 0-1" in text, text[-600:]
    nina = next(line for line in text.splitlines() if line.startswith("001") and "Neu, Nina" in line)
    assert nina[48:52].strip() == "" and "estimated from INGO 150" in text
    player = next(line for line in text.splitlines() if line.startswith("001") and "Live29, P" in line)
    assert player[69:79] == "1990/12/31", player
