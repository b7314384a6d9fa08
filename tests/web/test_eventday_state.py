"""Entries, check-in and announced byes under generated interleavings (hypothesis, rule-based).

Registrants enter (FIDE IDs drawn from a small pool, so they collide), arbiters approve and refuse
(sometimes on a stale page), tick players present or take the tick away, players announce and cancel
byes and absences, arbiters refuse them, rounds are paired, unpaired and played. After every step:

- a FIDE ID is held by one player and one live entry at most (the rule of the entry form);
- an approved entry is its player;
- every half-point bye comes from a recorded announcement, every zero-point bye from one, from the
  check-in, or from a late entry (C.04.2 (2026) arts. 2.4, 3.3), and every recorded announcement of an
  unpaired round has its bye;
- while round 1 is paired, it paired exactly the players ticked present (all of them when nobody is
  ticked) who have no bye or absence of their own; the others have a zero-point bye (art. 4.1);
- every entry, decision, tick change and announcement is in the audit log.
"""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule, run_state_machine_as_test

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import registration
from swisspair_web.tournaments.rows import Announcement, AuditEntry, Board, Bye, Entry, Player, Presence, Section

from .helpers import BaseTestCase

FIDE_IDS = ["", "101", "102", "103", "104"]


class EntriesMachine(RuleBasedStateMachine):
    case: BaseTestCase

    def __init__(self) -> None:
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        case = self.case
        self.section = Section.objects.get(pk=case.section.pk)  # not the test's: its version is from before
        self.alice, self.bob = case.alice, case.bob
        services.registration.set_open(self.section, self.alice, True, registration.registration_of(self.section).version)
        self.count = 0
        self.late: dict[int, int] = {}
        """Player -> the rounds paired when their entry was approved (a late entry: absent from those)."""

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    def refresh(self) -> None:
        self.section.refresh_from_db()

    def paired(self) -> int:
        return self.section.round_set.count()

    # -- rules --------------------------------------------------------------------------------------

    @rule(fide_id=st.sampled_from(FIDE_IDS), rating=st.integers(0, 2500))
    def enter(self, fide_id: str, rating: int) -> None:
        self.count += 1
        taken = fide_id and (Player.objects.filter(section=self.section, fide_id=fide_id).exists() or Entry.objects.filter(
            section=self.section, fide_id=fide_id).exclude(state=Entry.REFUSED).exists())
        entry = services.registration.submit(self.section, registration.EntryData(
            name=f"Entrant{self.count}, E", email=f"e{self.count}@example.org", fide_id=fide_id, rating=rating))
        # a FIDE ID somebody else holds is recorded all the same, marked for the arbiter
        assert (entry.pk in registration.fide_id_twins(self.section)) == bool(taken)

    @rule(index=st.integers(0, 30), stale=st.booleans(), approve=st.booleans())
    def decide(self, index: int, stale: bool, approve: bool) -> None:
        entries = list(Entry.objects.filter(section=self.section).order_by("id"))
        if not entries:
            return
        entry = entries[index % len(entries)]
        seen = entry.version - (1 if stale else 0)
        try:
            if approve:
                player = services.registration.approve(entry, self.bob, seen)
                self.late[player.pk] = self.paired()
            else:
                services.registration.refuse(entry, self.bob, seen, "reason")
        except services.OperationError:
            pass
        self.refresh()

    @rule(index=st.integers(0, 30), present=st.booleans(), arbiter=st.booleans())
    def tick(self, index: int, present: bool, arbiter: bool) -> None:
        players = list(self.section.players.order_by("tpn"))
        if not players:
            return
        player = players[index % len(players)]
        try:
            services.presence.set_presence(self.section, self.alice if arbiter else self.bob, {player.tpn: present})
        except services.OperationError:
            assert self.paired() > 0
        self.refresh()

    @rule(index=st.integers(0, 30), round_number=st.integers(1, 5), kind=st.sampled_from([Bye.HALF, Bye.ZERO]))
    def announce(self, index: int, round_number: int, kind: str) -> None:
        entries = list(Entry.objects.filter(section=self.section).select_related("player").order_by("id"))
        if not entries:
            return
        try:
            services.registration.announce(entries[index % len(entries)], round_number, kind)
        except services.OperationError:
            pass
        self.refresh()

    @rule(index=st.integers(0, 30), by_player=st.booleans())
    def take_back(self, index: int, by_player: bool) -> None:
        announcements = list(Announcement.objects.filter(entry__section=self.section).order_by("id"))
        if not announcements:
            return
        announcement = announcements[index % len(announcements)]
        try:
            if by_player:
                services.registration.cancel_announcement(announcement)
            else:
                services.registration.refuse_announcement(announcement, self.alice, "no")
        except services.OperationError:
            pass
        self.refresh()

    @precondition(lambda self: self.paired() < 3)
    @rule()
    def pair(self) -> None:
        self.refresh()
        last = self.section.round_set.order_by("-number").first()
        if last is not None:
            services.set_results(last, self.alice, {b.number: ("10", services.seen(b)) for b in last.boards.all()},
                                 withdraw_no_shows=False)
            self.refresh()
        try:
            services.pair_next_round(self.section, self.alice)
        except services.OperationError:
            pass
        self.refresh()

    @precondition(lambda self: self.paired() > 0)
    @rule()
    def unpair(self) -> None:
        self.refresh()
        services.unpair_last_round(self.section, self.alice, discard_results=True)
        self.refresh()

    # -- invariants ---------------------------------------------------------------------------------

    @invariant()
    def a_fide_id_is_entered_once(self) -> None:
        players = [p for p in Player.objects.filter(section=self.section).values_list("fide_id", flat=True) if p]
        assert len(players) == len(set(players)), players
        live = [e for e in Entry.objects.filter(section=self.section, player__isnull=False).values_list(
            "fide_id", flat=True) if e]  # entries waiting may share one; the arbiter approves one
        assert len(live) == len(set(live)), live

    @invariant()
    def an_approved_entry_is_its_player(self) -> None:
        for entry in Entry.objects.filter(section=self.section).select_related("player"):
            assert (entry.state == Entry.APPROVED) == (entry.player is not None), entry
            if entry.player is not None:
                assert (entry.player.name, entry.player.fide_id) == (entry.name, entry.fide_id)

    @invariant()
    def every_bye_has_its_reason(self) -> None:
        paired = self.paired()
        recorded = {(a.entry.player_id, a.round_number): a.kind for a in Announcement.objects.filter(
            entry__section=self.section, state=Announcement.RECORDED).select_related("entry")}
        checked_absent = set(Presence.objects.filter(player__section=self.section, absence_recorded=True)
                             .values_list("player_id", flat=True))
        for bye in Bye.objects.filter(section=self.section).exclude(kind=Bye.PAB):
            key = (bye.player_id, bye.round_number)
            assert recorded.get(key) == bye.kind or bye.kind == Bye.ZERO and (
                (bye.round_number == 1 and bye.player_id in checked_absent)
                or bye.round_number <= self.late.get(bye.player_id, 0)), bye
        for (player_id, number), kind in recorded.items():
            if number > paired:
                assert Bye.objects.filter(player_id=player_id, round_number=number, kind=kind).exists()

    @invariant()
    def round_one_pairs_those_present(self) -> None:
        rnd = self.section.round_set.filter(number=1).first()
        if rnd is None:
            return
        on_boards = set(Board.objects.filter(round=rnd).values_list("white_id", flat=True)) | set(
            Board.objects.filter(round=rnd).values_list("black_id", flat=True))
        byes = dict(Bye.objects.filter(section=self.section, round_number=1).values_list("player_id", "kind"))
        ticked = set(Presence.objects.filter(player__section=self.section, present=True).values_list(
            "player_id", flat=True))
        everybody = set(self.section.players.values_list("pk", flat=True))
        own = {p for p, kind in byes.items() if kind != Bye.PAB} - {
            p for p in everybody if Presence.objects.filter(player_id=p, absence_recorded=True).exists()}
        expected = (ticked if ticked else everybody) - own
        paired = on_boards | {p for p, kind in byes.items() if kind == Bye.PAB}
        assert paired == expected, (paired, expected, byes)
        for player in everybody - paired:
            assert byes.get(player) in (Bye.ZERO, Bye.HALF), (player, byes)

    @invariant()
    def every_write_is_audited(self) -> None:
        audit = AuditEntry.objects.filter(event=self.section.event)
        assert audit.filter(action="entry-received").count() == Entry.objects.filter(section=self.section).count()
        assert audit.filter(action="bye-announced").count() == Announcement.objects.filter(
            entry__section=self.section).count()
        assert audit.filter(action="entry-approved").count() >= Entry.objects.filter(
            section=self.section, state=Entry.APPROVED).count()
        decided = Announcement.objects.filter(entry__section=self.section).exclude(state=Announcement.RECORDED)
        assert audit.filter(action__in=["announcement-refused", "announcement-cancelled"]).count() == decided.count()
        if Presence.objects.filter(player__section=self.section).exclude(absence_recorded=True).exists():
            assert audit.filter(action="presence").exists()


class EntriesStateTestCase(BaseTestCase):
    players = 3

    def run_machine(self, examples: int, steps: int) -> None:
        EntriesMachine.case = self
        run_state_machine_as_test(EntriesMachine, settings=settings(
            max_examples=examples, stateful_step_count=steps, deadline=None, derandomize=True,
            suppress_health_check=list(HealthCheck)))

    def test_a_check_in_absence_goes_once_nobody_is_ticked(self) -> None:
        """The history the longer run found, as it shrank it: pairing round 1 with one player ticked present fails
        (fewer than two to pair) after recording the others' absences; the ticks are then taken away, so the
        check-in is no longer in force, and round 1 pairs everybody (C.04.2 (2026) art. 4.1 excludes only
        players who did not confirm their presence where presence is checked)."""
        EntriesMachine.case = self
        machine = EntriesMachine()
        invariants = [machine.a_fide_id_is_entered_once, machine.an_approved_entry_is_its_player,
                      machine.every_bye_has_its_reason, machine.every_write_is_audited,
                      machine.round_one_pairs_those_present]
        steps = [lambda: machine.enter(fide_id="", rating=0),
                 lambda: machine.tick(arbiter=False, index=29, present=True),
                 machine.pair, machine.pair, machine.pair,
                 lambda: machine.enter(fide_id="", rating=0),
                 lambda: machine.tick(arbiter=False, index=1, present=True),
                 lambda: machine.enter(fide_id="", rating=0),
                 lambda: machine.take_back(by_player=False, index=0),
                 lambda: machine.tick(arbiter=False, index=11, present=False),
                 lambda: machine.enter(fide_id="", rating=0),
                 lambda: machine.decide(approve=False, index=0, stale=False),
                 lambda: machine.tick(arbiter=False, index=19, present=False),
                 machine.pair]
        try:
            for check in invariants:
                check()
            for step in steps:
                step()
                for check in invariants:
                    check()
            self.assertEqual(machine.paired(), 1)
        finally:
            machine.teardown()

    @pytest.mark.slow
    def test_it_keeps_entries_check_in_and_byes_consistent(self) -> None:
        self.run_machine(examples=2, steps=10)

    @pytest.mark.slow
    def test_it_keeps_them_consistent_over_longer_runs(self) -> None:
        self.run_machine(examples=20, steps=30)
