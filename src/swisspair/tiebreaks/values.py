"""What a tie-break computes: a value with its terms (types B, C, D) or a tied group split (type A),
FIDE C.07 (2026) 4.3.

*Value* tie-breaks give every participant a number that does not depend on who else is tied
(``BH``, ``SB``, ``ARO`` ...): a :class:`TieBreakValue` made of :class:`Term`. *Group* tie-breaks
(``DE``, ``EDE`` and the team knock-out criteria) are computed among the participants still tied
and split that group into an ordered list of sub-groups: a :class:`GroupSplit`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction


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


class TieBreakValue:
    """The value of a value tie-break for one participant, with its terms.

    Immutable. The terms may be given as a function that builds them: they are then built the first time
    they are read (the per-player detail), not when a table is only ranked.
    """

    __slots__ = ("value", "_terms", "note", "demoted", "_of")
    __match_args__ = ("value", "terms", "note", "demoted")

    value: Fraction | None
    """The value; ``None`` when it cannot be computed (no opponent, etc.)."""
    _terms: tuple[Term, ...] | Callable[[], tuple[Term, ...]] | Callable[[int], tuple[Term, ...]]
    _of: int | None
    """For terms made by a function shared by every participant (:func:`plain_value`): whose they are."""
    note: str
    """A remark on the whole value (rounding, rule applied)."""
    demoted: bool
    """Ranked below every participant that is not demoted, whatever the value (FIDE C.02 (2009) 13.14.1)."""

    def __init__(self, value: Fraction | None, terms: tuple[Term, ...] | Callable[[], tuple[Term, ...]] = (),
                 note: str = "", demoted: bool = False) -> None:
        _SET_VALUE(self, value)
        _SET_TERMS(self, terms)
        _SET_NOTE(self, note)
        _SET_DEMOTED(self, demoted)
        _SET_OF(self, None)

    @property
    def terms(self) -> tuple[Term, ...]:
        """The contributions, in round order."""
        terms = self._terms
        if callable(terms):
            of = self._of
            built = tuple(terms() if of is None else terms(of))  # type: ignore[call-arg]
            _SET_TERMS(self, built)
            return built
        return terms

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def _key(self) -> tuple[object, ...]:
        return (self.value, self.terms, self.note, self.demoted)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"TieBreakValue(value={self.value!r}, terms={self.terms!r}, note={self.note!r}, "
                f"demoted={self.demoted!r})")

    def __reduce__(self) -> tuple[object, ...]:
        return (TieBreakValue, self._key())


# The slots' own setters: ``object.__setattr__`` by name costs twice as much, and a table of 3000
# participants makes a value per participant and tie-break.
_SET_VALUE, _SET_TERMS, _SET_NOTE, _SET_DEMOTED, _SET_OF = (TieBreakValue.__dict__[name].__set__
                                                            for name in ("value", "_terms", "note", "demoted", "_of"))
_NEW = object.__new__


def plain_value(value: Fraction | None, terms_of: Callable[[int], tuple[Term, ...]], of: int) -> TieBreakValue:
    """``TieBreakValue(value, lambda: terms_of(of))`` (no note, not demoted), made without ``__init__`` and
    without a function per participant: a tie-break makes one value per participant, and its terms are
    rarely read."""
    tv: TieBreakValue = _NEW(TieBreakValue)
    _SET_VALUE(tv, value)
    _SET_TERMS(tv, terms_of)
    _SET_NOTE(tv, "")
    _SET_DEMOTED(tv, False)
    _SET_OF(tv, of)
    return tv


def tied_runs(ordered: Sequence[int], key: Callable[[int], object]) -> list[list[int]]:
    """``ordered`` cut into runs of equal ``key``: the participants still tied (C.07 (2026) 4.2).

    >>> tied_runs([1, 2, 3, 4], lambda c: c // 2)
    [[1], [2, 3], [4]]
    """
    runs: list[list[int]] = []
    last: object = None
    for cid in ordered:
        k = key(cid)
        if runs and last == k:
            runs[-1].append(cid)
        else:
            runs.append([cid])
            last = k
    return runs


@dataclass(frozen=True, slots=True)
class GroupSplit:
    """What a group tie-break (type A) made of one tied group."""

    parts: tuple[tuple[int, ...], ...]
    """The group split into ordered sub-groups; one part: nothing separated."""
    notes: Mapping[int, str] = field(default_factory=dict)
    """Per-participant explanation (mini-table points, the step that decided)."""
