"""A player's data as typed or read from a file, checked before anything is written: the name, rating,
federation, FIDE ID, title, sex, birth date and club (:class:`PlayerData`), and a rating estimated from
another scale."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads import dates
from swisspair_web.tournaments.reads.errors import OperationError

_NAME_BAD = re.compile(r"[\x00-\x1f\x7f]")


def clean_name(name: str, *, empty: str = "") -> str:
    """A player's (or a team's) name as stored: control characters refused, whitespace collapsed.

    :param empty: the refusal of an empty name (default: a player's).
    """
    if _NAME_BAD.search(name):
        raise OperationError(_("Names may not contain control characters."))
    name = " ".join(name.split())
    if not name:
        raise OperationError(empty or _("A player needs a name."))
    if len(name) > 100:
        raise OperationError(_("Name too long (100 characters at most)."))
    return name


def ascii_digits(text: str) -> bool:
    """Whether ``text`` is a whole number written with the digits 0-9 (``str.isdigit`` takes ``١٢٣``, other
    scripts' digits and superscripts too, which no TRF reader or FIDE list knows)."""
    return text.isascii() and text.isdigit()


@dataclass
class PlayerData:
    name: str
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    title: str = ""
    sex: str = ""
    birth_date: str = ""
    club: str = ""
    rating_estimate: str = ""
    """How ``rating`` was estimated (``"INGO 150"``), empty for a FIDE rating (see :func:`estimate_rating`)."""

    def validate(self) -> PlayerData:
        self.name = clean_name(self.name)
        if not 0 <= self.rating <= 4000:
            raise OperationError(_("Rating out of range: %(rating)s") % {"rating": self.rating})
        self.federation = self.federation.strip().upper()[:3]
        if self.federation and not (self.federation.isascii() and self.federation.isalpha()):
            raise OperationError(_("Federation must be a three-letter code."))
        self.fide_id = self.fide_id.strip()
        if self.fide_id and not ascii_digits(self.fide_id):
            raise OperationError(_("FIDE ID must be a number written with the digits 0-9, not “%(value)s”.")
                                 % {"value": self.fide_id[:11]})
        self.fide_id = self.fide_id[:11]
        self.title = self.title.strip().upper()[:3]
        if self.title and self.title not in ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"):
            raise OperationError(_("Unknown title: %(title)s") % {"title": self.title})
        self.sex = self.sex.strip().lower()[:1]
        if self.sex not in ("", "m", "w", "f"):
            raise OperationError(_("Sex must be m, w or empty."))
        self.sex = "w" if self.sex == "f" else self.sex
        try:
            self.birth_date = dates.birth_date(self.birth_date)
        except dates.DateError as error:
            raise OperationError(str(error)) from None
        self.club = " ".join(self.club.split())[:100]
        self.rating_estimate = self.rating_estimate.strip()[:20] if self.rating else ""
        return self


LENIENT_FIELDS = ("federation", "fide_id", "title", "sex", "birth_date")
"""Fields pairing does not need: a value that cannot be kept is left empty with a warning
(read leniently, check strictly by the purpose). A bad name or rating still refuses the file."""


def lenient(data: PlayerData, place: str) -> tuple[PlayerData, list[str]]:
    """``data`` validated; a bad value of a :data:`LENIENT_FIELDS` field is left empty with a warning.

    :param place: where the player is (``FILE:LINE: ``), the start of each warning.
    :raises: :exc:`OperationError` (prefixed with ``place``) for a bad name or rating.
    """
    notes = []
    for name in LENIENT_FIELDS:
        value = getattr(data, name)
        try:
            PlayerData(name="x", **{name: value}).validate()
        except OperationError as error:
            notes.append(place + _("%(error)s (left empty)") % {"error": error})
            setattr(data, name, "")
    try:
        return data.validate(), notes
    except OperationError as error:
        raise OperationError(place + str(error)) from None


def estimate_rating(scale: str, value: int) -> int:
    """A FIDE-like rating estimate from another scale (FIDE Dutch system, 1992 rules, A 1: the German
    INGO number or the English BCF/ECF grade).

    ``INGO``: 2840 - 8 x INGO; ``BCF``: 600 + 8 x BCF grade. The estimate pairs the player; it is not a
    FIDE rating, so the TRF export leaves it out of the rating column (:attr:`Player.rating_estimate`).
    """
    if scale == "INGO":
        return max(0, 2840 - 8 * value)
    if scale == "BCF":
        return max(0, 600 + 8 * value)
    raise OperationError(_("Unknown rating scale: %(scale)s") % {"scale": scale})
