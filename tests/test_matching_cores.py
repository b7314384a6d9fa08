"""The compiled matching core and its pure-Python fallback give the same answers (:mod:`swisspair.matching.cores`).

The tests of tests/test_matching.py run on each core; here both run side by
side on the same random changes and are compared after every compute.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterable, Iterator

import pytest
from test_matching import MODES, brute_force, check_valid, random_graph, random_weight, set_weight, solve, total

from swisspair.matching import cores
from swisspair.matching.python_core import PythonCore
from swisspair.matching.weighted import MatchingComputer
from helpers import sampled

BACKENDS = ["compiled", "python"]
CORE_MODES = [*MODES, "wide"]


def core_weight(rng: random.Random, mode: str) -> int:
    """A weight of ``mode``: those of tests/test_matching.py, or "wide", wider than the compiled core's
    unrolled scans (more than 12 limbs of 64 bits)."""
    if mode == "wide":
        return (rng.randint(1, 3) << 1200) + (rng.randint(0, 3) << 700) + rng.randint(0, 3)
    return random_weight(rng, mode)
def test_the_compiled_core_is_built_and_is_the_default() -> None:
    """``pip install`` builds the compiled core, and a new process uses it unless SWISSPAIR_PURE_PYTHON=1.

    So that a failed build, which would silently fall back to the (equal but
    slower) pure-Python core, fails the tests instead.
    """
    assert cores.COMPILED_AVAILABLE, "swisspair.matching._matchcore was not built (pip install -e .)"
    assert MatchingComputer(2, backend="compiled").backend == "compiled"
    assert MatchingComputer(2, backend="python").backend == "python"
    code = "from swisspair.matching import cores, weighted; print(cores.BACKEND, weighted.MatchingComputer(1).backend)"
    env = {k: v for k, v in os.environ.items() if k != "SWISSPAIR_PURE_PYTHON"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["compiled", "compiled"]
    env["SWISSPAIR_PURE_PYTHON"] = "1"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["python", "python"]
    with pytest.raises(ValueError):
        MatchingComputer(2, backend="fortran")


def random_session(rng: random.Random, backend: str, n: int, mode: str,
                   steps: int) -> Iterator[tuple[MatchingComputer, dict[str, object]]]:
    """A computer on ``backend`` through random changes of every kind, after each compute.

    Driven by ``rng`` alone, so two sessions with equal seeds make the same calls.
    """
    mc = MatchingComputer(n, backend=backend)
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < 0.8:
                mc.set_edge_weight(i, j, core_weight(rng, mode))
    for _ in range(steps):
        mc.compute()
        yield mc, mc._core.state()
        r = rng.random()
        if r < 0.3:
            v = rng.randrange(n)
            others = [j for j in range(n) if j != v]
            mc.set_edge_weights(v, others, [core_weight(rng, mode) if rng.random() < 0.8 else 0 for _ in others])
        elif r < 0.5:
            pairs = [(x, y) for x, y in enumerate(mc.mates()) if y > x]
            if pairs:
                x, y = rng.choice(pairs)
                mc.isolate_pair(x, y, 1)
        elif r < 0.55:
            mc = mc.scaled(rng.randint(1, 100))
        elif r < 0.6:
            mc.restart()
        elif r < 0.7:
            v = mc.add_vertex()
            n += 1
            for j in rng.sample(range(v), min(v, 5)):
                mc.set_edge_weight(v, j, core_weight(rng, mode))
        else:
            for _ in range(rng.randint(1, 5)):
                i, j = rng.sample(range(n), 2)
                mc.set_edge_weight(i, j, core_weight(rng, mode) if rng.random() < 0.8 else 0)


@pytest.mark.parametrize("seed", sampled(range(96), every=7))
def test_both_cores_give_the_same_solutions(seed: int) -> None:
    """The same matching, duals, blossoms and number of stages after every compute, ties included."""
    mode = CORE_MODES[seed % len(CORE_MODES)]
    n = random.Random(seed).randint(2, 36)
    sessions = [random_session(random.Random(seed), name, n, mode, 12) for name in BACKENDS]
    for (compiled, cstate), (python, pstate) in zip(*sessions):
        assert_same(compiled, cstate, python, pstate, range(len(compiled)))
        check_valid(compiled)


@pytest.mark.parametrize("seed", [0, 1])
def test_both_cores_agree_beyond_one_block_of_a_scan(seed: int) -> None:
    """The compiled core passes blocks of 32 vertices of a row by bounds (the heaviest weight of the block, the
    largest least slack recorded there): on graphs of several blocks whose rows then get heavier weights than
    before, and after changes of every kind, it takes the pure-Python core's steps."""
    rng = random.Random(seed)
    n = rng.randint(70, 110)
    weights = {(i, j): rng.randint(1, 40) for i in range(n) for j in range(i) if rng.random() < 0.8}
    cores = [MatchingComputer(n, backend=name) for name in BACKENDS]
    for _ in range(6):
        for mc in cores:
            for (i, j), w in weights.items():
                mc.set_edge_weight(i, j, w)
            mc.compute()
        compiled, python = cores
        assert_same(compiled, compiled._core.state(), python, python._core.state(), range(0, n, 9))
        v = rng.randrange(n)
        weights.update({(max(v, j), min(v, j)): rng.randint(1, 90) for j in rng.sample(range(n), n // 3) if j != v})
    sessions = [random_session(random.Random(seed), name, n, ["small", "layered"][seed], 4) for name in BACKENDS]
    for (compiled, cstate), (python, pstate) in zip(*sessions):
        assert_same(compiled, cstate, python, pstate, range(0, len(compiled), 9))


def assert_same(compiled: MatchingComputer, cstate: dict[str, object], python: MatchingComputer,
                pstate: dict[str, object], vertices: Iterable[int]) -> None:
    """The two cores agree: solution, stages, and the slack queries from each of ``vertices``."""
    assert compiled.backend == "compiled" and python.backend == "python"
    assert cstate == pstate
    assert compiled._core.stages == python._core.stages
    every = list(range(len(compiled)))
    for v in vertices:
        assert compiled.excluded(v, every) == python.excluded(v, every)
        assert compiled.tight(v, every) == python.tight(v, every)
        assert compiled._slacks(v, every) == python._slacks(v, every)


@pytest.mark.parametrize("backend", BACKENDS)
def test_numbers_wider_than_the_first_weights(backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled core widens its fixed-width numbers when a larger weight arrives (any size is exact)."""
    monkeypatch.setattr(cores, "BACKEND", backend)
    rng = random.Random("wide")
    n = 12
    weights = random_graph(rng, n, 0.9, "small")
    mc = solve(weights)
    for bits in (70, 200, 1000, 5000):
        for _ in range(4):
            a, b = rng.sample(range(n), 2)
            set_weight(mc, weights, a, b, (1 << bits) + rng.randint(0, 3))
        mc.compute()
        check_valid(mc)
        assert total(mc) == brute_force(weights)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_solve_from_scratch_matches_an_equal_weight_graph_at_once(backend: str) -> None:
    """All weights equal: the greedy start (heaviest pair first) matches every pair before the first stage."""
    n = 40
    mc = MatchingComputer(n, backend=backend)
    for v in range(1, n):
        mc.set_edge_weights(v, list(range(v)), [6] * v)
    mc.compute()
    mates = mc.mates()
    assert sorted(mates) == list(range(n)) and all(mates[mates[v]] == v != mates[v] for v in range(n))
    assert mc._core.stages == 0


def _leaders_graph(backend: str, n: int) -> MatchingComputer:
    """Pairs weigh more the earlier their first vertex: a heavy-pair-first start leaves most pairs infeasible."""
    mc = MatchingComputer(n, backend=backend)
    for v in range(1, n):
        mc.set_edge_weights(v, list(range(v)), [1000 + 7 * (n - j) + (v * j) % 5 for j in range(v)])
    return mc


def test_the_ordered_start_takes_over_from_a_large_cover() -> None:
    """When more than half of the vertices would cover the edges the greedy start leaves infeasible, a solve
    from scratch takes the vertices in order instead; both cores do the same, and the answer is optimal."""
    python = _leaders_graph("python", 60)
    core = python._core
    assert isinstance(core, PythonCore)
    for v in range(core._n):  # the greedy start's matching and duals, as _initialise makes them
        row = core._w[v]
        free = [j for j in range(v + 1, core._n) if core._mate[j] < 0 and row[j]]
        if core._mate[v] < 0 and free:
            j = max(free, key=lambda x: (row[x], -x))
            core._mate[v], core._mate[j] = j, v
            core._dual[v] = core._dual[j] = row[j] // 2
    for v in range(core._n):
        if core._mate[v] < 0:
            core._least_dual(v)
    assert core._violated_cover() is None
    python = _leaders_graph("python", 60)
    compiled = _leaders_graph("compiled", 60)
    for mc in (python, compiled):
        mc.compute()
        check_valid(mc)
    assert compiled._core.state() == python._core.state()
    assert compiled._core.stages == python._core.stages


def _graded_session(backend: str, n: int, every: int = 9) -> Iterator[tuple[MatchingComputer, dict[str, object]]]:
    """A dense graph whose weights fall with the distance of the vertices (as a Dutch bracket's preferences do),
    solved, then a row of it changed for every ``every`` vertices and solved again: its stages push many keys on
    the heap."""
    rng = random.Random("graded")
    mc = MatchingComputer(n, backend=backend)
    top = max(1000, 3 * n + 10)
    for i in range(1, n):
        mc.set_edge_weights(i, list(range(i)), [top - (i - j) * 3 + rng.randint(0, 2) for j in range(i)])
    mc.compute()
    yield mc, mc._core.state()
    for v in range(0, n, every):
        others = [j for j in range(n) if j != v]
        mc.set_edge_weights(v, others, [rng.randint(6, 9) for _ in others])
        mc.compute()
        yield mc, mc._core.state()


def test_a_compacted_heap_gives_the_same_solutions() -> None:
    """The compiled core compacts a stage's heap of slack keys (its stale entries dropped, at more than
    4 entries a vertex) where the pure-Python core keeps every entry: the same matchings, duals and stages."""
    sessions = [_graded_session(name, 100) for name in BACKENDS]
    compactions = 0
    for (compiled, cstate), (python, pstate) in zip(*sessions):
        assert cstate == pstate
        assert compiled._core.stages == python._core.stages
        compactions = compiled._core.heap_compactions
        check_valid(compiled)
    assert compactions > 0, "no heap was compacted: the test does not reach heap_compact"


LARGE = 700
"""Vertices of the large sessions: dense graphs the size of a large open's biggest brackets."""


def _same_sessions(sessions: list[Iterator[tuple[MatchingComputer, dict[str, object]]]], computes: int) -> None:
    """The two cores' sessions agree after every compute: solution, stages, and the slack queries on a sample."""
    seen = 0
    sample = random.Random(LARGE).sample(range(LARGE), 20)
    for (compiled, cstate), (python, pstate) in zip(*sessions, strict=True):
        assert_same(compiled, cstate, python, pstate, sample)
        seen += 1
        if seen == computes:
            check_valid(compiled)  # optimal (the same solution in both)
    assert seen == computes


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["small", "layered", "wide"])
def test_both_cores_give_the_same_solutions_on_large_graphs(mode: str) -> None:
    """The random sessions of :func:`test_both_cores_give_the_same_solutions` (every kind of change) at
    :data:`LARGE` vertices, dense: the same matching, duals, blossoms and stages after every compute, ties included."""
    _same_sessions([random_session(random.Random(mode), name, LARGE, mode, 8) for name in BACKENDS], 8)


@pytest.mark.slow
def test_both_cores_give_the_same_solutions_on_a_large_graded_graph() -> None:
    """A dense :data:`LARGE`-vertex graph weighted as a Dutch bracket is, solved from scratch, then repaired after rows
    change: the same solutions and stages in both cores."""
    _same_sessions([_graded_session(name, LARGE, every=140) for name in BACKENDS], 6)
