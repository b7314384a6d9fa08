"""Tie-break foundations: editions, descriptors, the event view and the registry.

A tie-break is named by its FIDE acronym and an optional list of modifiers,
the *descriptor* of FIDE C.07 (2026) art. 14 and of TRF26 records 202/212
(``BH/C1``, ``SB/C1/P``, ``KS/L+1``, ``BH:GP/M2``). :class:`Descriptor`
parses and prints them.

Two kinds of tie-break exist (C.07 (2026) 4.3):

* *value* tie-breaks (types B, C, D and their combinations) give every
  participant a number that does not depend on who else is tied
  (``BH``, ``SB``, ``ARO`` ...);
* *group* tie-breaks (type A: ``DE``, ``EDE`` and the team knock-out
  criteria) are computed among the participants still tied, and split that
  group into an ordered list of sub-groups.

The registry :data:`TIEBREAKS` maps each acronym to a :class:`TieBreakSpec`
holding the dotted path of its function, imported lazily (as the pairing
registry does). Third-party tie-breaks register through the entry-point group
``swisspair.tiebreaks``: each entry point is a :class:`TieBreakSpec`.

Every computation reads an :class:`Event` (a neutral view of an individual
or team tournament: who met whom, with which points) through a
:class:`Context` that fixes the edition of the rules and caches what several
tie-breaks share.
"""

from __future__ import annotations

import enum
import importlib
import re
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, TypeVar

from swisspair.errors import InvalidTieBreakError, MissingRatingsError
from swisspair.model import Colour, Outcome, Result, RoundResult, Tournament
from swisspair.tiebreaks.rounding import exact_sum

__all__ = [
    "Context",
    "Competitor",
    "Descriptor",
    "Edition",
    "Event",
    "GroupSplit",
    "InvalidTieBreakError",
    "MissingRatingsError",
    "RoundKind",
    "RoundRecord",
    "TIEBREAKS",
    "Term",
    "TieBreakSpec",
    "TieBreakValue",
    "find_tiebreak",
    "parse_list",
    "register",
    "tied_runs",
]


# --------------------------------------------------------------------------
# editions


class Edition(enum.Enum):
    """Which text of the tie-break rules decides unplayed rounds and cuts.

    ================  =========================================================
    ``2026``          C.07 in force since 1 March 2026: dummy opponent with the
                      caps of 16.4.1/16.4.2 (the default)
    ``2024``          C.07 of August 2024: uncapped dummy, SB-C1 cuts the
                      lowest-scored opponent
    ``2023``          C.07 of 2023/April 2024: uncapped dummy, SB-C1 cuts the
                      lowest contribution
    ``2009``          C.02 art. 13.14.2 (2009-2022): the "virtual opponent";
                      opponents' unplayed games count as draws
    ``none``          no adjustment: an unplayed round is worth what was
                      scored, a bye contributes nothing
    ================  =========================================================
    """

    C07_2026 = "2026"
    C07_2024 = "2024"
    C07_2023 = "2023"
    VIRTUAL_2009 = "2009"
    NONE = "none"

    @classmethod
    def parse(cls, text: str | Edition) -> Edition:
        """The edition named ``text`` (``2026``, ``2024-08``, ``2009``, ``none``...).

        :raises: :exc:`InvalidTieBreakError` for an unknown name.
        """
        if isinstance(text, Edition):
            return text
        key = str(text).strip().lower()
        key = _EDITION_ALIASES.get(key, key)
        for edition in cls:
            if edition.value == key:
                return edition
        names = ", ".join(e.value for e in cls)
        raise InvalidTieBreakError(f"unknown tie-break edition {text!r}: expected one of {names}")

    @property
    def dummy(self) -> bool:
        """Whether own unplayed rounds count against a dummy opponent (C.07 (2023+) 16.4)."""
        return self in (Edition.C07_2026, Edition.C07_2024, Edition.C07_2023)

    def __repr__(self) -> str:
        return f"Edition.{self.name}"


_EDITION_ALIASES = {
    "2026-03": "2026", "032026": "2026", "current": "2026", "default": "2026",
    "2024-08": "2024", "082024": "2024",
    "2024-04": "2023", "042024": "2023",
    "virtual": "2009", "2009-2022": "2009", "legacy": "2009",
    "raw": "none", "unadjusted": "none",
}


# --------------------------------------------------------------------------
# descriptors


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
            mod = part.strip()
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
                if m.group("cm") == "C":
                    kwargs["cut_low"] = n
                else:
                    kwargs["cut_low"] = n
                    kwargs["cut_high"] = n
            elif m.group("lsign"):
                steps = m.group("lsteps")
                if steps == "*":
                    raise InvalidTieBreakError(f"{raw}: '*' is only allowed in a list (see parse_list)")
                sign = -1 if m.group("lsign") == "-" else 1
                if "." in steps:
                    kwargs["limit_points"] = sign * Fraction(steps)
                else:
                    kwargs["limit_steps"] = sign * Fraction(steps)
            elif m.group("lpct"):
                kwargs["limit_percent"] = Fraction(m.group("lpct"))
            elif m.group("k"):
                kwargs["factor"] = Fraction(m.group("k"))
                if kwargs["factor"] == 0:
                    raise InvalidTieBreakError(f"{raw}: the factor must not be 0")
            elif m.group("u"):
                kwargs["unrated_rating"] = int(m.group("u"))
            elif m.group("g"):
                kwargs["few_games"] = int(m.group("g"))
            elif m.group("v"):
                kwargs["edition"] = Edition.parse(m.group("v"))
            else:
                flag = m.group("flag")
                kwargs[_FLAG_FIELDS[flag]] = True
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


# --------------------------------------------------------------------------
# the event: a neutral view of individual or team results


class RoundKind(enum.Enum):
    """What happened to a participant in one round (C.07 (2026) 15-16)."""

    GAME = "game"
    """Played over the board (individual game or team match)."""
    FORFEIT_WIN = "+"
    """Won by forfeit: paired, the opponent did not appear (16.2.2)."""
    FORFEIT_LOSS = "-"
    """Lost by forfeit (16.2.4), including a double forfeit."""
    PAB = "U"
    """Pairing-allocated bye (16.2.1)."""
    FULL_BYE = "F"
    """Requested full-point bye (16.2.1)."""
    HALF_BYE = "H"
    """Requested half-point bye (16.2.3 or 16.2.5)."""
    ZERO_BYE = "Z"
    """Zero-point bye: a known absence (16.2.3 or 16.2.5)."""
    ABSENT = " "
    """No record: not paired (after a withdrawal, or a late entry), 16.1."""

    @property
    def is_vur(self) -> bool:
        """A voluntary unplayed round: a requested bye or a forfeit loss (16.1)."""
        return self in _VUR_KINDS

    @property
    def is_forfeit(self) -> bool:
        """A scheduled game not played (16.2.2, 16.2.4)."""
        return self is RoundKind.FORFEIT_WIN or self is RoundKind.FORFEIT_LOSS

    def __repr__(self) -> str:
        return f"RoundKind.{self.name}"


_VUR_KINDS = frozenset({RoundKind.FORFEIT_LOSS, RoundKind.HALF_BYE, RoundKind.ZERO_BYE, RoundKind.ABSENT})


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One participant in one round, as the tie-breaks see it."""

    round: int
    """1-based round number."""
    kind: RoundKind
    """Game, forfeit, bye or absence."""
    opponent: int | None
    """The scheduled opponent (games and forfeits), ``None`` otherwise."""
    points: Mapping[str, Fraction]
    """Points scored, by score name (``PTS`` for individuals, ``MP`` and ``GP`` for teams)."""
    colour: Colour = Colour.NONE
    """Colour of a game (individuals)."""
    outcome: Outcome = Outcome.LOSS
    """Win, draw or loss as far as the primary score goes."""
    rating_result: Fraction | None = None
    """1, 1/2 or 0 for games that count for rating-based tie-breaks (art. 10)."""
    boards: tuple[Fraction, ...] = ()
    """Teams: game points by board (board 1 first), art. 12."""

    @property
    def played(self) -> bool:
        """A game (or match) took place over the board."""
        return self.kind is RoundKind.GAME

    @property
    def is_vur(self) -> bool:
        """A voluntary unplayed round (C.07 (2026) 16.1)."""
        return self.kind.is_vur

    def score(self, name: str) -> Fraction:
        """Points for score ``name``."""
        return self.points[name]


@dataclass(slots=True)
class Competitor:
    """A participant (player or team) with its rounds."""

    id: int
    """Pairing number (TPN) or team number."""
    name: str = ""
    """Display name."""
    rating: int | None = None
    """Rating used by art. 10, ``None`` when unrated."""
    rounds: list[RoundRecord] = field(default_factory=list)
    """One record per round, round 1 first; always :attr:`Event.rounds` long."""

    def __repr__(self) -> str:
        return f"Competitor(id={self.id!r}, name={self.name!r}, rating={self.rating!r})"


@dataclass(slots=True)
class Event:
    """Everything the tie-breaks read: competitors, rounds and the point systems.

    Build one with :meth:`from_tournament` (individuals) or
    :func:`swisspair.tiebreaks.team.standings_event` (teams).
    """

    competitors: dict[int, Competitor]
    """By id."""
    rounds: int
    """Rounds taken into account (the completed rounds)."""
    scores: tuple[str, ...] = ("PTS",)
    """Score names, primary first (``("PTS",)``, ``("MP", "GP")`` or ``("GP", "MP")``)."""
    win: dict[str, Fraction] = field(default_factory=lambda: {"PTS": Fraction(1)})
    """Points of a win, by score name."""
    draw: dict[str, Fraction] = field(default_factory=lambda: {"PTS": Fraction(1, 2)})
    """Points of a draw, by score name."""
    round_robin: bool = False
    """Pre-determined pairings (C.07 (2026) 15.2): forfeits count as games, no dummy."""
    team_size: int = 1
    """Boards per match (teams)."""
    is_team: bool = False
    """A team competition (C.07 (2026) arts. 11-13)."""
    tournament: Tournament | None = None
    """The individual tournament this view was built from, if any."""
    match_scores: Mapping[tuple[int, int], Any] | None = None
    """Scores per (id, round) for the score-based criteria (:mod:`swisspair.tiebreaks.sports`)."""
    _totals: dict[tuple[int, str, int], Fraction] = field(default_factory=dict, repr=False, compare=False)

    @property
    def primary(self) -> str:
        """The score that ranks the event."""
        return self.scores[0]

    @property
    def secondary(self) -> str | None:
        """The other score of a team event (C.07 (2026) 13.1), ``None`` for individuals."""
        return self.scores[1] if len(self.scores) > 1 else None

    def __iter__(self) -> Iterator[Competitor]:
        return iter(self.competitors[i] for i in sorted(self.competitors))

    @property
    def ids(self) -> list[int]:
        """Competitor ids in ascending order."""
        return sorted(self.competitors)

    def record(self, cid: int, round_number: int) -> RoundRecord:
        """The record of ``cid`` in 1-based ``round_number``."""
        return self.competitors[cid].rounds[round_number - 1]

    def total(self, cid: int, score: str | None = None, rounds: int | None = None) -> Fraction:
        """Points of ``cid`` (``score`` defaults to the primary) after ``rounds`` rounds."""
        name = score or self.primary
        n = self.rounds if rounds is None else rounds
        key = (cid, name, n)
        cached = self._totals.get(key)
        if cached is None:
            cached = exact_sum(r.points[name] for r in self.competitors[cid].rounds[:n])
            self._totals[key] = cached
        return cached

    @classmethod
    def from_tournament(
        cls,
        tournament: Tournament,
        *,
        rounds: int | None = None,
        round_robin: bool | None = None,
    ) -> Event:
        """The view of an individual tournament.

        :param rounds: rounds to take into account; default: the last round in
            which somebody was paired (:attr:`Tournament.paired_rounds`), so that
            byes entered for a round not yet paired do not count.
        :param round_robin: pre-determined pairings; default: decided from the
            system code (``192``/``092``: ``..ROUNDROBIN``, ``BERGER..``).
        """
        n = tournament.paired_rounds if rounds is None else rounds
        if round_robin is None:
            system = (tournament.system or "").upper()
            round_robin = "ROUNDROBIN" in system or "BERGER" in system or "ROUND_ROBIN" in system
        scoring = tournament.scoring
        competitors: dict[int, Competitor] = {}
        for player in tournament:
            recs = []
            for r in range(1, n + 1):
                entry = player.result(r)
                recs.append(_record(r, entry, scoring.points(entry.result, entry.colour)))
            competitors[player.tpn] = Competitor(
                id=player.tpn, name=player.name, rating=player.rating or None, rounds=recs
            )
        return cls(
            competitors=competitors,
            rounds=n,
            scores=("PTS",),
            win={"PTS": scoring.win},
            draw={"PTS": scoring.draw},
            round_robin=bool(round_robin),
            tournament=tournament,
        )


_BYE_OF_OUTCOME = {Outcome.WIN: RoundKind.FULL_BYE, Outcome.DRAW: RoundKind.HALF_BYE}
_RATING_RESULT = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2)}
_LOST = Fraction(0)


def _record(round_number: int, entry: RoundResult, points: Fraction) -> RoundRecord:
    result = entry.result
    opponent = entry.opponent
    if result.is_played:
        if opponent is not None:
            kind = RoundKind.GAME
        else:
            kind = _BYE_OF_OUTCOME.get(result.outcome, RoundKind.ZERO_BYE)
    else:
        kind = _KIND_OF_RESULT[result]
    rating_result: Fraction | None = None
    if kind is RoundKind.GAME:
        rating_result = _RATING_RESULT.get(result.outcome, _LOST)
    return RoundRecord(
        round=round_number,
        kind=kind,
        opponent=opponent,
        points={"PTS": points},
        colour=entry.colour if kind is RoundKind.GAME else Colour.NONE,
        outcome=result.outcome,
        rating_result=rating_result,
    )


_KIND_OF_RESULT = {
    Result.FORFEIT_WIN: RoundKind.FORFEIT_WIN,
    Result.FORFEIT_LOSS: RoundKind.FORFEIT_LOSS,
    Result.PAB: RoundKind.PAB,
    Result.FULL_BYE: RoundKind.FULL_BYE,
    Result.HALF_BYE: RoundKind.HALF_BYE,
    Result.ZERO_BYE: RoundKind.ZERO_BYE,
    Result.ABSENT: RoundKind.ABSENT,
}


# --------------------------------------------------------------------------
# results of a computation


@dataclass(frozen=True, slots=True)
class Term:
    """One contribution to a tie-break value, for the per-player detail."""

    round: int | None
    """The round it comes from (``None`` for a term not tied to a round)."""
    opponent: int | None
    """The opponent (``None``: a dummy/virtual opponent, or not applicable)."""
    value: Fraction
    """What this term adds (before cuts)."""
    note: str = ""
    """How it was obtained ("dummy: own score 5, capped to 4.5 by 16.4.2")."""
    cut: bool = False
    """Removed by a Cut or Median modifier."""
    score: Fraction | None = None
    """The opponent's score behind the term (BH, SB), if any."""
    factor: Fraction | None = None
    """The multiplier (SB: the points scored in the round), if any."""
    vur: bool = False
    """From a voluntary unplayed round (C.07 (2026) 16.1)."""

    def describe(self) -> str:
        """A one-line explanation: who, what score, times what, how obtained."""
        parts = []
        if self.score is not None:
            who = f"opponent {self.opponent}" if self.opponent is not None else "no opponent"
            text = f"{who}: {_short(self.score)}"
            if self.factor is not None:
                text += f" x {_short(self.factor)}"
            parts.append(text)
        if self.note:
            parts.append(self.note if not parts else f"({self.note})")
        if self.vur:
            parts.append("[VUR]")
        return " ".join(parts)


def _short(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


@dataclass(frozen=True, slots=True)
class TieBreakValue:
    """The value of a value tie-break for one participant, with its terms."""

    value: Fraction | None
    """The value; ``None`` when it cannot be computed (no opponent, etc.)."""
    terms: tuple[Term, ...] = ()
    """The contributions, in round order."""
    note: str = ""
    """A remark on the whole value (rounding, rule applied)."""
    demoted: bool = False
    """Ranked below every participant that is not demoted, whatever the value (FIDE C.02 (2009) 13.14.1)."""


def tied_runs(ordered: Sequence[int], key: Callable[[int], object]) -> list[list[int]]:
    """``ordered`` cut into runs of equal ``key``: the participants still tied (C.07 (2026) 4.2).

    >>> tied_runs([1, 2, 3, 4], lambda c: c // 2)
    [[1], [2, 3], [4]]
    """
    runs: list[list[int]] = []
    for cid in ordered:
        if runs and key(runs[-1][0]) == key(cid):
            runs[-1].append(cid)
        else:
            runs.append([cid])
    return runs


@dataclass(frozen=True, slots=True)
class GroupSplit:
    """What a group tie-break (type A) made of one tied group."""

    parts: tuple[tuple[int, ...], ...]
    """The group split into ordered sub-groups; one part: nothing separated."""
    notes: Mapping[int, str] = field(default_factory=dict)
    """Per-participant explanation (mini-table points, the step that decided)."""


ValueFunction = Callable[["Context", Descriptor], dict[int, TieBreakValue]]
GroupFunction = Callable[["Context", Descriptor, Sequence[int], int], GroupSplit]


# --------------------------------------------------------------------------
# the computation context


_T = TypeVar("_T")


class Context:
    """An :class:`Event` seen under one :class:`Edition`, with a cache.

    With ``literal``, the regulations are read literally where the reference
    tool reads them otherwise (KS over the board only, AOB and SSSC unrounded,
    a Sonneborn-Berger cut by the lowest VUR contribution, 16.5).

    Tie-break functions receive a context and a descriptor; several of them
    share intermediate results (the adjusted scores of art. 16, the Buchholz
    of every opponent for AOB, the TPR of every opponent for APRO), which
    :meth:`memo` keeps.
    """

    def __init__(self, event: Event, edition: Edition | str = Edition.C07_2026, *, literal: bool = False) -> None:
        self.event = event
        self.edition = Edition.parse(edition)
        # Read the regulations literally where the reference tool (Gacrux) reads them otherwise:
        # KS counts games played only, AOB and SSSC are not rounded, and a Sonneborn-Berger cut
        # compares the lowest VUR *contribution* (16.5). See docs/tiebreaks.md.
        self.literal = literal
        """Read the regulations literally where the reference tool reads them otherwise."""
        self._cache: dict[Hashable, Any] = {}

    def __repr__(self) -> str:
        return (f"Context(<{len(self.event.competitors)} competitors>, edition={self.edition!r}"
                + (", literal=True)" if self.literal else ")"))

    def with_edition(self, edition: Edition | str) -> Context:
        """A context on the same event under another edition, sharing what does not depend on it."""
        other = Context(self.event, edition, literal=self.literal)
        other._cache = self._cache
        return other

    def edition_for(self, d: Descriptor) -> Edition:
        """The edition a descriptor is computed under (``/V`` overrides the context)."""
        return d.edition or self.edition

    def score_name(self, d: Descriptor | None = None) -> str:
        """The score a descriptor is computed on (``:MP``/``:GP``, else the primary)."""
        if d is not None and d.score is not None:
            if self.event.is_team:
                return d.score
            return self.event.primary
        return self.event.primary

    def round_robin(self, d: Descriptor | None = None) -> bool:
        """Pre-determined pairings, unless ``/S`` asks for Swiss handling."""
        return self.event.round_robin and not (d is not None and d.swiss)

    def memo(self, key: Hashable, compute: Callable[[], _T]) -> _T:
        """``compute()`` once per ``key``."""
        try:
            return self._cache[key]  # type: ignore[no-any-return]
        except KeyError:
            value = compute()
            self._cache[key] = value
            return value

    def values(self, d: Descriptor | str) -> dict[int, TieBreakValue]:
        """The values of value tie-break ``d`` for every competitor (cached).

        :raises: :exc:`InvalidTieBreakError` if ``d`` is a group tie-break;
            :exc:`MissingRatingsError` for a rating-based one with unrated players.
        """
        desc = Descriptor.parse(d) if isinstance(d, str) else d
        spec = desc.spec
        if spec.kind != "value":
            raise InvalidTieBreakError(f"{desc}: a group tie-break has no per-player value")
        key = ("values", desc.canonical, self.edition_for(desc) if spec.by_edition else None)
        function: ValueFunction = spec.load()
        return self.memo(key, lambda: function(self, desc))

    def split(self, d: Descriptor | str, group: Sequence[int], place: int = 1) -> GroupSplit:
        """Apply group tie-break ``d`` to the tied ``group``, which competes from ``place`` on."""
        desc = Descriptor.parse(d) if isinstance(d, str) else d
        spec = desc.spec
        if spec.kind != "group":
            raise InvalidTieBreakError(f"{desc}: not a group tie-break")
        function: GroupFunction = spec.load()
        return function(self, desc, group, place)

    def check_ratings(self, d: Descriptor) -> None:
        """Raise :exc:`MissingRatingsError` if ``d`` needs ratings that are missing (art. 10)."""
        if d.unrated_rating is not None:
            return
        unrated = [c.id for c in self.event if c.rating is None]
        if unrated:
            raise MissingRatingsError(d.label, unrated)

    def rating(self, cid: int, d: Descriptor) -> int | None:
        """The rating of ``cid`` for art. 10 (``/U`` fills in unrated participants)."""
        rating = self.event.competitors[cid].rating
        return d.unrated_rating if rating is None else rating


# --------------------------------------------------------------------------
# registry


@dataclass(frozen=True, slots=True)
class TieBreakSpec:
    """A registered tie-break: what it is and where its code lives."""

    acronym: str
    """The FIDE acronym (``BH``) or the name of a non-FIDE method (``JAHR``)."""
    name: str
    """Full name."""
    article: str
    """Where it is defined ("FIDE C.07 (2026) 8.1")."""
    path: str
    """``module:function`` of its code, imported on first use."""
    kind: Literal["value", "group"] = "value"
    """Value tie-break or group (type A) tie-break."""
    modifiers: str = ""
    """The modifier letters it takes (C, M, L, K, U, G, P, F, R, E, O)."""
    descending: bool = True
    """Higher values rank first (``False`` for TPN, BC, ...)."""
    needs_ratings: bool = False
    """Rating-based (C.07 (2026) art. 10): dropped when participants are unrated."""
    team: bool = False
    """Meant for team competitions (arts. 11-13)."""
    by_edition: bool = False
    """Its value depends on the edition (unplayed rounds, cuts); others are shared between editions."""
    aliases: tuple[str, ...] = ()
    """Other names accepted (``GE`` for ``REP``, ``SNO`` for ``TPN``)."""

    def load(self) -> Callable[..., Any]:
        """Import and return the function."""
        module_name, _, attr = self.path.partition(":")
        return getattr(importlib.import_module(module_name), attr)  # type: ignore[no-any-return]


def _s(acronym: str, name: str, article: str, path: str, **kw: Any) -> TieBreakSpec:
    return TieBreakSpec(acronym, name, article, "swisspair.tiebreaks." + path, **kw)


_C07 = "FIDE C.07 (2026)"
_BUILTIN: tuple[TieBreakSpec, ...] = (
    _s("PTS", "Points", "C.07 (2026) 11.1", "own:points"),
    _s("MP", "Match points", f"{_C07} 11.1", "own:match_points", team=True),
    _s("GP", "Game points", f"{_C07} 11.1", "own:game_points", team=True),
    _s("MPVGP", "Match points vs game points", f"{_C07} 13.1", "own:mp_v_gp", team=True),
    _s("DE", "Direct encounter", f"{_C07} 6", "direct:direct_encounter", kind="group", modifiers="P",
       descending=False),
    _s("DE1", "Direct encounter for first place only", "FIDE Dutch system, 1992 rules, F 10",
       "direct:direct_encounter_first", kind="group", modifiers="P", descending=False),
    _s("WIN", "Number of wins", f"{_C07} 7.1", "own:wins"),
    _s("WON", "Number of games won", f"{_C07} 7.2", "own:games_won"),
    _s("BPG", "Games played with Black", f"{_C07} 7.3", "own:black_games"),
    _s("BWG", "Games won with Black", f"{_C07} 7.4", "own:black_wins"),
    _s("PS", "Progressive scores", f"{_C07} 7.5; FIDE Swiss rules 1987-89 art. 16b", "progressive:progressive",
       modifiers="C"),
    _s("REP", "Rounds one elected to play", f"{_C07} 7.6", "own:rounds_elected", aliases=("GE",)),
    _s("STD", "Standard points", f"{_C07} 7.7", "own:standard_points"),
    _s("TPN", "Tournament pairing number", f"{_C07} 7.8", "own:pairing_number", modifiers="R",
       descending=False, aliases=("SNO",)),
    _s("BH", "Buchholz", f"{_C07} 8.1", "buchholz:buchholz", modifiers="CMP", by_edition=True),
    _s("AOB", "Average of opponents' Buchholz", f"{_C07} 8.2", "buchholz:average_of_buchholz",
       modifiers="FEP", by_edition=True),
    _s("FB", "Fore Buchholz", f"{_C07} 8.3", "buchholz:fore_buchholz", modifiers="CMP", by_edition=True),
    _s("SB", "Sonneborn-Berger", f"{_C07} 9.1", "sonneborn:sonneborn_berger", modifiers="CMP", by_edition=True),
    _s("KS", "Koya system", f"{_C07} 9.2; FIDE C.02 (2009) 13.6.2 (extended)", "sonneborn:koya", modifiers="LO"),
    _s("ARO", "Average rating of opponents", f"{_C07} 10.1", "ratings:average_rating", modifiers="CMUGE",
       needs_ratings=True, by_edition=True),
    _s("TPR", "Tournament performance rating", f"{_C07} 10.2", "ratings:performance", modifiers="U",
       needs_ratings=True),
    _s("PTP", "Perfect tournament performance", f"{_C07} 10.3", "ratings:perfect_performance",
       modifiers="U", needs_ratings=True),
    _s("APRO", "Average performance rating of opponents", f"{_C07} 10.4",
       "ratings:average_performance", modifiers="UE", needs_ratings=True),
    _s("APPO", "Average perfect performance of opponents", f"{_C07} 10.5",
       "ratings:average_perfect_performance", modifiers="UE", needs_ratings=True),
    _s("RTNG", "Rating", f"{_C07} 10.6", "ratings:rating", modifiers="RU", needs_ratings=True,
       aliases=("RTG",)),
    _s("SRO", "Sum of opponents' ratings", "FIDE Swiss rules 1987-89 art. 16a", "ratings:sum_of_ratings",
       modifiers="CU", needs_ratings=True),
    _s("JAHR", "10 % of the opponent's points (Jahr)", "U. Jahr, Szachy 3/1981", "jahr:jahr",
       modifiers="E"),
    _s("BC", "Board count", f"{_C07} 12.1", "team:board_count", descending=False, team=True),
    _s("TBR", "Top board results", f"{_C07} 12.2", "team:top_board", kind="group", team=True,
       descending=False),
    _s("BBE", "Bottom board elimination", f"{_C07} 12.3", "team:bottom_board", kind="group", team=True,
       descending=False),
    *(_s(acronym, name, f"{_C07} 13.2", "sonneborn:extended_sonneborn_berger", modifiers="CMP", team=True,
         by_edition=True)
      for acronym, name in (("ESB", "Extended Sonneborn-Berger"), ("EMMSB", "Extended Sonneborn-Berger (MP x MP)"),
                            ("EMGSB", "Extended Sonneborn-Berger (MP x GP)"),
                            ("EGMSB", "Extended Sonneborn-Berger (GP x MP)"),
                            ("EGGSB", "Extended Sonneborn-Berger (GP x GP)"))),
    *(_s(acronym, name, f"{_C07} 13.3", "team:extended_direct_encounter", kind="group", modifiers="P",
         descending=False, team=True)
      for acronym, name in (("EDE", "Extended direct encounter"), ("EDEBT", "EDE, then BC, then TBR"),
                            ("EDEBB", "EDE, then BC, then BBE"), ("EDET", "EDE, then TBR"),
                            ("EDEB", "EDE, then BBE"))),
    _s("SSSC", "Score and schedule strength combination", f"{_C07} 13.4", "team:sssc", modifiers="KFPE",
       team=True, by_edition=True),
    _s("SD", "Score difference", "Swiss for any sport (3-1-0, score difference), rule 6", "sports:score_difference"),
    _s("SF", "Scores for", "Swiss for any sport (3-1-0, score difference), rule 6", "sports:scores_for"),
    _s("SD2", "Second score difference", "Swiss for any sport (3-1-0, score difference), rule 6", "sports:second_difference"),
    _s("SF2", "Second scores for", "Swiss for any sport (3-1-0, score difference), rule 6", "sports:second_for"),
)

TIEBREAKS: dict[str, TieBreakSpec] = {spec.acronym: spec for spec in _BUILTIN}
"""The registry: acronym -> specification (built-ins plus entry-point plugins)."""

_ALIASES: dict[str, str] = {alias: spec.acronym for spec in _BUILTIN for alias in spec.aliases}
_plugins_loaded = False


def register(spec: TieBreakSpec) -> None:
    """Add (or replace) a tie-break in the registry."""
    TIEBREAKS[spec.acronym.upper()] = spec
    for alias in spec.aliases:
        _ALIASES[alias.upper()] = spec.acronym.upper()


def _load_plugins() -> None:
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    from importlib.metadata import entry_points

    for ep in entry_points(group="swisspair.tiebreaks"):
        spec = ep.load()
        if isinstance(spec, TieBreakSpec):
            register(spec)


def find_tiebreak(name: str) -> TieBreakSpec:
    """The specification for acronym ``name`` (case-insensitive; aliases allowed).

    >>> find_tiebreak("ge").acronym
    'REP'

    :raises: :exc:`InvalidTieBreakError` for an unknown name.
    """
    key = name.strip().upper()
    key = _ALIASES.get(key, key)
    spec = TIEBREAKS.get(key)
    if spec is None:
        _load_plugins()
        key = _ALIASES.get(key, key)
        spec = TIEBREAKS.get(key)
    if spec is None:
        raise InvalidTieBreakError(f"unknown tie-break {name!r}")
    return spec
