"""Reading one field of a TRF record: integers, numbers, dates and blank-separated tokens.

Each reader returns the value (``None`` for a blank or a bad field) and says what is wrong with
a bad one through the reader's :class:`~swisspair.trf.diagnostics.Diagnostics`: an error when
pairing needs the field, a warning (an error in strict mode) when it does not.
"""

from __future__ import annotations

from swisspair.exact import Exact

TYPE_CHECKING = False
if TYPE_CHECKING:  # the date parser of the other forms is imported when a date needs it
    from collections.abc import Callable, Iterable

    from swisspair.trf.diagnostics import Diagnostics


def number(text: str) -> bool:
    """Whether ``text`` is a points field: ASCII digits with at most one decimal point or comma (``11.5``,
    ``11.``, ``.5``; a decimal comma is read with a warning), as ``[0-9]+([.,][0-9]*)?|[.,][0-9]+``.
    String methods, not a regular expression: the engine form compiles none.

    >>> [number(text) for text in ("11.5", "11,", ".5", "11", ".", "1.2.3", "1,5.0", "-1", "1e3", "٣")]
    [True, True, True, True, False, False, False, False, False, False]
    """
    whole, point, decimals = text.partition("." if "." in text else ",")
    return (text.isascii() and (whole.isdigit() or not whole) and (decimals.isdigit() or not decimals)
            and bool(whole or decimals))


def digits(text: str) -> bool:
    """Whether ``text`` is an unsigned integer: ASCII digits only (``isdigit`` alone takes ``²`` or ``٣``).

    >>> digits("0042"), digits(""), digits("4²"), digits("-1")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit()


def _matching(d: Diagnostics, text: str, valid: Callable[[str], object], column: int, what: str, expected: str,
              needed: bool) -> str | None:
    """``text`` stripped if ``valid``; ``None`` if blank, or if not (an error, or a warning when the field
    is not ``needed``)."""
    value = text.strip()
    if not value:
        return None
    if not valid(value):
        (d.error if needed else d.soft)(
            f"{what}: expected {expected}, got {value!r}" + ("" if needed else "; ignored"), column)
        return None
    return value


def integer(d: Diagnostics, text: str, column: int, what: str, needed: bool = True) -> int | None:
    """The integer in ``text`` (``None`` if blank); ``needed=False`` makes a bad value a warning."""
    value = _matching(d, text, digits, column, what, "an integer", needed)
    return None if value is None else int(value)


def decimal(d: Diagnostics, text: str, column: int, what: str, needed: bool = True) -> Exact | None:
    """The number in ``text`` (``None`` if blank); ``needed=False`` makes a bad value a warning."""
    value = _matching(d, text, number, column, what, "a number like 11.5", needed)
    if value is None:
        return None
    if "," in value:
        d.warn(f"{what}: decimal comma in {value!r} read as a point", column)
        value = value.replace(",", ".")
    return exact(value)


def exact(text: str) -> Exact:
    """The number written ``text`` (a points field, :func:`number`, with a decimal point): its digits as
    two integers, exact (:mod:`swisspair.exact`).

    >>> exact("11.50"), exact(".25"), exact("3.")
    (23/2, 1/4, 3)
    """
    whole, _, decimals = text.partition(".")
    decimals = decimals.rstrip("0")
    return Exact(int(whole + decimals or "0"), 10 ** len(decimals))


def date(d: Diagnostics, text: str, column: int, what: str, rated: bool = False) -> str:
    """A date, kept as written; pairing never needs it, so a bad one is only a warning.

    ``rated``: a date FIDE's rating officer requires in the TRF form (042, 052),
    so that strict mode refuses any other form.
    """
    value = text.strip()
    if not value:
        return value
    valid, standard = check_date(value)
    if not valid:
        d.soft(f"{what}: expected a date YYYY/MM/DD, got {value!r}; kept as written", column)
    elif not standard:
        message = f"{what}: date {value!r} is not in the YYYY/MM/DD form"
        (d.soft if rated else d.warn)(message, column)
    return value


def tokens(line: str, start: int) -> Iterable[tuple[int, str]]:
    """Blank-separated tokens of ``line`` from index ``start``, with their 1-based column."""
    position = start
    for token in line[start:].split():  # str.split's blanks are the regular expressions' \s
        position = line.index(token, position)  # only blanks lie between ``position`` and the token
        yield position + 1, token
        position += len(token)


def check_date(value: str) -> tuple[bool, bool]:
    """Whether ``value`` is a date, and whether it has the TRF form ``YYYY/MM/DD``.

    Unknown parts may be zero (``1985/00/00``, ``0000/00/00``). Every form real
    writers use is a date (see :mod:`swisspair.trf.dates`): ``YYYY-MM-DD``,
    ``YYYY.MM.DD``, ``DD.MM.YYYY`` (also with ``/``, ``-`` or blanks after the
    dots), ``YY/MM/DD`` (the form of record ``132``), ``Mon D, YYYY``, partial
    dates (``1975.  .``) and a year alone.

    >>> check_date("2025/09/01"), check_date("01.09.2025"), check_date("2025/02/30")
    ((True, True), (True, False), (False, False))
    """
    if _plain_date(value):
        return True, True
    from swisspair.trf.dates import parse_date

    parsed = parse_date(value)
    if parsed is None:
        return False, False
    return True, parsed.standard and (parsed.year == 0 or value.strip()[4:5] == "/")


def _plain_date(value: str) -> bool:
    """Whether ``value`` is a full date in the TRF form ``YYYY/MM/DD`` (FIDE TRF16 and TRF26), the form
    of nearly every file.

    Checked here so that reading such a file does not load the parser of the other forms
    (:mod:`swisspair.trf.dates`, the start-up of the engine form); ``False`` sends ``value`` to
    that parser: other forms, partial dates (day ``00``, year ``0000``), February 29 (a leap-year
    question), and anything that is not a date.

    >>> _plain_date("1985/07/31"), _plain_date("1985/00/00"), _plain_date("1985/06/31"), _plain_date("2024/02/29")
    (True, True, False, False)
    """
    if len(value) != 10 or value[4] != "/" or value[7] != "/":
        return False
    digits = value[:4] + value[5:7] + value[8:]
    if not (digits.isascii() and digits.isdigit()) or value[:4] == "0000":
        return False
    month, day = int(value[5:7]), int(value[8:])
    if month == 0:
        return day == 0
    return month <= 12 and 1 <= day <= (28 if month == 2 else 30 if month in (4, 6, 9, 11) else 31)
