"""What a process keeps of its recent work, shared by its threads, within a bound: :class:`Recent`."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """A mapping of at most ``size`` entries, the least recently used dropped first; safe for the threads of a
    process (a value is computed outside the lock: two threads may compute the same one, the last kept).

    >>> kept: Recent[str, int] = Recent(2)
    >>> kept.put("a", 1); kept.put("b", 2); kept.get("a"); kept.put("c", 3)
    1
    >>> kept.get("b") is None, kept.take("a", lambda: 0), len(kept)
    (True, 1, 2)
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value kept under ``key`` (now the most recently used), else ``None``."""
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` under ``key``, dropping the least recently used beyond the bound."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def take(self, key: K, compute: Callable[[], V]) -> V:
        """The value kept under ``key``, else ``compute()``, kept."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = compute()
        self.put(key, value)
        return value

    def clear(self) -> None:
        """Drop every value kept."""
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
