"""The steps of one Dutch bracket that the 2026 and the 2017 rules share.

Both Dutch engines (:mod:`swisspair.pairing.dutch`, C.04.3 as in force since
February 2026, and :mod:`swisspair.pairing.dutch2017`, the 2017 text) find the
best pairings of a bracket with a maximum-weight matching and then impose the
generation order one decision at a time, each by a further matching whose
weights prefer the next element of that order. The decisions, in order:

* :meth:`Bracket.choose_mdps`: which MDPs are paired (2026 art. 4.4; 2017 D.3);
* :meth:`Bracket.pair_mdps`: their opponents (art. 4.2 on the MDP-pairing; D.1);
* :meth:`Bracket.prefer_fewest_exchanges` and :meth:`Bracket.exchanges`: the
  remainder's exchanges (art. 4.3; D.2);
* :meth:`Bracket.transpositions`: each S1 participant's opponent (art. 4.2; D.1).

Two index spaces meet here, with a type each:

* :data:`Vertex`: a participant's number in the round, in the order of
  art. 1.2 (score, then rank; 0 is the first);
* :data:`Position`: a place in one bracket's list :attr:`Bracket.members`
  (its MDPs, its residents, then the next scoregroup). The bracket's weight
  matrix and its matching are read in positions; :attr:`Bracket.members`
  turns a position into a vertex.

What the systems do differently (the matching's weights, how it is solved,
shortcuts that are exact for one rule set only) is left to the subclasses.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from bisect import bisect_left

from swisspair.pairing.state import PairingState, PlayerState
from swisspair.valueclass import valueclass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Iterable, Sequence
    from typing import NewType, cast

    Vertex = NewType("Vertex", int)
    """A participant's number in the round: its index in the art. 1.2 order."""

    Position = NewType("Position", int)
    """A participant's place in one bracket's :attr:`Bracket.members`."""
else:
    # Two index spaces for the type checker; plain ints at run time, so that the engine
    # form does not import typing (docs/pairing.md, "Start-up").
    Vertex = Position = int

    def cast(_type: object, value: object) -> object:
        return value


def as_positions(values: list[int]) -> list[Position]:
    """``values`` read as positions: the solver numbers a bracket's members from 0, in order."""
    return cast("list[Position]", values)


def span(start: int, stop: int) -> Sequence[Position]:
    """The positions ``start`` to ``stop - 1``, in order."""
    return cast("Sequence[Position]", range(start, stop))


def kinds_of(members: Iterable[int], key: Callable[[int], Hashable]) -> tuple[list[int], list[int]]:
    """Each member's kind (a number: equal ``key``, equal kind) and one member of each kind, the first met.

    The engines read a pair's weight from a table per pair of kinds instead of
    computing it per pair (see :meth:`swisspair.pairing.dutch._DutchRound.pair_kinds`).
    """
    ids: dict[Hashable, int] = {}
    reps: list[int] = []
    kinds = []
    for v in members:
        k = ids.setdefault(key(v), len(reps))
        if k == len(reps):
            reps.append(v)
        kinds.append(k)
    return kinds, reps


def group_end(scores: Sequence[int], start: int) -> int:
    """The end of the scoregroup that begins at vertex ``start`` (art. 1.3: participants with equal scores)."""
    end = start
    while end < len(scores) and scores[end] >= scores[start]:
        end += 1
    return end


class RoundVertices:
    """A round's participants as vertices, in the order of art. 1.2 (score, then rank); the brackets paired."""

    def __init__(self, state: PairingState) -> None:
        self.state = state
        self.players: list[PlayerState] = sorted(state.to_pair, key=lambda p: (-p.pairing_score, p.rank_index))
        """The participants, by vertex."""
        self.n = len(self.players)
        self.scores = [p.pairing_score for p in self.players]
        self.last_round = state.played_rounds >= state.total_rounds - 1
        """Whether topscorers (art. 1.8; 2017: A.7) are exempt from C3 (2017: C.3)."""
        self.max_points = max(state.win, state.draw)
        self.brackets: list[BracketRecord] = []
        """What happened in each bracket, for the explanation."""

    def is_topscorer(self, vertex: int) -> bool:
        """Art. 1.8 (2017: A.7): more than half the maximum score, when pairing the last round."""
        return 2 * self.scores[vertex] > self.state.played_rounds * self.max_points


@valueclass(frozen=True)
class BracketRecord:
    """What happened in one bracket, for the explanation (vertices, not TPNs)."""

    score: int
    mdps: tuple[Vertex, ...]
    residents: int
    pairs: tuple[tuple[Vertex, Vertex], ...]
    downfloaters: tuple[Vertex, ...]
    kind: str = ""
    """The 2017 rules' special brackets: ``"PPB"``, ``"CLB"`` (after a PPB) or ``"last"``."""


class Carried:
    """A paired bracket split into its pairs and what the next bracket starts from.

    (A plain class, not a dataclass or named tuple: cheaper to define, and the engine's start-up counts.)
    """

    __slots__ = ("mdps", "members", "pairs")

    def __init__(self, pairs: list[tuple[Vertex, Vertex]], members: list[Vertex], mdps: int) -> None:
        self.pairs = pairs
        """The bracket's pairs, by the first member's position, lower vertex first."""
        self.members = members
        """The next bracket's list: the downfloaters (its MDPs), then the next scoregroup."""
        self.mdps = mdps
        """How many of :attr:`members` are downfloaters."""


class Bracket(ABC):
    """One bracket and the next scoregroup, while its decisions are taken.

    :attr:`base` holds the plain weights (from the criteria alone) in
    positions, ``base[larger][smaller]``, for ``larger`` from the first
    resident on (MDPs are not paired with one another). The exchange steps
    zero the entries of pairs that the chosen exchange rules out (art. 4.3),
    so that later steps need not look at them again. :attr:`mates` is the
    current matching, in positions; a participant matched with somebody
    below the next scoregroup (the 2026 engine's whole-round graph) has a
    mate past the last position.
    """

    def __init__(self, members: list[Vertex], sg_begin: int, next_begin: int, scores: Sequence[int],
                 order_bits: int) -> None:
        self.members = members
        """The bracket's MDPs ``[:sg_begin]``, residents ``[sg_begin:next_begin]``, then the next scoregroup."""
        self.sg_begin = sg_begin
        self.next_begin = next_begin
        self.size = len(members)
        self.scores = scores
        """Every participant's pairing score, by vertex."""
        self.order_bits = order_bits
        """Bits that hold a count of residents (room for the generation-order preferences)."""
        self.base: list[list[int]] = []
        self.matched = [False] * self.size
        """Whether each position is paired for good in this bracket."""
        self.mates: list[Position] = []
        self.preferences_set = False
        """Whether :meth:`ordered` weights were given to pairs of the remainder (:meth:`_fix_exchange` takes them back)."""

    # -- what each system supplies ---------------------------------------------------
    @abstractmethod
    def set(self, a: Position, b: Position, weight: int) -> None:
        """Give the pair ``a``-``b`` this weight in the matching (0: not allowed)."""

    @abstractmethod
    def set_row(self, a: Position, others: Sequence[Position], weights: list[int]) -> None:
        """:meth:`set` of ``a`` with each of ``others``, in order."""

    def places(self, positions: list[Position]) -> list[int]:
        """What :meth:`clear_row` takes for ``positions`` (by default the positions themselves)."""
        return list(positions)

    def clear_row(self, a: Position, places: list[int]) -> None:
        """Remove the pairs of ``a`` with the participants at ``places`` (:meth:`places`)."""
        self.set_row(a, [Position(p) for p in places], [0] * len(places))

    @abstractmethod
    def solve(self) -> None:
        """Re-optimise the matching and refresh :attr:`mates`."""

    @abstractmethod
    def fix(self, a: Position, b: Position) -> None:
        """Pair ``a`` with ``b`` for good (art. 4.2: a decision taken is not revisited)."""

    def earlier_excluded(self, a: Position, earlier: list[Position]) -> bool:
        """Whether no best matching can pair ``a`` with one of ``earlier`` (known without solving).

        ``False`` means "not known": the decision is then re-solved.
        """
        return False

    @abstractmethod
    def keeps_opponent(self, a: Position, candidates: list[Position]) -> bool:
        """Whether the S1 participant ``a``'s current opponent is already its first possible one (art. 4.2)."""

    def at_once(self, rest: list[Position]) -> bool:
        """Decide the opponents of the S1 participants among ``rest`` in one step, if worth it (art. 4.2).

        ``True`` when done (pairs fixed, :attr:`mates` refreshed); by
        default never, and the participants are taken one by one.
        """
        return False

    # -- reading the matching -----------------------------------------------------------
    def score(self, p: Position) -> int:
        """The pairing score of the participant at ``p``."""
        return self.scores[self.members[p]]

    def resident(self, p: Position) -> bool:
        """Whether ``p`` is a resident of the bracket (art. 1.4: not an MDP, not of the next scoregroup)."""
        return self.sg_begin <= p < self.next_begin

    def lowered(self, p: Position) -> bool:
        """Not paired with a later bracket member: out of S1 (moved to S2 or unpaired)."""
        mate = self.mates[p]
        return mate <= p or mate >= self.next_begin

    def ordered(self, smaller: Position, larger: Position, smaller_rem: int, rem_pairs: int) -> int:
        """The plain weight plus the art. 4.3 preferences: fewest exchanges, then the smallest BSN sum.

        ``smaller_rem`` is ``smaller``'s index in the remainder and
        ``rem_pairs`` the size of its S1 (art. 3.2).
        """
        w = self.base[larger][smaller]
        self.preferences_set = True
        if w:
            w += (((smaller_rem < rem_pairs) << (2 * self.order_bits)) - smaller_rem) << 1
        return w

    # -- the decisions, in the generation order ---------------------------------------------
    def pair(self) -> None:
        """Take the bracket's decisions in the generation order of art. 4 (2017: section D)."""
        self.solve()
        self.choose_mdps()
        self.pair_mdps()
        remainder, rem_pairs = self.remainder()
        if self.first_candidate(remainder, rem_pairs):
            return
        if self.exchange_possible(remainder, rem_pairs):
            self.prefer_fewest_exchanges(remainder, rem_pairs)
        self.exchanges(remainder, rem_pairs)
        self.transpositions(remainder)

    def first_candidate(self, remainder: list[Position], rem_pairs: int) -> bool:
        """Art. 3.3/3.4 (2017: D.1, D.2): S1[i] against S2[i], when it is as good as the optimum found, is the answer.

        The ordering matchings of art. 4.3 and 4.2 would only confirm it.
        The participants the candidate leaves unpaired may not be paired
        with one another any more.
        """
        pairs = self._canonical_remainder(remainder, rem_pairs)
        if pairs is None:
            return False
        matched, mates = self.matched, self.mates
        for pi, oi in pairs:
            matched[pi] = matched[oi] = True
            mates[pi], mates[oi] = oi, pi
            self.fix(pi, oi)
        floating = remainder[2 * rem_pairs:]
        for k, a in enumerate(floating):
            for b in floating[k + 1:]:
                self.set(a, b, 0)
        return True

    def _canonical_remainder(self, remainder: list[Position], rem_pairs: int
                             ) -> list[tuple[Position, Position]] | None:
        """S1[i] against S2[i] (art. 3.3), if it is as good as the optimum found; else ``None``.

        The candidate must have every pair allowed, leave the same participants
        unpaired in the remainder as the optimum (so the rest of the optimum
        stays valid with it), and have the same total weight.
        """
        base, mates = self.base, self.mates
        if 2 * rem_pairs > len(remainder):
            return None
        pairs = [(remainder[i], remainder[i + rem_pairs]) for i in range(rem_pairs)]
        total = 0
        for pi, oi in pairs:
            w = base[oi][pi]
            if not w:
                return None
            total += w
        inside = set(remainder)
        optimum = 0
        for pi in remainder[:2 * rem_pairs]:
            mate = mates[pi]
            if mate not in inside:
                return None
            if mate > pi:
                optimum += base[mate][pi]
        if any(mates[pi] != pi and mates[pi] in inside for pi in remainder[2 * rem_pairs:]):
            return None  # paired inside the remainder (an unpaired participant is its own mate)
        return pairs if total == optimum else None

    def exchange_possible(self, remainder: list[Position], rem_pairs: int) -> bool:
        """Whether the best pairing with the exchange preferences (:meth:`ordered`) may have an exchange (art. 4.3;
        2017: D.2).

        Not when the optimum keeps every S1 participant in S1: it then has the
        most pairs led by S1 and the smallest BSN sum, so it is already the
        best one, with no exchange.
        """
        return any(self.lowered(pi) for pi in remainder[:rem_pairs])

    def _mdp_group(self, start: Position) -> tuple[int, int]:
        """For the MDPs with the score of ``start`` and the lower ones: how many, how many paired now."""
        md_score = self.score(start)
        left = left_matched = 0
        j = start
        while j < self.size and self.score(j) >= md_score:
            left += 1
            left_matched += self.resident(self.mates[j])
            j = Position(j + 1)
        return left, left_matched

    def choose_mdps(self) -> None:
        """Art. 4.4 (2017: D.3): which MDPs are paired, the highest scores first, then the lowest BSNs.

        The optimum says how many MDPs of each score can be paired; MDP by
        MDP, each is tried first (a preference for its pairs with residents)
        and, once paired in the optimum, kept paired (its pairs with
        residents outweigh every later MDP's).
        """
        matched = self.matched
        residents = span(self.sg_begin, self.next_begin)
        md_score = left = left_matched = 0
        for pi in span(0, self.sg_begin):
            if pi == 0 or self.score(pi) < md_score:
                md_score = self.score(pi)
                left, left_matched = self._mdp_group(pi)
            if not left_matched:
                continue
            if left <= left_matched:
                matched[pi] = True
                continue
            left -= 1
            if not self.resident(self.mates[pi]):
                for oi in residents:
                    w = self.base[oi][pi]
                    if w:
                        self.set(pi, oi, w | 1)
                self.solve()
            if self.resident(self.mates[pi]):
                matched[pi] = True
                left_matched -= 1
                for oi in residents:
                    w = self.base[oi][pi]
                    if w:
                        self.set(pi, oi, (w | (self.next_begin - self.sg_begin)) + 1)

    def _prefer_earlier(self, a: Position, later_first: Sequence[Position], addend: int, skip_absent: bool) -> None:
        """Raise ``a``'s pairs by the candidate's rank from the end (``later_first``: the last candidate first).

        The rank starts at ``addend``; with ``skip_absent`` a forbidden pair
        (plain weight 0) takes no rank.
        """
        base = self.base
        for oi in later_first:
            w = base[oi][a]
            if w:
                self.set(a, oi, w + addend)
            elif skip_absent:
                continue
            addend += 1

    def pair_mdps(self) -> None:
        """Art. 4.2 on the MDP-pairing (2017: D.1): each paired MDP, in order, meets the first resident it can."""
        matched, base = self.matched, self.base
        residents = span(self.sg_begin, self.next_begin)
        for pi in span(0, self.sg_begin):
            if not matched[pi]:
                continue
            available = [oi for oi in residents if not matched[oi] and base[oi][pi]]
            mate = self.mates[pi]
            mate_at = available.index(mate) if mate in available else None
            if mate_at is None or (mate_at and not self.earlier_excluded(pi, available[:mate_at])):
                # Not already paired with the first resident available (nor known to be unable
                # to get an earlier one): re-solve with a preference for earlier residents.
                self._prefer_earlier(pi, [oi for oi in reversed(residents) if not matched[oi]], self.size, True)
                self.solve()
            mi = self.mates[pi]
            matched[mi] = True
            self.fix(pi, mi)

    def remainder(self) -> tuple[list[Position], int]:
        """The residents not paired with an MDP (art. 3.2: the remainder) and the size of its S1 now."""
        remainder = [pi for pi in span(self.sg_begin, self.next_begin) if self.mates[pi] >= self.sg_begin]
        return remainder, sum(1 for pi in remainder if self.mates[pi] < pi)

    def prefer_fewest_exchanges(self, remainder: list[Position], rem_pairs: int) -> None:
        """Art. 4.3 (2017: D.2): re-solve the remainder with the exchange preferences (:meth:`ordered`)."""
        for oidx, oi in enumerate(remainder):
            self.set_row(oi, remainder[:oidx],
                         [self.ordered(remainder[pidx], oi, pidx, rem_pairs) for pidx in range(oidx)])
        self.solve()

    def exchanges(self, remainder: list[Position], rem_pairs: int) -> None:
        """Art. 4.3 (2017: D.2): which S1 and S2 participants are exchanged, then fixed.

        The optimum with the exchange preferences has the fewest exchanges
        and the smallest BSN sum difference; which participants they are is
        then decided one at a time (:meth:`_s1_to_s2`, :meth:`_s2_to_s1`).
        """
        exchanges = sum(self.lowered(remainder[pidx]) for pidx in range(min(rem_pairs, len(remainder))))
        self._s1_to_s2(remainder, rem_pairs, exchanges)
        self._s2_to_s1(remainder, rem_pairs, exchanges)
        self._fix_exchange(remainder)

    def _s1_to_s2(self, remainder: list[Position], rem_pairs: int, exchanges: int) -> None:
        """Art. 4.3 (2017: D.2): which S1 participants move to S2.

        From the highest BSN down, each is moved whenever a best pairing
        allows it, until the number of exchanges is reached.
        """
        rlen = len(remainder)
        remaining = exchanges
        pidx = rem_pairs
        while pidx and remaining:
            pidx -= 1
            pi = remainder[pidx]
            if not self.lowered(pi):
                for oi in remainder[pidx + 1:]:
                    w = self.ordered(pi, oi, pidx, rem_pairs)
                    if w:
                        self.set(pi, oi, w - 1)
                self.solve()
            exchange = self.lowered(pi)
            remaining -= exchange
            for oidx in range(pidx + 1, rlen):
                oi = remainder[oidx]
                if exchange:
                    self.base[oi][pi] = 0
                self.set(pi, oi, self.ordered(pi, oi, pidx, rem_pairs))

    def _s2_to_s1(self, remainder: list[Position], rem_pairs: int, exchanges: int) -> None:
        """Art. 4.3 (2017: D.2): which S2 participants move to S1.

        From the lowest BSN up, each is moved whenever a best pairing allows
        it (the last one follows from the others).
        """
        base = self.base
        remaining = exchanges
        for pidx in range(rem_pairs, len(remainder)):
            if remaining <= 1:
                break
            pi = remainder[pidx]
            already = not self.lowered(pi)
            if not already:
                for oi in remainder[pidx + 1:]:
                    w = self.ordered(pi, oi, pidx, rem_pairs)
                    if w:
                        self.set(pi, oi, w + 1)
                self.solve()
            if not self.lowered(pi):
                remaining -= 1
                for oi in remainder[:pidx]:
                    base[pi][oi] = 0
                    self.set(pi, oi, 0)
                for oi in span(self.next_begin, self.size):
                    base[oi][pi] = 0
                    self.set(pi, oi, 0)
            if not already:
                for oidx in range(pidx + 1, len(remainder)):
                    oi = remainder[oidx]
                    self.set(pi, oi, self.ordered(pi, oi, pidx, rem_pairs))

    def _fix_exchange(self, remainder: list[Position]) -> None:
        """Keep only the pairs of an S1 participant with a later S2 one (the exchange chosen) at plain weights.

        The other pairs of the remainder are removed (an S2 participant's
        with a later one, two S1 participants'); those kept get their plain
        weights back, when an exchange preference was set on them
        (:attr:`preferences_set`). Row by row of :attr:`base` (the larger
        position's): an S1 participant loses its pairs with every earlier
        member of the remainder, an S2 participant those with the earlier
        S2 ones, a run of consecutive positions zeroed at once.
        """
        base = self.base
        in_s1 = [not self.lowered(pi) for pi in remainder]
        s2 = [pi for pi, s1 in zip(remainder, in_s1) if not s1]
        runs_all, runs_s2 = _runs(remainder), _runs(s2)
        places = self.places(remainder)
        s2_places = self.places(s2)
        s1_before: list[Position] = []
        for ridx, q in enumerate(remainder):
            row = base[q]
            if in_s1[ridx]:
                _zero_runs(row, runs_all, q)
                self.clear_row(q, places[:ridx])
                s1_before.append(q)
                continue
            sidx = bisect_left(s2, q)
            _zero_runs(row, runs_s2, q)
            self.clear_row(q, s2_places[:sidx])
            if self.preferences_set and s1_before:
                self.set_row(q, s1_before, list(map(row.__getitem__, s1_before)))

    def decide_run(self, rest: list[Position]) -> bool:
        """Art. 4.2: fix the opponents of the first S1 participant of ``rest``, and of those after it, where
        that is known without a matching.

        ``True`` when the first one is decided (the decided pairs are fixed
        and marked in :attr:`matched`); by default never.
        """
        return False

    def transpositions(self, remainder: list[Position]) -> None:
        """Art. 4.2 (2017: D.1): each S1 participant, from the first, meets the first S2 participant it can."""
        matched = self.matched
        for pidx, pi in enumerate(remainder):
            if matched[pi] or self.lowered(pi) or self.decide_run(remainder[pidx:]):
                continue
            candidates = [oi for oi in remainder if oi > pi and not matched[oi]]
            if not self.keeps_opponent(pi, candidates):
                if self.at_once(remainder[pidx:]):
                    return
                self._prefer_earlier(pi, candidates[::-1], 0, False)
                self.solve()
            mi = self.mates[pi]
            matched[pi] = matched[mi] = True
            self.fix(pi, mi)

    # -- the outcome ------------------------------------------------------------------
    def carried(self) -> Carried:
        """The bracket's pairs, and its downfloaters followed by the next scoregroup (art. 1.9.2)."""
        members, mates, matched = self.members, self.mates, self.matched
        pairs: list[tuple[Vertex, Vertex]] = []
        following: list[Vertex] = []
        mdps = 0
        for pi in span(0, self.size):
            pv = members[pi]
            if pi < self.next_begin and matched[pi]:
                mv = members[mates[pi]]
                if pv < mv:
                    pairs.append((pv, mv))
            else:
                following.append(pv)
                mdps += pi < self.next_begin
        return Carried(pairs, following, mdps)

    def record(self, score: int, kind: str = "") -> tuple[BracketRecord, Carried]:
        """:meth:`carried`, and the bracket's summary for the explanation."""
        carried = self.carried()
        return BracketRecord(
            score=score,
            mdps=tuple(self.members[:self.sg_begin]),
            residents=self.next_begin - self.sg_begin,
            pairs=tuple(carried.pairs),
            downfloaters=tuple(carried.members[:carried.mdps]),
            kind=kind,
        ), carried


def _runs(positions: list[Position]) -> list[tuple[int, int]]:
    """The runs of consecutive positions in ``positions`` (sorted), as ``(first, past the last)``."""
    runs: list[tuple[int, int]] = []
    for p in positions:
        if runs and runs[-1][1] == p:
            runs[-1] = (runs[-1][0], p + 1)
        else:
            runs.append((p, p + 1))
    return runs


def _zero_runs(row: list[int], runs: list[tuple[int, int]], before: int) -> None:
    """Zero ``row`` over each run, up to the position ``before`` (not included)."""
    for first, past in runs:
        if first >= before:
            break
        past = min(past, before)
        row[first:past] = [0] * (past - first)
