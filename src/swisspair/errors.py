"""Exceptions raised by swisspair.

Every exception derives from :exc:`SwissPairError`, so a caller can catch the
whole family at once; those about bad input also derive from :exc:`ValueError`.
The command line maps each class to an exit code in one place
(:mod:`swisspair.exitcodes`). All of them can be imported from ``swisspair``.

>>> import swisspair
>>> try:
...     swisspair.parse_trf("XXR five\\n")
... except swisspair.TRFError as error:
...     print(error.line, error.record)
1 XXR
"""

from __future__ import annotations

from swisspair.valueclass import valueclass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence


class SwissPairError(Exception):
    """Base class of every swisspair error."""


@valueclass(frozen=True)
class Location:
    """Where in an input file something was found."""

    source: str
    """File name (or ``<stdin>``, ``<string>``)."""
    line: int | None = None
    """1-based line number."""
    column: int | None = None
    """1-based column number."""
    record: str | None = None
    """The record code of the line (``001``, ``XXR``...)."""

    def __str__(self) -> str:
        parts = [self.source]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        text = ":".join(parts)
        if self.record:
            text += f": {self.record}"
        return text


class TRFError(SwissPairError, ValueError):
    """A TRF file that cannot be read, with the place of the problem.

    ``str(error)`` reads like ``t.trf:12:5: XXR: expected integer, got 'x'``.
    """

    def __init__(self, message: str, location: Location) -> None:
        super().__init__(message, location)
        self.message = message
        self.location = location

    @property
    def line(self) -> int | None:
        return self.location.line

    @property
    def column(self) -> int | None:
        return self.location.column

    @property
    def record(self) -> str | None:
        return self.location.record

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


class TRFFileError(TRFError):
    """The file itself could not be read (missing, no permission, a directory)."""


class InconsistentTournamentError(TRFError):
    """The data reads, but contradicts itself (asymmetric games, bad points)."""


class NoValidPairingError(SwissPairError):
    """No pairing satisfies the absolute criteria (C.04.3 art. 1.9.3)."""


class UnsupportedFeatureError(SwissPairError, ValueError):
    """The input asks for something this engine does not implement: an unknown pairing system, an
    acceleration a system does not take."""


class LimitExceededError(SwissPairError):
    """The input is beyond a documented limit of the engine."""


class InvalidRequestError(SwissPairError, ValueError):
    """An argument the library cannot use: a result that is not a result, an unknown participant,
    a round recorded twice."""


class InvalidTypeError(InvalidRequestError, TypeError):
    """An argument of the wrong type (a rating given as text, a number where a TRF is expected); a
    :exc:`TypeError` as Python's own, and an :exc:`InvalidRequestError` as every bad argument."""


class RoundNumberError(InvalidRequestError):
    """A round that cannot be paired or recorded: beyond the announced number of rounds (the event is
    finished), not the next one, or the number of rounds is not given (TRF ``XXR`` or ``142``) where
    the system needs it."""


class InvalidTieBreakError(SwissPairError, ValueError):
    """A tie-break descriptor that cannot be read or does not apply.

    ``str(error)`` reads like ``BH/L+1: modifier 'L' does not apply to BH``.
    """


class MissingRatingsError(SwissPairError):
    """A rating-based tie-break was asked for, but some participants are unrated.

    FIDE C.07 (2026) art. 10: such tie-breaks "must be dropped" unless the
    regulations say how unrated participants are handled (descriptor
    modifier ``/Unnnn``: take ``nnnn`` as their rating).
    """

    def __init__(self, descriptor: str, unrated: Sequence[int]) -> None:
        shown = ", ".join(str(n) for n in unrated[:10]) + (" ..." if len(unrated) > 10 else "")
        message = (
            f"{descriptor}: {len(unrated)} participant(s) without a rating (TPN {shown}); "
            f"rating-based tie-breaks are dropped (FIDE C.07 art. 10) unless the regulations "
            f"give unrated players a rating, e.g. {descriptor.split('/')[0]}/U1000"
        )
        super().__init__(message)
        self.descriptor = descriptor
        self.unrated = tuple(unrated)


class PlayoffError(SwissPairError, ValueError):
    """A play-off that cannot be set up, or a result that does not fit it."""


class RoundRobinError(SwissPairError, ValueError):
    """A round-robin schedule that cannot be built (too few players, bad round)."""


__all__ = [
    "InconsistentTournamentError", "InvalidRequestError", "InvalidTieBreakError", "InvalidTypeError",
    "LimitExceededError", "Location", "MissingRatingsError", "NoValidPairingError", "PlayoffError", "RoundNumberError",
    "RoundRobinError", "SwissPairError", "TRFError", "TRFFileError", "UnsupportedFeatureError",
]
