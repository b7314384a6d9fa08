"""What the TRF reader says about a file: located diagnostics, and where the reader stands.

Strict by default: the first problem raises :exc:`~swisspair.errors.TRFError`
naming the file, line, column and record. With ``lenient=True`` every problem
is appended to the errors instead and reading goes on. Deviations that real
software produces but that do not change the meaning are warnings; ``strict``
makes those of the fields FIDE's rating officer checks errors too.
"""

from __future__ import annotations

from swisspair.errors import InconsistentTournamentError, Location, TRFError
from swisspair.valueclass import valueclass


@valueclass
class Diagnostic:
    """A problem found while reading, with its place."""

    message: str
    """What was found and what was expected."""
    location: Location
    """File, line, column and record."""

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


WARNING_LIMIT = 5
"""How many warnings the command line prints before a count of the rest."""


def format_warnings(warnings: list[Diagnostic], limit: int | None = WARNING_LIMIT) -> list[str]:
    """The lines to print for ``warnings``: at most ``limit``, then a count of the rest.

    >>> w = [Diagnostic(f"w{i}", Location("t.trf", i)) for i in range(1, 8)]
    >>> format_warnings(w, 2)
    ['t.trf:1: w1 (warning)', 't.trf:2: w2 (warning)', 't.trf: 5 more warnings (swisspair trf validate t.trf lists them all)']
    """
    lines = [f"{warning} (warning)" for warning in warnings[:limit]]
    rest = len(warnings) - len(lines)
    if rest:
        source = warnings[0].location.source
        lines.append(f"{source}: {rest} more warning{'s' if rest > 1 else ''} "
                     f"(swisspair trf validate {source} lists them all)")
    return lines


class Diagnostics:
    """Where the reader stands (line number, record code) and what it has said so far."""

    def __init__(self, source: str, lenient: bool, strict: bool = False) -> None:
        self.source = source
        self.lenient = lenient
        self.strict = strict
        self.warnings: list[Diagnostic] = []
        self.errors: list[Diagnostic] = []
        self.lineno = 0
        """The line being read (0: none, the file as a whole)."""
        self.code = ""
        """The record code of that line ("" for none)."""

    def loc(self, column: int | None = None, line: int | None = None) -> Location:
        number = self.lineno if line is None else line
        return Location(self.source, number or None, column, self.code or None)

    def error(self, message: str, column: int | None = None, line: int | None = None,
              inconsistent: bool = False) -> None:
        location = self.loc(column, line)
        if self.lenient:
            self.errors.append(Diagnostic(message, location))
            return
        raise (InconsistentTournamentError if inconsistent else TRFError)(message, location)

    def warn(self, message: str, column: int | None = None, line: int | None = None) -> None:
        self.warnings.append(Diagnostic(message, self.loc(column, line)))

    def soft(self, message: str, column: int | None = None, line: int | None = None,
             inconsistent: bool = False) -> None:
        """A problem in a field that pairing does not need: a warning, an error in strict mode.

        Strict mode is what FIDE's rating officer checks (``trf validate --strict``).
        """
        if self.strict:
            self.error(message, column, line, inconsistent)
        else:
            self.warn(message, column, line)
