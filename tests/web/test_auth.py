"""Roles, login, CSRF, escaping and upload limits."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings

from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import AuditEntry, Event, EventRole, Invitation, Player, Round

from .helpers import BaseTestCase, form_value, pair_next

User = get_user_model()

WRITE_URLS = [
    ("sp-pair", ()), ("sp-player-add", ()), ("sp-players-import", ()), ("sp-bye", ()), ("sp-renumber", ()),
    ("sp-player-action", (1,)), ("sp-results", (1,)), ("sp-publish", (1,)), ("sp-unpair", (1,)),
    ("sp-adjust", (1,)), ("sp-section-edit", ()),
]


class AuthTestCase(BaseTestCase):
    @classmethod
    def build(cls) -> None:
        pair_next(cls.section, cls.alice)

    def test_it_refuses_writes_without_login(self) -> None:
        for name, args in WRITE_URLS:
            response = self.client.post(self.url(name, *args), {"action": "delete", "r1": "1", "v1": "0"})
            self.assertEqual(response.status_code, 302, name)
            self.assertIn("/accounts/login/", response["Location"], name)
        self.assertEqual(self.client.post("/events/new/", {"name": "x", "slug": "x"}).status_code, 302)
        self.assertEqual(Player.objects.count(), 10)
        self.assertFalse(Round.objects.get(number=1).boards.exclude(result="").exists())

    def test_it_refuses_writes_by_users_without_a_role(self) -> None:
        self.client.login(username="charlie", password="password")
        for name, args in WRITE_URLS:
            response = self.client.post(self.url(name, *args), {"action": "delete", "r1": "1", "v1": "0"})
            self.assertEqual(response.status_code, 403, name)
        self.assertEqual(self.client.get(self.url("sp-export-trf")).status_code, 403)
        self.assertEqual(self.client.get("/e/test/audit/").status_code, 403)

    def test_only_the_chief_manages_arbiters(self) -> None:
        self.client.login(username="bob", password="password")
        self.assertEqual(self.client.get("/e/test/arbiters/").status_code, 403)
        self.client.login(username="alice", password="password")
        response = self.client.post("/e/test/arbiters/", {"username": "charlie", "role": "arbiter"})
        self.assertEqual(response.status_code, 302)
        self.assertFalse(EventRole.objects.filter(user=self.charlie, event=self.event).exists())  # invited only
        self.accept("charlie", "password")
        self.assertEqual(EventRole.objects.get(user=self.charlie, event=self.event).role, EventRole.ARBITER)

    def accept(self, name: str, password: str) -> None:
        """``name`` logs in and accepts the invitation shown on the home page."""
        self.assertTrue(self.client.login(username=name, password=password))
        page = self.client.get("/").content.decode()
        self.assertIn("Test Open: arbiter", page)
        number = form_value(page, "accept")
        self.assertRedirects(self.client.post("/invitations/", {"accept": number}), "/e/test/",
                             fetch_redirect_response=False)

    def test_the_chief_creates_an_arbiter_account(self) -> None:
        self.client.login(username="alice", password="password")
        response = self.client.post("/e/test/arbiters/", {"username": "dora", "password": "123", "role": "arbiter"})
        self.assertEqual(response.status_code, 200)
        self.assertFalse(User.objects.filter(username="dora").exists())
        self.client.post("/e/test/arbiters/", {"username": "dora", "password": "Kf3-Qh5 mate!", "role": "arbiter"})
        self.assertFalse(EventRole.objects.filter(user__username="dora").exists())
        self.accept("dora", "Kf3-Qh5 mate!")
        self.assertTrue(EventRole.objects.filter(user__username="dora", event=self.event).exists())

    def test_it_refuses_user_names_django_refuses_and_look_alikes(self) -> None:
        """A Cyrillic "е" in "dеmo", full-width letters, a path, markup: refused, nothing created."""
        self.client.login(username="alice", password="password")
        for name in ("d\u0435mo", "\uff44\uff45\uff4d\uff4f", "<script>x</script>/../", "a/b", "bad name", "x" * 151):
            response = self.client.post("/e/test/arbiters/", {"username": name, "password": "Kf3-Qh5 mate!",
                                                               "role": "arbiter"})
            self.assertEqual(response.status_code, 200, name)
            self.assertIn("username", response.context["form"].errors, name)
        self.assertEqual(User.objects.count(), 3)
        self.assertFalse(Invitation.objects.exists())

    @pytest.mark.slow
    def test_nobody_is_attached_without_consent_and_the_answer_tells_no_names(self) -> None:
        """Inviting the superuser, an account of another case, or a name nobody has: the same answer, the
        same page, no role and no password changed; the invited may decline."""
        User.objects.create_superuser("root", password="password")
        self.client.login(username="alice", password="password")
        answers = {}
        for name in ("root", "Charlie", "charlie", "nobody"):
            response = self.client.post("/e/test/arbiters/", {"username": name, "role": "chief",
                                                               "password": "Kf3-Qh5 mate!"}, follow=True)
            said = re.search(r'<div id="messages">(.*?)</div></div>', response.content.decode(), re.S)
            assert said is not None, name
            answers[name] = (str(response.redirect_chain), said.group(1).replace(name, "NAME"))
        self.assertEqual(len(set(answers.values())), 1, answers)
        self.assertIn("is invited: the role is given when", answers["root"][1])
        self.assertEqual(list(EventRole.objects.filter(event=self.event).values_list("user__username", flat=True)
                              .order_by("user__username")), ["alice", "bob"])
        self.assertFalse(User.objects.filter(username="Charlie").exists())  # a look-alike of charlie
        self.assertTrue(User.objects.get(username="nobody").check_password("Kf3-Qh5 mate!"))
        for name in ("root", "charlie"):
            self.assertTrue(User.objects.get(username=name).check_password("password"), name)
        self.client.login(username="root", password="password")
        invitation = Invitation.objects.get(username="root")
        self.assertRedirects(self.client.post("/invitations/", {"decline": invitation.pk}), "/",
                             fetch_redirect_response=False)
        self.assertFalse(Invitation.objects.filter(username="root").exists())
        self.assertFalse(EventRole.objects.filter(event=self.event, user__username="root").exists())
        self.client.login(username="bob", password="password")
        mine = Invitation.objects.get(username="charlie").pk
        self.client.post("/invitations/", {"accept": mine})  # an invitation of another name
        self.assertTrue(Invitation.objects.filter(pk=mine).exists())

    def test_arbiters_of_one_event_cannot_write_another(self) -> None:
        other = services.create_event(self.charlie, name="Other", slug="other")
        self.client.login(username="bob", password="password")
        self.assertEqual(self.client.post("/e/other/sections/new/", {"name": "A", "slug": "a"}).status_code, 403)
        self.assertFalse(other.sections.exists())

    def test_it_enforces_csrf(self) -> None:
        client = Client(enforce_csrf_checks=True)
        client.login(username="bob", password="password")
        response = client.post(self.url("sp-player-add"), {"name": "Csrf, Carl"})
        self.assertEqual(response.status_code, 403)
        self.assertFalse(Player.objects.filter(name="Csrf, Carl").exists())
        page = client.get(self.url("sp-player-add"))
        token = page.cookies["csrftoken"].value
        response = client.post(self.url("sp-player-add"), {"name": "Csrf, Carl", "rating": "0", "paired": "1",
                                                           "csrfmiddlewaretoken": token})
        self.assertEqual(response.status_code, 302)

    def test_it_escapes_markup_in_names(self) -> None:
        hostile = '<script>alert("x")</script>, Eve'
        services.add_players(self.section, self.alice, [services.PlayerData(name=hostile)])
        Event.objects.filter(pk=self.event.pk).update(name="<img src=x onerror=alert(1)>")
        for url in (self.url("sp-section"), self.url("sp-standings"), self.url("sp-player", 11), "/"):
            response = self.client.get(url)
            self.assertNotContains(response, "<script>alert", msg_prefix=url)
            self.assertNotContains(response, "<img src=x", msg_prefix=url)
        self.assertContains(self.client.get(self.url("sp-section")), "&lt;script&gt;")

    def test_it_neutralises_formulas_in_csv_exports(self) -> None:
        services.add_players(self.section, self.alice, [services.PlayerData(name="=HYPERLINK(1), Mallory")])
        text = self.client.get(self.url("sp-export-csv", "players")).content.decode()
        self.assertIn("'=HYPERLINK", text)

    @override_settings(SWISSPAIR_MAX_UPLOAD=1000)
    def test_it_refuses_oversized_uploads(self) -> None:
        self.client.login(username="bob", password="password")
        big = b"name\n" + b"Someone, Big\n" * 200
        response = self.client.post(self.url("sp-players-import"), {"paired": "0", 
            "format": "csv", "file": SimpleUploadedFile("p.csv", big)})
        self.assertContains(response, "too large")
        self.assertEqual(Player.objects.count(), 10)

    def test_it_refuses_binary_uploads(self) -> None:
        self.client.login(username="bob", password="password")
        response = self.client.post("/e/test/sections/import-trf/", {
            "name": "X", "slug": "x", "system": "dutch", "file": SimpleUploadedFile("x.trf", b"\x00\x01\x02")})
        self.assertContains(response, "x.trf:1:1: binary data (NUL byte): not a text TRF file")

    def test_it_rejects_a_malformed_trf_upload(self) -> None:
        self.client.login(username="bob", password="password")
        response = self.client.post("/e/test/sections/import-trf/", {
            "name": "X", "slug": "x", "system": "dutch",
            "file": SimpleUploadedFile("x.trf", b"001 <script>  broken\nXXR abc\n")})
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "Invalid TRF")
        self.assertNotContains(response, "<script>  broken")
        self.assertFalse(self.event.sections.filter(slug="x").exists())


class ChiefArbiterTestCase(BaseTestCase):
    """An event always keeps a chief arbiter (FIDE C.05: the chief arbiter is responsible for the event)."""

    players = 0

    def setUp(self) -> None:
        super().setUp()
        self.client.login(username="alice", password="password")

    def test_the_last_chief_cannot_step_down_nor_be_removed(self) -> None:
        response = self.client.post("/e/test/arbiters/", {"username": "alice", "role": "arbiter"})
        self.assertContains(response, "alice is the only chief arbiter of this event")
        self.assertEqual(EventRole.objects.get(event=self.event, user=self.alice).role, EventRole.CHIEF)
        self.assertEqual(self.client.get("/e/test/edit/").status_code, 200)
        chief = EventRole.objects.get(event=self.event, user=self.alice)
        with self.assertRaisesMessage(services.OperationError, "cannot remove yourself"):
            services.remove_role(self.event, self.alice, chief.pk)

    def test_with_another_chief_the_chief_may_step_down(self) -> None:
        self.client.post("/e/test/arbiters/", {"username": "bob", "role": "chief"})
        response = self.client.post("/e/test/arbiters/", {"username": "alice", "role": "arbiter"})
        self.assertRedirects(response, "/e/test/", fetch_redirect_response=False)
        self.assertEqual(EventRole.objects.get(event=self.event, user=self.alice).role, EventRole.ARBITER)
        self.assertEqual(self.client.get("/e/test/arbiters/").status_code, 403)
        self.assertEqual(AuditEntry.objects.filter(action="arbiter-role").count(), 2)
