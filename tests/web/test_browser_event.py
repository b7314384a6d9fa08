"""An event run by several arbiters, in headless Chromium with real key presses.

A write checks what its writer saw: a page kept open while another arbiter changes the round never writes
on boards that hold other players now; nobody is left out of a round without a word; settings, roles, late
entries and publication say what they do. One live server for the module, one event per test.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from .browser import Arbiter, arbiters, require_browser
from .helpers import create_users, live_server, manage

pytestmark = pytest.mark.slow  # Chromium: the full tier only

SEED = """
from django.contrib.auth import get_user_model
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import EventRole, Section
users = get_user_model()
alice = users.objects.get(username='alice')
NAMES = ['Иванов, Иван', 'Петров, Петър', 'Dvořák, Antonín', 'Nowak, Zofia', 'Smith, John', 'Garcia, Ana',
         'Müller, Jörg', 'Kowalski, Jan', 'Сидорова, Анна', 'Novák, Petr', 'Łukasz, Wiśniewski', 'Høgsæt, Åse']


def event(slug, players=12, played=0, paired=False, **settings):
    ev = services.create_event(alice, name=f'Event {slug}', slug=slug)
    EventRole.objects.create(event=ev, user=users.objects.get(username='bob'), role='arbiter')
    section = Section.objects.create(event=ev, name='Open', slug='open', rounds=5, initial_colour='w', **settings)
    if players:
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
event('order', players=0)
event('forfeit', paired=True)
event('settings', played=1)
event('late', played=2)
event('public', played=3)
event('keys', paired=True)
chief = services.create_event(users.objects.get(username='bob'), name='Event chief', slug='chief')
EventRole.objects.create(event=chief, user=alice, role=EventRole.ARBITER)  # an arbiter the chief promotes
"""


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Upload files (the browser sends a file of the local disk)."""
    return tmp_path_factory.mktemp("uploads")


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


def _numbers(arbiter: Arbiter) -> dict[str, int]:
    """Name -> pairing number, from the players table of the section's page."""
    rows = arbiter.driver.find_elements("css selector", "#manage-players tbody tr")
    out = {}
    for row in rows:
        cells = row.find_elements("tag name", "td")
        out[str(cells[1].text)] = int(cells[0].text)
    return out


def _upload(arbiter: Arbiter, path: Path, late: str = "") -> None:
    """Import players from ``path`` on the import page (``late``: the late-entry bye chosen, ``Z`` or ``H``)."""
    arbiter.field("id_file").send_keys(str(path))
    if late:
        arbiter.driver.find_element("css selector", f"input[name=late_byes][value={late}]").click()
    arbiter.click("#upload-form button[type=submit]")


def test_round_1_is_paired_in_the_order_of_the_rules_not_the_file(site: str, files: Path) -> None:
    """FIDE C.04.2 art. 2.2-2.3: before round 1 the pairing numbers follow rating, then title, then name,
    whatever the order of the imported file, unless the arbiter fixes them; the page says which order is in
    force, and round 1 is paired so."""
    csv = files / "players.csv"
    csv.write_text("name;rating;title\nLow, Lev;2063;\nTop, Tom;2497;GM\nMid, Max;2400;\nMid, Ada;2400;FM\n"
                   "Bottom, Bea;1500;\n", encoding="utf-8")
    with arbiters(site, "alice") as (a,):
        a.go("/e/order/open/players/import/")
        _upload(a, csv)
        assert "Imported 5 players." in a.messages(), a.messages()
        assert _numbers(a) == {"Top, Tom": 1, "Mid, Ada": 2, "Mid, Max": 3, "Low, Lev": 4, "Bottom, Bea": 5}
        said = a.text("#numbering")
        assert "by rating, then title" in said and "C.04.2" in said, said
        # fixed on purpose: a new player gets the next number, and the page says the order is not the rules'
        a.click("#numbering-fixed")
        a.go("/e/order/open/players/add/")
        _setting(a, "name", "Strong, Sam")
        _setting(a, "rating", "2600")
        a.click("#save-player")
        assert _numbers(a).get("Strong, Sam") == 6, a.text("body")
        assert "not in the order of the rules" in a.text("#numbering")
        a.click("#numbering-rating")
        assert _numbers(a)["Strong, Sam"] == 1 and _numbers(a)["Top, Tom"] == 2
        a.click("#pair-button")
        assert _tpn(_board(a, 1)[0]) == 1 or _tpn(_board(a, 1)[1]) == 1
        assert {_tpn(cell) for cell in _board(a, 1)} == {1, 4}, _board(a, 1)  # 1 v 4 of 6 (C.04.3 S1 v S2)


def test_a_forfeit_corrected_to_a_game_undoes_the_withdrawal(site: str) -> None:
    """FIDE Dutch system, 1992 rules, F 8 and C.04.2 art. 2.4: a forfeit withdraws the absent player from the
    next round; correcting it (``-`` typed instead of ``0``) undoes that and says so. A player reinstated while
    their round is paired is paired again when it is unpaired and paired again. Before pairing, the page lists
    who will not be paired and why."""
    results = "/e/forfeit/open/rounds/1/results/"
    with arbiters(site, "alice") as (a,):
        a.go(results)
        white = _board(a, 1)[0]
        name = white.split(". ", 1)[1]
        a.type_on(1, "-")
        assert "withdrawn from round 2" in a.messages(), a.messages()
        a.type_on(1, "0")  # "-" and "0" are neighbouring keys: corrected
        a.go("/e/forfeit/open/manage/")
        assert "withdrawn" not in a.text(f"#player-{_tpn(white)}"), a.text(f"#player-{_tpn(white)}")
        assert name not in a.text("#not-paired"), a.text("#not-paired")
        a.go(results)
        a.type_on(1, "-")
        a.go("/e/forfeit/open/manage/")
        assert name in a.text("#not-paired") and "forfeit in round 1" in a.text("#not-paired")
        a.go(results)
        a.type_on(1, "0")
        assert "was corrected: the withdrawal it made is undone" in a.messages(), a.messages()

        # withdrawn, round 2 paired without them, reinstated, round 2 unpaired and paired again
        a.go(results)
        box = a.field("r2")
        box.click()
        a.submit_with(lambda: box.send_keys("1=1=1\n"))
        a.go("/e/forfeit/open/manage/")
        a.click(f"#player-{_tpn(white)} button[value=withdraw]")
        a.click("#withdraw-confirm button[type=submit]")
        assert name in a.text("#not-paired")
        a.click("#pair-button")
        assert name in a.text("body") and "withdrawn from round 2 by an arbiter" in a.text("body")
        a.go("/e/forfeit/open/manage/")
        a.click(f"#player-{_tpn(white)} button[value=reinstate]")
        assert "paired already without" in a.messages(), a.messages()
        a.go("/e/forfeit/open/rounds/2/results/")
        a.click("#unpair", accept=True)
        assert name not in a.text("#not-paired"), a.text("#not-paired")
        a.click("#pair-button")
        paired = {cell for n in range(1, 7) for cell in _board(a, n)}
        assert white in paired, (white, paired)


def _setting(arbiter: Arbiter, name: str, value: str) -> None:
    box = arbiter.field(f"id_{name}")
    box.clear()
    box.send_keys(value)


def test_settings_are_saved_only_as_confirmed(site: str) -> None:
    """Once a round is paired, the settings that change standings or pairings are saved only as listed on the
    confirmation (a value changed on the confirmation page is listed again); tie-breaks are confirmed too;
    negative points and a draw worth more than a win are refused; the points that stay at the old value of a
    win are pointed out (FIDE C.04.1 art. 3: the PAB scores as a win)."""
    url = "/e/settings/open/edit/"
    with arbiters(site, "alice") as (a,):
        a.go(url)
        _setting(a, "win", "3")
        _setting(a, "draw", "1")
        a.click("#section-form button[type=submit]")
        listed = a.text("#confirm-changes")
        assert "win: 1 → 3" in listed and "draw: 0.5 → 1" in listed, listed
        _setting(a, "rounds", "7")
        _setting(a, "pab", "3")
        a.click("#confirm-save")  # rounds and the PAB changed on the confirmation page itself: listed first
        assert a.driver.find_elements("id", "confirm-changes"), "saved without listing rounds and the PAB"
        listed = a.text("#confirm-changes")
        assert "forfeit win, full-point bye: still 1" in listed, listed
        assert "rounds: 5 → 7" in listed and "pairing-allocated bye: 1 → 3" in listed, listed
        assert "differ from the list you confirmed" in a.messages(), a.messages()
        a.click("#confirm-save")
        assert "Settings saved." in a.messages(), a.messages()
        a.go("/e/settings/audit/")
        audit = a.text("#audit")
        for line in ("win: 1 → 3", "draw: 0.5 → 1", "rounds: 5 → 7", "pairing-allocated bye: 1 → 3"):
            assert line in audit, line

        a.go(url)
        _setting(a, "tiebreaks", "BH,SB")
        a.click("#section-form button[type=submit]")
        assert "tie-breaks:" in a.text("#confirm-changes")
        a.go(url)
        _setting(a, "loss", "-1")
        a.click("#section-form button[type=submit]")
        assert "Points cannot be negative." in a.text("#section-form")
        _setting(a, "loss", "0")
        _setting(a, "draw", "4")
        a.click("#section-form button[type=submit]")
        assert "nor a draw more than a win" in a.text("#section-form")


def test_an_event_always_keeps_its_chief_arbiter(site: str) -> None:
    """The chief arbiter (FIDE C.05) cannot make themselves a mere arbiter while nobody else is chief; the
    event's settings and arbiters pages stay theirs."""
    with arbiters(site, "bob") as (b,):
        b.go("/e/chief/arbiters/")
        b.field("id_username").send_keys("bob")
        b.driver.find_element("css selector", "#id_role option[value=arbiter]").click()
        b.click("#arbiter-form button[type=submit]")
        b.go("/e/chief/edit/")
        assert b.driver.find_elements("id", "id_name"), "the chief arbiter lost the event's settings"
        b.go("/e/chief/arbiters/")
        assert b.driver.find_elements("id", "arbiter-form"), "the chief arbiter lost the arbiters page"
        b.field("id_username").send_keys("bob")
        b.driver.find_element("css selector", "#id_role option[value=arbiter]").click()
        b.click("#arbiter-form button[type=submit]")
        assert "the only chief arbiter of this event" in b.text("#arbiter-form"), b.text("body")
        # another chief first: then bob may step down, and is taken to the event's page, not to a 403
        b.go("/e/chief/arbiters/")
        b.field("id_username").send_keys("alice")
        b.driver.find_element("css selector", "#id_role option[value=chief]").click()
        b.click("#arbiter-form button[type=submit]")
        assert "alice is now the chief arbiter" in b.messages(), b.messages()
        b.field("id_username").send_keys("bob")
        b.driver.find_element("css selector", "#id_role option[value=arbiter]").click()
        b.click("#arbiter-form button[type=submit]")
        assert "bob is now an arbiter of this event" in b.messages(), b.messages()
        assert b.driver.current_url.rstrip("/").endswith("/e/chief"), b.driver.current_url


def test_players_imported_after_pairing_get_the_bye_the_arbiter_chose_and_are_told(site: str, files: Path) -> None:
    """FIDE C.04.2 art. 2.4: a late entry scores what the rules say for the rounds it missed; the import page
    asks, like *Add player*, and says what the new players got."""
    csv = files / "late.csv"
    csv.write_text("name;rating\nLate, Lena;1900\nLater, Leo;1800\n", encoding="utf-8")
    first = files / "first.csv"
    first.write_text("name;rating\nFirst, Fay;2000\n", encoding="utf-8")
    with arbiters(site, "alice") as (a,):
        a.go("/e/late/open/players/import/")
        _upload(a, first)  # what the page offers first: absent (zero-point byes), and the page says so
        text = a.messages()
        assert "Imported 1 player." in text and "absent (zero-point bye) in each of rounds 1-2" in text, text
        a.go("/e/late/open/players/import/")
        assert "Rounds 1-2 are paired already" in a.text("#late-entry")
        _upload(a, csv, late="H")
        text = a.messages()
        assert "Imported 2 players." in text and "half-point bye in each of rounds 1-2" in text, text
        number = _numbers(a)["Late, Lena"]
        a.go(f"/e/late/open/players/{number}/")
        rows = [[td.text for td in row.find_elements("tag name", "td")]
                for row in a.driver.find_elements("css selector", "#player-card tbody tr")]
        assert [(row[0], row[4], row[5]) for row in rows] == [("1", "H", "0.5"), ("2", "H", "1")], rows


def test_unpublishing_a_round_withdraws_the_later_ones_too(site: str) -> None:
    """A later round's pairing list shows scores that include an earlier round's results, and the player
    cards the running score: withdrawing round 2 from the public pages withdraws round 3 too, and round 3 is
    published again only after round 2."""
    from .browser import chromium

    with arbiters(site, "alice") as (a,), chromium() as visitor:
        a.go("/e/public/open/rounds/2/results/")
        a.click("form[action$='/publish/'] button")
        visitor.get(site + "/e/public/open/rounds/3/")
        # to the public a round not published is a round that does not exist
        assert "<h1>not found</h1>" in visitor.page_source.lower(), "round 3's list shows round 2's results in scores"
        visitor.get(site + "/e/public/open/players/1/")
        rounds = [row.find_elements("tag name", "td")[0].text
                  for row in visitor.find_elements("css selector", "#player-card tbody tr")]
        assert rounds == ["1"], rounds
        assert not re.search(r"/rounds/[23]/", visitor.page_source)
        assert "Rounds 2-3 withdrawn from the public pages" in a.messages(), a.messages()
        a.go("/e/public/open/rounds/3/results/")
        a.click("#publish")
        assert "Round 2 is not published" in a.messages(), a.messages()


def test_a_space_on_an_empty_board_moves_on(site: str) -> None:
    """The key help says a space just moves on: on an empty board too."""
    from selenium.webdriver.common.keys import Keys

    with arbiters(site, "alice") as (a,):
        a.go("/e/keys/open/rounds/1/results/")
        first = a.field("r1")
        first.click()
        first.send_keys(" ")
        assert a.driver.switch_to.active_element.get_attribute("name") == "r2"
        a.submit_with(lambda: a.driver.switch_to.active_element.send_keys("1" + Keys.ENTER))
        assert a.saved(1) == "" and a.saved(2) == "1-0", a.messages()


def test_two_digit_pairing_numbers_stay_on_one_line_on_a_phone(site: str) -> None:
    """A 390 px wide phone, in Russian and Bulgarian (long words in the table): numbers never wrap."""
    from .browser import chromium

    with chromium() as driver:
        arbiter = Arbiter(driver, site, "alice")
        driver.set_window_size(390, 844)
        for language in ("ru", "bg"):
            driver.add_cookie({"name": "django_language", "value": language, "path": "/"})
            arbiter.go("/e/keys/open/manage/")
            lines = driver.execute_script(
                "return [...document.querySelectorAll('#manage-players td.n')].map(cell => {"
                "  const range = document.createRange(); range.selectNodeContents(cell);"
                "  return [cell.textContent.trim(), new Set([...range.getClientRects()].map(r => Math.round(r.top)))"
                "    .size]; });")
            wrapped = {text: count for text, count in lines if text.isdigit() and count > 1}  # 0: hidden
            assert not wrapped and any(text == "12" for text, _count in lines), (language, lines)
