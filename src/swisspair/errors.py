"""Exceptions raised by swisspair.

Every exception derives from :exc:`SwissPairError`, so a caller can catch the
whole family at once. The command line maps each class to an exit code in one
place (:mod:`swisspair.exitcodes`).
"""

from __future__ import annotations

from dataclasses import dataclass


class SwissPairError(Exception):
    """Base class of every swisspair error."""


@dataclass(frozen=True, slots=True)
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


class UnsupportedFeatureError(SwissPairError):
    """The input asks for something this engine does not implement."""


class LimitExceededError(SwissPairError):
    """The input is beyond a documented limit of the engine."""
