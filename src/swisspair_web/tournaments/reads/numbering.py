"""Pairing numbers before round 1: the initial ranking of the rules, kept as players come and go.

FIDE C.04.2 (General handling rules) art. 2.2 ranks the participants before round 1 by strength (rating),
then FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then alphabetically; the rank is the pairing
number (2.3). The FIDE Dutch system, 1992 rules (A 2) orders the titles GM, WGM, IM, WIM, FM, WFM; the FIDE
Swiss rules of 1987 (art. 7) rank by rating and title and leave the rest to a national rating or lots (names
here). Until round 1 is paired, a section whose numbering is :attr:`Section.RATING_ORDER` keeps its numbers
in that order whenever a player is added, edited, imported or deleted; an arbiter who fixes the numbers on
purpose (:attr:`Section.FIXED_ORDER`) keeps them as they are (a file imported with its own numbers starts so).
A team section numbers its players by the teams' rosters: the rules leave the order to the competition.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from swisspair_web.tournaments.rows import Player, Section

TITLES_C04 = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""FIDE C.04.2 art. 2.2.2: the titles from the highest."""

TITLES_1992 = ("GM", "WGM", "IM", "WIM", "FM", "WFM")
"""FIDE Dutch system, 1992 rules, A 2 c: IGM, WGM, IM, WIM, FM, WFM, no title."""

TITLES_1987 = ("GM", "IM", "WGM", "FM", "WIM", "WFM")
"""FIDE Swiss rules 1987-89, art. 7: "by their international titles" (the titles of the time)."""


@dataclass(frozen=True)
class Order:
    """How a system ranks the players before round 1."""

    titles: tuple[str, ...]
    """Titles from the highest; a title not listed ranks as none."""
    label: Promise
    """The order in words, with its article (shown on the section's page)."""


DEFAULT = Order(TITLES_C04, _("rating, then title (GM, IM, WGM, FM, WIM, CM, WFM, WCM), then name (FIDE C.04.2 "
                              "art. 2.2)"))
ORDERS: dict[str, Order] = {
    "dutch-1992": Order(TITLES_1992, _("rating, then title (GM, WGM, IM, WIM, FM, WFM), then name (FIDE Dutch "
                                       "system, 1992 rules, A 2)")),
    "fide-1987": Order(TITLES_1987, _("rating, then title, then name (FIDE Swiss rules 1987-89, art. 7: a "
                                      "national rating or lots may replace the name)")),
    "simple": Order((), _("rating, then name")),
}
"""Systems whose rules rank otherwise than C.04.2 art. 2.2."""


def order(section: Section) -> Order:
    """The initial ranking order of the section's pairing system."""
    return ORDERS.get(section.system, DEFAULT)


def rank_key(titles: tuple[str, ...]) -> Callable[[Player], tuple[int, int, str, str, int]]:
    """The sort key of a player in the initial ranking: rating down, title, name."""
    rank = {title: index for index, title in enumerate(titles)}
    return lambda p: (-p.rating, rank.get(p.title, len(titles)), p.name.casefold(), p.name, p.tpn)


def plan(section: Section, players: Iterable[Player] | None = None) -> list[tuple[Player, int]]:
    """``(player, new pairing number)`` of every player whose number the initial ranking changes."""
    ranked = sorted(section.players.all() if players is None else players, key=rank_key(order(section).titles))
    return [(player, tpn) for tpn, player in enumerate(ranked, start=1) if player.tpn != tpn]


def automatic(section: Section) -> bool:
    """Whether the section's numbers follow the initial ranking by themselves: before round 1, unless fixed."""
    return (section.numbering == Section.RATING_ORDER and not section.is_team
            and not section.round_set.exists())


def changes(plan: list[tuple[Player, int]]) -> list[list[object]]:
    """``[name, number before, number after]`` of each player renumbered, for the audit log (before
    :func:`.services.numbering.apply`)."""
    return [[player.name, player.tpn, tpn] for player, tpn in plan]
