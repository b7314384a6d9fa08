"""Bridges to the core's registries, imported lazily.

The pairing systems and tie-breaks are the core's (``swisspair.pairing``,
``swisspair.tiebreaks``); the model field choices and the forms read them from
here so that the web app never hard-codes a list the core already keeps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

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
}
"""What the manager shows for each built-in system, translated; a plug-in system shows its own ``article``."""

FALLBACK_SYSTEMS: dict[str, str | Promise] = {"dutch": SYSTEM_LABELS["dutch"]}

DEFAULT_SYSTEM = "dutch"
"""The pairing system a new section starts with: the FIDE Dutch system (C.04.3), not the first by name."""

DEFAULT_TIEBREAKS = "BH/C1,BH,SB,DE,WIN,BWG"
"""Common current practice for an individual Swiss (rules/tiebreaks.md section 6)."""

TEAM_TIEBREAKS = "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPVGP"
"""A team Swiss as the TEC sample files rank it (``swisspair.standings.RECOMMENDED["team-swiss"]``)."""


def _pairing_module() -> Any | None:
    try:
        import swisspair.pairing as pairing
    except ImportError:
        return None
    return pairing if hasattr(pairing, "pair") else None


def system_choices() -> list[tuple[str, str | Promise]]:
    """``(name, label)`` for every registered pairing system (translated labels for the built-in ones)."""
    module = _pairing_module()
    if module is None:
        return list(FALLBACK_SYSTEMS.items())
    try:
        names = list(module.system_names()) if hasattr(module, "system_names") else list(module.PAIRING_SYSTEMS)
    except Exception:  # a broken plugin must not break the forms
        return list(FALLBACK_SYSTEMS.items())
    choices: list[tuple[str, str | Promise]] = []
    for name in names:
        if name in SYSTEM_LABELS:
            choices.append((str(name), SYSTEM_LABELS[name]))
            continue
        label = name.capitalize()
        try:
            article = getattr(module.find_system(name), "article", "")
            label = f"{label} ({article})" if article else label
        except Exception:
            pass
        choices.append((str(name), label))
    return choices or list(FALLBACK_SYSTEMS.items())


def pairing_available() -> bool:
    """Whether the core's pairing package has landed."""
    return _pairing_module() is not None


Pairer = Callable[[Tournament, str], RoundPairing]


def _core_pair(tournament: Tournament, system: str) -> RoundPairing:
    module = _pairing_module()
    if module is None:
        from swisspair.errors import UnsupportedFeatureError

        raise UnsupportedFeatureError("no pairing engine is installed (swisspair.pairing is missing)")
    result: RoundPairing = module.pair(tournament, system=system)
    return result


PAIRER: list[Pairer] = [_core_pair]
"""The function that pairs a round; tests may push a stand-in (last one wins)."""


def pair(tournament: Tournament, system: str) -> RoundPairing:
    """Pair round ``tournament.paired_rounds + 1`` with the core engine."""
    return PAIRER[-1](tournament, system)
