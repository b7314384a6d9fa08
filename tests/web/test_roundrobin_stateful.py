"""Two arbiters at a double round-robin, over HTTP, with pages kept open and submitted later.

The machine of :mod:`.test_stateful` (pair, unpair, results and corrections, withdrawals and reinstatements,
forfeits, publication, settings, and the forms a round-robin refuses: byes, changes by hand, late entries,
renumbering) on a double round-robin of seven players whose numbers were drawn by lot. Its invariants hold
after every step (every result typed on a page that showed those players, or written by the pairing as the
forfeit of a player who left, FIDE C.05 art. 6.6; nobody left out without a reason; every change in the audit
log), and instead of the Dutch checker:

- every paired round is the Berger table's (FIDE C.05 Annex 1) by pairing number, its rest recorded;
- the exported TRF is the rating report and reads back as the same double round-robin.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings
from hypothesis.stateful import invariant, run_state_machine_as_test

from swisspair import trf
from swisspair.roundrobin import berger_schedule
from swisspair.trf.roundrobin import detect_round_robin
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import RESULTS, AuditEntry, Board, Bye, Round, Section
from swisspair_web.tournaments.rows.registry import ROUND_ROBIN, ROUND_ROBIN_TIEBREAKS
from swisspair_web.tournaments.services import roundrobin

from .test_stateful import BASE, EVENT, FAST, ROW, SECTION, ManagerMachine, _unescape

PLAYERS = 7
"""Odd: every round has a player resting."""


class RoundRobinMachine(ManagerMachine):
    """Alice and Bob run a double round-robin of seven (14 rounds)."""

    def _create_section(self, event: Any, alice: Any) -> None:
        section = Section.objects.create(event=event, name="Open", slug=SECTION, rounds=6, initial_colour="w",
                                         system=ROUND_ROBIN, cycles=2, tiebreaks=ROUND_ROBIN_TIEBREAKS)
        services.add_players(section, alice, [services.PlayerData(name=f"Player {i:02d}, P", rating=2400 - 15 * i,
                                                                  federation=("NOR", "GER", "FRA")[i % 3])
                                              for i in range(PLAYERS)])
        section.refresh_from_db()
        roundrobin.draw(section, alice, "lot", seed=9)

    def _start(self) -> None:
        """Rounds 1 and 2 played, round 3 paired, through the pages (Alice); Bob kept the pages he loaded before."""
        super()._start()
        self._get("alice", BASE + "rounds/2/results/")
        _url, html, form = self._having("alice", "results")[0][0]
        values = form.data()
        for board, white, black in ROW.findall(html):
            values[f"r{board}"] = "1"
            self.typed.add((2, int(board), _unescape(white), _unescape(black), "10"))
        self._post("alice", form, values)
        self._get("alice", BASE + "manage/")
        _url, _html, form = self._having("alice", "pair")[0][0]
        self._post("alice", form, form.data())
        assert Round.objects.filter(section__slug=SECTION).count() == 3, self.pages["alice"][-1][1][-3000:]

    @invariant()
    def results_were_typed_on_pages_showing_those_players(self) -> None:
        for board in Board.objects.filter(round__section__slug=SECTION).exclude(result="").select_related(
                "round", "white", "black"):
            key = (board.round.number, board.number, board.white.name, board.black.name, board.result)
            if key in self.typed:
                continue
            last = AuditEntry.objects.filter(section__slug=SECTION, round_number=board.round.number,
                                             board_number=board.number, action__in=("result", "correction")
                                             ).order_by("-id").first()
            assert last is not None and last.params.get("withdrawn") and \
                last.new == RESULTS[board.result], f"stored, never typed nor a withdrawal's forfeit: {key}"

    @invariant()
    def the_export_passes_the_dutch_checker_but_for_the_rounds_it_lists(self) -> None:
        """Here: every round is the Berger table's, and the export reads back as this round-robin."""
        section = Section.objects.get(event__slug=EVENT, slug=SECTION)
        tables = berger_schedule(PLAYERS, cycles=2)
        for rnd in Round.objects.filter(section=section):
            boards = [(b.white.tpn, b.black.tpn) for b in rnd.boards.select_related("white", "black").order_by("number")]
            table = tables[rnd.number - 1]
            assert boards == [(b.white, b.black) for b in table.boards], (rnd.number, boards)
            rest = Bye.objects.filter(section=section, round_number=rnd.number).values_list("player__tpn", "kind")
            assert list(rest) == [(table.rests, Bye.ZERO)], (rnd.number, list(rest))
        response = self.clients["alice"].get(BASE + "export.trf")
        assert response.status_code == 200
        text = response.content.decode()
        if text == self.checked_trf:
            return
        self.checked_trf = text
        found = detect_round_robin(trf.loads(text).tournament)
        assert found is not None and found.declared and found.cycles == 2 and found.participants == PLAYERS, text


def _run(budget: settings) -> None:
    run_state_machine_as_test(RoundRobinMachine, settings=budget)


def test_two_arbiters_at_a_round_robin_keep_every_invariant() -> None:
    """One short history (fast tier): every invariant checked after each of its steps."""
    _run(FAST)


@pytest.mark.slow
def test_two_arbiters_at_a_round_robin_keep_every_invariant_at_length() -> None:
    """A larger budget (slow tier), derandomized: the same histories every time."""
    _run(settings(FAST, max_examples=3, stateful_step_count=40))
