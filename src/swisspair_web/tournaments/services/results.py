"""Results: written where the arbiter's page showed the same players and version, and the withdrawals
that follow a forfeit (or its correction)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Case, CharField, F, Q, Value, When
from django.utils.translation import gettext as _

from swisspair.model import BoardResult
from swisspair_web.tournaments.reads import late_corrections
from swisspair_web.tournaments.reads.errors import Conflict, OperationError
from swisspair_web.tournaments.rows import RESULTS, Board, Player, Round, Section
from swisspair_web.tournaments.services import follow
from swisspair_web.tournaments.services.base import User, audit, audits_together, who
from swisspair_web.tournaments.services.effects import operation


def parse_result(text: str) -> str:
    """The code of what an arbiter typed (the core's :meth:`BoardResult.parse`: ``1``, ``=``, ``+``...,
    White's side first); ``""`` for no result."""
    try:
        result = BoardResult.parse(text)
    except ValueError:
        raise OperationError(_("Unknown result: %(text)s") % {"text": text[:10]}) from None
    return "" if result is None else result.code


class Seen(NamedTuple):
    """What a result form showed of a board when it was rendered: the board's version and its players in
    their colours (player ids). ``None`` for a player the form did not name: such a write is refused."""

    version: int
    white: int | None
    black: int | None


def seen(board: Board) -> Seen:
    """What a page showing ``board`` now shows of it (for forms and for callers that just read the board)."""
    return Seen(board.version, board.white_id, board.black_id)


def pairing_text(board: Board) -> str:
    """``12. White – 7. Black``: a board's players as the result pages show them."""
    return f"{board.white.tpn}. {board.white.name} – {board.black.tpn}. {board.black.name}"


@dataclass
class ResultChanges:
    saved: list[int] = field(default_factory=list)
    """Board numbers saved."""
    conflicts: list[tuple[int, str]] = field(default_factory=list)
    """``(board number, result now in the database)`` of boards somebody else changed first."""
    moved: list[tuple[int, str]] = field(default_factory=list)
    """``(board number, its players now)`` of boards that hold other players (or colours) than the page showed:
    nothing is written there (``""``: the round has no such board now)."""
    notes: list[str] = field(default_factory=list)


FORFEIT_LOSERS: dict[str, tuple[bool, bool]] = {"+-": (False, True), "-+": (True, False), "--": (True, True)}
"""Which side of a board lost by forfeit (white, black), by result code."""


def _lost_by_forfeit(code: str) -> tuple[bool, bool]:
    return FORFEIT_LOSERS.get(code, (False, False))


def set_results(rnd: Round, user: User, changes: Mapping[int, tuple[str, Seen]],
                *, withdraw_no_shows: bool = True) -> ResultChanges:
    """Store results: ``{board number: (result code, what the arbiter's page showed of the board)}``.

    A write checks what its writer saw (FIDE C.05 art. 8: the arbiter records the results of the games
    played). A board that now holds other players, or the same players in other colours, than the page
    showed (the round was unpaired and paired again, or changed by hand) is not written: it is reported in
    :attr:`ResultChanges.moved` with its current players. A board whose version moved since the page was
    rendered is not written either (unless it already holds the same result): a conflict.
    Corrections of earlier rounds change standings only: later pairings stay.
    A player who lost by forfeit (absent without notice) is withdrawn from the next round on (FIDE Dutch
    system, 1992 rules, F 8); when that forfeit is corrected, the withdrawal is undone. Not in a round-robin:
    there the arbiter withdraws a player who leaves (C.05 art. 6.6 decides what his games count).
    """
    outcome = ResultChanges()
    section = rnd.section
    later = [r.number for r in section.round_set.all() if r.number > rnd.number]  # the page may have read them
    with operation(), audits_together():
        # the boards are locked until the write commits (in one order: two saves of one round wait for each
        # other), so each is written as read
        read = rnd.boards.filter(number__in=list(changes)).select_related("white", "black")
        boards = {b.number: b for b in read.select_for_update(of=("self",)).order_by("pk")}
        todo: list[tuple[Board, str]] = []
        for number, (code, shown) in sorted(changes.items()):
            if code not in RESULTS:
                raise OperationError(_("Unknown result: %(text)s") % {"text": code[:10]})
            board = boards.get(number)
            if board is None or (board.white_id, board.black_id) != (shown.white, shown.black):
                outcome.moved.append((number, pairing_text(board) if board else ""))
                continue
            if board.version != shown.version:
                if board.result != code:
                    outcome.conflicts.append((number, board.result))
                continue
            if board.result != code:
                todo.append((board, code))
        _write(todo)
        for board, code in todo:
            number = board.number
            audit(section.event, user, "correction" if board.result else "result",
                  section=section, round_number=rnd.number, board_number=number,
                  old=RESULTS.get(board.result, board.result), new=RESULTS.get(code, code),
                  params={"white": board.white.name, "black": board.black.name})
            follow.section(section)
            outcome.saved.append(number)
            _follow_forfeits(rnd, user, board, board.result, code, outcome.notes,
                             withdraw=withdraw_no_shows and not section.is_round_robin)
            board.result = code
        if outcome.saved:
            Section.objects.filter(pk=section.pk).update(version=F("version") + 1)
            follow.round_results(section, rnd.number)
    stale = sorted({n for c in late_corrections.find(section) if c.round == rnd.number and c.board in outcome.saved
                    for n in c.later}) if later and outcome.saved else []
    if stale:
        outcome.notes.append(_("Round %(round)s was corrected after round %(later)s was paired: the standings "
                               "change, but the pairings of later rounds stay as they were made, on other scores. "
                               "The TRF export notes this; a pairing checker will not reproduce those rounds.")
                             % {"round": rnd.number, "later": late_corrections.rounds_text(stale)})
    return outcome


def _write(todo: list[tuple[Board, str]]) -> None:
    """Write each board's new result, and a new version, in one statement (the boards are locked as read)."""
    if not todo:
        return
    match = Q()
    for board, _code in todo:
        match |= Q(pk=board.pk, version=board.version, white_id=board.white_id, black_id=board.black_id)
    result = Case(*(When(pk=board.pk, then=Value(code)) for board, code in todo), output_field=CharField())
    if Board.objects.filter(match).update(result=result, version=F("version") + 1) != len(todo):
        raise Conflict(_("The section was changed by somebody else meanwhile; reload the page and try again."))  # pragma: no cover


def _follow_forfeits(rnd: Round, user: User, board: Board, before: str, code: str, notes: list[str], *,
                     withdraw: bool) -> None:
    """The withdrawals that follow a board's result: a player who now loses by forfeit is withdrawn from the
    next round on (unless it is paired already, or the last round was played); a player whose forfeit loss
    was corrected into a game (``-`` then ``0``) is reinstated if that forfeit alone withdrew them."""
    if not any(_lost_by_forfeit(before) + _lost_by_forfeit(code)):
        return  # no forfeit before or now: nobody to withdraw or reinstate
    section = rnd.section
    nxt = rnd.number + 1
    next_paired = section.round_set.filter(number=nxt).exists()
    for player, lost_before, lost_now in zip((board.white, board.black), _lost_by_forfeit(before),
                                             _lost_by_forfeit(code)):
        player.refresh_from_db(fields=["withdrawn_from", "withdrawn_after_forfeit", "version"])
        if lost_now and not lost_before and withdraw and player.withdrawn_from is None and nxt <= section.rounds \
                and not next_paired:
            Player.objects.filter(pk=player.pk).update(withdrawn_from=nxt, withdrawn_after_forfeit=rnd.number,
                                                       version=F("version") + 1)
            audit(section.event, user, "withdrawn", section=section, round_number=nxt,
                  params={"player": who(player), "forfeit_round": rnd.number})
            notes.append(_("%(name)s lost by forfeit and is withdrawn from round %(round)s on; reinstate "
                           "them on the players page if they will play.") % {"name": player.name, "round": nxt})
        elif lost_before and not lost_now and player.withdrawn_after_forfeit == rnd.number \
                and player.withdrawn_from == nxt:
            Player.objects.filter(pk=player.pk).update(withdrawn_from=None, withdrawn_after_forfeit=None,
                                                       version=F("version") + 1)
            audit(section.event, user, "reinstated", section=section, round_number=nxt,
                  params={"player": who(player), "forfeit_round": rnd.number})
            notes.append(
                _("The forfeit of %(name)s in round %(round)s was corrected: the withdrawal it made is undone, "
                  "%(name)s is paired again.") % {"name": player.name, "round": rnd.number}
                if not next_paired else
                _("The forfeit of %(name)s in round %(round)s was corrected: the withdrawal it made is undone, "
                  "but round %(next)s is paired without %(name)s (absent); unpair it and pair it again if it "
                  "has not started.") % {"name": player.name, "round": rnd.number, "next": nxt})
