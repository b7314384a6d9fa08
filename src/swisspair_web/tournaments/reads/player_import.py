"""Players from files: CSV as spreadsheets write it, and the merge into a section by FIDE ID.

The file is read whole before anything is written (:func:`read_csv`, or
:mod:`.rating_list`); :func:`.services.player_import.merge` then writes in one transaction. A player
whose FIDE ID is already in the section is updated or the file is refused
(the arbiter's choice), never added twice: the database refuses a second
player with the same FIDE ID in a section (``sp_player_fide_id_unique``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swisspair_web.tournaments.reads import charsets
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads.players import PlayerData, lenient
from swisspair_web.tournaments.rows import Player

CSV_COLUMNS = {
    "name": "name", "player": "name", "fullname": "name", "full name": "name", "имя": "name", "име": "name",
    "jméno": "name", "imię": "name", "imię i nazwisko": "name", "jméno a příjmení": "name",
    "last name": "last", "lastname": "last", "surname": "last", "family name": "last", "фамилия": "last",
    "příjmení": "last", "nazwisko": "last",
    "first name": "first", "firstname": "first", "given name": "first", "křestní jméno": "first",
    "rating": "rating", "elo": "rating", "fide rating": "rating", "rtg": "rating", "рейтинг": "rating",
    "ranking": "rating",
    "federation": "federation", "fed": "federation", "country": "federation", "федерация": "federation",
    "федерація": "federation", "federace": "federation", "federacja": "federation",
    "fide_id": "fide_id", "fide id": "fide_id", "fideid": "fide_id", "id": "fide_id", "fide-id": "fide_id",
    "title": "title", "титул": "title", "титла": "title", "titul": "title", "tytuł": "title",
    "sex": "sex", "gender": "sex", "пол": "sex", "pohlaví": "sex", "płeć": "sex",
    "birth_date": "birth_date", "birth": "birth_date", "born": "birth_date", "birthday": "birth_date",
    "birth date": "birth_date", "дата рождения": "birth_date", "рождена дата": "birth_date",
    "narozen": "birth_date", "datum narození": "birth_date", "data urodzenia": "birth_date",
    "club": "club", "team": "club", "клуб": "club", "klub": "club", "oddíl": "club",
}
"""Header cells (compared in lower case) and the field each one fills."""

FIELDS = ("name", "rating", "federation", "fide_id", "title", "sex", "birth_date", "club")
UPDATE, REFUSE, ONLY_UPDATE = "update", "refuse", "only"


@dataclass
class ReadPlayers:
    """Players read from a file, each with the line it came from."""

    source: str
    rows: list[tuple[int, PlayerData]]
    fields: set[str]
    """The fields the file gives (an update changes only these)."""
    encoding: str = ""
    """How the file was decoded (:data:`.charsets.NAMES`), or a description of the format."""
    notes: list[str] = field(default_factory=list)
    k_factors: dict[str, int] = field(default_factory=dict)
    """K by FIDE ID, as a FIDE rating list publishes it (B.02 7.1.2): kept with the players' details for the
    rating report."""


@dataclass
class Merged:
    created: list[Player]
    updated: list[Player]
    unchanged: int
    late_byes: str = ""
    """The kind of bye the new players got for the rounds they missed (``""``: none were paired)."""
    paired: int = 0
    """Rounds paired when they were added."""


def located(source: str, line: int, message: str) -> str:
    """``FILE:LINE: message``."""
    return f"{source}:{line}: {message}"


def sniff_delimiter(header: str) -> str:
    """``;`` ``,`` or tab: the one the header line has most of, outside quotes.

    Excel writes ``;`` where the decimal mark is a comma (most of Europe), ``,``
    elsewhere, tab for "Unicode text". A header with none of them is one column (read with tab as the
    delimiter, so that a name's comma stays in the name).
    """
    counts = {delimiter: 0 for delimiter in ("\t", ";", ",")}
    quoted = False
    for ch in header:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in counts:
            counts[ch] += 1
    best = max(counts, key=lambda d: (counts[d], d == ";"))
    return best if counts[best] else "\t"


def read_csv(data: bytes | str, *, source: str = "upload.csv", language: str = "", encoding: str = "",
             max_rows: int = 2000) -> ReadPlayers:
    """Players from a CSV file: a header row naming the columns (a name, or a last name).

    :raises: :exc:`OperationError` naming the file, line and field of the first problem.
    """
    if isinstance(data, bytes):
        try:
            decoded = charsets.decode(data, language=language, encoding=encoding)
        except charsets.DecodeError as error:
            raise OperationError(f"{source}: {error}") from None
        text, used = decoded.text, decoded.encoding_name
    else:
        text, used = data.lstrip("\ufeff"), ""
    lines = text.splitlines()
    start = 0
    while start < len(lines) and not lines[start].strip():
        start += 1
    if start == len(lines):
        raise OperationError(_("%(file)s: the CSV file is empty.") % {"file": source})
    delimiter = ""
    if lines[start].lower().startswith("sep=") and len(lines[start].strip()) == 5:
        delimiter, start = lines[start].strip()[4], start + 1  # Excel's "sep=;" line
    body = "\n".join(lines[start:])
    reader = csv.reader(io.StringIO(body), delimiter=delimiter or sniff_delimiter(lines[start] if start < len(
        lines) else ""), strict=False)
    try:
        header = next(reader)
    except StopIteration:
        raise OperationError(_("%(file)s: the CSV file is empty.") % {"file": source}) from None
    columns = _columns(header)
    if "name" not in columns and "last" not in columns:
        raise OperationError(located(source, start + 1, _("the CSV header must have a 'name' column.")))
    rows: list[tuple[int, PlayerData]] = []
    notes: list[str] = []
    try:
        for row in reader:
            number = start + reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            if len(rows) >= max_rows:
                raise OperationError(located(source, number, _("Too many rows (%(max)s at most).")
                                             % {"max": max_rows}))
            rows.append((number, _player(row, columns, source, number, notes)))
    except csv.Error as error:
        raise OperationError(located(source, reader.line_num + start, _("Malformed CSV: %(error)s")
                                     % {"error": error})) from None
    given = {c for c in columns if c in FIELDS} | ({"name"} if "last" in columns else set())
    return ReadPlayers(source, rows, given, used, notes)


def _columns(header: Sequence[str]) -> list[str | None]:
    columns = [CSV_COLUMNS.get(" ".join(h.replace("\ufeff", "").split()).lower()) for h in header]
    if "last" not in columns and "first" in columns:
        columns = [None if c == "first" else c for c in columns]
    if "last" in columns and "name" in columns:  # "Фамилия; Имя": the name column is the first name
        columns = ["first" if c == "name" else c for c in columns]
    return columns


def _player(row: Sequence[str], columns: Sequence[str | None], source: str, number: int,
            notes: list[str]) -> PlayerData:
    values: dict[str, str] = {}
    for index, (column, cell) in enumerate(zip(columns, row), start=1):
        if column:
            values[column] = cell.strip()
            if column == "rating" and values[column] and not values[column].isdigit():
                raise OperationError(located(source, number, _("field %(field)s (%(column)s): rating is not a "
                                                               "number: %(value)s")
                                             % {"field": index, "column": "rating", "value": cell.strip()[:20]}))
    last, first = values.pop("last", ""), values.pop("first", "")
    if last:
        values["name"] = f"{last}, {first}" if first else last
    rating = int(values.pop("rating", "") or 0)
    values.setdefault("name", "")  # a short row: "A player needs a name"
    data, problems = lenient(PlayerData(rating=rating, **values), located(source, number, ""))
    notes.extend(problems)
    return data


def check_unique_ids(read: ReadPlayers) -> None:
    """Refuse a file that gives one FIDE ID to two players, naming both lines."""
    seen: dict[str, int] = {}
    for line, data in read.rows:
        if data.fide_id and data.fide_id in seen:
            raise OperationError(located(read.source, line, _("FIDE ID %(id)s is also on line %(other)s.")
                                         % {"id": data.fide_id, "other": seen[data.fide_id]}))
        if data.fide_id:
            seen[data.fide_id] = line


def done_text(merged: Merged) -> str:
    """What an import did, for the arbiter: ``Imported 3 players.`` or the counts added, updated, unchanged."""
    if merged.updated or merged.unchanged:
        return _("Players added: %(added)s; updated: %(updated)s; unchanged: %(same)s.") % {
            "added": len(merged.created), "updated": len(merged.updated), "same": merged.unchanged}
    return ngettext("Imported %(count)s player.", "Imported %(count)s players.",
                    len(merged.created)) % {"count": len(merged.created)}


def refusal(source: str, matched: list[tuple[int, PlayerData, Player]]) -> str:
    names = "; ".join(f"{source}:{line}: {data.fide_id} = {player.tpn}. {player.name}"
                      for line, data, player in matched[:5])
    more = len(matched) - 5
    text = ngettext("%(count)s player of the file is in the section already (same FIDE ID): %(names)s",
                    "%(count)s players of the file are in the section already (same FIDE ID): %(names)s",
                    len(matched)) % {"count": len(matched), "names": names}
    if more > 0:
        text += " " + ngettext("and %(count)s more", "and %(count)s more", more) % {"count": more}
    return text


def parse_csv(text: str, max_rows: int = 2000) -> list[PlayerData]:
    """Players from CSV text (see :func:`read_csv`).

    :raises: :exc:`OperationError` naming the bad line.
    """
    return [data for _line, data in read_csv(text, max_rows=max_rows).rows]
