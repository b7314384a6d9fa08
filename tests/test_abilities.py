"""The optional abilities of a pairing system, declared in :mod:`swisspair.pairing`.

Every caller (click commands, the engine form, the manager) uses them through the registry's
functions; no caller asks for a system by name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisspair import pairing
from swisspair.errors import UnsupportedFeatureError
from swisspair.generator import GeneratorConfig
from swisspair.pairing import (
    Accelerates,
    ChecksRounds,
    FormatsPairings,
    GeneratesTournaments,
    HasVariants,
    find_system,
    system_names,
)
from swisspair.pairing.team import TeamSystem, generate_team_tournament
from swisspair.trf import dumps
from helpers import run_cli
from test_import_graph import import_graph

ABILITIES = (Accelerates, ChecksRounds, FormatsPairings, GeneratesTournaments, HasVariants)

EXPECTED = {
    "dutch": {Accelerates}, "burstein": {Accelerates}, "burstein-2026": {Accelerates}, "dubov": {Accelerates},
    "lim": {Accelerates}, "dutch-2017": set(), "dutch-1992": set(), "fide-1987": set(), "simple": set(),
    "double-swiss": {GeneratesTournaments},
    "team": {ChecksRounds, GeneratesTournaments, HasVariants, FormatsPairings},
}


@pytest.mark.parametrize("name", system_names())
def test_each_system_declares_its_abilities(name: str) -> None:
    system = find_system(name)
    assert {ability for ability in ABILITIES if isinstance(system, ability)} == EXPECTED[name]


def test_baku_needs_the_acceleration_ability() -> None:
    """C.04.7: a ``_BAKU`` code gives the system with Baku acceleration, or a refusal naming the system."""
    assert getattr(find_system("FIDE_DUTCH_2025_BAKU"), "acceleration") == "baku"
    with pytest.raises(UnsupportedFeatureError, match="dutch-2017: Baku"):
        pairing.accelerated(find_system("dutch-2017"), "baku")


def test_a_team_code_is_a_variant_of_the_team_system() -> None:
    """TRF26 192 (C.04.6): the code selects the colour type and the scores; a plain name reads the file's code."""
    variant = find_system("FIDE_TEAM_TYPEB_GP_MP")
    assert isinstance(variant, TeamSystem)
    assert (variant.colour_type, variant.primary, variant.secondary) == ("B", "GP", "MP")
    assert variant.code() == "FIDE_TEAM_TYPEB_GP_MP"
    plain = find_system("team")
    assert isinstance(plain, TeamSystem) and plain.colour_type is None
    assert plain.variant("swiss-team") is plain


def test_the_variant_pairs_as_the_file_with_that_code(tmp_path: Path) -> None:
    """The command line's ``--system FIDE_TEAM_TYPEB_GP`` pairs as a file whose 192 code is that one."""
    tournament = generate_team_tournament(6, 2, 3, seed=4)
    partial = tournament.truncated(2)
    as_file = partial.truncated(2)
    as_file.system = "FIDE_TEAM_TYPEB_GP"
    assert find_system("FIDE_TEAM_TYPEB_GP").pair(partial) == find_system("team").pair(as_file)


def test_the_shared_checker_and_generator_serve_systems_without_their_own() -> None:
    config = GeneratorConfig(players=7, rounds=3)
    event = pairing.generate(find_system("dutch"), config, seed=3)
    assert event.paired_rounds == 3
    assert all(check.ok for check in pairing.check_rounds(find_system("dutch"), event))
    teams = pairing.generate(find_system("team"), config, seed=3)
    assert teams.teams and all(check.ok for check in pairing.check_rounds(find_system("team"), teams))
    assert pairing.format_pairing(find_system("dutch"), event, find_system("dutch").pair(event.truncated(1))) is None


def test_explain_says_when_a_system_gives_no_explanation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = pairing.generate(find_system("double-swiss"), GeneratorConfig(players=6, rounds=2), seed=1)
    path = tmp_path / "double.trf"
    path.write_text(dumps(event.truncated(2)))
    assert run_cli(["pair", "--system", "double-swiss", "--explain", str(path)]) == 0
    assert "double-swiss: this system gives no explanation" in capsys.readouterr().out


def test_no_system_imports_another_systems_module() -> None:
    """What systems share lives in shared modules; Burstein gets the Dutch system from the registry."""
    graph = import_graph()
    systems = {path.partition(":")[0] for path in pairing.PAIRING_SYSTEMS.values()}
    for module in systems:
        assert not (graph[module] & (systems - {module})), f"{module} imports {graph[module] & systems}"
