"""The FIDE Dutch system, 1992 rules (approved 1991/1992; Czech text of 20 September 1992, A-F).

The procedure is implemented *as written*, by direct enumeration with
pruning, not by weighted matching:

* **Order** (A 2): pairing score, then the starting number (TPN),
  which A 2 assigns by rating, title and name before round 1.
* **Score groups** (A 3): players with equal scores; players left unpaired
  move down to the next group, which becomes heterogeneous; a group with at
  least half downfloaters is treated as homogeneous.
* **S1/S2, p and x** (A 6, A 8, C 2-C 5): S1 holds the downfloaters (or the
  upper half), p = |S1|; x = max(w, b) - ceil(n / 2), at least 0.
* **C 6/C 7**: S1[i] against S2[i]; S2 is transposed in the order of D 1
  (lexicographic on the positions in S2), searched depth first with pruning
  on B 1, B 2, the x budget of B 4 (x may exceed p: then it binds no pair)
  and, until relaxed, B 5/B 6.
* **C 8**: exchanges in the order of D 2 (:func:`exchange_order`).
* **B 6** as the text has it: a floater (up or down) does not float again in
  the two following rounds. The least important relative criterion, it is
  given up first; then **C 9/C 10** drop B 5 for downfloats, then upfloats.
* **C 11**: x increased up to p; **C 14**: p decreased (x too when it was
  positive); at p = 0 the whole group moves down.
* **C 1**: a resident with no B 1/B 2-compatible opponent in its group moves
  down; a downfloater without one rejects the pairing of the group above
  (**C 12**); in the lowest group the pairing must be complete, else the
  penultimate group is re-paired and, failing that, the two lowest groups
  are merged (**C 13**). In an odd lowest group the one player without an
  opponent is the player A 5 leaves over when he may have the bye.
* **Bye** (A 5, B 1 b): the player left over by the lowest group; he must
  never have scored a point without playing (PAB, forfeit win or full-point
  bye). It counts as a downfloat.
* **Colours** (E 1-E 4, F 3) and **board order** (F 1).
* ``--explain``: per score group S1, p, x, the pairs with the article that
  produced them, who moved down or floated, and the bye (:func:`explain_1992`).

Readings chosen where the text is silent or ambiguous are listed in
``docs/systems.md`` ("Dutch 1992").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import chain, combinations

from swisspair.errors import LimitExceededError, NoValidPairingError
from swisspair.matching.cardinality import CardinalityMatching
from swisspair.model import Board, Colour, RoundPairing, Tournament
from swisspair.pairing.colours import latest_colour_difference
from swisspair.pairing.explain import format_score, tpns
from swisspair.pairing.state import Float, PairingState, PlayerState, build_state
from swisspair.pairing.system import SystemBase

SEARCH_LIMIT = 3_000_000
"""Search nodes (transposition steps) allowed per round before giving up."""

PENULTIMATE_BUDGET = 200_000
"""Search steps the penultimate group may spend looking for a pairing that lets the
lowest group be paired (C 13) before the two are merged."""

Relax = tuple[bool, bool, bool]
"""(B 6 dropped, B 5 dropped for downfloats, B 5 dropped for upfloats)."""

RELAX_LEVELS: tuple[Relax, ...] = ((False, False, False), (True, False, False), (True, True, False),
                                   (True, True, True))
"""B 6 given up first (the least important relative criterion, never to be met by moving players
down), then B 5 for downfloaters (C 9), then for upfloaters (C 10)."""


def _least_conflicts(left1: Counter[Colour], left2: Counter[Colour]) -> int:
    """B 4: the fewest conflicting colour preferences pairing the S1 players ``left1`` with S2 players of
    ``left2`` can have, whoever meets whom.

    An S1 player who wants white avoids a conflict only against one who
    wants black or has no preference, and the other way round; the players
    without a preference serve either side once.
    """
    white, black, none = Colour.WHITE, Colour.BLACK, Colour.NONE
    short = max(0, left1[white] - left2[black]) + max(0, left1[black] - left2[white])
    return max(0, short - left2[none])


class Dutch1992System(SystemBase):
    """The FIDE Dutch system, 1992 rules."""

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
    """Pair the round described by ``state`` (C 1-C 14, E, F 1)."""
    return _Round(state).run()


# -- D 2: the order of exchanges ---------------------------------------------

def exchange_order(s1: Sequence[int], s2: Sequence[int]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Exchanges between S1 and S2 in the order of D 2, generated lazily.

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
    """All orders of S2 in the order of D 1 (ascending as numbers).

    >>> list(transpositions([5, 6, 7, 8]))[:7]
    [(5, 6, 7, 8), (5, 6, 8, 7), (5, 7, 6, 8), (5, 7, 8, 6), (5, 8, 6, 7), (5, 8, 7, 6), (6, 5, 7, 8)]
    """
    from itertools import permutations

    yield from permutations(sorted(s2))


def x_value(players: Sequence[PlayerState]) -> int:
    """x of A 8: pairs that cannot get both colour preferences (at least 0)."""
    white = sum(1 for p in players if p.colour_preference is Colour.WHITE)
    black = sum(1 for p in players if p.colour_preference is Colour.BLACK)
    q = (len(players) + 1) // 2
    return max(0, (black if black > white else white) - q)


# -- the round -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Stage:
    """How one stage of a group was paired: the group or its remainder (for ``--explain``)."""

    remainder: bool
    """The homogeneous remainder of a heterogeneous group (A 3, C 6)."""
    s1: tuple[int, ...]
    """S1 as paired (C 4, after the exchange of C 8), by TPN."""
    p: int
    p0: int
    x: int
    x0: int
    relax: int
    """Index in :data:`RELAX_LEVELS`."""
    exchange: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """TPNs moved out of S1 and into it (C 8, D 2)."""
    transposed: bool = False
    """S2 taken in another order than its own (C 7, D 1)."""


@dataclass(slots=True)
class _Candidate:
    pairs: list[tuple[PlayerState, PlayerState]]
    left: list[PlayerState]
    stages: tuple[_Stage, ...] = ()


@dataclass(slots=True)
class _Decided:
    """The pairing accepted for one score group (C 1-C 14), kept for ``--explain``."""

    players: list[PlayerState]
    incoming: list[PlayerState]
    moved: list[PlayerState]
    spare: PlayerState | None
    candidate: _Candidate
    rejected: int
    """Pairings of this group tried first and given up because the groups below could not be paired."""
    strict: bool
    """Accepted while C 12 still refused downfloaters without an opponent below."""


class _Round:
    """One round of the procedure C 1-C 14."""

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

    def floats_ok(self, player: PlayerState, direction: Float, relax: Relax) -> bool:
        """B 5 and B 6 for a float in ``direction`` this round.

        B 6: "Hráč, který byl přesuvným, se ve dvou následujících kolech nesmí stát znovu
        přesuvným" - a floater of either of the last two rounds, in either direction, does not
        float again; B 5: no float in the same direction as in the last round.
        """
        if direction is Float.NONE or self.exempt[player.tpn]:
            return True
        last, before = self.float1[player.tpn], self.float2[player.tpn]
        if not relax[0] and (last is not Float.NONE or before is not Float.NONE):
            return False                                             # B 6
        return relax[1 if direction is Float.DOWN else 2] or last is not direction    # B 5

    def pair_ok(self, a: PlayerState, b: PlayerState, relax: Relax) -> bool:
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

    def transposed(self, s1: list[PlayerState], s2: list[PlayerState], x: int, relax: Relax,
                   leftovers_float: bool, stage: _Stage) -> Iterator[_Candidate]:
        """Pairings S1[i]-S2'[i] for the orders S2' of D 1, pruned on B 1, B 2, B 4 (x), B 5, B 6.

        ``stage`` describes the step of the procedure, for ``--explain``.
        """
        p = len(s1)
        moved = replace(stage, transposed=True)
        used = [False] * len(s2)
        chosen: list[int] = []
        must_pair = [i for i, q in enumerate(s2) if leftovers_float and not self.floats_ok(q, Float.DOWN, relax)]
        left1 = Counter(q.colour_preference for q in s1)
        """The colour preferences of S1[depth:], and of the S2 players not chosen yet (B 4 bound)."""
        left2 = Counter(q.colour_preference for q in s2)

        def walk(depth: int, conflicts: int) -> Iterator[_Candidate]:
            self.steps += 1
            if self.steps > SEARCH_LIMIT:
                raise LimitExceededError(f"dutch-1992: more than {SEARCH_LIMIT} search steps")
            if sum(1 for j in must_pair if not used[j]) > p - depth:
                return                                               # B 5/B 6: they cannot all be paired
            if conflicts + _least_conflicts(left1, left2) > x:
                return                                               # B 4: x conflicts are not enough
            if depth == p:
                pairs = [(s1[i], s2[j]) for i, j in enumerate(chosen)]
                identity = all(i == j for i, j in enumerate(chosen))
                yield _Candidate(pairs, [q for j, q in enumerate(s2) if not used[j]], (stage if identity else moved,))
                return
            a = s1[depth]
            left1[a.colour_preference] -= 1
            for j, b in enumerate(s2):
                if used[j] or not self.compatible(a, b) or not self.pair_ok(a, b, relax):
                    continue
                extra = conflicts + self.conflict(a, b)
                if extra > x:
                    continue
                used[j] = True
                chosen.append(j)
                left2[b.colour_preference] -= 1
                yield from walk(depth + 1, extra)
                left2[b.colour_preference] += 1
                chosen.pop()
                used[j] = False
            left1[a.colour_preference] += 1

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
            if 0 in vertices:
                pairs -= 1                                           # less than n // 2 unless all are matched
            self._max_pairs[key] = pairs
        return self._max_pairs[key]

    def homogeneous(self, players: list[PlayerState], complete: bool = False,
                    remainder: bool = False) -> Iterator[_Candidate]:
        """A homogeneous (or remainder) group: C 2-C 9, C 11, C 14; D 1 and D 2.

        :param complete: the lowest group (C 13): only pairings of everybody.
        """
        n = len(players)
        if n < 2:                                                    # nothing to pair: C 6 ends at once
            yield _Candidate([], list(players))
            return
        p0 = n // 2
        x0 = x_value(players)
        numbers = list(range(1, n + 1))
        best = self.max_pairs(players)
        for p in range(p0, 0, -1):                                   # C 14
            if complete and p < p0:
                return
            if p > best:
                continue
            xp = min(p, max(0, x0 - (p0 - p)))
            for x in range(xp, p + 1):                               # C 11
                for level, relax in enumerate(RELAX_LEVELS):         # C 9, C 10
                    orders = chain([((), ())], exchange_order(numbers[:p], numbers[p:]))
                    for out, into in orders:                         # C 8
                        self.steps += 1
                        moved = (set(numbers[:p]) - set(out)) | set(into)
                        s1 = [players[i - 1] for i in numbers if i in moved]   # C 5
                        s2 = [players[i - 1] for i in numbers if i not in moved]
                        stage = _Stage(remainder, tuple(q.tpn for q in s1), p, p0, x, x0, level,
                                       (tuple(players[i - 1].tpn for i in out),
                                        tuple(players[i - 1].tpn for i in into)))
                        yield from self.transposed(s1, s2, x, relax, True, stage)
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
            xp = min(p, max(0, x0 - (downfloaters - p)))             # x >= p: B 4 binds no pair
            s1, s2 = players[:p], players[p:]
            for complete_rest in (True, False):                      # C 10: another opponent first
                for x in range(xp, p + 1):                           # C 11
                    for level, relax in enumerate(RELAX_LEVELS):     # C 9, C 10
                        stage = _Stage(False, tuple(q.tpn for q in s1), p, downfloaters, x, x0, level)
                        for first in self.transposed(s1, s2, x, relax, False, stage):
                            rest = first.left                        # C 6: remainder, from C 2
                            for second in self.homogeneous(rest, complete, remainder=True):
                                if complete_rest and len(second.pairs) < len(rest) // 2:
                                    break
                                yield _Candidate(first.pairs + second.pairs, second.left,
                                                 first.stages + second.stages)
        if not complete:
            yield _Candidate([], list(players))

    # -- C 1, C 12, C 13: the groups -------------------------------------------

    def solve(self, index: int, incoming: list[PlayerState], groups: list[list[PlayerState]],
              reject: bool = True) -> list[_Decided] | None:
        """Pair groups ``index``.. with ``incoming`` downfloaters; ``None`` when impossible.

        :param reject: C 12: refuse (``None``) when an incoming downfloater has no
            B 1/B 2-compatible opponent in this group, so that the group above
            tries to float a different player; without it such a player moves
            on down (C 1).
        """
        last = index == len(groups) - 1
        sorted_players = sorted(incoming + groups[index], key=self.key)
        checked = self.c1(sorted_players, incoming, last, reject)
        if checked is None:
            return None
        players, moved, spare = checked
        down = sum(1 for q in players if q in incoming)
        below = players + moved + [q for g in groups[index + 1:] for q in g]
        if self.max_pairs(below, bye=True) < len(below) // 2:
            return None                                              # C 12/C 13 at once: no pairing below
        start = self.steps
        penultimate = index == len(groups) - 2
        rejected = 0
        for strict in (True, False):
            seen: set[frozenset[int]] = set()
            for candidate in self.group(players, down, complete=last):
                if penultimate and self.steps - start > PENULTIMATE_BUDGET:
                    break
                left = frozenset(q.tpn for q in candidate.left)
                if left in seen:
                    continue
                seen.add(left)
                decided = _Decided(players, incoming, moved, spare, candidate, rejected, strict)
                if last:
                    if self.complete(candidate, spare):
                        return [decided]
                    continue
                rest = self.solve(index + 1, candidate.left + moved, groups, strict)
                if rest is not None:
                    return [decided, *rest]
                rejected += 1
            if last:
                return None
        # C 13: the groups from here down have no pairing: merge them and start again.
        merged = groups[:index] + [[q for g in groups[index:] for q in g]]
        return self.solve(index, incoming, merged, reject)

    def c1(self, players: list[PlayerState], incoming: list[PlayerState], last: bool, reject: bool
           ) -> tuple[list[PlayerState], list[PlayerState], PlayerState | None] | None:
        """C 1: the players of a group with no B 1/B 2-compatible opponent in it.

        Returns the players to pair, those moved down (C 1, third bullet) and,
        in the lowest group, the one player left over for the bye (A 5); or
        ``None``: an incoming downfloater without an opponent rejects the
        group above (C 12, when ``reject``), and in the lowest group C 13
        applies unless the group is odd and the only such player may have
        the bye (B 1 b): he is the player A 5 leaves unpaired, not one to
        find an opponent for.
        """
        lonely = [q for q in players
                  if not any(self.compatible(q, other) for other in players if other is not q)]
        if reject and any(q in incoming for q in lonely):
            return None                                              # C 12
        if not last:
            return [q for q in players if q not in lonely], lonely, None
        if not lonely:
            return players, [], None
        if len(lonely) == 1 and len(players) % 2 and self.state.eligible_for_bye(lonely[0]):
            return [q for q in players if q is not lonely[0]], [], lonely[0]     # A 5
        return None                                                  # C 13

    def complete(self, candidate: _Candidate, spare: PlayerState | None = None) -> bool:
        """The lowest group leaves nobody, or one bye-eligible player (A 5, B 1 b).

        With ``spare`` (the bye chosen by C 1) the others must all be paired.
        """
        if not candidate.left:
            return True
        if spare is not None or len(candidate.left) > 1:
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
        decided = self.solve(0, [], groups)
        if decided is None:
            raise NoValidPairingError("dutch-1992: no pairing meets B 1 and B 2")
        pairs = [pair for group in decided for pair in group.candidate.pairs]
        paired = {q.tpn for pair in pairs for q in pair}
        bye = next((q.tpn for q in players if q.tpn not in paired), None)

        def order(pair: tuple[PlayerState, PlayerState]) -> tuple[int, int, int]:   # F 1
            higher = min(pair, key=self.key)
            return (-higher.pairing_score, -(pair[0].pairing_score + pair[1].pairing_score), higher.tpn)

        boards = []
        for a, b in sorted(pairs, key=order):
            white = self.white_of(a, b)
            boards.append(Board(white.tpn, (b if white is a else a).tpn))
        notes = explain_1992(self, decided, boards, bye)
        return RoundPairing(self.state.round_number, tuple(boards), bye, tuple(notes))


# -- --explain -------------------------------------------------------------------

def explain_1992(engine: _Round, decided: list[_Decided], boards: list[Board], bye: int | None) -> list[str]:
    """Per score group: who moved down or floated and which article decided (``--explain``)."""
    state = engine.state
    lines = [f"Round {state.round_number}: {len(state.to_pair)} players to pair (FIDE Dutch system, 1992 rules)"]
    free = sorted(tpn for tpn, exempt in engine.exempt.items() if exempt)
    if free:
        lines.append(f"Last round: B 2, B 5 and B 6 do not bind {tpns(free)} (more than 50 %; A 7 a, note to B 6)")
    colours = {b.white: Colour.WHITE for b in boards} | {b.black: Colour.BLACK for b in boards}
    for group in decided:
        lines.extend(_group_notes(engine, group, colours, group is decided[-1]))
    if bye is not None:
        lines.append(f"Bye: {bye}, the player left over by the lowest group (A 5; B 1 b: no earlier point "
                     "without playing)")
    return lines


def _group_notes(engine: _Round, group: _Decided, colours: dict[int, Colour], lowest: bool) -> list[str]:
    """The lines of one score group: header, C 1/C 12/C 13, each stage, floats and colours."""
    scale = engine.state.scale
    everybody = group.players + group.moved + ([group.spare] if group.spare else [])
    residents = [q for q in everybody if q not in group.incoming]
    scores = sorted({q.pairing_score for q in residents}, reverse=True)
    head = f"Score group {format_score(scores[0], scale)}" if scores else "Score group (moved-down players only)"
    if len(scores) > 1:
        head += f" to {format_score(scores[-1], scale)} (C 13: the lowest groups merged)"
    head += f": {len(residents)} player(s)"
    if group.incoming:
        head += f"; moved down into it: {tpns(q.tpn for q in group.incoming)}"
    lines = [head]
    lines += [f"  C 1: {q.tpn} has no opponent here under B 1/B 2: moves down" for q in group.moved]
    if group.spare is not None:
        lines.append(f"  C 1, A 5: {group.spare.tpn} has no opponent here under B 1/B 2: he is the one left over")
    if not group.strict:
        lines.append("  C 12: no pairing of this group lets every player moved down find an opponent below")
    elif group.rejected:
        lines.append(f"  C 12/C 13: {group.rejected} earlier pairing(s) of this group left no pairing below")
    candidate = group.candidate
    down = sum(1 for q in group.players if q in group.incoming)
    heterogeneous = 0 < down and 2 * down < len(group.players)
    for stage in candidate.stages:
        pairs = [(a, b) for a, b in candidate.pairs if a.tpn in stage.s1]
        kind = "remainder (A 3)" if stage.remainder else "moved-down players (A 6)" if heterogeneous else \
            "homogeneous (A 3)" if not down else "treated as homogeneous (A 3)"
        lines.append(f"  {kind}: S1 = {tpns(stage.s1)}, p = {stage.p}, x = {stage.x}: "
                     + (", ".join(f"{a.tpn}-{b.tpn}" for a, b in pairs) or "no pairs")
                     + f" [{'; '.join(_stage_rules(stage))}]")
    left = [q.tpn for q in candidate.left if q is not group.spare]
    if left and lowest:
        lines.append(f"  left over: {tpns(left)} (A 5)")
    elif left and not candidate.stages and len(group.players) > 1:
        lines.append(f"  C 14: no pairing down to p = 1: the whole group moves down ({tpns(left)})")
    elif left:
        lines.append(f"  moves down: {tpns(left)} (C 6: not paired here)")
    lines += _float_notes(engine, candidate)
    lines += _colour_notes(engine, candidate, colours)
    return lines


def _stage_rules(stage: _Stage) -> list[str]:
    """The articles that produced a stage's pairs (C 6 when none of C 7-C 14 was needed)."""
    rules = []
    if stage.p < stage.p0:
        rules.append(f"C 14: p lowered from {stage.p0}")
    if stage.x > min(stage.p, max(0, stage.x0 - (stage.p0 - stage.p))):
        rules.append(f"C 11: x raised from {stage.x0}")
    rules += ["B 6 given up (B 3-B 6 are relative)", "C 9: B 5 dropped for downfloaters",
              "C 10: B 5 dropped for upfloaters"][:stage.relax]
    out, into = stage.exchange
    if out:
        rules.append(f"C 8: {tpns(out)} exchanged for {tpns(into)} (D 2)")
    if stage.transposed:
        rules.append("C 7: S2 transposed (D 1)")
    return rules or ["C 6"]


def _float_notes(engine: _Round, candidate: _Candidate) -> list[str]:
    """Floats this round that B 5 or B 6 would have forbidden (given up by the procedure)."""
    floats = [(q, Float.DOWN) for q in candidate.left]
    for a, b in candidate.pairs:
        if a.pairing_score != b.pairing_score:
            high, low = (a, b) if a.pairing_score > b.pairing_score else (b, a)
            floats += [(high, Float.DOWN), (low, Float.UP)]
    lines = []
    for player, direction in floats:
        if engine.floats_ok(player, direction, RELAX_LEVELS[0]):
            continue
        word = "down" if direction is Float.DOWN else "up"
        rule = "B 5" if engine.float1[player.tpn] is direction else "B 6"
        lines.append(f"  {player.tpn} floats {word} against {rule} (floated in one of the last two rounds)")
    return lines


def _colour_notes(engine: _Round, candidate: _Candidate, colours: dict[int, Colour]) -> list[str]:
    """Players of this group who do not get their colour preference (B 4, within x: A 8)."""
    lines = []
    for a, b in candidate.pairs:
        for player in (a, b):
            wanted, got = player.colour_preference, colours.get(player.tpn, Colour.NONE)
            if wanted is not Colour.NONE and got is not wanted:
                lines.append(f"  {player.tpn} wanted {wanted.name.lower()}, gets {got.name.lower()} "
                             f"(B 4, counted in x; colours by E 1-E 4)")
    return lines
