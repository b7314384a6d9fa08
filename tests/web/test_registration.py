"""Entries on the public form: opening, approval and refusal, a FIDE ID entered once, completion from the
rating list, the private link and the byes and absences announced through it."""

from __future__ import annotations

import json

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import registration
from swisspair_web.tournaments.rows import Announcement, AuditEntry, Bye, Entry, Job, ListedPlayer, Player
from swisspair_web.tournaments.services import jobs

from .helpers import BaseTestCase

HEADER = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit"
          "           FOA SRtng SGm SK B-day Flag")


def list_line(**cells: str) -> str:
    """A line of a FIDE combined rating list with ``cells`` under their headers."""
    out = [" "] * len(HEADER)
    for key, value in cells.items():
        start = HEADER.index(key)
        out[start:start + len(value)] = value
    return "".join(out).rstrip()


RATING_LIST = "\n".join([
    HEADER,
    list_line(**{"ID Number": "14100010", "Name": "Dvořák, Jan", "Fed": "CZE", "Sex": "M", "Tit ": "IM",
                 "SRtng": "2405", "B-day": "1988"}),
    list_line(**{"ID Number": "1120010", "Name": "Nowak, Anna", "Fed": "POL", "Sex": "F", "Tit ": "WFM",
                 "SRtng": "2110", "B-day": "2004"}),
    list_line(**{"ID Number": "4100018", "Name": "Ivanov, Ivan", "Fed": "RUS", "Sex": "M", "SRtng": "1950",
                 "B-day": "1979"}),
]) + "\n"


def form(**fields: str) -> dict[str, str]:
    return {"name": "", "fide_id": "", "federation": "", "birth_date": "", "sex": "", "rating": "", "club": "",
            "email": "player@example.org", **fields}


class RegistrationTestCase(BaseTestCase):
    players = 0

    def open_entries(self) -> None:
        services.registration.set_open(self.section, self.alice, True, registration.registration_of(self.section).version)

    def test_it_refuses_entries_until_the_section_is_opened(self) -> None:
        page = self.client.get(self.url("sp-register"))
        self.assertContains(page, 'id="entries-closed"')
        response = self.client.post(self.url("sp-register"), form(name="Early, Eve"))
        self.assertEqual(response.status_code, 200)
        self.assertFalse(Entry.objects.exists())
        self.open_entries()
        self.assertContains(self.client.get(self.url("sp-section")), 'id="register-link"')
        response = self.client.post(self.url("sp-register"), form(name="Early, Eve", rating="1500", club="ŠK Praha"))
        entry = Entry.objects.get()
        self.assertRedirects(response, self.url("sp-entry", entry.token))
        self.assertEqual((entry.state, entry.rating, entry.club), (Entry.PENDING, 1500, "ŠK Praha"))
        self.assertEqual(len(mail.outbox), 1)
        self.assertIn(self.url("sp-entry", entry.token), mail.outbox[0].body)
        self.assertTrue(AuditEntry.objects.filter(action="entries-opened").exists())
        self.assertTrue(AuditEntry.objects.filter(action="entry-received", detail__contains="Early, Eve").exists())

    def test_it_switches_entries_with_the_version_seen(self) -> None:
        self.client.login(username="bob", password="password")
        version = registration.registration_of(self.section).version
        self.client.post(self.url("sp-entries"), {"action": "open", "version": str(version)})
        self.assertTrue(registration.registration_of(self.section).open)
        response = self.client.post(self.url("sp-entries"), {"action": "close", "version": str(version)},
                                    follow=True)  # a stale page: refused
        self.assertContains(response, "by somebody else meanwhile")
        self.assertTrue(registration.registration_of(self.section).open)
        self.client.post(self.url("sp-entries"), {"action": "close", "version": str(version + 1)})
        self.assertFalse(registration.registration_of(self.section).open)
        self.assertEqual(list(AuditEntry.objects.filter(action__startswith="entries-").values_list(
            "action", flat=True)), ["entries-closed", "entries-opened"])

    @pytest.mark.slow
    def test_it_approves_and_refuses(self) -> None:
        self.open_entries()
        for name in ("First, Fay", "Second, Sid", "Third, Tom"):
            self.client.post(self.url("sp-register"), form(name=name))
        first, second, third = Entry.objects.order_by("id")
        self.client.login(username="bob", password="password")
        self.client.post(self.url("sp-entries"), {"action": "approve", "entry": first.pk, "version": first.version})
        self.client.post(self.url("sp-entries"), {"action": "refuse", "entry": second.pk, "version": second.version,
                                                  "reason": "not a member"})
        response = self.client.post(self.url("sp-entries"), {"action": "refuse", "entry": first.pk, "version": "1"},
                                    follow=True)  # approved already: a stale form
        self.assertContains(response, "decided or changed by somebody else")
        first.refresh_from_db()
        second.refresh_from_db()
        self.assertEqual((first.state, first.player.tpn if first.player else 0), (Entry.APPROVED, 1))
        self.assertEqual((second.state, second.reason), (Entry.REFUSED, "not a member"))
        self.assertEqual(list(self.section.players.values_list("name", flat=True)), ["First, Fay"])
        self.assertTrue(AuditEntry.objects.filter(action="entry-refused", detail="Second, Sid: not a member").exists())
        self.assertTrue(AuditEntry.objects.filter(action="entry-approved", detail="1. First, Fay").exists())
        response = self.client.post(self.url("sp-entries"), {"action": "approve", "entry": third.pk, "version": "x"},
                                    follow=True)  # a hand-made request: the field is named
        self.assertContains(response, "The field version must be a whole number, not “x”.")
        page = self.client.get(self.url("sp-entries")).content.decode()
        self.assertIn("1 waiting, 1 approved, 1 refused", page)
        self.assertIn(f'id="entry-{third.pk}"', page)
        private = self.client.get(self.url("sp-entry", second.token))
        self.assertContains(private, "Refused by the arbiter. not a member")

    @pytest.mark.slow
    def test_a_fide_id_entered_by_somebody_else_waits_for_the_arbiter(self) -> None:
        """A FIDE ID typed by somebody else does not lock the real player out: the second entry is recorded,
        both are marked for the arbiter, the approval keeps one player per FIDE ID; only the same registrant
        (FIDE ID and e-mail address) entering twice is refused."""
        self.open_entries()
        self.client.post(self.url("sp-register"), form(name="Other, Oto", fide_id="1120010", email="o@example.org"))
        response = self.client.post(self.url("sp-register"), form(name="Nowak, Anna", fide_id="1120010",
                                                                  email="anna@example.org"), follow=True)
        self.assertContains(response, "FIDE ID 1120010 is on another entry or a player of this section too")
        again = self.client.post(self.url("sp-register"), form(name="Nowak, Anna", fide_id="1120010",
                                                               email="ANNA@example.org"))
        self.assertContains(again, "You entered with FIDE ID 1120010 and this e-mail address already")
        services.add_players(self.section, self.alice, [services.PlayerData(name="Held, Hal", fide_id="555")])
        self.client.post(self.url("sp-register"), form(name="Hal, Again", fide_id="555", email="h@example.org"))
        other, anna, hal = Entry.objects.order_by("id")
        self.client.login(username="bob", password="password")
        page = self.client.get(self.url("sp-entries")).content.decode()
        self.assertEqual(page.count('class="small msg warning fide-id-twin"'), 3, page)
        self.assertIn("FIDE ID 1120010 is also held by: the entry of Other, Oto.", page)
        self.assertIn("FIDE ID 555 is also held by: player 1. Held, Hal.", page)
        services.registration.approve(anna, self.alice, anna.version)
        other.refresh_from_db()
        with self.assertRaisesMessage(services.OperationError, "FIDE ID 1120010 is held by player 2. Nowak, Anna"):
            services.registration.approve(other, self.alice, other.version)
        self.assertIn("FIDE ID 1120010 is also held by: player 2. Nowak, Anna.",
                      self.client.get(self.url("sp-entries")).content.decode())
        services.registration.refuse(hal, self.alice, hal.version)
        self.assertEqual(Entry.objects.filter(state=Entry.PENDING).get(), other)

    @override_settings(SWISSPAIR_ENTRIES_PER_ADDRESS=2, SWISSPAIR_ENTRIES_PER_SECTION=3)
    def test_entries_are_limited_per_address_and_per_section(self) -> None:
        self.open_entries()
        for number, address in enumerate(["10.0.0.1", "10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.3"]):
            response = self.client.post(self.url("sp-register"), form(name=f"Many, No{number}"),
                                        REMOTE_ADDR=address)
            if number == 2:
                self.assertContains(response, "Too many entries from your address: at most 2 an hour.")
            if number == 4:
                self.assertContains(response, "This section took 3 entries this hour, its limit")
        self.assertEqual(Entry.objects.count(), 3)
        self.assertEqual(len(mail.outbox), 3)

    @pytest.mark.slow
    def test_numbers_are_written_with_the_digits_0_to_9(self) -> None:
        """Other scripts' digits pass ``str.isdigit`` and ``int``: a FIDE ID ``١٢٣٤٥`` escaped the duplicate check
        and reached the TRF."""
        self.open_entries()
        for field, typed, said in (("fide_id", "١٢٣٤٥", "FIDE ID must be a number written with the digits 0-9"),
                                   ("fide_id", "12³", "FIDE ID must be a number written with the digits 0-9"),
                                   ("rating", "١٥٠٠", "Write the number with the digits 0-9."),
                                   ("birth_date", "١٩٩٠", "is not a date"),
                                   ("federation", "ЖЖЖ", "Federation must be a three-letter code.")):
            response = self.client.post(self.url("sp-register"), form(name="Digits, Dan", **{field: typed}))
            self.assertContains(response, said, msg_prefix=field)
        self.assertFalse(Entry.objects.exists())
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-players-import"), {"format": "fide", "fide_ids": "١٢٣ 4100018"})
        self.assertContains(response, "Not a FIDE ID: ١٢٣")

    def test_the_private_link_is_shown_after_entering_and_to_the_arbiters(self) -> None:
        """Without a working mail server the registrant still has the link, and the arbiter can hand it on."""
        self.open_entries()
        response = self.client.post(self.url("sp-register"), form(name="Nomail, Nina"), follow=True)
        link = "http://testserver" + self.url("sp-entry", Entry.objects.get().token)
        self.assertContains(response, f'id="private-link-value" readonly value="{link}"')
        self.client.login(username="bob", password="password")
        self.assertContains(self.client.get(self.url("sp-entries")), f'readonly value="{link}"')

    @pytest.mark.slow
    def test_it_completes_an_entry_from_the_rating_list(self) -> None:
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-entries-list"), {
            "file": SimpleUploadedFile("players_list_foa.txt", RATING_LIST.encode()), "kind": "standard",
            "federations": "cze pol"})
        self.assertRedirects(response, self.url("sp-entries"))
        self.assertEqual(sorted(ListedPlayer.objects.values_list("fide_id", flat=True)), ["1120010", "14100010"])
        self.client.logout()
        self.open_entries()
        lookup = json.loads(self.client.get(self.url("sp-register-lookup") + "?fide_id=14100010").content)
        self.assertEqual((lookup["name"], lookup["title"], lookup["rating"]), ("Dvořák, Jan", "IM", 2405))
        # only the FIDE ID: everything else from the list
        self.client.post(self.url("sp-register"), form(fide_id="14100010", club="Bohemians"))
        entry = Entry.objects.get(fide_id="14100010")
        self.assertEqual((entry.name, entry.federation, entry.title, entry.rating, entry.sex, entry.birth_date,
                          entry.club), ("Dvořák, Jan", "CZE", "IM", 2405, "m", "1988/00/00", "Bohemians"))
        # a typed rating and a full birth date: the list's rating, the typed date (same year)
        self.client.post(self.url("sp-register"), form(name="Nowak, Anna", fide_id="1120010", rating="2150",
                                                       birth_date="2004-05-06", federation="POL"))
        entry = Entry.objects.get(fide_id="1120010")
        self.assertEqual((entry.rating, entry.title, entry.sex, entry.birth_date), (2110, "WFM", "w", "2004/05/06"))
        self.assertEqual([c for c in registration.completions(entry) if c.field == "rating"],
                         [registration.Completion("rating", "2150", "2110")])
        self.client.login(username="bob", password="password")
        self.assertContains(self.client.get(self.url("sp-entries")), "rating 2110 (typed 2150)")
        # a FIDE ID the list does not hold (another federation): kept as typed
        self.client.post(self.url("sp-register"), form(name="Ivanov, Ivan", fide_id="4100018", rating="1900"))
        self.assertEqual(Entry.objects.get(fide_id="4100018").rating, 1900)

    def test_it_refuses_a_bad_entry_with_the_field(self) -> None:
        self.open_entries()
        response = self.client.post(self.url("sp-register"), form(name="Bad, Date", birth_date="31.02.2001"))
        self.assertContains(response, "there is no such day")
        response = self.client.post(self.url("sp-register"), form(email="not-an-address"))
        self.assertContains(response, "Give your name, or your FIDE ID.")
        self.assertFalse(Entry.objects.exists())

    def test_it_exports_the_entries_to_arbiters_only(self) -> None:
        self.open_entries()
        self.client.post(self.url("sp-register"), form(name="=HYPERLINK(1), Evil", email="e@example.org"))
        self.assertEqual(self.client.get(self.url("sp-entries-export", "csv")).status_code, 302)  # to the login
        self.client.login(username="charlie", password="password")
        self.assertEqual(self.client.get(self.url("sp-entries-export", "csv")).status_code, 403)
        self.client.login(username="bob", password="password")
        text = self.client.get(self.url("sp-entries-export", "csv")).content.decode()
        self.assertTrue(text.startswith("state,tpn,name"), text)
        self.assertIn("'=HYPERLINK(1), Evil", text)
        data = json.loads(self.client.get(self.url("sp-entries-export", "json")).content)
        self.assertEqual(data["entries"][0]["email"], "e@example.org")
        pdf = self.client.get(self.url("sp-entries-export", "pdf"))
        self.assertEqual(pdf["Content-Type"], "application/pdf")
        self.assertContains(self.client.get(self.url("sp-entries-print")), "e@example.org")


@override_settings(SWISSPAIR_BACKGROUND_LIST_BYTES=100)
class EntryListJobTestCase(BaseTestCase):
    """A big rating list for the entries is read in a background job, then kept for the entries."""

    players = 0

    def test_a_big_list_is_kept_by_a_job(self) -> None:
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-entries-list"), {
            "file": SimpleUploadedFile("players_list_foa.txt", RATING_LIST.encode()), "kind": "standard",
            "federations": "POL RUS"})
        job = Job.objects.get()
        self.assertEqual((job.kind, response.status_code), ("entry-list", 302))
        self.assertFalse(ListedPlayer.objects.exists())
        jobs.run_queued()
        job.refresh_from_db()
        self.assertEqual((job.state, job.url), ("done", "/e/test/open/entries/"))
        self.assertEqual(sorted(ListedPlayer.objects.values_list("name", flat=True)), ["Ivanov, Ivan", "Nowak, Anna"])
        self.assertContains(self.client.get(self.url("sp-entries")), "(2 players)")


class AnnouncementTestCase(BaseTestCase):
    """A bye or an absence announced through the private link (C.04.2 (2026) art. 3.3)."""

    players = 4

    def setUp(self) -> None:
        super().setUp()
        services.registration.set_open(self.section, self.alice, True, registration.registration_of(self.section).version)
        self.client.post(self.url("sp-register"), form(name="Zeta, Zoe", rating="1800"))
        self.entry = Entry.objects.get()
        self.link = self.url("sp-entry", self.entry.token)

    def test_it_waits_for_the_approval(self) -> None:
        page = self.client.get(self.link)
        self.assertContains(page, "Waiting for the arbiter.")
        self.assertNotContains(page, 'id="announce-form"')
        with self.assertRaises(services.OperationError):
            services.registration.announce(self.entry, 2, Bye.ZERO)
        self.assertEqual(self.client.get(self.url("sp-entry", "not-the-token")).status_code, 404)

    @pytest.mark.slow
    def test_it_records_refuses_and_cancels_announcements(self) -> None:
        player = services.registration.approve(self.entry, self.alice, self.entry.version)
        self.assertContains(self.client.get(self.link), "your starting number is 5")
        self.client.post(self.link, {"round_number": "3", "kind": "Z"})
        self.assertEqual(list(Bye.objects.filter(player=player).values_list("round_number", "kind")), [(3, "Z")])
        self.assertTrue(AuditEntry.objects.filter(action="bye-announced", round_number=3, user=None).exists())
        response = self.client.post(self.link, {"round_number": "3", "kind": "H"}, follow=True)
        self.assertContains(response, "You have a bye or an absence in round 3 already.")
        self.client.post(self.link, {"round_number": "2", "kind": "H"})
        # the arbiter sees both and refuses round 2's
        self.client.login(username="bob", password="password")
        page = self.client.get(self.url("sp-entries")).content.decode()
        self.assertIn("absence (no points)", page)
        second = Announcement.objects.get(round_number=2)
        self.client.post(self.url("sp-entries"), {"action": "refuse-announcement", "announcement": second.pk,
                                                  "reason": "limit of byes"})
        self.assertFalse(Bye.objects.filter(player=player, round_number=2).exists())
        self.client.logout()
        page = self.client.get(self.link).content.decode()
        self.assertIn("refused by the arbiter (limit of byes)", page)
        # the player cancels round 3's
        third = Announcement.objects.get(round_number=3)
        self.client.post(self.link, {"cancel": str(third.pk)})
        self.assertFalse(Bye.objects.filter(player=player).exists())
        self.assertEqual(Announcement.objects.get(pk=third.pk).state, Announcement.CANCELLED)

    def test_it_pairs_round_by_the_announcement(self) -> None:
        player = services.registration.approve(self.entry, self.alice, self.entry.version)
        self.client.post(self.link, {"round_number": "1", "kind": "H"})
        outcome = self.pair()
        paired = {b.white_id for b in outcome.round.boards.all()} | {b.black_id for b in outcome.round.boards.all()}
        self.assertNotIn(player.pk, paired)
        self.assertEqual(len(paired), 4)
        # round 1 is paired: nothing more for it, and its announcement cannot be refused
        response = self.client.post(self.link, {"round_number": "1", "kind": "Z"})
        self.assertEqual(response.status_code, 200)  # round 1 is no longer a choice
        with self.assertRaises(services.OperationError):
            services.registration.refuse_announcement(Announcement.objects.get(), self.alice)

    def test_the_private_page_is_not_cached_and_not_indexed(self) -> None:
        response = self.client.get(self.link)
        self.assertIn("no-cache", response["Cache-Control"])
        self.assertEqual(response["X-Robots-Tag"], "noindex")
        self.assertEqual(Player.objects.filter(name="Zeta, Zoe").count(), 0)
