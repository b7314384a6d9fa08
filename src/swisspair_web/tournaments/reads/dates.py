"""Birth dates as arbiters type them, stored and exported in the TRF form ``YYYY/MM/DD``.

TRF16/TRF26 record ``001`` columns 70-79 hold the birth date as ``YYYY/MM/DD``; files in the wild write
unknown parts as zeros (``1985/00/00``). Typed forms accepted: that form, ``YYYY-MM-DD``, ``YYYY.MM.DD``,
``DD.MM.YYYY`` (also with ``/`` or ``-``), one-digit months and days, and a year alone. A date that does
not exist (``1990-02-31``), lies in the future or before 1900, or is not a date at all (``yesterday``)
is refused.
"""

from __future__ import annotations

import datetime
import re

from django.utils.translation import gettext as _

_YMD = re.compile(r"(\d{4})([/.-])(\d{1,2})\2(\d{1,2})", re.ASCII)  # the digits 0-9 only, as the TRF
_DMY = re.compile(r"(\d{1,2})([/.-])(\d{1,2})\2(\d{4})", re.ASCII)
_YEAR = re.compile(r"\d{4}", re.ASCII)


class DateError(ValueError):
    """Not a birth date; the message says what was expected."""


def _not_a_date() -> str:
    """The message for text that is not a date (translated when raised)."""
    return _("Birth date %(value)s is not a date: write YYYY/MM/DD, YYYY-MM-DD, DD.MM.YYYY or the year alone.")


def birth_date(text: str, today: datetime.date | None = None) -> str:
    """``text`` as a TRF birth date ``YYYY/MM/DD`` (``""`` for none; unknown month or day as ``00``).

    >>> birth_date("31.12.1990"), birth_date("1990-2-3"), birth_date("1985")
    ('1990/12/31', '1990/02/03', '1985/00/00')

    :raises DateError: for anything else, or a date that does not exist.
    """
    value = text.strip()
    if not value or value in ("0000/00/00", "0000"):
        return ""
    if _YEAR.fullmatch(value):
        year, month, day = int(value), 0, 0
    elif match := _YMD.fullmatch(value):
        year, month, day = int(match[1]), int(match[3]), int(match[4])
    elif match := _DMY.fullmatch(value):
        day, month, year = int(match[1]), int(match[3]), int(match[4])
    else:
        raise DateError(_not_a_date() % {"value": value[:20]})
    today = today or datetime.date.today()
    if not 1900 <= year <= today.year or not 0 <= month <= 12 or not 0 <= day <= 31 or (day and not month):
        raise DateError(_not_a_date() % {"value": value[:20]})
    if month and day:
        try:
            date = datetime.date(year, month, day)
        except ValueError:
            raise DateError(_("Birth date %(value)s: there is no such day.") % {"value": value[:20]}) from None
        if date > today:
            raise DateError(_("Birth date %(value)s is in the future.") % {"value": value[:20]})
    return f"{year:04d}/{month:02d}/{day:02d}"


def for_trf(stored: str) -> str:
    """A stored birth date as the TRF writes it: normalised, or empty when it is not a date (a value
    stored before birth dates were checked)."""
    try:
        return birth_date(stored)
    except DateError:
        return ""


def shown(stored: str) -> str:
    """A stored birth date as people read it: the unknown parts left out, not written as zeros.

    >>> shown("2015/00/00"), shown("2015/04/00"), shown("2015/04/09"), shown("")
    ('2015', '2015/04', '2015/04/09', '')
    """
    year, _sep, rest = stored.partition("/")
    month, _sep, day = rest.partition("/")
    if month in ("", "00"):
        return year
    return f"{year}/{month}" if day in ("", "00") else stored
