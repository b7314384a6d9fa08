"""The FIDE Dutch system, 1992 rules, enumerated directly in the order of the Czech text (A-F).

Written apart from the engine (:mod:`swisspair.pairing.dutch1992`): it shares nothing with it but the
model. It computes scores, colour preferences (A 7), floats (A 4, A 5), x (A 8) and the criteria
B 1-B 6 itself, lists the orders of S2 (D 1) and the exchanges (D 2) itself, and runs C 1-C 14 as
plain loops over every candidate, without pruning, so that the order in which candidates are tried
can be read off the code. ``tests/test_dutch1992_order.py`` compares it with the engine.

The readings are the ones ``docs/systems.md`` ("Dutch 1992") documents; each loop names its article.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations

from swisspair.model import Board, Colour, Result, RoundPairing, Tournament


class Move(enum.Enum):
    """A float (A 4): down for the higher score of a pair, up for the lower; the bye is down (A 5)."""

    DOWN = "down"
    UP = "up"
    NONE = "none"


Level = tuple[bool, bool, bool]
"""Relative criteria given up: (B 6, B 5 for downfloats (C 9), B 5 for upfloats (C 10))."""

LEVELS: tuple[Level, ...] = ((False, False, False), (True, False, False), (True, True, False), (True, True, True))

Pair = tuple[int, int]
Candidate = tuple[list[Pair], list[int]]
"""The pairs of a group (S1 player first) and the players it leaves to move down."""

NO_BYE_RESULTS = (Result.PAB, Result.FORFEIT_WIN, Result.FULL_BYE)
"""B 1 b: a point without playing, as the bye, by forfeit or by a requested full-point bye."""


class Text1992:
    """One round of ``t`` paired by the 1992 text."""

    def __init__(self, t: Tournament, rnd: int) -> None:
        self.t, self.rnd = t, rnd
        self.present = [tpn for tpn in sorted(t.players) if t.players[tpn].result(rnd).result is Result.ABSENT]
        self.score = {tpn: t.score(tpn, rnd - 1) for tpn in t.players}
        self.colours = {tpn: t.colour_history(tpn, rnd) for tpn in t.players}
        half = Fraction(rnd - 1) * t.scoring.win / 2
        self.free = {tpn for tpn in self.present if rnd == t.rounds and self.score[tpn] > half}
        """Note after B 6 (and A 7 a): B 2, B 5 and B 6 do not bind these players in the last round."""
        self.met = {tpn: set(t.opponents(tpn, rnd)) for tpn in t.players}
        for group in t.forbidden_pairs:
            if group.applies_to(rnd):
                for a in group.players:
                    self.met.setdefault(a, set()).update(b for b in group.players if b != a)
        self.memo: dict[object, list[Candidate] | None] = {}
        self.prefs = {tpn: self.preference(tpn) for tpn in self.present}
        self.fits: dict[tuple[int, int, Level], bool] = {}

    # -- A 2, A 7, A 8, A 4 -------------------------------------------------

    def key(self, tpn: int) -> tuple[Fraction, int]:
        """A 2: score, then the starting number."""
        return (-self.score[tpn], tpn)

    def difference(self, tpn: int) -> int:
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours[tpn])

    def twice(self, tpn: int) -> Colour:
        """The colour of the last two played games when they are equal (A 7 a)."""
        seq = self.colours[tpn]
        return seq[-1] if len(seq) > 1 and seq[-1] is seq[-2] else Colour.NONE

    def preference(self, tpn: int) -> tuple[Colour, int]:
        """A 7: the colour preference and its strength (3 absolute, 2 strong, 1 mild, 0 none).

        Not absolute for a player above 50 % in the last round (the note closing A 7 a).
        """
        diff, seq = self.difference(tpn), self.colours[tpn]
        if not seq:
            return Colour.NONE, 0
        if tpn not in self.free and (abs(diff) > 1 or self.twice(tpn) is not Colour.NONE):
            twice = self.twice(tpn)
            if twice is not Colour.NONE:
                return twice.opposite, 3      # reading: the colour B 2 b still allows
            return (Colour.WHITE if diff < 0 else Colour.BLACK), 3
        if diff:
            return (Colour.WHITE if diff < 0 else Colour.BLACK), 2
        return seq[-1].opposite, 1

    def x_of(self, group: Sequence[int]) -> int:
        """A 8 (at least 0)."""
        w = sum(1 for q in group if self.prefs[q][0] is Colour.WHITE)
        b = sum(1 for q in group if self.prefs[q][0] is Colour.BLACK)
        q = (len(group) + 1) // 2
        return max(0, b - q if b > w else w - q)

    def moved(self, tpn: int, rounds_back: int) -> Move:
        """A 4, A 5: the float of round ``rnd - rounds_back``."""
        k = self.rnd - rounds_back
        if k < 1:
            return Move.NONE
        entry = self.t.players[tpn].result(k)
        if entry.result is Result.PAB:
            return Move.DOWN
        if entry.opponent is None or entry.opponent not in self.t.players:
            return Move.NONE
        mine, theirs = self.t.score(tpn, k - 1), self.t.score(entry.opponent, k - 1)
        return Move.DOWN if mine > theirs else Move.UP if mine < theirs else Move.NONE

    # -- B 1-B 6 ------------------------------------------------------------

    def may_take(self, tpn: int, colour: Colour) -> bool:
        """B 2 a and b."""
        if tpn in self.free:
            return True
        diff = self.difference(tpn) + (1 if colour is Colour.WHITE else -1)
        return abs(diff) <= 2 and self.twice(tpn) is not colour

    def compatible(self, a: int, b: int) -> bool:
        """B 1 a and B 2."""
        return b not in self.met.get(a, set()) and any(
            self.may_take(a, c) and self.may_take(b, c.opposite) for c in (Colour.WHITE, Colour.BLACK))

    def bye_allowed(self, tpn: int) -> bool:
        """B 1 b."""
        return not any(r.result in NO_BYE_RESULTS for r in self.t.players[tpn].results[:self.rnd - 1])

    def may_float(self, tpn: int, move: Move, level: Level) -> bool:
        """B 5 (not the same direction as last round) and B 6 (no float in the two rounds after one)."""
        if tpn in self.free:
            return True
        last, before = self.moved(tpn, 1), self.moved(tpn, 2)
        if not level[0] and (last is not Move.NONE or before is not Move.NONE):
            return False
        given_up = level[1] if move is Move.DOWN else level[2]
        return given_up or last is not move

    def pair_fits(self, a: int, b: int, level: Level) -> bool:
        """B 1, B 2, and B 5/B 6 for the float a pair of unequal scores makes (A 4)."""
        if (a, b, level) not in self.fits:
            self.fits[a, b, level] = self._pair_fits(a, b, level)
        return self.fits[a, b, level]

    def _pair_fits(self, a: int, b: int, level: Level) -> bool:
        if not self.compatible(a, b):
            return False
        if self.score[a] == self.score[b]:
            return True
        high, low = (a, b) if self.score[a] > self.score[b] else (b, a)
        return self.may_float(high, Move.DOWN, level) and self.may_float(low, Move.UP, level)

    def conflicts(self, pairs: Sequence[Pair]) -> int:
        """B 4: pairs whose two preferences are the same colour."""
        return sum(1 for a, b in pairs if self.prefs[a][0] is not Colour.NONE and self.prefs[a][0] is self.prefs[b][0])

    # -- C 6 and C 7 (D 1), C 8 (D 2) ---------------------------------------

    def c6(self, s1: Sequence[int], s2: Sequence[int], x: int, level: Level, leftovers_move: bool
           ) -> Iterator[Candidate]:
        """C 6, then C 7 with every order of S2 in D 1's order: the pairings that keep B 1-B 6 with x.

        The orders are walked depth first in D 1's order (ascending as numbers), an order being dropped as
        soon as one of its first pairs breaks a criterion (every order that starts so breaks it too).
        """
        p = len(s1)
        chosen: list[int] = []

        def walk(depth: int, conflicts: int) -> Iterator[Candidate]:
            if depth == p:
                left = [q for q in s2 if q not in chosen]
                if not leftovers_move or all(self.may_float(q, Move.DOWN, level) for q in left):
                    yield list(zip(s1, chosen, strict=True)), left
                return
            a = s1[depth]
            for b in s2:
                if b in chosen or not self.pair_fits(a, b, level):
                    continue
                more = conflicts + self.conflicts([(a, b)])
                if more > x:
                    continue
                chosen.append(b)
                yield from walk(depth + 1, more)
                chosen.pop()

        yield from walk(0, 0)

    @staticmethod
    def exchanges(n: int, p: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """D 2: exchanges of 1, 2, ... players between S1 = 1..p and S2 = p+1..n; within a size the smallest
        difference of the exchanged numbers, then the lowest players of S1, then the highest of S2."""
        s1, s2 = range(1, p + 1), range(p + 1, n + 1)
        found = []
        for size in range(1, min(p, n - p) + 1):
            for out in combinations(s1, size):
                for into in combinations(s2, size):
                    lowness = tuple(-v for v in sorted(out, reverse=True))
                    found.append(((size, sum(into) - sum(out), lowness, into), out, into))
        return [(out, into) for _, out, into in sorted(found)]

    def homogeneous_stage(self, group: Sequence[int], p: int, x: int, level: Level) -> Iterator[Candidate]:
        """C 5-C 8 for one p, x and level: S1 = the p highest (C 4), then each exchange of D 2 (C 8)."""
        n = len(group)
        for out, into in [((), ()), *self.exchanges(n, p)]:
            chosen = (set(range(1, p + 1)) - set(out)) | set(into)
            s1 = [group[i - 1] for i in range(1, n + 1) if i in chosen]
            s2 = [group[i - 1] for i in range(1, n + 1) if i not in chosen]
            yield from self.c6(s1, s2, x, level, True)

    # -- a homogeneous group, a remainder ------------------------------------

    def homogeneous(self, group: Sequence[int], lowest: bool) -> Iterator[Candidate]:
        """C 2-C 11, C 14 in a homogeneous group (or one A 3 treats as such); the lowest group keeps p (C 13)."""
        n = len(group)
        if n < 2:
            yield [], list(group)                    # nothing to pair (C 6 ends at once)
            return
        p0, x0 = n // 2, self.x_of(group)
        for p in ([p0] if lowest else range(p0, 0, -1)):                # C 14
            start = min(p, max(0, x0 - (p0 - p)))    # C 14 lowers x from its value of C 2
            for x in range(start, p + 1):             # C 11
                for level in LEVELS:                  # B 6 (reading), C 9, C 10
                    yield from self.homogeneous_stage(group, p, x, level)
        if not lowest:
            yield [], list(group)                    # C 14: p = 0, the whole group moves down

    def remainder(self, rest: Sequence[int], reductions: int, raises: int, up: bool) -> Iterator[Candidate]:
        """The remainder of one pairing of the moved-down players (A 3, C 6: from C 2 again).

        C 6-C 8 with all of B 5/B 6 kept, then B 6 given up (reading), then C 9 (B 5 for downfloats); on
        the pass after C 10's second sentence B 5 for upfloats stays given up.
        """
        n = len(rest)
        if n < 2:
            yield [], list(rest)
            return
        p0, x0 = n // 2, self.x_of(rest)
        p = p0 - reductions
        if p <= 0:
            yield [], list(rest)                     # C 14 in the remainder: it moves down whole
            return
        x = min(p, max(0, x0 - reductions) + raises)
        for level in ((False, False, up), (True, False, up), (True, True, up)):
            yield from self.homogeneous_stage(rest, p, x, level)

    # -- a heterogeneous group --------------------------------------------------

    def heterogeneous(self, group: Sequence[int], down: int, lowest: bool) -> Iterator[Candidate]:
        """C 2-C 14 in a heterogeneous group: the moved-down players first (A 3, A 6), then the remainder.

        The moved-down players' stage (S1 = them, C 6/C 7) finds the first p (C 14), x (C 11) and level of
        B 5/B 6 at which it has a pairing. Then the remainder: for each pairing of the moved-down players in
        D 1's order (C 10: another opponent for the lowest one), the remainder's C 6-C 9; when none is left,
        B 5 is given up for upfloaters (C 10) and they are paired again from the first; then C 11 raises the
        remainder's x and C 14 lowers its p, each time pairing the moved-down players again from the first.
        In the lowest group that is all (C 13 follows); elsewhere the next level, x and p of the moved-down
        players' stage follow, as alternatives for C 12/C 13.
        """
        x0 = self.x_of(group)
        for p in ([down] if lowest else range(down, 0, -1)):           # C 14
            s1, s2 = list(group[:p]), list(group[p:])
            start = min(p, max(0, x0 - (down - p)))
            for x in range(start, p + 1):                                  # C 11
                for level in LEVELS:
                    if next(self.c6(s1, s2, x, level, False), None) is None:
                        continue
                    yield from self.remainder_phase(s1, s2, x, level, lowest)
                    if lowest:
                        return
                    break
        if not lowest:
            yield [], list(group)

    def remainder_phase(self, s1: list[int], s2: list[int], x: int, level: Level, lowest: bool
                        ) -> Iterator[Candidate]:
        most = (len(s1) + len(s2) - 2 * len(s1)) // 2
        for reductions in ([0] if lowest else range(most + 1)):            # C 14 in the remainder
            for raises in range(most + 1):                                  # C 11 in the remainder
                for up in (False, True):                                    # C 10, second sentence
                    if up and level[2]:
                        continue
                    stage_level = (True, level[1], True) if up else level
                    for pairs, rest in self.c6(s1, s2, x, stage_level, False):     # C 10, first sentence
                        for more, left in self.remainder(rest, reductions, raises, up):
                            yield pairs + more, left

    def group(self, players: Sequence[int], down: int, lowest: bool) -> Iterator[Candidate]:
        if 0 < down and 2 * down < len(players):
            yield from self.heterogeneous(players, down, lowest)
        else:
            yield from self.homogeneous(players, lowest)

    # -- C 1, C 12, C 13: the score groups ---------------------------------------

    def complete_pairing_exists(self, players: Sequence[int]) -> bool:
        """Some pairing of ``players`` meets B 1 and B 2, with a B 1 b bye when their number is odd."""
        def pairable(rest: tuple[int, ...]) -> bool:
            if not rest:
                return True
            return any(self.compatible(rest[0], rest[i]) and pairable(rest[1:i] + rest[i + 1:])
                       for i in range(1, len(rest)))

        everyone = tuple(players)
        if len(everyone) % 2 == 0:
            return pairable(everyone)
        return any(self.bye_allowed(q) and pairable(tuple(o for o in everyone if o != q)) for q in everyone)

    def solve(self, index: int, incoming: list[int], groups: list[list[int]], strict: bool
              ) -> list[Candidate] | None:
        key = (index, frozenset(incoming), tuple(frozenset(g) for g in groups[index:]), strict)
        if key not in self.memo:
            self.memo[key] = self._solve(index, incoming, groups, strict)
        return self.memo[key]

    def _solve(self, index: int, incoming: list[int], groups: list[list[int]], strict: bool
               ) -> list[Candidate] | None:
        lowest = index == len(groups) - 1
        players = sorted(incoming + groups[index], key=self.key)
        lonely = [q for q in players if not any(self.compatible(q, o) for o in players if o != q)]
        if strict and any(q in incoming for q in lonely):
            return None                                           # C 1 -> C 12
        spare: int | None = None
        moved: list[int] = []
        if lowest and lonely:
            if len(lonely) == 1 and len(players) % 2 and self.bye_allowed(lonely[0]):
                spare = lonely[0]                                  # A 5: the one left over
            else:
                return None                                        # C 13
        else:
            moved = lonely                                         # C 1: moves down
        players = [q for q in players if q not in lonely]
        down = sum(1 for q in players if q in incoming)
        if strict and 0 < down and 2 * down < len(players):
            s1, s2 = players[:down], players[down:]
            if next(self.c6(s1, s2, down, LEVELS[-1], False), None) is None:
                return None                                        # C 12: the moved-down players cannot be paired
        if lowest:
            for pairs, left in self.group(players, down, True):
                if spare is not None and not left:
                    return [(pairs, [spare])]
                if spare is None and (not left or (len(left) == 1 and self.bye_allowed(left[0]))):
                    return [(pairs, left)]
            return None
        first: int | None = None
        for child_strict in (True, False):
            for pairs, left in self.group(players, down, False):
                first = len(pairs) if first is None else first
                if child_strict and len(pairs) != first:
                    continue                       # C 12: as many pairs, another player moved down
                below = self.solve(index + 1, left + moved, groups, child_strict)
                if below is not None:
                    return [(pairs, left + moved), *below]
        merged = groups[:index] + [[q for g in groups[index:] for q in g]]   # C 13: the lowest groups merged
        return self.solve(index, incoming, merged, strict)

    # -- E, F 1 ---------------------------------------------------------------------

    def white(self, a: int, b: int) -> int:
        """E 1-E 4 (F 3 for E 3), then B 2: the player who gets White."""
        high, low = sorted((a, b), key=self.key)
        (hp, hs), (lp, ls) = self.prefs[high], self.prefs[low]
        if hp is not lp and hp is not Colour.NONE:
            wanted = hp                                            # E 1
        elif hp is not lp:
            wanted = lp.opposite                                   # E 1
        elif hs != ls:
            wanted = hp if hs > ls else lp.opposite                # E 2
        else:
            wanted = self.alternate(high, low)                     # E 3
            if wanted is Colour.NONE:
                if hp is not Colour.NONE:
                    wanted = hp                                    # E 4
                else:
                    first = self.t.initial_colour or Colour.WHITE  # E 4 in the first round
                    wanted = first if high % 2 else first.opposite
        if not (self.may_take(high, wanted) and self.may_take(low, wanted.opposite)):
            wanted = wanted.opposite
        return high if wanted is Colour.WHITE else low

    def alternate(self, high: int, low: int) -> Colour:
        """E 3 with F 3: the last round (played games aligned from the latest) in which their colours differed;
        the higher player gets the other colour than he had then."""
        mine, theirs = self.colours[high][::-1], self.colours[low][::-1]
        for m, o in zip(mine, theirs, strict=False):
            if m is not o:
                return m.opposite
        return Colour.NONE

    def pair(self) -> RoundPairing | None:
        """The round, or ``None`` when no pairing meets B 1 and B 2 (C 13 with everybody merged)."""
        ordered = sorted(self.present, key=self.key)
        groups: list[list[int]] = []
        for tpn in ordered:
            if groups and self.score[groups[-1][0]] == self.score[tpn]:
                groups[-1].append(tpn)
            else:
                groups.append([tpn])
        if not groups:
            return RoundPairing(self.rnd, ())
        decided = self.solve(0, [], groups, True)
        if decided is None:
            return None
        pairs = [pair for group_pairs, _ in decided for pair in group_pairs]
        seated = {q for pair in pairs for q in pair}
        bye = next((q for q in ordered if q not in seated), None)

        def f1(pair: Pair) -> tuple[Fraction, Fraction, tuple[Fraction, int]]:
            high = min(pair, key=self.key)
            return (-self.score[high], -(self.score[pair[0]] + self.score[pair[1]]), self.key(high))

        boards = []
        for a, b in sorted(pairs, key=f1):
            w = self.white(a, b)
            boards.append(Board(w, b if w == a else a))
        return RoundPairing(self.rnd, tuple(boards), bye)
