"""The public API is typed for the type checker: ``mypy --strict`` accepts the README's example and refuses a
program that imports a name ``swisspair`` does not export (the lazy imports hide nothing from it), and every
type of a public signature can be imported from ``swisspair``."""

from __future__ import annotations

import ast
import inspect
import itertools
import subprocess
import sys
import textwrap
import typing
from fractions import Fraction
from pathlib import Path

import pytest
import source_trees

import swisspair

ROOT = Path(__file__).resolve().parent.parent
RUN_TIME_NAMES: dict[str, object] = {"Fraction": Fraction}
"""What the public annotations name besides swisspair's public types: the model imports Fraction for the
type checker only (its points are held as integers until read), so a run-time look-up of the hints is
given it, as docs/reference/api.rst ("Type hints at run time") says."""


def mypy(program: str, folder: Path) -> subprocess.CompletedProcess[str]:
    path = folder / "program.py"
    path.write_text(program, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file", "/dev/null",
                           str(path)], capture_output=True, text=True, cwd=folder,
                          env={"MYPYPATH": str(ROOT / "src"), "PATH": ""})


@pytest.mark.slow
def test_mypy_accepts_the_readme_example_and_refuses_a_misspelled_import(tmp_path: Path) -> None:
    from test_public_api import readme_example

    code, _ = readme_example()
    done = mypy(code, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    done = mypy("from swisspair import compute_standingz\n", tmp_path)
    assert done.returncode == 1, done.stdout
    assert 'Module "swisspair" has no attribute "compute_standingz"' in done.stdout
    done = mypy("import swisspair\n\nt = swisspair.new_tournament(rounds=3)\nswisspair.add_bye(t, 1, 'Q')\n", tmp_path)
    assert done.returncode == 1 and '"add_bye" has incompatible type "Literal[\'Q\']"' in done.stdout, done.stdout


def test_the_type_checker_sees_every_public_name_and_no_module_getattr() -> None:
    tree = source_trees.parse((ROOT / "src" / "swisspair" / "__init__.py").read_text(encoding="utf-8"))
    typed: set[str] = set()
    for node in source_trees.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom):
                    typed.update(alias.asname or alias.name for alias in statement.names)
            # what only runs (the lazy loader) is hidden from the type checker: the else branch
            assert all(not isinstance(s, (ast.FunctionDef, ast.Assign)) or "__getattr__" not in ast.dump(s)
                       for s in node.body)
    assert typed == set(swisspair._EXPORTS), "the typed imports and the lazy ones name the same things"
    top_level = [ast.dump(node) for node in tree.body if not isinstance(node, ast.If)]
    assert not any("'__getattr__'" in dumped for dumped in top_level), "a module __getattr__ the type checker sees"


def _public_types() -> dict[str, object]:
    return {name: getattr(swisspair, name) for name in swisspair.__all__ if name != "__version__"}


def test_every_type_of_a_public_signature_is_public() -> None:
    public = {id(value) for value in _public_types().values()}
    missing: set[str] = set()

    def check(annotation: object, where: str) -> None:
        origin = typing.get_origin(annotation)
        if origin is typing.Literal:
            return
        for argument in typing.get_args(annotation):
            check(argument, where)
        target = origin or annotation
        module = getattr(target, "__module__", "")
        if isinstance(target, type) and module.startswith("swisspair") and id(target) not in public:
            missing.add(f"{target.__qualname__} (in {where})")

    for name, value in _public_types().items():
        functions = [value] if inspect.isfunction(value) else [
            getattr(member, "fget", member) for member_name, member in vars(value).items()
            if (inspect.isfunction(member) or isinstance(member, property)) and not member_name.startswith("_")
        ] if isinstance(value, type) else []
        if isinstance(value, type) and not issubclass(value, BaseException):
            functions.append(value)  # its fields
        for function in functions:
            try:  # the names imported for the type checker only: the public ones, and RUN_TIME_NAMES
                hints = typing.get_type_hints(function, localns={**_public_types(), **RUN_TIME_NAMES})
            except NameError as error:
                missing.add(f"{error.name} (in {name}.{function.__name__})")
                continue
            for argument, annotation in hints.items():
                check(annotation, f"{name}.{function.__name__}: {argument}")
    assert not missing, f"types in public signatures that swisspair does not export: {sorted(missing)}"


def test_run_time_hints_need_fraction_given_as_the_api_page_does() -> None:
    """The model's annotations name Fraction without importing it: typing.get_type_hints raises NameError
    for it, and the API page's example, run as it is written, resolves it."""
    with pytest.raises(NameError, match="'Fraction'"):
        typing.get_type_hints(swisspair.Scoring)
    page = (ROOT / "docs" / "reference" / "api.rst").read_text(encoding="utf-8")
    section = page.split("Type hints at run time", 1)[1].split(".. code-block:: python", 1)[1]
    block = itertools.takewhile(lambda line: not line or line.startswith("   "), section.splitlines())
    example = textwrap.dedent("\n".join(block))
    assert "get_type_hints(swisspair.Scoring" in example and set(RUN_TIME_NAMES) <= set(example.split('"'))
    exec(compile(example, "api.rst", "exec"), {})  # its own assertion: the hint of draw is Fraction


def test_results_and_bye_kinds_are_literals() -> None:
    assert set(typing.get_args(swisspair.GameResult)) >= {"1-0", "0-1", "1/2-1/2", "+-", "-+", "--"}
    assert typing.get_args(swisspair.ByeKind) == ("H", "F", "Z")
    hints = typing.get_type_hints(swisspair.add_bye)
    assert hints["kind"] == swisspair.ByeKind


def test_the_tiebreak_codes_are_public() -> None:
    codes = swisspair.TIEBREAK_CODES
    assert {"BH", "SB", "DE", "WIN", "BWG", "ARO", "TPR", "KS", "EDET", "MPVGP"} <= set(codes)
    assert list(codes) == sorted(codes)
    with pytest.raises(swisspair.InvalidTieBreakError, match=r"unknown tie-break 'BHX': expected one of .*\bBH\b"):
        swisspair.compute_standings(swisspair.new_tournament(rounds=1, players=["A", "B"]), "BHX")


def test_no_package_shows_the_type_checker_a_module_getattr() -> None:
    for init in (ROOT / "src" / "swisspair").rglob("*.py"):
        tree = source_trees.parse(init.read_text(encoding="utf-8"))
        for node in tree.body:
            shown = node.body if isinstance(node, ast.If) and not isinstance(node.test, ast.UnaryOp) else [node]
            for statement in shown:
                names = [t.id for t in getattr(statement, "targets", []) if isinstance(t, ast.Name)]
                assert "__getattr__" not in names and getattr(statement, "name", "") != "__getattr__", \
                    f"{init}: a module __getattr__ the type checker sees (put it under 'if not TYPE_CHECKING:')"
