"""Categories of a section: added from their codes, edited, deleted, their standings a filter of the final
standings (FIDE C.07 (2026) 4.2: the same tie-breaks); players' labels and K; versions and permissions."""

from __future__ import annotations

import pytest

from swisspair_web.tournaments.reads import categories, standings
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.rows import AuditEntry, Category, Player, PlayerDetail

from .helpers import BaseTestCase


class CategoryTestCase(BaseTestCase):
    @classmethod
    def build(cls) -> None:
        # players 1, 4 and 7 are under 16 on 2026-01-01 (born 2010-2012); 2 and 7 are women
        births = {1: "2011/05/01", 4: "2010/01/02", 7: "2012", 3: "1970/03/03"}
        for tpn, birth in births.items():
            Player.objects.filter(section=cls.section, tpn=tpn).update(birth_date=birth)
        Player.objects.filter(section=cls.section, tpn__in=[2, 7]).update(sex="w")
        cls.event.start_date = "2026-01-01"
        cls.event.save()

    def setUp(self) -> None:
        super().setUp()
        self.client.login(username="bob", password="password")

    def version(self) -> int:
        return categories.settings_of(self.section).version

    def add(self, **fields: str) -> None:
        data = {"version": str(self.version()), "order": "2", "code": "", "name": "", "prizes": "", **fields}
        response = self.client.post(self.url("sp-category-add"), data)
        self.assertEqual(response.status_code, 302, response.content.decode()[:2000])

    @pytest.mark.slow
    def test_it_adds_a_category_from_its_code(self) -> None:
        self.add(code="u16", prizes="100 50")
        row = Category.objects.get(section=self.section, code="U16")
        self.assertEqual((row.age_below, row.name, row.prizes), (16, "U16", "100 50"))
        self.assertTrue(AuditEntry.objects.filter(action="category-added", section=self.section).exists())
        page = self.client.get(self.url("sp-categories")).content.decode()
        self.assertIn("under 16", page)
        self.assertIn("Overall", page)
        # the players without a birth date are named: an age category cannot place them
        self.assertIn('id="undated"', page)
        self.assertIn("Player01, Test", page[page.index('id="undated"'):page.index('id="categories"')])
        Player.objects.filter(section=self.section, tpn=2).update(birth_date="15.06.1990")  # any form the TRF has
        page = self.client.get(self.url("sp-categories")).content.decode()
        self.assertNotIn("Player01, Test", page[page.index('id="undated"'):page.index('id="categories"')])

    @pytest.mark.slow
    def test_its_standings_are_the_final_standings_filtered_4_2(self) -> None:
        for _ in range(3):
            self.play_round()
        self.add(code="U16")
        self.add(code="W", order="3")
        data = SectionData.load(self.section)
        table = standings.table(data)
        views = {v.row.code: v for v in categories.category_views(data, table, categories.settings_of(self.section))}
        self.assertEqual(views["U16"].members, {1, 4, 7})
        self.assertEqual(views["W"].members, {2, 7})
        overall = [r.player.tpn for r in table.rows]
        self.assertEqual([row.player.tpn for _line, row in views["U16"].lines],
                         [tpn for tpn in overall if tpn in {1, 4, 7}])
        self.assertEqual([line.place for line, _row in views["U16"].lines][0], 1)
        page = self.client.get(self.url("sp-category", views["U16"].row.pk)).content.decode()
        names = [f"Player{tpn - 1:02d}, Test" for tpn in overall if tpn in {1, 4, 7}]
        self.assertLess(page.index(names[0]), page.index(names[1]))
        self.assertLess(page.index(names[1]), page.index(names[2]))
        self.assertNotIn("Player01, Test", page)  # player 2 is a woman over 16: not in U16

    def test_a_known_code_fills_the_conditions_left_empty(self) -> None:
        self.add(code="U16", sex="w", name="Girls U16")
        row = Category.objects.get(code="U16")
        self.assertEqual((row.age_below, row.sex, row.name), (16, "w", "Girls U16"))

    def test_it_needs_conditions_for_a_code_it_does_not_know(self) -> None:
        response = self.client.post(self.url("sp-category-add"), {"version": str(self.version()), "order": "2",
                                                                  "code": "Juniors", "name": "", "prizes": ""})
        self.assertEqual(response.status_code, 400)
        self.assertContains(response, "Give the conditions", status_code=400)
        self.add(code="Juniors", age_below="21", name="Juniors")
        self.assertEqual(Category.objects.get(code="Juniors").age_below, 21)

    @pytest.mark.slow
    def test_it_refuses_prizes_that_are_not_amounts_or_pay_a_lower_place_more(self) -> None:
        for prizes in ("100 abc", "50 100", "-5"):
            response = self.client.post(self.url("sp-category-add"), {"version": str(self.version()), "order": "2",
                                                                      "code": "U16", "prizes": prizes})
            self.assertEqual(response.status_code, 400, prizes)
        self.assertFalse(Category.objects.filter(code="U16").exists())

    def test_it_refuses_a_write_on_a_stale_page(self) -> None:
        seen = self.version()
        self.add(code="U16")
        response = self.client.post(self.url("sp-category-add"), {"version": str(seen), "order": "3", "code": "W"},
                                    follow=True)
        self.assertContains(response, "changed by somebody else", status_code=400)
        self.assertFalse(Category.objects.filter(code="W").exists())
        # the page now shows the current state, and its form the current version: sending it again works
        self.assertContains(response, f'name="version" value="{self.version()}"', status_code=400)
        self.assertContains(response, "under 16", status_code=400)

    def test_an_edit_from_a_stale_page_is_refused_and_the_current_category_shown(self) -> None:
        self.add(code="U16", prizes="100")
        row = Category.objects.get(code="U16")
        seen = self.version()
        self.client.post(self.url("sp-category-edit", row.pk), {"version": str(seen), "order": "2", "code": "U16",
                                                                "name": "U16", "prizes": "90", "age_below": "16"})
        response = self.client.post(self.url("sp-category-edit", row.pk), {
            "version": str(seen), "order": "2", "code": "U16", "name": "U16", "prizes": "80", "age_below": "16"})
        self.assertContains(response, "changed by somebody else")
        self.assertContains(response, 'value="90"')
        self.assertContains(response, f'name="version" value="{self.version()}"')
        row.refresh_from_db()
        self.assertEqual(row.prizes, "90")

    def test_it_edits_and_deletes_a_category_but_not_the_overall_standings(self) -> None:
        self.add(code="U16")
        row = Category.objects.get(code="U16")
        response = self.client.post(self.url("sp-category-edit", row.pk), {
            "version": str(self.version()), "order": "2", "code": "U16", "name": "Under 16", "prizes": "80 40",
            "age_below": "16"})
        self.assertEqual(response.status_code, 302)
        row.refresh_from_db()
        self.assertEqual((row.name, row.prizes), ("Under 16", "80 40"))
        overall = Category.objects.get(section=self.section, code="")
        response = self.client.post(self.url("sp-category-edit", overall.pk), {
            "version": str(self.version()), "delete": "1"}, follow=True)
        self.assertContains(response, "cannot be deleted")
        self.client.post(self.url("sp-category-edit", row.pk), {"version": str(self.version()), "delete": "1"})
        self.assertFalse(Category.objects.filter(code="U16").exists())
        self.assertTrue(AuditEntry.objects.filter(action="category-deleted").exists())

    def test_it_saves_labels_and_k_and_a_label_makes_a_category(self) -> None:
        page = self.client.get(self.url("sp-player-details"))
        self.assertContains(page, 'name="labels-3"')
        response = self.client.post(self.url("sp-player-details"), {
            "version": str(self.version()), "labels-3": "School 5, Chess Club", "k-3": "40", "labels-5": "school 5",
            "k-5": ""})
        self.assertEqual(response.status_code, 302)
        detail = PlayerDetail.objects.get(player__tpn=3)
        self.assertEqual((detail.labels, detail.k_factor), ("School 5, Chess Club", 40))
        self.add(code="label:School 5")
        data = SectionData.load(self.section)
        views = categories.category_views(data, standings.table(data), categories.settings_of(self.section))
        self.assertEqual(next(v for v in views if v.row.code == "School 5").members, {3, 5})
        bad = self.client.post(self.url("sp-player-details"), {"version": str(self.version()), "labels-3": "",
                                                               "k-3": "x"}, follow=True)
        self.assertContains(bad, "K must be a whole number")
        stale = self.client.post(self.url("sp-player-details"), {"version": "0", "labels-3": "", "k-3": ""})
        self.assertContains(stale, "changed by somebody else")
        self.assertContains(stale, 'value="School 5, Chess Club"')  # what is stored now
        self.assertContains(stale, f'name="version" value="{self.version()}"')

    def test_it_refuses_writes_of_others_and_shows_categories_to_the_public(self) -> None:
        self.client.logout()
        self.assertEqual(self.client.get(self.url("sp-categories")).status_code, 200)
        self.assertEqual(self.client.post(self.url("sp-category-add"), {"code": "U16"}).status_code, 302)  # login
        self.client.login(username="charlie", password="password")
        self.assertEqual(self.client.post(self.url("sp-category-add"), {"version": "0", "code": "U16"}).status_code,
                         403)
        self.assertEqual(self.client.get(self.url("sp-player-details")).status_code, 403)
        self.assertFalse(Category.objects.filter(code="U16").exists())
