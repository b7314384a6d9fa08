"""The FIDE Dutch system, 1992 rules (approved 1991/1992; Czech text of 20 September 1992, A-F).

The procedure is implemented *as written*, by direct enumeration with
pruning, not by weighted matching:

* **Order** (A 2): pairing score, then the starting number (TPN),
  which A 2 assigns by rating, title and name before round 1.
* **Score groups** (A 3): players with equal scores; players left unpaired
  move down to the next group, which becomes heterogeneous; a group with at
  least half downfloaters is treated as homogeneous.
* **S1/S2, p and x** (A 6, A 8, C 2-C 5): S1 holds the downfloaters (or the
  upper half), ``p = |S1|``; x = max(w, b) - ceil(n / 2), at least 0.
* **C 6/C 7**: S1[i] against S2[i]; S2 is transposed in the order of D 1
  (lexicographic on the positions in S2), searched depth first with pruning
  on B 1, B 2, the x budget of B 4 (x may exceed p: then it binds no pair)
  and, until given up, B 5/B 6.
* **C 8**: exchanges in the order of D 2 (:func:`exchange_order`).
* **B 6** as the text has it: a floater (up or down) does not float again in
  the two following rounds. No step of the text gives it up; the engine gives
  it up first, as the least important relative criterion (its reading, said
  so in the explanation); then **C 9/C 10** give up B 5 for downfloats, then
  upfloats.
* **C 11**: x increased up to p; **C 14**: p decreased (x too when it was
  positive); at p = 0 the whole group moves down. Both start B 5/B 6 afresh.
* **A heterogeneous group**: the moved-down players are paired first
  (S1 = them); for each of their pairings in D 1 order the remainder runs
  C 6-C 9, then **C 10** takes another opponent for the lowest moved-down
  player; after all of them B 5 is given up for upfloaters, then C 11 raises
  and C 14 lowers the remainder's x and p, each pairing the moved-down players
  again from the first (:meth:`_Round.remainder_phase`).
* **C 1**: a resident with no B 1/B 2-compatible opponent in its group moves
  down; **C 12**: when a moved-down player has none, or the moved-down players
  cannot all be paired, the group above first tries its other pairings with as
  many pairs; in the lowest group the pairing must be complete, else the
  penultimate group is re-paired and, failing that, the two lowest groups are
  merged (**C 13**). In an odd lowest group the one player without an
  opponent is the player A 5 leaves over when he may have the bye.
* **Bye** (A 5, B 1 b): the player left over by the lowest group; he must
  never have scored a point without playing (PAB, forfeit win or full-point
  bye). It counts as a downfloat.
* **Colours** (E 1-E 4, F 3) and **board order** (F 1); in the last round a
  player above 50 % has no absolute preference (A 7 a's note).
* ``--explain``: per score group what the search tried in the text's order and
  the rule each rejected candidate broke, the pairs accepted (White-Black) with
  the articles that produced them, who moved down or floated, each board's
  colours with the rule of E, and the bye (:func:`explain_1992`).

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

TRACE_LINES = 40
"""S1/S2 splits and rejected candidates of one score group that ``--explain`` shows; the others are counted."""

SPLIT_LINES = 4
"""Rejected candidates of one S1/S2 split that ``--explain`` shows."""

STEP_LINES = 20
"""Steps of the procedure (C 10, C 11, C 14) of one score group that ``--explain`` shows."""

Relax = tuple[bool, bool, bool]
"""(B 6 dropped, B 5 dropped for downfloats, B 5 dropped for upfloats)."""

RELAX_TEXTS = ("B 6 given up (the engine's reading, not a step of the text)",
               "C 9: B 5 given up for downfloats", "C 10: B 5 given up for upfloats")
"""What each flag of :data:`Relax` gives up, for ``--explain``."""

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
    relax: Relax
    """The relative criteria given up (:data:`Relax`)."""
    exchange: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """TPNs moved out of S1 and into it (C 8, D 2)."""
    transposed: bool = False
    """S2 taken in another order than its own (C 7, D 1)."""


class _Trace:
    """What the search of one score group tried, in the text's order (``--explain``).

    Of the steps of the procedure (C 10, C 11, C 14, a pairing of the moved-down players) the first
    :data:`STEP_LINES`; of the S1/S2 splits and the candidates rejected in each, the first
    :data:`TRACE_LINES` lines, at most :data:`SPLIT_LINES` candidates per split; the others are counted.
    """

    __slots__ = ("lines", "more", "shown", "in_split", "steps", "rejected")

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.more = 0
        self.shown = 0
        """Split and candidate lines kept so far."""
        self.in_split = 0
        """Candidate lines kept for the current split."""
        self.steps = 0
        """Step lines kept so far."""
        self.rejected = 0
        """Candidates rejected and steps taken (none: the first candidate was accepted at once)."""

    def step(self, line: str) -> None:
        """A step of the procedure (kept up to :data:`STEP_LINES`)."""
        self.rejected += 1
        if self.steps >= STEP_LINES:
            self.more += 1
            return
        self.lines.append(line)
        self.steps += 1

    def split(self, line: str) -> bool:
        """A new S1/S2 split; whether its candidates will be shown."""
        self.in_split = 0
        if self.shown >= TRACE_LINES:
            return False
        self.lines.append(line)
        self.shown += 1
        return True

    @property
    def full(self) -> bool:
        """No room for another rejected candidate of this split."""
        return self.shown >= TRACE_LINES or self.in_split >= SPLIT_LINES

    def candidate(self, line: str) -> None:
        self.rejected += 1
        if self.full:
            self.more += 1
            return
        self.lines.append(line)
        self.shown += 1
        self.in_split += 1


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
    """Accepted while C 12 held: the group below paired every player moved down into it."""
    trace: _Trace
    """What the search tried before it (``--explain``)."""


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
        self.decided: list[_Decided] = []
        """The pairing accepted for each score group, from the highest (after :meth:`run`)."""
        self.trace: _Trace | None = None
        """Where the search of the score group being paired writes what it tries (``--explain``)."""

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
        trace = self.trace
        if trace is not None:
            trace.split(self.stage_line(stage, s1, s2))

        def tried(b: PlayerState | None, rule: str) -> None:
            assert trace is not None
            if trace.full:
                trace.more += 1
                trace.rejected += 1
                return
            pairs = [(s1[i], s2[j]) for i, j in enumerate(chosen)] + ([(s1[len(chosen)], b)] if b else [])
            trace.candidate(f"    {', '.join(f'{u.tpn} v {v.tpn}' for u, v in pairs) or 'S1 against S2'}: {rule}")

        def walk(depth: int, conflicts: int) -> Iterator[_Candidate]:
            self.steps += 1
            if self.steps > SEARCH_LIMIT:
                raise LimitExceededError(f"dutch-1992: more than {SEARCH_LIMIT} search steps")
            if sum(1 for j in must_pair if not used[j]) > p - depth:
                if trace is not None:
                    tried(None, self.leftover_rule([s2[j] for j in must_pair if not used[j]], relax))
                return                                               # B 5/B 6: they cannot all be paired
            least = _least_conflicts(left1, left2)
            if conflicts + least > x:
                if trace is not None:
                    tried(None, f"B 4: at least {conflicts + least} pair(s) would not get both colour preferences, "
                                f"x = {x}")
                return                                               # B 4: x conflicts are not enough
            if depth == p:
                pairs = [(s1[i], s2[j]) for i, j in enumerate(chosen)]
                identity = all(i == j for i, j in enumerate(chosen))
                yield _Candidate(pairs, [q for j, q in enumerate(s2) if not used[j]], (stage if identity else moved,))
                return
            a = s1[depth]
            left1[a.colour_preference] -= 1
            for j, b in enumerate(s2):
                if used[j]:
                    continue
                if not self.compatible(a, b):
                    if trace is not None:
                        tried(b, self.absolute_rule(a, b))
                    continue
                if not self.pair_ok(a, b, relax):
                    if trace is not None:
                        tried(b, self.float_rule(a, b, relax))
                    continue
                extra = conflicts + self.conflict(a, b)
                if extra > x:
                    if trace is not None:
                        tried(b, f"B 4: both want {a.colour_preference.name.lower()}, and x = {x} is used up")
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

    # -- the rules a candidate broke (--explain) --------------------------------

    def stage_line(self, stage: _Stage, s1: list[PlayerState], s2: list[PlayerState]) -> str:
        """The head of one S1/S2 split in the trace: p, x, what is given up, the exchange."""
        parts = [f"  S1 = {tpns(q.tpn for q in s1)} | S2 = {tpns(q.tpn for q in s2)}: p = {stage.p}, x = {stage.x}"]
        out, into = stage.exchange
        if out:
            parts.append(f"C 8: {tpns(out)} exchanged for {tpns(into)} (D 2)")
        parts += [text for flag, text in zip(stage.relax, RELAX_TEXTS, strict=True) if flag]
        return "; ".join(parts)

    def absolute_rule(self, a: PlayerState, b: PlayerState) -> str:
        """The absolute criterion (B 1 a, B 2) that forbids the pair ``a``-``b``."""
        if b.tpn in self.state.forbidden.get(a.tpn, set()):
            met = next((k for k, r in enumerate(a.records, 1) if r.played and r.opponent == b.tpn), None)
            return f"B 1 a: they met in round {met}" if met else "B 1 a: a pair the event forbids"
        limits = [self.b2_rule(q, c) for colour in (Colour.WHITE, Colour.BLACK)
                  for q, c in ((a, colour), (b, colour.opposite)) if not self.can_take(q, c)]
        return ", ".join(dict.fromkeys(limits))

    def b2_rule(self, player: PlayerState, colour: Colour) -> str:
        """Which part of B 2 giving ``colour`` to ``player`` breaks."""
        if self.colours[player.tpn][1] is colour:
            return f"B 2 b: {player.tpn} may not have {colour.name.lower()} a third time running"
        return f"B 2 a: {player.tpn} may not have {colour.name.lower()} (colour difference beyond 2)"

    def float_rule(self, a: PlayerState, b: PlayerState, relax: Relax) -> str:
        """The float criterion (B 5, B 6) the pair ``a``-``b`` breaks (A 4: the higher score floats down)."""
        high, low = (a, b) if a.pairing_score > b.pairing_score else (b, a)
        for player, direction in ((high, Float.DOWN), (low, Float.UP)):
            if not self.floats_ok(player, direction, relax):
                return self.one_float_rule(player, direction, relax)
        return ""

    def one_float_rule(self, player: PlayerState, direction: Float, relax: Relax) -> str:
        """Why ``player`` may not float in ``direction`` now: B 5 or B 6, with the round of his float."""
        word = "down" if direction is Float.DOWN else "up"
        last = self.float1[player.tpn]
        if not relax[0] and (last is not Float.NONE or self.float2[player.tpn] is not Float.NONE):
            back = 1 if last is not Float.NONE else 2
            before = "down" if (last if back == 1 else self.float2[player.tpn]) is Float.DOWN else "up"
            return (f"B 6: {player.tpn} floated {before} in round {self.state.round_number - back} and may not "
                    f"float again for two rounds")
        return f"B 5: {player.tpn} floated {word} in round {self.state.round_number - 1} too"

    def leftover_rule(self, players: list[PlayerState], relax: Relax) -> str:
        """Why the S2 players ``players`` must be paired: each may not float down again (B 5, B 6)."""
        return "; ".join(self.one_float_rule(q, Float.DOWN, relax) for q in players) + \
            " - not all of them can be paired"

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

    def homogeneous(self, players: list[PlayerState], complete: bool = False) -> Iterator[_Candidate]:
        """A homogeneous group (or one A 3 treats as such): C 2-C 9, C 11, C 14; D 1 and D 2.

        :param complete: the lowest group (C 13): only pairings of everybody.
        """
        n = len(players)
        if n < 2:                                                    # nothing to pair: C 6 ends at once
            yield _Candidate([], list(players))
            return
        p0 = n // 2
        x0 = x_value(players)
        best = self.max_pairs(players)
        for p in range(p0, 0, -1):                                   # C 14
            if complete and p < p0:
                return
            if p > best:
                continue
            for x in range(min(p, max(0, x0 - (p0 - p))), p + 1):   # C 11
                for relax in RELAX_LEVELS:                           # B 6 (reading), C 9, C 10
                    yield from self.exchanged(players, _Stage(False, (), p, p0, x, x0, relax))
        if not complete:
            yield _Candidate([], list(players))

    def exchanged(self, players: list[PlayerState], stage: _Stage) -> Iterator[_Candidate]:
        """C 4-C 8 at the p, x and relaxation of ``stage``: S1 the p highest, then each exchange of D 2."""
        n, p = len(players), stage.p
        numbers = list(range(1, n + 1))
        for out, into in chain([((), ())], exchange_order(numbers[:p], numbers[p:])):    # C 8
            self.steps += 1
            moved = (set(numbers[:p]) - set(out)) | set(into)
            s1 = [players[i - 1] for i in numbers if i in moved]    # C 5
            s2 = [players[i - 1] for i in numbers if i not in moved]
            exchange = (tuple(players[i - 1].tpn for i in out), tuple(players[i - 1].tpn for i in into))
            yield from self.transposed(s1, s2, stage.x, stage.relax, True,
                                       replace(stage, s1=tuple(q.tpn for q in s1), exchange=exchange))

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
            s1, s2 = players[:p], players[p:]
            for x in range(min(p, max(0, x0 - (downfloaters - p))), p + 1):   # C 11 (x >= p: B 4 binds no pair)
                for relax in RELAX_LEVELS:                           # B 6 (reading), C 9, C 10
                    stage = _Stage(False, tuple(q.tpn for q in s1), p, downfloaters, x, x0, relax)
                    trace, self.trace = self.trace, None
                    found = next(self.transposed(s1, s2, x, relax, False, stage), None)
                    self.trace = trace
                    if found is None:
                        continue
                    yield from self.remainder_phase(s1, s2, stage, complete)
                    if complete:
                        return                                       # C 13 follows
                    break
        if not complete:
            yield _Candidate([], list(players))

    def remainder_phase(self, s1: list[PlayerState], s2: list[PlayerState], stage: _Stage,
                        complete: bool) -> Iterator[_Candidate]:
        """The moved-down players' pairings (S1 = them) with their remainders, in the text's order.

        For each pairing of the moved-down players in D 1's order (C 10: another opponent for the
        lowest of them), the remainder from C 2 with its C 6-C 9 (:meth:`remainder`); when none is
        left, B 5 is given up for upfloaters (C 10) and they are paired again from the first; then
        C 11 raises the remainder's x and C 14 lowers its p, each pairing the moved-down players
        again from the first (C 11: "zrušte rovněž všechny dvojice hráčů přesunutých dolů").
        """
        p, x, relax = len(s1), stage.x, stage.relax
        most = (len(s2) - p) // 2
        failed: set[tuple[frozenset[int], int, int, bool]] = set()
        lowest = s1[-1].tpn
        for reductions in range(1 if complete else most + 1):       # C 14 in the remainder
            for raises in range(most + 1):                           # C 11 in the remainder
                if reductions or raises:
                    self.note(f"  C {14 if not raises else 11}: the remainder's {'x raised' if raises else 'p lowered'}"
                              f" (p - {reductions}, x + {raises}); the moved-down players' pairs undone, from C 2")
                for up in (False, True):                             # C 10, second sentence
                    if up and relax[2]:
                        continue
                    if up:
                        self.note("  C 10: no other opponent is left: B 5 given up for upfloaters, the moved-down "
                                  "players paired again from the first")
                    moved_relax = (True, relax[1], True) if up else relax
                    moved_stage = replace(stage, relax=moved_relax)
                    for first in self.transposed(s1, s2, x, moved_relax, False, moved_stage):   # C 10
                        key = (frozenset(q.tpn for q in first.left), reductions, raises, up)
                        shown = ", ".join(f"{a.tpn} v {b.tpn}" for a, b in first.pairs)
                        if key in failed:
                            self.note(f"    {shown}: leaves the same remainder, which had no pairing (C 10)")
                            continue
                        self.note(f"    {shown}: the moved-down players paired (C 6/C 7); the remainder from C 2:")
                        found = False
                        for second in self.remainder(first.left, reductions, raises, up):
                            if complete and not self.complete(second):
                                self.note(f"    {', '.join(f'{a.tpn} v {b.tpn}' for a, b in second.pairs)}: "
                                          f"{tpns(q.tpn for q in second.left)} left without a bye (A 5, B 1 b)")
                                continue
                            found = True
                            yield _Candidate(first.pairs + second.pairs, second.left, first.stages + second.stages)
                        if not found:
                            failed.add(key)
                            self.note(f"  no pairing of this remainder (C 6-C 9): C 10, another opponent for {lowest}, "
                                      "the lowest moved-down player")

    def note(self, line: str) -> None:
        """A step of the procedure in the trace of the score group being paired (``--explain``)."""
        if self.trace is not None:
            self.trace.step(line)

    def remainder(self, players: list[PlayerState], reductions: int, raises: int, up: bool) -> Iterator[_Candidate]:
        """A remainder (A 3) from C 2 with ``reductions`` of C 14 and ``raises`` of C 11: C 6-C 9.

        B 6 (reading) and then B 5 for downfloats (C 9) are given up in turn; B 5 for upfloats only
        when ``up`` (C 10 gave it up for the whole group).
        """
        n = len(players)
        p0 = n // 2
        p = p0 - reductions
        if p <= 0:                                                   # nothing to pair, or C 14 down to p = 0
            yield _Candidate([], list(players))
            return
        x0 = x_value(players)
        x = min(p, max(0, x0 - reductions) + raises)
        if p > self.max_pairs(players):
            return
        for relax in ((False, False, up), (True, False, up), (True, True, up)):
            yield from self.exchanged(players, _Stage(True, (), p, p0, x, x0, relax))

    # -- C 1, C 12, C 13: the groups -------------------------------------------

    def solve(self, index: int, incoming: list[PlayerState], groups: list[list[PlayerState]],
              reject: bool = True) -> list[_Decided] | None:
        """Pair groups ``index``.. with ``incoming`` downfloaters; ``None`` when impossible.

        :param reject: C 12: refuse (``None``) when an incoming downfloater has no
            B 1/B 2-compatible opponent in this group, or the downfloaters of a
            heterogeneous group cannot all be paired, so that the group above
            tries its other pairings with as many pairs, floating a different
            player; without it such a player moves on down (C 1) or the group
            lowers p (C 14).
        """
        last = index == len(groups) - 1
        sorted_players = sorted(incoming + groups[index], key=self.key)
        checked = self.c1(sorted_players, incoming, last, reject)
        if checked is None:
            return None
        players, moved, spare = checked
        down = sum(1 for q in players if q in incoming)
        if reject and 0 < down and 2 * down < len(players) and not self.all_placed(players[:down], players[down:]):
            return None                                              # C 12: the moved-down players cannot all be paired
        below = players + moved + [q for g in groups[index + 1:] for q in g]
        if self.max_pairs(below, bye=True) < len(below) // 2:
            return None                                              # C 12/C 13 at once: no pairing below
        start = self.steps
        penultimate = index == len(groups) - 2
        rejected = 0
        first: int | None = None
        for strict in (True, False):
            seen: set[frozenset[int]] = set()
            trace = _Trace()
            for candidate in self.traced(trace, self.group(players, down, complete=last)):
                if penultimate and self.steps - start > PENULTIMATE_BUDGET:
                    break
                first = len(candidate.pairs) if first is None else first
                if strict and len(candidate.pairs) != first:
                    continue                                         # C 12: as many pairs, another player moved down
                left = frozenset(q.tpn for q in candidate.left)
                if left in seen:
                    continue
                seen.add(left)
                decided = _Decided(players, incoming, moved, spare, candidate, rejected, strict, trace)
                if last:
                    if self.complete(candidate, spare):
                        return [decided]
                    trace.step(f"  {_shown(candidate)}: {tpns(q.tpn for q in candidate.left)} left without a bye "
                               "(A 5, B 1 b)")
                    continue
                rest = self.solve(index + 1, candidate.left + moved, groups, strict)
                if rest is not None:
                    return [decided, *rest]
                rejected += 1
                trace.step(f"  {_shown(candidate)}: the groups below cannot then be paired (C 12, C 13)")
            if last:
                return None
        # C 13: the groups from here down have no pairing: merge them and start again.
        merged = groups[:index] + [[q for g in groups[index:] for q in g]]
        return self.solve(index, incoming, merged, reject)

    def traced(self, trace: _Trace, candidates: Iterator[_Candidate]) -> Iterator[_Candidate]:
        """``candidates``, each computed with :attr:`trace` set to ``trace`` (the groups below, paired
        between two of them, write to their own)."""
        while True:
            self.trace = trace
            candidate = next(candidates, None)
            if candidate is None:
                return
            yield candidate

    def all_placed(self, s1: list[PlayerState], s2: list[PlayerState]) -> bool:
        """Every player of ``s1`` can have a B 1/B 2-compatible opponent of ``s2``, all different (C 12)."""
        vertices = [q.tpn for q in s1 + s2]
        by_tpn = {q.tpn: q for q in s1 + s2}
        top = {q.tpn for q in s1}
        matching = CardinalityMatching(
            vertices, lambda u, v: (u in top) != (v in top) and self.compatible(by_tpn[u], by_tpn[v]))
        matching.maximise()
        return len(matching.mate) // 2 == len(s1)

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
        """3 absolute, 2 strong, 1 mild, 0 none (A 7).

        A 7 a does not apply in the last round to a player above 50 % ("Toto pravidlo neplatí v
        posledním kole při sestavování dvojic hráčů se ziskem nad 50% bodů"): his preference is
        then the strong or mild one of A 7 b-c, and E 2 weighs it as such.
        """
        if player.colour_preference is Colour.NONE:
            return 0
        diff, twice = self.colours[player.tpn]
        if not self.exempt[player.tpn] and (abs(diff) > 1 or twice is not Colour.NONE):
            return 3
        return 2 if diff else 1

    def white_of(self, a: PlayerState, b: PlayerState) -> PlayerState:
        """Who gets White (E 1-E 4), within the limits of B 2."""
        return self.colours_of(a, b)[0]

    def colours_of(self, a: PlayerState, b: PlayerState) -> tuple[PlayerState, str]:
        """Who gets White (E 1-E 4, within the limits of B 2) and the rule that decided it."""
        higher, lower = (a, b) if self.key(a) < self.key(b) else (b, a)
        hp, lp = higher.colour_preference, lower.colour_preference
        names = ("none", "mild", "strong", "absolute")
        wanted: Colour
        if hp is not lp and hp is not Colour.NONE and lp is not Colour.NONE:    # E 1
            wanted, why = hp, "E 1: both preferences granted"
        elif hp is not lp:                                           # E 1 (only one has a preference)
            wanted = hp if hp is not Colour.NONE else lp.opposite
            who = higher if hp is not Colour.NONE else lower
            why = f"E 1: {who.tpn}'s preference granted (the other has none)"
        elif self.strength(higher) != self.strength(lower):          # E 2
            stronger, weaker = (higher, lower) if self.strength(higher) > self.strength(lower) else (lower, higher)
            wanted = hp if stronger is higher else lp.opposite
            why = (f"E 2: both want {hp.name.lower()}; {stronger.tpn}'s preference is "
                   f"{names[self.strength(stronger)]}, {weaker.tpn}'s {names[self.strength(weaker)]}")
        else:
            mine, theirs = latest_colour_difference(higher, lower)   # E 3, F 3
            if mine is not Colour.NONE and theirs is not Colour.NONE:
                wanted = mine.opposite
                why = (f"E 3: in their last games with different colours (F 3) {higher.tpn} had "
                       f"{mine.name.lower()}: the colours alternate")
            elif hp is not Colour.NONE:                              # E 4
                wanted, why = hp, f"E 4: the higher-ranked, {higher.tpn}, has his preference"
            else:                                                    # E 4, first round
                initial = self.state.initial_colour
                wanted = initial if higher.tpn % 2 else initial.opposite
                why = (f"E 4: no preferences; {higher.tpn}, in S1, has {wanted.name.lower()} ("
                       f"{'odd' if higher.tpn % 2 else 'even'} starting number, colours drawn by lot)")
        if not (self.can_take(higher, wanted) and self.can_take(lower, wanted.opposite)):
            wanted = wanted.opposite
            why += "; reversed, since the other way breaks B 2"
        return (higher if wanted is Colour.WHITE else lower), why

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
        self.decided = decided
        pairs = [pair for group in decided for pair in group.candidate.pairs]
        paired = {q.tpn for pair in pairs for q in pair}
        bye = next((q.tpn for q in players if q.tpn not in paired), None)

        def order(pair: tuple[PlayerState, PlayerState]) -> tuple[int, int, int]:   # F 1
            higher = min(pair, key=self.key)
            return (-higher.pairing_score, -(pair[0].pairing_score + pair[1].pairing_score), higher.tpn)

        boards, reasons = [], []
        for a, b in sorted(pairs, key=order):
            white, why = self.colours_of(a, b)
            boards.append(Board(white.tpn, (b if white is a else a).tpn))
            reasons.append(why)
        notes = explain_1992(self, decided, list(zip(boards, reasons, strict=True)), bye)
        return RoundPairing(self.state.round_number, tuple(boards), bye, tuple(notes))


# -- --explain -------------------------------------------------------------------

def _shown(candidate: _Candidate) -> str:
    """A candidate's pairs as the trace shows them (S1 player first: not yet coloured)."""
    return ", ".join(f"{a.tpn} v {b.tpn}" for a, b in candidate.pairs) or "no pairs"


def explain_1992(engine: _Round, decided: list[_Decided], boards: list[tuple[Board, str]], bye: int | None
                 ) -> list[str]:
    """Per score group, what the search tried in the text's order and what broke each rejected
    candidate, the pairing accepted and the articles behind it, who moved down or floated; then
    each board White-Black with the rule of E that gave its colours (``--explain``)."""
    state = engine.state
    lines = [f"Round {state.round_number}: {len(state.to_pair)} players to pair (FIDE Dutch system, 1992 rules)"]
    free = sorted(tpn for tpn, exempt in engine.exempt.items() if exempt)
    if free:
        lines.append(f"Last round: B 2, B 5, B 6 and A 7 a do not bind {tpns(free)} (more than 50 %; notes to A 7 a "
                     "and B 6)")
    colours = {b.white: Colour.WHITE for b, _ in boards} | {b.black: Colour.BLACK for b, _ in boards}
    for group in decided:
        lines.extend(_group_notes(engine, group, colours, group is decided[-1]))
    lines.append("Boards (White-Black), colours by E 1-E 4:")
    lines += [f"  {board.white}-{board.black}: {why}" for board, why in boards]
    if bye is not None:
        lines.append(f"Bye: {bye}, the player left over by the lowest group (A 5; B 1 b: no earlier point "
                     "without playing)")
    return lines


def _group_notes(engine: _Round, group: _Decided, colours: dict[int, Colour], lowest: bool) -> list[str]:
    """The lines of one score group: header, C 1/C 12/C 13, the search, each stage, floats and colours."""
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
    alone = len(everybody) == 1
    for q in group.moved:
        lines.append(f"  {q.tpn} is alone in the group: nothing to pair (A 6: p = 0), he moves down (A 3)" if alone
                     else f"  C 1: {q.tpn} has no opponent here under B 1/B 2: moves down")
    if group.spare is not None:
        lines.append(f"  {group.spare.tpn} is alone in the group: he is the one left over (A 5)" if alone else
                     f"  C 1, A 5: {group.spare.tpn} has no opponent here under B 1/B 2: he is the one left over")
    if not group.strict:
        lines.append("  C 12: no other pairing of this group with as many pairs lets the group below pair every "
                     "player moved down into it; it goes on with this one")
    elif group.rejected:
        lines.append(f"  C 12/C 13: {group.rejected} earlier pairing(s) of this group left no pairing below")
    if group.trace.rejected:
        lines += ["  tried, in the order of the text:", *group.trace.lines]
    if group.trace.more:
        lines.append(f"    ... and {group.trace.more} more line(s) of the search")
    candidate = group.candidate
    down = sum(1 for q in group.players if q in group.incoming)
    heterogeneous = 0 < down and 2 * down < len(group.players)
    for stage in candidate.stages:
        pairs = [(a, b) for a, b in candidate.pairs if a.tpn in stage.s1]
        kind = "remainder (A 3)" if stage.remainder else "moved-down players (A 6)" if heterogeneous else \
            "homogeneous (A 3)" if not down else "treated as homogeneous (A 3)"
        shown = [f"{a.tpn}-{b.tpn}" if colours.get(a.tpn) is Colour.WHITE else f"{b.tpn}-{a.tpn}" for a, b in pairs]
        lines.append(f"  accepted, {kind}: S1 = {tpns(stage.s1)}, p = {stage.p}, x = {stage.x}: "
                     + (f"{', '.join(shown)} (White-Black)" if shown else "no pairs")
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
    rules += [text for flag, text in zip(stage.relax, RELAX_TEXTS, strict=True) if flag]
    out, into = stage.exchange
    if out:
        rules.append(f"C 8: {tpns(out)} exchanged for {tpns(into)} (D 2)")
    if stage.transposed:
        rules.append("C 7: S2 transposed (D 1)")
    return rules or ["C 6"]


def _float_notes(engine: _Round, candidate: _Candidate) -> list[str]:
    """Floats this round that B 5 or B 6 would have forbidden, and the step that gave the criterion up."""
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
        rule = engine.one_float_rule(player, direction, RELAX_LEVELS[0])
        given_up = RELAX_TEXTS[0] if rule.startswith("B 6") else RELAX_TEXTS[1 if direction is Float.DOWN else 2]
        lines.append(f"  {player.tpn} floats {word} against {rule}; {given_up}")
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
