"""The FIDE (Dutch) System, C.04.3 as in force since 1 February 2026.

How the answer is found
-----------------------
The rules define the pairing as the first candidate, in the generation order
of art. 4, that is best on the criteria C1-C21 (art. 3.8). Like the reference
engine (bbpPairings 6), swisspair computes it with maximum-weight matchings:

* every pair of participants gets an integer weight whose bit fields, from
  the most significant down, encode C1/C3 (compatibility, weight 0 =
  forbidden), C4/C2/C5 (completion, PAB eligibility and PAB score), C6 (pairs
  in the bracket), C7 (scores paired), C8 (pairs and scores in the next
  bracket), C9 (the PAB assignee's unplayed games), C10-C13 (colours),
  C14-C17 (repeated floats) and C18-C21 (scores of repeated floaters), and
  finally room for the generation-order rules;
* brackets are processed from the top (art. 1.9.2). In each one the decisions
  of the generation order are fixed one at a time, each by a matching that
  prefers the next element of the order: which MDPs are paired (art. 4.4),
  their opponents (art. 4.2), the number and BSN sum of the exchanges, which
  S1 and S2 participants are exchanged (art. 4.3), and finally each S1
  participant's opponent (art. 4.2).

The weights cover the whole round, so C4 (completion) is checked in every
bracket and C5 can move the bye down as far as possible.

The bracket's steps shared with the 2017 rules are those of
:class:`swisspair.pairing.bracket.Bracket`; :class:`_DutchBracket` adds the
2026 weights and shortcuts, :class:`_Solver` the local or whole-round matching.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import accumulate, chain, compress, filterfalse, islice

from swisspair.errors import NoValidPairingError
from swisspair.matching.cardinality import CardinalityMatching
from swisspair.matching.weighted import MatchingComputer
from swisspair.model import Board, Colour, RoundPairing, Tournament
from swisspair.pairing.acceleration import AcceleratedSystem, virtual_points
from swisspair.pairing.boards import allocate_boards
from swisspair.pairing.bracket import Bracket, Position, RoundVertices, Vertex, as_positions, group_end, kinds_of, span
from swisspair.pairing.explain import format_score
from swisspair.pairing.state import Float, PairingState, PlayerState, build_state
from swisspair.valueclass import valueclass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Container, Iterable, Iterator, Sequence


@valueclass(frozen=True)
class _Layout:
    """Widths of the weight's bit fields for one round."""

    group_bits: int
    """Bits for a count of participants in one scoregroup."""
    groups_shift: int
    """Bits of the fields that hold one bit per scoregroup."""
    group_shifts: dict[int, int]
    """Position of each score's bit inside such a field (lowest score at 0)."""


class DutchSystem(AcceleratedSystem):
    """FIDE (Dutch) System, C.04.3 (2026)."""

    name = "dutch"
    aliases = ("fide-dutch", "dutch-2026", "dutch-2025", "FIDE_DUTCH", "FIDE_DUTCH_2025", "FIDE_DUTCH_2026")
    article = "FIDE C.04.3 (2026)"

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair ``round_number`` (default: the next round) of ``tournament``.

        :raises: :exc:`~swisspair.errors.NoValidPairingError` when no pairing
            satisfies the absolute criteria C1-C3 (art. 1.9.3).
        """
        state = build_state(tournament, round_number,
                            accelerations=virtual_points(tournament, self.acceleration))
        return pair_state(state)


def pair_state(state: PairingState) -> RoundPairing:
    """Pair the round described by ``state`` (see :class:`DutchSystem`)."""
    return _DutchRound(state).run()


class _DutchRound(RoundVertices):
    """The computation of one round; see the module docstring."""

    def __init__(self, state: PairingState) -> None:
        super().__init__(state)
        self.eligible = [state.eligible_for_bye(p) for p in self.players]
        self.layout = self._layout()
        self.floats = self._floats()
        vertex = {p.tpn: v for v, p in enumerate(self.players)}
        self.forbidden = [{vertex[t] for t in state.forbidden[p.tpn] if t in vertex} for p in self.players]
        self.absolute_colour = [p.colour_preference if p.absolute_preference else None for p in self.players]
        self.exempt = [self.last_round and self.is_topscorer(v) for v in range(self.n)]
        """C3 does not apply to topscorers in the last round (art. 1.8, C3)."""
        # Per vertex, what the weights read (see edge_weight).
        self.preference = [p.colour_preference for p in self.players]
        self.absolute_imbalance = [p.absolute_imbalance for p in self.players]
        self.strong = [p.strong_preference for p in self.players]
        down, up = Float.DOWN, Float.UP
        self.down = [(back1 is down, back2 is down) for back1, back2 in self.floats]
        self.up = [(back1 is up, back2 is up) for back1, back2 in self.floats]
        self.float_rounds = range(min(state.played_rounds, 2))
        """How many rounds back C14-C21 look (one or two; none in round 1)."""
        lay = self.layout
        self.fields_bits = 4 * lay.group_bits + len(self.float_rounds) * 2 * (lay.group_bits + lay.groups_shift)
        """Width of the fields C10-C21 (:meth:`_bracket_fields`)."""
        self.tail_bits = self.fields_bits + 3 * lay.group_bits + 1
        """Width of everything below C9: the fields C10-C21 and the order's room in a bracket (outside a
        bracket, as wide and zero)."""
        kinds: dict[tuple[object, ...], int] = {}
        self.colour_kind = [kinds.setdefault(
            (p.colour_preference, p.colour_imbalance, p.repeated_colour, p.strong_preference), len(kinds))
            for p in self.players]
        """C10-C13 depend only on these attributes (the absolute preference and imbalance are read from the
        imbalance and the repeated colour): the same number, the same fields."""
        kinds = {}
        self.float_kind = [kinds.setdefault((self.scores[v], self.floats[v]), len(kinds)) for v in range(self.n)]
        """C14-C21 depend only on the score and the floats: the same number, the same fields."""
        kinds = {}
        self.fields_kind = [kinds.setdefault(both, len(kinds)) for both in zip(self.colour_kind, self.float_kind)]
        """C10-C21: the same number, the same fields."""
        self.fields: dict[tuple[int, int], int] = {}
        """C10-C21 of a pair in a bracket, by the two participants' :attr:`fields_kind`."""
        self.colour_fields: dict[tuple[int, int], int] = {}
        """C10-C13 of a pair, by the two participants' :attr:`colour_kind`."""
        self.float_fields: dict[tuple[int, int], int] = {}
        """C14-C21 of a pair, by the two participants' :attr:`float_kind`."""
        self.score_terms: dict[bool, tuple[dict[int, int], int]] = {}
        """:meth:`_score_terms`, in the bracket and outside it."""
        self.bye_score = 0
        self.not_bye: list[bool] = []
        """Per vertex, not :meth:`is_bye_candidate` (kept by :meth:`_set_bye_score`)."""
        self._set_bye_score(0)
        self.single_downfloater_is_bye = False
        self.unplayed_ranks: dict[int, int] = {}
        self._excluded: dict[int, set[int]] = {}
        self._absolute: dict[Colour, set[int]] = {}

    # -- set-up ------------------------------------------------------------
    def _layout(self) -> _Layout:
        shift = 0
        shifts: dict[int, int] = {}
        largest = 0
        index = self.n - 1
        while index >= 0:
            score = self.scores[index]
            start = index
            while index >= 0 and self.scores[index] == score:
                index -= 1
            size = start - index
            shifts[score] = shift
            largest = max(largest, size)
            shift += size.bit_length()
        return _Layout(largest.bit_length(), shift, shifts)

    def _floats(self) -> list[tuple[Float, Float]]:
        """Each participant's floats one round back and two (art. 1.4; none before round 1)."""
        state, players = self.state, self.players
        none = [Float.NONE] * self.n
        back = [state.floats(players, rounds) if state.played_rounds >= rounds else none for rounds in (1, 2)]
        return list(zip(*back))

    def compatible(self, a: int, b: int) -> bool:
        """C1 (no rematch, forbidden pairs) and C3 (absolute colour preferences)."""
        if b in self.forbidden[a]:
            return False
        colour = self.absolute_colour[a]
        if colour is None or colour is not self.absolute_colour[b]:
            return True
        return self.exempt[a] or self.exempt[b]

    def is_bye_candidate(self, vertex: int) -> bool:
        return self.eligible[vertex] and self.scores[vertex] <= self.bye_score

    def _set_bye_score(self, score: int) -> None:
        self.bye_score = score
        self.not_bye = [not self.is_bye_candidate(v) for v in range(self.n)]

    # -- weights -----------------------------------------------------------
    def max_weight(self) -> int:
        """A weight above every real one; finalised pairs get it."""
        lay = self.layout
        played = self.state.played_rounds
        group_fields = 1 + 1 + 2 + 4 + 3 + (2 if played >= 1 else 0) + (2 if played >= 2 else 0)
        shift_fields = 2 + (2 if played >= 1 else 0) + (2 if played >= 2 else 0)
        total = lay.group_bits * group_fields + lay.groups_shift * shift_fields + 1
        return (1 << (total + 2)) - 1

    def edge_weight(self, h: int, low: int, in_current: bool, in_next: bool) -> int:
        """The weight of pairing ``h`` (higher in art. 1.2 order) with ``low``.

        Fields from the most significant: C4/C2/C5, C6, C7, C8 (pairs, scores),
        C9, C10, C11, C12, C13, C14, C15, C16, C17, C18, C19, C20, C21, order.
        """
        if low in self.forbidden[h]:                                 # C1, C3 (see compatible)
            return 0
        return self.allowed_weight(h, low, in_current, in_next)

    def allowed_weight(self, h: int, low: int, in_current: bool, in_next: bool) -> int:
        """:meth:`edge_weight` without C1's forbidden pairs: it reads only the two :meth:`pair_kinds`."""
        absolute = self.absolute_colour
        colour = absolute[h]
        if colour is not None and colour is absolute[low] and not (self.exempt[h] or self.exempt[low]):
            return 0
        lay = self.layout
        gb, gs, shifts = lay.group_bits, lay.groups_shift, lay.group_shifts
        sh, sl = self.scores[h], self.scores[low]
        not_bye = self.not_bye
        w = ((1 + not_bye[h] + not_bye[low]) << gb) + in_current    # C4/C2/C5, C6
        w <<= gs
        if in_current:
            w += 1 << shifts[sh]                                     # C7
        w = (w << gb) + in_next                                      # C8 pairs
        w <<= gs
        if in_next:
            w += 1 << shifts[sh]                                     # C8 scores
        w <<= 2 * gb                                                 # C9
        if self.single_downfloater_is_bye:
            if sh == self.bye_score:
                w += self.unplayed_ranks[self.players[h].played_games]
            if sl == self.bye_score:
                w += self.unplayed_ranks[self.players[low].played_games]
        if not in_current:
            return w << self.tail_bits                               # C10-C21 only count in the bracket
        key = (self.fields_kind[h], self.fields_kind[low])
        fields = self.fields.get(key)
        if fields is None:
            fields = self.fields[key] = self._bracket_fields(h, low)
        return ((w << self.fields_bits) + fields) << (3 * gb + 1)

    def pair_kinds(self, members: Sequence[int]) -> tuple[list[int], list[int]]:
        """Each member's kind (a number) and one member of each kind.

        Two participants of the same kind get the same :meth:`allowed_weight`
        with anybody: it reads only the score, colour and float attributes
        (:attr:`fields_kind`), the PAB eligibility (:attr:`not_bye`), C3's
        exemption and the games played (C9).
        """
        fields_kind, not_bye, exempt, players = self.fields_kind, self.not_bye, self.exempt, self.players
        return kinds_of(members, lambda v: (fields_kind[v], not_bye[v], exempt[v], players[v].played_games))

    def forbidden_rows(self, members: Sequence[int]) -> dict[int, list[int]]:
        """C1's forbidden pairs among ``members`` (the sets :meth:`edge_weight` reads), by position:
        the later one's position -> the earlier ones' positions."""
        position = {v: i for i, v in enumerate(members)}
        inside = position.keys()
        forbidden = self.forbidden
        found: dict[int, list[int]] = {}
        for earlier, h in enumerate(members):
            for t in inside & forbidden[h]:  # most past opponents are outside the bracket
                later = position[t]
                if later > earlier:
                    found.setdefault(later, []).append(earlier)
        return found

    def kind_table(self, reps: list[int], low: int, in_current: bool) -> tuple[list[int], list[int]]:
        """:meth:`allowed_weight` of each kind's member ``reps[k]`` (the higher) with ``low``, and the same
        weights without the completion field (:meth:`completion`; for the local graph).

        Each weight is the sum of its fields, each shifted to its place: what reads only the higher one's
        score is :meth:`_score_terms`, what reads ``low`` is read once.
        """
        absolute, exempt, not_bye, scores = self.absolute_colour, self.exempt, self.not_bye, self.scores
        colour_l, exempt_l = absolute[low], exempt[low]
        by_score, below_c9 = self._score_terms(in_current)
        c9 = self.single_downfloater_is_bye
        bye_score, ranks, players = self.bye_score, self.unplayed_ranks, self.players
        c9_l = ranks[players[low].played_games] if c9 and scores[low] == bye_score else 0
        fields, fields_kind, kind_l = self.fields, self.fields_kind, self.fields_kind[low]
        bracket_shift = 3 * self.layout.group_bits + 1
        fill = ((1 + not_bye[low]) << self.shift, (2 + not_bye[low]) << self.shift)  # C4/C2/C5 by not_bye[h]
        plain: list[int] = []
        local: list[int] = []
        for h in reps:
            if colour_l is not None and absolute[h] is colour_l and not (exempt[h] or exempt_l):
                plain.append(0)                                      # C3
                local.append(0)
                continue
            sh = scores[h]
            w = by_score[sh]                                         # C6, C7 (C8: 0), or C8 pairs, scores
            if c9:                                                   # C9
                w += ((ranks[players[h].played_games] if sh == bye_score else 0) + c9_l) << below_c9
            if in_current:                                           # C10-C21
                key = (fields_kind[h], kind_l)
                bracket = fields.get(key)
                if bracket is None:
                    bracket = fields[key] = self._bracket_fields(h, low)
                w += bracket << bracket_shift
            local.append(w)                                          # without the completion field
            plain.append(w + fill[not_bye[h]])
        return plain, local

    def _score_terms(self, in_current: bool) -> tuple[dict[int, int], int]:
        """The fields of :meth:`allowed_weight` between the completion field and C9, in place, by the higher
        one's score: C6 (1) and C7 (the score's bit) in the bracket, else C8's pairs (1) and scores (the
        score's bit); and the bits below C9 (the colour and float fields and the order's room in the bracket,
        as wide outside it: :attr:`tail_bits`). Made once per round for each of the two."""
        terms = self.score_terms.get(in_current)
        if terms is None:
            lay = self.layout
            gb, gs = lay.group_bits, lay.groups_shift
            below_c9 = self.tail_bits
            score_at = (3 * gb + gs if in_current else 2 * gb) + below_c9
            pairs = 1 << (gs + score_at)
            terms = self.score_terms[in_current] = (
                {score: pairs + (1 << (place + score_at)) for score, place in lay.group_shifts.items()}, below_c9)
        return terms

    def _bracket_fields(self, h: int, low: int) -> int:
        """C10-C13 (colours, seen from the lower participant), C14-C17 (repeated floats) and C18-C21
        (their scores) of a pair in a bracket, :attr:`fields_bits` wide (the floats one round back, then two).

        The colours' fields and the floats' are computed once per pair of :attr:`colour_kind` and of
        :attr:`float_kind`; the floats' are the low :attr:`fields_bits` ``- 4 * group_bits`` bits.
        """
        key = (self.colour_kind[h], self.colour_kind[low])
        colours = self.colour_fields.get(key)
        if colours is None:
            colours = self.colour_fields[key] = self._colour_fields(h, low)
        key = (self.float_kind[h], self.float_kind[low])
        floats = self.float_fields.get(key)
        if floats is None:
            floats = self.float_fields[key] = self._float_fields(h, low)
        return (colours << (self.fields_bits - 4 * self.layout.group_bits)) + floats

    def _colour_fields(self, h: int, low: int) -> int:
        """C10-C13 (colours, seen from the lower participant) of a pair in a bracket, ``4 * group_bits`` wide."""
        gb = self.layout.group_bits
        absolute = self.absolute_colour
        w = 0
        pref_l = self.preference[low]
        same = pref_l is self.preference[h]
        abs_l, abs_h = absolute[low] is not None, absolute[h] is not None
        w <<= gb
        if not same or not self.absolute_imbalance[low] or not self.absolute_imbalance[h]:
            w += 1                                                   # C10
        w <<= gb
        if not same or not abs_l or not abs_h or self._c11_ok(self.players[low], self.players[h]):
            w += 1                                                   # C11
        w <<= gb
        if not same or pref_l is Colour.NONE:
            w += 1                                                   # C12
        w <<= gb
        strong = self.strong
        if not same or (abs_l and abs_h) or (not strong[low] and not abs_l) or (not strong[h] and not abs_h):
            w += 1                                                   # C13
        return w

    def _float_fields(self, h: int, low: int) -> int:
        """C14-C17 (repeated floats) and C18-C21 (their scores) of a pair in a bracket (the floats one round
        back, then two)."""
        lay = self.layout
        gb, gs, shifts = lay.group_bits, lay.groups_shift, lay.group_shifts
        w = 0
        sh, sl = self.scores[h], self.scores[low]
        dl, dh, ul = self.down[low], self.down[h], self.up[low]
        higher = sh > sl
        backs = self.float_rounds
        for back in backs:
            w = (w << gb) + dl[back] + (not higher and dh[back])     # C14, C16
            w = (w << gb) + (not (higher and ul[back]))              # C15, C17
        bl, bh = 1 << shifts[sl], 1 << shifts[sh]
        for back in backs:
            w <<= gs                                                 # C18, C20
            if dl[back]:
                w += bl
            if dh[back]:
                w += bh
            w <<= gs                                                 # C19, C21
            if not (ul[back] and higher):
                w += bh
        return w

    @staticmethod
    def _c11_ok(pl: PlayerState, ph: PlayerState) -> bool:
        """Both absolute and equal: C11 holds when the wider difference is not forced into a third same colour."""
        if pl.colour_imbalance == ph.colour_imbalance:
            return pl.repeated_colour is Colour.NONE or pl.repeated_colour is not ph.repeated_colour
        wider = ph if pl.colour_imbalance > ph.colour_imbalance else pl
        return wider.repeated_colour is not pl.colour_preference.opposite

    # -- the round -----------------------------------------------------------
    def run(self) -> RoundPairing:
        state = self.state
        if self.n == 0:
            return RoundPairing(state.round_number, ())
        self.top = self.scores[0]
        self.max_w = self.max_weight()
        self.shift = self.max_w.bit_length() - 2
        cm = self._feasibility()
        self._unplayed_ranks()
        if self.n % 2 and self.bye_score >= self.top:
            # The PAB comes from the top scoregroup: C9 can reach every edge, so
            # the whole round is solved on the global graph from the start.
            self.solver: _Solver = _Solver(self, None)
            self.solver.go_global(list(range(self.n)), bye_search=True)
        else:
            self.solver = _Solver(self, cm)
        partner = self._brackets()
        return self._result(partner)

    def neighbours(self, v: int, start: int = 0) -> Iterator[int]:
        """Every participant from ``start`` on that ``v`` may be paired with (C1, C3), in order.

        Filtered on each call from two sets, ``v``'s forbidden opponents and
        (C3) the participants with the same absolute preference: cached as
        lists, the neighbours of a 9999-player round took 800 MB.
        """
        excluded = self._excluded.get(v)
        if excluded is None:
            excluded = self._excluded[v] = self.forbidden[v] | {v}
        found: Iterator[int] = filterfalse(excluded.__contains__, range(start, self.n))
        colour = self.absolute_colour[v]
        if colour is not None and not self.exempt[v]:
            # C3: not another participant with the same absolute preference, unless exempt
            found = filterfalse(self._same_absolute(colour).__contains__, found)
        return found

    def _same_absolute(self, colour: Colour) -> set[int]:
        """The participants with an absolute preference for ``colour`` and not exempt from C3 (cached)."""
        found = self._absolute.get(colour)
        if found is None:
            exempt = self.exempt
            found = self._absolute[colour] = {v for v, c in enumerate(self.absolute_colour)
                                              if c is colour and not exempt[v]}
        return found

    def completion(self, a: int, b: int) -> int:
        """The C4/C2/C5 field of the weight of a compatible pair, in place."""
        not_bye = self.not_bye
        return (1 + not_bye[a] + not_bye[b]) << self.shift

    def bye_search_rows(self, members: Sequence[int]) -> Iterator[tuple[int, list[int]]]:
        """Each position ``i`` of ``members`` with the weights of the first matching when the PAB may be in the top
        group (:meth:`_bye_search_weight`) of its pairs with ``members[:i]`` (:meth:`rows_by_kind`).

        The weight reads only the PAB eligibility, the score, the absolute
        colour preference and C3's exemption. At 9999 participants (5*10^7
        pairs) a call per pair took 20 s.
        """
        kinds, reps = kinds_of(members, lambda v: (self.eligible[v], self.scores[v], self.absolute_colour[v],
                                                   self.exempt[v]))
        return self.rows_by_kind(members, kinds, reps, self._bye_search_weight)

    def rows_by_kind(self, members: Sequence[int], kinds: list[int], reps: list[int],
                     weight: Callable[[int, int], int]) -> Iterator[tuple[int, list[int]]]:
        """Each position ``i`` of ``members`` with the weights of its pairs with ``members[:i]``, C1 aside.

        ``weight(a, b)`` must depend only on the kinds of ``a`` and ``b``
        (``kinds``: each member's, ``reps``: one member of each), be
        symmetric, and leave out C1's forbidden pairs: it is read from a table
        per kind, and the forbidden pairs are zeroed after.
        """
        forbidden = self.forbidden_rows(members)
        rows: dict[int, tuple[list[int], list[int]]] = {}
        """Per kind: its table and its row so far (the rows of a kind are prefixes of each other)."""
        for i in range(1, len(members)):
            entry = rows.get(kinds[i])
            if entry is None:
                entry = rows[kinds[i]] = ([weight(reps[kinds[i]], r) for r in reps], [])
            table, clean = entry
            if len(clean) < i:
                clean.extend(map(table.__getitem__, kinds[len(clean):i]))
            row = clean.copy()
            for j in forbidden.get(i, ()):
                row[j] = 0
            yield i, row

    def _bye_search_weight(self, i: int, j: int) -> int:
        """C4, C2, C5, then C9's scope (both in the top scoregroup) of ``i`` and ``j``, C1's forbidden pairs aside
        (C3: 0 for two participants with the same absolute colour preference, neither exempt)."""
        lay = self.layout
        colour = self.absolute_colour[i]
        if colour is not None and colour is self.absolute_colour[j] and not (self.exempt[i] or self.exempt[j]):
            return 0
        w = 1 + (not self.eligible[i]) + (not self.eligible[j])
        w = (w << lay.groups_shift) | (lay.group_shifts[self.scores[i]] + lay.group_shifts[self.scores[j]])
        return (w << lay.group_bits) | (min(self.scores[i], self.scores[j]) >= self.top)

    def _feasibility(self) -> dict[int, int]:
        """C4 for the whole round and C5's lowest PAB score, by cardinality matching.

        :returns: a complete matching (the PAB candidate unmatched), used to
            check that each bracket's choice leaves the rest completable.
        :raises: :exc:`NoValidPairingError` when no complete pairing exists.
        """
        n = self.n
        m = CardinalityMatching(range(n), self.compatible, self.neighbours, any_path=True, exact=True)
        m.greedy()
        m.maximise(last=False)
        free = m.free()
        if len(free) > n % 2:
            self._no_pairing(free)
        if not free:
            return m.mate
        eligible = [v for v in range(n) if self.eligible[v]]
        if eligible:
            # C5: the lowest score, then the lowest rank. That participant can nearly always be the one left
            # over, which one search from its partner shows; the search for everybody who can (below) reads
            # the whole graph (5 s at 10,000 participants).
            bye = min(eligible, key=lambda v: (self.scores[v], -v))
            completion = self._completion_without(m, bye, free[0])
            if completion is not None:
                self._set_bye_score(self.scores[bye])
                return completion
        m.search(free[0])
        candidates = [v for v in m.outer | set(free) if self.eligible[v]]
        if not candidates:
            self._no_pairing(free)
        bye = min(candidates, key=lambda v: (self.scores[v], -v))
        self._set_bye_score(self.scores[bye])
        completion = self._completion_without(m, bye, free[0])
        assert completion is not None, "an outer vertex can be left over (Gallai-Edmonds)"
        return completion

    def _completion_without(self, m: CardinalityMatching, bye: int, free: int) -> dict[int, int] | None:
        """A complete matching of everybody but ``bye``, from ``m``'s maximum matching that leaves ``free`` over;
        ``None`` if there is none.

        ``bye``'s partner in ``m`` must then meet somebody else: one search for
        an augmenting path from it, on the graph without ``bye``.
        """
        if bye == free:
            return m.mate
        mate = dict(m.mate)
        partner = mate.pop(bye)
        del mate[partner]
        neighbours = self.neighbours

        def others(v: int) -> Iterator[int]:
            return (u for u in neighbours(v) if u != bye)

        rest = CardinalityMatching([v for v in range(self.n) if v != bye], self.compatible, others,
                                   any_path=True, exact=True)
        rest.mate = mate
        return rest.mate if rest.search(partner) else None

    def _no_pairing(self, unmatched: Sequence[int]) -> None:
        names = ", ".join(str(self.players[v].tpn) for v in unmatched)
        raise NoValidPairingError(
            "no pairing satisfies the absolute criteria (C.04.3 C1-C3, C.04.1 art. 2 and 4): "
            f"participant(s) {names} cannot be paired")

    def choose_bye_score(self, mates: list[int]) -> None:
        """From the global bye-search matching: C5's PAB score and C9's scope."""
        unmatched = [v for v in range(self.n) if mates[v] == v]
        if len(unmatched) > 1 or (unmatched and not self.eligible[unmatched[0]]):
            self._no_pairing(unmatched)
        bye = unmatched[0]
        self._set_bye_score(self.scores[bye])
        top = self.top
        single = self.bye_score >= top
        if single:
            for v in range(self.n):
                if self.scores[v] < top:
                    break
                if self.scores[mates[v]] < top:
                    single = False
                    break
        self.single_downfloater_is_bye = single

    def _unplayed_ranks(self) -> None:
        counts = sorted((self.players[v].played_games for v in range(self.n)
                         if self.scores[v] == self.bye_score), reverse=True)
        self.unplayed_ranks = {}
        for rank, count in enumerate(counts):
            self.unplayed_ranks[count] = rank

    def _brackets(self) -> dict[int, int]:
        """Process the brackets from the top (art. 1.9.2); returns vertex -> partner vertex.

        Each bracket is its MDPs (the downfloaters of the one before),
        its residents and, for the look-ahead criteria (C8), the next
        scoregroup; :class:`_DutchBracket` takes its decisions.
        """
        n, scores = self.n, self.scores
        partner: dict[int, int] = {}
        nxt = group_end(scores, 0)
        members = [Vertex(v) for v in range(nxt)]
        sg_begin = 0
        while len(members) > 1 or nxt < n:
            next_begin = len(members)
            group_start = nxt
            nxt = group_end(scores, group_start)
            members.extend(Vertex(v) for v in range(group_start, nxt))
            self.solver.start_bracket(members, nxt, group_start, sg_begin)
            bracket = _DutchBracket(self, members, sg_begin, next_begin)
            bracket.pair()
            score = scores[members[sg_begin]] if sg_begin < next_begin else scores[members[0]]
            record, carried = bracket.record(score)
            self.brackets.append(record)
            for a, b in carried.pairs:
                partner[a] = b
                partner[b] = a
            self.single_downfloater_is_bye = self._single_downfloater(bracket, group_start)
            if group_start >= n and len(carried.members) == len(members) > 1:
                # Nothing was paired in the last bracket and nothing is left to add.
                self._no_pairing(carried.members)
            members, sg_begin = carried.members, carried.mdps
        return partner

    def _single_downfloater(self, bracket: _DutchBracket, group_start: int) -> bool:
        """Whether C9 (the PAB assignee's unplayed games) is weighed in the next bracket.

        So when the round is odd, the lowest PAB score (C5) reaches the
        scoregroup at ``group_start``, and nobody carried from ``bracket``
        into the next one is matched below that scoregroup in its last
        matching.
        """
        scores = self.scores
        if not (self.n % 2 and group_start < self.n and self.bye_score >= scores[group_start]):
            return False
        limit = scores[group_start]
        members, mates, matched, size = bracket.members, bracket.mates, bracket.matched, bracket.size
        return all(mates[p] < size and scores[members[mates[p]]] >= limit
                   for p in span(0, size) if p >= bracket.next_begin or not matched[p])

    def _result(self, partner: dict[int, int]) -> RoundPairing:
        state = self.state
        ordered, bye = allocate_boards(self.players, partner, state.initial_colour)
        return RoundPairing(
            round_number=state.round_number,
            boards=tuple(Board(w.tpn, b.tpn) for w, b in ordered),
            bye=bye.tpn if bye is not None else None,
            explanation=tuple(self._explain(ordered, bye)),
        )

    def _explain(self, boards: list[tuple[PlayerState, PlayerState]], bye: PlayerState | None) -> list[str]:
        """Per bracket: MDPs, pairs, downfloaters, and the criteria a pair does not meet."""
        state = self.state
        white, black, none, down = Colour.WHITE, Colour.BLACK, Colour.NONE, Float.DOWN
        colours = {w.tpn: white for w, _ in boards} | {b.tpn: black for _, b in boards}

        def points(value: int) -> str:
            return format_score(value, state.scale)

        def tpns(vertices: tuple[int, ...]) -> str:
            return ", ".join(str(self.players[v].tpn) for v in vertices) or "none"

        lines = [f"Round {state.round_number}: {self.n} participants to pair"
                 + (f", PAB lowest possible score {points(self.bye_score)} (C5)" if self.n % 2 else "")]
        for bracket in self.brackets:
            lines.append(f"Bracket {points(bracket.score)}: {bracket.residents} resident(s), "
                         f"MDPs: {tpns(bracket.mdps)}; {len(bracket.pairs)} pair(s); "
                         f"downfloaters: {tpns(bracket.downfloaters)}")
            for a, b in bracket.pairs:
                for v in (a, b):
                    player = self.players[v]
                    wanted = player.colour_preference
                    got = colours.get(player.tpn, none)
                    if wanted is not none and got is not wanted:
                        kind = ("absolute" if player.absolute_preference else
                                "strong" if player.strong_preference else "mild")
                        rule = "C10/C11" if player.absolute_preference else "C12/C13" if \
                            player.strong_preference else "C12"
                        lines.append(f"  {player.tpn} ({points(self.scores[v])}) wanted {wanted.name.lower()} "
                                     f"({kind} preference), gets {got.name.lower()} [{rule}]")
            for v in bracket.downfloaters:
                player = self.players[v]
                for back, rule in ((0, "C14"), (1, "C16")):
                    if self.floats[v][back] is down:
                        lines.append(f"  {player.tpn} floats down again (also in round "
                                     f"{state.round_number - 1 - back}) [{rule}]")
        if bye is not None:
            vertex = next(v for v, p in enumerate(self.players) if p is bye)
            lines.append(f"PAB: {bye.tpn} ({points(self.scores[vertex])}, "
                         f"{bye.played_games} game(s) played)")
        return lines


class _DutchBracket(Bracket):
    """One bracket under the 2026 rules, its matchings solved by the round's :class:`_Solver` (in vertices).

    Adds to the shared steps (:class:`~swisspair.pairing.bracket.Bracket`):
    the weights of C1-C21 (:meth:`_DutchRound.edge_weight`), the skipped
    re-solves of art. 4.2 (known from the matching's dual solution), the
    exchange matching skipped when swapping partners shows no exchange (art.
    4.3) and the S1 participants' opponents decided by one matching (see
    docs/pairing.md, "Speed").
    """

    def __init__(self, rnd: _DutchRound, members: list[Vertex], sg_begin: int, next_begin: int) -> None:
        super().__init__(members, sg_begin, next_begin, rnd.scores, rnd.layout.group_bits)
        self.solver = rnd.solver
        self.position = [Position(self.size)] * rnd.n
        """Each vertex's position (past the end for those not in the bracket)."""
        for p, v in enumerate(members):
            self.position[v] = Position(p)
        self.costly = 0
        """How many re-solves of art. 4.2 dissolved a large blossom (:meth:`at_once`)."""
        self.base = self._weights(rnd)

    def _weights(self, rnd: _DutchRound) -> list[list[int]]:
        """C1-C21 for each pair with a resident or a member of the next scoregroup (the C8 look-ahead), set in the solver.

        A pair's weight depends only on the two participants' :meth:`_DutchRound.pair_kinds`
        and on C1 (:meth:`_DutchRound.edge_weight`): each row is read from a table per kind,
        then its forbidden pairs are zeroed. Few distinct weights: one object each keeps the
        bracket's O(n^2) weights small.
        """
        members, next_begin, size = self.members, self.next_begin, self.size
        kinds, reps = rnd.pair_kinds(members)
        forbidden = rnd.forbidden_rows(members)
        last = {(kinds[larger], larger < next_begin): larger for larger in range(self.sg_begin, size)}
        seen = list(accumulate(kinds, max, initial=-1))
        """Kinds are numbered as first met: those before position ``p`` are ``range(seen[p] + 1)``."""
        rows: dict[tuple[int, bool], tuple[list[int], list[int], list[int], list[int]]] = {}
        """Per kind of the larger position: its table (plain, local) and its row so far without C1 (both ways):
        the rows of one kind are prefixes of each other, so each row is a copy extended, not built anew."""
        base: list[list[int]] = [[] for _ in range(size)]
        solver = self.solver
        at = solver.positions(members)
        for larger in range(self.sg_begin, size):
            in_cur = larger < next_begin
            key = (kinds[larger], in_cur)
            entry = rows.get(key)
            if entry is None:
                smaller_reps = reps[:seen[last[key]] + 1]  # the kinds this key's rows read, up to its last member
                entry = rows[key] = (*rnd.kind_table(smaller_reps, reps[kinds[larger]], in_cur), [], [])
            plain, local, plain_row, local_part = entry
            if len(plain_row) < larger:
                smaller_kinds = kinds[len(plain_row):larger]
                plain_row.extend(map(plain.__getitem__, smaller_kinds))
                local_part.extend(map(local.__getitem__, smaller_kinds))
            row = base[larger] = plain_row.copy()
            local_row = local_part  # set as it is (read, not kept) unless C1 zeroes some of its pairs
            zeroed = forbidden.get(larger)
            if zeroed:
                local_row = local_part.copy()
                for smaller in zeroed:
                    row[smaller] = local_row[smaller] = 0
            solver.set_row_at(at[larger], at, row, local_row)  # the pairs with at[:larger]: as far as the row goes
        return base

    # -- the solver, in positions -------------------------------------------------
    def set(self, a: Position, b: Position, weight: int) -> None:
        self.solver.set(self.members[a], self.members[b], weight)

    def set_row(self, a: Position, others: Sequence[Position], weights: list[int]) -> None:
        members = self.members
        self.solver.set_many(members[a], [members[b] for b in others], weights)

    def places(self, positions: list[Position]) -> list[int]:
        members = self.members
        return self.solver.positions([members[p] for p in positions])

    def clear_row(self, a: Position, places: list[int]) -> None:
        zeros = [0] * len(places)
        self.solver.set_row_at(self.solver.positions([self.members[a]])[0], places, zeros, zeros)

    def solve(self) -> None:
        self.solver.compute()
        self.mates = self.solver.mates_in(self.members, self.position)

    def fix(self, a: Position, b: Position) -> None:
        self.solver.finalize(self.members[a], self.members[b])

    def earlier_excluded(self, a: Position, earlier: list[Position]) -> bool:
        members = self.members
        return self.solver.excluded(members[a], [members[b] for b in earlier])

    # -- the shortcuts of art. 4.2 and 3.3 ----------------------------------------------
    def keeps_opponent(self, a: Position, candidates: list[Position]) -> bool:
        """Art. 4.2: ``a``'s opponent is the first S2 participant available, or one no best matching can improve on.

        The second holds when the dual solution shows every earlier
        candidate excluded (:meth:`_Solver.excluded`). The last candidate is
        always re-solved.
        """
        base, mate = self.base, self.mates[a]
        first = next((k for k, oi in enumerate(candidates) if base[oi][a]), None)
        mate_at = next((k for k, oi in enumerate(candidates) if oi == mate), None)
        if first is None or mate_at is None or mate_at >= len(candidates) - 1 \
                or not base[candidates[mate_at]][a] or mate_at < first:
            return False
        return mate_at == first or self.solver.excluded(
            self.members[a], [self.members[oi] for oi in candidates[first:mate_at] if base[oi][a]])

    def _adopt(self, mates: list[Position]) -> None:
        """Make ``mates``, an optimum of the same weight found by swapping partners inside the bracket, the
        matching here and the solver's (:meth:`_Solver.adopt`), so that it repairs from it."""
        members, old = self.members, self.mates
        found = self.solver.vertex_mates()
        for p, q in enumerate(mates):
            if q != old[p]:
                found[members[p]] = members[q]
        self.mates = mates
        self.solver.adopt(found)

    def decide_run(self, rest: list[Position]) -> bool:
        """Art. 4.2: S1 participants whose first possible opponent is shown by swapping partners in the optimum.

        See :meth:`_Solver.swapped`: from the last optimum, while its duals
        still certify it, each S1 participant in turn takes its first S2
        candidate that a best matching may give it, when swapping partners
        around that pair keeps the weight. The first participant for which
        that fails is left to a matching (:meth:`Bracket.transpositions`).
        """
        members, mates, matched, base, position = self.members, self.mates, self.matched, self.base, self.position

        free = [oi for oi in rest if not matched[oi]]
        """Those not paired yet, in order (as ``rest``): each pair that swapped decides leaves it."""

        def candidates(pi: Position) -> Iterator[int]:
            later = free[bisect_right(free, pi):]
            return compress(map(members.__getitem__, later), (base[oi][pi] for oi in later))

        def taken(v: int, c: int) -> None:
            for p in (position[v], position[c]):
                k = bisect_left(free, p)
                if k < len(free) and free[k] == p:
                    del free[k]

        s1 = (pi for pi in rest if not matched[pi] and pi < mates[pi] < self.next_begin)
        found, decided = self.solver.swapped(((members[pi], candidates(pi)) for pi in s1), taken)
        if not decided:
            return False
        self.mates = [position[found[v]] for v in members]
        self.solver.adopt(found)

        for v in decided:
            pi = position[v]
            mi = self.mates[pi]
            matched[pi] = matched[mi] = True
            self.fix(pi, mi)
        return True

    def at_once(self, rest: list[Position]) -> bool:
        """Art. 4.2: from the second re-solve that dissolves a large blossom on, the rest of S1 in one matching.

        Re-solving S1 participant after participant dissolves and rebuilds
        such a blossom each time; :meth:`_s1_at_once` decides the others at
        once instead, when it can.
        """
        self.costly += self.solver.costly(self.members[rest[0]])
        return self.costly > 1 and self._s1_at_once(rest)

    def _s1_at_once(self, rest: list[Position]) -> bool:
        """The S1 participants among ``rest`` take their opponents in one matching.

        The same answer as one matching per S1 participant in turn (art. 4.2;
        see :meth:`_Solver.lexicographic`), provided each of them still has an
        S2 opponent in it; otherwise ``False`` and nothing is changed. On
        success the pairs are fixed.
        """
        members, mates, matched, base = self.members, self.mates, self.matched, self.base
        s1 = [pi for pi in rest if pi < mates[pi] < self.next_begin]
        preferences = [(members[pi], [members[oi] for oi in rest if oi > pi and not matched[oi] and base[oi][pi]])
                       for pi in s1]
        found = self.solver.lexicographic(preferences)
        if found is None:
            return False
        position = self.position
        if not all(pi < position[found[members[pi]]] < self.next_begin for pi in s1):
            return False
        self.mates = [position[found[v]] for v in members]
        for pi in s1:
            mi = self.mates[pi]
            matched[pi] = matched[mi] = True
            self.fix(pi, mi)
        return True

    def exchange_possible(self, remainder: list[Position], rem_pairs: int) -> bool:
        """Art. 4.3: as :meth:`Bracket.exchange_possible`, with one more way to show there is no exchange.

        An optimum of the same weight found by swapping partners
        (:meth:`_without_exchange`, which then becomes :attr:`mates`) that
        keeps every S1 participant in S1.
        """
        if not super().exchange_possible(remainder, rem_pairs):
            return False
        mates = self._without_exchange(remainder, rem_pairs)
        if mates is not None:
            self._adopt(mates)
            return False
        return not self._s1_kept_by_penalty(remainder, rem_pairs)

    def _s1_kept_by_penalty(self, remainder: list[Position], rem_pairs: int) -> bool:
        """Art. 4.3: whether an optimum keeps every S1 participant in S1, found by one repair of the matching.

        Every pair that would take an S1 participant out of S1 (with an
        earlier remainder member or with the next scoregroup), and every pair
        of two S2 participants (with as many remainder pairs as S1 participants,
        one means an S1 participant left over), loses 1 and the matching is
        repaired. The total loss is below every difference of the
        criteria (:meth:`Bracket.ordered` packs a whole preference per pair into
        the same room), so the repaired optimum is one of the optima that lose
        the least: nothing exactly when an optimum without exchange exists. Only
        the optimum's lost pairs and the blossom edges among the lowered ones
        are repaired, instead of the whole remainder re-solved with the
        exchange preferences. When it finds one, that optimum is the answer of
        :meth:`Bracket.prefer_fewest_exchanges` (no exchange, the same BSN sum)
        and ``True``; else the weights are restored and ``False``.
        """
        if len(remainder) + self.sg_begin >= 1 << (3 * self.order_bits):
            return False  # the losses might add up to a difference of the criteria
        base, next_begin, size = self.base, self.next_begin, self.size
        rows: list[tuple[Position, list[Position], list[int]]] = []
        for k, pi in enumerate(remainder):
            others = [oi for oi in remainder[rem_pairs if k >= rem_pairs else 0:k] if base[pi][oi]]
            weights = [base[pi][oi] for oi in others]
            if k < rem_pairs:
                below = [oi for oi in span(next_begin, size) if base[oi][pi]]
                others += below
                weights += [base[oi][pi] for oi in below]
            if others:
                rows.append((pi, others, weights))
                self.set_row(pi, others, [w - 1 for w in weights])
        self.solve()
        if not any(self.lowered(pi) for pi in remainder[:rem_pairs]):
            return True
        for pi, others, weights in rows:
            self.set_row(pi, others, weights)
        return False

    def _without_exchange(self, remainder: list[Position], rem_pairs: int) -> list[Position] | None:
        """An optimum of the same weight in which no S1 participant is out of S1, or ``None`` if not found so.

        Each S1 participant paired with an earlier one, or with the next
        scoregroup, swaps partners with a pair of two S2 participants when the
        two new pairs weigh as much as the two old ones (the same participants
        paired, the same total weight: as good as the optimum, art. 4.3).
        """
        mates = list(self.mates)
        s2 = remainder[rem_pairs:]
        in_s2 = set(s2)
        spare = [c for c in s2 if c < mates[c] and mates[c] in in_s2]
        """The smaller of each pair of two S2 participants."""
        weight = self._weight
        for a in remainder[:rem_pairs]:
            b = mates[a]
            if a < b < self.next_begin:
                continue
            if b == a and not self.solver.local:
                if not self._pair_unpaired(mates, a, spare):
                    return None
                continue
            if b == a or b >= self.size:
                return None  # paired outside the bracket and the next scoregroup, or unpaired (see above)
            ab = weight(a, b)
            for k, c in enumerate(spare):
                d = mates[c]
                old = ab + weight(c, d)
                new = next(((x, y) for x, y in ((c, d), (d, c))
                            if (ax := weight(a, x)) and (by := weight(b, y)) and ax + by == old), None)
                if new is not None:
                    x, y = new
                    mates[a], mates[x], mates[b], mates[y] = x, a, y, b
                    del spare[k]
                    break
            else:
                return None
        return mates

    def _pair_unpaired(self, mates: list[Position], a: Position, spare: list[Position]) -> bool:
        """Pair the unpaired ``a`` with one of a pair of two S2 participants when that weighs as much as their pair,
        the other left unpaired (on the whole round's graph, where the weights include the PAB's criteria)."""
        weight = self._weight
        for k, c in enumerate(spare):
            d = mates[c]
            cd = weight(c, d)
            for x, y in ((c, d), (d, c)):
                if weight(a, x) == cd:
                    mates[a], mates[x], mates[y] = x, a, y
                    del spare[k]
                    return True
        return False

    def _weight(self, a: Position, b: Position) -> int:
        """The weight of ``a``-``b`` in the solver now (0 for no pair)."""
        return self.solver.weight(self.members[a], self.members[b])


_LARGE_BLOSSOM = 3
"""S1 opponents are decided in one matching from a blossom of 1/_LARGE_BLOSSOM of the graph (_Solver.costly)."""

_CHUNK_BITS = 384
"""The width in bits of the ranks of one matching of :meth:`_Solver.lexicographic`: as many vertices as fit are
ranked together (round 2 at 9999 players: 1740 S1 participants of 11-bit ranks, 34 a matching)."""


class _Solver:
    """The matchings of one round, solved locally whenever that is exact.

    The reference procedure solves every matching on the whole round. Its
    weights have the completion field (C4/C2/C5) on top and, outside the
    current bracket and the next scoregroup, nothing else; every complete
    round-pairing has the same completion total. So the best matching is the
    best one on the current bracket and the next scoregroup alone (without
    the completion field), provided the participants it leaves unpaired can
    still be paired with those below, everybody but one PAB candidate. That
    is checked after each matching with a cardinality matching; when it
    fails, or near the bottom where C9 makes the PAB's identity matter, the
    solver switches to the global graph for the rest of the round.
    """

    def __init__(self, rnd: _DutchRound, completion: dict[int, int] | None) -> None:
        self.rnd = rnd
        self.n = rnd.n
        self.local = completion is not None
        self.completion = completion or {}
        self.vertices: list[int] = []
        self.pos: dict[int, int] = {}
        self.mc = MatchingComputer(0)
        self.lower = self.n
        self._extendable_key: tuple[int, frozenset[int]] | None = None
        self.fixed: list[tuple[int, int]] = []
        """The pairs of the current bracket fixed so far (:meth:`finalize`), kept by :meth:`go_global`."""

    # -- modes ---------------------------------------------------------------
    def go_global(self, active: list[int], bye_search: bool = False, carry: int | None = None) -> None:
        """Solve on every participant not yet paired, with the reference weights.

        The weights of the last local graph are carried over between its participants, or only between the first
        ``carry`` of ``active`` (when a bracket starts, it sets every other pair of its own).
        """
        rnd = self.rnd
        old_mc, old_pos = self.mc, self.pos
        was_local = self.local
        self.local = False
        self.vertices = active
        self.pos = {v: i for i, v in enumerate(active)}
        mc = self.mc = MatchingComputer(len(active))
        if bye_search:
            for i, row in rnd.bye_search_rows(active):
                mc.set_edge_weights(i, list(range(i)), row)
            mc.compute()
            rnd.choose_bye_score(self._mates())
            mc.restart()  # every weight changes below: a fresh start, without recording each change
        carried = [(0, old_pos[active[0]])] if active and active[0] in old_pos else []
        """The vertices of the old local graph met so far: (position here, position there)."""
        limit = len(active) if carry is None else carry
        for i, row in self._initial_rows(active):
            a = active[i]
            if was_local and not bye_search and i < limit and a in old_pos:
                oa, completion = old_pos[a], rnd.completion
                for j, ob in carried:
                    w = old_mc.edge_weight(oa, ob)
                    row[j] = w + completion(a, active[j]) if w else 0
                carried.append((i, oa))
            mc.set_edge_weights(i, list(range(i)), row)
        pos = self.pos
        for a, b in self.fixed:
            # Art. 4.2: a pair fixed on the local graph stays fixed on the whole round's,
            # where its participants also have edges to those below (C4 needs it: they are paired).
            mc.isolate_pair(pos[a], pos[b], rnd.max_w)
        self.lower = self.n

    def _initial_rows(self, active: list[int]) -> Iterator[tuple[int, list[int]]]:
        """Each position ``i`` of ``active`` with the weights before any bracket touches them
        (:meth:`_DutchRound.edge_weight` outside a bracket) of its pairs with ``active[:i]``.

        Read from a table per :meth:`_DutchRound.pair_kinds` (the weight is
        symmetric but for C1's forbidden pairs, zeroed after).
        """
        rnd = self.rnd
        kinds, reps = rnd.pair_kinds(active)

        def weight(a: int, b: int) -> int:
            return rnd.allowed_weight(min(a, b), max(a, b), False, False)

        return rnd.rows_by_kind(active, kinds, reps, weight)

    def start_bracket(self, vertices: Sequence[int], lower: int, group_start: int, mdps: int) -> None:
        """A new bracket: ``vertices`` are its participants and the next scoregroup's, its ``mdps`` MDPs first.

        Locally, only the weights between two MDPs are carried over from the
        last graph: the bracket (:class:`_DutchBracket`) sets every other pair.
        """
        self.fixed = []
        if not self.local:
            return
        rnd = self.rnd
        if rnd.n % 2 and group_start < rnd.n and rnd.bye_score >= rnd.scores[group_start]:
            # From here on the PAB assignee's identity (C9) depends on the whole rest.
            self.go_global(list(vertices) + list(range(lower, self.n)), carry=mdps)
            return
        old_mc, old_pos = self.mc, self.pos
        self.vertices = list(vertices)
        self.pos = {v: i for i, v in enumerate(vertices)}
        mc = self.mc = MatchingComputer(len(vertices))
        carried = [old_pos[v] for v in vertices[:mdps]]
        for i in range(1, len(carried)):
            a = carried[i]
            mc.set_edge_weights(i, list(range(i)), [old_mc.edge_weight(a, b) for b in carried[:i]])
        self.lower = lower

    # -- the matching computer's interface, in vertex numbers --------------------
    def weight(self, a: int, b: int) -> int:
        """The weight of ``a``-``b`` in the graph solved now (0 for no pair)."""
        pos = self.pos
        return self.mc.edge_weight(pos[a], pos[b])

    def set(self, a: int, b: int, weight: int) -> None:
        if self.local and weight:
            weight -= self.rnd.completion(a, b)
        pos = self.pos
        self.mc.set_edge_weight(pos[a], pos[b], weight)

    def set_many(self, a: int, others: Sequence[int], weights: list[int], local: list[int] | None = None) -> None:
        """:meth:`set` of ``a`` with each of ``others``, in order (``local``: the weights already without
        the completion field, see :meth:`_DutchRound.kind_table`)."""
        pos = self.pos
        if self.local and local is not None:
            weights = local
        elif self.local and any(weights):
            completion = self.rnd.completion
            weights = [w - completion(a, b) if w else 0 for b, w in zip(others, weights)]
        self.mc.set_edge_weights(pos[a], [pos[b] for b in others], weights)

    def positions(self, vertices: Sequence[int]) -> list[int]:
        """The places of ``vertices`` in the graph solved now (for :meth:`set_row_at`)."""
        return list(map(self.pos.__getitem__, vertices))

    def set_row_at(self, a: int, others: list[int], weights: list[int], local: list[int]) -> None:
        """:meth:`set_many` in the graph's places (:meth:`positions`), the weights given both ways (``others`` may
        go on past them)."""
        self.mc.set_edge_weights(a, others, local if self.local else weights)

    def excluded(self, a: int, others: list[int]) -> bool:
        """Whether no best matching pairs ``a`` with one of ``others``, known without solving.

        See :meth:`MatchingComputer.excluded`. Locally that is exact too: the
        pairs of a best global matching inside the local graph form a best
        local matching.
        """
        pos = self.pos
        return self.mc.excluded(pos[a], [pos[b] for b in others])

    def costly(self, v: int) -> bool:
        """Whether re-solving after a change at ``v`` means dissolving a large blossom (see :meth:`lexicographic`)."""
        return self.mc.blossom_size(self.pos[v]) * _LARGE_BLOSSOM >= len(self.vertices)

    def lexicographic(self, preferences: Sequence[tuple[int, Sequence[int]]]) -> list[int] | None:
        """The best matching that, below every weight, gives each listed vertex in turn its earliest candidate.

        ``preferences`` lists ``(vertex, candidates)`` by priority, each
        vertex's candidates by its preference. The answer is that of one
        matching per vertex in turn, each raising the weights of the vertex's
        edges by the candidate's rank from the end and then fixing its partner
        (art. 4.2). Here a chunk of vertices is ranked in one matching
        (:meth:`_ranked_chunk`), on a copy of the optimum scaled to make room
        for the ranks below every weight, and their partners are fixed before
        the next chunk is ranked in the same digits. Only candidates that some
        best matching may pair with the vertex (slack 0) need a rank. The
        solver's own matching is left as it is. ``None`` when a listed vertex
        is left unpaired, or when the local answer cannot be completed below
        (the caller then goes vertex by vertex, which may go global).
        """
        pos = self.pos
        mc = self.mc
        vertices: list[int] = []
        lists: list[list[int]] = []
        for v, candidates in preferences:
            others = [pos[c] for c in candidates]
            tight = mc.tight(pos[v], others)
            vertices.append(pos[v])
            lists.append(others if tight is None else [o for o, t in zip(others, tight) if t])
        width = (max(map(len, lists), default=0) + 1).bit_length()
        chunk = max(1, min(len(vertices), _CHUNK_BITS // width))
        ranked = mc.scaled(chunk * width)
        for start in range(0, len(vertices), chunk):
            if not self._ranked_chunk(ranked, vertices[start:start + chunk], lists[start:start + chunk], width):
                return None
        self.mc = ranked
        try:
            if self.local and not self._extendable():
                return None
            return self._mates()
        finally:
            self.mc = mc

    @staticmethod
    def _ranked_chunk(ranked: MatchingComputer, vertices: Sequence[int], lists: Sequence[list[int]],
                      width: int) -> bool:
        """Solve ``ranked`` with each of ``vertices`` preferring its earlier ``lists`` candidates, then fix its partner.

        The ranks form a mixed-radix number of ``width`` bits a vertex below
        every weight (the first vertex's digit most significant, so that its
        rank outweighs all later ones together): the k-th of ``n`` candidates
        ranks ``n - k``, the others 0. Exact for these vertices in turn: each
        gets its earliest candidate among the best matchings that give the
        earlier ones theirs. ``False`` when one is left unpaired.
        """
        place = 1 << (len(vertices) * width)
        for pv, others in zip(vertices, lists):
            place >>= width
            weights = [ranked.edge_weight(pv, o) for o in others]
            ranked.set_edge_weights(pv, others, [w + (len(others) - k) * place if w else 0
                                                 for k, w in enumerate(weights)])
        ranked.compute()
        mates = ranked.mates()
        if any(mates[pv] == pv for pv in vertices):
            return False
        for pv in vertices:
            ranked.isolate_pair(pv, mates[pv], 1)  # its rank is gone: the next chunk's use the same digits
        return True

    def swapped(self, preferences: Iterable[tuple[int, Iterator[int]]],
                taken: Callable[[int, int], None] | None = None) -> tuple[list[int], list[int]]:
        """The answer of one matching per listed vertex (art. 4.2) for the first ones, found by swapping partners.

        ``preferences`` lists ``(vertex, candidates)`` by priority, each
        vertex's candidates by its preference (read only as far as needed).
        From the solver's optimum, each vertex ``a`` in turn takes the first
        candidate ``c`` not yet taken whose edge has slack 0: the others are
        in no best matching (:meth:`MatchingComputer.tight`, a certificate
        for every best matching, so for those that keep the pairs taken so
        far). When ``c`` is not ``a``'s partner ``m``, a best matching with
        ``a``-``c`` is sought by swapping partners around it: ``a``-``c`` and
        ``m``-``d`` for ``c``-``d``, else ``a``-``c``, ``d``-``x`` and
        ``y``-``m`` for ``c``-``d`` and a pair ``x``-``y`` with ``x`` tight to
        ``d``. A swap of the same total weight is a best matching, so ``c`` is
        ``a``'s first possible candidate; the first vertex for which no such
        swap is found ends the run (as does one left unpaired, or duals that
        no longer certify the optimum). ``taken(a, c)`` is told each pair
        decided, before the next vertex's candidates are read.

        :returns: the matching (vertex -> partner, itself when unpaired) and
            the vertices it decides, in order: none when the local answer
            cannot be completed below (:meth:`_extendable`). The solver's own
            matching is left as it is.
        """
        mc, pos, vertices = self.mc, self.pos, self.vertices
        mates = mc.mates()
        fixed: set[int] = set()
        decided: list[int] = []
        for v, candidates in preferences:
            pv = pos[v]
            m = mates[pv]
            c = self._first_tight(pv, filterfalse(fixed.__contains__, map(pos.__getitem__, candidates)))
            if c is None or m == pv or (c != m and not self._swap(mates, pv, c, fixed)):
                break
            fixed.add(pv)
            fixed.add(c)
            decided.append(v)
            if taken is not None:
                taken(v, vertices[c])
        result = list(range(self.n))
        for i, j in enumerate(mates):
            result[vertices[i]] = vertices[j]
        if decided and self.local and not self._extendable(mates):
            decided = []
        return result, decided

    def _swap(self, mates: list[int], a: int, c: int, fixed: Container[int]) -> bool:
        """Pair ``a`` with ``c`` in ``mates`` (positions) by a swap of partners of the same weight, if one is found."""
        mc = self.mc
        weight = mc.edge_weight
        m, d = mates[a], mates[c]
        if d == c:
            return False
        old = weight(a, m) + weight(c, d)
        gain = old - weight(a, c)
        md = weight(m, d)
        if md and md == gain:
            mates[a], mates[c], mates[m], mates[d] = c, a, d, m
            return True
        n = len(mates)
        tight = mc.tight(d, list(range(n)))
        if tight is None:
            return False
        ends = (a, c, m, d)
        for x in compress(range(n), tight):
            y = mates[x]
            if x == y or x in ends or y in ends or x in fixed:
                continue
            dx, ym = weight(d, x), weight(y, m)
            if dx and ym and dx + ym == gain + weight(x, y):
                mates[a], mates[c], mates[d], mates[x], mates[y], mates[m] = c, a, x, d, m, y
                return True
        return False

    def _first_tight(self, pv: int, others: Iterator[int]) -> int | None:
        """The first of ``others`` whose edge with ``pv`` has slack 0 (``None``: none, or the duals do not tell)."""
        block = 4
        while True:
            chunk = list(islice(others, block))
            if not chunk:
                return None
            tight = self.mc.tight(pv, chunk)
            if tight is None:
                return None
            for o, t in zip(chunk, tight):
                if t:
                    return o
            block *= 2

    def vertex_mates(self) -> list[int]:
        """The solver's matching, vertex -> partner (itself when unpaired or not in the graph)."""
        return self._mates()

    def adopt(self, mates: list[int]) -> None:
        """Take ``mates`` (vertex -> partner) as the solver's matching (see :meth:`MatchingComputer.adopt`)."""
        pos, vertices = self.pos, self.vertices
        self.mc.adopt([pos[mates[v]] for v in vertices])

    def finalize(self, a: int, b: int) -> None:
        """Pair ``a`` with ``b`` for good."""
        pos = self.pos
        keep = 1 if self.local else self.rnd.max_w  # an isolated pair stays matched
        self.mc.isolate_pair(pos[a], pos[b], keep)
        if self.local:
            self.fixed.append((a, b))

    def compute(self) -> None:
        """Re-optimise: locally, or on the whole round from now on when the local answer cannot be completed."""
        self.mc.compute()
        if self.local and not self._extendable():
            self.go_global(self.vertices + list(range(self.lower, self.n)))
            self.mc.compute()

    def mates_in(self, members: Sequence[int], position: Sequence[Position]) -> list[Position]:
        """The current matching of a bracket's ``members``, in their positions.

        ``position`` gives each vertex's position, past the last one for a
        vertex outside the bracket. The solver's graph starts with the
        bracket's members (:meth:`start_bracket`, :meth:`go_global`) except
        when it is the whole round from the start; then it is translated.
        """
        size = len(members)
        mates = self.mc.mates()
        vertices = self.vertices
        if vertices[:size] == members:
            return as_positions([m if m < size else size for m in mates[:size]])
        pos = self.pos
        return [position[vertices[mates[pos[v]]]] for v in members]

    def _mates(self) -> list[int]:
        result = list(range(self.n))
        vertices = self.vertices
        for i, j in enumerate(self.mc.mates()):
            result[vertices[i]] = vertices[j]
        return result

    def _extendable(self, mates: list[int] | None = None) -> bool:
        """Whether those left unpaired here (by ``mates``, default the solver's matching) can be paired with those
        below (C4, C2, C5)."""
        rnd = self.rnd
        vertices = self.vertices
        if mates is None:
            mates = self.mc.mates()
        unpaired = [vertices[i] for i, j in enumerate(mates) if i == j]
        lower = range(self.lower, self.n)
        if not unpaired and not rnd.n % 2 and not len(lower):
            return True
        key = (self.lower, frozenset(unpaired))
        if key == self._extendable_key:
            return True  # the same question as the last one answered yes
        inside = set(unpaired)
        compatible = rnd.compatible
        start = self.lower
        ordered = sorted(unpaired)

        def adjacent(a: int, b: int) -> bool:
            return not (a in inside and b in inside) and compatible(a, b)

        def neighbours(v: int) -> Iterable[int]:
            # In vertex order: those left unpaired here (all above ``lower``), then those below.
            below = rnd.neighbours(v, start)
            if v in inside:
                return below
            return chain([u for u in ordered if u != v and compatible(v, u)], below)

        m = CardinalityMatching(unpaired + list(lower), adjacent, neighbours, any_path=True, exact=True)
        completion = self.completion
        m.mate = {x: y for x in lower if (y := completion.get(x)) is not None and y in lower and completion.get(y) == x}
        m.greedy()
        m.maximise(last=False)
        free = m.free()
        if len(free) > rnd.n % 2:
            return False
        if free and not rnd.is_bye_candidate(free[0]):
            m.search(free[0], until=rnd.is_bye_candidate)  # the matching is maximum: only who can be left over
            if not any(rnd.is_bye_candidate(v) for v in m.outer):
                return False
        self.completion.update(m.mate)
        self._extendable_key = key
        return True

