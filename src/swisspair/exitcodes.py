"""Process exit codes and the one place where errors become them.

The values are bbpPairings' (documented in the README):

====  =====================================================
0     success
1     no valid pairing exists
2     unexpected error
3     invalid request (bad input data or options)
4     a limit of the engine was exceeded
5     the file could not be read or written
====  =====================================================

Shared by the click command line (:mod:`swisspair.commands.plumbing`), the
engine form (:mod:`swisspair.engine_cli`) and the manager; it imports neither
click nor any command, so every one of them may import it.
"""

from __future__ import annotations

import enum

from swisspair.errors import (
    LimitExceededError,
    NoValidPairingError,
    SwissPairError,
    TRFError,
    TRFFileError,
    UnsupportedFeatureError,
)


class ExitCode(enum.IntEnum):
    """Process exit codes, shared with bbpPairings."""

    OK = 0
    NO_VALID_PAIRING = 1
    UNEXPECTED_ERROR = 2
    INVALID_REQUEST = 3
    LIMIT_EXCEEDED = 4
    FILE_ERROR = 5


def exit_code_for(error: BaseException) -> ExitCode:
    """The one place where exceptions become exit codes."""
    if isinstance(error, NoValidPairingError):
        return ExitCode.NO_VALID_PAIRING
    if isinstance(error, LimitExceededError):
        return ExitCode.LIMIT_EXCEEDED
    if isinstance(error, TRFError):
        return ExitCode.FILE_ERROR if isinstance(error, TRFFileError) else ExitCode.INVALID_REQUEST
    if isinstance(error, (UnsupportedFeatureError, SwissPairError, ValueError)):
        return ExitCode.INVALID_REQUEST
    if isinstance(error, OSError):
        return ExitCode.FILE_ERROR
    return ExitCode.UNEXPECTED_ERROR


def error_message(error: BaseException) -> str:
    """One line for ``error``: an operating-system error names its file (``teams.csv: No such file or directory``)."""
    if isinstance(error, OSError) and not isinstance(error, SwissPairError) and error.strerror:
        where = f"{error.filename}: " if error.filename is not None else ""
        return f"{where}{error.strerror}"
    return " ".join(str(error).split()) or type(error).__name__


__all__ = ["ExitCode", "error_message", "exit_code_for"]
