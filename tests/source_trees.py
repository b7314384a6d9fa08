"""Python sources parsed once per test process: the structure tests (layers, imports, typed API, function
lengths) read the same files, each through its own checks. Trees are shared: a check must not change them."""

from __future__ import annotations

import ast
import functools


@functools.cache
def parse(source: str) -> ast.Module:
    """``ast.parse(source)``, once per distinct text."""
    return ast.parse(source)


@functools.cache
def walk(node: ast.AST) -> tuple[ast.AST, ...]:
    """``ast.walk(node)`` as a tuple, once per node of a shared tree."""
    return tuple(ast.walk(node))
