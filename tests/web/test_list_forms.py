"""Every list in every form and every language agrees with itself: the page, the print, the PDF (its text
extracted), the CSV and the JSON show the same rows in the same order with the same values, no code reaches
a reader, and no form fails.

The event is built once: an individual section with check-in in force, an announced half-point bye and a
recorded absence in round 1, a pairing-allocated bye, a forfeit, a withdrawal, a late entry, unrated players,
names with diacritics and in Cyrillic; and a team section of three teams (a team bye each round).
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from html.parser import HTMLParser
from typing import Any, ClassVar

import pytest
from django.contrib.auth import get_user_model
from django.test import TestCase
from django.urls import reverse
from django.utils import translation

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import labels
from swisspair_web.tournaments.rows import registry
from swisspair_web.tournaments.rows import Bye, Category, EventRole, Player, Section

from .helpers import simple_pair

LANGUAGES = ("en", "ru", "bg", "cs", "pl")
PDF_LANGUAGES = ("en", "ru")
"""The languages each list is read in every variant (every order, every round), its PDF's text included; the
others read the variant with the most in it (by federation: group headings and counts; the round with byes
of each kind). Reading a PDF is the test's largest cost, and its words are the print's."""
FIELD = [("Novák, Petr", 2450, "GM", "CZE"), ("Černá, Eva", 2310, "WGM", "CZE"), ("Иванов, Иван", 2290, "IM", "RUS"),
         ("Kowalski, Jan", 2200, "", "POL"), ("Dvořák, Jiří", 2100, "", "CZE"), ("Ahmed, Ali", 2050, "", "EGY"),
         ("Łukasz, Zieliński", 1990, "", "POL"), ("Петрова, Анна", 0, "", "RUS"), ("Bauer, Max", 0, "", ""),
         ("Şahin, Emre", 1800, "", "TUR"), ("Müller, Jörg", 1750, "", "GER"), ("Øster, Ida", 0, "", "NOR")]
TEAMS = {"Slávia Praha": ("Horák, Tomáš", "Nováková, Jana"), "Спартак": ("Смирнов, Олег", "Кузнецова, Ольга"),
         "Łódź Szachy": ("Wiśniewski, Adam", "Żak, Ewa")}
"""The team section: three teams of two (a team bye each round), names with diacritics and in Cyrillic."""
NAMES = {name for name, *_rest in FIELD} | {"Späť, Ľudo"} | set(TEAMS) | {n for names in TEAMS.values() for n in names}
RAW = re.compile(r"\bbye-[UHFZ]\b|\bnot-present\b")
"""Codes that must never reach a reader."""


class Cells(HTMLParser):
    """The text of each ``<td>`` row of a page's tables (``<th>`` rows left out), in order."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.row: list[str] | None = None
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.row = []
        elif tag == "td" and self.row is not None:  # an arbiter's controls (``noprint``) are not the list's
            self.cell = None if "noprint" in (dict(attrs).get("class") or "") else []

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self.row is not None and self.cell is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            if self.row:
                self.rows.append(self.row)
            self.row = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def table_rows(html: str) -> list[list[str]]:
    parser = Cells()
    parser.feed(html)
    return parser.rows


def pdf_lines(data: bytes) -> list[str]:
    import pdfplumber

    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [" ".join(line.split()) for page in pdf.pages for line in (page.extract_text() or "").splitlines()]


def in_text(wanted: list[str], text: str) -> list[str]:
    """The wanted pieces that are not found, in order, in ``text`` (a card sheet's words, two cards a line)."""
    missing, at = [], 0
    for piece in wanted:
        found = text.find(piece, at)
        if found < 0:
            missing.append(piece)
        else:
            at = found + len(piece)
    return missing


def _(message: str, language: str) -> str:
    with translation.override(language):
        return translation.gettext(message)


def in_order(wanted: list[str], lines: list[str]) -> list[str]:
    """The wanted lines that are not found, in order, among ``lines``."""
    missing, at = [], 0
    for line in wanted:
        try:
            at = lines.index(line, at) + 1
        except ValueError:
            missing.append(line)
    return missing


class ListForms(TestCase):
    """Each list in each of :attr:`languages` (the two test cases below: English in the fast tier, the other
    languages in the slow tier)."""

    __test__ = False
    languages: ClassVar[tuple[str, ...]] = ()
    section: ClassVar[Section]
    teams: ClassVar[Section]

    def read_in(self, *languages: str) -> tuple[str, ...]:
        """Those of ``languages`` this test case reads the lists in."""
        return tuple(language for language in languages if language in self.languages)

    @classmethod
    def setUpTestData(cls) -> None:
        registry.PAIRER.append(simple_pair)
        try:
            cls.build()
        finally:
            registry.PAIRER.pop()
            translation.activate("en")

    @classmethod
    def build(cls) -> None:
        users = get_user_model()
        alice = users.objects.create_user("alice", password="password")
        event = services.create_event(alice, name="Forms Open", slug="forms")
        EventRole.objects.create(event=event, user=users.objects.create_user("bob", password="password"),
                                 role=EventRole.ARBITER)
        sec = cls.section = Section.objects.create(event=event, name="Open", slug="open", rounds=4, initial_colour="w")
        players = services.add_players(sec, alice, [
            services.PlayerData(name=name, rating=rating, title=title, federation=fed,
                                fide_id=str(4100 + i) if fed else "")
            for i, (name, rating, title, fed) in enumerate(FIELD)])
        by_name = {p.name: p for p in players}
        services.request_bye(by_name["Kowalski, Jan"], alice, 1, "H")  # an announced half-point bye
        ticked = [p.tpn for p in players if p.name not in ("Kowalski, Jan", "Bauer, Max", "Øster, Ida")]
        services.presence.set_presence(sec, alice, dict.fromkeys(ticked, True))  # Bauer, Øster left out: absences
        rnd = services.pair_next_round(sec, alice).round  # 9 present: a pairing-allocated bye
        codes = ["10", "01", "+-", "=="]
        services.set_results(rnd, alice, {b.number: (codes[i % 4], services.seen(b))
                                          for i, b in enumerate(rnd.boards.order_by("number"))},
                             withdraw_no_shows=False)
        services.publish_round(rnd, alice)
        sec.refresh_from_db()
        services.set_withdrawn(Player.objects.get(pk=by_name["Müller, Jörg"].pk), alice, 2)
        services.add_players(sec, alice, [services.PlayerData(name="Späť, Ľudo", rating=0)], late_byes="H")
        services.request_bye(by_name["Ahmed, Ali"], alice, 2, "F")
        sec.refresh_from_db()
        rnd2 = services.pair_next_round(sec, alice).round
        services.publish_round(rnd2, alice)
        cls.section = Section.objects.get(pk=sec.pk)
        Category.objects.filter(section=sec, code="").update(prizes="300 200 100")  # the overall category
        cls.category = Category.objects.create(section=sec, code="U2000", name="Under 2000", rating_below=2000,
                                               order=2, prizes="50 25")
        cls.build_teams(event, alice)
        cls.build_entries_and_round_robin(alice)

    @classmethod
    def build_entries_and_round_robin(cls, alice: Any) -> None:
        """Two entries on the form (one refused) and a round-robin of four, its first round played."""
        from swisspair_web.tournaments.reads.registration import EntryData, registration_of
        from swisspair_web.tournaments.rows.registry import ROUND_ROBIN, ROUND_ROBIN_TIEBREAKS
        from swisspair_web.tournaments.services import roundrobin

        sec = cls.section
        services.registration.set_open(sec, alice, True, registration_of(sec).version)
        services.registration.submit(sec, EntryData(name="Новиков, Олег", email="o@example.org", rating=1850,
                                                    federation="RUS"))
        refused = services.registration.submit(sec, EntryData(name="Horák, Tomáš", email="t@example.org"))
        services.registration.refuse(refused, alice, refused.version, "=late")  # a reason that looks like a formula
        rr = Section.objects.create(event=sec.event, name="Closed", slug="closed", rounds=3, system=ROUND_ROBIN,
                                    tiebreaks=ROUND_ROBIN_TIEBREAKS)
        services.add_players(rr, alice, [services.PlayerData(name=name, rating=rating, federation=fed)
                                         for name, rating, _title, fed in FIELD[:4]])
        roundrobin.draw(rr, alice, "lot", seed=1)
        rr.refresh_from_db()
        rnd = services.pair_next_round(rr, alice).round
        services.set_results(rnd, alice, {b.number: (code, services.seen(b))
                                          for b, code in zip(rnd.boards.order_by("number"), ("10", "=="))})
        services.publish_round(rnd, alice)
        roundrobin.publish_schedule(Section.objects.get(pk=rr.pk), alice)

    @classmethod
    def build_teams(cls, event: Any, alice: Any) -> None:
        """Three teams of two, two rounds paired by the team system (a team bye each), played and published."""
        sec = Section.objects.create(event=event, name="Teams", slug="teams", rounds=2, kind=Section.TEAM,
                                     system="team", boards=2, tiebreaks=registry.TEAM_TIEBREAKS)
        for name, members in TEAMS.items():
            team = services.teams.create_team(sec, alice, name)
            for i, member in enumerate(members):
                services.teams.add_member(team, alice, services.PlayerData(name=member, rating=2000 - 50 * i))
        for number in (1, 2):
            sec.refresh_from_db()
            rnd = services.teams.pair_team_round(sec, alice).round
            services.set_results(rnd, alice, {b.number: ("10" if b.number % 2 else "==", services.seen(b))
                                              for b in rnd.boards.all()}, withdraw_no_shows=False)
            services.publish_round(rnd, alice)
        cls.teams = Section.objects.get(pk=sec.pk)

    def setUp(self) -> None:
        self.client.login(username="alice", password="password")

    def url(self, name: str, *args: object, language: str = "en", order: str = "", section: str = "open") -> str:
        query = "?" + "&".join(part for part in (f"order={order}" if order else "", f"lang={language}") if part)
        return reverse(name, args=["forms", section, *args]) + query

    def get(self, url: str, language: str) -> Any:
        self.client.cookies["django_language"] = language
        response = self.client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        self.assertEqual(response.status_code, 200, f"{url} in {language}: {response.status_code}")
        return response

    def forms(self, page: str, printed: str, export: str, *args: object, order: str = "",
              language: str = "en", page_rows: bool = True, rows_key: str = "players", names: bool = True) -> None:
        """One list in one language: the page's and the print's table rows alike, the PDF's lines the same rows
        in the same order, the CSV's and the JSON's rows the same players in that order with the same values."""
        url = self.url
        self.agree({"page": url(page, *args, language=language, order=order),
                    "print": url(printed, *args, language=language, order=order),
                    **{fmt: url(export, *args, fmt, language=language, order=order) for fmt in ("pdf", "csv", "json")}},
                   language, f"{export} {args} {order} in {language}", rows_key, page_rows, names)

    def agree(self, urls: dict[str, str], language: str, where: str, rows_key: str = "players",
              page_rows: bool = True, names: bool = True) -> None:
        """The forms of one list at ``urls`` (``page``, ``print``, ``pdf``, ``csv``, ``json``) in one language
        agree: see :meth:`forms`; the JSON's rows are under ``rows_key``."""
        shown = table_rows(self.get(urls["print"], language).content.decode())
        if page_rows:
            on_page = table_rows(self.get(urls["page"], language).content.decode())
            self.assertEqual(on_page, shown, f"page and print disagree: {where}")
        lines = []
        if language in PDF_LANGUAGES:
            lines = pdf_lines(self.get(urls["pdf"], language).content)
            self.assertEqual(in_order([" ".join(c for c in row if c) for row in shown], lines), [],
                             f"the PDF leaves out or reorders rows of the print: {where}")
        for text in [*lines, *(c for row in shown for c in row)]:
            self.assertIsNone(RAW.search(text), f"a raw code reaches a reader: {text!r} ({where})")
        shown_names = [next(c for c in row if c in NAMES) for row in shown if any(c in NAMES for c in row)]
        table = list(csv.reader(io.StringIO(self.get(urls["csv"], language).content.decode())))
        rows = json.loads(self.get(urls["json"], language).content)[rows_key]
        keyed = [dict(zip(table[0], (re.sub(r"^'(?=[=+\-@])", "", cell) for cell in line), strict=True))
                 for line in table[1:]]  # a cell starting like a formula is quoted
        self.assertEqual(len(keyed), len(rows), f"CSV and JSON disagree: {where}")
        if names:  # a list of players or teams: the machine forms in the order of the human forms
            self.assertEqual([r["name"] for r in keyed], [r["name"] for r in rows], f"CSV and JSON disagree: {where}")
            self.assertEqual([r["name"] for r in rows], shown_names[:len(rows)], f"the machine forms' order: {where}")
        for line, item in zip(keyed, rows, strict=True):
            for key, value in line.items():
                self.assertEqual(value, "" if item.get(key) is None else str(item[key]), f"{key}: {where}")

    @pytest.mark.slow
    def test_the_start_list_in_every_order(self) -> None:
        for language in self.read_in(*LANGUAGES):
            for order in ("tpn", "rating", "name", "federation") if language in PDF_LANGUAGES else ("federation",):
                self.forms("sp-start-list", "sp-start-list-print", "sp-start-list-export", order=order,
                           language=language)

    @pytest.mark.slow
    def test_the_pairings_by_name(self) -> None:
        for language in self.read_in(*LANGUAGES):
            for number in (1, 2) if language in PDF_LANGUAGES else (2,):
                self.forms("sp-by-name", "sp-by-name-print", "sp-by-name-export", number, language=language)
                page = self.get(self.url("sp-by-name", number, language=language), language).content.decode()
                self.assertNotRegex(page, r"<td[^>]*>\d*0\.5</td>", "a half shown as 0.5")

    @pytest.mark.slow
    def test_the_check_in(self) -> None:
        for language in self.read_in(*LANGUAGES):
            for order in ("tpn", "name"):
                self.forms("sp-presence", "sp-presence-print", "sp-presence-export", order=order, language=language,
                           page_rows=False)
        data = json.loads(self.get(self.url("sp-presence-export", "json"), "en").content)
        states = {p["name"]: p["state"] for p in data["players"]}
        pab = Bye.objects.get(section=self.section, round_number=1, kind=Bye.PAB).player.name
        self.assertEqual((states["Kowalski, Jan"], states["Bauer, Max"], states["Novák, Petr"], states[pab]),
                         ("bye-H", "not-present", "present", "present"))  # the pairing's bye is not the player's
        self.assertEqual({s for s in states.values()}, {"bye-H", "not-present", "present"})

    def at(self, name: str, *args: object, section: str = "open", language: str = "en") -> str:
        return reverse(name, args=["forms", section, *args]) + f"?lang={language}"

    def human_forms(self, page: str | None, printed: str, pdf: str | None, language: str) -> list[list[str]]:
        """The print's rows, once the page (when given) shows the same rows, the PDF (when given) each of them
        in order, and no form a raw code."""
        shown = table_rows(self.get(printed, language).content.decode())
        self.assertTrue(shown, f"nothing printed: {printed}")
        if page:
            self.assertEqual(table_rows(self.get(page, language).content.decode()), shown,
                             f"page and print disagree: {page} in {language}")
        lines = pdf_lines(self.get(pdf, language).content) if pdf else []
        if pdf:  # a long cell wraps onto the next lines: the rows are read in the PDF's running text
            self.assertEqual(in_text([" ".join(c for c in row if c) for row in shown], " ".join(lines)), [],
                             f"the PDF leaves out or reorders rows of the print: {pdf} in {language}")
        for text in [*lines, *(c for row in shown for c in row)]:
            self.assertIsNone(RAW.search(text), f"a raw code reaches a reader: {text!r} ({printed} in {language})")
        return shown

    def machine_forms(self, csv_url: str, json_url: str, rows_key: str, language: str) -> list[dict[str, str]]:
        """The CSV's rows by its header, once the JSON's rows carry the same values in the same order."""
        table = list(csv.reader(io.StringIO(self.get(csv_url, language).content.decode())))
        keyed = [dict(zip(table[0], (re.sub(r"^'(?=[=+\-@])", "", cell) for cell in line), strict=True))
                 for line in table[1:]]  # a cell starting like a formula is quoted
        rows = json.loads(self.get(json_url, language).content)[rows_key]
        self.assertEqual(len(keyed), len(rows), f"CSV and JSON disagree: {csv_url}")
        for line, item in zip(keyed, rows, strict=True):
            self.assertEqual(line, {key: "" if item.get(key) is None else str(item[key]) for key in line},
                             f"CSV and JSON disagree: {csv_url}")
        return keyed

    @pytest.mark.slow
    def test_the_pairing_list_by_board_and_the_hall_screen(self) -> None:
        for language in self.read_in(*LANGUAGES):
            for number in (1, 2) if language in PDF_LANGUAGES else (2,):
                shown = self.human_forms(self.at("sp-round", number, language=language),
                                         self.at("sp-print", f"pairings-{number}", language=language),
                                         self.at("sp-export-pdf", f"pairings-{number}", language=language)
                                         if language in PDF_LANGUAGES else None, language)
                table = list(csv.reader(io.StringIO(self.get(self.at("sp-export-csv", str(number)), language)
                                                    .content.decode())))
                keyed = [dict(zip(table[0], (re.sub(r"^'(?=[=+\-@])", "", cell) for cell in line), strict=True))
                         for line in table[1:]]
                self.assertEqual([r["white"] for r in keyed], [row[2] for row in shown], "CSV and print disagree")
                self.assertFalse([c for row in shown for c in row if re.fullmatch(r"\d*\.5", c)], "a half as .5")
                data = json.loads(self.get(self.at("sp-api-round", number), language).content)
                boards = [(b["board"], b["white"], b["white_name"], b["white_points"], b["result"],
                           b["black_points"], b["black_name"], b["black"], "") for b in data["boards"]]
                byes = [("", bye["tpn"], bye["name"], bye["points"], bye["scores"], "", "", "", bye["kind"])
                        for bye in data["byes"]]
                self.assertEqual([tuple(r.values()) for r in keyed],
                                 [tuple("" if v is None else str(v) for v in line) for line in boards + byes],
                                 f"CSV and JSON disagree: round {number}")
                self.assertEqual([row[6] for row in shown[len(boards):]],
                                 [str(labels.label("bye", bye["kind"])) for bye in data["byes"]]
                                 if language == "en" else [row[6] for row in shown[len(boards):]])
                if number == 2:  # the current round: the hall screen shows the page's rows
                    hall = json.loads(self.get(self.at("sp-api-hall", language=language), language).content)
                    on_screen = [[str(b["board"]), str(b["white_tpn"]), b["white"], b["white_points"], b["result"],
                                  b["black_points"], b["black"], str(b["black_tpn"])] for b in hall["boards"]]
                    on_screen += [["", str(b["tpn"]), b["name"], b["points"], b["awarded"], "", b["kind"], ""]
                                  for b in hall["byes"]]
                    self.assertEqual(on_screen, shown, f"the hall screen and the pairing list disagree in {language}")
        self.assertEqual(self.client.get(self.at("sp-start-list-export", "print")).status_code, 404)

    @pytest.mark.slow
    def test_the_rating_report_and_the_norms(self) -> None:
        for language in self.read_in(*PDF_LANGUAGES, "cs"):  # long lists: the words of the others are the same messages
            pdf = language in PDF_LANGUAGES
            for name, rows_key in (("ratings", "players"), ("norms", "checks")):
                shown = self.human_forms(self.at(f"sp-{name}", language=language),
                                         self.at(f"sp-{name}-print", language=language),
                                         self.at(f"sp-{name}-export", "pdf", language=language) if pdf else None,
                                         language)
                keyed = self.machine_forms(self.at(f"sp-{name}-export", "csv", language=language),
                                           self.at(f"sp-{name}-export", "json", language=language), rows_key, language)
                self.assertEqual([r["name"] for r in keyed], [row[1] for row in shown[:len(keyed)]],
                                 f"the machine forms' order: {name} in {language}")
        games = {row[0] for row in table_rows(self.get(self.at("sp-ratings-print"), "en").content.decode())
                 if len(row) == 8}
        self.assertTrue(games, "each rated player's games under the report")

    def test_the_entries(self) -> None:
        for language in self.read_in(*LANGUAGES):
            shown = self.human_forms(None, self.at("sp-entries-print", language=language),
                                     self.at("sp-entries-export", "pdf", language=language)
                                     if language in PDF_LANGUAGES else None, language)
            keyed = self.machine_forms(self.at("sp-entries-export", "csv", language=language),
                                       self.at("sp-entries-export", "json", language=language), "entries", language)
            self.assertEqual([r["name"] for r in keyed], [row[2] for row in shown])
            self.assertEqual([(r["state"], r["reason"]) for r in keyed], [("pending", ""), ("refused", "=late")])
            if language == "en":
                self.assertEqual([row[0] for row in shown], ["waiting for the arbiter", "refused"])

    @pytest.mark.slow
    def test_the_cards_and_slips_name_each_player_alike(self) -> None:
        """The board cards, the result slips and the result sheets, printed and as PDFs, and the start-number
        cards printed and as a PDF."""
        pairs = [(row[1], row[7]) for row in
                 table_rows(self.get(self.at("sp-print", "pairings-2"), "en").content.decode()) if row[0]]
        for language in self.read_in(*PDF_LANGUAGES):
            players = {int(row[0]): row for row in table_rows(
                self.get(self.at("sp-start-list-print", language=language), language).content.decode())}

            def text(tpn: str) -> str:
                _no, title, name, _fide, fed, rating, _club = players[int(tpn)]
                extra = ", ".join(v for v in (rating, fed) if v)
                return f"{tpn}. {title + ' ' if title else ''}{name}" + (f" ({extra})" if extra else "")
            white, black = _("White", language), _("Black", language)
            wanted = [f"{colour}: {text(tpn)}" for w, b in pairs for colour, tpn in ((white, w), (black, b))]
            for printed, pdf in ((self.at("sp-cards-print", 2, "slips", language=language),
                                  self.at("sp-cards-pdf", 2, "slips", language=language)),
                                 (self.at("sp-cards-print", 2, "boards", language=language),
                                  self.at("sp-cards-pdf", 2, "boards", language=language)),
                                 (self.at("sp-print", "sheets-2", language=language),
                                  self.at("sp-export-pdf", "sheets-2", language=language))):
                page = html.unescape(self.get(printed, language).content.decode())
                self.assertEqual(re.findall(rf"(?:{white}|{black}): [^<–]+?(?= – |<)", page), wanted, printed)
                found = " ".join(pdf_lines(self.get(pdf, language).content))
                bare = [line.split(": ", 1)[1] for line in wanted] if "sheets" in pdf else wanted
                self.assertEqual(in_text(bare, found), [], pdf)
            cards = self.get(self.at("sp-numbers-print", language=language), language).content.decode()
            names = re.findall(r'<div class="name">([^<]*)</div>', html.unescape(cards))
            self.assertEqual(names, [" ".join(v for v in (row[1], row[2]) if v) for row in players.values()])
            found = " ".join(pdf_lines(self.get(self.at("sp-numbers-pdf", language=language), language).content))
            self.assertEqual(in_text(names, found), [])

    @pytest.mark.slow
    def test_the_round_robin_schedule_and_grid(self) -> None:
        for language in self.read_in(*PDF_LANGUAGES):
            for name, rows_key, key in (("schedule", "games", 1), ("grid", "rows", 1)):
                shown = self.human_forms(self.at(f"sp-{name}", section="closed", language=language),
                                         self.at(f"sp-{name}-print", section="closed", language=language),
                                         self.at(f"sp-{name}-export", "pdf", section="closed", language=language),
                                         language)
                keyed = self.machine_forms(self.at(f"sp-{name}-export", "csv", section="closed", language=language),
                                           self.at(f"sp-{name}-export", "json", section="closed", language=language),
                                           rows_key, language)
                self.assertEqual([list(r.values())[key] for r in keyed], [row[key] for row in shown],
                                 f"the machine forms' order: {name} in {language}")

    def standings_urls(self, language: str, section: str = "open") -> dict[str, str]:
        def url(name: str, *args: object) -> str:
            return self.url(name, *args, language=language, section=section)
        return {"page": url("sp-standings"), "print": url("sp-print", "standings"),
                "pdf": url("sp-export-pdf", "standings"), "csv": url("sp-export-csv", "standings"),
                "json": url("sp-api-standings")}

    def test_the_standings(self) -> None:
        for language in self.read_in(*LANGUAGES):
            self.agree(self.standings_urls(language), language, f"standings in {language}", rows_key="standings")

    @pytest.mark.slow
    def test_the_crosstable(self) -> None:
        for language in self.read_in(*LANGUAGES):
            self.forms("sp-crosstable", "sp-crosstable-print", "sp-crosstable-export", language=language,
                       rows_key="rows")

    @pytest.mark.slow
    def test_the_prize_list_and_a_category(self) -> None:
        for language in self.read_in(*LANGUAGES):
            url = self.url
            self.agree({"page": url("sp-prizes", language=language),
                        **{fmt: url("sp-prizes-export", fmt, language=language) for fmt in ("print", "pdf", "csv", "json")}},
                       language, f"prize list in {language}", rows_key="lines")
            self.forms("sp-categories", "sp-categories-print", "sp-categories-export", language=language,
                       rows_key="categories", names=False)
            self.forms("sp-category", "sp-category-print", "sp-category-export", self.category.pk, language=language,
                       rows_key="standings")
        data = json.loads(self.get(self.url("sp-prizes-export", "json"), "en").content)
        self.assertEqual([line["code"] for line in data["lines"]][::len(data["lines"]) - 1], ["", "U2000"])

    @pytest.mark.slow
    def test_the_team_tables(self) -> None:
        for language in self.read_in(*LANGUAGES):
            self.agree(self.standings_urls(language, "teams"), language, f"team standings in {language}",
                       rows_key="standings")
            url = self.url
            self.agree({"page": url("sp-teams", language=language, section="teams"),
                        "print": url("sp-teams-print", language=language, section="teams"),
                        **{fmt: url("sp-teams-export", fmt, language=language, section="teams")
                           for fmt in ("pdf", "csv", "json")}},
                       language, f"teams and rosters in {language}")
            for number in (1, 2):  # each round's matches, board by board
                url = self.url
                self.agree({"page": url("sp-round", number, language=language, section="teams"),
                            "print": url("sp-matches-print", number, language=language, section="teams"),
                            **{fmt: url("sp-matches-export", number, fmt, language=language, section="teams")
                               for fmt in ("pdf", "csv", "json")}},
                           language, f"matches of round {number} in {language}", rows_key="boards", names=False)
            for number in (1, 2, 3):  # each team's matches (the team bye among them) and its roster
                url = self.url
                self.agree({"page": url("sp-team", number, language=language, section="teams"),
                            "print": url("sp-team-print", number, language=language, section="teams"),
                            **{fmt: url("sp-team-export", number, fmt, language=language, section="teams")
                               for fmt in ("pdf", "csv", "json")}},
                           language, f"team {number} in {language}", rows_key="rounds", names=False)

    @pytest.mark.slow
    def test_every_other_list_in_every_form_and_language(self) -> None:
        """Each form answers in each language, with no code shown raw (the lists not listed above)."""
        urls = [self.url(name, *args) for name, args in (
            ("sp-print", ("pairings-2",)), ("sp-print", ("sheets-2",)), ("sp-export-pdf", ("pairings-2",)),
            ("sp-export-csv", ("players",)), ("sp-export-csv", ("2",)),
            ("sp-round", (2,)), ("sp-categories", ()), ("sp-ratings", ()),
            ("sp-ratings-export", ("csv",)), ("sp-norms", ()), ("sp-entries", ()), ("sp-entries-print", ()),
            ("sp-cards-print", (2, "slips")), ("sp-cards-print", (2, "boards")), ("sp-cards-pdf", (2, "slips")),
            ("sp-hall", ()), ("sp-api-hall", ()), ("sp-player", (1,)))]
        for language in self.read_in(*LANGUAGES):
            for url in urls:
                response = self.get(url, language)
                if response["Content-Type"].startswith("text/"):
                    text = response.content.decode()
                    self.assertIsNone(RAW.search(text), f"a raw code on {url} in {language}")


class ListFormsTestCase(ListForms):
    """Each list in English, and what does not depend on the reader's language."""

    __test__ = True
    languages = ("en",)

    @pytest.mark.slow
    def test_an_export_address_serves_no_print(self) -> None:
        """Each list's print has its own address; its export address answers only PDF, CSV and JSON."""
        for name, args, section in (("sp-crosstable-export", (), "open"), ("sp-categories-export", (), "open"),
                                    ("sp-category-export", (self.category.pk,), "open"),
                                    ("sp-teams-export", (), "teams"), ("sp-team-export", (1,), "teams"),
                                    ("sp-matches-export", (1,), "teams")):
            self.assertEqual(self.client.get(self.at(name, *args, "pdf", section=section)).status_code, 200, name)
            self.assertEqual(self.client.get(self.at(name, *args, "print", section=section)).status_code, 404, name)

    def test_the_words_around_the_lists_in_the_readers_language(self) -> None:
        page = self.get(self.url("sp-player", 1, language="ru"), "ru").content.decode()
        colours = [row[3] for row in table_rows(page) if len(row) > 3 and row[3]]
        self.assertTrue(colours and set(colours) <= {"белые", "чёрные", "черные"}, colours)
        self.assertIn(">English</option>", page)  # each language named in itself
        self.assertIn(">Čeština</option>", page)
        audit = self.get(reverse("sp-event-audit", args=["forms"]) + "?lang=ru", "ru").content.decode()
        what = {row[2] for row in table_rows(audit)}
        self.assertIn("тур составлен", what)
        self.assertNotIn("paired", what)
        self.assertIn("отмечены присутствующими: ", audit)
        slips = self.get(self.url("sp-cards-print", 2, "slips"), "en").content.decode()
        self.assertIn("1. GM Novák, Petr (2450, CZE)", slips)  # as the PDF slips name him
        prizes = pdf_lines(self.get(self.url("sp-prizes-export", "pdf"), "en").content)
        self.assertTrue(any(line.startswith("As of ") for line in prizes), prizes[-3:])


@pytest.mark.slow
class ListFormsInTheOtherLanguagesTestCase(ListForms):
    """Each list in Russian, Bulgarian, Czech and Polish."""

    __test__ = True
    languages = LANGUAGES[1:]
