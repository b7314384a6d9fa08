"""Reading FIDE Tournament Report Files (TRF06, TRF16, TRF26 and engine extensions).

The reader dispatches on the three-character record code. Column positions
follow the FIDE documents (1-based, inclusive; see ../shared/rules/trf.md).

Strict by default: the first problem raises :exc:`~swisspair.errors.TRFError`
naming the file, line, column and record. With ``lenient=True`` every problem
is appended to :attr:`TRFReadResult.errors` instead and reading goes on.
Deviations that real software produces but that do not change the meaning
(CRLF, latin-1, a byte-order mark, ruler lines, non-standard date formats...)
are reported as warnings in :attr:`TRFReadResult.warnings`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TextIO

from swisspair.errors import InconsistentTournamentError, Location, TRFError
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

HEADER_CODES = frozenset(
    {"012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
     "172", "182", "202", "212", "222", "352", "362"}
)
"""Tournament header records kept as text in :attr:`Tournament.headers`."""

KNOWN_SYSTEM_PREFIXES = ("FIDE_", "CUSTOM_", "BERGER_")

_RESULT_CODES = {r.value: r for r in Result}
_DATE_FORMATS = (
    (re.compile(r"^(\d{4})/(\d{2})/(\d{2})$"), "ymd", False),
    (re.compile(r"^(\d{4})-(\d{2})-(\d{2})$"), "ymd", True),
    (re.compile(r"^(\d{4})\.(\d{2})\.(\d{2})$"), "ymd", True),
    (re.compile(r"^(\d{2})[./-](\d{2})[./-](\d{4})$"), "dmy", True),
    (re.compile(r"^(\d{2})/(\d{2})/(\d{2})$"), "yy", True),
    (re.compile(r"^(\d{4})$"), "y", True),
    (re.compile(r"^(\d{4})/00/00$"), "y", False),
)


@dataclass(slots=True)
class Diagnostic:
    """A problem found while reading, with its place."""

    message: str
    location: Location

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


@dataclass(slots=True)
class TRFReadResult:
    """What :func:`read` returns: the tournament plus what was noticed on the way."""

    tournament: Tournament
    warnings: list[Diagnostic] = field(default_factory=list)
    """Deviations that were read anyway."""
    errors: list[Diagnostic] = field(default_factory=list)
    """Problems (only in lenient mode; strict mode raises on the first)."""


class _Reader:
    """One pass over the lines of a file; see :func:`read`."""

    def __init__(self, source: str, lenient: bool) -> None:
        self.source = source
        self.lenient = lenient
        self.t = Tournament()
        self.warnings: list[Diagnostic] = []
        self.errors: list[Diagnostic] = []
        self.player_lines: dict[int, int] = {}
        self.scoring: dict[str, Fraction] = {}
        self.pending_byes: list[tuple[int, Result, int, int]] = []  # round, kind, tpn, line
        self.absent_next: list[tuple[int, int]] = []  # tpn, line (XXZ)
        self.saw_cr = False
        self.lineno = 0
        self.code = ""

    # -- diagnostics ---------------------------------------------------
    def loc(self, column: int | None = None, line: int | None = None) -> Location:
        return Location(self.source, line or self.lineno, column, self.code or None)

    def error(self, message: str, column: int | None = None, line: int | None = None,
              inconsistent: bool = False) -> None:
        location = self.loc(column, line)
        if self.lenient:
            self.errors.append(Diagnostic(message, location))
            return
        raise (InconsistentTournamentError if inconsistent else TRFError)(message, location)

    def warn(self, message: str, column: int | None = None) -> None:
        self.warnings.append(Diagnostic(message, self.loc(column)))

    # -- field helpers ---------------------------------------------------
    def integer(self, text: str, column: int, what: str) -> int | None:
        value = text.strip()
        if not value:
            return None
        if not value.isdigit():
            self.error(f"{what}: expected an integer, got {value!r}", column)
            return None
        return int(value)

    def decimal(self, text: str, column: int, what: str) -> Fraction | None:
        value = text.strip()
        if not value:
            return None
        if not re.fullmatch(r"\d*\.?\d+|\d+\.", value):
            self.error(f"{what}: expected a number like 11.5, got {value!r}", column)
            return None
        return Fraction(value)

    def date(self, text: str, column: int, what: str) -> str:
        value = text.strip()
        if not value:
            return value
        for pattern, order, nonstandard in _DATE_FORMATS:
            match = pattern.match(value)
            if not match:
                continue
            groups = [int(g) for g in match.groups()]
            if order == "ymd":
                month, day = groups[1], groups[2]
            elif order == "dmy":
                day, month = groups[0], groups[1]
            elif order == "yy":
                month, day = groups[1], groups[2]
            else:
                month, day = 1, 1
            if not (1 <= month <= 12 and 1 <= day <= 31):
                self.error(f"{what}: not a valid date: {value!r}", column)
                return value
            if nonstandard:
                self.warn(f"{what}: date {value!r} is not in the YYYY/MM/DD form", column)
            return value
        self.error(f"{what}: expected a date YYYY/MM/DD, got {value!r}", column)
        return value

    # -- records ---------------------------------------------------------
    def read_player(self, line: str) -> None:
        if len(line) < 14:
            self.error("001 record too short: expected at least the pairing number (columns 5-8)",
                       len(line) + 1)
            return
        tpn = self.integer(line[4:8], 5, "pairing number")
        if tpn is None or tpn == 0:
            self.error(f"pairing number: expected an integer from 1 to 9999, got {line[4:8].strip()!r}", 5)
            return
        if tpn in self.t.players:
            self.error(f"duplicate pairing number {tpn} (first at line {self.player_lines[tpn]})", 5,
                       inconsistent=True)
            return
        padded = line.ljust(89)
        sex = padded[9].strip()
        if sex and sex.lower() not in ("m", "w", "f"):
            self.warn(f"sex: unexpected value {sex!r}", 10)
        title = padded[10:13].strip()
        rating = self.integer(padded[48:52], 49, "rating") or 0
        birth = self.date(padded[69:79], 70, "birth date")
        points = self.decimal(padded[80:84], 81, "points")
        rank = self.integer(padded[85:89], 86, "rank")
        player = Player(
            tpn=tpn,
            name=padded[14:47].strip(),
            sex=sex,
            title=title,
            rating=rating,
            federation=padded[53:56].strip(),
            fide_id=padded[57:68].strip(),
            birth_date=birth,
            points=points,
            rank=rank,
        )
        if padded[89:91].strip():
            self.error(f"expected blanks in columns 90-91, got {padded[89:91]!r}", 90)
        results: list[RoundResult] = []
        start = 91
        while start < len(line):
            block = line[start:start + 8]
            column = start + 1
            if not block.strip():
                results.append(ABSENT)
                start += 10
                continue
            if len(block.rstrip()) < 8 and len(line) < start + 8:
                self.error(f"round {len(results) + 1}: truncated entry {block.rstrip()!r}; "
                           "expected 'OOOO C R' (opponent, colour, result)", column)
                return
            entry = self.read_round(block, column, len(results) + 1, tpn)
            if entry is None:
                return
            results.append(entry)
            gap = line[start + 8:start + 10]
            if gap.strip():
                self.error(f"expected blanks between round entries, got {gap!r}", start + 9)
                return
            start += 10
        while results and results[-1] == ABSENT:
            results.pop()
        player.results = results
        self.t.players[tpn] = player
        self.player_lines[tpn] = self.lineno

    def read_round(self, block: str, column: int, rnd: int, tpn: int) -> RoundResult | None:
        opponent_text, colour_char, result_char = block[0:4], block[5], block[7]
        if block[4] != " " or block[6] != " ":
            self.error(f"round {rnd}: expected 'OOOO C R', got {block!r}", column)
            return None
        opponent: int | None
        if not opponent_text.strip() or opponent_text.strip("0 ") == "":
            opponent = None
        elif opponent_text.strip().isdigit():
            opponent = int(opponent_text)
        else:
            self.error(f"round {rnd}: opponent: expected a pairing number, got {opponent_text.strip()!r}",
                       column)
            return None
        if opponent == tpn:
            self.error(f"round {rnd}: a participant cannot play against themselves", column,
                       inconsistent=True)
            return None
        colour_char = colour_char.lower()
        if colour_char == "w":
            colour = Colour.WHITE
        elif colour_char == "b":
            colour = Colour.BLACK
        elif colour_char in "- ":
            colour = Colour.NONE
        else:
            self.error(f"round {rnd}: colour: expected w, b or -, got {colour_char!r}", column + 5)
            return None
        code = result_char.upper()
        result = _RESULT_CODES.get(code)
        if result is None:
            self.error(f"round {rnd}: result: expected one of 1 = 0 W D L + - H F U Z, got {result_char!r}",
                       column + 7)
            return None
        if result.is_bye and opponent is not None:
            if result is Result.ZERO_BYE or result is Result.ABSENT:
                self.warn(f"round {rnd}: absence {code!r} written with opponent {opponent}; opponent ignored",
                          column)
                opponent = None
            else:
                self.error(f"round {rnd}: result {code!r} is a bye but names opponent {opponent}", column)
                return None
        if not result.is_bye and opponent is None:
            if result is Result.FORFEIT_WIN:
                self.warn(f"round {rnd}: forfeit win without an opponent, read as a full-point bye", column)
                return RoundResult(None, Colour.NONE, Result.FULL_BYE)
            if result is Result.FORFEIT_LOSS:
                self.warn(f"round {rnd}: forfeit loss without an opponent, read as a zero-point bye", column)
                return RoundResult(None, Colour.NONE, Result.ZERO_BYE)
            if result.is_played:
                self.error(f"round {rnd}: result {code!r} needs an opponent", column)
                return None
        if result.is_played and colour is Colour.NONE:
            self.error(f"round {rnd}: a played game needs a colour (w or b)", column + 5)
            return None
        if result.is_bye and colour is not Colour.NONE:
            self.warn(f"round {rnd}: a bye has no colour; {colour_char!r} ignored", column + 5)
            colour = Colour.NONE
        return RoundResult(opponent, colour, result)

    def read_header(self, code: str, line: str) -> None:
        value = line[4:].rstrip() if len(line) > 4 else ""
        if code == "012":
            self.t.name = value.strip()
        if code in ("042", "052"):
            self.date(value, 5, "start date" if code == "042" else "end date")
        if code == "092" and self.t.system is None and value.strip().startswith(KNOWN_SYSTEM_PREFIXES):
            self.t.system = value.strip()
        self.t.headers.setdefault(code, []).append(value)

    def read_rounds(self, line: str) -> None:
        value = self.integer(line[4:], 5, "number of rounds")
        if value is None or value == 0:
            self.error("number of rounds: expected a positive integer", 5)
            return
        self.t.rounds = value

    def read_initial_colour(self, line: str) -> None:
        value = line[4:].strip().upper()
        if value not in ("W", "B"):
            self.error(f"initial colour: expected W or B, got {value!r}", 5)
            return
        self.t.initial_colour = Colour.WHITE if value == "W" else Colour.BLACK

    def read_xxc(self, line: str) -> None:
        for token in line[3:].split():
            low = token.lower()
            if low == "white1":
                self.t.initial_colour = Colour.WHITE
            elif low == "black1":
                self.t.initial_colour = Colour.BLACK
            elif low == "rank":
                self.warn("XXC rank (pairing by file position) is not supported; pairing numbers are used")
            else:
                self.error(f"expected white1, black1 or rank, got {token!r}", 5)

    def read_xxs(self, line: str) -> None:
        for token in line[3:].split():
            key, sep, value = token.partition("=")
            number = self.decimal(value, 5, f"XXS {key}") if sep else None
            if number is None:
                self.error(f"expected CODE=VALUE, got {token!r}", 5)
                continue
            key = key.upper()
            targets = {"W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB")}.get(key, (key,))
            for target in targets:
                if target not in _XXS_FIELDS:
                    self.error(f"unknown scoring code {key!r}", 5)
                    break
                self.scoring[target] = number

    def read_bb_scoring(self, code: str, line: str) -> None:
        number = self.decimal(line[4:], 5, code)
        if number is not None:
            self.scoring[_BB_FIELDS[code]] = number

    def read_162(self, line: str) -> None:
        padded = line.rstrip()
        for start in range(5, len(padded), 9):
            symbol = padded[start:start + 1].upper()
            if not symbol.strip():
                continue
            number = self.decimal(padded[start + 1:start + 5], start + 2, f"162 {symbol}")
            target = _162_FIELDS.get(symbol)
            if target is None:
                self.error(f"scoring symbol: expected W D L A P X, got {symbol!r}", start + 1)
                continue
            if number is not None:
                for name in target:
                    self.scoring[name] = number

    def read_xxa(self, line: str) -> None:
        tpn = self.integer(line[4:8], 5, "pairing number")
        if tpn is None:
            self.error("XXA: expected a pairing number in columns 5-8", 5)
            return
        values = self.t.accelerations.setdefault(tpn, {})
        rnd = 1
        for start in range(9, len(line), 5):
            number = self.decimal(line[start:start + 4], start + 1, f"round {rnd} virtual points")
            if number:
                values[rnd] = number
            rnd += 1

    def read_250(self, line: str) -> None:
        padded = line.ljust(31)
        points = self.decimal(padded[9:13], 10, "virtual points")
        first_round = self.integer(padded[14:17], 15, "first round")
        last_round = self.integer(padded[18:21], 19, "last round")
        first = self.integer(padded[22:26], 23, "first pairing number")
        last = self.integer(padded[27:31], 28, "last pairing number")
        if None in (points, first_round, last_round, first, last):
            self.error("250: expected 'MMMM GGGG RRF RRL PPPF PPPL'", 5)
            return
        assert points is not None and first_round and last_round and first and last
        for tpn in range(first, last + 1):
            for rnd in range(first_round, last_round + 1):
                if points:
                    self.t.accelerations.setdefault(tpn, {})[rnd] = points

    def read_xxp(self, line: str) -> None:
        ids = [self.integer(tok, 5, "pairing number") for tok in line[3:].split()]
        players = tuple(i for i in ids if i is not None)
        if len(players) < 2:
            self.error("XXP: expected at least two pairing numbers", 5)
            return
        self.t.forbidden_pairs.append(ForbiddenPairs(players))

    def read_260(self, line: str) -> None:
        tokens = line[3:].split()
        numbers = [self.integer(tok, 5, "260") for tok in tokens]
        if len(numbers) < 4 or None in numbers:
            self.error("260: expected 'RRF RRL PPPP PPPP ...'", 5)
            return
        first, last, *players = [n for n in numbers if n is not None]
        self.t.forbidden_pairs.append(ForbiddenPairs(tuple(players), first, last))

    def read_240(self, line: str) -> None:
        kind = line[4:5].upper()
        result = {"F": Result.FULL_BYE, "H": Result.HALF_BYE, "Z": Result.ZERO_BYE}.get(kind)
        if result is None:
            self.error(f"bye type: expected F, H or Z, got {kind!r}", 5)
            return
        rnd = self.integer(line[6:9], 7, "round")
        if rnd is None:
            self.error("240: expected a round number in columns 7-9", 7)
            return
        for index, token in enumerate(line[9:].split()):
            tpn = self.integer(token, 11 + 5 * index, "pairing number")
            if tpn is not None:
                self.pending_byes.append((rnd, result, tpn, self.lineno))

    def read_xxz(self, line: str) -> None:
        for token in line[3:].split():
            tpn = self.integer(token, 5, "pairing number")
            if tpn is not None:
                self.absent_next.append((tpn, self.lineno))

    # -- driver ------------------------------------------------------------
    def feed(self, lines: Iterable[str]) -> None:
        handlers: dict[str, Callable[[str], None]] = {
            "001": self.read_player,
            "142": self.read_rounds,
            "XXR": self.read_rounds,
            "152": self.read_initial_colour,
            "XXC": self.read_xxc,
            "XXS": self.read_xxs,
            "162": self.read_162,
            "XXA": self.read_xxa,
            "250": self.read_250,
            "XXP": self.read_xxp,
            "260": self.read_260,
            "240": self.read_240,
            "XXZ": self.read_xxz,
        }
        for self.lineno, raw in enumerate(lines, start=1):
            line = raw.rstrip("\r\n")
            if "\r" in line:
                line = line.replace("\r", "")
            self.code = ""
            if not line.strip():
                continue
            if "\x00" in line or any(ord(c) < 32 and c not in "\t" for c in line):
                self.error("binary data: not a text TRF file", 1)
                continue
            if "\t" in line:
                self.warn("tab characters replaced by spaces")
                line = line.expandtabs(8)
            code = line[:3]
            self.code = code
            if code == "###" or code.startswith("DDD") or line.startswith(("   ", "  \t")):
                continue
            if len(line) > 3 and line[3] != " ":
                self.error(f"expected a 3-character record code then a blank, got {line[:4]!r}", 4)
                continue
            handler = handlers.get(code)
            if handler is not None:
                handler(line)
            elif code == "192":
                self.t.system = line[4:].strip()
            elif code in HEADER_CODES:
                self.read_header(code, line)
            elif code in _BB_FIELDS:
                self.read_bb_scoring(code, line)
            else:
                self.t.extra_lines.append(line)
        self.code = ""

    def finish(self) -> None:
        t = self.t
        if not t.players:
            self.lineno = 0
            self.error("no participant: the file has no 001 record")
            return
        if self.scoring:
            t.scoring = Scoring(**{_XXS_FIELDS[k]: v for k, v in self.scoring.items()})
        self.apply_byes()
        self.check_numbers()
        self.check_games()
        self.check_points()

    def apply_byes(self) -> None:
        t = self.t
        nxt = t.paired_rounds + 1
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
                       f"({current.result.value!r})", line=lineno, inconsistent=True)

    def check_numbers(self) -> None:
        t = self.t
        numbers = sorted(t.players)
        if numbers != list(range(1, len(numbers) + 1)):
            missing = sorted(set(range(1, numbers[-1] + 1)) - set(numbers))
            self.code = "001"
            self.lineno = 0
            self.warn(f"pairing numbers are not contiguous (missing {missing[:10]})")

    def check_games(self) -> None:
        t = self.t
        self.code = "001"
        for tpn in sorted(t.players):
            player = t.players[tpn]
            self.lineno = self.player_lines[tpn]
            for rnd, entry in enumerate(player.results, start=1):
                if entry.opponent is None:
                    continue
                column = 92 + 10 * (rnd - 1)
                other = t.players.get(entry.opponent)
                if other is None:
                    self.error(f"round {rnd}: opponent {entry.opponent} has no 001 record", column,
                               inconsistent=True)
                    continue
                mirror = other.result(rnd)
                if mirror.opponent != tpn:
                    where = f"{mirror.opponent}" if mirror.opponent else "no opponent"
                    self.error(f"round {rnd}: game against {entry.opponent} is not recorded on their "
                               f"line (it shows {where})", column, inconsistent=True)
                    continue
                if entry.result.is_played != mirror.result.is_played or \
                        entry.result.is_forfeit != mirror.result.is_forfeit:
                    self.error(f"round {rnd}: result {entry.result.value!r} against {entry.opponent} "
                               f"contradicts their {mirror.result.value!r}", column + 7, inconsistent=True)
                    continue
                if entry.played and (entry.colour is mirror.colour):
                    self.error(f"round {rnd}: both {tpn} and {entry.opponent} have colour "
                               f"{entry.colour.value!r}", column + 5, inconsistent=True)
                    continue
                if entry.result.outcome is Outcome.WIN and mirror.result.outcome is not Outcome.LOSS:
                    self.error(f"round {rnd}: {tpn} won against {entry.opponent} but the opponent's "
                               f"result is {mirror.result.value!r}", column + 7, inconsistent=True)

    def check_points(self) -> None:
        t = self.t
        self.code = "001"
        paired = t.paired_rounds
        for tpn in sorted(t.players):
            player = t.players[tpn]
            if player.points is None:
                continue
            self.lineno = self.player_lines[tpn]
            played = t.score(tpn, paired)
            total = t.score(tpn)
            extra = sum(t.accelerations.get(tpn, {}).values(), Fraction(0))
            if player.points in (played, total, played + extra, total + extra):
                continue
            if extra == 0:
                current = sum(v for r, v in t.accelerations.get(tpn, {}).items() if r <= paired + 1)
                if player.points in (played + current, total + current):
                    continue
            self.error(f"points {_fmt(player.points)} do not match the results ({_fmt(played)})", 81,
                       inconsistent=True)


_XXS_FIELDS = {
    "WW": "win", "BW": "black_win", "WD": "draw", "BD": "black_draw", "WL": "loss", "BL": "black_loss",
    "ZPB": "zero_bye", "HPB": "half_bye", "FPB": "full_bye", "PAB": "pab", "FW": "forfeit_win",
    "FL": "forfeit_loss",
}
_BB_FIELDS = {"BBW": "WW", "BBD": "WD", "BBL": "WL", "BBZ": "ZPB", "BBF": "FL", "BBU": "PAB"}
_162_FIELDS = {
    "W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB"), "L": ("WL", "BL"), "A": ("ZPB", "FL"),
    "P": ("PAB",), "X": (),
}


def _fmt(value: Fraction) -> str:
    return f"{float(value):.1f}" if value.denominator <= 2 else str(value)


def read(handle: TextIO, *, source: str | None = None, lenient: bool = False) -> TRFReadResult:
    """Read a TRF from an open text handle.

    :param source: the name used in messages (default: the handle's ``name``).
    :param lenient: collect problems in ``errors`` instead of raising.
    :raises: :exc:`~swisspair.errors.TRFError` (strict mode) on the first problem.
    """
    name = source or str(getattr(handle, "name", "<stream>"))
    reader = _Reader(name, lenient)
    reader.feed(handle)
    reader.finish()
    return TRFReadResult(reader.t, reader.warnings, reader.errors)


def loads(text: str, *, source: str = "<string>", lenient: bool = False) -> TRFReadResult:
    """Read a TRF from a string (see :func:`read`)."""
    reader = _Reader(source, lenient)
    reader.feed(text.splitlines())
    reader.finish()
    return TRFReadResult(reader.t, reader.warnings, reader.errors)


def decode(data: bytes, source: str) -> tuple[str, list[Diagnostic]]:
    """Turn the bytes of a file into text: UTF-8 (with or without BOM), else latin-1.

    :raises: :exc:`~swisspair.errors.TRFError` for binary data or an empty file.
    """
    notes: list[Diagnostic] = []
    if not data.strip():
        raise TRFError("empty file: expected TRF records", Location(source, 1))
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise TRFError("binary data (NUL byte): not a text TRF file", Location(source, line))
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
        notes.append(Diagnostic("byte-order mark ignored", Location(source, 1)))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        text = data.decode("latin-1")
        notes.append(Diagnostic("not UTF-8; read as latin-1", Location(source, line)))
    if "\r" in text and "\n" not in text:
        text = text.replace("\r", "\n")
    return text, notes


def load(path: str | Path, *, lenient: bool = False) -> TRFReadResult:
    """Read the TRF file at ``path``, whatever its encoding and line ends.

    :raises: :exc:`~swisspair.errors.TRFError` on a problem (strict mode), or when
        the file cannot be opened.
    """
    source = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise TRFError(f"cannot read file: {exc.strerror}", Location(source)) from exc
    text, notes = decode(data, source)
    result = loads(text, source=source, lenient=lenient)
    result.warnings[:0] = notes
    return result
