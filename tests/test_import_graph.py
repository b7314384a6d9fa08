"""No import cycle in src/: every module-to-module import, lazy ones included.

An import inside a function is an edge too: a cycle made of lazy imports still means two
modules that each need the other (the command line and its commands were one). The edge
a submodule has to its own package (``a.b`` runs ``a/__init__``) is implicit and not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import source_trees

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGES = ("swisspair", "swisspair_web")


def _modules() -> dict[str, Path]:
    """Module name -> its file: every ``.py``, and the stub (``.pyi``) of a compiled module."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        paths = list((SRC / package).rglob("*.py"))
        paths += [stub for stub in (SRC / package).rglob("*.pyi") if not stub.with_suffix(".py").exists()]
        for path in paths:
            parts = list(path.relative_to(SRC).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _target(name: str, modules: dict[str, Path]) -> str | None:
    """The deepest module of ours that ``name`` (``a.b.c``) names."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of src/ it imports (anywhere in its body)."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in source_trees.walk(source_trees.parse(path.read_text(encoding="utf-8"))):
            wanted: list[str] = []
            if isinstance(node, ast.Import):
                wanted = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                wanted = [f"{base}.{alias.name}" for alias in node.names]
            for imported in wanted:
                target = _target(imported, modules)
                if target is not None and target != name:
                    graph[name].add(target)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a list of modules (first == last), or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def test_find_cycle_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_graph_sees_lazy_and_relative_imports() -> None:
    graph = import_graph()
    assert "swisspair.pairing.state" in graph["swisspair.pairing"]  # imported inside pair()
    assert "swisspair.exitcodes" in graph["swisspair.engine_cli"]


@pytest.mark.slow
def test_no_import_cycle_in_src() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, f"import cycle: {' -> '.join(cycle or [])}"
