"""The rules index (docs/rules.md) holds exactly the articles the docstrings cite, each with the
functions that cite it: a cited article the index lacks, or an article the index gives to a function
that does not cite it, fails here (docs/rules_index.py reads the citations)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def rules() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rules_index", ROOT / "docs" / "rules_index.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rules_index"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def cited(rules: ModuleType) -> dict[str, dict[str, set[str]]]:
    """What the docstrings cite (a fresh copy is parsed again where a test changes it)."""
    index: dict[str, dict[str, set[str]]] = rules.collect()
    return index


def test_the_index_is_what_the_docstrings_cite(rules: ModuleType, cited: dict[str, dict[str, set[str]]]) -> None:
    written = rules.parse(rules.INDEX.read_text(encoding="utf-8"))
    problems = rules.differences(written, cited)
    assert problems == [], "docs/rules.md is out of date (python docs/rules_index.py rewrites it):\n" + "\n".join(
        problems)


def test_every_article_of_the_index_has_a_function(rules: ModuleType) -> None:
    written = rules.parse(rules.INDEX.read_text(encoding="utf-8"))
    assert all(names for articles in written.values() for names in articles.values())


def test_the_index_covers_the_swiss_texts_the_tie_breaks_and_the_historical_texts(rules: ModuleType) -> None:
    written = rules.parse(rules.INDEX.read_text(encoding="utf-8"))
    for key in ("C.04.1", "C.04.2", "C.04.3", "C.04.3 (2017)", "C.04.4.1", "C.04.4.2", "C.04.4.3", "C.04.7", "C.07",
                "Dutch 1992", "Swiss 1987"):
        assert len(written[key]) >= 1, key
    assert "swisspair.pairing.acceleration:baku_virtual_points" in written["C.04.7"]["1.2"]


def test_a_missing_or_a_stale_entry_is_named(rules: ModuleType, cited: dict[str, dict[str, set[str]]]) -> None:
    written = rules.parse(rules.render(cited))
    assert rules.differences(written, cited) == []
    written["C.07"]["8.1"].discard("swisspair.tiebreaks.buchholz:buchholz")
    written["C.04.1"]["3"].add("swisspair.model:Colour")
    assert rules.differences(written, cited) == [
        "the index lists swisspair.model.Colour for C.04.1 3, which it does not cite",
        "swisspair.tiebreaks.buchholz.buchholz cites C.07 8.1, which the index lacks for it",
    ]


@pytest.mark.parametrize(("docstring", "module_line", "expected"), [
    ("Buchholz (FIDE C.07 (2026) 8.1).", "", {("C.07", "8.1")}),
    ("The PAB (C.04.1 art. 3) and GHR 3.4.", "", {("C.04.1", "3"), ("C.04.2", "3.4")}),
    ("Colour criteria (2026 C10-C12; 2017 C.8).", "The Dutch system, C.04.3 (2026).",
     {("C.04.3", "C10"), ("C.04.3", "C11"), ("C.04.3", "C12"), ("C.04.3 (2017)", "C.8")}),
    ("Art. 12.3-12.6: colours.", "FIDE Swiss rules, 1987 (amended 1988-89).",
     {("Swiss 1987", "12.3"), ("Swiss 1987", "12.6")}),
    ("Exchanges in the order of D 2 (C 8).", "The FIDE Dutch system, 1992 rules (A-F).",
     {("Dutch 1992", "D 2"), ("Dutch 1992", "C 8")}),
    ("Virtual points (FIDE C.04.7).", "", {("C.04.7", "")}),
    ("As in C.07 2026 and art. 4.", "", {("C.07", "")}),
])
def test_citations_are_read_as_the_docstrings_write_them(rules: ModuleType, docstring: str, module_line: str,
                                                          expected: set[tuple[str, str]]) -> None:
    assert rules.citations(docstring, rules.module_text(module_line)) == expected
