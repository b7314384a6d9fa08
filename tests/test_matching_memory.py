"""Out of memory in the compiled matching core: a :exc:`MemoryError`, as in the pure-Python core, never the end of the process.

Every allocation of a workload that takes each path of the core (set-up, new weights wider than
the numbers, a solve, a repair, a new vertex beyond the capacity, an isolated pair, the slack
queries, a scaled copy) is made to fail in turn (``_matchcore._fail_allocation_after``); the call
raises :exc:`MemoryError`, and the same core, the call repeated, ends with an optimal matching.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable

import pytest
from test_matching import brute_force, check_valid, total

from swisspair.matching import _matchcore
from swisspair.matching.weighted import MatchingComputer

N = 20
"""Vertices at first: the capacity, so that the first vertex added grows the core."""


class Workload:
    """The calls of the workload, each repeatable after a :exc:`MemoryError`; ``totals`` after each solve."""

    def __init__(self) -> None:
        self.mc: MatchingComputer | None = None
        self.copy: MatchingComputer | None = None
        self.totals: list[int] = []
        self.pair: tuple[int, int] | None = None

    def steps(self) -> list[Callable[[], None]]:
        rng = random.Random(3)
        rows = [[rng.randint(1, 9) if rng.random() < 0.7 else 0 for _ in range(v)] for v in range(N + 2)]
        return [self.create, lambda: self.weights(rows, N), self.solve, self.widen, self.solve,
                lambda: self.add(rows), self.solve, self.isolate, self.solve, self.query, self.scale, self.solve_copy,
                self.restart, self.solve]

    def create(self) -> None:
        self.mc = MatchingComputer(N, backend="compiled")

    def weights(self, rows: list[list[int]], upto: int) -> None:
        assert self.mc is not None
        for v in range(1, upto):
            self.mc.set_edge_weights(v, list(range(v)), rows[v])

    def solve(self) -> None:
        assert self.mc is not None
        self.mc.compute()
        self.totals.append(total(self.mc))

    def widen(self) -> None:
        """Weights far wider than the numbers so far (the core widens every number)."""
        assert self.mc is not None
        self.mc.set_edge_weight(0, 1, (1 << 700) + 5)
        self.mc.set_edge_weight(2, 3, (1 << 700) + 3)

    def add(self, rows: list[list[int]]) -> None:
        """Two vertices beyond the capacity (the core doubles it), with their edges."""
        assert self.mc is not None
        while len(self.mc) < N + 2:
            self.mc.add_vertex()
        for v in range(N, N + 2):
            self.mc.set_edge_weights(v, list(range(v)), rows[v])

    def isolate(self) -> None:
        """A matched pair isolated (chosen once: a failed call forgets the matching)."""
        assert self.mc is not None
        if self.pair is None:
            mates = self.mc.mates()
            v = next(v for v in range(len(mates)) if mates[v] > v)
            self.pair = (v, mates[v])
        self.mc.isolate_pair(*self.pair, 1 << 701)

    def query(self) -> None:
        assert self.mc is not None
        every = list(range(len(self.mc)))
        for v in every:
            self.mc.excluded(v, every)
            self.mc.tight(v, every)
            self.mc._slacks(v, every)
        self.mc._core.state()

    def scale(self) -> None:
        assert self.mc is not None
        self.copy = self.mc.scaled(9)

    def solve_copy(self) -> None:
        assert self.copy is not None
        self.copy.set_edge_weight(4, 5, 1 << 720)
        self.copy.compute()
        self.totals.append(total(self.copy))

    def restart(self) -> None:
        assert self.mc is not None
        self.mc.restart()


def run(fail_after: int | None) -> tuple[Workload, list[int]]:
    """The workload with the allocation after ``fail_after`` failing (``None``: none); the steps that raised."""
    work = Workload()
    failed: list[int] = []
    if fail_after is not None:
        _matchcore._fail_allocation_after(fail_after)
    try:
        for index, step in enumerate(work.steps()):
            try:
                step()
            except MemoryError:
                failed.append(index)
                step()  # the failure is spent: the same call again, on the same core
    finally:
        left = _matchcore._fail_allocation_after(-1)
    assert (left < 0) == bool(failed) or fail_after is None
    return work, failed


def test_every_allocation_of_the_compiled_core_can_fail_with_a_memory_error() -> None:
    clean, failed = run(None)
    assert failed == []
    count = 0
    while True:
        work, failed = run(count)
        if not failed:
            break  # past the workload's last allocation
        assert len(failed) == 1
        assert work.mc is not None and work.copy is not None
        check_valid(work.mc)
        check_valid(work.copy)
        assert work.totals == clean.totals, f"allocation {count} (step {failed[0]})"
        count += 1
    assert count > 100  # the workload does allocate: the hook reached it


def test_a_failed_solve_forgets_the_solution_and_the_next_solves_from_scratch() -> None:
    mc = MatchingComputer(6, backend="compiled")
    for v in range(1, 6):
        mc.set_edge_weights(v, list(range(v)), [v + j for j in range(v)])
    _matchcore._fail_allocation_after(0)
    try:
        with pytest.raises(MemoryError):
            mc.compute()
    finally:
        _matchcore._fail_allocation_after(-1)
    assert mc.mates() == list(range(6))  # no matching: forgotten, as restart does
    mc.compute()
    check_valid(mc)
    assert total(mc) == brute_force([[i + j if i != j else 0 for j in range(6)] for i in range(6)])


_LIMITED = """
import resource, sys
from swisspair.matching.weighted import MatchingComputer
mc = MatchingComputer(8, backend="compiled")
mc.set_edge_weight(0, 1, 3)
mc.compute()
huge = 1 << (8 * 10**7)  # 10 MB of digits: every number of the core would need 1.25 million limbs
size = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (size + 100 * 2**20, resource.RLIM_INFINITY))
try:
    mc.set_edge_weight(2, 3, huge)
except MemoryError:
    print("MemoryError")
mc.set_edge_weight(2, 3, 4)
mc.compute()
print(mc.mates())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="address-space limit and /proc: Linux")
def test_running_out_of_memory_raises_instead_of_ending_the_process() -> None:
    done = subprocess.run([sys.executable, "-c", _LIMITED], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["MemoryError", "[1, 0, 3, 2, 4, 5, 6, 7]"]
