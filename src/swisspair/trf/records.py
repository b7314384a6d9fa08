"""The TRF records, one parser per record code, dispatched by the table :data:`RECORDS`.

Column positions follow the FIDE documents (1-based, inclusive; FIDE TRF16 and TRF26
specifications); the engines' extensions (``XX?`` of JaVaFo, ``BB?`` of bbpPairings) are
read as those engines write them. Each parser reads one line into :class:`Records`: the
tournament, and what the checks after the last line need (:mod:`swisspair.trf.checks`).
"""

from __future__ import annotations

from _operator import itemgetter  # operator's own, from the builtin module: operator.py is pure Python to load

from swisspair.exact import held
from swisspair.model import (
    ABSENT,
    Colour,
    ForbiddenPairs,
    Player,
    Result,
    RoundResult,
    Tournament,
)
from swisspair.trf.diagnostics import Diagnostics
from swisspair.trf.fields import date, decimal, digits, exact, integer, number, tokens

TYPE_CHECKING = False
if TYPE_CHECKING:  # the team records (:mod:`swisspair.trf.teams`) are imported when a file has some
    from collections.abc import Callable, Iterable
    from fractions import Fraction

    from swisspair.exact import Exact

    from swisspair.trf.teams import TeamRecord

HEADER_CODES = frozenset(
    {"022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
     "172", "182", "202", "212", "222"}
)
"""Tournament header records kept as text in :attr:`Tournament.headers`.

``012`` (the name) goes to :attr:`Tournament.name`; only a second ``012``
line would be kept in the headers.
"""

KNOWN_SYSTEM_PREFIXES = ("FIDE_", "CUSTOM_", "BERGER_")
"""A ``092`` value starting with one of these is read as a ``192`` code."""

TITLES = frozenset({"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"})
"""FIDE titles as TRF16/TRF26 write them (columns 11-13)."""

TITLE_ABBREVIATIONS = {
    "G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM",
}
"""Abbreviated (TRF06-style, lowercase) titles, read as the full title with a warning."""

MAX_ROUNDS = 999
"""The most rounds a TRF can describe (round fields of ``132``/``240``/``250``/``260`` have 3 digits)."""

UNKNOWN_ROUNDS = 999
"""The last-round value of a ``260`` record meaning "to the end" (three digits)."""

_RESULT_CODES = {r.value: r for r in Result}
_TEAM_CODES = ("013", "310")
"""Records of a team and its members (:data:`swisspair.trf.teams.TEAM_CODES`)."""
_NEEDED_SEPARATORS = (9, 53)
"""Blank columns of ``001`` next to a field pairing needs (pairing number, rating). Column 48 is one
too, unless the rating field is blank or ends in column 52 and column 53 is blank: then a long name
ran one column on and the rating still reads."""
_SEPARATORS = ((9, "pairing number and sex"), (14, "title and name"), (48, "name and rating"),
               (53, "rating and federation"), (57, "federation and FIDE id"), (69, "FIDE id and birth date"),
               (80, "birth date and points"), (85, "points and rank"))
"""The blank columns of ``001`` between its fields (TRF16), with the fields on either side."""
_SEPARATOR_CHARACTERS = itemgetter(*(column - 1 for column, _ in _SEPARATORS))
"""The characters of a padded ``001`` line in those columns, in one call."""
_BLANK_SEPARATORS = (" ",) * len(_SEPARATORS)
_CONTROL = frozenset(map(chr, (*range(0x00, 0x09), *range(0x0b, 0x20), *range(0x7f, 0xa0))))
"""The control characters that make a line binary data (a tab is read as blanks)."""

_BLOCK_CACHE: dict[str, RoundResult] = {}
"""Round entries (``OOOO C R``) already read without any remark, by their text."""
_BLOCK_CACHE_LIMIT = 200_000

_XXS_FIELDS = {
    "WW": "win", "BW": "black_win", "WD": "draw", "BD": "black_draw", "WL": "loss", "BL": "black_loss",
    "ZPB": "zero_bye", "HPB": "half_bye", "FPB": "full_bye", "PAB": "pab", "FW": "forfeit_win",
    "FL": "forfeit_loss",
}
"""JaVaFo ``XXS`` codes and the :class:`Scoring` fields they set."""
_XXS_SHORTCUTS = {"W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB")}
BB_FIELDS = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_bye", "BBF": "forfeit_loss",
             "BBU": "pab"}
"""bbpPairings point records, applied in this order."""
_162_FIELDS = {"W": "win", "D": "draw", "L": "loss", "A": "zero_bye", "Z": "zero_bye", "P": "pab", "X": None}
"""TRF26 ``162`` symbols. ``A`` also covers forfeit losses, which follow
:attr:`Scoring.zero_bye` unless set apart; ``X`` (unknown result) is not modelled."""


class Records(Diagnostics):
    """What the records of one file said: the tournament, and what the checks after the last line
    apply and check (:func:`swisspair.trf.checks.finish`)."""

    def __init__(self, source: str, lenient: bool, strict: bool = False) -> None:
        super().__init__(source, lenient, strict)
        self.t = Tournament()
        self.player_lines: dict[int, int] = {}
        self.scoring: list[tuple[str, str, Exact]] = []  # kind (set / bb), field, value
        self.pending_byes: list[tuple[int, Result, int, int]] = []  # round, kind, tpn, line
        self.absent_next: list[tuple[int, int]] = []  # tpn, line (XXZ)
        self.references: list[tuple[int, int, str, int]] = []  # tpn, line, record, column
        self.accelerations: list[tuple[int, int, int, dict[int, Fraction], int, str]] = []
        """XXA and 250 records in file order: first TPN, last TPN, line, points by round, column, code."""
        self.team_records: list[tuple[int, str, TeamRecord]] = []
        """``013``/``310`` lines and what they say, in file order (:func:`~swisspair.trf.checks.apply_teams`)."""
        self.team_level: list[str] = []
        """``240``/``250`` lines kept as written: in a team file they name teams, not players."""
        self.rounds_line: tuple[int, str] | None = None
        self.colour_line: tuple[int, str] | None = None
        self.saw_name = False
        self.rank_by_line = False
        self.cut_line = 0
        """Line number of the last line when the text ends without a line end."""
        self.cut_text = ""


# -- the lines -----------------------------------------------------------------


def read_lines(r: Records, lines: Iterable[str]) -> None:
    """Read each line by its record code, columns 1-3 (FIDE TRF16 and TRF26, "record types")."""
    for r.lineno, line in enumerate(lines, start=1):
        r.code = ""
        if not line or line.isspace():
            continue
        bad = None if line.isprintable() else _first_control(line)  # printable: no control character
        if bad is not None:
            r.error(f"binary data: control character {line[bad]!r}: not a text TRF file", bad + 1)
            continue
        if "\t" in line:
            r.warn("tab characters read as spaces (tab stops every 8 columns)", line.index("\t") + 1)
            line = line.expandtabs(8)
        handler = RECORDS.get(line[:3]) if line[3:4] == " " else None
        if handler is not None:  # a record code of a parser, then a blank: nothing to say about the line itself
            r.code = line[:3]
            handler(r, line)
            continue
        record = _record_line(r, line)
        if record is not None:
            _dispatch(r, record)
    r.code = ""


def _first_control(line: str) -> int | None:
    """The index of the first of :data:`_CONTROL` in ``line``, ``None`` if there is none."""
    return next((index for index, char in enumerate(line) if char in _CONTROL), None)


def _record_line(r: Records, line: str) -> str | None:
    """``line`` as a record (a 3-character code, a blank, the fields); ``None`` when it is no record
    (kept as written, or refused)."""
    code = line[:3]
    if code == "###":
        r.t.extra_lines.append(line)
        return None
    if line[0] == " ":
        r.warn("line starts with a blank: not a record; kept as written", 1)
        r.t.extra_lines.append(line)
        return None
    if len(line) > 3 and line[3] != " " and code.upper() in RECORDS:
        if code not in HEADER_CODES and code != "012":
            r.error(f"expected a blank after the record code {code!r}, got {line[3]!r}", 4)
            return None
        r.code = code  # a header pairing does not need: read it anyway
        r.soft(f"expected a blank after the record code {code!r}, got {line[3]!r}; "
               "read as if there were one", 4)
        line = f"{code} {line[3:]}"
    is_code = len(code) == 3 and code.isascii() and code.isalnum()
    if len(line) > 3 and line[3] != " " or not is_code:
        r.soft(f"not a record (expected a 3-character code then a blank, got {line[:4]!r}); "
               "kept as written", 4 if is_code else 1)
        r.t.extra_lines.append(line)
        return None
    return line


def _dispatch(r: Records, line: str) -> None:
    """Read one record by the parser of its code (a lower-case engine code is read with a warning);
    a record of no parser is kept as written."""
    code = r.code = line[:3]
    handler = RECORDS.get(code)
    if handler is None and code.upper() in RECORDS and not code.isdigit():
        r.warn(f"record code {code!r} in lower case")
        r.code = code = code.upper()
        line = code + line[3:]
        handler = RECORDS[code]
    if handler is not None:
        handler(r, line)
    elif code == "DDD":
        r.warn("ruler line (DDD) kept as written")
        r.t.extra_lines.append(line)
    else:
        r.t.extra_lines.append(line)


# -- the 001 record --------------------------------------------------------------


def read_player(r: Records, line: str) -> None:
    """``001``: a player and their rounds (TRF16: pairing number at 5-8, sex 10, title 11-13, name 15-47,
    rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84, rank 86-89, then one
    entry of 10 columns per round from column 92)."""
    tpn = _pairing_number(r, line)
    if tpn is None:
        return
    padded = line.ljust(91)
    if not _separators(r, padded):
        return
    player = _player(r, tpn, padded)
    if padded[89:91] != "  ":
        r.soft(f"expected blanks in columns 90-91, got {padded[89:91]!r}; ignored", 90)
    results = _round_entries(r, line, tpn)
    if results is None:
        return
    while results and results[-1] == ABSENT:
        results.pop()
    player.results = results
    r.t.players[tpn] = player
    r.player_lines[tpn] = r.lineno


def _pairing_number(r: Records, line: str) -> int | None:
    """The pairing number of a ``001`` record (columns 5-8), ``None`` when missing, bad or used twice."""
    length = len(line)
    if length < 8 or not line[4:8].strip():
        r.error("001 record too short: expected the pairing number in columns 5-8", length + 1)
        return None
    text = line[4:8].strip()
    tpn = int(text) if digits(text) else 0
    if tpn == 0:
        r.error(f"pairing number: expected an integer from 1 to 9999, got {text!r}", 5)
        return None
    if tpn in r.t.players:
        r.error(f"duplicate pairing number {tpn} (first at line {r.player_lines[tpn]})", 5, inconsistent=True)
        return None
    return tpn


def _separators(r: Records, padded: str) -> bool:
    """Whether the blank columns between the fields of ``001`` allow reading it by columns; a shifted
    field that pairing does not need is a warning, one next to the pairing number or the rating an error."""
    if _SEPARATOR_CHARACTERS(padded) == _BLANK_SEPARATORS:
        return True  # the common case; the loop below says what is wrong otherwise
    for column, what in _SEPARATORS:
        if padded[column - 1] == " ":
            continue
        message = (f"expected a blank in column {column} (between {what}), got {padded[column - 1]!r}; "
                   "are the columns shifted?")
        long_name = padded[52] == " " and (not padded[48:52].strip() or padded[51] != " ")
        if column in _NEEDED_SEPARATORS or (column == 48 and not long_name):
            r.error(message, column)  # the pairing number or the rating would be misread
            return False
        r.soft(message + " Read by columns", column)
    return True


def _player(r: Records, tpn: int, padded: str) -> Player:
    """The player of a ``001`` record, its rounds apart (columns 10-89)."""
    sex = _sex(r, padded[9].strip())
    title = _title(r, padded[10:13].strip())
    rating = integer(r, padded[48:52], 49, "rating") or 0
    fide_id = padded[57:68].strip()
    if fide_id and not digits(fide_id):
        r.soft(f"FIDE id: expected digits, got {fide_id!r}", 58)
    birth_date = date(r, padded[69:79], 70, "birth date")
    points = decimal(r, padded[80:84], 81, "points", needed=False)  # held as integers (swisspair.exact)
    return Player(
        tpn=tpn,
        name=padded[14:47].strip(),
        sex=sex,
        title=title,
        rating=rating,
        federation=padded[53:56].strip(),
        fide_id=fide_id,
        birth_date=birth_date,
        points=None if points is None else held(points),
        rank=integer(r, padded[85:89], 86, "rank", needed=False),
    )


def _sex(r: Records, sex: str) -> str:
    """Column 10: ``m`` or ``w`` (``f`` is read as ``w``)."""
    if sex:
        if sex.lower() in ("m", "w"):
            sex = sex.lower()
        elif sex.lower() == "f":
            r.warn("sex: 'f' read as 'w'", 10)
            sex = "w"
        else:
            r.warn(f"sex: expected m or w, got {sex!r}", 10)
    return sex


def _title(r: Records, title: str) -> str:
    """Columns 11-13: a FIDE title (an abbreviated one is read as the full title)."""
    if title and title not in TITLES:
        full = TITLE_ABBREVIATIONS.get(title.upper(), title.upper())
        if full in TITLES:
            r.warn(f"title {title!r} read as {full}", 11)
            title = full
        else:
            r.warn(f"title: expected one of {' '.join(sorted(TITLES))}, got {title!r}", 11)
    return title


def _round_entries(r: Records, line: str, tpn: int) -> list[RoundResult] | None:
    """The round entries of a ``001`` record, 10 columns each from column 92 (``None`` after an error)."""
    plain = _plain_entries(line, tpn)
    return plain if plain is not None else _entries_one_by_one(r, line, tpn)


def _entries_one_by_one(r: Records, line: str, tpn: int) -> list[RoundResult] | None:
    """:func:`_round_entries` entry by entry, saying what is wrong with each (``None`` after an error)."""
    length = len(line)
    results: list[RoundResult] = []
    start = 91
    cache = _BLOCK_CACHE
    while start < length:
        block = line[start:start + 8]
        rnd = len(results) + 1
        if len(block) < 8:
            stripped = block.rstrip()
            if not stripped:
                break
            if len(stripped) == 6 and r.lineno != r.cut_line:
                block = block.ljust(8)  # "OOOO C" without a result code, trailing blanks cut
            else:
                r.error(f"round {rnd}: the line ends in the middle of the entry {stripped!r}; "
                        "expected 'OOOO C R' (opponent, colour, result)", start + 1 + len(stripped))
                return None
        entry = cache.get(block)
        if entry is None:
            before = len(r.warnings)
            entry = _round_entry(r, block, start + 1, rnd)
            if entry is None:
                return None
            if len(r.warnings) == before and len(cache) < _BLOCK_CACHE_LIMIT:
                cache[block] = entry
        if entry.opponent == tpn:
            r.error(f"round {rnd}: a participant cannot play against themselves", start + 1, inconsistent=True)
            return None
        results.append(entry)
        gap = line[start + 8:start + 10]
        if gap.strip():
            r.error(f"expected blanks between round entries (columns {start + 9}-{start + 10}), got {gap!r}",
                    start + 9)
            return None
        start += 10
    return results


def _plain_entries(line: str, tpn: int) -> list[RoundResult] | None:
    """The round entries of a ``001`` record when each one reads without a remark (as most do): entries
    of 8 columns with two blanks between them, ``OOOO C R`` with a pairing number or none as the result
    needs, a colour ``w``, ``b``, ``-`` or blank as it needs, and no entry against the player themselves;
    else ``None``, and :func:`_round_entries` reads them one by one and says what is wrong. Says nothing."""
    body = line[91:]
    over = len(body) % 10
    if over == 8:
        body += "  "  # the line ends right after its last entry
    elif over == 9 and body[-1] == " ":
        body += " "
    elif over:
        return None
    if (body[8::10] + body[9::10]).strip():
        return None  # something between two entries
    cache, plain = _BLOCK_CACHE, _PLAIN_ENTRIES
    results: list[RoundResult] = []
    for start in range(0, len(body), 10):
        block = body[start:start + 8]
        entry = cache.get(block)
        if entry is None:
            kind = plain.get(block[4:])
            if kind is None:
                return None
            colour, result, needs_opponent = kind
            text = block[:4].strip()
            if not text.strip("0"):
                if needs_opponent:
                    return None
                entry = ABSENT if result is Result.ABSENT else RoundResult(None, colour, result)
            elif needs_opponent and text.isdigit() and text.isascii():
                entry = RoundResult(int(text), colour, result)
            else:
                return None
            if len(cache) < _BLOCK_CACHE_LIMIT:
                cache[block] = entry
        if entry.opponent == tpn:
            return None
        results.append(entry)
    return results


def _plain_kinds() -> dict[str, tuple[Colour, Result, bool]]:
    """The last four columns of a round entry (`` C R``) that read without a remark, and what they mean:
    the colour, the result and whether the entry needs an opponent (a game) or has none (a bye)."""
    kinds: dict[str, tuple[Colour, Result, bool]] = {}
    colours = {"w": Colour.WHITE, "b": Colour.BLACK, "-": Colour.NONE, " ": Colour.NONE}
    for code, result in _RESULT_CODES.items():
        bye, played = result.is_bye, result.is_played
        chars = [char for char in {code, code.lower()} if char.upper() == code]
        for mark, colour in colours.items():
            if bye and colour is not Colour.NONE:
                continue  # a bye with a colour: read with a warning
            if played and colour is Colour.NONE:
                continue  # a game played without a colour: an error
            for char in chars:
                kinds[f" {mark} {char}"] = (colour, result, not bye)
    return kinds


_PLAIN_ENTRIES = _plain_kinds()


def _round_entry(r: Records, block: str, column: int, rnd: int) -> RoundResult | None:
    """One round entry ``OOOO C R``: opponent, colour and result (TRF16 ``001``, columns 92-99 for round 1)."""
    if block[4] != " " or block[6] != " ":
        r.error(f"round {rnd}: expected 'OOOO C R' (opponent, colour, result), got {block!r}",
                column + (4 if block[4] != " " else 6))
        return None
    if not block.strip():
        return ABSENT
    opponent_text = block[0:4].strip()
    opponent: int | None
    if not opponent_text or not opponent_text.strip("0"):
        opponent = None
    elif digits(opponent_text):
        opponent = int(opponent_text)
    else:
        r.error(f"round {rnd}: opponent: expected a pairing number, got {opponent_text!r}", column)
        return None
    colour_char = block[5]
    colour = _colour(r, colour_char, column, rnd)
    if colour is None:
        return None
    result_char = block[7]
    code = result_char.upper()
    if code == "*":
        return _unfinished(r, opponent, column, rnd)
    result = _RESULT_CODES.get(code)
    if result is None:
        r.error(f"round {rnd}: result: expected one of 1 = 0 W D L + - H F U Z, got {result_char!r}", column + 7)
        return None
    if opponent is not None and result.is_bye:
        return _bye_with_opponent(r, result, opponent, column, rnd)
    if opponent is None and not result.is_bye:
        return _game_without_opponent(r, result, column, rnd)
    if result.is_played and colour is Colour.NONE:
        r.error(f"round {rnd}: a played game needs a colour (w or b), got {colour_char!r}", column + 5)
        return None
    if result.is_bye and colour is not Colour.NONE:
        r.warn(f"round {rnd}: a bye has no colour; {colour_char!r} ignored", column + 5)
        colour = Colour.NONE
    return RoundResult(opponent, colour, result)


def _colour(r: Records, char: str, column: int, rnd: int) -> Colour | None:
    """The colour of a round entry: ``w``, ``b``, or ``-``/blank for none (``None`` after an error)."""
    if char == "w":
        return Colour.WHITE
    if char == "b":
        return Colour.BLACK
    if char in "- ":
        return Colour.NONE
    if char in "WB":
        r.warn(f"round {rnd}: colour {char!r} in upper case", column + 5)
        return Colour.WHITE if char == "W" else Colour.BLACK
    r.error(f"round {rnd}: colour: expected w, b or -, got {char!r}", column + 5)
    return None


def _bye_with_opponent(r: Records, result: Result, opponent: int, column: int, rnd: int) -> RoundResult | None:
    """A bye or absence code written with an opponent: read without the opponent where the meaning is clear."""
    if result is Result.ABSENT:
        r.warn(f"round {rnd}: no result for the game against {opponent} (not played yet?); read as not paired",
               column + 7)
    elif result is Result.ZERO_BYE:
        r.warn(f"round {rnd}: absence 'Z' written with opponent {opponent}; opponent ignored", column)
    else:
        r.error(f"round {rnd}: result {result.value!r} is a bye but names opponent {opponent}", column)
        return None
    return RoundResult.bye(result)


def _game_without_opponent(r: Records, result: Result, column: int, rnd: int) -> RoundResult | None:
    """A game result without an opponent: ``+``, ``-`` and ``=`` read as the bye they mean, others refused."""
    if result is Result.FORFEIT_WIN:
        r.warn(f"round {rnd}: forfeit win '+' without an opponent, read as a pairing-allocated bye 'U'",
               column + 7)
        return RoundResult.bye(Result.PAB)
    if result is Result.FORFEIT_LOSS:
        r.warn(f"round {rnd}: forfeit loss '-' without an opponent, read as a zero-point bye 'Z'", column + 7)
        return RoundResult.bye(Result.ZERO_BYE)
    if result is Result.DRAW:
        r.warn(f"round {rnd}: draw '=' without an opponent, read as a half-point bye 'H'", column + 7)
        return RoundResult.bye(Result.HALF_BYE)
    r.error(f"round {rnd}: result {result.value!r} needs an opponent (columns {column}-{column + 3})", column)
    return None


def _unfinished(r: Records, opponent: int | None, column: int, rnd: int) -> RoundResult:
    """``*``: a game not finished yet (PGN's mark), read as not paired, like a blank result."""
    against = f" against {opponent}" if opponent else ""
    r.warn(f"round {rnd}: '*' (game{against} not finished yet) read as not paired", column + 7)
    return ABSENT


# -- the tournament's records ----------------------------------------------------


def read_name(r: Records, line: str) -> None:
    """``012``: the tournament's name (a second ``012`` is kept in the headers)."""
    value = line[4:].rstrip()
    if r.saw_name:
        r.t.headers.setdefault("012", []).append(value)
    else:
        r.t.name = value.strip()
        r.saw_name = True


def read_header(r: Records, line: str) -> None:
    """A header record of :data:`HEADER_CODES`, kept as text; ``042``/``052`` (start and end dates) are
    checked, and a ``092`` that names a system code is read as ``192``."""
    code = line[:3]
    value = line[4:].rstrip()
    if code in ("042", "052"):
        date(r, value, 5, "start date" if code == "042" else "end date", rated=True)
    elif code == "092" and r.t.system is None and value.strip().startswith(KNOWN_SYSTEM_PREFIXES):
        r.t.system = value.strip()
    r.t.headers.setdefault(code, []).append(value)


def read_system(r: Records, line: str) -> None:
    """``192`` (TRF26): the tournament type code, such as ``FIDE_DUTCH_2026``."""
    value = line[4:].strip()
    if not value:
        r.error("expected a tournament type code such as FIDE_DUTCH_2026", 5)
        return
    r.t.system = value


def read_rounds(r: Records, line: str) -> None:
    """``142`` (TRF26) or JaVaFo's ``XXR``: the number of rounds (column 5 on)."""
    text = line[4:].strip()
    value = int(text) if digits(text) else 0
    if not 1 <= value <= MAX_ROUNDS:
        r.error(f"number of rounds: expected an integer from 1 to {MAX_ROUNDS}, got {text!r}", 5)
        return
    if r.rounds_line is not None and r.t.rounds != value:
        r.error(f"number of rounds {value} contradicts {r.t.rounds} "
                f"({r.rounds_line[1]} at line {r.rounds_line[0]})", 5, inconsistent=True)
        return
    r.t.rounds = value
    r.rounds_line = (r.lineno, r.code)


def _set_initial_colour(r: Records, colour: Colour, column: int) -> None:
    """The colour of the first player in round 1, from ``152`` or ``XXC``; the two must agree."""
    if r.colour_line is not None and r.t.initial_colour is not colour:
        r.error(f"initial colour contradicts {r.colour_line[1]} at line {r.colour_line[0]}", column,
                inconsistent=True)
        return
    r.t.initial_colour = colour
    r.colour_line = (r.lineno, r.code)


def read_initial_colour(r: Records, line: str) -> None:
    """``152`` (TRF26): the initial colour, ``W`` or ``B`` in column 5."""
    value = line[4:].strip()
    if value.upper() not in ("W", "B"):
        r.error(f"initial colour: expected W or B, got {value!r}", 5)
        return
    if value not in ("W", "B"):
        r.warn(f"initial colour {value!r} in lower case", 5)
    _set_initial_colour(r, Colour.WHITE if value.upper() == "W" else Colour.BLACK, 5)


def read_xxc(r: Records, line: str) -> None:
    """JaVaFo's ``XXC``: ``white1`` or ``black1`` (the initial colour), ``rank`` (the 001 lines' order ranks)."""
    found = False
    for column, token in tokens(line, 3):
        low = token.lower()
        if low == "white1":
            _set_initial_colour(r, Colour.WHITE, column)
        elif low == "black1":
            _set_initial_colour(r, Colour.BLACK, column)
        elif low == "rank":
            r.rank_by_line = True  # the order of the 001 lines ranks the players (see finish)
        else:
            r.error(f"expected white1, black1 or rank, got {token!r}", column)
        found = True
    if not found:
        r.error("expected white1, black1 or rank", 5)


# -- scoring ---------------------------------------------------------------------


def read_xxs(r: Records, line: str) -> None:
    """JaVaFo's ``XXS``: ``CODE=VALUE`` pairs setting the points of each result (:data:`_XXS_FIELDS`)."""
    found = False
    for column, token in tokens(line, 3):
        found = True
        key, sep, value = token.partition("=")
        key = key.upper()
        targets = _XXS_SHORTCUTS.get(key, (key,))
        if not sep or any(target not in _XXS_FIELDS for target in targets):
            r.error(f"expected CODE=VALUE with CODE one of W D {' '.join(_XXS_FIELDS)}, got {token!r}", column)
            continue
        number = decimal(r, value, column + len(key) + 1, key)
        if number is None:
            if not value:
                r.error(f"{key}: expected a number after '='", column + len(key) + 1)
            continue
        for target in targets:
            r.scoring.append(("set", _XXS_FIELDS[target], number))
    if not found:
        r.error("expected CODE=VALUE pairs", 5)


def read_bb_scoring(r: Records, line: str) -> None:
    """bbpPairings' ``BBW``, ``BBD``, ... (:data:`BB_FIELDS`): the points of one result, from column 5."""
    number = decimal(r, line[4:], 5, "points")
    if number is None:
        if not line[4:].strip():
            r.error("expected a number of points in column 5", 5)
        return
    r.scoring.append(("bb", BB_FIELDS[line[:3]], number))


def read_162(r: Records, line: str) -> None:
    """``162`` (TRF26): symbol/points pairs, the symbol at column 6 then every 9 columns, points after it."""
    end = len(line.rstrip())
    found = False
    for start in range(5, end, 9):
        symbol = line[start:start + 1]
        cell = line[start + 1:start + 5]
        if not symbol.strip() and not cell.strip():
            continue
        if line[start - 4:start].strip() and start > 5:
            r.error(f"expected blanks before the symbol in column {start + 1}, got {line[start - 4:start]!r}",
                    start - 3)
            return
        target = _162_FIELDS.get(symbol.upper(), "?")
        if target == "?":
            r.error(f"scoring symbol: expected W D L A P X in column {start + 1}, got {symbol!r}", start + 1)
            return
        number = decimal(r, cell, start + 2, symbol)
        if number is None:
            if not cell.strip():
                r.error(f"{symbol}: expected points in columns {start + 2}-{start + 5}", start + 2)
            return
        if symbol.upper() == "Z":
            r.warn("symbol 'Z' read as 'A' (absence)", start + 1)
        if target is not None:
            r.scoring.append(("set", target, number))
        found = True
    if not found:
        r.error("expected symbol/points pairs from column 6", 6)


# -- accelerations, forbidden pairs, byes ------------------------------------------


def read_xxa(r: Records, line: str) -> None:
    """JaVaFo's ``XXA``: a player's virtual points, pairing number at 5-8, round r at 10+5(r-1)."""
    parsed = _xxa_columns(line)
    if parsed is None:
        parsed = _xxa_tokens(r, line)
        if parsed is None:
            return
    tpn, values = parsed
    if not tpn:
        r.error("expected a pairing number in columns 5-8", 5)
        return
    r.accelerations.append((tpn, tpn, r.lineno, values, 5, r.code))


def _xxa_columns(line: str) -> tuple[int, dict[int, Fraction]] | None:
    """An ``XXA`` line in its columns (ID at 5-8, round r at 10+5(r-1)), or ``None`` if it is not aligned."""
    text = line[4:8].strip()
    if not digits(text) or line[8:9].strip():
        return None
    values: dict[int, Fraction] = {}
    for rnd, start in enumerate(range(9, len(line), 5), start=1):
        cell = line[start:start + 4].strip()
        if line[start + 4:start + 5].strip():
            return None
        if cell:
            if not number(cell) or "," in cell:
                return None
            value = exact(cell)
            if value:
                values[rnd] = value.fraction()
    return int(text), values


def _xxa_tokens(r: Records, line: str) -> tuple[int, dict[int, Fraction]] | None:
    """An ``XXA`` line that is not aligned, read as blank-separated values (with a warning)."""
    found = list(tokens(line, 3))
    if not found or not digits(found[0][1]):
        r.error("expected 'XXA NNNN pp.p pp.p ...' (pairing number in columns 5-8, "
                "round r at column 10+5(r-1))", 5)
        return None
    values: dict[int, Fraction] = {}
    for rnd, (column, token) in enumerate(found[1:], start=1):
        number = decimal(r, token, column, f"round {rnd} virtual points")
        if number is None:
            return None
        if number:
            values[rnd] = number.fraction()
    r.warn("values not in columns 10, 15, 20...; read as blank-separated", 5)
    return int(found[0][1]), values


def read_250(r: Records, line: str) -> None:
    """``250`` (TRF26): virtual points (10-13) for rounds 15-17 to 19-21 and pairing numbers 23-26 to
    28-31; kept for a team file (:func:`~swisspair.trf.checks.keep_team_level`)."""
    r.team_level.append(line)
    padded = line.ljust(31)
    if padded[31:].strip():
        r.error(f"unexpected text after column 31: {padded[31:].strip()!r}", 32)
        return
    match_points = decimal(r, padded[4:8], 5, "match points", needed=False)
    points = decimal(r, padded[9:13], 10, "virtual points")
    if match_points and not points:
        return  # team virtual match points: a TRF26 team file (see keep_team_level)
    if match_points:
        r.warn("fictitious match points (team events) ignored", 5)
    first_round = integer(r, padded[14:17], 15, "first round")
    last_round = integer(r, padded[18:21], 19, "last round")
    first = integer(r, padded[22:26], 23, "first pairing number")
    last = integer(r, padded[27:31], 28, "last pairing number")
    if not (points is not None and first_round and last_round and first and last):
        r.error("expected 'MMMM GGGG RRF RRL PPPF PPPL' (points at 10-13, rounds at 15-17 and "
                "19-21, pairing numbers at 23-26 and 28-31)", 5)
        return
    if first_round > last_round or first > last:
        r.error("the first round or pairing number is after the last one", 15)
        return
    if first_round > MAX_ROUNDS or last_round > MAX_ROUNDS:
        r.error(f"rounds: at most {MAX_ROUNDS}", 15)
        return
    if points:
        virtual = points.fraction()
        values = {rnd: virtual for rnd in range(first_round, last_round + 1)}
        r.accelerations.append((first, last, r.lineno, values, 23, r.code))


def _numbers(r: Records, line: str, what: str, first_player: int) -> list[int] | None:
    """The integers after the record code (``None`` after a bad one, reported); those from index
    ``first_player`` on are pairing numbers, checked later against the 001 records."""
    numbers: list[int] = []
    for column, token in tokens(line, 3):
        value = integer(r, token, column, what)
        if value is None:
            return None
        if len(numbers) >= first_player:
            r.references.append((value, r.lineno, r.code, column))
        numbers.append(value)
    return numbers


def read_xxp(r: Records, line: str) -> None:
    """JaVaFo's ``XXP``: players who must not meet (two pairing numbers or more)."""
    players = _numbers(r, line, "pairing number", 0)
    if players is None:
        return
    if len(players) < 2:
        r.error("expected at least two pairing numbers", 5)
        return
    r.t.forbidden_pairs.append(ForbiddenPairs(tuple(players)))


def read_260(r: Records, line: str) -> None:
    """``260`` (TRF26): players who must not meet from round RRF to round RRL (999: to the end)."""
    numbers = _numbers(r, line, "round or pairing number", 2)
    if numbers is None:
        return
    if len(numbers) < 4:
        r.error("expected 'RRF RRL PPPP PPPP ...' (two rounds, then at least two pairing numbers)", len(line) + 1)
        return
    first, last, *players = numbers
    if first == 0 or last < first:
        r.error(f"bad round range {first}-{last}", 5)
        return
    r.t.forbidden_pairs.append(ForbiddenPairs(
        tuple(players), None if first == 1 else first, None if last >= UNKNOWN_ROUNDS else last))


def read_240(r: Records, line: str) -> None:
    """``240`` (TRF26): byes of one kind (F, H or Z in column 5) in a round (7-9) for pairing numbers
    from column 11; applied after the last line (:func:`~swisspair.trf.checks.apply_byes`)."""
    r.team_level.append(line)
    kind = line[4:5]
    result = {"F": Result.FULL_BYE, "H": Result.HALF_BYE, "Z": Result.ZERO_BYE}.get(kind.upper())
    if result is None:
        r.error(f"bye type: expected F, H or Z in column 5, got {kind!r}", 5)
        return
    rnd = integer(r, line[6:9], 7, "round")
    if not rnd:
        r.error("expected a round number in columns 7-9", 7)
        return
    found = False
    for column, token in tokens(line, 9):
        tpn = integer(r, token, column, "pairing number")
        if tpn is None:
            return
        r.pending_byes.append((rnd, result, tpn, r.lineno))
        found = True
    if not found:
        r.error("expected pairing numbers from column 11", 11)


def read_xxz(r: Records, line: str) -> None:
    """JaVaFo's ``XXZ``: players absent from the next round (a zero-point bye)."""
    for column, token in tokens(line, 3):
        tpn = integer(r, token, column, "pairing number")
        if tpn is not None:
            r.absent_next.append((tpn, r.lineno))


def read_299(r: Records, line: str) -> None:
    """TRF-2026 ``299``: abnormal points (penalties, bonuses). Kept as written, not applied."""
    r.warn("abnormal points (299) are not applied: scores, standings and pairings ignore this line "
           "(bbpPairings refuses such files)", 5)
    r.t.extra_lines.append(line)


# -- teams -----------------------------------------------------------------------


def read_team(r: Records, line: str) -> None:
    """``013``/``310``: one team and its roster; the teams are built in :func:`~swisspair.trf.checks.apply_teams`."""
    from swisspair.trf.teams import parse_team_line

    record, problems = parse_team_line(line)
    for column, message in problems:
        r.warn(f"{message} (left out of the roster)", column)
    if record is not None:
        r.team_records.append((r.lineno, line, record))


def read_team_round(r: Records, line: str) -> None:
    """``300`` line-up, ``320`` team PAB, ``330`` team forfeit: to the model, or kept as written
    with a warning when malformed."""
    from swisspair.teams import TeamForfeit, TeamLineup, TeamPab
    from swisspair.trf.teams import parse_forfeit, parse_lineup, parse_pab

    parse = {"300": parse_lineup, "320": parse_pab, "330": parse_forfeit}[line[:3]]
    value, problem = parse(line)
    if problem is not None:
        column, message = problem
        r.warn(f"{message} (line kept as written)", column)
        r.t.extra_lines.append(line)
    elif isinstance(value, TeamLineup):
        r.t.team_lineups += (value,)
    elif isinstance(value, TeamPab):
        r.t.team_pabs += (value,)
    elif isinstance(value, TeamForfeit):
        r.t.team_forfeits += (value,)


def read_352(r: Records, line: str) -> None:
    """``352``: the board colour sequence of a team match (``WBWB``)."""
    value = line[4:].strip().upper()
    if value.strip("WB"):
        r.warn(f"board colours: expected W and B only, got {value!r}; ignored", 5)
        return
    r.t.board_colours += value


def read_362(r: Records, line: str) -> None:
    """``362``: match points for a won, drawn and lost match (``TW 2.0 TD 1.0 TL 0.0``)."""
    from swisspair.trf.teams import parse_match_points

    points, rest = parse_match_points(line[4:], r.t.match_points)
    if rest:
        r.warn(f"match points: {' '.join(rest)!r} not understood (expected TW, TD, TL and a number); ignored", 5)
    r.t.match_points = points


RECORDS: dict[str, Callable[[Records, str], None]] = {
    "001": read_player,
    "012": read_name,
    "142": read_rounds,
    "XXR": read_rounds,
    "152": read_initial_colour,
    "XXC": read_xxc,
    "XXS": read_xxs,
    "162": read_162,
    "192": read_system,
    "XXA": read_xxa,
    "250": read_250,
    "XXP": read_xxp,
    "260": read_260,
    "240": read_240,
    "XXZ": read_xxz,
    "299": read_299,
    "300": read_team_round,
    "320": read_team_round,
    "330": read_team_round,
    "352": read_352,
    "362": read_362,
    **dict.fromkeys(HEADER_CODES, read_header),
    **dict.fromkeys(BB_FIELDS, read_bb_scoring),
    **dict.fromkeys(_TEAM_CODES, read_team),
}
"""The parser of each record code; a line of any other code is kept as written."""
