"""What a core of the weighted matching provides: :class:`MatchingCore`.

Two classes satisfy it, :class:`swisspair.matching.python_core.PythonCore` and the compiled
``swisspair.matching._matchcore.Core`` (typed by ``_matchcore.pyi``); mypy checks both against it
where :mod:`swisspair.matching.cores` makes them, and the tests compare their members with it.
:class:`~swisspair.matching.weighted.MatchingComputer` documents what each method does and
delegates every call to its core.
"""

from __future__ import annotations

from typing import Protocol


class MatchingCore(Protocol):
    """A maximum-weight matching solver over a dense graph with incremental updates.

    Vertices are ``0 .. len(core) - 1``; weights are non-negative integers of any size, 0 meaning
    no edge. Both cores run the same algorithm in the same order: the same calls give the same
    matching, duals and blossoms, ties included (:meth:`state`).
    """

    @property
    def stages(self) -> int:
        """The number of stages run so far (for the tests and the benchmarks)."""
        ...

    def __len__(self) -> int:
        """The number of vertices."""
        ...

    def add_vertex(self) -> int:
        """Append an isolated vertex and return its index."""
        ...

    def set_edge_weight(self, u: int, v: int, weight: int, /) -> None:
        """Set the weight of ``{u, v}`` (0 removes the edge), for the next :meth:`compute`."""
        ...

    def set_edge_weights(self, u: int, others: list[int], weights: list[int], /) -> None:
        """:meth:`set_edge_weight` of ``{u, others[k]}`` to ``weights[k]`` for every ``k``, in order (as far as the
        shorter of the two lists goes)."""
        ...

    def isolate_pair(self, u: int, v: int, weight: int, /) -> None:
        """Remove every edge at ``u`` and ``v`` except ``{u, v}``, which gets ``weight``."""
        ...

    def adopt(self, mates: list[int], /) -> None:
        """Take ``mates`` (as :meth:`mates` gives it) as the matching to repair from, the duals kept."""
        ...

    def excluded(self, u: int, others: list[int], /) -> bool:
        """Whether the last duals prove that no maximum-weight matching pairs ``u`` with one of ``others``."""
        ...

    def tight(self, u: int, others: list[int], /) -> list[bool] | None:
        """For each of ``others``, whether a maximum-weight matching may pair it with ``u``; ``None``: not known."""
        ...

    def slacks(self, u: int, others: list[int], /) -> list[int | None]:
        """The slack of the edge from ``u`` to each of ``others`` (``None``: no edge, or isolated)."""
        ...

    def scaled(self, bits: int, /) -> MatchingCore:
        """A copy with every weight, and the solution, multiplied by ``2 ** bits``."""
        ...

    def restart(self) -> None:
        """Forget the solution: the next :meth:`compute` solves from scratch (the weights stay)."""
        ...

    def blossom_size(self, v: int, /) -> int:
        """The number of vertices of the top-level blossom containing ``v`` (1 when none)."""
        ...

    def edge_weight(self, u: int, v: int, /) -> int:
        """The weight of ``{u, v}`` (0 when there is none)."""
        ...

    def mates(self) -> list[int]:
        """The matching of the last :meth:`compute`: ``mates()[v]`` is ``v``'s mate, or ``v`` when unmatched."""
        ...

    def compute(self) -> None:
        """Solve: from scratch the first time, else by repairing the last optimum."""
        ...

    def apply_pending(self) -> None:
        """The first step of :meth:`compute` after changes: prepare the vertices they need (for the tests)."""
        ...

    def normalise_parity(self) -> None:
        """The first step of a stage (for the tests)."""
        ...

    def state(self) -> dict[str, object]:
        """The whole solution as lists (matching, duals, blossoms), for the tests' certificate check."""
        ...


__all__ = ["MatchingCore"]
