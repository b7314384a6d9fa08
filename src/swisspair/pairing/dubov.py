"""The Dubov System (FIDE C.04.4.1, 2026 text, applied from 1 February 2026).

There is no reference engine for this text: this module implements it as
written, deterministically, and the readings we had to choose are listed
below (and in ``docs/systems.md``).

How a round is paired
---------------------
1. **Model** (1.6-1.8). Scores are pairing scores (points plus the virtual
   points of C.04.7, if any). Colour preferences are the Dutch ones
   (absolute, strong, mild) computed on played games; a participant who has
   not played yet has a *mild preference for Black* (1.6.4). The ARO is the
   mean rating of the over-the-board opponents, rounded half up, 0 before
   the first game (1.7). A participant *upfloated* in a round when it played
   an opponent with a higher pairing score; a *maximum upfloater* has
   upfloated ``MaxT = 2 + floor(R / 5)`` times already (1.8).
2. **Absolute criteria.** [C1] no rematch (and no ``XXP``/``260`` pair);
   [C2] PAB eligibility per C.04.1 (2026) art. 4; [C3] no two participants
   with the same absolute colour preference meet, without any topscorer
   exception. [C4]: the rest of the round can always be completed.
3. **PAB first** (3.1): an eligible participant whose removal leaves a
   complete pairing; then the lowest score, the most games played, the
   largest TPN.
4. **Brackets, top down** (3.2): the bracket is the highest scoregroup of the
   participants still unpaired plus the upfloaters chosen for it; every
   resident is paired in it (there are no downfloaters). The upfloater set is
   chosen by one maximum-weight matching on all participants still unpaired,
   whose weights encode, in priority order: a complete pairing of everybody
   (C4), the fewest upfloaters (C5), the upfloaters' scores taken in
   ascending order as high as possible (C6), the fewest participants of the
   bracket without their colour preference (C7), and unless it is the last
   round the fewest maximum upfloaters (C8), the fewest upfloats of the
   maximum upfloaters (C9) and the fewest upfloaters who upfloated in the
   previous round (C10); among the sets that are best on all of these, the
   first in 3.2.2 order: candidates are numbered by descending score then
   TPN, and of two sets the one holding the smaller number at the first
   difference comes first.
5. **Pairing the bracket** (3.2.3-3.2.6, 4). G1 holds the White-seekers (when
   no participant of the bracket has played, the first half in TPN order), G2
   the others. 3.2.4: when players of the smaller subgroup (G1 if the sizes
   are equal) must unavoidably meet each other, as many of them as such pairs
   shift to the other subgroup (step 1); then the larger subgroup gives
   shifters to the smaller one until both have the same size (step 2). Each
   step takes the first set in the 4.3 numbering of its subgroup
   (White-seekers by ARO then TPN, Black-seekers by TPN; numbers from the
   remaining middle outwards, the upper of two middle players first, 4.3.3)
   that still admits a legal pairing at the bracket's colour optimum. S1 is
   G1 sorted by ascending ARO, then TPN; the pairs are S1[i] - T2[i], where
   T2 is the first permutation of G2 in lexicographic TPN order that is legal
   (C1, C3) and keeps the number of colour-preference failures at the
   bracket's optimum from step 4 (C7).
6. **Colours** (5.2): neither has played: the higher-ranked (score, then TPN)
   gets the initial colour if its TPN is odd; then grant both preferences;
   then the stronger one; then alternate from the most recent round in which
   their colours differed; then the higher-ranked participant's preference.

Readings chosen
---------------
* **Shifters** (3.2.4, 4.3). "Best" set of shifters: the first, in the
  4.3.3 numbering, that lets S1 be paired against G2 at the bracket's [C7]
  optimum; sets of step 1 and step 2 are tried in nested order. "Must
  unavoidably be paired together" counts the pairs inside the smaller
  subgroup of a legal pairing that is best on [C7] and has the fewest such
  pairs.
* **Unpairable split.** The two steps of 3.2.4 always reach a pairing of S1
  against G2 when the bracket has one; only when more than
  ``SHIFTER_SETS_TRIED`` sets would be needed is the bracket paired as a
  general graph instead: the participants in S1-then-S2 order, each from the
  top taking the first partner in that order that still allows the best
  completion (noted in the explanation).
* **C7 in the upfloater choice** is measured on the best pairing the
  bracket admits, not on the pairing 3.2.6 will then produce; 3.2.6 is then
  required to reach it (it is reached whenever S1 can be paired against G2).
* **TPN changes** (1.2.2, re-ranking when ratings change before round 4)
  are the caller's business: the TPNs of the input are used.
* The text's cross-reference "2.2.4" in 4.4.1 is read as 3.2.4.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from swisspair.errors import NoValidPairingError
from swisspair.matching.weighted import MatchingComputer
from swisspair.model import Colour, RoundPairing, Tournament
from swisspair.pairing.acceleration import AcceleratedSystem, virtual_points
from swisspair.pairing.boards import oriented_boards, round_pairing
from swisspair.pairing.colours import latest_colour_difference
from swisspair.pairing.completing_bye import completing_bye
from swisspair.pairing.explain import format_score
from swisspair.pairing.state import Float, PairingState, PlayerState, build_state

SHIFTER_SETS_TRIED = 64
"""At most this many pairs of shifter sets (3.2.4 steps 1 and 2) are tried before the general fallback."""


class DubovSystem(AcceleratedSystem):
    """Dubov System, FIDE C.04.4.1 (2026)."""

    name = "dubov"
    aliases = ("FIDE_DUBOV", "fide-dubov", "dubov-2026", "FIDE_DUBOV_2026")
    article = "FIDE C.04.4.1 (2026)"

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair ``round_number`` (default: the next round) of ``tournament``.

        :raises: :exc:`~swisspair.errors.NoValidPairingError` when no pairing
            satisfies C1-C4.
        """
        state = build_state(tournament, round_number,
                            accelerations=virtual_points(tournament, self.acceleration))
        return pair_state(state)


FIDE_DUBOV = DubovSystem
"""Alias named after the TRF ``192`` code."""


def pair_state(state: PairingState) -> RoundPairing:
    """Pair the round described by ``state`` with the Dubov System (C.04.4.1 (2026))."""
    return _DubovRound(state).run()


# -- the model (C.04.4.1 (2026) 1.6-1.8) ------------------------------------

def dubov_preference(player: PlayerState) -> Colour:
    """The colour ``player`` seeks: Dutch rules, Black before any game (C.04.4.1 (2026) 1.6.4)."""
    if player.played_games == 0 or player.colour_preference is Colour.NONE:
        return Colour.BLACK
    return player.colour_preference


def preference_strength(player: PlayerState) -> int:
    """2 absolute, 1 strong, 0 mild (C.04.4.1 (2026) 1.6)."""
    if player.played_games == 0:
        return 0
    if player.absolute_preference:
        return 2
    return 1 if player.strong_preference else 0


def aro(state: PairingState, player: PlayerState) -> int:
    """Average rating of the over-the-board opponents, rounded half up; 0 without games (1.7)."""
    ratings = [state.players[r.opponent].rating for r in player.records
               if r.played and r.opponent is not None and r.opponent in state.players]
    if not ratings:
        return 0
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings))


def upfloats(state: PairingState, player: PlayerState) -> list[bool]:
    """For each past round (oldest first), whether ``player`` upfloated then (1.4, 1.8)."""
    played = state.played_rounds
    return [state.float_of(player, back) is Float.UP for back in range(played, 0, -1)]


def max_upfloats(total_rounds: int) -> int:
    """MaxT = 2 + floor(rounds / 5) (C.04.4.1 (2026) 1.8).

    >>> [max_upfloats(r) for r in (4, 5, 9, 10, 11)]
    [2, 3, 3, 4, 4]
    """
    return 2 + total_rounds // 5


def middle_out(count: int) -> list[int]:
    """The 4.3.3 numbering of a list of ``count`` shifter candidates, as positions in that list.

    "Starting with the player in the (remaining) middle of the list or, when two
    players are in the (remaining) middle, the one with a higher position in the
    list" (C.04.4.1 (2026) 4.3.3): each number goes to the middle of what is left,
    the upper of two middles first, so the numbers alternate outwards.

    >>> middle_out(4)
    [1, 2, 0, 3]
    >>> middle_out(5)
    [2, 1, 3, 0, 4]
    """
    remaining = list(range(count))
    order: list[int] = []
    while remaining:
        order.append(remaining.pop((len(remaining) - 1) // 2))
    return order


class _Fields:
    """Packs criterion values into one integer edge weight, most important first."""

    def __init__(self, pairs: int, maxima: Sequence[int]) -> None:
        self.widths = [(m * pairs + 1).bit_length() for m in maxima]

    def pack(self, values: Sequence[int]) -> int:
        w = 0
        for width, value in zip(self.widths, values):
            w = (w << width) + value
        return w

    @property
    def bits(self) -> int:
        return sum(self.widths)


class _DubovRound:
    """One round (see the module docstring)."""

    def __init__(self, state: PairingState) -> None:
        self.state = state
        self.last_round = state.round_number >= state.total_rounds
        self.pref = {p.tpn: dubov_preference(p) for p in state.to_pair}
        self.aro = {p.tpn: aro(state, p) for p in state.to_pair}
        limit = max_upfloats(state.total_rounds)
        self.upfloat_count: dict[int, int] = {}
        self.previous_upfloat: dict[int, bool] = {}
        for p in state.to_pair:
            history = upfloats(state, p)
            self.upfloat_count[p.tpn] = sum(history)
            self.previous_upfloat[p.tpn] = bool(history) and history[-1]
        self.maximum = {tpn: count >= limit for tpn, count in self.upfloat_count.items()}
        self.notes: list[str] = []

    # -- absolute criteria --------------------------------------------------
    def compatible(self, a: PlayerState, b: PlayerState) -> bool:
        """[C1] no rematch or forbidden pair; [C3] no equal absolute preferences (no exception)."""
        if b.tpn in self.state.forbidden[a.tpn]:
            return False
        return not (a.absolute_preference and b.absolute_preference
                    and a.colour_preference is b.colour_preference)

    def ranks_above(self, a: PlayerState, b: PlayerState) -> bool:
        """``a`` ranks above ``b``: higher pairing score, then smaller TPN."""
        return (a.pairing_score, -a.rank_index) > (b.pairing_score, -b.rank_index)

    # -- PAB (3.1) ----------------------------------------------------------
    def choose_bye(self, players: list[PlayerState]) -> PlayerState:
        """3.1: eligible (C2), leaving a complete pairing (C4); lowest score, most games, largest TPN."""
        state = self.state
        candidates = sorted((p for p in players if state.eligible_for_bye(p)),
                            key=lambda p: (p.pairing_score, -p.played_games, -p.rank_index))
        return completing_bye(players, candidates, self.compatible, "C.04.4.1 (2026) 3.1")

    # -- the round ------------------------------------------------------------
    def run(self) -> RoundPairing:
        state = self.state
        players = list(state.to_pair)
        bye = self.choose_bye(players) if len(players) % 2 else None
        verts = sorted((p for p in players if p is not bye), key=lambda p: (-p.pairing_score, p.rank_index))
        self.verts = verts
        n = len(verts)
        self.seq = list(range(n))
        levels = sorted({p.pairing_score for p in verts}, reverse=True)
        self.levels = levels
        base = n + 1
        self.base = base
        self.max_penalty = base ** max(len(levels), 1)
        self.cap = max(self.upfloat_count.values(), default=0) + 1
        half = n // 2 + 1
        self.fields = _Fields(half, [1, 1, self.max_penalty, 1, 1, self.cap, 1, 1 << n])
        self.allowed = [[i != j and self.compatible(verts[i], verts[j]) for j in range(n)] for i in range(n)]
        mc = MatchingComputer(n)
        self.mc = mc
        self.pair_only = self.fields.pack([1, 0, 0, 0, 0, 0, 0, 0])
        for i in range(n):
            for j in range(i):
                if self.allowed[i][j]:
                    mc.set_edge_weight(i, j, self.pair_only)
        done = [False] * n
        pairs: list[tuple[PlayerState, PlayerState]] = []
        while not all(done):
            open_ = [v for v in range(n) if not done[v]]
            score = verts[open_[0]].pairing_score
            residents = [v for v in open_ if verts[v].pairing_score == score]
            lower = [v for v in open_ if verts[v].pairing_score < score]
            lower_levels = sorted({verts[v].pairing_score for v in lower}, reverse=True)
            rank = {s: j for j, s in enumerate(lower_levels)}
            position = {v: k for k, v in enumerate(lower)}
            resident_set = set(residents)
            for r in residents:
                for u in open_:
                    if u != r and self.allowed[r][u]:
                        if u in resident_set:
                            w = self._weight_rr(r, u)
                        else:
                            w = self._weight_rl(r, u, rank, position[u])
                        mc.set_edge_weight(r, u, w)
            # Nearly every row changed: a fresh solve (a heavy-pair start) costs less than repairing the last
            # bracket's optimum (3000 players, round 4: 34 -> 15 CPU s). The answer read from it is the same:
            # the weights make the upfloaters (one bit each, 3.2.2) and the colour grants unique.
            mc.restart()
            mc.compute()
            mates = mc.mates()
            if any(mates[v] == v for v in open_):
                raise NoValidPairingError("the participants cannot all be paired (C.04.4.1 (2026) C1-C4)")
            ups = sorted((mates[r] for r in residents if mates[r] not in resident_set), key=lambda v: position[v])
            bracket = residents + ups
            grants = 0
            for r in residents:
                m = mates[r]
                if m not in resident_set or r < m:
                    grants += self._grant(r, m)
            bracket_pairs = self._pair_bracket(bracket, grants)
            for a, b in bracket_pairs:
                done[a] = done[b] = True
                pairs.append((verts[a], verts[b]))
                self._finalize(a, b)
            self.notes.append(
                f"Bracket {format_score(score, state.scale)}: residents "
                + " ".join(str(verts[v].tpn) for v in residents)
                + (f"; upfloaters {' '.join(str(verts[v].tpn) for v in ups)}" if ups else "")
                + "; pairs " + ", ".join(f"{verts[a].tpn}-{verts[b].tpn}" for a, b in bracket_pairs))
        ordered = oriented_boards(pairs, self.colour)
        lines = [f"Round {state.round_number}: {len(players)} participants to pair (Dubov, C.04.4.1 (2026))"]
        if bye is not None:
            lines.append(f"PAB: {bye.tpn} (C.04.4.1 (2026) 3.1)")
        lines.extend(self.notes)
        return round_pairing(state.round_number, ordered, bye, lines)

    # -- weights of the upfloater choice (C4-C10, 3.2.2) ----------------------
    def _grant(self, a: int, b: int) -> int:
        return int(self.pref[self.verts[a].tpn] is not self.pref[self.verts[b].tpn])

    def _weight_rr(self, a: int, b: int) -> int:
        return self.fields.pack([1, 1, 0, self._grant(a, b), 0, 0, 0, 0])

    def _weight_rl(self, r: int, u: int, rank: dict[int, int], position: int) -> int:
        up = self.verts[u]
        penalty = self.base ** rank[up.pairing_score]                      # C6: lower scores cost more
        values = [1, 0, self.max_penalty - penalty, self._grant(r, u), 0, 0, 0, 0]
        if not self.last_round:
            maximum = self.maximum[up.tpn]
            values[4] = int(not maximum)                                    # C8
            values[5] = self.cap - (self.upfloat_count[up.tpn] if maximum else 0)  # C9
            values[6] = int(not self.previous_upfloat[up.tpn])              # C10
        values[7] = 1 << (len(self.verts) - 1 - position)                  # 3.2.2 set order
        return self.fields.pack(values)

    def _finalize(self, a: int, b: int) -> None:
        mc = self.mc
        for v in range(len(self.verts)):
            if v != a and v != b:
                if mc.edge_weight(a, v):
                    mc.set_edge_weight(a, v, 0)
                if mc.edge_weight(b, v):
                    mc.set_edge_weight(b, v, 0)
        mc.set_edge_weight(a, b, self.pair_only)

    # -- pairing one bracket (3.2.3-3.2.6, 4) ---------------------------------
    def _pair_bracket(self, bracket: list[int], grants: int) -> list[tuple[int, int]]:
        verts = self.verts
        played = any(verts[v].played_games for v in bracket)
        by_tpn = sorted(bracket, key=lambda v: verts[v].rank_index)
        if played:
            g1 = [v for v in by_tpn if self.pref[verts[v].tpn] is Colour.WHITE]
            g2 = [v for v in by_tpn if self.pref[verts[v].tpn] is not Colour.WHITE]
        else:
            half = len(by_tpn) // 2
            g1, g2 = by_tpn[:half], by_tpn[half:]
        result = self._recompose(bracket, g1, g2, grants)
        if result is not None:
            return result
        s1 = sorted(g1, key=self._s1_key)
        in_s1 = set(s1)
        rest = [v for v in by_tpn if v not in in_s1]
        self.notes.append("  S1 cannot be paired against G2: general order (reading of 3.2.6)")
        result = self._first_pairing(s1, rest, None, bipartite=False)
        if result is None:  # pragma: no cover - the upfloater choice guarantees a pairing
            raise NoValidPairingError("bracket cannot be paired (C.04.4.1 (2026) C1-C4)")
        return result

    def _s1_key(self, v: int) -> tuple[int, int]:
        """4.3.2, 3.2.5: White-seekers (G1, S1) by ascending ARO, then TPN."""
        return (self.aro[self.verts[v].tpn], self.verts[v].rank_index)

    def _g2_key(self, v: int) -> int:
        """4.3.2, 4.4.2: Black-seekers (G2) by ascending TPN."""
        return self.verts[v].rank_index

    def _recompose(self, bracket: list[int], g1: list[int], g2: list[int],
                   grants: int) -> list[tuple[int, int]] | None:
        """3.2.4-3.2.6: the shifts of both steps of 3.2.4, then S1 against the first legal T2.

        Step 1: as many players as the smaller subgroup (G1 when the sizes are
        equal) must pair among themselves move from it to the other one; step 2:
        the larger subgroup gives players to the smaller one until the sizes are
        equal. Each step takes the first set, in the 4.3.3 numbering of its
        subgroup, with which S1 can still be paired against G2 at the bracket's
        [C7] optimum; sets are tried in that nested order, at most
        ``SHIFTER_SETS_TRIED`` of them. ``None`` when none can.
        """
        g1 = sorted(g1, key=self._s1_key)
        g2 = sorted(g2, key=self._g2_key)
        smaller_is_g1 = len(g1) <= len(g2)
        smaller, larger = (g1, g2) if smaller_is_g1 else (g2, g1)
        larger_key = self._g2_key if smaller_is_g1 else self._s1_key
        together = self._pairs_inside(bracket, set(smaller))
        tried = 0
        for first in combinations([smaller[k] for k in middle_out(len(smaller))], together):
            kept = [v for v in smaller if v not in first]
            grown = sorted(larger + list(first), key=larger_key)
            need = (len(grown) - len(kept)) // 2
            for second in combinations([grown[k] for k in middle_out(len(grown))], need):
                tried += 1
                if tried > SHIFTER_SETS_TRIED:
                    return None
                small = kept + list(second)
                large = [v for v in grown if v not in second]
                new_g1, new_g2 = (small, large) if smaller_is_g1 else (large, small)
                result = self._first_pairing(sorted(new_g1, key=self._s1_key), sorted(new_g2, key=self._g2_key),
                                             grants, bipartite=True)
                if result is not None:
                    self._note_shifts(first, second, smaller_is_g1)
                    return result
        return None

    def _pairs_inside(self, bracket: list[int], group: set[int]) -> int:
        """3.2.4 step 1: how many pairs of ``group`` players the bracket cannot avoid.

        The fewest such pairs among the legal pairings of the bracket that are
        best on [C7] (each pair inside one subgroup costs a colour preference,
        so the two agree).
        """
        k = len(bracket)
        fields = _Fields(k // 2 + 1, [1, 1, 1])
        mc = MatchingComputer(k)
        for i in range(k):
            for j in range(i):
                a, b = bracket[i], bracket[j]
                if self.allowed[a][b]:
                    apart = int(not (a in group and b in group))
                    mc.set_edge_weight(i, j, fields.pack([1, self._grant(a, b), apart]))
        mc.compute()
        mates = mc.mates()
        return sum(1 for i in range(k) if i < mates[i] and bracket[i] in group and bracket[mates[i]] in group)

    def _note_shifts(self, first: tuple[int, ...], second: tuple[int, ...], smaller_is_g1: bool) -> None:
        names = ("G1", "G2") if smaller_is_g1 else ("G2", "G1")
        for moved, (source, target), step in ((first, names, 1), (second, names[::-1], 2)):
            if moved:
                self.notes.append("  shifters " + " ".join(str(self.verts[v].tpn) for v in moved)
                                  + f" from {source} to {target} (C.04.4.1 (2026) 3.2.4, step {step}; 4.3)")

    def _first_pairing(self, s1: list[int], s2: list[int], grants: int | None,
                       bipartite: bool) -> list[tuple[int, int]] | None:
        """The first pairing in 3.2.6 order (S1[i] against T2[i]) reaching ``grants`` (C7).

        With ``bipartite=False`` the players of ``s1 + s2`` are paired from the
        top, each with the first partner in that order, over a general graph.
        """
        members = s1 + s2
        k = len(members)
        local = {v: i for i, v in enumerate(members)}
        first = set(s1)
        fields = _Fields(k // 2 + 1, [1, 1, k + 1])

        def edge(a: int, b: int, priority: int = 0) -> int:
            if not self.allowed[a][b]:
                return 0
            if bipartite and ((a in first) == (b in first)):
                return 0
            return fields.pack([1, self._grant(a, b), priority])

        mc = MatchingComputer(k)
        for i in range(k):
            for j in range(i):
                w = edge(members[i], members[j])
                if w:
                    mc.set_edge_weight(i, j, w)
        mc.compute()
        mates = mc.mates()
        if any(mates[i] == i for i in range(k)):
            return None
        best = sum(self._grant(members[i], members[mates[i]]) for i in range(k) if i < mates[i])
        if grants is not None and best < grants:
            return None
        taken = [False] * k
        result: list[tuple[int, int]] = []
        order = s1 if bipartite else members
        for v in order:
            i = local[v]
            if taken[i]:
                continue
            partners = [u for u in (s2 if bipartite else members) if not taken[local[u]] and u != v]
            for priority, u in enumerate(reversed(partners), start=1):
                w = edge(v, u, priority)
                if w:
                    mc.set_edge_weight(i, local[u], w)
            mc.compute()
            j = mc.mates()[i]
            taken[i] = taken[j] = True
            result.append((v, members[j]))
            fixed = fields.pack([1, 1, 0]) << 1
            for t in range(k):
                if t != i and t != j:
                    if mc.edge_weight(i, t):
                        mc.set_edge_weight(i, t, 0)
                    if mc.edge_weight(j, t):
                        mc.set_edge_weight(j, t, 0)
            mc.set_edge_weight(i, j, fixed)
        return result

    # -- colours (5.2) --------------------------------------------------------
    def colour(self, player: PlayerState, opponent: PlayerState) -> Colour:
        """The colour of ``player`` against ``opponent`` (C.04.4.1 (2026) 5.2)."""
        higher = player if self.ranks_above(player, opponent) else opponent
        initial = self.state.initial_colour
        if not player.played_games and not opponent.played_games:               # 5.2.1
            colour = initial if higher.rank_index % 2 == 0 else initial.opposite
            return colour if higher is player else colour.opposite
        mine, theirs = self.pref[player.tpn], self.pref[opponent.tpn]
        if mine is not theirs:                                                   # 5.2.2
            return mine
        ms, ts = preference_strength(player), preference_strength(opponent)
        if ms != ts:                                                             # 5.2.3
            return mine if ms > ts else theirs.opposite
        if ms == 2 and player.colour_imbalance != opponent.colour_imbalance:
            return mine if player.colour_imbalance > opponent.colour_imbalance else theirs.opposite
        mine_then, theirs_then = latest_colour_difference(player, opponent)      # 5.2.4
        if mine_then is not Colour.NONE and theirs_then is not Colour.NONE:
            return theirs_then
        return mine if higher is player else theirs.opposite                     # 5.2.5
