"""Tests of :mod:`swisspair.matching.weighted` (maximum-weight matching)."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swisspair.matching import cores
from swisspair.matching.weighted import MatchingComputer
from helpers import sampled

Weights = list[list[int]]

BACKENDS = ["compiled", "python"]


@pytest.fixture(autouse=True, params=BACKENDS)
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Every test of this module runs on both cores (the compiled one and the pure-Python fallback)."""
    name: str = request.param
    monkeypatch.setattr(cores, "BACKEND", name)
    yield name


# ----------------------------------------------------------------------
# helpers
# ----------------------------------------------------------------------
def brute_force(weights: Sequence[Sequence[int]]) -> int:
    """Maximum total weight of a matching, by exhaustive search (n <= ~12)."""
    n = len(weights)

    @functools.lru_cache(maxsize=None)
    def best(used: int) -> int:
        i = 0
        while i < n and used >> i & 1:
            i += 1
        if i == n:
            return 0
        used |= 1 << i
        result = best(used)  # i stays unmatched
        row = weights[i]
        for j in range(i + 1, n):
            if row[j] and not used >> j & 1:
                result = max(result, row[j] + best(used | 1 << j))
        return result

    return best(0)


def total(mc: MatchingComputer) -> int:
    mates = mc.mates()
    return sum(mc.edge_weight(v, m) for v, m in enumerate(mates) if m > v)


def check_valid(mc: MatchingComputer) -> None:
    """A matching of positive-weight edges, with a dual certificate."""
    mates = mc.mates()
    assert len(mates) == len(mc)
    for v, m in enumerate(mates):
        assert 0 <= m < len(mc)
        assert mates[m] == v
        if m != v:
            assert mc.edge_weight(v, m) > 0
    mc._verify()  # complementary slackness: the matching is optimal


def solve(weights: Weights) -> MatchingComputer:
    n = len(weights)
    mc = MatchingComputer(n)
    for i in range(n):
        for j in range(i + 1, n):
            if weights[i][j]:
                mc.set_edge_weight(i, j, weights[i][j])
    mc.compute()
    return mc


def random_weight(rng: random.Random, mode: str) -> int:
    if mode == "small":
        return rng.randint(1, 3)
    if mode == "medium":
        return rng.randint(1, 100)
    if mode == "big":
        return 2**300 + rng.randint(0, 5)
    if mode == "layered":
        return (rng.randint(1, 3) << 600) + (rng.randint(0, 3) << 300) + rng.randint(0, 3)
    return rng.getrandbits(200) + 1


MODES = ["small", "medium", "big", "layered", "random"]


def random_graph(rng: random.Random, n: int, density: float, mode: str) -> Weights:
    weights = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                weights[i][j] = weights[j][i] = random_weight(rng, mode)
    return weights


def set_weight(mc: MatchingComputer, weights: Weights, a: int, b: int, x: int) -> None:
    weights[a][b] = weights[b][a] = x
    mc.set_edge_weight(a, b, x)


# ----------------------------------------------------------------------
# API
# ----------------------------------------------------------------------
def test_empty_and_trivial_graphs() -> None:
    mc = MatchingComputer()
    assert len(mc) == 0
    mc.compute()
    assert mc.mates() == []
    mc = MatchingComputer(3)
    mc.compute()
    assert mc.mates() == [0, 1, 2]
    mc.set_edge_weight(0, 2, 7)
    assert mc.edge_weight(2, 0) == 7
    assert mc.edge_weight(0, 1) == 0
    mc.compute()
    assert mc.mates() == [2, 1, 0]
    mc.set_edge_weight(2, 0, 0)
    mc.compute()
    assert mc.mates() == [0, 1, 2]
    check_valid(mc)


def test_max_weight_not_max_cardinality() -> None:
    mc = MatchingComputer(4)
    mc.set_edge_weight(0, 1, 1)
    mc.set_edge_weight(1, 2, 3)
    mc.set_edge_weight(2, 3, 1)
    mc.compute()
    assert mc.mates() == [0, 2, 1, 3]
    check_valid(mc)


def test_odd_cycle_blossom() -> None:
    # A pentagon with a pendant edge at each vertex: needs a blossom.
    weights = [[0] * 10 for _ in range(10)]
    for i in range(5):
        j = (i + 1) % 5
        weights[i][j] = weights[j][i] = 10
        weights[i][5 + i] = weights[5 + i][i] = 3 + i
    mc = solve(weights)
    check_valid(mc)
    assert total(mc) == brute_force(weights)


def test_invalid_arguments() -> None:
    with pytest.raises(ValueError):
        MatchingComputer(-1)
    mc = MatchingComputer(2)
    with pytest.raises(ValueError):
        mc.set_edge_weight(0, 0, 1)
    with pytest.raises(ValueError):
        mc.set_edge_weight(0, 2, 1)
    with pytest.raises(ValueError):
        mc.set_edge_weight(-1, 1, 1)
    with pytest.raises(ValueError):
        mc.set_edge_weight(0, 1, -1)
    with pytest.raises(TypeError):
        mc.set_edge_weight(0, 1, 1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        mc.edge_weight(0, 5)


def test_add_vertex() -> None:
    mc = MatchingComputer()
    assert mc.add_vertex() == 0
    assert mc.add_vertex() == 1
    mc.set_edge_weight(0, 1, 4)
    mc.compute()
    assert mc.mates() == [1, 0]
    assert mc.add_vertex() == 2
    assert len(mc) == 3
    mc.set_edge_weight(1, 2, 5)
    mc.compute()
    assert mc.mates() == [0, 2, 1]
    check_valid(mc)


# ----------------------------------------------------------------------
# brute force on small graphs
# ----------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_brute_force_small_graphs(mode: str) -> None:
    rng = random.Random(f"fresh-{mode}")
    for _ in range(150):
        n = rng.randint(1, 10)
        weights = random_graph(rng, n, rng.choice([0.3, 0.6, 1.0]), mode)
        mc = solve(weights)
        check_valid(mc)
        assert total(mc) == brute_force(weights), weights


def test_equal_weights_complete_graphs() -> None:
    for n in range(1, 11):
        weights = [[0 if i == j else 5 for j in range(n)] for i in range(n)]
        mc = solve(weights)
        check_valid(mc)
        assert total(mc) == 5 * (n // 2)


def test_odd_cycles_with_tails() -> None:
    rng = random.Random("cycles")
    for _ in range(100):
        k = rng.choice([3, 5, 7])
        n = k + rng.randint(0, 3)
        weights = [[0] * n for _ in range(n)]
        heavy = rng.randint(5, 9)
        for i in range(k):
            j = (i + 1) % k
            weights[i][j] = weights[j][i] = heavy
        for t in range(k, n):
            i = rng.randrange(t)
            weights[i][t] = weights[t][i] = rng.randint(1, 2 * heavy)
        mc = solve(weights)
        check_valid(mc)
        assert total(mc) == brute_force(weights)


# ----------------------------------------------------------------------
# incremental updates
# ----------------------------------------------------------------------
def incremental_run(seed: str, n_range: tuple[int, int], steps: int, brute: bool) -> None:
    rng = random.Random(seed)
    n = rng.randint(*n_range)
    mode = rng.choice(MODES)
    density = rng.choice([0.4, 0.8, 1.0])
    weights = random_graph(rng, n, density, mode)
    mc = solve(weights)
    check_valid(mc)
    for _ in range(steps):
        action = rng.random()
        if action < 0.5:
            # change the edges around one or two vertices
            for v in rng.sample(range(n), min(n, rng.randint(1, 2))):
                for j in range(n):
                    if j != v and rng.random() < 0.8:
                        x = random_weight(rng, mode) if rng.random() < density else 0
                        set_weight(mc, weights, v, j, x)
        elif action < 0.8:
            # small changes of single edges (increase, decrease, remove)
            for _ in range(rng.randint(1, 4)):
                a, b = rng.sample(range(n), 2)
                x = max(0, weights[a][b] + rng.choice([-2, -1, 1, 2, -weights[a][b]]))
                set_weight(mc, weights, a, b, x)
        else:
            # make the current matching costlier or cheaper
            mates = mc.mates()
            for v in range(n):
                if mates[v] > v and rng.random() < 0.5:
                    x = max(0, weights[v][mates[v]] + rng.choice([-3, -1, 1, 3]))
                    set_weight(mc, weights, v, mates[v], x)
        mc.compute()
        check_valid(mc)
        fresh = solve(weights)
        assert total(mc) == total(fresh)
        if brute:
            assert total(mc) == brute_force(weights)


@pytest.mark.parametrize("seed", sampled(range(40), every=5))
def test_incremental_small_brute_force(seed: int) -> None:
    incremental_run(f"small-{seed}", (2, 10), 12, brute=True)


@pytest.mark.parametrize("seed", sampled(range(6), every=3))
def test_incremental_medium(seed: int) -> None:
    incremental_run(f"medium-{seed}", (20, 40), 15, brute=False)


def test_incremental_stage_count() -> None:
    """After an update, compute() runs at most one stage per free vertex with a positive dual."""
    rng = random.Random("stages")
    n = 80
    weights = random_graph(rng, n, 0.9, "random")
    mc = solve(weights)
    for _ in range(20):
        v = rng.randrange(n)
        for j in range(n):
            if j != v:
                set_weight(mc, weights, v, j, random_weight(rng, "random"))
        core = mc._core
        core.apply_pending()
        core.normalise_parity()
        state = core.state()
        mate, dual = state["mate"], state["dual"]
        assert isinstance(mate, list) and isinstance(dual, list)
        roots = sum(1 for x in range(n) if mate[x] < 0 and dual[x] > 0)
        before = core.stages
        mc.compute()
        assert core.stages - before <= roots
        check_valid(mc)
    assert total(mc) == total(solve(weights))


def test_grow_capacity_with_blossoms() -> None:
    """add_vertex past the initial capacity renumbers the stored blossoms."""
    rng = random.Random("grow")
    for attempt in range(200):
        n = 8
        weights = random_graph(rng, n, 1.0, "small")
        mc = solve(weights)
        if any(mc._core.state()["bchilds"]):  # type: ignore[arg-type]
            break
    else:  # pragma: no cover
        pytest.fail("no blossom survived a solve")
    for _ in range(12):
        v = mc.add_vertex()
        for row in weights:
            row.append(0)
        weights.append([0] * (v + 1))
        for j in rng.sample(range(v), min(v, 3)):
            set_weight(mc, weights, v, j, rng.randint(1, 3))
        mc.compute()
        check_valid(mc)
        assert total(mc) == brute_force(weights)


def test_many_changes_resolve_from_scratch() -> None:
    """Changing the edges of many vertices falls back to a solve from scratch."""
    rng = random.Random("bulk")
    n = 60
    weights = random_graph(rng, n, 0.9, "medium")
    mc = solve(weights)
    for count in (5, 15, 60):
        for v in rng.sample(range(n), count):
            for j in range(n):
                if j != v:
                    set_weight(mc, weights, v, j, random_weight(rng, "medium") if rng.random() < 0.9 else 0)
        mc.compute()
        check_valid(mc)
        assert total(mc) == total(solve(weights))


def test_deterministic() -> None:
    def run() -> list[list[int]]:
        rng = random.Random("determinism")
        n = 40
        weights = random_graph(rng, n, 0.9, "small")
        mc = solve(weights)
        out = [mc.mates()]
        for _ in range(10):
            v = rng.randrange(n)
            for j in range(n):
                if j != v:
                    set_weight(mc, weights, v, j, random_weight(rng, "small"))
            mc.compute()
            out.append(mc.mates())
        return out

    assert run() == run()


# ----------------------------------------------------------------------
# networkx (optional) and hypothesis
# ----------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_against_networkx(seed: int) -> None:
    nx = pytest.importorskip("networkx")
    rng = random.Random(f"nx-{seed}")
    n = 60
    mode = ["medium", "random", "small", "layered"][seed]
    weights = random_graph(rng, n, rng.choice([0.2, 0.5, 0.9]), mode)
    mc = solve(weights)
    graph = nx.Graph()
    for i in range(n):
        for j in range(i + 1, n):
            if weights[i][j]:
                graph.add_edge(i, j, weight=weights[i][j])
    expected = sum(weights[a][b] for a, b in nx.max_weight_matching(graph))
    assert total(mc) == expected
    for _ in range(5):
        v = rng.randrange(n)
        for j in range(n):
            if j != v and rng.random() < 0.5:
                set_weight(mc, weights, v, j, random_weight(rng, "medium"))
                if graph.has_edge(v, j):
                    graph.remove_edge(v, j)
                graph.add_edge(v, j, weight=weights[v][j])
        mc.compute()
        check_valid(mc)
        expected = sum(weights[a][b] for a, b in nx.max_weight_matching(graph))
        assert total(mc) == expected


Batch = list[tuple[int, int, int]]


@st.composite
def graphs_and_updates(draw: st.DrawFn) -> tuple[Weights, list[Batch]]:
    n = draw(st.integers(min_value=1, max_value=8))
    weight = st.one_of(
        st.just(0),
        st.integers(min_value=1, max_value=4),
        st.integers(min_value=0, max_value=3).map(lambda x: 2**200 + x),
    )
    weights = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            weights[i][j] = weights[j][i] = draw(weight)
    batches: list[Batch] = []
    if n >= 2:
        pair = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), weight).filter(lambda t: t[0] != t[1])
        batches = draw(st.lists(st.lists(pair, min_size=1, max_size=6), max_size=5))
    return weights, batches


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(graphs_and_updates())
def test_property_incremental_equals_brute_force(data: tuple[Weights, list[Batch]]) -> None:
    incremental_equals_brute_force(data)


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(graphs_and_updates())
def test_property_incremental_equals_brute_force_at_length(data: tuple[Weights, list[Batch]]) -> None:
    incremental_equals_brute_force(data)


def incremental_equals_brute_force(data: tuple[Weights, list[Batch]]) -> None:
    """After each batch of weight changes, the incremental matching is as heavy as the best found by trying all."""
    weights, batches = data
    mc = solve(weights)
    check_valid(mc)
    assert total(mc) == brute_force(weights)
    for batch in batches:
        for a, b, x in batch:
            set_weight(mc, weights, a, b, x)
        mc.compute()
        check_valid(mc)
        assert total(mc) == brute_force(weights)


# ----------------------------------------------------------------------
# bulk updates and the dual certificate of excluded()
# ----------------------------------------------------------------------
def test_bulk_updates_match_single_ones() -> None:
    rng = random.Random(11)
    for _ in range(30):
        n = rng.randint(3, 10)
        one, bulk = MatchingComputer(n), MatchingComputer(n)
        for v in range(n):
            others = [u for u in range(n) if u != v]
            weights = [rng.choice([0, 1, 3, 8]) for _ in others]
            for u, wt in zip(others, weights):
                one.set_edge_weight(v, u, wt)
            bulk.set_edge_weights(v, others, weights)
        one.compute()
        bulk.compute()
        assert one.mates() == bulk.mates()
        mates = one.mates()
        pairs = [(v, m) for v, m in enumerate(mates) if m > v]
        if pairs:
            a, b = pairs[0]
            for x in (a, b):
                for u in range(n):
                    if u != x:
                        one.set_edge_weight(x, u, 5 if {x, u} == {a, b} else 0)
            bulk.isolate_pair(a, b, 5)
            assert [[one.edge_weight(i, j) for j in range(n) if j != i] for i in range(n)] == \
                [[bulk.edge_weight(i, j) for j in range(n) if j != i] for i in range(n)]
            one.compute()
            bulk.compute()
            assert one.mates() == bulk.mates()


def test_excluded_edges_are_in_no_maximum_matching() -> None:
    rng = random.Random(5)
    confirmed = 0
    for _ in range(150):
        n = rng.randint(4, 10)
        weights = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.6:
                    weights[i][j] = weights[j][i] = rng.choice([1, 2, 3, 4, 6, 8])
        mc = solve(weights)
        mates = mc.mates()
        for a in range(n):
            if mates[a] > a and rng.random() < 0.3:
                b = mates[a]
                mc.isolate_pair(a, b, 1)
                for x in (a, b):
                    for y in range(n):
                        weights[x][y] = weights[y][x] = 0
                weights[a][b] = weights[b][a] = 1
        optimum = brute_force(weights)
        for a in range(n):
            for b in range(n):
                if a != b and weights[a][b] and mc.excluded(a, [b]):
                    rest = [[0 if {i, j} & {a, b} else weights[i][j] for j in range(n)] for i in range(n)]
                    assert brute_force(rest) + weights[a][b] < optimum
                    confirmed += 1
        mc.set_edge_weight(0, 1, weights[0][1] + 1)  # any other change: no certificate
        if not ({0, 1} & {a for a in range(n) if mates[a] != a and weights[a][mates[a]] == 1}):
            assert not any(mc.excluded(a, [b]) for a in range(n) for b in range(n) if a != b)
    assert confirmed > 100


def test_tight_marks_every_edge_of_a_maximum_matching_and_only_possible_ones() -> None:
    """tight(): False only for edges in no maximum-weight matching (complementary slackness)."""
    rng = random.Random(11)
    for _ in range(100):
        n = rng.randint(4, 10)
        weights = random_graph(rng, n, 0.7, "small")
        mc = solve(weights)
        optimum = brute_force(weights)
        mates = mc.mates()
        for a in range(n):
            flags = mc.tight(a, [b for b in range(n) if b != a])
            assert flags is not None
            for b, flag in zip([b for b in range(n) if b != a], flags):
                if mates[a] == b:
                    assert flag
                if weights[a][b] and not flag:
                    rest = [[0 if {i, j} & {a, b} else weights[i][j] for j in range(n)] for i in range(n)]
                    assert brute_force(rest) + weights[a][b] < optimum
        mc.set_edge_weight(0, 1, weights[0][1] + 1)
        assert mc.tight(0, [1]) is None  # the duals no longer certify anything


def test_scaled_keeps_the_solution_and_multiplies_the_weights() -> None:
    rng = random.Random(12)
    for _ in range(50):
        n = rng.randint(4, 14)
        weights = random_graph(rng, n, 0.8, "small")
        mc = solve(weights)
        copy = mc.scaled(40)
        assert copy.mates() == mc.mates()
        assert all(copy.edge_weight(a, b) == weights[a][b] << 40 for a in range(n) for b in range(n) if a != b)
        copy._verify()  # still optimal before any compute
        copy.compute()
        assert copy.mates() == mc.mates() and total(copy) == total(mc) << 40
        # preferences below every weight only choose among the maximum matchings
        a = rng.randrange(n)
        copy.set_edge_weights(a, [b for b in range(n) if b != a and weights[a][b]],
                              [(weights[a][b] << 40) + b + 1 for b in range(n) if b != a and weights[a][b]])
        copy.compute()
        check_valid(copy)
        assert total(copy) >> 40 == brute_force(weights)
        assert mc.mates() == solve(weights).mates()  # the original is untouched


def test_blossom_size() -> None:
    mc = solve([[0, 2, 2], [2, 0, 2], [2, 2, 0]])  # a triangle: one blossom after the solve, or none
    assert {mc.blossom_size(v) for v in range(3)} <= {1, 3}
    assert MatchingComputer(2).blossom_size(0) == 1


def test_slacks_count_the_duals_of_every_shared_blossom() -> None:
    """slack(i, j) = u(i) + u(j) - W(i, j) + 2 * sum(z(B) for B holding i and j), with nested blossoms."""
    rng = random.Random(13)
    nested = 0
    for _ in range(200):
        n = rng.randint(5, 16)
        weights = random_graph(rng, n, 0.9, "small")
        mc = solve(weights)
        state = mc._core.state()
        cap, bchilds, bleaves, dual = state["cap"], state["bchilds"], state["bleaves"], state["dual"]
        assert isinstance(cap, int) and isinstance(bchilds, list) and isinstance(bleaves, list)
        assert isinstance(dual, list)
        holders: dict[int, set[int]] = {v: set() for v in range(n)}
        for b in range(cap, 2 * cap):
            if bchilds[b]:
                for x in bleaves[b]:
                    holders[x].add(b)
        nested += any(len(h) > 1 for h in holders.values())
        for a in range(n):
            others = [b for b in range(n) if b != a and weights[a][b]]
            expected = [dual[a] + dual[b] - 2 * weights[a][b]
                        + 2 * sum(dual[x] for x in holders[a] & holders[b]) for b in others]
            assert mc._slacks(a, others) == expected
    assert nested > 5

