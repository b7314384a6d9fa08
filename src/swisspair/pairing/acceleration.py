"""Accelerated pairing: virtual points that count for pairing only (FIDE C.04.7, 2026).

An accelerated system adds *virtual points* (VP) to some participants' scores
in the first rounds, so that the strongest players meet each other earlier.
The *pairing score* (points plus the VP of the round being paired) decides the
scoregroups, the order inside them, floats and topscorers; the VP never enter
the standings or the tie-breaks (C.04.7 (2026) 1.5). In swisspair the VP of a
round are a ``{tpn: {round: points}}`` mapping, the same shape as
:attr:`swisspair.model.Tournament.accelerations`, handed to
:func:`swisspair.pairing.state.build_state`.

Where the values come from (:func:`virtual_points`):

1. explicit values in the file (JaVaFo ``XXA``, TRF26 ``250``) always win:
   TRF26 says a ``250`` record overrides the acceleration implied by the
   ``192`` code, and bbpPairings ignores ``_BAKU`` as soon as one ``XXA`` or
   ``250`` line is present;
2. otherwise the selected mode: ``"baku"`` computes the Baku acceleration
   (:func:`baku_virtual_points`), ``"none"`` adds nothing, and ``"auto"``
   (the default) reads the file's system code: a ``_BAKU`` suffix
   (``FIDE_DUTCH_2025_BAKU``) asks for Baku, anything else for the system's
   own default (none for Dutch, :func:`burstein_default_virtual_points` for
   the previous Burstein text as the reference engine reads it).

Baku acceleration (C.04.7 (2026) 1.2-1.4), with ``N`` participants, ``R``
rounds and ``W`` the points of a win:

* accelerated rounds ``A = ceil(R / 2)``; full-VP rounds ``F = ceil(A / 2)``;
* group GA gets ``W`` in rounds ``1..F`` and ``W / 2`` in rounds ``F+1..A``;
  group GB gets nothing;
* GA is the first half of the pairing list. The text rounds it up to an even
  number, ``2 * ceil(N / 4)``; the reference engine (bbpPairings 6.0.0,
  ``applyBakuAcceleration``) takes the first ``ceil(N / 2)``, which is what
  the reference corpus tests/corpus/dutch-baku was paired with. Both are available
  (:data:`GROUP_A_ENGINE`, :data:`GROUP_A_EVEN`); the engine's is the default
  so that its pairings are reproduced. The two differ when ``N mod 4`` is 1
  or 2.
* the scoring must give a win twice a draw and nothing for a loss (1.1).

Not implemented: the late-entry rule of C.04.7 1.3 (GA keeps the same last
player when players are inserted later); like the reference engine, GA is
taken from the current list of pairing numbers.
"""

from __future__ import annotations

from swisspair.errors import UnsupportedFeatureError
from swisspair.model import Tournament
from swisspair.pairing.system import SystemBase

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (start-up of the engine form)
    from fractions import Fraction
    from typing import Literal, Self

Accelerations = dict[int, dict[int, "Fraction"]]
"""Virtual points by TPN, then by round number (Fractions: :mod:`fractions` is imported when a file or an
acceleration gives some, not by the engine form of a file without)."""

if TYPE_CHECKING:
    AccelerationMode = Literal["auto", "baku", "none"]
    """How a system obtains virtual points when the file gives none (see the module docstring)."""
else:
    AccelerationMode = str  # at run time a mode is checked by check_mode

ACCELERATION_MODES: tuple[AccelerationMode, ...] = ("auto", "baku", "none")

GROUP_A_ENGINE = "engine"
"""GA = the first ``ceil(N / 2)`` participants (bbpPairings)."""
GROUP_A_EVEN = "even"
"""GA = the first ``2 * ceil(N / 4)`` participants (C.04.7 (2026) 1.2 as written)."""

BAKU_SUFFIX = "_BAKU"
"""TRF26 ``192`` suffix asking for Baku acceleration (``FIDE_DUTCH_2025_BAKU``)."""


def check_mode(mode: str) -> AccelerationMode:
    """``mode`` as an :data:`AccelerationMode`.

    :raises: :exc:`~swisspair.errors.UnsupportedFeatureError` for an unknown mode.
    """
    for known in ACCELERATION_MODES:
        if mode == known:
            return known
    raise UnsupportedFeatureError(
        f"unknown acceleration {mode!r}; expected one of {', '.join(ACCELERATION_MODES)}")


def asks_for_baku(system_code: str | None) -> bool:
    """Whether a TRF ``192``/``092`` system code carries the ``_BAKU`` suffix."""
    if not system_code:
        return False
    return system_code.strip().upper().replace("-", "_").endswith(BAKU_SUFFIX)


def baku_rounds(total_rounds: int) -> tuple[int, int]:
    """``(A, F)``: the last accelerated round and the last round with full VP (C.04.7 1.4).

    >>> baku_rounds(9)
    (5, 3)
    >>> baku_rounds(7)
    (4, 2)
    >>> baku_rounds(11)
    (6, 3)
    """
    accelerated = (total_rounds + 1) // 2
    return accelerated, (accelerated + 1) // 2


def baku_group_a_size(participants: int, rule: str = GROUP_A_ENGINE) -> int:
    """Size of group GA for ``participants`` players (C.04.7 1.2).

    >>> baku_group_a_size(161), baku_group_a_size(161, GROUP_A_EVEN)
    (81, 82)
    >>> baku_group_a_size(12), baku_group_a_size(12, GROUP_A_EVEN)
    (6, 6)

    :raises: :exc:`~swisspair.errors.UnsupportedFeatureError` for an unknown rule.
    """
    if rule == GROUP_A_ENGINE:
        return (participants + 1) // 2
    if rule == GROUP_A_EVEN:
        return 2 * ((participants + 3) // 4)
    raise UnsupportedFeatureError(f"unknown GA rule {rule!r}; expected {GROUP_A_ENGINE!r} or {GROUP_A_EVEN!r}")


def baku_virtual_points(tournament: Tournament, group_a_rule: str = GROUP_A_ENGINE) -> Accelerations:
    """The Baku virtual points of every participant for every round (C.04.7 (2026) 1.2-1.4).

    GA is taken from the participants in pairing-number order, all of them
    (absent ones included), as the reference engine does. An event whose
    number of rounds is unknown gets no acceleration.

    :raises: :exc:`~swisspair.errors.UnsupportedFeatureError` when the scoring
        does not give a win twice a draw and a loss nothing (C.04.7 1.1).
    """
    scoring = tournament.scoring
    if scoring.loss != 0 or scoring.win != 2 * scoring.draw or scoring.win <= 0:
        raise UnsupportedFeatureError(
            "Baku acceleration (C.04.7 1.1) needs a win worth twice a draw and a loss worth nothing")
    rounds = tournament.rounds
    if not rounds or not tournament.players:
        return {}
    accelerated, full = baku_rounds(rounds)
    schedule = {r: scoring.win if r <= full else scoring.draw for r in range(1, accelerated + 1)}
    size = baku_group_a_size(len(tournament.players), group_a_rule)
    return {tpn: dict(schedule) for tpn in sorted(tournament.players)[:size]}


def burstein_default_virtual_points(tournament: Tournament) -> Accelerations:
    """The acceleration the reference engine applies to Burstein when the file gives none.

    bbpPairings reads the previous Burstein text as defining a default
    acceleration: in rounds 1 and 2, a win's points for the upper half of the
    participants, in pairing-number order. The half is counted among the
    participants of round 1 (a participant whose round-1 entry is a requested
    bye or an absence does not count, but still gets the points when it falls
    inside the half); for ``P`` such participants, players are taken until
    ``floor(P / 2)`` of them are covered. Fewer than two participants: none.
    """
    counted = [not player.results or player.results[0].result.paired
               for player in (tournament.players[tpn] for tpn in sorted(tournament.players))]
    remaining = sum(counted)
    if remaining <= 1:
        return {}
    win = tournament.scoring.win
    result: Accelerations = {}
    for tpn, counts in zip(sorted(tournament.players), counted):
        result[tpn] = {1: win, 2: win}
        if counts:
            remaining -= 2
            if remaining <= 1:
                break
    return result


def virtual_points(tournament: Tournament, mode: AccelerationMode = "auto",
                   default: Accelerations | None = None) -> Accelerations:
    """The virtual points to pair ``tournament`` with (see the module docstring).

    :param mode: ``"auto"``, ``"baku"`` or ``"none"``; explicit file values win in every mode.
    :param default: the system's own acceleration, used by ``"auto"`` when the
        file neither gives values nor asks for Baku.
    :raises: :exc:`~swisspair.errors.UnsupportedFeatureError` when Baku is
        asked for with an incompatible scoring.
    """
    if tournament.accelerations:
        return tournament.accelerations
    if mode == "baku" or (mode == "auto" and asks_for_baku(tournament.system)):
        return baku_virtual_points(tournament)
    if mode == "auto" and default is not None:
        return default
    return {}


__all__ = [
    "ACCELERATION_MODES",
    "AccelerationMode",
    "Accelerations",
    "GROUP_A_ENGINE",
    "GROUP_A_EVEN",
    "asks_for_baku",
    "baku_group_a_size",
    "baku_rounds",
    "baku_virtual_points",
    "burstein_default_virtual_points",
    "check_mode",
    "virtual_points",
]


class AcceleratedSystem(SystemBase):
    """Base of the pairing systems that take virtual points (C.04.7).

    ``acceleration`` is ``"auto"`` (follow the file: Baku when the ``192`` code
    ends in ``_BAKU``, else the system's own default), ``"baku"`` or ``"none"``;
    explicit ``XXA``/``250`` values in the file win in every mode.
    """

    def __init__(self, acceleration: AccelerationMode | str = "auto") -> None:
        """:raises: :exc:`~swisspair.errors.UnsupportedFeatureError` for an unknown mode."""
        self.acceleration: AccelerationMode = check_mode(acceleration)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(acceleration={self.acceleration!r})"

    def with_acceleration(self, mode: AccelerationMode | str) -> Self:
        """The same system with another acceleration mode."""
        return type(self)(mode)
