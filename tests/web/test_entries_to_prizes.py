"""From the entry form to the prize list: what an approved entry, the check-in and an announced absence give
the categories, the standings, the prize list and the rating report."""

from __future__ import annotations

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import categories, lists, prizes, ratings, registration, standings
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.rows import AwardSettings, Category, Entry, Player

from .helpers import BaseTestCase
from .test_registration import RATING_LIST, form


class EntriesToPrizesTestCase(BaseTestCase):
    players = 4

    @classmethod
    def build(cls) -> None:
        cls.event.start_date = "2026-04-01"
        cls.event.save()
        version = registration.registration_of(cls.section).version
        services.registration.set_open(cls.section, cls.alice, True, version)

    def enter(self, **fields: str) -> Player:
        """An entry typed on the public form, approved by the arbiter: the player it makes."""
        response = self.client.post(self.url("sp-register"), form(**fields))
        self.assertEqual(response.status_code, 302, response.content.decode()[-3000:])
        entry = Entry.objects.latest("pk")
        return services.registration.approve(entry, self.alice, entry.version)

    def members(self, code: str) -> frozenset[int]:
        data = SectionData.load(self.section)
        views = categories.category_views(data, standings.table(data), categories.settings_of(self.section))
        return next(v.members for v in views if v.row.code == code)

    def finish(self) -> None:
        for number in range(1, self.section.rounds + 1):
            self.play_round()
            services.publish_round(self.section.round_set.get(number=number), self.alice)

    @pytest.mark.slow
    def test_an_approved_entry_is_in_the_categories_its_form_gives(self) -> None:
        """Birth date, sex, club and federation as typed on the form (or taken from the rating list) decide the
        categories (FIDE C.07 (2026) 4.2: a category's standings are the final standings filtered)."""
        self.client.login(username="alice", password="password")
        response = self.client.post(self.url("sp-entries-list"), {
            "file": SimpleUploadedFile("players_list_foa.txt", RATING_LIST.encode()), "kind": "standard"})
        self.assertRedirects(response, self.url("sp-entries"))
        self.client.logout()
        girl = self.enter(name="Malá, Eva", birth_date="2011-05-01", sex="w", club="ŠK Slavoj", federation="cze",
                          rating="1650")
        boy = self.enter(name="Malý, Jan", birth_date="1.4.2010", sex="m", club="šk slavoj", federation="CZE")
        listed = self.enter(fide_id="1120010")  # Nowak, Anna: POL, F, born 2004, from the rating list
        self.assertEqual((listed.name, listed.sex, listed.birth_date), ("Nowak, Anna", "w", "2004/00/00"))
        for code, prizes_ in (("U16", "100"), ("W", "100"), ("label:ŠK Slavoj", ""), ("CZE", "")):
            settings = categories.settings_of(self.section)
            services.categories.save_category(self.section, self.alice, {"code": code, "name": code, "order": 2,
                                                                 **self.conditions(code), "prizes": prizes_},
                                     settings.version)
        # on 1 April 2026 Jan, born 1 April 2010, is 16: not under 16
        # pairing numbers follow the ratings before round 1 (C.04.2 2.2): read them once all are entered
        for player in (girl, boy, listed):
            player.refresh_from_db()
        self.assertEqual(self.members("U16"), {girl.tpn})
        self.assertEqual(self.members("W"), {girl.tpn, listed.tpn})
        self.assertEqual(self.members("ŠK Slavoj"), {girl.tpn, boy.tpn})  # a club is a label, case aside
        self.assertEqual(self.members("CZE"), {girl.tpn, boy.tpn})

    def conditions(self, code: str) -> dict[str, object]:
        """The conditions the category form would fill in from ``code``."""
        from swisspair.categories import Category as CoreCategory

        core = CoreCategory.parse(code)
        return {"age_below": core.age_below, "age_from": core.age_from, "sex": core.sex,
                "rating_from": core.rating_from, "rating_below": core.rating_below, "unrated": "",
                "federations": ",".join(sorted(core.federations)), "label": core.label,
                "code": core.code}

    def test_an_entrys_birth_date_chooses_the_juniors_k(self) -> None:
        """K is 40 until the end of the year of the 18th birthday for a player under 2300 (FIDE B.02 8.3.3), from
        the birth date typed on the form."""
        junior = self.enter(name="Young, Yan", birth_date="2008", rating="2100")
        senior = self.enter(name="Old, Oleg", birth_date="1990", rating="2100")
        self.play_round()
        junior.refresh_from_db()
        senior.refresh_from_db()
        report = ratings.compute(SectionData.load(self.section), 1).report
        self.assertEqual((report.player(junior.tpn).k, report.player(senior.tpn).k), (40, 20))

    def test_without_dates_the_juniors_k_counts_this_year(self) -> None:
        """An event without dates is played now: K is 40 for a player turning 16 this year (FIDE B.02 8.3.3), as the
        categories count ages on today."""
        self.event.start_date = None
        self.event.save()
        junior = self.enter(name="Young, Yan", birth_date=str(datetime.date.today().year - 16), rating="2100")
        self.play_round()
        junior.refresh_from_db()
        self.assertEqual(ratings.compute(SectionData.load(self.section), 1).report.player(junior.tpn).k, 40)

    @pytest.mark.slow
    def test_the_check_ins_absence_is_no_game_in_the_rating_report(self) -> None:
        """A player the check-in leaves out of round 1 has a zero-point bye there (C.04.2 (2026) art. 4.1, 3.3):
        not a game, so not rated (FIDE B.02 5.1) and not counted among the games; the standings show the ``Z``."""
        late = self.enter(name="Late, Lara", rating="2000")
        self.section.refresh_from_db()
        present = {p.tpn: p.tpn != late.tpn for p in self.section.players.all()}
        services.presence.set_presence(self.section, self.alice, present)
        for _ in range(3):
            self.play_round()
        line = ratings.compute(SectionData.load(self.section), 3).report.player(late.tpn)
        self.assertEqual(line.games[0].reason, ratings.NotRated.BYE)
        games = [cell for cell in row_cells(self.section, late.tpn) if cell[-1:] in ("1", "½", "0")]
        self.assertEqual(len(line.rated_games), len(games))
        self.assertEqual(ratings.not_rated_text(line.games[0].reason), "bye: not rated (5.1)")
        self.assertEqual(row_cells(self.section, late.tpn)[0], "Z")
        self.client.login(username="bob", password="password")  # the rounds are not published
        csv_rows = self.client.get(self.url("sp-ratings-export", "csv")).content.decode().splitlines()
        mine = f"{late.tpn},\"Late, Lara\",,2000,20,{len(games)},"
        self.assertTrue(any(r.startswith(mine) for r in csv_rows), (mine, csv_rows))

    @pytest.mark.slow
    def test_an_announced_absence_is_the_zero_point_bye_it_is(self) -> None:
        """An absence announced through the private link is the player's zero-point bye in that round (C.04.2
        (2026) art. 3.3): ``Z`` in the standings and the pairings by name, no points towards a prize, not rated
        (FIDE B.02 5.1)."""
        player = self.enter(name="Away, Alex", rating="2500")
        entry = Entry.objects.get(player=player)
        self.client.post(self.url("sp-entry", entry.token), {"round_number": "2", "kind": "Z"})
        Category.objects.filter(section=self.section, code="").update(prizes="100 50")
        categories.settings_of(self.section)
        AwardSettings.objects.filter(section=self.section).update(sharing="equal")
        self.finish()
        data = SectionData.load(self.section)
        cells = row_cells(self.section, player.tpn)
        self.assertEqual(cells[1], "Z")
        scores = {r.player.tpn: r.points for r in standings.table(data).rows}
        self.assertEqual(scores[player.tpn], sum(1 for cell in cells if cell.endswith("1") or cell == "U"))
        by_name = next(x for x in lists.by_name(self.section.round_set.get(number=2)) if x.player == player)
        self.assertEqual((by_name.bye, by_name.awarded), ("Z", "0"))
        view = prizes.compute(data)
        assert view.result is not None
        self.assertEqual(view.result.points[player.tpn], scores[player.tpn])
        line = ratings.compute(data, 5).report.player(player.tpn)
        games = [cell for cell in cells if cell[-1:] in ("1", "½", "0")]
        self.assertEqual((line.games[1].reason, len(line.rated_games)), (ratings.NotRated.BYE, len(games)))


def row_cells(section: object, tpn: int) -> list[str]:
    """The crosstable cells of ``tpn`` in the standings (``3w1``, ``U``, ``Z``...)."""
    return next(r.cells for r in standings.table(SectionData.load(section)).rows if r.player.tpn == tpn)
