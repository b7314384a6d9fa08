"""The FIDE Swiss rules of 1987 (amended 1988-89): ``fide-1987``.

Implements the rules adopted by the FIDE General Assembly in 1987 and
amended in 1988 and 1989 (Bulgarian text with editorial notes) as written,
by direct enumeration in the text's order:

* art. 8: the bye goes to the highest-numbered player of the lowest score
  group who has not had one, and did not win by forfeit in the previous round;
* art. 9.2: score groups are paired top-down down to the *middle* group
  (score = half the rounds played), then bottom-up up to it, the middle group
  last, top-down;
* art. 9.3 a-d, art. 10: players without a compatible opponent in their group
  float (down when pairing top-down, up when bottom-up); an odd group floats
  one more player, chosen by the floater types of art. 10.9, the colour
  balance of art. 10.2, then the highest (top-down) or lowest (bottom-up)
  number; a player who floated in the previous round is avoided (art. 10.10)
  when that does not reduce the number of pairs;
* art. 10.6-10.8: floaters are paired first, with the highest-ranked
  (top-down) or lowest-ranked (bottom-up) compatible player who gives them
  their alternating colour;
* art. 9.4, 11: the others, top half against bottom half; when a pair is
  not allowed the opponent is replaced in the order of the art. 11 tables
  (for player 1 of six: 4, 5, 6, 3, 2), keeping the players already paired
  paired, and a player who cannot be paired without unpairing the others
  floats (art. 11.4);
* art. 9.6: a middle group that cannot be paired is enlarged ("cracked") by
  the last pair made in the lower or the upper group;
* art. 12: colours; a resident exchanges opponents for colours only when
  more players then get their due colour (art. 12.2, "if necessary");
  art. 13: in the last round only repeated games are forbidden and scores
  come before colours (exchanges inside a score group remain); art. 14: the first round (1-21, 22-2, 3-23, ... for 40 players);
  the 100-point rule of art. 10.2, 10.8 and 12.7 in "maxi" events (more than
  2**rounds participants).

Relation to the Lim System (FIDE C.04.4.3, :mod:`swisspair.pairing.lim`),
which descends from these rules: the order of score groups, the transposition
order of art. 11 (shared: :func:`swisspair.pairing.exchanges.exchange_order`), the
floater types and the 100-point rule coincide in substance. The rest is kept
apart on purpose: 1987 cracks the middle group (art. 9.6) where Lim looks
ahead, infers a maxi event from the field (preamble) where Lim takes a
setting, and reads the floater types of art. 10.9 by the previous round.

``--explain`` lists, per score group, the direction of pairing, the
floaters in and out and the article that decided each pair and float.

Readings are listed in ``docs/systems.md``, section "FIDE 1987".
"""

from __future__ import annotations

from collections.abc import Sequence

from swisspair.errors import NoValidPairingError
from swisspair.matching.cardinality import CardinalityMatching
from swisspair.model import Board, Colour, RoundPairing, Tournament
from swisspair.pairing.exchanges import exchange_order
from swisspair.pairing.explain import format_score, tpns
from swisspair.pairing.state import PairingState, PlayerState, build_state
from swisspair.pairing.system import SystemBase

MAXI_RATING_LIMIT = 100
"""Rating difference allowed for colour exchanges and floater choice in maxi events (art. 12.7)."""


class Fide1987System(SystemBase):
    """FIDE Swiss rules, 1987 (amended 1988-89)."""

    name = "fide-1987"
    aliases = ("FIDE_1987", "fide-swiss-1987", "c04a-1987")
    article = "FIDE Swiss rules (1987, amended 1988-89)"

    def __repr__(self) -> str:
        return "Fide1987System()"

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair ``round_number`` (default: the next round) of ``tournament``.

        Late entries (art. 17 b) are paired from the round they
        arrive, with no points for the rounds missed; absent players are not
        paired and cannot get the bye.

        :raises: :exc:`~swisspair.errors.NoValidPairingError` when no pairing
            without a repeated game exists.
        """
        return pair_state(build_state(tournament, round_number))


def pair_state(state: PairingState) -> RoundPairing:
    """Pair the round described by ``state`` (FIDE Swiss rules 1987)."""
    return _Round1987(state).run()


def is_maxi(state: PairingState) -> bool:
    """A "maxi" event: more than 2**n participants for n rounds (preamble, 1988 amendment)."""
    return len(state.players) > 1 << state.total_rounds


def first_round(players: Sequence[PlayerState], lot: Colour) -> tuple[list[Board], int | None]:
    """Seed 000, art. 14: top half against bottom half, the bye to the last of an odd list.

    Player 1 gets the colour drawn by lot (``lot``); the other odd numbers of
    the top half get the same colour, the even numbers the other (art. 14.2):
    for 40 players and White, 1-21, 22-2, 3-23, 24-4, ... 40-20.
    """
    ordered = sorted(players, key=lambda p: p.rank_index)
    bye = None
    if len(ordered) % 2:
        bye = ordered.pop().tpn  # art. 14.1
    half = len(ordered) // 2
    boards = []
    for i in range(half):
        top, bottom = ordered[i], ordered[i + half]
        colour = lot if i % 2 == 0 else lot.opposite
        boards.append(Board(top.tpn, bottom.tpn) if colour is Colour.WHITE else Board(bottom.tpn, top.tpn))
    return boards, bye


class _Round1987:
    """One round paired by the FIDE Swiss rules of 1987."""

    def __init__(self, state: PairingState) -> None:
        self.state = state
        self.last_round = state.round_number == state.total_rounds
        self.maxi = is_maxi(state)
        self.relaxed = self.last_round
        """Art. 13: only repeated games are forbidden (also the fallback of the last resort)."""
        self.twice_middle = state.played_rounds * state.win
        self.notes: list[str] = []
        self.group_notes: list[str] = []
        """``--explain`` lines of the groups, from the last attempt of :meth:`pair_players`."""
        self.why: dict[int, str] = {}
        """The article that decided each player's opponent or float (``--explain``)."""
        self._colours: dict[int, tuple[list[Colour], int, int]] = {}
        for p in state.players.values():
            seq = [r.colour for r in p.records if r.played]
            self._colours[p.tpn] = (seq, seq.count(Colour.WHITE), seq.count(Colour.BLACK))

    # -- colours (art. 9.1, 12) -------------------------------------------

    def colour_allowed(self, p: PlayerState, colour: Colour) -> bool:
        """Art. 9.1, 12.1: not the same colour three times running, nor three times more than the other."""
        if self.relaxed:
            return True
        seq, whites, blacks = self._colours[p.tpn]
        if len(seq) >= 2 and seq[-1] is colour and seq[-2] is colour:
            return False
        if colour is Colour.WHITE:
            whites += 1
        else:
            blacks += 1
        return abs(whites - blacks) < 3

    def compatible(self, a: PlayerState, b: PlayerState) -> bool:
        """Art. 9.1: never met (art. 2) and some colour allocation satisfies art. 12.1 (a)-(b)."""
        if b.tpn in self.state.forbidden.get(a.tpn, ()) or a.tpn == b.tpn:
            return False
        return any(self.colour_allowed(a, c) and self.colour_allowed(b, c.opposite)
                   for c in (Colour.WHITE, Colour.BLACK))

    def due(self, p: PlayerState) -> Colour:
        """The colour ``p`` is due: the alternating colour after two equal ones (art. 12.3),
        else the equalising colour (art. 12.5-12.6), else the alternating one (art. 12.1)."""
        seq, whites, blacks = self._colours[p.tpn]
        if not seq:
            return Colour.NONE
        if len(seq) >= 2 and seq[-1] is seq[-2]:
            return seq[-1].opposite
        if whites != blacks:
            return Colour.BLACK if whites > blacks else Colour.WHITE
        return seq[-1].opposite

    def colour_good(self, a: PlayerState, b: PlayerState) -> bool:
        """Both can get the colour they are due (art. 12.1-12.2)."""
        da, db = self.due(a), self.due(b)
        return da is Colour.NONE or db is Colour.NONE or da is not db

    def allocate(self, a: PlayerState, b: PlayerState) -> Board:
        """Colours of a pair (art. 12.3-12.6)."""
        higher, lower = (a, b) if a.rank_index < b.rank_index else (b, a)
        below_middle = 2 * max(a.score, b.score) < self.twice_middle
        dh, dl = self.due(higher), self.due(lower)
        if dh is Colour.NONE and dl is Colour.NONE:
            colour = self.state.initial_colour  # art. 14.2: the colour drawn by lot
        elif dl is Colour.NONE:
            colour = dh
        elif dh is Colour.NONE:
            colour = dl.opposite
        elif dh is not dl:
            colour = dh
        else:
            colour = self._same_due(higher, lower, dh, below_middle)
        if not (self.colour_allowed(higher, colour) and self.colour_allowed(lower, colour.opposite)):
            colour = colour.opposite  # art. 12.3: the absolute colour wins
        return Board(higher.tpn, lower.tpn) if colour is Colour.WHITE else Board(lower.tpn, higher.tpn)

    def _same_due(self, higher: PlayerState, lower: PlayerState, due: Colour, below_middle: bool) -> Colour:
        """Art. 12.4: both due the same colour; return the higher-ranked player's colour."""
        sh, sl = self._colours[higher.tpn][0], self._colours[lower.tpn][0]
        mh = len(sh) >= 2 and sh[-1] is sh[-2]
        ml = len(sl) >= 2 and sl[-1] is sl[-2]
        if mh != ml:  # art. 12.3: the one with two equal colours gets the alternating colour
            return due if mh else due.opposite
        for ch, cl in zip(reversed(sh), reversed(sl)):
            if ch is not cl:  # go back until the histories differ; each alternates from there
                return ch.opposite
        # identical histories: the higher-ranked (middle group or above) or the lower-ranked gets it
        return due.opposite if below_middle else due

    # -- the bye (art. 8) ---------------------------------------------------

    def bye_allowed(self, p: PlayerState) -> bool:
        """Art. 8.2: one bye per tournament; no bye right after a win by forfeit."""
        if any(r.pab for r in p.records):
            return False
        if p.records:
            last = p.records[-1]
            if not last.played and last.participated and last.points >= self.state.win:
                return False
        return True

    def choose_bye(self, players: list[PlayerState]) -> PlayerState:
        """Art. 8.1: the highest number of the lowest score group (the next group up when none may).

        Reading: a player whose bye would leave the others without a complete
        pairing is passed over (the text presumes the others can be paired).
        """
        ordered = [p for p in sorted(players, key=lambda p: (p.score, -p.rank_index)) if self.bye_allowed(p)]
        for p in ordered:
            rest = [x for x in players if x is not p]
            if self.max_pairs(rest) * 2 == len(rest):  # the text presumes the others can be paired
                return p
        if ordered:
            return ordered[0]
        raise NoValidPairingError("no player may receive the bye (FIDE Swiss rules 1987-89, art. 8.2)")

    # -- matching helpers ----------------------------------------------------

    def max_pairs(self, players: Sequence[PlayerState]) -> int:
        """The most pairs of compatible players among ``players``."""
        by_tpn = {p.tpn: p for p in players}
        m = CardinalityMatching(list(by_tpn), lambda x, y: self.compatible(by_tpn[x], by_tpn[y]))
        m.greedy()
        m.maximise()
        return (len(by_tpn) - len(m.free())) // 2

    def pair_list(self, ordered: list[PlayerState], incoming: set[int], downward: bool
                  ) -> tuple[list[tuple[PlayerState, PlayerState]], list[PlayerState]]:
        """Pair ``ordered`` player by player in the text's order (art. 10.6-10.8, 11).

        ``ordered`` is in the pairing direction: ascending numbers top-down,
        descending bottom-up (art. 11.1 (b)), floaters first. Each player in
        turn takes the first opponent of its art. 11 list that keeps the most
        pairs possible for the others; one who cannot floats (art. 11.4).
        """
        remaining = list(ordered)
        target = self.max_pairs(remaining)
        pairs: list[tuple[PlayerState, PlayerState]] = []
        floats: list[PlayerState] = []
        while remaining:
            p = remaining[0]
            rest = remaining[1:]
            candidates, colour_window = self.candidates(p, remaining, incoming)
            default: PlayerState | None = None
            chosen: PlayerState | None = None
            for c in candidates:
                if not self.compatible(p, c):
                    continue
                others = [x for x in rest if x is not c]
                if 1 + self.max_pairs(others) != target:
                    continue
                if default is None:
                    default = c
                    if self.colour_good(p, c):
                        chosen = c
                        break
                elif c in colour_window and self.colour_good(p, c) and self.exchange_allowed(
                        p, default, c, remaining, incoming):
                    chosen = c  # art. 12.2, 12.7: an exchange for the due colours
                    break
            self.why[p.tpn] = self.reason(p, chosen, default, candidates, incoming)
            chosen = chosen or default
            if chosen is None:
                floats.append(p)
                remaining = rest
                continue
            pairs.append((p, chosen))
            remaining = [x for x in rest if x is not chosen]
            target -= 1
        return pairs, floats

    def reason(self, p: PlayerState, chosen: PlayerState | None, default: PlayerState | None,
               candidates: list[PlayerState], incoming: set[int]) -> str:
        """The article that decided ``p``'s opponent in :meth:`pair_list` (for ``--explain``)."""
        if default is None:
            return "art. 11.4: no opponent without unpairing the others, floats"
        if p.tpn in incoming:
            colour = "giving him the alternating colour" if chosen is not None else "compatible"
            return f"art. 10.6-10.8: a floater, paired first, with the first player {colour}"
        if chosen is not None and chosen is not default:
            return f"art. 12.2: exchange for the due colours (instead of {default.tpn})"
        if default is candidates[0]:
            return "art. 9.4: the preliminary pair"
        return "art. 11: the preliminary opponent replaced in the order of art. 11.2-11.3"

    def exchange_allowed(self, p: PlayerState, default: PlayerState, c: PlayerState,
                         remaining: list[PlayerState], incoming: set[int]) -> bool:
        """May ``p`` take ``c`` instead of ``default`` for colours (art. 12.2, 12.7, 13)?

        Art. 12.7: in maxi events only within 100 rating points. Art. 13: in the last round scores
        come first, so only for an opponent with the same score as ``default``. Art. 12.2 ("ако
        се налага"): a resident exchanges only when more players get their due colour - the
        exchange swaps ``default`` with the player ``c`` would otherwise meet (art. 11.2: 1-4 and
        2-5 become 1-5 and 2-4). A floater's choice is art. 10.8's, not an exchange.
        """
        if self.maxi and abs(c.rating - default.rating) > MAXI_RATING_LIMIT:
            return False
        if self.last_round and c.score != default.score:
            return False
        if p.tpn in incoming:
            return True
        residents = [x for x in remaining if x.tpn not in incoming]
        half = len(residents) // 2
        slot = residents.index(c) - half
        partner = residents[slot] if 0 < slot < half else None
        return self.granted(p, c) + self.granted(partner, default) > \
            self.granted(p, default) + self.granted(partner, c)

    def granted(self, a: PlayerState | None, b: PlayerState) -> int:
        """Players of the pair ``a``-``b`` who get their due colour (0 if they cannot meet)."""
        if a is None or a is b or not self.compatible(a, b):
            return 0
        return 2 if self.colour_good(a, b) else 1

    def candidates(self, p: PlayerState, remaining: list[PlayerState], incoming: set[int]
                   ) -> tuple[list[PlayerState], set[PlayerState]]:
        """The opponents ``p`` tries, in order, and those among which a colour exchange is allowed.

        A floater (art. 10.8) tries the residents from the highest-ranked
        (top-down; the lowest-ranked bottom-up), then the other floaters; a
        resident the art. 11 order: its preliminary opponent and the rest of
        the bottom half, then the top half upwards (1-4, 1-5, 1-6, 1-3, 1-2),
        which is the Lim System's :func:`~swisspair.pairing.exchanges.exchange_order`
        (C.04.4.3 4.2-4.3 carries art. 11.2-11.3 over unchanged).
        """
        others = [x for x in remaining if x is not p]
        if p.tpn in incoming:
            residents = [x for x in others if x.tpn not in incoming]
            floaters = [x for x in others if x.tpn in incoming]
            return residents + floaters, set(others)
        residents = [x for x in remaining if x.tpn not in incoming]
        # p is the first resident left: floaters come first in the pairing order (art. 10.6-10.7)
        ordered = [residents[i] for i in exchange_order(len(residents)) if residents[i] is not p]
        window = set(residents[len(residents) // 2:])
        ordered += [x for x in others if x.tpn in incoming]
        return ordered, window

    # -- floaters (art. 9.3, 10) --------------------------------------------

    def floated_last_round(self, p: PlayerState) -> bool:
        """Art. 10.9-10.10: ``p`` was a floater in the previous round (met another score, or had a bye)."""
        if not p.records:
            return False
        last = p.records[-1]
        if not last.participated:
            return False
        if not last.played:
            return last.points > self.state.loss
        assert last.opponent is not None
        opponent = self.state.players[last.opponent]
        return (p.score - last.points) != (opponent.score - opponent.records[-1].points)

    def floater_type(self, p: PlayerState, target: list[PlayerState]) -> int:
        """Art. 10.9: 0 (type a, worst) to 3 (type d, best)."""
        has_opponent = any(self.compatible(p, x) for x in target)
        if self.floated_last_round(p):
            return 1 if has_opponent else 0
        return 3 if has_opponent else 2

    def parity_floater(self, group: list[PlayerState], incoming: set[int], downward: bool,
                       target: list[PlayerState]) -> PlayerState | None:
        """Art. 9.3 d, 10.2-10.5, 10.9-10.10: the player who floats to make the group even.

        Candidates whose removal leaves the group completely pairable come
        first; among them the best floater type (art. 10.9, which includes
        the previous-round rule of art. 10.10), then the colour balance
        (art. 10.2; in maxi events within 100 points of the lowest-ranked,
        top-down, or highest-ranked, bottom-up), then the lowest-ranked
        (top-down) or highest-ranked (bottom-up) player. ``None`` when no
        removal leaves a complete pairing (art. 11.4 decides).
        """
        residents = [p for p in group if p.tpn not in incoming]
        dues = [self.due(p) for p in residents]
        whites, blacks = dues.count(Colour.WHITE), dues.count(Colour.BLACK)
        majority = Colour.NONE if whites == blacks else (Colour.WHITE if whites > blacks else Colour.BLACK)
        extreme = residents[-1] if residents else group[-1]  # group is in pairing order

        def key(p: PlayerState) -> tuple[int, int, int, int]:
            balance = 1 if majority is Colour.NONE or self.due(p) is majority else 0
            if self.maxi and p is not extreme and abs(p.rating - extreme.rating) > MAXI_RATING_LIMIT:
                balance = 0
            position = group.index(p)  # later in pairing order = lower-ranked top-down
            resident = 0 if p.tpn in incoming else 1
            return (-self.floater_type(p, target), -balance, -resident, -position)

        for p in sorted(group, key=key):
            rest = [x for x in group if x is not p]
            if self.max_pairs(rest) * 2 == len(rest):
                return p
        return None

    def pair_group(self, group: list[PlayerState], incoming: set[int], downward: bool,
                   target: list[PlayerState]) -> tuple[list[tuple[PlayerState, PlayerState]], list[PlayerState]]:
        """Pair one score group (art. 9.3-9.5, 10, 11); return its pairs and its floaters.

        ``group`` is in pairing order; ``target`` is the adjacent group the
        floaters go to (art. 10.2).
        """
        floats = [p for p in group if not any(self.compatible(p, x) for x in group)]  # art. 9.3 a-c
        for p in floats:
            self.why[p.tpn] = "art. 9.3 (a)-(c): no compatible opponent in the group (art. 9.1)"
        members = [p for p in group if p not in floats]
        if len(members) % 2:
            extra = self.parity_floater(members, incoming, downward, target)  # art. 9.3 d
            if extra is not None:
                floats.append(extra)
                members.remove(extra)
                kind = "abcd"[self.floater_type(extra, target)]
                self.why[extra.tpn] = (f"art. 9.3 (d): floats to make the group even (type ({kind}) of art. "
                                       "10.9, then the colour balance of art. 10.2, then art. 10.3-10.4)")
        pairs, unpaired = self.pair_list(members, incoming, downward)
        return pairs, floats + unpaired

    # -- the round (art. 9.2, 9.6) ------------------------------------------

    def order(self, players: list[PlayerState], incoming: set[int], downward: bool) -> list[PlayerState]:
        """Pairing order: floaters first (art. 10.6-10.7), then by number (reversed bottom-up, art. 11.1 b)."""
        floaters = [p for p in players if p.tpn in incoming]
        residents = [p for p in players if p.tpn not in incoming]
        if downward:
            floaters.sort(key=lambda p: (-p.score, p.rank_index))
            residents.sort(key=lambda p: p.rank_index)
        else:
            floaters.sort(key=lambda p: (p.score, -p.rank_index))
            residents.sort(key=lambda p: -p.rank_index)
        return floaters + residents

    def run(self) -> RoundPairing:
        state = self.state
        if state.round_number == 1:
            boards, first_bye = first_round(state.to_pair, state.initial_colour)
            notes = [("Round 1: top half against bottom half, No. 1 with the colour drawn by lot, the odd numbers "
                      "of the top half alike, the even ones the other (FIDE Swiss rules 1987-89, art. 14.2)")]
            if first_bye is not None:
                notes.append(f"Bye: {first_bye}, the lowest-rated (art. 14.1)")
            return RoundPairing(1, tuple(boards), first_bye, tuple(notes))
        players = sorted(state.to_pair, key=lambda p: p.rank_index)
        bye: PlayerState | None = None
        if len(players) % 2:
            bye = self.choose_bye(players)
            players.remove(bye)
        try:
            pairs = self.pair_players(players)
        except NoValidPairingError:
            if self.relaxed:
                raise
            self.relaxed = True  # last resort: the art. 13 exception in any round
            self.notes.append("no pairing respects art. 12.1 (a)-(b): colours relaxed as in art. 13")
            pairs = self.pair_players(players)
        boards = [self.allocate(a, b) for a, b in pairs]
        boards.sort(key=lambda board: self._board_key(board))
        head = [(f"Round {state.round_number}: {len(state.to_pair)} players to pair (FIDE Swiss rules 1987); "
                 f"middle score group {format_score(self.twice_middle, 2 * state.scale)} (art. 9.2)")]
        if self.last_round:
            head.append("Last round: only a repeated game is forbidden; scores come before colours (art. 13)")
        if bye is not None:
            self.group_notes.append(f"Bye: {bye.tpn}, the highest number of the lowest score group that may have "
                                    "it (art. 8.1, 8.2)")
        return RoundPairing(state.round_number, tuple(boards), bye.tpn if bye else None,
                            tuple(head + self.notes + self.group_notes))

    def _board_key(self, board: Board) -> tuple[int, int, int]:
        a, b = self.state.players[board.white], self.state.players[board.black]
        return (-max(a.score, b.score), -min(a.score, b.score), min(a.rank_index, b.rank_index))

    def pair_toward_middle(self, scores: list[int], players: list[PlayerState], down: bool,
                           ) -> tuple[list[tuple[PlayerState, PlayerState]], list[PlayerState]]:
        """Art. 9.2: the score groups ``scores``, from the top (``down``) or from the bottom, each
        with the floaters of the one before (art. 9.3), toward the middle group; the pairs made
        and the floaters left for the middle group."""
        paired: list[tuple[PlayerState, PlayerState]] = []
        carried: list[PlayerState] = []
        for i, score in enumerate(scores):
            nxt = scores[i + 1] if i + 1 < len(scores) else None
            group = carried + [p for p in players if p.score == score]
            incoming = {p.tpn for p in carried}
            target = [p for p in players if (p.score == nxt if nxt is not None
                                             else 2 * p.score == self.twice_middle)]
            pairs, carried = self.pair_group(self.order(group, incoming, down), incoming, down, target)
            self.note_group(score, "top-down" if down else "bottom-up", group, incoming, pairs, carried)
            paired.extend(pairs)
        return paired, carried

    def pair_players(self, players: list[PlayerState]) -> list[tuple[PlayerState, PlayerState]]:
        """Art. 9.2: top-down to the middle group, bottom-up to it, the middle group last (art. 9.6)."""
        self.group_notes = []
        scores = sorted({p.score for p in players}, reverse=True)
        above = [s for s in scores if 2 * s > self.twice_middle]
        below = [s for s in reversed(scores) if 2 * s < self.twice_middle]
        upper, from_above = self.pair_toward_middle(above, players, True)
        lower, from_below = self.pair_toward_middle(below, players, False)
        middle = from_above + from_below + [p for p in players if 2 * p.score == self.twice_middle]
        while True:
            incoming = {p.tpn for p in middle if 2 * p.score != self.twice_middle}
            ordered = self.order_middle(middle, incoming)
            if self.max_pairs(ordered) * 2 == len(ordered):
                pairs, unpaired = self.pair_list(ordered, incoming, True)
                assert not unpaired
                self.note_group(self.twice_middle, "last, top-down", ordered, incoming, pairs, [], halves=True)
                return upper + lower + pairs
            # art. 9.6: crack the middle group
            n_above = sum(1 for p in middle if 2 * p.score > self.twice_middle)
            n_below = sum(1 for p in middle if 2 * p.score < self.twice_middle)
            if lower and (n_above > n_below or not upper):
                a, b = lower.pop()
                self.group_notes.append(f"art. 9.6: pair {a.tpn}-{b.tpn} of a lower group joins the middle group")
            elif upper:
                a, b = upper.pop()
                self.group_notes.append(f"art. 9.6: pair {a.tpn}-{b.tpn} of a higher group joins the middle group")
            else:
                raise NoValidPairingError("no pairing without a repeated game exists (FIDE Swiss rules 1987-89, art. 9.6)")
            middle = middle + [a, b]

    def note_group(self, score: int, direction: str, group: list[PlayerState], incoming: set[int],
                   pairs: list[tuple[PlayerState, PlayerState]], floats: list[PlayerState],
                   halves: bool = False) -> None:
        """``--explain`` lines of one score group: floaters in, each pair and float with its article.

        ``score`` is in the state's units, or doubled with ``halves`` (the middle group).
        """
        value = format_score(score, 2 * self.state.scale if halves else self.state.scale)
        residents = [p.tpn for p in group if p.tpn not in incoming]
        head = f"Score group {value}" + (" (the middle group)" if halves else "")
        head += f", paired {direction} (art. 9.2): players {tpns(residents)}"
        if incoming:
            head += f"; floaters in: {tpns(p.tpn for p in group if p.tpn in incoming)}"
        self.group_notes.append(head)
        for a, b in pairs:
            self.group_notes.append(f"  {a.tpn}-{b.tpn}: {self.why.get(a.tpn, 'art. 9.4')}")
        word = "down" if direction == "top-down" else "up"
        for p in floats:
            self.group_notes.append(f"  {p.tpn} floats {word} (art. 10.2): {self.why.get(p.tpn, 'art. 11.4')}")

    def order_middle(self, middle: list[PlayerState], incoming: set[int]) -> list[PlayerState]:
        """Art. 10.6.3: floaters from above, then floaters from below, then the others, top-down."""
        down = sorted((p for p in middle if 2 * p.score > self.twice_middle),
                      key=lambda p: (-p.score, p.rank_index))
        up = sorted((p for p in middle if 2 * p.score < self.twice_middle),
                    key=lambda p: (p.score, -p.rank_index))
        rest = sorted((p for p in middle if 2 * p.score == self.twice_middle), key=lambda p: p.rank_index)
        return down + up + rest


FIDE_1987 = Fide1987System
"""Alias named after a ``192``-style code."""
