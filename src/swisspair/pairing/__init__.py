"""Pairing systems and their registry.

>>> from swisspair.pairing import find_system
>>> find_system("FIDE_DUTCH_2025").name
'dutch'

A system is an object with ``name``, ``aliases``, ``article`` and
``pair(tournament, round_number=None) -> RoundPairing`` and the abilities
:class:`PairingSystem` declares, each with its default in
:class:`~swisspair.pairing.system.SystemBase`, which every built-in system
subclasses (third-party ones too, so that they get the defaults). Built-in
systems are listed in :data:`PAIRING_SYSTEMS` as dotted paths and imported on
first use; third-party ones register under the entry-point group
``swisspair.pairing_systems`` the same way.

The abilities: its own round checker (``check_rounds``, the team system's: it
pairs teams), what one of its rounds plays (``shape``: the one generator,
:func:`generate`, builds every system's random events from it), virtual points
(``acceleration``, ``with_acceleration``, C.04.7), a TRF ``192`` code that
selects settings (``variant``: :func:`find_system` returns it), its own printed
table (``format_pairing``); the explanation of a round is
:attr:`RoundPairing.explanation <swisspair.model.RoundPairing.explanation>`,
empty when the system gives none.
"""

from __future__ import annotations

import sys

from swisspair.errors import UnsupportedFeatureError
from swisspair.model import RoundPairing, Tournament

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Protocol

    from swisspair.generator import GeneratorConfig
    from swisspair.pairing.checker import RoundCheck
    from swisspair.pairing.system import EventShape, SystemBase
else:
    Protocol = object  # a protocol is for type checkers: typing is not imported at run time (start-up)


class PairingSystem(Protocol):
    """What every pairing system provides: the rules it pairs by, and its abilities (defaults in
    :class:`~swisspair.pairing.system.SystemBase`)."""

    name: str
    """The canonical name (``dutch``)."""
    aliases: tuple[str, ...]
    """Other names, including TRF ``192`` codes."""
    article: str
    """The rule text implemented (``FIDE C.04.3 (2026)``)."""
    acceleration: str | None
    """The acceleration mode (C.04.7), ``None`` for a system without virtual points."""

    @property
    def shape(self) -> EventShape:
        """What one paired round plays: one game or a two-game match, between players or teams."""
        ...

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair ``round_number`` (default: the next unpaired round)."""
        ...

    def check_rounds(self, tournament: Tournament, rounds: range | None = None) -> Iterator[RoundCheck]:
        """Re-pair each of ``rounds`` (default: every paired round) and compare with the record."""
        ...

    def with_acceleration(self, mode: str) -> PairingSystem:
        """The same system with acceleration ``mode``; :exc:`UnsupportedFeatureError` without the ability."""
        ...

    def variant(self, code: str) -> PairingSystem:
        """The system as the ``192`` code ``code`` configures it (itself when the code sets nothing)."""
        ...

    def format_pairing(self, tournament: Tournament, pairing: RoundPairing) -> str | None:
        """A table of the system's own, or ``None``."""
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
    __import__(module)  # the builtin: the importlib package would load warnings too (start-up)
    system: PairingSystem = getattr(sys.modules[module], attr)()
    return system


def _registry() -> dict[str, str]:
    """Every system's ``module:Class`` by name: the built-ins, then the entry points (scanned once)."""
    if not _REGISTRY:
        from importlib.metadata import entry_points  # slow to import and to scan: not for built-in names

        paths = dict(PAIRING_SYSTEMS)
        for entry in entry_points(group=ENTRY_POINT_GROUP):
            paths.setdefault(entry.name, entry.value)
        _REGISTRY.update(paths)
    return _REGISTRY


_REGISTRY: dict[str, str] = {}
"""The registry, empty until it is first scanned (the built-ins make it non-empty)."""


def system_names() -> list[str]:
    """Canonical names of every available system (for ``click.Choice`` and forms)."""
    return sorted(_registry())


def find_system(name: str) -> PairingSystem:
    """The system called ``name`` (canonical name, alias or TRF ``192`` code, any case); one object per name.

    :raises: :exc:`~swisspair.errors.UnsupportedFeatureError` for an unknown name.
    """
    found = _FOUND.get(name)
    if found is None:
        found = _FOUND[name] = _find_system(name)
    return found


_FOUND: dict[str, PairingSystem] = {}
"""The systems found, by the name asked (:func:`functools.cache` without importing :mod:`functools`)."""


def _find_system(name: str) -> PairingSystem:
    wanted = name.strip().lower().replace("_", "-")
    if wanted in PAIRING_SYSTEMS:  # built-ins come first in the registry too
        return _load(PAIRING_SYSTEMS[wanted])
    registry = _registry()
    if wanted in registry:
        return _load(registry[wanted])
    for key, path in registry.items():
        system = _load(path)
        if wanted in (alias.lower().replace("_", "-") for alias in system.aliases):
            return system.variant(name)
    if wanted.endswith("-baku"):
        # TRF26 192 codes such as FIDE_DUTCH_2025_BAKU: the system with Baku acceleration (C.04.7).
        return find_system(wanted[: -len("-baku")]).with_acceleration("baku")
    raise UnsupportedFeatureError(
        f"unknown pairing system {name!r}; available: {', '.join(system_names())}")


def pair(tournament: Tournament, system: str | None = None, round_number: int | None = None) -> RoundPairing:
    """Pair the next round (or ``round_number``) of ``tournament``.

    Every system refuses a round beyond the announced number of rounds in the same way
    (:func:`swisspair.pairing.state.round_to_pair`), before it is asked to pair.

    :param system: a system name; default: the file's ``192`` code, else Dutch.
    :raises: :exc:`~swisspair.errors.NoValidPairingError` when no legal pairing exists;
        :exc:`~swisspair.errors.RoundNumberError` for a round beyond the announced number.
    """
    from swisspair.pairing.state import round_to_pair

    chosen = find_system(system or tournament.system or "dutch")
    round_to_pair(tournament, round_number)
    return chosen.pair(tournament, round_number)


def generate(system: PairingSystem, config: GeneratorConfig, seed: int,
             progress: Callable[[int], None] | None = None) -> Tournament:
    """A random event, every round paired by ``system`` and played as its :attr:`~PairingSystem.shape`
    says, deterministic for ``seed`` (:func:`swisspair.generator.generate`, the one generator)."""
    from swisspair import generator

    return generator.generate(config, seed, system.pair, progress, system.shape)


if TYPE_CHECKING:
    _BASE_SATISFIES_THE_PROTOCOL: type[PairingSystem] = SystemBase
    """mypy checks the defaults against the protocol (and every system's overrides against them)."""


__all__ = ["PAIRING_SYSTEMS", "PairingSystem", "find_system", "generate", "pair", "system_names"]
