"""Pairing systems and their registry.

>>> from swisspair.pairing import find_system
>>> find_system("FIDE_DUTCH_2025").name
'dutch'

A system is any object with ``name``, ``aliases``, ``article`` and
``pair(tournament, round_number=None) -> RoundPairing``. Built-in systems are
listed in :data:`PAIRING_SYSTEMS` as dotted paths and imported on first use;
third-party ones register under the entry-point group
``swisspair.pairing_systems`` the same way.
"""

from __future__ import annotations

import importlib
from functools import cache

from swisspair.errors import UnsupportedFeatureError
from swisspair.model import RoundPairing, Tournament

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol
else:
    Protocol = object  # a protocol is for type checkers: typing is not imported at run time (start-up)


class PairingSystem(Protocol):
    """What every pairing system provides."""

    name: str
    """The canonical name (``dutch``)."""
    aliases: tuple[str, ...]
    """Other names, including TRF ``192`` codes."""
    article: str
    """The rule text implemented (``FIDE C.04.3 (2026)``)."""

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair ``round_number`` (default: the next unpaired round)."""
        ...


PAIRING_SYSTEMS: dict[str, str] = {
    "dutch": "swisspair.pairing.dutch:DutchSystem",
    "burstein": "swisspair.pairing.burstein:BursteinSystem",
    "burstein-2026": "swisspair.pairing.burstein:Burstein2026System",
    "dutch-2017": "swisspair.pairing.dutch2017:Dutch2017System",
    "double-swiss": "swisspair.pairing.double_swiss:DoubleSwissSystem",
    "dubov": "swisspair.pairing.dubov:DubovSystem",
    "lim": "swisspair.pairing.lim:LimSystem",
    "simple": "swisspair.pairing.simple:SimpleSystem",
    "team": "swisspair.pairing.team:TeamSystem",
    "fide-1987": "swisspair.pairing.fide1987:Fide1987System",
    "dutch-1992": "swisspair.pairing.dutch1992:Dutch1992System",
}
"""Built-in systems: name -> ``module:Class``."""

ENTRY_POINT_GROUP = "swisspair.pairing_systems"


def _load(path: str) -> PairingSystem:
    module, _, attr = path.partition(":")
    system: PairingSystem = getattr(importlib.import_module(module), attr)()
    return system


@cache
def _registry() -> dict[str, str]:
    from importlib.metadata import entry_points  # slow to import and to scan: not for built-in names

    paths = dict(PAIRING_SYSTEMS)
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        paths.setdefault(entry.name, entry.value)
    return paths


def system_names() -> list[str]:
    """Canonical names of every available system (for ``click.Choice`` and forms)."""
    return sorted(_registry())


@cache
def find_system(name: str) -> PairingSystem:
    """The system called ``name`` (canonical name, alias or TRF ``192`` code, any case).

    :raises: :exc:`~swisspair.errors.UnsupportedFeatureError` for an unknown name.
    """
    wanted = name.strip().lower().replace("_", "-")
    if wanted in PAIRING_SYSTEMS:  # built-ins come first in the registry too
        return _load(PAIRING_SYSTEMS[wanted])
    registry = _registry()
    if wanted in registry:
        return _load(registry[wanted])
    for key, path in registry.items():
        system = _load(path)
        if wanted in (alias.lower().replace("_", "-") for alias in system.aliases):
            return system
    if wanted.endswith("-baku"):
        # TRF26 192 codes such as FIDE_DUTCH_2025_BAKU: the system with Baku acceleration (C.04.7).
        base = find_system(wanted[: -len("-baku")])
        with_acceleration = getattr(base, "with_acceleration", None)
        if with_acceleration is None:
            raise UnsupportedFeatureError(f"{base.name}: Baku acceleration (C.04.7) is not supported")
        accelerated: PairingSystem = with_acceleration("baku")
        return accelerated
    raise UnsupportedFeatureError(
        f"unknown pairing system {name!r}; available: {', '.join(system_names())}")


def pair(tournament: Tournament, system: str | None = None, round_number: int | None = None) -> RoundPairing:
    """Pair the next round (or ``round_number``) of ``tournament``.

    Every system refuses a round beyond the announced number of rounds in the same way
    (:func:`swisspair.pairing.state.round_to_pair`), before it is asked to pair.

    :param system: a system name; default: the file's ``192`` code, else Dutch.
    :raises: :exc:`~swisspair.errors.NoValidPairingError` when no legal pairing exists;
        :exc:`~swisspair.errors.SwissPairError` for a round beyond the announced number.
    """
    from swisspair.pairing.state import round_to_pair

    chosen = find_system(system or tournament.system or "dutch")
    round_to_pair(tournament, round_number)
    return chosen.pair(tournament, round_number)


__all__ = ["PAIRING_SYSTEMS", "PairingSystem", "find_system", "pair", "system_names"]
