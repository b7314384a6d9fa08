"""Reading FIDE Tournament Report Files (TRF06, TRF16, TRF26 and engine extensions).

Reading goes in three steps, a module each: the bytes become lines
(:mod:`~swisspair.trf.decoding`), each line is read by the parser of its
three-character record code (:mod:`~swisspair.trf.records`), and after the last
line the records that refer to others are applied and the whole is checked
(:mod:`~swisspair.trf.checks`). Column positions follow the FIDE documents
(1-based, inclusive; FIDE TRF16 and TRF26 specifications).

Strict by default: the first problem raises :exc:`~swisspair.errors.TRFError`
naming the file, line, column and record. With ``lenient=True`` every problem
is appended to :attr:`TRFReadResult.errors` instead and reading goes on.
Deviations that real software produces but that do not change the meaning
(mixed line ends, latin-1, a byte-order mark, ruler lines, non-standard date
formats...) are reported as warnings in :attr:`TRFReadResult.warnings`.
The full list is in ``docs/trf.md``.
"""

from __future__ import annotations

from swisspair.errors import Location, TRFError, TRFFileError
from swisspair.model import Tournament
from swisspair.trf.checks import finish
from swisspair.trf.decoding import decode, guess_codepage, split_lines
from swisspair.trf.diagnostics import WARNING_LIMIT, Diagnostic, format_warnings
from swisspair.trf.fields import check_date
from swisspair.trf.records import (
    HEADER_CODES,
    KNOWN_SYSTEM_PREFIXES,
    MAX_ROUNDS,
    TITLE_ABBREVIATIONS,
    TITLES,
    UNKNOWN_ROUNDS,
    Records,
    read_lines,
)
from swisspair.valueclass import field, valueclass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from os import PathLike
    from typing import TextIO

__all__ = [
    "HEADER_CODES", "KNOWN_SYSTEM_PREFIXES", "MAX_ROUNDS", "TITLES", "TITLE_ABBREVIATIONS", "UNKNOWN_ROUNDS",
    "WARNING_LIMIT", "Diagnostic", "TRFReadResult", "check_date", "decode", "format_warnings", "guess_codepage",
    "load", "loads", "read",
]


@valueclass
class TRFReadResult:
    """What :func:`read` returns: the tournament plus what was noticed on the way."""

    tournament: Tournament
    """The tournament read."""
    warnings: list[Diagnostic] = field(default_factory=list)
    """Deviations that were read anyway."""
    errors: list[Diagnostic] = field(default_factory=list)
    """Problems (only in lenient mode; strict mode raises on the first)."""


def _read_text(text: str, source: str, lenient: bool, notes: list[Diagnostic] | None = None,
               strict: bool = False) -> TRFReadResult:
    """The three steps on ``text``: its lines, their records, the checks after the last line."""
    records = Records(source, lenient, strict)
    if notes:
        records.warnings.extend(notes)
    lines, cut_line, line_notes = split_lines(text)
    for lineno, message in line_notes:
        records.warn(message, line=lineno)
    if cut_line:
        records.cut_line, records.cut_text = cut_line, lines[cut_line - 1]
    read_lines(records, lines)
    finish(records)
    return TRFReadResult(records.t, records.warnings, records.errors)


def read(handle: TextIO, *, source: str | None = None, lenient: bool = False,
         strict: bool = False) -> TRFReadResult:
    """Read a TRF from an open text handle.

    The caller opens the file with the right encoding; :func:`load` guesses it.

    By default a field that pairing does not need (dates, names, federations,
    titles, birth dates, the points and rank columns, unknown records, guide
    lines) never stops reading: each problem is a located warning in
    ``warnings``. What changes the meaning of the event (an unknown opponent,
    a game on one side only, two results for one round, more rounds than
    announced) raises :exc:`~swisspair.errors.InconsistentTournamentError`.

    :param source: the name used in messages (default: the handle's ``name``).
    :param lenient: collect problems in ``errors`` instead of raising.
    :param strict: also refuse what FIDE's rating officer would reject (dates
        not in the TRF form, a points column that does not match the results...).
    :raises: :exc:`~swisspair.errors.TRFError` (strict mode) on the first problem,
        and in both modes when the handle cannot be decoded.
    """
    name = source or str(getattr(handle, "name", "<stream>"))
    try:
        text = handle.read()
    except UnicodeDecodeError as exc:
        raise TRFError(f"cannot decode the file as {exc.encoding}: {exc.reason}", Location(name)) from exc
    return _read_text(text, name, lenient, strict=strict)


def loads(text: str, *, source: str = "<string>", lenient: bool = False, strict: bool = False,
          notes: list[Diagnostic] | None = None) -> TRFReadResult:
    """Read a TRF from a string (see :func:`read`).

    :param notes: diagnostics to put first in ``warnings`` (those of :func:`decode`).
    """
    return _read_text(text, source, lenient, notes, strict)


def load(path: str | PathLike[str], *, lenient: bool = False, strict: bool = False) -> TRFReadResult:
    """Read the TRF file at ``path``, whatever its encoding and line ends.

    :raises: :exc:`~swisspair.errors.TRFError` on a problem (strict mode), when
        the file cannot be opened, is empty or is not text.
    """
    source = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise TRFFileError(f"cannot read file: {exc.strerror or exc}", Location(source)) from exc
    text, notes = decode(data, source)
    return _read_text(text, source, lenient, notes, strict)
