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

from swisspair.commands.plumbing import fail
from swisspair.errors import SwissPairError
from swisspair.roundrobin import berger_schedule, format_round
from swisspair.varma import VarmaDraw, VarmaTable, clashes, read_entrants, varma_draw


@click.command("roundrobin")
@click.option("--players", "players", type=int, required=True, metavar="N",
              help="Number of players (2 or more); an odd number adds a dummy and a rest each round.")
@click.option("--double", is_flag=True,
              help="Double round-robin: second cycle with colours reversed; the last two rounds "
                   "of the first cycle are swapped.")
def roundrobin_command(players: int, double: bool) -> None:
    """Print the Berger-table schedule by pairing number (FIDE C.05 Annex 1).

    One line per round, White first, in the table's board order. With an odd
    number of players the game against the missing last number is left out and
    the player who rests is shown at the end.

    Example:

    \b
        swisspair roundrobin --players 5
        Round 1: 2-5, 3-4, 1 rests
        Round 2: 5-3, 1-2, 4 rests
        ...
    """
    try:
        schedule = berger_schedule(players, double=double)
    except SwissPairError as error:
        fail(error)
        return
    for round_schedule in schedule:
        click.echo(format_round(round_schedule))


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
