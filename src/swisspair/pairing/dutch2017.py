"""The FIDE (Dutch) System, C.04.3 as in force from 2017 to 31 January 2026.

Tournaments paired before February 2026 must be re-checkable under the rules
they were paired with. This module implements that text ("2017 rules", the
Baku 2016 text with the Goynuk 2017 additions), as its reference engine
(bbpPairings 5.0.1, the release for those rules) applies it. Article numbers
below are those of the 2017 text (sections A-E).

What differs from the 2026 system (:mod:`swisspair.pairing.dutch`)
------------------------------------------------------------------
* **Floats (A.4).** Every unplayed round counts as a downfloat, whatever it
  scored (a zero-point bye or a forfeit loss too).
* **PAB eligibility (C.2).** Only an earlier PAB or a win by forfeit blocks a
  PAB; a requested full-point bye does not.
* **No PAB-score criteria.** The 2026 C5 (lowest score for the PAB) and C9
  (fewest unplayed games) do not exist: the PAB is simply whoever is left over
  after the last bracket (A.9), chosen by the completion criterion C.4 among
  those eligible.
* **PSD (A.8, C.6).** Instead of "minimise the downfloaters' scores" (2026
  C7), the pairing score difference is minimised: the list, sorted from the
  highest, of the score differences of the pairs plus, for each downfloater,
  its score minus an artificial score one point below the lowest one. Like
  the reference engine, "the lowest" is taken over the bracket *and the
  scoregroup after it* (in the PPB and the last bracket: every player left),
  where A.8 names the lowest player of the bracket itself.
* **Completion only in the PPB and the last bracket (A.9, C.4).** Brackets
  are paired from the top without looking at completion. When the players
  left after a bracket cannot complete the round (checked with a maximum
  matching over all of them), that bracket is the *Penultimate Pairing
  Bracket*: it is re-paired with every lower player in a single *collapsed*
  scoregroup below it, under C.4, and its downfloaters and the collapsed
  scoregroup form the *Collapsed Last Bracket*.
* **Look-ahead (C.7)** weighs the pairs and the PSD of the next bracket, not
  in the PPB or the last bracket; when the next bracket is the last one, it
  also keeps a PAB-eligible participant for the bye.
* **C.12-C.15** count the players who receive the same float as one or two
  rounds before (the counts come out as in 2026 C14-C17); **C.16-C.19**
  minimise the score differences of those repeated floaters (the PSD-like
  values of A.8) instead of the scores of 2026 C18-C21.

The same in both: C.1/C.3 (C1/C3), the topscorer exception (A.7), the colour
criteria C.8-C.11 (C10-C13) and allocation E.1-E.5 (5.2.1-5.2.5), the order
of transpositions and exchanges D.1/D.2 (4.2/4.3) and the choice of the MDPs
to pair (D.3, 4.4), as the reference engines implement them.

Like the 2026 engine, each bracket is solved with maximum-weight matchings
whose integer weights encode the criteria, most significant first; the
generation order of section D (D.1 transpositions, D.2 resident exchanges,
D.3 MDP choice) is then imposed one decision at a time, each by a further
matching that prefers the next element of that order.
"""

from __future__ import annotations

from dataclasses import dataclass

from swisspair.errors import NoValidPairingError
from swisspair.model import RoundPairing, Tournament
from swisspair.pairing.boards import allocate_boards, round_pairing
from swisspair.pairing.colours import colour_criteria
from swisspair.pairing.explain import format_score
from swisspair.pairing.matching import MatchingComputer
from swisspair.pairing.state import Float, PairingState, PlayerState, build_state


@dataclass(frozen=True, slots=True)
class _BracketWeights:
    """The layout of the edge weights of one bracket (bbp 5 style, bit fields)."""

    special: bool
    """The PPB or the last bracket: C.4 (completion, PAB eligibility) on top, no look-ahead."""
    final: bool
    """The next bracket is the last one: the look-ahead also keeps a PAB-eligible participant."""
    count_bits: int
    """Bits for a count of residents of this bracket."""
    next_bits: int
    """Bits for a count of participants of the next scoregroup."""
    psd_bits: int
    """Width of a PSD field (one sub-field per distinct score difference)."""
    psd_shifts: dict[int, int]
    """Position of each score difference inside a PSD field (smallest at 0)."""
    lowest: int
    """Lowest score among the participants in play (this bracket and the next group)."""


@dataclass(frozen=True, slots=True)
class _Bracket:
    """What happened in one bracket, for the explanation (vertices, not TPNs)."""

    kind: str
    """``""``, ``"PPB"``, ``"CLB"`` (after a PPB) or ``"last"``."""
    score: int
    mdps: tuple[int, ...]
    residents: int
    pairs: tuple[tuple[int, int], ...]
    downfloaters: tuple[int, ...]


class Dutch2017System:
    """FIDE (Dutch) System, C.04.3 (2017), in force until 31 January 2026."""

    name = "dutch-2017"
    aliases = ("dutch2017", "FIDE_DUTCH_2017")
    article = "FIDE C.04.3 (2017)"

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair ``round_number`` (default: the next round) of ``tournament``.

        :raises: :exc:`~swisspair.errors.NoValidPairingError` when no pairing
            satisfies the absolute criteria C.1-C.3 (A.9).
        """
        return pair_state(build_state(tournament, round_number))


def pair_state(state: PairingState) -> RoundPairing:
    """Pair the round described by ``state`` (see :class:`Dutch2017System`)."""
    return _Round2017(state).run()


class _Completion:
    """Whether the players not yet paired can still complete the round (A.9, C.1-C.4).

    A cardinality matching over everyone, plus a PAB vertex joined to the
    participants who may get the PAB when their number is odd. The players
    already paired are cut off from the others; the round can be completed
    when the matching covers everyone else.
    """

    def __init__(self, compat: list[bytearray], eligible: list[bool]) -> None:
        n = len(compat)
        self.n = n
        self.compat = compat
        self.matching = MatchingComputer(n + (n & 1))
        for i in range(1, n):
            row = compat[i]
            for j in range(i):
                if row[j]:
                    self.matching.set_edge_weight(i, j, 1)
        if n & 1:
            for i in range(n):
                if eligible[i]:
                    self.matching.set_edge_weight(i, n, 1)
        self.paired = bytearray(n)
        self.pending: list[int] = []

    def fix(self, a: int, b: int) -> None:
        """``a`` and ``b`` are paired together."""
        self.paired[a] = self.paired[b] = 1
        self.pending += (a, b)

    def possible(self) -> bool:
        """A complete round-pairing exists with the pairs fixed so far."""
        matching, paired, n = self.matching, self.paired, self.n
        for v in self.pending:
            row = self.compat[v]
            for u in range(n):
                if row[u] and not paired[u]:
                    matching.set_edge_weight(v, u, 0)
            if n & 1:
                matching.set_edge_weight(v, n, 0)
        self.pending.clear()
        matching.compute()
        mates = matching.mates()
        return all(mates[v] != v for v in range(len(mates)) if v >= n or not paired[v])


class _Round2017:
    """The computation of one round; see the module docstring."""

    def __init__(self, state: PairingState) -> None:
        self.state = state
        self.players = sorted(state.to_pair, key=lambda p: (-p.pairing_score, p.rank_index))
        self.n = len(self.players)
        self.scores = [p.pairing_score for p in self.players]
        self.eligible = [state.eligible_for_bye(p, rules="2017") for p in self.players]
        played = state.played_rounds
        self.floats = [(state.float_of(p, 1, rules="2017") if played >= 1 else Float.NONE,
                        state.float_of(p, 2, rules="2017") if played >= 2 else Float.NONE)
                       for p in self.players]
        self.last_rounds = played >= state.total_rounds - 1
        self.max_points = max(state.win, state.draw)
        self.brackets: list[_Bracket] = []
        n = self.n
        # C.1 (no rematch, no forbidden pair) and C.3 for every pair, computed
        # once: two participants with the same absolute colour preference may
        # not meet unless one of them is a topscorer (A.7) in the last round.
        keys = [p.colour_preference if p.absolute_preference and not (self.last_rounds and self.is_topscorer(v))
                else None for v, p in enumerate(self.players)]
        self.compat = [bytearray(n) for _ in range(n)]
        tpns = [p.tpn for p in self.players]
        for a in range(n):
            row = self.compat[a]
            forbidden = state.forbidden[tpns[a]]
            key = keys[a]
            for b in range(a):
                if ((key is None or keys[b] is not key) and tpns[b] not in forbidden
                        and tpns[a] not in state.forbidden[tpns[b]]):
                    row[b] = self.compat[b][a] = 1
        # The colour criteria depend only on a few attributes of each player:
        # cache them per pair of distinct attribute sets.
        kinds: dict[tuple[object, ...], int] = {}
        self.colour_kind = [kinds.setdefault(
            (p.colour_preference, p.colour_imbalance, p.repeated_colour, p.strong_preference), len(kinds))
            for p in self.players]
        self.colour_flags: dict[tuple[int, int], tuple[bool, bool, bool, bool]] = {}

    # -- absolute criteria -------------------------------------------------
    def is_topscorer(self, vertex: int) -> bool:
        """A.7: more than half the maximum score, when pairing the last round."""
        return 2 * self.scores[vertex] > self.state.played_rounds * self.max_points

    def compatible(self, a: int, b: int) -> bool:
        """C.1 (no rematch, forbidden pairs) and C.3 (absolute colour preferences, except topscorers)."""
        return bool(self.compat[a][b])

    # -- weights -----------------------------------------------------------
    def layout(self, by_index: list[int], sg_begin: int, next_begin: int,
               special: bool, final: bool) -> _BracketWeights:
        """Field widths for the bracket ``by_index[:next_begin]`` (and the group after it).

        A PSD sub-field exists for every value a PSD entry can take (A.8): the
        downfloater value of each bracket member and the score difference with
        each lower resident; its width is enough for the number of entries of
        that value one pairing can have.
        """
        scores = self.scores
        lowest = scores[by_index[-1]]
        point = self.state.scale
        values: list[int] = []
        for pi in range(next_begin):
            own = scores[by_index[pi]]
            values.append(own - lowest + point)
            first = max(sg_begin, pi + 1)
            for oi in range(first, next_begin):
                if oi == first or scores[by_index[oi]] < scores[by_index[oi - 1]]:
                    values.append(own - scores[by_index[oi]])
        values.sort()
        shifts: dict[int, int] = {}
        total = 0
        index = 0
        while index < len(values):
            end = index
            while end < len(values) and values[end] == values[index]:
                end += 1
            shifts[values[index]] = total
            total += (end - index).bit_length()
            index = end
        return _BracketWeights(
            special=special,
            final=final,
            count_bits=(next_begin - sg_begin).bit_length(),
            next_bits=(len(by_index) - next_begin).bit_length(),
            psd_bits=total,
            psd_shifts=shifts,
            lowest=lowest,
        )

    def edge_weight(self, h: int, low: int, h_in_current: bool, low_in_current: bool,
                    lay: _BracketWeights) -> int:
        """The weight of pairing ``h`` (higher in A.2 order) with ``low``; 0 = forbidden.

        Fields from the most significant: C.4 (completion and PAB eligibility,
        PPB and last bracket only), C.5 (pairs), C.6 (PSD), C.7 (pairs and PSD
        of the next bracket, other brackets only), C.8-C.11 (colours),
        C.12-C.15 (repeated floats), C.16-C.19 (their score differences), then
        room for the order of section D. Negative terms are fine: the sum over
        a matching is what counts, and each field's total stays in range.

        The PSD is encoded as a gain over the pairing where every bracket
        member floats down: a pair removes its two members' downfloater values
        and adds its score difference, each value counted in its own
        sub-field, so that a larger total means a lexicographically smaller
        PSD. The C.7 look-ahead rewards the downfloaters that are paired in
        the next bracket by their downfloater value, and C.16-C.19 work like
        C.6 on the repeated floaters only.
        """
        if not self.compat[h][low]:
            return 0
        cb, sd, shifts = lay.count_bits, lay.psd_bits, lay.psd_shifts
        sh, sl = self.scores[h], self.scores[low]
        point, lowest = self.state.scale, lay.lowest
        current = low_in_current
        w = 1 + (not self.eligible[h]) + (not self.eligible[low]) if lay.special else 0   # C.4, C.2
        w = (w << cb) + current                                                             # C.5
        w <<= sd                                                                            # C.6
        if current:
            w += ((1 << shifts[sh - lowest + point]) + (1 << shifts[sl - lowest + point])
                  - (1 << shifts[sh - sl]))
        if not lay.special:                                                                 # C.7
            if lay.final:
                w <<= max(cb, lay.next_bits) + 3
                w += 1 + (not self.eligible[h]) + (not self.eligible[low])
            else:
                w = (w << lay.next_bits) + (not current)
            w <<= sd
            if h_in_current:
                w += 1 << shifts[sh - lowest + point]
            if current:
                w += 1 << shifts[sl - lowest + point]
        key = (self.colour_kind[low], self.colour_kind[h])                                  # C.8-C.11
        flags = self.colour_flags.get(key)
        if flags is None:
            flags = self.colour_flags[key] = colour_criteria(self.players[low], self.players[h])
        for flag in flags:
            w = (w << cb) + (current and flag)
        played = self.state.played_rounds
        fl, fh = self.floats[low], self.floats[h]
        for back in (0, 1):                                                                 # C.12-C.15
            if played <= back:
                continue
            w <<= cb
            if current:
                w += (fl[back] is Float.DOWN) + (sh <= sl and fh[back] is Float.DOWN)
            w <<= cb
            if current and sh > sl and fl[back] is Float.UP:
                w -= 1
        for back in (0, 1):                                                                 # C.16-C.19
            if played <= back:
                continue
            w <<= sd
            if current:
                if fl[back] is Float.DOWN:
                    w += 1 << shifts[sl - lowest + point]
                if fh[back] is Float.DOWN:
                    w += 1 << shifts[sh - lowest + point]
                    if sh > sl:
                        w -= 1 << shifts[sh - sl]
            w <<= sd
            if current and fl[back] is Float.UP and sh > sl:
                w -= 1 << shifts[sh - sl]
        return w << (3 * cb + 1)

    # -- the round -----------------------------------------------------------
    def run(self) -> RoundPairing:
        if self.n == 0:
            return RoundPairing(self.state.round_number, ())
        partner = self._brackets()
        return self._result(partner)

    @staticmethod
    def _finalize(mc: MatchingComputer, a: int, b: int, weight: int, base: list[list[int]]) -> None:
        """Keep only the edge ``a-b`` at ``a`` and ``b`` (edges with a zero base weight are already absent)."""
        mc.set_edge_weight(a, b, weight)
        for x, y in ((a, b), (b, a)):
            row = base[x]
            for v in range(len(row)):
                if v != y and row[v]:
                    mc.set_edge_weight(x, v, 0)
            for v in range(x + 1, len(base)):
                if v != y and x < len(base[v]) and base[v][x]:
                    mc.set_edge_weight(x, v, 0)

    def _brackets(self) -> dict[int, int]:
        """Pair the brackets from the top (A.9); returns vertex -> partner vertex."""
        n = self.n
        scores = self.scores
        checker = _Completion(self.compat, self.eligible)
        if not checker.possible():
            raise NoValidPairingError(
                "no pairing satisfies the absolute criteria (C.04.3 (2017) C.1-C.3, C.04.1 b and d)")
        partner: dict[int, int] = {}
        by_index: list[int] = []
        nxt = 0
        while nxt < n and scores[nxt] >= scores[0]:
            by_index.append(nxt)
            nxt += 1
        special = nxt == n
        sg_begin = 0
        ppb = after_ppb = False
        while len(by_index) > 1 or nxt < n:
            next_begin = len(by_index)
            group_start = nxt
            while nxt < n and (special or scores[nxt] >= scores[group_start]):
                by_index.append(nxt)
                nxt += 1
            lay = self.layout(by_index, sg_begin, next_begin, special, nxt == n)
            matched, mates = self._pair_bracket(by_index, sg_begin, next_begin, lay, checker)
            if not special and not checker.possible():
                # A.9: this bracket is the PPB. Re-pair it with everyone below
                # collapsed into one scoregroup, under C.4.
                del by_index[next_begin:]
                nxt = group_start
                special = True
                ppb = True
                continue
            kind = "PPB" if ppb else "CLB" if after_ppb else "last" if special else ""
            after_ppb, ppb = ppb, False
            special = nxt == n
            new_index: list[int] = []
            new_begin = 0
            pairs: list[tuple[int, int]] = []
            for pi, pv in enumerate(by_index):
                if pi < next_begin and matched[pi]:
                    mv = by_index[mates[pi]]
                    partner[pv] = mv
                    if pv < mv:
                        pairs.append((pv, mv))
                else:
                    new_index.append(pv)
                    if pi < next_begin:
                        new_begin += 1
            self.brackets.append(_Bracket(
                kind=kind,
                score=scores[by_index[sg_begin]],
                mdps=tuple(by_index[:sg_begin]),
                residents=next_begin - sg_begin,
                pairs=tuple(pairs),
                downfloaters=tuple(new_index[:new_begin]),
            ))
            by_index = new_index
            sg_begin = new_begin
        return partner

    def _pair_bracket(self, by_index: list[int], sg_begin: int, next_begin: int,
                      lay: _BracketWeights, checker: _Completion) -> tuple[list[bool], list[int]]:
        """Pair one bracket (its MDPs ``[:sg_begin]`` and residents), looking at the next group.

        Returns which bracket members are paired and the final matching, in
        positions of ``by_index``. The pairs are also fixed in ``checker``.
        """
        size = len(by_index)
        cb = lay.count_bits
        base: list[list[int]] = [[] for _ in range(size)]
        top = 0
        for larger in range(sg_begin, size):
            lv = by_index[larger]
            row = base[larger]
            cur = larger < next_begin
            for smaller in range(larger):
                w = self.edge_weight(by_index[smaller], lv, smaller < next_begin, cur, lay)
                row.append(w)
                if w > top:
                    top = w
        max_w = 1 << (top.bit_length() + 2 * cb + 8)
        mc = MatchingComputer(size)
        for larger in range(sg_begin, size):
            row = base[larger]
            for smaller in range(larger):
                if row[smaller]:
                    mc.set_edge_weight(larger, smaller, row[smaller])
        matched = [False] * next_begin

        def fix(a: int, b: int) -> None:
            self._finalize(mc, a, b, max_w, base)
            checker.fix(by_index[a], by_index[b])

        def resident(mate: int) -> bool:
            return sg_begin <= mate < next_begin

        def ordered(smaller: int, larger: int, smaller_rem: int, rem_pairs: int) -> int:
            """The base weight plus the D.2 exchange preferences (fewest, then smallest BSN sum)."""
            w = base[larger][smaller]
            if w:
                w += (((smaller_rem < rem_pairs) << (2 * cb)) - smaller_rem) << 1
            return w

        mc.compute()
        mates = mc.mates()
        # D.3: which MDPs are paired (the highest scores, then the lowest BSNs).
        md_score = left = left_matched = 0
        for pi in range(sg_begin):
            if pi == 0 or self.scores[by_index[pi]] < md_score:
                md_score = self.scores[by_index[pi]]
                left = left_matched = 0
                j = pi
                while j < size and self.scores[by_index[j]] >= md_score:
                    left += 1
                    left_matched += resident(mates[j])
                    j += 1
            if not left_matched:
                continue
            if left <= left_matched:
                matched[pi] = True
                continue
            left -= 1
            if not resident(mates[pi]):
                for oi in range(sg_begin, next_begin):
                    w = base[oi][pi]
                    if w:
                        mc.set_edge_weight(pi, oi, w | 1)
                mc.compute()
                mates = mc.mates()
            if resident(mates[pi]):
                matched[pi] = True
                left_matched -= 1
                for oi in range(sg_begin, next_begin):
                    w = base[oi][pi]
                    if w:
                        mc.set_edge_weight(pi, oi, (w | (next_begin - sg_begin)) + 1)
        # D.1 on the MDP-pairing: each paired MDP takes the first resident it can.
        for pi in range(sg_begin):
            if not matched[pi]:
                continue
            first = next((oi for oi in range(sg_begin, next_begin) if not matched[oi] and base[oi][pi]), None)
            if mates[pi] != first:
                # Not already paired with the first resident it can meet: re-solve with
                # a preference for earlier residents. (When it is, that preference
                # cannot change its opponent, so the solve is skipped.)
                addend = size
                for oi in range(next_begin - 1, sg_begin - 1, -1):
                    if matched[oi]:
                        continue
                    w = base[oi][pi]
                    if w:
                        mc.set_edge_weight(pi, oi, w + addend)
                        addend += 1
                mc.compute()
                mates = mc.mates()
            mi = mates[pi]
            matched[mi] = True
            fix(pi, mi)
        # The remainder (homogeneous part): S1 are the residents paired among themselves
        # with a lower partner... first the exchanges (D.2), then the transpositions (D.1).
        remainder = [pi for pi in range(sg_begin, next_begin) if mates[pi] >= sg_begin]
        rem_pairs = sum(1 for pi in remainder if mates[pi] < pi)
        rlen = len(remainder)

        def lowered(pi: int) -> bool:
            """Not paired with a later bracket member: moved out of S1 (or unpaired)."""
            return mates[pi] <= pi or mates[pi] >= next_begin

        if any(lowered(remainder[pidx]) for pidx in range(rem_pairs)):
            # Some exchange may be needed (when none is, the current matching is
            # already the best one with the D.2 preferences added).
            for oidx in range(rlen):
                oi = remainder[oidx]
                for pidx in range(oidx):
                    mc.set_edge_weight(remainder[pidx], oi, ordered(remainder[pidx], oi, pidx, rem_pairs))
            mc.compute()
            mates = mc.mates()
        exchanges = sum(1 for pidx in range(min(rem_pairs, rlen)) if lowered(remainder[pidx]))
        # S1 members moved to S2: the highest BSN first.
        remaining = exchanges
        pidx = rem_pairs
        while pidx and remaining:
            pidx -= 1
            pi = remainder[pidx]
            if not lowered(pi):
                for oidx in range(pidx + 1, rlen):
                    w = ordered(pi, remainder[oidx], pidx, rem_pairs)
                    if w:
                        mc.set_edge_weight(pi, remainder[oidx], w - 1)
                mc.compute()
                mates = mc.mates()
            exchange = lowered(pi)
            remaining -= exchange
            for oidx in range(pidx + 1, rlen):
                oi = remainder[oidx]
                if exchange:
                    base[oi][pi] = 0
                mc.set_edge_weight(pi, oi, ordered(pi, oi, pidx, rem_pairs))
        # S2 members moved to S1: the lowest BSN first.
        remaining = exchanges
        for pidx in range(rem_pairs, rlen):
            if remaining <= 1:
                break
            pi = remainder[pidx]
            already = not lowered(pi)
            if not already:
                for oidx in range(pidx + 1, rlen):
                    w = ordered(pi, remainder[oidx], pidx, rem_pairs)
                    if w:
                        mc.set_edge_weight(pi, remainder[oidx], w + 1)
                mc.compute()
                mates = mc.mates()
            if not lowered(pi):
                remaining -= 1
                for oidx in range(pidx):
                    oi = remainder[oidx]
                    base[pi][oi] = 0
                    mc.set_edge_weight(pi, oi, 0)
                for oi in range(next_begin, size):
                    base[oi][pi] = 0
                    mc.set_edge_weight(pi, oi, 0)
            if not already:
                for oidx in range(pidx + 1, rlen):
                    mc.set_edge_weight(pi, remainder[oidx], ordered(pi, remainder[oidx], pidx, rem_pairs))
        # Fix the exchange and restore the plain weights.
        for pidx in range(rlen):
            pi = remainder[pidx]
            out = lowered(pi)
            for oidx in range(pidx + 1, rlen):
                oi = remainder[oidx]
                if out or not lowered(oi):
                    base[oi][pi] = 0
                mc.set_edge_weight(pi, oi, base[oi][pi])
        # D.1: each S1 member takes the first S2 member available.
        for pi in remainder:
            if lowered(pi):
                continue
            first = next((oi for oi in remainder if oi > pi and not matched[oi] and base[oi][pi]), None)
            if mates[pi] != first:
                addend = 0
                for oi in reversed(remainder):
                    if oi <= pi or matched[oi]:
                        continue
                    w = base[oi][pi]
                    if w:
                        mc.set_edge_weight(pi, oi, w + addend)
                    addend += 1
                mc.compute()
                mates = mc.mates()
            mi = mates[pi]
            matched[pi] = matched[mi] = True
            fix(pi, mi)
        return matched, mates

    def _result(self, partner: dict[int, int]) -> RoundPairing:
        state = self.state
        ordered, bye = allocate_boards(self.players, partner, state.initial_colour)
        return round_pairing(state.round_number, ordered, bye, self._explain(bye))

    def _explain(self, bye: PlayerState | None) -> list[str]:
        """Per bracket: kind (PPB, last), MDPs, pairs and downfloaters; then the PAB."""
        scale = self.state.scale

        def tpns(vertices: tuple[int, ...]) -> str:
            return ", ".join(str(self.players[v].tpn) for v in vertices) or "none"

        lines = [f"Round {self.state.round_number}: {self.n} participants to pair (C.04.3 (2017))"]
        for bracket in self.brackets:
            name = {"PPB": "Penultimate pairing bracket (A.9)", "CLB": "Collapsed last bracket (A.9)",
                    "last": "Last bracket"}.get(bracket.kind, "Bracket")
            lines.append(f"{name} {format_score(bracket.score, scale)}: {bracket.residents} resident(s), "
                         f"MDPs: {tpns(bracket.mdps)}; {len(bracket.pairs)} pair(s): "
                         + (", ".join(f"{self.players[a].tpn}-{self.players[b].tpn}" for a, b in bracket.pairs)
                            or "none")
                         + f"; downfloaters: {tpns(bracket.downfloaters)}")
        if bye is not None:
            lines.append(f"PAB: {bye.tpn} (C.2: no earlier PAB or forfeit win)")
        return lines
