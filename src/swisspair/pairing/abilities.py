"""The optional abilities of a pairing system (see :mod:`swisspair.pairing`).

Each is a small protocol a system may also satisfy; callers never test them
themselves but go through the registry's functions (:func:`swisspair.pairing.check_rounds`,
:func:`~swisspair.pairing.generate`, :func:`~swisspair.pairing.accelerated`,
:func:`~swisspair.pairing.format_pairing`, :func:`~swisspair.pairing.find_system`),
which import this module only when they need it: ``typing`` stays out of the
engine form's start-up (docs/pairing.md, "Start-up").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol, Self, runtime_checkable

from swisspair.model import RoundPairing, Tournament

if TYPE_CHECKING:
    from swisspair.generator import GeneratorConfig
    from swisspair.pairing.checker import RoundCheck

Progress = Callable[[int], None]
"""Called with the round number after each generated round."""


@runtime_checkable
class ChecksRounds(Protocol):
    """Ability: the system re-pairs and compares recorded rounds itself (it pairs other units than players)."""

    def check_rounds(self, tournament: Tournament, rounds: range | None = None) -> Iterator[RoundCheck]:
        """Re-pair each of ``rounds`` (default: every paired round) and compare with the record."""
        ...


@runtime_checkable
class GeneratesTournaments(Protocol):
    """Ability: the system writes its own random events (a representation of its own: teams, matches)."""

    def generate(self, config: GeneratorConfig, seed: int, progress: Progress | None = None) -> Tournament:
        """A random event paired round by round by this system, deterministic for ``seed``."""
        ...


@runtime_checkable
class Accelerates(Protocol):
    """Ability: virtual points (FIDE C.04.7); ``acceleration`` is ``auto``, ``baku`` or ``none``."""

    acceleration: str

    def with_acceleration(self, mode: str) -> Self:
        """The same system with another acceleration mode."""
        ...


@runtime_checkable
class HasVariants(Protocol):
    """Ability: a TRF ``192`` code among the aliases selects settings of the system."""

    def variant(self, code: str) -> Self:
        """The system as ``code`` configures it (itself when the code sets nothing)."""
        ...


@runtime_checkable
class FormatsPairings(Protocol):
    """Ability: the system prints its pairings itself (by team number, say)."""

    def format_pairing(self, tournament: Tournament, pairing: RoundPairing) -> str:
        """A readable table of ``pairing``, a round of ``tournament``."""
        ...


__all__ = ["Accelerates", "ChecksRounds", "FormatsPairings", "GeneratesTournaments", "HasVariants", "Progress"]
