"""Bridges to the core's registries.

The pairing systems and tie-breaks are the core's (``swisspair.pairing``,
``swisspair.tiebreaks``); the model field choices and the forms read them from
here so that the web app never hard-codes a list the core already keeps.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from swisspair import pairing, roundrobin, team_roundrobin
from swisspair.model import RoundPairing, Tournament

SYSTEM_LABELS: dict[str, Promise] = {
    "dutch": _("Dutch (FIDE C.04.3, 2026)"),
    "dutch-2017": _("Dutch (FIDE C.04.3, 2017 rules)"),
    "burstein": _("Burstein (FIDE C.04.4.2, previous text, as bbpPairings 6.0.0 pairs it)"),
    "burstein-2026": _("Burstein (FIDE C.04.4.2, 2026)"),
    "dubov": _("Dubov (FIDE C.04.4.1, 2026)"),
    "lim": _("Lim (FIDE C.04.4.3)"),
    "double-swiss": _("Double-Swiss (FIDE C.04.5, 2026)"),
    "team": _("Team Swiss (FIDE C.04.6, 2026)"),
    "fide-1987": _("FIDE Swiss rules 1987-89"),
    "dutch-1992": _("FIDE Dutch system, 1992 rules"),
    "simple": _("Swiss for any sport (3-1-0, score difference)"),
    "round-robin": _("Round-robin (Berger tables, FIDE C.05 Annex 1)"),
}
"""What the manager shows for each built-in system, translated; a plug-in system shows its own ``article``."""

DEFAULT_SYSTEM = "dutch"
"""The pairing system a new section starts with: the FIDE Dutch system (C.04.3), not the first by name."""

ROUND_ROBIN = "round-robin"
"""The system of a round-robin section: every round from the Berger tables, not paired by an engine."""

ROUND_ROBIN_TIEBREAKS = ",".join(roundrobin.ROUND_ROBIN_TIEBREAKS)
"""A round-robin's tie-breaks: direct encounter, wins, Sonneborn-Berger, Koya (the core's list)."""

TEAM_ROUND_ROBIN_TIEBREAKS = ",".join(team_roundrobin.TEAM_ROUND_ROBIN_TIEBREAKS)
"""A team round-robin's: match points then game points, direct encounter, Sonneborn-Berger by games."""

DEFAULT_TIEBREAKS = "BH/C1,BH,SB,DE,WIN,BWG"
"""Common current practice for an individual Swiss (FIDE C.07): Buchholz cut 1, Buchholz, Sonneborn-Berger,
direct encounter, wins, games with Black."""

TEAM_TIEBREAKS = "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPVGP"
"""A team Swiss as the TEC sample files rank it (``swisspair.standings.RECOMMENDED["team-swiss"]``)."""


def system_choices() -> list[tuple[str, str | Promise]]:
    """``(name, label)`` for every registered pairing system (translated labels for the built-in ones)."""
    choices: list[tuple[str, str | Promise]] = []
    for name in pairing.system_names():
        if name in SYSTEM_LABELS:
            choices.append((name, SYSTEM_LABELS[name]))
            continue
        label = name.capitalize()
        try:
            article = pairing.find_system(name).article
            label = f"{label} ({article})" if article else label
        except Exception:  # a broken plug-in must not break the forms
            pass
        choices.append((name, label))
    choices.append((ROUND_ROBIN, SYSTEM_LABELS[ROUND_ROBIN]))
    return choices


Pairer = Callable[[Tournament, str], RoundPairing]


def _core_pair(tournament: Tournament, system: str) -> RoundPairing:
    return pairing.pair(tournament, system=system)


PAIRER: list[Pairer] = [_core_pair]
"""The function that pairs a round; tests may push a stand-in (last one wins)."""


def pair(tournament: Tournament, system: str) -> RoundPairing:
    """Pair round ``tournament.paired_rounds + 1`` with the core engine."""
    return PAIRER[-1](tournament, system)
