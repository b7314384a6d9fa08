"""Two arbiters at one event, over HTTP, with pages kept open and submitted later (STYLE 22).

A hypothesis state machine drives the manager through its own pages, as two arbiters would: each keeps every
page it loaded and may submit any form of any of them, however old: pair, unpair and pair again, change the
pairing by hand, withdraw and reinstate, byes and absences, results and corrections, settings, imports of
late entries, publication. After every step:

1. every stored result was typed on a page that showed those two players on that board in those colours
   (FIDE C.05 art. 8: the arbiter records the games played);
2. nobody is left out of a paired round without a recorded bye, absence or withdrawal and its reason;
3. every change is in the audit log;
4. the exported TRF passes the FIDE Dutch checker (``swisspair --dutch -c``: C.04.3 re-paired round by round)
   on every complete round but those its ``###`` notes list (corrected after a later round was paired,
   changed by hand, paired with other settings or numbers).

Hypothesis runs derandomized (a fixed seed: the same histories every run): the fast tier a few short
histories, the slow tier more and longer ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.utils import translation
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule, run_state_machine_as_test

from swisspair import trf
from swisspair.pairing import find_system
from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import replay_notes, sections
from swisspair_web.tournaments.rows import AuditEntry, Board, Bye, EventRole, Player, Round, Section

from .forms import Form, forms

EVENT, SECTION = "multi", "open"
BASE = f"/e/{EVENT}/{SECTION}/"
CODES = ["1", "0", "=", "+", "-", "--", "00", "wl", "dd", "lw", "x", "5"]
ORIGINS = {Bye.REQUEST, Bye.PAIRING, Bye.WITHDRAWAL, Bye.LATE}
CHANGES: dict[str, set[str]] = {
    "results": {"result", "correction", "unpaired"},
    "pairings": {"paired", "unpaired", "adjusted"},
    "byes": {"bye", "paired", "unpaired", "players-added", "players-imported"},
    "withdrawals": {"withdrawn", "reinstated"},
    "publication": {"published", "unpublished", "unpaired"},
    "settings": {"section-edited"},
    "numbering": {"numbering"},
    "players": {"players-added", "players-imported", "player-deleted"},
    "numbers": {"renumbered", "numbers-drawn"},
}
"""What changed -> the audit actions that record it."""


def _snapshot() -> dict[str, Any]:
    """The state the audit log must account for, by kind of change."""
    section = Section.objects.get(event__slug=EVENT, slug=SECTION)
    boards = Board.objects.filter(round__section=section).values_list(
        "round__number", "number", "white_id", "black_id", "result")
    return {
        "results": {(r, n, w, b): result for r, n, w, b, result in boards if result},
        "pairings": {(r, n, w, b) for r, n, w, b, _result in boards},
        "byes": set(Bye.objects.filter(section=section).values_list("player_id", "round_number", "kind")),
        "withdrawals": dict(Player.objects.filter(section=section).values_list("pk", "withdrawn_from")),
        "publication": set(Round.objects.filter(section=section, published_at__isnull=False)
                           .values_list("number", flat=True)),
        "settings": sections.snapshot(section),
        "numbering": section.numbering,
        "players": set(Player.objects.filter(section=section).values_list("pk", flat=True)),
        "numbers": dict(Player.objects.filter(section=section).values_list("pk", "tpn")),
    }


KINDS: dict[str, Callable[[Form], bool]] = {
    "results": lambda f: f.id == "results-form",
    "pair": lambda f: f.id == "pair-form",
    "unpair": lambda f: f.action.endswith("/unpair/"),
    "adjust": lambda f: f.action.endswith("/adjust/"),
    "publish": lambda f: f.action.endswith("/publish/"),
    "player": lambda f: f.action.endswith("/action/") or f.id == "withdraw-confirm",
    "bye": lambda f: f.id == "bye-form",
    "settings": lambda f: f.id == "section-form",
    "import": lambda f: f.id == "upload-form",
    "numbering": lambda f: f.action.endswith("/renumber/"),
}
"""The forms the arbiters submit, by kind."""


def _can(kind: str) -> Callable[[ManagerMachine], bool]:
    """A rule's precondition: some arbiter keeps a page with a form of ``kind``."""
    return lambda machine: any(machine._having(who, kind) for who in machine.pages)


ROW = re.compile(r'<tr class="[^"]*" id="board-(\d+)">\s*<td class="n">\d+</td><td>\d+\. ([^<]*)</td>.*?'
                 r'<td>\d+\. ([^<]*)</td>', re.S)


def _unescape(text: str) -> str:
    import html

    return html.unescape(text)


class ManagerMachine(RuleBasedStateMachine):
    """Alice (chief arbiter) and Bob (arbiter) run a 12-player open of six rounds (FIDE Dutch system)."""

    def __init__(self) -> None:
        super().__init__()
        self._atomic = transaction.atomic()
        self._atomic.__enter__()
        translation.activate("en")
        users = get_user_model()
        alice = users.objects.create_user("sm-alice", password="x")
        bob = users.objects.create_user("sm-bob", password="x")
        event = services.create_event(alice, name="Multi", slug=EVENT)
        EventRole.objects.create(event=event, user=bob, role=EventRole.ARBITER)
        self._create_section(event, alice)
        self.clients = {"alice": Client(), "bob": Client()}
        self.clients["alice"].force_login(alice)
        self.clients["bob"].force_login(bob)
        self.pages: dict[str, list[tuple[str, str, list[Form]]]] = {"alice": [], "bob": []}
        self.typed: set[tuple[int, int, str, str, str]] = set()
        """``(round, board, white, black, result code)`` of every result typed, with the players its page showed."""
        self.late = 0
        self.checked_trf = ""
        self.audit_seen = AuditEntry.objects.order_by("-id").values_list("id", flat=True).first() or 0
        self.before = _snapshot()
        for who in self.clients:
            self._get(who, BASE + "manage/")
        self._start()

    def _create_section(self, event: Any, alice: Any) -> None:
        section = Section.objects.create(event=event, name="Open", slug=SECTION, rounds=6, initial_colour="w")
        services.add_players(section, alice, [services.PlayerData(name=f"Player {i:02d}, P", rating=2400 - 15 * i)
                                              for i in range(12)])

    def _start(self) -> None:
        """Round 1 paired and played, round 2 paired, through the pages (Alice); Bob kept the pages he loaded
        before it all."""
        for number, keys in ((1, "1=0+1="), (2, "")):
            self._get("alice", BASE + "manage/")
            _url, _html, form = self._having("alice", "pair")[0][0]
            self._post("alice", form, form.data())
            if keys:
                url, html, form = self._having("alice", "results")[0][0]
                rows = {int(n): (_unescape(w), _unescape(b)) for n, w, b in ROW.findall(html)}
                values = form.data()
                for board, key in zip(sorted(rows), keys):
                    values[f"r{board}"] = key
                    self.typed.add((number, board, *rows[board], services.parse_result(key)))
                self._post("alice", form, values)
        assert Round.objects.filter(section__slug=SECTION).count() == 2, self.pages["alice"][-1][1][-3000:]

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self._atomic.__exit__(None, None, None)
        translation.deactivate()

    # -- pages ----------------------------------------------------------------------------------------

    def _keep(self, who: str, url: str, response: Any) -> None:
        if response.status_code == 200 and "text/html" in response.get("Content-Type", ""):
            pages = self.pages[who]
            html = response.content.decode()
            pages.append((url, html, forms(html, url)))
            del pages[:-12]  # the last dozen pages of each arbiter stay open

    def _get(self, who: str, url: str) -> None:
        self._keep(who, url, self.clients[who].get(url))

    def _post(self, who: str, form: Form, data: dict[str, Any]) -> None:
        response = self.clients[who].post(form.action, data, follow=True)
        assert response.status_code in (200, 404), (response.status_code, form.action)
        url = response.redirect_chain[-1][0] if response.redirect_chain else form.action
        self._keep(who, url, response)

    def _having(self, who: str, kind: str) -> list[list[tuple[str, str, Form]]]:
        """For each page ``who`` keeps (newest first) that has forms of ``kind``: those forms."""
        having = []
        for url, html, page_forms in reversed(self.pages[who]):
            found = [(url, html, form) for form in page_forms if KINDS[kind](form)]
            if found:
                having.append(found)
        return having

    def _choose(self, data: st.DataObject, kind: str, newest: str = "") -> tuple[str, list[tuple[str, str, Form]]]:
        """An arbiter and one of their kept pages (however old) with forms of ``kind``; ``newest``: that
        arbiter's newest such page."""
        if newest:
            return newest, self._having(newest, kind)[0]
        who = data.draw(st.sampled_from([w for w in sorted(self.pages) if self._having(w, kind)]))
        having = self._having(who, kind)
        return who, having[data.draw(st.integers(0, len(having) - 1))]

    @rule(who=st.sampled_from(["alice", "bob"]), where=st.sampled_from(["manage", "results", "settings", "import"]),
          number=st.integers(1, 6))
    def load(self, who: str, where: str, number: int) -> None:
        paired = Round.objects.filter(section__slug=SECTION, section__event__slug=EVENT).count()
        url = {"manage": BASE + "manage/", "settings": BASE + "edit/", "import": BASE + "players/import/",
               "results": BASE + f"rounds/{min(number, max(paired, 1))}/results/"}[where]
        self._get(who, url)

    # -- forms (on any page kept, however old) -----------------------------------------------------------

    @rule(who=st.sampled_from(["alice", "bob"]), data=st.data())
    def pair_from_a_fresh_page(self, who: str, data: st.DataObject) -> None:
        """The usual way: the section's page loaded, *Pair* pressed."""
        self._get(who, BASE + "manage/")
        if self._having(who, "pair") and self._having(who, "pair")[0][0][0] == BASE + "manage/":
            self.pair(data, pending=data.draw(st.booleans()), newest=who)

    @rule(who=st.sampled_from(["alice", "bob"]), data=st.data())
    def results_from_a_fresh_page(self, who: str, data: st.DataObject) -> None:
        """The usual way: the last round's results page loaded, results typed."""
        paired = Round.objects.filter(section__slug=SECTION, section__event__slug=EVENT).count()
        if paired:
            self._get(who, BASE + f"rounds/{paired}/results/")
            self.type_results(data, newest=who)

    @rule(who=st.sampled_from(["alice", "bob"]), data=st.data())
    def finish_the_round(self, who: str, data: st.DataObject) -> None:
        """The last round's results page loaded, a result typed on every board still without one."""
        paired = Round.objects.filter(section__slug=SECTION, section__event__slug=EVENT).count()
        if not paired:
            return
        self._get(who, BASE + f"rounds/{paired}/results/")
        url, html, form = self._having(who, "results")[0][0]
        rows = {int(n): (_unescape(w), _unescape(b)) for n, w, b in ROW.findall(html)}
        values = form.data()
        for board in sorted(rows):
            if not values.get(f"r{board}"):
                key = data.draw(st.sampled_from(["1", "0", "=", "1", "0", "=", "+", "wl"]))
                values[f"r{board}"] = key
                self.typed.add((paired, board, *rows[board], services.parse_result(key)))
        self._post(who, form, values)

    @precondition(_can("results"))
    @rule(data=st.data())
    def type_results(self, data: st.DataObject, newest: str = "") -> None:
        who, found = self._choose(data, "results", newest)
        url, html, form = found[0]
        number = int(re.search(r"/rounds/(\d+)/", url).group(1))  # type: ignore[union-attr]
        rows = {int(n): (_unescape(w), _unescape(b)) for n, w, b in ROW.findall(html)}
        values = form.data()
        for board in data.draw(st.lists(st.sampled_from(sorted(rows)), min_size=1, max_size=6, unique=True)
                               if rows else st.just([])):
            key = data.draw(st.sampled_from(CODES))
            values[f"r{board}"] = key
            self.typed.add((number, board, *rows[board], services.parse_result(key)))
        self._post(who, form, values)

    @precondition(_can("pair"))
    @rule(data=st.data(), pending=st.booleans())
    def pair(self, data: st.DataObject, pending: bool, newest: str = "") -> None:
        who, found = self._choose(data, "pair", newest)
        _url, _html, form = found[0]
        values = form.data()
        if pending and form.control("allow_pending") is not None:
            values["allow_pending"] = "on"
        self._post(who, form, values)

    @precondition(_can("unpair"))
    @rule(data=st.data(), discard=st.booleans())
    def unpair(self, data: st.DataObject, discard: bool) -> None:
        who, found = self._choose(data, "unpair")
        _url, _html, form = found[0]
        self._post(who, form, {**form.data(), **({"discard": "1"} if discard else {})})

    @precondition(_can("adjust"))
    @rule(data=st.data(), action=st.sampled_from(["flip", "swap-white", "swap-black"]), a=st.integers(1, 6),
          b=st.integers(1, 6))
    def adjust(self, data: st.DataObject, action: str, a: int, b: int) -> None:
        who, found = self._choose(data, "adjust")
        _url, _html, form = found[0]
        self._post(who, form, {**form.data(), "action": action, "board_a": str(a), "board_b": str(b)})

    @precondition(_can("publish"))
    @rule(data=st.data())
    def publish(self, data: st.DataObject) -> None:
        who, found = self._choose(data, "publish")
        _url, _html, form = found[0]
        self._post(who, form, form.data())

    @precondition(_can("player"))
    @rule(data=st.data(), later=st.integers(0, 2))
    def player_action(self, data: st.DataObject, later: int) -> None:
        who, found = self._choose(data, "player")
        _url, _html, form = data.draw(st.sampled_from(found))
        if form.id == "withdraw-confirm":
            values = form.data()
            values["from_round"] = str(int(values.get("from_round") or 1) + later)
            self._post(who, form, values)
            return
        button = form.control("action")
        if button is not None:
            self._post(who, form, form.data("action", button.value))

    @precondition(_can("bye"))
    @rule(data=st.data(), player=st.integers(1, 14), ahead=st.integers(0, 2),
          kind=st.sampled_from(["H", "F", "Z", "remove"]))
    def bye(self, data: st.DataObject, player: int, ahead: int, kind: str) -> None:
        who, found = self._choose(data, "bye")
        _url, _html, form = found[0]
        values = form.data()
        values.update(player=str(player), kind=kind, round_number=str(int(values.get("round_number") or 1) + ahead))
        self._post(who, form, values)

    @precondition(_can("settings"))
    @rule(data=st.data(), change=st.sampled_from([{}, {"tiebreaks": "BH,SB"}, {"tiebreaks": "BH/C1,BH,SB,DE,WIN,BWG"},
                                                 {"rounds": "7"}, {"rounds": "6"}, {"win": "3", "draw": "1"},
                                                 {"win": "1", "draw": "0.5"}, {"pab": "0.5"}, {"draw": "2"},
                                                 {"loss": "-1"}]),
          confirm=st.booleans())
    def settings(self, data: st.DataObject, change: dict[str, str], confirm: bool, newest: str = "") -> None:
        who, found = self._choose(data, "settings", newest)
        _url, _html, form = found[0]
        values = {**form.data(), **change}
        if confirm and form.control("confirm") is not None:
            values["confirm"] = "1"
        self._post(who, form, values)
        url, html, page_forms = self.pages[who][-1]
        if confirm and 'id="confirm-changes"' in html:  # "Save these changes" on the confirmation page
            form = next(f for f in page_forms if KINDS["settings"](f))
            self._post(who, form, {**form.data(), "confirm": "1"})

    @rule(who=st.sampled_from(["alice", "bob"]), data=st.data(), confirm=st.booleans(),
          change=st.sampled_from([{"tiebreaks": "BH,SB"}, {"rounds": "7"}, {"win": "3", "draw": "1"},
                                  {"win": "1", "draw": "0.5"}, {"pab": "0.5"}, {"forfeit_win": "3", "pab": "3"}]))
    def settings_from_a_fresh_page(self, who: str, data: st.DataObject, confirm: bool, change: dict[str, str]) -> None:
        """The usual way: the settings page loaded, a value changed, saved (and the list confirmed)."""
        self._get(who, BASE + "edit/")
        self.settings(data, change, confirm, newest=who)

    @precondition(_can("import"))
    @rule(data=st.data(), count=st.integers(1, 2), half=st.booleans())
    def import_players(self, data: st.DataObject, count: int, half: bool) -> None:
        who, found = self._choose(data, "import")
        _url, _html, form = found[0]
        rows = []
        for _ in range(count):
            self.late += 1
            rows.append(f"Late {self.late:02d}, L;{1500 + 50 * self.late}")
        values: dict[str, Any] = {**form.data(), "format": "csv",
                                  "file": SimpleUploadedFile("late.csv", ("name;rating\n" + "\n".join(rows)).encode())}
        if form.control("late_byes") is not None:
            values["late_byes"] = "H" if half else "Z"
        self._post(who, form, values)

    @precondition(_can("numbering"))
    @rule(data=st.data())
    def numbering(self, data: st.DataObject) -> None:
        who, found = self._choose(data, "numbering")
        _url, _html, form = found[0]
        self._post(who, form, form.data())

    # -- invariants -------------------------------------------------------------------------------------

    @invariant()
    def results_were_typed_on_pages_showing_those_players(self) -> None:
        for board in Board.objects.filter(round__section__slug=SECTION).exclude(result="").select_related(
                "round", "white", "black"):
            key = (board.round.number, board.number, board.white.name, board.black.name, board.result)
            assert key in self.typed, f"stored but never typed on a page showing these players: {key}"

    @invariant()
    def nobody_is_left_out_without_a_reason(self) -> None:
        section = Section.objects.get(event__slug=EVENT, slug=SECTION)
        players = set(Player.objects.filter(section=section).values_list("pk", flat=True))
        for rnd in Round.objects.filter(section=section):
            seats = [pid for pair in rnd.boards.values_list("white_id", "black_id") for pid in pair]
            assert len(seats) == len(set(seats)), f"round {rnd.number}: a player on two boards"
            byes = list(Bye.objects.filter(section=section, round_number=rnd.number).values_list(
                "player_id", "kind", "origin"))
            out = {pid for pid, _kind, _origin in byes}
            assert len(out) == len(byes) and not out & set(seats), f"round {rnd.number}: a bye and a game"
            assert all(origin in ORIGINS for _pid, _kind, origin in byes), byes
            left = players - set(seats) - out
            assert not left, f"round {rnd.number}: not paired, and no bye or absence recorded: {left}"

    @invariant()
    def every_change_is_in_the_audit_log(self) -> None:
        after = _snapshot()
        entries = list(AuditEntry.objects.filter(id__gt=self.audit_seen).values_list(
            "id", "action", "round_number", "board_number", "new"))
        actions = {action for _id, action, *_rest in entries}
        for kind, allowed in CHANGES.items():
            old, new = self.before[kind], after[kind]
            if kind in ("withdrawals", "numbers"):  # of the players there before and after (see "players")
                old, new = ({k: v for k, v in d.items() if k in self.before[kind] and k in after[kind]}
                            for d in (old, new))
            if old != new:
                assert actions & allowed, f"{kind} changed without an audit entry ({sorted(actions)})"
        for key, result in after["results"].items():
            if self.before["results"].get(key) != result:
                assert any(action in ("result", "correction") and (r, n) == key[:2] for _i, action, r, n, _new in entries), \
                    f"result of round {key[0]} board {key[1]} changed without its audit entry"
        self.before = after
        self.audit_seen = max([self.audit_seen, *(entry[0] for entry in entries)])

    @invariant()
    def the_export_passes_the_dutch_checker_but_for_the_rounds_it_lists(self) -> None:
        response = self.clients["alice"].get(BASE + "export.trf")
        assert response.status_code == 200
        text = response.content.decode()
        if text == self.checked_trf:
            return
        self.checked_trf = text
        tournament = trf.loads(text).tournament
        listed = replay_notes.listed(text.splitlines())
        section = Section.objects.get(event__slug=EVENT, slug=SECTION)
        complete = 0
        for rnd in Round.objects.filter(section=section).order_by("number"):
            if rnd.boards.filter(result="").exists():
                break
            complete = rnd.number
        rounds = [r for r in range(1, complete + 1) if r not in listed]
        if not rounds:
            return
        for check in find_system("dutch").check_rounds(tournament, range(1, complete + 1)):
            if check.round_number in rounds:
                assert check.ok, check.describe() + "\n" + text


def _run(budget: settings) -> None:
    run_state_machine_as_test(ManagerMachine, settings=budget)


FAST = settings(max_examples=1, stateful_step_count=12, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck))


def test_two_arbiters_with_stale_pages_keep_every_invariant() -> None:
    """One short history (fast tier): every invariant checked after each of its steps."""
    _run(FAST)


@pytest.mark.slow
def test_two_arbiters_with_stale_pages_keep_every_invariant_at_length() -> None:
    """A larger budget (slow tier); derandomized like the short run: the same histories every time."""
    _run(settings(FAST, max_examples=8, stateful_step_count=40))
