"""Direct encounter (FIDE C.07 (2026) art. 6) and the 1992 first-place rule (FIDE Dutch system, 1992 rules, F 10).

DE is a type-A tie-break: it looks only at the games among the participants
still tied.

* 6.1: each tied participant's points against the others form a mini-table;
  forfeits are left out unless ``/P`` (6.1.1); repeated games are averaged
  (6.1.2).
* 6.2: if everyone met everyone, the mini-table decides; participants still
  tied are separated by applying art. 6 again among themselves.
* 6.3: otherwise (a Swiss), a participant who stays alone at the top of the
  mini-table *whatever the results of the missing games* is placed first,
  then the same for the next place, and so on; art. 6 is then applied again
  to those still tied.

As in the reference tool, "whatever the missing games" is tested by
comparing the next participant's mini-table points with the highest total
any participant below could still reach (a missing game counted as a win),
and the recursion stops after 30 levels.

``DE1`` applies DE to the group competing for first place only (Czech 1992
translation of the FIDE Swiss rules, F 10: "for the 1st place: the best
results in the games played among them; [then] the highest average rating
of opponents; drawing of lots").
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.values import GroupSplit

__all__ = ["direct_encounter", "direct_encounter_first", "mini_table", "split_by_encounters"]

_NOTHING = (Fraction(0), 0)

MAX_DEPTH = 30
"""Levels of re-application of art. 6 (the reference tool stops after 30)."""


def mini_table(
    ctx: Context, d: Descriptor, group: Sequence[int], score: str | None = None
) -> dict[int, tuple[Fraction, int]]:
    """For each member: (points against the other members, number of them met) (6.1).

    A repeated pairing counts once, with the average of its results (6.1.2).
    """
    event = ctx.event
    name = score or ctx.score_name(d)
    members = set(group)
    rr = ctx.round_robin(d)
    table: dict[int, tuple[Fraction, int]] = {}
    for cid in group:
        if members.isdisjoint(event.opponents(cid)):  # met none of them (most of a large tied group)
            table[cid] = _NOTHING
            continue
        results: dict[int, list[Fraction]] = {}
        for rec in event.competitors[cid].rounds:
            if rec.opponent is None or rec.opponent not in members or rec.opponent == cid:
                continue
            if not (rec.played or d.forfeits_played or (rr and rec.kind.is_forfeit)):
                continue
            results.setdefault(rec.opponent, []).append(rec.points[name])
        total = sum((sum(v, Fraction(0)) / len(v) for v in results.values()), Fraction(0))
        table[cid] = (total, len(results))
    return table


def split_by_encounters(
    ctx: Context,
    d: Descriptor,
    group: Sequence[int],
    score: str | None = None,
    notes: dict[int, str] | None = None,
) -> list[list[int]]:
    """One application of art. 6 to ``group``: its ordered sub-groups (6.2 or 6.3)."""
    event = ctx.event
    name = score or ctx.score_name(d)
    table = mini_table(ctx, d, group, name)
    others = len(group) - 1
    complete = ctx.round_robin(d) or all(met == others for _, met in table.values())
    win = event.win[name]
    if complete:
        order = sorted(group, key=lambda c: (-table[c][0], c))
        parts: list[list[int]] = []
        for cid in order:
            if parts and table[parts[-1][0]][0] == table[cid][0]:
                parts[-1].append(cid)
            else:
                parts.append([cid])
        if notes is not None:
            for cid in group:
                notes[cid] = f"{_f(table[cid][0])} in the mini-table"
        return parts
    if all(entry is _NOTHING for entry in table.values()) and others * win >= 0:
        # nobody met another: nobody stays alone at the top whatever the missing games
        if notes is not None:
            notes.update(dict.fromkeys(group, f"0 in the mini-table, at most {_f(others * win)}"))
        return [sorted(group)]
    wins = {missing: missing * win for missing in {others - met for _, met in table.values()}}
    best = {c: table[c][0] + wins[others - table[c][1]] for c in group}
    # highest mini-table points first, then the highest reachable, then the lowest number (a stable sort)
    order = sorted(sorted(group), key=lambda c: (table[c][0], best[c]), reverse=True)
    highest_below = list(itertools.accumulate(reversed([best[c] for c in order]), max))[::-1]
    parts = [[order[0]]]
    for i in range(1, len(order)):
        if table[order[i - 1]][0] > highest_below[i]:
            parts.append([order[i]])
        else:  # the first participant not alone at the top: the rest stay tied
            parts[-1].extend(order[i:])
            break
    if notes is not None:
        for cid in group:
            notes[cid] = f"{_f(table[cid][0])} in the mini-table, at most {_f(best[cid])}"
    return parts


def _recurse(
    ctx: Context, d: Descriptor, group: list[int], depth: int, score: str | None, notes: dict[int, str]
) -> list[list[int]]:
    if len(group) < 2 or depth > MAX_DEPTH:
        return [group]
    parts = split_by_encounters(ctx, d, group, score, notes)
    if len(parts) == 1:
        return [group]
    out: list[list[int]] = []
    for part in parts:
        out.extend(_recurse(ctx, d, part, depth + 1, score, notes))
    return out


def direct_encounter(ctx: Context, d: Descriptor, group: Sequence[int], place: int = 1) -> GroupSplit:
    """DE: split a tied group by the games among its members (FIDE C.07 (2026) art. 6)."""
    notes: dict[int, str] = {}
    parts = _recurse(ctx, d, list(group), 1, None, notes)
    return GroupSplit(tuple(tuple(p) for p in parts), notes)


def direct_encounter_first(ctx: Context, d: Descriptor, group: Sequence[int], place: int = 1) -> GroupSplit:
    """DE1: direct encounter for the group tied for first place only (FIDE Dutch system, 1992 rules, F 10).

    ``place`` is the best place the group competes for; groups that do not
    compete for place 1 are left as they are.
    """
    if place != 1:
        return GroupSplit((tuple(group),))
    return direct_encounter(ctx, d, group)


def _f(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
