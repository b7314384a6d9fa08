"""The bounded mapping a process keeps of its recent work (swisspair_web.recent)."""

from __future__ import annotations

import threading

from swisspair_web.recent import Recent


def test_the_least_recently_used_goes_first() -> None:
    kept: Recent[str, int] = Recent(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1  # "a" is now the most recently used
    kept.put("c", 3)
    assert kept.get("b") is None and kept.get("a") == 1 and kept.get("c") == 3 and len(kept) == 2


def test_take_computes_once_and_keeps() -> None:
    kept: Recent[str, list[int]] = Recent(4)
    calls: list[str] = []

    def compute() -> list[int]:
        calls.append("k")
        return [1]

    first = kept.take("k", compute)
    assert kept.take("k", compute) is first and calls == ["k"]
    kept.clear()
    assert len(kept) == 0 and kept.take("k", lambda: [2]) == [2]


def test_threads_keep_the_bound() -> None:
    kept: Recent[int, int] = Recent(8)

    def fill(start: int) -> None:
        for n in range(start, start + 500):
            kept.take(n % 20, lambda n=n: n)

    threads = [threading.Thread(target=fill, args=(k * 500,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(kept) == 8
