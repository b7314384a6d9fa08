"""``swisspair rounds``: the recommended number of rounds (Swiss for any sport)."""

from __future__ import annotations

import click

from swisspair.commands.plumbing import fail
from swisspair.errors import SwissPairError
from swisspair.rounds import recommended_rounds


@click.command("rounds")
@click.option("--players", type=int, required=True, metavar="N", help="Number of participants.")
@click.option("--places", type=int, default=1, show_default=True, metavar="K",
              help="Number of prize places to decide.")
def rounds_command(players: int, places: int) -> None:
    """Print the recommended number of rounds: round(log2 N) + round(log2 K) - 1 (Swiss for any sport).

    Example:

    \b
        swisspair rounds --players 16 --places 4
        5
    """
    try:
        click.echo(recommended_rounds(players, places))
    except SwissPairError as error:
        fail(error)
