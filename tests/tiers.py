"""Which tier a test module belongs to, read from its source without importing it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

FAST_TIER = "not slow"
_MARKED = re.compile(rb"^pytestmark = pytest\.mark\.slow\b", re.MULTILINE)


def whole_module_is_slow(path: Path) -> bool:
    """Whether the module at ``path`` marks all its tests slow with a top-level ``pytestmark`` (a line that
    only looks so inside a string does not count)."""
    source = path.read_bytes()
    if not _MARKED.search(source):
        return False
    for node in ast.parse(source).body:
        if (isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["pytestmark"]
                and ast.unparse(node.value) == "pytest.mark.slow"):
            return True
    return False
