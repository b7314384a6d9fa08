"""Team sections (FIDE C.04.6): rosters, team pairing by the core, board results, MP/GP, standings, pages, TRF."""

from __future__ import annotations

import pytest

import io
import json
from fractions import Fraction

from swisspair import trf
from swisspair.pairing.team import find_team_system, team_event
from swisspair.teams import MatchPoints
from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import teams
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.rows import AuditEntry, Board, Bye, Player, Round, Section, Team, TeamMatch

from .helpers import BaseTestCase, pair_form, shown, token

TEAM_SECTION = {
    "name": "Teams", "slug": "teams", "kind": "team", "system": "dutch", "rounds": "4", "tiebreaks": "BH/C1,BH,SB,DE,WIN,BWG",
    "acceleration": "", "initial_colour": "w", "win": "1", "draw": "0.5", "loss": "0", "pab": "1",
    "half_bye": "0.5", "full_bye": "1", "forfeit_win": "1", "forfeit_loss": "0", "zero_bye": "0", "boards": "2",
    "match_win": "2", "match_draw": "1", "match_loss": "0", "team_primary": "MP", "team_colours": "A"}


class TeamBase(BaseTestCase):
    players = 0

    def turl(self, name: str, *args: object) -> str:
        from django.urls import reverse

        return reverse(name, args=["test", "teams", *args])

    def make_section(self, teams_count: int = 5, members: int = 3) -> Section:
        """A team section through the views: ``teams_count`` teams of ``members`` players (2 boards)."""
        self.client.login(username="bob", password="password")
        response = self.client.post("/e/test/sections/new/", TEAM_SECTION)
        self.assertRedirects(response, "/e/test/teams/manage/")
        section = Section.objects.get(slug="teams")
        for t in range(1, teams_count + 1):
            self.client.post(self.turl("sp-team-new"), {"name": f"Club {t}"})
            for b in range(1, members + 1):
                self.client.post(self.turl("sp-team-action", t), {
                    "action": "add", "name": f"Player {t}-{b}", "rating": str(2300 - 100 * t - b)})
        section.refresh_from_db()
        return section

    def enter(self, number: int, codes: dict[int, str]) -> None:
        """Results of round ``number`` through the result page: ``{board: key}``."""
        boards = {b.number: b for b in Board.objects.filter(round__section__slug="teams", round__number=number)}
        data = {}
        for board, key in codes.items():
            data[f"r{board}"] = key
            data |= shown(boards[board])
        response = self.client.post(self.turl("sp-results", number), data)
        self.assertEqual(response.status_code, 302)


class TeamTestCase(TeamBase):
    def test_it_creates_a_team_section_with_team_settings(self) -> None:
        section = self.make_section(2, 2)
        # the form forces the team system (C.04.6) and the team tie-breaks of current practice
        self.assertEqual((section.kind, section.system, section.boards), ("team", "team", 2))
        self.assertEqual(section.tiebreaks, "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPVGP")
        self.assertEqual([t.name for t in section.teams.all()], ["Club 1", "Club 2"])
        self.assertEqual([(p.team.number, p.board_order) for p in Player.objects.filter(section=section)],
                         [(1, 1), (1, 2), (2, 1), (2, 2)])
        self.assertTrue(AuditEntry.objects.filter(action="team-member-added").exists())

    def test_it_refuses_the_team_system_in_an_individual_section(self) -> None:
        self.client.login(username="alice", password="password")
        response = self.client.post("/e/test/sections/new/", {**TEAM_SECTION, "kind": "individual", "system": "team"})
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "The team system needs a team section")

    @pytest.mark.slow
    def test_it_reorders_the_roster_until_round_1_is_paired(self) -> None:
        section = self.make_section(2, 3)
        third = Player.objects.get(section=section, name="Player 1-3")
        self.client.post(self.turl("sp-team-action", 1), {"action": "up", "tpn": third.tpn})
        team = Team.objects.get(section=section, number=1)
        self.assertEqual([p.name for p in teams.roster(team)], ["Player 1-1", "Player 1-3", "Player 1-2"])
        self.client.post(self.turl("sp-team-action", 1), {"action": "remove", "tpn": third.tpn})
        self.assertEqual([(p.name, p.board_order) for p in teams.roster(team)], [("Player 1-1", 1), ("Player 1-2", 2)])
        self.client.post(self.turl("sp-pair"), pair_form("teams", "1"))
        first = Player.objects.get(section=section, name="Player 1-2")
        response = self.client.post(self.turl("sp-team-action", 1), {"action": "down", "tpn": first.tpn}, follow=True)
        self.assertContains(response, "The board order is fixed once round 1 is paired")

    @pytest.mark.slow
    def test_it_refuses_a_team_short_of_players(self) -> None:
        self.make_section(2, 2)
        self.client.post(self.turl("sp-team-action", 2), {"action": "remove",
                                                          "tpn": Player.objects.get(name="Player 2-2").tpn})
        response = self.client.post(self.turl("sp-pair"), pair_form("teams", "1"), follow=True)
        self.assertContains(response, "Team Club 2 has 1 player for round 1; a match has 2 boards.")
        self.assertFalse(Round.objects.filter(section__slug="teams").exists())

    @pytest.mark.slow
    def test_it_refuses_a_team_without_players(self) -> None:
        self.make_section(2, 2)
        self.client.post(self.turl("sp-team-new"), {"name": "Empty"})
        response = self.client.post(self.turl("sp-pair"), pair_form("teams", "1"), follow=True)
        self.assertContains(response, "Team Empty has no players.")

    @pytest.mark.slow
    def test_an_absent_team_is_not_paired(self) -> None:
        section = self.make_section(3, 2)
        for player in Player.objects.filter(section=section, team__number=3):
            services.request_bye(player, self.alice, 1, Bye.ZERO)
        section.refresh_from_db()
        services.teams.pair_team_round(section, self.alice)
        rnd = Round.objects.get(section=section, number=1)
        match = rnd.matches.get()
        self.assertEqual({match.white.number, match.black.number}, {1, 2})
        self.assertIsNone(rnd.team_bye)

    @pytest.mark.slow
    def test_it_plays_a_team_event_end_to_end(self) -> None:
        section = self.make_section(5, 3)
        for number in range(1, 4):
            response = self.client.post(self.turl("sp-pair"), pair_form("teams", str(number)))
            self.assertRedirects(response, self.turl("sp-results", number))
            rnd = Round.objects.get(section=section, number=number)
            matches = list(rnd.matches.select_related("white", "black"))
            self.assertEqual(len(matches), 2)
            # C.04.6 3.4: five teams, one pairing-allocated bye, a different team each round (C2)
            self.assertIsNotNone(rnd.team_bye)
            self.assertEqual(Bye.objects.filter(section=section, round_number=number, kind="U").count(), 2)
            for match in matches:
                games = list(match.games.select_related("white", "black").order_by("number"))
                # line-up: the first two players of each roster; C.04.6 1.6.1 and 352 WBWB: the team with
                # White has White on board 1 and Black on board 2
                self.assertEqual([g.white.team_id for g in games], [match.white_id, match.black_id])
                self.assertEqual([g.white.board_order for g in games], [1, 2])
            # board 1 of every match: white wins; board 2: draw -> the team with White wins 1.5 : 0.5
            self.enter(number, {b.number: ("1" if (b.number - 1) % 2 == 0 else "=") for b in rnd.boards.all()})
            response = self.client.post(self.turl("sp-publish", number), {"publish": "1", **token(section, number)})
            self.assertEqual(response.status_code, 302)
        self.assertEqual(len({r.team_bye_id for r in Round.objects.filter(section=section)}), 3)
        page = self.client.get(self.turl("sp-results", 1)).content.decode()
        self.assertIn("1.5 : 0.5", page)

        # MP and GP from the board results (C.04.6 1.2): 2 MP and 1.5 GP for White, 0 and 0.5 for Black
        expected: dict[int, tuple[Fraction, Fraction]] = {}
        bye_teams = {r.team_bye.number for r in Round.objects.filter(section=section)}
        for team in Team.objects.filter(section=section):
            whites = TeamMatch.objects.filter(round__section=section, white=team).count()
            blacks = TeamMatch.objects.filter(round__section=section, black=team).count()
            expected[team.number] = (Fraction(2 * whites), Fraction(3, 2) * whites + Fraction(1, 2) * blacks)
        table = teams.team_table(SectionData.load(section))
        self.assertEqual(table.after_round, 3)
        self.assertEqual(table.codes, ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPVGP"])
        for row in table.rows:
            mp, gp = expected[row.team.number]
            if row.team.number in bye_teams:
                # the PAB is worth a drawn match: 1 MP and half the boards in GP (C.04.6 1.4)
                self.assertEqual((row.match_points, row.game_points), (mp + 1, gp + 1))
            else:
                self.assertEqual((row.match_points, row.game_points), (mp, gp))
        points = [r.match_points for r in table.rows]
        self.assertEqual(points, sorted(points, reverse=True))
        for score in teams.match_scores(Round.objects.get(section=section, number=2)):
            self.assertEqual((score.white_points, score.black_points), (Fraction(3, 2), Fraction(1, 2)))
            self.assertEqual((score.white_match_points, score.black_match_points), (Fraction(2), Fraction(0)))
        self.assertTrue(AuditEntry.objects.filter(action="result", section=section).exists())
        # the TRF states the team byes and their value, a drawn match of 2 boards (C.04.6 1.4; TRF26 320)
        text = self.client.get(self.turl("sp-export-trf")).content.decode()
        [pab] = [line.split() for line in text.splitlines() if line.startswith("320 ")]
        byes = [Round.objects.get(section=section, number=n).team_bye.number for n in (1, 2, 3)]  # type: ignore[union-attr]
        self.assertEqual(pab, ["320", "1.0", "1.0", *map(str, byes)])

        # public pages and JSON, logged out
        self.client.logout()
        leader = table.rows[0]
        page = self.client.get(self.turl("sp-standings")).content.decode()
        self.assertIn(leader.team.name, page)
        self.assertIn(f'id="team-row-{leader.team.number}"', page)
        page = self.client.get(self.turl("sp-round", 2)).content.decode()
        self.assertIn("1.5 : 0.5", page)
        self.assertIn("Pairing-allocated bye: ", page)  # the team PAB, under the matches
        self.assertContains(self.client.get(self.turl("sp-teams")), "Player 3-3")
        self.assertContains(self.client.get(self.turl("sp-team", leader.team.number)), leader.team.name)
        data = json.loads(self.client.get(self.turl("sp-api-standings")).content)
        self.assertEqual(data["primary"], "MP")
        self.assertEqual([r["team"] for r in data["standings"]], [r.team.number for r in table.rows])
        self.assertEqual(data["standings"][0]["match_points"], leader.match_points_text)
        data = json.loads(self.client.get(self.turl("sp-api-round", 2)).content)
        self.assertEqual([(m["white_game_points"], m["black_game_points"], m["white_match_points"])
                          for m in data["matches"]], [("1.5", "0.5", "2")] * 2)
        self.assertIsNotNone(data["bye_team"])
        data = json.loads(self.client.get(self.turl("sp-api-section")).content)
        self.assertEqual((data["kind"], data["boards"], len(data["teams"])), ("team", 2, 5))
        csv_text = self.client.get(self.turl("sp-export-csv", "standings")).content.decode()
        self.assertEqual(csv_text.splitlines()[1].split(",")[:4],
                         [leader.rank, str(leader.team.number), leader.team.name, leader.match_points_text])
        data = json.loads(self.client.get(self.turl("sp-api-team", 1)).content)
        self.assertEqual(len(data["rounds"]), 3)
        self.assertEqual(len(data["members"]), 3)

        # TRF: 310 records with roster, match points, game points and rank; 352, 362 and the 192 code
        self.client.login(username="bob", password="password")
        text = self.client.get(self.turl("sp-export-trf")).content.decode()
        tournament = trf.read(io.StringIO(text)).tournament
        records = {r.number: r for r in tournament.teams}
        self.assertEqual(tournament.system, "FIDE_TEAM_TYPEA_MP_GP")
        self.assertEqual(tournament.board_colours, "WB")
        self.assertEqual(tournament.match_points, MatchPoints(Fraction(2), Fraction(1), Fraction(0)))
        for rank, row in enumerate(table.rows, start=1):
            record = records[row.team.number]
            self.assertEqual((record.match_points, record.game_points, record.rank),
                             (row.match_points, row.game_points, rank))
            self.assertEqual(list(record.members), [p.tpn for p in teams.roster(row.team)])
        # the core's team checker re-pairs every round of the export and finds the same matches and colours
        checks = list(find_team_system(tournament.system).check_rounds(tournament))
        self.assertEqual([c.round_number for c in checks if c.ok], [1, 2, 3], [c.describe() for c in checks])

        # round 4 pairs after a correction; unpairing removes the matches
        self.client.post(self.turl("sp-pair"), pair_form("teams", "4"))
        self.assertEqual(TeamMatch.objects.filter(round__section=section, round__number=4).count(), 2)
        self.client.post(self.turl("sp-unpair", 4), token(section, 4, results=True))
        self.assertFalse(TeamMatch.objects.filter(round__section=section, round__number=4).exists())

    @pytest.mark.slow
    def test_game_points_can_rank_the_teams(self) -> None:
        """C.04.6 1.2: GP as the primary score; type B colour preferences (1.7.2) go to the engine in the
        ``192`` code."""
        self.client.login(username="bob", password="password")
        self.client.post("/e/test/sections/new/", {**TEAM_SECTION, "team_primary": "GP", "team_colours": "B"})
        for t in range(1, 5):
            self.client.post(self.turl("sp-team-new"), {"name": f"Club {t}"})
            for b in range(1, 3):
                self.client.post(self.turl("sp-team-action", t), {"action": "add", "name": f"P {t}-{b}",
                                                                  "rating": str(2000 - 10 * t - b)})
        for number in (1, 2):
            self.client.post(self.turl("sp-pair"), pair_form("teams", str(number)))
            # board 1: White wins, board 2: a draw
            rnd = Round.objects.get(section__slug="teams", number=number)
            self.enter(number, {b.number: ("1" if b.number == 1 else "=") for b in rnd.boards.all()})
        section = Section.objects.get(slug="teams")
        table = teams.team_table(SectionData.load(section))
        self.assertEqual(table.primary, "GP")
        game_points = [r.game_points for r in table.rows]
        self.assertEqual(game_points, sorted(game_points, reverse=True))
        self.assertIn("FIDE_TEAM_TYPEB_GP_MP", self.client.get(self.turl("sp-export-trf")).content.decode())
        page = self.client.get(self.turl("sp-standings")).content.decode()
        self.assertLess(page.index(">GP<"), page.index(">MP<"))

    @pytest.mark.slow
    def test_it_reports_a_conflict_on_a_board(self) -> None:
        section = self.make_section(2, 2)
        self.client.post(self.turl("sp-pair"), pair_form("teams", "1"))
        rnd = Round.objects.get(section=section, number=1)
        board = rnd.boards.get(number=1)
        services.set_results(rnd, self.alice, {1: ("10", services.seen(board))})
        response = self.client.post(self.turl("sp-results", 1), {"r1": "0", **shown(board)})
        self.assertContains(response, "Somebody else entered a different result")
        self.assertEqual(Board.objects.get(pk=board.pk).result, "10")

    @pytest.mark.slow
    def test_it_refuses_team_writes_without_a_role(self) -> None:
        section = self.make_section(2, 2)
        self.client.logout()
        writes = [(self.turl("sp-team-new"), {"name": "X"}), (self.turl("sp-team-action", 1), {"action": "delete"}),
                  (self.turl("sp-pair"), pair_form("teams", "1"))]
        for url, data in writes:
            response = self.client.post(url, data)
            self.assertEqual(response.status_code, 302, url)
            self.assertIn("/accounts/login/", response["Location"])
        self.client.login(username="charlie", password="password")
        for url, data in writes:
            self.assertEqual(self.client.post(url, data).status_code, 403, url)
        self.assertEqual(section.teams.count(), 2)
        self.assertFalse(Round.objects.filter(section=section).exists())

    def test_it_hides_the_team_pages_of_individual_sections(self) -> None:
        self.assertEqual(self.client.get(self.url("sp-teams")).status_code, 404)


@pytest.mark.slow
class TeamImportTestCase(TeamBase):
    """A team TRF file (``310``/``013`` records) imported as a team section (C.04.6)."""

    def upload(self, text: str, slug: str = "again") -> object:
        from django.core.files.uploadedfile import SimpleUploadedFile

        return self.client.post("/e/test/sections/import-trf/", {
            "name": "Again", "slug": slug, "system": "dutch", "file": SimpleUploadedFile("t.trf", text.encode())})

    def snapshot(self, section: Section) -> dict[str, object]:
        """Teams, rosters, matches, boards, results, team byes and team standings of ``section``."""
        data = SectionData.load(section)
        table = teams.team_table(data)
        return {
            "settings": (section.kind, section.system, section.boards, section.match_win, section.match_draw,
                         section.match_loss, section.team_primary, section.team_colours, section.rounds),
            "teams": [(t.number, t.name, [(p.tpn, p.name) for p in data.members(t)]) for t in data.teams],
            "matches": [(m.round.number, m.number, m.white.number, m.black.number,
                         [(g.number, g.white.tpn, g.black.tpn, g.result) for g in m.games.order_by("number")])
                        for m in TeamMatch.objects.filter(round__section=section).select_related(
                            "round", "white", "black").order_by("round__number", "number")],
            "byes": [(r.number, r.team_bye.number if r.team_bye else None) for r in data.rounds],
            "pab": sorted((b.player.tpn, b.round_number) for b in data.byes if b.kind == Bye.PAB),
            "standings": [(r.rank, r.team.number, r.match_points, r.game_points, r.tiebreaks) for r in table.rows],
        }

    def test_an_exported_team_section_comes_back_the_same(self) -> None:
        section = self.make_section(5, 3)
        results = {1: ["1", "="], 2: ["+", "0"], 3: ["=", "="]}
        for number in range(1, 4):
            self.client.post(self.turl("sp-pair"), pair_form("teams", str(number)))
            rnd = Round.objects.get(section=section, number=number)
            codes = results[number]
            self.enter(number, {b.number: codes[(b.number - 1) % 2] for b in rnd.boards.all()})
        text = self.client.get(self.turl("sp-export-trf")).content.decode()
        self.assertContains(self.client.get("/e/test/sections/import-trf/"), "A file with team records (013 or 310)")
        response = self.upload(text)
        self.assertRedirects(response, "/e/test/again/manage/", fetch_redirect_response=False)
        again = Section.objects.get(slug="again")
        self.assertEqual(self.snapshot(again), self.snapshot(section))
        self.assertEqual(again.tiebreaks, section.tiebreaks)
        self.assertEqual(Board.objects.filter(round__section=again, match__isnull=True).count(), 0)
        # the team records are rows now, not kept lines; the next round pairs from them
        self.assertFalse([line for line in again.trf_extras["extra_lines"] if line[:3] in ("013", "310")])
        services.teams.pair_team_round(again, self.alice)
        self.assertEqual(TeamMatch.objects.filter(round__section=again, round__number=4).count(), 2)
        # and exporting the imported section gives the same file
        self.assertEqual(self.client.get("/e/test/again/export.trf").content.decode().replace("Again", "Teams"),
                         text.replace("Again", "Teams"))

    def test_it_imports_trf16_team_records(self) -> None:
        """``013`` records (TRF16): teams numbered in file order, members in board order."""
        lines = [f"001 {tpn:>4}      Player {tpn:<26} {2000 - tpn:>4}" for tpn in range(1, 5)]
        text = "012 Old teams\n" + "\n".join(lines) + "\n013 Rooks" + " " * 27 + "   3    1\n013 Pawns" + \
            " " * 27 + "   2    4\n"
        self.client.login(username="bob", password="password")
        response = self.upload(text)
        self.assertEqual(response.status_code, 302, response.content.decode()[-2000:])
        section = Section.objects.get(slug="again")
        self.assertEqual((section.kind, section.system, section.boards), ("team", "team", 2))
        data = SectionData.load(section)
        self.assertEqual([(t.number, t.name, [p.tpn for p in data.members(t)]) for t in data.teams],
                         [(1, "Rooks", [3, 1]), (2, "Pawns", [2, 4])])

    def test_310_and_013_in_one_file_one_numbering(self) -> None:
        """Both record kinds: the import takes the teams the core pairs and breaks ties with (docs/trf.md,
        "Teams": the 310 records), numbered the other way round from the 013 lines."""
        games = {1: "   3 w 1", 2: "   4 b =", 3: "   1 b 0", 4: "   2 w ="}
        lines = [f"001 {tpn:>4}      Player {tpn:<26} {2000 - tpn:>4}".ljust(91) + games[tpn] for tpn in range(1, 5)]
        records = [f"310 {number:>3} {name:<32}".ljust(73) + f"{a:>4} {b:>4}"
                   for number, (name, a, b) in enumerate([("Rooks", 3, 4), ("Knights", 1, 2)], start=1)]
        records += ["013 Knights" + " " * 25 + "   1    2", "013 Rooks" + " " * 27 + "   3    4"]
        text = "012 Both kinds\n" + "\n".join(lines + ["192 FIDE_TEAM", "352 WB", *records]) + "\n"
        tournament = trf.loads(text).tournament
        self.assertEqual({t.number: t.name for t in tournament.teams}, {1: "Rooks", 2: "Knights"})
        self.assertEqual({n: t.name for n, t in team_event(tournament).teams.items()}, {1: "Rooks", 2: "Knights"})
        self.client.login(username="bob", password="password")
        response = self.upload(text)
        self.assertEqual(response.status_code, 302, response.content.decode()[-2000:])
        data = SectionData.load(Section.objects.get(slug="again"))
        self.assertEqual([(t.number, t.name, [p.tpn for p in data.members(t)]) for t in data.teams],
                         [(1, "Rooks", [3, 4]), (2, "Knights", [1, 2])])
        self.assertEqual([(m.white.number, m.black.number) for m in TeamMatch.objects.filter(
            round__section__slug="again")], [(2, 1)])

    def test_malformed_team_records_name_the_line_and_write_nothing(self) -> None:
        section = self.make_section(2, 2)
        self.client.post(self.turl("sp-pair"), pair_form("teams", "1"))
        self.enter(1, {1: "1", 2: "="})
        text = self.client.get(self.turl("sp-export-trf")).content.decode().splitlines()
        index = next(i for i, line in enumerate(text) if line.startswith("310"))
        cases = {
            text[index][:73] + "   x": f"Line {index + 1}, column 74",
            text[index][:73] + "  99": f"Line {index + 1}, column 74: member 99 is not a player of the file",
            "310" + text[index][3:4] + "   " + text[index][7:]:
                f"Line {index + 1}, column 5: a 310 record needs a team number",
        }
        before = (Section.objects.count(), Team.objects.count(), Player.objects.count(), Round.objects.count())
        for line, message in cases.items():
            response = self.upload("\n".join(text[:index] + [line] + text[index + 1:]) + "\n")
            self.assertEqual(response.status_code, 200)
            self.assertContains(response, "Invalid team records")
            self.assertContains(response, message)
        # the two first-board players of round 1's match put in one team: a game inside a team
        records = [i for i, line in enumerate(text) if line.startswith("310")]
        first = Board.objects.get(round__section=section, round__number=1, number=1)
        inside = list(text)
        for i in records:
            number = int(inside[i][4:7])
            members = [first.white.tpn, first.black.tpn] if number == 1 else [
                p.tpn for p in Player.objects.filter(section=section).exclude(pk__in=[first.white_id, first.black_id])]
            inside[i] = inside[i][:73] + " ".join(f"{tpn:>4}" for tpn in members)
        self.assertContains(self.upload("\n".join(inside) + "\n"),
                            f"Round 1: players {first.white.tpn} and {first.black.tpn} of team 1 meet.")
        twice = text[:index + 1] + [text[index]] + text[index + 1:]
        self.assertContains(self.upload("\n".join(twice) + "\n"), f"Line {index + 2}, column 5: team number")
        self.assertEqual((Section.objects.count(), Team.objects.count(), Player.objects.count(),
                          Round.objects.count()), before)
        self.assertEqual(section.teams.count(), 2)


class TeamPrintTestCase(TeamBase):
    """Team standings printable and as PDF, like the individual ones (C.07 (2026) arts. 11-13)."""

    def test_team_standings_print_and_pdf(self) -> None:
        section = self.make_section(4, 2)
        for number in (1, 2):
            self.client.post(self.turl("sp-pair"), pair_form("teams", str(number)))
            rnd = Round.objects.get(section=section, number=number)
            self.enter(number, {b.number: ("1" if b.number % 2 else "=") for b in rnd.boards.all()})
            self.client.post(self.turl("sp-publish", number), {"publish": "1", **token(section, number)})
        self.client.logout()
        table = teams.team_table(SectionData.load(section))
        page = self.client.get(self.turl("sp-standings")).content.decode()
        self.assertIn(self.turl("sp-print", "standings"), page)
        self.assertIn(self.turl("sp-export-pdf", "standings"), page)
        printed = self.client.get(self.turl("sp-print", "standings")).content.decode()
        self.assertIn('id="team-standings"', printed)
        self.assertIn("after round 2", printed)
        # in standings order, the match points before the game points (MP primary), then the tie-breaks
        positions = [printed.index(f"<td>{row.team.name}</td>") for row in table.rows]
        self.assertEqual(positions, sorted(positions))
        self.assertLess(printed.index(">MP</th>"), printed.index(">GP</th>"))
        leader = table.rows[0]
        cells = (f'<td class="n">{leader.rank}</td><td class="n">{leader.team.number}</td><td>{leader.team.name}'
                 f'</td><td class="n">{leader.match_points_text}</td><td class="n">{leader.game_points_text}</td>')
        self.assertIn(cells, printed)
        for code in table.codes:
            self.assertIn(f'<th class="n">{code}</th>', printed)
        # the players' standings stay printable
        self.assertContains(self.client.get(self.turl("sp-print", "standings-individual")), "Player 1-1")
        response = self.client.get(self.turl("sp-export-pdf", "standings"))
        self.assertEqual((response.status_code, response["Content-Type"]), (200, "application/pdf"))
        self.assertTrue(response.content.startswith(b"%PDF"))
        self.client.cookies["django_language"] = "ru"
        printed = self.client.get(self.turl("sp-print", "standings")).content.decode()
        self.assertIn("Таблица после тура 2", printed)
        self.assertLess(printed.index(">КО</th>"), printed.index(">ИО</th>"))


class TeamForfeitTestCase(TeamBase):
    """A whole match forfeited in one action and withdrawn teams."""

    def versions(self, number: int) -> dict[str, str]:
        return {key: value for b in Board.objects.filter(round__section__slug="teams", round__number=number)
                for key, value in shown(b).items()}

    def test_a_whole_match_is_forfeited_in_one_action(self) -> None:
        section = self.make_section(4, 2)
        self.client.post(self.turl("sp-pair"), pair_form("teams", "1"))
        rnd = Round.objects.get(section=section, number=1)
        page = self.client.get(self.turl("sp-results", 1)).content.decode()
        self.assertIn('id="forfeit-form"', page)
        first, second = rnd.matches.order_by("number")
        response = self.client.post(self.turl("sp-match-forfeit", 1),
                                    {"match": "1", "side": "white", **self.versions(1)}, follow=True)
        self.assertContains(response, "Match 1 recorded as forfeited.")
        # the players of the team with White lose by forfeit on every board, whatever their colour
        for game in first.games.select_related("white", "black"):
            self.assertEqual(game.result, "-+" if game.white.team_id == first.white_id else "+-")
        self.assertFalse(second.games.exclude(result="").exists())
        [score, _other] = teams.match_scores(rnd)
        self.assertEqual((score.white_points, score.black_points, score.white_match_points,
                          score.black_match_points), (Fraction(0), Fraction(2), Fraction(0), Fraction(2)))
        # nobody is withdrawn by a match forfeit
        self.assertFalse(Player.objects.filter(section=section, withdrawn_from__isnull=False).exists())
        entry = AuditEntry.objects.get(action="match-forfeited")
        self.assertEqual(entry.round_number, 1)
        # both teams absent: a double forfeit on every board
        self.client.post(self.turl("sp-match-forfeit", 1), {"match": "2", "side": "both", **self.versions(1)})
        self.assertEqual(set(second.games.values_list("result", flat=True)), {"--"})
        # TRF26 330 records for both; the core reads the first as a forfeit win of the team with Black
        text = self.client.get(self.turl("sp-export-trf")).content.decode()
        self.assertIn(f"330 -+   1 {first.white.number:>3} {first.black.number:>3}", text.splitlines())
        self.assertIn(f"330 --   1 {second.white.number:>3} {second.black.number:>3}", text.splitlines())
        event = team_event(trf.read(io.StringIO(text)).tournament)
        [won] = event.teams[first.black.number].history
        [lost] = event.teams[first.white.number].history
        self.assertEqual((won.forfeit_win, won.played, lost.forfeit_win, lost.match_points),
                         (True, False, False, Fraction(0)))
        # a board changed since the page was loaded: nothing is written
        stale = self.versions(1)
        board = first.games.order_by("number").first()
        assert board is not None
        services.set_results(rnd, self.alice, {board.number: ("==", services.seen(board))})
        before = dict(first.games.values_list("pk", "result"))
        response = self.client.post(self.turl("sp-match-forfeit", 1), {"match": "1", "side": "black", **stale},
                                    follow=True)
        self.assertContains(response, "Somebody else entered results in this match meanwhile")
        self.assertEqual(dict(first.games.values_list("pk", "result")), before)
        self.assertEqual(before[board.pk], "==")
        self.assertEqual(AuditEntry.objects.filter(action="match-forfeited").count(), 2)
        response = self.client.post(self.turl("sp-match-forfeit", 1), {"match": "1", "side": "x",
                                                                       **self.versions(1)}, follow=True)
        self.assertContains(response, "Unknown side of a forfeit.")
        self.client.logout()
        response = self.client.post(self.turl("sp-match-forfeit", 1), {"match": "1", "side": "white"})
        self.assertIn("/accounts/login/", response["Location"])

    @pytest.mark.slow
    def test_a_withdrawn_team_is_not_paired(self) -> None:
        section = self.make_section(5, 2)
        self.client.post(self.turl("sp-pair"), pair_form("teams", "1"))
        rnd = Round.objects.get(section=section, number=1)
        self.enter(1, {b.number: "1" for b in rnd.boards.all()})
        response = self.client.post(self.turl("sp-team-action", 3), {"action": "withdraw", "from_round": "1"},
                                    follow=True)
        self.assertContains(response, "withdraw from round: expected a whole number from 2 to 4, got &#x27;1&#x27;.")
        response = self.client.post(self.turl("sp-team-action", 3), {"action": "withdraw", "from_round": "2"})
        self.assertContains(response, 'id="team-withdraw-confirm"')  # asked first
        response = self.client.post(self.turl("sp-team-action", 3), {"action": "withdraw", "from_round": "2",
                                                                     "confirm": "1"}, follow=True)
        self.assertContains(response, "Team Club 3 withdrawn from round 2 on.")
        self.assertContains(response, "withdrawn from round 2")
        self.assertEqual(set(Player.objects.filter(section=section, team__number=3).values_list(
            "withdrawn_from", flat=True)), {2})
        self.client.post(self.turl("sp-pair"), pair_form("teams", "2"))
        second = Round.objects.get(section=section, number=2)
        # four teams left: two matches, no team PAB, and team 3 in none of them
        self.assertEqual(second.matches.count(), 2)
        self.assertIsNone(second.team_bye)
        self.assertFalse(second.matches.filter(white__number=3).exists() or
                         second.matches.filter(black__number=3).exists())
        self.assertTrue(AuditEntry.objects.filter(action="team-withdrawn", section=section).exists())
        self.client.post(self.turl("sp-unpair", 2), token(section, 2, results=True))
        self.client.post(self.turl("sp-team-action", 3), {"action": "reinstate"})
        self.assertFalse(Player.objects.filter(section=section, withdrawn_from__isnull=False).exists())
        self.client.post(self.turl("sp-pair"), pair_form("teams", "2"))
        second = Round.objects.get(section=section, number=2)
        self.assertIsNotNone(second.team_bye)
