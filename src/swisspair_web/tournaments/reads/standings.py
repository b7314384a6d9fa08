"""Standings, crosstable and player cards of a section, computed by the core.

The tie-breaks are the core's (``swisspair.standings``); when the section's list cannot be computed
(a bad code, say) the table is ordered by points, then pairing number, and says why.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from swisspair.model import Colour, Result, Tournament
from swisspair.playoff import Game, Playoff, apply_playoff, playoff_group
from swisspair.standings import compute_standings
from swisspair.withdrawals import standings_view
from swisspair_web.tournaments.reads.listing import Column, Listing, rating
from swisspair_web.tournaments.reads.listing import Row as ListRow
from swisspair_web.tournaments.reads.listing import Table as ListTable
from swisspair_web.tournaments.reads.listing import row as list_row
from swisspair_web.tournaments.reads.convert import SectionData, to_tournament, withdrawals_of
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads.playoffs import replay
from swisspair_web.tournaments.reads.snapshot import carried
from swisspair_web.tournaments.rows import Player
from swisspair_web.tournaments.rows import Playoff as PlayoffRow
from swisspair_web.tournaments.rows.registry import DEFAULT_TIEBREAKS


def fmt(value: Fraction | float | int | None) -> str:
    """A score as arbiters write it: ``3½``-free plain ``3.5``, ``4``, ``2.25``."""
    if value is None:
        return ""
    if isinstance(value, float):
        value = Fraction(value).limit_denominator(1000)
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.2f}".rstrip("0")
    return text


@dataclass
class Row:
    rank: str
    """Place, ``"3-5"`` when shared."""
    player: Player
    points: Fraction
    tiebreaks: list[str] = field(default_factory=list)
    cells: list[str] = field(default_factory=list)
    """Crosstable cells, one per round (``12w1``, ``+``, ``U``...), opponents by pairing number."""
    rank_cells: list[str] = field(default_factory=list)
    """The same cells with opponents by their row (rank) in this table, as in a rank crosstable."""
    playoff: bool = False
    """The place was decided by a play-off."""

    @property
    def points_text(self) -> str:
        return fmt(self.points)


@dataclass
class Table:
    after_round: int
    codes: list[str]
    rows: list[Row]
    note: str = ""
    playoffs: list[PlayoffView] = field(default_factory=list)
    """The section's play-offs (final standings only)."""


_CELL = {Result.WIN: "1", Result.DRAW: "½", Result.LOSS: "0", Result.FORFEIT_WIN: "+", Result.FORFEIT_LOSS: "−",
         Result.WIN_UNRATED: "1", Result.DRAW_UNRATED: "½", Result.LOSS_UNRATED: "0"}


def cell(tournament: Tournament, tpn: int, rnd: int, numbers: dict[int, int] | None = None) -> str:
    """What ``tpn`` did in round ``rnd``: opponent, colour, result (``12w1``) or the bye's letter.

    The opponent is named by pairing number, or by ``numbers[pairing number]`` (the rank crosstable's
    row numbers).
    """
    entry = tournament.players[tpn].result(rnd)
    if entry.opponent is not None:
        colour = {Colour.WHITE: "w", Colour.BLACK: "b"}.get(entry.colour, "")
        opponent = numbers.get(entry.opponent, entry.opponent) if numbers else entry.opponent
        return f"{opponent}{colour}{_CELL.get(entry.result, '')}"
    return {Result.PAB: "U", Result.HALF_BYE: "H", Result.FULL_BYE: "F", Result.ZERO_BYE: "Z"}.get(entry.result, "")


@dataclass
class _Ranked:
    tpn: int
    place: str
    values: list[str]
    playoff: bool = False


def _core_standings(tournament: Tournament, codes: list[str], withdrawals: dict[int, int] | None = None,
                    ) -> tuple[list[_Ranked], list[str], str, Any]:
    """Rows in rank order, tie-break labels, notes and the core's standings; in a round-robin, ``withdrawals``
    (pairing number -> first round not played) decide whose results count (C.05 art. 6.6)."""
    result = compute_standings(tournament, ",".join(codes) if codes else None, withdrawals=withdrawals)
    rows = [_Ranked(row.tpn, row.place_text, [fmt(v) if v is not None else "" for v in row.values])
            for row in result.rows]
    labels = [d.label for d in result.tiebreaks]
    return rows, labels, "; ".join(result.notes), result


@dataclass
class _Placed:
    tpn: int
    place_text: str


@dataclass
class _Placing:
    """The shape :func:`swisspair.playoff.apply_playoff` reads: rows with ``tpn`` and ``place_text``."""

    rows: list[_Placed]


@dataclass
class PlayoffView:
    """A play-off as the pages show it."""

    row: PlayoffRow
    playoff: Playoff | None
    """``None`` when its results do not replay."""
    applied: bool = False
    """Its places are in the standings."""
    stale: bool = False
    """The tie it was set up for is not in the standings any more (a result was corrected)."""
    names: dict[int, str] = field(default_factory=dict)
    """Player names by pairing number."""

    @property
    def games(self) -> list[tuple[Game, str, str]]:
        """The games with the names of White and Black."""
        games = self.playoff.games if self.playoff else []
        return [(g, f"{g.white}. {self.names.get(g.white, '')}", f"{g.black}. {self.names.get(g.black, '')}")
                for g in games]

    @property
    def places(self) -> list[tuple[str, str]]:
        """``(place, names)`` once the play-off is over."""
        placements = self.playoff.placements if self.playoff else None
        return [(p.text, "; ".join(self.names.get(tpn, str(tpn)) for tpn in p.players)) for p in placements or []]


def _apply_playoffs(data: SectionData, ranked: list[_Ranked], core: Any) -> tuple[list[_Ranked], list[PlayoffView]]:
    """The final standings with the places decided by finished play-offs (C.02 13.2.5, 13.2.6)."""
    views = []
    for row in data.section.playoffs.order_by("place"):
        try:
            playoff: Playoff | None = replay(row)
        except OperationError:
            playoff = None
        view = PlayoffView(row, playoff, names={p.tpn: p.name for p in data.players})
        views.append(view)
        if sorted(playoff_group(core, row.place)) != sorted(row.players):
            view.stale = True
            continue
        if playoff is None or not playoff.finished:
            continue
        by_tpn = {r.tpn: r for r in ranked}
        placed = apply_playoff(_Placing([_Placed(r.tpn, r.place) for r in ranked]), playoff)
        ranked = [_Ranked(tpn, place, by_tpn[tpn].values, by_tpn[tpn].playoff or tpn in playoff.players)
                  for place, tpn in placed]
        view.applied = True
    return ranked, views


def basis(data: SectionData, after_round: int | None) -> Hashable:
    """The key under which a rendering shares the digest of what ``data``'s standings after ``after_round`` are
    computed from (:func:`~.snapshot.carried`): the section's settings and players, the event's, and the boards
    and byes of the rounds up to ``after_round``."""
    return ("standings", id(data), after_round)


def table(data: SectionData, after_round: int | None = None) -> Table:
    """Standings after ``after_round`` (default: the last round with every result in); built once for all
    the pages rendered together (standings, crosstable, JSON, in every language: :func:`~.snapshot.shared_reads`),
    and kept from one rendering to the next while what they are computed from is the same."""
    return carried("table", basis(data, after_round), lambda: _build_table(data, after_round))


def _build_table(data: SectionData, after_round: int | None) -> Table:
    complete = data.complete_rounds()
    upto = complete if after_round is None else max(0, min(after_round, complete))
    conv = to_tournament(data, upto=upto)
    tournament = conv.tournament
    # a team section ranks its teams with team tie-breaks (.teams); its players by the individual default
    codes = DEFAULT_TIEBREAKS.split(",") if data.section.is_team else data.section.tiebreak_codes
    note = ""
    rr = standings_view(tournament, withdrawals_of(data), cycles=data.section.cycles, rounds=upto) \
        if data.section.is_round_robin and not data.section.is_team else None
    try:
        core = _core_standings(tournament, codes, rr.withdrawals if rr else None)
    except Exception as error:  # a bad list must not take the page down: say why
        core, note = None, f"tie-breaks unavailable: {error}; ordered by points"
    playoffs: list[PlayoffView] = []
    if core is None:
        order = sorted(tournament.players, key=lambda tpn: (-tournament.score(tpn), tpn))
        ranked: list[_Ranked] = []
        labels: list[str] = []
        previous, place = None, 0
        for index, tpn in enumerate(order, start=1):
            if tournament.score(tpn) != previous:
                place, previous = index, tournament.score(tpn)
            ranked.append(_Ranked(tpn, str(place), []))
    else:
        ranked, labels, core_note, result = core
        note = note or core_note
        if upto == data.section.rounds and not data.section.is_team:
            ranked, playoffs = _apply_playoffs(data, ranked, result)
    if rr is not None:  # the players not counted after the ranked ones, without a place (C.05 art. 6.6)
        ranked = [r for r in ranked if r.tpn not in rr.uncounted] + [_Ranked(tpn, "", [""] * len(labels))
                                                                  for tpn in sorted(rr.uncounted)]
    shown, scored = (rr.table, rr.counted) if rr is not None else (tournament, tournament)
    row_of = {r.tpn: index for index, r in enumerate(ranked, start=1)}
    rows = [Row(r.place, conv.by_tpn[r.tpn], (scored if r.tpn in scored.players else shown).score(r.tpn), r.values,
                [cell(shown, r.tpn, rnd) for rnd in range(1, upto + 1)],
                [cell(shown, r.tpn, rnd, row_of) for rnd in range(1, upto + 1)], r.playoff) for r in ranked]
    return Table(upto, labels, rows, note, playoffs)


def table_listing(data: SectionData, after_round: int | None = None, built: Table | None = None) -> Listing:
    """:func:`listing` of :func:`table` (kept as the table is); ``built``: that table, when the caller has it
    already (outside a rendering or a stamp nothing keeps it, and it would be built again)."""
    return carried(("listing", get_language()), basis(data, after_round),
                   lambda: listing(built if built is not None else table(data, after_round)))


def _tiebreak_columns(codes: list[str]) -> tuple[Column, ...]:
    return tuple(Column(code, code, number=True) for code in codes)


def _tiebreak_values(codes: list[str], values: list[str]) -> dict[str, str]:
    return dict(zip(codes, values or [""] * len(codes), strict=True))


def _after(table: Table) -> str:
    return _("after round %(n)s") % {"n": table.after_round}


def listing(table_: Table) -> Listing:
    """The standings (:func:`table`) as every form shows them: place (``PO`` where a play-off decided it),
    number, name, rating, federation, points, the tie-breaks; the notes under the list."""
    columns = (Column("rank", "#", number=True), Column("tpn", _("No."), number=True),
               Column("name", _("Name"), wrap=True), Column("rating", _("Rating"), rating, number=True),
               Column("federation", _("Fed")), Column("points", _("Pts"), number=True),
               *_tiebreak_columns(table_.codes))
    rows = []
    for r in table_.rows:
        p = r.player
        shown = list_row(columns, {"rank": r.rank, "tpn": p.tpn, "name": p.name, "rating": p.rating,
                                   "federation": p.federation, "points": r.points_text,
                                   **_tiebreak_values(table_.codes, r.tiebreaks), "tiebreaks": r.tiebreaks,
                                   "rounds": r.cells, "playoff": r.playoff, "withdrawn_from": p.withdrawn_from})
        if r.playoff:  # the place says it was decided by a play-off, in every form for people
            shown = ListRow(shown.values, (f"{r.rank} PO", *shown.cells[1:]))
        rows.append(shown)
    notes = [table_.note] if table_.note else []
    if any(r.playoff for r in table_.rows):
        notes.append(f"PO: {_('place decided by a play-off')}")
    return Listing(f"{_('Standings')} {_after(table_)}", "standings", (ListTable(columns, tuple(rows)),),
                   facts={"after_round": table_.after_round, "tiebreaks": table_.codes, "note": table_.note,
                          "playoffs": [playoff_facts(view) for view in table_.playoffs]},
                   notes=tuple(notes), html_id="standings", rows_key="standings")


def playoff_facts(view: PlayoffView) -> dict[str, Any]:
    """A play-off as the JSON carries it: the tie, its games and the places it decided."""
    playoff = view.playoff
    return {"place": view.row.place, "players": view.row.players, "seed": view.row.seed,
            "applied": view.applied, "stale": view.stale,
            "games": [{"id": g.id, "stage": g.stage, "white": g.white, "black": g.black, "result": g.result}
                      for g in (playoff.games if playoff else [])],
            "places": [{"place": p.text, "players": list(p.players)}
                       for p in (playoff.placements or [] if playoff else [])]}


def crosstable_listing(data: SectionData, after_round: int | None = None) -> Listing:
    """The crosstable as every form shows it: rows by rank, numbered by row; each round's cell names the
    opponent by that row number (``3w1``, ``U`` for a bye); then points and tie-breaks (kept as the standings
    are: :func:`table`)."""
    return carried(("crosstable", get_language()), basis(data, after_round), lambda: _crosstable(data, after_round))


def _crosstable(data: SectionData, after_round: int | None) -> Listing:
    table_ = table(data, after_round)
    rounds = [str(n) for n in range(1, table_.after_round + 1)]
    columns = (Column("row", "#", number=True), Column("tpn", _("No."), number=True),
               Column("name", _("Name"), wrap=True), *(Column(f"r{n}", n) for n in rounds),
               Column("points", _("Pts"), number=True), *_tiebreak_columns(table_.codes))
    rows = tuple(list_row(columns, {"row": index, "rank": r.rank, "tpn": r.player.tpn, "name": r.player.name,
                                    **{f"r{n}": cell for n, cell in zip(rounds, r.rank_cells, strict=True)},
                                    "points": r.points_text, **_tiebreak_values(table_.codes, r.tiebreaks)})
                 for index, r in enumerate(table_.rows, start=1))
    numbering = _("Rows by rank. # is the row (rank) number, and opponents are given by it; No. is the starting "
                  "(pairing) number.")
    return Listing(f"{_('Crosstable')} {_after(table_)}", "crosstable", (ListTable(columns, rows),),
                   facts={"after_round": table_.after_round, "tiebreaks": table_.codes},
                   notes=tuple(n for n in (numbering, table_.note) if n), html_id="crosstable", rows_key="rows")
