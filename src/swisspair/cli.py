"""The ``swisspair`` command line.

Two forms are accepted:

* the human one, with subcommands (``swisspair trf validate FILE``,
  ``swisspair pair FILE``, ...), built with click;
* the engine-compatible one used by tournament software that drives
  JaVaFo or bbpPairings (``swisspair --dutch IN.trf -p OUT``), see
  :mod:`swisspair.engine_cli`.

Exit codes: :mod:`swisspair.exitcodes` (the bbpPairings values, documented in the
README); the plumbing every command shares (errors as one line, reading a TRF):
:mod:`swisspair.commands.plumbing`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from swisspair import __version__, trf
from swisspair.commands.plumbing import SwissPairGroup, handle_errors, read_trf
from swisspair.errors import Location, TRFError
from swisspair.exitcodes import ExitCode, exit_code_for
from swisspair.fileio import write_atomically

if TYPE_CHECKING:  # the model is loaded by the commands that read a file, not by --help
    from swisspair.model import Board, RoundPairing, Tournament
    from swisspair.pairing import PairingSystem
    from swisspair.pairing.checker import RoundCheck

F = TypeVar("F", bound=Callable[..., Any])


LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "playoff": ("swisspair.commands.standings:playoff_command",
                "Set up, record and settle a play-off for tied places (C.02 13.2, C.07 art. 3)."),
    "report": ("swisspair.commands.report:report_group",
               "The reports of a TRF: rating change, performance, norms, categories, prizes."),
    "roundrobin": ("swisspair.commands.roundrobin:roundrobin_command",
                   "Print the Berger-table schedule by pairing number (FIDE C.05 Annex 1)."),
    "rounds": ("swisspair.commands.rounds:rounds_command",
               "Print the recommended number of rounds: round(log2 N) + round(log2 K) - 1 (Swiss for any sport)."),
    "serve": ("swisspair_web.commands.serve:serve", "Run the tournament manager."),
    "simple": ("swisspair.commands.simple:simple_group",
               "The Swiss for any sport: points per match result, match scores, score groups."),
    "standings": ("swisspair.commands.standings:standings_command",
                  "Final standings: score, then tie-breaks (FIDE C.07), shared places or lots."),
    "varma": ("swisspair.commands.roundrobin:varma_command",
              "Draw pairing numbers with the Varma tables (FIDE C.05 Annex 2), 9 to 24 players."),
    "worker": ("swisspair_web.commands.worker:worker", "Run background jobs of the tournament manager until stopped."),
}
"""The commands that live in their own modules: name -> (``module:attribute``, the first paragraph of
its help, which ``swisspair --help`` lists). A module is imported only when its command runs, so that
``swisspair --help`` and every other command start without them (docs/pairing.md, "Start-up")."""


@click.group(cls=SwissPairGroup, lazy_commands=LAZY_COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="swisspair")
def cli() -> None:
    """Swiss-system pairings, standings and TRF files.

    Engine-compatible form (as JaVaFo / bbpPairings): swisspair --dutch IN.trf -p [OUT]
    """


@cli.group("trf")
def trf_group() -> None:
    """Read, check and convert FIDE Tournament Report Files."""


@trf_group.command("validate")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--quiet", "-q", is_flag=True, help="Print nothing for valid files, and no warnings.")
@click.option("--strict", is_flag=True,
              help="Refuse what FIDE's rating officer would reject (dates not YYYY/MM/DD, points that do not "
                   "match the results, ...). Default: refuse only what pairing cannot use.")
@click.option("--pairable", is_flag=True,
              help="Also refuse a file whose next round cannot be paired: no number of rounds (XXR/142), "
                   "every round paired, or an unknown system (192).")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON document for all the files (schema urn:swisspair:schema:trf-validate:1).")
def trf_validate(files: Sequence[Path], quiet: bool, strict: bool, pairable: bool, as_json: bool) -> None:
    """Check TRF files: exit 0 when all can be read, 3 (or 5) otherwise.

    A file is valid when it can be read: the records pairing and standings use
    are well formed; fields pairing does not need give warnings. Whether its
    next round can also be paired (the number of rounds given, a round left,
    a known system) is said of each file; with --pairable a file that cannot
    be paired fails too. Each problem is printed as
    FILE:LINE:COLUMN: RECORD: message.

    Example:

    \b
        swisspair trf validate round5.trf
        swisspair trf validate --pairable round5.trf
        swisspair trf validate --strict rating-report.trf
        swisspair trf validate --json *.trf
    """
    from swisspair import schemas as jsonout

    worst = ExitCode.OK
    reports: list[dict[str, Any]] = []
    for path in files:
        report: dict[str, Any] = {"file": str(path), "valid": False, "exit_code": 0, "error": None, "warnings": [],
                                  "players": None, "rounds_paired": None, "rounds": None, "pairable": None,
                                  "not_pairable": None}
        reports.append(report)
        try:
            result = trf.load(path, strict=strict)
        except TRFError as error:
            report["error"], report["exit_code"] = _diagnostic(error.message, error.location), exit_code_for(error)
            if not as_json:
                click.echo(str(error), err=True)
            worst = max(worst, exit_code_for(error))
            continue
        except Exception as error:  # a reader bug: still one line, never a traceback
            message = f"internal error: {type(error).__name__}: {error}"
            report["error"], report["exit_code"] = _diagnostic(message, Location(str(path))), 2
            if not as_json:
                click.echo(f"{path}: {message}", err=True)
            worst = max(worst, ExitCode.UNEXPECTED_ERROR)
            continue
        t = result.tournament
        why_not = not_pairable(t)
        report.update(valid=True, players=len(t), rounds_paired=t.paired_rounds, rounds=t.rounds,
                      warnings=[_diagnostic(w.message, w.location) for w in result.warnings],
                      pairable=why_not is None, not_pairable=why_not)
        if pairable and why_not is not None:
            report.update(valid=False, exit_code=ExitCode.INVALID_REQUEST,
                          error=_diagnostic(f"cannot be paired: {why_not}", Location(str(path))))
            worst = max(worst, ExitCode.INVALID_REQUEST)
        if not quiet and not as_json:
            for warning in result.warnings:
                click.echo(f"{warning} (warning)", err=True)
            held = f"{len(t)} players, {t.paired_rounds} rounds paired" + (f" of {t.rounds}" if t.rounds else "")
            if why_not is None:
                click.echo(f"{path}: ok: {held}")
            elif pairable:
                click.echo(f"{path}: cannot be paired: {why_not} ({held})", err=True)
            else:
                click.echo(f"{path}: ok: {held}; the next round cannot be paired: {why_not}")
    if as_json:
        click.echo(jsonout.dumps({"schema": jsonout.schema_id("trf-validate"), "strict": strict, "files": reports}),
                   nl=False)
    sys.exit(worst)


def not_pairable(tournament: Tournament) -> str | None:
    """Why ``swisspair pair`` would refuse the next round of ``tournament`` before pairing it: an unknown
    system (``192``), no number of rounds (``XXR``/``142``), every round paired; ``None`` when none of these."""
    from swisspair.errors import SwissPairError
    from swisspair.pairing import find_system
    from swisspair.pairing.state import round_to_pair

    try:
        find_system(tournament.system or "dutch")
        round_to_pair(tournament, needs_rounds=True)
    except SwissPairError as error:
        return str(error)
    return None


def _diagnostic(message: str, location: Location) -> dict[str, Any]:
    """A reader's message in the JSON of ``trf validate`` (schema ``trf-validate``, ``diagnostic``)."""
    return {"message": message, "line": location.line, "column": location.column, "record": location.record or None,
            "text": f"{location}: {message}"}


@trf_group.command("convert")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Output file (default: standard output).")
@click.option("--trf26", is_flag=True, help="Write TRF26 records (142/152/162/192/240/250/260) instead of XX? lines.")
@handle_errors
def trf_convert(file: Path, output: Path | None, trf26: bool) -> None:
    """Read a TRF in any dialect and write it back as clean TRF16 (+ engine extensions).

    Example:

    \b
        swisspair trf convert swiss-manager-export.trf -o clean.trf
    """
    text = trf.dumps(read_trf(file), trf26=trf26)
    if output is None:
        click.echo(text, nl=False)
    else:
        write_atomically(output, text)


def _system_option(function: F) -> F:
    return click.option("--system", "-S", default=None, envvar="SWISSPAIR_SYSTEM", show_envvar=True,
                        help="Pairing system (default: the file's 192 code, else dutch). "
                             "See 'swisspair systems'.")(function)


@cli.command("systems")
def systems_command() -> None:
    """List the pairing systems and the rules each implements.

    Example:

    \b
        swisspair systems
    """
    from swisspair.pairing import find_system, system_names

    for name in system_names():
        system = find_system(name)
        click.echo(f"{name:<14} {system.article}  (aliases: {', '.join(system.aliases)})")


@cli.command("pair")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@_system_option
@click.option("-p", "--output", "output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the engine format (pair count, 'WHITE BLACK' lines, 'N 0' bye) to this file.")
@click.option("--round", "round_number", type=int, default=None,
              help="Round to pair (default: the next one). Later rounds in the file are ignored.")
@click.option("--explain", is_flag=True, help="Show, per bracket, who floated and which criteria failed.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the pairing as JSON (schema urn:swisspair:schema:pair:1) instead of a table.")
@handle_errors
def pair_command(file: Path, system: str | None, output: Path | None, round_number: int | None,
                 explain: bool, as_json: bool) -> None:
    """Pair the next round of FILE and print the boards.

    Requested byes and absences for that round are read from the file
    (H/F/Z entries, TRF26 240, XXZ).

    Example:

    \b
        swisspair pair --system dutch round4.trf
        swisspair pair round4.trf --json
    """
    from swisspair.pairing import find_system, pair
    from swisspair.pairing.state import round_to_pair

    tournament = read_trf(file)
    if round_number is not None:
        tournament = tournament.truncated(round_number - 1)
    engine = find_system(system or tournament.system or "dutch")
    round_to_pair(tournament, source=str(file))  # refused here with the file's name, by every system
    pairing = pair(tournament, system)
    if output is not None:
        write_atomically(output, "\n".join(pairing.engine_lines()) + "\n")
    if as_json:
        click.echo(pairing_json(file, engine, tournament, pairing, explain), nl=False)
        return
    click.echo(engine.format_pairing(tournament, pairing) or format_pairing(tournament, pairing))
    if explain:
        click.echo("")
        for line in pairing.explanation or (f"({engine.name}: this system gives no explanation)",):
            click.echo(line)


def pairing_json(file: Path, engine: PairingSystem, tournament: Tournament, pairing: RoundPairing,
                 explain: bool) -> str:
    """The JSON of ``swisspair pair --json`` (schema ``pair``, docs/json.md): players, or the teams of a
    system whose participants are teams (:attr:`EventShape.team_boards <swisspair.pairing.system.EventShape.team_boards>`)."""
    from swisspair import schemas as jsonout

    teams = {team.number: team.name for team in tournament.teams} if engine.shape.team_boards else {}

    def who(number: int) -> dict[str, Any]:
        if teams:
            return {"tpn": number, "name": teams.get(number, ""), "points": None}
        return {"tpn": number, "name": tournament.players[number].name,
                "points": jsonout.number(tournament.score(number, tournament.paired_rounds))}

    return jsonout.dumps({
        "schema": jsonout.schema_id("pair"), "file": str(file), "system": engine.name, "article": engine.article,
        "participants": "teams" if teams else "players", "round": pairing.round_number,
        "boards": [{"board": number, "white": who(board.white), "black": who(board.black)}
                   for number, board in enumerate(pairing.boards, start=1)],
        "bye": None if pairing.bye is None else who(pairing.bye),
        "explanation": list(pairing.explanation) if explain else [],
    })


def format_pairing(tournament: Tournament, pairing: RoundPairing) -> str:
    """A readable table of boards: board, White (TPN, name, points), Black."""
    rows = [f"Round {pairing.round_number}"]
    width = max((len(p.name) for p in tournament.players.values()), default=4)
    width = min(max(width, 5), 30)

    def who(tpn: int) -> str:
        player = tournament.players[tpn]
        return f"{tpn:>4} {player.name[:width]:<{width}} {_points(tournament, tpn):>5}"

    for number, board in enumerate(pairing.boards, start=1):
        rows.append(f"{number:>3}  {who(board.white)}  -  {who(board.black)}")
    if pairing.bye is not None:
        rows.append(f"     {who(pairing.bye)}  -  bye (pairing-allocated)")
    return "\n".join(rows)


def _points(tournament: Tournament, tpn: int) -> str:
    from swisspair.trf.points import format_points

    return format_points(tournament.score(tpn, tournament.paired_rounds))


@cli.command("check")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@_system_option
@click.option("--json", "as_json", is_flag=True,
              help="Print the comparison of every round as JSON (schema urn:swisspair:schema:check:1).")
@handle_errors
def check_command(file: Path, system: str | None, as_json: bool) -> None:
    """Re-pair every round of FILE from the rounds before it and compare.

    Exit 0 when every round agrees (pairs, colours, bye); otherwise each
    differing round is printed and the exit code is 1.

    Example:

    \b
        swisspair check --system dutch finished.trf
        swisspair check finished.trf --json
    """
    from swisspair.pairing import find_system

    tournament = read_trf(file)
    engine = find_system(system or tournament.system or "dutch")
    failures = 0
    rounds = range(1, tournament.paired_rounds + 1)
    checks = engine.check_rounds(tournament, rounds)
    done: list[RoundCheck] = []
    with click.progressbar(checks, length=len(rounds),
                           label=f"checking {file.name}", file=sys.stderr) as results:
        for result in results:
            done.append(result)
            if not result.ok:
                failures += 1
                if not as_json:
                    click.echo(result.describe())
    if as_json:
        click.echo(check_json(file, engine.name, done), nl=False)
    else:
        click.echo(f"{len(rounds) - failures} of {len(rounds)} rounds identical")
    sys.exit(ExitCode.NO_VALID_PAIRING if failures else ExitCode.OK)


def check_json(file: Path, system: str, checks: list[RoundCheck]) -> str:
    """The JSON of ``swisspair check --json`` (schema ``check``, docs/json.md)."""
    from swisspair import schemas as jsonout

    def pairs(boards: set[Board]) -> list[list[int]]:
        return [[b.white, b.black] for b in sorted(boards, key=lambda b: (b.white, b.black))]

    rounds = []
    for check in checks:
        expected = set(check.expected.boards)
        produced = set(check.produced.boards) if check.produced is not None else set()
        rounds.append({"round": check.round_number, "ok": check.ok, "error": check.error,
                       "expected_only": pairs(expected - produced) if check.produced is not None else [],
                       "produced_only": pairs(produced - expected),
                       "expected_bye": check.expected.bye,
                       "produced_bye": check.produced.bye if check.produced is not None else None})
    return jsonout.dumps({"schema": jsonout.schema_id("check"), "file": str(file), "system": system,
                          "rounds_checked": len(checks), "identical": sum(check.ok for check in checks),
                          "rounds": rounds})


@cli.command("generate")
@_system_option
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The TRF file to write.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path),
              help="RTG-style settings file (PlayersNumber=..., RoundsNumber=..., ...).")
@click.option("--seed", "-s", type=int, default=1, show_default=True, help="Random seed.")
@click.option("--players", type=int, help="Number of players (overrides the config).")
@click.option("--rounds", type=int, help="Number of rounds (overrides the config).")
@click.option("--boards", type=click.IntRange(min=1),
              help="Boards per team, for a system that pairs teams (default 4; overrides the config).")
@handle_errors
def generate_command(system: str | None, output: Path, config_path: Path | None, seed: int,
                     players: int | None, rounds: int | None, boards: int | None) -> None:
    """Generate a random tournament, every round paired by the chosen system.

    The same seed and settings always give the same file.

    Example:

    \b
        swisspair generate --players 100 --rounds 9 --seed 7 -o random.trf

        swisspair generate -S team --players 20 --boards 6 --rounds 9 -o teams.trf
    """
    import dataclasses

    from swisspair.generator import GeneratorConfig
    from swisspair.pairing import find_system, generate

    config = GeneratorConfig.load(config_path) if config_path else GeneratorConfig()
    if players is not None:
        config = dataclasses.replace(config, players=players)
    if rounds is not None:
        config = dataclasses.replace(config, rounds=rounds)
    if boards is not None:
        config = dataclasses.replace(config, boards=boards)
    engine = find_system(system or "dutch")
    with click.progressbar(length=config.rounds, label="generating", file=sys.stderr) as bar:
        tournament = generate(engine, config, seed, progress=lambda _: bar.update(1))
    write_atomically(output, trf.dumps(tournament))
    who = f"teams of {config.boards or engine.shape.team_boards}" if engine.shape.team_boards else "players"
    click.echo(f"{output}: {config.players} {who}, {config.rounds} rounds (seed {seed})")


@cli.command("demo")
@click.option("--players", type=int, default=24, show_default=True)
@click.option("--rounds", type=int, default=7, show_default=True)
@click.option("--seed", type=int, default=2026, show_default=True)
@handle_errors
def demo_command(players: int, rounds: int, seed: int) -> None:
    """Run a whole sample tournament: every round paired (Dutch), then the standings.

    Example:

    \b
        swisspair demo --players 24 --rounds 7
    """
    from swisspair.generator import GeneratorConfig, generate
    from swisspair.pairing import find_system

    engine = find_system("dutch")
    config = GeneratorConfig(players=players, rounds=rounds, draw_percentage=30, forfeit_rate=40,
                             half_point_bye_rate=30)
    tournament = generate(config, seed, engine.pair)
    for rnd in range(1, rounds + 1):
        state = tournament.truncated(rnd - 1)
        click.echo(format_pairing(state, engine.pair(state)))
        click.echo("")
    click.echo(standings_text(tournament))


def standings_text(tournament: Tournament) -> str:
    """Final standings with the default tie-breaks."""
    from swisspair.standings import compute_standings

    return compute_standings(tournament).to_text()


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: dispatch to the engine-compatible form or to the click group.

    The ``swisspair`` command starts at :func:`swisspair.console.main`, which
    dispatches the engine form without importing this module.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    from swisspair import engine_cli

    if engine_cli.is_engine_invocation(args):
        sys.exit(engine_cli.run(args))
    cli.main(args=args, prog_name="swisspair")
