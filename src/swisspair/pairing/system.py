"""The base of the pairing systems: the defaults of every ability of :class:`~swisspair.pairing.PairingSystem`.

A system subclasses :class:`SystemBase`, gives ``name``, ``aliases``, ``article`` and ``pair``,
and overrides only the abilities it has; the protocol declares them all, so a caller asks any
system directly (``system.check_rounds(t)``) and mypy checks each override's signature:

* :meth:`~SystemBase.check_rounds` - re-pair the recorded rounds and compare; by default the
  shared checker (:mod:`swisspair.pairing.checker`), the team system its own (it pairs teams);
* :attr:`~SystemBase.shape` - what one paired round plays (:class:`EventShape`: one game, or a
  two-game match, between players or teams of players), from which the one generator
  (:func:`swisspair.pairing.generate`) builds a random event for every system;
* :attr:`~SystemBase.acceleration` and :meth:`~SystemBase.with_acceleration` - virtual points
  (C.04.7), ``None`` and a refusal for a system without them;
* :meth:`~SystemBase.variant` - a TRF ``192`` code that selects settings (the team codes);
* :meth:`~SystemBase.format_pairing` - a printed table of its own (teams by team number), by
  default ``None`` (the caller prints the boards).

Nothing here imports ``typing`` at run time: the engine form loads this module (start-up).
"""

from __future__ import annotations

from swisspair.errors import UnsupportedFeatureError
from swisspair.model import Result, RoundPairing, Tournament
from swisspair.valueclass import valueclass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Self

    from swisspair.pairing.checker import RoundCheck


@valueclass(frozen=True)
class EventShape:
    """What one paired round of a system is in a TRF: its games, its participants, its PAB.

    The generator (:func:`swisspair.generator.generate`) plays every system's rounds by it.
    """

    games: int = 1
    """TRF rounds a pairing fills: 2 for a Double-Swiss match (game 2 with the colours reversed,
    C.04.5 0), else 1."""
    team_boards: int = 0
    """Players of a participant: the boards of a team match (C.04.6), the team with White having
    White on the odd boards (``352`` ``WBWB...``); 0 when the participants are players."""
    pab: tuple[Result, ...] = (Result.PAB,)
    """The results a pairing-allocated bye writes, one per game (Double-Swiss: ``U`` then ``H``,
    C.04.5 1.5); every player of a team gets them."""
    code: str | None = None
    """The ``192`` code a generated event is written with (``None``: none)."""


INDIVIDUAL = EventShape()
"""One game a round between two players: every individual system."""


class SystemBase:
    """A pairing system with the default of every ability (see the module documentation)."""

    name: str = ""
    """The canonical name (``dutch``)."""
    aliases: tuple[str, ...] = ()
    """Other names, including TRF ``192`` codes."""
    article: str = ""
    """The rule text implemented (``FIDE C.04.3 (2026)``)."""
    acceleration: str | None = None
    """The acceleration mode (C.04.7: ``auto``, ``baku`` or ``none``), ``None`` without the ability."""

    @property
    def shape(self) -> EventShape:
        """What one paired round plays (:class:`EventShape`): one game between two players."""
        return INDIVIDUAL

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair ``round_number`` (default: the next unpaired round)."""
        raise NotImplementedError(f"{type(self).__name__}.pair")

    def check_rounds(self, tournament: Tournament, rounds: range | None = None) -> Iterator[RoundCheck]:
        """Re-pair each of ``rounds`` (default: every paired round) and compare with the record
        (:func:`swisspair.pairing.checker.check_rounds`)."""
        from swisspair.pairing.checker import check_rounds

        return check_rounds(tournament, self.pair, rounds)

    def with_acceleration(self, mode: str) -> Self:
        """The same system with acceleration ``mode`` (C.04.7).

        :raises: :exc:`~swisspair.errors.UnsupportedFeatureError` for a system without virtual points.
        """
        raise UnsupportedFeatureError(f"{self.name}: Baku acceleration (C.04.7) is not supported")

    def variant(self, code: str) -> Self:
        """The system as the ``192`` code ``code`` configures it: itself when the code sets nothing."""
        return self

    def format_pairing(self, tournament: Tournament, pairing: RoundPairing) -> str | None:
        """A table of ``pairing`` of the system's own, or ``None`` (the caller prints the boards)."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


__all__ = ["INDIVIDUAL", "EventShape", "SystemBase"]
