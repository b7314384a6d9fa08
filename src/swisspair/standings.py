"""Final standings: rank by score, then by a list of tie-breaks (FIDE C.07 (2026) arts. 2-4).

C.07 (2026) 4.2: apply the first tie-break; apply the next one only inside
each group that is still tied; when the list is exhausted, draw lots, unless
the regulations let the tie stand (then the place is shared and shown as
``3-5``).

>>> from swisspair import trf
>>> t = trf.loads(
...     "001    1      A                                 2000                             1.5    1     2 w 1     3 b =\\n"
...     "001    2      B                                 1900                             1.0    2     1 b 0  0000 - U\\n"
...     "001    3      C                                 1800                             0.5    3  0000 - Z     1 w =\\n"
... ).tournament
>>> s = compute_standings(t, "BH,DE")
>>> [(row.place_text, row.tpn, decimal_text(row.points)) for row in s.rows]
[('1', 1, '1.5'), ('2', 2, '1'), ('3', 3, '0.5')]

The result (:class:`Standings`) keeps, for every participant and every
tie-break, the value and the terms it was computed from, and prints itself
as text, CSV, JSON or HTML, as a crosstable, or as a per-player detail.
"""

from __future__ import annotations

import contextlib
import csv
import gc
import html
import io
import itertools
import json
import math
import operator
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from swisspair.model import Colour, Outcome, Tournament
from swisspair.errors import InvalidTieBreakError, MissingRatingsError
from swisspair.roundrobin import is_round_robin
from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor, parse_list
from swisspair.tiebreaks.editions import Edition
from swisspair.tiebreaks.event import Event, RoundKind
from swisspair.tiebreaks.values import Term, TieBreakValue, tied_runs
from swisspair.tiebreaks.rounding import decimal_text
from swisspair.withdrawals import counted_event

__all__ = [
    "DEFAULT_TEAM_TIEBREAKS",
    "DEFAULT_TIEBREAKS",
    "RECOMMENDED",
    "Lots",
    "StandingRow",
    "Standings",
    "compute_standings",
    "edition_for_date",
    "tiebreaks_from_headers",
]

DEFAULT_TIEBREAKS = "BH/C1,BH,SB,DE,WIN,BWG"
"""Used when neither the caller nor the file (TRF26 ``202``/``212``) gives a list.

It is the 2009 recommendation for a Swiss whose participants are not all
rated (FIDE C.02 13.15.4, 2009), and needs no ratings.
"""

DEFAULT_TEAM_TIEBREAKS = "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPVGP"
"""Used for the teams of a team event when neither the caller nor the file gives a list: the practice of
FIDE's team events (extended direct encounter, extended Sonneborn-Berger, Buchholz on match points, the
other score; C.07 (2026) arts. 12-13)."""

RECOMMENDED: dict[str, tuple[str, str]] = {
    "swiss": ("BH/C1,BH,DE,SB,WIN,BPG,TPN",
              "Individual Swiss, current practice (C.07 (2026): TPN as deterministic last resort)"),
    "swiss-rated-2009": ("BH/C1,BH,DE,ARO/C1,WIN,BWG,BPG,SB",
                         "Individual Swiss, all rated (FIDE C.02 13.15.5, 2009)"),
    "swiss-2009": ("BH/C1,BH,SB,DE,WIN,BWG", "Individual Swiss, not all rated (FIDE C.02 13.15.4, 2009)"),
    "round-robin": ("DE,WIN,SB,KS,TPN", "Individual round robin (C.07 (2026): no Buchholz in round robins)"),
    "round-robin-2009": ("DE,WIN,SB,KS", "Individual round robin (FIDE C.02 13.15.2, 2009)"),
    "team-round-robin-2009": ("MPVGP,DE,SB", "Team round robin (FIDE C.02 13.15.3, 2009)"),
    "team-swiss-2009": ("MPVGP,DE,BH/C1,BH,SB", "Team Swiss (FIDE C.02 13.15.5bis, 2009)"),
    "team-swiss": (DEFAULT_TEAM_TIEBREAKS, "Team Swiss, TEC sample file practice"),
    "fide-1987-rated": ("SRO/C*", "FIDE Swiss rules 1987-89, art. 16a, all rated"),
    "fide-1987": ("PS/C*", "FIDE Swiss rules 1987-89, art. 16b"),
    "dutch-1992": ("DE1,ARO/E", "FIDE Dutch system, 1992 rules, F 10: first place by direct encounter, then ARO"),
    "jahr": ("JAHR,JAHR/E", "10 % of the opponent's points (U. Jahr, Szachy 3/1981, point 6)"),
    "sports": ("SD,SF,SD2,SF2,TPN", "Swiss for any sport (3-1-0, score difference), rule 6"),
    "reference": ("BH/C1,BH,SB,DE,WIN,BWG,TPN", "The sequence of the corpus RANK column"),
}
"""Named tie-break lists: name -> (list, where it comes from)."""


def edition_for_date(date: str | None) -> Edition:
    """The edition in force on ``date`` (in any form the TRF reader accepts, :mod:`swisspair.trf.dates`:
    ``2025/09/30``, ``30.09.2025`` ...); without a full date the current one.

    Before 1 Sep 2023 the 2009 virtual-opponent rule, then C.07 2023, from
    1 Aug 2024 the August 2024 text, from 1 Mar 2026 the current one.

    >>> edition_for_date("24/09/2010").name, edition_for_date("2025-03-01").name
    ('VIRTUAL_2009', 'C07_2024')
    """
    from swisspair.trf.dates import calendar_date

    day = calendar_date(date) if date else None
    if day is None:
        return Edition.C07_2026
    d = day.isoformat()
    if d < "2023-09-01":
        return Edition.VIRTUAL_2009
    if d < "2024-08-01":
        return Edition.C07_2023
    if d < "2026-03-01":
        return Edition.C07_2024
    return Edition.C07_2026


def tiebreaks_from_headers(tournament: Tournament) -> str | None:
    """The tie-break list of TRF26 record ``212`` (without its leading ``PTS``) or ``202``."""
    for code in ("212", "202"):
        values = tournament.headers.get(code)
        if not values:
            continue
        items = [x for v in values for x in v.replace(";", ",").replace(" ", ",").split(",") if x.strip()]
        if code == "212" and items and items[0].upper() in ("PTS", "MPTS", "GPTS", "MP", "GP"):
            items = items[1:]
        if items:
            return ",".join(items)
    return None


@dataclass(frozen=True, slots=True)
class Lots:
    """A drawing of lots that ordered participants still tied at the end of the list (C.07 (2026) 4.2)."""

    seed: int
    """Seed of :class:`random.Random`; with it anybody can redo the draw."""
    groups: tuple[tuple[int, ...], ...]
    """Each tied group, in the order the lots placed it."""


@dataclass(slots=True)
class StandingRow:
    """One line of the standings."""

    tpn: int
    """Pairing number (or team number)."""
    name: str
    """Name."""
    rating: int | None
    """Rating, ``None`` if unrated."""
    points: Fraction
    """The primary score."""
    position: int = 0
    """1-based line number in the printed order."""
    place: int = 0
    """Best place of the participant's tie group."""
    place_last: int = 0
    """Last place of the tie group (equal to :attr:`place` when alone)."""
    values: list[Fraction | None] = field(default_factory=list)
    """One value per used tie-break (for group tie-breaks: the place inside the tied group, 0 if none)."""

    @property
    def place_text(self) -> str:
        """``"3"``, or ``"3-5"`` for a shared place."""
        return str(self.place) if self.place == self.place_last else f"{self.place}-{self.place_last}"


@dataclass(slots=True)
class Standings:
    """The ranked table with everything that produced it."""

    event: Event
    """The results that were ranked."""
    edition: Edition
    """The rules edition used for unplayed rounds."""
    tiebreaks: list[Descriptor]
    """The tie-breaks applied, in order (after dropping unusable ones)."""
    rows: list[StandingRow]
    """In final order."""
    dropped: list[tuple[Descriptor, str]] = field(default_factory=list)
    """Tie-breaks left out, with the reason (missing ratings, C.07 (2026) art. 10)."""
    lots: Lots | None = None
    """The drawing of lots, if one was made."""
    details: dict[int, list[TieBreakValue]] = field(default_factory=dict)
    """Per participant, per used tie-break: value and terms."""
    notes: list[str] = field(default_factory=list)
    """Messages for the arbiter (dropped tie-breaks and why)."""

    def row(self, tpn: int) -> StandingRow:
        """The row of ``tpn``.

        :raises: :exc:`KeyError` if there is none.
        """
        for r in self.rows:
            if r.tpn == tpn:
                return r
        raise KeyError(tpn)

    def playoff_players(self, place: int = 1) -> list[int]:
        """The players level on points for ``place``, who would play it off (C.02 13.2), in list order."""
        if not 1 <= place <= len(self.rows):
            return []
        target = self.rows[place - 1].points
        group = [r.tpn for r in self.rows if r.points == target]
        return group if len(group) > 1 else []

    @property
    def tied_groups(self) -> list[list[int]]:
        """Groups still sharing a place (more than one member)."""
        groups: dict[tuple[int, int], list[int]] = {}
        for r in self.rows:
            groups.setdefault((r.place, r.place_last), []).append(r.tpn)
        return [g for g in groups.values() if len(g) > 1]

    # ----------------------------------------------------------- output

    def headings(self) -> list[str]:
        """``rank, tpn, name, points`` and one heading per tie-break as given."""
        return ["rank", "tpn", "name", "points"] + [d.label for d in self.tiebreaks]

    def table(self) -> list[list[str]]:
        """The rows as text cells (plain decimals)."""
        return [
            [r.place_text, str(r.tpn), r.name, decimal_text(r.points)] + [decimal_text(v) for v in r.values]
            for r in self.rows
        ]

    def to_csv(self) -> str:
        """CSV: ``rank,tpn,name,points`` then one column per tie-break, headed by its descriptor."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.headings())
        writer.writerows(self.table())
        return out.getvalue()

    def to_text(self) -> str:
        """An aligned table, followed by the notes (dropped tie-breaks, lots)."""
        heads = self.headings()
        rows = self.table()
        widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(heads)]
        numeric = [i != 2 for i in range(len(heads))]

        def line(cells: Sequence[str]) -> str:
            return "  ".join(c.rjust(w) if numeric[i] else c.ljust(w)
                             for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

        text = [line(heads), line(["-" * w for w in widths])] + [line(r) for r in rows]
        text += [f"note: {n}" for n in self.notes]
        if self.lots is not None and self.lots.groups:
            text.append(f"lots drawn with seed {self.lots.seed}: "
                        + "; ".join(" > ".join(str(t) for t in g) for g in self.lots.groups))
        elif self.lots is not None:
            text.append(f"no lots drawn (seed {self.lots.seed}): no tie was left")
        return "\n".join(text) + "\n"

    def to_json(self, detail: bool = True) -> str:
        """JSON with the rows, the tie-breaks and (``detail``) every value's terms (the schema
        ``urn:swisspair:schema:standings:1``, :func:`swisspair.schemas.load_schema`)."""
        from swisspair.schemas import schema_id

        data: dict[str, Any] = {
            "schema": schema_id("standings"),
            "edition": self.edition.value,
            "tiebreaks": [d.label for d in self.tiebreaks],
            "dropped": [{"tiebreak": d.label, "reason": why} for d, why in self.dropped],
            "notes": list(self.notes),
            "lots": None if self.lots is None else {"seed": self.lots.seed,
                                                   "groups": [list(g) for g in self.lots.groups]},
            "standings": [],
        }
        for r in self.rows:
            entry: dict[str, Any] = {
                "rank": r.place_text,
                "place": r.place,
                "tpn": r.tpn,
                "name": r.name,
                "rating": r.rating,
                "points": _json_number(r.points),
                "tiebreaks": {d.label: _json_number(v) for d, v in zip(self.tiebreaks, r.values)},
            }
            if detail:
                entry["detail"] = {
                    d.label: _json_value(tv) for d, tv in zip(self.tiebreaks, self.details.get(r.tpn, []))
                }
            data["standings"].append(entry)
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def to_html(self, crosstable: bool = True) -> str:
        """A standalone HTML page with the standings (and the crosstable)."""
        esc = html.escape
        parts = ["<!DOCTYPE html>", '<html><head><meta charset="utf-8"><title>Standings</title>',
                 "<style>table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 6px}"
                 "td.n{text-align:right}</style></head><body>", "<h1>Standings</h1>", "<table>",
                 "<tr>" + "".join(f"<th>{esc(h)}</th>" for h in self.headings()) + "</tr>"]
        for cells in self.table():
            parts.append("<tr>" + "".join(
                f'<td class="n">{esc(c)}</td>' if i != 2 else f"<td>{esc(c)}</td>" for i, c in enumerate(cells)
            ) + "</tr>")
        parts.append("</table>")
        for note in self.notes:
            parts.append(f"<p>{esc(note)}</p>")
        if crosstable:
            heads, rows = self._crosstable_cells()
            parts += ["<h2>Crosstable</h2>", "<table>",
                      "<tr>" + "".join(f"<th>{esc(h)}</th>" for h in heads) + "</tr>"]
            for cells in rows:
                parts.append("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in cells) + "</tr>")
            parts.append("</table>")
        parts.append("</body></html>")
        return "\n".join(parts) + "\n"

    def _crosstable_cells(self) -> tuple[list[str], list[list[str]]]:
        position = {r.tpn: r.position for r in self.rows}
        n = self.event.rounds
        heads = ["no", "rank", "tpn", "name", "rating"] + [str(i) for i in range(1, n + 1)] + ["points"]
        heads += [d.label for d in self.tiebreaks]
        rows = []
        for r in self.rows:
            comp = self.event.competitors[r.tpn]
            cells = [str(r.position), r.place_text, str(r.tpn), r.name, "" if r.rating is None else str(r.rating)]
            for rec in comp.rounds:
                cells.append(_cross_cell(rec, position, self.event))
            cells.append(decimal_text(r.points))
            cells += [decimal_text(v) for v in r.values]
            rows.append(cells)
        return heads, rows

    def crosstable(self) -> str:
        """A text crosstable: each round as opponent's line number, colour and result (``12w1``)."""
        heads, rows = self._crosstable_cells()
        widths = [max(len(h), *(len(c[i]) for c in rows)) if rows else len(h) for i, h in enumerate(heads)]
        lines = ["  ".join(h.ljust(w) if i == 3 else h.rjust(w) for i, (h, w) in enumerate(zip(heads, widths)))]
        for cells in rows:
            lines.append("  ".join(c.ljust(w) if i == 3 else c.rjust(w)
                                   for i, (c, w) in enumerate(zip(cells, widths))).rstrip())
        return "\n".join(line.rstrip() for line in lines) + "\n"

    def detail(self, tpn: int) -> str:
        """Every tie-break of ``tpn`` with its terms: who contributed what, what was cut."""
        row = self.row(tpn)
        out = [f"{row.place_text}. {row.name} (TPN {tpn}): {decimal_text(row.points)} points"]
        for d, tv in zip(self.tiebreaks, self.details.get(tpn, [])):
            out.append(f"  {d.label} = {decimal_text(tv.value) if tv.value is not None else '-'}"
                       + (f"  [{tv.note}]" if tv.note else ""))
            for term in tv.terms:
                mark = " (cut)" if term.cut else ""
                rnd = f"round {term.round}: " if term.round is not None else ""
                out.append(f"      {rnd}{decimal_text(term.value)}  {term.describe()}{mark}")
        return "\n".join(out) + "\n"


def _json_number(value: Fraction | None) -> Any:
    if value is None:
        return None
    text = decimal_text(value)
    return int(text) if "." not in text else float(text)


def _json_value(tv: TieBreakValue) -> dict[str, Any]:
    return {
        "value": _json_number(tv.value),
        "exact": None if tv.value is None else str(tv.value),
        "note": tv.note,
        "terms": [_json_term(t) for t in tv.terms],
    }


def _json_term(t: Term) -> dict[str, Any]:
    return {"round": t.round, "opponent": t.opponent, "value": _json_number(t.value), "note": t.describe(),
            "cut": t.cut}


def _cross_cell(rec: Any, position: dict[int, int], event: Event) -> str:
    kind = rec.kind
    if kind is RoundKind.GAME:
        colour = {Colour.WHITE: "w", Colour.BLACK: "b"}.get(rec.colour, "-")
        result = {Outcome.WIN: "1", Outcome.DRAW: "½", Outcome.LOSS: "0"}[rec.outcome]
        return f"{position.get(rec.opponent, rec.opponent)}{colour}{result}"
    if kind.is_forfeit:
        opp = "" if rec.opponent is None else str(position.get(rec.opponent, rec.opponent))
        return f"{opp}{kind.value}"
    return {RoundKind.PAB: "bye", RoundKind.FULL_BYE: "F", RoundKind.HALF_BYE: "H", RoundKind.ZERO_BYE: "Z",
            RoundKind.ABSENT: "-"}[kind]


# --------------------------------------------------------------------------
# ranking


def _sort_keys(tied: list[int], values: dict[int, TieBreakValue], descending: bool
               ) -> tuple[dict[int, Any], dict[int, Any]]:
    """Each tied participant's key for a value tie-break, and the key that also orders by TPN: demoted last
    (FIDE C.02 (2009) 13.14.1), a value that cannot be computed after the others, then the value (as an
    integer on a common denominator: comparing exact fractions is slow). Without a demoted participant or a
    missing value the keys are plain integers (the TPN in the low digits of the second)."""
    tvs = [values[c] for c in tied]
    found = [tv.value for tv in tvs]
    sign = -1 if descending else 1
    try:
        dens = {v.denominator for v in found}  # type: ignore[union-attr]
    except AttributeError:  # a value that cannot be computed (``None in found`` would compare every fraction)
        dens = set()
    if dens and not any(tv.demoted for tv in tvs) and min(tied) >= 0:
        den = math.lcm(*dens)
        keys = {c: sign * v.numerator * (den // v.denominator)  # type: ignore[union-attr]
                for c, v in zip(tied, found)}
        spread = max(tied) + 1
        return keys, {c: k * spread + c for c, k in keys.items()}
    den = math.lcm(1, *{v.denominator for v in found if v is not None})
    keys = {c: (tv.demoted, 1, 0) if v is None else (tv.demoted, 0, sign * v.numerator * (den // v.denominator))
            for c, tv, v in zip(tied, tvs, found)}
    return keys, {c: (k, c) for c, k in keys.items()}


def compute_standings(
    source: Tournament | Event,
    tiebreaks: str | Sequence[str | Descriptor] | None = None,
    *,
    edition: Edition | str = Edition.C07_2026,
    lots_seed: int | None = None,
    rounds: int | None = None,
    round_robin: bool | None = None,
    context: Context | None = None,
    literal: bool = False,
    withdrawals: Mapping[int, int] | None = None,
    teams: bool = False,
) -> Standings:
    """Rank ``source`` by score, then by ``tiebreaks`` (FIDE C.07 (2026) 4.2).

    >>> from swisspair import new_tournament, pair, record_round
    >>> t = new_tournament(rounds=1, players=["Ames", "Bell", "Cole", "Dunn"])
    >>> record_round(t, pair(t), ["1-0", "1/2-1/2"])
    >>> print(compute_standings(t, "BH,SB").to_text(), end="")
    rank  tpn  name  points   BH    SB
    ----  ---  ----  ------  ---  ----
       1    1  Ames       1    0     0
     2-3    2  Bell     0.5  0.5  0.25
     2-3    4  Dunn     0.5  0.5  0.25
       4    3  Cole       0    1     0

    :param tiebreaks: a list of descriptors (or a comma-separated string, or a
        name of :data:`RECOMMENDED`); default: the file's ``212``/``202`` list,
        else :data:`DEFAULT_TIEBREAKS` (:data:`DEFAULT_TEAM_TIEBREAKS` for teams).
    :param edition: rules for unplayed rounds (:class:`Edition`, or ``"auto"``:
        the edition in force on the start date, TRF ``042``).
    :param lots_seed: draw lots for the ties that remain, with this seed; without
        it, tied participants share the place (``"3-5"``).
    :param rounds: rounds to take into account (default: all paired rounds).
    :param round_robin: pre-determined pairings (default: from the system code).
    :param teams: rank the teams of a team event (its team records, C.07 (2026) 11.1: match points or
        game points first, as its system says) rather than its players; each row is then a team, by
        its number.
    :param literal: read the regulations literally where the reference tool differs
        (:attr:`Context.literal <swisspair.tiebreaks.context.Context.literal>`).
    :param context: a :class:`~swisspair.tiebreaks.context.Context` to reuse (its event and
        edition win over ``source`` and ``edition``), so that values already computed are not
        computed again.
    :param withdrawals: in a round-robin, TPN -> the first round a player did not play after leaving;
        the standings count his results or not by FIDE C.05 art. 6.6 and say so in :attr:`Standings.notes`
        (default: read from a finished event's results; :mod:`swisspair.withdrawals`).
    :raises: :exc:`~swisspair.errors.InvalidTieBreakError` for a bad list, or ``teams`` for an event
        without team records.
    """
    with _collector_paused():
        return _compute(source, tiebreaks, edition, lots_seed, rounds, round_robin, context, literal, withdrawals,
                        teams)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while a table is built, then restored as it was.

    A table allocates some ten objects per participant and round, which all live until it is done and form
    no cycle; the collector, triggered by their number, would walk them (and everything else the process
    holds) again and again: a third of the time at 3000 players. Reference counting frees memory meanwhile.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if not gc.get_freeze_count():
                # The table's objects, young and alive, would be walked at once by the first collection after
                # re-enabling (half the time at 3000 players): hand them to the oldest generation instead,
                # walked with it at the next full collection (freeze + unfreeze moves them, walks none, and
                # resets the young generation's count). Skipped when someone froze objects on purpose.
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def _compute(source: Tournament | Event, tiebreaks: str | Sequence[str | Descriptor] | None, edition: Edition | str,
             lots_seed: int | None, rounds: int | None, round_robin: bool | None, context: Context | None,
             literal: bool, withdrawals: Mapping[int, int] | None, teams: bool) -> Standings:
    """:func:`compute_standings`, its arguments in order."""
    event = context.event if context is not None else (
        source if isinstance(source, Event) else _event(source, rounds, round_robin, teams))
    view = None
    if context is None:  # a round-robin counts the results of a player who left by C.05 art. 6.6
        event, view = counted_event(event, withdrawals)
    ctx = context if context is not None else Context(event, _edition(edition, event), literal=literal)
    descriptors, skipped = _descriptors(tiebreaks, event)
    standings = Standings(event=event, edition=ctx.edition, tiebreaks=[], rows=[], notes=skipped)
    if view is not None:
        standings.notes.extend(view.notes)
    units = event.units()
    totals = units.totals
    points = {cid: units.fraction(total) for cid, total in totals.items()}  # Event.total of each
    groups = tied_runs(sorted(event.ids, key=lambda c: (-totals[c], c)), totals.__getitem__)
    columns: list[dict[int, TieBreakValue]] = []
    for d in descriptors:
        if d.spec.team and not event.is_team:
            raise InvalidTieBreakError(f"{d.label}: a team tie-break (C.07 (2026) arts. 12-13) ranks teams: "
                                       "rank the teams of a team event (compute_standings(..., teams=True), "
                                       "swisspair standings --teams)")
        if d.spec.kind == "value":
            try:
                values = ctx.values(d)
            except MissingRatingsError as exc:
                standings.dropped.append((d, str(exc)))
                standings.notes.append(str(exc))
                continue
            groups = _split_by_values(groups, values, d.spec.descending != d.reverse)
            columns.append(values)
        else:
            groups, column = _split_by_procedure(ctx, d, groups)
            columns.append(column)
        standings.tiebreaks.append(d)
    if lots_seed is not None:
        groups, standings.lots = _draw_lots(groups, lots_seed)
    _fill_rows(standings, groups, points, columns)
    return standings


def _event(tournament: Tournament, rounds: int | None, round_robin: bool | None, teams: bool) -> Event:
    """What is ranked: the players of ``tournament``, or its teams (C.07 (2026) 11.1)."""
    if not teams:
        return Event.from_tournament(tournament, rounds=rounds,
                                     round_robin=is_round_robin(tournament) if round_robin is None else round_robin)
    from swisspair.tiebreaks.team import standings_event

    return standings_event(tournament, rounds=rounds, round_robin=round_robin)


def _edition(edition: Edition | str, event: Event) -> Edition | str:
    """``"auto"``: the edition in force on the start date (TRF ``042``, C.07 (2026) 1); else ``edition``."""
    if not (isinstance(edition, str) and edition.strip().lower() == "auto"):
        return edition
    tournament = event.tournament
    date = tournament.headers.get("042", [""])[0] if tournament is not None else ""
    return edition_for_date(date.strip())


def _descriptors(tiebreaks: str | Sequence[str | Descriptor] | None, event: Event) -> tuple[list[Descriptor], list[str]]:
    """The list of tie-breaks announced beforehand (C.07 (2026) 4.1), and notes on what was skipped.

    Default: the file's ``212``/``202`` list, keeping the entries we know (a list written by other
    software), else :data:`DEFAULT_TIEBREAKS` (:data:`DEFAULT_TEAM_TIEBREAKS` for teams); a name of
    :data:`RECOMMENDED` stands for its list.
    """
    skipped: list[str] = []
    if tiebreaks is None:
        header = tiebreaks_from_headers(event.tournament) if event.tournament is not None else None
        default = DEFAULT_TEAM_TIEBREAKS if event.is_team else DEFAULT_TIEBREAKS
        tiebreaks = default
        if header:
            kept = []
            for entry in header.split(","):
                try:
                    parsed = parse_list(entry, event.rounds)
                except InvalidTieBreakError as exc:
                    skipped.append(f"tie-break list of the file: {exc}; skipped")
                    continue
                if not event.is_team and any(d.spec.team for d in parsed):
                    skipped.append(f"tie-break list of the file: {entry} ranks teams (compute_standings(..., "
                                   "teams=True), swisspair standings --teams); skipped for the players")
                    continue
                kept.append(entry)
            tiebreaks = ",".join(kept) if kept else default
    if isinstance(tiebreaks, str):
        key = tiebreaks.strip().lower()
        return parse_list(RECOMMENDED[key][0] if key in RECOMMENDED else tiebreaks, event.rounds), skipped
    descriptors: list[Descriptor] = []
    for item in tiebreaks:
        descriptors.extend([item] if isinstance(item, Descriptor) else parse_list(item, event.rounds))
    return descriptors, skipped


def _split_by_values(groups: list[list[int]], values: dict[int, TieBreakValue], descending: bool) -> list[list[int]]:
    """C.07 (2026) 4.2: a tie-break with a value orders each group still tied (equal values by TPN), and splits
    it where values differ."""
    tied = [c for group in groups if len(group) > 1 for c in group]
    if not tied:
        return groups
    keys, order = _sort_keys(tied, values, descending)
    key = keys.__getitem__
    new_groups: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            new_groups.append(group)
        else:
            new_groups.extend(tied_runs(sorted(group, key=order.__getitem__), key))
    return new_groups


_NONE = Fraction(0)


def _split_by_procedure(ctx: Context, d: Descriptor, groups: list[list[int]],
                        ) -> tuple[list[list[int]], dict[int, TieBreakValue]]:
    """C.07 (2026) 4.2 for a tie-break that is a procedure on the tied group (direct encounter, art. 6):
    each group of two or more is split by :meth:`Context.split`; the column holds the place inside the group."""
    column: dict[int, TieBreakValue] = {}
    new_groups: list[list[int]] = []
    place = 1
    alone = TieBreakValue(_NONE, (), "not tied")  # immutable: one for every participant not tied
    for group in groups:
        if len(group) == 1:
            column[group[0]] = alone
            new_groups.append(group)
            place += 1
            continue
        split = ctx.split(d, group, place)
        parts = [list(p) for p in split.parts]
        if len(parts) == 1:
            for cid in group:
                column[cid] = TieBreakValue(_NONE, (), split.notes.get(cid, "not separated"))
        else:
            inner = 1
            for part in parts:
                for cid in part:
                    column[cid] = TieBreakValue(Fraction(inner), (), split.notes.get(cid, ""))
                inner += len(part)
        new_groups.extend(parts)
        place += len(group)
    return new_groups, column


def _draw_lots(groups: list[list[int]], seed: int) -> tuple[list[list[int]], Lots]:
    """C.07 (2026) 4.2: the ties left when the list is exhausted are ordered by lot (seeded, reproducible)."""
    rng = random.Random(seed)
    drawn = []
    final: list[list[int]] = []
    for group in groups:
        if len(group) > 1:
            order = sorted(group)
            rng.shuffle(order)
            drawn.append(tuple(order))
            final.extend([c] for c in order)
        else:
            final.append(group)
    return final, Lots(seed, tuple(drawn))


def _fill_rows(standings: Standings, groups: list[list[int]], points: dict[int, Fraction],
               columns: list[dict[int, TieBreakValue]]) -> None:
    """One row per participant in ranking order; a group still tied shares its place (``3-5``, C.07 (2026) 4.2)."""
    competitors = standings.event.competitors
    order: list[int] = []
    places: list[tuple[int, int]] = []
    for group in groups:
        places += [(len(order) + 1, len(order) + len(group))] * len(group)
        order += group if len(group) == 1 else sorted(group)
    # column by column (C-level maps), then row by row
    cells = [list(map(col.__getitem__, order)) for col in columns]
    by_row = zip(*cells, *(map(_VALUE, cell) for cell in cells)) if cells else itertools.repeat(())
    width = len(cells)
    rows, details = standings.rows, standings.details
    for position, (cid, (first, last), line) in enumerate(zip(order, places, by_row), 1):
        comp = competitors[cid]
        details[cid] = list(line[:width])
        rows.append(StandingRow(cid, comp.name, comp.rating, points[cid], position, first, last, list(line[width:])))


_VALUE = operator.attrgetter("value")
