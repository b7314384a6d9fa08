"""Conversion between database rows and :class:`swisspair.model.Tournament`.

This is the only module that knows both shapes. Everything the core does
(pairing, standings, TRF) goes through :func:`to_tournament`; imports go
through :func:`section_rows_from_tournament`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Literal, TypeVar

from swisspair.model import (
    ABSENT,
    BoardResult,
    Colour,
    ForbiddenPairs,
    Result,
    RoundResult,
    Scoring,
    Tournament,
)
from swisspair.model import (
    Player as CorePlayer,
)
from swisspair.pairing.acceleration import GROUP_A_EVEN, baku_virtual_points
from swisspair.teams import MatchPoints, TeamEntry
from django.db.models import Count, Max, Min, QuerySet, Sum

from swisspair_web.tournaments.reads import prepared
from swisspair_web.tournaments.reads.snapshot import memo, read_snapshot
from swisspair_web.tournaments.rows import RESULTS, Board, Bye, Player, Round, Section, Team

Pending = Literal["absent", "draw", "scheduled"]


def fraction(value: Decimal) -> Fraction:
    """An exact :class:`Fraction` from a database decimal."""
    return Fraction(str(value))


def decimal(value: Fraction) -> Decimal:
    """A database decimal (2 places) from an exact score."""
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"))


def scoring_of(section: Section) -> Scoring:
    win, draw, loss = fraction(section.win), fraction(section.draw), fraction(section.loss)
    return Scoring(
        win=win,
        draw=draw,
        loss=loss,
        pab=None if fraction(section.pab) == win else fraction(section.pab),
        half_bye=None if fraction(section.half_bye) == draw else fraction(section.half_bye),
        full_bye=None if fraction(section.full_bye) == win else fraction(section.full_bye),
        forfeit_win=None if fraction(section.forfeit_win) == win else fraction(section.forfeit_win),
        forfeit_loss=None if fraction(section.forfeit_loss) == fraction(section.zero_bye)
        else fraction(section.forfeit_loss),
        zero_bye=fraction(section.zero_bye),
    )


def board_results(code: str) -> tuple[Result, Result]:
    """The white and black :class:`Result` of a stored board result (the core's :class:`BoardResult`)."""
    result = BoardResult.from_code(code)
    return result.white, result.black


@dataclass
class SectionData:
    """Rows of one section, read once (a consistent snapshot for the core)."""

    section: Section
    players: list[Player]
    rounds: list[Round]
    boards: dict[int, list[Board]]
    """Boards by round number."""
    byes: list[Bye]
    teams: list[Team] = field(default_factory=list)
    """Teams of a team section, by number."""
    keys: dict[int, BoardsKey] = field(default_factory=dict)
    """Each round's :data:`BoardsKey` by round number, when read by the public pages' worker (:func:`kept_boards`;
    empty otherwise): what was computed from a round's boards may be kept with it."""
    players_key: PlayersKey | None = None
    """The players' :data:`PlayersKey`, when read by the public pages' worker."""

    @classmethod
    def load(cls, section: Section, *, current: bool = False) -> SectionData:
        """The section's rows, read in one snapshot (:func:`~.snapshot.read_snapshot`): a round paired
        meanwhile is either wholly in them (round, boards, byes) or not at all. The section's own row
        (its settings) is read again in the same snapshot, unless it is ``current`` (read in the snapshot
        these rows are read in: a rendering reads all in one). Pages rendered together share one load
        (:func:`~.snapshot.shared_reads`)."""
        return memo(("section-data", section.pk), lambda: cls._read(section, current))

    @classmethod
    def _read(cls, section: Section, current: bool = False) -> SectionData:
        with read_snapshot():
            fresh = section if current else Section.objects.filter(pk=section.pk).first()
            if fresh is not None and fresh is not section:
                fresh.event = section.event
                section = fresh
            players, players_key = _players(section)
            rounds = list(section.round_set.order_by("number"))
            keys: dict[int, BoardsKey] = {}
            boards = _boards(section, rounds, keys)
            byes = list(section.byes.all()) if _KEPT.get() is None else prepared.objects(Bye, _byes, section.pk)
            teams = list(section.teams.order_by("number")) if section.is_team else []
        return cls(section, players, rounds, boards, byes, teams, keys, players_key)

    def members(self, team: Team) -> list[Player]:
        """The roster of ``team`` in board order."""
        return sorted((p for p in self.players if p.team_id == team.id), key=lambda p: (p.board_order, p.tpn))

    @property
    def paired_rounds(self) -> int:
        return self.rounds[-1].number if self.rounds else 0

    def pending_boards(self, round_number: int) -> list[Board]:
        return [b for b in self.boards.get(round_number, []) if not b.result]

    def complete_rounds(self, *, published_only: bool = False) -> int:
        """The last round such that it and every earlier round have all results.

        With ``published_only``, also published: the last round the public may see standings after.
        """
        done = 0
        for rnd in self.rounds:
            if self.pending_boards(rnd.number) or (published_only and not rnd.published):
                break
            done = rnd.number
        return done


BoardsKey = tuple[int, int, int, int, int]
"""A round's boards as its rows stand: how many, the lowest and highest id, the sum and the highest of their
``version`` (ids are never reused; every write of a board bumps its version: a result, a pairing edit, the
admin; a board created or deleted changes the count or the ids)."""

PlayersKey = tuple[int, int, int, int, int]
"""A section's players as their rows stand: how many, the highest id, the sum of the ids, the sum and the highest
of their ``version`` (ids are never reused; every write of a player bumps its version: an edit, a withdrawal,
a new number, a team's roster, the admin)."""

_KEPT: ContextVar[dict[int, dict[int, tuple[BoardsKey, list[Board]]]] | None] = ContextVar("kept_boards",
                                                                                        default=None)
_KEPT_PLAYERS: ContextVar[dict[int, tuple[PlayersKey, list[Player]]] | None] = ContextVar("kept_players",
                                                                                         default=None)


@contextmanager
def kept_boards(kept: dict[int, dict[int, tuple[BoardsKey, list[Board]]]],
                players: dict[int, tuple[PlayersKey, list[Player]]] | None = None) -> Iterator[None]:
    """Within: a section's boards are read again only for the rounds whose :data:`BoardsKey` changed since
    ``kept`` took them (``{section: {round id: (key, boards)}}``, kept by the public pages' worker between
    renderings; the others are the rows it read before, their cached players dropped); with ``players``
    (``{section: (key, players)}``), its players only when their :data:`PlayersKey` changed."""
    token = _KEPT.set(kept)
    token_players = _KEPT_PLAYERS.set(players)
    try:
        yield
    finally:
        _KEPT_PLAYERS.reset(token_players)
        _KEPT.reset(token)


def _players(section: Section) -> tuple[list[Player], PlayersKey | None]:
    """The players of ``section`` in pairing-number order (the kept ones when their key did not change), and
    their key (``None`` outside :func:`kept_boards`)."""
    kept = _KEPT_PLAYERS.get()
    rows = section.players.order_by("tpn")
    if kept is None:
        return list(rows), None
    got = prepared.values(_players_key, section.pk)
    key: PlayersKey = tuple(got[0]) if got else (0, 0, 0, 0, 0)
    before = kept.get(section.pk)
    if before is not None and before[0] == key:
        players = list(before[1])
        for player in players:
            player._state.fields_cache = {}  # its team (and section) as this reading has them
        return players, key
    players = list(rows)
    kept[section.pk] = (key, list(players))
    return players, key


def _players_key(section_id: int) -> QuerySet[Player, tuple[int, int, int, int, int]]:
    """The :data:`PlayersKey` of a section (no row: no player)."""
    return (Player.objects.filter(section_id=section_id).order_by().values("section_id")
            .annotate(n=Count("id"), top=Max("id"), ids=Sum("id"), versions=Sum("version"), last=Max("version"))
            .values_list("n", "top", "ids", "versions", "last"))


def _boards_keys(section_id: int) -> QuerySet[Board, tuple[int, int, int, int, int, int]]:
    """Each round's :data:`BoardsKey` after its id (the rounds with boards)."""
    return (Board.objects.filter(round__section_id=section_id).order_by().values("round_id")
            .annotate(n=Count("id"), low=Min("id"), top=Max("id"), versions=Sum("version"), last=Max("version"))
            .values_list("round_id", "n", "low", "top", "versions", "last"))


def _round_boards(round_id: int) -> QuerySet[Board]:
    """A round's boards in board order."""
    return Board.objects.filter(round_id=round_id).order_by("number")


def _round_versions(round_id: int) -> QuerySet[Board, tuple[int, int]]:
    """A round's boards' ids and versions, in board order."""
    return _round_boards(round_id).values_list("id", "version")


def _board(board_id: int) -> QuerySet[Board]:
    return Board.objects.filter(pk=board_id)


REREAD = 4
"""A round with more boards changed than this since the worker read it is read again whole, in one query (the
others are read one query each)."""


def _round_again(round_id: int, before: list[Board]) -> list[Board]:
    """A round's boards in board order, read again after some changed: the rows with the id and ``version`` of one
    in ``before`` (read by the worker before: every write of a board bumps its version) are those, the others
    are read (a result typed changes one board of 250)."""
    kept = {b.pk: b for b in before}
    order = prepared.values(_round_versions, round_id)
    stale = [pk for pk, version in order if pk not in kept or kept[pk].version != version]
    if len(stale) > REREAD:
        return prepared.objects(Board, _round_boards, round_id)
    fresh = {b.pk: b for pk in stale for b in prepared.objects(Board, _board, pk)}
    return [fresh[pk] if pk in fresh else kept[pk] for pk, _version in order]


def _byes(section_id: int) -> QuerySet[Bye]:
    """A section's byes (in their rows' order)."""
    return Bye.objects.filter(section_id=section_id)


def _boards(section: Section, rounds: list[Round], keys_by_number: dict[int, BoardsKey]) -> dict[int, list[Board]]:
    """The boards of ``rounds`` (of ``section``) by round number, in board order; within :func:`kept_boards`,
    each round's key put in ``keys_by_number``."""
    boards: dict[int, list[Board]] = {r.number: [] for r in rounds}
    by_id = {r.pk: r for r in rounds}
    kept = _KEPT.get()
    if kept is None:
        for board in Board.objects.filter(round__section=section).order_by("round__number", "number"):
            boards[by_id[board.round_id].number].append(board)
    else:  # the worker: the rounds whose key changed read again, a round at a time (prepared: usually one)
        keys = {round_id: (n, low, top, versions, last) for round_id, n, low, top, versions, last in
                prepared.values(_boards_keys, section.pk)}
        before = kept.get(section.pk, {})
        for pk, key in keys.items():
            same = pk in before and before[pk][0] == key
            boards[by_id[pk].number] = list(before[pk][1]) if same else _round_again(pk, before[pk][1]) \
                if pk in before else prepared.objects(Board, _round_boards, pk)
        kept[section.pk] = {r.pk: (keys[r.pk], list(boards[r.number])) for r in rounds if r.pk in keys}
        keys_by_number.update((r.number, keys[r.pk]) for r in rounds if r.pk in keys)
    name = Board.round.field.cache_name
    for rnd in rounds:
        for board in boards[rnd.number]:
            # each board's round is one of ``rounds`` (not read again with every board); a kept board's
            # players are dropped, as this reading has them
            board._state.fields_cache = {name: rnd}
    return boards


@dataclass
class Conversion:
    """A tournament with the maps between pairing numbers and rows."""

    tournament: Tournament
    by_tpn: dict[int, Player] = field(default_factory=dict)


def team_code(section: Section) -> str:
    """The TRF26 ``192`` code of a team section: ``FIDE_TEAM[_TYPEA|_TYPEB]_<primary>_<secondary>``
    (read back by :func:`swisspair.pairing.team.parse_code`)."""
    colour = {"A": "_TYPEA", "B": "_TYPEB"}.get(section.team_colours, "")
    secondary = "GP" if section.team_primary == "MP" else "MP"
    return f"FIDE_TEAM{colour}_{section.team_primary}_{secondary}"


def team_entries(data: SectionData, results: Mapping[int, tuple[Fraction, Fraction, int]] | None = None,
                 ) -> tuple[TeamEntry, ...]:
    """The teams of a team section as the core's model (rosters in board order); ``results`` gives
    the match points, game points and rank by team number for an export. Names are cut to the
    32 columns of the TRF ``310`` record."""
    out = []
    for team in data.teams:
        mp, gp, rank = results[team.number] if results else (None, None, None)
        out.append(TeamEntry(team.number, team.name[:32].strip(), tuple(p.tpn for p in data.members(team)),
                             match_points=mp, game_points=gp, rank=rank))
    return tuple(out)


def _add_team_records(data: SectionData, tournament: Tournament) -> None:
    """The team view of a team section for the core: the teams (rosters in board order), the board
    colours (the team with White has White on the odd boards), the match points and the system code
    ``192``. Team records kept from an older import are dropped: the section is the truth."""
    section = data.section
    tournament.extra_lines = [line for line in tournament.extra_lines if line[:3] not in ("013", "310")]
    for code in ("352", "362"):
        tournament.headers.pop(code, None)
    tournament.teams = team_entries(data)
    tournament.board_colours = "".join("W" if b % 2 == 0 else "B" for b in range(section.boards))
    tournament.match_points = MatchPoints(fraction(section.match_win), fraction(section.match_draw),
                                          fraction(section.match_loss))
    tournament.system = team_code(section)


def to_tournament(data: SectionData, *, upto: int | None = None, pending: Pending = "absent",
                  next_round: bool = False) -> Conversion:
    """The core's view of a section.

    :param upto: keep rounds ``1..upto`` only (default: every paired round).
    :param pending: unfinished games as ``"absent"`` (standings),
        ``"draw"`` (pairing the next round while a game is still being played,
        FIDE Dutch system, 1992 rules, F 9) or ``"scheduled"`` (paired, no result yet:
        the opponent and colour with a blank result, as a TRF export taken mid-round has them).
    :param next_round: add the requested byes and absences (``H``/``F``/``Z``,
        withdrawals) of round ``upto + 1``, the state in which it is paired.
    """
    section = data.section
    last = data.paired_rounds if upto is None else min(upto, data.paired_rounds)
    extras = section.trf_extras or {}
    headers: dict[str, list[str]] = {k: list(v) for k, v in (extras.get("headers") or {}).items()}
    event = section.event
    name = event.name if section.name in ("", "Main", "Open") else f"{event.name} - {section.name}"
    for code, value in (("022", event.city), ("032", event.federation),
                        ("042", event.start_date.strftime("%Y/%m/%d") if event.start_date else ""),
                        ("052", event.end_date.strftime("%Y/%m/%d") if event.end_date else ""),
                        ("102", event.chief_arbiter)):
        if value:
            headers[code] = [value]
    headers["062"] = [str(len(data.players))]
    scoring = scoring_of(section)
    tournament = Tournament(
        name=name,
        rounds=section.rounds,
        initial_colour={"w": Colour.WHITE, "b": Colour.BLACK}.get(section.initial_colour),
        scoring=scoring,
        headers=headers,
        extra_lines=list(extras.get("extra_lines") or []),
    )
    by_id = {p.id: p for p in data.players}
    conv = Conversion(tournament, {p.tpn: p for p in data.players})
    entries: dict[int, list[RoundResult]] = {p.id: [ABSENT] * last for p in data.players}
    for rnd in range(1, last + 1):
        for board in data.boards.get(rnd, []):
            white, black = by_id[board.white_id], by_id[board.black_id]
            if board.result:
                w_res, b_res = board_results(board.result)
            elif pending == "draw":
                w_res = b_res = Result.DRAW
            elif pending == "scheduled":
                w_res = b_res = Result.ABSENT
            else:
                continue
            entries[white.id][rnd - 1] = RoundResult(black.tpn, Colour.WHITE, w_res)
            entries[black.id][rnd - 1] = RoundResult(white.tpn, Colour.BLACK, b_res)
    byes_next: dict[int, str] = {}
    for bye in data.byes:
        if bye.round_number <= last:
            entries[bye.player_id][bye.round_number - 1] = RoundResult.bye(Result(bye.kind))
        elif bye.round_number == last + 1:
            byes_next[bye.player_id] = bye.kind
    for player in data.players:
        results = entries[player.id]
        for index, entry in enumerate(results):
            if entry is ABSENT and _was_paired(data, index + 1, pending):
                results[index] = RoundResult.bye(Result.ZERO_BYE)
        if next_round:
            kind = byes_next.get(player.id)
            if kind is None and player.is_withdrawn(last + 1):
                kind = Bye.ZERO
            if kind is not None:
                results.append(RoundResult.bye(Result(kind)))
        while results and results[-1] is ABSENT:
            results.pop()
        tournament.players[player.tpn] = CorePlayer(
            tpn=player.tpn, name=player.name, sex=player.sex, title=player.title, rating=player.rating,
            federation=player.federation, fide_id=player.fide_id, birth_date=player.birth_date,
            results=results, club=player.club)
    if section.acceleration == Section.BAKU:
        # The manager follows the text of C.04.7 1.2 (GA = 2 * ceil(N / 4)); the exported TRF carries the
        # values (XXA), so other engines pair with the same ones.
        tournament.accelerations = baku_virtual_points(tournament, GROUP_A_EVEN)
    elif section.acceleration == Section.CUSTOM:
        tournament.accelerations = {
            int(tpn): {int(r): Fraction(v) for r, v in values.items()}
            for tpn, values in (extras.get("accelerations") or {}).items()}
    tournament.forbidden_pairs = [
        ForbiddenPairs(tuple(group["players"]), group.get("first_round"), group.get("last_round"))
        for group in extras.get("forbidden_pairs") or []]
    if section.is_team:
        _add_team_records(data, tournament)
    if section.is_round_robin:
        _mark_round_robin(data, tournament)
    return conv


def scores_after(data: SectionData, last: int) -> dict[int, Fraction]:
    """Each player's score after rounds ``1..last`` (by player id), exactly what ``to_tournament(data,
    upto=last).tournament.score(tpn)`` gives (:func:`units_after` over its denominator)."""
    units, den = units_after(data, last)
    return {player_id: Fraction(u, den) for player_id, u in units.items()}


_UNITS: dict[tuple[int, int], tuple[Hashable, tuple[dict[int, int], int]]] = {}
"""The worker's last :func:`units_after` of each section and round, with what it was computed from."""

SCORING_FIELDS = ("win", "draw", "loss", "pab", "half_bye", "full_bye", "forfeit_win", "forfeit_loss", "zero_bye")
"""The section's fields its scoring is made of (:func:`scoring_of`)."""


def forget_units(section_id: int | None = None) -> None:
    """Drop the kept :func:`units_after` of the section ``section_id`` (:func:`~..public.render.render_round`);
    ``None``: of every section (:func:`~..public.render.forget_kept`)."""
    if section_id is None:
        _UNITS.clear()
    else:
        forget_section(_UNITS, section_id)


def forget_section(store: dict[tuple[int, int], _Value], section_id: int) -> None:
    """Drop what ``store``, a store of :func:`kept_while` by ``(section, round)``, keeps of the section
    ``section_id`` (its slots copied first: another thread may add one meanwhile)."""
    for slot in list(store):
        if slot[0] == section_id:
            store.pop(slot, None)


def _units_key(data: SectionData, last: int) -> Hashable | None:
    """What :func:`units_after` of rounds ``1..last`` is computed from, when the rows were read by the worker
    (the players' and each round's boards' keys, the byes, the scoring); ``None`` otherwise."""
    if data.players_key is None or any(n not in data.keys for n in range(1, last + 1)):
        return None
    byes = tuple(sorted((b.player_id, b.round_number, b.kind) for b in data.byes if b.round_number <= last))
    scoring = tuple(getattr(data.section, name) for name in SCORING_FIELDS)
    return data.players_key, tuple(data.keys[n] for n in range(1, last + 1)), byes, scoring, data.paired_rounds


_Slot = TypeVar("_Slot", bound=Hashable)
_Value = TypeVar("_Value")


def kept_while(store: dict[_Slot, tuple[Hashable, _Value]], slot: _Slot, key: Hashable | None,
               compute: Callable[[], _Value]) -> _Value:
    """``compute()``, kept in ``store[slot]`` with ``key`` (the key of the rows it is computed from, as
    :func:`kept_boards` gives them) and given again while the key is the same; ``None``: computed, not kept."""
    if key is None:
        return compute()
    kept = store.get(slot)
    if kept is not None and kept[0] == key:
        return kept[1]
    value = compute()
    store[slot] = key, value
    return value


def units_after(data: SectionData, last: int) -> tuple[dict[int, int], int]:
    """:func:`units_after_rounds`, kept by the public pages' worker while its rows do not change (the scores
    before the last round of a big event are summed once, not at every result typed in it). The result is
    shared: not to be changed."""
    last = min(last, data.paired_rounds)
    return kept_while(_UNITS, (data.section.pk, last), _units_key(data, last), lambda: units_after_rounds(data, last))


def units_after_rounds(data: SectionData, last: int) -> tuple[dict[int, int], int]:
    """Each player's score after rounds ``1..last`` (by player id) in integer units of the scoring (its points
    on one common denominator, the second value), summed from the rows already read: no core tournament, no
    fraction per round.

    As :func:`to_tournament` records them: a board's result for both players, a bye over it, a round whose
    boards all have results absent players' zero-point bye, a round with a game still on the board absent
    (not counted when it is the player's last entries, ``zero_bye`` when a later one follows)."""
    scoring = scoring_of(data.section)
    last = min(last, data.paired_rounds)
    results = list(Result)
    points = {(r, c): scoring.points(r, c) for r in results for c in Colour}
    den = math.lcm(1, *{p.denominator for p in points.values()})  # every unit below is a whole number
    unit = {key: int(p * den) for key, p in points.items()}
    codes = {code: board_results(code) for code in {b.result for n in range(1, last + 1)
                                                      for b in data.boards.get(n, []) if b.result}}
    entries: dict[int, list[int | None]] = {p.id: [None] * last for p in data.players}
    for number in range(1, last + 1):
        for board in data.boards.get(number, []):
            if board.result:
                white, black = codes[board.result]
                entries[board.white_id][number - 1] = unit[(white, Colour.WHITE)]
                entries[board.black_id][number - 1] = unit[(black, Colour.BLACK)]
    for bye in data.byes:
        if bye.round_number <= last:
            entries[bye.player_id][bye.round_number - 1] = unit[(Result(bye.kind), Colour.NONE)]
    zero = unit[(Result.ZERO_BYE, Colour.NONE)]
    settled = [_was_paired(data, number, "absent") for number in range(1, last + 1)]
    scores = {}
    for player_id, units in entries.items():
        end = len(units)
        while end and units[end - 1] is None and not settled[end - 1]:
            end -= 1  # trailing absences are dropped (an absence in a settled round is a zero-point bye)
        scores[player_id] = sum(zero if u is None else u for u in units[:end])
    return scores, den


ROUND_ROBIN_TYPE = "Individual: Round-Robin"
"""The ``092`` tournament type of an individual round-robin, as Swiss-Manager writes it."""

TEAM_ROUND_ROBIN_TYPE = "Team: Round-Robin"
"""The ``092`` tournament type of a team round-robin."""


def _mark_round_robin(data: SectionData, tournament: Tournament) -> None:
    """Say in the core's tournament that it is a round-robin: ``092`` (players or teams) and, for players, the
    ``192`` code (``FIDE_DOUBLEROUNDROBIN`` for two cycles or more); the standings then count a player who
    left by C.05 art. 6.6 and rank by its tie-breaks."""
    section = data.section
    tournament.headers["092"] = [TEAM_ROUND_ROBIN_TYPE if section.is_team else ROUND_ROBIN_TYPE]
    if not section.is_team:
        tournament.system = "FIDE_ROUNDROBIN" if section.cycles == 1 else "FIDE_DOUBLEROUNDROBIN"


def withdrawals_of(data: SectionData) -> dict[int, int]:
    """The players who left: pairing number -> the first round they did not play."""
    return {p.tpn: p.withdrawn_from for p in data.players if p.withdrawn_from is not None}


def _was_paired(data: SectionData, round_number: int, pending: Pending) -> bool:
    """Whether results of ``round_number`` are known, so an unlisted player counts as absent."""
    return round_number <= data.paired_rounds and (pending != "absent" or not data.pending_boards(round_number))


# -- import -----------------------------------------------------------------------------------------


@dataclass
class ImportedBoard:
    round_number: int
    white: int
    black: int
    result: str


@dataclass
class ImportedRows:
    """What a core tournament becomes in the database (before saving)."""

    rounds: int
    paired_rounds: int
    boards: list[ImportedBoard]
    byes: list[tuple[int, int, str]]
    """``(tpn, round, kind)``."""
    extras: dict[str, object]
    warnings: list[str]


def rows_from_tournament(tournament: Tournament) -> ImportedRows:
    """Boards, byes and kept extras of an imported tournament.

    :raises: :exc:`ValueError` when a game is recorded inconsistently.
    """
    paired = tournament.paired_rounds
    boards: list[ImportedBoard] = []
    byes: list[tuple[int, int, str]] = []
    warnings: list[str] = []
    for rnd in range(1, tournament.recorded_rounds + 1):
        seen: set[int] = set()
        round_boards: list[tuple[Fraction, ImportedBoard]] = []
        for player in tournament:
            entry = player.result(rnd)
            if entry.opponent is None or entry.opponent == 0:
                if entry.result in (Result.PAB, Result.HALF_BYE, Result.FULL_BYE, Result.ZERO_BYE):
                    byes.append((player.tpn, rnd, entry.result.value))
                elif entry.result is Result.FORFEIT_WIN:
                    byes.append((player.tpn, rnd, Result.FULL_BYE.value))
                    warnings.append(f"round {rnd}: player {player.tpn} has a forfeit win without an "
                                    f"opponent, kept as a full-point bye")
                elif entry.result is Result.FORFEIT_LOSS:
                    byes.append((player.tpn, rnd, Result.ZERO_BYE.value))
                continue
            if player.tpn in seen:
                continue
            opponent = tournament.players.get(entry.opponent)
            if opponent is None:
                raise ValueError(f"round {rnd}: player {player.tpn} meets unknown player {entry.opponent}")
            other = opponent.result(rnd)
            if other.opponent != player.tpn:
                raise ValueError(f"round {rnd}: players {player.tpn} and {entry.opponent} disagree on the game")
            seen.update((player.tpn, opponent.tpn))
            if entry.colour is Colour.BLACK or (entry.colour is Colour.NONE and other.colour is Colour.WHITE):
                white, black, w_res, b_res = opponent.tpn, player.tpn, other.result, entry.result
            else:
                white, black, w_res, b_res = player.tpn, opponent.tpn, entry.result, other.result
            if w_res is Result.ABSENT and b_res is Result.ABSENT:
                code = ""
            else:
                code = BoardResult(w_res, b_res).code
                if code not in RESULTS:
                    raise ValueError(f"round {rnd}: unsupported result pair {w_res.value!r}/{b_res.value!r} "
                                     f"for players {white} and {black}")
            key = max(tournament.score(white, rnd - 1), tournament.score(black, rnd - 1))
            round_boards.append((key, ImportedBoard(rnd, white, black, code)))
        round_boards.sort(key=lambda item: (-item[0], min(item[1].white, item[1].black)))
        boards.extend(board for _, board in round_boards)
    extras: dict[str, object] = {
        "headers": {k: v for k, v in tournament.headers.items()
                    if k not in ("012", "022", "032", "042", "052", "062", "102")},
        "extra_lines": list(tournament.extra_lines),
        "forbidden_pairs": [{"players": list(g.players), "first_round": g.first_round,
                             "last_round": g.last_round} for g in tournament.forbidden_pairs],
    }
    if tournament.accelerations:
        extras["accelerations"] = {
            str(tpn): {str(r): str(v) for r, v in values.items()}
            for tpn, values in tournament.accelerations.items()}
    return ImportedRows(rounds=max(tournament.rounds or 0, tournament.recorded_rounds, 1),
                        paired_rounds=paired, boards=boards, byes=byes, extras=extras, warnings=warnings)
