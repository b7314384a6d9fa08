"""The writes of a team section (FIDE C.04.6, 2026): teams and their rosters, the team rounds paired by
the core, matches forfeited as a whole, and withdrawn teams. :mod:`swisspair_web.tournaments.reads.teams` reads
what they store (line-ups, match scores, team standings)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from django.db.models import F, Max
from django.utils.translation import gettext as _

from swisspair.errors import SwissPairError
from swisspair.model import Colour
from swisspair.pairing import find_system
from swisspair.roundrobin import round_pairing
from swisspair_web.tournaments.reads import roundrobin, sections
from swisspair_web.tournaments.reads.convert import SectionData, team_code, to_tournament
from swisspair_web.tournaments.reads.errors import Conflict, OperationError
from swisspair_web.tournaments.reads.players import PlayerData, clean_name
from swisspair_web.tournaments.reads.teams import FORFEIT_SIDES, lineups, roster
from swisspair_web.tournaments.rows import RESULTS, Board, Bye, Player, Round, Section, Team, TeamMatch
from swisspair_web.tournaments.services import follow, rounds
from swisspair_web.tournaments.services.base import User, account_of, audit, bump_section, team_of, who
from swisspair_web.tournaments.services.effects import operation
from swisspair_web.tournaments.services.players import add_players, check_withdrawal_round, delete_player
from swisspair_web.tournaments.services.results import Seen, set_results
from swisspair_web.tournaments.services.rounds import PairingOutcome


def _require_team_section(section: Section) -> None:
    if not section.is_team:
        raise OperationError(_("This is not a team section."))


def _paired(section: Section) -> int:
    return section.round_set.aggregate(m=Max("number"))["m"] or 0


def create_team(section: Section, user: User, name: str) -> Team:
    """A new team with the next team pairing number (C.04.6: TPNs are fixed except for late entries)."""
    _require_team_section(section)
    name = clean_name(name, empty=_("A team needs a name."))
    with operation():
        bump_section(section)
        number = (section.teams.aggregate(m=Max("number"))["m"] or 0) + 1
        team = Team.objects.create(section=section, number=number, name=name)
        audit(section.event, user, "team-created", section=section,
              params={"team": {"number": number, "name": name}})
        follow.section(section)
    return team


def rename_team(team: Team, user: User, name: str) -> None:
    name = clean_name(name, empty=_("A team needs a name."))
    with operation():
        bump_section(team.section)
        Team.objects.filter(pk=team.pk).update(name=name)
        audit(team.section.event, user, "team-renamed", section=team.section,
              params={"team": {"number": team.number, "name": name}},
              old=team.name, new=name)
        follow.section(team.section)
    team.name = name


def delete_team(team: Team, user: User) -> None:
    """Delete a team without players that has never been paired."""
    section = team.section
    with operation():
        if team.members.exists():
            raise OperationError(_("Remove the team's players first."))
        if TeamMatch.objects.filter(white=team).exists() or TeamMatch.objects.filter(black=team).exists() or \
                Round.objects.filter(team_bye=team).exists():
            raise OperationError(_("A team that has been paired cannot be deleted."))
        bump_section(section)
        team.delete()
        audit(section.event, user, "team-deleted", section=section, params={"team": team_of(team)})
        follow.section(section)


def add_member(team: Team, user: User, data: PlayerData) -> Player:
    """Register a player at the end of ``team``'s roster (a new pairing number in the section)."""
    section = team.section
    with operation():
        [player] = add_players(section, user, [data], source=f"team {team.number}")
        order = (team.members.aggregate(m=Max("board_order"))["m"] or 0) + 1
        Player.objects.filter(pk=player.pk).update(team=team, board_order=order, version=F("version") + 1)
        audit(section.event, user, "team-member-added", section=section,
              params={"team": team_of(team), "board": order, "player": who(player)})
        follow.section(section)
    player.team, player.board_order, player.version = team, order, player.version + 1
    return player


def move_member(player: Player, user: User, step: int) -> None:
    """Move ``player`` up (``step`` -1) or down (+1) the roster; only before round 1 is paired."""
    team = player.team
    if team is None:
        raise OperationError(_("This player is in no team."))
    section = team.section
    with operation():
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
              params={"team": team_of(team), "name": player.name, "board": other + 1})
        follow.section(section)


def remove_member(player: Player, user: User) -> None:
    """Delete a player who has never been paired from their team (the others move up)."""
    team = player.team
    with operation():
        delete_player(player, user)
        if team is not None:
            for order, member in enumerate(roster(team), start=1):
                Player.objects.filter(pk=member.pk).update(board_order=order, version=F("version") + 1)


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
    number, pending = rounds.next_round(section, data, allow_pending)
    line_up = lineups(data, number)
    gone = _withdrawn_in_round_robin(data, line_up)
    if sum(1 for players in line_up.values() if players) < 2:
        raise OperationError(_("Fewer than two teams can be paired in round %(round)s.") % {"round": number})
    conv = to_tournament(data, pending="draw" if allow_pending else "absent", next_round=True)
    tournament = conv.tournament
    if number == 1 and tournament.initial_colour is None:
        tournament.initial_colour = random.choice([Colour.WHITE, Colour.BLACK])
    rest = None
    try:
        if section.is_round_robin:  # every round from the Berger table (C.05 Annex 1), by team number
            scheduled = roundrobin.check_pairable(data, number)
            pairing, rest = round_pairing(scheduled), scheduled.rests
        else:
            pairing = find_system(team_code(section)).pair(tournament)  # the code selects the C.04.6 variant
    except SwissPairError as error:
        raise OperationError(_("The engine found no pairing: %(error)s") % {"error": error}) from None
    if pairing.round_number != number:
        raise OperationError(f"engine paired round {pairing.round_number}, expected {number}")
    teams = {t.number: t for t in data.teams}
    with operation():
        bump_section(section, seen_version)
        if number == 1:
            rounds.keep_initial_colour(section, tournament.initial_colour)
        rnd = Round.objects.create(section=section, number=number, paired_by=account_of(user),
                                   settings=sections.pairing_settings(section),
                                   system="team" if not section.is_round_robin else section.system, team_bye=teams[pairing.bye] if pairing.bye else None)
        boards = []
        for index, match in enumerate(pairing.boards, start=1):
            row = TeamMatch.objects.create(round=rnd, number=index, white=teams[match.white],
                                           black=teams[match.black])
            white, black = line_up[match.white], line_up[match.black]
            for board, (w, b) in enumerate(zip(white, black), start=1):
                # C.04.6 1.6.1 and 352 WBWB...: White on the odd boards for the team with White.
                first, second = (w, b) if board % 2 else (b, w)
                boards.append(Board(round=rnd, match=row, number=(index - 1) * section.boards + board,
                                    white=first, black=second,
                                    result=roundrobin.forfeit_code(first.team_id in gone, second.team_id in gone)))
        Board.objects.bulk_create(boards)
        for written in (b for b in boards if b.result):
            audit(section.event, user, "result", section=section, round_number=number, board_number=written.number,
                  new=RESULTS[written.result],
                  params={"white": written.white.name, "black": written.black.name, "withdrawn": True})
        for player in line_up[rest] if rest is not None else []:  # a round-robin's rest: no match, no points
            Bye.objects.update_or_create(player=player, round_number=number,
                                         defaults={"section": section, "kind": Bye.ZERO, "origin": Bye.PAIRING})
        if pairing.bye is not None:
            for player in line_up[pairing.bye]:
                Bye.objects.update_or_create(player=player, round_number=number,
                                             defaults={"section": section, "kind": Bye.PAB,
                                                       "origin": Bye.PAIRING})
        audit(section.event, user, "paired", section=section, round_number=number,
              params={"matches": len(pairing.boards), "system": team_code(section), "bye": pairing.bye})
        follow.section(section)
        rounds.pairing_checkpoint()
    warnings = [_("Unfinished games were counted as draws for this pairing only.")] if pending else []
    return PairingOutcome(rnd, warnings)


def _withdrawn_in_round_robin(data: SectionData, line_up: dict[int, list[Player]]) -> set[int]:
    """In a team round-robin, a withdrawn team (no player available) still meets its scheduled opponent:
    its first players of the roster are put on the boards, which lose by forfeit (C.05 art. 6.6, as for a
    player). Returns the ids of those teams."""
    if not data.section.is_round_robin:
        return set()
    gone = set()
    for team in data.teams:
        if not line_up[team.number]:
            line_up[team.number] = data.members(team)[: data.section.boards]
            gone.add(team.id)
    return gone


def forfeit_match(match: TeamMatch, user: User, side: str, seen: Mapping[int, Seen]) -> int:
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
    changes: dict[int, tuple[str, Seen]] = {}
    for board in boards:
        if board.number not in seen:
            raise Conflict(_("The round changed meanwhile; reload the page and try again."))
        white_absent, black_absent = board.white.team_id in absent, board.black.team_id in absent
        code = "--" if white_absent and black_absent else "-+" if white_absent else "+-"
        changes[board.number] = (code, seen[board.number])
    with operation():
        outcome = set_results(rnd, user, changes, withdraw_no_shows=False)
        if outcome.conflicts or outcome.moved:
            raise Conflict(_("Somebody else entered results in this match meanwhile; reload the page "
                               "and try again."))
        audit(section.event, user, "match-forfeited", section=section, round_number=rnd.number,
              params={"match": match.number, "white": match.white.name, "black": match.black.name, "side": side})
        follow.section(section)
    return len(outcome.saved)


def withdraw_team(team: Team, user: User, from_round: int | None) -> None:
    """Withdraw ``team`` from ``from_round`` on: every player of its roster. A team without an available
    player is absent: the C.04.6 pairing takes the teams present in the round, and the core leaves out a
    team whose players are all recorded absent (:func:`swisspair.team_matches.team_event`). ``None``
    reinstates every player of the roster.

    :raises: :exc:`OperationError` for a round already paired or beyond the last one.
    """
    section = team.section
    with operation():
        bump_section(section)
        paired = _paired(section)
        check_withdrawal_round(section, from_round, paired)
        Player.objects.filter(team=team).update(withdrawn_from=from_round, version=F("version") + 1)
        audit(section.event, user, "team-withdrawn" if from_round else "team-reinstated", section=section,
              params={"team": team_of(team), "from_round": from_round})
        follow.section(section)
