"""``swisspair roundrobin`` and ``swisspair varma``: round-robin schedules and restricted draws.

Thin click wrappers around :mod:`swisspair.roundrobin` (Berger tables, FIDE
C.05 Annex 1) and :mod:`swisspair.varma` (Varma tables, FIDE C.05 Annex 2).
Errors go through :func:`swisspair.commands.plumbing.fail`, so the exit codes are the
project's (3 for bad input, 5 for an unreadable file).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from swisspair.commands.plumbing import fail, read_trf
from swisspair.drawing_of_lots import DrawMethod, draw_numbers
from swisspair.errors import InvalidRequestError, SwissPairError
from swisspair.model import Tournament
from swisspair.roundrobin import berger_schedule, cycles_of, format_round
from swisspair.varma import Entrant, VarmaDraw, VarmaTable, clashes, read_entrants, varma_draw


@click.command("roundrobin")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path), required=False)
@click.option("--players", "players", type=int, default=None, metavar="N",
              help="Number of players (2 or more) when no FILE is given; an odd number adds a dummy and a rest "
                   "each round.")
@click.option("--double", is_flag=True,
              help="Double round-robin: second cycle with colours reversed; the last two rounds "
                   "of the first cycle are swapped.")
@click.option("--cycles", type=int, default=None, metavar="K",
              help="K cycles (colours reversed in the even ones); --double is --cycles 2.")
@click.option("--draw", "draw", type=click.Choice([m.value for m in DrawMethod if m is not DrawMethod.FIXED]),
              default=None, help="With FILE: draw the pairing numbers by lot, or with the Varma tables (FIDE C.05 "
                                 "Annex 2, 9 to 24 players); default: the file's pairing numbers.")
@click.option("--seed", type=int, default=None, envvar="SWISSPAIR_SEED",
              help="Seed of --draw; the same seed and file give the same numbers. Without it one is chosen and "
                   "printed.")
@click.option("--table", "table", type=click.Choice([t.value for t in VarmaTable]),
              default=VarmaTable.HANDBOOK.value, show_default=True,
              help="Text of the Varma tables for --draw varma (see swisspair varma --help).")
def roundrobin_command(file: Path | None, players: int | None, double: bool, cycles: int | None, draw: str | None,
                       seed: int | None, table: str) -> None:
    """Print the Berger-table schedule by pairing number (FIDE C.05 Annex 1).

    One line per round, White first, in the table's board order. With an odd
    number of players the game against the missing last number is left out and
    the player who rests is shown at the end.

    With a TRF FILE the players are the file's: their list by pairing number
    comes first (the file's numbers, or drawn with --draw), then the schedule.

    Example:

    \b
        swisspair roundrobin --players 5
        Round 1: 2-5, 3-4, 1 rests
        Round 2: 5-3, 1-2, 4 rests
        ...
        swisspair roundrobin event.trf --double --draw varma --seed 2026
    """
    try:
        if (file is None) == (players is None):
            raise InvalidRequestError("give either a TRF file or --players N")
        if draw is not None and file is None:
            raise InvalidRequestError("--draw draws the numbers of a TRF's players: give the file")
        count = cycles_of(double, cycles)
        if file is not None:
            tournament = read_trf(file)
            players = len(tournament.players)
            for line in _start_list(tournament, draw, seed, VarmaTable(table)):
                click.echo(line)
            click.echo("")
        assert players is not None
        schedule = berger_schedule(players, cycles=count)
    except (SwissPairError, OSError) as error:
        fail(error)
        return
    for round_schedule in schedule:
        click.echo(format_round(round_schedule))


def _start_list(tournament: Tournament, draw: str | None, seed: int | None, table: VarmaTable) -> list[str]:
    """The lines before the schedule: how the numbers were given, then number, name, federation and rating."""
    entrants = [Entrant(p.name or f"Player {p.tpn}", p.federation or "-", p.tpn) for p in tournament]
    if len(entrants) < 2:
        raise InvalidRequestError("a round-robin needs at least 2 players; the file has "
                                  f"{len(entrants)}")
    if draw is None:
        if sorted(tournament.players) != list(range(1, len(entrants) + 1)):
            raise InvalidRequestError("the file's pairing numbers are not 1 to "
                                      f"{len(entrants)}: draw them with --draw lot or --draw varma")
        numbers = draw_numbers(entrants, DrawMethod.FIXED, fixed={tpn: tpn for tpn in tournament.players})
        lines = ["Pairing numbers: the file's."]
    else:
        numbers = draw_numbers(entrants, DrawMethod(draw), seed=seed, table=table)
        lines = list(numbers.lines())
    width = max(len(e.name) for e in entrants)
    for number, entrant in numbers.by_number():
        player = tournament.players[int(entrant.key or 0)]
        rating = str(player.rating) if player.rating else ""
        lines.append(f"{number:3d}  {entrant.name:<{width}}  {player.federation:<3}  {rating:>4}".rstrip())
    return lines


def _print_draw(draw: VarmaDraw) -> None:
    click.echo(f"Varma tables (FIDE C.05 Annex 2): {draw.players} players, seed {draw.seed}, "
               f"{draw.table.value} table")
    click.echo("Envelopes: " + "  ".join(
        f"{group.label} ({', '.join(map(str, group.numbers))})" for group in draw.groups))
    click.echo("")
    click.echo("Drawing order:")
    width = max(len(d.entrant.name) for d in draw.draws)
    for drawn in draw.draws:
        click.echo(f"{drawn.order:3d}. {drawn.entrant.name:<{width}}  {drawn.entrant.federation:<4} "
                   f"envelope {drawn.group}  number {drawn.number}")
    click.echo("")
    click.echo("Pairing numbers:")
    for drawn in draw.by_number():
        click.echo(f"{drawn.number:3d}  {drawn.entrant.name:<{width}}  {drawn.entrant.federation}")


@click.command("varma")
@click.option("--players", "players_file", required=True, metavar="FILE",
              type=click.Path(dir_okay=False, path_type=Path),
              help="CSV file with a header line naming the columns name and federation ('-' for stdin).")
@click.option("--seed", type=int, default=None, envvar="SWISSPAIR_SEED",
              help="Seed of the random draw; the same seed and file give the same numbers. "
                   "Without it a seed is chosen and printed.")
@click.option("--table", "table", type=click.Choice([t.value for t in VarmaTable]),
              default=VarmaTable.HANDBOOK.value, show_default=True,
              help="Text of the tables: 'handbook' (C.05 Annex 2) or 'manual' (Arbiters' Manual "
                   "13.17); they differ only for 11/12 players.")
def varma_command(players_file: Path, seed: int | None, table: str) -> None:
    """Draw pairing numbers with the Varma tables (FIDE C.05 Annex 2), 9 to 24 players.

    Players of one federation draw from one group of numbers, so that they do
    not meet in the last three rounds of the Berger table. The drawing order is
    the federation with most players first (ties by FIDE code), then by name.
    Prints the envelopes, each draw in order, and the starting list by number.
    Warnings on stderr name federations that could not be kept apart.

    FILE is CSV with a header, e.g.:

    \b
        name,federation
        "Carlsen, Magnus",NOR
        "Tari, Aryan",NOR

    Example:

    \b
        swisspair varma --players entrants.csv --seed 2026
    """
    try:
        if str(players_file) == "-":
            entrants = read_entrants(sys.stdin, "<stdin>")
        else:
            with players_file.open(encoding="utf-8-sig", newline="") as handle:
                entrants = read_entrants(handle, str(players_file))
        draw = varma_draw(entrants, seed=seed, table=VarmaTable(table))
    except (SwissPairError, OSError) as error:
        fail(error)
        return
    _print_draw(draw)
    for federation in draw.split:
        size = sum(1 for d in draw.draws if d.entrant.federation == federation)
        click.echo(f"warning: {federation}: {size} players do not fit in one envelope", err=True)
    for clash in clashes(draw):
        hint = ""
        if draw.table is VarmaTable.HANDBOOK and draw.players == 12 and clash.numbers == (6, 12):
            hint = " (a known defect of the Handbook row for 12 players; see --table manual)"
        click.echo(f"warning: {clash.federation}: numbers {clash.numbers[0]} and {clash.numbers[1]} "
                   f"meet in round {clash.round_number}{hint}", err=True)
