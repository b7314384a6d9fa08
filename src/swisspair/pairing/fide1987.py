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
  number; a player who floated in the previous round - who was moved into
  another score group (art. 9.3, 10.1), not one who met him - is avoided
  (art. 10.10) when that does not reduce the number of pairs;
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
* art. 12: colours, the limits of art. 9.1/12.1 (a) counted in rounds (a bye
  round has no colour, art. 8.3); a resident exchanges opponents for colours only when
  more players then get their due colour (art. 12.2, "if necessary");
  art. 13: in the last round only repeated games are forbidden and scores
  come before colours (exchanges inside a score group remain); art. 14: the first round (1-21, 22-2, 3-23, ... for 40 players);
  the 100-point rule of art. 10.2, 10.8 and 12.7 in "maxi" events (more than
  2**rounds participants).

Relation to the Lim System (FIDE C.04.4.3, :mod:`swisspair.pairing.lim`),
which descends from these rules: the order of score groups, the transposition
order of art. 11 (shared: :func:`swisspair.pairing.exchanges.exchange_order`), the
floater types, the 100-point rule and the cracking of the middle group (art.
9.6, Lim 2.6) coincide in substance. The rest is kept apart on purpose: 1987
infers a maxi event from the field (preamble) where Lim takes a setting, and
reads the floater types of art. 10.9 by the previous round.

``--explain`` lists, per score group, the direction of pairing, the
floaters in and out, for each player the opponents tried before his own and
the rule each broke, the article that decided each pair and float, each
board's colours with their article, and the engine's readings where the text
gives no pairing (the bye passed over, the colour limits dropped).

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

TRIED_NOTES = 8
"""Other opponents a player tried, or players who could have floated instead, that ``--explain`` lists
(the others are counted)."""

BYE_NOTES = 8
"""Players passed over for the bye that ``--explain`` lists (the others are counted)."""


FLOATER_TYPES = (
    "type (a): floated in the previous round, no compatible opponent in the next group (art. 10.9, 10.10)",
    "type (b): floated in the previous round (art. 10.9, 10.10)",
    "type (c): no compatible opponent in the next group (art. 10.9)",
    "type (d) (art. 10.9)",
)
"""The four kinds of floater of art. 10.9, from the one to avoid most (``--explain``)."""


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


def colour_run(player: PlayerState) -> tuple[Colour, int]:
    """The colour ``player`` had in each of the previous two rounds, with 2, else the last round's with 1.

    Art. 9.1, 12.1 (a) and 12.3 count rounds, and a player without a game in a round has no colour in
    it (art. 8.3 says so of the bye; a round absent or a game not played has none either), so such a
    round ends a run: W, bye, W is not twice White in the previous two rounds.

    >>> from swisspair.pairing.state import RoundRecord
    >>> game = lambda colour: RoundRecord(9, colour, True, True, False, 0)
    >>> bye = RoundRecord(None, Colour.NONE, False, True, True, 2)
    >>> colour_run(PlayerState(1, 0, 0, [game(Colour.WHITE), bye, game(Colour.WHITE)]))
    (Colour.WHITE, 1)
    >>> colour_run(PlayerState(1, 0, 0, [bye, game(Colour.WHITE), game(Colour.WHITE)]))
    (Colour.WHITE, 2)
    """
    colours = [r.colour if r.played else Colour.NONE for r in player.records[-2:]]
    if not colours or colours[-1] is Colour.NONE:
        return Colour.NONE, 0
    return colours[-1], 2 if len(colours) == 2 and colours[0] is colours[1] else 1


def first_round(players: Sequence[PlayerState], lot: Colour) -> tuple[list[Board], int | None]:
    """Art. 14: top half against bottom half, the bye to the last of an odd list.

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
        self.bye_notes: list[str] = []
        """``--explain`` lines of the bye (art. 8)."""
        self.moved: set[int] = set()
        """The floaters of this round (art. 10.1): the players moved out of their score group, from the
        last attempt of :meth:`pair_players`."""
        self.tried: dict[int, list[str]] = {}
        """The other opponents each player tried, in order, with the rule each broke (``--explain``)."""
        self._colours: dict[int, tuple[list[Colour], int, int]] = {}
        self._runs: dict[int, tuple[Colour, int]] = {}
        for p in state.players.values():
            seq = [r.colour for r in p.records if r.played]
            self._colours[p.tpn] = (seq, seq.count(Colour.WHITE), seq.count(Colour.BLACK))
            self._runs[p.tpn] = colour_run(p)

    # -- colours (art. 9.1, 12) -------------------------------------------

    def colour_allowed(self, p: PlayerState, colour: Colour) -> bool:
        """Art. 9.1, 12.1: not the same colour three rounds running, nor three times more than the other.

        The rounds are counted (art. 9.1 "за трети пореден кръг", 12.1 (a) "три последователни кръга"):
        a round without a game has no colour (art. 8.3) and ends a run (:func:`colour_run`).
        """
        if self.relaxed:
            return True
        _, whites, blacks = self._colours[p.tpn]
        if self._runs[p.tpn] == (colour, 2):
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

    def refusal(self, a: PlayerState, b: PlayerState) -> str:
        """Why ``a`` and ``b`` may not meet (art. 2, 9.1, 12.1 (a)-(b)), for ``--explain``."""
        if b.tpn in self.state.forbidden.get(a.tpn, ()):
            met = next((k for k, r in enumerate(a.records, 1) if r.played and r.opponent == b.tpn), None)
            return f"met in round {met} (art. 2)" if met else "may not meet (the event's forbidden pairs)"
        limits = [self.colour_limit(q, c) for colour in (Colour.WHITE, Colour.BLACK)
                  for q, c in ((a, colour), (b, colour.opposite)) if not self.colour_allowed(q, c)]
        return "colours: " + ", ".join(dict.fromkeys(limits)) + " (art. 9.1)"

    def colour_limit(self, p: PlayerState, colour: Colour) -> str:
        """Which limit of art. 12.1 giving ``colour`` to ``p`` breaks."""
        word = colour.name.lower()
        if self._runs[p.tpn] == (colour, 2):
            return f"{p.tpn} may not have {word} a third round running (art. 12.1 (a))"
        return f"{p.tpn} may not have {word} three times more than the other colour (art. 12.1 (b))"

    def due(self, p: PlayerState) -> Colour:
        """The colour ``p`` is due: the alternating colour after the same colour in the previous two
        rounds (art. 12.3), else the equalising colour (art. 12.5-12.6), else the other colour than
        the last one played (art. 12.1)."""
        seq, whites, blacks = self._colours[p.tpn]
        if not seq:
            return Colour.NONE
        run, length = self._runs[p.tpn]
        if length == 2:
            return run.opposite
        if whites != blacks:
            return Colour.BLACK if whites > blacks else Colour.WHITE
        return seq[-1].opposite

    def colour_good(self, a: PlayerState, b: PlayerState) -> bool:
        """Both can get the colour they are due (art. 12.1-12.2)."""
        da, db = self.due(a), self.due(b)
        return da is Colour.NONE or db is Colour.NONE or da is not db

    def due_reason(self, p: PlayerState) -> str:
        """``p``'s due colour (:meth:`due`) and the article that makes it due, for ``--explain``."""
        seq, whites, blacks = self._colours[p.tpn]
        colour = self.due(p).name.lower()
        if self._runs[p.tpn][1] == 2:
            return f"{p.tpn} {colour}, the other colour after the same one in the previous two rounds (art. 12.3)"
        if whites != blacks:
            article = "12.6" if self.state.round_number % 2 == 0 else "12.5"
            return f"{p.tpn} {colour}, the equalising colour (art. {article})"
        return f"{p.tpn} {colour}, the other colour than in his last game (art. 12.1)"

    def allocate(self, a: PlayerState, b: PlayerState) -> Board:
        """Colours of a pair (art. 12.3-12.6)."""
        return self.allocate_why(a, b)[0]

    def allocate_why(self, a: PlayerState, b: PlayerState) -> tuple[Board, str]:
        """Colours of a pair (art. 12.3-12.6) and the article that gave them (``--explain``)."""
        higher, lower = (a, b) if a.rank_index < b.rank_index else (b, a)
        below_middle = 2 * max(a.score, b.score) < self.twice_middle
        dh, dl = self.due(higher), self.due(lower)
        if dh is Colour.NONE and dl is Colour.NONE:
            colour = self.state.initial_colour  # art. 14.2: the colour drawn by lot
            why = f"neither has played: {higher.tpn} takes the colour drawn by lot (art. 14.2)"
        elif dl is Colour.NONE:
            colour = dh
            why = f"{self.due_reason(higher)}; {lower.tpn} has not played"
        elif dh is Colour.NONE:
            colour = dl.opposite
            why = f"{self.due_reason(lower)}; {higher.tpn} has not played"
        elif dh is not dl:
            colour = dh
            why = f"both have their due colour: {self.due_reason(higher)}; {self.due_reason(lower)}"
        else:
            colour, why = self._same_due(higher, lower, dh, below_middle)
            why = f"both due {dh.name.lower()}: {why}"
        if not (self.colour_allowed(higher, colour) and self.colour_allowed(lower, colour.opposite)):
            colour = colour.opposite  # art. 12.3: the absolute colour wins
            why += "; the other way round would break art. 12.1 (a)-(b)"
        board = Board(higher.tpn, lower.tpn) if colour is Colour.WHITE else Board(lower.tpn, higher.tpn)
        return board, why

    def _same_due(self, higher: PlayerState, lower: PlayerState, due: Colour, below_middle: bool
                  ) -> tuple[Colour, str]:
        """Art. 12.4: both due the same colour; the higher-ranked player's colour and why."""
        sh, sl = self._colours[higher.tpn][0], self._colours[lower.tpn][0]
        mh, ml = self._runs[higher.tpn][1] == 2, self._runs[lower.tpn][1] == 2
        if mh != ml:  # art. 12.3: the one with two equal colours gets the alternating colour
            who = higher if mh else lower
            return (due if mh else due.opposite,
                    f"{who.tpn} had the same colour in the previous two rounds and gets the other (art. 12.3)")
        for back, (ch, cl) in enumerate(zip(reversed(sh), reversed(sl), strict=False), start=1):
            if ch is not cl:  # go back until the histories differ; each alternates from there
                return (ch.opposite, f"going back, their colours differ {back} games ago: each alternates "
                        "from there (art. 12.4)")
        # identical histories: the higher-ranked (middle group or above) or the lower-ranked gets it
        if below_middle:
            return due.opposite, f"the same colours so far, below the middle group: {lower.tpn} alternates (art. 12.4)"
        return due, f"the same colours so far, at or above the middle group: {higher.tpn} alternates (art. 12.4)"

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
        pairing is passed over (the text presumes the others can be paired);
        :attr:`bye_notes` says so when it happens.
        """
        ordered = sorted(players, key=lambda p: (p.score, -p.rank_index))
        lowest = ordered[0].score
        passed: list[str] = []
        first: PlayerState | None = None
        for p in ordered:
            if not self.bye_allowed(p):
                passed.append(f"{p.tpn} ({self.bye_refusal(p)}, art. 8.2)")
                continue
            first = first or p
            rest = [x for x in players if x is not p]
            if self.max_pairs(rest) * 2 == len(rest):  # the text presumes the others can be paired
                self.note_bye(p, passed, lowest)
                return p
            passed.append(f"{p.tpn} (without him the others cannot all be paired; art. 8.1 presumes they can, "
                          "so passing him over is the engine's reading, not the text)")
        if first is None:
            raise NoValidPairingError("no player may receive the bye (FIDE Swiss rules 1987-89, art. 8.2)")
        self.note_bye(first, passed, lowest)
        self.bye_notes.append("  nobody leaves the others a complete pairing: the first who may have it")
        return first

    def bye_refusal(self, p: PlayerState) -> str:
        """Why art. 8.2 bars ``p`` from the bye."""
        return "had the bye" if any(r.pab for r in p.records) else "won by forfeit in the previous round"

    def note_bye(self, p: PlayerState, passed: list[str], lowest: int) -> None:
        """The ``--explain`` lines of the bye: who has it and who was passed over, in the order of art. 8.1."""
        if not passed:
            self.bye_notes = [f"Bye: {p.tpn}, the highest number of the lowest score group (art. 8.1)"]
            return
        group = "" if p.score == lowest else ", in the next score group up (the text names only the lowest one)"
        self.bye_notes = [f"Bye: {p.tpn}, the first who may have it (art. 8.2) in the order of art. 8.1, the lowest "
                          f"score group first, the highest number first{group}"]
        shown = passed[:BYE_NOTES]
        more = f"; and {len(passed) - len(shown)} more" if len(passed) > len(shown) else ""
        self.bye_notes.append(f"  passed over before him: {'; '.join(shown)}{more}")

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
            chosen, rule = self.opponent(p, remaining, incoming, target)
            self.why[p.tpn] = rule
            if chosen is None:
                floats.append(p)
                remaining = remaining[1:]
                continue
            pairs.append((p, chosen))
            remaining = [x for x in remaining[1:] if x is not chosen]
            target -= 1
        return pairs, floats

    def opponent(self, p: PlayerState, remaining: list[PlayerState], incoming: set[int], target: int
                 ) -> tuple[PlayerState | None, str]:
        """``p``'s opponent among ``remaining`` and the rule that chose it; every opponent tried and
        why it was not taken goes to :attr:`tried` (``--explain``).

        The first one of the list of :meth:`candidates` who is compatible and keeps ``target`` pairs
        for the group (art. 11.3-11.4); when he does not give both their due colours, a later one of
        the other half who does, if art. 12.2 (12.7, 13) allows the exchange; a floater the first
        one giving him the alternating colour (art. 10.8).
        """
        floater = p.tpn in incoming
        candidates, window = self.candidates(p, remaining, incoming)
        tried: list[str] = []
        self.tried[p.tpn] = tried
        default: PlayerState | None = None
        default_at = 0
        for c in candidates:
            if not self.compatible(p, c):
                tried.append(f"{c.tpn}: {self.refusal(p, c)}")
                continue
            if 1 + self.max_pairs([x for x in remaining[1:] if x is not c]) != target:
                tried.append(f"{c.tpn}: the others would be left with fewer pairs (art. 11.3-11.4)")
                continue
            if default is None:
                default, default_at = c, len(tried)
                if self.colour_good(p, c):
                    return c, self.reason(p, c, c, candidates, incoming)
                continue
            if c not in window or not self.colour_good(p, c):
                continue
            refused = self.exchange_refusal(p, default, c, remaining, incoming)
            if refused is None:
                tried.insert(default_at, f"{default.tpn}: both due {self.due(p).name.lower()} "
                                         f"({'art. 10.8' if floater else 'art. 12.2'})")
                return c, self.reason(p, c, default, candidates, incoming)
            tried.append(f"{c.tpn}: would give both their colour, but {refused}")
        if default is None:
            return None, "no opponent without unpairing the others (art. 11.4)"
        return default, self.reason(p, default, default, candidates, incoming)

    def reason(self, p: PlayerState, chosen: PlayerState, default: PlayerState, candidates: list[PlayerState],
               incoming: set[int]) -> str:
        """The article that decided ``p``'s opponent in :meth:`pair_list` (for ``--explain``)."""
        if p.tpn in incoming:
            colour = "giving him the alternating colour" if self.colour_good(p, chosen) else "compatible (none gives " \
                "him the alternating colour)"
            return f"a floater, paired first, with the first player {colour} (art. 10.6-10.8)"
        if chosen is not default:
            return f"an exchange for the due colours instead of {default.tpn} (art. 12.2)"
        rule = "the preliminary pair (art. 9.4)" if default is candidates[0] else \
            "the preliminary opponent replaced in the order of art. 11.2-11.3"
        if not self.colour_good(p, chosen):
            rule += f", both due {self.due(p).name.lower()}: no exchange of art. 12.2 gives more players their colour"
        return rule

    def exchange_refusal(self, p: PlayerState, default: PlayerState, c: PlayerState,
                         remaining: list[PlayerState], incoming: set[int]) -> str | None:
        """Why ``p`` may not take ``c`` instead of ``default`` for colours (art. 12.2, 12.7, 13), or ``None``.

        Art. 12.7: in maxi events only within 100 rating points. Art. 13: in the last round scores
        come first, so only for an opponent with the same score as ``default``. Art. 12.2 ("ако
        се налага"): a resident exchanges only when more players get their due colour - the
        exchange swaps ``default`` with the player ``c`` would otherwise meet (art. 11.2: 1-4 and
        2-5 become 1-5 and 2-4). A floater's choice is art. 10.8's, not an exchange.
        """
        if self.maxi and abs(c.rating - default.rating) > MAXI_RATING_LIMIT:
            return f"{c.tpn} is rated more than {MAXI_RATING_LIMIT} points from {default.tpn} (art. 12.7)"
        if self.last_round and c.score != default.score:
            return f"{c.tpn} has another score than {default.tpn}, and scores come first (art. 13)"
        if p.tpn in incoming:
            return None
        residents = [x for x in remaining if x.tpn not in incoming]
        half = len(residents) // 2
        slot = residents.index(c) - half
        partner = residents[slot] if 0 < slot < half else None
        if self.granted(p, c) + self.granted(partner, default) > self.granted(p, default) + self.granted(partner, c):
            return None
        return "no more players would get their due colour (art. 12.2: only if necessary)"

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
        """Art. 10.9-10.10: ``p`` was a floater in the previous round.

        Art. 9.3 and 10.1 call a floater the player moved into another score group ("Този състезател,
        който преминава от една точкова група в друга, се нарича плаващ"); the player who met him in
        the group he came to did not move. From the previous round's pairing: a pair of unequal
        scores was made in the group nearer the middle group (art. 9.2: top-down above it, bottom-up
        below it), so the player farther from the middle moved; a pair on both sides of the middle
        met in the middle group, so both moved. A bye (art. 8) or an absence moves nobody.
        """
        if not p.records:
            return False
        last = p.records[-1]
        if not last.participated or last.opponent is None or last.opponent not in self.state.players:
            return False
        opponent = self.state.players[last.opponent]
        twice_middle = (self.state.played_rounds - 1) * self.state.win
        mine = 2 * (p.score - last.points) - twice_middle
        theirs = 2 * (opponent.score - opponent.records[-1].points) - twice_middle
        if mine == theirs:
            return False
        return mine * theirs < 0 or abs(mine) > abs(theirs)

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

        ranked = sorted(group, key=key)
        for index, p in enumerate(ranked):
            rest = [x for x in group if x is not p]
            if self.max_pairs(rest) * 2 == len(rest):
                passed = [f"{q.tpn}: without him the others have no complete pairing (art. 11.4)"
                          for q in ranked[:index]]
                passed += [f"{q.tpn}: {self.ranked_below(key(q), key(p), downward)}" for q in ranked[index + 1:]]
                self.why[p.tpn] = "\n".join([f"to make the group even (art. 9.3 (d)), "
                                             f"{FLOATER_TYPES[self.floater_type(p, target)]}", *passed])
                return p
        return None

    @staticmethod
    def ranked_below(worse: tuple[int, int, int, int], chosen: tuple[int, int, int, int], downward: bool) -> str:
        """The rule that puts a candidate to float after the chosen one (:meth:`parity_floater`)."""
        if worse[0] != chosen[0]:
            return FLOATER_TYPES[-worse[0]]
        if worse[1] != chosen[1]:
            return "his due colour would not balance the group (art. 10.2)"
        if worse[2] != chosen[2]:
            return "came in as a floater and is paired first (art. 10.6-10.7)"
        return "a lower number (art. 10.3)" if downward else "a higher number (art. 10.4)"

    def pair_group(self, group: list[PlayerState], incoming: set[int], downward: bool,
                   target: list[PlayerState]) -> tuple[list[tuple[PlayerState, PlayerState]], list[PlayerState]]:
        """Pair one score group (art. 9.3-9.5, 10, 11); return its pairs and its floaters.

        ``group`` is in pairing order; ``target`` is the adjacent group the
        floaters go to (art. 10.2).
        """
        floats = [p for p in group if not any(self.compatible(p, x) for x in group)]  # art. 9.3 a-c
        for p in floats:
            self.why[p.tpn] = ("alone in the group (art. 9.3 (d))" if len(group) == 1 else
                               "no compatible opponent in the group (art. 9.3 (a)-(c), 9.1)")
        members = [p for p in group if p not in floats]
        if len(members) % 2:
            extra = self.parity_floater(members, incoming, downward, target)  # art. 9.3 d
            if extra is not None:
                floats.append(extra)
                members.remove(extra)
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
            notes += ["Boards (White-Black):"] + [f"  {b.white}-{b.black}: art. 14.2" for b in boards]
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
            self.notes.append("No pairing keeps art. 9.1 and 12.1 (a)-(b), even with the middle group cracked (art. "
                              "9.6): the colour limits are dropped as art. 13 drops them in the last round. Not in the "
                              "text: the engine's reading for a round the text cannot pair")
            pairs = self.pair_players(players)
        decided = [self.allocate_why(a, b) for a, b in pairs]
        decided.sort(key=lambda item: self._board_key(item[0]))
        head = [(f"Round {state.round_number}: {len(state.to_pair)} players to pair (FIDE Swiss rules 1987); "
                 f"middle score group {format_score(self.twice_middle, 2 * state.scale)} (art. 9.2)")]
        if self.last_round:
            head.append("Last round: only a repeated game is forbidden; scores come before colours (art. 13)")
        lines = ["Boards (White-Black), colours by art. 12:"]
        lines += [f"  {board.white}-{board.black}: {why}" for board, why in decided]
        return RoundPairing(state.round_number, tuple(board for board, _ in decided), bye.tpn if bye else None,
                            tuple(head + self.notes + self.group_notes + lines + self.bye_notes))

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
            self.moved.update(p.tpn for p in carried)
            self.note_group(score, "top-down" if down else "bottom-up", group, incoming, pairs, carried)
            paired.extend(pairs)
        return paired, carried

    def pair_players(self, players: list[PlayerState]) -> list[tuple[PlayerState, PlayerState]]:
        """Art. 9.2: top-down to the middle group, bottom-up to it, the middle group last (art. 9.6)."""
        self.group_notes = []
        self.moved = set()
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
                self.group_notes.append(f"art. 9.6: the pair of {a.tpn} and {b.tpn}, made in a lower group, joins the "
                                        "middle group")
            elif upper:
                a, b = upper.pop()
                self.group_notes.append(f"art. 9.6: the pair of {a.tpn} and {b.tpn}, made in a higher group, joins the "
                                        "middle group")
            else:
                raise NoValidPairingError("no pairing without a repeated game exists (FIDE Swiss rules 1987-89, art. 9.6)")
            self.moved.update((a.tpn, b.tpn))
            middle = middle + [a, b]

    def note_group(self, score: int, direction: str, group: list[PlayerState], incoming: set[int],
                   pairs: list[tuple[PlayerState, PlayerState]], floats: list[PlayerState],
                   halves: bool = False) -> None:
        """``--explain`` lines of one score group: floaters in; each player in pairing order with the
        opponents he tried before his own and the rule each broke, then the rule that gave him his own;
        each float with its reason.

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
            tried = self.tried.get(a.tpn, [])
            self.group_notes.append(f"  {a.tpn} meets {b.tpn}: {self.why.get(a.tpn, 'art. 9.4')}")
            self.group_notes += [f"    tried {line}" for line in tried[:TRIED_NOTES]]
            if len(tried) > TRIED_NOTES:
                self.group_notes.append(f"    and {len(tried) - TRIED_NOTES} more")
        word = "down" if direction == "top-down" else "up"
        for p in floats:
            why, *passed = self.why.get(p.tpn, "art. 11.4").split("\n")
            self.group_notes.append(f"  {p.tpn} floats {word} (art. 10.2): {why}")
            self.group_notes += [f"    rather than {line}" for line in passed[:TRIED_NOTES]]
            if len(passed) > TRIED_NOTES:
                self.group_notes.append(f"    and {len(passed) - TRIED_NOTES} more")

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
