"""What every Swiss system needs to know about the players before a round.

:func:`build_state` turns a :class:`~swisspair.model.Tournament` into a
:class:`PairingState`: the participants to pair, their scores as integers,
colour preferences (C.04.3 art. 1.6-1.7), float history (art. 1.4), PAB
eligibility (C.04.1 art. 4) and the pairs that may not meet (C.04.1 art. 2).
Pairing systems share this one model and differ only where their rules do.
"""

from __future__ import annotations

import enum
import math
from fractions import Fraction

from swisspair.errors import SwissPairError, UnsupportedFeatureError
from swisspair.model import Colour, Outcome, Result, Scoring, Tournament
from swisspair.valueclass import field, valueclass

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (start-up of the engine form)
    from typing import Literal

    Rules = Literal["2017", "2026"]
    """Edition of the FIDE rules where floats and PAB eligibility differ.

    ``"2026"``: C.04.3 (2026) art. 1.4 and C.04.1 (2026) art. 4, in force since
    1 February 2026. ``"2017"``: C.04.3 (2017) A.4 and C.2, in force from 2017 to
    31 January 2026.
    """


class Float(enum.IntEnum):
    """Float direction of a participant in one round (C.04.3 art. 1.4)."""

    DOWN = 0
    UP = 1
    NONE = 2


@valueclass
class RoundRecord:
    """One past round of one participant, as the engines see it."""

    opponent: int | None
    """Opponent's TPN, ``None`` when there was none (bye, absence)."""
    colour: Colour
    """Colour of a played game, else :attr:`Colour.NONE`."""
    played: bool
    """A game was played over the board."""
    participated: bool
    """Paired in that round (game, forfeit, PAB)."""
    pab: bool
    """The round was a pairing-allocated bye."""
    points: int
    """Points scored, in the state's integer unit."""
    outcome: Outcome = Outcome.LOSS
    """What the result code means (a PAB, ``+`` or ``F`` is a win), whatever the points."""


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
    """The round to pair (1-based)."""
    total_rounds: int
    """Planned number of rounds (C.04.1 art. 1); the round being paired when not announced
    (``build_state(needs_rounds=False)``)."""
    scale: int
    """Points are integers: real points times ``scale``."""
    win: int
    draw: int
    loss: int
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
        score = player.score
        for index in range(rounds_back):
            score -= player.records[self.played_rounds - 1 - index].points
        return score + player.accelerations.get(self.round_number - rounds_back, 0)

    def float_of(self, player: PlayerState, rounds_back: int, rules: Rules = "2026") -> Float:
        """Float of ``player`` ``rounds_back`` rounds ago (C.04.3 (2026) art. 1.4).

        An unplayed round is a downfloat when it scored more than a loss (a PAB,
        a forfeit win, a full- or half-point bye), else no float; a played game
        against a different score is a downfloat for the higher score.

        With ``rules="2017"`` (C.04.3 (2017) A.4), every unplayed round is a
        downfloat, whatever it scored: a zero-point bye, a forfeit loss or an
        absence too.
        """
        record = player.records[self.played_rounds - rounds_back]
        if not record.played:
            if rules == "2017":
                return Float.DOWN
            return Float.DOWN if record.points > self.loss else Float.NONE
        assert record.opponent is not None
        own = self.score_before(player, rounds_back)
        other = self.score_before(self.players[record.opponent], rounds_back)
        if own > other:
            return Float.DOWN
        if own < other:
            return Float.UP
        return Float.NONE

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


def _scale_for(values: list[Fraction]) -> int:
    scale = 1
    for value in values:
        scale = scale * value.denominator // math.gcd(scale, value.denominator)
    return scale


def _points_values(scoring: Scoring) -> list[Fraction]:
    return [scoring.points(result, colour) for result in Result for colour in (Colour.WHITE, Colour.BLACK)]


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
    swisspair.errors.SwissPairError: event.trf: round 8 is beyond the 7 rounds of the tournament (XXR/142)

    :raises: :exc:`~swisspair.errors.SwissPairError` (exit code 3).
    """
    rnd = tournament.paired_rounds + 1 if round_number is None else round_number
    where = f"{source}: " if source else ""
    if tournament.rounds is None:
        if needs_rounds:
            raise SwissPairError(f"{where}the number of rounds is not given (TRF 142 or XXR): it is needed to pair")
        return rnd
    if rnd > tournament.rounds:
        raise SwissPairError(
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
                *, needs_rounds: bool = True) -> PairingState:
    """Prepare the pairing of ``round_number`` (default: the next unpaired round).

    Rounds from ``round_number`` on are ignored except the requested byes and
    absences (``H``, ``F``, ``Z``) entered for ``round_number`` itself.

    :param accelerations: virtual points by TPN and round (C.04.7) to use
        instead of the file's ``XXA``/``250`` values
        (see :func:`swisspair.pairing.acceleration.virtual_points`).

    :param needs_rounds: the system's rules depend on the last rounds (the FIDE ones), so the
        number of rounds must be announced; a system that does not need it (``simple``) gets the
        round being paired as :attr:`PairingState.total_rounds` when it is not.

    :raises: :exc:`~swisspair.errors.SwissPairError` when the number of rounds
        is unknown (and needed) or the round is beyond it.
    """
    rnd = round_to_pair(tournament, round_number, needs_rounds=needs_rounds)
    played = rnd - 1
    scoring = tournament.scoring
    values = _points_values(scoring)
    if accelerations is None:
        accelerations = tournament.accelerations
    for accel in accelerations.values():
        values.extend(accel.values())
    scale = _scale_for(values)

    def units(value: Fraction) -> int:
        return int(value * scale)

    # what each result code scores with each colour, in units: once, not for every round of every player
    points_of = {(result, colour): units(scoring.points(result, colour)) for result in Result for colour in Colour}

    colour = initial_colour or tournament.initial_colour or infer_initial_colour(tournament) or Colour.WHITE
    players: dict[int, PlayerState] = {}
    to_pair: list[PlayerState] = []
    forbidden: dict[int, set[int]] = {}
    rank = 0
    for tpn in tournament.pairing_order():  # ``XXC rank``: the order of the 001 lines
        source = tournament.players[tpn]
        history = source.results[:played]
        upcoming = source.result(rnd)
        participated = any(e.result.paired for e in history)
        has_future = len(source.results) > played and upcoming.result is not Result.ABSENT
        if has_future and not participated:
            if upcoming.result.paired:
                raise UnsupportedFeatureError(
                    f"player {tpn}: round {rnd} is already paired in the input")
            continue
        if upcoming.result.paired and upcoming.result is not Result.ABSENT:
            raise UnsupportedFeatureError(f"player {tpn}: round {rnd} is already paired in the input")
        records = []
        for index in range(played):
            entry = source.result(index + 1)
            is_played = entry.played
            records.append(RoundRecord(
                opponent=entry.opponent,
                colour=entry.colour if is_played else Colour.NONE,
                played=is_played,
                participated=entry.result.paired and entry.result is not Result.ABSENT,
                pab=entry.result is Result.PAB,
                points=points_of[entry.result, entry.colour],
                outcome=entry.result.outcome,
            ))
        state = PlayerState(tpn=tpn, rank_index=rank, rating=source.rating, records=records)
        rank += 1
        state.score = sum(r.points for r in records)
        state.accelerations = {r: units(v) for r, v in accelerations.get(tpn, {}).items()}
        _colour_data(state)
        state.pairing_score = state.score + state.accelerations.get(rnd, 0)
        players[tpn] = state
        forbidden[tpn] = {r.opponent for r in records if r.played and r.opponent is not None}
        if upcoming.result is Result.ABSENT:
            to_pair.append(state)
    add_forbidden_pairs(tournament, rnd, forbidden)
    return PairingState(
        round_number=rnd,
        total_rounds=tournament.rounds if tournament.rounds is not None else rnd,
        scale=scale,
        win=units(scoring.win),
        draw=units(scoring.draw),
        loss=units(scoring.loss),
        players=players,
        to_pair=to_pair,
        forbidden=forbidden,
        initial_colour=colour,
    )


def _colour_data(player: PlayerState) -> None:
    """Colour difference and preference from played games only (C.04.3 art. 1.6-1.7, GHR 3.4)."""
    whites = blacks = consecutive = 0
    last = Colour.NONE
    for record in player.records:
        if not record.played:
            continue
        if record.colour is Colour.WHITE:
            whites += 1
        else:
            blacks += 1
        consecutive = consecutive + 1 if consecutive and record.colour is last else 1
        last = record.colour
    player.played_games = whites + blacks
    lower = Colour.BLACK if whites > blacks else Colour.WHITE
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
        preference = Colour.NONE
    player.colour_preference = preference
    player.repeated_colour = last if consecutive > 1 else Colour.NONE
    player.strong_preference = not player.absolute_preference and imbalance > 0
