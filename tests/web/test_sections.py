"""Events and sections through the views: creation, settings, conflicts, tie-break lists."""

from __future__ import annotations

from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Event, EventRole, Section

from .helpers import BaseTestCase


class SectionsTestCase(BaseTestCase):
    players = 0

    def test_it_creates_an_event_and_a_section(self) -> None:
        self.client.login(username="charlie", password="password")
        response = self.client.post("/events/new/", {"name": "Charlie Cup", "slug": "cup", "public": "on"})
        self.assertRedirects(response, "/e/cup/sections/new/")
        event = Event.objects.get(slug="cup")
        self.assertEqual(EventRole.objects.get(event=event).role, EventRole.CHIEF)
        response = self.client.post("/e/cup/sections/new/", {
            "name": "A", "slug": "a", "system": "dutch", "rounds": "9", "tiebreaks": "bh/c1, sb", "acceleration": "baku",
            "initial_colour": "", "win": "1", "draw": "0.5", "loss": "0", "pab": "1", "half_bye": "0.5",
            "full_bye": "1", "forfeit_win": "1", "forfeit_loss": "0", "zero_bye": "0"})
        self.assertRedirects(response, "/e/cup/a/manage/")
        section = Section.objects.get(event=event, slug="a")
        self.assertEqual((section.rounds, section.tiebreaks, section.acceleration), (9, "BH/C1,SB", "baku"))

    def test_it_refuses_baku_with_a_scoring_it_does_not_allow(self) -> None:
        """C.04.7 1.1: Baku needs a win worth twice a draw and nothing for a loss (3-1-0 is refused)."""
        self.client.login(username="alice", password="password")
        data = {"name": "Open", "slug": "open", "system": "dutch", "rounds": "5", "tiebreaks": "BH",
                "acceleration": "baku", "initial_colour": "w", "win": "3", "draw": "1", "loss": "0", "pab": "3",
                "half_bye": "1", "full_bye": "3", "forfeit_win": "3", "forfeit_loss": "0", "zero_bye": "0",
                "version": str(self.section.version)}
        response = self.client.post(self.url("sp-section-edit"), data)
        self.assertContains(response, "Baku acceleration needs a win worth twice a draw")
        self.assertNotEqual(Section.objects.get(pk=self.section.pk).acceleration, "baku")
        data.update(win="2", draw="1", pab="2", full_bye="2", forfeit_win="2")
        self.client.post(self.url("sp-section-edit"), data)
        self.assertEqual(Section.objects.get(pk=self.section.pk).acceleration, "baku")

    def test_it_refuses_a_taken_short_name(self) -> None:
        """Short names differing only in case are one (two public folders ``A`` and ``a`` are one on a file system
        that ignores case), and the refusal says so in words."""
        self.client.login(username="alice", password="password")
        for slug in ("test", "TEST"):
            response = self.client.post("/events/new/", {"name": "Again", "slug": slug})
            self.assertContains(response, "This short name is taken by another event (short names are compared "
                                          "without regard to case", msg_prefix=slug)
        self.assertEqual(Event.objects.filter(slug__iexact="test").count(), 1)
        with self.assertRaisesMessage(services.NameTaken, "taken by another section of the event"):
            services.create_section(Section(event=self.event, name="Again", slug="OPEN"), self.alice)
        self.assertEqual(Section.objects.filter(slug__iexact="open").count(), 1)

    def test_it_refuses_an_unknown_tie_break(self) -> None:
        self.client.login(username="alice", password="password")
        response = self.client.post(self.url("sp-section-edit"), {
            "name": "Open", "slug": "open", "system": "dutch", "rounds": "5", "tiebreaks": "BH,<script>",
            "acceleration": "", "initial_colour": "w", "win": "1", "draw": "0.5", "loss": "0", "pab": "1",
            "half_bye": "0.5", "full_bye": "1", "forfeit_win": "1", "forfeit_loss": "0", "zero_bye": "0",
            "version": str(self.section.version)})
        self.assertEqual(response.status_code, 200)
        self.assertNotContains(response, "<script>,")
        self.section.refresh_from_db()
        self.assertNotIn("script", self.section.tiebreaks)

    def test_it_refuses_stale_settings(self) -> None:
        self.client.login(username="alice", password="password")
        data = {"name": "Renamed", "slug": "open", "system": "dutch", "rounds": "5", "tiebreaks": "BH",
                "acceleration": "", "initial_colour": "w", "win": "1", "draw": "0.5", "loss": "0", "pab": "1",
                "half_bye": "0.5", "full_bye": "1", "forfeit_win": "1", "forfeit_loss": "0", "zero_bye": "0",
                "version": str(self.section.version - 1)}
        self.client.post(self.url("sp-section-edit"), data)
        self.assertEqual(Section.objects.get(pk=self.section.pk).name, "Open")
        data["version"] = str(self.section.version)
        self.client.post(self.url("sp-section-edit"), data)
        self.assertEqual(Section.objects.get(pk=self.section.pk).name, "Renamed")

    def test_the_chief_edits_the_event(self) -> None:
        self.client.login(username="alice", password="password")
        response = self.client.post("/e/test/edit/", {"name": "Test Open 2", "slug": "test", "public": "on"})
        self.assertRedirects(response, "/e/test/")
        self.client.login(username="bob", password="password")
        self.assertEqual(self.client.get("/e/test/edit/").status_code, 403)


class RecommendedRoundsTestCase(BaseTestCase):
    players = 16

    def test_it_shows_the_recommended_number_of_rounds(self) -> None:
        """The Swiss for any sport: round(log2 players) + round(log2 prize places) - 1, shown with the rounds setting."""
        self.client.login(username="alice", password="password")
        response = self.client.get(self.url("sp-section-edit"))
        self.assertContains(response, "16 players and 4 prize places give 5.")
        self.assertContains(response, "For 16 players and 3 prize places: 5 rounds.")
