"""Reading FIDE Tournament Report Files (TRF06, TRF16, TRF26 and engine extensions).

The reader dispatches on the three-character record code. Column positions
follow the FIDE documents (1-based, inclusive; FIDE TRF16 and TRF26 specifications).

Strict by default: the first problem raises :exc:`~swisspair.errors.TRFError`
naming the file, line, column and record. With ``lenient=True`` every problem
is appended to :attr:`TRFReadResult.errors` instead and reading goes on.
Deviations that real software produces but that do not change the meaning
(mixed line ends, latin-1, a byte-order mark, ruler lines, non-standard date
formats...) are reported as warnings in :attr:`TRFReadResult.warnings`.
The full list is in ``docs/trf.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from math import lcm

from swisspair.errors import (
    InconsistentTournamentError,
    Location,
    TRFError,
    TRFFileError,
)
from swisspair.model import (
    ABSENT,
    Colour,
    ForbiddenPairs,
    Outcome,
    Player,
    Result,
    RoundResult,
    Scoring,
    Tournament,
)
from swisspair.valueclass import field, valueclass

TYPE_CHECKING = False
if TYPE_CHECKING:  # the team records (:mod:`swisspair.trf.teams`) and the date parser are imported when needed
    from os import PathLike
    from typing import TextIO

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
_INT = re.compile(r"[0-9]+", re.ASCII)
_NUMBER = re.compile(r"[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+", re.ASCII)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_CODE = re.compile(r"[A-Za-z0-9]{3}")
_LINE_END = re.compile(r"\r\n|\r|\n")
_RATED = frozenset({Result.WIN, Result.DRAW, Result.LOSS})
_UNRATED = frozenset({Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.LOSS_UNRATED})



def _agrees(result: Result, other: Result) -> bool:
    """Whether two sides of one game agree (the checks of :meth:`check_games`, colours apart)."""
    return (result.is_played == other.is_played and result.is_forfeit == other.is_forfeit
            and not (result in _RATED and other in _UNRATED) and not (result in _UNRATED and other in _RATED)
            and not (result.outcome is Outcome.WIN and other.outcome is not Outcome.LOSS))


_AGREEING = frozenset((a, b) for a in Result for b in Result if _agrees(a, b))
"""The pairs of results the two sides of one game may show: one set lookup per game on the common path."""

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
_BB_FIELDS = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_bye", "BBF": "forfeit_loss",
              "BBU": "pab"}
"""bbpPairings point records, applied in this order."""
_162_FIELDS = {"W": "win", "D": "draw", "L": "loss", "A": "zero_bye", "Z": "zero_bye", "P": "pab", "X": None}
"""TRF26 ``162`` symbols. ``A`` also covers forfeit losses, which follow
:attr:`Scoring.zero_bye` unless set apart; ``X`` (unknown result) is not modelled."""
_OPTIONAL_DEFAULTS = {
    "black_win": "win", "black_draw": "draw", "black_loss": "loss", "forfeit_win": "win",
    "forfeit_loss": "zero_bye", "full_bye": "win", "half_bye": "draw", "pab": "win",
}
"""Optional :class:`Scoring` fields and the field they default to."""


@valueclass
class Diagnostic:
    """A problem found while reading, with its place."""

    message: str
    """What was found and what was expected."""
    location: Location
    """File, line, column and record."""

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


@valueclass
class TRFReadResult:
    """What :func:`read` returns: the tournament plus what was noticed on the way."""

    tournament: Tournament
    """The tournament read."""
    warnings: list[Diagnostic] = field(default_factory=list)
    """Deviations that were read anyway."""
    errors: list[Diagnostic] = field(default_factory=list)
    """Problems (only in lenient mode; strict mode raises on the first)."""


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


class _Reader:
    """One pass over the lines of a file; see :func:`read`."""

    def __init__(self, source: str, lenient: bool, strict: bool = False) -> None:
        self.source = source
        self.lenient = lenient
        self.strict = strict
        self.t = Tournament()
        self.warnings: list[Diagnostic] = []
        self.errors: list[Diagnostic] = []
        self.player_lines: dict[int, int] = {}
        self.scoring: list[tuple[str, str, Fraction]] = []  # kind (set / bb), field, value
        self.pending_byes: list[tuple[int, Result, int, int]] = []  # round, kind, tpn, line
        self.absent_next: list[tuple[int, int]] = []  # tpn, line (XXZ)
        self.references: list[tuple[int, int, str, int]] = []  # tpn, line, record, column
        self.accelerations: list[tuple[int, int, int, dict[int, Fraction], int, str]] = []
        """XXA and 250 records in file order: first TPN, last TPN, line, points by round, column, code."""
        self.team_records: list[tuple[int, str, TeamRecord]] = []
        """``013``/``310`` lines and what they say, in file order (:meth:`apply_teams`)."""
        self.team_level: list[str] = []
        """``240``/``250`` lines kept as written: in a team file they name teams, not players."""
        self.rounds_line: tuple[int, str] | None = None
        self.colour_line: tuple[int, str] | None = None
        self.saw_name = False
        self.rank_by_line = False
        self.lineno = 0
        self.code = ""
        self.cut_line = 0
        """Line number of the last line when the text ends without a line end."""
        self.cut_text = ""

    # -- diagnostics ---------------------------------------------------
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

    # -- field helpers ---------------------------------------------------
    def _matching(self, text: str, pattern: re.Pattern[str], column: int, what: str, expected: str,
                  needed: bool) -> str | None:
        """``text`` stripped if it matches ``pattern``; ``None`` if blank, or if not (an error, or a warning
        when the field is not ``needed``)."""
        value = text.strip()
        if not value:
            return None
        if pattern.fullmatch(value) is None:
            (self.error if needed else self.soft)(
                f"{what}: expected {expected}, got {value!r}" + ("" if needed else "; ignored"), column)
            return None
        return value

    def integer(self, text: str, column: int, what: str, needed: bool = True) -> int | None:
        """The integer in ``text`` (``None`` if blank); ``needed=False`` makes a bad value a warning."""
        value = self._matching(text, _INT, column, what, "an integer", needed)
        return None if value is None else int(value)

    def decimal(self, text: str, column: int, what: str, needed: bool = True) -> Fraction | None:
        """The number in ``text`` (``None`` if blank); ``needed=False`` makes a bad value a warning."""
        value = self._matching(text, _NUMBER, column, what, "a number like 11.5", needed)
        if value is None:
            return None
        if "," in value:
            self.warn(f"{what}: decimal comma in {value!r} read as a point", column)
            value = value.replace(",", ".")
        return Fraction(value)

    def date(self, text: str, column: int, what: str, rated: bool = False) -> str:
        """A date, kept as written; pairing never needs it, so a bad one is only a warning.

        ``rated``: a date FIDE's rating officer requires in the TRF form (042, 052),
        so that strict mode refuses any other form.
        """
        value = text.strip()
        if not value:
            return value
        valid, standard = check_date(value)
        if not valid:
            self.soft(f"{what}: expected a date YYYY/MM/DD, got {value!r}; kept as written", column)
        elif not standard:
            message = f"{what}: date {value!r} is not in the YYYY/MM/DD form"
            (self.soft if rated else self.warn)(message, column)
        return value

    def tokens(self, line: str, start: int) -> Iterable[tuple[int, str]]:
        """Blank-separated tokens of ``line`` from index ``start``, with their 1-based column."""
        for match in re.finditer(r"\S+", line[start:]):
            yield start + match.start() + 1, match.group()

    # -- the 001 record --------------------------------------------------
    def read_player(self, line: str) -> None:
        length = len(line)
        if length < 8 or not line[4:8].strip():
            self.error("001 record too short: expected the pairing number in columns 5-8", length + 1)
            return
        text = line[4:8].strip()
        tpn = int(text) if _INT.fullmatch(text) else 0
        if tpn == 0:
            self.error(f"pairing number: expected an integer from 1 to 9999, got {text!r}", 5)
            return
        if tpn in self.t.players:
            self.error(f"duplicate pairing number {tpn} (first at line {self.player_lines[tpn]})", 5,
                       inconsistent=True)
            return
        padded = line.ljust(91)
        for column, what in ((9, "pairing number and sex"), (14, "title and name"), (48, "name and rating"),
                             (53, "rating and federation"), (57, "federation and FIDE id"),
                             (69, "FIDE id and birth date"), (80, "birth date and points"),
                             (85, "points and rank")):
            if padded[column - 1] == " ":
                continue
            message = (f"expected a blank in column {column} (between {what}), got {padded[column - 1]!r}; "
                       "are the columns shifted?")
            long_name = padded[52] == " " and (not padded[48:52].strip() or padded[51] != " ")
            if column in _NEEDED_SEPARATORS or (column == 48 and not long_name):
                self.error(message, column)  # the pairing number or the rating would be misread
                return
            self.soft(message + " Read by columns", column)
        sex = padded[9].strip()
        if sex:
            if sex.lower() in ("m", "w"):
                sex = sex.lower()
            elif sex.lower() == "f":
                self.warn("sex: 'f' read as 'w'", 10)
                sex = "w"
            else:
                self.warn(f"sex: expected m or w, got {sex!r}", 10)
        title = padded[10:13].strip()
        if title and title not in TITLES:
            full = TITLE_ABBREVIATIONS.get(title.upper(), title.upper())
            if full in TITLES:
                self.warn(f"title {title!r} read as {full}", 11)
                title = full
            else:
                self.warn(f"title: expected one of {' '.join(sorted(TITLES))}, got {title!r}", 11)
        rating = self.integer(padded[48:52], 49, "rating") or 0
        fide_id = padded[57:68].strip()
        if fide_id and _INT.fullmatch(fide_id) is None:
            self.soft(f"FIDE id: expected digits, got {fide_id!r}", 58)
        player = Player(
            tpn=tpn,
            name=padded[14:47].strip(),
            sex=sex,
            title=title,
            rating=rating,
            federation=padded[53:56].strip(),
            fide_id=fide_id,
            birth_date=self.date(padded[69:79], 70, "birth date"),
            points=self.decimal(padded[80:84], 81, "points", needed=False),
            rank=self.integer(padded[85:89], 86, "rank", needed=False),
        )
        if padded[89:91] != "  ":
            self.soft(f"expected blanks in columns 90-91, got {padded[89:91]!r}; ignored", 90)
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
                if len(stripped) == 6 and self.lineno != self.cut_line:
                    block = block.ljust(8)  # "OOOO C" without a result code, trailing blanks cut
                else:
                    self.error(f"round {rnd}: the line ends in the middle of the entry {stripped!r}; "
                               "expected 'OOOO C R' (opponent, colour, result)", start + 1 + len(stripped))
                    return
            entry = cache.get(block)
            if entry is None:
                before = len(self.warnings)
                entry = self.read_round(block, start + 1, rnd)
                if entry is None:
                    return
                if len(self.warnings) == before and len(cache) < _BLOCK_CACHE_LIMIT:
                    cache[block] = entry
            if entry.opponent == tpn:
                self.error(f"round {rnd}: a participant cannot play against themselves", start + 1,
                           inconsistent=True)
                return
            results.append(entry)
            gap = line[start + 8:start + 10]
            if gap.strip():
                self.error(f"expected blanks between round entries (columns {start + 9}-{start + 10}), "
                           f"got {gap!r}", start + 9)
                return
            start += 10
        while results and results[-1] == ABSENT:
            results.pop()
        player.results = results
        self.t.players[tpn] = player
        self.player_lines[tpn] = self.lineno

    def read_round(self, block: str, column: int, rnd: int) -> RoundResult | None:
        if block[4] != " " or block[6] != " ":
            self.error(f"round {rnd}: expected 'OOOO C R' (opponent, colour, result), got {block!r}",
                       column + (4 if block[4] != " " else 6))
            return None
        if not block.strip():
            return ABSENT
        opponent_text = block[0:4].strip()
        opponent: int | None
        if not opponent_text or not opponent_text.strip("0"):
            opponent = None
        elif _INT.fullmatch(opponent_text):
            opponent = int(opponent_text)
        else:
            self.error(f"round {rnd}: opponent: expected a pairing number, got {opponent_text!r}", column)
            return None
        colour_char = block[5]
        if colour_char == "w":
            colour = Colour.WHITE
        elif colour_char == "b":
            colour = Colour.BLACK
        elif colour_char in "- ":
            colour = Colour.NONE
        elif colour_char in "WB":
            self.warn(f"round {rnd}: colour {colour_char!r} in upper case", column + 5)
            colour = Colour.WHITE if colour_char == "W" else Colour.BLACK
        else:
            self.error(f"round {rnd}: colour: expected w, b or -, got {colour_char!r}", column + 5)
            return None
        result_char = block[7]
        code = result_char.upper()
        if code == "*":
            return self.unfinished(opponent, column, rnd)
        result = _RESULT_CODES.get(code)
        if result is None:
            self.error(f"round {rnd}: result: expected one of 1 = 0 W D L + - H F U Z, got {result_char!r}",
                       column + 7)
            return None
        if opponent is not None and result.is_bye:
            if result is Result.ABSENT:
                self.warn(f"round {rnd}: no result for the game against {opponent} (not played yet?); "
                          "read as not paired", column + 7)
            elif result is Result.ZERO_BYE:
                self.warn(f"round {rnd}: absence 'Z' written with opponent {opponent}; opponent ignored", column)
            else:
                self.error(f"round {rnd}: result {code!r} is a bye but names opponent {opponent}", column)
                return None
            return RoundResult.bye(result)
        if opponent is None and not result.is_bye:
            if result is Result.FORFEIT_WIN:
                self.warn(f"round {rnd}: forfeit win '+' without an opponent, read as a pairing-allocated "
                          "bye 'U'", column + 7)
                return RoundResult.bye(Result.PAB)
            if result is Result.FORFEIT_LOSS:
                self.warn(f"round {rnd}: forfeit loss '-' without an opponent, read as a zero-point bye 'Z'",
                          column + 7)
                return RoundResult.bye(Result.ZERO_BYE)
            if result is Result.DRAW:
                self.warn(f"round {rnd}: draw '=' without an opponent, read as a half-point bye 'H'",
                          column + 7)
                return RoundResult.bye(Result.HALF_BYE)
            self.error(f"round {rnd}: result {code!r} needs an opponent (columns {column}-{column + 3})",
                       column)
            return None
        if result.is_played and colour is Colour.NONE:
            self.error(f"round {rnd}: a played game needs a colour (w or b), got {colour_char!r}", column + 5)
            return None
        if result.is_bye and colour is not Colour.NONE:
            self.warn(f"round {rnd}: a bye has no colour; {colour_char!r} ignored", column + 5)
            colour = Colour.NONE
        return RoundResult(opponent, colour, result)

    def unfinished(self, opponent: int | None, column: int, rnd: int) -> RoundResult:
        """``*``: a game not finished yet (PGN's mark), read as not paired, like a blank result."""
        against = f" against {opponent}" if opponent else ""
        self.warn(f"round {rnd}: '*' (game{against} not finished yet) read as not paired", column + 7)
        return ABSENT

    # -- header records --------------------------------------------------
    def read_name(self, line: str) -> None:
        value = line[4:].rstrip()
        if self.saw_name:
            self.t.headers.setdefault("012", []).append(value)
        else:
            self.t.name = value.strip()
            self.saw_name = True

    def read_header(self, code: str, line: str) -> None:
        value = line[4:].rstrip()
        if code in ("042", "052"):
            self.date(value, 5, "start date" if code == "042" else "end date", rated=True)
        elif code == "092" and self.t.system is None and value.strip().startswith(KNOWN_SYSTEM_PREFIXES):
            self.t.system = value.strip()
        self.t.headers.setdefault(code, []).append(value)

    def read_system(self, line: str) -> None:
        value = line[4:].strip()
        if not value:
            self.error("expected a tournament type code such as FIDE_DUTCH_2026", 5)
            return
        self.t.system = value

    def read_rounds(self, line: str) -> None:
        text = line[4:].strip()
        value = int(text) if _INT.fullmatch(text) else 0
        if not 1 <= value <= MAX_ROUNDS:
            self.error(f"number of rounds: expected an integer from 1 to {MAX_ROUNDS}, got {text!r}", 5)
            return
        if self.rounds_line is not None and self.t.rounds != value:
            self.error(f"number of rounds {value} contradicts {self.t.rounds} "
                       f"({self.rounds_line[1]} at line {self.rounds_line[0]})", 5, inconsistent=True)
            return
        self.t.rounds = value
        self.rounds_line = (self.lineno, self.code)

    def set_initial_colour(self, colour: Colour, column: int) -> None:
        if self.colour_line is not None and self.t.initial_colour is not colour:
            self.error(f"initial colour contradicts {self.colour_line[1]} at line {self.colour_line[0]}",
                       column, inconsistent=True)
            return
        self.t.initial_colour = colour
        self.colour_line = (self.lineno, self.code)

    def read_initial_colour(self, line: str) -> None:
        value = line[4:].strip()
        if value.upper() not in ("W", "B"):
            self.error(f"initial colour: expected W or B, got {value!r}", 5)
            return
        if value not in ("W", "B"):
            self.warn(f"initial colour {value!r} in lower case", 5)
        self.set_initial_colour(Colour.WHITE if value.upper() == "W" else Colour.BLACK, 5)

    def read_xxc(self, line: str) -> None:
        found = False
        for column, token in self.tokens(line, 3):
            low = token.lower()
            if low == "white1":
                self.set_initial_colour(Colour.WHITE, column)
            elif low == "black1":
                self.set_initial_colour(Colour.BLACK, column)
            elif low == "rank":
                self.rank_by_line = True  # the order of the 001 lines ranks the players (see finish)
            else:
                self.error(f"expected white1, black1 or rank, got {token!r}", column)
            found = True
        if not found:
            self.error("expected white1, black1 or rank", 5)

    def read_xxs(self, line: str) -> None:
        found = False
        for column, token in self.tokens(line, 3):
            found = True
            key, sep, value = token.partition("=")
            key = key.upper()
            targets = _XXS_SHORTCUTS.get(key, (key,))
            if not sep or any(target not in _XXS_FIELDS for target in targets):
                self.error(f"expected CODE=VALUE with CODE one of W D {' '.join(_XXS_FIELDS)}, "
                           f"got {token!r}", column)
                continue
            number = self.decimal(value, column + len(key) + 1, key)
            if number is None:
                if not value:
                    self.error(f"{key}: expected a number after '='", column + len(key) + 1)
                continue
            for target in targets:
                self.scoring.append(("set", _XXS_FIELDS[target], number))
        if not found:
            self.error("expected CODE=VALUE pairs", 5)

    def read_bb_scoring(self, code: str, line: str) -> None:
        number = self.decimal(line[4:], 5, "points")
        if number is None:
            if not line[4:].strip():
                self.error("expected a number of points in column 5", 5)
            return
        self.scoring.append(("bb", _BB_FIELDS[code], number))

    def read_162(self, line: str) -> None:
        end = len(line.rstrip())
        found = False
        for start in range(5, end, 9):
            symbol = line[start:start + 1]
            cell = line[start + 1:start + 5]
            if not symbol.strip() and not cell.strip():
                continue
            if line[start - 4:start].strip() and start > 5:
                self.error(f"expected blanks before the symbol in column {start + 1}, "
                           f"got {line[start - 4:start]!r}", start - 3)
                return
            target = _162_FIELDS.get(symbol.upper(), "?")
            if target == "?":
                self.error(f"scoring symbol: expected W D L A P X in column {start + 1}, got {symbol!r}",
                           start + 1)
                return
            number = self.decimal(cell, start + 2, symbol)
            if number is None:
                if not cell.strip():
                    self.error(f"{symbol}: expected points in columns {start + 2}-{start + 5}", start + 2)
                return
            if symbol.upper() == "Z":
                self.warn("symbol 'Z' read as 'A' (absence)", start + 1)
            if target is not None:
                self.scoring.append(("set", target, number))
            found = True
        if not found:
            self.error("expected symbol/points pairs from column 6", 6)

    def read_xxa(self, line: str) -> None:
        parsed = _xxa_columns(line)
        if parsed is None:
            tokens = list(self.tokens(line, 3))
            if not tokens or _INT.fullmatch(tokens[0][1]) is None:
                self.error("expected 'XXA NNNN pp.p pp.p ...' (pairing number in columns 5-8, "
                           "round r at column 10+5(r-1))", 5)
                return
            values: dict[int, Fraction] = {}
            for rnd, (column, token) in enumerate(tokens[1:], start=1):
                number = self.decimal(token, column, f"round {rnd} virtual points")
                if number is None:
                    return
                if number:
                    values[rnd] = number
            self.warn("values not in columns 10, 15, 20...; read as blank-separated", 5)
            parsed = int(tokens[0][1]), values
        tpn, values = parsed
        if not tpn:
            self.error("expected a pairing number in columns 5-8", 5)
            return
        self.accelerations.append((tpn, tpn, self.lineno, values, 5, self.code))

    def read_250(self, line: str) -> None:
        self.team_level.append(line)
        padded = line.ljust(31)
        if padded[31:].strip():
            self.error(f"unexpected text after column 31: {padded[31:].strip()!r}", 32)
            return
        match_points = self.decimal(padded[4:8], 5, "match points", needed=False)
        points = self.decimal(padded[9:13], 10, "virtual points")
        if match_points and not points:
            return  # team virtual match points: a TRF26 team file (see keep_team_level)
        if match_points:
            self.warn("fictitious match points (team events) ignored", 5)
        first_round = self.integer(padded[14:17], 15, "first round")
        last_round = self.integer(padded[18:21], 19, "last round")
        first = self.integer(padded[22:26], 23, "first pairing number")
        last = self.integer(padded[27:31], 28, "last pairing number")
        if not (points is not None and first_round and last_round and first and last):
            self.error("expected 'MMMM GGGG RRF RRL PPPF PPPL' (points at 10-13, rounds at 15-17 and "
                       "19-21, pairing numbers at 23-26 and 28-31)", 5)
            return
        if first_round > last_round or first > last:
            self.error("the first round or pairing number is after the last one", 15)
            return
        if first_round > MAX_ROUNDS or last_round > MAX_ROUNDS:
            self.error(f"rounds: at most {MAX_ROUNDS}", 15)
            return
        if points:
            values = {rnd: points for rnd in range(first_round, last_round + 1)}
            self.accelerations.append((first, last, self.lineno, values, 23, self.code))

    def numbers(self, line: str, what: str, first_player: int) -> list[int] | None:
        """The integers after the record code (``None`` after a bad one, reported); those from index
        ``first_player`` on are pairing numbers, checked later against the 001 records."""
        numbers: list[int] = []
        for column, token in self.tokens(line, 3):
            value = self.integer(token, column, what)
            if value is None:
                return None
            if len(numbers) >= first_player:
                self.references.append((value, self.lineno, self.code, column))
            numbers.append(value)
        return numbers

    def read_xxp(self, line: str) -> None:
        players = self.numbers(line, "pairing number", 0)
        if players is None:
            return
        if len(players) < 2:
            self.error("expected at least two pairing numbers", 5)
            return
        self.t.forbidden_pairs.append(ForbiddenPairs(tuple(players)))

    def read_260(self, line: str) -> None:
        numbers = self.numbers(line, "round or pairing number", 2)
        if numbers is None:
            return
        if len(numbers) < 4:
            self.error("expected 'RRF RRL PPPP PPPP ...' (two rounds, then at least two pairing numbers)",
                       len(line) + 1)
            return
        first, last, *players = numbers
        if first == 0 or last < first:
            self.error(f"bad round range {first}-{last}", 5)
            return
        self.t.forbidden_pairs.append(ForbiddenPairs(
            tuple(players), None if first == 1 else first, None if last >= UNKNOWN_ROUNDS else last))

    def read_240(self, line: str) -> None:
        self.team_level.append(line)
        kind = line[4:5]
        result = {"F": Result.FULL_BYE, "H": Result.HALF_BYE, "Z": Result.ZERO_BYE}.get(kind.upper())
        if result is None:
            self.error(f"bye type: expected F, H or Z in column 5, got {kind!r}", 5)
            return
        rnd = self.integer(line[6:9], 7, "round")
        if not rnd:
            self.error("expected a round number in columns 7-9", 7)
            return
        found = False
        for column, token in self.tokens(line, 9):
            tpn = self.integer(token, column, "pairing number")
            if tpn is None:
                return
            self.pending_byes.append((rnd, result, tpn, self.lineno))
            found = True
        if not found:
            self.error("expected pairing numbers from column 11", 11)

    def read_xxz(self, line: str) -> None:
        for column, token in self.tokens(line, 3):
            tpn = self.integer(token, column, "pairing number")
            if tpn is not None:
                self.absent_next.append((tpn, self.lineno))

    def read_299(self, line: str) -> None:
        """TRF-2026 ``299``: abnormal points (penalties, bonuses). Kept as written, not applied."""
        self.warn("abnormal points (299) are not applied: scores, standings and pairings ignore this line "
                  "(bbpPairings refuses such files)", 5)
        self.t.extra_lines.append(line)

    def read_team(self, line: str) -> None:
        """``013``/``310``: one team and its roster; the teams are built in :meth:`apply_teams`."""
        from swisspair.trf.teams import parse_team_line

        record, problems = parse_team_line(line)
        for column, message in problems:
            self.warn(f"{message} (left out of the roster)", column)
        if record is not None:
            self.team_records.append((self.lineno, line, record))

    def read_team_round(self, line: str) -> None:
        """``300`` line-up, ``320`` team PAB, ``330`` team forfeit: to the model, or kept as written
        with a warning when malformed."""
        from swisspair.teams import TeamForfeit, TeamLineup, TeamPab
        from swisspair.trf.teams import parse_forfeit, parse_lineup, parse_pab

        parse = {"300": parse_lineup, "320": parse_pab, "330": parse_forfeit}[line[:3]]
        value, problem = parse(line)
        if problem is not None:
            column, message = problem
            self.warn(f"{message} (line kept as written)", column)
            self.t.extra_lines.append(line)
        elif isinstance(value, TeamLineup):
            self.t.team_lineups += (value,)
        elif isinstance(value, TeamPab):
            self.t.team_pabs += (value,)
        elif isinstance(value, TeamForfeit):
            self.t.team_forfeits += (value,)

    def read_352(self, line: str) -> None:
        """``352``: the board colour sequence of a team match (``WBWB``)."""
        value = line[4:].strip().upper()
        if value.strip("WB"):
            self.warn(f"board colours: expected W and B only, got {value!r}; ignored", 5)
            return
        self.t.board_colours += value

    def read_362(self, line: str) -> None:
        """``362``: match points for a won, drawn and lost match (``TW 2.0 TD 1.0 TL 0.0``)."""
        from swisspair.trf.teams import parse_match_points

        points, rest = parse_match_points(line[4:], self.t.match_points)
        if rest:
            self.warn(f"match points: {' '.join(rest)!r} not understood (expected TW, TD, TL and a number); "
                      "ignored", 5)
        self.t.match_points = points

    def apply_teams(self) -> None:
        """The teams, by the one numbering rule of :mod:`swisspair.teams`, checked (:meth:`check_team`)."""
        if not self.team_records:
            return
        from swisspair.trf.teams import team_entries

        newer = any(record.code == "310" for _, _, record in self.team_records)
        team_of: dict[int, int] = {}
        numbers: set[int] = set()
        records: list[TeamRecord] = []
        for position, (lineno, line, record) in enumerate(
                (r for r in self.team_records if r[2].code == "310" or not newer), start=1):
            self.lineno, self.code = lineno, record.code
            records.append(self.check_team(line, record, position, team_of, numbers))
        self.lineno, self.code = 0, ""
        self.t.teams = team_entries(records)
        left = [line for _, line, record in self.team_records if newer and record.code == "013"]
        old = [(r.name, r.members) for _, _, r in self.team_records if r.code == "013"]
        if left and old != [(team.name, team.members) for team in self.t.teams]:
            self.warn("the 013 team records differ from the 310 records: the 310 records define the teams "
                      "(013 lines kept as written)")
        self.t.extra_lines.extend(left)

    def check_team(self, line: str, record: TeamRecord, position: int, team_of: dict[int, int],
                   numbers: set[int]) -> TeamRecord:
        """Warn (located) about a team without a number or a name, a number used twice, a member who is
        not a player or is already in a team; such members are left out of the roster."""
        number = record.number if record.code == "310" and record.number else position
        if record.code == "310" and not record.number:
            self.warn(f"a 310 record needs a team number (columns 5-7); numbered {number} by its position", 5)
        if number in numbers:
            self.warn(f"team number {number} is used twice", 5 if record.code == "310" else None)
        numbers.add(number)
        if not record.name:
            self.warn("the team has no name", 9 if record.code == "310" else 5)
        members: list[int] = []
        start = 73 if record.code == "310" else 36
        columns = {int(line[i:i + 4]): i + 1 for i in range(start, len(line), 5) if line[i:i + 4].strip().isdigit()}
        for tpn in record.members:
            if tpn not in self.t.players:
                self.warn(f"member {tpn} is not a player of the file (left out of the roster)", columns.get(tpn))
            elif tpn in team_of:
                self.warn(f"player {tpn} is already in team {team_of[tpn]} (left out of the roster)",
                          columns.get(tpn))
            else:
                team_of[tpn] = number
                members.append(tpn)
        from dataclasses import replace  # team records are dataclasses: files of individuals never get here

        return replace(record, members=tuple(members))

    # -- driver ------------------------------------------------------------
    def feed_text(self, text: str) -> None:
        """Split ``text`` into lines (CR, LF or CRLF) and read them."""
        if text.startswith("\ufeff"):
            self.lineno = 1
            self.warn("byte-order mark ignored")
            text = text[1:]
        cr = text.count("\r")
        if not cr:
            lines = text.split("\n")
        else:
            crlf = text.count("\r\n")
            lf = text.count("\n")
            if crlf == cr == lf:
                lines = text.split("\r\n")
            elif not lf:
                lines = text.split("\r")
            else:
                lines = _LINE_END.split(text)
                ends = [m.group() for m in _LINE_END.finditer(text)]
                first = next(i for i, end in enumerate(ends) if end != ends[0])
                names = {"\r\n": "CRLF", "\r": "CR", "\n": "LF"}
                self.lineno = first + 1
                self.warn(f"mixed line ends: {names[ends[first]]} here, {names[ends[0]]} before")
        cut = bool(lines[-1])
        if not cut:
            lines.pop()
        if lines and lines[-1].endswith("\x1a"):
            self.lineno = len(lines)
            self.warn("DOS end-of-file mark (Ctrl-Z) ignored")
            lines[-1] = lines[-1].rstrip("\x1a")
            cut = False
        if cut:
            self.cut_line = len(lines)
            self.cut_text = lines[-1]
        self.feed(lines)

    def feed(self, lines: Iterable[str]) -> None:
        handlers: dict[str, Callable[[str], None]] = {
            "001": self.read_player,
            "012": self.read_name,
            "142": self.read_rounds,
            "XXR": self.read_rounds,
            "152": self.read_initial_colour,
            "XXC": self.read_xxc,
            "XXS": self.read_xxs,
            "162": self.read_162,
            "192": self.read_system,
            "XXA": self.read_xxa,
            "250": self.read_250,
            "XXP": self.read_xxp,
            "260": self.read_260,
            "240": self.read_240,
            "XXZ": self.read_xxz,
            "299": self.read_299,
            "300": self.read_team_round,
            "320": self.read_team_round,
            "330": self.read_team_round,
            "352": self.read_352,
            "362": self.read_362,
        }
        for code in HEADER_CODES:
            handlers[code] = lambda line, code=code: self.read_header(code, line)  # type: ignore[misc]
        for code in _BB_FIELDS:
            handlers[code] = lambda line, code=code: self.read_bb_scoring(code, line)  # type: ignore[misc]
        for code in _TEAM_CODES:
            handlers[code] = self.read_team
        control = _CONTROL.search
        for self.lineno, line in enumerate(lines, start=1):
            self.code = ""
            if not line or line.isspace():
                continue
            bad = control(line)
            if bad is not None:
                self.error(f"binary data: control character {bad.group()!r}: not a text TRF file", bad.start() + 1)
                continue
            if "\t" in line:
                self.warn("tab characters read as spaces (tab stops every 8 columns)", line.index("\t") + 1)
                line = line.expandtabs(8)
            code = line[:3]
            if code == "###":
                self.t.extra_lines.append(line)
                continue
            if line[0] == " ":
                self.warn("line starts with a blank: not a record; kept as written", 1)
                self.t.extra_lines.append(line)
                continue
            if len(line) > 3 and line[3] != " " and code.upper() in handlers:
                if code not in HEADER_CODES and code != "012":
                    self.error(f"expected a blank after the record code {code!r}, got {line[3]!r}", 4)
                    continue
                self.code = code  # a header pairing does not need: read it anyway
                self.soft(f"expected a blank after the record code {code!r}, got {line[3]!r}; "
                          "read as if there were one", 4)
                line = f"{code} {line[3:]}"
            if len(line) > 3 and line[3] != " " or _CODE.fullmatch(code) is None:
                self.soft(f"not a record (expected a 3-character code then a blank, got {line[:4]!r}); "
                          "kept as written", 4 if _CODE.fullmatch(code) else 1)
                self.t.extra_lines.append(line)
                continue
            self.code = code
            handler = handlers.get(code)
            if handler is None and code.upper() in handlers and not code.isdigit():
                self.warn(f"record code {code!r} in lower case")
                self.code = code = code.upper()
                line = code + line[3:]
                handler = handlers[code]
            if handler is not None:
                handler(line)
            elif code == "DDD":
                self.warn("ruler line (DDD) kept as written")
                self.t.extra_lines.append(line)
            else:
                self.t.extra_lines.append(line)
        self.code = ""

    def finish(self) -> None:
        t = self.t
        self.lineno = 0
        if not t.players:
            self.error("no participant: the file has no 001 record")
            return
        if not self.saw_name:
            self.warn("no 012 record (tournament name)")
        self.keep_team_level()
        self.apply_teams()
        if self.rank_by_line:
            t.rank_order = sorted(t.players, key=self.player_lines.__getitem__)
        self.apply_scoring()
        self.apply_byes()
        self.apply_accelerations()
        self.check_references()
        self.check_numbers()
        self.check_rounds()
        self.check_games()
        self.check_points()

    def apply_scoring(self) -> None:
        """Build :attr:`Tournament.scoring` from ``162``/``XXS`` then the bbp ``BB?`` records."""
        if not self.scoring:
            return
        values: dict[str, Fraction] = {}
        for kind, name, value in self.scoring:
            if kind == "set":
                values[name] = value
        scoring = Scoring(**values)
        for bb_field in _BB_FIELDS.values():
            for kind, name, value in self.scoring:
                if kind == "bb" and name == bb_field:
                    current = getattr(scoring, name)
                    default = _OPTIONAL_DEFAULTS.get(name)
                    if current is None and default is not None:
                        current = getattr(scoring, default)
                    if current != value:
                        values[name] = value
                        scoring = Scoring(**values)
        for name, default in _OPTIONAL_DEFAULTS.items():
            if name in values and values[name] == values.get(default, getattr(Scoring(), default)):
                del values[name]
        self.t.scoring = Scoring(**values)

    def keep_team_level(self) -> None:
        """In a team event (a ``192`` team system), ``240`` and ``250`` name teams (TRF26 §4).

        They are kept as written instead of being applied to the ``001`` players.
        """
        if "TEAM" not in (self.t.system or "").upper():
            for line in self.team_level:
                if line.startswith("250") and not line.ljust(13)[9:13].strip():
                    self.warn("250: team virtual match points without game points in an individual "
                              "event; ignored", 5)
            return
        self.pending_byes.clear()
        self.accelerations = [a for a in self.accelerations if a[5] != "250"]
        self.t.extra_lines.extend(self.team_level)

    def apply_byes(self) -> None:
        nxt = self.t.paired_rounds + 1
        self.code = "XXZ"
        for tpn, lineno in self.absent_next:
            self.place_bye(tpn, nxt, Result.ZERO_BYE, lineno)
        self.code = "240"
        for rnd, result, tpn, lineno in self.pending_byes:
            self.place_bye(tpn, rnd, result, lineno)
        self.code = ""

    def place_bye(self, tpn: int, rnd: int, result: Result, lineno: int) -> None:
        player = self.t.players.get(tpn)
        if player is None:
            self.error(f"pairing number {tpn} has no 001 record", line=lineno, inconsistent=True)
            return
        current = player.result(rnd)
        if current == ABSENT:
            player.results.extend([ABSENT] * (rnd - len(player.results)))
            player.results[rnd - 1] = RoundResult.bye(result)
        elif current.result is not result:
            self.error(f"round {rnd}: bye {result.value!r} for {tpn} contradicts the 001 record "
                       f"(line {self.player_lines[tpn]}: {current.result.value!r})", line=lineno,
                       inconsistent=True)

    def apply_accelerations(self) -> None:
        """Apply the ``XXA`` and ``250`` records in file order (a later record wins)."""
        players = self.t.players
        accelerations = self.t.accelerations
        last_line: dict[int, tuple[int, str]] = {}
        for first, last, lineno, values, column, self.code in self.accelerations:
            for tpn in range(first, last + 1):
                if tpn not in players:
                    self.error(f"pairing number {tpn} has no 001 record", column, line=lineno, inconsistent=True)
                    break
                last_line[tpn] = lineno, self.code
                if values:
                    accelerations.setdefault(tpn, {}).update(values)
        rounds = self.t.rounds
        if rounds:
            for tpn, values in accelerations.items():
                if values and max(values) > rounds:
                    self.lineno, self.code = last_line[tpn]
                    self.error(f"virtual points of {tpn} for round {max(values)} of a {rounds}-round "
                               "tournament", inconsistent=True)
        self.lineno, self.code = 0, ""

    def check_references(self) -> None:
        for tpn, lineno, code, column in self.references:
            if tpn not in self.t.players:
                self.code = code
                self.error(f"pairing number {tpn} has no 001 record", column, line=lineno, inconsistent=True)
        self.code = ""

    def check_numbers(self) -> None:
        numbers = sorted(self.t.players)
        if numbers[-1] != len(numbers):
            missing = sorted(set(range(1, numbers[-1] + 1)) - set(numbers))
            self.code = "001"
            self.warn(f"pairing numbers are not contiguous (missing {missing[:10]}"
                      f"{'...' if len(missing) > 10 else ''})")
            self.code = ""

    def check_rounds(self) -> None:
        t = self.t
        if t.rounds is None or self.rounds_line is None:
            return
        paired = t.paired_rounds
        lineno, code = self.rounds_line
        self.code = code
        if paired > t.rounds:
            self.error(f"{paired} rounds are paired in the 001 records, more than the {t.rounds} announced",
                       5, line=lineno, inconsistent=True)
        elif t.recorded_rounds > t.rounds:
            self.warn(f"001 records have entries for round {t.recorded_rounds} of a {t.rounds}-round "
                      "tournament", 5, line=lineno)
        self.code = ""

    def check_games(self) -> None:
        t = self.t
        players = t.players
        lines = self.player_lines
        cut = self.cut_player()
        self.code = "001"
        pabs: dict[int, list[int]] = {}
        for tpn in sorted(players):
            self.lineno = lines[tpn]
            for rnd, entry in enumerate(players[tpn].results, start=1):
                opponent = entry.opponent
                if opponent is None:
                    if entry.result is Result.PAB:
                        pabs.setdefault(rnd, []).append(tpn)
                    continue
                column = 82 + 10 * rnd
                other = players.get(opponent)
                if other is None:
                    message = f"round {rnd}: opponent {opponent} has no 001 record"
                    if cut is not None:
                        self.truncated(f"{message} (line {self.lineno})")
                    else:
                        self.error(message, column, inconsistent=True)
                    continue
                mirror = other.results[rnd - 1] if rnd <= len(other.results) else ABSENT
                result = entry.result
                if mirror.opponent != tpn:
                    if cut == opponent and rnd > len(other.results):
                        self.truncated(f"round {rnd} is missing (line {self.lineno} has the game against "
                                       f"{tpn})", column)
                        continue
                    shows = f"opponent {mirror.opponent}" if mirror.opponent else f"{mirror.result.value!r}"
                    self.error(f"round {rnd}: the game against {opponent} is not on their line "
                               f"(line {lines[opponent]} shows {shows})", column, inconsistent=True)
                    continue
                other_result = mirror.result
                if (result, other_result) in _AGREEING and (entry.colour is not mirror.colour
                                                             or not result.is_played):
                    continue  # the common case; the checks below say what is wrong otherwise
                if (result.is_played != other_result.is_played or result.is_forfeit != other_result.is_forfeit
                        or (result in _RATED and other_result in _UNRATED)
                        or (result in _UNRATED and other_result in _RATED)):
                    self.error(f"round {rnd}: result {result.value!r} against {opponent} contradicts their "
                               f"{other_result.value!r} (line {lines[opponent]})", column + 7, inconsistent=True)
                    continue
                if result.is_played and entry.colour is mirror.colour:
                    self.error(f"round {rnd}: {tpn} and {opponent} both have colour {entry.colour.value!r} "
                               f"(line {lines[opponent]})", column + 5, inconsistent=True)
                    continue
                if result.outcome is Outcome.WIN and other_result.outcome is not Outcome.LOSS:
                    self.error(f"round {rnd}: {tpn} won against {opponent}, whose result is "
                               f"{other_result.value!r} (line {lines[opponent]})", column + 7, inconsistent=True)
        for rnd, tpns in pabs.items():
            if len(tpns) > 1 and not self.one_team(tpns):
                self.lineno = lines[tpns[1]]
                self.warn(f"round {rnd}: more than one pairing-allocated bye (players {tpns})", 82 + 10 * rnd + 7)
        self.code = ""

    def one_team(self, tpns: list[int]) -> bool:
        """The players all belong to one team: its pairing-allocated bye (C.04.6 1.4), written on each member."""
        return any(set(tpns) <= set(team.members) for team in self.t.teams)

    def cut_player(self) -> int | None:
        """The TPN on the last line when the text ends in the middle of a ``001`` record.

        A last line without a line end that stops right after a round entry (or one blank
        later, as lichess writes it) is complete: many writers omit the final line end.
        """
        if not self.cut_line or not self.cut_text.startswith("001"):
            return None
        length = len(self.cut_text)
        if length >= 99 and (length - 91) % 10 in (8, 9):
            return None
        for tpn, lineno in self.player_lines.items():
            if lineno == self.cut_line:
                return tpn
        return None

    def truncated(self, message: str, column: int | None = None) -> None:
        """Report a missing game or player as the consequence of a file cut in its last line."""
        length = len(self.cut_text)
        self.error(f"the file ends in the middle of this line (truncated?): {message}",
                   column if column is not None and column <= length + 1 else length + 1,
                   line=self.cut_line, inconsistent=True)

    def check_points(self) -> None:
        t = self.t
        scoring = t.scoring
        table = {(result, colour): scoring.points(result, colour) for result in Result for colour in Colour}
        scale = lcm(*(value.denominator for value in table.values()))
        units = {key: int(value * scale) for key, value in table.items()}
        self.code = "001"
        paired = t.paired_rounds
        for tpn in sorted(t.players):
            player = t.players[tpn]
            if player.points is None:
                continue
            points = player.points * scale
            played = total = 0
            for rnd, entry in enumerate(player.results, start=1):
                value = units[entry.result, entry.colour]
                total += value
                if rnd <= paired:
                    played += value
            if points == played or points == total:
                continue
            accelerations = t.accelerations.get(tpn)
            if accelerations:
                extra = sum(accelerations.values(), Fraction(0)) * scale
                current = sum((v for r, v in accelerations.items() if r <= paired + 1), Fraction(0)) * scale
                if points in (played + extra, total + extra, played + current, total + current):
                    continue
            self.lineno = self.player_lines[tpn]
            self.soft(f"points {_fmt(player.points)} do not match the results ({_fmt(Fraction(played, scale))}); "
                      "the results are used", 81, inconsistent=True)
        self.code = ""


def _xxa_columns(line: str) -> tuple[int, dict[int, Fraction]] | None:
    """An ``XXA`` line in its columns (ID at 5-8, round r at 10+5(r-1)), or ``None`` if it is not aligned."""
    text = line[4:8].strip()
    if _INT.fullmatch(text) is None or line[8:9].strip():
        return None
    values: dict[int, Fraction] = {}
    for rnd, start in enumerate(range(9, len(line), 5), start=1):
        cell = line[start:start + 4].strip()
        if line[start + 4:start + 5].strip():
            return None
        if cell:
            if _NUMBER.fullmatch(cell) is None or "," in cell:
                return None
            if Fraction(cell):
                values[rnd] = Fraction(cell)
    return int(text), values


def _fmt(value: Fraction) -> str:
    return f"{float(value):.1f}" if value.denominator <= 2 else str(value)


def _read_text(text: str, source: str, lenient: bool, notes: list[Diagnostic] | None = None,
               strict: bool = False) -> TRFReadResult:
    reader = _Reader(source, lenient, strict)
    if notes:
        reader.warnings.extend(notes)
    reader.feed_text(text)
    reader.finish()
    return TRFReadResult(reader.t, reader.warnings, reader.errors)


def read(handle: TextIO, *, source: str | None = None, lenient: bool = False,
         strict: bool = False) -> TRFReadResult:
    """Read a TRF from an open text handle.

    The caller opens the file with the right encoding; :func:`load` guesses it.

    By default a field that pairing does not need (dates, names, federations,
    titles, birth dates, the points and rank columns, unknown records, guide
    lines) never stops reading: each problem is a located warning in
    ``warnings``. What changes the meaning of the event (an unknown opponent,
    a game on one side only, two results for one round, more rounds than
    announced) raises :exc:`~swisspair.errors.InconsistentTournamentError`.

    :param source: the name used in messages (default: the handle's ``name``).
    :param lenient: collect problems in ``errors`` instead of raising.
    :param strict: also refuse what FIDE's rating officer would reject (dates
        not in the TRF form, a points column that does not match the results...).
    :raises: :exc:`~swisspair.errors.TRFError` (strict mode) on the first problem,
        and in both modes when the handle cannot be decoded.
    """
    name = source or str(getattr(handle, "name", "<stream>"))
    try:
        text = handle.read()
    except UnicodeDecodeError as exc:
        raise TRFError(f"cannot decode the file as {exc.encoding}: {exc.reason}", Location(name)) from exc
    return _read_text(text, name, lenient, strict=strict)


def loads(text: str, *, source: str = "<string>", lenient: bool = False, strict: bool = False,
          notes: list[Diagnostic] | None = None) -> TRFReadResult:
    """Read a TRF from a string (see :func:`read`).

    :param notes: diagnostics to put first in ``warnings`` (those of :func:`decode`).
    """
    return _read_text(text, source, lenient, notes, strict)


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
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise TRFError(f"binary data: not valid UTF-16 ({exc.reason})", Location(source, 1)) from exc
        notes.append(Diagnostic("UTF-16 file (TRF files are usually UTF-8)", Location(source, 1)))
        return text, notes
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
    raws = data.splitlines(keepends=True)
    foreign: list[bytes] = []
    for raw in raws:
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            foreign.append(raw)
    codepage = guess_codepage(foreign)
    notes.append(Diagnostic(f"not UTF-8; lines that are not UTF-8 read as {_CODEPAGE_NAMES[codepage]}",
                            Location(source, line)))
    parts = []
    for raw in raws:
        try:
            parts.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            parts.append(raw.decode(codepage, errors="replace"))
    return "".join(parts), notes


_CODEPAGE_NAMES = {"cp1252": "Windows-1252 (Western, latin-1)", "cp1250": "Windows-1250 (Central European)",
                   "cp1251": "Windows-1251 (Cyrillic)"}
_CYRILLIC_RUN = re.compile(rb"[\xc0-\xff]{3}")
_CENTRAL_EUROPE = frozenset({"ALB", "BIH", "CRO", "CZE", "HUN", "POL", "ROU", "SLO", "SVK"})
_CYRILLIC_FEDERATIONS = frozenset({"BLR", "BUL", "KAZ", "KGZ", "MKD", "MNG", "RUS", "TJK", "UKR", "UZB"})


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

    if any(_CYRILLIC_RUN.search(raw) for raw in lines) or most(_CYRILLIC_FEDERATIONS):
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


def load(path: str | PathLike[str], *, lenient: bool = False, strict: bool = False) -> TRFReadResult:
    """Read the TRF file at ``path``, whatever its encoding and line ends.

    :raises: :exc:`~swisspair.errors.TRFError` on a problem (strict mode), when
        the file cannot be opened, is empty or is not text.
    """
    source = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise TRFFileError(f"cannot read file: {exc.strerror or exc}", Location(source)) from exc
    text, notes = decode(data, source)
    return _read_text(text, source, lenient, notes, strict)
