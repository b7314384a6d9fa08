"""The Double-Swiss system, FIDE C.04.5 (2026): every pairing is a two-game match.

Representation in a TRF-based :class:`~swisspair.model.Tournament`
------------------------------------------------------------------
TRF ``001`` round fields hold one game each and cannot encode a two-game match
(TRF26 gap). swisspair therefore stores **Double-Swiss round k as the two
consecutive TRF rounds 2k-1 (game 1) and 2k (game 2)**:

* a match: game 1 ``W-B`` and game 2 with the **same opponent and reversed
  colours**; the match score is the sum of the two game scores (C.04.5 0);
* the pairing-allocated bye (PAB) of a match: ``0000 - U`` in game 1 and
  ``0000 - H`` in game 2, i.e. "one game won and one game drawn", 1.5 points
  with the default scoring, whatever the file's win and draw values (C.04.5 1.5);
* a requested bye or absence: byes (``H``/``F``/``Z``) in both columns;
* the number of rounds (``XXR``/``142``) counts games: twice the matches.

``pair`` on a tournament with an even number of paired TRF rounds pairs the next
match (game 1 colours on each board, the PAB as ``N 0``). With an odd number it
returns game 2 of the current match: the same pairs with reversed colours and no
PAB line (the PAB player's game-2 ``H`` is part of the bye already given), so the
checker (``-c``) can replay a Double-Swiss file round by TRF round.

The state: :class:`~swisspair.pairing.state.PairingState`, one record per match
---------------------------------------------------------------------------------
The shared builder reads the matches (:func:`~swisspair.pairing.state.build_state` with
``games=2``, each record a match: :func:`~swisspair.pairing.state.match_record`): the match
score, the opponent, whether the match was played or ended by forfeit (C1), its game-1
colour, the PAB; it also checks the round against the announced number and adds the pairs
the file forbids. :class:`MatchState` is this system's view of it: scores as points, the
colours of the matches (4), and the readings where the text differs from the individual
systems', shared with the team system (C.04.6): no PAB after a PAB, a match won by forfeit
or a full-point bye (C2, :meth:`~swisspair.pairing.state.PairingState.won_without_playing`);
a floater is a player whose match opponent had a different score before the match, a PAB
is no float (1.4, :meth:`~swisspair.pairing.state.PairingState.paired_against_other_score`).

Readings chosen (the text is new and has no reference engine)
-------------------------------------------------------------
* 0: a match ended by forfeit when one player forfeited both games (``-`` twice);
  only then may the pair meet again (C1). A match "has a colour" when at least one
  of its games was played over the board; that colour is the game-1 colour.
* 1.2: ranking is score then TPN. 1.4: a floater is a player whose match opponent
  had a different score before that match; a PAB is not a float.
* 2 C2: no PAB for a player who had a PAB, won a match by forfeit, or had a
  full-point bye (``F``) in any game column.
* 3.4 PAB: the first eligible player, by score ascending, matches played
  descending, TPN descending, whose removal leaves a complete pairing (C1, C3).
* 3.5 upfloaters: the number of upfloaters is minimal (C4); sets are compared by
  their scores sorted ascending, highest first (C5); then sets for which the next
  scoregroup can be paired with its parity-minimal number of upfloaters (C6);
  then fewest upfloaters who floated in the previous round (C7, not in the last
  round); then the TPN sequence (members sorted by score descending, then TPN).
  Sets of two or more upfloaters are searched among the first
  :data:`MAX_UPFLOATER_SETS` combinations in that order.
* 3.6 bracket: among the pairings satisfying C1 with the fewest upfloaters'
  opponents who floated in the previous round (C8, not in the last round), the
  lexicographically smallest identifier: the lower TPN of each pair ("top
  members") ascending, then their opponents in the same order.
* 4 colours (game 1): (4.1) neither has a match colour: the higher-ranked player
  gets the initial colour if his TPN is odd, the other colour if even; (4.2) White
  to the player with fewer game-1 Whites; (4.3) alternate from the most recent
  match in which their game-1 colours differed, the sequences of matches with a
  colour being aligned from the latest one, as for the other systems (GHR 3.4,
  :func:`swisspair.pairing.colours.latest_colour_difference`); (4.4) alternate the higher-ranked
  player's last colour; (4.5) alternate the opponent's last colour.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from swisspair.errors import NoValidPairingError, RoundNumberError
from swisspair.matching.cardinality import CardinalityMatching
from swisspair.matching.weighted import MatchingComputer
from swisspair.model import Board, Colour, Result, RoundPairing, Tournament
from swisspair.pairing.state import PairingState, build_state, round_to_pair
from swisspair.pairing.system import EventShape, SystemBase

MAX_UPFLOATER_SETS = 2000
"""Upfloater sets of size >= 2 examined per bracket (see the module notes, 3.5)."""


@dataclass(slots=True, eq=False)
class MatchPlayer:
    """A participant as the Double-Swiss system sees it before one match round."""

    tpn: int
    score: Fraction = Fraction(0)
    """Match points so far: the sum of all game points (C.04.5 0)."""
    colours: list[Colour] = field(default_factory=list)
    """Game-1 colour of each match, :attr:`Colour.NONE` without a played game."""
    opponents: set[int] = field(default_factory=set)
    """Opponents of matches not ended by forfeit (C1)."""
    matches_played: int = 0
    bye_ineligible: bool = False
    """C2: had a PAB, a match won by forfeit, or a full-point bye."""
    floated_last: bool = False
    """Played the previous match against a different score (1.4)."""

    @property
    def whites(self) -> int:
        return sum(1 for c in self.colours if c is Colour.WHITE)

    def __repr__(self) -> str:
        return f"MatchPlayer(tpn={self.tpn}, score={self.score})"


@dataclass(slots=True)
class MatchState:
    """Everything needed to pair match round ``match``."""

    match: int
    total_matches: int
    players: dict[int, MatchPlayer]
    to_pair: list[MatchPlayer]
    forbidden: dict[int, set[int]]
    initial_colour: Colour

    @property
    def last_round(self) -> bool:
        return self.match >= self.total_matches

    def compatible(self, a: int, b: int) -> bool:
        """C1: not met in a match not ended by forfeit, and not a forbidden pair."""
        return b not in self.forbidden[a]


def build_match_state(tournament: Tournament, match: int) -> MatchState:
    """Read the matches before ``match`` (TRF rounds ``1 .. 2*match-2``) through the shared state
    (:func:`~swisspair.pairing.state.build_state`, ``games=2``).

    :raises: :exc:`~swisspair.errors.RoundNumberError` when the number of rounds
        is unknown or odd, or ``match`` is beyond it.
    """
    round_to_pair(tournament, 2 * match - 1, needs_rounds=True)  # known, and game 1 of the match within it
    assert tournament.rounds is not None
    if tournament.rounds % 2:
        raise RoundNumberError(f"double-swiss: {tournament.rounds} TRF rounds is odd; "
                             "each match takes two TRF rounds")
    initial = tournament.initial_colour or _infer_initial_colour(tournament) or Colour.WHITE
    return match_state(build_state(tournament, match, initial, accelerations={}, games=2))


def match_state(state: PairingState) -> MatchState:
    """This system's view of the shared state of a match round (see the module documentation)."""
    players = {tpn: MatchPlayer(
        tpn=tpn,
        score=Fraction(player.score, state.scale),
        colours=[record.colour for record in player.records],
        opponents={record.opponent for record in player.records if record.played and record.opponent is not None},
        matches_played=sum(1 for record in player.records if record.played),
        bye_ineligible=state.won_without_playing(player),
        floated_last=state.played_rounds > 0 and state.paired_against_other_score(player),
    ) for tpn, player in state.players.items()}
    return MatchState(match=state.round_number, total_matches=state.total_rounds, players=players,
                      to_pair=[players[player.tpn] for player in state.to_pair], forbidden=state.forbidden,
                      initial_colour=state.initial_colour)


def _infer_initial_colour(tournament: Tournament) -> Colour | None:
    """The initial colour read back from game 1 of match 1 (C.04.5 4.1), without ``152``/``XXC``.

    The lowest TPN that played game 1 of match 1 was the higher-ranked of its
    pair and got the initial colour if its TPN is odd.
    """
    for tpn in sorted(tournament.players):
        entry = tournament.players[tpn].result(1)
        if entry.opponent is not None and entry.colour is not Colour.NONE:
            return entry.colour if tpn % 2 else entry.colour.opposite
    return None


def _perfect(vertices: Iterable[int], adjacent: Callable[[int, int], bool]) -> dict[int, int] | None:
    """A perfect matching of ``vertices`` (C1 edges), or ``None``."""
    vs = list(vertices)
    if len(vs) % 2:
        return None
    if not vs:
        return {}
    m = CardinalityMatching(vs, adjacent)
    m.greedy()
    m.maximise()
    return m.mate if len(m.mate) == len(vs) else None


def _rank_key(p: MatchPlayer) -> tuple[Fraction, int]:
    """C.04.5 1.2: score descending, then TPN."""
    return (-p.score, p.tpn)


class DoubleSwissSystem(SystemBase):
    """Double-Swiss System, FIDE C.04.5 (2026)."""

    name = "double-swiss"
    aliases = ("FIDE_DOUBLESWISS", "CUSTOM_DOUBLESWISS", "doubleswiss", "double")
    article = "FIDE C.04.5 (2026)"

    @property
    def shape(self) -> EventShape:
        """A pairing is a two-game match: two TRF rounds, game 2 with the colours reversed (C.04.5 0);
        the PAB is one game won and one drawn (C.04.5 1.5)."""
        return EventShape(games=2, pab=(Result.PAB, Result.HALF_BYE), code="FIDE_DOUBLESWISS")

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair TRF round ``round_number`` (default: the next one) of ``tournament``.

        An odd TRF round is game 1 of a new match, paired by C.04.5 3; an even
        one is game 2 of the match already paired: the same pairs with reversed
        colours (C.04.5 0).

        :raises: :exc:`~swisspair.errors.NoValidPairingError` when no legal pairing exists.
        """
        rnd = tournament.paired_rounds + 1 if round_number is None else round_number
        if rnd % 2 == 0:
            return self._second_game(tournament, rnd)
        state = build_match_state(tournament, (rnd + 1) // 2)
        bye, pairs = pair_match(state)
        boards = [allocate_colours(state, a, b) for a, b in pairs]
        boards.sort(key=lambda b: (-max(state.players[b.white].score, state.players[b.black].score),
                                   min(b.white, b.black)))
        return RoundPairing(rnd, tuple(boards), bye)

    @staticmethod
    def _second_game(tournament: Tournament, rnd: int) -> RoundPairing:
        boards = []
        for player in tournament:
            entry = player.result(rnd - 1)
            if entry.opponent is not None and entry.colour is Colour.WHITE:
                boards.append(Board(entry.opponent, player.tpn))
        if not boards and not any(p.result(rnd - 1).result.paired for p in tournament):
            raise RoundNumberError(f"double-swiss: game 1 (TRF round {rnd - 1}) of this match is not paired")
        return RoundPairing(rnd, tuple(boards), None)


def pair_match(state: MatchState) -> tuple[int | None, list[tuple[int, int]]]:
    """The PAB (3.4) and the pairs of one match round (3.5, 3.6), without colours.

    :raises: :exc:`~swisspair.errors.NoValidPairingError` when no complete
        pairing exists (C1-C3).
    """
    compatible = state.compatible
    remaining = sorted(state.to_pair, key=_rank_key)
    bye: int | None = None
    if len(remaining) % 2:
        # 3.4 / C2: the lowest score, the most matches played, the largest TPN.
        order = sorted((p for p in remaining if not p.bye_ineligible),
                       key=lambda p: (p.score, -p.matches_played, -p.tpn))
        for candidate in order:
            if _perfect((p.tpn for p in remaining if p is not candidate), compatible) is not None:
                bye = candidate.tpn
                break
        else:
            raise NoValidPairingError("double-swiss: no participant can take the PAB (C2, C3)")
        remaining = [p for p in remaining if p.tpn != bye]
    elif _perfect((p.tpn for p in remaining), compatible) is None:
        raise NoValidPairingError("double-swiss: no complete pairing exists (C1, C3)")
    pairs: list[tuple[int, int]] = []
    while remaining:
        top_score = remaining[0].score
        residents = [p for p in remaining if p.score == top_score]
        lower = [p for p in remaining if p.score != top_score]
        upfloaters = _choose_upfloaters(state, residents, lower)
        bracket = residents + upfloaters
        chosen = {p.tpn for p in bracket}
        pairs.extend(pair_bracket(state, bracket, upfloaters))
        remaining = [p for p in remaining if p.tpn not in chosen]
    return bye, pairs


def _legal(state: MatchState, bracket: list[MatchPlayer], rest: list[MatchPlayer]) -> bool:
    """C1 and C3: the bracket and the players after it can both be paired."""
    return (_perfect((p.tpn for p in bracket), state.compatible) is not None
            and _perfect((p.tpn for p in rest), state.compatible) is not None)


def _choose_upfloaters(state: MatchState, residents: list[MatchPlayer],
                       lower: list[MatchPlayer]) -> list[MatchPlayer]:
    """C.04.5 3.5: the upfloaters of the bracket of ``residents`` (C4-C7)."""
    candidates = sorted(lower, key=_rank_key)
    start = len(residents) % 2
    for k in range(start, len(candidates) + 1, 2):
        best: tuple[tuple[Fraction, ...], int, int] | None = None
        best_set: list[MatchPlayer] = []
        combos: Iterable[tuple[MatchPlayer, ...]] = itertools.combinations(candidates, k)
        if k >= 2:
            combos = itertools.islice(combos, MAX_UPFLOATER_SETS)
        for combo in combos:
            # C5: scores sorted ascending, highest first.
            c5 = tuple(-s for s in sorted(p.score for p in combo))
            if best is not None and c5 > best[0]:
                if k <= 1:
                    break  # candidates are sorted by score: no later set beats C5
                continue
            chosen = {p.tpn for p in combo}
            rest = [p for p in candidates if p.tpn not in chosen]
            if not _legal(state, residents + list(combo), rest):
                continue
            c6 = 0 if _next_bracket_ok(state, rest, candidates[0].score if candidates else None) else 1
            c7 = 0 if state.last_round else sum(p.floated_last for p in combo)
            key = (c5, c6, c7)
            if best is None or key < best:
                best, best_set = key, list(combo)
                if c6 == 0 and c7 == 0 and k <= 1:
                    break
        if best is not None:
            return best_set
    raise NoValidPairingError("double-swiss: no legal bracket (C1, C3)")


def _next_bracket_ok(state: MatchState, rest: list[MatchPlayer], next_score: Fraction | None) -> bool:
    """C6: the next scoregroup can be paired (C1, C3) with its parity-minimal upfloaters (C4).

    Met when the upfloaters emptied the next scoregroup (``next_score``).
    """
    if not rest or rest[0].score != next_score:
        return True
    top = rest[0].score
    residents = [p for p in rest if p.score == top]
    lower = [p for p in rest if p.score != top]
    if len(residents) % 2 == 0:
        return _legal(state, residents, lower)
    for p in lower:
        if _legal(state, residents + [p], [q for q in lower if q is not p]):
            return True
    return False


def pair_bracket(state: MatchState, bracket: list[MatchPlayer],
                 upfloaters: Sequence[MatchPlayer] = ()) -> list[tuple[int, int]]:
    """C.04.5 3.6: the pairing of the bracket with the smallest identifier, under C1 and C8.

    The identifier lists the lower TPN of each pair ascending, then their
    opponents in the same order.
    """
    tpns = sorted(p.tpn for p in bracket)
    ups = {p.tpn for p in upfloaters}
    penalty: dict[tuple[int, int], int] = {}
    if not state.last_round and ups:
        floated = {t for t in tpns if state.players[t].floated_last}
        for a, b in itertools.combinations(tpns, 2):
            count = (a in ups and b in floated) + (b in ups and a in floated)
            if count:
                penalty[(a, b)] = count
    limit = _min_penalty(state, tpns, penalty) if penalty else 0

    def feasible(allowed: Callable[[int, int], bool]) -> dict[int, int] | None:
        def edge(a: int, b: int) -> bool:
            return state.compatible(a, b) and allowed(a, b)
        if limit == 0:
            def strict(a: int, b: int) -> bool:
                return edge(a, b) and (min(a, b), max(a, b)) not in penalty
            return _perfect(tpns, strict)
        return _weighted_perfect(tpns, edge, penalty, limit)

    witness = feasible(lambda a, b: True)
    if witness is None:
        raise NoValidPairingError("double-swiss: bracket cannot be paired (C1)")
    half = len(tpns) // 2
    tops: list[int] = []
    is_top: set[int] = set()
    # Phase 1: the top members, smallest first.
    while len(tops) < half:
        last = tops[-1] if tops else -1
        for x in tpns:
            if x <= last or x in is_top:
                continue
            trial = is_top | {x}

            def allowed(a: int, b: int, trial: set[int] = trial, x: int = x) -> bool:
                lo, hi = min(a, b), max(a, b)
                if hi in trial:
                    return False  # the higher of a pair is never a top member
                if lo < x and lo not in trial:
                    return False  # players below x not chosen are opponents of smaller tops
                return True
            if all(allowed(v, witness[v]) for v in tpns):
                tops.append(x)
                is_top = trial
                break
            found = feasible(allowed)
            if found is not None:
                witness = found
                tops.append(x)
                is_top = trial
                break
        else:  # pragma: no cover - the witness always provides a next top member
            raise NoValidPairingError("double-swiss: bracket identifier search failed")
    # Phase 2: opponents of the top members, in order.
    fixed: dict[int, int] = {}
    for t in tops:
        for y in tpns:
            if y <= t or y in is_top or y in fixed:
                continue
            trial_fixed = dict(fixed)
            trial_fixed[t] = y
            trial_fixed[y] = t

            def allowed2(a: int, b: int, tf: dict[int, int] = trial_fixed) -> bool:
                if a in tf or b in tf:
                    return tf.get(a) == b
                lo, hi = min(a, b), max(a, b)
                return lo in is_top and hi not in is_top
            if all(allowed2(v, witness[v]) for v in tpns):
                fixed = trial_fixed
                break
            found = feasible(allowed2)
            if found is not None:
                witness = found
                fixed = trial_fixed
                break
        else:  # pragma: no cover
            raise NoValidPairingError("double-swiss: bracket identifier search failed")
    return [(t, fixed[t]) for t in tops]


def _min_penalty(state: MatchState, tpns: list[int], penalty: dict[tuple[int, int], int]) -> int:
    """The fewest C8 pairs (upfloater against a previous-round floater) in a perfect matching."""
    index = {t: i for i, t in enumerate(tpns)}
    computer = MatchingComputer(len(tpns))
    big = 4 * (len(tpns) + 1)
    for a, b in itertools.combinations(tpns, 2):
        if state.compatible(a, b):
            computer.set_edge_weight(index[a], index[b], big - 2 * penalty.get((a, b), 0) + 1)
    computer.compute()
    mates = computer.mates()
    return sum(penalty.get((tpns[i], tpns[j]), 0) for i, j in enumerate(mates) if j > i)


def _weighted_perfect(tpns: list[int], edge: Callable[[int, int], bool],
                      penalty: dict[tuple[int, int], int], limit: int) -> dict[int, int] | None:
    index = {t: i for i, t in enumerate(tpns)}
    computer = MatchingComputer(len(tpns))
    big = 4 * (len(tpns) + 1)
    for a, b in itertools.combinations(tpns, 2):
        if edge(a, b):
            computer.set_edge_weight(index[a], index[b], big - 2 * penalty.get((a, b), 0) + 1)
    computer.compute()
    mates = computer.mates()
    mate: dict[int, int] = {}
    cost = 0
    for i, j in enumerate(mates):
        if 0 <= j < len(tpns) and j != i:
            mate[tpns[i]] = tpns[j]
            if j > i:
                cost += penalty.get((tpns[i], tpns[j]), 0)
    if len(mate) != len(tpns) or cost > limit:
        return None
    return mate


def allocate_colours(state: MatchState, a: int, b: int) -> Board:
    """C.04.5 4: who has White in game 1 of the match of ``a`` and ``b``."""
    pa, pb = state.players[a], state.players[b]
    high, low = (pa, pb) if _rank_key(pa) < _rank_key(pb) else (pb, pa)
    ch = [c for c in high.colours if c is not Colour.NONE]
    cl = [c for c in low.colours if c is not Colour.NONE]
    if not ch and not cl:  # 4.1
        colour = state.initial_colour if high.tpn % 2 else state.initial_colour.opposite
        return _board(high.tpn, low.tpn, colour)
    if high.whites != low.whites:  # 4.2
        return _board(high.tpn, low.tpn, Colour.WHITE if high.whites < low.whites else Colour.BLACK)
    for x, y in zip(reversed(ch), reversed(cl)):  # 4.3, on the played sequences (GHR 3.4)
        if x is not y:
            return _board(high.tpn, low.tpn, x.opposite)
    if ch:  # 4.4
        return _board(high.tpn, low.tpn, ch[-1].opposite)
    return _board(high.tpn, low.tpn, cl[-1])  # 4.5: the opponent alternates


def _board(high: int, low: int, high_colour: Colour) -> Board:
    return Board(high, low) if high_colour is Colour.WHITE else Board(low, high)


def generate_double_swiss(players: int, matches: int, seed: int, *, draw_percentage: float = 30,
                          forfeit_rate: float = 0.0, absence_rate: float = 0.0,
                          progress: Callable[[int], None] | None = None) -> Tournament:
    """A random Double-Swiss event of ``matches`` matches (the generator of every system,
    :func:`swisspair.generator.generate`), deterministic for ``seed``: ``forfeit_rate`` is the share of
    matches forfeited, ``absence_rate`` the share of player-matches announced absent (``Z`` twice).
    ``progress`` is called with the match number."""
    from swisspair.generator import NEVER, GeneratorConfig, generate

    def one_in(share: float) -> float:
        return NEVER if share <= 0 else 1 / share

    config = GeneratorConfig(players=players, rounds=matches, draw_percentage=draw_percentage,
                             forfeit_rate=one_in(forfeit_rate), retired_rate=one_in(absence_rate))
    system = DoubleSwissSystem()
    return generate(config, seed, system.pair, progress, system.shape)


__all__ = ["DoubleSwissSystem", "MatchPlayer", "MatchState", "allocate_colours", "build_match_state",
           "generate_double_swiss", "match_state", "pair_bracket", "pair_match"]
