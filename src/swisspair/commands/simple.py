"""``swisspair simple``: the Swiss for any sport from spreadsheet files (any sport, 3-1-0 with goals).

Thin click wrapper around :mod:`swisspair.pairing.simple` and
:mod:`swisspair.simplefiles`. Bad files give a one-line message naming the
file, line and field, and exit code 3; a missing file gives exit code 5.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import click

from swisspair.commands.plumbing import fail
from swisspair.errors import SwissPairError
from swisspair.pairing.simple import Record, pair_next_round, standings
from swisspair.simplefiles import read_games, read_settings, read_teams


def _number(value: Fraction | int, sign: bool = False) -> str:
    """Exact decimal text (``3``, ``2.5``, ``0.125``); repeating fractions as ``a/b``."""
    value = Fraction(value)
    prefix = "+" if sign and value >= 0 else ""
    if value.denominator == 1:
        return f"{prefix}{value.numerator}"
    digits = 1
    while (value * 10**digits).denominator != 1:
        digits += 1
        if digits > 6:
            return f"{prefix}{value}"
    scaled = value * 10**digits
    whole, part = divmod(abs(scaled.numerator), 10**digits)
    return f"{prefix}{'-' if value < 0 else ''}{whole}.{part:0{digits}d}"


def format_record(position: int, record: Record) -> str:
    """One standings line, tab-separated: id, place, points, played, for:against, difference,
    second for:against, second difference, rating, name."""
    return "\t".join([
        record.team.id, str(position), _number(record.points), str(record.played),
        f"{_number(record.scores_for)}:{_number(record.scores_against)}", _number(record.score_diff, True),
        f"{_number(record.score2_for)}:{_number(record.score2_against)}", _number(record.score2_diff, True),
        _number(record.team.rating), record.team.name,
    ])


@click.group("simple")
def simple_group() -> None:
    """The Swiss for any sport: points per match result, match scores, score groups."""


_path = click.Path(dir_okay=False, path_type=Path)


@simple_group.command("pair")
@click.option("--settings", "settings_path", type=_path, default=None, envvar="SWISSPAIR_SIMPLE_SETTINGS",
              help="event.toml: points = [3, 1, 0], ranking = [...] (default: 3-1-0, then score difference and the other criteria of rule 6).")
@click.option("--teams", "teams_path", type=_path, required=True, help="teams.csv: id,name,rating (header line).")
@click.option("--games", "games_path", type=_path, default=None,
              help="games.csv: round,home,away,home_score,away_score[,home_score2,away_score2].")
@click.option("--standings", "show_standings", is_flag=True,
              help="Print the ranked table after the games instead of the next round.")
@click.option("--round", "round_number", type=int, default=None,
              help="Round to pair from the games before it (default: the next one).")
def simple_pair(settings_path: Path | None, teams_path: Path, games_path: Path | None,
                show_standings: bool, round_number: int | None) -> None:
    """Pair the next round (HOME - AWAY by id, ID - BYE), or print the standings.

    Example:

    \b
        swisspair simple pair --settings event.toml --teams teams.csv --games games.csv
        A - B
        E - D
        C - BYE
        swisspair simple pair --teams teams.csv --games games.csv --standings
        A       1       3       1       3:1     +2      0:0     +0      1500    Alpha

    Pairs are listed top group first, the higher-ranked team first (rule 5);
    the standings are tab-separated: id, place, points, played, for:against,
    difference, second for:against, second difference, rating, name (rules 6 and 8).
    """
    from swisspair.pairing.simple import Settings

    try:
        settings = Settings()
        if settings_path is not None:
            with settings_path.open(encoding="utf-8") as handle:
                settings = read_settings(handle, str(settings_path))
        with teams_path.open(encoding="utf-8-sig", newline="") as handle:
            teams = read_teams(handle, str(teams_path))
        games = []
        if games_path is not None:
            with games_path.open(encoding="utf-8-sig", newline="") as handle:
                games = read_games(handle, {t.id for t in teams}, str(games_path))
        if show_standings:
            for position, record in enumerate(standings(teams, games, settings), start=1):
                click.echo(format_record(position, record))
            return
        for line in pair_next_round(teams, games, settings, round_number).lines():
            click.echo(line)
    except (SwissPairError, OSError) as error:
        fail(error)
