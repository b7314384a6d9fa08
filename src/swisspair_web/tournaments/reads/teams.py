"""Team sections (FIDE C.04.6, 2026): rosters, team rounds, match scores and team standings.

The pairing is the core's (:mod:`swisspair.pairing.team`), the team
tie-breaks too (:mod:`swisspair.tiebreaks.team`, C.07 (2026) arts. 11-13). Both
read the individual view of the section (:func:`.convert.to_tournament`) with
its ``310`` team records, ``352``, ``362`` and ``192``; this module reads
what they decide (rosters, line-ups, match scores, standings), and
:mod:`.services.teams` stores it.

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

from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swisspair.errors import SwissPairError
from swisspair.model import Colour
from swisspair.team_matches import TeamBoard
from swisspair.team_matches import TeamMatch as CoreMatch
from swisspair.teams import ForfeitOutcome, MatchPoints, TeamForfeit
from swisspair_web.tournaments.reads.convert import SectionData, board_results, fraction, scoring_of, to_tournament
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads import labels
from swisspair_web.tournaments.reads.listing import Column, Listing, Table, rating
from swisspair_web.tournaments.reads.listing import row as list_row
from swisspair_web.tournaments.reads.standings import fmt
from swisspair_web.tournaments.rows import Board, Bye, Player, Round, Section, Team, TeamMatch, result_label

# -- rosters ----------------------------------------------------------------------------------------


def roster(team: Team) -> list[Player]:
    """The players of ``team`` in board order."""
    return list(team.members.order_by("board_order", "tpn"))


# -- line-ups ----------------------------------------------------------------------------------------


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


_OUTCOMES: dict[str, ForfeitOutcome] = {"+-": "+-", "-+": "-+", "--": "--"}


def forfeit_records(section: Section, upto: int) -> list[TeamForfeit]:
    """The team forfeits (TRF26 ``330 TT RRR WWW BBB``, TT ``+-``, ``-+`` or ``--`` for the team with White on
    board 1 and the other) of the matches of rounds ``1..upto`` forfeited as a whole: every board a forfeit
    against the same team, or against both (what :func:`.services.teams.forfeit_match` records)."""
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


def standings_listing(data: SectionData, after_round: int | None = None) -> Listing:
    """The team standings (:func:`team_table`) as every form shows them: place, number, team, the primary
    score first (C.04.6 1.2; C.07 (2026) 11.1), the other, then the tie-breaks."""
    table = team_table(data, after_round)
    scores = (Column("match_points", _("MP"), number=True), Column("game_points", _("GP"), number=True))
    columns = (Column("rank", "#", number=True), Column("team", _("No."), number=True),
               Column("name", _("Team"), wrap=True), *(scores[::-1] if table.primary == "GP" else scores),
               *(Column(code, code, number=True) for code in table.codes))
    rows = tuple(list_row(columns, {"rank": r.rank, "team": r.team.number, "name": r.team.name,
                                    "match_points": r.match_points_text, "game_points": r.game_points_text,
                                    **dict(zip(table.codes, r.tiebreaks, strict=True)), "tiebreaks": r.tiebreaks})
                 for r in table.rows)
    after = _("after round %(n)s") % {"n": table.after_round}
    return Listing(f"{_('Standings')} {after}", "standings", (Table(columns, rows),),
                   facts={"after_round": table.after_round, "primary": table.primary, "tiebreaks": table.codes,
                          "note": table.note},
                   notes=(table.note,) if table.note else (), html_id="team-standings", row_id="team-row",
                   rows_key="standings")


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


def _member(board: int, p: Player) -> dict[str, object]:
    return {"board": board, "tpn": p.tpn, "name": p.name, "rating": p.rating, "title": p.title,
            "federation": p.federation, "fide_id": p.fide_id, "club": p.club, "withdrawn_from": p.withdrawn_from}


def team_listing(data: SectionData, team: Team, rounds: set[int]) -> Listing:
    """A team's card as every form shows it: its matches in ``rounds`` (opponent, colour by its label, game
    points, match points; the team PAB by its label), then its roster in board order."""
    columns = (Column("round", _("Rd"), number=True), Column("opponent", _("No."), number=True),
               Column("opponent_name", _("Opponent"), wrap=True), Column("colour", _("Colour"), labels.shown("colour")),
               Column("score", _("Score")), Column("match_points", _("MP"), number=True))
    rows = tuple(list_row(columns, {
        "round": line["round"], "bye": line["bye"], "colour": line["colour"] or None,
        "score": line["score"], "match_points": line["match_points"],
        "opponent": line["opponent"].number if isinstance(line["opponent"], Team) else None,
        "opponent_name": line["opponent"].name if isinstance(line["opponent"], Team) else labels.label("bye", Bye.PAB)})
        for line in team_results(data, team) if line["round"] in rounds)
    roster = (Column("board", _("Bd"), number=True), Column("tpn", _("No."), number=True),
              Column("name", _("Name"), wrap=True), Column("title", _("Title")),
              Column("rating", _("Rating"), rating, number=True), Column("federation", _("Fed")))
    members = [_member(board, p) for board, p in enumerate(data.members(team), start=1)]
    return Listing(f"{team.number}. {team.name}", f"team-{team.number}",
                   (Table(columns, rows, heading=_("Matches"), key="matches"),),
                   (Table(roster, tuple(list_row(roster, m) for m in members), heading=_("Players"), key="roster"),),
                   facts={"number": team.number, "name": team.name,
                          "members": [{k: v for k, v in m.items() if k != "board"} for m in members]},
                   html_id="team-matches", rows_key="rounds")


def _match_heading(m: MatchScore) -> str:
    """``1. Club A – Club B: 1½ : ½ (MP 2 : 0)``: the match, its game points and, once complete, its match points."""
    match = m.match
    points = f" ({_('MP')} {fmt(m.white_match_points)} : {fmt(m.black_match_points)})" if m.complete else ""
    return f"{match.number}. {match.white.name} – {match.black.name}: {m.score_text}{points}"


def matches_listing(rnd: Round) -> Listing:
    """A team round's matches as every form shows them: a table per match under its heading (teams, game
    points, match points once complete, C.04.6 1.2), a row per board; the team PAB and the players' own byes
    under the list, by their labels."""
    columns = (Column("board", _("Bd")), Column("white_tpn", _("No."), number=True),
               Column("white", _("White"), wrap=True), Column("result", _("Result"), result_label),
               Column("black", _("Black"), wrap=True), Column("black_tpn", _("No."), number=True))
    scores = match_scores(rnd)
    tables = tuple(Table(columns, tuple(list_row(columns, {
        "match": m.match.number, "board": f"{m.match.number}.{index}", "white_tpn": b.white.tpn,
        "white": b.white.name, "result": b.result or None, "black": b.black.name, "black_tpn": b.black.tpn})
        for index, b in enumerate(m.boards, start=1)), heading=_match_heading(m), key=str(m.match.number))
        for m in scores)
    notes = [f"{_('Pairing-allocated bye')}: {rnd.team_bye.number}. {rnd.team_bye.name}"] if rnd.team_bye else []
    notes += [f"{b.player.tpn}. {b.player.name}: {labels.label('bye', b.kind)}"
              for b in Bye.objects.filter(section=rnd.section, round_number=rnd.number).exclude(kind=Bye.PAB)
              .select_related("player").order_by("player__tpn")]
    matches = [{"match": m.match.number, "white": m.match.white.number, "black": m.match.black.number,
                "white_name": m.match.white.name, "black_name": m.match.black.name,
                "white_game_points": fmt(m.white_points), "black_game_points": fmt(m.black_points),
                "white_match_points": fmt(m.white_match_points), "black_match_points": fmt(m.black_match_points),
                "complete": m.complete} for m in scores]
    title = _("Round %(n)s") % {"n": rnd.number}
    return Listing(title, f"round-{rnd.number}-matches", tables,
                   facts={"round": rnd.number, "published": rnd.published, "matches": matches,
                          "bye_team": rnd.team_bye.number if rnd.team_bye else None},
                   notes=tuple(notes), group="match", html_id="matches", rows_key="boards")


def rosters_listing(data: SectionData) -> Listing:
    """The teams of a section with their rosters in board order, as every form shows them: a table per team
    under its number and name (and the round it withdrew from)."""
    columns = (Column("board", _("Bd"), number=True), Column("tpn", _("No."), number=True),
               Column("name", _("Name"), wrap=True), Column("rating", _("Rating"), rating, number=True),
               Column("federation", _("Fed")))
    tables = []
    for team in data.teams:
        members = data.members(team)
        withdrawn = withdrawn_from(members)
        heading = f"{team.number}. {team.name}" + (
            f" ({_('withdrawn from round %(n)s') % {'n': withdrawn}})" if withdrawn else "")
        tables.append(Table(columns, tuple(list_row(columns, {**_member(board, p), "team": team.number})
                                           for board, p in enumerate(members, start=1)),
                            heading=heading, key=str(team.number)))
    return Listing(_("Teams"), "teams", tuple(tables), group="team", rows_key="players",
                   facts={"teams": [{"number": t.number, "name": t.name} for t in data.teams]})
