"""The Burstein System (FIDE C.04.4.2), as the reference engine implements it.

Edition
-------
:class:`BursteinSystem` (``burstein``, TRF ``192`` code ``FIDE_BURSTEIN``)
reproduces bbpPairings 6.0.0, whose own README calls its Burstein "a flawed
implementation of a previous version" of the text; tests/corpus/burstein
was paired by it. The rules below are that engine's reading of the previous
text, not the 2026 one; the differences are listed at the end of this
docstring.

How a round is paired
---------------------
1. **Ranking.** Players are ordered by pairing score (points plus this
   round's virtual points), then by an *Index*: Sonneborn-Berger, then
   Buchholz, then median Buchholz (Buchholz without the highest and lowest
   contribution, from round 4), then pairing number. Opponents' scores count
   every unplayed round as a draw; a participant's own unplayed round counts
   as a game against a *virtual opponent* whose score is the participant's
   score before that round, plus the opponent's side of the result (a win
   for a loss or zero-point bye, a draw for a draw or half-point bye, the
   forfeit-loss points for a win without playing), plus draws for the rest
   of the rounds (the 2009 FIDE rule for unplayed games).
2. **Default acceleration.** When the file gives no virtual points and does
   not ask for Baku, rounds 1 and 2 are accelerated: the upper half of the
   participants of round 1 (in pairing-number order) get a win's points
   (:func:`~swisspair.pairing.acceleration.burstein_default_virtual_points`).
3. **PAB first.** With an odd number, the lowest-ranked participant who has
   not had a PAB or a forfeit win gets it (the pre-2026 eligibility rule: a
   requested full-point bye does not count). No look-ahead at the pairability
   of the rest.
4. **Scoregroups.** From the top, each scoregroup may send at most one
   player down to the next one, and only when the players above it are odd
   in number. A scoregroup that cannot be paired that way (no rematches, no
   two players with the same absolute colour preference; no topscorer
   exception) absorbs the next scoregroup; when the last one cannot be
   paired, it is merged upwards. Each test is a maximum-weight matching whose
   weight counts, in order, the pairs, the pairs inside a scoregroup and, in
   step 5, the pairs whose colour preferences can both be granted.
5. **Inside a scoregroup** (with the player floated into it, ordered by the
   Index), from the top: each player gets the *lowest-ranked* player that
   still leaves a pairing as good on those counts; a player who can only
   float is the scoregroup's downfloater.
6. **Colours**: C.04.3 5.2.1-5.2.3 (both preferences, the stronger one, the
   latest difference); then the higher-ranked player's preference, ranking
   by the Index; when neither has a preference, the player with the lower
   pairing number among the two gets the initial colour if that number
   is odd (counting from 1), the other one otherwise.

Differences from the 2026 text (C.04.4.2, applied from 1 February 2026)
-----------------------------------------------------------------------
* Seeding rounds: 2026 pairs the first ``min(floor(R / 2), 4)`` rounds with
  the Dutch system (1.6); here every round is paired as above, with the
  default acceleration in rounds 1-2 instead.
* Index: 2026 is Buchholz, then Sonneborn-Berger, then TPN (1.8); here SB
  comes first and median Buchholz is a third key. 2026 counts an unplayed
  round as a game against oneself at the points awarded, with a run of
  zero-point byes up to the current round counting as draws for the
  opponents (1.7.2), and excludes virtual points; here unplayed rounds use
  the 2009 virtual opponent, the opponents' scores count every unplayed
  round as a draw, and the virtual points of the current round are included.
* Floaters: 2026 allows any number of downfloaters, minimises their scores
  (C6) and chooses them so that the next bracket can be paired (C7); here at
  most one player floats from a scoregroup, and scoregroups are merged
  instead.
* Generation order: 2026 enumerates every pairing of a bracket in "fold"
  order (BSN 1's opponent as large as possible, then BSN 2's...) and takes
  the first best one on C1-C8; here the top-versus-bottom choice is greedy,
  one player at a time, under the same colour count.
* PAB: 2026 (3.1) requires that the rest can be paired and breaks ties by
  score, most games played, then lowest Index rank, with BR 4 eligibility (a
  requested full-point bye also excludes); here it is simply the
  lowest-ranked player without a PAB or forfeit win.
* Colours: 2026 applies the Dubov-style 5.2 (neither played: the
  higher-ranked player gets the initial colour if its TPN is odd); the
  engine's fallback compares pairing numbers as described above.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cmp_to_key
from typing import TypeVar

from swisspair.errors import NoValidPairingError
from swisspair.matching.weighted import MatchingComputer
from swisspair.model import Colour, Outcome, Result, RoundPairing, Scoring, Tournament
from swisspair.pairing import find_system
from swisspair.pairing.acceleration import (
    AcceleratedSystem,
    burstein_default_virtual_points,
    virtual_points,
)
from swisspair.pairing.boards import oriented_boards, round_pairing
from swisspair.pairing.colours import neutral_colour, preferences_compatible
from swisspair.pairing.completing_bye import completing_bye
from swisspair.pairing.explain import format_score
from swisspair.pairing.state import PairingState, PlayerState, build_state

T = TypeVar("T")


class BursteinSystem(AcceleratedSystem):
    """Burstein System, FIDE C.04.4.2 (previous text, as bbpPairings 6.0.0 implements it)."""

    name = "burstein"
    aliases = ("fide-burstein", "FIDE_BURSTEIN", "burstein-bbp")
    article = "FIDE C.04.4.2 (previous text, as implemented by bbpPairings 6.0.0)"

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair ``round_number`` (default: the next round) of ``tournament``.

        :raises: :exc:`~swisspair.errors.NoValidPairingError` when nobody can
            take the PAB or the rest cannot be paired without a rematch or two
            equal absolute colour preferences meeting.
        """
        accelerations = virtual_points(tournament, self.acceleration,
                                       default=burstein_default_virtual_points(tournament))
        state = build_state(tournament, round_number, accelerations=accelerations)
        return pair_state(state, tournament.scoring)


def pair_state(state: PairingState, scoring: Scoring | None = None) -> RoundPairing:
    """Pair the round described by ``state`` (see :class:`BursteinSystem`).

    :param scoring: the event's scoring, for the virtual opponents of unplayed
        rounds (default: FIDE's 1 / ½ / 0).
    """
    return _BursteinRound(state, scoring or Scoring()).run()


# -- the Index ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Index:
    """A player's ranking keys inside a scoregroup (integers in the state's unit)."""

    score: int
    """Pairing score (points plus this round's virtual points)."""
    sonneborn_berger: int
    """Sum of (points scored x opponent's score), virtual opponents included."""
    buchholz: int
    """Sum of the opponents' scores, virtual opponents included."""
    median: int
    """Buchholz without the highest and lowest contribution (0 before round 4)."""
    rank_index: int
    """0-based rank by pairing number (the last tie-break)."""

    def below(self, other: Index) -> bool:
        """Whether ``self`` ranks below ``other``.

        Inside one score: SB, Buchholz, median, then the lower rank index
        first. Against a player of another score (a floater), the Buchholz
        values are weighed by the score, as the reference engine does.
        """
        if self.score == other.score:
            return ((self.sonneborn_berger, self.buchholz, self.median, other.rank_index)
                    < (other.sonneborn_berger, other.buchholz, other.median, self.rank_index))
        return ((self.sonneborn_berger, self.buchholz * self.score, self.median * self.score, other.rank_index)
                < (other.sonneborn_berger, other.buchholz * other.score, other.median * other.score,
                   self.rank_index))


def adjusted_score(state: PairingState, player: PlayerState) -> int:
    """A player's score as seen by its opponents' Index: unplayed rounds count as draws.

    The virtual points of the round being paired are included.
    """
    score = player.accelerations.get(state.round_number, 0)
    for record in player.records:
        score += record.points if record.played else state.draw
    return score


def virtual_opponent_result(state: PairingState, record_outcome: Outcome, pab: bool, scoring_units: _Units) -> int:
    """The points of the virtual opponent of an unplayed round (its side of the result)."""
    if record_outcome is Outcome.LOSS:
        return state.win
    if record_outcome is Outcome.DRAW:
        return state.draw
    if pab and scoring_units.pab < state.win:
        return state.win if scoring_units.pab < state.draw else state.draw
    return scoring_units.forfeit_loss


@dataclass(frozen=True, slots=True)
class _Units:
    """Scoring values not kept in :class:`PairingState`, in its unit."""

    pab: int
    forfeit_loss: int


def compute_index(state: PairingState, player: PlayerState, adjusted: dict[int, int], units: _Units) -> Index:
    """The :class:`Index` of ``player`` (see the module docstring, step 1)."""
    played = state.played_rounds
    virtual = (played - 1) * state.draw + player.accelerations.get(state.round_number, 0)
    sb = bh = 0
    low: int | None = None
    high = 0
    for record in player.records:
        if record.played:
            assert record.opponent is not None
            value = adjusted[record.opponent]
        else:
            value = virtual + virtual_opponent_result(state, record.outcome, record.pab, units)
        sb += record.points * value
        bh += value
        low = value if low is None or value < low else low
        high = max(high, value)
        virtual += record.points - state.draw
    median = bh - (low or 0) - high if played > 2 else 0
    return Index(player.pairing_score, sb, bh, median, player.rank_index)


def _eligible_for_bye(player: PlayerState) -> bool:
    """Pre-2026 rule: no earlier PAB and no forfeit win (a requested full-point bye does not count)."""
    return not any(not r.played and r.participated and r.outcome is Outcome.WIN for r in player.records)


def merge_sort(items: list[T], before: Callable[[T, T], bool]) -> list[T]:
    """Stable bottom-up merge sort, merging runs in the order of the C++ ``std::list::sort``.

    The order inside a scoregroup with a floater compares the floater by
    different keys from the residents (see :meth:`Index.below`), so the
    comparison need not be transitive and the result depends on which pairs
    the sort compares. The reference engine sorts the scoregroup (residents in
    order, floater last) with libstdc++'s ``std::list::sort``: each element
    is merged into a ladder of runs of doubling size, then the runs are
    merged from the smallest up. This reproduces those comparisons.

    :param before: ``before(a, b)`` is true when ``a`` must come before ``b``.
    """
    def merge(older: list[T], newer: list[T]) -> list[T]:
        merged: list[T] = []
        i = j = 0
        while i < len(older) and j < len(newer):
            if before(newer[j], older[i]):
                merged.append(newer[j])
                j += 1
            else:
                merged.append(older[i])
                i += 1
        merged.extend(older[i:])
        merged.extend(newer[j:])
        return merged

    if len(items) < 2:
        return list(items)
    ladder: list[list[T]] = []
    for item in items:
        carry = [item]
        level = 0
        while level < len(ladder) and ladder[level]:
            carry = merge(ladder[level], carry)
            ladder[level] = []
            level += 1
        if level == len(ladder):
            ladder.append(carry)
        else:
            ladder[level] = carry
    for level in range(1, len(ladder)):
        ladder[level] = merge(ladder[level], ladder[level - 1])
    return ladder[-1]


# -- the round ---------------------------------------------------------------

class _BursteinRound:
    """The computation of one round (see the module docstring)."""

    def __init__(self, state: PairingState, scoring: Scoring) -> None:
        self.state = state
        units = _Units(pab=int(scoring.pab_points * state.scale),
                       forfeit_loss=int(scoring.points(Result.FORFEIT_LOSS) * state.scale))
        adjusted = {tpn: adjusted_score(state, p) for tpn, p in state.players.items()}
        self.index = {p.tpn: compute_index(state, p, adjusted, units) for p in state.to_pair}

        def order(a: PlayerState, b: PlayerState) -> int:
            ia, ib = self.index[a.tpn], self.index[b.tpn]
            if ia.score != ib.score:
                return -1 if ia.score > ib.score else 1
            if ib.below(ia):
                return -1
            return 1 if ia.below(ib) else 0

        self.ranked = sorted(state.to_pair, key=cmp_to_key(order))
        n = len(self.ranked) - (len(self.ranked) & 1)
        self.p = n * n + 1
        """Room for the priorities (top-versus-bottom preference)."""
        self.colour_unit = self.p
        self.same_unit = self.p * (n // 2 + 1)
        self.compatible_unit = self.same_unit * (n // 2 + 1)
        self.notes: list[str] = []

    # -- weights -----------------------------------------------------------
    def weight(self, a: PlayerState, b: PlayerState, same_group: bool, use_colour: bool) -> int:
        """C1 and C3 (weight 0 = forbidden), then same scoregroup, then both colour preferences granted."""
        if b.tpn in self.state.forbidden[a.tpn]:
            return 0
        if a.absolute_preference and b.absolute_preference and a.colour_preference is b.colour_preference:
            return 0
        w = self.compatible_unit
        if same_group:
            w += self.same_unit
            if use_colour and preferences_compatible(a.colour_preference, b.colour_preference):
                w += self.colour_unit
        return w

    # -- the steps ---------------------------------------------------------
    def run(self) -> RoundPairing:
        state = self.state
        ranked = self.ranked
        bye: PlayerState | None = None
        if len(ranked) % 2:
            bye = next((p for p in reversed(ranked) if _eligible_for_bye(p)), None)
            if bye is None:
                raise NoValidPairingError(
                    "no participant can take the pairing-allocated bye (C.04.1 art. 4, C.04.4.2)")
        self.vertices = [p for p in ranked if p is not bye]
        n = len(self.vertices)
        self.mc = MatchingComputer(n)
        groups = self._scoregroups() if n else [0]
        pairs = self._pair_groups(groups) if n else []
        ordered = oriented_boards(pairs, self._colour)
        lines = [f"Round {state.round_number}: {len(ranked)} participants to pair (Burstein, "
                 f"previous text as bbpPairings reads it)"]
        if any(p.accelerations.get(state.round_number) for p in ranked):
            lines.append("Virtual points this round: "
                         + ", ".join(f"{p.tpn} +{format_score(p.accelerations[state.round_number], state.scale)}"
                                     for p in ranked if p.accelerations.get(state.round_number)))
        lines.extend(self.notes)
        if bye is not None:
            lines.append(f"PAB: {bye.tpn} (lowest-ranked participant without a PAB or forfeit win)")
        return round_pairing(state.round_number, ordered, bye, lines)

    def _edge(self, i: int, j: int, same_group: bool, use_colour: bool) -> int:
        return self.weight(self.vertices[i], self.vertices[j], same_group, use_colour)

    def _valid(self, groups: list[int]) -> bool:
        """Every earlier player paired; at most one floater into and one out of each scoregroup."""
        mates = self.mc.mates()
        last = groups[-1]
        before_last = groups[-2]
        position = 0
        count = 0
        begin = 0
        for v, m in enumerate(mates):
            if v >= last:
                return True
            if v >= groups[position]:
                count = 0
                begin = v
                while v >= groups[position]:
                    position += 1
            if v == m and v < before_last:
                return False
            end = groups[position]
            if v == m or m < begin or m >= end:
                count += 1
                if count > (2 if end & 1 else 1):
                    return False
        return True

    def _scoregroups(self) -> list[int]:
        """Scoregroup boundaries (vertex indices), merged until each can be paired (step 4).

        A boundary is listed twice when no player may float across it.
        """
        mc = self.mc
        n = len(self.vertices)
        scores = [p.pairing_score for p in self.vertices]
        groups = [0, 0]
        valid = True
        while groups[-1] < n:
            groups.append(groups[-1])
            while True:
                group_begin = groups[-1]
                while True:
                    new = groups[-1]
                    for v in range(groups[-3], new):
                        mc.set_edge_weight(new, v, self._edge(v, new, v >= groups[-2], False))
                    groups[-1] += 1
                    if not (groups[-1] < n and scores[group_begin] == scores[groups[-1]]):
                        break
                if groups[-1] & 1:
                    # The next player stands in for any floater, so that the players above are all paired.
                    stand_in = groups[-1]
                    for v in range(groups[-2], stand_in):
                        mc.set_edge_weight(stand_in, v, self.compatible_unit)
                mc.compute()
                valid = self._valid(groups)
                if not (groups[-1] < n and not valid):
                    break
            if groups[-1] < n and not groups[-1] & 1:
                groups.append(groups[-1])
        while len(groups) > 3 and not valid:
            groups.pop()
            boundary = groups.pop()
            begin = groups.pop()
            for outer in range(groups[-1], boundary):
                for inner in range(boundary, n):
                    mc.set_edge_weight(outer, inner, self._edge(outer, inner, outer >= begin, False))
            mc.compute()
            groups.append(begin)
            groups.append(n)
            valid = self._valid(groups)
        if not valid:
            raise NoValidPairingError(
                "the participants cannot all be paired without a rematch or two equal absolute colour "
                "preferences meeting (C.04.1 art. 2, C.04.4.2 C1-C3)")
        return groups

    def _pair_groups(self, groups: list[int]) -> list[tuple[PlayerState, PlayerState]]:
        """Top against bottom inside each scoregroup (step 5); returns (higher, lower) pairs."""
        mc = self.mc
        n = len(self.vertices)
        verts = self.vertices
        index = self.index
        paired = [False] * n
        result: list[tuple[PlayerState, PlayerState]] = []
        floater: int | None = None
        begin = groups[0]
        for end in groups[1:]:
            if begin == end:
                continue
            members = list(range(begin, end))
            if floater is not None:
                members.append(floater)
                floater = None
            members = merge_sort(members, lambda a, b: index[verts[b].tpn].below(index[verts[a].tpn]))
            for k, a in enumerate(members):
                for b in members[k + 1:]:
                    mc.set_edge_weight(a, b, self._edge(a, b, True, True))
            downfloater = None
            for k, a in enumerate(members):
                if paired[a]:
                    continue
                priority = 1
                for b in members[k + 1:]:
                    if not paired[b]:
                        w = self._edge(a, b, True, True)
                        if w:
                            mc.set_edge_weight(a, b, w + priority)
                            priority += 1
                mc.compute()
                m = mc.mates()[a]
                if m >= end:
                    floater = a
                    downfloater = verts[a]
                else:
                    paired[a] = paired[m] = True
                    result.append((verts[a], verts[m]))
                    self._finalize(a, m)
            score = format_score(verts[begin].pairing_score, self.state.scale)
            self.notes.append(f"Scoregroup {score}: " + " ".join(str(verts[v].tpn) for v in members)
                              + (f"; downfloater {downfloater.tpn}" if downfloater else ""))
            begin = end
        return result

    def _finalize(self, a: int, b: int) -> None:
        mc = self.mc
        for v in range(len(self.vertices)):
            if v != a:
                mc.set_edge_weight(a, v, 1 if v == b else 0)
            if v != b:
                mc.set_edge_weight(b, v, 1 if v == a else 0)

    def _colour(self, player: PlayerState, opponent: PlayerState) -> Colour:
        """The colour of ``player`` (the higher of the pair in its scoregroup's order), step 6."""
        colour = neutral_colour(player, opponent)
        if colour is not Colour.NONE:
            return colour
        initial = self.state.initial_colour
        if player.colour_preference is Colour.NONE:
            if player.rank_index < opponent.rank_index:
                return initial.opposite if player.rank_index % 2 else initial
            return initial if opponent.rank_index % 2 else initial.opposite
        if self.index[player.tpn].below(self.index[opponent.tpn]):
            return opponent.colour_preference.opposite
        return player.colour_preference



# == The 2026 text ==========================================================

class Burstein2026System(AcceleratedSystem):
    """Burstein System, FIDE C.04.4.2 as in force since 1 February 2026.

    There is no reference engine for this text; this is swisspair's reading:

    * **Seeding rounds** (1.6): the first ``min(floor(R / 2), 4)`` rounds are
      paired with the Dutch system (C.04.3 (2026)).
    * **Index** (1.7, 1.8): Buchholz, then Sonneborn-Berger, then TPN, on the
      current scores without virtual points. An unplayed round counts as a
      game against oneself at the points actually awarded (the player's own
      score as the opponent's). A run of zero-point byes up to the current
      round counts as draws for the benefit of the player's over-the-board
      opponents (1.7.2.3).
    * **PAB** (3.1): eligible under C2 (C.04.1 art. 4), leaving a complete
      pairing of the others (C4), then the lowest score, the most games
      played, the lowest Index rank.
    * **Brackets** (1.2, 3.2): residents of the scoregroup plus the incoming
      floaters, ranked by the Index only (scores are not used). Every bracket
      is solved on the whole round (C4), maximising in order: pairs inside the
      bracket (C5), the scores of the paired residents taken from the top (C6:
      the outgoing floaters' scores are minimised), the pairs of the next
      bracket and the scores of the floaters paired there (C7), the pairs that
      grant both colour preferences (C8).
    * **Order of pairings** (4): BSN 1 takes the highest-numbered opponent that
      keeps the pairing best on C1-C8, then BSN 2, and so on; floating comes
      last (virtual players have BSN 0).
    * **Colours** (5.2): neither has played: the higher-ranked (more points,
      then smaller TPN) gets the initial colour if its TPN is odd; then both
      preferences, the stronger one, the latest colour difference, and the
      preference of the higher-ranked player in Index order.

    Virtual points (C.04.7) count for brackets and the PAB score, never for the
    Index. Unlike the previous edition, no default acceleration is applied.
    """

    name = "burstein-2026"
    aliases = ("FIDE_BURSTEIN_2026", "burstein-2026-text")
    article = "FIDE C.04.4.2 (2026)"

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair ``round_number`` (default: the next round) of ``tournament``.

        :raises: :exc:`~swisspair.errors.NoValidPairingError` when no pairing
            satisfies C1-C4.
        """
        state = build_state(tournament, round_number, accelerations=virtual_points(tournament, self.acceleration))
        seeding = seeding_rounds(state.total_rounds)
        if state.round_number <= seeding:
            # The Dutch system as the registry gives it, with this system's acceleration mode: no system
            # imports another's module (tests/test_import_graph.py).
            result = find_system("dutch").with_acceleration(self.acceleration).pair(tournament, round_number)
            note = (f"Seeding round {state.round_number} of {seeding}: paired with the Dutch system "
                    "(C.04.4.2 (2026) 1.6)")
            return replace(result, explanation=(note,) + result.explanation)
        return _Burstein2026Round(state).run()


def seeding_rounds(total_rounds: int) -> int:
    """C.04.4.2 (2026) 1.6.2: half the rounds, rounded down, at most 4.

    >>> [seeding_rounds(r) for r in (5, 7, 9, 11)]
    [2, 3, 4, 4]
    """
    return min(total_rounds // 2, 4)


def opposition_index_2026(state: PairingState) -> dict[int, tuple[int, int]]:
    """(Buchholz, Sonneborn-Berger) of every participant, C.04.4.2 (2026) 1.7.

    Buchholz is in the state's unit, Sonneborn-Berger in its square.
    """
    seen: dict[int, int] = {}
    for tpn, player in state.players.items():
        run = 0
        for record in reversed(player.records):
            if record.participated or record.played or record.outcome is not Outcome.LOSS:
                break
            run += 1
        seen[tpn] = player.score + run * (state.draw - state.loss)
    result: dict[int, tuple[int, int]] = {}
    for tpn, player in state.players.items():
        buchholz = sonneborn = 0
        for record in player.records:
            value = seen[record.opponent] if record.played and record.opponent is not None else player.score
            buchholz += value
            sonneborn += value * record.points
        result[tpn] = (buchholz, sonneborn)
    return result


_RESIDENT, _LOWER, _OTHER = 2, 1, 0


class _Burstein2026Round:
    """One round after the seeding rounds (see :class:`Burstein2026System`)."""

    def __init__(self, state: PairingState) -> None:
        self.state = state
        index = opposition_index_2026(state)
        self.index = index
        ranked = sorted(state.to_pair, key=lambda p: (-index[p.tpn][0], -index[p.tpn][1], p.rank_index))
        self.position = {p.tpn: k for k, p in enumerate(ranked)}
        """Rank in the Index order (1.8), 0 first."""
        self.notes: list[str] = []

    def key(self, player: PlayerState) -> int:
        return self.position[player.tpn]

    def compatible(self, a: PlayerState, b: PlayerState) -> bool:
        """C1 (no rematch, forbidden pairs) and C3 (no two equal absolute preferences, no exception)."""
        if b.tpn in self.state.forbidden[a.tpn]:
            return False
        return not (a.absolute_preference and b.absolute_preference and a.colour_preference is b.colour_preference)

    # -- PAB (3.1) ----------------------------------------------------------
    def choose_bye(self, players: list[PlayerState]) -> PlayerState:
        state = self.state
        candidates = sorted((p for p in players if state.eligible_for_bye(p)),
                            key=lambda p: (p.pairing_score, -p.played_games, -self.key(p)))
        return completing_bye(players, candidates, self.compatible, "C.04.4.2 (2026) 3.1.2")

    # -- brackets (3.2, 4) --------------------------------------------------
    def run(self) -> RoundPairing:
        state = self.state
        players = list(state.to_pair)
        bye = self.choose_bye(players) if len(players) % 2 else None
        verts = sorted((p for p in players if p is not bye), key=lambda p: (-p.pairing_score, self.key(p)))
        self.verts = verts
        n = len(verts)
        counts: dict[int, int] = {}
        for p in verts:
            counts[p.pairing_score] = counts.get(p.pairing_score, 0) + 1
        shift = 0
        self.score_shift: dict[int, int] = {}
        for score in sorted(counts):
            self.score_shift[score] = shift
            shift += counts[score].bit_length()
        self.score_bits = shift
        self.pair_bits = (n // 2 + 1).bit_length()
        self.order_bits = (n + 1).bit_length()
        total = 1 + 4 * self.pair_bits + 2 * self.score_bits + self.order_bits
        self.max_w = 1 << (total + 2)
        mc = MatchingComputer(n)
        self.mc = mc
        self.role = [_OTHER] * n
        self.allowed = [[self.compatible(verts[i], verts[j]) for j in range(n)] for i in range(n)]
        for i in range(n):
            for j in range(i):
                mc.set_edge_weight(i, j, self.weight(i, j))
        mc.compute()
        if any(m == v for v, m in enumerate(mc.mates())):
            raise NoValidPairingError("the participants cannot all be paired (C.04.4.2 (2026) C1-C4)")
        done = [False] * n
        pairs: list[tuple[PlayerState, PlayerState]] = []
        scores = sorted(counts, reverse=True)
        for level, score in enumerate(scores):
            open_ = [v for v in range(n) if not done[v]]
            if not open_:
                break
            residents = sorted((v for v in open_ if verts[v].pairing_score >= score), key=lambda v: self.key(verts[v]))
            lower_score = scores[level + 1] if level + 1 < len(scores) else None
            touched = set(residents)
            for v in open_:
                role = (_RESIDENT if verts[v].pairing_score >= score
                        else _LOWER if verts[v].pairing_score == lower_score else _OTHER)
                if role != self.role[v] or role != _OTHER:
                    touched.add(v)
                self.role[v] = role
            for v in touched:
                for u in open_:
                    if u != v:
                        mc.set_edge_weight(u, v, self.weight(u, v))
            floaters = []
            for k, r in enumerate(residents):
                if done[r]:
                    continue
                later = [t for t in residents[k + 1:] if not done[t]]
                for priority, t in enumerate(later, start=1):
                    w = self.weight(r, t)
                    if w:
                        mc.set_edge_weight(r, t, w + priority)
                mc.compute()
                m = mc.mates()[r]
                if self.role[m] == _RESIDENT:
                    done[r] = done[m] = True
                    pairs.append((verts[r], verts[m]))
                    self.finalize(r, m)
                else:
                    floaters.append(r)
                    for t in later:
                        mc.set_edge_weight(r, t, 0)
            self.notes.append(
                f"Bracket {format_score(score, state.scale)}: "
                + " ".join(str(verts[v].tpn) for v in residents)
                + (f"; outgoing floaters {' '.join(str(verts[v].tpn) for v in floaters)}" if floaters else ""))
        ordered = oriented_boards(pairs, self.colour)
        lines = [f"Round {state.round_number}: {len(players)} participants to pair (Burstein, C.04.4.2 (2026))"]
        lines.extend(self.notes)
        if bye is not None:
            lines.append(f"PAB: {bye.tpn} (C.04.4.2 (2026) 3.1)")
        return round_pairing(state.round_number, ordered, bye, lines)

    def weight(self, u: int, v: int) -> int:
        """C4 (a pair at all), C5, C6, C7 (pairs, then floaters' scores), C8, then room for the order."""
        if not self.allowed[u][v]:
            return 0
        ru, rv = self.role[u], self.role[v]
        pu, pv = self.verts[u], self.verts[v]
        both = ru == _RESIDENT and rv == _RESIDENT
        w = (1 << self.pair_bits) | both                                       # C4, C5
        w <<= self.score_bits
        if both:                                                               # C6
            w += (1 << self.score_shift[pu.pairing_score]) + (1 << self.score_shift[pv.pairing_score])
        next_pair = ru != _OTHER and rv != _OTHER and (ru == _LOWER or rv == _LOWER)
        w = (w << self.pair_bits) | next_pair                                  # C7: pairs in the next bracket
        w <<= self.score_bits
        if next_pair:                                                          # C7: their scores
            w += (1 << self.score_shift[pu.pairing_score]) + (1 << self.score_shift[pv.pairing_score])
        w <<= self.pair_bits
        if both and preferences_compatible(pu.colour_preference, pv.colour_preference):
            w += 1                                                             # C8
        return w << self.order_bits

    def finalize(self, a: int, b: int) -> None:
        mc = self.mc
        for v in range(len(self.verts)):
            if v != a:
                mc.set_edge_weight(a, v, self.max_w if v == b else 0)
            if v != b:
                mc.set_edge_weight(b, v, self.max_w if v == a else 0)

    def colour(self, player: PlayerState, opponent: PlayerState) -> Colour:
        """C.04.4.2 (2026) 5.2 for ``player`` (the higher of the pair in the Index order)."""
        initial = self.state.initial_colour
        if not player.played_games and not opponent.played_games:
            higher = max((player, opponent), key=lambda p: (p.pairing_score, -p.rank_index))
            colour = initial if higher.rank_index % 2 == 0 else initial.opposite
            return colour if higher is player else colour.opposite
        colour = neutral_colour(player, opponent)
        if colour is not Colour.NONE:
            return colour
        if self.key(player) < self.key(opponent):
            return player.colour_preference
        return opponent.colour_preference.opposite
