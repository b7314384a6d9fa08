"""Writing TRF16 files with the engine extensions (and optionally TRF26 records).

The default output is what the established engines read: the TRF16 ``001``
layout, the tournament headers, and ``XXR``/``XXC``/``XXA``/``XXP`` (plus
``XXS`` and bbpPairings' ``BB?`` when the scoring is not FIDE's default).
``trf26=True`` writes the TRF26 records ``142``/``152``/``162``/``192``/``260``
instead of their ``XX?`` equivalents.
"""

from __future__ import annotations

import io
from fractions import Fraction
from typing import TextIO

from swisspair.model import Colour, Player, Result, Scoring, Tournament

_HEADER_ORDER = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
                 "132", "172", "182", "202", "212", "222", "352", "362")


def format_points(value: Fraction) -> str:
    """Points with one decimal (``11.5``); more decimals only when needed."""
    if (value * 10).denominator == 1:
        whole = value * 10
        return f"{int(whole) // 10}.{int(whole) % 10}"
    return f"{float(value):.2f}"


def player_line(player: Player, points: Fraction | None = None, rank: int | None = None) -> str:
    """The ``001`` record of ``player`` (columns as in TRF16 / TRF26)."""
    pts = points if points is not None else player.points
    rk = rank if rank is not None else player.rank
    head = (
        f"001 {player.tpn:>4} {player.sex[:1]:1}{player.title[:3]:>3} {player.name[:33]:<33} "
        f"{player.rating or '':>4} {player.federation[:3]:>3} {player.fide_id[:11]:>11} "
        f"{player.birth_date[:10]:<10} {format_points(pts) if pts is not None else '':>4} "
        f"{rk if rk is not None else '':>4}"
    )
    blocks = []
    for entry in player.results:
        opponent = f"{entry.opponent:>4}" if entry.opponent is not None else ("0000" if entry.result.value != " "
                                                                                   else "    ")
        colour = entry.colour.value if entry.colour is not Colour.NONE else (
            "-" if entry.result.value != " " else " ")
        blocks.append(f"  {opponent} {colour} {entry.result.value}")
    return (head + "".join(blocks)).rstrip()


def _scoring_lines(scoring: Scoring, trf26: bool) -> list[str]:
    if scoring.is_default:
        return []
    fields = {
        "WW": scoring.win, "BW": scoring.black_win, "WD": scoring.draw, "BD": scoring.black_draw,
        "WL": scoring.loss, "BL": scoring.black_loss, "ZPB": scoring.zero_bye, "HPB": scoring.half_bye,
        "FPB": scoring.full_bye, "PAB": scoring.pab, "FW": scoring.forfeit_win, "FL": scoring.forfeit_loss,
    }
    if trf26:
        symbols = [("W", scoring.win), ("D", scoring.draw), ("L", scoring.loss), ("A", scoring.zero_bye),
                   ("P", scoring.pab_points)]
        return ["162" + "".join(f"  {s}{format_points(v):>4}   " for s, v in symbols).rstrip()]
    xxs = " ".join(f"{k}={format_points(v)}" for k, v in fields.items() if v is not None)
    bb = [
        f"BBW {format_points(scoring.win):>4}",
        f"BBD {format_points(scoring.draw):>4}",
        f"BBL {format_points(scoring.loss):>4}",
        f"BBZ {format_points(scoring.zero_bye):>4}",
        f"BBF {format_points(scoring.points(Result.FORFEIT_LOSS)):>4}",
        f"BBU {format_points(scoring.pab_points):>4}",
    ]
    return [f"XXS {xxs}", *bb]


def write(tournament: Tournament, handle: TextIO, *, trf26: bool = False, newline: str = "\n") -> None:
    """Write ``tournament`` as TRF to ``handle``.

    Reading the output back gives a tournament equal to ``tournament``.
    """
    lines: list[str] = []
    headers = dict(tournament.headers)
    if tournament.name and "012" not in headers:
        headers["012"] = [tournament.name]
    for code in _HEADER_ORDER:
        for value in headers.pop(code, []):
            lines.append(f"{code} {value}".rstrip())
    for code, values in headers.items():
        lines.extend(f"{code} {value}".rstrip() for value in values)
    system_from_092 = any(v.strip() == tournament.system for v in tournament.headers.get("092", []))
    for player in tournament:
        lines.append(player_line(player))
    if trf26:
        if tournament.rounds:
            lines.append(f"142 {tournament.rounds}")
        if tournament.initial_colour is not None and tournament.initial_colour is not Colour.NONE:
            lines.append(f"152 {'W' if tournament.initial_colour is Colour.WHITE else 'B'}")
    else:
        if tournament.rounds:
            lines.append(f"XXR {tournament.rounds}")
        if tournament.initial_colour is not None and tournament.initial_colour is not Colour.NONE:
            lines.append(f"XXC {'white1' if tournament.initial_colour is Colour.WHITE else 'black1'}")
    if tournament.system and not system_from_092:
        lines.append(f"192 {tournament.system}")
    lines.extend(_scoring_lines(tournament.scoring, trf26))
    for tpn in sorted(tournament.accelerations):
        values = tournament.accelerations[tpn]
        if not values:
            continue
        last = max(values)
        cells = "".join(f" {format_points(values.get(r, Fraction(0))):>4}" for r in range(1, last + 1))
        lines.append(f"XXA {tpn:>4}{cells}")
    for group in tournament.forbidden_pairs:
        ids = " ".join(f"{tpn:>4}" for tpn in group.players)
        if group.first_round is None and group.last_round is None and not trf26:
            lines.append(f"XXP {ids}")
        else:
            first = group.first_round or 1
            last = group.last_round or (tournament.rounds or 999)
            lines.append(f"260 {first:>3} {last:>3} {ids}")
    lines.extend(tournament.extra_lines)
    handle.write(newline.join(lines) + newline)


def dumps(tournament: Tournament, *, trf26: bool = False) -> str:
    """The TRF text of ``tournament`` (see :func:`write`)."""
    buffer = io.StringIO()
    write(tournament, buffer, trf26=trf26)
    return buffer.getvalue()
