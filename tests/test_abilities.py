"""The abilities of a pairing system, declared in the :class:`~swisspair.pairing.PairingSystem` protocol.

Every member of the protocol has its default in :class:`~swisspair.pairing.system.SystemBase`, which
every built-in system subclasses; a system overrides only the abilities it has, and every caller (click
commands, the engine form, the manager) asks the system itself, never for a system by name.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from helpers import run_cli
from test_import_graph import import_graph

from swisspair import pairing
from swisspair.errors import UnsupportedFeatureError
from swisspair.generator import GeneratorConfig
from swisspair.model import Result
from swisspair.pairing import PairingSystem, find_system, system_names
from swisspair.pairing.system import INDIVIDUAL, SystemBase
from swisspair.pairing.team import TeamSystem, generate_team_tournament
from swisspair.trf import dumps

ABILITIES = ("check_rounds", "with_acceleration", "variant", "format_pairing", "shape")
"""The members of the protocol with a default: overridden by the systems that have the ability."""

EXPECTED = {
    "dutch": {"with_acceleration"}, "burstein": {"with_acceleration"}, "burstein-2026": {"with_acceleration"},
    "dubov": {"with_acceleration"}, "lim": {"with_acceleration"}, "dutch-2017": set(), "dutch-1992": set(),
    "fide-1987": set(), "simple": set(),
    "double-swiss": {"shape"},
    "team": {"check_rounds", "shape", "variant", "format_pairing"},
}


def overridden(system: object) -> set[str]:
    """The abilities ``system``'s class defines itself rather than takes from :class:`SystemBase`."""
    return {name for name in ABILITIES
            if inspect.getattr_static(type(system), name) is not inspect.getattr_static(SystemBase, name)}


@pytest.mark.parametrize("name", system_names())
def test_each_system_declares_its_abilities(name: str) -> None:
    system = find_system(name)
    assert isinstance(system, SystemBase)
    assert overridden(system) == EXPECTED[name]
    assert (system.acceleration is not None) == ("with_acceleration" in EXPECTED[name])


def test_the_protocol_declares_every_ability_with_its_default() -> None:
    members = {name for name in vars(PairingSystem) if not name.startswith("_")} | set(PairingSystem.__annotations__)
    assert members == {"name", "aliases", "article", "acceleration", "pair", *ABILITIES}
    assert all(hasattr(SystemBase, name) for name in members)


def test_baku_needs_the_acceleration_ability() -> None:
    """C.04.7: a ``_BAKU`` code gives the system with Baku acceleration, or a refusal naming the system."""
    assert find_system("FIDE_DUTCH_2025_BAKU").acceleration == "baku"
    with pytest.raises(UnsupportedFeatureError, match="dutch-2017: Baku"):
        find_system("dutch-2017").with_acceleration("baku")


def test_a_team_code_is_a_variant_of_the_team_system() -> None:
    """TRF26 192 (C.04.6): the code selects the colour type and the scores; a plain name reads the file's code."""
    variant = find_system("FIDE_TEAM_TYPEB_GP_MP")
    assert isinstance(variant, TeamSystem)
    assert (variant.colour_type, variant.primary, variant.secondary) == ("B", "GP", "MP")
    assert variant.code() == "FIDE_TEAM_TYPEB_GP_MP"
    plain = find_system("team")
    assert isinstance(plain, TeamSystem) and plain.colour_type is None
    assert plain.variant("swiss-team") is plain
    assert find_system("dutch").variant("FIDE_DUTCH_2025") is find_system("dutch")


def test_the_variant_pairs_as_the_file_with_that_code(tmp_path: Path) -> None:
    """The command line's ``--system FIDE_TEAM_TYPEB_GP`` pairs as a file whose 192 code is that one."""
    tournament = generate_team_tournament(6, 2, 3, seed=4)
    partial = tournament.truncated(2)
    as_file = partial.truncated(2)
    as_file.system = "FIDE_TEAM_TYPEB_GP"
    assert find_system("FIDE_TEAM_TYPEB_GP").pair(partial) == find_system("team").pair(as_file)


def test_the_default_checker_and_the_one_generator_serve_every_system() -> None:
    config = GeneratorConfig(players=7, rounds=3)
    event = pairing.generate(find_system("dutch"), config, seed=3)
    assert event.paired_rounds == 3 and find_system("dutch").shape is INDIVIDUAL
    assert all(check.ok for check in find_system("dutch").check_rounds(event))
    teams = pairing.generate(find_system("team"), config, seed=3)
    assert len(teams.teams) == 7 and all(len(team.members) == 4 for team in teams.teams)
    assert all(check.ok for check in find_system("team").check_rounds(teams))
    assert find_system("dutch").format_pairing(event, find_system("dutch").pair(event.truncated(1))) is None


def test_the_one_generator_plays_a_double_swiss_round_as_a_two_game_match() -> None:
    """C.04.5 0: a pairing is two TRF rounds, the second with the colours reversed; 1.5: the PAB is one game
    won and one drawn."""
    system = find_system("double-swiss")
    event = pairing.generate(system, GeneratorConfig(players=7, rounds=3), seed=2)
    assert event.rounds == 6 and event.recorded_rounds == 6 and event.system == "FIDE_DOUBLESWISS"
    for player in event:
        for match in range(3):
            first, second = player.result(2 * match + 1), player.result(2 * match + 2)
            if first.result is Result.PAB:
                assert second.result is Result.HALF_BYE
            elif first.opponent is not None:
                assert (second.opponent, second.colour) == (first.opponent, first.colour.opposite)
    assert all(check.ok for check in system.check_rounds(event))


def test_explain_says_when_a_system_gives_no_explanation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = pairing.generate(find_system("double-swiss"), GeneratorConfig(players=6, rounds=2), seed=1)
    path = tmp_path / "double.trf"
    path.write_text(dumps(event.truncated(2)))
    assert run_cli(["pair", "--system", "double-swiss", "--explain", str(path)]) == 0
    assert "double-swiss: this system gives no explanation" in capsys.readouterr().out


@pytest.mark.slow
def test_no_system_imports_another_systems_module() -> None:
    """What systems share lives in shared modules; Burstein gets the Dutch system from the registry."""
    graph = import_graph()
    systems = {path.partition(":")[0] for path in pairing.PAIRING_SYSTEMS.values()}
    for module in systems:
        assert not (graph[module] & (systems - {module})), f"{module} imports {graph[module] & systems}"
