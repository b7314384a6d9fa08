"""The Swiss Team Pairing System (FIDE C.04.6, 2026 text, in force 1 Feb 2026).

Teams are the participants. This module has two parts:

* the **team-level representation** the engine pairs (:class:`TeamEvent`: the core's teams
  with their rounds, :class:`~swisspair.team_matches.Team` and
  :class:`~swisspair.team_matches.TeamRound`, and the system's settings), which can be built
  directly in Python or from an individual TRF with team records by
  :func:`engine_event`: the team matches as the core reads them
  (:func:`swisspair.team_matches.team_event`, the one reading of the team records: boards,
  game points, match points by ``362``, byes by ``320``, forfeits by ``330``, colours by the
  board-1 player and ``300``), with the colour type and scores of the system;
* the **pairing** (:class:`TeamSystem`, registered as ``team`` with the TRF26
  ``192`` codes ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]`` as aliases).

The state: the teams' rounds as the core reads them, turned by the shared builder
(:func:`~swisspair.pairing.state.build_team_state`) into a
:class:`~swisspair.pairing.state.PairingState` with one record per team round (its primary
score, 1.2; played when a game of the match was, with the colour of board 1, 1.6.1; the PAB,
a match won by forfeit and a full-point bye as wins without playing). This system reads from
it the score, the teams met (C1), the colours of the played matches (1.7), the floats (1.5:
an opponent with a different score, a bye is no float) and the PAB eligibility (C2), the last
two as the Double-Swiss system does (C.04.5 1.4 and C2 say the same), into ``_Round`` per
team; the secondary score (1.2, used in 4.2) it takes from the same team rounds.

The engine output (``-p``) is by **team pairing number**: ``WHITE BLACK`` per
match, the team with White first; ``N 0`` for the team PAB.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from swisspair.errors import NoValidPairingError, SwissPairError, UnsupportedFeatureError
from swisspair.matching.cardinality import CardinalityMatching
from swisspair.matching.weighted import MatchingComputer
from swisspair.model import Board, Colour, RoundPairing, Tournament
from swisspair.pairing.checker import RoundCheck
from swisspair.pairing.state import PairingState, PlayerState, build_team_state
from swisspair.pairing.system import EventShape, SystemBase
from swisspair.team_matches import Team, team_event
from swisspair.teams import DEFAULT_MATCH_POINTS, MatchPoints

if TYPE_CHECKING:
    from swisspair.generator import Progress

ColourType = Literal["A", "B", "none"]
ScoreKind = Literal["MP", "GP"]

_COMBINATION_LIMIT = 20000
"""Upfloater sets examined per set size before giving up on C5-C7 refinements."""


@dataclass(slots=True)
class TeamEvent:
    """A team Swiss: its teams and its settings (C.04.6 1.2, 1.7)."""

    teams: dict[int, Team] = field(default_factory=dict)
    """Teams by number."""
    rounds: int | None = None
    """Planned number of rounds (used for "last round(s)" criteria)."""
    initial_colour: Colour = Colour.WHITE
    """Colour drawn for round 1 (C.04.6 4.3.1); White when the file has none."""
    colour_type: ColourType = "A"
    """Colour-preference type (C.04.6 1.7): ``A`` (default), ``B`` or ``none``."""
    primary: ScoreKind = "MP"
    """Primary score (C.04.6 1.2); match points by default."""
    secondary: ScoreKind | None = "GP"
    """Secondary score (used in colour allocation, 4.2), ``None`` if not used."""
    match_points: MatchPoints = DEFAULT_MATCH_POINTS
    """Match points of a won, drawn and lost match (C.04.6 1.2; TRF ``362``)."""

    @property
    def played_rounds(self) -> int:
        """The number of rounds recorded."""
        return max((len(t.history) for t in self.teams.values()), default=0)

    def score(self, number: int, kind: ScoreKind, before_round: int | None = None) -> Fraction:
        """MP or GP of team ``number`` before ``before_round`` (default: all rounds)."""
        history = self.teams[number].history
        if before_round is not None:
            history = history[: before_round - 1]
        return sum(((m.match_points if kind == "MP" else m.game_points) for m in history), Fraction(0))


# ---------------------------------------------------------------------------
# From a TRF


def engine_event(tournament: Tournament, *, colour_type: ColourType | None = None,
                 primary: ScoreKind | None = None, secondary: ScoreKind | None | Literal["default"] = "default",
                 ) -> TeamEvent:
    """The team event to pair: the team matches of an individual TRF with ``310``/``013`` records as
    the core reads them (:func:`swisspair.team_matches.team_event`), with the given settings, the
    others read from the ``192`` code (:func:`parse_code`).

    :raises: :exc:`~swisspair.errors.UnsupportedFeatureError` when the file has no team records.
    """
    if not tournament.teams:
        raise UnsupportedFeatureError("team pairing needs team records (310 or 013)")
    code_type, code_primary, code_secondary = parse_code(tournament.system or "FIDE_TEAM")
    event = TeamEvent(rounds=tournament.rounds,
                      initial_colour=tournament.initial_colour or Colour.WHITE,
                      colour_type=colour_type or code_type, primary=primary or code_primary,
                      secondary=code_secondary if secondary == "default" else secondary)
    core = team_event(tournament)
    event.teams, event.match_points = core.teams, core.match_points
    return event


def parse_code(code: str) -> tuple[ColourType, ScoreKind, ScoreKind | None]:
    """Colour type, primary and secondary score of a ``192`` code (TRF26 ETT26).

    ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]``. The bare ``FIDE_TEAM`` is
    ``FIDE_TEAM_TYPEA_MP_GP`` (the C.04.6 1.2 and 1.7 defaults). Otherwise
    each part is read as written (our reading): no ``TYPEA``/``TYPEB`` means
    no colour preferences (1.7 allows it), and a secondary score is used in
    colour allocation only when the code names it (1.2, 4.2.2). Other codes
    give the defaults.

    >>> parse_code("FIDE_TEAM_TYPEB_GP_MP")
    ('B', 'GP', 'MP')
    >>> parse_code("FIDE_TEAM_MP")
    ('none', 'MP', None)

    :raises: :exc:`~swisspair.errors.UnsupportedFeatureError` for ``_BAKU``.
    """
    parts = code.strip().upper().replace("-", "_").split("_")
    if not (parts[:2] == ["FIDE", "TEAM"] or parts[:3] == ["CUSTOM", "TEAM", "SWISS"]):
        return "A", "MP", "GP"
    if "BAKU" in parts:
        raise UnsupportedFeatureError("team: Baku acceleration (C.04.7) is not supported")
    rest = parts[3:] if parts[0] == "CUSTOM" else parts[2:]
    if not rest:
        return "A", "MP", "GP"
    colour: ColourType = "B" if "TYPEB" in rest else "A" if "TYPEA" in rest else "none"
    scores = [p for p in rest if p in ("MP", "GP")]
    if parts[0] == "CUSTOM" and "TYPEA" not in rest and "TYPEB" not in rest:
        colour = "A"
    primary: ScoreKind = "GP" if scores[:1] == ["GP"] else "MP"
    secondary: ScoreKind | None
    if len(scores) >= 2:
        secondary = "GP" if scores[1] == "GP" else "MP"
    elif scores:
        secondary = None
    else:
        secondary = "MP" if primary == "GP" else "GP"
    return colour, primary, secondary


# ---------------------------------------------------------------------------
# Colour preferences (C.04.6 1.7)


@dataclass(frozen=True, slots=True)
class Preference:
    """A team's colour preference (C.04.6 1.7)."""

    colour: Colour
    """``Colour.NONE``: no preference."""
    strong: bool = False
    """Strong preference (type B only)."""


def colour_difference(team: Team) -> int:
    """Matches with White minus matches with Black, played matches only (C.04.6 1.6)."""
    colours = [m.colour for m in team.history if m.played]
    return colours.count(Colour.WHITE) - colours.count(Colour.BLACK)


def played_colours(team: Team) -> list[Colour]:
    """Colours of the played matches, in order."""
    return [m.colour for m in team.history if m.played and m.colour is not Colour.NONE]


def preference(team: Team, colour_type: ColourType, last_round: bool = False) -> Preference:
    """The colour preference of ``team`` (C.04.6 1.7), from its played matches
    (:func:`colour_preference`)."""
    return colour_preference(played_colours(team), colour_type, last_round)


def colour_preference(colours: Sequence[Colour], colour_type: ColourType, last_round: bool = False) -> Preference:
    """The colour preference of a team whose played matches had ``colours``, in order (C.04.6 1.7).

    With CD the colour difference (1.6.2):

    * type A (1.7.1): White when CD < -1, or CD is 0 or -1 and the last two
      played matches were with Black; Black symmetrically; otherwise none;
    * type B (1.7.2): the type-A preferences are *strong*; besides, a *mild*
      preference for White when CD = -1, or CD = 0 and the last played match
      was with Black (not when pairing the last round); Black symmetrically;
    * ``none``: no team has a preference.
    """
    if colour_type == "none" or not colours:
        return Preference(Colour.NONE)
    difference = colours.count(Colour.WHITE) - colours.count(Colour.BLACK)
    last_two = list(colours[-2:]) if len(colours) >= 2 else []
    if difference < -1 or (difference in (0, -1) and last_two == [Colour.BLACK, Colour.BLACK]):
        return Preference(Colour.WHITE, colour_type == "B")
    if difference > 1 or (difference in (0, 1) and last_two == [Colour.WHITE, Colour.WHITE]):
        return Preference(Colour.BLACK, colour_type == "B")
    if colour_type == "B":
        if difference == -1 or (difference == 0 and not last_round and colours[-1] is Colour.BLACK):
            return Preference(Colour.WHITE)
        if difference == 1 or (difference == 0 and not last_round and colours[-1] is Colour.WHITE):
            return Preference(Colour.BLACK)
    return Preference(Colour.NONE)


# ---------------------------------------------------------------------------
# The system


@dataclass(slots=True)
class _Round:
    """Pairing-time data for one team."""

    number: int
    score: Fraction
    secondary: Fraction
    opponents: frozenset[int]
    preference: Preference
    floated_last: bool
    pab_eligible: bool
    matches_played: int
    colours: tuple[Colour, ...] = ()
    """The colours of its played matches, in order (1.6)."""


class TeamSystem(SystemBase):
    """FIDE C.04.6 (2026) Swiss Team Pairing System.

    :param colour_type: ``A``, ``B`` or ``none``; default: from the ``192`` code, else ``A``.
    :param primary: ``MP`` or ``GP``; default: from the ``192`` code, else ``MP``.
    """

    name = "team"
    aliases: tuple[str, ...] = (
        "fide-team", "swiss-team", "CUSTOM_TEAM_SWISS", "CUSTOM_TEAM_SWISS_MP", "CUSTOM_TEAM_SWISS_GP",
        *("_".join(p for p in ("FIDE_TEAM", t, a, b) if p)
          for t in ("", "TYPEA", "TYPEB") for a, b in (("", ""), ("MP", ""), ("GP", ""), ("MP", "GP"), ("GP", "MP"))),
    )
    article = "FIDE C.04.6 (2026)"

    def __init__(self, colour_type: ColourType | None = None, primary: ScoreKind | None = None,
                 secondary: ScoreKind | None | Literal["default"] = "default") -> None:
        self.colour_type = colour_type
        self.primary = primary
        self.secondary = secondary

    def __repr__(self) -> str:
        return f"TeamSystem({self.colour_type!r}, {self.primary!r}, {self.secondary!r})"

    def variant(self, code: str) -> TeamSystem:
        """The system a ``192`` code selects (``FIDE_TEAM_TYPEB_GP``: colour type B, GP primary);
        itself for a name that is not such a code (``team``, ``swiss-team``: the file's code decides)."""
        if not code.strip().upper().replace("-", "_").startswith(("FIDE_TEAM", "CUSTOM_TEAM")):
            return self
        return TeamSystem(*parse_code(code))

    def event(self, tournament: Tournament) -> TeamEvent:
        """The team event of ``tournament`` with this system's settings (the rest from its ``192`` code)."""
        return engine_event(tournament, colour_type=self.colour_type, primary=self.primary,
                            secondary=self.secondary)

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair the next round of the team event in ``tournament`` (a TRF with team records)."""
        return pair_teams(self.event(tournament), round_number)

    def format_pairing(self, tournament: Tournament, pairing: RoundPairing) -> str:
        """Teams pair teams (C.04.6): the table by team pairing number (:func:`format_team_pairing`)."""
        return format_team_pairing(self.event(tournament), pairing)


    def check_rounds(self, tournament: Tournament, rounds: range | None = None) -> Iterator[RoundCheck]:
        """Re-pair each recorded round of the team event and compare with the record.

        The checker of :mod:`swisspair.pairing.checker`, by team number: the same
        matches, the same team with White (board 1), the same team with the PAB.
        A match that was not played has no colour (1.6.1) and is compared as a pair.
        """
        event = self.event(tournament)
        for rnd in rounds or range(1, event.played_rounds + 1):
            expected = recorded_team_round(event, rnd)
            unplayed = {frozenset((b.white, b.black)) for b in expected.boards
                        if not event.teams[b.white].history[rnd - 1].played}
            try:
                produced = self.pair(tournament.truncated(rnd - 1))
            except SwissPairError as error:
                yield RoundCheck(rnd, expected, None, str(error))
                continue
            boards = tuple(Board(min(b.white, b.black), max(b.white, b.black))
                           if frozenset((b.white, b.black)) in unplayed else b for b in produced.boards)
            yield RoundCheck(rnd, expected, RoundPairing(rnd, boards, produced.bye, produced.explanation))

    @property
    def shape(self) -> EventShape:
        """Teams of :data:`GENERATED_BOARDS` players, a game on every board (C.04.6), written with
        this system's ``192`` code."""
        return EventShape(team_boards=GENERATED_BOARDS, code=self.code())

    def code(self) -> str:
        """The ``192`` code of this system's settings (``FIDE_TEAM`` for the defaults)."""
        if self.colour_type is None and self.primary is None and self.secondary == "default":
            return "FIDE_TEAM"
        parts = ["FIDE_TEAM", f"TYPE{self.colour_type or 'A'}" if self.colour_type != "none" else "",
                 self.primary or "MP"]
        if self.secondary not in ("default", None):
            parts.append(str(self.secondary))
        return "_".join(p for p in parts if p)


def recorded_team_round(event: TeamEvent, round_number: int) -> RoundPairing:
    """The team pairing of ``round_number`` as recorded: White team first; a match
    without a colour (not played) with the smaller number first."""
    boards: set[Board] = set()
    bye = None
    for number, team in event.teams.items():
        if round_number > len(team.history):
            continue
        match = team.history[round_number - 1]
        if match.pab:
            bye = number
        elif match.opponent is not None:
            if match.colour is Colour.WHITE:
                boards.add(Board(number, match.opponent))
            elif match.colour is Colour.NONE and number < match.opponent:
                boards.add(Board(number, match.opponent))
    return RoundPairing(round_number, tuple(sorted(boards, key=lambda b: (b.white, b.black))), bye)


GENERATED_BOARDS = 4
"""Boards per team in generated events."""


def team_state(event: TeamEvent, round_number: int) -> PairingState:
    """The shared state of team round ``round_number``: one record per team round, the primary score
    as points (:func:`~swisspair.pairing.state.build_team_state`)."""
    return build_team_state(event.teams, round_number, total_rounds=event.rounds, primary=event.primary,
                            match_points=event.match_points, initial_colour=event.initial_colour)


def _state(event: TeamEvent, round_number: int) -> dict[int, _Round]:
    """The teams to pair in ``round_number`` as this system reads the shared state (see the module
    documentation)."""
    state = team_state(event, round_number)
    secondary = event.secondary or event.primary
    last_round = event.rounds is not None and round_number >= event.rounds
    rounds: dict[int, _Round] = {}
    for team in state.to_pair:
        number = team.tpn
        colours = tuple(r.colour for r in team.records if r.played and r.colour is not Colour.NONE)
        rounds[number] = _Round(
            number=number,
            score=Fraction(team.score, state.scale),
            secondary=event.score(number, secondary, round_number),
            opponents=frozenset(state.forbidden[number]),
            preference=colour_preference(colours, event.colour_type, last_round),
            floated_last=_floated_last(state, team),
            pab_eligible=not state.won_without_playing(team),
            matches_played=sum(1 for r in team.records if r.played),
            colours=colours,
        )
    return rounds


def _floated_last(state: PairingState, team: PlayerState) -> bool:
    """Whether ``team`` was a floater in the previous round: C.04.6 (2026) 1.5, "a team that *plays*
    against an opponent with a different score". A match forfeited as a whole (no game of it played)
    was not played (GHR 3.5: the two may meet again), so it makes no float, as a bye makes none."""
    if not state.played_rounds or not team.records[state.played_rounds - 1].played:
        return False
    return state.paired_against_other_score(team)


def _perfect(vertices: list[int], state: dict[int, _Round]) -> bool:
    """Whether ``vertices`` can all be paired without a rematch (C1, C3)."""
    if len(vertices) % 2:
        return False
    if not vertices:
        return True
    matching = CardinalityMatching(vertices, lambda a, b: b not in state[a].opponents, any_path=True)
    matching.greedy()
    matching.maximise()
    return not matching.free()


def pair_teams(event: TeamEvent, round_number: int | None = None) -> RoundPairing:
    """Pair one round of ``event`` (C.04.6 3.3.2): PAB, then bracket by bracket, then colours.

    :raises: :exc:`~swisspair.errors.NoValidPairingError` when C1-C3 cannot be met.
    """
    from swisspair.trf.points import format_points

    round_number = round_number or event.played_rounds + 1
    last_two = event.rounds is not None and round_number >= event.rounds - 1
    state = _state(event, round_number)
    order = sorted(state, key=lambda n: (-state[n].score, n))
    notes: list[str] = []
    bye: int | None = None
    remaining = list(order)
    if len(remaining) % 2:
        bye = _choose_pab(remaining, state)
        remaining.remove(bye)
        notes.append(f"3.4: PAB to team {bye}")
    if not _perfect(remaining, state):
        raise NoValidPairingError(f"round {round_number}: no pairing of the teams without a rematch")
    levels = {state[n].score for n in order}  # the round's scoregroups, the PAB team's included (C6)
    pairs: list[tuple[int, int]] = []
    while remaining:
        top = state[remaining[0]].score
        residents = [n for n in remaining if state[n].score == top]
        lower = [n for n in remaining if state[n].score != top]
        following = max((level for level in levels if level < top), default=None)
        upfloaters = _choose_upfloaters(residents, lower, state, not last_two, following)
        bracket = sorted(residents + list(upfloaters), key=lambda n: (-state[n].score, n))
        if upfloaters:
            notes.append(f"3.5: scoregroup {format_points(top)}: upfloaters {', '.join(map(str, upfloaters))}")
        pairs.extend(_pair_bracket(bracket, state, event.colour_type, not last_two))
        chosen = set(bracket)
        remaining = [n for n in remaining if n not in chosen]
    boards = [_allocate(a, b, state, event) for a, b in pairs]
    boards.sort(key=lambda board: min(_first_key(board.white, state), _first_key(board.black, state)))
    return RoundPairing(round_number, tuple(boards), bye, tuple(notes))


def _choose_pab(teams: list[int], state: dict[int, _Round]) -> int:
    """C.04.6 3.4: the PAB goes to the eligible team (C2) that leaves a legal pairing,
    with the lowest score, then the most matches played, then the largest TPN."""
    candidates = sorted((n for n in teams if state[n].pab_eligible),
                        key=lambda n: (state[n].score, -state[n].matches_played, -n))
    for n in candidates:
        if _perfect([m for m in teams if m != n], state):
            return n
    raise NoValidPairingError("no team can receive the pairing-allocated bye (C.04.6 C2, C3)")


def _ascending_scores(group: Sequence[int], state: dict[int, _Round]) -> tuple[Fraction, ...]:
    return tuple(sorted(state[n].score for n in group))


def _choose_upfloaters(residents: list[int], lower: list[int], state: dict[int, _Round],
                       float_criteria: bool, following: Fraction | None = None) -> tuple[int, ...]:
    """C.04.6 3.5: the upfloaters of a bracket.

    Fewest upfloaters (C4), then the highest scores taken in ascending order
    (C5), then C6 (the fewest extra upfloaters the bracket of the following scoregroup
    would need, :func:`_next_bracket_excess`), then C7 (fewest upfloaters who floated in the
    previous round; not in the last two rounds); then the first set in TPN
    order, the members of a set listed by descending score then TPN.

    :param following: the score of the following scoregroup (2.3.3: the next score below the
        residents' among the teams of the round); default: the highest score of ``lower``.
    """
    candidates = sorted(lower, key=lambda n: (-state[n].score, n))
    remaining = residents + candidates

    def legal(group: Sequence[int]) -> bool:
        chosen = set(group)
        bracket = residents + list(group)
        return _perfect(bracket, state) and _perfect([n for n in remaining if n not in chosen and n not in residents],
                                                     state)

    for size in range(len(residents) % 2, len(candidates) + 1, 2):
        if size == 0:
            if legal(()):
                return ()
            continue
        # C5: the best sets use only the candidates down to some score; widen the pool by scoregroup.
        pool_end = size
        while True:
            while pool_end < len(candidates) and state[candidates[pool_end]].score == state[
                    candidates[pool_end - 1]].score:
                pool_end += 1
            found: list[tuple[int, ...]] = []
            for examined, group in enumerate(itertools.combinations(candidates[:pool_end], size)):
                if examined >= _COMBINATION_LIMIT:
                    break
                if legal(group):
                    found.append(group)
            if found or pool_end >= len(candidates):
                break
            pool_end += 1
        if not found:
            continue
        best = max(_ascending_scores(g, state) for g in found)
        found = [g for g in found if _ascending_scores(g, state) == best]
        if len(found) > 1:
            level = following if following is not None else state[candidates[0]].score
            excess = {g: _next_bracket_excess(g, candidates, state, level) for g in found}
            least = min(excess.values())
            found = [g for g in found if excess[g] == least]
        if float_criteria and len(found) > 1:
            fewest = min(sum(state[n].floated_last for n in g) for g in found)
            found = [g for g in found if sum(state[n].floated_last for n in g) == fewest]
        return min(found)  # TPN order of the sets as listed (descending score, then TPN)
    raise NoValidPairingError("no legal set of upfloaters (C.04.6 C1, C3)")


def _next_bracket_excess(group: Sequence[int], candidates: list[int], state: dict[int, _Round],
                         following: Fraction) -> int:
    """C.04.6 C6: how many more upfloaters than its parity needs the bracket of the following
    scoregroup (score ``following``) would need after ``group`` upfloats (C1, C3, C4 there); 0 when
    that scoregroup is now empty.

    2.3.3: "Unless all the teams in the following scoregroup became or are upfloaters (thus this
    scoregroup is now empty)": the following scoregroup is the one right below the bracket's in the
    round, so the teams it lost as upfloaters of an earlier bracket count as gone; C6 is then not
    moved on to the next scoregroup that still has teams.

    Sizes are tried upwards; a set size whose combinations exceed the search limit
    counts as not found.
    """
    rest = [n for n in candidates if n not in group]
    nxt = [n for n in rest if state[n].score == following]
    if not nxt:
        return 0  # the following scoregroup became (or is) upfloaters: now empty
    below = [n for n in rest if state[n].score != following]
    parity = len(nxt) % 2
    for size in range(parity, len(below) + 1, 2):
        for examined, extra in enumerate(itertools.combinations(below, size)):
            if examined >= _COMBINATION_LIMIT:
                break
            chosen = set(extra)
            if _perfect(nxt + list(extra), state) and _perfect([n for n in below if n not in chosen], state):
                return size - parity
    return len(below) + 1


def _pair_weight(a: int, b: int, state: dict[int, _Round], colour_type: ColourType,
                 float_criteria: bool, top_score: Fraction | None = None) -> tuple[int, int, int]:
    """Violations of C8, C9 and C10 if ``a`` and ``b`` meet in a bracket whose resident
    score is ``top_score`` (default: the higher of the two) (C.04.6 2.3.5-2.3.7).

    C8: both teams want the same colour (one of them will not get it); C9 (type B):
    both preferences are strong; C10: each upfloater (a team below ``top_score``)
    whose opponent floated in the previous round counts once.
    """
    pa, pb = state[a].preference, state[b].preference
    c8 = c9 = 0
    if pa.colour is not Colour.NONE and pa.colour is pb.colour:
        c8 = 1
        if colour_type == "B" and pa.strong and pb.strong:
            c9 = 1
    c10 = 0
    if float_criteria:
        top = max(state[a].score, state[b].score) if top_score is None else top_score
        c10 = (int(state[a].score < top and state[b].floated_last)
               + int(state[b].score < top and state[a].floated_last))
    return c8, c9, c10


def _pair_bracket(bracket: list[int], state: dict[int, _Round], colour_type: ColourType,
                  float_criteria: bool) -> list[tuple[int, int]]:
    """C.04.6 3.6: the pairing of a bracket with the fewest C8, C9, C10 violations and,
    among those, the lexicographically first pairing identifier.

    The identifier (3.6.1-3.6.3): in each pair the team with the smaller TPN
    is the *top member*; the identifier lists the top members' TPNs
    ascending, then their bottom members' TPNs in the same order. C8-C10 are
    minimisations: the first identifier that "complies" is the smallest one
    among the pairings with the fewest violations. The smallest identifier is found
    exactly by two weighted matchings whose big-integer weights put, below the
    criteria, one bit per team for being a top (first matching) and one
    base-``n+1`` digit per top for its opponent (second matching).
    """
    n = len(bracket)
    if n == 0:
        return []
    rank = {t: i for i, t in enumerate(bracket)}
    by_tpn = sorted(bracket)
    tpn_pos = {t: i for i, t in enumerate(by_tpn)}
    top_score = max(state[t].score for t in bracket)
    penalties = {(a, b): _pair_weight(a, b, state, colour_type, float_criteria, top_score)
                 for a, b in itertools.combinations(bracket, 2) if b not in state[a].opponents}
    if n == 2:
        return [(bracket[0], bracket[1])]
    # The smallest identifier of all is the first half by TPN against the second half in
    # order; when it has no rematch and no C8-C10 violation, nothing can beat it.
    natural = [(by_tpn[i], by_tpn[i + n // 2]) for i in range(n // 2)]
    if all(penalties.get(p, penalties.get((p[1], p[0]))) == (0, 0, 0) for p in natural):
        return sorted(natural, key=lambda p: rank[p[0]])
    half = n // 2
    ident_bits = n * (n + 1).bit_length() + n + 2
    unit = 1 << ident_bits
    crit_base = (half + 1)

    def quality(key: tuple[int, int]) -> int:
        c8, c9, c10 = penalties[key]
        # maximise: fewer C8, then C9, then C10
        return (crit_base ** 3 - 1 - (c8 * crit_base ** 2 + c9 * crit_base + c10))

    big = (crit_base ** 3) * unit * (n + 1)

    def top_of(a: int, b: int) -> tuple[int, int]:
        return (a, b) if a < b else (b, a)

    # First matching: which teams are tops.
    mc = MatchingComputer(n)
    for (a, b) in penalties:
        top, _ = top_of(a, b)
        mc.set_edge_weight(rank[a], rank[b], big + quality((a, b)) * unit + (1 << (n - 1 - tpn_pos[top])))
    mc.compute()
    mates = mc.mates()
    if len(mates) < n or any(mates[i] == i or mates[i] < 0 for i in range(n)):
        raise NoValidPairingError("bracket cannot be paired (C.04.6 C1)")
    tops = {top_of(bracket[i], bracket[mates[i]])[0] for i in range(n)}
    top_order = sorted(tops)
    top_index = {t: i for i, t in enumerate(top_order)}
    base = n + 1
    # Second matching: the opponents of the tops, in order.
    mc = MatchingComputer(n)
    for (a, b) in penalties:
        top, other = top_of(a, b)
        if top not in tops or other in tops:
            continue
        digit = (n - tpn_pos[other]) * base ** (len(top_order) - 1 - top_index[top])
        mc.set_edge_weight(rank[a], rank[b], big + quality((a, b)) * unit + digit)
    mc.compute()
    mates = mc.mates()
    pairs = []
    for i in range(n):
        j = mates[i]
        if j < 0 or j == i:
            raise NoValidPairingError("bracket cannot be paired (C.04.6 C1)")
        if i < j:
            pairs.append(top_of(bracket[i], bracket[j]))
    return sorted(pairs, key=lambda p: rank[p[0]])


def _first_key(n: int, state: dict[int, _Round]) -> tuple[Fraction, Fraction, int]:
    """C.04.6 4.2: higher primary score, then higher secondary score, then smaller TPN first."""
    return (-state[n].score, -state[n].secondary, n)


def _allocate(a: int, b: int, state: dict[int, _Round], event: TeamEvent) -> Board:
    """C.04.6 4.3: the colours of a match; returns the board, White first."""
    first, other = sorted((a, b), key=lambda n: _first_key(n, state))
    colour = _first_team_colour(state[first], state[other], event)
    return Board(first, other) if colour is Colour.WHITE else Board(other, first)


def _first_team_colour(first: _Round, other: _Round, event: TeamEvent) -> Colour:
    cf, co = first.colours, other.colours
    pf, po = first.preference, other.preference
    if not cf and not co:  # 4.3.1
        return event.initial_colour if first.number % 2 else event.initial_colour.opposite
    has_f, has_o = pf.colour is not Colour.NONE, po.colour is not Colour.NONE
    if has_f != has_o:  # 4.3.2
        return pf.colour if has_f else po.colour.opposite
    if has_f and pf.colour is not po.colour:  # 4.3.3
        return pf.colour
    if event.colour_type == "B" and pf.strong != po.strong:  # 4.3.4
        return pf.colour if pf.strong else po.colour.opposite
    df, do = cf.count(Colour.WHITE) - cf.count(Colour.BLACK), co.count(Colour.WHITE) - co.count(Colour.BLACK)
    if df != do:  # 4.3.5
        return Colour.WHITE if df < do else Colour.BLACK
    for x, y in zip(reversed(cf), reversed(co)):  # 4.3.6, played matches aligned from the latest (GHR 3.4)
        if x is not y:
            return x.opposite
    if has_f:  # 4.3.7
        return pf.colour
    if cf:  # 4.3.8
        return cf[-1].opposite
    return co[-1]  # 4.3.9: alternate the other team's last colour


def team_names(event: TeamEvent) -> dict[int, str]:
    """Team names by number (for printing)."""
    return {n: t.name for n, t in event.teams.items()}


def format_team_pairing(event: TeamEvent, pairing: RoundPairing) -> str:
    """A readable table: board, team with White (number, name, primary/secondary score),
    team with Black."""
    from swisspair.trf.points import format_points

    secondary = event.secondary or event.primary
    width = min(max((len(t.name) for t in event.teams.values()), default=5), 30)

    def who(n: int) -> str:
        team = event.teams[n]
        score = f"{format_points(event.score(n, event.primary))}/{format_points(event.score(n, secondary))}"
        return f"{n:>3} {team.name[:width]:<{width}} {score:>10}"

    rows = [f"Round {pairing.round_number} (teams; {event.primary} primary, colour type {event.colour_type})"]
    for board, match in enumerate(pairing.boards, start=1):
        rows.append(f"{board:>3}  {who(match.white)}  -  {who(match.black)}")
    if pairing.bye is not None:
        rows.append(f"     {who(pairing.bye)}  -  bye (pairing-allocated)")
    return "\n".join(rows)


def generate_team_tournament(teams: int, boards: int, rounds: int, seed: int,
                             system: str = "FIDE_TEAM", draw_percentage: float = 30,
                             progress: Progress | None = None) -> Tournament:
    """A random team event of ``teams`` teams of ``boards`` players, paired round by round by the
    system of the ``192`` code ``system`` (the generator of every system,
    :func:`swisspair.generator.generate`): team ``k`` has the players ``(k-1)*boards+1 ..
    k*boards`` in board order, the team with White has White on the odd boards (``352``
    ``WBWB...``) and the team PAB is written as ``U`` for every player (the reader takes ``U`` on
    members of one team as that team's one PAB, not as several) with its value in a ``320`` record."""
    from swisspair.generator import GeneratorConfig, generate

    engine = find_team_system(system)
    config = GeneratorConfig(players=teams, rounds=rounds, draw_percentage=draw_percentage, boards=boards)
    return generate(config, seed, engine.pair, progress, engine.shape)


def find_team_system(code: str) -> TeamSystem:
    """The team system for a ``192`` code (settings read from the code)."""
    return TeamSystem(*parse_code(code))
