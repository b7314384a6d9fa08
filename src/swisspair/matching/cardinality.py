"""Maximum-cardinality matching on a general graph (Edmonds 1965, blossom contraction).

Used by the engines for questions that do not involve weights: can everybody
still be paired (C.04.3 C4), and who can be left over for the PAB (C5)? The
graph is implicit: vertices are integers and ``adjacent(u, v)`` says whether
the two may be paired. Neighbour lists are computed on first use.

After :meth:`CardinalityMatching.search` from a free vertex fails to find an
augmenting path, :attr:`CardinalityMatching.outer` holds the vertices reachable
from it by an even alternating path (blossoms included): when that vertex is
the only one left free, these are exactly the vertices some maximum matching
leaves free (Gallai-Edmonds).
"""

from __future__ import annotations

from itertools import islice

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable


class _Reached(Exception):
    """Raised inside a search when a vertex it was looking for became outer (``until``)."""


class CardinalityMatching:
    """A matching on the vertex set ``vertices``, grown by augmenting paths."""

    def __init__(self, vertices: Iterable[int], adjacent: Callable[[int, int], bool],
                 candidates: Callable[[int], Iterable[int]] | None = None, *, any_path: bool = False,
                 exact: bool = False) -> None:
        """:param candidates: optionally, a superset of each vertex's neighbours
            (e.g. cached for a larger graph); ``adjacent`` and membership filter it.
        :param any_path: the caller only needs *a* maximum matching (and
            :attr:`outer`), not the one the plain search order finds: blossoms
            are then contracted in time proportional to their size instead of
            the tree's, which may change which augmenting path is found.
        :param exact: ``candidates(v)`` lists exactly ``v``'s neighbours in this
            graph (all of them vertices of it, all adjacent): the lists are then
            used as they are, not filtered into copies (memory at 10,000 vertices).
        """
        self.vertices = list(vertices)
        self.members = set(self.vertices)
        self.adjacent = adjacent
        self.candidates = candidates
        self.mate: dict[int, int] = {}
        self._neighbours: dict[int, list[int]] = {}
        self.outer: set[int] = set()
        """The vertices found at an even distance from a free vertex by the last search."""
        self.any_path = any_path
        self.exact = exact and candidates is not None

    def neighbours(self, v: int) -> Iterable[int]:
        """The vertices ``v`` may be paired with (cached unless ``exact``)."""
        if self.exact:
            assert self.candidates is not None
            return self.candidates(v)
        found = self._neighbours.get(v)
        if found is None:
            adjacent = self.adjacent
            members = self.members
            pool = self.vertices if self.candidates is None else self.candidates(v)
            found = [u for u in pool if u != v and u in members and adjacent(v, u)]
            self._neighbours[v] = found
        return found

    def greedy(self) -> None:
        """Pair each free vertex, in the given order, with the first free neighbour."""
        mate = self.mate
        adjacent = self.adjacent
        free = [v for v in self.vertices if v not in mate]
        for i, v in enumerate(free):
            if v in mate:
                continue
            for u in free[i + 1:]:
                if u not in mate and adjacent(v, u):
                    mate[v] = u
                    mate[u] = v
                    break

    def free(self) -> list[int]:
        """Unmatched vertices, in the given order."""
        return [v for v in self.vertices if v not in self.mate]

    def maximise(self, *, last: bool = True) -> None:
        """Augment from every free vertex until none can be (a maximum matching).

        With ``last=False`` there is no search from a vertex that is the only
        free one left: an augmenting path joins two free vertices, so that
        search cannot succeed (it would only set :attr:`outer`, which is then
        not set).
        """
        free = self.free()
        left = len(free)
        for i, v in enumerate(free):
            if v not in self.mate and (last or left > 1):
                if self.any_path and self._short_path(v, islice(free, i + 1, None)) or self.search(v):
                    left -= 2

    _SHORT_ENDS = 4
    """How many free vertices :meth:`_short_path` tries as the far end."""

    def _short_path(self, root: int, later: Iterable[int]) -> bool:
        """Look for an augmenting path of one or three edges from the free vertex ``root`` (``root``, a
        neighbour, its mate, one of the first :data:`_SHORT_ENDS` vertices of ``later`` still free); apply
        it if found.

        For :attr:`any_path` only (any maximum matching will do): in a dense graph nearly every
        augmenting path left after :meth:`greedy` is that short, while a :meth:`search` from ``root``
        contracts a blossom at nearly every outer vertex before its scan reaches a free one. The free
        vertices :meth:`maximise` passed before ``root`` are matched, or have no augmenting path, which
        later augmentations do not give them: ``later`` is those after it.
        """
        mate, adjacent = self.mate, self.adjacent
        ends = list(islice((b for b in later if b not in mate), self._SHORT_ENDS))
        if not ends:
            return False
        for x in self.neighbours(root):
            y = mate.get(x)
            if y is None:  # a free neighbour
                mate[root], mate[x] = x, root
                self.outer = set()
                return True
            for b in ends:
                if adjacent(y, b):
                    mate[root], mate[x], mate[y], mate[b] = x, root, b, y
                    self.outer = set()
                    return True
        return False

    def search(self, root: int, until: Callable[[int], bool] | None = None) -> bool:
        """Look for an augmenting path from the free vertex ``root``; apply it if found.

        A blossom found is contracted into its base. With ``any_path`` each base keeps its
        members, so a contraction costs the blossom's size; otherwise every vertex of the tree
        is looked at (the order in which the plain search finds its paths).
        With ``until``, the search stops (``False``) as soon as a vertex for which it is true
        becomes outer (reached by an even alternating path, or put in a blossom): :attr:`outer`
        then holds that vertex but maybe not all of them. For a maximum matching only (where
        no augmenting path exists anyway). In a dense graph one blossom makes most of the tree
        outer at once; waiting for such a vertex to be taken from the queue scanned the
        neighbours of every vertex before it (5 s a search at 10,000 vertices).
        """
        fast = self.any_path
        mate = self.mate
        parent: dict[int, int] = {}
        base: dict[int, int] = {}
        members: dict[int, list[int]] = {root: [root]}
        outer = {root}
        queue = [root]  # breadth first: read from ``head`` on (collections.deque is not loaded at start-up)
        head = 0

        def lca(a: int, b: int) -> int:
            seen = set()
            while True:
                a = base.get(a, a)
                seen.add(a)
                if a not in mate:
                    break
                a = parent[mate[a]]
            while True:
                b = base.get(b, b)
                if b in seen:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: set[int]) -> None:
            while base.get(v, v) != b:
                blossom.add(base.get(v, v))
                m = mate[v]
                blossom.add(base.get(m, m))
                parent[v] = child
                child = m
                v = parent[m]

        def contract(current: int, blossom: set[int]) -> None:
            if fast:
                inside: list[int] = []
                moved: list[int] = []
                for b in blossom:
                    group = members.get(b)
                    if group is None:
                        continue
                    if b != current:
                        del members[b]
                        moved.extend(group)
                    inside.extend(group)
                if moved:
                    members.setdefault(current, [current]).extend(moved)
            else:
                inside = [u for u in list(outer | set(parent)) if base.get(u, u) in blossom]
            for u in inside:
                base[u] = current
                if u not in outer:
                    outer.add(u)
                    queue.append(u)
                    if until is not None and until(u):
                        raise _Reached

        neighbours = self.neighbours
        self.outer = outer  # as it grows; an augmentation empties it
        if until is not None and until(root):
            return False
        try:
            while head < len(queue):
                v = queue[head]
                head += 1
                v_base, v_mate = base.get(v, v), mate.get(v)  # read once: only a contraction changes the base
                for to in neighbours(v):
                    if v_base == base.get(to, to) or v_mate == to:
                        continue
                    if to == root or (to in mate and mate[to] in parent):
                        current = lca(v, to)
                        blossom: set[int] = set()
                        mark(v, current, to, blossom)
                        mark(to, current, v, blossom)
                        contract(current, blossom)
                        v_base = base.get(v, v)
                    elif to not in parent:
                        parent[to] = v
                        if to not in mate:
                            self._augment(to, parent)
                            self.outer = set()
                            return True
                        nxt = mate[to]
                        if fast:
                            members[to] = [to]
                            members[nxt] = [nxt]
                        outer.add(nxt)
                        queue.append(nxt)
                        if until is not None and until(nxt):
                            raise _Reached
        except _Reached:
            pass
        return False

    def _augment(self, v: int, parent: dict[int, int]) -> None:
        mate = self.mate
        while True:
            pv = parent[v]
            ppv = mate.get(pv)
            mate[v] = pv
            mate[pv] = v
            if ppv is None:
                return
            v = ppv
