"""The maximum-cardinality matching used for completion checks (C.04.3 C4, C5)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from swisspair.matching.cardinality import CardinalityMatching


def brute_force(n: int, edges: set[tuple[int, int]]) -> int:
    best = 0
    edge_list = sorted(edges)
    for size in range(n // 2, 0, -1):
        for chosen in itertools.combinations(edge_list, size):
            used = [v for e in chosen for v in e]
            if len(used) == len(set(used)):
                return size
    return best


def test_maximum_on_random_graphs() -> None:
    rng = random.Random(5)
    for _ in range(300):
        n = rng.randint(1, 9)
        p = rng.random()
        edges = {(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < p}
        m = CardinalityMatching(range(n), lambda a, b: (min(a, b), max(a, b)) in edges)
        m.greedy() if rng.random() < 0.5 else None
        m.maximise()
        size = len(m.mate) // 2
        assert all(m.mate[m.mate[v]] == v for v in m.mate)
        assert all((min(v, u), max(v, u)) in edges for v, u in m.mate.items())
        assert size == brute_force(n, edges)


def test_maximum_on_random_graphs_by_short_paths_first() -> None:
    """With ``any_path`` an augmenting path of one or three edges is taken before a search: the matching is
    still a maximum one, of the graph's edges."""
    rng = random.Random(6)
    short = 0
    for _ in range(300):
        n = rng.randint(1, 9)
        p = rng.random()
        edges = {(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < p}
        m = CardinalityMatching(range(n), lambda a, b: (min(a, b), max(a, b)) in edges, any_path=True)
        m.greedy() if rng.random() < 0.5 else None
        before = len(m.mate)
        found: list[bool] = []
        search = m.search

        def counted(root: int, until: Callable[[int], bool] | None = None) -> bool:
            found.append(search(root, until))
            return found[-1]

        m.search = counted  # type: ignore[method-assign]
        m.maximise()
        short += (len(m.mate) - before) // 2 - sum(found)  # augmentations not made by a search
        assert all(m.mate[m.mate[v]] == v for v in m.mate)
        assert all((min(v, u), max(v, u)) in edges for v, u in m.mate.items())
        assert len(m.mate) // 2 == brute_force(n, edges)
    assert short > 100, short


def test_outer_vertices_are_those_that_can_stay_free() -> None:
    """Gallai-Edmonds: with one free vertex, the outer set is every vertex some maximum matching misses."""
    rng = random.Random(9)
    for _ in range(200):
        n = rng.choice([3, 5, 7, 9])
        edges = {(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.5}
        m = CardinalityMatching(range(n), lambda a, b: (min(a, b), max(a, b)) in edges)
        m.maximise()
        free = m.free()
        if len(free) != 1:
            continue
        assert not m.search(free[0])
        for v in range(n):
            rest = [u for u in range(n) if u != v]
            sub = {e for e in edges if v not in e}
            perfect = brute_force(n, sub) == len(rest) // 2
            assert (v in m.outer) == perfect, (n, edges, v)


def test_search_until_finds_a_wanted_vertex_that_can_stay_free() -> None:
    """C.04.3 C5 (who can be left over for the PAB): ``search(until=...)`` stops at the first wanted vertex that
    becomes outer; one is found exactly when the whole search's outer set holds one."""
    rng = random.Random(13)
    checked = stopped_early = 0
    for _ in range(400):
        n = rng.choice([5, 7, 9, 11])
        edges = {(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.6}
        m = CardinalityMatching(range(n), lambda a, b: (min(a, b), max(a, b)) in edges, any_path=True)
        m.maximise()
        free = m.free()
        if len(free) != 1:
            continue
        wanted = set(rng.sample(range(n), rng.randint(1, 2)))
        mate = dict(m.mate)
        assert not m.search(free[0])
        everyone = set(m.outer)
        assert not m.search(free[0], until=wanted.__contains__)
        assert m.mate == mate  # a search that fails changes nothing
        assert bool(wanted & m.outer) == bool(wanted & everyone)
        assert m.outer <= everyone
        checked += 1
        stopped_early += m.outer != everyone
    assert checked > 100 and stopped_early > 20, (checked, stopped_early)
