"""Team sections (FIDE C.04.6, 2026): rosters, team rounds, match scores and team standings.

The pairing is the core's (:mod:`swisspair.pairing.team`), the team
tie-breaks too (:mod:`swisspair.tiebreaks.team`, C.07 (2026) arts. 11-13). Both
read the individual view of the section (:func:`.convert.to_tournament`) with
its ``310`` team records, ``352``, ``362`` and ``192``; this module only
stores what they decide.

* A team's roster is its players in :attr:`Player.board_order`. The order is
  fixed once round 1 is paired (players may still be added at the end); a
  match's line-up is the first ``boards`` players of the roster who are
  available in that round, in roster order.
* In a match the team with White (its board-1 player has White, C.04.6 1.6.1)
  has White on the odd boards and Black on the even ones (``352`` ``WBWB…``).
* Game points (GP) are the sum of a team's board points; match points (MP)
  compare the two teams' GP with the section's won/drawn/lost values
  (C.04.6 1.2).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from django.db import transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swisspair.errors import SwissPairError
from swisspair.model import Colour
from swisspair.pairing import find_system
from swisspair.team_matches import TeamBoard
from swisspair.team_matches import TeamMatch as CoreMatch
from swisspair.teams import ForfeitOutcome, MatchPoints, TeamForfeit
from swisspair_web.tournaments import services, settings_changes
from swisspair_web.tournaments.convert import (
    SectionData,
    board_results,
    fraction,
    scoring_of,
    team_code,
    to_tournament,
)
from swisspair_web.tournaments.models import Board, Bye, Player, Round, Section, Team, TeamMatch
from swisspair_web.tournaments.services import OperationError, PairingOutcome, User, audit, bump_section
from swisspair_web.tournaments.standings import fmt

# -- rosters ----------------------------------------------------------------------------------------


def _require_team_section(section: Section) -> None:
    if not section.is_team:
        raise OperationError(_("This is not a team section."))


def _paired(section: Section) -> int:
    return section.round_set.aggregate(m=Max("number"))["m"] or 0


def create_team(section: Section, user: User, name: str) -> Team:
    """A new team with the next team pairing number (C.04.6: TPNs are fixed except for late entries)."""
    _require_team_section(section)
    name = services.clean_name(name, empty=_("A team needs a name."))
    with transaction.atomic():
        bump_section(section)
        number = (section.teams.aggregate(m=Max("number"))["m"] or 0) + 1
        team = Team.objects.create(section=section, number=number, name=name)
        audit(section.event, user, "team-created", section=section, detail=f"{number}. {name}")
    return team


def rename_team(team: Team, user: User, name: str) -> None:
    name = services.clean_name(name, empty=_("A team needs a name."))
    with transaction.atomic():
        bump_section(team.section)
        Team.objects.filter(pk=team.pk).update(name=name)
        audit(team.section.event, user, "team-renamed", section=team.section, detail=f"{team.number}. {name}",
              old=team.name, new=name)
    team.name = name


def delete_team(team: Team, user: User) -> None:
    """Delete a team without players that has never been paired."""
    section = team.section
    with transaction.atomic():
        if team.members.exists():
            raise OperationError(_("Remove the team's players first."))
        if TeamMatch.objects.filter(white=team).exists() or TeamMatch.objects.filter(black=team).exists() or \
                Round.objects.filter(team_bye=team).exists():
            raise OperationError(_("A team that has been paired cannot be deleted."))
        bump_section(section)
        team.delete()
        audit(section.event, user, "team-deleted", section=section, detail=f"{team.number}. {team.name}")


def add_member(team: Team, user: User, data: services.PlayerData) -> Player:
    """Register a player at the end of ``team``'s roster (a new pairing number in the section)."""
    section = team.section
    with transaction.atomic():
        [player] = services.add_players(section, user, [data], source=f"team {team.number}")
        order = (team.members.aggregate(m=Max("board_order"))["m"] or 0) + 1
        Player.objects.filter(pk=player.pk).update(team=team, board_order=order)
        audit(section.event, user, "team-member-added", section=section,
              detail=f"{team.number}. {team.name}: board {order}, {player.tpn}. {player.name}")
    player.team, player.board_order = team, order
    return player


def roster(team: Team) -> list[Player]:
    """The players of ``team`` in board order."""
    return list(team.members.order_by("board_order", "tpn"))


def move_member(player: Player, user: User, step: int) -> None:
    """Move ``player`` up (``step`` -1) or down (+1) the roster; only before round 1 is paired."""
    team = player.team
    if team is None:
        raise OperationError(_("This player is in no team."))
    section = team.section
    with transaction.atomic():
        bump_section(section)
        if _paired(section):
            raise OperationError(_("The board order is fixed once round 1 is paired; players may still be "
                                   "added at the end."))
        members = roster(team)
        index = next(i for i, p in enumerate(members) if p.pk == player.pk)
        other = index + step
        if not 0 <= other < len(members):
            return
        members[index], members[other] = members[other], members[index]
        for order, member in enumerate(members, start=1):
            Player.objects.filter(pk=member.pk).update(board_order=order, version=F("version") + 1)
        audit(section.event, user, "team-reordered", section=section,
              detail=f"{team.number}. {team.name}: {player.name} to board {other + 1}")


def remove_member(player: Player, user: User) -> None:
    """Delete a player who has never been paired from their team (the others move up)."""
    team = player.team
    with transaction.atomic():
        services.delete_player(player, user)
        if team is not None:
            for order, member in enumerate(roster(team), start=1):
                Player.objects.filter(pk=member.pk).update(board_order=order)


# -- pairing ----------------------------------------------------------------------------------------


def lineups(data: SectionData, number: int) -> dict[int, list[Player]]:
    """Team number -> the players who play round ``number``: the first ``boards`` available players of
    the roster, in roster order (an empty list: every player is withdrawn or has a requested bye, and
    the core counts the team absent).

    :raises: :exc:`OperationError` for a team without players, or with some but too few available.
    """
    section = data.section
    away = {b.player_id for b in data.byes if b.round_number == number and b.kind != Bye.PAB}
    out: dict[int, list[Player]] = {}
    for team in data.teams:
        roster = data.members(team)
        if not roster:
            raise OperationError(_("Team %(team)s has no players.") % {"team": team.name})
        available = [p for p in roster if not p.is_withdrawn(number) and p.id not in away]
        if available and len(available) < section.boards:
            raise OperationError(ngettext("Team %(team)s has %(count)s player for round %(round)s; a match has "
                                          "%(boards)s boards.",
                                          "Team %(team)s has %(count)s players for round %(round)s; a match has "
                                          "%(boards)s boards.", len(available)) % {"team": team.name, "count": len(available),
                                                             "round": number, "boards": section.boards})
        out[team.number] = available[: section.boards]
    return out


def pair_team_round(section: Section, user: User, *, allow_pending: bool = False) -> PairingOutcome:
    """Pair the next round of a team section with the core's C.04.6 system and store it (unpublished):
    the matches, their boards by board order, and the team PAB (C.04.6 1.4) as a ``U`` for each player
    of the team's line-up.

    Like :func:`.services.pair_next_round`, the engine runs on a snapshot outside any transaction.

    :raises: :exc:`OperationError` (also for ``NoValidPairingError``), :exc:`.services.Conflict`.
    """
    _require_team_section(section)
    seen_version = section.version
    data = SectionData.load(section)
    number = data.paired_rounds + 1
    if number > section.rounds:
        raise OperationError(ngettext("The section's only round is paired.", "All %(rounds)s rounds are paired.",
                                        section.rounds) % {"rounds": section.rounds})
    if any(data.pending_boards(r.number) for r in data.rounds[:-1]):
        raise OperationError(_("An earlier round still has games without a result."))
    pending = data.pending_boards(data.paired_rounds) if data.paired_rounds else []
    if pending and not allow_pending:
        raise OperationError(
            ngettext("Round %(round)s has %(count)s game without a result. Enter it first, or pair counting "
                     "it as a draw.",
                     "Round %(round)s has %(count)s games without a result. Enter them first, or pair counting "
                     "them as draws.", len(pending)) % {"round": data.paired_rounds, "count": len(pending)})
    line_up = lineups(data, number)
    if sum(1 for players in line_up.values() if players) < 2:
        raise OperationError(_("Fewer than two teams can be paired in round %(round)s.") % {"round": number})
    conv = to_tournament(data, pending="draw" if allow_pending else "absent", next_round=True)
    tournament = conv.tournament
    if number == 1 and tournament.initial_colour is None:
        tournament.initial_colour = random.choice([Colour.WHITE, Colour.BLACK])
    try:
        pairing = find_system(team_code(section)).pair(tournament)  # the code selects the C.04.6 variant
    except SwissPairError as error:
        raise OperationError(_("The engine found no pairing: %(error)s") % {"error": error}) from None
    if pairing.round_number != number:
        raise OperationError(f"engine paired round {pairing.round_number}, expected {number}")
    teams = {t.number: t for t in data.teams}
    with transaction.atomic():
        bump_section(section, seen_version)
        if number == 1 and not section.initial_colour:
            colour = "w" if tournament.initial_colour is Colour.WHITE else "b"
            Section.objects.filter(pk=section.pk).update(initial_colour=colour)
            section.initial_colour = colour
        rnd = Round.objects.create(section=section, number=number, paired_by=services._user(user),
                                   settings=settings_changes.pairing_settings(section),
                                   system="team", team_bye=teams[pairing.bye] if pairing.bye else None)
        boards = []
        for index, match in enumerate(pairing.boards, start=1):
            row = TeamMatch.objects.create(round=rnd, number=index, white=teams[match.white],
                                           black=teams[match.black])
            white, black = line_up[match.white], line_up[match.black]
            for board, (w, b) in enumerate(zip(white, black), start=1):
                # C.04.6 1.6.1 and 352 WBWB...: White on the odd boards for the team with White.
                first, second = (w, b) if board % 2 else (b, w)
                boards.append(Board(round=rnd, match=row, number=(index - 1) * section.boards + board,
                                    white=first, black=second))
        Board.objects.bulk_create(boards)
        if pairing.bye is not None:
            for player in line_up[pairing.bye]:
                Bye.objects.update_or_create(player=player, round_number=number,
                                             defaults={"section": section, "kind": Bye.PAB,
                                                       "origin": Bye.PAIRING})
        audit(section.event, user, "paired", section=section, round_number=number,
              detail=f"{len(pairing.boards)} matches, system team {team_code(section)}" +
              (f", bye team {pairing.bye}" if pairing.bye else ""))
        services._pairing_checkpoint()
    warnings = [_("Unfinished games were counted as draws for this pairing only.")] if pending else []
    return PairingOutcome(rnd, warnings)


# -- match scores -----------------------------------------------------------------------------------


@dataclass
class MatchScore:
    """A match as shown: its teams, boards and the score so far."""

    match: TeamMatch
    boards: list[Board]
    white_points: Fraction
    """Game points of the team with White on board 1."""
    black_points: Fraction
    complete: bool
    """Every board has a result."""
    white_match_points: Fraction | None = None
    """Match points of the team with White once the match is complete (C.04.6 1.2)."""
    black_match_points: Fraction | None = None

    @property
    def score_text(self) -> str:
        return f"{fmt(self.white_points)} : {fmt(self.black_points)}"


def match_scores(rnd: Round) -> list[MatchScore]:
    """The matches of a team round scored by the core (:meth:`swisspair.team_matches.TeamMatch.scored`): game
    points from the board results, match points by the section's scoring once every board has a result."""
    section = rnd.section
    scoring = scoring_of(section)
    points = MatchPoints(fraction(section.match_win), fraction(section.match_draw), fraction(section.match_loss))
    games: dict[int, list[Board]] = {}
    for board in rnd.boards.select_related("white", "black").order_by("number"):
        if board.match_id is not None:
            games.setdefault(board.match_id, []).append(board)
    out = []
    for match in rnd.matches.select_related("white", "black").order_by("number"):
        boards = games.get(match.id, [])
        scored = CoreMatch.scored(rnd.number, (match.white.number, match.black.number),
                                  tuple(_core_board(board, match) for board in boards), scoring, points)
        mp = scored.match_points
        out.append(MatchScore(match, boards, *scored.game_points, scored.complete, *(mp or (None, None))))
    return out


def _core_board(board: Board, match: TeamMatch) -> TeamBoard:
    """A stored board as the core's, from the side of the team with White on board 1 (``match.white``)."""
    results = board_results(board.result) if board.result else None
    if board.white.team_id == match.white_id:
        return TeamBoard((board.white.tpn, board.black.tpn), (Colour.WHITE, Colour.BLACK), results)
    return TeamBoard((board.black.tpn, board.white.tpn), (Colour.BLACK, Colour.WHITE),
                     None if results is None else (results[1], results[0]))


# -- forfeited matches and withdrawn teams ----------------------------------------------------------

FORFEIT_SIDES = ("white", "black", "both")
"""Who did not play a forfeited match: the team with White on board 1, the team with Black, or both."""


def forfeit_match(match: TeamMatch, user: User, side: str, seen: Mapping[int, services.Seen]) -> int:
    """Record the whole of ``match`` as forfeited in one action: on every board the player of the team that
    did not play loses by forfeit (``+``/``-``; ``--`` when neither team played), as TRF26 writes a team
    forfeit (``330``: the present team's players get ``+``). The match is then not played for the core
    (no colours, no meeting, C.04.6 1.6) and its match points come from the game points as for any match
    (C.04.6 1.2); one neither team played is lost by both (:func:`swisspair.team_matches.match_outcomes`).
    The players are not withdrawn; withdraw the team for that (:func:`withdraw_team`).

    :param side: one of :data:`FORFEIT_SIDES`.
    :param seen: board number -> what the arbiter's page showed of it (version, players); nothing is written
        when a board of the match changed meanwhile or holds other players.
    :returns: the number of boards changed.
    :raises: :exc:`OperationError`, :exc:`.services.Conflict`.
    """
    if side not in FORFEIT_SIDES:
        raise OperationError(_("Unknown side of a forfeit."))
    rnd = match.round
    section = rnd.section
    boards = list(match.games.select_related("white", "black").order_by("number"))
    absent = {"white": {match.white_id}, "black": {match.black_id},
              "both": {match.white_id, match.black_id}}[side]
    changes: dict[int, tuple[str, services.Seen]] = {}
    for board in boards:
        if board.number not in seen:
            raise services.Conflict(_("The round changed meanwhile; reload the page and try again."))
        white_absent, black_absent = board.white.team_id in absent, board.black.team_id in absent
        code = "--" if white_absent and black_absent else "-+" if white_absent else "+-"
        changes[board.number] = (code, seen[board.number])
    with transaction.atomic():
        outcome = services.set_results(rnd, user, changes, withdraw_no_shows=False)
        if outcome.conflicts or outcome.moved:
            raise services.Conflict(_("Somebody else entered results in this match meanwhile; reload the page "
                                      "and try again."))
        audit(section.event, user, "match-forfeited", section=section, round_number=rnd.number,
              detail=f"match {match.number}: {match.white.name} - {match.black.name}, absent: {side}")
    return len(outcome.saved)


_OUTCOMES: dict[str, ForfeitOutcome] = {"+-": "+-", "-+": "-+", "--": "--"}


def forfeit_records(section: Section, upto: int) -> list[TeamForfeit]:
    """The team forfeits (TRF26 ``330 TT RRR WWW BBB``, TT ``+-``, ``-+`` or ``--`` for the team with White on
    board 1 and the other) of the matches of rounds ``1..upto`` forfeited as a whole: every board a forfeit
    against the same team, or against both (what :func:`forfeit_match` records)."""
    games: dict[int, list[Board]] = {}
    for board in Board.objects.filter(round__section=section, round__number__lte=upto,
                                      match__isnull=False).select_related("white"):
        assert board.match_id is not None
        games.setdefault(board.match_id, []).append(board)
    forfeits = []
    for match in TeamMatch.objects.filter(round__section=section, round__number__lte=upto).select_related(
            "round", "white", "black").order_by("round__number", "number"):
        boards = games.get(match.id, [])
        if not boards or any(b.result not in ("+-", "-+", "--") for b in boards):
            continue
        sides = {b.result if b.white.team_id == match.white_id else b.result[::-1] for b in boards}
        outcome = _OUTCOMES.get(sides.pop()) if len(sides) == 1 else None
        if outcome is not None:
            forfeits.append(TeamForfeit(outcome, match.round.number, match.white.number, match.black.number))
    return forfeits


def withdrawn_from(members: list[Player]) -> int | None:
    """The round from which every player of a roster is withdrawn (the team is withdrawn), else ``None``."""
    rounds = [p.withdrawn_from for p in members]
    if not members or None in rounds:
        return None
    return max(r for r in rounds if r is not None)


def withdraw_team(team: Team, user: User, from_round: int | None) -> None:
    """Withdraw ``team`` from ``from_round`` on: every player of its roster. A team without an available
    player is absent: the C.04.6 pairing takes the teams present in the round, and the core leaves out a
    team whose players are all recorded absent (:func:`swisspair.team_matches.team_event`). ``None``
    reinstates every player of the roster.

    :raises: :exc:`OperationError` for a round already paired or beyond the last one.
    """
    section = team.section
    with transaction.atomic():
        bump_section(section)
        paired = _paired(section)
        if from_round is not None and from_round <= paired:
            raise OperationError(_("Round %(round)s is already paired; withdraw from round %(next)s or later.")
                                 % {"round": from_round, "next": paired + 1})
        if from_round is not None and from_round > section.rounds:
            raise OperationError(ngettext("The section has only %(rounds)s round.", "The section has only %(rounds)s rounds.",
                                        section.rounds) % {"rounds": section.rounds})
        Player.objects.filter(team=team).update(withdrawn_from=from_round, version=F("version") + 1)
        audit(section.event, user, "team-withdrawn" if from_round else "team-reinstated", section=section,
              detail=f"{team.number}. {team.name}" + (f" from round {from_round}" if from_round else ""))


# -- standings ----------------------------------------------------------------------------------------


@dataclass
class TeamRow:
    rank: str
    team: Team
    match_points: Fraction
    game_points: Fraction
    tiebreaks: list[str] = field(default_factory=list)

    @property
    def match_points_text(self) -> str:
        return fmt(self.match_points)

    @property
    def game_points_text(self) -> str:
        return fmt(self.game_points)


@dataclass
class TeamTable:
    after_round: int
    primary: str
    codes: list[str]
    rows: list[TeamRow]
    note: str = ""


def team_table(data: SectionData, after_round: int | None = None) -> TeamTable:
    """Team standings after ``after_round`` (default: the last complete round): the primary score, then
    the section's tie-breaks, computed by the core on the team view (C.07 (2026) 11.1, arts. 12-13)."""
    from swisspair.standings import compute_standings
    from swisspair.tiebreaks.team import standings_event

    section = data.section
    complete = data.complete_rounds()
    upto = complete if after_round is None else max(0, min(after_round, complete))
    teams = {t.number: t for t in data.teams}
    if not teams:
        return TeamTable(upto, section.team_primary, [], [])
    event = standings_event(to_tournament(data, upto=upto).tournament)
    note = ""
    try:
        result = compute_standings(event, ",".join(section.tiebreak_codes) or None)
    except SwissPairError as error:  # a list the core refuses must not take the page down: say why
        note = _("tie-breaks unavailable: %(error)s") % {"error": error}
        result = compute_standings(event, [])
    rows = [TeamRow(row.place_text, teams[row.tpn], event.total(row.tpn, "MP"), event.total(row.tpn, "GP"),
                    [fmt(v) if v is not None else "" for v in row.values]) for row in result.rows]
    labels = [d.label for d in result.tiebreaks]
    return TeamTable(upto, section.team_primary, labels, rows, note or "; ".join(result.notes))


def team_results(data: SectionData, team: Team) -> list[dict[str, object]]:
    """One line per paired round of ``team``: opponent, colour, game points and match points."""
    lines: list[dict[str, object]] = []
    for rnd in data.rounds:
        if rnd.team_bye_id == team.id:
            lines.append({"round": rnd.number, "opponent": None, "colour": "", "bye": True, "score": "",
                          "match_points": ""})
            continue
        for score in match_scores(rnd):
            if team.id in (score.match.white_id, score.match.black_id):
                white = score.match.white_id == team.id
                own, their = ((score.white_points, score.black_points) if white
                              else (score.black_points, score.white_points))
                mp = score.white_match_points if white else score.black_match_points
                lines.append({"round": rnd.number, "opponent": score.match.black if white else score.match.white,
                              "colour": "w" if white else "b", "bye": False,
                              "score": f"{fmt(own)} : {fmt(their)}", "match_points": fmt(mp)})
    return lines
