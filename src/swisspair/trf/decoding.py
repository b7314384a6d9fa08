"""From the bytes of a TRF file to its lines: the encoding, byte-order marks, line ends.

FIDE TRF16 and TRF26 files are text; real writers use UTF-8, UTF-16, Windows code pages, any
line end and a DOS end-of-file mark. What was guessed is said in notes (``docs/trf.md``).
"""

from __future__ import annotations

from swisspair.errors import Location, TRFError
from swisspair.trf.diagnostics import Diagnostic

_CODEPAGE_NAMES = {"cp1252": "Windows-1252 (Western, latin-1)", "cp1250": "Windows-1250 (Central European)",
                   "cp1251": "Windows-1251 (Cyrillic)"}
_CENTRAL_EUROPE = frozenset({"ALB", "BIH", "CRO", "CZE", "HUN", "POL", "ROU", "SLO", "SVK"})
_CYRILLIC_FEDERATIONS = frozenset({"BLR", "BUL", "KAZ", "KGZ", "MKD", "MNG", "RUS", "TJK", "UKR", "UZB"})
_LINE_END_NAMES = {"\r\n": "CRLF", "\r": "CR", "\n": "LF"}
# Patterns compiled on first use (re keeps them): most files are UTF-8 with one kind of line end,
# and the engine form's start-up does without compiling them.
_CYRILLIC_RUN = rb"[\xc0-\xff]{3}"
_LINE_END = r"\r\n|\r|\n"


def decode(data: bytes, source: str) -> tuple[str, list[Diagnostic]]:
    """Turn the bytes of a file into text, with notes on what was guessed.

    UTF-8 (with or without a byte-order mark) is tried first; UTF-16 with a
    byte-order mark is read too. Lines that are not UTF-8 are read with one
    Windows code page for the whole file, chosen by :func:`guess_codepage`
    (cp1251, cp1250 or cp1252), and a note says which.

    :raises: :exc:`~swisspair.errors.TRFError` for an empty file or binary data.
    """
    notes: list[Diagnostic] = []
    if not data.strip():
        raise TRFError("empty file: expected TRF records", Location(source, 1))
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return _utf16(data, source), [Diagnostic("UTF-16 file (TRF files are usually UTF-8)", Location(source, 1))]
    if b"\x00" in data:
        offset = data.index(b"\x00")
        line = data[:offset].count(b"\n") + 1
        column = offset - data.rfind(b"\n", 0, offset)
        raise TRFError("binary data (NUL byte): not a text TRF file", Location(source, line, column))
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
        notes.append(Diagnostic("byte-order mark ignored", Location(source, 1)))
    try:
        return data.decode("utf-8"), notes
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
    text, codepage = _mixed(data)
    notes.append(Diagnostic(f"not UTF-8; lines that are not UTF-8 read as {_CODEPAGE_NAMES[codepage]}",
                            Location(source, line)))
    return text, notes


def _utf16(data: bytes, source: str) -> str:
    """A UTF-16 file with its byte-order mark."""
    try:
        return data.decode("utf-16")
    except UnicodeDecodeError as exc:
        raise TRFError(f"binary data: not valid UTF-16 ({exc.reason})", Location(source, 1)) from exc


def _mixed(data: bytes) -> tuple[str, str]:
    """The text of a file that is not all UTF-8: its UTF-8 lines as they are, the others read with the one
    code page :func:`guess_codepage` chooses for them; and that code page."""
    raws = data.splitlines(keepends=True)
    foreign: list[bytes] = []
    for raw in raws:
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            foreign.append(raw)
    codepage = guess_codepage(foreign)
    parts = []
    for raw in raws:
        try:
            parts.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            parts.append(raw.decode(codepage, errors="replace"))
    return "".join(parts), codepage


def guess_codepage(lines: list[bytes]) -> str:
    """The one Windows code page of the lines of a file that are not UTF-8.

    The rule (documented in ``docs/trf.md``):

    1. ``cp1251`` (Cyrillic) when a line holds three bytes in a row from
       0xC0-0xFF (Cyrillic words are all such bytes; Western and Central
       European names mix accented letters with ASCII ones), or when most of
       those lines are players of a Cyrillic-alphabet federation;
    2. otherwise ``cp1250`` (Central European) when it turns fewer bytes into
       undefined characters or symbols (``Ł ą ł ľ ş`` are ``£ ¹ ³ ¾ º`` in
       Windows-1252), or, if that does not decide, when most of those lines are
       players of a Central European federation;
    3. otherwise ``cp1252`` (Western European; a superset of latin-1's letters).

    >>> guess_codepage(["Иванов".encode("cp1251")]), guess_codepage(["Łukasz".encode("cp1250")])
    ('cp1251', 'cp1250')
    >>> guess_codepage(["Müller".encode("cp1252")]), guess_codepage([])
    ('cp1252', 'cp1252')
    """
    federations = [raw[53:56].decode("ascii", "replace") for raw in lines if raw.startswith(b"001")]

    def most(group: frozenset[str]) -> bool:
        return sum(f in group for f in federations) * 2 > len(federations) > 0

    import re  # a file that is not UTF-8: the engine form's own files never get here

    if any(re.search(_CYRILLIC_RUN, raw) for raw in lines) or most(_CYRILLIC_FEDERATIONS):
        return "cp1251"
    western, central = (_oddities(lines, codepage) for codepage in ("cp1252", "cp1250"))
    if central < western or (central == western and most(_CENTRAL_EUROPE)):
        return "cp1250"
    return "cp1252"


def _oddities(lines: list[bytes], codepage: str) -> int:
    """How many high bytes of ``lines`` are not letters in ``codepage`` (undefined bytes included)."""
    count = 0
    for raw in lines:
        for char in raw.decode(codepage, errors="replace"):
            if ord(char) > 127 and not char.isalpha():
                count += 1
    return count


def split_lines(text: str) -> tuple[list[str], int, list[tuple[int, str]]]:
    """The lines of ``text`` (CR, LF or CRLF), the number of a last line that ends without a line end
    (0 when the text ends with one), and notes ``(line, message)`` on a byte-order mark, mixed line
    ends and a DOS end-of-file mark, in that order."""
    notes: list[tuple[int, str]] = []
    if text.startswith("\ufeff"):
        notes.append((1, "byte-order mark ignored"))
        text = text[1:]
    lines, mixed = _split(text)
    if mixed:
        notes.append(mixed)
    cut = bool(lines[-1])
    if not cut:
        lines.pop()
    if lines and lines[-1].endswith("\x1a"):
        notes.append((len(lines), "DOS end-of-file mark (Ctrl-Z) ignored"))
        lines[-1] = lines[-1].rstrip("\x1a")
        cut = False
    return lines, len(lines) if cut else 0, notes


def _split(text: str) -> tuple[list[str], tuple[int, str] | None]:
    """``text`` cut at its line ends, and a note at the first line end unlike the first one."""
    cr = text.count("\r")
    if not cr:
        return text.split("\n"), None
    crlf = text.count("\r\n")
    lf = text.count("\n")
    if crlf == cr == lf:
        return text.split("\r\n"), None
    if not lf:
        return text.split("\r"), None
    import re  # mixed line ends only

    ends = [m.group() for m in re.finditer(_LINE_END, text)]
    first = next(i for i, end in enumerate(ends) if end != ends[0])
    message = f"mixed line ends: {_LINE_END_NAMES[ends[first]]} here, {_LINE_END_NAMES[ends[0]]} before"
    return re.split(_LINE_END, text), (first + 1, message)
