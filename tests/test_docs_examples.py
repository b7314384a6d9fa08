"""Every code block of the README and of the docs pages runs and prints what the page says.

A page's blocks run in order in a folder of their own (a later block may read a file an earlier one
wrote), its Python blocks in one namespace:

* ``python``: executed; a ``text`` block right after it is what it prints, exactly;
* ``console``: each ``$ swisspair ...`` line is run, and the lines after it up to the next ``$`` are its
  standard output, exactly (exit code 0);
* ``sh``: each line (less a trailing ``# comment``) is a ``swisspair`` command that must succeed;
* any other block (a file's content, a sample document) is data: it follows a block as its output, or
  says which file it is (``<!-- file: NAME -->`` before it: written into the folder for the next blocks).

A block that cannot run says so and why, on the line before it: ``<!-- not run: REASON -->`` (it
installs, starts a server, stands for a file of the reader's...). docs/manager.md's blocks configure
and start the manager; they are listed here with the reason they are not run.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisspair.cli import cli

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
RUN = {"python", "console", "sh"}
DATA = {"text", "json", "toml", "csv", "ini", "nginx"}
MANAGER = {  # docs/manager.md: first line of each block -> why it is not run
    "pip install 'swisspair[web]'": "installs the web extra and starts the manager's server",
    'register("sp-by-name", "round", lists.by_name_page)  # each published round, again when that round changes':
        "an excerpt of the manager's code, not a program",
    "upstream public   { server 127.0.0.1:8001; keepalive 32; keepalive_timeout 30s; }":
        "the configuration of a front web server (nginx)",
    "python benchmarks/load.py                                   # 300 readers thinking 2 s: ~150 requests/s":
        "the load benchmark: PostgreSQL, several server processes, minutes",
    "[mypy]": "a configuration file's content",
}


@dataclass
class Block:
    page: Path
    line: int
    language: str
    text: str
    marker: str
    """The comment on the line before the block (``not run: ...``, ``file: ...``), or empty."""


def blocks(page: Path) -> list[Block]:
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    index = 0
    while index < len(lines):
        match = re.match(r"^(`{3,})(\S*)\s*$", lines[index])
        if not match:
            index += 1
            continue
        fence, language = match.groups()
        end = next(i for i in range(index + 1, len(lines)) if lines[i].startswith(fence) and not lines[i].strip("`"))
        before = lines[index - 1].strip() if index else ""
        marker = re.fullmatch(r"<!--\s*(.*?)\s*-->", before)
        found.append(Block(page, index + 1, language, "\n".join(lines[index + 1:end]) + "\n",
                           marker.group(1) if marker else ""))
        index = end + 1
    return found


def test_every_page_has_its_blocks_found() -> None:
    counted = {page.name: len(blocks(page)) for page in PAGES}
    assert counted["README.md"] >= 8 and counted["quickstart.md"] >= 8


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_the_code_blocks_of_a_page_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": f"__{page.stem}__"}
    found = [b for b in blocks(page) if not b.language.startswith("{")]  # Sphinx directives ({toctree})
    previous_output: str | None = None
    for number, block in enumerate(found):
        where = f"{page.name}:{block.line}"
        if page.name == "manager.md":
            assert block.text.splitlines()[0] in MANAGER, f"{where}: a new block: run it, or say why not here"
            continue
        assert block.language, f"{where}: a block says its language (python, console, sh, text, ...)"
        if block.marker.startswith("not run:"):
            assert len(block.marker) > len("not run: ") + 5, f"{where}: say why the block is not run"
            previous_output = None
            continue
        if block.marker.startswith("file:"):
            Path(block.marker.removeprefix("file:").strip()).write_text(block.text, encoding="utf-8")
            continue
        assert not block.marker, f"{where}: unknown marker {block.marker!r}"
        if block.language in DATA:
            assert previous_output is not None, f"{where}: a {block.language} block follows a block as its " \
                                                "output, or says which file it is or why it is not run"
            assert previous_output == block.text, f"{where}: the block above prints\n{previous_output}"
            previous_output = None
            continue
        assert block.language in RUN, f"{where}: {block.language!r} blocks cannot run: say why (not run: ...)"
        if block.language == "python":
            previous_output = run_python(block, namespace)
        elif block.language == "console":
            run_console(block)
            previous_output = None
        else:
            run_sh(block)
            previous_output = None
        following = found[number + 1] if number + 1 < len(found) else None
        if following is None or following.language not in DATA or following.marker:
            previous_output = None


def run_python(block: Block, namespace: dict[str, object]) -> str:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block.text, f"{block.page.name}:{block.line}", "exec"), namespace)
    return printed.getvalue()


def swisspair(command: str, where: str) -> tuple[int, str, str]:
    """Run a ``swisspair ...`` line: the click commands in this process, the engine form as a process."""
    args = shlex.split(command)
    assert args[0] == "swisspair", f"{where}: {command!r} is not a swisspair command: say why it is not run"
    if args[1:2] and args[1].startswith("--") and args[1] not in ("--help", "--version"):
        done = subprocess.run([sys.executable, "-m", "swisspair", *args[1:]], capture_output=True, text=True,
                              env={**os.environ, "COLUMNS": "80"})
        return done.returncode, done.stdout, done.stderr
    result = CliRunner(env={"COLUMNS": "80"}).invoke(cli, args[1:])
    return result.exit_code, result.stdout, result.stderr


def run_console(block: Block) -> None:
    commands: list[tuple[int, str, list[str]]] = []
    for offset, line in enumerate(block.text.splitlines(), start=1):
        if line.startswith("$ "):
            commands.append((block.line + offset, line[2:], []))
        else:
            assert commands, f"{block.page.name}:{block.line}: a console block starts with '$ command'"
            commands[-1][2].append(line)
    for line, command, expected in commands:
        where = f"{block.page.name}:{line}"
        code, out, err = swisspair(command, where)
        assert code == 0, f"{where}: {command}: exit code {code}\n{err}"
        assert out.splitlines() == expected, f"{where}: {command} prints\n{out}"


def run_sh(block: Block) -> None:
    for offset, line in enumerate(block.text.splitlines(), start=1):
        command = re.sub(r"\s+#\s.*$", "", line).strip()
        if not command or command.startswith("#"):
            continue
        where = f"{block.page.name}:{block.line + offset}"
        code, _, err = swisspair(command, where)
        assert code == 0, f"{where}: {command}: exit code {code}\n{err}"
