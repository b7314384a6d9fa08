"""Short functions: no function of the core over 120 lines (the Dutch bracket loops included)."""

from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "src" / "swisspair"
LIMIT = 120


def long_functions() -> list[str]:
    """``path:line name (N lines)`` for each function over :data:`LIMIT` lines."""
    found = []
    for path in sorted(CORE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > LIMIT:
                    found.append(f"{path.relative_to(CORE)}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_function_over_120_lines() -> None:
    assert long_functions() == []
