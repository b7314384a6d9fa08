"""A team TRF imported as a team section takes its number of boards from the core's one rule for a team
event (:attr:`swisspair.team_matches.TeamEvent.boards`: ``352``, else the largest match, else the smallest
roster)."""

from __future__ import annotations

from swisspair import trf
from swisspair.team_matches import team_event
from swisspair_web.tournaments.rows import Section

from .test_teams import TeamBase


def team_file(rosters: list[tuple[str, list[int]]], extra: str = "") -> str:
    """Players 1..n and a ``310`` record per roster, no game played."""
    count = sum(len(members) for _, members in rosters)
    lines = [f"001 {tpn:>4}      Player {tpn:<26} {2000 - tpn:>4}" for tpn in range(1, count + 1)]
    records = [f"310 {number:>3} {name:<32}".ljust(73) + " ".join(f"{m:>4}" for m in members)
               for number, (name, members) in enumerate(rosters, start=1)]
    return "012 Teams to come\n" + "\n".join(lines + ["192 FIDE_TEAM", *([extra] if extra else []), *records]) + "\n"


class TeamImportBoardsTestCase(TeamBase):
    def upload(self, text: str) -> None:
        from django.core.files.uploadedfile import SimpleUploadedFile

        self.client.login(username="bob", password="password")
        response = self.client.post("/e/test/sections/import-trf/", {
            "name": "Again", "slug": "again", "system": "dutch", "file": SimpleUploadedFile("t.trf", text.encode())})
        self.assertEqual(response.status_code, 302, response.content.decode()[-2000:])

    def test_it_takes_the_boards_the_core_counts_the_smallest_roster_before_any_match(self) -> None:
        text = team_file([("Rooks", [1, 2, 3]), ("Knights", [4, 5]), ("Bishops", [6, 7, 8])])
        self.upload(text)
        core = team_event(trf.loads(text).tournament).boards
        self.assertEqual((Section.objects.get(slug="again").boards, core), (2, 2))

    def test_it_takes_the_boards_of_352(self) -> None:
        text = team_file([("Rooks", [1, 2, 3]), ("Knights", [4, 5, 6])], extra="352 WBWB")
        self.upload(text)
        self.assertEqual(Section.objects.get(slug="again").boards, team_event(trf.loads(text).tournament).boards)
        self.assertEqual(Section.objects.get(slug="again").boards, 4)
