"""A new section from a TRF file: its players, rounds, results and byes, and for a file with team records
its teams, rosters and team matches, in one transaction."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from swisspair import trf
from swisspair.errors import SwissPairError
from swisspair.model import Colour, Tournament
from swisspair.trf import Diagnostic
from swisspair.trf.roundrobin import detect_round_robin
from swisspair.withdrawals import inferred_withdrawals
from swisspair_web.tournaments.reads import team_import
from swisspair_web.tournaments.reads.convert import decimal, rows_from_tournament
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads.players import PlayerData, lenient
from swisspair_web.tournaments.rows import Board, Bye, Event, Player, Round, Section, Team, TeamMatch
from swisspair_web.tournaments.rows.registry import ROUND_ROBIN, ROUND_ROBIN_TIEBREAKS, TEAM_ROUND_ROBIN_TIEBREAKS
from swisspair_web.tournaments.rows.sections import SHORT_NAME_TAKEN as SECTION_SHORT_NAME_TAKEN
from swisspair_web.tournaments.services import follow
from swisspair_web.tournaments.services.base import Progress, User, account_of, audit, no_progress, run_before_commit
from swisspair_web.tournaments.services.effects import operation


def parse_trf(text: str | bytes, source: str = "upload", warnings: list[str] | None = None,
              diagnostics: list[Diagnostic] | None = None) -> Tournament:
    """The tournament of a TRF file; the reader's located warnings are added to ``warnings`` (as text)
    and to ``diagnostics``.

    Bytes are decoded by the core's rule (:func:`swisspair.trf.decode`).
    """
    try:
        notes: list[Diagnostic] = []
        if isinstance(text, bytes):
            text, notes = trf.decode(text, source)
        result = trf.loads(text, source=source)
    except SwissPairError as error:
        raise OperationError(_("Invalid TRF: %(error)s") % {"error": error}) from None
    if warnings is not None:
        warnings.extend(str(note) for note in [*notes, *result.warnings])
    if diagnostics is not None:
        diagnostics.extend(result.warnings)
    return result.tournament


def _unique_fide_ids(data: list[tuple[int, PlayerData]], source: str, warnings: list[str] | None) -> None:
    """A FIDE ID given to two players of a TRF file stays with the first; the other loses it, with a warning."""
    holders: dict[str, int] = {}
    for tpn, player in data:
        if player.fide_id and player.fide_id in holders:
            if warnings is not None:
                warnings.append(_("%(file)s: player %(tpn)s: FIDE ID %(id)s is player %(other)s's too; "
                                  "not kept for player %(tpn)s.")
                                % {"file": source, "tpn": tpn, "id": player.fide_id, "other": holders[player.fide_id]})
            player.fide_id = ""
        elif player.fide_id:
            holders[player.fide_id] = tpn


def import_trf(event: Event, user: User, text: str | bytes, *, name: str, slug: str, system: str = "dutch",
               progress: Progress = no_progress, source: str = "upload",
               warnings: list[str] | None = None) -> Section:
    """A new section from a TRF file, with its players, rounds, results and byes.

    A file with team records (``013``/``310``) gives a team section (C.04.6) with its teams, rosters
    and team matches (:mod:`.team_import`). Everything is written in one transaction. What the
    reader read anyway (located: ``FILE:LINE:COLUMN: RECORD: ...``) is added to ``warnings``.
    """
    progress(5, "parsing")
    notes: list[str] = []
    diagnostics: list[Diagnostic] = []
    tournament = parse_trf(text, source, notes, diagnostics)
    if not tournament.players:
        raise OperationError(_("The TRF file has no players."))
    try:
        rows = rows_from_tournament(tournament)
    except ValueError as error:
        raise OperationError(_("Invalid TRF: %(error)s") % {"error": error}) from None
    data = []
    for player in tournament:
        checked, problems = lenient(PlayerData(
            name=player.name or f"Player {player.tpn}", rating=player.rating, federation=player.federation,
            fide_id=player.fide_id, title=player.title, sex=player.sex, birth_date=player.birth_date,
            club=player.club), f"{source}: " + _("player %(tpn)s: ") % {"tpn": player.tpn})
        data.append((player.tpn, checked))
        notes.extend(problems)
    _unique_fide_ids(data, source, notes)
    if warnings is not None:
        warnings.extend([*notes, *(f"{source}: {w}" for w in rows.warnings)])
    team_plan = None
    byes = rows.byes
    if team_import.has_team_records(tournament):
        try:
            team_plan = team_import.plan(tournament, rows, diagnostics)
        except team_import.TeamImportError as error:
            raise OperationError(_("Invalid team records: %(error)s") % {"error": error}) from None
        byes = team_import.kept_byes(team_plan, rows)
        rows.extras["extra_lines"] = [line for line in tournament.extra_lines
                                      if line[:3] not in team_import.DROPPED_RECORDS]
    settings, left = _round_robin(tournament)
    scoring = tournament.scoring
    progress(60, "saving")
    with operation():
        try:
            with transaction.atomic():
                section = Section.objects.create(
                    event=event, name=name, slug=slug, rounds=rows.rounds,
                    initial_colour={Colour.WHITE: "w", Colour.BLACK: "b"}.get(
                        tournament.initial_colour or Colour.NONE, ""),
                    acceleration=Section.CUSTOM if tournament.accelerations else "",
                    win=decimal(scoring.win), draw=decimal(scoring.draw), loss=decimal(scoring.loss),
                    pab=decimal(scoring.pab_points), half_bye=decimal(scoring.points(_result("H"))),
                    full_bye=decimal(scoring.points(_result("F"))),
                    forfeit_win=decimal(scoring.points(_result("+"))),
                    forfeit_loss=decimal(scoring.points(_result("-"))), zero_bye=decimal(scoring.zero_bye),
                    trf_extras=rows.extras, numbering=Section.FIXED_ORDER,
                    **{"system": system, **(team_plan.settings if team_plan else {}), **settings})
        except IntegrityError:
            raise OperationError(str(SECTION_SHORT_NAME_TAKEN)) from None
        players = {tpn: Player.objects.create(section=section, tpn=tpn, withdrawn_from=left.get(tpn), **d.__dict__)
                   for tpn, d in data}
        now = timezone.now()
        rounds = {r: Round.objects.create(section=section, number=r, paired_by=account_of(user), published_at=now)
                  for r in range(1, rows.paired_rounds + 1)}
        for b in rows.boards:
            if b.round_number not in rounds:
                raise OperationError(_("Invalid TRF: a game in round %(round)s after the last paired round.")
                                     % {"round": b.round_number})
        if team_plan is None:
            numbers: dict[int, int] = {}
            boards = []
            for b in rows.boards:
                numbers[b.round_number] = numbers.get(b.round_number, 0) + 1
                boards.append(Board(round=rounds[b.round_number], number=numbers[b.round_number],
                                    white=players[b.white], black=players[b.black], result=b.result))
            Board.objects.bulk_create(boards)
        else:
            save_teams(team_plan, section, players, rounds)
        Bye.objects.bulk_create([Bye(section=section, player=players[tpn], round_number=r, kind=kind,
                                     origin=Bye.PAIRING if kind == Bye.PAB else Bye.IMPORT)
                                 for tpn, r, kind in byes])
        audit(event, user, "trf-imported", section=section,
              params={"players": len(players), "rounds": rows.paired_rounds,
                      "teams": len(team_plan.teams) if team_plan else None, "notes": [*rows.warnings, *notes]})
        follow.event(event.pk)
        run_before_commit(section)
        _import_checkpoint()
    return section


def _round_robin(tournament: Tournament) -> tuple[dict[str, object], dict[int, int]]:
    """A round-robin file (``092``/``192``, or every pair met as often in as many rounds: FIDE's rating
    report) gives a round-robin section: its cycles, the round-robin tie-breaks, and the players who left (forfeits to the end, C.05 art. 6.6) withdrawn from that round."""
    found = detect_round_robin(tournament)
    if found is None:
        return {}, {}
    settings: dict[str, object] = {"system": ROUND_ROBIN, "cycles": found.cycles,
                                   "tiebreaks": TEAM_ROUND_ROBIN_TIEBREAKS if found.teams else ROUND_ROBIN_TIEBREAKS}
    left = {} if found.teams else inferred_withdrawals(tournament, found.cycles)
    return settings, left


def _result(code: str):  # type: ignore[no-untyped-def]
    from swisspair.model import Result

    return Result(code)


def save_teams(team_plan: team_import.TeamPlan, section: Section, players: dict[int, Player],
               rounds: dict[int, Round]) -> None:
    """Write the teams, rosters, matches and their boards; called inside the import transaction."""
    teams: dict[int, Team] = {}
    for number, name, members in team_plan.teams:
        teams[number] = Team.objects.create(section=section, number=number, name=name)
        for order, tpn in enumerate(members, start=1):
            Player.objects.filter(pk=players[tpn].pk).update(team=teams[number], board_order=order,
                                                             version=F("version") + 1)
    index: dict[int, int] = {}
    boards: list[Board] = []
    for match in team_plan.matches:
        index[match.round_number] = index.get(match.round_number, 0) + 1
        number = index[match.round_number]
        row = TeamMatch.objects.create(round=rounds[match.round_number], number=number,
                                       white=teams[match.white], black=teams[match.black])
        for position, game in enumerate(match.boards, start=1):
            boards.append(Board(round=rounds[match.round_number], match=row,
                                number=(number - 1) * section.boards + position, white=players[game.white],
                                black=players[game.black], result=game.result))
    Board.objects.bulk_create(boards)
    for rnd, team in team_plan.team_byes.items():
        Round.objects.filter(pk=rounds[rnd].pk).update(team_bye=teams[team])


def _import_checkpoint() -> None:
    """Called inside the import transaction just before it commits (a seam for the kill tests)."""
