"""The lists the hall needs: the start list (by pairing number, rating, name or federation, with the count of
players per federation and title) and a round's pairings by name (each player alphabetically, with board,
colour, opponent and score)."""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.utils.translation import ngettext

from swisspair.model import BoardResult
from swisspair_web.tournaments.reads import labels, rounds
from swisspair_web.tournaments.reads.listing import Column, Listing, Table, points, rating, row
from swisspair_web.tournaments.rows import Player, Round, Section

TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""FIDE titles, strongest first (the order of the initial ranking, C.04.2 art. 2)."""


ORDERS = {"tpn": gettext_lazy("by pairing number"), "rating": gettext_lazy("by rating"),
          "name": gettext_lazy("alphabetically"), "federation": gettext_lazy("by federation")}


def name_key(name: str) -> tuple[str, str]:
    """Alphabetical order as lists at international events have it: letters with diacritics beside their
    base letters (``Černá`` among the C's), case ignored; Cyrillic after Latin."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))
    return plain.casefold(), name


def _by_strength(player: Player) -> tuple[int, int, tuple[str, str]]:
    """Rating, then title, then name (C.04.2 (2026) art. 2.2)."""
    return -player.rating, TITLES.index(player.title) if player.title in TITLES else len(TITLES), \
        name_key(player.name)


@dataclass
class FederationCount:
    """A federation's line of the counts: its players and their titles."""

    federation: str
    players: int
    titles: list[int]
    """Players with each title of :attr:`StartList.titles`, in that order."""


@dataclass
class StartList:
    order: str
    players: list[Player]
    titles: list[str]
    """The titles held in the section, strongest first (the columns of the counts)."""
    federations: list[FederationCount]
    """A line per federation (most players first), then the total (``federation`` empty)."""

    def groups(self) -> list[tuple[FederationCount, list[Player]]]:
        """The players of each federation, in list order (for the list by federation)."""
        return [(count, [p for p in self.players if p.federation == count.federation])
                for count in self.federations[:-1]]


def start_list(section: Section, order: str) -> StartList:
    """The section's players in ``order`` (a key of :data:`ORDERS`), with the counts per federation."""
    players = list(section.players.all())
    feds = Counter(p.federation for p in players)
    ranked = sorted(feds.items(), key=lambda item: (not item[0], -item[1], item[0]))
    rank = {fed: index for index, (fed, _count) in enumerate(ranked)}
    keys = {"tpn": lambda p: (p.tpn,), "rating": _by_strength, "name": lambda p: (name_key(p.name), p.tpn),
            "federation": lambda p: (rank[p.federation], *_by_strength(p))}
    players.sort(key=keys[order])
    held = Counter(p.title for p in players if p.title in TITLES)
    titles = [t for t in TITLES if held[t]]
    lines = [FederationCount(fed, count, [sum(1 for p in players if p.federation == fed and p.title == t)
                                          for t in titles])
             for fed, count in ranked]
    lines.append(FederationCount("", len(players), [held[t] for t in titles]))
    return StartList(order, players, titles, lines)


def own_results(code: str) -> tuple[str, str]:
    """A board's result (its code, empty while the game is on) as each player scored it, White's then Black's:
    the core's :attr:`~swisspair.model.Result.symbol` of each side."""
    if not code:
        return "", ""
    result = BoardResult.from_code(code)
    return result.white.symbol, result.black.symbol


@dataclass
class NameLine:
    """A player's line of the pairings by name."""

    player: Player
    points: str
    """The player's score before the round."""
    board: int | None = None
    white: bool = False
    opponent: Player | None = None
    opponent_points: str = ""
    result: str = ""
    """The player's own result once entered (``1``, ``½``, ``0``, ``+``, ``−``)."""
    bye: str = ""
    """The kind of bye (``U`` ``H`` ``F`` ``Z``) for a player without a game."""
    bye_label: str = ""
    awarded: str = ""

    @property
    def colour(self) -> str:
        return "" if self.board is None else ("w" if self.white else "b")


def by_name(rnd: Round) -> list[NameLine]:
    """Every player of the round's pairing list, alphabetically: both players of each board and the byes."""
    listing = rounds.pairing_list(rnd)
    lines = []
    for line in listing.boards:
        b = line.board
        white, black = own_results(b.result)
        lines.append(NameLine(b.white, line.white_points, b.number, True, b.black, line.black_points, white))
        lines.append(NameLine(b.black, line.black_points, b.number, False, b.white, line.white_points, black))
    for bye in listing.byes:
        lines.append(NameLine(bye.bye.player, bye.points, bye=bye.bye.kind, bye_label=bye.bye.get_kind_display(),
                              awarded=bye.awarded))
    return sorted(lines, key=lambda line: (name_key(line.player.name), line.player.tpn))


def _start_columns() -> tuple[Column, ...]:
    return (Column("tpn", _("No."), number=True), Column("title", _("Title")), Column("name", _("Name"), wrap=True),
            Column("fide_id", _("FIDE ID")), Column("federation", _("Fed")),
            Column("rating", _("Rating"), rating, number=True), Column("club", _("Club"), wrap=True))


def _player_values(p: Player) -> dict[str, object]:
    return {"tpn": p.tpn, "title": p.title, "name": p.name, "fide_id": p.fide_id, "federation": p.federation,
            "rating": p.rating, "club": p.club, "withdrawn_from": p.withdrawn_from}


def start_list_listing(section: Section, order: str) -> Listing:
    """The start list in ``order`` as every form shows it; by federation, a table per federation (most players
    first) under its heading, then the counts per federation and title."""
    listing = start_list(section, order)
    columns = _start_columns()
    extra: tuple[Table, ...] = ()
    if order == "federation":
        tables: tuple[Table, ...] = tuple(Table(columns, tuple(row(columns, _player_values(p)) for p in players),
                             heading=f"{count.federation or '—'} ("
                                     + ngettext("%(counter)s player", "%(counter)s players", count.players) % {"counter": count.players}
                                     + ")",
                             key=count.federation)
                       for count, players in listing.groups())
        counted = (Column("federation", _("Fed")), Column("players", _("Players"), number=True),
                   *(Column(t, t, lambda n: str(n) if n else "", number=True) for t in listing.titles))
        extra = (Table(counted, tuple(row(counted, {"federation": c.federation or _("Total"), "players": c.players,
                                                    **dict(zip(listing.titles, c.titles, strict=True))})
                                      for c in listing.federations),
                       heading=_("Players by federation and title"), key="federation-counts"),)
    else:
        tables = (Table(columns, tuple(row(columns, _player_values(p)) for p in listing.players)),)
    return Listing(f"{_('Start list')} ({ORDERS[order]})", f"start-list-{order}", tables, extra,
                   facts={"order": order, "titles": listing.titles, "federations": [
                       {"federation": c.federation or None, "players": c.players,
                        "titles": dict(zip(listing.titles, c.titles, strict=True))} for c in listing.federations]},
                   group="federation", rows_key="players")


def by_name_listing(rnd: Round) -> Listing:
    """A round's pairings by name as every form shows it: scores with ``½``, colours and byes by their labels."""
    columns = (Column("name", _("Name"), wrap=True), Column("tpn", _("No."), number=True),
               Column("points", _("Pts"), points, number=True), Column("board", _("Bd"), number=True),
               Column("colour", _("Colour"), labels.shown("colour")),
               Column("opponent_name", _("Opponent"), wrap=True), Column("opponent", _("No."), number=True),
               Column("opponent_points", _("Pts"), points, number=True), Column("result", _("Result")))
    rows = []
    for line in by_name(rnd):
        opponent = line.opponent
        rows.append(row(columns, {
            "name": line.player.name, "tpn": line.player.tpn, "points": line.points, "board": line.board,
            "colour": line.colour or None, "opponent": opponent.tpn if opponent else None,
            "opponent_name": opponent.name if opponent else f"{labels.label('bye', line.bye)}: {points(line.awarded)}",
            "opponent_points": line.opponent_points or None, "result": line.result or None,
            "bye": line.bye or None}))
    title = _("Round %(n)s") % {"n": rnd.number} + " – " + _("pairings by name")
    return Listing(title, f"round-{rnd.number}-by-name", (Table(columns, tuple(rows)),),
                   facts={"round": rnd.number, "published": rnd.published}, html_id="by-name", row_id="name",
                   rows_key="players")
