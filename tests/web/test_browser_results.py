"""Result entry in headless Chromium: two arbiters in two browsers, and results typed key by key.

A board the second arbiter never touched is neither reported as a conflict nor
written back with the stale value; a real conflict shows the current result and lets the arbiter decide;
``-``, ``0`` and ``d`` wait for a second key only as long as a two-key code (``--``, ``00``, ``dd``)
could follow.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .browser import arbiters, require_browser
from .helpers import create_users, live_server, seed_event

pytestmark = pytest.mark.slow  # Chromium: the full tier only

RESULTS = "/e/live/open/rounds/1/results/"


@pytest.fixture()
def base(tmp_path: Path) -> Iterator[str]:
    require_browser()
    data = tmp_path / "data"
    create_users(data)
    seed_event(data, "live", players=30)  # round 1 paired by hand: 15 boards
    with live_server(data) as url:
        yield url


def test_an_untouched_board_is_never_a_conflict_nor_overwritten(base: str) -> None:
    """A corrects board 10; B, on a page loaded before, enters board 13 only."""
    with arbiters(base, "alice", "bob") as (a, b):
        a.go(RESULTS)
        a.type_on(10, "=")
        assert a.saved(10) == "½-½"
        b.go(RESULTS)  # B sees board 10 drawn
        assert b.value(10) == "="
        a.go(RESULTS)
        a.type_on(10, "1")  # A: 1/2-1/2 -> 1-0
        assert a.saved(10) == "1-0"
        b.type_on(13, "0")  # B enters board 13 only, on the page loaded before A's change
        assert "Somebody else" not in b.messages(), b.messages()
        assert b.saved(13) == "0-1" and b.saved(10) == "1-0"
        assert b.value(10) == "1", "the form must show the current result, not the stale one"
        b.submit_with(lambda: b.field("save-results").click())  # B saves again: nothing goes back
        assert b.saved(10) == "1-0"

        # a real conflict: both change board 11; B is shown A's result and decides
        b.go(RESULTS)
        a.go(RESULTS)
        a.type_on(11, "1")
        b.type_on(11, "0")
        assert "Somebody else entered a different result on board 11" in b.messages(), b.messages()
        assert b.value(11) == "1" and b.saved(11) == "1-0"
        note = b.driver.find_element("css selector", "#board-11 .conflict-note").text
        assert "1-0" in note and "0-1" in note, note
        b.submit_with(lambda: b.field("save-results").click())  # Enter again without retyping: A's result stays
        assert b.saved(11) == "1-0" and "Somebody else" not in b.messages()
        b.type_on(11, "0")  # B decides for 0-1: typed again, saved as B's correction
        assert b.saved(11) == "0-1"

        a.go("/e/live/audit/")
        rows = [r.text for r in a.driver.find_elements("css selector", "#audit tbody tr")]
    board = {n: [r for r in rows if f" 1 {n} " in r] for n in (10, 11, 13)}
    assert len(board[10]) == 2 and all(" alice " in r for r in board[10]), board[10]
    assert len(board[13]) == 1 and " bob " in board[13][0]
    assert [r.split(" ")[2] for r in board[11]] == ["bob", "alice"], board[11]


KEYS = "1-0=100ddwllw--d5+0"
"""Board by board: 1, -, 0, =, 1, 00, dd, wl, lw, --, d, 5, +, 0 and Enter on board 14 (15 boards)."""

EXPECTED = ["1-0", "− / +", "0-1", "½-½", "1-0", "0-0", "½-½ (unrated)", "1-0 (unrated)", "0-1 (unrated)",
            "− / −", "½-½", "½-½", "+ / −", "0-1", ""]


def test_results_typed_key_by_key(base: str) -> None:
    """Real key presses, every code of the key help."""
    from selenium.webdriver.common.keys import Keys

    with arbiters(base, "alice") as (a,):
        a.go(RESULTS)
        active = a.driver.switch_to.active_element
        assert active.get_attribute("name") == "r1"
        a.submit_with(lambda: active.send_keys(KEYS + Keys.ENTER))
        assert [a.saved(n) for n in range(1, 16)] == EXPECTED, a.messages()
        help_text = a.field("key-help").text
        for code in ("1 =", "0 =", "=", "5", "+ =", "- =", "--", "00", "wl", "dd", "lw", "x ="):
            assert code in help_text, code
        # spaces between the codes do no harm; x clears a board
        a.type_on(1, "x")
        assert a.saved(1) == ""
        active = a.field("r1")
        active.click()
        a.submit_with(lambda: active.send_keys("0 - = 1" + Keys.ENTER))
        assert [a.saved(n) for n in range(1, 5)] == ["0-1", "− / +", "½-½", "1-0"], a.messages()
