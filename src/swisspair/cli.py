"""The ``swisspair`` command line.

Two forms are accepted:

* the human one, with subcommands (``swisspair trf validate FILE``,
  ``swisspair pair FILE``, ...), built with click;
* the engine-compatible one used by tournament software that drives
  JaVaFo or bbpPairings (``swisspair --dutch IN.trf -p OUT``), see
  :mod:`swisspair.engine_cli`.

Exit codes (the bbpPairings values, documented in the README):

====  =====================================================
0     success
1     no valid pairing exists
2     unexpected error
3     invalid request (bad input data or options)
4     a limit of the engine was exceeded
5     the file could not be read or written
====  =====================================================
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from swisspair import __version__, trf
from swisspair.fileio import write_atomically as write_atomically  # re-exported
from swisspair.errors import (
    LimitExceededError,
    NoValidPairingError,
    SwissPairError,
    TRFError,
    TRFFileError,
    UnsupportedFeatureError,
)

if TYPE_CHECKING:  # the model is loaded by the commands that read a file, not by --help
    from swisspair.model import RoundPairing, Tournament

F = TypeVar("F", bound=Callable[..., Any])


class ExitCode(enum.IntEnum):
    """Process exit codes, shared with bbpPairings."""

    OK = 0
    NO_VALID_PAIRING = 1
    UNEXPECTED_ERROR = 2
    INVALID_REQUEST = 3
    LIMIT_EXCEEDED = 4
    FILE_ERROR = 5


def exit_code_for(error: BaseException) -> ExitCode:
    """The one place where exceptions become exit codes."""
    if isinstance(error, NoValidPairingError):
        return ExitCode.NO_VALID_PAIRING
    if isinstance(error, LimitExceededError):
        return ExitCode.LIMIT_EXCEEDED
    if isinstance(error, TRFError):
        return ExitCode.FILE_ERROR if isinstance(error, TRFFileError) else ExitCode.INVALID_REQUEST
    if isinstance(error, (UnsupportedFeatureError, SwissPairError, ValueError)):
        return ExitCode.INVALID_REQUEST
    if isinstance(error, OSError):
        return ExitCode.FILE_ERROR
    return ExitCode.UNEXPECTED_ERROR


def error_message(error: BaseException) -> str:
    """One line for ``error``: an operating-system error names its file (``teams.csv: No such file or directory``)."""
    if isinstance(error, OSError) and not isinstance(error, SwissPairError) and error.strerror:
        where = f"{error.filename}: " if error.filename is not None else ""
        return f"{where}{error.strerror}"
    return " ".join(str(error).split()) or type(error).__name__


def fail(error: BaseException) -> None:
    """Print a one-line message for ``error`` on stderr and exit with its code."""
    click.echo(f"swisspair: error: {error_message(error)}", err=True)
    sys.exit(exit_code_for(error))


def click_exit_code(error: click.ClickException) -> ExitCode:
    """The one place where click's errors become exit codes (click itself answers 1 or 2).

    A file argument that cannot be used (a directory, missing, unreadable) is a file error (5);
    any other usage error, and a command refusing its options, is an invalid request (3).
    """
    if isinstance(error, click.FileError):
        return ExitCode.FILE_ERROR
    if (isinstance(error, click.BadParameter) and not isinstance(error, click.MissingParameter)
            and isinstance(getattr(error.param, "type", None), click.Path)):
        return ExitCode.FILE_ERROR
    return ExitCode.INVALID_REQUEST


def click_error_line(error: click.ClickException) -> str:
    """``swisspair: error: MESSAGE``, plus, for a usage error, where to find help - on one line."""
    line = f"swisspair: error: {' '.join(error.format_message().split()).rstrip('.')}"
    if isinstance(error, click.UsageError) and click_exit_code(error) == ExitCode.INVALID_REQUEST:
        command = error.ctx.command_path if error.ctx is not None else "swisspair"
        line += f" (try '{command} --help')"
    return line


LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "playoff": ("swisspair.commands.standings:playoff_command",
                "Set up, record and settle a play-off for tied places (C.02 13.2, C.07 art. 3)."),
    "roundrobin": ("swisspair.commands.roundrobin:roundrobin_command",
                   "Print the Berger-table schedule by pairing number (FIDE C.05 Annex 1)."),
    "rounds": ("swisspair.commands.rounds:rounds_command",
               "Print the recommended number of rounds: round(log2 N) + round(log2 K) - 1 (Swiss for any sport)."),
    "serve": ("swisspair.commands.serve:serve", "Run the tournament manager."),
    "simple": ("swisspair.commands.simple:simple_group",
               "The Swiss for any sport: points per match result, match scores, score groups."),
    "standings": ("swisspair.commands.standings:standings_command",
                  "Final standings: score, then tie-breaks (FIDE C.07), shared places or lots."),
    "varma": ("swisspair.commands.roundrobin:varma_command",
              "Draw pairing numbers with the Varma tables (FIDE C.05 Annex 2), 9 to 24 players."),
    "worker": ("swisspair.commands.worker:worker", "Run background jobs of the tournament manager until stopped."),
}
"""The commands that live in their own modules: name -> (``module:attribute``, the first paragraph of
its help, which ``swisspair --help`` lists). A module is imported only when its command runs, so that
``swisspair --help`` and every other command start without them (docs/pairing.md, "Start-up")."""


class SwissPairGroup(click.Group):
    """The top-level group: click's errors become one line and an exit code of the README's table.

    The commands of :data:`LAZY_COMMANDS` are imported when they are looked up to run.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in LAZY_COMMANDS:
            import importlib

            module, _, attribute = LAZY_COMMANDS[cmd_name][0].partition(":")
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's list of commands, but a command not imported yet is listed from :data:`LAZY_COMMANDS`."""
        commands: list[tuple[str, click.Command]] = []
        for name in self.list_commands(ctx):
            command = self.commands.get(name) or click.Command(name, help=LAZY_COMMANDS[name][1])
            if not command.hidden:
                commands.append((name, command))
        if commands:
            limit = formatter.width - 6 - max(len(name) for name, _ in commands)
            with formatter.section("Commands"):
                formatter.write_dl([(name, command.get_short_help_str(limit)) for name, command in commands])

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            result = super().main(args, prog_name, complete_var, False, **extra)
        except click.ClickException as error:
            click.echo(click_error_line(error), err=True)
            sys.exit(click_exit_code(error))
        except click.Abort:
            click.echo("swisspair: interrupted", err=True)
            sys.exit(130)
        sys.exit(result if isinstance(result, int) else ExitCode.OK)


def handle_errors(function: F) -> F:
    """Decorator: turn swisspair errors into a message and an exit code."""
    import functools

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except (SwissPairError, OSError) as error:
            fail(error)
        return None

    return wrapper  # type: ignore[return-value]


def read_trf(path: Path, *, quiet: bool = False) -> Tournament:
    """Read a TRF for a command; its warnings go to stderr (a few lines, then a count of the rest).

    A field the command does not need never stops it (see :func:`swisspair.trf.read`).
    """
    result = trf.load(path)
    if not quiet:
        for line in trf.format_warnings(result.warnings):
            click.echo(line, err=True)
    return result.tournament


@click.group(cls=SwissPairGroup, context_settings={"help_option_names": ["-h", "--help"]})
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
def trf_validate(files: Sequence[Path], quiet: bool, strict: bool) -> None:
    """Check TRF files: exit 0 when all are valid, 3 (or 5) otherwise.

    By default a file is valid when it can be paired: fields pairing does not
    need give warnings. Each problem is printed as FILE:LINE:COLUMN: RECORD: message.

    Example:

        swisspair trf validate round5.trf
        swisspair trf validate --strict rating-report.trf
    """
    worst = ExitCode.OK
    for path in files:
        try:
            result = trf.load(path, strict=strict)
        except TRFError as error:
            click.echo(str(error), err=True)
            worst = max(worst, exit_code_for(error))
            continue
        except Exception as error:  # a reader bug: still one line, never a traceback
            click.echo(f"{path}: internal error: {type(error).__name__}: {error}", err=True)
            worst = max(worst, ExitCode.UNEXPECTED_ERROR)
            continue
        if not quiet:
            for warning in result.warnings:
                click.echo(f"{warning} (warning)", err=True)
            t = result.tournament
            click.echo(f"{path}: ok: {len(t)} players, {t.paired_rounds} rounds paired"
                       + (f" of {t.rounds}" if t.rounds else ""))
    sys.exit(worst)


@trf_group.command("convert")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Output file (default: standard output).")
@click.option("--trf26", is_flag=True, help="Write TRF26 records (142/152/162/192/240/250/260) instead of XX? lines.")
@handle_errors
def trf_convert(file: Path, output: Path | None, trf26: bool) -> None:
    """Read a TRF in any dialect and write it back as clean TRF16 (+ engine extensions).

    Example:

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
@handle_errors
def pair_command(file: Path, system: str | None, output: Path | None, round_number: int | None,
                 explain: bool) -> None:
    """Pair the next round of FILE and print the boards.

    Requested byes and absences for that round are read from the file
    (H/F/Z entries, TRF26 240, XXZ).

    Example:

        swisspair pair --system dutch round4.trf
    """
    from swisspair.pairing import pair

    tournament = read_trf(file)
    if round_number is not None:
        tournament = tournament.truncated(round_number - 1)
    from swisspair.pairing import find_system

    is_team = find_system(system or tournament.system or "dutch").name == "team"
    if is_team and system and system.upper().replace("-", "_").startswith(("FIDE_TEAM", "CUSTOM_TEAM")):
        tournament.system = system  # a 192 code on the command line selects the C.04.6 variant
    from swisspair.pairing.state import round_to_pair

    round_to_pair(tournament, source=str(file))  # refused here with the file's name, by every system
    pairing = pair(tournament, system)
    if output is not None:
        write_atomically(output, "\n".join(pairing.engine_lines()) + "\n")
    if is_team:
        # Team systems pair teams (C.04.6): print by team pairing number.
        from swisspair.pairing.team import format_team_pairing, team_event

        click.echo(format_team_pairing(team_event(tournament), pairing))
    else:
        click.echo(format_pairing(tournament, pairing))
    if explain:
        click.echo("")
        for line in pairing.explanation:
            click.echo(line)


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
    from swisspair.trf.writer import format_points

    return format_points(tournament.score(tpn, tournament.paired_rounds))


@cli.command("check")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@_system_option
@handle_errors
def check_command(file: Path, system: str | None) -> None:
    """Re-pair every round of FILE from the rounds before it and compare.

    Exit 0 when every round agrees (pairs, colours, bye); otherwise each
    differing round is printed and the exit code is 1.

    Example:

        swisspair check --system dutch finished.trf
    """
    from swisspair.pairing import find_system
    from swisspair.pairing.checker import check_rounds

    tournament = read_trf(file)
    engine = find_system(system or tournament.system or "dutch")
    failures = 0
    rounds = range(1, tournament.paired_rounds + 1)
    own_checker = getattr(engine, "check_rounds", None)  # systems that pair other units (teams)
    checks = own_checker(tournament, rounds) if own_checker else check_rounds(tournament, engine.pair, rounds)
    with click.progressbar(checks, length=len(rounds),
                           label=f"checking {file.name}", file=sys.stderr) as results:
        for result in results:
            if not result.ok:
                failures += 1
                click.echo(result.describe())
    click.echo(f"{len(rounds) - failures} of {len(rounds)} rounds identical")
    sys.exit(ExitCode.NO_VALID_PAIRING if failures else ExitCode.OK)


@cli.command("generate")
@_system_option
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The TRF file to write.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path),
              help="RTG-style settings file (PlayersNumber=..., RoundsNumber=..., ...).")
@click.option("--seed", "-s", type=int, default=1, show_default=True, help="Random seed.")
@click.option("--players", type=int, help="Number of players (overrides the config).")
@click.option("--rounds", type=int, help="Number of rounds (overrides the config).")
@handle_errors
def generate_command(system: str | None, output: Path, config_path: Path | None, seed: int,
                     players: int | None, rounds: int | None) -> None:
    """Generate a random tournament, every round paired by the chosen system.

    The same seed and settings always give the same file.

    Example:

        swisspair generate --players 100 --rounds 9 --seed 7 -o random.trf
    """
    import dataclasses

    from swisspair.generator import GeneratorConfig, generate
    from swisspair.pairing import find_system

    config = GeneratorConfig.load(config_path) if config_path else GeneratorConfig()
    if players is not None:
        config = dataclasses.replace(config, players=players)
    if rounds is not None:
        config = dataclasses.replace(config, rounds=rounds)
    engine = find_system(system or "dutch")
    with click.progressbar(length=config.rounds, label="generating", file=sys.stderr) as bar:
        own_generator = getattr(engine, "generate", None)  # systems that pair other units (teams)
        tournament = (own_generator(config, seed) if own_generator
                      else generate(config, seed, engine.pair, progress=lambda _: bar.update(1)))
    write_atomically(output, trf.dumps(tournament))
    click.echo(f"{output}: {config.players} players, {config.rounds} rounds (seed {seed})")


@cli.command("demo")
@click.option("--players", type=int, default=24, show_default=True)
@click.option("--rounds", type=int, default=7, show_default=True)
@click.option("--seed", type=int, default=2026, show_default=True)
@handle_errors
def demo_command(players: int, rounds: int, seed: int) -> None:
    """Run a whole sample tournament: every round paired (Dutch), then the standings.

    Example:

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
