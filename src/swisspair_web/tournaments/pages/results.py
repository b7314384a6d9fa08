"""The result-entry form of a round: what the arbiter changed, and what the page shows again.

Each board's input goes with three hidden fields: ``v<board>``, the board's version when the page was
rendered, ``p<board>``, its players in their colours (``white id-black id``), and ``i<board>``, the value the
input was rendered with. A result is written only on a board that still holds the players the page showed,
in the same colours (:func:`.services.set_results`); a board that holds others now is reported, with them. Only a board whose input differs
from its ``i`` value was changed by the arbiter, so only such boards are written: a board somebody else
changed meanwhile and this arbiter left alone is neither a conflict nor overwritten with the stale value.
A board both changed is a conflict; the page then shows the *current* result and version for it (and
what this arbiter typed), so saving again without retyping keeps the other result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swisspair_web.jinja import shown
from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages.common import arbiter_page, refusals_shown, to_section
from swisspair_web.tournaments.pages.forms import AdjustForm
from swisspair_web.tournaments.public.common import context
from swisspair_web.tournaments.reads import absences, form_state, late_corrections, teams
from swisspair_web.tournaments.rows import Board, Player, Round, Section, result_label
from swisspair_web.tournaments.services import OperationError, Seen, parse_result

KEYS_FOR = {"10": "1", "01": "0", "==": "=", "+-": "+", "-+": "-", "--": "--", "00": "00", "WL": "wl", "DD": "dd",
            "LW": "lw", "": ""}
"""The key that gives each result code (what an input shows for a stored result)."""


@dataclass
class Submitted:
    """A posted result form, read against the round's boards."""

    changes: dict[int, tuple[str, Seen]] = field(default_factory=dict)
    """``{board: (result code, what the page showed of the board)}`` of the boards the arbiter changed."""
    errors: dict[int, str] = field(default_factory=dict)
    """``{board: message}`` of inputs that are not a result."""
    typed: dict[int, str] = field(default_factory=dict)
    """``{board: text}`` as posted, for every board in the form."""
    initial: dict[int, str] = field(default_factory=dict)
    versions: dict[int, int] = field(default_factory=dict)
    shown: dict[int, tuple[int | None, int | None]] = field(default_factory=dict)
    """``{board: (white id, black id)}`` the page showed."""


def _int(text: str | None, default: int) -> int:
    try:
        return int(text or "")
    except ValueError:
        return default


def players_field(board: Board) -> str:
    """The ``p<board>`` value: the ids of the board's white and black players."""
    return f"{board.white_id}-{board.black_id}"


def _players(text: str | None) -> tuple[int | None, int | None]:
    """The players a ``p<board>`` field names; ``(None, None)`` when it is missing or malformed."""
    white, _sep, black = (text or "").partition("-")
    if white.isdigit() and black.isdigit():
        return int(white), int(black)
    return None, None


def _malformed(post: Mapping[str, str], number: int) -> str:
    """What is wrong with the hidden fields of board ``number`` of a hand-made form (``""``: nothing)."""
    version, players = post.get(f"v{number}", ""), post.get(f"p{number}", "")
    if not version.isdigit():
        return _("%(field)s: expected %(expected)s, got %(value)s.") % {
            "field": f"v{number}", "expected": _("the board's version (a whole number)"), "value": repr(version[:20])}
    if _players(players) == (None, None):
        return _("%(field)s: expected %(expected)s, got %(value)s.") % {
            "field": f"p{number}", "expected": _("the board's players (white id-black id)"),
            "value": repr(players[:20])}
    return ""


def shown_boards(post: Mapping[str, str]) -> dict[int, Seen]:
    """``{board: what the page showed of it}`` from the ``v<board>`` and ``p<board>`` fields of a form."""
    return {int(key[1:]): Seen(_int(post.get(key), -1), *_players(post.get(f"p{key[1:]}")))
            for key in post if key[:1] == "v" and key[1:].isdigit() and len(key) < 8}


def _posted(post: Mapping[str, str]) -> list[int]:
    """The numbers of the boards a form posts (its ``r<board>`` fields)."""
    return sorted(int(key[1:]) for key in post if key[:1] == "r" and key[1:].isdigit() and len(key) < 8)


def _without_initials(post: Mapping[str, str]) -> list[int]:
    """The posted boards without an ``i`` field (a form of an older page: :func:`read` needs these boards)."""
    return [number for number in _posted(post) if f"i{number}" not in post]


def read(post: Mapping[str, str], boards: Mapping[int, Board]) -> Submitted:
    """The boards a posted form changes.

    A board is changed when its input's result differs from the result of the value it was rendered
    with (``i<board>``). A form without ``i`` fields (an older page) counts every board whose result
    or version differs from the database (``boards``: the round's, needed for such a form only) as changed.
    Every posted board counts, also one the round does not have any more (the service reports it).
    """
    out = Submitted()
    for number in _posted(post):
        board = boards.get(number)
        text = post.get(f"r{number}", "")
        version = _int(post.get(f"v{number}"), -1)
        out.typed[number], out.versions[number] = text, version
        out.shown[number] = _players(post.get(f"p{number}"))
        try:
            code = parse_result(text)
        except OperationError as error:
            out.errors[number] = str(error)
            continue
        malformed = _malformed(post, number)
        if malformed:
            out.errors[number] = malformed
            continue
        initial = post.get(f"i{number}")
        if initial is not None:
            out.initial[number] = initial
            try:
                untouched = parse_result(initial) == code
            except OperationError:
                untouched = False
        else:
            untouched = board is not None and board.result == code and board.version == version
        if not untouched:
            out.changes[number] = (code, Seen(version, *out.shown[number]))
    return out


def entry_rows(boards: list[Board], submitted: Submitted | None = None,
         conflicts: Mapping[int, str] | None = None, moved: Mapping[int, str] | None = None) -> list[dict[str, Any]]:
    """What each board's input shows: ``value``, ``initial``, ``version``, ``players``, ``error``,
    ``conflict``, ``moved``, ``mine`` (the result this arbiter typed on a conflicting or moved board) and, on
    a moved board, ``mine_for``: the white and black players the arbiter's page showed (the result was
    typed for them, not for the players the board holds now).

    After a form with errors nothing was saved: the inputs keep what was typed, with the values and
    versions the arbiter saw (unless the board holds other players now). Otherwise they show the database,
    which is current.
    """
    conflicts, moved = conflicts or {}, moved or {}
    out = []
    for board in boards:
        number = board.number
        row: dict[str, Any] = {"board": board, "value": KEYS_FOR.get(board.result, board.result),
                               "version": board.version, "players": players_field(board), "error": "",
                               "conflict": number in conflicts, "moved": number in moved, "mine": "",
                               "label": _("Result of board %(n)s") % {"n": number}}
        row["initial"] = row["value"]
        shown = submitted.shown.get(number) if submitted is not None else None
        if submitted is not None and submitted.errors and number in submitted.typed:
            row["error"] = submitted.errors.get(number, "")
            if shown == (board.white_id, board.black_id):
                row.update(value=submitted.typed[number], version=submitted.versions[number],
                           initial=submitted.initial.get(number, row["initial"]))
        if (row["conflict"] or row["moved"]) and submitted is not None and number in submitted.changes:
            code = submitted.changes[number][0]
            row["mine"] = result_label(code) or "…"
        if row["moved"] and row["mine"] and submitted is not None:
            row["mine_for"] = typed_for(submitted.shown.get(number, (None, None)))
        out.append(row)
    return out


def typed_for(shown: tuple[int | None, int | None]) -> tuple[str, str]:
    """The names of the white and black players a page showed on a board (``?`` for one not known)."""
    names = dict(Player.objects.filter(pk__in=[pk for pk in shown if pk is not None]).values_list("pk", "name"))
    return names.get(shown[0] or 0, "?"), names.get(shown[1] or 0, "?")


def _head_html(head: Any) -> str:
    """The heading row of a team match (before its first board)."""
    match = head.match
    return (f'<tr class="match" id="match-{match.number}"><th class="n">{match.number}</th>'
            f'<th>{shown(match.white.name)}</th><th class="score">{shown(head.score_text)}</th>'
            f'<th>{shown(match.black.name)}</th><th class="hide-s"></th></tr>')


def _notes_html(row: dict[str, Any]) -> str:
    """What the page says under a board's input: the input's error, a conflict, a board that moved."""
    board, out = row["board"], ""
    if row["error"]:
        out += f'<span class="errorlist">{shown(row["error"])}</span>'
    if row["conflict"]:
        out += '<span class="errorlist conflict-note">' + shown(
            _("now: %(now)s (entered meanwhile by somebody else); yours: %(mine)s")
            % {"now": board.result_label or "…", "mine": row["mine"]}) + "</span>"
    if row["moved"] and row.get("mine_for"):
        white, black = row["mine_for"]
        out += '<span class="errorlist moved-note">' + shown(
            _("not saved: you typed %(mine)s for White %(white)s against Black %(black)s; this board holds other "
              "players or colours now (shown here): check who won and type it again")
            % {"mine": row["mine"], "white": white, "black": black}) + "</span>"
    elif row["moved"]:
        out += '<span class="errorlist moved-note">' + shown(
            _("not saved: this board holds other players now than your page showed; yours was: %(mine)s")
            % {"mine": row["mine"]}) + "</span>"
    return out


def rows_html(rows: list[dict[str, Any]]) -> SafeString:
    """The board rows of the form's table (:func:`entry_rows`), one ``<tr>`` per board (and one before the first
    board of each team match). Written here, not in a template loop: a 250-board round's rows cost about 60 ms
    of CPU in Django's template engine, a few here (``benchmarks/edges.py``, *results page*)."""
    out = []
    for row in rows:
        board = row["board"]
        number, white, black = board.number, board.white, board.black
        state = "conflict" if row["conflict"] or row["error"] or row["moved"] else ""
        out.append(
            (_head_html(row["head"]) if row.get("head") else "")
            + f'<tr class="{state}" id="board-{number}">\n<td class="n">{number}</td>'
            f"<td>{white.tpn}. {shown(white.name)}</td>\n"
            f'<td><input name="r{number}" id="r{number}" value="{shown(row["value"])}" maxlength="4" '
            f'inputmode="text" aria-label="{shown(row["label"])}">\n'
            f'<input type="hidden" name="v{number}" value="{shown(row["version"])}">'
            f'<input type="hidden" name="p{number}" value="{shown(row["players"])}">'
            f'<input type="hidden" name="i{number}" value="{shown(row["initial"])}">{_notes_html(row)}</td>\n'
            f'<td>{black.tpn}. {shown(black.name)}</td><td class="hide-s saved">{shown(board.result_label)}</td></tr>')
    return mark_safe("".join(out))  # noqa: S308 - every value above is escaped by shown


def _boards(rnd: Round) -> list[Board]:
    return list(rnd.boards.select_related("white", "black"))


@login_required
@arbiter_page
def results(request: HttpRequest, sec: Section, number: int) -> HttpResponse:
    # the section's rounds, read once: this round, whether it is the last, the late corrections and the
    # rounds the page links to all come from them
    prefetch_related_objects([sec], "round_set")
    rnd = next((r for r in sec.round_set.all() if r.number == number), None)
    if rnd is None and request.method == "POST":
        messages.error(request, _("Round %(round)s is not paired any more (somebody unpaired it): nothing was "
                                  "saved.") % {"round": number})
        return to_section(sec)
    if rnd is None:
        raise Http404
    rnd.section = sec  # read with its event already
    conflicts: dict[int, str] = {}
    moved: dict[int, str] = {}
    submitted = None
    if request.method == "POST":
        older = _without_initials(request.POST)
        submitted = read(request.POST, {b.number: b for b in rnd.boards.filter(number__in=older)})
        if not submitted.errors:
            with refusals_shown(request):
                outcome = services.set_results(rnd, request.user, submitted.changes)
                conflicts, moved = dict(outcome.conflicts), dict(outcome.moved)
                _results_messages(request, outcome, bool(submitted.changes))
                if not conflicts and not moved:
                    return to_section(sec, "sp-results", number=number)
        else:
            messages.error(request, _("Nothing saved: fix the marked boards."))
    boards = _boards(rnd)
    pairing_token, results_token = form_state.tokens(rnd, boards)
    heads = {score.boards[0].number: score for score in teams.match_scores(rnd) if score.boards} \
        if sec.is_team else {}
    rows = entry_rows(boards, submitted, conflicts, moved)
    late = [c for c in late_corrections.find(sec) if c.round == number or number in c.later]
    for row in rows:
        row["head"] = heads.get(row["board"].number)
    return render(request, "tournaments/results.html", context(
        request, sec.event, sec, rnd=rnd, rows=rows, rows_html=rows_html(rows), not_paired=absences.of_paired_round(rnd),
        is_last=all(r.number <= number for r in sec.round_set.all()), adjust_form=AdjustForm(),
        entered=sum(1 for b in boards if b.result), total=len(boards), late=late,
        pairing_token=pairing_token, results_token=results_token, gone=sorted(n for n, now in moved.items() if not now)))


def _results_messages(request: HttpRequest, outcome: services.ResultChanges, changed: bool) -> None:
    """What a save of the results page did: saved, nothing changed, conflicts, boards that hold other players."""
    for note in outcome.notes:
        messages.info(request, note)
    if outcome.saved:
        messages.success(request, ngettext("%(count)s result saved.", "%(count)s results saved.",
                                           len(outcome.saved)) % {"count": len(outcome.saved)})
    elif not changed:
        messages.info(request, _("Nothing changed on the page: nothing saved."))
    if outcome.moved:
        boards = ", ".join(str(n) for n, _now in outcome.moved)
        messages.error(request, ngettext(
            "Board %(boards)s does not hold the players your page showed any more (the round was paired again "
            "or changed by hand): your result was not saved there. The page shows the current pairing; check "
            "it and type the result again.",
            "Boards %(boards)s do not hold the players your page showed any more (the round was paired again "
            "or changed by hand): your results were not saved there. The page shows the current pairing; check "
            "it and type the results again.", len(outcome.moved)) % {"boards": boards})
    if outcome.conflicts:
        messages.error(request, ngettext(
            "Somebody else entered a different result on board %(boards)s meanwhile; yours was not saved there. "
            "The page shows their result now: to keep yours instead, type it again and save.",
            "Somebody else entered a different result on boards %(boards)s meanwhile; yours were not saved "
            "there. The page shows their results now: to keep yours instead, type them again and save.",
            len(outcome.conflicts)) % {"boards": ", ".join(str(n) for n, _now in sorted(outcome.conflicts))})
