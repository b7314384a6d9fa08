"""Dates as TRF writers really write them.

FIDE's TRF wants ``YYYY/MM/DD`` (records ``042``, ``052``, the birth date of
``001``) and ``YY/MM/DD`` (round dates of ``132``). Real files also carry
``YYYY-MM-DD``, ``YYYY.MM.DD``, ``DD.MM.YYYY`` (and ``DD. MM. YYYY`` with
blanks, Swiss-Manager), ``YY.MM.DD``, ``Mon D, YYYY`` (lichess), partial birth
dates (``1975.  .``, ``1975/00/00``, ``.  .``) and a year alone.

:func:`parse_date` reads all of them; :func:`to_trf` gives the TRF form used
when a file is written; :func:`calendar_date` and :func:`year_of` give what the
rules that depend on a date use (the edition of the rating regulations in force,
the juniors' K, the age categories). The text as written is kept in the model, so
a conversion never loses what the file said.

>>> parse_date("Feb 28, 2026"), parse_date("28. 07. 2005"), parse_date("1975.  .")
(ParsedDate(year=2026, month=2, day=28, standard=False), ParsedDate(year=2005, month=7, day=28, standard=False), ParsedDate(year=1975, month=0, day=0, standard=False))
>>> to_trf("28. 07. 2005"), to_trf("1975.  ."), to_trf(".  ."), to_trf("2005/07/28")
('2005/07/28', '1975/00/00', '', '2005/07/28')
"""

from __future__ import annotations

import datetime
import re
from typing import NamedTuple

_MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
                "october", "november", "december")
"""English month names, the only ones the writers seen use (``Mar 5, 2024``, ``5 March 2024``); fixed here
rather than taken from :mod:`calendar`, whose names follow the process locale."""
_MONTHS = {name: number for number, name in enumerate(_MONTH_NAMES, start=1)}
_MONTHS.update({name[:3]: number for number, name in enumerate(_MONTH_NAMES, start=1)})
_MONTHS["sept"] = 9
_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _days_in(year: int, month: int) -> int:
    """The days of ``month`` in ``year`` (Gregorian; February of year 0, an unknown year, has 29)."""
    if month == 2 and year and not (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)):
        return 28
    return _DAYS[month - 1]

_NUMERIC = re.compile(r"([0-9]{1,4})\s*([/.-])\s*([0-9]{0,2})\s*\2?\s*([0-9]{0,4})\.?", re.ASCII)
_WORDS_MDY = re.compile(r"([A-Za-z]{3,9})\.?\s+([0-9]{1,2}),?\s+([0-9]{4})", re.ASCII)
_WORDS_DMY = re.compile(r"([0-9]{1,2})\.?\s+([A-Za-z]{3,9})\.?,?\s+([0-9]{4})", re.ASCII)
_YEAR = re.compile(r"[0-9]{4}", re.ASCII)
_PIVOT = 70
"""Two-digit years below this are 20YY (round dates of ``132``), others 19YY (old birth dates)."""
_UNKNOWN = re.compile(r"[\s./-]*|0000[/.-]00[/.-]00", re.ASCII)


class ParsedDate(NamedTuple):
    """A date read from a file; unknown parts are 0."""

    year: int
    month: int
    day: int
    standard: bool
    """Whether the text already had the TRF form ``YYYY/MM/DD`` (or ``YY/MM/DD``)."""


def _checked(year: int, month: int, day: int, standard: bool) -> ParsedDate | None:
    if month == 0:
        return ParsedDate(year, 0, 0, standard) if day == 0 else None
    if month > 12:
        return None
    if day > _days_in(year, month):
        return None
    return ParsedDate(year, month, day, standard)


def _numeric(value: str) -> ParsedDate | None:
    match = _NUMERIC.fullmatch(value)
    if match is None:
        return None
    first, separator, middle, last = match.groups()
    compact = value.replace(" ", "")
    if len(first) == 4 and len(last) <= 2:  # YYYY/MM/DD, YYYY.MM.DD, YYYY-MM-DD, partial YYYY.  .
        standard = compact == value and separator == "/" and len(middle) == 2 and len(last) == 2
        if int(first) == 0 and (middle or last).strip("0"):
            return None
        return _checked(int(first), int(middle or 0), int(last or 0), standard)
    if len(last) == 4 and 1 <= len(first) <= 2 and middle:  # DD.MM.YYYY, DD. MM. YYYY, DD/MM/YYYY
        return _checked(int(last), int(middle), int(first), False)
    if len(first) == 2 and len(middle) == 2 and len(last) == 2:  # YY/MM/DD (record 132), yy.mm.dd
        standard = compact == value and separator == "/"
        year = int(first)
        return _checked(year + (2000 if year < _PIVOT else 1900), int(middle), int(last), standard)
    return None


def _words(value: str) -> ParsedDate | None:
    match = _WORDS_MDY.fullmatch(value)
    if match is not None:
        month_name, day, year = match.groups()
    else:
        match = _WORDS_DMY.fullmatch(value)
        if match is None:
            return None
        day, month_name, year = match.groups()
    month = _MONTHS.get(month_name.lower())
    if month is None:
        return None
    return _checked(int(year), month, int(day), False)


def parse_date(text: str) -> ParsedDate | None:
    """Read a date in any of the forms above; ``None`` if it is not a date.

    A blank or fully unknown date (``.  .``, ``0000/00/00``) reads as year 0.

    >>> parse_date("2025/02/30") is None, parse_date("99.12.31").year, parse_date("2026/11/23").standard
    (True, 1999, True)
    """
    value = text.strip()
    if _UNKNOWN.fullmatch(value):
        return ParsedDate(0, 0, 0, value in ("", "0000/00/00"))
    if _YEAR.fullmatch(value):
        return ParsedDate(int(value), 0, 0, False)
    return _numeric(value) or _words(value)


def to_trf(text: str) -> str:
    """The TRF form ``YYYY/MM/DD`` of a date, or ``text`` unchanged if it is not a date.

    >>> to_trf("May 29, 2020"), to_trf("1969.12.06"), to_trf("not a date")
    ('2020/05/29', '1969/12/06', 'not a date')
    """
    parsed = parse_date(text)
    if parsed is None:
        return text.strip()
    if parsed.year == 0:
        return ""
    return f"{parsed.year:04d}/{parsed.month:02d}/{parsed.day:02d}"


def calendar_date(text: str) -> datetime.date | None:
    """The day ``text`` names, in any form :func:`parse_date` reads; ``None`` when it is not a date or
    its year, month or day is not known.

    >>> calendar_date("30.09.2025"), calendar_date("24/09/2010"), calendar_date("1975/00/00")
    (datetime.date(2025, 9, 30), datetime.date(2010, 9, 24), None)
    """
    parsed = parse_date(text)
    if parsed is None or not (parsed.year and parsed.month and parsed.day):
        return None
    return datetime.date(parsed.year, parsed.month, parsed.day)


def year_of(text: str) -> int | None:
    """The year of a date in any form :func:`parse_date` reads (``1975.  .`` included); ``None`` when
    there is none.

    >>> year_of("01.05.2008"), year_of("2008"), year_of(""), year_of("soon")
    (2008, 2008, None, None)
    """
    parsed = parse_date(text)
    return parsed.year if parsed is not None and parsed.year else None
