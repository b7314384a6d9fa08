"""Round-robin sections (players or teams): every round from the Berger tables (FIDE C.05 Annex 1), the rule
for a player who leaves (FIDE C.05 art. 6.6) applied to the standings, and the two lists of an all-play-all
event as lists (:mod:`.listing`: one model every form renders, page, print, PDF, CSV, JSON): the schedule
of all rounds and the crosstable grid (one result per cycle in each cell).

The core does the work: :func:`swisspair.roundrobin.berger_schedule`,
:func:`swisspair.withdrawals.standings_view`, :func:`swisspair.crosstable_grid.crosstable_grid`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from swisspair.crosstable_grid import crosstable_grid
from swisspair.model import Tournament
from swisspair.roundrobin import RoundSchedule, berger_schedule, rounds_of
from swisspair.withdrawals import RoundRobinView, standings_view
from swisspair_web.tournaments.reads.convert import SectionData, to_tournament, withdrawals_of
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads.listing import Column, Listing, Row, Table, plain, row
from swisspair_web.tournaments.reads.standings import table
from swisspair_web.tournaments.reads.teams import match_scores
from swisspair_web.tournaments.rows import Player, Section, Team, result_label

def forfeit_code(white_gone: bool, black_gone: bool) -> str:
    """The result the pairing writes for a scheduled game of a player (a team) who left (C.05 art. 6.6: his
    unplayed games are forfeits): ``-+``, ``+-``, ``--`` when both left; empty when neither did."""
    return {(True, True): "--", (True, False): "-+", (False, True): "+-"}.get((white_gone, black_gone), "")


def participants(data: SectionData) -> int:
    """Players (teams in a team section) the Berger table is drawn for."""
    return len(data.teams) if data.section.is_team else len(data.players)


def schedule(section: Section, count: int) -> tuple[RoundSchedule, ...]:
    """Every round of the section with ``count`` participants: numbers as drawn, colours reversed in the even
    cycles, the last number resting where the count is odd (C.05 Annex 1)."""
    return berger_schedule(count, cycles=section.cycles)


def planned_rounds(section: Section, count: int) -> int:
    """The rounds of ``count`` participants in the section's cycles."""
    return rounds_of(count, cycles=section.cycles)


def view(data: SectionData, tournament: Tournament, upto: int) -> RoundRobinView:
    """The table and the counted view after round ``upto`` (C.05 art. 6.6)."""
    return standings_view(tournament, withdrawals_of(data), cycles=data.section.cycles, rounds=upto)


def check_pairable(data: SectionData, number: int) -> RoundSchedule:
    """Round ``number`` of the Berger table, once the numbers can be read by it: 1 .. n each once, the
    section's rounds those of the table, and no bye recorded for the round (a round-robin has none: an
    absence is a forfeit on the board, C.05 Annex 1)."""
    section = data.section
    count = participants(data)
    numbers = sorted(t.number for t in data.teams) if section.is_team else sorted(p.tpn for p in data.players)
    if count < 2 or numbers != list(range(1, count + 1)):
        raise OperationError(_("Draw the pairing numbers first: a round-robin needs the numbers 1 to %(count)s.")
                             % {"count": count})
    planned = planned_rounds(section, count)
    if section.rounds != planned:
        raise OperationError(_("%(count)s participants in %(cycles)s cycle(s) play %(planned)s rounds, not "
                               "%(rounds)s: change the section's rounds or cycles.")
                             % {"count": count, "cycles": section.cycles, "planned": planned,
                                "rounds": section.rounds})
    byes = [bye for bye in data.byes if bye.round_number == number]
    if byes:
        names = {p.id: p.name for p in data.players}
        raise OperationError(_("A round-robin has no byes: remove the bye of %(names)s in round %(round)s (an "
                               "absence is entered as a forfeit).")
                             % {"names": "; ".join(sorted(names[b.player_id] for b in byes)), "round": number})
    return schedule(section, count)[number - 1]


# -- the schedule of all rounds ------------------------------------------------------------------------------


Side = Player | Team


@dataclass
class ScheduleGame:
    board: int
    white: Side
    black: Side
    result: str = ""
    """The result as the pairing list writes it, once entered (``1-0``, ``+ / −``...)."""


@dataclass
class ScheduleRound:
    number: int
    cycle: int
    table_round: int
    """The round of the Berger table it is (the same in every cycle)."""
    games: list[ScheduleGame]
    rest: Side | None = None
    """Who rests in the round (the count is odd)."""
    paired: bool = False
    published: bool = False


@dataclass
class ScheduleList:
    """The schedule of all rounds of a round-robin by name (C.05 Annex 1)."""

    participants: int
    cycles: int
    rounds: list[ScheduleRound] = field(default_factory=list)
    published: bool = False
    """The whole schedule is public (else the public sees the published rounds)."""

    @property
    def complete(self) -> bool:
        """Every participant has a number from 1 up: the table can be read."""
        return self.participants >= 2


def schedule_list(data: SectionData, *, public: bool = False) -> ScheduleList:
    """The schedule as the section has it: the Berger rounds by name, with the results of the rounds paired;
    for the public (``public``), the rounds not yet published only when the whole schedule is."""
    section = data.section
    sides: dict[int, Side] = ({t.number: t for t in data.teams} if section.is_team
                              else {p.tpn: p for p in data.players})
    count = participants(data)
    listing = ScheduleList(count, section.cycles, published=section.schedule_published is not None)
    if count < 2 or sorted(sides) != list(range(1, count + 1)):
        return listing
    paired = {r.number: r for r in data.rounds}
    for rnd in schedule(section, count):
        row = paired.get(rnd.round_number)
        published = row is not None and row.published
        if public and not (published or listing.published):
            continue
        results = _results(data, rnd.round_number) if row is not None and (published or not public) else {}
        games = [ScheduleGame(index, sides[b.white], sides[b.black], results.get((b.white, b.black), ""))
                 for index, b in enumerate(rnd.boards, start=1)]
        listing.rounds.append(ScheduleRound(rnd.round_number, rnd.cycle, rnd.table_round, games,
                                            sides.get(rnd.rests) if rnd.rests else None, row is not None, published))
    return listing


def _results(data: SectionData, number: int) -> dict[tuple[int, int], str]:
    """The entered results of round ``number`` by the pair of numbers (teams: the match score)."""
    by_id = {p.id: p for p in data.players}
    if data.section.is_team:
        return _match_results(data, number)
    return {(by_id[b.white_id].tpn, by_id[b.black_id].tpn): result_label(b.result)
            for b in data.boards.get(number, []) if b.result}


def _match_results(data: SectionData, number: int) -> dict[tuple[int, int], str]:
    """A team round's match scores (game points) by the pair of team numbers, once a match is complete."""
    rnd = next(r for r in data.rounds if r.number == number)
    return {(m.match.white.number, m.match.black.number): m.score_text for m in match_scores(rnd) if m.complete}


# -- the crosstable grid ------------------------------------------------------------------------------------


@dataclass
class GridRow:
    player: Player
    rank: str
    """Place in the standings; empty for a player not counted (C.05 art. 6.6)."""
    points: str
    cells: list[tuple[str, ...] | None]
    """Against each player by number: his results, one per cycle; ``None`` on the diagonal."""
    tiebreaks: list[str] = field(default_factory=list)
    counted: bool = True


@dataclass
class GridList:
    """The crosstable of a round-robin, player by player (both cycles in a double round-robin)."""

    after_round: int
    cycles: int
    rows: list[GridRow]
    codes: list[str]
    notes: list[str]
    """The standings' notes: a player who left, counted or not, and why (C.05 art. 6.6)."""


def grid_list(data: SectionData, after_round: int) -> GridList:
    """The grid after ``after_round``: rows and columns by pairing number, the standings' place, points and
    tie-breaks beside each row (the standings of :func:`..standings.table`)."""
    standing = table(data, after_round)
    conv = to_tournament(data, upto=standing.after_round)
    rr = view(data, conv.tournament, standing.after_round)
    grid = crosstable_grid(rr.table, cycles=data.section.cycles)
    ranked = {row.player.tpn: row for row in standing.rows}
    rows = []
    for tpn in grid.players:
        row = ranked.get(tpn)
        cells = [grid.cells[tpn][column] for column in grid.players]
        rows.append(GridRow(conv.by_tpn[tpn], row.rank if row else "", row.points_text if row else "", cells,
                            row.tiebreaks if row else [], tpn not in rr.uncounted))
    return GridList(standing.after_round, grid.cycles, rows, standing.codes,
                    [note for note in standing.note.split("; ") if note])


# -- the two lists as every form shows them (:mod:`.listing`) ---------------------------------------------


def _number(side: Side) -> int:
    return side.tpn if isinstance(side, Player) else side.number


def _side(side: Side) -> str:
    return f"{_number(side)}. {side.name}"


def schedule_listing(data: SectionData, *, public: bool = False) -> Listing:
    """The schedule of all rounds: a table per round (its cycle and round of the Berger table in the heading),
    a row per game (board, White, Black, result), the rest as a row of its own."""
    listing = schedule_list(data, public=public)
    columns = (Column("board", _("Bd"), number=True), Column("white", _("White"), wrap=True),
               Column("black", _("Black"), wrap=True), Column("result", _("Result")))
    tables = []
    for rnd in listing.rounds:
        rows = [row(columns, {"round": rnd.number, "board": g.board, "white_no": _number(g.white),
                              "white": _side(g.white), "black_no": _number(g.black), "black": _side(g.black),
                              "result": g.result or None}) for g in rnd.games]
        if rnd.rest is not None:
            rows.append(row(columns, {"round": rnd.number, "board": None, "white_no": _number(rnd.rest),
                                      "white": _side(rnd.rest), "black_no": None, "black": _("rests"),
                                      "result": None}))
        heading = _("Round %(n)s") % {"n": rnd.number} + " – " + _("cycle %(c)s, table round %(t)s") % {
            "c": rnd.cycle, "t": rnd.table_round}
        tables.append(Table(columns, tuple(rows), heading=heading, key=f"round-{rnd.number}"))
    return Listing(_("Schedule of all rounds (Berger tables, FIDE C.05 Annex 1)"), "schedule", tuple(tables),
                   facts={"participants": listing.participants, "cycles": listing.cycles,
                          "published": listing.published}, rows_key="games")


def _cell(results: tuple[str, ...] | None) -> str:
    """A cell of the grid: ``×`` on the diagonal, else each cycle's result (``·`` not yet played)."""
    return "×" if results is None else " ".join(result or "·" for result in results)


def _rank(value: object) -> str:
    return str(value) if value else "–"


def grid_listing(data: SectionData, after_round: int) -> Listing:
    """The crosstable grid: a row per player by number (his number, name, federation, his results against
    each player, points, place, tie-breaks); the notes say who left and whether he is counted (C.05 art. 6.6)."""
    grid = grid_list(data, after_round)
    columns = (Column("tpn", _("No."), number=True), Column("name", _("Name"), wrap=True),
               Column("federation", _("Fed")),
               *(Column(f"p{r.player.tpn}", str(r.player.tpn)) for r in grid.rows),
               Column("points", _("Pts"), number=True), Column("rank", _("Rank"), _rank, number=True),
               *(Column(f"tb{i}", code, plain, number=True) for i, code in enumerate(grid.codes)))
    rows: list[Row] = []
    for r in grid.rows:
        values: dict[str, object] = {"tpn": r.player.tpn, "name": r.player.name, "federation": r.player.federation,
                                     "points": r.points, "rank": r.rank or None, "counted": r.counted,
                                     "withdrawn_from": r.player.withdrawn_from}
        values.update({f"p{other.player.tpn}": _cell(cell) for other, cell in zip(grid.rows, r.cells, strict=True)})
        values.update({f"tb{i}": value for i, value in enumerate(r.tiebreaks)})
        values["results"] = {other.player.tpn: list(cell) for other, cell in zip(grid.rows, r.cells, strict=True)
                             if cell is not None}
        rows.append(row(columns, values))
    title = _("Crosstable after round %(n)s") % {"n": grid.after_round}
    return Listing(title, "grid", (Table(columns, tuple(rows)),), notes=tuple(grid.notes), row_id="grid",
                   facts={"after_round": grid.after_round, "cycles": grid.cycles, "tiebreaks": grid.codes,
                          "notes": grid.notes})
