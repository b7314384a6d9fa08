"""Two arbiters change categories, prizes and settings from pages they loaded at different times, publish the
prize list and correct results, in any order (hypothesis ``RuleBasedStateMachine``). After every step:

* a write from a page older than the settings' version is refused and changes nothing; every other is
  written, bumps the version once and leaves one audit entry;
* the categories are those the accepted writes made;
* the prize list gives each player at most one prize and never pays more than a category offers;
* once published, the kept list is the list the results give now, and every change of it while published
  left the list before the change in the audit log.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import categories, prizes
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.rows import AuditEntry, AwardSettings, Category, Player, Section
from swisspair_web.tournaments.services import Conflict

from .helpers import BaseTestCase

CODES = ["U16", "W", "U2000", "50+", "BUL", "unrated"]
OWN = ("category-added", "category-edited", "category-deleted", "prize-settings", "prize-list-published",
       "prize-list-withdrawn")


class AwardsMachine(RuleBasedStateMachine):
    case: BaseTestCase
    counter = 0

    @initialize()
    def event(self) -> None:
        AwardsMachine.counter += 1
        alice = self.case.alice
        event = services.create_event(alice, name="State", slug=f"state-{AwardsMachine.counter}")
        self.section = Section.objects.create(event=event, name="Open", slug="open", rounds=3, initial_colour="w")
        services.add_players(self.section, alice, [
            services.PlayerData(name=f"P{i}", rating=(2100 - 40 * i) if i % 4 else 0, federation="BUL" if i % 2
                                else "CZE", sex="w" if i % 3 == 0 else "m",
                                birth_date="2012/01/01" if i % 5 == 0 else "1970/01/01") for i in range(8)])
        for _ in range(3):
            self.section.refresh_from_db()
            rnd = services.pair_next_round(self.section, alice).round
            services.set_results(rnd, alice, {b.number: ("10" if b.number % 2 else "==", services.seen(b))
                                              for b in rnd.boards.all()}, withdraw_no_shows=False)
            services.publish_round(rnd, alice)  # the list kept is the public's: of the published rounds
        self.settings = categories.settings_of(self.section)
        self.users = {"alice": alice, "bob": self.case.bob}
        self.seen = {"alice": 0, "bob": 0}
        self.version = self.settings.version
        self.codes: set[str] = {""}
        self.audited = 0
        self.published = False
        self.changes = 0

    # -- the model's view of a write ---------------------------------------------------------------------

    def write(self, who: str, action: Any) -> bool:
        """Run ``action(seen version)``; check it was refused exactly when the page was stale."""
        stale = self.seen[who] != self.version
        before = self.published_list()
        try:
            with self.case.captureOnCommitCallbacks(execute=True):
                action(self.seen[who])
        except Conflict:
            assert stale, "a write from an up-to-date page was refused"
            return False
        assert not stale, "a write from a stale page was accepted"
        self.version += 1
        self.seen[who] = self.version
        self.audited += 1
        self.note_change(before)
        return True

    def published_list(self) -> dict[str, Any] | None:
        row = AwardSettings.objects.get(pk=self.settings.pk)
        return row.published_list if row.published_at else None

    def note_change(self, before: dict[str, Any] | None) -> None:
        after = self.published_list()
        if before is not None and after is not None and before != after:
            self.changes += 1

    # -- rules ---------------------------------------------------------------------------------------------

    @rule(who=st.sampled_from(["alice", "bob"]))
    def load_page(self, who: str) -> None:
        self.seen[who] = AwardSettings.objects.get(pk=self.settings.pk).version

    @rule(who=st.sampled_from(["alice", "bob"]), code=st.sampled_from(CODES),
          prizes=st.lists(st.integers(0, 500), max_size=3))
    def add_category(self, who: str, code: str, prizes: list[int]) -> None:
        if Category.objects.filter(section=self.section, code=code.upper() if code != "unrated" else "NR").exists():
            return
        from swisspair_web.tournaments.pages.forms import CategoryForm

        form = CategoryForm({"code": code, "order": "2", "prizes": " ".join(map(str, sorted(prizes, reverse=True))),
                             "version": "0"})
        assert form.is_valid(), form.errors
        values = dict(form.cleaned_data)
        if self.write(who, lambda seen: services.categories.save_category(self.section, self.users[who], values, seen)):
            self.codes.add(values["code"])

    @rule(who=st.sampled_from(["alice", "bob"]), prizes=st.lists(st.integers(0, 1000), max_size=4),
          order=st.integers(1, 4))
    def edit_overall(self, who: str, prizes: list[int], order: int) -> None:
        row = Category.objects.get(section=self.section, code="")
        values = {"name": "Overall", "order": order, "prizes": " ".join(map(str, sorted(prizes, reverse=True)))}
        self.write(who, lambda seen: services.categories.save_category(self.section, self.users[who], values, seen, row))

    @precondition(lambda self: len(self.codes) > 1)
    @rule(who=st.sampled_from(["alice", "bob"]), data=st.data())
    def delete_category(self, who: str, data: st.DataObject) -> None:
        code = data.draw(st.sampled_from(sorted(self.codes - {""})))
        row = Category.objects.get(section=self.section, code=code)
        if self.write(who, lambda seen: services.categories.delete_category(self.section, self.users[who], row, seen)):
            self.codes.discard(code)

    @rule(who=st.sampled_from(["alice", "bob"]), sharing=st.sampled_from(["tiebreak", "equal", "hort"]))
    def set_sharing(self, who: str, sharing: str) -> None:
        current = AwardSettings.objects.get(pk=self.settings.pk)
        values = {"sharing": sharing, "age_date": current.age_date, "currency": "", "norms_waived": False}
        audited = sharing != current.sharing
        if self.write(who, lambda seen: services.categories.save_settings(self.section, self.users[who], values, seen)) \
                and not audited:
            self.audited -= 1  # nothing changed: no audit entry

    @rule(who=st.sampled_from(["alice", "bob"]), publish=st.booleans())
    def publish(self, who: str, publish: bool) -> None:
        if self.write(who, lambda seen: services.prizes.publish(self.section, self.users[who], seen, publish=publish)):
            self.published = publish

    @rule(board=st.integers(1, 4), code=st.sampled_from(["10", "01", "==", "+-"]), number=st.integers(1, 3))
    def correct_result(self, board: int, code: str, number: int) -> None:
        rnd = self.section.round_set.get(number=number)
        row = rnd.boards.get(number=board)
        before = self.published_list()
        with self.case.captureOnCommitCallbacks(execute=True):
            services.set_results(rnd, self.users["bob"], {board: (code, services.seen(row))}, withdraw_no_shows=False)
        self.note_change(before)

    # -- invariants ------------------------------------------------------------------------------------------

    @invariant()
    def versions_categories_and_audit(self) -> None:
        assert AwardSettings.objects.get(pk=self.settings.pk).version == self.version
        assert set(Category.objects.filter(section=self.section).values_list("code", flat=True)) == self.codes
        assert AuditEntry.objects.filter(section=self.section, action__in=OWN).count() == self.audited

    @invariant()
    def one_prize_per_player_within_the_prizes(self) -> None:
        view = prizes.compute(SectionData.load(self.section))
        if view.result is None:
            return
        tpns = [a.tpn for a in view.result.awards]
        assert len(tpns) == len(set(tpns))
        for category in view.result.categories:
            assert sum(a.amount for a in view.result.of_category(category.code)) <= sum(category.amounts)

    @invariant()
    def the_published_list_is_current_and_its_changes_audited(self) -> None:
        kept = self.published_list()
        assert (kept is not None) == self.published
        if kept is not None:
            current = categories.settings_of(self.section)
            assert kept == prizes.shown(SectionData.load(self.section), current, arbiter=False).as_dict()
        assert AuditEntry.objects.filter(section=self.section, action="prize-list-changed").count() == self.changes


class AwardsStateTestCase(BaseTestCase):
    players = 0

    def run_machine(self, budget: settings) -> None:
        AwardsMachine.case = self
        run_state_machine_as_test(AwardsMachine, settings=settings(
            budget, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]))
        assert Player.objects.exists()

    def test_it_keeps_every_invariant_under_interleaved_writes(self) -> None:
        """Two short histories, the same every time (fast tier)."""
        self.run_machine(settings(max_examples=2, stateful_step_count=8, derandomize=True, database=None))

    @pytest.mark.slow
    def test_it_keeps_every_invariant_over_longer_runs(self) -> None:
        self.run_machine(settings(max_examples=10, stateful_step_count=12))
