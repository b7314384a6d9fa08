"""Result entry: keyboard codes, conflicts between arbiters, corrections, audit log."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import AuditEntry, Board, Bye, Player

from .helpers import BaseTestCase, shown


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


class ManyBoardsTestCase(BaseTestCase):
    def test_a_save_of_many_boards_writes_them_at_once_in_board_order(self) -> None:
        """Each board saved gets its result, a new version and its audit entry (then the withdrawal its forfeit
        makes, F 8), in one UPDATE of the boards and one INSERT of the entries however many boards."""
        rnd = self.pair().round
        boards = list(rnd.boards.order_by("number"))
        changes = {b.number: (code, services.seen(b)) for b, code in zip(boards, ["10", "+-", "==", "01", "10"])}
        with CaptureQueriesContext(connection) as queries:
            outcome = services.set_results(rnd, self.alice, changes)
        self.assertEqual(outcome.saved, [1, 2, 3, 4, 5])
        self.assertEqual({n: (r, v) for n, r, v in rnd.boards.values_list("number", "result", "version")},
                         {b.number: (changes[b.number][0], b.version + 1) for b in boards})
        self.assertEqual(sum(q["sql"].startswith('UPDATE "tournaments_board"') for q in queries), 1)
        self.assertEqual(sum(q["sql"].startswith('INSERT INTO "tournaments_auditentry"') for q in queries), 1)
        entries = AuditEntry.objects.filter(action__in=["result", "withdrawn"]).order_by("id")
        self.assertEqual(list(entries.values_list("action", "board_number")),
                         [("result", 1), ("result", 2), ("withdrawn", None), ("result", 3), ("result", 4),
                          ("result", 5)])


class UntouchedBoardsTestCase(ResultsTestCase):
    """Only the boards the arbiter changed are written (``i<board>`` is the value shown)."""

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


@pytest.mark.slow
class WhatThePageShowedTestCase(ResultsTestCase):
    """FIDE C.05 art. 8: a result is written only on a board that holds the players the page showed, in its colours."""

    def page(self, number: int) -> dict[str, str]:
        """The hidden fields of every board of round ``number`` as its results page renders them now."""
        fields: dict[str, str] = {}
        for board in Board.objects.filter(round__section=self.section, round__number=number):
            fields |= {f"i{board.number}": "", **shown(board)}
        return fields

    def test_a_page_kept_over_a_re_pairing_writes_nothing_on_changed_boards(self) -> None:
        self.pair()
        stale = self.page(1)
        self.client.login(username="bob", password="password")
        services.unpair_last_round(self.section, self.alice)
        services.set_withdrawn(Player.objects.get(section=self.section, tpn=1), self.alice, 1)
        self.pair()
        response = self.client.post(self.url("sp-results", 1), {**stale, "r1": "1", "r2": "=", "r3": "0"})
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "do not hold the players your page showed")
        now = {b.number: f"{b.white_id}-{b.black_id}" for b in Board.objects.filter(round__number=1)}
        for number in (1, 2, 3):
            board = Board.objects.get(round__number=1, number=number)
            self.assertEqual(board.result != "", stale[f"p{number}"] == now[number], number)

    def test_a_swap_or_a_flip_keeps_versions_but_not_the_players(self) -> None:
        rnd = self.pair().round
        stale = self.page(1)
        board = rnd.boards.select_related("white", "black").get(number=2)
        services.adjust_round(rnd, self.alice, "flip", 2)
        services.adjust_round(rnd, self.alice, "swap-black", 3, 4)
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-results", 1), {**stale, "r1": "1", "r2": "1", "r3": "0", "r4": "="})
        self.assertContains(response, "Boards 2, 3, 4 do not hold the players your page showed")
        # who the refused result was for: retyping it after the flip must not give the other player the win
        self.assertContains(response, f"not saved: you typed 1-0 for White {board.white.name} against Black "
                                      f"{board.black.name}; this board holds other players or colours now")
        self.assertEqual(dict(Board.objects.filter(round=rnd).exclude(result="").values_list("number", "result")),
                         {1: "10"})
        outcome = services.set_results(rnd, self.alice, {2: ("10", services.Seen(0, None, None))})  # no players named
        self.assertEqual([number for number, _now in outcome.moved], [2])
        self.assertEqual(Board.objects.get(round=rnd, number=2).result, "")

    def test_a_post_to_a_round_unpaired_meanwhile_says_so(self) -> None:
        self.pair()
        stale = self.page(1)
        services.unpair_last_round(self.section, self.alice)
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-results", 1), {**stale, "r1": "1"}, follow=True)
        self.assertContains(response, "Round 1 is not paired any more (somebody unpaired it): nothing was saved.")


class ForfeitCorrectionTestCase(ResultsTestCase):
    """FIDE Dutch system, 1992 rules, F 8: the withdrawal a forfeit made is undone when the forfeit is corrected."""

    def test_a_forfeit_corrected_into_a_game_reinstates_the_players(self) -> None:
        rnd = self.pair().round
        board = rnd.boards.get(number=1)
        services.set_results(rnd, self.alice, {1: ("--", services.seen(board))})
        players = Player.objects.filter(pk__in=[board.white_id, board.black_id])
        self.assertEqual({(p.withdrawn_from, p.withdrawn_after_forfeit) for p in players}, {(2, 1)})
        board.refresh_from_db()
        outcome = services.set_results(rnd, self.alice, {1: ("==", services.seen(board))})
        self.assertEqual({(p.withdrawn_from, p.withdrawn_after_forfeit) for p in players.all()}, {(None, None)})
        self.assertEqual(len([n for n in outcome.notes if "withdrawal it made is undone" in n]), 2)
        self.assertEqual(AuditEntry.objects.filter(action="reinstated").count(), 2)

    def test_a_withdrawal_by_an_arbiter_stays(self) -> None:
        rnd = self.pair().round
        board = rnd.boards.get(number=1)
        services.set_results(rnd, self.alice, {1: ("+-", services.seen(board))})
        black = Player.objects.get(pk=board.black_id)
        services.set_withdrawn(black, self.alice, 3)  # the arbiter decided: from round 3
        board.refresh_from_db()
        services.set_results(rnd, self.alice, {1: ("10", services.seen(board))})
        self.assertEqual(Player.objects.get(pk=black.pk).withdrawn_from, 3)

    def test_a_player_reinstated_while_the_round_is_paired_is_paired_when_it_is_paired_again(self) -> None:
        player = Player.objects.get(section=self.section, tpn=2)
        services.set_withdrawn(player, self.alice, 1)
        self.pair()
        self.assertEqual(Bye.objects.get(player=player, round_number=1).origin, Bye.WITHDRAWAL)
        notes = services.set_withdrawn(Player.objects.get(pk=player.pk), self.alice, None)
        self.assertTrue(any("paired already without" in note for note in notes), notes)
        self.section.refresh_from_db()
        services.unpair_last_round(self.section, self.alice)
        self.assertFalse(Bye.objects.filter(player=player).exists())
        rnd = self.pair().round
        self.assertTrue(rnd.boards.filter(white=player).exists() or rnd.boards.filter(black=player).exists())


class NotPairedListTestCase(BaseTestCase):
    """The results page lists who is not on a board of the round, from that round's rows alone: the same
    list as the section's rows give (a pairing-allocated bye, a requested bye, nobody recorded)."""

    players = 12

    def test_the_round_s_absences_read_alone_match_the_section_s(self) -> None:
        from swisspair_web.tournaments.reads import absences
        from swisspair_web.tournaments.reads.convert import SectionData

        services.request_bye(Player.objects.get(section=self.section, tpn=3), self.alice, 1, Bye.HALF)
        rnd = self.pair().round
        board = rnd.boards.order_by("number").last()
        assert board is not None
        gone = board.black
        board.delete()  # a player left on no board, with nothing recorded
        expected = absences.of_round(SectionData.load(self.section), 1)
        got = absences.of_paired_round(rnd)
        self.assertEqual([(a.player.tpn, a.reason, a.bye) for a in got],
                         [(a.player.tpn, a.reason, a.bye) for a in expected])
        self.assertEqual(len(got), 4)
        self.assertIn(gone.tpn, [a.player.tpn for a in got])
        self.client.login(username="alice", password="password")
        page = self.client.get(self.url("sp-results", 1)).content.decode()
        self.assertIn("not paired, and no bye or absence recorded", page)

    def test_the_page_s_tokens_from_its_boards_are_the_ones_the_writes_check(self) -> None:
        from swisspair_web.tournaments.reads import form_state

        services.request_bye(Player.objects.get(section=self.section, tpn=3), self.alice, 1, Bye.HALF)
        rnd = self.pair().round
        board = rnd.boards.order_by("number").first()
        assert board is not None
        services.set_results(rnd, self.alice, {board.number: ("10", services.seen(board))})
        shown = list(rnd.boards.order_by("-number"))  # any order: the tokens go by board number
        self.assertEqual(form_state.tokens(rnd, shown), (form_state.pairing_token(rnd), form_state.results_token(rnd)))
