"""The Dutch system of 1992 (seed 002: the FIDE Swiss rules approved in 1991/1992, Czech text).

The procedure is implemented *as written*, by direct enumeration with
pruning, not by weighted matching:

* **Order** (seed 002, A 2): pairing score, then the starting number (TPN),
  which A 2 assigns by rating, title and name before round 1.
* **Score groups** (A 3): players with equal scores; players left unpaired
  move down to the next group, which becomes heterogeneous; a group with at
  least half downfloaters is treated as homogeneous.
* **S1/S2, p and x** (A 6, A 8, C 2-C 5): S1 holds the downfloaters (or the
  upper half), p = |S1|; x = max(w, b) - ceil(n / 2), at least 0.
* **C 6/C 7**: S1[i] against S2[i]; S2 is transposed in the order of D 1
  (lexicographic on the positions in S2), searched depth first with pruning
  on B 1, B 2, the x budget of B 4 and, until relaxed, B 5/B 6.
* **C 8**: exchanges in the order of D 2 (:func:`exchange_order`).
* **C 9/C 10**: B 5 (and B 6) dropped first for downfloats, then for upfloats.
* **C 11**: x increased up to p; **C 14**: p decreased (x too when it was
  positive); at p = 0 the whole group moves down.
* **C 1**: a resident with no B 1/B 2-compatible opponent in its group moves
  down; a downfloater without one rejects the pairing of the group above
  (**C 12**); in the lowest group the pairing must be complete, else the
  penultimate group is re-paired and, failing that, the two lowest groups
  are merged (**C 13**).
* **Bye** (A 5, B 1 b): the player left over by the lowest group; he must
  never have scored a point without playing (PAB, forfeit win or full-point
  bye). It counts as a downfloat.
* **Colours** (E 1-E 4, F 3) and **board order** (F 1).

Readings chosen where the text is silent or ambiguous are listed in
``docs/systems.md`` ("Dutch 1992").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, combinations

from swisspair.errors import LimitExceededError, NoValidPairingError
from swisspair.model import Board, Colour, RoundPairing, Tournament
from swisspair.pairing.cardinality import CardinalityMatching
from swisspair.pairing.colours import latest_colour_difference
from swisspair.pairing.state import Float, PairingState, PlayerState, build_state

SEARCH_LIMIT = 3_000_000
"""Search nodes (transposition steps) allowed per round before giving up."""

PENULTIMATE_BUDGET = 200_000
"""Search steps the penultimate group may spend looking for a pairing that lets the
lowest group be paired (C 13) before the two are merged."""

RELAX_LEVELS: tuple[tuple[bool, bool], ...] = ((False, False), (True, False), (True, True))
"""(B 5/B 6 dropped for downfloats, dropped for upfloats): C 9, then C 10."""


class Dutch1992System:
    """Dutch rules of 1992 (seed 002)."""

    name = "dutch-1992"
    aliases = ("dutch1992", "fide-dutch-1992", "FIDE_DUTCH_1992")
    article = "FIDE Dutch system, 1992 rules"

    def __repr__(self) -> str:
        return "Dutch1992System()"

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair ``round_number`` (default: the next round) of ``tournament``.

        :raises: :exc:`~swisspair.errors.NoValidPairingError` when no pairing
            meets B 1 and B 2 even with all groups merged (C 13).
        :raises: :exc:`~swisspair.errors.LimitExceededError` when the search
            passes :data:`SEARCH_LIMIT` steps.
        """
        return pair_state(build_state(tournament, round_number))


def pair_state(state: PairingState) -> RoundPairing:
    """Pair the round described by ``state`` (seed 002, C)."""
    return _Round(state).run()


# -- D 2: the order of exchanges ---------------------------------------------

def exchange_order(s1: Sequence[int], s2: Sequence[int]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Exchanges between S1 and S2 in the order of seed 002, D 2, generated lazily.

    Players are numbers in A 2 order (1 is the highest). One-player exchanges
    come first, then two-player ones, and so on; within a size, the smallest
    difference between the sums of the exchanged numbers first; on equal
    differences, the lowest players of S1 first (compared from the lowest
    one up); then the highest players of S2 first. Each size is listed only
    when the previous one is used up.

    >>> list(exchange_order([1, 2, 3, 4], [5, 6, 7, 8]))[:3]
    [((4,), (5,)), ((4,), (6,)), ((3,), (5,))]
    """

    def key(item: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[int, list[int], tuple[int, ...]]:
        out, into = item
        return (sum(into) - sum(out), [-n for n in sorted(out, reverse=True)], into)

    for size in range(1, min(len(s1), len(s2)) + 1):
        found = [(out, into) for out in combinations(s1, size) for into in combinations(s2, size)]
        yield from sorted(found, key=key)


def transpositions(s2: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """All orders of S2 in the order of seed 002, D 1 (ascending as numbers).

    >>> list(transpositions([5, 6, 7, 8]))[:7]
    [(5, 6, 7, 8), (5, 6, 8, 7), (5, 7, 6, 8), (5, 7, 8, 6), (5, 8, 6, 7), (5, 8, 7, 6), (6, 5, 7, 8)]
    """
    from itertools import permutations

    yield from permutations(sorted(s2))


def x_value(players: Sequence[PlayerState]) -> int:
    """x of seed 002, A 8: pairs that cannot get both colour preferences (at least 0)."""
    white = sum(1 for p in players if p.colour_preference is Colour.WHITE)
    black = sum(1 for p in players if p.colour_preference is Colour.BLACK)
    q = (len(players) + 1) // 2
    return max(0, (black if black > white else white) - q)


# -- the round -----------------------------------------------------------------

@dataclass(slots=True)
class _Candidate:
    pairs: list[tuple[PlayerState, PlayerState]]
    left: list[PlayerState]


class _Round:
    """One round of the procedure C 1-C 14 (seed 002)."""

    def __init__(self, state: PairingState) -> None:
        self.state = state
        self.steps = 0
        self.last_round = state.round_number == state.total_rounds
        half = state.played_rounds * state.win
        self.exempt = {p.tpn: self.last_round and 2 * p.pairing_score > half for p in state.to_pair}
        self.float1 = {p.tpn: self._float(p, 1) for p in state.to_pair}
        self.float2 = {p.tpn: self._float(p, 2) for p in state.to_pair}
        self.colours = {p.tpn: self._colour_data(p) for p in state.to_pair}
        self._max_pairs: dict[tuple[frozenset[int], bool], int] = {}

    # -- player data -------------------------------------------------------

    def _float(self, player: PlayerState, back: int) -> Float:
        """The float of ``back`` rounds ago (A 4, A 5): a bye is a downfloat."""
        if back > self.state.played_rounds:
            return Float.NONE
        record = player.records[self.state.played_rounds - back]
        if record.pab:
            return Float.DOWN
        if record.opponent is None or record.opponent not in self.state.players:
            return Float.NONE
        return self.state.float_of(player, back, rules="2026") if record.played else self._forfeit_float(
            player, back)

    def _forfeit_float(self, player: PlayerState, back: int) -> Float:
        record = player.records[self.state.played_rounds - back]
        assert record.opponent is not None
        own = self.state.score_before(player, back)
        other = self.state.score_before(self.state.players[record.opponent], back)
        return Float.DOWN if own > other else Float.UP if own < other else Float.NONE

    @staticmethod
    def _colour_data(player: PlayerState) -> tuple[int, Colour]:
        """Colour difference and the colour of the last two games when equal (F 2: played games only)."""
        colours = [r.colour for r in player.records if r.played]
        diff = sum(1 if c is Colour.WHITE else -1 for c in colours)
        twice = colours[-1] if len(colours) > 1 and colours[-1] is colours[-2] else Colour.NONE
        return diff, twice

    def key(self, player: PlayerState) -> tuple[int, int]:
        """A 2 order: score, then starting number."""
        return (-player.pairing_score, player.tpn)

    def can_take(self, player: PlayerState, colour: Colour) -> bool:
        """B 2: the difference stays within +-2 and no third equal colour in a row."""
        if self.exempt[player.tpn]:
            return True
        diff, twice = self.colours[player.tpn]
        diff += 1 if colour is Colour.WHITE else -1
        return -2 <= diff <= 2 and twice is not colour

    def compatible(self, a: PlayerState, b: PlayerState) -> bool:
        """B 1 a and B 2 for the pair ``a``-``b``."""
        if b.tpn in self.state.forbidden.get(a.tpn, set()):
            return False
        return ((self.can_take(a, Colour.WHITE) and self.can_take(b, Colour.BLACK))
                or (self.can_take(a, Colour.BLACK) and self.can_take(b, Colour.WHITE)))

    def floats_ok(self, player: PlayerState, direction: Float, relax: tuple[bool, bool]) -> bool:
        """B 5 and B 6 for a float in ``direction`` this round."""
        if direction is Float.NONE or self.exempt[player.tpn]:
            return True
        if relax[0 if direction is Float.DOWN else 1]:
            return True
        return self.float1[player.tpn] is not direction and self.float2[player.tpn] is not direction

    def pair_ok(self, a: PlayerState, b: PlayerState, relax: tuple[bool, bool]) -> bool:
        """B 5/B 6 for both players of a pair (A 4: the higher score floats down)."""
        if a.pairing_score == b.pairing_score:
            return True
        high, low = (a, b) if a.pairing_score > b.pairing_score else (b, a)
        return self.floats_ok(high, Float.DOWN, relax) and self.floats_ok(low, Float.UP, relax)

    @staticmethod
    def conflict(a: PlayerState, b: PlayerState) -> bool:
        """B 4: the two preferences cannot both be granted."""
        return a.colour_preference is not Colour.NONE and a.colour_preference is b.colour_preference

    # -- C 6/C 7: transpositions ---------------------------------------------

    def transposed(self, s1: list[PlayerState], s2: list[PlayerState], x: int, relax: tuple[bool, bool],
                   leftovers_float: bool) -> Iterator[_Candidate]:
        """Pairings S1[i]-S2'[i] for the orders S2' of D 1, pruned on B 1, B 2, B 4 (x), B 5, B 6."""
        p = len(s1)
        used = [False] * len(s2)
        chosen: list[int] = []
        must_pair = [i for i, q in enumerate(s2) if leftovers_float and not self.floats_ok(q, Float.DOWN, relax)]

        def walk(depth: int, conflicts: int) -> Iterator[_Candidate]:
            self.steps += 1
            if self.steps > SEARCH_LIMIT:
                raise LimitExceededError(f"dutch-1992: more than {SEARCH_LIMIT} search steps")
            if depth == p:
                pairs = [(s1[i], s2[j]) for i, j in enumerate(chosen)]
                yield _Candidate(pairs, [q for j, q in enumerate(s2) if not used[j]])
                return
            if sum(1 for j in must_pair if not used[j]) > p - depth:
                return
            a = s1[depth]
            for j, b in enumerate(s2):
                if used[j] or not self.compatible(a, b) or not self.pair_ok(a, b, relax):
                    continue
                extra = conflicts + self.conflict(a, b)
                if extra > x:
                    continue
                used[j] = True
                chosen.append(j)
                yield from walk(depth + 1, extra)
                chosen.pop()
                used[j] = False

        yield from walk(0, 0)

    # -- a group -------------------------------------------------------------------

    def max_pairs(self, players: Sequence[PlayerState], bye: bool = False) -> int:
        """The most pairs B 1 and B 2 allow among ``players``.

        With ``bye``, an odd number of players must also leave a bye-eligible one
        (B 1 b): the result is then the pairs of a complete pairing or less.
        A bound used to skip levels of C 11/C 14 that cannot succeed.
        """
        key = (frozenset(q.tpn for q in players), bye)
        if key not in self._max_pairs:
            by_tpn = {q.tpn: q for q in players}
            vertices = list(by_tpn)
            if bye and len(vertices) % 2:
                vertices.append(0)

            def adjacent(u: int, v: int) -> bool:
                if u == 0 or v == 0:
                    return self.state.eligible_for_bye(by_tpn[u or v])
                return self.compatible(by_tpn[u], by_tpn[v])

            matching = CardinalityMatching(vertices, adjacent)
            matching.maximise()
            pairs = len(matching.mate) // 2
            if 0 in matching.mate:
                pairs -= 1
            self._max_pairs[key] = pairs
        return self._max_pairs[key]

    def homogeneous(self, players: list[PlayerState], complete: bool = False) -> Iterator[_Candidate]:
        """A homogeneous (or remainder) group: C 2-C 9, C 11, C 14; D 1 and D 2.

        :param complete: the lowest group (C 13): only pairings of everybody.
        """
        n = len(players)
        p0 = n // 2
        x0 = x_value(players)
        numbers = list(range(1, n + 1))
        best = self.max_pairs(players)
        for p in range(p0, 0, -1):                                   # C 14
            if complete and p < p0:
                return
            if p > best:
                continue
            xp = max(0, x0 - (p0 - p))
            for x in range(xp, p + 1):                               # C 11
                for relax in RELAX_LEVELS:                           # C 9, C 10
                    orders = chain([((), ())], exchange_order(numbers[:p], numbers[p:]))
                    for out, into in orders:                         # C 8
                        self.steps += 1
                        moved = (set(numbers[:p]) - set(out)) | set(into)
                        s1 = [players[i - 1] for i in numbers if i in moved]   # C 5
                        s2 = [players[i - 1] for i in numbers if i not in moved]
                        yield from self.transposed(s1, s2, x, relax, leftovers_float=True)
        if not complete:
            yield _Candidate([], list(players))

    def group(self, players: list[PlayerState], downfloaters: int, complete: bool = False) -> Iterator[_Candidate]:
        """All pairings of one score group, in the order of the procedure (C 2-C 14).

        :param complete: the lowest group (C 13): only pairings of everybody.
        """
        if not (0 < downfloaters and 2 * downfloaters < len(players)):  # A 3: treated as homogeneous
            yield from self.homogeneous(players, complete)
            return
        x0 = x_value(players)
        for p in range(downfloaters, 0, -1):                         # C 14
            if complete and p < downfloaters:
                return
            xp = max(0, x0 - (downfloaters - p))
            s1, s2 = players[:p], players[p:]
            for complete_rest in (True, False):                      # C 10: another opponent first
                for x in range(xp, p + 1):                           # C 11
                    for relax in RELAX_LEVELS:                       # C 9, C 10
                        for first in self.transposed(s1, s2, x, relax, leftovers_float=False):
                            rest = first.left                        # C 6: remainder, from C 2
                            for second in self.homogeneous(rest, complete):
                                if complete_rest and len(second.pairs) < len(rest) // 2:
                                    break
                                yield _Candidate(first.pairs + second.pairs, second.left)
        if not complete:
            yield _Candidate([], list(players))

    # -- C 1, C 12, C 13: the groups -------------------------------------------

    def solve(self, index: int, incoming: list[PlayerState], groups: list[list[PlayerState]],
              reject: bool = True) -> list[tuple[PlayerState, PlayerState]] | None:
        """Pair groups ``index``.. with ``incoming`` downfloaters; ``None`` when impossible.

        :param reject: C 12: refuse (``None``) when an incoming downfloater has no
            B 1/B 2-compatible opponent in this group, so that the group above
            tries to float a different player; without it such a player moves
            on down (C 1).
        """
        last = index == len(groups) - 1
        players = sorted(incoming + groups[index], key=self.key)
        moved: list[PlayerState] = []
        for player in players:                                       # C 1
            if not any(self.compatible(player, other) for other in players if other is not player):
                if last:
                    return None                                      # C 13
                if reject and player in incoming:
                    return None                                      # C 12
                moved.append(player)
        players = [q for q in players if q not in moved]
        down = sum(1 for q in players if q in incoming)
        below = players + moved + [q for g in groups[index + 1:] for q in g]
        if self.max_pairs(below, bye=True) < len(below) // 2:
            return None                                              # C 12/C 13 at once: no pairing below
        start = self.steps
        penultimate = index == len(groups) - 2
        for strict in (True, False):
            seen: set[frozenset[int]] = set()
            for candidate in self.group(players, down, complete=last):
                if penultimate and self.steps - start > PENULTIMATE_BUDGET:
                    break
                left = frozenset(q.tpn for q in candidate.left)
                if left in seen:
                    continue
                seen.add(left)
                if last:
                    if self.complete(candidate):
                        return candidate.pairs
                    continue
                rest = self.solve(index + 1, candidate.left + moved, groups, strict)
                if rest is not None:
                    return candidate.pairs + rest
            if last:
                return None
        # C 13: the groups from here down have no pairing: merge them and start again.
        merged = groups[:index] + [[q for g in groups[index:] for q in g]]
        return self.solve(index, incoming, merged, reject)

    def complete(self, candidate: _Candidate) -> bool:
        """The lowest group leaves nobody, or one bye-eligible player (A 5, B 1 b)."""
        if not candidate.left:
            return True
        if len(candidate.left) > 1:
            return False
        return self.state.eligible_for_bye(candidate.left[0])

    # -- E and F 1 -------------------------------------------------------------

    def strength(self, player: PlayerState) -> int:
        """3 absolute, 2 strong, 1 mild, 0 none (A 7)."""
        if player.colour_preference is Colour.NONE:
            return 0
        diff, twice = self.colours[player.tpn]
        if abs(diff) > 1 or twice is not Colour.NONE:
            return 3
        return 2 if diff else 1

    def white_of(self, a: PlayerState, b: PlayerState) -> PlayerState:
        """Who gets White (E 1-E 4), within the limits of B 2."""
        higher, lower = (a, b) if self.key(a) < self.key(b) else (b, a)
        hp, lp = higher.colour_preference, lower.colour_preference
        wanted: Colour
        if hp is not lp and hp is not Colour.NONE:                 # E 1
            wanted = hp
        elif hp is not lp:                                           # E 1 (only the lower has one)
            wanted = lp.opposite
        elif self.strength(higher) != self.strength(lower):          # E 2
            wanted = hp if self.strength(higher) > self.strength(lower) else lp.opposite
        else:
            mine, theirs = latest_colour_difference(higher, lower)   # E 3, F 3
            if mine is not Colour.NONE and theirs is not Colour.NONE:
                wanted = mine.opposite
            elif hp is not Colour.NONE:                              # E 4
                wanted = hp
            else:                                                    # E 4, first round
                initial = self.state.initial_colour
                wanted = initial if higher.tpn % 2 else initial.opposite
        if not (self.can_take(higher, wanted) and self.can_take(lower, wanted.opposite)):
            wanted = wanted.opposite
        return higher if wanted is Colour.WHITE else lower

    def run(self) -> RoundPairing:
        players = sorted(self.state.to_pair, key=self.key)
        groups: list[list[PlayerState]] = []
        for player in players:
            if groups and groups[-1][0].pairing_score == player.pairing_score:
                groups[-1].append(player)
            else:
                groups.append([player])
        if not groups:
            return RoundPairing(self.state.round_number, ())
        pairs = self.solve(0, [], groups)
        if pairs is None:
            raise NoValidPairingError("dutch-1992: no pairing meets B 1 and B 2")
        paired = {q.tpn for pair in pairs for q in pair}
        bye = next((q.tpn for q in players if q.tpn not in paired), None)

        def order(pair: tuple[PlayerState, PlayerState]) -> tuple[int, int, int]:   # F 1
            higher = min(pair, key=self.key)
            return (-higher.pairing_score, -(pair[0].pairing_score + pair[1].pairing_score), higher.tpn)

        boards = []
        for a, b in sorted(pairs, key=order):
            white = self.white_of(a, b)
            boards.append(Board(white.tpn, (b if white is a else a).tpn))
        return RoundPairing(self.state.round_number, tuple(boards), bye)
