"""The matching package's architecture: one protocol both cores satisfy, one home for the tuning, no chess rule.

mypy checks both cores against :class:`~swisspair.matching.protocol.MatchingCore` where
:mod:`swisspair.matching.cores` lists them; these tests hold the same at run time (the compiled
core's members and its stub), keep the package free of the pairing rules, and show that a tuning
constant changed in :mod:`swisspair.matching.tuning` changes both cores.
"""

from __future__ import annotations

import pytest

import ast
import inspect
import json
import subprocess
import sys
from pathlib import Path

from test_import_graph import import_graph

from swisspair.matching import _matchcore, cores, tuning
from swisspair.matching.protocol import MatchingCore
from swisspair.matching.python_core import PythonCore

PACKAGE = Path(cores.__file__).parent
COMPILED_ONLY = {"limbs", "heap_compactions"}
"""Members the compiled core has besides the protocol's (its representation, for the tests)."""


def protocol_members() -> dict[str, list[str]]:
    """Each member of the protocol and its parameter names (``[]`` for a property)."""
    members: dict[str, list[str]] = {}
    for name, value in vars(MatchingCore).items():
        if name.startswith("_") and name != "__len__":
            continue
        if isinstance(value, property):
            members[name] = []
        elif inspect.isfunction(value):
            members[name] = list(inspect.signature(value).parameters)
    return members


def stub_members() -> dict[str, list[str]]:
    """The members of ``Core`` in ``_matchcore.pyi`` and their parameter names, as :func:`protocol_members`."""
    tree = ast.parse((PACKAGE / "_matchcore.pyi").read_text(encoding="utf-8"))
    [core] = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Core"]
    members: dict[str, list[str]] = {}
    for node in core.body:
        if isinstance(node, ast.FunctionDef) and node.name != "__init__":
            is_property = any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list)
            arguments = node.args.posonlyargs + node.args.args
            members[node.name] = [] if is_property else [a.arg for a in arguments]
    return members


def test_the_protocol_is_what_the_matching_computer_delegates() -> None:
    expected = {"stages", "__len__", "add_vertex", "set_edge_weight", "set_edge_weights", "isolate_pair", "adopt",
                "excluded", "tight", "slacks", "scaled", "restart", "blossom_size", "edge_weight", "mates",
                "compute", "apply_pending", "normalise_parity", "state"}
    assert set(protocol_members()) == expected


def test_the_python_core_has_the_protocols_members_and_no_other_public_one() -> None:
    wanted = protocol_members()
    public = {name for name in dir(PythonCore) if not name.startswith("_")} | {"__len__"}
    assert public == set(wanted)
    for name, parameters in wanted.items():
        if parameters:
            assert list(inspect.signature(getattr(PythonCore, name)).parameters) == parameters, name


def test_the_compiled_core_and_its_stub_have_the_protocols_members() -> None:
    wanted = protocol_members()
    public = {name for name in dir(_matchcore.Core) if not name.startswith("_")} | {"__len__"}
    assert public == set(wanted) | COMPILED_ONLY
    stub = stub_members()
    assert set(stub) == set(wanted) | COMPILED_ONLY
    for name, parameters in wanted.items():
        assert stub[name] == parameters, name


def test_the_cores_are_listed_once_by_backend() -> None:
    assert cores.CORES == {"python": PythonCore, "compiled": _matchcore.Core}


@pytest.mark.slow
def test_the_matching_package_imports_no_other_part_of_swisspair() -> None:
    """The algorithms hold no chess rule: nothing of the model, the pairing systems or the TRF."""
    graph = import_graph()
    inside = {name for name in graph if name == "swisspair.matching" or name.startswith("swisspair.matching.")}
    outside = {target for name in inside for target in graph[name]} - inside
    assert outside <= {"swisspair.lazy"}  # the lazy public names of the package


@pytest.mark.slow
def test_the_systems_use_the_matching_package_through_its_public_modules() -> None:
    """A system asks for a matching (weighted or cardinality); which core solves it is the package's choice."""
    public = {"swisspair.matching", "swisspair.matching.weighted", "swisspair.matching.cardinality"}
    graph = import_graph()
    wrong = sorted(f"{name} -> {target}" for name, targets in graph.items() if not name.startswith("swisspair.matching")
                   for target in targets if target.startswith("swisspair.matching") and target not in public)
    assert wrong == []


_TUNED_SESSION = """
import json, random, sys
from swisspair.matching import tuning
for name, value in json.loads(sys.argv[1]).items():
    setattr(tuning, name, value)
from swisspair.matching.weighted import MatchingComputer  # the compiled core reads the tuning now

def session(backend):
    rng = random.Random(5)
    mc = MatchingComputer(60, backend=backend)
    for v in range(1, 60):
        mc.set_edge_weights(v, list(range(v)), [rng.randint(1, 40) for _ in range(v)])
    mc.compute()
    for v in range(0, 60, 7):
        mc.set_edge_weights(v, [u for u in range(60) if u != v], [rng.randint(1, 40) for _ in range(59)])
        mc.compute()
    return mc._core.stages, mc.mates()

print(json.dumps([session("compiled"), session("python")]))
"""


def _tuned(values: dict[str, int]) -> list[list[object]]:
    """(stages, mates) of the same session on the compiled and the Python core, with ``values`` as tuning."""
    done = subprocess.run([sys.executable, "-c", _TUNED_SESSION, json.dumps(values)], capture_output=True,
                          text=True, check=True)
    result: list[list[object]] = json.loads(done.stdout)
    return result


def test_a_tuning_constant_changed_in_one_place_changes_both_cores() -> None:
    default = _tuned({})
    assert default[0] == default[1]
    changed = _tuned({"MAX_ROOTS": 1, "SCRATCH_MAX_ROOTS": 1, "RESOLVE_MIN_SIZE": 1000})
    assert changed[0] == changed[1]  # the same steps in both cores
    assert changed[0][0] != default[0][0]  # ... and not the default ones


def test_the_compiled_core_refuses_a_tuning_constant_out_of_range() -> None:
    code = ("from swisspair.matching import tuning; tuning.MAX_ROOTS = 0\n"
            "from swisspair.matching import _matchcore")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode != 0
    assert "swisspair.matching.tuning.MAX_ROOTS: 0 is out of range" in done.stderr
    assert tuning.MAX_ROOTS >= 1
