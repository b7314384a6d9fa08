"""Every command's ``--help`` shows its examples as written: one command a line, never run together into a
paragraph (click rewraps a paragraph unless it is marked with ``\\b``)."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from swisspair.cli import cli


def commands() -> list[tuple[str, ...]]:
    """The path of every command and subcommand (``("report", "ratings")``)."""
    found: list[tuple[str, ...]] = []
    context = click.Context(cli)

    def walk(group: click.Group, path: tuple[str, ...]) -> None:
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            if command is None:
                continue
            found.append((*path, name))
            if isinstance(command, click.Group):
                walk(command, (*path, name))

    walk(cli, ())
    return found


def examples(command: click.Command) -> list[str]:
    """The lines of the docstring's example block, as written."""
    text = command.help or ""
    if "Example:" not in text:
        return []
    block = text.split("Example:", 1)[1]
    return [line.strip() for line in block.splitlines() if line.strip().startswith("swisspair")
            or line.strip().startswith(("DATABASE_URL=",))]


@pytest.mark.parametrize("path", commands(), ids=" ".join)
def test_the_examples_of_a_command_are_one_a_line(path: tuple[str, ...]) -> None:
    command: click.Command = cli
    for name in path:
        assert isinstance(command, click.Group)
        found = command.get_command(click.Context(command), name)
        assert found is not None
        command = found
    result = CliRunner(env={"COLUMNS": "80"}).invoke(cli, [*path, "--help"])
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    for example in examples(command):
        assert example in lines, f"swisspair {' '.join(path)} --help runs its examples together:\n{result.output}"


def test_pair_shows_its_two_examples_on_their_own_lines() -> None:
    output = CliRunner(env={"COLUMNS": "80"}).invoke(cli, ["pair", "--help"]).output
    assert "\n      swisspair pair --system dutch round4.trf\n      swisspair pair round4.trf --json\n" in output
