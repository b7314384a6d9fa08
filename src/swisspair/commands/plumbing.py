"""What every click command shares: errors as one line and an exit code, reading a TRF.

The commands (:mod:`swisspair.cli` and the modules of :mod:`swisspair.commands`)
import from here, never from :mod:`swisspair.cli`, which imports them to register
them. Exit codes themselves are :mod:`swisspair.exitcodes` (no click).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from swisspair import trf
from swisspair.errors import SwissPairError
from swisspair.exitcodes import ExitCode, error_message, exit_code_for

if TYPE_CHECKING:  # the model is loaded by the commands that read a file, not by --help
    from swisspair.model import Tournament

F = TypeVar("F", bound=Callable[..., Any])


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


class SwissPairGroup(click.Group):
    """The top-level group: click's errors become one line and an exit code of the README's table.

    ``lazy_commands`` (name -> (``module:attribute``, the first paragraph of its help)) are
    imported when they are looked up to run; ``--help`` lists them from the table.
    """

    def __init__(self, *args: Any, lazy_commands: dict[str, tuple[str, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_commands = lazy_commands or {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            import importlib

            module, _, attribute = self.lazy_commands[cmd_name][0].partition(":")
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's list of commands, but a command not imported yet is listed from ``lazy_commands``."""
        commands: list[tuple[str, click.Command]] = []
        for name in self.list_commands(ctx):
            command = self.commands.get(name) or click.Command(name, help=self.lazy_commands[name][1])
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


__all__ = ["SwissPairGroup", "click_error_line", "click_exit_code", "fail", "handle_errors", "read_trf"]
