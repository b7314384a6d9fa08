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
matching that prefers the next element of that order: the steps of
:class:`swisspair.pairing.bracket.Bracket`, shared with the 2026 engine, with
what the 2017 text changes in :class:`_Bracket2017`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from swisspair.errors import NoValidPairingError
from swisspair.matching.weighted import MatchingComputer
from swisspair.model import RoundPairing, Tournament
from swisspair.pairing.boards import allocate_boards, round_pairing
from swisspair.pairing.bracket import Bracket, Position, RoundVertices, Vertex, as_positions, group_end, kinds_of
from swisspair.pairing.colours import colour_criteria
from swisspair.pairing.explain import format_score
from swisspair.pairing.state import Float, PairingState, PlayerState, build_state
from swisspair.pairing.system import SystemBase


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
    fields_bits: int
    """Width of the fields C.8-C.19 (:meth:`_Round2017._bracket_fields`)."""
    fields: dict[tuple[int, int], int] = field(default_factory=dict)
    """Those fields of the pairs in the bracket, by the two participants' :attr:`_Round2017.fields_kind`."""


class Dutch2017System(SystemBase):
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


class _Round2017(RoundVertices):
    """The computation of one round; see the module docstring."""

    def __init__(self, state: PairingState) -> None:
        super().__init__(state)
        self.eligible = [state.eligible_for_bye(p, rules="2017") for p in self.players]
        played = state.played_rounds
        self.floats = [(state.float_of(p, 1, rules="2017") if played >= 1 else Float.NONE,
                        state.float_of(p, 2, rules="2017") if played >= 2 else Float.NONE)
                       for p in self.players]
        self.float_rounds = range(min(played, 2))
        """How many rounds back C.12-C.19 look (one or two; none in round 1)."""
        n = self.n
        # C.1 (no rematch, no forbidden pair) and C.3 for every pair, computed
        # once: two participants with the same absolute colour preference may
        # not meet unless one of them is a topscorer (A.7) in the last round.
        keys = [p.colour_preference if p.absolute_preference and not (self.last_round and self.is_topscorer(v))
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
        # So do all the fields of C.8-C.19, with the score and floats too.
        fields_kinds: dict[tuple[object, ...], int] = {}
        self.fields_kind = [fields_kinds.setdefault((self.colour_kind[v], self.scores[v], self.floats[v]),
                                                    len(fields_kinds)) for v in range(n)]

    def weight_kinds(self, members: Sequence[int]) -> tuple[list[int], list[int]]:
        """Each member's kind (a number) and one member of each kind.

        Two participants of the same kind get the same :meth:`allowed_weight`
        with anybody: it reads only the score, colour and float attributes
        (:attr:`fields_kind`) and the PAB eligibility.
        """
        return kinds_of(members, lambda v: (self.fields_kind[v], self.eligible[v]))

    # -- absolute criteria -------------------------------------------------
    def compatible(self, a: int, b: int) -> bool:
        """C.1 (no rematch, forbidden pairs) and C.3 (absolute colour preferences, except topscorers)."""
        return bool(self.compat[a][b])

    # -- weights -----------------------------------------------------------
    def layout(self, by_index: Sequence[Vertex], sg_begin: int, next_begin: int,
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
        count_bits = (next_begin - sg_begin).bit_length()
        return _BracketWeights(
            special=special,
            final=final,
            count_bits=count_bits,
            next_bits=(len(by_index) - next_begin).bit_length(),
            psd_bits=total,
            psd_shifts=shifts,
            lowest=lowest,
            fields_bits=4 * count_bits + len(self.float_rounds) * 2 * (count_bits + total),
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
        return self.allowed_weight(h, low, h_in_current, low_in_current, lay)

    def allowed_weight(self, h: int, low: int, h_in_current: bool, low_in_current: bool,
                       lay: _BracketWeights) -> int:
        """:meth:`edge_weight` without C.1 and C.3 (:attr:`compat`): it reads only the two :meth:`weight_kinds`."""
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
        if not current:
            return w << (lay.fields_bits + 3 * cb + 1)                                      # C.8-C.19: zero
        key = (self.fields_kind[h], self.fields_kind[low])
        fields = lay.fields.get(key)
        if fields is None:
            fields = lay.fields[key] = self._bracket_fields(h, low, lay)
        return ((w << lay.fields_bits) + fields) << (3 * cb + 1)

    def _bracket_fields(self, h: int, low: int, lay: _BracketWeights) -> int:
        """C.8-C.11 (colours, as 2026 C10-C13), C.12-C.15 (repeated floats) and C.16-C.19 (their score
        differences) of a pair in the bracket, :attr:`_BracketWeights.fields_bits` wide (the floats one
        round back, then two). Negative terms are fine, as in :meth:`edge_weight`.
        """
        cb, sd, shifts = lay.count_bits, lay.psd_bits, lay.psd_shifts
        w = 0
        key = (self.colour_kind[low], self.colour_kind[h])                                  # C.8-C.11
        flags = self.colour_flags.get(key)
        if flags is None:
            flags = self.colour_flags[key] = colour_criteria(self.players[low], self.players[h])
        for flag in flags:
            w = (w << cb) + flag
        sh, sl = self.scores[h], self.scores[low]
        point, lowest = self.state.scale, lay.lowest
        fl, fh = self.floats[low], self.floats[h]
        backs = self.float_rounds
        for back in backs:                                                                  # C.12-C.15
            w = (w << cb) + (fl[back] is Float.DOWN) + (sh <= sl and fh[back] is Float.DOWN)
            w <<= cb
            if sh > sl and fl[back] is Float.UP:
                w -= 1
        for back in backs:                                                                  # C.16-C.19
            w <<= sd
            if fl[back] is Float.DOWN:
                w += 1 << shifts[sl - lowest + point]
            if fh[back] is Float.DOWN:
                w += 1 << shifts[sh - lowest + point]
                if sh > sl:
                    w -= 1 << shifts[sh - sl]
            w <<= sd
            if fl[back] is Float.UP and sh > sl:
                w -= 1 << shifts[sh - sl]
        return w

    # -- the round -----------------------------------------------------------
    def run(self) -> RoundPairing:
        if self.n == 0:
            return RoundPairing(self.state.round_number, ())
        partner = self._brackets()
        return self._result(partner)

    def _brackets(self) -> dict[int, int]:
        """Pair the brackets from the top (A.9); returns vertex -> partner vertex.

        After each ordinary bracket the players left must still be able to
        complete the round (C.4); when they cannot, the bracket is the PPB
        and is paired again with everyone below as one collapsed scoregroup.
        """
        n, scores = self.n, self.scores
        checker = _Completion(self.compat, self.eligible)
        if not checker.possible():
            raise NoValidPairingError(
                "no pairing satisfies the absolute criteria (C.04.3 (2017) C.1-C.3, C.04.1 b and d)")
        partner: dict[int, int] = {}
        nxt = group_end(scores, 0)
        members = [Vertex(v) for v in range(nxt)]
        special = nxt == n
        sg_begin = 0
        ppb = after_ppb = False
        while len(members) > 1 or nxt < n:
            next_begin = len(members)
            group_start = nxt
            nxt = n if special else group_end(scores, group_start)
            members.extend(Vertex(v) for v in range(group_start, nxt))
            lay = self.layout(members, sg_begin, next_begin, special, nxt == n)
            bracket = _Bracket2017(self, members, sg_begin, next_begin, lay, checker)
            bracket.pair()
            if not special and not checker.possible():
                # A.9: this bracket is the PPB. Re-pair it with everyone below
                # collapsed into one scoregroup, under C.4.
                del members[next_begin:]
                nxt = group_start
                special = ppb = True
                continue
            kind = "PPB" if ppb else "CLB" if after_ppb else "last" if special else ""
            after_ppb, ppb = ppb, False
            special = nxt == n
            record, carried = bracket.record(scores[members[sg_begin]], kind)
            self.brackets.append(record)
            for a, b in carried.pairs:
                partner[a] = b
                partner[b] = a
            members, sg_begin = carried.members, carried.mdps
        return partner

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


class _KindRow(dict[int, int]):
    """:meth:`_Round2017.allowed_weight` of a member of each kind (the higher) with ``low``, computed when first read:
    only the kinds a bracket pairs have the fields the weight reads (:meth:`_Round2017.layout`)."""

    def __init__(self, rnd: _Round2017, reps: list[int], low: int, h_in_current: bool, low_in_current: bool,
                 lay: _BracketWeights) -> None:
        super().__init__()
        self.args = (rnd, reps, low, h_in_current, low_in_current, lay)

    def __missing__(self, kind: int) -> int:
        rnd, reps, low, h_in_current, low_in_current, lay = self.args
        weight = self[kind] = rnd.allowed_weight(reps[kind], low, h_in_current, low_in_current, lay)
        return weight


class _Bracket2017(Bracket):
    """One bracket under the 2017 rules, on its own matching (in positions).

    The shared steps (:class:`~swisspair.pairing.bracket.Bracket`: D.3, D.1
    on the MDP-pairing, D.2, D.1) with the 2017 weights
    (:meth:`_Round2017.edge_weight`); each pair fixed is also fixed in the
    completion check of A.9 (:class:`_Completion`).
    """

    def __init__(self, rnd: _Round2017, members: list[Vertex], sg_begin: int, next_begin: int,
                 lay: _BracketWeights, checker: _Completion) -> None:
        super().__init__(members, sg_begin, next_begin, rnd.scores, lay.count_bits)
        self.checker = checker
        base = self.base = self._weights(rnd, lay)
        top = max((max(row) for row in base if row), default=0)
        self.max_w = 1 << (top.bit_length() + 2 * lay.count_bits + 8)
        """A weight above every real one; finalised pairs get it."""
        mc = self.mc = MatchingComputer(self.size)
        for larger in range(sg_begin, self.size):
            mc.set_edge_weights(larger, list(range(larger)), base[larger])

    def _weights(self, rnd: _Round2017, lay: _BracketWeights) -> list[list[int]]:
        """C.1-C.19 for each pair with a resident or a member of the next scoregroup (the C.7 look-ahead).

        A pair's weight depends only on the two participants' kinds
        (:meth:`_Round2017.weight_kinds`), on whether each is in the bracket,
        and on C.1/C.3 (:attr:`_Round2017.compat`): each row is read from a
        table per kind, then its incompatible pairs are zeroed.
        """
        members, next_begin = self.members, self.next_begin
        kinds, reps = rnd.weight_kinds(members)
        tables: dict[tuple[int, bool], tuple[_KindRow, _KindRow]] = {}
        base: list[list[int]] = [[] for _ in range(self.size)]
        for larger in range(self.sg_begin, self.size):
            lv = members[larger]
            cur = larger < next_begin
            key = (kinds[larger], cur)
            table = tables.get(key)
            if table is None:
                table = tables[key] = (_KindRow(rnd, reps, lv, False, cur, lay), _KindRow(rnd, reps, lv, True, cur, lay))
            outside, inside = table
            split = min(larger, next_begin)
            row = list(map(inside.__getitem__, kinds[:split])) + list(map(outside.__getitem__, kinds[split:larger]))
            compat = rnd.compat[lv]
            base[larger] = [w if ok else 0 for w, ok in zip(row, map(compat.__getitem__, members[:larger]))]
        return base

    def set(self, a: Position, b: Position, weight: int) -> None:
        self.mc.set_edge_weight(a, b, weight)

    def set_row(self, a: Position, others: Sequence[Position], weights: list[int]) -> None:
        self.mc.set_edge_weights(a, list(others), weights)

    def solve(self) -> None:
        self.mc.compute()
        self.mates = as_positions(self.mc.mates())

    def fix(self, a: Position, b: Position) -> None:
        """Keep only the edge ``a-b`` at ``a`` and ``b``."""
        self.mc.isolate_pair(a, b, self.max_w)
        self.checker.fix(self.members[a], self.members[b])

    def keeps_opponent(self, a: Position, candidates: list[Position]) -> bool:
        """D.1: ``a`` is already paired with the first S2 member it can meet."""
        return self.mates[a] == next((oi for oi in candidates if self.base[oi][a]), None)
