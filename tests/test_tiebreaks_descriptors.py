"""Descriptors (FIDE C.07 (2026) art. 14, TRF26 202/212 syntax) and the registry."""

from __future__ import annotations

from fractions import Fraction

import pytest

from swisspair.tiebreaks import TIEBREAKS, Descriptor, InvalidTieBreakError, TieBreakSpec, find_tiebreak, register
from swisspair.tiebreaks.descriptors import parse_list
from swisspair.tiebreaks.editions import Edition

TIEBREAK_ACRONYMS = (
    "DE WIN WON BPG BWG PS REP STD TPN BH AOB FB SB KS ARO TPR PTP APRO APPO RTNG "
    "MP GP MPVGP ESB EMMSB EMGSB EGMSB EGGSB EDE EDEBT EDEBB EDET EDEB SSSC BC TBR BBE SRO JAHR"
).split()


@pytest.mark.parametrize("acronym", TIEBREAK_ACRONYMS)
def test_every_c07_tiebreak_and_the_older_ones_are_registered_and_load(acronym: str) -> None:
    spec = find_tiebreak(acronym)
    assert spec.acronym == acronym
    assert callable(spec.load())
    assert spec.article


@pytest.mark.parametrize(
    ("text", "canonical", "fields"),
    [
        ("BH/C1", "BH/C1", {"cut_low": 1, "cut_high": 0}),
        ("bh/m2", "BH/M2", {"cut_low": 2, "cut_high": 2}),
        ("SB/C1/P", "SB/C1/P", {"cut_low": 1, "forfeits_played": True}),
        ("KS/L+1", "KS/L+1", {"limit_steps": Fraction(1)}),
        ("KS/L-2", "KS/L-2", {"limit_steps": Fraction(-2)}),
        ("KS/L60", "KS/L60", {"limit_percent": Fraction(60)}),
        ("BH:GP/M2", "BH:GP/M2", {"score": "GP", "cut_low": 2}),
        ("EMGSB/C1/P", "EMGSB/C1/P", {"name": "EMGSB"}),
        ("BH:MP/C1/P", "BH:MP/C1/P", {"score": "MP"}),
        ("TPN/R", "TPN/R", {"reverse": True}),
        ("ARO/U1000", "ARO/U1000", {"unrated_rating": 1000}),
        ("AOB/F", "AOB/F", {"fore": True}),
        ("SSSC/K3", "SSSC/K3", {"factor": Fraction(3)}),
        ("GE", "REP", {"name": "REP"}),
        ("SNO", "TPN", {"name": "TPN"}),
        ("MPvGP", "MPVGP", {"name": "MPVGP"}),
        ("BH/V2024", "BH/V2024", {"edition": Edition.C07_2024}),
    ],
)
def test_descriptor_parsing(text: str, canonical: str, fields: dict[str, object]) -> None:
    d = Descriptor.parse(text)
    assert str(d) == canonical
    assert d.label == text
    for name, value in fields.items():
        assert getattr(d, name) == value
    assert eval(repr(d), {"Descriptor": Descriptor}) == Descriptor.parse(canonical)  # noqa: S307


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("XYZ", "unknown tie-break 'XYZ'"),
        ("BH/L+1", "modifier 'L' does not apply to BH"),
        ("BH/Q", "unknown modifier 'Q'"),
        ("BH:XP", "score must be MP or GP"),
        ("", "empty"),
        ("BH/C*", "only allowed in a list"),
        ("SSSC/K0", "must not be 0"),
    ],
)
def test_bad_descriptors_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidTieBreakError, match=message):
        Descriptor.parse(text)


def test_list_parsing_and_expansion() -> None:
    assert [str(d) for d in parse_list("BH/C1, BH,SB ,DE")] == ["BH/C1", "BH", "SB", "DE"]
    assert [str(d) for d in parse_list("KS/L-*", rounds=2)] == ["KS", "KS/L-1", "KS/L-2"]
    with pytest.raises(InvalidTieBreakError, match="needs the number of rounds"):
        parse_list("PS/C*")


def test_plugin_registration() -> None:
    spec = TieBreakSpec("XTEST", "Test", "nowhere", "swisspair.tiebreaks.own:points", aliases=("XT",))
    register(spec)
    try:
        assert find_tiebreak("xt") is spec
        assert Descriptor.parse("XT").name == "XTEST"
    finally:
        TIEBREAKS.pop("XTEST")


@pytest.mark.parametrize("module", ["swisspair.tiebreaks", "swisspair.tiebreaks.descriptors", "swisspair.tiebreaks.registry",
                                    "swisspair.tiebreaks.values", "swisspair.tiebreaks.rounding",
                                    "swisspair.tiebreaks.fide_tables", "swisspair.tiebreaks.jahr",
                                    "swisspair.standings"])
def test_doctests(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0
