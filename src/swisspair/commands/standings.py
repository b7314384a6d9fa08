"""``swisspair standings`` and ``swisspair playoff``: final standings, tie-breaks and play-offs."""

from __future__ import annotations

from pathlib import Path

import click

from swisspair.commands.plumbing import handle_errors, read_trf
from swisspair.fileio import write_atomically
from swisspair.playoff import Playoff, PlayoffError, apply_playoff, playoff_group, start_playoff
from swisspair.roundrobin import is_round_robin
from swisspair.standings import (
    DEFAULT_TIEBREAKS,
    RECOMMENDED,
    Standings,
    compute_standings,
)
from swisspair.errors import InvalidTieBreakError
from swisspair.tiebreaks.event import Event
from swisspair.tiebreaks.registry import TIEBREAKS

EDITIONS = ["2026", "2024", "2023", "2009", "none", "auto"]


def _standings(file: Path, tiebreaks: str | None, edition: str, lots: int | None, rounds: int | None,
               round_robin: bool | None, teams: bool, scores: Path | None, literal: bool = False) -> Standings:
    tournament = read_trf(file)
    if round_robin is None and is_round_robin(tournament):  # a 092 "Individual: Round-Robin" says so too
        round_robin = True
    event: Event
    if teams:
        from swisspair.tiebreaks.team import standings_event

        event = standings_event(tournament, rounds=rounds, round_robin=round_robin)
    else:
        event = Event.from_tournament(tournament, rounds=rounds, round_robin=round_robin)
    if scores is not None:
        from swisspair.tiebreaks.sports import read_match_scores

        event.match_scores = read_match_scores(scores)
    s = compute_standings(event, tiebreaks, edition=edition, lots_seed=lots, literal=literal)
    for note in s.notes:
        click.echo(f"swisspair: warning: {note}", err=True)
    return s


def _list_tiebreaks() -> str:
    lines = ["Tie-breaks (descriptor syntax NAME[:MP|:GP][/Cn][/Mn][/L+n][/P][/F][/R][/Unnnn]...):"]
    for spec in sorted(TIEBREAKS.values(), key=lambda s: s.acronym):
        extra = []
        if spec.modifiers:
            extra.append("modifiers " + ",".join(spec.modifiers))
        if spec.needs_ratings:
            extra.append("needs ratings")
        if spec.kind == "group":
            extra.append("among the tied only")
        lines.append(f"  {spec.acronym:<7} {spec.name} ({spec.article})" + (f" [{'; '.join(extra)}]" if extra else ""))
    lines.append("Named lists (--tiebreaks NAME):")
    for name, (value, source) in RECOMMENDED.items():
        lines.append(f"  {name:<22} {value}  ({source})")
    return "\n".join(lines) + "\n"


_TIEBREAKS_HELP = (f"Comma-separated tie-breaks, or a named list (see --list). "
                   f"Default: the file's 212/202 record, else {DEFAULT_TIEBREAKS}.")


@click.command("standings")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path), required=False)
@click.option("-t", "--tiebreaks", envvar="SWISSPAIR_TIEBREAKS", help=_TIEBREAKS_HELP)
@click.option("--edition", type=click.Choice(EDITIONS, case_sensitive=False), default="2026", show_default=True,
              envvar="SWISSPAIR_EDITION",
              help="Rules for unplayed rounds: C.07 2026, 2024, 2023, the 2009 virtual opponent, none; "
                   "auto = the edition in force on the start date (042).")
@click.option("-f", "--format", "fmt", type=click.Choice(["text", "csv", "json", "html"]), default="text",
              show_default=True, envvar="SWISSPAIR_FORMAT", help="Output format.")
@click.option("--json", "as_json", is_flag=True,
              help="The same as --format json (schema urn:swisspair:schema:standings:1).")
@click.option("--crosstable", is_flag=True, help="Print the crosstable (text format) after the standings.")
@click.option("--detail", "details", multiple=True, help="Show how each tie-break of TPN was computed "
              "(repeatable; 'all' for everybody).")
@click.option("--lots", type=int, default=None, help="Draw lots with this seed for ties left at the end.")
@click.option("--rounds", type=int, default=None, help="Standings after this many rounds.")
@click.option("--round-robin/--swiss", "round_robin", default=None,
              help="Pre-determined pairings (C.07 15.2); default from the system code (192).")
@click.option("--teams", is_flag=True, help="Rank the teams of the file (records 013/310).")
@click.option("--scores", type=click.Path(dir_okay=False, path_type=Path),
              help="CSV of match scores round,tpn,for,against[,for2,against2] for SD/SF/SD2/SF2.")
@click.option("--literal", is_flag=True, envvar="SWISSPAIR_LITERAL",
              help="Read C.07 literally where FIDE's reference tool differs (KS over the board only, "
                   "AOB/SSSC unrounded, SB cut by the lowest VUR contribution); see docs/tiebreaks.md.")
@click.option("--playoff", "playoff_places", type=int, multiple=True, metavar="PLACE",
              help="Name the players level on points for PLACE, who play it off (C.02 13.2; repeatable). "
                   "See 'swisspair playoff'.")
@click.option("--list", "list_only", is_flag=True, help="List the tie-breaks and the named lists, then exit.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write to this file instead of standard output.")
@handle_errors
def standings_command(file: Path | None, tiebreaks: str | None, edition: str, fmt: str, as_json: bool,
                      crosstable: bool,
                      details: tuple[str, ...], lots: int | None, rounds: int | None, round_robin: bool | None,
                      teams: bool, scores: Path | None, literal: bool, playoff_places: tuple[int, ...],
                      list_only: bool, output: Path | None) -> None:
    """Final standings: score, then tie-breaks (FIDE C.07), shared places or lots.

    Participants still tied at the end of the list share the place ("3-5"),
    unless --lots draws them with a recorded seed. Rating-based tie-breaks
    are dropped, with a warning, when some participants are unrated
    (C.07 art. 10), unless a rating is given to them (ARO/U1000).

    Example:

    \b
        swisspair standings final.trf --tiebreaks "BH/C1,BH,SB,DE,WIN,BWG" --format csv
        swisspair standings final.trf --json
    """
    if list_only:
        click.echo(_list_tiebreaks(), nl=False)
        return
    if file is None:
        raise click.UsageError("missing argument FILE")
    if as_json:
        fmt = "json"
    s = _standings(file, tiebreaks, edition, lots, rounds, round_robin, teams, scores, literal)
    for place in playoff_places:
        players = s.playoff_players(place)
        if players:
            s.notes.append(f"play-off for place {place} (C.02 13.2): " + ", ".join(
                f"{s.row(p).name} ({p})" for p in players))
        else:
            s.notes.append(f"place {place}: nobody level on points, no play-off")
    if fmt == "csv":
        text = s.to_csv()
    elif fmt == "json":
        text = s.to_json()
    elif fmt == "html":
        text = s.to_html()
    else:
        text = s.to_text()
        if crosstable:
            text += "\n" + s.crosstable()
    if details:
        wanted = [r.tpn for r in s.rows] if "all" in details else []
        for item in details:
            if item != "all":
                try:
                    wanted.append(int(item))
                except ValueError as exc:
                    raise click.BadParameter(f"expected a TPN or 'all', got {item!r}", param_hint="--detail") from exc
        for tpn in wanted:
            try:
                detail = s.detail(tpn)
            except KeyError as exc:
                raise click.BadParameter(f"no participant {tpn}", param_hint="--detail") from exc
            if fmt == "text":
                text += "\n" + detail
            else:
                click.echo(detail, err=True, nl=False)
    if output is None:
        click.echo(text, nl=False)
    else:
        write_atomically(output, text)


@click.command("playoff")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--state", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="JSON file holding the play-off (created on first use).")
@click.option("--place", type=int, default=1, show_default=True,
              help="The place decided by play-off (13.2.4: first place or qualification places).")
@click.option("--seed", type=int, default=None, help="Seed of the drawings of lots (required to create).")
@click.option("-t", "--tiebreaks", envvar="SWISSPAIR_TIEBREAKS",
              help="The tie-breaks that order the players for cases 2 and 4 of 13.2.11.")
@click.option("--edition", type=click.Choice(EDITIONS, case_sensitive=False), default="2026", show_default=True,
              envvar="SWISSPAIR_EDITION", help="Rules for unplayed rounds.")
@click.option("--result", "results", multiple=True, metavar="GAME=RESULT",
              help="Record a result, e.g. M.1=1-0, F.SD1=0-1, RR.2=1/2-1/2 (repeatable).")
@handle_errors
def playoff_command(file: Path, state: Path, place: int, seed: int | None, tiebreaks: str | None, edition: str,
                    results: tuple[str, ...]) -> None:
    """Set up, record and settle a play-off for tied places (C.02 13.2, C.07 art. 3).

    The players level on points for --place play as 13.2.11 describes (two: a
    mini-match then sudden death; three: a round robin; four: a knock-out;
    five or more: the top four by the next tie-break). The state is kept in
    --state; each call prints the games to play or the final places.

    Example:

    \b
        swisspair playoff final.trf --state po.json --seed 2026
        swisspair playoff final.trf --state po.json --result M.1=1-0 --result M.2=1/2-1/2
    """
    s = _standings(file, tiebreaks, edition, None, None, None, False, None)
    if state.exists():
        playoff = Playoff.from_json(state.read_text(encoding="utf-8"))
    else:
        if seed is None and playoff_group(s, place):
            raise click.UsageError("--seed is needed to set up the play-off (the drawings of lots use it)")
        playoff = start_playoff(s, place, seed=seed or 0)
    for item in results:
        game, sep, value = item.partition("=")
        if not sep:
            raise PlayoffError(f"--result {item!r}: expected GAME=RESULT, e.g. M.1=1-0")
        playoff.record(game.strip(), value.strip())
    write_atomically(state, playoff.to_json())
    click.echo(playoff.describe(), nl=False)
    if playoff.finished:
        click.echo("final standings:")
        names = {r.tpn: r.name for r in s.rows}
        for place_text, tpn in apply_playoff(s, playoff):
            click.echo(f"  {place_text:>5}  {tpn:>4}  {names.get(tpn, '')}")


__all__ = ["playoff_command", "standings_command", "InvalidTieBreakError"]
