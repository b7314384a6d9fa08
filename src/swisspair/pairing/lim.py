"""The Lim System (FIDE C.04.4.3; the 2026 re-issue changed nothing of substance).

The former "FIDE Swiss Rules" (1987 GA, amended up to the 1999 EB). The text is
procedural: scoregroups are paired one after the other in a fixed order, with
floaters and a fixed order of exchanges. There is no reference engine; this
module follows the text as literally as we could, and lists the readings we
had to choose.

How a round is paired
---------------------
1. **Compatibility** (1, 2): two participants may meet when they have not
   met (C.04.1 art. 2, forfeits excepted, plus ``XXP``/``260`` pairs) and,
   except in the last round, when the colours can be allocated without
   either getting the same colour three times in a row or a colour excess of
   three (C.04.1 art. 6-7): they are not both due the same colour
   absolutely.
2. **PAB** (C.04.1 art. 3-4): the lowest-ranked participant of the lowest
   scoregroup who may receive it (in round 1 the lowest-rated one, i.e. the
   largest TPN).
3. **Order of scoregroups** (2.1-2.2): from the top down to the scoregroup
   just above the *median* (score = half the points the rounds played could
   give), then from the bottom up to the one just below it, the median
   scoregroup last; groups above the median and the median itself are
   paired *downward*, those below it *upward*. In a downward group the
   "first" player is the highest-ranked, in an upward one the lowest-ranked.
4. **Floaters** (2.3, 3): a scoregroup keeps as many pairings as its own
   players allow; the players it cannot keep float to the next group in its
   direction (downward groups towards the median from above, upward ones
   towards it from below). Floaters are chosen, in order, by floater type
   (3.9: avoid type a, then b, then c), then avoiding players who floated in
   the previous round, then so that the colour preferences of the group stay
   as balanced as possible (3.2), then by the direction (3.2.1, 3.3.1): the
   lowest-ranked player floats down, the highest-ranked floats up.
5. **Pairing a group** (3.3-3.4, 4): the incoming floaters are paired
   first, a floater from above with the highest-ranked resident it can
   meet, one from below with the lowest-ranked (with the same colour and
   feasibility rules as below). Then the first player takes, in the *exchange order*,
   the first opponent with whom the rest of the group can still be paired:
   the bottom half in order, then the top half from the bottom up (the
   6-player tables of 4.2-4.3, generalised); the rest is then proposed top
   half against bottom half again. An opponent further in that order is
   taken instead when it gives both players their due colours and the
   natural one does not (5.5); in a maxi-tournament only if its rating is
   within 100 points of the natural opponent's (3.2.3, 5.7).
6. **Colours** (5): round 1, the top-half players with an odd rank get the
   initial colour (drawn by lot) and their opponents the other one; later,
   both due colours when they differ; else the stronger need (absolute, then
   the larger colour imbalance, then a mild preference); with equal needs,
   above the median the higher-ranked player gets its alternating colour,
   below it the lower-ranked one (5.4); neither with a due colour: the
   higher-ranked player gets the initial colour when its rank is odd.

Readings chosen
---------------
* **Floater types** (3.9): ``a`` = already floated into this group and no
  compatible opponent in the adjacent group; ``b`` = not floated in, no
  compatible opponent; ``c`` = floated in, has a compatible opponent;
  ``d`` = neither. Having no opponent in the adjacent group is the greater
  disadvantage.
* **Last round**: 2.1 states the colour limits without exception; like the
  pre-2026 Basic Rules, they are not applied in the last round (to confirm).
* **Where a floater lands** (3.3-3.4): with the nearest-ranked compatible
  resident of the receiving group (highest-ranked for a downfloater,
  lowest-ranked for an upfloater), before the residents are paired.
* **Cracking the median** (2.6): when the Median Scoregroup with its floaters
  cannot be paired (maximum-cardinality matching), the next pairing of the
  lower scoregroups is cracked if more of its floaters came from above than
  from below, else the next pairing of the higher scoregroups; "next" is the
  last pairing made on that side (nearest the median), the count includes
  the players of earlier cracked pairings, and a side without pairings left
  gives way to the other. The two players join the median as floaters and it
  is paired again. The groups before the median do not look ahead.
* **PAB** must leave the others pairable (C4 of the other systems); the text
  presumes it.
* **Maxi-tournament** is a setting (``maxi=True``), never inferred from the
  field's size; it restricts colour-motivated exchanges to 100 rating points.
* Scores are pairing scores (with any C.04.7 virtual points); the median is
  computed on real points per round played, so an accelerated player may sit
  above it.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, islice

from swisspair.errors import NoValidPairingError
from swisspair.matching.cardinality import CardinalityMatching
from swisspair.model import Colour, RoundPairing, Tournament
from swisspair.pairing.acceleration import AccelerationMode, check_mode, virtual_points
from swisspair.pairing.boards import oriented_boards, round_pairing
from swisspair.pairing.exchanges import exchange_order
from swisspair.pairing.explain import format_score
from swisspair.pairing.state import Float, PairingState, PlayerState, build_state
from swisspair.pairing.system import SystemBase

FLOATER_SETS_TRIED = 400
"""Floater sets of one size tried, in preference order, before trying a larger size."""


class LimSystem(SystemBase):
    """Lim System, FIDE C.04.4.3."""

    name = "lim"
    aliases = ("FIDE_LIM", "fide-lim")
    article = "FIDE C.04.4.3"

    def __init__(self, maxi: bool = False, acceleration: AccelerationMode | str = "auto") -> None:
        """:param maxi: a maxi-tournament (C.04.4.3 3.2.3, 5.7): colour exchanges
            only between players within 100 rating points.
        :param acceleration: ``"auto"``, ``"baku"`` or ``"none"`` (C.04.7).
        :raises: :exc:`~swisspair.errors.UnsupportedFeatureError` for an unknown mode.
        """
        self.maxi = maxi
        self.acceleration: AccelerationMode = check_mode(acceleration)

    def __repr__(self) -> str:
        return f"LimSystem(maxi={self.maxi!r}, acceleration={self.acceleration!r})"

    def with_acceleration(self, mode: AccelerationMode | str) -> LimSystem:
        """The same system with another acceleration mode."""
        return LimSystem(self.maxi, mode)

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair ``round_number`` (default: the next round) of ``tournament``.

        :raises: :exc:`~swisspair.errors.NoValidPairingError` when the
            participants cannot all be paired.
        """
        state = build_state(tournament, round_number,
                            accelerations=virtual_points(tournament, self.acceleration))
        return pair_state(state, self.maxi)


def pair_state(state: PairingState, maxi: bool = False) -> RoundPairing:
    """Pair the round described by ``state`` with the Lim System."""
    return _LimRound(state, maxi).run()


class _LimRound:
    """One round (see the module docstring)."""

    def __init__(self, state: PairingState, maxi: bool) -> None:
        self.state = state
        self.maxi = maxi
        self.last_round = state.round_number >= state.total_rounds
        self.by_tpn = {p.tpn: p for p in state.to_pair}
        self.notes: list[str] = []
        self.floated_before = {
            p.tpn: state.played_rounds > 0 and state.float_of(p, 1) is not Float.NONE for p in state.to_pair}
        self._adjacent: dict[int, list[int]] = {}

    # -- compatibility (1, 2) -------------------------------------------------
    def compatible(self, a: int, b: int) -> bool:
        """Not met; before the last round, not both due the same colour absolutely (C.04.1 art. 6-7)."""
        if a == b or b in self.state.forbidden[a]:
            return False
        if self.last_round:
            return True
        pa, pb = self.by_tpn[a], self.by_tpn[b]
        return not (pa.absolute_preference and pb.absolute_preference
                    and pa.colour_preference is pb.colour_preference)

    def neighbours(self, v: int) -> list[int]:
        found = self._adjacent.get(v)
        if found is None:
            found = [u for u in self.by_tpn if self.compatible(v, u)]
            self._adjacent[v] = found
        return found

    def pairable(self, players: Iterable[int]) -> bool:
        """The players can all be paired among themselves."""
        vertices = list(players)
        if len(vertices) % 2:
            return False
        if not vertices:
            return True
        cm = CardinalityMatching(vertices, self.compatible, self.neighbours)
        cm.greedy()
        cm.maximise()
        return not cm.free()

    def rank_key(self, tpn: int) -> tuple[int, int]:
        """Ranking: higher pairing score, then smaller TPN (rating order)."""
        p = self.by_tpn[tpn]
        return (-p.pairing_score, p.rank_index)

    # -- PAB --------------------------------------------------------------------
    def choose_bye(self, players: list[int]) -> int:
        """The lowest-ranked participant of the lowest scoregroup who may have it (C.04.1 art. 3-4)."""
        for tpn in sorted(players, key=self.rank_key, reverse=True):
            if self.state.eligible_for_bye(self.by_tpn[tpn]) and self.pairable(t for t in players if t != tpn):
                return tpn
        raise NoValidPairingError("no participant can take the pairing-allocated bye and leave the rest pairable")

    # -- the round ----------------------------------------------------------------
    def run(self) -> RoundPairing:
        state = self.state
        players = sorted(self.by_tpn, key=self.rank_key)
        bye = self.choose_bye(players) if len(players) % 2 else None
        pending = [t for t in players if t != bye]
        if not self.pairable(pending):
            raise NoValidPairingError("the participants cannot all be paired (C.04.4.3 1, 2)")
        self.pending = set(pending)
        median2 = state.win * state.played_rounds
        scores = sorted({self.by_tpn[t].pairing_score for t in pending}, reverse=True)
        above = [s for s in scores if 2 * s > median2]
        below = [s for s in scores if 2 * s < median2][::-1]
        self.pairs: list[tuple[int, int]] = []
        self.median_score2 = median2
        median = [t for t in pending if 2 * self.by_tpn[t].pairing_score == median2]
        from_above, upper = self.pair_side(above, pending, median, downward=True)
        from_below, lower = self.pair_side(below, pending, median, downward=False)
        self.pair_median(median, from_above + from_below, upper, lower)
        ordered = oriented_boards(((self.by_tpn[a], self.by_tpn[b]) for a, b in self.pairs), self.colour)
        lines = [f"Round {state.round_number}: {len(players)} participants to pair (Lim, C.04.4.3)"]
        if bye is not None:
            lines.append(f"PAB: {bye}")
        lines.extend(self.notes)
        return round_pairing(state.round_number, ordered, self.by_tpn[bye] if bye is not None else None, lines)

    def pair_side(self, scores: list[int], pending: list[int], median: list[int],
                  downward: bool) -> tuple[list[int], list[tuple[int, int]]]:
        """2.2: the scoregroups of one side of the median, each with the floaters of the one before,
        towards the median; the floaters left for the Median Scoregroup and the pairs made, in order."""

        def residents(score: int) -> list[int]:
            return [t for t in pending if self.by_tpn[t].pairing_score == score]

        start = len(self.pairs)
        carried: list[int] = []
        for k, score in enumerate(scores):
            nxt = residents(scores[k + 1]) if k + 1 < len(scores) else median
            carried = self.pair_group(score, residents(score), carried, downward=downward, adjacent=nxt)
        return carried, self.pairs[start:]

    def pair_median(self, median: list[int], incoming: list[int], upper: list[tuple[int, int]],
                    lower: list[tuple[int, int]]) -> None:
        """2.2, 2.6: the Median Scoregroup last, downward; while it cannot be paired it is cracked.

        2.6: when more of its floaters came from the higher scoregroups than from the
        lower ones, the next pairing of the lower scoregroup (the last one made there,
        nearest the median) is undone and its two players join the Median Scoregroup as
        floaters; otherwise the next pairing of the higher scoregroup. Then the Median
        Scoregroup is paired again. A side with no pairing left gives way to the other.
        """
        incoming = list(incoming)
        while not self.pairable(median + incoming):
            twice = self.median_score2
            from_above = sum(1 for t in incoming if 2 * self.by_tpn[t].pairing_score > twice)
            from_below = sum(1 for t in incoming if 2 * self.by_tpn[t].pairing_score < twice)
            if lower and (from_above > from_below or not upper):
                cracked, side = lower.pop(), "lower"
            elif upper:
                cracked, side = upper.pop(), "higher"
            else:
                raise NoValidPairingError("the median scoregroup cannot be paired (C.04.4.3 2.6)")
            self.pairs.remove(cracked)
            self.pending.update(cracked)
            incoming.extend(cracked)
            self.notes.append(f"2.6: the median scoregroup cannot be paired ({from_above} floaters from above, "
                              f"{from_below} from below): pairing {cracked[0]}-{cracked[1]} of the {side} "
                              "scoregroups is cracked, its players join it as floaters")
        self.pair_group(None, median, incoming, downward=True, adjacent=[])

    # -- one scoregroup (3, 4) -----------------------------------------------------------
    def pair_group(self, score: int | None, residents: list[int], incoming: list[int],
                   downward: bool, adjacent: list[int]) -> list[int]:
        """Pair one scoregroup with its incoming floaters; return its outgoing floaters."""
        group = sorted(residents + incoming, key=self.rank_key, reverse=not downward)
        if not group:
            return []
        floaters = self.choose_floaters(group, set(incoming), downward, adjacent,
                                        median=score is None)
        kept = [t for t in group if t not in floaters]
        pairs = self.pair_kept(kept, set(incoming), residents)
        for a, b in pairs:
            self.pending.discard(a)
            self.pending.discard(b)
        self.pairs.extend(pairs)
        label = "median" if score is None else format_score(score, self.state.scale)
        self.notes.append(
            f"Group {label} ({'down' if downward else 'up'}ward): " + " ".join(map(str, group))
            + (f"; floaters {' '.join(map(str, floaters))}" if floaters else "")
            + "; pairs " + ", ".join(f"{a}-{b}" for a, b in pairs))
        return floaters

    def choose_floaters(self, group: list[int], incoming: set[int], downward: bool,
                        adjacent: list[int], median: bool) -> list[int]:
        """2.3, 3.2-3.9: as few floaters as leave the rest of the group pairable, chosen by type,
        history, colours, rank (the Median Scoregroup has none: 2.6 cracks it instead)."""
        whites = sum(1 for t in group if self.by_tpn[t].colour_preference is Colour.WHITE)
        blacks = sum(1 for t in group if self.by_tpn[t].colour_preference is Colour.BLACK)

        def key(position: int) -> tuple[int, int, int, int]:
            tpn = group[position]
            has_opponent = any(self.compatible(tpn, u) for u in adjacent if u != tpn)
            floated_in = tpn in incoming
            kind = (0 if floated_in and not has_opponent else 1 if not has_opponent
                    else 2 if floated_in else 3)                       # a, b, c, d
            pref = self.by_tpn[tpn].colour_preference
            balancing = ((pref is Colour.WHITE and whites > blacks) or (pref is Colour.BLACK and blacks > whites))
            return (-kind, int(self.floated_before[tpn]), int(not balancing), -position)

        preference = sorted(range(len(group)), key=key)
        for size in range(len(group) % 2, len(group) + 1, 2):
            if median and size:
                break
            for combo in islice(combinations(preference, size), FLOATER_SETS_TRIED):
                chosen = {group[p] for p in combo}
                kept = [t for t in group if t not in chosen]
                if self.pairable(kept):
                    return [t for t in group if t in chosen]
        if median:  # pragma: no cover - 2.6 cracks the median until it can be paired
            raise NoValidPairingError("the median scoregroup cannot be paired (C.04.4.3 2.6)")
        return list(group)  # pragma: no cover - floating everybody keeps the round pairable

    def pair_kept(self, kept: list[int], incoming: set[int], residents: list[int]) -> list[tuple[int, int]]:
        """3.3-3.4, 4: incoming floaters first, then the first player against the exchange order.

        A floater from above takes the highest-ranked resident it can, one from
        below the lowest-ranked; then the rest of the group is paired: its
        first player takes the first opponent in exchange order that leaves
        the rest of the group pairable.
        """
        remaining = list(kept)
        pairs: list[tuple[int, int]] = []
        cm = CardinalityMatching(remaining, self.compatible, self.neighbours)
        cm.greedy()
        cm.maximise()
        mate = dict(cm.mate)
        group_score = self.by_tpn[residents[0]].pairing_score if residents else None
        for floater in [t for t in kept if t in incoming]:
            if floater not in remaining:
                continue
            hosts = sorted((t for t in remaining if t not in incoming), key=self.rank_key)
            if group_score is not None and self.by_tpn[floater].pairing_score < group_score:
                hosts.reverse()
            order = hosts + [t for t in remaining if t in incoming and t != floater]
            chosen = self._choose(floater, order, remaining, mate)
            mate = self._fix(remaining, mate, floater, chosen)
            pairs.append((floater, chosen))
            remaining = [t for t in remaining if t != floater and t != chosen]
        while remaining:
            first = remaining[0]
            order = [remaining[k] for k in exchange_order(len(remaining))]
            chosen = self._choose(first, order, remaining, mate)
            mate = self._fix(remaining, mate, first, chosen)
            pairs.append((first, chosen))
            remaining = [t for t in remaining if t != first and t != chosen]
        return pairs

    def _choose(self, first: int, order: list[int], remaining: list[int], mate: dict[int, int]) -> int:
        """The first opponent in ``order`` leaving the rest pairable; a later one for due colours (5.5)."""
        natural = None
        for candidate in order:
            if self.compatible(first, candidate) and self._feasible(remaining, mate, first, candidate):
                natural = candidate
                break
        if natural is None:  # pragma: no cover - the group was checked pairable
            raise NoValidPairingError(f"player {first} cannot be paired in its group (C.04.4.3 4)")
        if self._colours_fit(first, natural):
            return natural
        for candidate in order:
            if candidate == natural or not self._colours_fit(first, candidate):
                continue
            if self.maxi and abs(self.by_tpn[candidate].rating - self.by_tpn[natural].rating) > 100:
                continue
            if self.compatible(first, candidate) and self._feasible(remaining, mate, first, candidate):
                return candidate
        return natural

    def _colours_fit(self, a: int, b: int) -> bool:
        pa, pb = self.by_tpn[a].colour_preference, self.by_tpn[b].colour_preference
        return pa is not pb or pa is Colour.NONE

    def _feasible(self, remaining: list[int], mate: dict[int, int], a: int, b: int) -> bool:
        return self._try_fix(remaining, mate, a, b) is not None

    def _fix(self, remaining: list[int], mate: dict[int, int], a: int, b: int) -> dict[int, int]:
        fixed = self._try_fix(remaining, mate, a, b)
        assert fixed is not None
        return fixed

    def _try_fix(self, remaining: list[int], mate: dict[int, int], a: int,
                 b: int) -> dict[int, int] | None:
        """The perfect matching of ``remaining`` minus ``a`` and ``b``, repaired from ``mate``, or None."""
        rest = [t for t in remaining if t != a and t != b]
        if mate.get(a) == b:
            return {v: m for v, m in mate.items() if v != a and v != b}
        cm = CardinalityMatching(rest, self.compatible, self.neighbours)
        freed = {a, b, mate.get(a, a), mate.get(b, b)}
        cm.mate = {v: m for v, m in mate.items() if v not in freed and m not in freed}
        for v in (mate.get(a), mate.get(b)):
            if v is not None and v not in (a, b) and v not in cm.mate and not cm.search(v):
                return None
        if cm.free():
            return None
        return cm.mate

    # -- colours (5) ------------------------------------------------------------------------
    def colour(self, player: PlayerState, opponent: PlayerState) -> Colour:
        """The colour of ``player`` against ``opponent`` (C.04.4.3 5)."""
        higher = player if self.rank_key(player.tpn) < self.rank_key(opponent.tpn) else opponent
        initial = self.state.initial_colour
        mine, theirs = player.colour_preference, opponent.colour_preference
        if mine is Colour.NONE and theirs is Colour.NONE:                          # 5.1 (round 1)
            colour = initial if higher.rank_index % 2 == 0 else initial.opposite
            return colour if higher is player else colour.opposite
        if mine is not theirs:                                                     # 5.2-5.3
            return mine if mine is not Colour.NONE else theirs.opposite
        need_mine = (player.absolute_preference, player.colour_imbalance)
        need_theirs = (opponent.absolute_preference, opponent.colour_imbalance)
        if need_mine != need_theirs:
            return mine if need_mine > need_theirs else theirs.opposite
        # 5.4: above the median the higher-ranked, below it the lower-ranked gets its due colour.
        above = 2 * max(player.pairing_score, opponent.pairing_score) >= self.median_score2
        favoured = higher if above else (opponent if higher is player else player)
        return mine if favoured is player else theirs.opposite
