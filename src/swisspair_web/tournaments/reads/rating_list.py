"""Players from FIDE rating lists, as FIDE publishes them (TXT or XML, zipped or not), read as a stream.

The TXT lists have fixed columns located by their header line:

- the combined list (``players_list_foa.txt``): ``ID Number``, ``Name``,
  ``Fed``, ``Sex``, ``Tit``, ``WTit``, ``OTit``, ``FOA``, then ``SRtng SGm SK``,
  ``RRtng RGm Rk``, ``BRtng BGm BK`` (standard, rapid, blitz), ``B-day``, ``Flag``;
- the standard, rapid and blitz lists (``standard_rating_list.txt``...): the
  same, with one rating column headed by the month of the list (``NOV26``)
  followed by ``Gms K``;
- the K of the rating taken (``SK``, ``Rk``/``RK``, ``BK``, or ``K``; XML ``<k>``, ``<rapid_k>``,
  ``<blitz_k>``) is read when the list has it (B.02 7.1.2 publishes it): the rating report uses it;
- lists before September 2012: ``ID number Name Titl Fed Mar11 Games Born Flag``
  (headers written without a space between them are found all the same).

The XML lists (``players_list_xml_foa.xml``...) have one ``<player>`` element
per player with ``<fideid>``, ``<name>``, ``<country>``, ``<sex>``, ``<title>``,
``<rating>`` (``<rapid_rating>``, ``<blitz_rating>`` in the combined list) and
``<birthday>``. A ``.zip`` as downloaded from FIDE is read directly (its first
``.txt`` or ``.xml`` member).

Lines are read one at a time, so a list of a million players needs no more
memory than the players taken. A line that cannot be read is refused naming
the file, line, column and column header.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO
from xml.parsers import expat

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads.player_import import ReadPlayers, located
from swisspair_web.tournaments.reads.players import PlayerData

KINDS = ("standard", "rapid", "blitz")
KIND_LABELS = {"standard": gettext_lazy("standard"), "rapid": gettext_lazy("rapid"), "blitz": gettext_lazy("blitz")}
COMBINED_COLUMNS = {"standard": "SRtng", "rapid": "RRtng", "blitz": "BRtng"}
XML_TAGS = {"standard": "rating", "rapid": "rapid_rating", "blitz": "blitz_rating"}
COMBINED_K = {"standard": ("SK",), "rapid": ("RK", "Rk"), "blitz": ("BK",)}
XML_K = {"standard": "k", "rapid": "rapid_k", "blitz": "blitz_k"}
TITLES = {"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"}
FIELDS = {"name", "rating", "federation", "fide_id", "title", "sex", "birth_date"}

_HEADER = re.compile(r"ID [Nn]umber|ID|Name|Titl|Tit|WTit|OTit|FOA|Fed|Sex|SRtng|SGm|SK|RRtng|RGm|Rk|RK|BRtng"
                     r"|BGm|BK|Games|Gms|K|B-day|Born|Flag|(?P<month>[A-Z][A-Za-z]{2}\d{2})")
_KEYS = {"ID Number": "id", "ID number": "id", "ID": "id", "Name": "name", "Titl": "tit", "Tit": "tit",
         "Fed": "fed", "Sex": "sex", "B-day": "bday", "Born": "bday", "Flag": "flag"}
PROGRESS_LINES = 50000
_USED = {"id", "name", "tit", "fed", "sex", "bday", "rtg", "k"}

Progress = Callable[[int, str], None]


@dataclass
class Layout:
    """Where each column of a TXT list starts (0-based) and what its header says."""

    starts: dict[str, tuple[int, int, str]]
    """Key (``id``, ``name``, ``rtg``...) -> (start, end, header text); end is -1 for the last column."""
    description: str


def read(handle: IO[bytes], *, source: str, kind: str = "standard", ids: set[str] | None = None,
         max_rows: int = 2000, size: int = 0, progress: Progress | None = None,
         federations: set[str] | None = None) -> ReadPlayers:
    """The players of a FIDE rating list (all of them, or those with the FIDE IDs ``ids``, or those of
    the ``federations``).

    :param kind: which rating of the combined list is taken (a single list has one).
    :param size: the file's size in bytes, for ``progress`` (percent read, stage).
    :raises: :exc:`OperationError` naming file, line and column of the first problem.
    """
    signature = handle.read(5)
    handle.seek(0)
    wanted = Wanted(ids, federations)
    if signature.startswith(b"PK\x03\x04"):
        return _read_zip(handle, source, kind, wanted, max_rows, progress)
    reader = _read_xml if signature.lstrip(b"\xef\xbb\xbf \r\n\t").startswith(b"<") else _read_txt
    return reader(handle, source, kind, wanted, max_rows, size, progress)


@dataclass(frozen=True, slots=True)
class Wanted:
    """Which players of a list are taken."""

    ids: set[str] | None = None
    """Only these FIDE IDs (``None``: any)."""
    federations: set[str] | None = None
    """Only players of these federations (``None``: any)."""

    def skips(self, fide_id: str, federation: str) -> bool:
        """Whether a line with these cells is left alone (nothing else of it is read)."""
        return bool((self.ids is not None and fide_id not in self.ids and fide_id.isdigit())
                    or (self.federations is not None and federation not in self.federations))


def _read_zip(handle: IO[bytes], source: str, kind: str, wanted: Wanted, max_rows: int,
              progress: Progress | None) -> ReadPlayers:
    try:
        archive = zipfile.ZipFile(handle)
        members = [m for m in archive.infolist() if m.filename.lower().endswith((".txt", ".xml"))]
    except (zipfile.BadZipFile, OSError) as error:
        raise OperationError(f"{source}: " + _("not a readable ZIP file: %(error)s") % {"error": error}) from None
    if not members:
        raise OperationError(f"{source}: " + _("the ZIP file holds no .txt or .xml rating list."))
    member = members[0]
    name = f"{source}/{member.filename}"
    reader = _read_xml if member.filename.lower().endswith(".xml") else _read_txt
    try:
        with archive.open(member) as stream:
            return reader(stream, name, kind, wanted, max_rows, member.file_size, progress)
    except (zipfile.BadZipFile, OSError, EOFError) as error:
        raise OperationError(f"{name}: " + _("the ZIP file is damaged: %(error)s") % {"error": error}) from None


def _lines(handle: IO[bytes]) -> Iterator[tuple[int, str, int]]:
    """(line number, text, bytes read so far): UTF-8, or Windows-1252 for a line that is not."""
    done = 0
    for number, raw in enumerate(handle, start=1):
        done += len(raw)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", errors="replace")
        yield number, text.rstrip("\r\n").lstrip("\ufeff") if number == 1 else text.rstrip("\r\n"), done


def layout(header: str, kind: str, source: str, line: int) -> Layout:
    """The columns of a TXT list from its header line."""
    found = [(m.start(), m.group(0), bool(m.group("month"))) for m in _HEADER.finditer(header)]
    texts: dict[str, tuple[int, str]] = {}
    for start, text, month in found:
        key = "rtg" if month or text == COMBINED_COLUMNS.get(kind) else \
            "k" if text == "K" or text in COMBINED_K.get(kind, ()) else _KEYS.get(text, text)
        texts.setdefault(key, (start, text))
    months = [text for _s, text, month in found if month]
    missing = [label for key, label in (("id", "ID Number"), ("name", "Name")) if key not in texts]
    if "rtg" not in texts:
        missing.append(_("rating (%(column)s, or the month as in NOV26)") % {"column": COMBINED_COLUMNS[kind]})
    if missing:
        raise OperationError(located(source, line, _("not a FIDE rating list: the header line has no %(columns)s "
                                                     "column.") % {"columns": ", ".join(missing)}))
    order = sorted(start for start, _t, _m in found)
    starts = {key: (start, next((s for s in order if s > start), -1), text) for key, (start, text) in texts.items()}
    description = (_("FIDE combined rating list, %(kind)s") % {"kind": KIND_LABELS[kind]} if not months
                   else _("FIDE rating list %(month)s") % {"month": texts["rtg"][1]})
    return Layout(starts, description)


def _read_txt(handle: IO[bytes], source: str, kind: str, wanted: Wanted, max_rows: int, size: int,
              progress: Progress | None) -> ReadPlayers:
    lines = _lines(handle)
    cols: Layout | None = None
    taken: list[tuple[int, PlayerData]] = []
    ks: dict[str, int] = {}
    for number, text, done in lines:
        if progress and number % PROGRESS_LINES == 0 and size:
            progress(min(5 + 50 * done // size, 55), "parsing")
        if not text.strip():
            continue
        if cols is None:
            cols = layout(text, kind, source, number)
            continue
        id_start, id_end, _h = cols.starts["id"]
        fed_start, fed_end, _h = cols.starts.get("fed", (0, 0, ""))
        if wanted.skips(text[id_start:id_end].strip(), text[fed_start:fed_end].strip()):
            continue  # not wanted: only its ID and federation are looked at
        cells = {key: (text[start:end] if end >= 0 else text[start:]).strip()
                 for key, (start, end, _h) in cols.starts.items() if key in _USED}
        if len(text.rstrip()) <= cols.starts["name"][0]:
            raise OperationError(located(source, number, _("line too short: no name (column %(column)s)")
                                         % {"column": cols.starts["name"][0] + 1}))
        _take(taken, cells, wanted, max_rows, source, number, cols, ks)
    if cols is None:
        raise OperationError(f"{source}: " + _("the file is empty."))
    return _result(source, taken, wanted.ids, cols.description, ks)


def _take(taken: list[tuple[int, PlayerData]], cells: dict[str, str], wanted: Wanted, max_rows: int,
          source: str, number: int, cols: Layout | None, ks: dict[str, int]) -> None:
    """Check one player's cells and keep the player if wanted (his K, when the list gives it, in ``ks``)."""
    def where(key: str) -> str:
        if cols is None:
            return located(source, number, f"<{key}>")
        start, _end, header = cols.starts[key]
        return f"{source}:{number}:{start + 1}: {header}"

    fide_id = cells.get("id", "")
    if not fide_id.isdigit():
        raise OperationError(where("id") + ": " + _("expected a FIDE ID (digits), found %(value)r")
                             % {"value": fide_id[:20]})
    if wanted.skips(fide_id, cells.get("fed", "")[:3]):
        return
    rating = cells.get("rtg", "")
    if rating and not rating.isdigit():
        raise OperationError(where("rtg") + ": " + _("expected a rating, found %(value)r") % {"value": rating[:20]})
    if len(taken) >= max_rows:
        raise OperationError(located(source, number, _("more than %(max)s players to take: give the FIDE IDs of "
                                                       "the players to take.") % {"max": max_rows}
                                     if wanted.federations is None else
                                     _("more than %(max)s players to take: give fewer federations.")
                                     % {"max": max_rows}))
    k = cells.get("k", "")
    if k and not k.isdigit():
        raise OperationError(where("k") + ": " + _("expected a K factor, found %(value)r") % {"value": k[:20]})
    title = cells.get("tit", "").upper()
    birth = cells.get("bday", "")[:4]
    fed = cells.get("fed", "")[:3]
    try:
        data = PlayerData(name=cells.get("name", ""), rating=int(rating or 0), fide_id=fide_id,
                          federation=fed if fed.isalpha() else "", title=title if title in TITLES else "",
                          sex={"M": "m", "F": "w"}.get(cells.get("sex", "").upper(), ""),
                          birth_date=birth if birth.isdigit() and birth != "0000" else "").validate()
    except OperationError as error:
        raise OperationError(located(source, number, str(error))) from None
    taken.append((number, data))
    if k and 0 < int(k) <= 100:
        ks[fide_id] = int(k)


def _result(source: str, taken: list[tuple[int, PlayerData]], ids: set[str] | None,
            description: str, ks: dict[str, int]) -> ReadPlayers:
    read = ReadPlayers(source, taken, set(FIELDS), description, k_factors=ks)
    missing = sorted((ids or set()) - {data.fide_id for _n, data in taken}, key=int)
    if missing:
        read.notes.append(_("FIDE IDs not in the list: %(ids)s") % {"ids": ", ".join(missing)})
    return read


def _read_xml(handle: IO[bytes], source: str, kind: str, wanted: Wanted, max_rows: int, size: int,
              progress: Progress | None) -> ReadPlayers:
    """The XML lists, read with expat as a stream; a document type declaration is refused (no entities)."""
    parser = expat.ParserCreate()
    taken: list[tuple[int, PlayerData]] = []
    ks: dict[str, int] = {}
    player: dict[str, str] | None = None
    tag: list[str] = []
    start = [0]

    def opened(name: str, _attributes: dict[str, str]) -> None:
        nonlocal player
        if name == "player":
            player, start[0] = {}, parser.CurrentLineNumber
        elif player is not None and tag and tag[-1] == "player":
            player[name] = ""  # an empty element is an empty value, not a missing one
        tag.append(name)

    def closed(name: str) -> None:
        nonlocal player
        tag.pop()
        if name == "player" and player is not None:
            rating = player.get(XML_TAGS[kind], player.get("rating", "")) if kind != "standard" else player.get(
                "rating", "")
            cells = {"id": player.get("fideid", "").strip(), "name": player.get("name", "").strip(),
                     "fed": player.get("country", "").strip(), "sex": player.get("sex", "").strip(),
                     "tit": player.get("title", "").strip(), "rtg": rating.strip(),
                     "bday": player.get("birthday", "").strip(), "k": player.get(XML_K[kind], player.get("k", "") if kind != "standard" else "").strip()}
            _take(taken, cells, wanted, max_rows, source, start[0], None, ks)
            player = None

    def text(data: str) -> None:
        if player is not None and len(tag) >= 2 and tag[-2] == "player":
            player[tag[-1]] = player.get(tag[-1], "") + data

    def doctype(*_args: object) -> None:
        raise OperationError(located(source, parser.CurrentLineNumber, _("a document type declaration is not "
                                                                         "read in a rating list.")))

    parser.StartElementHandler = opened
    parser.EndElementHandler = closed
    parser.CharacterDataHandler = text
    parser.StartDoctypeDeclHandler = doctype
    _feed(parser, _chunks(handle, size, progress), source)
    return _result(source, taken, wanted.ids, _("FIDE rating list (XML), %(kind)s") % {"kind": KIND_LABELS[kind]},
                   ks)


def _chunks(handle: IO[bytes], size: int, progress: Progress | None) -> Iterable[bytes]:
    done = 0
    while chunk := handle.read(1 << 20):
        done += len(chunk)
        if progress and size:
            progress(min(5 + 50 * done // size, 55), "parsing")
        yield chunk


def _feed(parser: expat.XMLParserType, chunks: Iterable[bytes], source: str) -> None:
    try:
        for chunk in chunks:
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except expat.ExpatError as error:
        raise OperationError(f"{source}:{error.lineno}:{error.offset + 1}: "
                             + _("malformed XML: %(error)s") % {"error": expat.errors.messages[error.code]}) from None


def parse_fide_list(text: str, ids: set[str] | None = None, max_rows: int = 2000) -> list[PlayerData]:
    """Players from a FIDE rating-list TXT file given as text; with ``ids``, only those FIDE IDs."""
    read_list = read(io.BytesIO(text.encode()), source="upload", ids=ids, max_rows=max_rows)
    return [data for _line, data in read_list.rows]
