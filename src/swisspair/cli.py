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
from typing import Any, TypeVar

import click

from swisspair import __version__, trf
from swisspair.errors import (
    LimitExceededError,
    NoValidPairingError,
    SwissPairError,
    TRFError,
    UnsupportedFeatureError,
)

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
        return ExitCode.FILE_ERROR if error.location.line is None else ExitCode.INVALID_REQUEST
    if isinstance(error, (UnsupportedFeatureError, SwissPairError, ValueError)):
        return ExitCode.INVALID_REQUEST
    if isinstance(error, OSError):
        return ExitCode.FILE_ERROR
    return ExitCode.UNEXPECTED_ERROR


def fail(error: BaseException) -> None:
    """Print a one-line message for ``error`` on stderr and exit with its code."""
    click.echo(f"swisspair: error: {error}", err=True)
    sys.exit(exit_code_for(error))


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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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
def trf_validate(files: Sequence[Path], quiet: bool) -> None:
    """Check TRF files: exit 0 when all are valid, 3 (or 5) otherwise.

    Each problem is printed as FILE:LINE:COLUMN: RECORD: message.

    Example:

        swisspair trf validate round5.trf
    """
    worst = ExitCode.OK
    for path in files:
        try:
            result = trf.load(path)
        except TRFError as error:
            click.echo(str(error), err=True)
            worst = max(worst, exit_code_for(error))
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
@click.option("--trf26", is_flag=True, help="Write TRF26 records (142/152/162/192/260) instead of XX? lines.")
@handle_errors
def trf_convert(file: Path, output: Path | None, trf26: bool) -> None:
    """Read a TRF in any dialect and write it back as clean TRF16 (+ engine extensions).

    Example:

        swisspair trf convert swiss-manager-export.trf -o clean.trf
    """
    result = trf.load(file)
    for warning in result.warnings:
        click.echo(f"{warning} (warning)", err=True)
    text = trf.dumps(result.tournament, trf26=trf26)
    if output is None:
        click.echo(text, nl=False)
    else:
        write_atomically(output, text)


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file, so a failure leaves no half file."""
    import os
    import tempfile

    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _register_commands() -> None:
    """Attach the commands that live in their own modules (one line each)."""
    # -- commands registered from other modules: one import + add_command line each --
    from swisspair.commands.roundrobin import roundrobin_command
    cli.add_command(roundrobin_command)
    from swisspair.commands.roundrobin import varma_command
    cli.add_command(varma_command)


_register_commands()


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: dispatch to the engine-compatible form or to the click group."""
    args = list(sys.argv[1:] if argv is None else argv)
    from swisspair import engine_cli

    if engine_cli.is_engine_invocation(args):
        sys.exit(engine_cli.run(args))
    cli.main(args=args, prog_name="swisspair")
