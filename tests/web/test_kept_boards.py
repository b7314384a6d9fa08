"""The public pages' worker keeps a section's boards between renderings and reads again only the rounds whose
boards changed (:func:`~swisspair_web.tournaments.reads.convert.kept_boards`): after every kind of write the
section it reads is the one a fresh reading gives (a stale page is worse than a slow one)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib import admin
from django.db.models import F
from django.test import RequestFactory

from swisspair_web.tournaments import services
from swisspair_web.tournaments.admin import FollowedAdmin
from swisspair_web.tournaments.public import store
from swisspair_web.tournaments.public.render import KEPT_BOARDS, render_event
from swisspair_web.tournaments.reads.convert import BoardsKey, PlayersKey, SectionData, kept_boards, units_after
from swisspair_web.tournaments.rows import Board, Player, Section, Team

from .helpers import BaseTestCase


def shown(data: SectionData) -> dict[int, list[tuple[Any, ...]]]:
    """Every board's values with its round and players as read (names included)."""
    return {n: [(b.pk, b.round.number, b.result, b.version, b.white.tpn, b.white.name, b.black.name)
                for b in boards] for n, boards in data.boards.items()}


class KeptBoardsTestCase(BaseTestCase):
    players = 8

    def assert_fresh(self, kept: dict[int, dict[int, tuple[BoardsKey, list[Board]]]], what: str) -> None:
        self.section.refresh_from_db()
        players: dict[int, tuple[PlayersKey, list[Player]]] = self.__dict__.setdefault("kept_players", {})
        with kept_boards(kept, players):
            incremental = SectionData._read(self.section)
        fresh = SectionData._read(self.section)
        self.assertEqual(shown(incremental), shown(fresh), what)
        for last in range(fresh.paired_rounds + 1):  # the scores before each round, kept while the rows are
            self.assertEqual(units_after(incremental, last), units_after(fresh, last), f"{what}: round {last}")
        for boards in incremental.boards.values():  # a rendering sets the players it read on the boards
            for board in boards:
                stale = copy.copy(board.white)
                stale.name = "Stale, Name"
                board.white = stale
        with kept_boards(kept, players):
            again = SectionData._read(self.section)
        self.assertEqual(shown(again), shown(SectionData._read(self.section)), what)

    @pytest.mark.slow
    def test_every_write_is_read_again(self) -> None:
        kept: dict[int, dict[int, tuple[BoardsKey, list[Board]]]] = {}
        self.play_round()
        self.assert_fresh(kept, "first reading")
        outcome = self.pair()
        rnd = outcome.round
        self.assert_fresh(kept, "new round")
        services.adjust_round(rnd, self.alice, "flip", 2)
        self.assert_fresh(kept, "colours flipped")
        services.adjust_round(rnd, self.alice, "swap-white", 3, 4)
        self.assert_fresh(kept, "players swapped")
        board = rnd.boards.order_by("number").first()
        assert board is not None
        services.set_results(rnd, self.alice, {board.number: ("01", services.seen(board))})
        self.assert_fresh(kept, "result")
        player = Player.objects.get(section=self.section, tpn=1)
        services.update_player(player, self.alice, services.PlayerData(name="Renamed, Player", rating=2400),
                               player.version)
        self.assert_fresh(kept, "player edited")
        services.set_withdrawn(Player.objects.get(section=self.section, tpn=2), self.alice, 3)
        self.assert_fresh(kept, "withdrawal")
        Board.objects.filter(round=rnd, number=3).update(result="10", version=F("version") + 1)
        self.assert_fresh(kept, "a board written with its version")
        self.section.refresh_from_db()
        services.unpair_last_round(self.section, self.alice, discard_results=True)
        self.assert_fresh(kept, "round deleted")
        self.pair()
        self.assert_fresh(kept, "round paired again")

    def test_the_rendered_round_shows_each_result(self) -> None:
        self.event.public = True
        self.event.save()
        rnd = self.pair().round
        services.publish_round(rnd, self.alice)
        render_event(self.event.pk)
        self.assertIn(self.section.pk, KEPT_BOARDS)
        file = store.html_file("en", "/e/test/open/rounds/1/")
        assert file is not None
        for board in rnd.boards.order_by("number")[:2]:
            services.set_results(rnd, self.alice, {board.number: ("10", services.seen(board))})
            render_event(self.event.pk)
            self.assertEqual(file.read_text().count(">1-0<"), board.number)
        player = rnd.boards.order_by("number")[0].white  # a board whose row was made before: its player renamed
        services.update_player(player, self.alice, services.PlayerData(name="Renamed, White", rating=2400),
                               player.version)
        render_event(self.event.pk)
        self.assertIn(">Renamed, White<", file.read_text())


def players_shown(data: SectionData) -> list[tuple[Any, ...]]:
    """Every player's stored values as read (less nothing: the version included)."""
    return [tuple(getattr(p, f.attname) for f in Player._meta.concrete_fields) for p in data.players]


class KeptPlayersTestCase(BaseTestCase):
    """Every write of a player changes the section's players key (:data:`~.convert.PlayersKey`), so the
    worker's kept players are read again: each write below is checked against a fresh reading."""

    players = 6

    def assert_read_again(self, kept: dict[int, tuple[PlayersKey, list[Player]]], section: Section,
                          what: str) -> None:
        before = kept.get(section.pk, (None, []))[0]
        with kept_boards({}, kept):
            incremental = SectionData._read(section)
        self.assertNotEqual(kept[section.pk][0], before, f"{what}: the players key did not change")
        self.assertEqual(players_shown(incremental), players_shown(SectionData._read(section)), what)

    @pytest.mark.slow
    def test_every_player_write_changes_the_key(self) -> None:
        kept: dict[int, tuple[PlayersKey, list[Player]]] = {}
        section = self.section
        self.assert_read_again(kept, section, "first reading")
        services.add_players(section, self.alice, [services.PlayerData(name="Late, Entry", rating=2500)])
        self.assert_read_again(kept, section, "player added (numbers kept sorted)")
        section.refresh_from_db()
        services.fix_numbers(section, self.alice, section.version)
        section.refresh_from_db()
        Player.objects.filter(section=section, tpn=6).update(rating=2600, version=F("version") + 1)
        self.assert_read_again(kept, section, "a player written with its version")
        section.refresh_from_db()
        services.renumber_by_rating(section, self.alice, section.version)
        self.assert_read_again(kept, section, "renumbered by rating")
        player = Player.objects.get(section=section, tpn=1)
        services.update_player(player, self.alice, services.PlayerData(name="Renamed, Player", rating=2700),
                               player.version)
        self.assert_read_again(kept, section, "player edited")
        services.delete_player(Player.objects.get(section=section, tpn=7), self.alice)
        self.assert_read_again(kept, section, "player deleted")
        services.set_withdrawn(Player.objects.get(section=section, tpn=2), self.alice, 2)
        self.assert_read_again(kept, section, "withdrawn")
        services.set_withdrawn(Player.objects.get(section=section, tpn=2), self.alice, None)
        self.assert_read_again(kept, section, "reinstated")
        rnd = self.pair().round
        board = rnd.boards.order_by("number").first()
        assert board is not None
        services.set_results(rnd, self.alice, {board.number: ("-+", services.seen(board))})
        self.assertIsNotNone(Player.objects.get(pk=board.white_id).withdrawn_from)
        self.assert_read_again(kept, section, "withdrawn after a forfeit")
        board.refresh_from_db()
        services.set_results(rnd, self.alice, {board.number: ("10", services.seen(board))})
        self.assertIsNone(Player.objects.get(pk=board.white_id).withdrawn_from)
        self.assert_read_again(kept, section, "reinstated when the forfeit was corrected")
        player = Player.objects.get(section=section, tpn=3)
        player.club = "Admin Club"
        FollowedAdmin(Player, admin.site).save_model(RequestFactory().post("/"), player, None, True)
        self.assert_read_again(kept, section, "edited in the admin")

    def test_every_roster_write_changes_the_key(self) -> None:
        kept: dict[int, tuple[PlayersKey, list[Player]]] = {}
        section = Section.objects.create(event=self.event, name="Teams", slug="teams", kind=Section.TEAM, boards=2,
                                         rounds=3)
        team = services.teams.create_team(section, self.alice, "Rooks")
        for name in ("One, Rook", "Two, Rook", "Three, Rook"):
            services.teams.add_member(team, self.alice, services.PlayerData(name=name))
        self.assert_read_again(kept, section, "first reading")
        services.teams.add_member(team, self.alice, services.PlayerData(name="Four, Rook"))
        self.assert_read_again(kept, section, "member added")
        services.teams.move_member(Player.objects.get(section=section, name="Three, Rook"), self.alice, -1)
        self.assert_read_again(kept, section, "member moved up")
        services.teams.remove_member(Player.objects.get(section=section, name="One, Rook"), self.alice)
        self.assert_read_again(kept, section, "member removed, the others moved up")
        services.teams.withdraw_team(Team.objects.get(pk=team.pk), self.alice, 2)
        self.assert_read_again(kept, section, "team withdrawn")


def test_a_section_dropped_from_the_round_pages_rows_takes_its_digests_and_scores() -> None:
    """:func:`~swisspair_web.tournaments.public.render.render_round` keeps the rows of ``ROUND_KEPT`` sections;
    the digests and scores before a round kept of a section it drops go with them, the others' stay."""
    from swisspair_web.tournaments.public import render
    from swisspair_web.tournaments.reads import convert

    sections = range(1, render.ROUND_KEPT + 2)
    for section_id in sections:
        render.ROUND_BOARDS[section_id] = {}
        render.ROUND_PLAYERS[section_id] = ((0, 0, 0, 0, 0), [])
        render.KEPT_DIGESTS[(section_id, 0)] = ("key", "text")
        convert._UNITS[(section_id, 1)] = ("key", ({}, 1))
        render._keep_recent(section_id)
    assert list(render.ROUND_BOARDS) == list(sections[1:])
    assert 1 not in render.ROUND_PLAYERS and (1, 0) not in render.KEPT_DIGESTS and (1, 1) not in convert._UNITS
    assert all((n, 0) in render.KEPT_DIGESTS and (n, 1) in convert._UNITS for n in sections[1:])


def test_forget_kept_drops_the_carried_lists_and_their_rendered_tables() -> None:
    """A test database rolled back gives its ids again: nothing a rendering carried to the next may outlive it."""
    from django.utils.safestring import SafeString

    from swisspair_web.tournaments.public.render import forget_kept
    from swisspair_web.tournaments.reads import snapshot
    from swisspair_web.tournaments.templatetags import listing

    snapshot._CARRIED.put(("standings", "digest"), object())
    listing._FRAGMENTS.put(1, (object(), (), SafeString("")))
    forget_kept()
    assert not snapshot._CARRIED and not listing._FRAGMENTS
