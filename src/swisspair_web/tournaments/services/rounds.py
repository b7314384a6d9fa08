"""Rounds: paired by the section's system, published in order, unpaired, and changed by hand."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swisspair.errors import SwissPairError
from swisspair.model import Colour, RoundPairing
from swisspair_web.tournaments.reads import numbering, roundrobin, sections
from swisspair_web.tournaments.reads.convert import SectionData, to_tournament
from swisspair_web.tournaments.reads.errors import Conflict, OperationError
from swisspair_web.tournaments.rows import RESULTS, Board, Bye, Round, Section, registry
from swisspair_web.tournaments.services import follow, presence
from swisspair_web.tournaments.services.base import (
    Progress,
    User,
    account_of,
    audit,
    bump_section,
    no_progress,
    run_before_commit,
)
from swisspair_web.tournaments.services.effects import operation
from swisspair_web.tournaments.services.numbering import keep_sorted


def pairing_checkpoint() -> None:
    """Called inside the pairing transaction just before it commits (a seam for the kill tests)."""


def _numbering_before_round_1(section: Section, user: User, seen_version: int | None) -> list[str]:
    """Before round 1: check the version the arbiter saw, sort numbers kept by the initial ranking, and warn
    about numbers the arbiter fixed out of it (FIDE C.04.2 art. 2.2-2.3)."""
    if seen_version is not None and seen_version != section.version:
        raise Conflict(_("The section was changed by somebody else meanwhile; reload the page and try again."))
    if section.is_team or section.round_set.exists():
        return []
    plan = numbering.plan(section)
    if not plan:
        return []
    if section.numbering == Section.FIXED_ORDER:
        return [ngettext("The pairing numbers are fixed by the arbiter, not in the order of the rules (%(order)s): "
                         "%(count)s player would have another number.",
                         "The pairing numbers are fixed by the arbiter, not in the order of the rules (%(order)s): "
                         "%(count)s players would have other numbers.", len(plan))
                % {"order": numbering.order(section).label, "count": len(plan)}]
    with operation():
        bump_section(section)
        keep_sorted(section, user)
    return [ngettext("%(count)s pairing number was sorted into the order of the rules (%(order)s) before pairing.",
                     "%(count)s pairing numbers were sorted into the order of the rules (%(order)s) before pairing.",
                     len(plan)) % {"count": len(plan), "order": numbering.order(section).label}]


@dataclass
class PairingOutcome:
    round: Round
    warnings: list[str] = field(default_factory=list)


def keep_initial_colour(section: Section, drawn: Colour | None) -> None:
    """Keep the colour drawn for the first player in round 1 (C.04.3 art. 5.1) when the section had none."""
    if not section.initial_colour and drawn is not None:
        colour = "w" if drawn is Colour.WHITE else "b"
        with operation():  # within the pairing's own
            Section.objects.filter(pk=section.pk).update(initial_colour=colour)
        section.initial_colour = colour


def next_round(section: Section, data: SectionData, allow_pending: bool) -> tuple[int, list[Board]]:
    """The number of the round to pair next and the boards of the last round still without a result, once
    it is clear that the round can be paired: the section has it, every earlier round is complete, and the
    last one is too unless the arbiter pairs counting its unfinished games as draws.

    :raises: :exc:`OperationError` saying which of these does not hold.
    """
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
    return number, pending


def pair_next_round(section: Section, user: User, *, allow_pending: bool = False,
                    progress: Progress = no_progress, seen_version: int | None = None) -> PairingOutcome:
    """Pair the next round with the section's system and store it (unpublished).

    The engine runs on a snapshot, outside any transaction; the result is
    written only if the section is unchanged since the snapshot, and since
    ``seen_version`` (the version the arbiter's page showed) when given.
    Before round 1, numbers kept by the initial ranking are sorted first
    (:func:`keep_sorted`); numbers the arbiter fixed out of that order give a warning.

    :raises: :exc:`OperationError` (also for ``NoValidPairingError``), :exc:`Conflict`.
    """
    if section.is_round_robin:  # every round from the Berger table
        return pair_round_robin(section, user, allow_pending=allow_pending, seen_version=seen_version)
    warnings = _numbering_before_round_1(section, user, seen_version)
    warnings += presence.before_pairing(section, user)  # the check-in decides who plays round 1
    seen_version = section.version
    progress(5, "reading")
    data = SectionData.load(section)
    number, pending = next_round(section, data, allow_pending)
    conv = to_tournament(data, pending="draw" if allow_pending else "absent", next_round=True)
    tournament = conv.tournament
    if number == 1 and tournament.initial_colour is None:
        tournament.initial_colour = random.choice([Colour.WHITE, Colour.BLACK])
    available = [p for p in tournament if p.result(number).result.value not in (Bye.HALF, Bye.FULL, Bye.ZERO)]
    if len(available) < 2:
        raise OperationError(_("Fewer than two players can be paired in round %(round)s.") % {"round": number})
    progress(20, "pairing")
    try:
        pairing: RoundPairing = registry.pair(tournament, section.system)
    except SwissPairError as error:
        raise OperationError(_("The engine found no pairing: %(error)s") % {"error": error}) from None
    if pairing.round_number != number:
        raise OperationError(f"engine paired round {pairing.round_number}, expected {number}")
    if pending:
        warnings.append(_("Unfinished games were counted as draws for this pairing only."))
    progress(90, "saving")
    with operation():
        bump_section(section, seen_version)
        if number == 1:
            keep_initial_colour(section, tournament.initial_colour)
        rnd = Round.objects.create(section=section, number=number, paired_by=account_of(user), system=section.system,
                                   settings=sections.pairing_settings(section))
        by_tpn = conv.by_tpn
        Board.objects.bulk_create([
            Board(round=rnd, number=index, white=by_tpn[b.white], black=by_tpn[b.black])
            for index, b in enumerate(pairing.boards, start=1)])
        if pairing.bye is not None:
            Bye.objects.update_or_create(player=by_tpn[pairing.bye], round_number=number,
                                         defaults={"section": section, "kind": Bye.PAB, "origin": Bye.PAIRING})
        for player in data.players:
            if player.is_withdrawn(number) and not Bye.objects.filter(player=player, round_number=number).exists():
                Bye.objects.create(section=section, player=player, round_number=number, kind=Bye.ZERO,
                                   origin=Bye.WITHDRAWAL)
        audit(section.event, user, "paired", section=section, round_number=number,
              params={"boards": len(pairing.boards), "system": section.system, "bye": pairing.bye})
        follow.section(section)
        run_before_commit(rnd)
        pairing_checkpoint()
    return PairingOutcome(rnd, warnings)


def pair_round_robin(section: Section, user: User, *, allow_pending: bool = False,
                     seen_version: int | None = None) -> PairingOutcome:
    """Pair the next round of an individual round-robin from the Berger table (unpublished): its games by
    pairing number, the colours reversed in the even cycles; the games of a player who left are written as
    forfeits (audited as results); the player the table gives the rest records a zero-point rest.

    :raises: :exc:`OperationError`, :exc:`Conflict`.
    """
    if seen_version is not None and seen_version != section.version:
        raise Conflict(_("The section was changed by somebody else meanwhile; reload the page and try again."))
    seen_version = section.version
    data = SectionData.load(section)
    number, pending = next_round(section, data, allow_pending)
    scheduled = roundrobin.check_pairable(data, number)
    by_tpn = {p.tpn: p for p in data.players}
    with operation():
        bump_section(section, seen_version)
        rnd = Round.objects.create(section=section, number=number, paired_by=account_of(user),
                                   system=section.system, settings=sections.pairing_settings(section))
        boards = [Board(round=rnd, number=index, white=by_tpn[b.white], black=by_tpn[b.black],
                        result=roundrobin.forfeit_code(by_tpn[b.white].is_withdrawn(number),
                                                       by_tpn[b.black].is_withdrawn(number)))
                  for index, b in enumerate(scheduled.boards, start=1)]
        Board.objects.bulk_create(boards)
        for board in boards:
            if board.result:
                audit(section.event, user, "result", section=section, round_number=number, board_number=board.number,
                      new=RESULTS[board.result],
                      params={"white": board.white.name, "black": board.black.name, "withdrawn": True})
        if scheduled.rests is not None:
            Bye.objects.create(section=section, player=by_tpn[scheduled.rests], round_number=number, kind=Bye.ZERO,
                               origin=Bye.PAIRING)
        audit(section.event, user, "paired", section=section, round_number=number,
              params={"boards": len(boards), "table_round": scheduled.table_round, "cycle": scheduled.cycle,
                      "rests": scheduled.rests})
        follow.section(section)
        run_before_commit(rnd)
        pairing_checkpoint()
    warnings = [_("Unfinished games were counted as draws for this pairing only.")] if pending else []
    return PairingOutcome(rnd, warnings)


def publish_round(rnd: Round, user: User, publish: bool = True) -> list[int]:
    """Publish round ``rnd`` (or withdraw it from the public pages). The public rounds are always the first
    ones: a later round's pairing list shows scores that include every earlier round's results, and a player
    card the running score. So a round is published only after the rounds before it, and withdrawing a round
    withdraws the later ones too. Returns the numbers of the rounds that changed.

    :raises: :exc:`OperationError` when an earlier round is not published.
    """
    section = rnd.section
    with operation():
        Section.objects.select_for_update().filter(pk=section.pk).exists()  # one publication change at a time
        rounds = Round.objects.filter(section=section)
        if publish:
            hidden = rounds.filter(number__lt=rnd.number, published_at__isnull=True).order_by("number").first()
            if hidden is not None:
                raise OperationError(_("Round %(earlier)s is not published: publish the rounds in order (the "
                                       "pairing list of round %(round)s shows scores that include round "
                                       "%(earlier)s).") % {"earlier": hidden.number, "round": rnd.number})
            changed = list(rounds.filter(pk=rnd.pk, published_at__isnull=True).values_list("number", flat=True))
            rounds.filter(pk=rnd.pk, published_at__isnull=True).update(published_at=timezone.now())
        else:
            later = rounds.filter(number__gte=rnd.number, published_at__isnull=False)
            changed = sorted(later.values_list("number", flat=True))
            later.update(published_at=None)
        for number in changed:
            audit(section.event, user, "published" if publish else "unpublished", section=section,
                  round_number=number)
            follow.section(section, hiding=not publish)
        if publish and changed:
            follow.round_published(section)
    return changed


def unpair_last_round(section: Section, user: User, *, discard_results: bool = False) -> int:
    """Delete the last paired round (its boards, its PAB); requested byes stay."""
    with operation():
        bump_section(section)
        rnd = section.round_set.order_by("-number").first()
        if rnd is None:
            raise OperationError(_("No round is paired."))
        entered = rnd.boards.exclude(result="").count()
        if entered and not discard_results:
            raise OperationError(ngettext("Round %(round)s already has %(count)s result; confirm to discard it.",
                                          "Round %(round)s already has %(count)s results; confirm to discard them.",
                                          entered) % {"round": rnd.number, "count": entered})
        number = rnd.number
        # the byes the pairing wrote go with it: the PAB, and the absences of the players withdrawn then
        # (also of those reinstated since, who are paired again when the round is)
        Bye.objects.filter(section=section, round_number=number, origin__in=(Bye.PAIRING, Bye.WITHDRAWAL)).delete()
        published = rnd.published
        rnd.delete()
        audit(section.event, user, "unpaired", section=section, round_number=number,
              params={"discarded": entered, "was_public": bool(published)})
        follow.section(section, hiding=published)  # a round the public never saw hides nothing
    return number


# -- adjustments -------------------------------------------------------------------------------------


def adjust_round(rnd: Round, user: User, action: str, board_a: int, board_b: int | None = None) -> list[str]:
    """Change a paired round by hand: ``flip`` colours of a board, ``swap-white`` / ``swap-black``
    players between two boards, ``force`` a pair of two players (``board_a``/``board_b`` are then
    their pairing numbers). Returns a warning for each rule the change breaks."""
    section = rnd.section
    if section.is_team:
        raise OperationError(_("Team rounds follow the board order; unpair the round to change it."))
    if section.is_round_robin:
        raise OperationError(_("A round-robin's rounds follow the Berger table (FIDE C.05 Annex 1): they are not "
                               "changed by hand."))
    if board_b is not None and board_a == board_b and action != "flip":
        raise OperationError(_("Player %(a)s cannot be paired with themselves: give two different numbers.")
                             % {"a": board_a} if action == "force" else _("Give two different boards."))
    with operation():
        bump_section(section)
        if rnd.boards.exclude(result="").exists():
            raise OperationError(_("The round already has results; unpair it or correct results instead."))
        boards = {b.number: b for b in rnd.boards.select_related("white", "black")}
        if action != "force" and (board_a not in boards or (board_b is not None and board_b not in boards)):
            raise OperationError(_("No such board."))
        if action == "flip":
            a = boards[board_a]
            a.white, a.black = a.black, a.white
            a.save(update_fields=["white", "black"])
            touched = [a]
        elif action in ("swap-white", "swap-black") and board_b is not None and board_b != board_a:
            a, b = boards[board_a], boards[board_b]
            if action == "swap-white":
                a.white, b.white = b.white, a.white
            else:
                a.black, b.black = b.black, a.black
            a.save(update_fields=["white", "black"])
            b.save(update_fields=["white", "black"])
            touched = [a, b]
        elif action == "force" and board_b is not None:
            touched = _force(boards, board_a, board_b)
        else:
            raise OperationError(_("Unknown adjustment."))
        Board.objects.filter(pk__in=[board.pk for board in touched]).update(version=F("version") + 1)
        Round.objects.filter(pk=rnd.pk).update(adjusted=True)
        audit(section.event, user, "adjusted", section=section, round_number=rnd.number,
              params={"adjustment": action, "a": board_a, "b": board_b})
        follow.section(section)
    return rule_warnings(section, rnd.number, touched)


def _force(boards: dict[int, Board], tpn_a: int, tpn_b: int) -> list[Board]:
    """Pair players ``tpn_a`` and ``tpn_b``; their former opponents meet each other."""
    def find(tpn: int) -> Board:
        for board in boards.values():
            if tpn in (board.white.tpn, board.black.tpn):
                return board
        raise OperationError(_("Player %(tpn)s has no game in this round (a bye?); unpair the round to change "
                               "byes.") % {"tpn": tpn})

    first, second = find(tpn_a), find(tpn_b)
    if first.pk == second.pk:
        raise OperationError(_("Players %(a)s and %(b)s already play each other on board %(board)s: nothing "
                               "changed.") % {"a": tpn_a, "b": tpn_b, "board": first.number})
    a_white = first.white.tpn == tpn_a
    a, partner_a = (first.white, first.black) if a_white else (first.black, first.white)
    b, partner_b = (second.white, second.black) if second.white.tpn == tpn_b else (second.black, second.white)
    first.white, first.black = (a, b) if a_white else (b, a)
    second.white, second.black = (partner_b, partner_a) if a_white else (partner_a, partner_b)
    first.save(update_fields=["white", "black"])
    second.save(update_fields=["white", "black"])
    return [first, second]


def rule_warnings(section: Section, number: int, boards: Iterable[Board]) -> list[str]:
    """Absolute-criteria checks for hand-made boards (C.04.1 b, C.04.3 C1-C3)."""
    data = SectionData.load(section)
    tournament = to_tournament(data, upto=number - 1).tournament
    warnings = []
    for board in boards:
        w, b = board.white.tpn, board.black.tpn
        if b in tournament.opponents(w):
            warnings.append(_("Board %(board)s: %(w)s and %(b)s have met already.")
                            % {"board": board.number, "w": board.white.name, "b": board.black.name})
        for tpn, colour, player in ((w, Colour.WHITE, board.white), (b, Colour.BLACK, board.black)):
            history = tournament.colour_history(tpn) + [colour]
            diff = history.count(Colour.WHITE) - history.count(Colour.BLACK)
            if abs(diff) > 2:
                warnings.append(_("Board %(board)s: %(name)s would have a colour difference of %(diff)s.")
                                % {"board": board.number, "name": player.name, "diff": diff})
            if len(history) >= 3 and len(set(history[-3:])) == 1:
                warnings.append(_("Board %(board)s: %(name)s would get the same colour three times in a row.")
                                % {"board": board.number, "name": player.name})
    return warnings
