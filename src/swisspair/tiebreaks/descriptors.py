"""Tie-break descriptors: an acronym and its modifiers (FIDE C.07 (2026) art. 14).

A tie-break is named by its FIDE acronym and an optional list of modifiers,
the *descriptor* of FIDE C.07 (2026) art. 14 and of TRF26 records 202/212
(``BH/C1``, ``SB/C1/P``, ``KS/L+1``, ``BH:GP/M2``). :class:`Descriptor`
parses and prints one; :func:`parse_list` reads a list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from swisspair.errors import InvalidTieBreakError
from swisspair.tiebreaks.editions import Edition
from swisspair.tiebreaks.registry import TieBreakSpec, find_tiebreak


_NAME_RE = re.compile(r"^([A-Z][A-Z0-9_]*)(?:@(\d+))?(?::([A-Z]{2}))?$")
_MOD_RE = re.compile(
    r"^(?:(?P<cm>[CM])(?P<n>\d+|\*)"
    r"|L(?P<lsign>[+-])(?P<lsteps>\d+(?:\.\d+)?|\*)"
    r"|L(?P<lpct>\d+(?:\.\d+)?)"
    r"|K(?P<k>\d+(?:\.\d+)?)"
    r"|U(?P<u>\d+)"
    r"|G(?P<g>\d+)"
    r"|V(?P<v>\d+|NONE)"
    r"|(?P<flag>[PFRESO]))$"
)


@dataclass(frozen=True, slots=True)
class Descriptor:
    """One entry of a tie-break list, e.g. ``BH/C1`` or ``EMGSB/C1/P`` (C.07 (2026) art. 14).

    Build it with :meth:`parse`; ``str()`` gives the canonical spelling.
    """

    name: str
    """The acronym, upper case, after aliases are resolved (``GE`` -> ``REP``)."""
    score: str | None = None
    """``MP`` or ``GP`` (teams: which score the tie-break is computed on), ``None``: the primary."""
    cut_low: int = 0
    """How many least significant values are cut (``/C1``, ``/C2``; ``/M1`` sets 1)."""
    cut_high: int = 0
    """How many most significant values are cut (``/M1``, ``/M2``)."""
    limit_steps: Fraction = Fraction(0)
    """Koya limit shift in draw-point steps (``/L+1`` = +1, ``/L-1`` = -1), C.07 (2026) 14.5."""
    limit_points: Fraction | None = None
    """Koya limit shift in points when written with a decimal point (``/L+1.0``)."""
    limit_percent: Fraction | None = None
    """Koya threshold as a percentage of the maximum (``/L60``); default 50."""
    factor: Fraction | None = None
    """SSSC normalising factor (``/Kx``), C.07 (2026) 13.4."""
    unrated_rating: int | None = None
    """Rating given to unrated participants (``/Unnnn``), C.07 (2026) art. 10."""
    few_games: int | None = None
    """``/Gn``: participants who played at most ``n`` games rank below all others (FIDE C.02 (2009) 13.14.1)."""
    forfeits_played: bool = False
    """``/P``: forfeits count as played games against the scheduled opponent."""
    fore: bool = False
    """``/F``: use Fore Buchholz instead of Buchholz (AOB, SSSC)."""
    reverse: bool = False
    """``/R``: reverse the natural order (TPN, RTNG)."""
    exact: bool = False
    """``/E``: no rounding (JAHR, AOB, SSSC, APRO, APPO: exact averages)."""
    swiss: bool = False
    """``/S``: treat the event as a Swiss even if it looks like a round robin."""
    otb_only: bool = False
    """``/O``: count only games played over the board (KS in a Swiss: the reading of C.07 art. 16
    that the reference tool does not follow, see docs/tiebreaks.md)."""
    edition: Edition | None = None
    """``/V2024`` etc.: compute this tie-break under another edition."""
    text: str = ""
    """The descriptor exactly as given (used for column headings)."""

    @classmethod
    def parse(cls, text: str) -> Descriptor:
        """Read a descriptor (case-insensitive).

        >>> Descriptor.parse("bh/c1")
        Descriptor.parse('BH/C1')
        >>> Descriptor.parse("BH:GP/M2").cut_high
        2

        :raises: :exc:`InvalidTieBreakError` for bad syntax, an unknown acronym or a
            modifier the tie-break does not take.
        """
        raw = text.strip()
        if not raw:
            raise InvalidTieBreakError("empty tie-break descriptor")
        parts = re.split(r"[/!#]", raw.upper())
        head = parts[0].strip()
        match = _NAME_RE.match(head)
        if match is None:
            raise InvalidTieBreakError(f"{raw}: expected ACRONYM[:MP|:GP][/modifier...]")
        acronym, _year, score = match.groups()
        spec = find_tiebreak(acronym)
        kwargs: dict[str, Any] = {"name": spec.acronym, "text": raw}
        if score is not None:
            if score not in ("MP", "GP"):
                raise InvalidTieBreakError(f"{raw}: score must be MP or GP, got {score!r}")
            kwargs["score"] = score
        for part in parts[1:]:
            kwargs.update(_modifier(raw, spec, part.strip()))
        return cls(**kwargs)

    @property
    def spec(self) -> TieBreakSpec:
        """The registry entry of :attr:`name`."""
        return find_tiebreak(self.name)

    @property
    def canonical(self) -> str:
        """The normalised spelling: acronym, score, then modifiers in a fixed order."""
        out = self.name + (f":{self.score}" if self.score else "")
        if self.cut_low and self.cut_low == self.cut_high:
            out += f"/M{self.cut_low}"
        else:
            if self.cut_low:
                out += f"/C{self.cut_low}"
            if self.cut_high:
                out += f"/H{self.cut_high}"
        if self.limit_steps:
            out += f"/L{'+' if self.limit_steps > 0 else '-'}{_num(abs(self.limit_steps))}"
        if self.limit_points is not None:
            sign = "+" if self.limit_points >= 0 else "-"
            out += f"/L{sign}{float(abs(self.limit_points)):.1f}"
        if self.limit_percent is not None:
            out += f"/L{_num(self.limit_percent)}"
        if self.factor is not None:
            out += f"/K{_num(self.factor)}"
        if self.unrated_rating is not None:
            out += f"/U{self.unrated_rating}"
        if self.few_games is not None:
            out += f"/G{self.few_games}"
        for flag, name in _FLAG_FIELDS.items():
            if getattr(self, name):
                out += f"/{flag}"
        if self.edition is not None:
            out += f"/V{self.edition.value.upper()}"
        return out

    @property
    def label(self) -> str:
        """The heading to show: the text as given, else the canonical form."""
        return self.text or self.canonical

    def __str__(self) -> str:
        return self.canonical

    def __repr__(self) -> str:
        return f"Descriptor.parse({self.canonical!r})"


_FLAG_FIELDS = {"P": "forfeits_played", "F": "fore", "R": "reverse", "E": "exact", "S": "swiss", "O": "otb_only"}
_UNIVERSAL_MODIFIERS = frozenset("VS")


def _modifier(raw: str, spec: TieBreakSpec, mod: str) -> dict[str, Any]:
    """The fields that modifier ``mod`` of descriptor ``raw`` sets (C.07 (2026) art. 14).

    :raises: :exc:`InvalidTieBreakError` for an unknown modifier, one ``spec`` does not take, or a
        ``*`` outside a list.
    """
    m = _MOD_RE.match(mod)
    if m is None:
        raise InvalidTieBreakError(f"{raw}: unknown modifier {mod!r}")
    letter = mod[0]
    if letter not in spec.modifiers and letter not in _UNIVERSAL_MODIFIERS:
        raise InvalidTieBreakError(f"{raw}: modifier {letter!r} does not apply to {spec.acronym}")
    if m.group("cm"):
        if m.group("n") == "*":
            raise InvalidTieBreakError(f"{raw}: '*' is only allowed in a list (see parse_list)")
        n = int(m.group("n"))
        return {"cut_low": n} if m.group("cm") == "C" else {"cut_low": n, "cut_high": n}
    if m.group("lsign"):
        steps = m.group("lsteps")
        if steps == "*":
            raise InvalidTieBreakError(f"{raw}: '*' is only allowed in a list (see parse_list)")
        sign = -1 if m.group("lsign") == "-" else 1
        return {"limit_points" if "." in steps else "limit_steps": sign * Fraction(steps)}
    if m.group("lpct"):
        return {"limit_percent": Fraction(m.group("lpct"))}
    if m.group("k"):
        factor = Fraction(m.group("k"))
        if factor == 0:
            raise InvalidTieBreakError(f"{raw}: the factor must not be 0")
        return {"factor": factor}
    if m.group("u"):
        return {"unrated_rating": int(m.group("u"))}
    if m.group("g"):
        return {"few_games": int(m.group("g"))}
    if m.group("v"):
        return {"edition": Edition.parse(m.group("v"))}
    return {_FLAG_FIELDS[m.group("flag")]: True}


def _num(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def parse_list(text: str | Sequence[str], rounds: int | None = None) -> list[Descriptor]:
    """Read a comma-separated tie-break list (``"BH/C1,BH,SB,DE"``).

    A ``*`` in a cut or limit expands to the chain of FIDE Swiss rules 1987-89 art. 16 and
    FIDE C.02 (2009) 13.6.2: ``PS/C*`` gives ``PS, PS/C1, ... PS/C(rounds-1)``,
    ``SRO/C*`` gives ``SRO/C1 ... SRO/C(rounds-1)``, ``KS/L-*`` gives
    ``KS, KS/L-1, ...`` down to a limit of one draw's points.

    :raises: :exc:`InvalidTieBreakError` for a bad entry, or a ``*`` without ``rounds``.
    """
    items = [s for s in (text.split(",") if isinstance(text, str) else text)]
    result: list[Descriptor] = []
    for item in items:
        item = item.strip()
        if not item:
            continue
        if "*" not in item:
            result.append(Descriptor.parse(item))
            continue
        if rounds is None:
            raise InvalidTieBreakError(f"{item}: '*' needs the number of rounds")
        head, _, _ = item.upper().partition("*")
        if re.search(r"/C\*$", item.upper()):
            base = item[: -3]
            start = 1 if head.split("/")[0].split(":")[0] == "SRO" else 0
            for n in range(start, max(rounds, 1)):
                result.append(Descriptor.parse(base if n == 0 else f"{base}/C{n}"))
        elif re.search(r"/L[+-]\*$", item.upper()):
            base = item[: -4]
            sign = item[-2]
            result.append(Descriptor.parse(base))
            steps = rounds if sign == "-" else rounds
            for n in range(1, steps + 1):
                result.append(Descriptor.parse(f"{base}/L{sign}{n}"))
        else:
            raise InvalidTieBreakError(f"{item}: '*' is allowed only as /C* or /L+* or /L-*")
    return result
