"""A closed event in headless Chromium: a double round-robin of ten players of four federations, from the drawing
of numbers to the norm certificate.

The arbiter draws the numbers with the Varma tables (FIDE C.05 Annex 2) on the section's page and sees the
draw; pairs round 1 and types its results; withdraws one player after his third game and another after his
twelfth on the section's page (the other rounds are played by a script, as the results page is tested
elsewhere). Then the crosstable grid leaves out the first (3 of 18 games: not counted, C.05 art. 6.6) and ranks
the second (12 of 18: counted), both cycles in each cell; the schedule PDF holds every round of the Berger
tables (C.05 Annex 1) as this test writes them out; and the norms page links the certificate of the GM norm
of the untitled player who won every game, a PDF with his opponents, Ra and Rp.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from swisspair.roundrobin import berger_schedule

from .browser import chromium, fetch_bytes, require_browser
from .helpers import create_users, live_server, manage
from .pdfcheck import read_pdf
from .test_browser_eventday import Browser

pytestmark = pytest.mark.slow  # Chromium: the full tier only

PLAYERS = [  # name, federation, title, rating
    ("Aune, Arne", "NOR", "GM", 2560), ("Berg, Bodil", "NOR", "GM", 2540), ("Dahl, Dag", "NOR", "GM", 2520),
    ("Fischer, Franz", "GER", "GM", 2500), ("Graf, Gerd", "GER", "GM", 2480), ("Hugo, Henri", "FRA", "IM", 2460),
    ("Ibert, Ines", "FRA", "IM", 2440), ("Jara, Juan", "ESP", "FM", 2400), ("Lopez, Luis", "ESP", "", 2380),
    ("Mata, Marco", "ESP", "", 2360)]
EARLY, LATE, CANDIDATE = "Dahl, Dag", "Ibert, Ines", "Mata, Marco"
"""Leaves after 3 games; leaves after 12; untitled, wins every game he plays: a GM norm (B.01 1.4.5 f: 5 of
his 9 opponents are grandmasters, Ra at least 2380)."""

SEED = f"""
from django.contrib.auth import get_user_model
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Section
alice = get_user_model().objects.get(username='alice')
event = services.create_event(alice, name='Closed', slug='closed', city='Oslo', federation='NOR')
section = Section.objects.create(event=event, name='Closed', slug='rr', system='round-robin', cycles=2, rounds=18,
                                 tiebreaks='DE,WIN,SB,KS')
services.add_players(section, alice, [services.PlayerData(name=n, federation=f, title=t, rating=r)
                                      for n, f, t, r in {PLAYERS!r}])
"""

PLAY = """
from django.contrib.auth import get_user_model
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Section
alice = get_user_model().objects.get(username='alice')
for number in range({first}, {last} + 1):
    section = Section.objects.get(slug='rr')
    rnd = services.pair_next_round(section, alice).round
    changes = {{}}
    for b in rnd.boards.select_related('white', 'black'):
        if b.result:
            continue
        code = '10' if b.white.name == {candidate!r} else '01' if b.black.name == {candidate!r} else \\
            ('10', '==', '01')[(b.white.tpn + 2 * b.black.tpn + number) % 3]
        changes[b.number] = (code, services.seen(b))
    services.set_results(rnd, alice, changes)
"""


@pytest.fixture()
def site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    require_browser()
    data = tmp_path / "data"
    create_users(data)
    manage(data, "shell", "-c", SEED)
    with live_server(data) as url:
        yield url, data


def _play(data: Path, first: int, last: int) -> None:
    manage(data, "shell", "-c", PLAY.format(first=first, last=last, candidate=CANDIDATE))


def _withdraw(b: Any, name: str) -> None:
    """The *Withdraw* button of ``name``'s row, then the confirmation (from the next round)."""
    b.go("/e/closed/rr/manage/")
    row = next(r for r in b.all("#manage-players tbody tr") if name in r.text)
    b.submit(row.find_element("css selector", "button[value=withdraw]").click)
    b.click("#withdraw-confirm button[type=submit]")


def test_a_double_round_robin_from_the_draw_to_the_norm_certificate(site: tuple[str, Path]) -> None:
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    base, data = site
    with chromium() as driver:
        b = Browser(driver, base)
        b.login()
        b.go("/e/closed/rr/manage/")
        Select(b.find("#draw-method")).select_by_value("varma")
        b.type("#draw-seed", "2026")
        b.click("#draw-button")
        drawn = b.text("#draw-lines")
        assert "Varma" in drawn and "18 rounds" in b.text("h1"), drawn
        b.click("#pair-button")
        b.go("/e/closed/rr/rounds/1/results/")
        active = driver.switch_to.active_element
        b.submit(lambda: active.send_keys("1=0=1" + Keys.ENTER))
        _play(data, 2, 3)
        _withdraw(b, EARLY)
        _play(data, 4, 12)
        _withdraw(b, LATE)
        _play(data, 13, 18)

        b.go("/e/closed/rr/grid/")
        rows = {r.find_element("css selector", "td:nth-child(2)").text: r for r in b.all("#grid tbody tr")}
        numbers = {name: int(row.find_element("css selector", "td").text) for name, row in rows.items()}
        cells = {name: [c.text for c in row.find_elements("css selector", "td")[3:13]] for name, row in rows.items()}
        rank = {name: row.find_elements("css selector", "td")[-5].text for name, row in rows.items()}
        assert rank[EARLY] == "–"  # 3 of 18 games: not counted
        assert rank[LATE] not in ("", "–")  # 12 of 18: counted
        assert rank[CANDIDATE] == "1"
        met = [r.round_number for r in berger_schedule(10, cycles=2) for pair in r.boards
               if {pair.white, pair.black} == {numbers[CANDIDATE], numbers[LATE]}]
        assert cells[CANDIDATE][numbers[LATE] - 1] == " ".join("1" if r < 13 else "+" for r in met)  # + unplayed
        assert all(len(c.split(" ")) == 2 for name, cs in cells.items() for i, c in enumerate(cs)
                   if i != numbers[name] - 1), cells
        notes = " ".join(p.text for p in b.all("#grid .listing-note"))
        assert "6.6" in notes and EARLY.split(",")[0] in notes, notes

        schedule = read_pdf(fetch_bytes(driver, base + "/e/closed/rr/schedule.pdf"))
        assert not schedule.problems, schedule.problems
        by_number = {number: name for name, number in numbers.items()}
        games, current = [], 0
        for line in schedule.text.splitlines():  # "Round 3 – cycle 1, table round 3", then "board W B"
            heading = re.match(r"Round (\d+) ", line)
            current = int(heading.group(1)) if heading else current
            if re.match(r"\d+ \d+\. ", line):
                games.append((current, line))
        expected = [(rnd.round_number, board, by_number[pair.white], by_number[pair.black])
                    for rnd in berger_schedule(10, cycles=2) for board, pair in enumerate(rnd.boards, start=1)]
        assert len(games) == len(expected) == 90, schedule.text[:2000]
        for (rnd, line), (want, board, white, black) in zip(games, expected, strict=True):
            assert rnd == want and line.startswith(f"{board} ") and white in line and black in line, (line, want)

        b.go("/e/closed/rr/norms/")
        link = b.find("a.norm-certificate").get_attribute("href")
        assert CANDIDATE in b.text("#achieved") and "GM" in b.text("#achieved")
        certificate = read_pdf(fetch_bytes(driver, link))
    text = certificate.text
    assert not certificate.problems, certificate.problems
    for expected_text in ("Title norm certificate: GM", CANDIDATE, "double round robin", "Oslo", "Rp", "Ra",
                          "1.4.5 f", "Chief arbiter", *(name for name, *_rest in PLAYERS if name != CANDIDATE)):
        assert expected_text in text, (expected_text, text[:3000])
