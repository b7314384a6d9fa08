"""What every Swiss system needs to know about the participants before a round.

A :class:`PairingState` holds, for one round to pair, every participant with one
:class:`RoundRecord` per pairing round already paired: the opponent, the colour, whether
it counts as played (a meeting, C.04.1 art. 2), what it scored as an integer, whether it
was the pairing-allocated bye. From these it reads colour preferences (C.04.3 art.
1.6-1.7), floats (art. 1.4; C.04.5 1.4 and C.04.6 1.5), PAB eligibility (C.04.1 art. 4;
C.04.5 and C.04.6 C2) and the pairs that may not meet (C.04.1 art. 2). Pairing systems
share this one model and differ only where their rules do.

One builder per unit a pairing round pairs, each giving one record per pairing round:

* :func:`build_state`: one game per TRF round (every individual system), or with
  ``games=2`` the Double-Swiss two-game match in TRF rounds ``2k-1`` and ``2k``
  (C.04.5 0, :func:`match_record`);
* :func:`build_team_state`: the teams of a team competition, one record per team round
  as the core reads the team matches (:mod:`swisspair.team_matches`; C.04.6).
"""

from __future__ import annotations

from swisspair.enumeration import Enumeration
from swisspair.errors import RoundNumberError
from swisspair.exact import in_units, scale_of
from swisspair.model import ABSENT, Colour, Outcome, Result, Tournament, points_in_units
from swisspair.valueclass import field, valueclass

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (start-up of the engine form)
    from collections.abc import Mapping
    from fractions import Fraction
    from typing import Literal

    import swisspair.team_matches  # the full name in a signature: ``Team`` alone is also simple.Team
    from swisspair.exact import Exact
    from swisspair.model import Player, RoundResult
    from swisspair.team_matches import TeamRound
    from swisspair.teams import MatchPoints

    Rules = Literal["2017", "2026"]
    """Edition of the FIDE rules where floats and PAB eligibility differ.

    ``"2026"``: C.04.3 (2026) art. 1.4 and C.04.1 (2026) art. 4, in force since
    1 February 2026. ``"2017"``: C.04.3 (2017) A.4 and C.2, in force from 2017 to
    31 January 2026.
    """


class Float(Enumeration):
    """Float direction of a participant in one round (C.04.3 art. 1.4)."""

    DOWN = 0
    UP = 1
    NONE = 2


@valueclass
class RoundRecord:
    """One past pairing round of one participant, as the engines see it: a game, a Double-Swiss
    match (C.04.5 0) or a team's match (C.04.6), or a round without one."""

    opponent: int | None
    """Opponent's TPN, ``None`` when there was none (bye, absence)."""
    colour: Colour
    """Colour of a played game (of game 1 of a match with a game played, C.04.5 0; of board 1 of a
    played team match, C.04.6 1.6.1), else :attr:`Colour.NONE`."""
    played: bool
    """The pairing was played, so the two may not meet again (C.04.1 art. 2, GHR 3.5): a game over
    the board; a match not forfeited as a whole (C.04.5 0: neither forfeited both games; C.04.6:
    a game of it played)."""
    participated: bool
    """Paired in that round (game, forfeit, PAB)."""
    pab: bool
    """The round was a pairing-allocated bye."""
    points: int
    """Points scored, in the state's integer unit."""
    outcome: Outcome = Outcome.LOSS
    """What the result code means (a PAB, ``+`` or ``F`` is a win), whatever the points; a match
    won or lost by forfeit is a win or a loss."""


@valueclass(eq=False)
class PlayerState:
    """A participant as seen by a pairing engine before one round."""

    tpn: int
    """Tournament pairing number (the ID in input and output)."""
    rank_index: int
    """0-based rank among the participants taken into account (colour rule 5.2.5, ties)."""
    rating: int
    records: list[RoundRecord]
    """One entry per round already paired."""
    score: int = 0
    """Points before this round, without acceleration."""
    accelerations: dict[int, int] = field(default_factory=dict)
    """Virtual points by round number (C.04.7)."""
    played_games: int = 0
    colour_imbalance: int = 0
    """``|games with White - games with Black|`` (art. 1.6)."""
    colour_preference: Colour = Colour.NONE
    """The colour the participant is due (art. 1.7)."""
    repeated_colour: Colour = Colour.NONE
    """The colour of the last two (or more) played games when they were the same."""
    strong_preference: bool = False
    """A strong (not absolute) preference (art. 1.7.2)."""
    pairing_score: int = 0
    """Score used for pairing: points plus this round's virtual points."""

    @property
    def absolute_imbalance(self) -> bool:
        """``|CD| > 1``."""
        return self.colour_imbalance > 1

    @property
    def absolute_preference(self) -> bool:
        """An absolute colour preference (C.04.3 art. 1.7.1)."""
        return self.colour_imbalance > 1 or self.repeated_colour is not Colour.NONE

    def __repr__(self) -> str:
        return f"PlayerState(tpn={self.tpn}, score={self.score}, pref={self.colour_preference.name})"


@valueclass
class PairingState:
    """The input of a pairing engine for one round."""

    round_number: int
    """The round to pair (1-based; a Double-Swiss match round counts once)."""
    total_rounds: int
    """Planned number of rounds (C.04.1 art. 1); the round being paired when not announced
    (``build_state(needs_rounds=False)``)."""
    scale: int
    """Points are integers: real points times ``scale``."""
    win: int
    """Points of a won game (of a won match in match points, for teams)."""
    draw: int
    """Points of a drawn game (match)."""
    loss: int
    """Points of a lost game (match)."""
    players: dict[int, PlayerState]
    """Every participant taken into account, by TPN."""
    to_pair: list[PlayerState]
    """Participants to pair this round (absent and requested byes removed)."""
    forbidden: dict[int, set[int]]
    """For each TPN, the TPNs it may not meet (previous games and ``XXP``/``260``)."""
    initial_colour: Colour
    """Colour of the highest-ranked participant in round 1 (art. 5.1)."""

    @property
    def played_rounds(self) -> int:
        """Rounds already paired."""
        return self.round_number - 1

    def score_before(self, player: PlayerState, rounds_back: int) -> int:
        """Pairing score of ``player`` before round ``round_number - rounds_back``.

        Includes the virtual points of that round (C.04.7 1.5).
        """
        played = self.round_number - 1  # played_rounds
        score = player.score
        for record in player.records[played - rounds_back:played]:
            score -= record.points
        return score + player.accelerations.get(self.round_number - rounds_back, 0)

    def float_of(self, player: PlayerState, rounds_back: int, rules: Rules = "2026") -> Float:
        """Float of ``player`` ``rounds_back`` rounds ago (C.04.3 (2026) art. 1.4; see :meth:`floats`)."""
        return self.floats([player], rounds_back, rules)[0]

    def floats(self, players: list[PlayerState], rounds_back: int, rules: Rules = "2026") -> list[Float]:
        """Float of each of ``players`` ``rounds_back`` rounds ago (C.04.3 (2026) art. 1.4), each pairing
        score before that round computed once.

        An unplayed round is a downfloat when it scored more than a loss (a PAB,
        a forfeit win, a full- or half-point bye), else no float; a played game
        against a different score is a downfloat for the higher score.

        With ``rules="2017"`` (C.04.3 (2017) A.4), every unplayed round is a
        downfloat, whatever it scored: a zero-point bye, a forfeit loss or an
        absence too.
        """
        at = self.played_rounds - rounds_back
        before = {p.tpn: self.score_before(p, rounds_back) for p in players}
        down, up, none = Float.DOWN, Float.UP, Float.NONE
        found = []
        for player in players:
            record = player.records[at]
            if not record.played:
                found.append(down if rules == "2017" or record.points > self.loss else none)
                continue
            opponent = record.opponent
            assert opponent is not None
            own, other = before[player.tpn], before.get(opponent)
            if other is None:
                other = self.score_before(self.players[opponent], rounds_back)
            found.append(down if own > other else up if own < other else none)
        return found

    def eligible_for_bye(self, player: PlayerState, rules: Rules = "2026") -> bool:
        """C.04.1 (2026) art. 4: no earlier PAB, and no round scored as a win without playing.

        With ``rules="2017"`` (C.04.3 (2017) C.2, C.04.1 (2017) d): no earlier
        PAB and no win by forfeit; a requested full-point bye does not count.
        """
        if rules == "2017":
            return not any(not record.played and record.participated and record.outcome is Outcome.WIN
                           for record in player.records)
        for record in player.records:
            if not record.played and (record.points >= self.win or record.pab):
                return False
        return True

    def won_without_playing(self, player: PlayerState) -> bool:
        """An earlier round scored as a win without being played: the PAB, a game or match won by
        forfeit, a full-point bye. C.04.5 (2026) C2 and C.04.6 (2026) C2 give no PAB after one."""
        return any(not record.played and record.outcome is Outcome.WIN for record in player.records)

    def paired_against_other_score(self, player: PlayerState, rounds_back: int = 1) -> bool:
        """``player`` was paired ``rounds_back`` rounds ago against an opponent whose score before that
        round differed from its own: a floater by C.04.5 (2026) 1.4 and C.04.6 (2026) 1.5, whether
        the pairing was played or forfeited; a bye is no float."""
        opponent = player.records[self.played_rounds - rounds_back].opponent
        if opponent is None or opponent not in self.players:
            return False
        return self.score_before(player, rounds_back) != self.score_before(self.players[opponent], rounds_back)


def infer_initial_colour(tournament: Tournament) -> Colour | None:
    """The round-1 colour of the top participant, read from the earliest round with colours.

    Used when the file gives neither ``152`` nor ``XXC`` (as bbpPairings does).
    """
    first_round = None
    for player in tournament.players.values():
        for index, entry in enumerate(player.results, start=1):
            if entry.colour is not Colour.NONE and (first_round is None or index < first_round):
                first_round = index
    if first_round is None:
        return None
    rank = 0
    for tpn in tournament.pairing_order():
        player = tournament.players[tpn]
        if any(e.result.paired for e in player.results[:first_round]):
            entry = player.result(first_round)
            colour = entry.colour
            return colour.opposite if rank % 2 else colour
    return None


def round_to_pair(tournament: Tournament, round_number: int | None = None, source: str | None = None,
                  *, needs_rounds: bool = False) -> int:
    """The round to pair (default: the one after the last paired round), checked against the announced number.

    The one check every pairing system shares (:func:`swisspair.pairing.pair` runs it before any
    system): a round beyond the announced number of rounds (TRF ``XXR`` or ``142``) is refused
    rather than paired. The systems whose rules depend on the last rounds (the FIDE ones) also need
    the number itself (``needs_rounds``). ``source`` (the file name) starts the message when given.

    >>> from swisspair.model import Tournament
    >>> round_to_pair(Tournament(rounds=7))
    1
    >>> round_to_pair(Tournament(rounds=7), 8, source="event.trf")
    Traceback (most recent call last):
    ...
    swisspair.errors.RoundNumberError: event.trf: round 8 is beyond the 7 rounds of the tournament (XXR/142)

    :raises: :exc:`~swisspair.errors.RoundNumberError` (exit code 3).
    """
    rnd = tournament.paired_rounds + 1 if round_number is None else round_number
    where = f"{source}: " if source else ""
    if tournament.rounds is None:
        if needs_rounds:
            raise RoundNumberError(f"{where}the number of rounds is not given (TRF 142 or XXR): it is needed to pair")
        return rnd
    if rnd > tournament.rounds:
        raise RoundNumberError(
            f"{where}round {rnd} is beyond the {tournament.rounds} rounds of the tournament (XXR/142)")
    return rnd


def add_forbidden_pairs(tournament: Tournament, round_number: int, forbidden: dict[int, set[int]]) -> None:
    """Add to ``forbidden`` (TPN -> TPNs it may not meet) the pairs the file forbids in ``round_number``
    (``XXP``, TRF26 ``260``: players of one club or federation, C.04.1 art. 2 notes)."""
    for group in tournament.forbidden_pairs:
        if group.applies_to(round_number):
            for a in group.players:
                for b in group.players:
                    if a != b and a in forbidden:
                        forbidden[a].add(b)


def build_state(tournament: Tournament, round_number: int | None = None,
                initial_colour: Colour | None = None,
                accelerations: dict[int, dict[int, Fraction]] | None = None,
                *, needs_rounds: bool = True, games: int = 1) -> PairingState:
    """Prepare the pairing of ``round_number`` (default: the next unpaired round).

    Rounds from ``round_number`` on are ignored except the requested byes and
    absences (``H``, ``F``, ``Z``) entered for ``round_number`` itself.

    :param accelerations: virtual points by TPN and round (C.04.7) to use
        instead of the file's ``XXA``/``250`` values
        (see :func:`swisspair.pairing.acceleration.virtual_points`).

    :param needs_rounds: the system's rules depend on the last rounds (the FIDE ones), so the
        number of rounds must be announced; a system that does not need it (``simple``) gets the
        round being paired as :attr:`PairingState.total_rounds` when it is not.

    :param games: the TRF rounds one pairing round fills: 1, or 2 for the Double-Swiss system,
        whose round ``k`` is a two-game match in TRF rounds ``2k-1`` and ``2k`` (C.04.5 0): each
        record is then a match (:func:`match_record`), ``round_number`` and
        :attr:`PairingState.total_rounds` count matches, and the absences of game 1 of the match
        to pair decide who is paired.

    :raises: :exc:`~swisspair.errors.RoundNumberError` when the number of rounds
        is unknown (and needed), the round is beyond it, or it is already paired.
    """
    first_game = round_to_pair(tournament, None if round_number is None else games * (round_number - 1) + 1,
                               needs_rounds=needs_rounds)
    rnd = (first_game - 1) // games + 1
    played = games * (rnd - 1)  # TRF rounds before the pairing round
    scoring = tournament.scoring
    if accelerations is None:
        accelerations = tournament.accelerations
    # what each result code scores with each colour, as held (integers, swisspair.exact): once, not for every
    # round of every player; the unit is the least common denominator of these and the virtual points
    scale, points_of = points_in_units(scoring, (value for accel in accelerations.values() for value in accel.values()))

    def units(value: Exact | Fraction) -> int:
        return in_units(value, scale)

    colour = initial_colour or tournament.initial_colour or infer_initial_colour(tournament) or Colour.WHITE
    unit = "round" if games == 1 else "match"
    players: dict[int, PlayerState] = {}
    to_pair: list[PlayerState] = []
    forbidden: dict[int, set[int]] = {}
    absent = Result.ABSENT
    for tpn in tournament.pairing_order():  # ``XXC rank``: the order of the 001 lines
        source = tournament.players[tpn]
        upcoming = source.result(played + 1).result
        has_future = len(source.results) > played and upcoming is not absent
        if has_future and not any(e.result.paired for e in source.results[:played]):
            if upcoming.paired:
                raise RoundNumberError(f"player {tpn}: {unit} {rnd} is already paired in the input")
            continue
        if upcoming is not absent and upcoming.paired:
            raise RoundNumberError(f"player {tpn}: {unit} {rnd} is already paired in the input")
        records = (_game_records(source, played, points_of) if games == 1
                   else [match_record(tournament, source, match, points_of) for match in range(1, rnd)])
        virtual = {r: units(v) for r, v in accelerations[tpn].items()} if tpn in accelerations else {}
        state = _player_state(tpn, len(players), source.rating, records, virtual, rnd)
        players[tpn] = state
        forbidden[tpn] = {r.opponent for r in records if r.played and r.opponent is not None}
        if upcoming is absent:
            to_pair.append(state)
    add_forbidden_pairs(tournament, played + 1, forbidden)
    return PairingState(
        round_number=rnd,
        total_rounds=tournament.rounds // games if tournament.rounds is not None else rnd,
        scale=scale,
        win=points_of[Result.WIN, Colour.WHITE],
        draw=points_of[Result.DRAW, Colour.WHITE],
        loss=points_of[Result.LOSS, Colour.WHITE],
        players=players,
        to_pair=to_pair,
        forbidden=forbidden,
        initial_colour=colour,
    )


def _player_state(tpn: int, rank: int, rating: int, records: list[RoundRecord], accelerations: dict[int, int],
                  round_number: int) -> PlayerState:
    """A participant from its records: score, virtual points, colour data and pairing score."""
    state = PlayerState(tpn=tpn, rank_index=rank, rating=rating, records=records)
    state.score = sum([r.points for r in records])
    state.accelerations = accelerations
    _colour_data(state)
    state.pairing_score = state.score + accelerations.get(round_number, 0)
    return state


def _game_records(source: Player, played: int, points_of: dict[tuple[Result, Colour], int]) -> list[RoundRecord]:
    """One record per game of rounds ``1 .. played`` (one TRF round per pairing round)."""
    records = []
    entries = source.results[:played]
    entries += [ABSENT] * (played - len(entries))  # Player.result: rounds not recorded are absences
    for entry in entries:
        result, opponent = entry.result, entry.opponent
        over_the_board, participated, pab, outcome = _TRAITS[result]
        is_played = over_the_board and opponent is not None  # RoundResult.played
        # by position (opponent, colour, played, participated, pab, points, outcome): a call by keywords
        # costs half as much again, a thousand times at 100 players
        records.append(RoundRecord(opponent, entry.colour if is_played else Colour.NONE, is_played, participated,
                                   pab, points_of[result, entry.colour], outcome))
    return records


_TRAITS = {result: (result.is_played, result.paired and result is not Result.ABSENT, result is Result.PAB,
                    result.outcome) for result in Result}
"""What a game's record reads of each result code: played over the board (when there is an opponent),
paired, PAB, outcome."""


def _forfeited_both(first: RoundResult, second: RoundResult) -> bool:
    return first.result is Result.FORFEIT_LOSS and second.result is Result.FORFEIT_LOSS


def match_record(tournament: Tournament, source: Player, match: int,
                 points_of: dict[tuple[Result, Colour], int]) -> RoundRecord:
    """The Double-Swiss match ``match`` of ``source`` (TRF rounds ``2*match-1`` and ``2*match``) as
    one record (C.04.5 (2026) 0, 1.5):

    * its points are the sum of the two games' (the PAB, ``U`` then ``H``, one game won and one drawn);
    * a match is ended by forfeit when a player forfeited both games (``-`` twice): it is not played,
      the pair may meet again (C1), and it is a win for the other player; any other match with an
      opponent is played, and won, drawn or lost by the two players' points;
    * its colour is the game-1 colour when one of its games was played over the board;
    * without an opponent it is a bye: the PAB (``U`` in game 1) and a full-point bye (``F`` in
      either game) count as a win, a half-point bye as a draw.
    """
    g1, g2 = source.result(2 * match - 1), source.result(2 * match)
    points = points_of[g1.result, g1.colour] + points_of[g2.result, g2.colour]
    opponent = g1.opponent if g1.opponent is not None else g2.opponent
    if opponent is None:
        results = (g1.result, g2.result)
        outcome = (Outcome.WIN if g1.result is Result.PAB or Result.FULL_BYE in results
                   else Outcome.DRAW if Result.HALF_BYE in results else Outcome.LOSS)
        return RoundRecord(None, Colour.NONE, False,
                           any(r.paired and r is not Result.ABSENT for r in results), g1.result is Result.PAB,
                           points, outcome)
    other = tournament.players[opponent]
    o1, o2 = other.result(2 * match - 1), other.result(2 * match)
    if _forfeited_both(g1, g2) or _forfeited_both(o1, o2):
        return RoundRecord(opponent, Colour.NONE, False, True, False, points,
                           Outcome.LOSS if _forfeited_both(g1, g2) else Outcome.WIN)
    their = points_of[o1.result, o1.colour] + points_of[o2.result, o2.colour]
    outcome = Outcome.WIN if points > their else Outcome.DRAW if points == their else Outcome.LOSS
    colour = g1.colour if g1.played or g2.played else Colour.NONE
    return RoundRecord(opponent, colour, True, True, False, points, outcome)


def build_team_state(teams: Mapping[int, swisspair.team_matches.Team], round_number: int, *,
                     total_rounds: int | None, primary: str = "MP", match_points: MatchPoints | None = None,
                     initial_colour: Colour = Colour.WHITE) -> PairingState:
    """Prepare the pairing of team round ``round_number`` from the teams' rounds as the core reads the
    team matches (:class:`~swisspair.team_matches.TeamRound`, C.04.6 (2026)): one record per round and
    team, its points the primary score (``MP`` or ``GP``, 1.2), played when a game of the match was
    (its colour that of board 1, 1.6.1), the PAB, a match won by forfeit and a full-point bye counting
    as wins without playing (C2). Teams marked absent are not paired; no pairs are forbidden besides
    the matches played (C1).

    :param match_points: a won, drawn and lost match (:attr:`PairingState.win` ...); default 2/1/0.
    """
    from swisspair.teams import DEFAULT_MATCH_POINTS

    points = match_points or DEFAULT_MATCH_POINTS
    played = round_number - 1
    histories = {number: team.history[:played] for number, team in teams.items()}
    scale = scale_of([points.win, points.draw, points.loss]
                     + [_team_score(m, primary) for history in histories.values() for m in history])

    def units(value: Fraction) -> int:
        return in_units(value, scale)

    players: dict[int, PlayerState] = {}
    to_pair: list[PlayerState] = []
    forbidden: dict[int, set[int]] = {}
    for number in sorted(teams):
        history = histories[number]
        records = [_team_record(m, units(_team_score(m, primary))) for m in history]
        records += [RoundRecord(None, Colour.NONE, False, False, False, 0)] * (played - len(records))
        state = _player_state(number, len(players), 0, records, {}, round_number)
        players[number] = state
        forbidden[number] = {r.opponent for r in records if r.played and r.opponent is not None}
        if not teams[number].absent:
            to_pair.append(state)
    return PairingState(round_number=round_number, total_rounds=total_rounds or round_number, scale=scale,
                        win=units(points.win), draw=units(points.draw), loss=units(points.loss),
                        players=players, to_pair=to_pair, forbidden=forbidden, initial_colour=initial_colour)


def _team_score(m: TeamRound, primary: str) -> Fraction:
    return m.match_points if primary == "MP" else m.game_points


def _team_record(m: TeamRound, points: int) -> RoundRecord:
    """A team's round as a record: its match (played when a game of it was), its bye or its absence."""
    won_unplayed = m.pab or m.forfeit_win or m.full_bye  # C.04.6 C2
    outcome = Outcome.WIN if won_unplayed else m.outcome
    return RoundRecord(m.opponent, m.colour if m.played else Colour.NONE, m.played,
                       m.opponent is not None or m.pab, m.pab, points, outcome)


def _colour_data(player: PlayerState) -> None:
    """Colour difference and preference from played games only (C.04.3 art. 1.6-1.7, GHR 3.4); a played
    pairing without a colour (a Double-Swiss match of two unplayed games, C.04.5 0) has none to count."""
    whites = blacks = consecutive = 0
    none, white = Colour.NONE, Colour.WHITE
    last = none
    for record in player.records:
        colour = record.colour
        if not record.played or colour is none:
            continue
        if colour is white:
            whites += 1
        else:
            blacks += 1
        consecutive = consecutive + 1 if consecutive and colour is last else 1
        last = colour
    player.played_games = whites + blacks
    lower = Colour.BLACK if whites > blacks else white
    player.colour_imbalance = abs(whites - blacks)
    imbalance = player.colour_imbalance
    if imbalance > 1:
        preference = lower
    elif consecutive > 1:
        preference = last.opposite
    elif imbalance > 0:
        preference = lower
    elif consecutive:
        preference = last.opposite
    else:
        preference = none
    player.colour_preference = preference
    player.repeated_colour = last if consecutive > 1 else none
    player.strong_preference = not player.absolute_preference and imbalance > 0
