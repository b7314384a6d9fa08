"""Writing TRF16 files with the engine extensions (and optionally TRF26 records).

The default output is what the established engines read: the TRF16 ``001``
layout, the tournament headers, and ``XXR``/``XXC``/``XXA``/``XXP`` (plus
``XXS`` and bbpPairings' ``BB?`` when the scoring is not FIDE's default).
``trf26=True`` writes the TRF26 records ``142``/``152``/``162``/``192``/``240``/
``250``/``260`` instead of their ``XX?`` equivalents (``XXS`` is added only when
``162`` cannot express the scoring).

Whatever the dialect, reading the output back gives an equal
:class:`~swisspair.model.Tournament` (the reader keeps a canonical form: see
``docs/trf.md``). Values that do not fit the fixed columns raise
:exc:`~swisspair.errors.LimitExceededError` instead of being cut.
"""

from __future__ import annotations

import io
import re
from fractions import Fraction
from typing import TextIO

from swisspair.errors import LimitExceededError
from swisspair.model import Colour, Player, Result, Scoring, Tournament
from swisspair.trf.dates import to_trf
from swisspair.trf.points import fixed_width_points, format_points
from swisspair.trf.teams import format_forfeit, format_lineup, format_match_points, format_pab, format_team

_HEADER_ORDER = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
                 "132", "172", "182", "202", "212", "222")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_BYE_KINDS = ((Result.FULL_BYE, "F"), (Result.HALF_BYE, "H"), (Result.ZERO_BYE, "Z"))


def player_line(player: Player, points: Fraction | None = None, rank: int | None = None) -> str:
    """The ``001`` record of ``player`` (columns as in TRF16 / TRF26).

    ``points`` and ``rank`` replace the values stored in ``player``. Names are
    cut to the 33 columns of the record.

    :raises: :exc:`~swisspair.errors.LimitExceededError` when a number does not fit
        its columns (pairing numbers and ratings up to 9999, points up to 99.5).
    """
    pts = points if points is not None else player.points
    rk = rank if rank is not None else player.rank
    if not 1 <= player.tpn <= 9999:
        raise LimitExceededError(f"pairing number {player.tpn}: TRF holds 1 to 9999")
    if not 0 <= player.rating <= 9999:
        raise LimitExceededError(f"rating {player.rating} of {player.tpn}: TRF holds 0 to 9999")
    if rk is not None and not 0 <= rk <= 9999:
        raise LimitExceededError(f"rank {rk} of {player.tpn}: TRF holds 0 to 9999")
    head = (
        f"001 {player.tpn:>4} {player.sex[:1]:1}{player.title[:3]:>3} {player.name[:33]:<33} "
        f"{player.rating or '':>4} {player.federation[:3]:>3} {player.fide_id[:11]:>11} "
        f"{to_trf(player.birth_date)[:10]:<10} {fixed_width_points(pts, f'points of {player.tpn}') if pts is not None else '':>4} "
        f"{rk if rk is not None else '':>4}"
    )
    blocks = []
    for entry in player.results:
        if entry.result is Result.ABSENT and entry.opponent is None:
            blocks.append("          ")
            continue
        if entry.opponent is not None and not 1 <= entry.opponent <= 9999:
            raise LimitExceededError(f"opponent {entry.opponent} of {player.tpn}: TRF holds 1 to 9999")
        opponent = f"{entry.opponent:>4}" if entry.opponent is not None else "0000"
        blocks.append(f"  {opponent} {entry.colour.value} {entry.result.value}")
    return (head + "".join(blocks)).rstrip()


def _scoring_lines(scoring: Scoring, trf26: bool) -> list[str]:
    if scoring.is_default:
        return []
    fields = {
        "WW": scoring.win, "BW": scoring.black_win, "WD": scoring.draw, "BD": scoring.black_draw,
        "WL": scoring.loss, "BL": scoring.black_loss, "ZPB": scoring.zero_bye, "HPB": scoring.half_bye,
        "FPB": scoring.full_bye, "PAB": scoring.pab, "FW": scoring.forfeit_win, "FL": scoring.forfeit_loss,
    }
    xxs = "XXS " + " ".join(f"{k}={format_points(v)}" for k, v in fields.items() if v is not None)
    if trf26:
        default = Scoring()
        symbols = [("W", scoring.win, default.win), ("D", scoring.draw, default.draw),
                   ("L", scoring.loss, default.loss), ("A", scoring.zero_bye, default.zero_bye),
                   ("P", scoring.pab_points, scoring.win)]
        cells = [f"{s}{fixed_width_points(v, f'162 {s}')}" for s, v, d in symbols if v != d]
        lines = ["162  " + "    ".join(cells)] if cells else []
        expressible = all(getattr(scoring, name) is None for name in (
            "black_win", "black_draw", "black_loss", "forfeit_win", "forfeit_loss", "full_bye", "half_bye"))
        return lines if expressible else [*lines, xxs]
    bb = [
        f"BBW {fixed_width_points(scoring.win, 'BBW')}",
        f"BBD {fixed_width_points(scoring.draw, 'BBD')}",
        f"BBL {fixed_width_points(scoring.loss, 'BBL')}",
        f"BBZ {fixed_width_points(scoring.zero_bye, 'BBZ')}",
        f"BBF {fixed_width_points(scoring.points(Result.FORFEIT_LOSS), 'BBF')}",
        f"BBU {fixed_width_points(scoring.pab_points, 'BBU')}",
    ]
    return [xxs, *bb]


def _runs(values: dict[int, Fraction]) -> list[tuple[int, int, Fraction]]:
    """``{round: points}`` as runs of consecutive rounds with equal points."""
    runs: list[tuple[int, int, Fraction]] = []
    for rnd in sorted(values):
        if runs and runs[-1][1] == rnd - 1 and runs[-1][2] == values[rnd]:
            runs[-1] = (runs[-1][0], rnd, values[rnd])
        else:
            runs.append((rnd, rnd, values[rnd]))
    return runs


def _acceleration_lines(tournament: Tournament, trf26: bool) -> list[str]:
    lines: list[str] = []
    if not trf26:
        for tpn in sorted(tournament.accelerations):
            values = tournament.accelerations[tpn]
            if not values:
                continue
            cells = "".join(f" {fixed_width_points(values.get(r, Fraction(0)), f'XXA {tpn}')}" for r in range(1, max(values) + 1))
            lines.append(f"XXA {tpn:>4}{cells}")
        return lines
    # 250: one line per run of rounds, over ranges of consecutive TPNs with the same runs.
    groups: list[tuple[int, int, list[tuple[int, int, Fraction]]]] = []
    for tpn in sorted(tournament.accelerations):
        runs = _runs(tournament.accelerations[tpn])
        if not runs:
            continue
        if groups and groups[-1][1] == tpn - 1 and groups[-1][2] == runs:
            groups[-1] = (groups[-1][0], tpn, runs)
        else:
            groups.append((tpn, tpn, runs))
    for first, last, runs in groups:
        for first_round, last_round, points in runs:
            if last_round > 999:
                raise LimitExceededError(f"250: round {last_round} does not fit in 3 columns")
            lines.append(f"250      {fixed_width_points(points, '250 points')} {first_round:>3} {last_round:>3} "
                         f"{first:>4} {last:>4}")
    return lines


def _bye_lines(tournament: Tournament) -> list[str]:
    """TRF26 ``240`` records for the byes and absences of the rounds not yet paired."""
    paired = tournament.paired_rounds
    byes: dict[tuple[int, Result], list[int]] = {}
    for player in tournament:
        for rnd in range(paired + 1, len(player.results) + 1):
            entry = player.results[rnd - 1]
            if entry.opponent is None and entry.result in (Result.FULL_BYE, Result.HALF_BYE, Result.ZERO_BYE):
                byes.setdefault((rnd, entry.result), []).append(player.tpn)
    lines = []
    for rnd in sorted({r for r, _ in byes}):
        if rnd > 999:
            raise LimitExceededError(f"240: round {rnd} does not fit in 3 columns")
        for result, letter in _BYE_KINDS:
            tpns = byes.get((rnd, result))
            if tpns:
                lines.append(f"240 {letter} {rnd:>3} " + " ".join(f"{tpn:>4}" for tpn in tpns))
    return lines


def _trf_date(value: str) -> str:
    """A ``042``/``052`` value in the TRF form when it is a date; other text as written."""
    date = to_trf(value)
    return date if date and date != value.strip() else value


def lines(tournament: Tournament, *, trf26: bool = False) -> list[str]:
    """The TRF lines of ``tournament``, without line ends (see :func:`write`)."""
    out: list[str] = []
    headers = {code: list(values) for code, values in tournament.headers.items()}
    if tournament.name or "012" in headers:
        headers["012"] = [tournament.name, *headers.get("012", [])]
    for code in ("042", "052"):  # the dates as TRF writes them (kept as written in the model)
        headers[code] = [_trf_date(value) for value in headers.get(code, [])]
    for code in _HEADER_ORDER:
        for value in headers.pop(code, []):
            out.append(f"{code} {value}".rstrip())
    if tournament.board_colours:
        out.append(f"352 {tournament.board_colours}")
    if tournament.match_points is not None:
        out.append(format_match_points(tournament.match_points))
    for code, values in headers.items():
        out.extend(f"{code} {value}".rstrip() for value in values)
    system_from_092 = any(v.strip() == tournament.system for v in tournament.headers.get("092", []))
    order = tournament.pairing_order() if tournament.rank_order is not None else sorted(tournament.players)
    out.extend(player_line(tournament.players[tpn]) for tpn in order)
    colour = tournament.initial_colour
    rank = "rank " if tournament.rank_order is not None else ""
    coloured = colour is Colour.WHITE or colour is Colour.BLACK
    if tournament.rounds:  # TRF26 142, else JaVaFo's XXR
        out.append(f"{'142' if trf26 else 'XXR'} {tournament.rounds}")
    if coloured:  # TRF26 152, else XXC (which also carries "rank")
        white = colour is Colour.WHITE
        out.append(f"152 {'W' if white else 'B'}" if trf26 else f"XXC {rank}{'white1' if white else 'black1'}")
    if rank and (trf26 or not coloured):
        out.append("XXC rank")
    if tournament.system and (trf26 or not system_from_092):
        out.append(f"192 {tournament.system}")
    out.extend(_scoring_lines(tournament.scoring, trf26))
    if trf26:
        out.extend(_bye_lines(tournament))
    out.extend(_acceleration_lines(tournament, trf26))
    for group in tournament.forbidden_pairs:
        ids = " ".join(f"{tpn:>4}" for tpn in group.players)
        if group.first_round is None and group.last_round is None and not trf26:
            out.append(f"XXP {ids}")
        else:
            first = group.first_round or 1
            last = 999 if group.last_round is None else group.last_round
            out.append(f"260 {first:>3} {last:>3} {ids}")
    out.extend(format_team(team) for team in tournament.teams)
    out.extend(format_pab(pab) for pab in tournament.team_pabs)
    out.extend(format_forfeit(forfeit) for forfeit in tournament.team_forfeits)
    out.extend(format_lineup(lineup) for lineup in tournament.team_lineups)
    out.extend(tournament.extra_lines)
    return out


def write(tournament: Tournament, handle: TextIO, *, trf26: bool = False, newline: str = "\n") -> None:
    """Write ``tournament`` as TRF to ``handle``.

    Reading the output back gives a tournament equal to ``tournament``.

    :param trf26: write TRF26 records instead of the ``XX?`` extensions.
    :param newline: the line end (``"\\r"`` is FIDE's, ``"\\n"`` the common one).
    :raises: :exc:`~swisspair.errors.LimitExceededError` when a value does not fit
        the format (a number too wide for its columns, a line break in a name).
    """
    if newline not in ("\n", "\r", "\r\n"):
        raise ValueError(f"newline must be LF, CR or CRLF, got {newline!r}")
    out = lines(tournament, trf26=trf26)
    for line in out:
        bad = _CONTROL.search(line)
        if bad is not None:
            raise LimitExceededError(f"TRF text cannot contain the control character {bad.group()!r}: {line!r}")
    handle.write(newline.join(out) + newline)


def dumps(tournament: Tournament, *, trf26: bool = False, newline: str = "\n") -> str:
    """The TRF text of ``tournament`` (see :func:`write`)."""
    buffer = io.StringIO()
    write(tournament, buffer, trf26=trf26, newline=newline)
    return buffer.getvalue()
