"""Pairing systems and their registry.

>>> from swisspair.pairing import find_system
>>> find_system("FIDE_DUTCH_2025").name
'dutch'

A system is any object with ``name``, ``aliases``, ``article`` and
``pair(tournament, round_number=None) -> RoundPairing`` (:class:`PairingSystem`).
Built-in systems are listed in :data:`PAIRING_SYSTEMS` as dotted paths and
imported on first use; third-party ones register under the entry-point group
``swisspair.pairing_systems`` the same way.

Optional abilities are small protocols (:mod:`swisspair.pairing.abilities`) a system may also satisfy; every caller
(the command line, the engine form, the manager) goes through the functions
below, never through a system's name:

* :class:`ChecksRounds` - its own round checker (a system that pairs other units
  than players, such as teams); else :func:`check_rounds` re-pairs with ``pair``;
* :class:`GeneratesTournaments` - its own random events (teams, two-game
  matches); else :func:`generate` pairs :mod:`swisspair.generator`'s events;
* :class:`Accelerates` - virtual points (C.04.7): :func:`accelerated`;
* :class:`HasVariants` - a TRF ``192`` code that selects settings
  (``FIDE_TEAM_TYPEB_GP``): :func:`find_system` returns the variant;
* :class:`FormatsPairings` - its own printed table (teams by team number):
  :func:`format_pairing` returns ``None`` without it;
* explanation - the lines of :attr:`RoundPairing.explanation
  <swisspair.model.RoundPairing.explanation>`, empty when the system gives none.
"""

from __future__ import annotations

import importlib
from functools import cache

from swisspair.errors import UnsupportedFeatureError
from swisspair.exports import lazy_exports
from swisspair.model import RoundPairing, Tournament

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Protocol

    from swisspair.generator import GeneratorConfig
    from swisspair.pairing.abilities import (
        Accelerates,
        ChecksRounds,
        FormatsPairings,
        GeneratesTournaments,
        HasVariants,
        Progress,
    )
    from swisspair.pairing.checker import RoundCheck
else:
    Protocol = object  # a protocol is for type checkers: typing is not imported at run time (start-up)

_EXPORTS = {name: "swisspair.pairing.abilities" for name in (
    "Accelerates", "ChecksRounds", "FormatsPairings", "GeneratesTournaments", "HasVariants", "Progress")}
"""The abilities (:mod:`swisspair.pairing.abilities`), imported on first use (PEP 562)."""

__getattr__ = lazy_exports(__name__, _EXPORTS, globals())


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
            from swisspair.pairing.abilities import HasVariants

            return system.variant(name) if isinstance(system, HasVariants) else system
    if wanted.endswith("-baku"):
        # TRF26 192 codes such as FIDE_DUTCH_2025_BAKU: the system with Baku acceleration (C.04.7).
        return accelerated(find_system(wanted[: -len("-baku")]), "baku")
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


def accelerated(system: PairingSystem, mode: str) -> PairingSystem:
    """``system`` with acceleration ``mode`` (C.04.7).

    :raises: :exc:`~swisspair.errors.UnsupportedFeatureError` for a system without the ability.
    """
    from swisspair.pairing.abilities import Accelerates

    if not isinstance(system, Accelerates):
        raise UnsupportedFeatureError(f"{system.name}: Baku acceleration (C.04.7) is not supported")
    return system.with_acceleration(mode)


def check_rounds(system: PairingSystem, tournament: Tournament, rounds: range | None = None) -> Iterator[RoundCheck]:
    """Re-pair each of ``rounds`` (default: all) with ``system`` and compare with the record.

    The system's own checker (:class:`ChecksRounds`), else :func:`swisspair.pairing.checker.check_rounds`.
    """
    from swisspair.pairing import checker
    from swisspair.pairing.abilities import ChecksRounds

    if isinstance(system, ChecksRounds):
        return system.check_rounds(tournament, rounds)
    return checker.check_rounds(tournament, system.pair, rounds)


def generate(system: PairingSystem, config: GeneratorConfig, seed: int,
             progress: Progress | None = None) -> Tournament:
    """A random event, every round paired by ``system``, deterministic for ``seed``.

    The system's own generator (:class:`GeneratesTournaments`), else :func:`swisspair.generator.generate`.
    """
    from swisspair import generator
    from swisspair.pairing.abilities import GeneratesTournaments

    if isinstance(system, GeneratesTournaments):
        return system.generate(config, seed, progress)
    return generator.generate(config, seed, system.pair, progress)


def format_pairing(system: PairingSystem, tournament: Tournament, pairing: RoundPairing) -> str | None:
    """The system's own table of ``pairing`` (:class:`FormatsPairings`), else ``None``."""
    from swisspair.pairing.abilities import FormatsPairings

    return system.format_pairing(tournament, pairing) if isinstance(system, FormatsPairings) else None


__all__ = [
    "PAIRING_SYSTEMS", "Accelerates", "ChecksRounds", "FormatsPairings", "GeneratesTournaments", "HasVariants",
    "PairingSystem", "Progress", "accelerated", "check_rounds", "find_system", "format_pairing", "generate", "pair",
    "system_names",
]
