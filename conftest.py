"""The longest test modules first, split between the two halves of the run.

``scripts/test.sh`` runs pytest with ``-n auto --dist worksteal``: each of two workers starts on its half of
the collected tests, in order, and a worker that runs out takes half of what the other has left from the
end of its queue. A module of several minutes collected last (the web tests come after the core's) then
runs alone at the end while the other worker waits. Here the modules that take longest start the two halves
(each module kept whole, so its module fixtures are set up once), spread so both halves start with about as
much; the short tests fill the end, where they can be shared. Without xdist this only changes the order.
"""

from __future__ import annotations

import pytest

LONGEST = {  # module: seconds of one run, roughly (CPU and waiting), longest first; order matters, not precision
    "tests/web/test_postgres.py": 240,
    "tests/web/test_browser_whole_event.py": 170,
    "tests/test_docs.py": 120,
    "tests/web/test_browser.py": 110,
    "tests/web/test_browser_event.py": 110,
    "tests/test_packaging.py": 110,
    "tests/web/test_stateful.py": 80,
    "tests/web/test_browser_results.py": 75,
    "tests/web/test_browser_eventday.py": 70,
    "tests/web/test_load.py": 60,
    "tests/web/test_browser_roundrobin.py": 60,
    "tests/web/test_kill.py": 55,
    "tests/web/test_jobs.py": 50,
    "tests/web/test_browser_checks.py": 50,
    "tests/web/test_eventday_state.py": 45,
    "tests/test_dutch1992_order.py": 40,
    "tests/web/test_browser_awards.py": 40,
    "tests/web/test_browser_arbiter.py": 40,
    "tests/web/test_worker.py": 35,
    "tests/web/test_roundrobin_stateful.py": 30,
}


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    groups: dict[str, list[pytest.Item]] = {}
    rest: list[pytest.Item] = []
    for item in items:
        module = item.nodeid.split("::", 1)[0]
        (groups.setdefault(module, []) if module in LONGEST else rest).append(item)
    if not groups:
        return
    halves: tuple[list[pytest.Item], list[pytest.Item]] = ([], [])
    load = [0, 0]
    for module in sorted(groups, key=lambda name: -LONGEST[name]):  # the longest to the half with less so far
        half = load.index(min(load))
        halves[half].extend(groups[module])
        load[half] += LONGEST[module]
    middle = len(items) // 2  # worksteal gives the first worker items[:middle], the second the others
    head = middle - len(halves[0])
    if head < 0 or len(halves[1]) > len(items) - middle:
        items[:] = [*halves[0], *halves[1], *rest]  # too few other tests to split around: longest first
        return
    items[:] = [*halves[0], *rest[:head], *halves[1], *rest[head:]]
