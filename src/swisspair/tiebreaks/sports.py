"""Score-based criteria of an "any sport" Swiss (Swiss for any sport (3-1-0, score difference), rule 6; rules 7-8).

Rule 6 of that text ranks teams level on points by the goal difference,
then the goals scored, then the difference of a second score pair over all
matches played, then that second score scored, then the higher place in the
rating list. Rule 8 uses the same criteria for the final standings.

Chess results carry no such scores, so they are supplied per match:
:attr:`Event.match_scores <swisspair.tiebreaks.event.Event.match_scores>` maps (participant, round) to (for, against) and
optionally a second pair. Team events built by
:func:`swisspair.tiebreaks.team.standings_event` fill it with game points for and
against. Rounds without data contribute nothing.

* SD: sum of (for - against); SF: sum of for;
* SD2, SF2: the same on the second pair.

The last criterion, the rating-list place, is ``TPN`` when the pairing
numbers follow the rating list.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TextIO

from swisspair.errors import InvalidTieBreakError
from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.values import Term, TieBreakValue

__all__ = ["MatchScore", "read_match_scores", "score_difference", "scores_for", "second_difference",
           "second_for"]


@dataclass(frozen=True, slots=True)
class MatchScore:
    """The scores of one participant in one round's match (goals, game points...)."""

    scored: Fraction
    """Scored ("for")."""
    conceded: Fraction
    """Conceded ("against")."""
    scored2: Fraction | None = None
    """Second pair, scored (rule 6: the third criterion's measure)."""
    conceded2: Fraction | None = None
    """Second pair, conceded."""


def read_match_scores(source: str | Path | TextIO) -> dict[tuple[int, int], MatchScore]:
    """Read ``round,tpn,for,against[,for2,against2]`` CSV lines (a header line is allowed).

    :raises: :exc:`~swisspair.errors.InvalidTieBreakError` for a bad line.
    """
    if isinstance(source, (str, Path)):
        with open(source, newline="", encoding="utf-8") as handle:
            return read_match_scores(handle)
    out: dict[tuple[int, int], MatchScore] = {}
    for lineno, row in enumerate(csv.reader(source), start=1):
        cells = [c.strip() for c in row]
        if not cells or not any(cells) or cells[0].startswith("#"):
            continue
        if lineno == 1 and not cells[0].lstrip("-").isdigit():
            continue
        if len(cells) not in (4, 6):
            raise InvalidTieBreakError(f"match scores line {lineno}: expected round,tpn,for,against[,for2,against2]")
        try:
            rnd, tpn = int(cells[0]), int(cells[1])
            values = [Fraction(c) for c in cells[2:]]
        except ValueError as exc:
            raise InvalidTieBreakError(f"match scores line {lineno}: {exc}") from exc
        second = (values[2], values[3]) if len(values) == 4 else (None, None)
        out[(tpn, rnd)] = MatchScore(values[0], values[1], *second)
    return out


def _scores(ctx: Context) -> Mapping[tuple[int, int], MatchScore]:
    scores: Mapping[tuple[int, int], MatchScore] | None = ctx.event.match_scores
    if scores is None:
        raise InvalidTieBreakError("score-based criteria (SD, SF, SD2, SF2) need match scores "
                                   "(--scores FILE.csv, or a team event)")
    return scores


def _sum(ctx: Context, pick: str) -> dict[int, TieBreakValue]:
    scores = _scores(ctx)
    out: dict[int, TieBreakValue] = {}
    for comp in ctx.event:
        terms = []
        for rec in comp.rounds:
            s = scores.get((comp.id, rec.round))
            if s is None:
                continue
            if pick in ("SD", "SF"):
                scored, conceded = s.scored, s.conceded
            elif s.scored2 is None or s.conceded2 is None:
                continue
            else:
                scored, conceded = s.scored2, s.conceded2
            if pick in ("SD", "SD2"):
                value, note = scored - conceded, f"{_f(scored)}-{_f(conceded)}"
            else:
                value, note = scored, f"{_f(scored)} scored"
            terms.append(Term(rec.round, rec.opponent, value, note))
        out[comp.id] = TieBreakValue(sum((t.value for t in terms), Fraction(0)), tuple(terms))
    return out


def score_difference(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """SD: the sum of (scored - conceded) over the matches (rule 6, first criterion)."""
    return _sum(ctx, "SD")


def scores_for(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """SF: the sum of scores for (rule 6, second criterion)."""
    return _sum(ctx, "SF")


def second_difference(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """SD2: the difference of the second score pair over all matches played (rule 6, third)."""
    return _sum(ctx, "SD2")


def second_for(ctx: Context, d: Descriptor) -> dict[int, TieBreakValue]:
    """SF2: the second score scored (rule 6, fourth criterion)."""
    return _sum(ctx, "SF2")


def _f(value: Fraction | None) -> str:
    if value is None:
        return "-"
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
