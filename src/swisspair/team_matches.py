"""Team matches as model objects: the boards of a match, its game points, its match points by the
event's scoring, its forfeits; and what each team did in each round (FIDE C.04.6 arts. 1.2-1.6,
C.07 (2026) art. 11).

:func:`team_event` reads them once from a :class:`~swisspair.model.Tournament` whose teams are
model objects (:mod:`swisspair.teams`: ``310``/``013`` rosters, ``300`` line-ups, ``320`` team
byes, ``330`` team forfeits, ``352`` boards, ``362`` match points); the team pairing
(:mod:`swisspair.pairing.team`), the team tie-breaks (:mod:`swisspair.tiebreaks.team`) and the
manager use what it gives, and the manager scores the matches it stores with
:meth:`TeamMatch.scored`. The reading, one for all:

* in round ``r`` a team's opponent is the team most of its players met (the first in board order
  on a tie); its *boards* are its players who met a player of that team, in board order (the
  ``300`` line-up of that round, else the roster);
* game points (GP) are the sum of a side's points on the boards, under the file's scoring; the
  match is won by the side with more GP, drawn with as many (C.04.6 1.2), but lost by both teams
  when every board was forfeited by both players (no game played, TRF26 ``330`` ``--``), and
  a ``330`` record says how a match forfeited as a whole ended (:func:`match_outcomes`); match
  points (MP) are those of a won, drawn or lost match (:func:`match_points_of`, ``362`` or 2/1/0);
* a match is played when a game of it was played over the board; a team's colour in a played
  match is that of its board-1 player (C.04.6 1.6.1); a team wins a match by forfeit when a
  ``330`` record says so, or when no game was played and its forfeit wins gave it more GP;
* a team without an opponent has the pairing-allocated bye when a ``320`` record names it or one
  of its players has ``U``: the MP and GP of a drawn match (C.04.6 1.4), a draw on every board,
  unless the ``320`` record gives the values; a requested bye of every player makes a full-point
  (``F``: a won match) or a half-point bye (``H``, some ``F``: a drawn match); otherwise it scores
  nothing (``Z``, absent);
* the number of boards of a match is the length of the ``352`` sequence, else the most boards a
  match of the event had, else the smallest roster (a team fields every board, C.04.6 1.6.1, and a
  roster may list reserves besides);
* a team is absent from the round after the last paired one when every player of it has ``H``,
  ``F`` or ``Z`` there.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from swisspair.errors import UnsupportedFeatureError
from swisspair.model import Colour, Outcome, Result, RoundResult, Scoring, Tournament
from swisspair.teams import DEFAULT_MATCH_POINTS, ForfeitOutcome, MatchPoints, TeamEntry, TeamPab, team_numbers


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """One board of a team match, from the match's two sides: the first team's player, then the second's."""

    players: tuple[int, int]
    """TPNs: the first team's player, the second team's."""
    colours: tuple[Colour, Colour]
    """Their colours as recorded (:attr:`Colour.NONE` when the game has none)."""
    results: tuple[Result, Result] | None
    """Their results; ``None`` while the game is not finished."""

    def points(self, scoring: Scoring) -> tuple[Fraction, Fraction]:
        """The two sides' game points (nothing while the game is not finished)."""
        if self.results is None:
            return Fraction(0), Fraction(0)
        return (scoring.points(self.results[0], self.colours[0]), scoring.points(self.results[1], self.colours[1]))

    @property
    def played(self) -> bool:
        """The game was played over the board."""
        return self.results is not None and self.results[0].is_played


def match_points_of(outcome: Outcome, points: MatchPoints) -> Fraction:
    """The match points of a won, drawn or lost match by the event's match scoring (C.04.6 (2026) 1.2,
    TRF26 ``362``).

    >>> match_points_of(Outcome.WIN, MatchPoints())
    Fraction(2, 1)
    """
    return points.win if outcome is Outcome.WIN else points.draw if outcome is Outcome.DRAW else points.loss


_BOTH_FORFEITED = (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS)
_FORFEITED: dict[ForfeitOutcome, tuple[Outcome, Outcome]] = {
    "+-": (Outcome.WIN, Outcome.LOSS), "-+": (Outcome.LOSS, Outcome.WIN), "--": (Outcome.LOSS, Outcome.LOSS)}


def match_outcomes(game_points: tuple[Fraction, Fraction], boards: tuple[TeamBoard, ...] = (),
                   forfeit: ForfeitOutcome | None = None) -> tuple[Outcome, Outcome]:
    """Who won a team match, for its first team and its second (C.04.6 (2026) 1.2: the team with more
    game points wins the match, with as many the match is drawn).

    A match neither team played, every board forfeited by both players (``-`` on both sides), is
    lost by both teams: nobody won a game, and a forfeit is no draw (TRF26 ``330`` writes such a
    match ``--``, both teams lost). A ``330`` record (``forfeit``) says how a match forfeited as a
    whole ended: ``+-``, ``-+``, or ``--`` lost by both.

    >>> from swisspair.model import Colour
    >>> absent = TeamBoard((1, 3), (Colour.WHITE, Colour.BLACK), (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS))
    >>> match_outcomes((Fraction(0), Fraction(0)), (absent, absent))
    (<Outcome.LOSS: 'loss'>, <Outcome.LOSS: 'loss'>)
    >>> match_outcomes((Fraction(1), Fraction(1)))
    (<Outcome.DRAW: 'draw'>, <Outcome.DRAW: 'draw'>)
    """
    if forfeit is not None:
        return _FORFEITED[forfeit]
    if boards and all(board.results == _BOTH_FORFEITED for board in boards):
        return Outcome.LOSS, Outcome.LOSS
    own, their = game_points
    if own == their:
        return Outcome.DRAW, Outcome.DRAW
    return (Outcome.WIN, Outcome.LOSS) if own > their else (Outcome.LOSS, Outcome.WIN)


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A match of a team round: its boards, game points and match points (C.04.6 art. 1.2)."""

    round: int
    """The round."""
    teams: tuple[int, int]
    """The team numbers: first the team with White on board 1 (C.04.6 1.6.1), then the other."""
    boards: tuple[TeamBoard, ...]
    """The boards, board 1 first."""
    game_points: tuple[Fraction, Fraction]
    """GP of the first team and of the second."""
    match_points: tuple[Fraction, Fraction] | None
    """MP of the first team and of the second, by the event's match scoring; ``None`` until every
    board has a result."""
    forfeit: ForfeitOutcome | None = None
    """Forfeited as a whole (TRF26 ``330``): ``+-`` the first team won, ``-+`` the second, ``--``
    neither."""

    @classmethod
    def scored(cls, round_number: int, teams: tuple[int, int], boards: tuple[TeamBoard, ...], scoring: Scoring,
               points: MatchPoints, forfeit: ForfeitOutcome | None = None,
               on_boards: list[tuple[Fraction, Fraction]] | None = None) -> TeamMatch:
        """The match with its game points and, once every board has a result, its match points: those
        of the match won, drawn or lost (:attr:`outcomes`) by the event's match scoring (``on_boards``:
        the boards' points, when the caller has them already)."""
        on_boards = [board.points(scoring) for board in boards] if on_boards is None else on_boards
        own = sum((p[0] for p in on_boards), Fraction(0))
        their = sum((p[1] for p in on_boards), Fraction(0))
        complete = bool(boards) and all(board.results is not None for board in boards)
        first, second = match_outcomes((own, their), boards, forfeit)
        return cls(round_number, teams, boards, (own, their),
                   (match_points_of(first, points), match_points_of(second, points)) if complete else None,
                   forfeit)

    @property
    def outcomes(self) -> tuple[Outcome, Outcome]:
        """The match won, drawn or lost by the first team and by the second (:func:`match_outcomes`)."""
        return match_outcomes(self.game_points, self.boards, self.forfeit)

    @property
    def played(self) -> bool:
        """A game of the match was played over the board."""
        return any(board.played for board in self.boards)

    @property
    def complete(self) -> bool:
        """Every board has a result."""
        return self.match_points is not None


@dataclass(frozen=True, slots=True)
class TeamRound:
    """What one team did in one round: its side of a match, or its bye."""

    opponent: int | None
    """The opponent team; ``None`` for a bye or an absence."""
    colour: Colour = Colour.NONE
    """The colour of its board-1 player in a played match (C.04.6 1.6.1); :attr:`Colour.NONE` otherwise."""
    match_points: Fraction = Fraction(0)
    """MP scored."""
    game_points: Fraction = Fraction(0)
    """GP scored."""
    played: bool = False
    """A game of its match was played over the board."""
    pab: bool = False
    """It had the pairing-allocated bye (C.04.6 1.4)."""
    forfeit_win: bool = False
    """It won the match by forfeit (``330``, or forfeit wins without a game played)."""
    full_bye: bool = False
    """A (deprecated) full-point bye of every player."""
    result: Result = Result.ABSENT
    """The round as a result code: ``1``/``=``/``0`` a match played won, drawn or lost, ``+``/``-`` a
    match not played won or not, ``U`` the PAB, ``F``/``H`` requested byes, ``Z`` or blank nothing."""
    boards: tuple[Fraction, ...] = ()
    """Its GP board by board, board 1 first (a match's boards only)."""
    opponent_points: Fraction = Fraction(0)
    """The opponent's GP in the match."""
    outcome: Outcome = Outcome.LOSS
    """The match won, drawn or lost (C.04.6 1.2, :func:`match_outcomes`: lost by both when neither team
    played); what a bye counts as: the PAB a drawn match (1.4), ``F`` a won one, ``H`` a drawn one, an
    absence a lost one."""


@dataclass(slots=True)
class Team:
    """A team and its rounds, identified by its team pairing number."""

    number: int
    """Team pairing number (TPN)."""
    name: str = ""
    """Team name."""
    members: tuple[int, ...] = ()
    """The roster: player TPNs in board order."""
    history: list[TeamRound] = field(default_factory=list)
    """One entry per round, round 1 first."""
    absent: bool = False
    """Not to be paired in the round after the last one read: every player has a bye or an absence."""

    def __repr__(self) -> str:
        return f"Team(number={self.number!r}, name={self.name!r})"


@dataclass(slots=True)
class TeamEvent:
    """The team matches of a tournament and each team's rounds (:func:`team_event`)."""

    teams: dict[int, Team]
    """Teams by number."""
    matches: list[TeamMatch]
    """The matches whose teams met each other, round by round."""
    boards: int
    """Boards of a match."""
    match_points: MatchPoints
    """MP of a won, drawn and lost match."""
    played_rounds: int
    """The rounds read: 1 .. this."""

    def score(self, number: int, kind: str, before_round: int | None = None) -> Fraction:
        """``MP`` or ``GP`` of team ``number`` before ``before_round`` (default: after every round read)."""
        history = self.teams[number].history
        if before_round is not None:
            history = history[: before_round - 1]
        return sum(((m.match_points if kind == "MP" else m.game_points) for m in history), Fraction(0))


def team_event(tournament: Tournament, rounds: int | None = None) -> TeamEvent:
    """The team matches of ``tournament`` and what each team did, in rounds ``1 .. rounds`` (default: the
    paired rounds), by the reading of the module documentation.

    :raises: :exc:`~swisspair.errors.UnsupportedFeatureError` when the file has no team records.
    """
    if not tournament.teams:
        raise UnsupportedFeatureError("a team competition needs team records (310 or 013)")
    count = tournament.paired_rounds if rounds is None else rounds
    reading = _Reading(tournament)
    lineups = [reading.lineups(r) for r in range(1, count + 1)]
    boards = reading.board_count(lineups)
    event = TeamEvent({t.number: Team(t.number, t.name, t.members) for t in tournament.teams}, [], boards,
                      reading.points, count)
    for r, round_lineups in enumerate(lineups, start=1):
        sides = reading.matches(r, round_lineups, event.matches)
        for number, team in event.teams.items():
            team.history.append(sides.get(number) or reading.team_round(r, number, round_lineups[number], boards))
    for number, team in event.teams.items():
        team.absent = reading.absent(count + 1, number)
    return event


def written_lineup(tournament: Tournament, round_number: int, team: int) -> tuple[int, ...] | None:
    """Team ``team``'s players in round ``round_number`` as its ``300`` record writes them, board 1 first (0 for
    an empty board); ``None`` when the file has no such record (C.04.6 1.6.1: the roster's order then)."""
    return next((lineup.players for lineup in tournament.team_lineups
                 if (lineup.round, lineup.team) == (round_number, team)), None)


Lineup = tuple[int | None, tuple[TeamBoard, ...]]
"""A team's opponent in a round and its boards: its games against that team, in board order (its player first)."""


def pab_record(tournament: Tournament) -> TeamPab | None:
    """The ``320`` record of the team byes of ``tournament`` as :func:`team_event` reads them: the value
    of a pairing-allocated bye (C.04.6 (2026) 1.4: a drawn match's match points and game points, unless
    a ``320`` record already says otherwise) and the team that had it in each round; ``None`` when no team
    had one.

    A file should state the value: TRF's own default scores a ``U`` as a won game, so a reader that
    knows no better would count a team bye as a match won on every board.
    """
    event = team_event(tournament)
    teams = [0] * event.played_rounds
    value: tuple[Fraction, Fraction] | None = None
    for number, team in event.teams.items():
        for r, match in enumerate(team.history, start=1):
            if match.pab:
                teams[r - 1] = number
                value = value or (match.match_points, match.game_points)
    if value is None:
        return None
    return TeamPab(value[0], value[1], tuple(teams))


def state_pab_value(tournament: Tournament) -> None:
    """Give ``tournament`` the ``320`` record of :func:`pab_record` (none when no team had a bye), so that
    a file written from it states what its team byes are worth."""
    record = pab_record(tournament)
    tournament.team_pabs = (record,) if record is not None else ()


class _Reading:
    """The records of one tournament that :func:`team_event` reads, indexed once."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.teams: dict[int, TeamEntry] = {t.number: t for t in tournament.teams}
        self.team_of = team_numbers(tournament.teams)
        self.scoring = tournament.scoring
        self.points = tournament.match_points or DEFAULT_MATCH_POINTS
        self.orders = {(lineup.round, lineup.team): [tpn for tpn in lineup.players if tpn]
                       for lineup in tournament.team_lineups}
        self.pabs: dict[tuple[int, int], tuple[Fraction, Fraction]] = {}
        for record in tournament.team_pabs:
            for r, team in enumerate(record.teams, start=1):
                if team:
                    self.pabs[(r, team)] = (record.match_points, record.game_points)
        self.forfeits: dict[tuple[int, int], ForfeitOutcome] = {}
        for forfeit in tournament.team_forfeits:
            self.forfeits[(forfeit.round, forfeit.white)] = forfeit.outcome
            self.forfeits[(forfeit.round, forfeit.black)] = _REVERSED[forfeit.outcome]

    def members(self, number: int) -> list[int]:
        """The team's players that the tournament has, in roster order."""
        return [tpn for tpn in self.teams[number].members if tpn in self.tournament.players]

    def lineups(self, r: int) -> dict[int, Lineup]:
        """Every team's opponent in round ``r`` (the team most of its players met) and its boards."""
        entries = {tpn: player.result(r) for tpn, player in self.tournament.players.items()}
        found: dict[int, Lineup] = {}
        for number in self.teams:
            members = self.members(number)
            ordered = self.orders.get((r, number))
            if ordered is not None:
                members = sorted(members, key=lambda tpn: ordered.index(tpn) if tpn in ordered else len(ordered))
            met = [self.team_of.get(entries[tpn].opponent or 0) for tpn in members]
            counted = Counter(team for team in met if team is not None)
            if not counted:
                found[number] = (None, ())
                continue
            opponent = counted.most_common(1)[0][0]
            found[number] = (opponent, tuple(_board(tpn, entries) for tpn, team in zip(members, met)
                                             if team == opponent))
        return found

    def board_count(self, lineups: list[dict[int, Lineup]]) -> int:
        """The ``352`` sequence's length, else the most boards of a match, else the smallest roster."""
        played = max((len(boards) for teams in lineups for _, boards in teams.values()), default=0)
        return len(self.tournament.board_colours) or played or min(
            (len(t.members) for t in self.teams.values() if t.members), default=1)

    def matches(self, r: int, lineups: dict[int, Lineup], into: list[TeamMatch]) -> dict[int, TeamRound]:
        """The matches of round ``r`` whose two teams met each other (appended to ``into``, each from the side
        of the team with White on board 1, the smaller number first when board 1 has no colour), and both
        teams' rounds by number."""
        sides: dict[int, TeamRound] = {}
        for number, (opponent, games) in sorted(lineups.items()):
            if opponent is None or opponent < number or lineups[opponent][0] != number or not games:
                continue
            if games[0].colours[0] is Colour.BLACK and lineups[opponent][1]:
                number, opponent, games = opponent, number, lineups[opponent][1]
            points = [game.points(self.scoring) for game in games]
            match = TeamMatch.scored(r, (number, opponent), games, self.scoring, self.points,
                                     self.forfeits.get((r, number)), points)
            into.append(match)
            own, their = match.game_points
            first, second = match.outcomes
            sides[number] = self.scored_round(r, number, opponent, games, (own, their), first,
                                              tuple(p[0] for p in points))
            theirs = lineups[opponent][1]  # in its own board order: its board 1 gives its colour (1.6.1)
            sides[opponent] = self.scored_round(r, opponent, number, theirs, (their, own), second,
                                                tuple(game.points(self.scoring)[0] for game in theirs))
        return sides

    def team_round(self, r: int, number: int, lineup: Lineup, boards: int) -> TeamRound:
        """What team ``number`` did in round ``r`` outside a match both teams agree on: a bye, or a match
        the opponent's players record otherwise (scored from this team's side)."""
        opponent, games = lineup
        if opponent is None:
            return self.bye(r, number, boards)
        points = [game.points(self.scoring) for game in games]
        scores = sum((p[0] for p in points), Fraction(0)), sum((p[1] for p in points), Fraction(0))
        outcome = match_outcomes(scores, games, self.forfeits.get((r, number)))[0]
        return self.scored_round(r, number, opponent, games, scores, outcome, tuple(p[0] for p in points))

    def scored_round(self, r: int, number: int, opponent: int, games: tuple[TeamBoard, ...],
                     scores: tuple[Fraction, Fraction], outcome: Outcome, boards: tuple[Fraction, ...]) -> TeamRound:
        """Team ``number``'s side of a match against ``opponent``: ``games`` in its board order (its players
        first), ``scores`` its GP and the opponent's, ``outcome`` the match for it (:func:`match_outcomes`),
        ``boards`` its GP board by board (C.04.6 1.2, 1.6.1). A match not played and won is won by
        forfeit, as is a match a ``330`` record gives it."""
        played = any(game.played for game in games)
        forfeit = self.forfeits.get((r, number))
        forfeit_win = forfeit[0] == "+" if forfeit else not played and outcome is Outcome.WIN
        if played:
            result = _PLAYED_RESULTS[outcome]
        else:
            result = Result.FORFEIT_WIN if outcome is Outcome.WIN else Result.FORFEIT_LOSS
        colour = games[0].colours[0] if played else Colour.NONE
        own, their = scores
        return TeamRound(opponent, colour, match_points_of(outcome, self.points), own, played, False, forfeit_win, False,
                         result, boards, their, outcome)

    def bye(self, r: int, number: int, boards: int) -> TeamRound:
        """A round without an opponent: the PAB, a requested bye of every player, or nothing."""
        results = [self.tournament.players[tpn].result(r).result for tpn in self.members(number)]
        if (r, number) in self.pabs or Result.PAB in results:
            mp, gp = self.pabs.get((r, number), (self.points.draw, self.scoring.draw * boards))
            return TeamRound(None, match_points=mp, game_points=gp, pab=True, result=Result.PAB,
                             outcome=Outcome.DRAW)
        if results and all(result is Result.FULL_BYE for result in results):
            return TeamRound(None, match_points=self.points.win,
                             game_points=self.scoring.points(Result.FULL_BYE) * boards, full_bye=True,
                             result=Result.FULL_BYE, outcome=Outcome.WIN)
        if results and all(result in (Result.HALF_BYE, Result.FULL_BYE) for result in results):
            return TeamRound(None, match_points=self.points.draw,
                             game_points=self.scoring.points(Result.HALF_BYE) * boards, result=Result.HALF_BYE,
                             outcome=Outcome.DRAW)
        return TeamRound(None, result=Result.ZERO_BYE if Result.ZERO_BYE in results else Result.ABSENT)

    def absent(self, r: int, number: int) -> bool:
        """Every player of the team has a bye or an absence in round ``r``."""
        results = [self.tournament.players[tpn].result(r).result for tpn in self.members(number)]
        return bool(results) and all(result in (Result.HALF_BYE, Result.FULL_BYE, Result.ZERO_BYE)
                                     for result in results)


def _board(tpn: int, entries: dict[int, RoundResult]) -> TeamBoard:
    """The game of ``tpn`` (who has an opponent) in the round of ``entries``, its side first."""
    own = entries[tpn]
    assert own.opponent is not None
    other = entries[own.opponent]
    return TeamBoard((tpn, own.opponent), (own.colour, other.colour), (own.result, other.result))


_REVERSED: dict[ForfeitOutcome, ForfeitOutcome] = {"+-": "-+", "-+": "+-", "--": "--"}

_PLAYED_RESULTS = {Outcome.WIN: Result.WIN, Outcome.DRAW: Result.DRAW, Outcome.LOSS: Result.LOSS}


__all__ = ["Team", "TeamBoard", "TeamEvent", "TeamMatch", "TeamRound", "match_outcomes", "match_points_of",
           "pab_record", "state_pab_value", "team_event", "written_lineup"]
