"""An event run by several arbiters, in headless Chromium with real key presses.

A write checks what its writer saw: a page kept open while another arbiter changes the round never writes
on boards that hold other players now; nobody is left out of a round without a word; settings, roles, late
entries and publication say what they do. One live server for the module, one event per test.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .browser import Arbiter, arbiters, require_browser
from .helpers import create_users, live_server, manage

pytestmark = pytest.mark.slow  # Chromium: the full tier only

SEED = """
from django.contrib.auth import get_user_model
from swisspair_web.tournaments import services
from swisspair_web.tournaments.models import EventRole, Section
users = get_user_model()
alice = users.objects.get(username='alice')
NAMES = ['Иванов, Иван', 'Петров, Петър', 'Dvořák, Antonín', 'Nowak, Zofia', 'Smith, John', 'Garcia, Ana',
         'Müller, Jörg', 'Kowalski, Jan', 'Сидорова, Анна', 'Novák, Petr', 'Łukasz, Wiśniewski', 'Høgsæt, Åse']


def event(slug, players=12, played=0, paired=False, **settings):
    ev = services.create_event(alice, name=f'Event {slug}', slug=slug)
    EventRole.objects.create(event=ev, user=users.objects.get(username='bob'), role='arbiter')
    section = Section.objects.create(event=ev, name='Open', slug='open', rounds=5, initial_colour='w', **settings)
    services.add_players(section, alice, [services.PlayerData(name=NAMES[i], rating=2400 - 20 * i)
                                          for i in range(players)])
    for number in range(1, played + 1 + (1 if paired else 0)):
        section.refresh_from_db()
        rnd = services.pair_next_round(section, alice).round
        if number <= played:
            services.set_results(rnd, alice, {b.number: ('10' if b.number % 2 else '==', services.seen(b))
                                              for b in rnd.boards.all()})
            services.publish_round(rnd, alice)
    return section


event('stale', played=1, paired=True)
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_browser()
    data = tmp_path_factory.mktemp("event")
    create_users(data)
    manage(data, "shell", "-c", SEED)
    with live_server(data) as base:
        yield base


def _tpn(cell: str) -> int:
    """The pairing number of a ``12. Name`` cell."""
    return int(cell.split(".", 1)[0])


def _board(arbiter: Arbiter, number: int) -> tuple[str, str]:
    """White and black of board ``number`` as the results page shows them."""
    cells = arbiter.driver.find_elements("css selector", f"#board-{number} td")
    return str(cells[1].text), str(cells[3].text)


def test_a_stale_results_page_never_writes_on_boards_that_now_hold_other_players(site: str) -> None:
    """FIDE C.05 art. 8 (the arbiter records the games played): A keeps round 2's results page open while B
    unpairs it, withdraws a player and pairs it again, then changes it by hand. What A types is refused on
    every board that holds other players (or colours) than A's page showed, and the page shows the pairing
    as it is now; boards that still hold the same game are saved."""
    results = "/e/stale/open/rounds/2/results/"
    with arbiters(site, "alice", "bob") as (a, b):
        # "adjust the pairing by hand": a swap keeps the boards' versions
        a.go(results)
        b.go(results)
        before = {n: _board(a, n) for n in (4, 5)}
        b.driver.find_element("css selector", "details.card summary").click()
        b.driver.find_element("css selector", "select[name=action] option[value=swap-white]").click()
        b.driver.find_element("name", "board_a").send_keys("4")
        b.driver.find_element("name", "board_b").send_keys("5")
        b.click("details.card button[type=submit]")
        assert "Pairing changed by hand" in b.messages(), b.messages()
        a.type_on(4, "1")  # on the page loaded before the swap
        assert "Board 4 does not hold the players your page showed" in a.messages(), a.messages()
        assert a.saved(4) == "" and _board(a, 4) != before[4] and _board(a, 4) == _board(b, 4)

        # unpaired, a player withdrawn, paired again: new boards with the same first versions
        a.go(results)
        shown = {n: _board(a, n) for n in (1, 2, 3)}
        b.go(results)
        b.click("#unpair", accept=True)
        assert "Round 2 unpaired" in b.messages(), b.messages()
        b.click(f"#player-{_tpn(shown[1][0])} button[value=withdraw]")
        b.click("#withdraw-confirm button[type=submit]")
        b.click("#pair-button")
        now = {n: _board(b, n) for n in (1, 2, 3)}
        assert now[1] != shown[1]
        a.type_on(1, "1=0")  # boards 1, 2, 3 and Enter, on the page loaded before
        assert "hold the players your page showed" in a.messages(), a.messages()
        assert "moved-note" in a.driver.page_source
        for n in (1, 2, 3):
            assert _board(a, n) == now[n], "the page shows the pairing as it is now"
            expected = {1: "1-0", 2: "½-½", 3: "0-1"}[n] if now[n] == shown[n] else ""
            assert a.saved(n) == expected, (n, shown[n], now[n], a.saved(n))
        a.type_on(1, "1")  # the page is current now: typed again, saved
        assert a.saved(1) == "1-0", a.messages()
