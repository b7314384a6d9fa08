"""Issue 12 items 3-7: arbiter input that was accepted but recorded nothing, or recorded something wrong."""

from __future__ import annotations

from django.contrib.messages import get_messages

from swisspair_web.tournaments.models import AuditEntry, Bye

from .helpers import BaseTestCase


class ByeFormTestCase(BaseTestCase):
    """Item 3: the bye form has no default; it says "recorded" only when something was recorded."""

    def texts(self, response) -> list[str]:  # type: ignore[no-untyped-def]
        return [str(m) for m in get_messages(response.wsgi_request)]

    def setUp(self) -> None:
        super().setUp()
        self.client.login(username="bob", password="password")

    def test_the_form_starts_with_no_choice(self) -> None:
        page = self.client.get(self.url("sp-section-manage")).content.decode()
        select = page[page.index('name="kind"'):page.index("</select>", page.index('name="kind"'))]
        self.assertIn('<option value="" selected>choose…</option>', select)  # was: "remove" selected
        self.assertNotIn('value="H" selected', select)

    def test_no_choice_records_nothing_and_says_so(self) -> None:
        response = self.client.post(self.url("sp-bye"), {"player": "4", "round_number": "1", "kind": ""})
        texts = self.texts(response)
        self.assertFalse(Bye.objects.exists())
        self.assertFalse(any("recorded for" in t for t in texts), texts)
        self.assertTrue(any("Nothing recorded" in t for t in texts), texts)
        self.assertFalse(AuditEntry.objects.filter(action="bye").exists())

    def test_removing_a_bye_that_is_not_there_is_not_a_success(self) -> None:
        response = self.client.post(self.url("sp-bye"), {"player": "4", "round_number": "1", "kind": "remove"})
        texts = self.texts(response)
        self.assertTrue(any("nothing removed" in t for t in texts), texts)
        self.assertFalse(AuditEntry.objects.filter(action="bye").exists())

    def test_it_records_and_removes_a_bye(self) -> None:
        response = self.client.post(self.url("sp-bye"), {"player": "4", "round_number": "1", "kind": "H"})
        self.assertIn("Bye recorded for Player03, Test in round 1: half-point bye.", self.texts(response))
        self.assertTrue(Bye.objects.filter(player__tpn=4, round_number=1, kind="H").exists())
        response = self.client.post(self.url("sp-bye"), {"player": "4", "round_number": "1", "kind": "remove"})
        self.assertIn("Bye or absence of Player03, Test in round 1 removed.", self.texts(response))
        self.assertFalse(Bye.objects.exists())
        entries = AuditEntry.objects.filter(action="bye").order_by("id")
        self.assertEqual([(e.old, e.new) for e in entries], [("", "H"), ("H", "-")])


class DefaultSystemTestCase(BaseTestCase):
    """Item 4: "New section" and "New section from TRF" start with the FIDE Dutch system (C.04.3)."""

    def test_both_forms_preselect_the_dutch_system(self) -> None:
        self.client.login(username="alice", password="password")
        for url in ("/e/test/sections/new/", "/e/test/sections/import-trf/"):
            page = self.client.get(url).content.decode()
            select = page[page.index('name="system"'):page.index("</select>", page.index('name="system"'))]
            self.assertIn('<option value="dutch" selected>', select, url)
            self.assertEqual(select.count(" selected"), 1, url)
