"""Start-up: each form of the ``swisspair`` command imports only what it needs (docs/pairing.md, "Start-up").

Tournament software starts ``swisspair --dutch IN -p OUT`` once per round, so the engine form must not
load the click command line, the other commands, the manager or the entry-point scan; ``swisspair
--help`` lists the commands from one table without importing their modules. Each check runs the
command in a fresh interpreter and looks at ``sys.modules`` afterwards.
"""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from helpers import corpus_files

from swisspair.cli import LAZY_COMMANDS, SwissPairGroup, cli
from swisspair.exitcodes import ExitCode
from swisspair.trf import dumps, fields, load, loads, records
from swisspair.trf.teams import TEAM_CODES

_RUN = """
import sys
from swisspair.console import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(" ".join(sorted(sys.modules)), file=sys.stderr)  # not json: it loads enum and functools
"""

ENGINE_NEVER = ("click", "swisspair.cli", "swisspair.commands", "swisspair_web", "django", "importlib.metadata",
                "swisspair.trf.writer", "swisspair.teams", "swisspair.trf.teams", "swisspair.trf.dates",
                "swisspair.tiebreaks", "swisspair.standings", "typing", "pathlib", "dataclasses", "inspect",
                "swisspair.matching.python_core", "swisspair.matching.verify", "warnings", "fractions", "decimal",
                "numbers", "math", "enum", "functools", "collections", "types", "operator")
"""What the engine form (``--dutch IN -p OUT``) does without: the command line and its commands, the
manager, the scan of installed packages, the modules a plain TRF of individuals does not need, and
:mod:`dataclasses` with the :mod:`inspect` it loads (the model, the reader and the Dutch engine's
records are value classes, :mod:`swisspair.valueclass`), the pure-Python matching core, which only
stands in when the compiled one is not built, and the optimality check the tests run on it, the :mod:`importlib`
package with the :mod:`warnings` it loads (a module named in a table is imported with the builtin
``__import__``), :mod:`fractions` with the :mod:`decimal` and :mod:`numbers` it loads (points are held as
integers until a Fraction is asked for, :mod:`swisspair.exact`), :mod:`math`, a shared library (the divisors of
:mod:`swisspair.exact` are Euclid's), :mod:`enum` with the :mod:`functools`, :mod:`collections` and :mod:`types`
it loads (the model's and the engine's enumerations are :mod:`swisspair.enumeration`'s; a system found by name is
kept in a dict, not by :func:`functools.cache`), and :mod:`operator`, pure Python (the value classes take
``attrgetter`` from the builtin ``_operator``)."""


def imported_modules(args: list[str]) -> set[str]:
    """The modules loaded by ``swisspair ARGS`` in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", _RUN, *args], capture_output=True, text=True, check=True)
    return set(done.stderr.strip().splitlines()[-1].split())


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """The modules of ``modules`` that are one of ``names`` or inside one of them."""
    return sorted(m for m in modules if any(m == name or m.startswith(name + ".") for name in names))


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """An event of the Dutch corpus before its last round, with birth dates in the TRF form."""
    t = load(corpus_files("dutch")[3]).tournament
    partial = t.truncated(t.recorded_rounds - 1)
    partial.rounds = t.recorded_rounds
    for number, player in enumerate(partial, start=1):
        player.birth_date = f"19{number % 90 + 10}/{number % 12 + 1:02d}/{number % 28 + 1:02d}"
    path = tmp_path / "event.trf"
    path.write_text(dumps(partial))
    return path


def test_the_engine_form_loads_no_command_line(event: Path, tmp_path: Path) -> None:
    modules = imported_modules(["--dutch", str(event), "-p", str(tmp_path / "out.txt")])
    assert "swisspair.pairing.dutch" in modules  # it did pair
    assert (tmp_path / "out.txt").read_text().strip()
    assert loaded(modules, ENGINE_NEVER) == []
    assert "importlib" not in modules  # importlib._bootstrap is Python's own, always loaded
    for name in ("re", "fractions", "decimal", "operator"):
        assert _importing(modules, name) == []
    assert _importing(modules, "collections.abc") == []  # its names are for the type checker
    assert "collections.abc" not in modules


def test_the_engine_form_reads_a_scoring_and_its_points_as_integers(event: Path, tmp_path: Path) -> None:
    """Scoring records (XXS, bbp's BB?) and points columns that do not match them: read, checked and paired
    without a Fraction (swisspair.exact)."""
    lines = [line[:80] + "1.75" + line[84:] if line.startswith("001") else line
             for line in event.read_text().splitlines()]
    text = "\n".join([*lines, "XXS WW=3 BW=3 WD=1 BD=1.25", "BBF  0.5", ""])
    assert all("do not match the results" in w.message for w in loads(text).warnings) and loads(text).warnings
    scored = tmp_path / "scored.trf"
    scored.write_text(text)
    modules = imported_modules(["--dutch", str(scored), "-p", str(tmp_path / "out.txt")])
    assert "swisspair.pairing.dutch" in modules and (tmp_path / "out.txt").read_text().strip()
    assert loaded(modules, ("fractions", "decimal", "numbers")) == []


def _importing(modules: set[str], name: str) -> list[str]:
    """Our modules of ``modules`` that import ``name`` when they are imported (at their top level)."""
    top = re.compile(rf"^(import {re.escape(name)}|from {re.escape(name)} import)\b", re.MULTILINE)
    found = []
    for ours in sorted(loaded(modules, ("swisspair",))):
        spec = find_spec(ours)
        if spec is not None and spec.origin and spec.origin.endswith(".py"):
            if top.search(Path(spec.origin).read_text(encoding="utf-8")):
                found.append(ours)
    return found


_COMMAND = """
import atexit, sys
atexit.register(lambda: print("exit handler", file=sys.stderr))
from swisspair.console import main
main()
"""


def test_the_engine_command_exits_with_its_output_whole(event: Path, tmp_path: Path) -> None:
    """As the process's own command (no arguments passed to ``main``) the engine form leaves out the
    interpreter's finalisation: what it printed is flushed, its exit code kept and the exit handlers run."""
    out = tmp_path / "out.txt"
    buffered = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    to_file = subprocess.run([sys.executable, "-c", _COMMAND, "--dutch", str(event), "-p", str(out)],
                             capture_output=True, text=True, env=buffered)
    printed = subprocess.run([sys.executable, "-c", _COMMAND, "--dutch", str(event), "-p"],
                             capture_output=True, text=True, env=buffered)
    missing = subprocess.run([sys.executable, "-c", _COMMAND, "--dutch", str(tmp_path / "none.trf"), "-p"],
                             capture_output=True, text=True, env=buffered)
    assert (to_file.returncode, to_file.stdout, to_file.stderr) == (0, "", "exit handler\n")
    assert (printed.returncode, printed.stderr) == (0, "exit handler\n")
    assert printed.stdout == out.read_text() and len(printed.stdout.splitlines()) > 2
    assert missing.returncode == ExitCode.FILE_ERROR and missing.stdout == ""
    assert missing.stderr.startswith("swisspair: error: ") and missing.stderr.endswith("\nexit handler\n")


CHECKER_NEVER = tuple(name for name in ENGINE_NEVER if name not in (
    "typing", "dataclasses", "inspect", "warnings", "enum", "functools", "collections", "types", "operator"))
"""``-c`` asks the system for its own checker (:mod:`swisspair.pairing.abilities`, runtime protocols:
``typing``, with the :mod:`enum`, :mod:`functools`, :mod:`collections`, :mod:`types` and :mod:`operator` it loads;
:mod:`swisspair.pairing.checker`, dataclasses); a check re-pairs every round, so those imports do not count."""


def test_the_engine_checker_loads_no_command_line(event: Path) -> None:
    modules = imported_modules(["--dutch", str(event), "-c"])
    assert "swisspair.pairing.checker" in modules
    assert loaded(modules, CHECKER_NEVER) == []


def test_help_imports_no_command_module() -> None:
    modules = imported_modules(["--help"])
    assert "swisspair.cli" in modules
    assert loaded(modules, ("swisspair.model", "swisspair.pairing", "swisspair.trf.reader",
                            "swisspair_web", "django", "importlib.metadata")) == []
    # the commands' shared plumbing is the group itself; no command module is loaded
    assert sorted(name for name in modules
                  if name.startswith("swisspair.commands.") and name != "swisspair.commands.plumbing") == []


def test_version_loads_no_click() -> None:
    modules = imported_modules(["--version"])
    assert loaded(modules, ("click", "swisspair.cli", "swisspair.model")) == []


def test_version_is_clicks_message(capsys: pytest.CaptureFixture[str]) -> None:
    from swisspair.console import main

    with pytest.raises(SystemExit) as fast:
        main(["--version"])
    assert fast.value.code == 0
    clicks = CliRunner().invoke(cli, ["--version"], prog_name="swisspair")
    assert capsys.readouterr().out == clicks.output


def test_a_lazy_command_runs_from_its_module() -> None:
    result = CliRunner().invoke(cli, ["rounds", "--players", "16", "--places", "4"])
    assert result.exit_code == 0 and result.output == "5\n"


@pytest.mark.parametrize("name", sorted(LAZY_COMMANDS))
def test_the_table_names_each_command_and_its_help(name: str) -> None:
    """The one table of LAZY_COMMANDS: the path gives the command, the summary is its help's first paragraph."""
    import importlib

    module, _, attribute = LAZY_COMMANDS[name][0].partition(":")
    command = getattr(importlib.import_module(module), attribute)
    assert command.name == name
    first_paragraph = " ".join(command.help.strip().split("\n\n")[0].split())
    assert LAZY_COMMANDS[name][1] == first_paragraph
    assert command.short_help is None  # the list would show short_help otherwise


def test_help_lists_what_the_loaded_commands_would_show() -> None:
    """``swisspair --help`` from the table is the list click gives once every command is imported."""
    group = SwissPairGroup(name="swisspair", commands=dict(cli.commands), lazy_commands=LAZY_COMMANDS)
    before = CliRunner().invoke(group, ["--help"], terminal_width=100).output
    for name in LAZY_COMMANDS:
        group.get_command(click.Context(group), name)
    assert set(LAZY_COMMANDS) <= set(group.commands)
    after = CliRunner().invoke(group, ["--help"], terminal_width=100).output
    assert before == after
    assert all(f"  {name} " in before for name in LAZY_COMMANDS)


def test_team_codes_are_the_team_modules() -> None:
    assert set(records._TEAM_CODES) == TEAM_CODES


_PLAIN_DATES = [f"{year}/{month:02d}/{day:02d}" for year in ("0000", "0001", "1900", "1985", "2000", "2023", "2024")
                for month in range(14) for day in range(33)]


def test_plain_dates_read_as_the_date_parser_reads_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader's check of YYYY/MM/DD without the date parser accepts nothing the parser refuses, and
    every full date but February 29 (the parser decides the rest: leap years, unknown days)."""
    fast = {value: fields._plain_date(value) for value in _PLAIN_DATES}
    monkeypatch.setattr(fields, "_plain_date", lambda value: False)
    for value in _PLAIN_DATES:
        parsed = fields.check_date(value)
        if fast[value]:
            assert parsed == (True, True), value
        elif parsed == (True, True):
            assert value[5:] == "02/29" or value.endswith("/00") or value.startswith("0000"), value


_POINTS = re.compile(r"[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+", re.ASCII)
"""A points field as a pattern (the reader checks it with string methods)."""


def test_points_fields_read_as_the_pattern_reads_them() -> None:
    texts = ["".join(chars) for size in range(1, 5) for chars in itertools.product("09.,-e\u0663 ", repeat=size)]
    assert [fields.number(text) for text in texts] == [_POINTS.fullmatch(text) is not None for text in texts]


def test_tokens_are_the_patterns_runs_of_non_blanks() -> None:
    blanks = (" ", "\t", "\x1c", "\xa0", "\u2003", "\n")
    lines = ["XXA " + "".join(parts) for parts in itertools.product(("", "1", "22.5", "x"), blanks, ("", "7", "a,b"),
                                                                    blanks, ("", "9 "))]
    for line in [*lines, "", "XXA", "XXA    ", "XXA 1 1 1"]:
        for start in (0, 3, 4):
            expected = [(start + m.start() + 1, m.group()) for m in re.finditer(r"\S+", line[start:])]
            assert list(fields.tokens(line, start)) == expected, (line, start)


def test_control_characters_found_as_the_pattern_finds_them() -> None:
    pattern = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
    for code in range(0x250):
        line = f"001 A{chr(code)}B\t{chr(code)}"
        found = pattern.search(line)
        assert records._first_control(line) == (None if found is None else found.start()), code
        if line.isprintable():  # the reader's test before it looks for one
            assert found is None, code
