"""Which character encoding an uploaded text file is in: the rule the player imports use.

Spreadsheets save "CSV" in the Windows code page of the user's locale (Excel:
Windows-1252 in western Europe and the Americas, Windows-1250 in central
Europe, Windows-1251 for Cyrillic), "CSV UTF-8" with a byte-order mark, and
"Unicode text" in UTF-16 with a byte-order mark. The rule, in order:

1. the encoding the arbiter chose on the form, if any;
2. a byte-order mark: UTF-8 or UTF-16;
3. UTF-8 if the whole file is valid UTF-8 (plain ASCII included);
4. otherwise Windows-1250, -1251 or -1252, whichever reads more words as words
   of a language written in that code page: a word counts for a code page when
   every letter in it belongs to the alphabet of one such language (``Dvořák``
   read as Windows-1252 gives ``Dvoøák``: no language has both ``ø`` and
   ``á``; ``Иванов`` read as Windows-1252 gives ``Èâàíîâ``: none has all of
   those; Hungarian ``Erdős`` gives ``Erdõs``, but Portuguese writes ``õ`` only
   before ``e``; Croatian ``Petrović`` gives ``Petroviæ``, but no language ends
   a word in ``æ``). A code page in which some byte of the file has no character is out.
   A tie goes to the code page of the interface language (Russian and
   Bulgarian: 1251; Czech and Polish: 1250), then to 1252, 1250, 1251.

A file that none of them reads is refused, naming the line and column of the
first byte that does not fit. The names then come out as written, never as
mojibake; the chosen encoding is reported to the arbiter.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

NAMES = {
    "utf-8": "UTF-8",
    "utf-16": "UTF-16",
    "cp1250": gettext_lazy("Windows-1250 (central European)"),
    "cp1251": gettext_lazy("Windows-1251 (Cyrillic)"),
    "cp1252": gettext_lazy("Windows-1252 (western European)"),
}
"""The encodings read, as the arbiter sees them (the keys are Python codec names)."""

CODE_PAGES = ("cp1252", "cp1250", "cp1251")
"""The single-byte code pages tried, in the order that breaks a tie."""

LANGUAGE_CODE_PAGE = {"ru": "cp1251", "bg": "cp1251", "uk": "cp1251", "be": "cp1251", "sr": "cp1251",
                      "mk": "cp1251", "cs": "cp1250", "pl": "cp1250", "sk": "cp1250", "hu": "cp1250",
                      "hr": "cp1250", "sl": "cp1250", "ro": "cp1250"}
"""The code page Excel writes for a user of each interface language."""

_ALPHABETS = {
    # Non-ASCII letters of names in the languages written in each code page (lower case).
    "cp1252": ("äöüß", "àâçéèêëîïôùûüÿœ", "áéíñóúü", "áâãàçéêíóôõú", "àèéìíîòóùú", "éëïóöü", "æøåé",
               "åäöé", "áðéíóúýþæö", "àçèéíïòóúü"),
    "cp1250": ("áčďéěíňóřšťúůýž", "áäčďéíĺľňóôŕšťúýž", "ąćęłńóśźż", "áéíóöőúüű", "čćđšž", "ăâîşţ", "äöüß",
               "çë"),
    "cp1251": ("абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґўђјљњћџѓѕќ",),
}
_UNLIKELY = {"cp1252": re.compile(r"õ(?!e)|æ$"), "cp1250": None, "cp1251": None}
"""Words a code page's languages do not write: Portuguese has ``õ`` only before ``e`` (Hungarian ``ő``
read as 1252), no language ends a word in ``æ`` (Croatian and Serbian ``-ić`` read as 1252)."""
_WORD = re.compile(r"[^\s0-9!-/:-@\[-`{-~]+")


class DecodeError(ValueError):
    """The bytes are in none of the encodings read; the message names the line and column."""


@dataclass(frozen=True)
class Decoded:
    text: str
    """The file's text (without a byte-order mark)."""
    encoding: str
    """The codec used: a key of :data:`NAMES`."""

    @property
    def encoding_name(self) -> str:
        return str(NAMES[self.encoding])


def decode(data: bytes, *, language: str = "", encoding: str = "") -> Decoded:
    """The text of ``data`` by the rule of this module.

    :param language: the interface language (breaks a tie between code pages).
    :param encoding: a codec chosen by the arbiter (a key of :data:`NAMES`); empty for the rule.
    :raises: :exc:`DecodeError` naming the first byte that does not fit.
    """
    if encoding:
        return Decoded(_strict(data, encoding).lstrip("\ufeff"), encoding)
    if data.startswith(codecs.BOM_UTF8):
        return Decoded(_strict(data[3:], "utf-8"), "utf-8")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return Decoded(_strict(data, "utf-16"), "utf-16")
    if b"\x00" in data:
        line, column = _place(data, data.index(b"\x00"))
        raise DecodeError(_("line %(line)s, column %(column)s: binary data (NUL byte), not a text file")
                          % {"line": line, "column": column})
    try:
        return Decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        pass
    texts = {}
    for page in CODE_PAGES:
        try:
            texts[page] = data.decode(page)
        except UnicodeDecodeError:
            continue
    if not texts:
        _strict(data, "cp1252")  # raises, naming the byte
    preferred = LANGUAGE_CODE_PAGE.get(language.split("-")[0].lower(), "")
    best = max(texts, key=lambda page: (score(texts[page], page), page == preferred, -CODE_PAGES.index(page)))
    return Decoded(texts[best], best)


def score(text: str, code_page: str) -> int:
    """Words read as words of a language of ``code_page`` minus words that are not (ASCII words aside)."""
    alphabets = _ALPHABETS[code_page]
    unlikely = _UNLIKELY[code_page]
    total = 0
    for word in _WORD.findall(text):
        letters = {ch for ch in word.lower() if not ch.isascii()}
        letters = {ch for ch in letters if not unicodedata.category(ch).startswith(("P", "Z"))}
        if not letters:
            continue
        if code_page == "cp1251" and any(ch.isascii() for ch in word):
            total -= 1  # Latin and Cyrillic letters in one word
        elif any(letters <= set(alphabet) for alphabet in alphabets) and not (
                unlikely and unlikely.search(word.lower())):
            total += 1
        else:
            total -= 1
    return total


def _strict(data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        line, column = _place(data, error.start)
        raise DecodeError(_("line %(line)s, column %(column)s: byte 0x%(byte)02X is not text in %(encoding)s")
                          % {"line": line, "column": column, "byte": data[error.start],
                             "encoding": NAMES.get(encoding, encoding)}) from None
    except LookupError:
        raise DecodeError(_("Unknown encoding: %(encoding)s") % {"encoding": encoding}) from None


def _place(data: bytes, offset: int) -> tuple[int, int]:
    """The 1-based line and column of byte ``offset``."""
    return data[:offset].count(b"\n") + 1, offset - (data.rfind(b"\n", 0, offset) + 1) + 1
