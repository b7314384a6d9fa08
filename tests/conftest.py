"""Collection of the whole test tree.

The fast tier (``-m "not slow"``) does not import a module whose every test is slow (``pytestmark =
pytest.mark.slow`` at its top level): its tests would be deselected anyway, and importing it (with pytest's
rewriting of its asserts) costs each worker its share of the collection time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tiers import FAST_TIER, whole_module_is_slow


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if config.option.markexpr.strip() != FAST_TIER:
        return None
    if collection_path.suffix != ".py" or not collection_path.name.startswith("test_"):
        return None
    return True if whole_module_is_slow(collection_path) else None
