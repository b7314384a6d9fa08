"""Names are one line: a line break in an event's, section's, player's or registrant's name, a city or the
chief arbiter is refused by the forms; an event name saved before still lets a registrant enter and get
their link (the mail's subject is one line)."""

from __future__ import annotations

from django.core import mail

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import registration
from swisspair_web.tournaments.rows import Entry, Event

from .helpers import BaseTestCase
from .test_registration import form


class SingleLineTestCase(BaseTestCase):
    players = 0

    def test_a_line_break_in_a_name_is_refused(self) -> None:
        self.client.login(username="alice", password="password")
        fields = {"name": "Test Open", "slug": "test", "city": "Praha", "federation": "", "start_date": "",
                  "end_date": "", "chief_arbiter": "Novák, Jan"}
        for field, value in (("name", "Test\nOpen"), ("city", "Praha\r\nX-Header: y"), ("chief_arbiter", "Novák\tJan")):
            response = self.client.post("/e/test/edit/", {**fields, field: value})
            self.assertContains(response, "One line, without a line break", status_code=200)
        self.assertEqual(Event.objects.get(slug="test").name, "Test Open")
        services.registration.set_open(self.section, self.alice, True,
                                       registration.registration_of(self.section).version)
        self.client.logout()
        response = self.client.post(self.url("sp-register"), form(name="Early,\nEve"))
        self.assertContains(response, "One line, without a line break", status_code=200)
        self.assertFalse(Entry.objects.exists())

    def test_an_event_name_with_a_line_break_saved_before_still_mails_the_link(self) -> None:
        Event.objects.filter(slug="test").update(name="Test\nOpen")
        services.registration.set_open(self.section, self.alice, True,
                                       registration.registration_of(self.section).version)
        response = self.client.post(self.url("sp-register"), form(name="Early, Eve"))
        entry = Entry.objects.get()
        self.assertRedirects(response, self.url("sp-entry", entry.token))
        self.assertEqual(mail.outbox[-1].subject, "Your entry: Test Open")
