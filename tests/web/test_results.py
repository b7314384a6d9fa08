"""Result entry: keyboard codes, conflicts between arbiters, corrections, audit log."""

from __future__ import annotations

from swisspair_web.tournaments import services
from swisspair_web.tournaments.models import AuditEntry, Board, Player

from .helpers import BaseTestCase


class ResultsTestCase(BaseTestCase):
    def post_results(self, number: int, values: dict[int, str], versions: dict[int, int] | None = None):  # type: ignore[no-untyped-def]
        boards = {b.number: b for b in Board.objects.filter(round__section=self.section, round__number=number)}
        data = {}
        for board_no, value in values.items():
            data[f"r{board_no}"] = value
            data[f"v{board_no}"] = str((versions or {}).get(board_no, boards[board_no].version))
            data[f"p{board_no}"] = f"{boards[board_no].white_id}-{boards[board_no].black_id}"
        return self.client.post(self.url("sp-results", number), data)

    def test_it_saves_keyboard_codes(self) -> None:
        self.pair()
        self.client.login(username="bob", password="password")
        response = self.post_results(1, {1: "1", 2: "0", 3: "=", 4: "5", 5: "+"})
        self.assertEqual(response.status_code, 302)
        results = dict(Board.objects.filter(round__number=1).values_list("number", "result"))
        self.assertEqual(results, {1: "10", 2: "01", 3: "==", 4: "==", 5: "+-"})
        entry = AuditEntry.objects.filter(action="result", board_number=1).get()
        self.assertEqual((entry.user, entry.new), (self.bob, "1-0"))

    def test_it_refuses_unknown_codes(self) -> None:
        self.pair()
        self.client.login(username="bob", password="password")
        response = self.post_results(1, {1: "1", 2: "<b>"})
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "Unknown result")
        self.assertNotContains(response, "<b>")
        self.assertFalse(Board.objects.exclude(result="").exists())

    def test_it_reports_a_conflict_instead_of_overwriting(self) -> None:
        rnd = self.pair().round
        board = rnd.boards.get(number=1)
        seen = services.seen(board)
        services.set_results(rnd, self.alice, {1: ("10", seen)})
        self.client.login(username="bob", password="password")
        response = self.post_results(1, {1: "0"}, versions={1: seen.version})
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "Somebody else entered a different result")
        self.assertEqual(Board.objects.get(pk=board.pk).result, "10")

    def test_it_accepts_the_same_result_twice(self) -> None:
        rnd = self.pair().round
        board = rnd.boards.get(number=1)
        seen = services.seen(board)
        services.set_results(rnd, self.alice, {1: ("10", seen)})
        outcome = services.set_results(rnd, self.bob, {1: ("10", seen)})
        self.assertEqual((outcome.saved, outcome.conflicts), ([], []))

    def test_it_keeps_both_changes_on_different_boards(self) -> None:
        rnd = self.pair().round
        versions = {b.number: services.seen(b) for b in rnd.boards.all()}
        services.set_results(rnd, self.alice, {1: ("10", versions[1])})
        outcome = services.set_results(rnd, self.bob, {2: ("01", versions[2])})
        self.assertEqual(outcome.saved, [2])
        self.assertEqual(dict(Board.objects.filter(number__in=[1, 2]).values_list("number", "result")),
                         {1: "10", 2: "01"})

    def test_it_corrects_an_earlier_round_without_repairing(self) -> None:
        self.play_round()
        r2 = self.pair().round
        before = list(r2.boards.values_list("white_id", "black_id"))
        r1 = self.section.round_set.get(number=1)
        board = r1.boards.get(number=1)
        outcome = services.set_results(r1, self.bob, {1: ("01", services.seen(board))})
        self.assertEqual(outcome.saved, [1])
        self.assertTrue(any("pairings of later rounds stay" in note for note in outcome.notes))
        self.assertEqual(list(r2.boards.values_list("white_id", "black_id")), before)
        entry = AuditEntry.objects.get(action="correction")
        self.assertEqual((entry.old, entry.new, entry.user), ("1-0", "0-1", self.bob))

    def test_it_withdraws_a_no_show(self) -> None:
        rnd = self.pair().round
        board = rnd.boards.select_related("black").get(number=1)
        outcome = services.set_results(rnd, self.alice, {1: ("+-", services.seen(board))})
        self.assertEqual(Player.objects.get(pk=board.black_id).withdrawn_from, 2)
        self.assertTrue(outcome.notes)

    def test_the_audit_page_lists_changes(self) -> None:
        rnd = self.pair().round
        services.set_results(rnd, self.bob, {1: ("10", services.seen(rnd.boards.get(number=1)))})
        self.client.login(username="alice", password="password")
        response = self.client.get("/e/test/audit/")
        self.assertContains(response, "bob")
        self.assertContains(response, "1-0")


class UntouchedBoardsTestCase(ResultsTestCase):
    """Issue 12 item 1: only the boards the arbiter changed are written (``i<board>`` is the value shown)."""

    def test_an_untouched_stale_board_is_neither_a_conflict_nor_written(self) -> None:
        rnd = self.pair().round
        seen = {b.number: services.seen(b) for b in rnd.boards.all()}
        services.set_results(rnd, self.alice, {1: ("==", seen[1])})
        shown = {b.number: services.seen(b) for b in rnd.boards.all()}  # bob loads the page: board 1 drawn
        services.set_results(rnd, self.alice, {1: ("10", shown[1])})  # alice corrects it
        self.client.login(username="bob", password="password")
        data = {f"r{n}": "" for n in shown} | {f"i{n}": "" for n in shown} | {f"v{n}": str(v.version) for n, v in
                                                                             shown.items()}
        data |= {f"p{n}": f"{v.white}-{v.black}" for n, v in shown.items()}
        data |= {"r1": "=", "i1": "=", "r2": "0"}
        response = self.client.post(self.url("sp-results", 1), data)
        self.assertEqual(response.status_code, 302)
        self.assertEqual(dict(Board.objects.filter(number__in=[1, 2]).values_list("number", "result")),
                         {1: "10", 2: "01"})
        self.assertFalse(AuditEntry.objects.filter(board_number=1, user=self.bob).exists())

    def test_a_conflict_shows_the_current_result_and_version(self) -> None:
        rnd = self.pair().round
        shown = {b.number: services.seen(b) for b in rnd.boards.all()}
        services.set_results(rnd, self.alice, {1: ("10", shown[1])})
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-results", 1), {"r1": "0", "i1": "", "v1": str(shown[1].version),
                                                                "p1": f"{shown[1].white}-{shown[1].black}"})
        self.assertEqual(response.status_code, 200)
        now = Board.objects.get(round=rnd, number=1)
        self.assertContains(response, f'name="v1" value="{now.version}"')
        self.assertContains(response, 'name="r1" id="r1" value="1"')
        self.assertContains(response, 'name="i1" value="1"')
        self.assertContains(response, "yours: 0-1")
