"""The audit log in the reader's language: every write stores its action's code and its details as data, and
the audit page shows both in the page's language.

One event is built once through the services, with a write of every kind: an individual Swiss section
(check-in, byes, a forfeit and its correction, hand changes, numbering, categories, prizes, a play-off,
entries and announcements, a late entry, a player import), a team section and a round-robin, and a TRF import.
Names are in Cyrillic, so that any Latin word left on the Russian page is English that was not translated.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import pytest
from django.contrib.auth import get_user_model
from django.test import TestCase
from django.urls import reverse
from django.utils import translation

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import audit, playoffs, registration, sections
from swisspair_web.tournaments.reads.player_import import read_csv
from swisspair_web.tournaments.reads.trf_export import trf_text
from swisspair_web.tournaments.rows import (
    AuditEntry,
    AwardSettings,
    Bye,
    EventRole,
    Invitation,
    Player,
    Section,
    Team,
    registry,
)
from swisspair_web.tournaments.rows.registry import ROUND_ROBIN, ROUND_ROBIN_TIEBREAKS
from swisspair_web.tournaments.services import categories as category_services
from swisspair_web.tournaments.services import roundrobin as rr_services
from swisspair_web.tournaments.services import teams as team_services

from .helpers import simple_pair
from .test_list_forms import table_rows

FIELD = [("Иванов, Иван", 2300), ("Петров, Пётр", 2200), ("Сидоров, Семён", 2100), ("Козлов, Кирилл", 2000),
         ("Орлов, Олег", 1900), ("Волков, Виктор", 1800)]

EXPECTED = {
    "event-created": "Кубок",
    "event-edited": "city",
    "arbiter-invited": "bob (arbiter)",
    "invitation-withdrawn": "carol (chief arbiter)",
    "arbiter-added": "bob (arbiter)",
    "arbiter-role": "bob: arbiter → chief arbiter",
    "arbiter-removed": "bob (chief arbiter)",
    "section-created": "Основной",
    "section-edited": "name: Основной → Основной турнир",
    "players-added": "6 from form",
    "player-edited": "6. Волков, Виктор: rating: 1800 → 1850",
    "player-deleted": "7. Лишний, Лев",
    "numbering": "",
    "renumbered": "Быстров, Борис: 7 → 1; Иванов, Иван: 1 → 2; Петров, Пётр: 2 → 3; Сидоров, Семён: 3 → 4; "
                  "Козлов, Кирилл: 4 → 5; Орлов, Олег: 5 → 6; Волков, Виктор: 6 → 7",
    "withdrawn": "3. Петров, Пётр from round 2",
    "reinstated": "3. Петров, Пётр",
    "bye": "2. Иванов, Иван",
    "entries-opened": "",
    "entries-closed": "",
    "entry-received": "Заявкин, Захар, FIDE ID 24110000",
    "entry-approved": "8. Заявкин, Захар",
    "entry-refused": "Отказов, Олег: мест нет",
    "entry-list-imported": "2 players from список.csv (UTF-8)",
    "bye-announced": "8. Заявкин, Захар, through the player's private link",
    "announcement-refused": "Заявкин, Захар: рано",
    "announcement-cancelled": "Заявкин, Захар",
    "presence": "present: 1, 2, 3, 4, 5, 6, 7",
    "absent-not-present": "not ticked present: 8. Заявкин, Захар",
    "paired": "3 boards, system dutch, bye 7",
    "adjusted": "colours of board 1 flipped",
    "result": "Иванов, Иван - Быстров, Борис",
    "correction": "Иванов, Иван - Быстров, Борис",
    "published": "",
    "unpublished": "",
    "unpaired": "1 result discarded; it was public: withdrawn from the public pages",
    "category-added": "U1900: До 1900; prizes: 100 50",
    "category-edited": "U1900: До 1900; prizes: 100 50",
    "category-deleted": "U1900: До 1900",
    "prize-settings": "players level on points: decided by the tie-breaks → shared equally; currency: - → лв",
    "player-labels": "1. Быстров, Борис",
    "prize-list-published": "Overall: 1-4. 7 Волков, Виктор 25; 1-4. 2 Иванов, Иван 25; 1-4. 3 Петров, Пётр 25; "
                            "1-4. 5 Козлов, Кирилл 25",
    "prize-list-withdrawn": "",
    "playoff-created": None,  # the seed is drawn at random
    "playoff-result": None,
    "playoff-deleted": None,
    "players-imported": "игроки.csv: 1 added, 0 updated, late entry after round 2: zero-point byes for rounds 1-2 (UTF-8)",
    "team-created": "1. Альфа",
    "team-renamed": "1. Альфа-2",
    "team-deleted": "4. Дельта",
    "team-member-added": "1. Альфа: board 1, 1. Альфин, Андрей",
    "team-reordered": "1. Альфа-2: Альфин, Борис to board 1",
    "match-forfeited": None,
    "team-withdrawn": "3. Гамма from round 2",
    "team-reinstated": "3. Гамма",
    "numbers-drawn": None,
    "schedule-published": "",
    "schedule-unpublished": "",
    "trf-imported": None,
}
"""Each action this event writes, with the details the write said in English before they were stored as data
(``None``: drawn at random, checked by its parts). Where the words changed on purpose: the arbiter's role and
the fields of the event and the section by their labels, the hand change in words."""

LATIN = re.compile(r"[A-Za-z]{2,}")
DATA = re.compile(r"\b(?:dutch|csv|trf|TRF|UTF|FIDE|ID|bob|alice|carol|FIDE_TEAM\w*|[A-Z]{1,2}\d+(?:\.\d+)*)\b|C\.05|K=\d+")
"""Latin words that are data, the same in every language: the pairing system's and the team system's codes,
file names, formats and encodings, the FIDE ID, account names, a play-off game's and a category's code (as
their pages show them), an article."""


def english_left(text: str) -> list[str]:
    """The Latin words of ``text`` that are not data: English a reader of another language would see."""
    return LATIN.findall(DATA.sub("", text))


class AuditWordsTestCase(TestCase):
    section: ClassVar[Section]

    @classmethod
    def setUpTestData(cls) -> None:
        registry.PAIRER.append(simple_pair)
        try:
            with translation.override("en"):
                cls.build()
        finally:
            registry.PAIRER.pop()

    @classmethod
    def build(cls) -> None:
        users = get_user_model()
        alice = users.objects.create_user("alice", password="password")
        event = services.create_event(alice, name="Кубок", slug="audit")
        event.city = "Пловдив"
        services.update_event(event, alice, ["city"])
        services.set_role(event, alice, "bob", EventRole.ARBITER, password="Quiet-Harbour-2024")
        services.answer_invitation(users.objects.get(username="bob"), Invitation.objects.get(username="bob").pk, True)
        services.set_role(event, alice, "carol", EventRole.CHIEF)
        services.withdraw_invitation(event, alice, Invitation.objects.get(username="carol").pk)
        services.set_role(event, alice, "bob", EventRole.CHIEF)
        services.remove_role(event, alice, EventRole.objects.get(event=event, user__username="bob").pk)
        sec = services.create_section(Section(event=event, name="Основной", slug="open", rounds=2, initial_colour="w"),
                                      alice)
        before = sections.snapshot(sec)
        sec.name = "Основной турнир"
        services.update_section(sec, alice, sec.version, sections.audit_changes(before, sec))
        players = services.add_players(sec, alice, [services.PlayerData(name=n, rating=r) for n, r in FIELD])
        last = Player.objects.get(pk=players[-1].pk)
        services.update_player(last, alice, services.PlayerData(name=last.name, rating=1850), last.version)
        [extra] = services.add_players(sec, alice, [services.PlayerData(name="Лишний, Лев", rating=1000)])
        services.delete_player(Player.objects.get(pk=extra.pk), alice)
        sec.refresh_from_db()
        services.fix_numbers(sec, alice, sec.version)
        services.add_players(sec, alice, [services.PlayerData(name="Быстров, Борис", rating=2400)])
        services.renumber_by_rating(Section.objects.get(pk=sec.pk), alice)
        second = Player.objects.get(section=sec, name="Петров, Пётр")
        services.set_withdrawn(second, alice, 2)
        services.set_withdrawn(Player.objects.get(pk=second.pk), alice, None)
        services.request_bye(Player.objects.get(section=sec, name="Иванов, Иван"), alice, 2, Bye.HALF)
        services.request_bye(Player.objects.get(section=sec, name="Иванов, Иван"), alice, 2, "")
        cls.registration(sec, alice)
        cls.categories(sec, alice)
        sec.refresh_from_db()
        services.presence.set_presence(sec, alice, dict.fromkeys(range(1, 8), True))
        rnd = services.pair_next_round(Section.objects.get(pk=sec.pk), alice).round
        services.adjust_round(rnd, alice, "flip", 1)
        boards = list(rnd.boards.order_by("number"))
        services.set_results(rnd, alice, {b.number: ("10", services.seen(b)) for b in boards})
        first = rnd.boards.get(number=1)
        services.set_results(rnd, alice, {1: ("+-", services.seen(first))})  # a forfeit: the loser withdrawn
        first = rnd.boards.get(number=1)
        services.set_results(rnd, alice, {1: ("10", services.seen(first))})  # corrected: reinstated
        services.publish_round(rnd, alice)
        rnd2 = services.pair_next_round(Section.objects.get(pk=sec.pk), alice).round
        services.publish_round(rnd2, alice)
        services.publish_round(rnd2, alice, False)
        services.publish_round(rnd2, alice)
        one = rnd2.boards.get(number=1)
        services.set_results(rnd2, alice, {1: ("10", services.seen(one))})
        services.unpair_last_round(Section.objects.get(pk=sec.pk), alice, discard_results=True)
        rnd2 = services.pair_next_round(Section.objects.get(pk=sec.pk), alice).round
        services.set_results(rnd2, alice, {b.number: ("==", services.seen(b)) for b in rnd2.boards.all()})
        services.player_import.merge(Section.objects.get(pk=sec.pk), alice, read_csv(
            "Name;Rating;FIDE ID\nИмпортов, Илья;1400;24110099\n".encode(), source="игроки.csv"))
        cls.prizes(Section.objects.get(pk=sec.pk), alice)
        cls.teams(event, alice)
        cls.round_robin(event, alice)
        services.import_trf(event, alice, trf_text(Section.objects.get(pk=sec.pk)), name="Импорт", slug="imported")
        cls.section = Section.objects.get(pk=sec.pk)

    @classmethod
    def registration(cls, sec: Section, alice: Any) -> None:
        reg = services.registration
        reg.set_open(sec, alice, True, registration.registration_of(sec).version)
        entry = reg.submit(sec, registration.EntryData(name="Заявкин, Захар", email="z@example.org",
                                                      fide_id="24110000", rating=1500))
        reg.approve(entry, alice, entry.version)
        refused = reg.submit(sec, registration.EntryData(name="Отказов, Олег", email="o@example.org"))
        reg.refuse(refused, alice, refused.version, "мест нет")
        reg.import_list(sec, alice, read_csv("Name;Rating;FIDE ID\nАа, Бб;1500;24110001\nВв, Гг;1400;24110002\n"
                                             .encode(), source="список.csv"))
        entry.refresh_from_db()
        announcement = reg.announce(entry, 2, Bye.HALF)
        reg.refuse_announcement(announcement, alice, "рано")
        reg.cancel_announcement(reg.announce(entry, 2, Bye.ZERO))
        reg.set_open(sec, alice, False, registration.registration_of(sec).version)

    @classmethod
    def categories(cls, sec: Section, alice: Any) -> None:
        version = category_services.make_defaults(sec).version
        row = category_services.save_category(sec, alice, {"code": "U1900", "name": "До 1900", "rating_below": 1900,
                                                           "prizes": "100 50"}, version)
        version = category_services.make_defaults(sec).version
        row = category_services.save_category(sec, alice, {"code": "U1900", "name": "До 1900", "rating_below": 2000,
                                                           "prizes": "100 50"}, version, category=row)
        category_services.delete_category(sec, alice, row, category_services.make_defaults(sec).version)
        category_services.save_settings(sec, alice, {"currency": "лв", "sharing": AwardSettings.EQUAL},
                                        category_services.make_defaults(sec).version)
        category_services.save_player_details(sec, alice, {1: ("Клуб", 40, True, False)},
                                              category_services.make_defaults(sec).version)
        overall = sec.categories.get(code="")
        category_services.save_category(sec, alice, {"prizes": "100"}, category_services.make_defaults(sec).version,
                                        category=overall)

    @classmethod
    def prizes(cls, sec: Section, alice: Any) -> None:
        services.prizes.publish(sec, alice, category_services.make_defaults(sec).version)
        services.follow.prize_list(sec)
        core = playoffs.core_standings(playoffs.SectionData.load(sec))
        place = next(p for p in range(1, len(core.rows) + 1) if core.playoff_players(p))
        row = services.playoffs.create(sec, alice, place)
        game = playoffs.replay(row).pending[0]
        services.playoffs.record(row, alice, game.id, "1-0", row.version)
        services.playoffs.delete(row, alice)
        services.prizes.publish(sec, alice, category_services.make_defaults(sec).version, publish=False)

    @classmethod
    def teams(cls, event: Any, alice: Any) -> None:
        sec = Section.objects.create(event=event, name="Команды", slug="teams", kind=Section.TEAM, rounds=2, boards=2)
        made = []
        for name, members in (("Альфа", ("Альфин, Андрей", "Альфин, Борис")), ("Бета", ("Бетов, Андрей", "Бетов, Борис")),
                              ("Гамма", ("Гаммов, Андрей", "Гаммов, Борис"))):
            team = team_services.create_team(Section.objects.get(pk=sec.pk), alice, name)
            for number, member in enumerate(members):
                team_services.add_member(Team.objects.get(pk=team.pk), alice, services.PlayerData(name=member, rating=2000 - number))
            made.append(team)
        team_services.rename_team(Team.objects.get(pk=made[0].pk), alice, "Альфа-2")
        team_services.move_member(Player.objects.get(section=sec, name="Альфин, Борис"), alice, -1)
        delta = team_services.create_team(Section.objects.get(pk=sec.pk), alice, "Дельта")
        team_services.delete_team(Team.objects.get(pk=delta.pk), alice)
        rnd = team_services.pair_team_round(Section.objects.get(pk=sec.pk), alice).round
        match = rnd.matches.order_by("number").first()
        team_services.forfeit_match(match, alice, "both", {b.number: services.seen(b) for b in match.games.all()})
        gamma = Team.objects.get(section=sec, name="Гамма")
        team_services.withdraw_team(gamma, alice, 2)
        team_services.withdraw_team(Team.objects.get(pk=gamma.pk), alice, None)

    @classmethod
    def round_robin(cls, event: Any, alice: Any) -> None:
        sec = Section.objects.create(event=event, name="Круговой", slug="rr", system=ROUND_ROBIN, rounds=3,
                                     tiebreaks=ROUND_ROBIN_TIEBREAKS)
        services.add_players(sec, alice, [services.PlayerData(name=n, rating=r) for n, r in FIELD[:4]])
        rr_services.draw(Section.objects.get(pk=sec.pk), alice, "lot", seed=5)
        rr_services.publish_schedule(Section.objects.get(pk=sec.pk), alice)
        rr_services.publish_schedule(Section.objects.get(pk=sec.pk), alice, False)
        services.set_withdrawn(Player.objects.get(section=sec, name="Иванов, Иван"), alice, 1)
        services.pair_next_round(Section.objects.get(pk=sec.pk), alice)

    def setUp(self) -> None:
        self.client.login(username="alice", password="password")

    def entries(self) -> dict[str, list[AuditEntry]]:
        found: dict[str, list[AuditEntry]] = {}
        for entry in AuditEntry.objects.order_by("id"):
            found.setdefault(entry.action, []).append(entry)
        return found

    @pytest.mark.slow
    def test_every_kind_of_write_stores_its_details_as_data_and_says_them_in_english_as_before(self) -> None:
        found = self.entries()
        self.assertEqual(set(EXPECTED) - set(found), set(), "writes the event did not make")
        self.assertEqual(set(found) - set(audit.ACTIONS), set(), "actions without a label")
        for action, expected in EXPECTED.items():
            with self.subTest(action):
                entry = found[action][0]
                self.assertTrue(entry.params or expected == "", f"{action}: no parameters stored")
                with translation.override("en"):
                    english = audit.details(entry)
                self.assertEqual(english, entry.detail)  # the English kept with the entry is its rendering
                if expected is not None:
                    self.assertEqual(english, expected)

    def test_the_drawn_details_say_each_part(self) -> None:
        found = self.entries()
        with translation.override("en"):
            draw = audit.details(found["numbers-drawn"][0]).splitlines()
            self.assertEqual(draw[0], "Pairing numbers drawn by lot: 4 players, seed 5.")
            self.assertEqual(len(draw), 5)
            self.assertRegex(audit.details(found["playoff-created"][0]), r"^place \d+: \d+, \d+(, \d+)*, seed \d+$")
            self.assertRegex(audit.details(found["match-forfeited"][0]), r"^match 1: .+ - .+, absent: both$")
            self.assertRegex(audit.details(found["trf-imported"][0]), r"^\d+ players, 2 rounds")

    def test_the_audit_page_in_russian_shows_no_code_and_no_english(self) -> None:
        self.client.cookies["django_language"] = "ru"
        page = self.client.get(reverse("sp-event-audit", args=["audit"]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
        rows = table_rows(page)
        self.assertEqual(len(rows), AuditEntry.objects.count())
        codes = set(audit.ACTIONS)
        for _at, _who, what, _section, _rd, _bd, before, after, details in rows:
            with self.subTest(what=what, details=details):
                self.assertNotIn(what, codes)
                self.assertEqual(english_left(" ".join((what, before, after, details))), [])
        self.assertIn("English", page)  # the language menu names each language in itself
        self.assertNotIn("Английский", page)

    def test_the_player_card_names_colours_in_russian(self) -> None:
        self.client.cookies["django_language"] = "ru"
        page = self.client.get(reverse("sp-player", args=["audit", "open", 1]), HTTP_ACCEPT_LANGUAGE="ru")
        cells = [row[3] for row in table_rows(page.content.decode()) if len(row) == 6]
        self.assertTrue(cells)
        self.assertLessEqual(set(cells), {"белые", "чёрные", ""})
