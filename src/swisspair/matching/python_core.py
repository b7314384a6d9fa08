"""The pure-Python core of the weighted matching (:class:`PythonCore`).

Edmonds' primal-dual blossom algorithm in Galil's O(n^3) dense form, with the
incremental "prepare a vertex" repair: see :mod:`swisspair.matching.weighted`
for the algorithm and the invariants this code keeps. The compiled core
(``_matchcore.c``) runs the same statements in the same order; both satisfy
:class:`~swisspair.matching.protocol.MatchingCore`. What each public method does is documented
on :class:`~swisspair.matching.weighted.MatchingComputer`, which delegates to a core.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator
from heapq import heappop, heappush
from itertools import compress, repeat

from swisspair.matching import tuning


class PythonCore:
    """The pure-Python core of :class:`~swisspair.matching.weighted.MatchingComputer` (see there and
    :mod:`swisspair.matching.weighted` for the algorithm)."""

    __slots__ = (
        "_n", "_cap", "_w", "_mate", "_dual", "_top", "_bparent", "_bchilds",
        "_bedges", "_bleaves", "_bbase", "_free", "_pending", "_fresh", "_mark", "_stamp",
        "_certified", "_isolated", "_max_roots", "_values", "stages",
        # per-stage state
        "_label", "_labfrom", "_labto", "_vl", "_bestt", "_bsa", "_bsx",
        "_lists", "_slist", "_tverts", "_intv", "_tnodes", "_intn", "_snodes",
        "_bsk", "_bk", "_heap", "_offset", "_inf", "_wmax", "_queue", "_sk", "_sa", "_sx",
    )

    def __init__(self, size: int = 0) -> None:
        """Create a graph of ``size`` vertices and no edges.

        :raises: :exc:`ValueError` if ``size`` is negative.
        """
        if size < 0:
            raise ValueError(f"negative size: {size}")
        cap = max(tuning.MIN_CAPACITY, size)
        self._n = size
        self._cap = cap
        # Doubled weights, dense and symmetric; 0 is "no edge".
        self._w: list[list[int]] = [[0] * size for _ in range(size)]
        # One object per distinct weight (see _intern).
        self._values: dict[int, int] = {}
        self._mate: list[int] = [-1] * size
        # Node ids: vertices are 0 .. cap-1, blossoms cap .. 2cap-1.
        # _dual holds u(v) for vertices and z(B) for blossoms (see the module
        # documentation for the slack formula).
        self._dual: list[int] = [0] * (2 * cap)
        self._top: list[int] = list(range(size))
        self._bparent: list[int] = [-1] * (2 * cap)
        self._bchilds: list[list[int]] = [[] for _ in range(2 * cap)]
        self._bedges: list[list[tuple[int, int]]] = [[] for _ in range(2 * cap)]
        # The vertices of each blossom, kept while it exists (a blossom's
        # members never change; _rotate only moves its base).
        self._bleaves: list[list[int]] = [[] for _ in range(2 * cap)]
        self._bbase: list[int] = list(range(cap)) + [-1] * cap
        self._free: list[int] = list(range(2 * cap - 1, cap - 1, -1))
        # Changed pairs since the last compute: (i, j) with i < j -> old W.
        self._pending: dict[tuple[int, int], int] = {}
        self._fresh = True
        # Whether the duals of the last compute still certify which edges no
        # maximum-weight matching uses (see excluded): only pairs isolated
        # since, from that compute's matching, have changed weights.
        self._certified = False
        self._isolated: set[int] = set()
        # How many trees a stage grows (see tuning.MAX_ROOTS).
        self._max_roots = tuning.MAX_ROOTS
        # An upper bound of every doubled weight (the largest ever set).
        self._wmax = 0
        self._mark: list[int] = [0] * (2 * cap)
        self._stamp = 0
        # The number of stages run so far (for the tests).
        self.stages = 0
        self._reset_stage_state()

    # ------------------------------------------------------------------
    # public API
    # ------------------------------------------------------------------
    def __len__(self) -> int:
        """The number of vertices."""
        return self._n

    def __repr__(self) -> str:
        return f"<PythonCore of {self._n} vertices>"

    def add_vertex(self) -> int:
        """Append an isolated vertex and return its index."""
        self._certified = False
        v = self._n
        if v == self._cap:
            self._grow(2 * self._cap)
        for row in self._w:
            row.append(0)
        self._n = v + 1
        self._w.append([0] * (v + 1))
        self._mate.append(-1)
        self._top.append(v)
        self._dual[v] = 0
        self._bbase[v] = v
        return v

    def _checked(self, u: int, v: int, weight: int) -> int:
        """``weight`` as an int, after the checks of :meth:`MatchingComputer.set_edge_weight`."""
        if type(weight) is not int:
            weight = operator.index(weight)
        n = self._n
        if not (0 <= u < n and 0 <= v < n):
            raise ValueError(f"vertex out of range: {u}, {v} (size {n})")
        if u == v:
            raise ValueError(f"no loops: {u}")
        if weight < 0:
            raise ValueError(f"negative weight: {weight}")
        return weight

    def set_edge_weight(self, u: int, v: int, weight: int) -> None:
        """:meth:`MatchingComputer.set_edge_weight`: recorded for the next :meth:`compute`."""
        w2 = 2 * self._checked(u, v, weight)
        w2 = self._values.setdefault(w2, w2)
        row = self._w[u]
        old = row[v]
        if old == w2:
            return
        row[v] = w2
        self._w[v][u] = w2
        if w2 > self._wmax:
            self._wmax = w2
        if not self._fresh:
            key = (u, v) if u < v else (v, u)
            if key not in self._pending:
                self._pending[key] = old
                if u not in self._isolated and v not in self._isolated:
                    self._certified = False

    def set_edge_weights(self, u: int, others: list[int], weights: list[int]) -> None:
        """:meth:`MatchingComputer.set_edge_weights`: :meth:`set_edge_weight` of each pair in turn, faster."""
        n = self._n
        if not 0 <= u < n:
            raise ValueError(f"vertex out of range: {u} (size {n})")
        w = self._w
        row = w[u]
        pending = None if self._fresh else self._pending
        wmax = self._wmax
        intern = self._values.setdefault
        for v, weight in zip(others, weights):
            if type(weight) is not int or weight < 0 or not 0 <= v < n or v == u:
                self.set_edge_weight(u, v, weight)
                continue
            w2 = weight << 1
            w2 = intern(w2, w2)
            old = row[v]
            if old == w2:
                continue
            row[v] = w2
            w[v][u] = w2
            if w2 > wmax:
                wmax = w2
            if pending is not None:
                key = (u, v) if u < v else (v, u)
                if key not in pending:
                    pending[key] = old
                    if u not in self._isolated and v not in self._isolated:
                        self._certified = False
        if wmax > self._wmax:
            self._wmax = wmax

    def isolate_pair(self, u: int, v: int, weight: int) -> None:
        """:meth:`MatchingComputer.isolate_pair`: every edge at ``u`` and ``v`` but ``{u, v}`` removed, in one pass."""
        weight = self._checked(u, v, weight)
        w = self._w
        mate, top, cap = self._mate, self._top, self._cap
        pending = None if self._fresh else self._pending
        if pending is not None:
            if mate[u] == v:
                self._isolated.add(u)
                self._isolated.add(v)
            else:
                self._certified = False
        for x, other in ((u, v), (v, u)):
            row = w[x]
            for i, old in enumerate(row):
                if old and i != other:
                    row[i] = 0
                    w[i][x] = 0
                    # Neither matched nor inside a blossom, a removed edge only loses a condition:
                    # _apply_pending would pass it by, so it is not recorded.
                    if pending is not None and (mate[x] == i or (top[x] == top[i] and top[x] >= cap)):
                        key = (x, i) if x < i else (i, x)
                        if key not in pending:
                            pending[key] = old
        self.set_edge_weight(u, v, weight)

    def adopt(self, mates: list[int]) -> None:
        """:meth:`MatchingComputer.adopt`: the blossoms dissolved into the vertex duals, the tight pairs of ``mates`` kept."""
        n = self._n
        if len(mates) != n:
            raise ValueError(f"expected a list of {n} vertices")
        w = self._w
        for v, x in enumerate(mates):
            if type(x) is not int:
                x = operator.index(x)
            if not 0 <= x < n:
                raise ValueError(f"vertex out of range: {x} (size {n})")
        for v, x in enumerate(mates):
            if mates[x] != v or (x != v and not w[v][x]):
                raise ValueError(f"not a matching of the graph's edges at vertex {v}")
        if self._fresh:
            return  # no solution to start from: the next compute solves from scratch
        u = self._dual
        for b in range(self._cap, 2 * self._cap):
            if not self._bchilds[b]:
                continue
            z = u[b]
            if z:
                for x in self._bleaves[b]:
                    u[x] += z
            self._release(b)
        self._top = list(range(n))
        bparent = self._bparent
        mate = self._mate
        for v in range(n):
            bparent[v] = -1
            mate[v] = -1
        for v, x in enumerate(mates):
            if x > v and u[v] + u[x] == w[v][x]:
                mate[v] = x
                mate[x] = v
        self._certified = False
        self._isolated = set()
        self._lower_free([])

    def excluded(self, u: int, others: list[int]) -> bool:
        """:meth:`MatchingComputer.excluded`: all slacks positive, while the duals certify it."""
        if not self._certified or u in self._isolated:
            return False
        return all(slack is not None and slack > 0 for slack in self.slacks(u, others))

    def tight(self, u: int, others: list[int]) -> list[bool] | None:
        """:meth:`MatchingComputer.tight`: which slacks are not positive, while the duals certify it."""
        if not self._certified or u in self._isolated:
            return None
        return [slack is None or slack <= 0 for slack in self.slacks(u, others)]

    def slacks(self, u: int, others: list[int]) -> list[int | None]:
        """The slack of the edge from ``u`` to each of ``others`` (``None``: no edge, or isolated)."""
        w = self._w[u]
        dual = self._dual
        top = self._top
        isolated = self._isolated
        uu = dual[u]
        shared: dict[int, int] | None = None
        slacks: list[int | None] = []
        for v in others:
            wt = w[v]
            if not wt or v in isolated:
                slacks.append(None)
                continue
            slack = uu + dual[v] - wt
            if top[u] == top[v] and top[u] != u:
                if shared is None:
                    shared = self._shared_blossom_duals(u)
                slack += 2 * shared[v]
            slacks.append(slack)
        return slacks

    def _shared_blossom_duals(self, u: int) -> dict[int, int]:
        """For each vertex ``v`` of ``u``'s top-level blossom, the sum of ``z(B)`` over the blossoms holding both.

        Going down ``u``'s chain of blossoms from the top: the vertices of a
        blossom's other children share with ``u`` exactly the blossoms above,
        that one included. One pass over the blossom, whatever its depth.
        """
        bparent = self._bparent
        chain = [u]
        b = bparent[u]
        while b >= 0:
            chain.append(b)
            b = bparent[b]
        chain.reverse()
        dual = self._dual
        shared: dict[int, int] = {}
        total = 0
        for c, below in zip(chain, chain[1:]):
            total += dual[c]
            for child in self._bchilds[c]:
                if child != below:
                    for y in self._leaves(child):
                        shared[y] = total
        shared[u] = total
        return shared

    def restart(self) -> None:
        """:meth:`MatchingComputer.restart`: no solution; the next compute starts from scratch."""
        self._clear()
        self._fresh = True  # nothing is recorded while fresh; _initialise forgets what was
        self._certified = False
        self._isolated = set()
        self._reset_stage_state()

    def scaled(self, bits: int) -> PythonCore:
        """:meth:`MatchingComputer.scaled`: a copy with the weights and the solution times ``2 ** bits``."""
        copy = PythonCore.__new__(PythonCore)
        for name in ("_n", "_cap", "_fresh", "_stamp", "_certified", "_max_roots", "stages"):
            setattr(copy, name, getattr(self, name))
        shifted = {x: x << bits for x in self._values}
        shifted[0] = 0
        copy._values = {y: y for y in shifted.values()}
        copy._w = [list(map(shifted.__getitem__, row)) for row in self._w]
        copy._dual = [x << bits for x in self._dual]
        copy._wmax = self._wmax << bits
        copy._pending = {key: old << bits for key, old in self._pending.items()}
        copy._mate = self._mate[:]
        copy._top = self._top[:]
        copy._bparent = self._bparent[:]
        copy._bchilds = [c[:] for c in self._bchilds]
        copy._bedges = [e[:] for e in self._bedges]
        copy._bleaves = self._bleaves[:]  # each list is replaced, never changed in place
        copy._bbase = self._bbase[:]
        copy._free = self._free[:]
        copy._isolated = set(self._isolated)
        copy._mark = self._mark[:]
        copy._reset_stage_state()
        return copy

    def blossom_size(self, v: int) -> int:
        """The number of vertices of the top-level blossom containing ``v`` (1 when none)."""
        top = self._top[v]
        return len(self._leaves(top)) if top >= self._cap else 1

    def edge_weight(self, u: int, v: int) -> int:
        """The weight of the edge ``{u, v}`` (0 when there is none; :exc:`ValueError` when out of range)."""
        n = self._n
        if not (0 <= u < n and 0 <= v < n):
            raise ValueError(f"vertex out of range: {u}, {v} (size {n})")
        return self._w[u][v] >> 1

    def mates(self) -> list[int]:
        """The matching found by the last :meth:`compute` (``v`` itself for an unmatched ``v``)."""
        return [m if m >= 0 else v for v, m in enumerate(self._mate)]

    def compute(self) -> None:
        """:meth:`MatchingComputer.compute`: solve from scratch, or repair the previous optimum."""
        self._max_roots = tuning.MAX_ROOTS
        if self._fresh:
            self._initialise()
            self._fresh = False
        elif self._pending:
            self._apply_pending()
        try:
            while self._stage():
                pass
        finally:
            self._max_roots = tuning.MAX_ROOTS
        self._certified = True
        self._isolated = set()

    def apply_pending(self) -> None:
        """The first step of :meth:`compute` after changes: prepare the vertices they need (for the tests)."""
        if self._pending:
            self._apply_pending()

    def normalise_parity(self) -> None:
        """The first step of a stage (for the tests): see :meth:`_normalise_parity`."""
        self._normalise_parity()

    def state(self) -> dict[str, object]:
        """The solution (for the tests' certificate check): the lists the compiled core also exports."""
        n2 = 2 * self._cap
        return {
            "n": self._n, "cap": self._cap, "mate": self._mate[:], "top": self._top[:],
            "bparent": self._bparent[:], "bbase": self._bbase[:], "dual": self._dual[:],
            "bchilds": [c[:] for c in self._bchilds], "bedges": [e[:] for e in self._bedges],
            "bleaves": [self._bleaves[b][:] if b >= self._cap else [] for b in range(n2)],
        }

    # ------------------------------------------------------------------
    # storage
    # ------------------------------------------------------------------
    def _grow(self, newcap: int) -> None:
        """Raise the capacity to ``newcap``, renumbering the blossoms."""
        old = self._cap
        shift = newcap - old

        def remap(x: int) -> int:
            return x + shift if x >= old else x

        n2 = 2 * newcap
        dual = [0] * n2
        bparent = [-1] * n2
        bchilds: list[list[int]] = [[] for _ in range(n2)]
        bedges: list[list[tuple[int, int]]] = [[] for _ in range(n2)]
        bleaves: list[list[int]] = [[] for _ in range(n2)]
        bbase = list(range(newcap)) + [-1] * newcap
        dual[:old] = self._dual[:old]
        for x in range(old):
            bparent[x] = remap(self._bparent[x])
        for b in range(old, 2 * old):
            nb = b + shift
            dual[nb] = self._dual[b]
            bparent[nb] = remap(self._bparent[b])
            bchilds[nb] = [remap(c) for c in self._bchilds[b]]
            bedges[nb] = self._bedges[b]
            bleaves[nb] = self._bleaves[b]
            bbase[nb] = self._bbase[b]
        self._top = [remap(t) for t in self._top]
        self._dual = dual
        self._bparent = bparent
        self._bchilds = bchilds
        self._bedges = bedges
        self._bleaves = bleaves
        self._bbase = bbase
        self._free = [b for b in range(n2 - 1, newcap - 1, -1) if not bchilds[b]]
        self._mark = [0] * n2
        self._stamp = 0
        self._cap = newcap
        self._reset_stage_state()

    def _reset_stage_state(self) -> None:
        n2 = 2 * self._cap
        n = self._n
        self._label: list[int] = [0] * n2
        self._labfrom: list[int] = [-1] * n2
        self._labto: list[int] = [-1] * n2
        self._vl: list[int] = [0] * n
        self._bestt: list[int] = [-1] * n
        self._bsa: list[int] = [-1] * n2
        self._bsx: list[int] = [-1] * n2
        self._lists: list[list[int] | None] = [None] * n2
        self._slist: list[int] = []
        self._tverts: list[int] = []
        self._intv: list[bool] = [False] * n
        self._tnodes: list[int] = []
        self._intn: list[bool] = [False] * n2
        self._snodes: list[int] = []
        # Keys that stay valid while the duals change during a stage; the
        # offset is the sum of the deltas so far.  For an S vertex s,
        # u(s) + offset is constant; so are bk[x] = u(s) - W(s, x) + offset
        # for the recorded S vertex s = bestt[x] (_inf when none; -_inf for
        # the vertices that no longer need one: S vertices and single T
        # vertices, which never become free again), and
        # bsk[b] = slack(bsa[b], bsx[b]) + 2 * offset.  _inf exceeds every
        # key of the stage: a key is at most 3 max(u) in absolute value.
        bound = max(max(self._dual[:n], default=0), self._wmax)
        self._inf = 1 << (bound.bit_length() + 3)
        self._offset = 0
        self._bsk: list[int] = [0] * n2
        self._bk: list[int] = [self._inf] * n
        # (slack + offset, x) for free vertices x (lazy deletion).
        self._heap: list[tuple[int, int]] = []
        self._queue: list[int] = []
        self._sk: list[int] = [-1] * n2
        self._sa: list[int] = [-1] * n2
        self._sx: list[int] = [-1] * n2

    def _leaves(self, b: int) -> list[int]:
        """The vertices of node ``b`` (a vertex or a blossom); not to be modified."""
        return [b] if b < self._cap else self._bleaves[b]

    def _release(self, b: int) -> None:
        """Return the id of a dissolved blossom to the free list."""
        self._bchilds[b] = []
        self._bedges[b] = []
        self._bleaves[b] = []
        self._bparent[b] = -1
        self._bbase[b] = -1
        self._dual[b] = 0
        self._free.append(b)

    # ------------------------------------------------------------------
    # operations on a solution at rest (between stages)
    # ------------------------------------------------------------------
    def _initialise(self) -> None:
        """A starting solution for a solve from scratch: heavy pairs first, then the duals repaired.

        Each vertex in turn, if still free, is matched to the later free
        vertex of its heaviest edge (the first on ties), and both get half its
        weight as their dual, so every matched edge is tight; a vertex left
        free gets the least feasible dual. The edges still infeasible (a pair
        heavier than the halves of its ends' pairs) are covered by a few
        vertices (:meth:`_violated_cover`, the largest number of such edges
        first), which are unmatched and get the least feasible dual, like a
        vertex prepared after a change (see :mod:`swisspair.matching.weighted`), as do
        the free vertices. On a Dutch bracket whose pairs weigh one of a few
        values, that matches all but a few vertices before the first stage:
        round 2 of 2001 players, a 1319-vertex bracket, 4 stages instead of
        977. When the cover would exceed half of the graph, the vertices are
        taken in order instead (:meth:`_ordered_start`).
        """
        self._pending.clear()
        self._max_roots = tuning.SCRATCH_MAX_ROOTS
        n = self._n
        w = self._w
        u = self._dual
        mate = self._mate
        for v in range(n):
            if mate[v] >= 0:
                continue
            row = w[v]
            best = 0
            arg = -1
            for j in range(v + 1, n):
                wt = row[j]
                if wt > best and mate[j] < 0:
                    best = wt
                    arg = j
            if arg >= 0:
                mate[v] = arg
                mate[arg] = v
                u[v] = u[arg] = best >> 1
        for v in range(n):
            if mate[v] < 0:
                self._least_dual(v)
        cover = self._violated_cover()
        if cover is None:
            self._clear()
            self._ordered_start()
            return
        for v in cover:
            if mate[v] >= 0:
                mate[mate[v]] = -1
                mate[v] = -1
        self._lower_free(cover)

    def _violated_cover(self) -> list[int] | None:
        """Vertices covering every infeasible edge (slack < 0; no blossoms yet), or ``None`` past the limit.

        Greedy: the vertex on most uncovered infeasible edges first, the
        smaller one on ties (as :meth:`_apply_pending` does); at most
        ``n / 2`` of them (see ``tuning.RESOLVE_FRACTION``).
        """
        n = self._n
        w = self._w
        u = self._dual
        deg = [0] * n
        for a in range(n):
            row = w[a]
            ua = u[a]
            for b in range(a + 1, n):
                wt = row[b]
                if wt and ua + u[b] < wt:
                    deg[a] += 1
                    deg[b] += 1
        limit = n // tuning.RESOLVE_FRACTION if n >= tuning.RESOLVE_MIN_SIZE else n
        covered = [False] * n
        cover: list[int] = []
        while True:
            v = max(range(n), key=lambda x: (deg[x], -x), default=-1)
            if v < 0 or not deg[v]:
                return cover
            if len(cover) > limit:
                return None
            cover.append(v)
            covered[v] = True
            deg[v] = 0
            row = w[v]
            uv = u[v]
            for j in range(n):
                wt = row[j]
                if wt and not covered[j] and uv + u[j] < wt:
                    deg[j] -= 1

    def _least_dual(self, v: int) -> None:
        """``u(v) = max(0, max_j W(v, j) - u(j))``: the least dual feasible at ``v`` (single and free)."""
        u = self._dual
        best = 0
        for j, wt in enumerate(self._w[v][: self._n]):
            if wt:
                d = wt - u[j]
                if d > best:
                    best = d
        u[v] = best

    def _lower_free(self, cover: list[int]) -> None:
        """The least feasible dual for ``cover`` and every single free vertex with a positive dual, in order.

        Each vertex taken keeps its edges to the vertices taken before it
        feasible, whatever their new duals; the others' duals do not change.
        """
        mate = self._mate
        top = self._top
        u = self._dual
        lower = [x for x in range(self._n) if mate[x] < 0 and top[x] == x and u[x] > 0]
        for v in sorted(set(cover).union(lower)):
            self._least_dual(v)

    def _ordered_start(self) -> None:
        """Starting duals and a greedy matching of tight edges, the vertices in order.

        Each vertex in turn gets the least dual that makes its edges to the
        vertices before it feasible, ``max_j W(v, j) - u(j)`` (the edges to
        later vertices are made feasible when those are taken), and is
        matched along an edge that this makes tight when the other end is
        still free. The fallback of :meth:`_initialise` (on graphs where most
        weights are equal it leaves nearly every vertex to the stages: the
        first vertex gets a dual of 0 and every later one is tight to it
        alone).
        """
        w = self._w
        u = self._dual
        mate = self._mate
        for v in range(self._n):
            row = w[v]
            best = 0
            arg = -1
            for j in range(v):
                wt = row[j]
                if wt:
                    d = wt - u[j]
                    if d > best or (d == best and (arg < 0 or mate[arg] >= 0) and mate[j] < 0):
                        best = d
                        arg = j
            u[v] = best
            if arg >= 0 and best and mate[arg] < 0:
                mate[v] = arg
                mate[arg] = v

    def _clear(self) -> None:
        """Forget the solution: no matching, no blossoms, zero duals."""
        n = self._n
        cap = self._cap
        self._mate = [-1] * n
        self._dual = [0] * (2 * cap)
        self._top = list(range(n))
        self._bparent = [-1] * (2 * cap)
        self._bchilds = [[] for _ in range(2 * cap)]
        self._bedges = [[] for _ in range(2 * cap)]
        self._bleaves = [[] for _ in range(2 * cap)]
        self._bbase = list(range(cap)) + [-1] * cap
        self._free = list(range(2 * cap - 1, cap - 1, -1))

    def _dissolve(self, b: int) -> None:
        """Dissolve the top-level blossom ``b`` keeping dual feasibility.

        ``z(B)`` is moved into the duals of the vertices of ``b``; the matched
        edge at the base, no longer tight when ``z(B) > 0``, is unmatched.
        """
        u = self._dual
        z = u[b]
        if z:
            for x in self._leaves(b):
                u[x] += z
            u[b] = 0
            mate = self._mate
            base = self._bbase[b]
            m = mate[base]
            if m >= 0:
                mate[base] = -1
                mate[m] = -1
        top = self._top
        bparent = self._bparent
        for c in self._bchilds[b]:
            bparent[c] = -1
            for x in self._leaves(c):
                top[x] = c
        self._release(b)

    def _prepare(self, v: int) -> None:
        """Make ``v`` a single free vertex (see :mod:`swisspair.matching.weighted`)."""
        top = self._top
        while top[v] != v:
            self._dissolve(top[v])
        mate = self._mate
        m = mate[v]
        if m >= 0:
            mate[v] = -1
            mate[m] = -1

    def _apply_pending(self) -> None:
        """Restore every optimality condition but (iii) after weight changes."""
        pending = self._pending
        self._pending = {}
        top = self._top
        mate = self._mate
        u = self._dual
        w = self._w
        adj: dict[int, set[int]] = {}
        partners: dict[int, set[int]] | None = None
        for (a, b), old in pending.items():
            wt = w[a][b]
            if wt == old:
                continue
            if top[a] == top[b] and top[a] >= self._cap:
                # Inside a blossom: a lighter edge, neither matched nor on a blossom's cycle, only gains slack.
                need = wt > old or mate[a] == b
                if not need:
                    if partners is None:
                        partners = self._cycle_partners()
                    need = b in partners.get(a, ())
            elif mate[a] == b:
                need = not self._lone_pair(a, b)
            else:
                need = wt > 0 and u[a] + u[b] < wt
            if need:
                adj.setdefault(a, set()).add(b)
                adj.setdefault(b, set()).add(a)
        if not adj:
            return
        # Greedy vertex cover of the edges that need it.
        cover: list[int] = []
        limit = self._n // tuning.RESOLVE_FRACTION if self._n >= tuning.RESOLVE_MIN_SIZE else self._n
        while adj:
            if len(cover) > limit:
                # So much changed that a solve from scratch is faster.
                self._clear()
                self._initialise()
                return
            v = max(adj, key=lambda x: (len(adj[x]), -x))
            cover.append(v)
            for j in adj.pop(v):
                nb = adj[j]
                nb.discard(v)
                if not nb:
                    del adj[j]
        for v in cover:
            self._prepare(v)
        # Every single free vertex (the prepared ones, their former mates,
        # bases of dissolved blossoms) gets the least feasible dual: this is
        # always allowed for a vertex in no blossom and with no matched edge.
        self._lower_free(cover)

    def _lone_pair(self, a: int, b: int) -> bool:
        """Whether the matched pair ``a``-``b``, in no blossom, has no other edge; then its ends' duals become half
        its doubled weight each, which restores every condition there (an isolated pair needs no stage)."""
        w = self._w
        wt = w[a][b]
        top = self._top
        if not wt or top[a] != a or top[b] != b:
            return False
        row_a, row_b = w[a], w[b]
        if any(x for j, x in enumerate(row_a) if j != b) or any(x for j, x in enumerate(row_b) if j != a):
            return False
        self._dual[a] = self._dual[b] = wt >> 1
        return True

    def _cycle_partners(self) -> dict[int, set[int]]:
        """The other ends of the blossom cycle edges at each vertex (for :meth:`_apply_pending`)."""
        partners: dict[int, set[int]] = {}
        for edges in self._bedges[self._cap:]:
            for x, y in edges:
                partners.setdefault(x, set()).add(y)
                partners.setdefault(y, set()).add(x)
        return partners

    def _normalise_parity(self) -> None:
        """Give every free vertex with a positive dual an even dual."""
        n = self._n
        cap = self._cap
        mate = self._mate
        u = self._dual
        top = self._top
        for x in range(n):
            if mate[x] >= 0 or not (u[x] & 1):
                continue
            while True:
                b = top[x]
                if b < cap:
                    u[x] += 1
                    break
                if u[b] > 0:
                    # +1 on every vertex and -1 on z(B)/2: inner slacks keep.
                    for y in self._leaves(b):
                        u[y] += 1
                    u[b] -= 1
                    break
                self._dissolve(b)

    # ------------------------------------------------------------------
    # primal operations
    # ------------------------------------------------------------------
    def _rotate(self, b0: int, v0: int) -> None:
        """Make vertex ``v0`` the base of blossom ``b0`` (flip an even path).

        Mates inside ``b0`` are updated; the caller sets the mate of ``v0``.
        """
        bparent = self._bparent
        bchilds = self._bchilds
        bedges = self._bedges
        mate = self._mate
        cap = self._cap
        stack = [(b0, v0)]
        while stack:
            b, v = stack.pop()
            t = v
            while bparent[t] != b:
                t = bparent[t]
            if t >= cap:
                stack.append((t, v))
            childs = bchilds[b]
            i = childs.index(t)
            if i:
                edges = bedges[b]
                k = len(childs)
                if i & 1:
                    # go backwards: edges k-1 .. i, the even ones get matched
                    rng = range(k - 1, i, -2)
                else:
                    rng = range(0, i, 2)
                for p in rng:
                    x, y = edges[p]
                    mate[x] = y
                    mate[y] = x
                    c = childs[p]
                    if c >= cap:
                        stack.append((c, x))
                    c = childs[p + 1] if p + 1 < k else childs[0]
                    if c >= cap:
                        stack.append((c, y))
                bchilds[b] = childs[i:] + childs[:i]
                bedges[b] = edges[i:] + edges[:i]
            self._bbase[b] = v

    def _walk(self, s: int, j: int) -> None:
        """Match S vertex ``s`` to ``j`` (-1: leave it free), flip to the root."""
        top = self._top
        cap = self._cap
        mate = self._mate
        labfrom = self._labfrom
        labto = self._labto
        while True:
            bs = top[s]
            if bs >= cap:
                self._rotate(bs, s)
            mate[s] = j
            t = labfrom[bs]
            if t < 0:
                return
            bt = top[t]
            s = labfrom[bt]
            j = labto[bt]
            if bt >= cap:
                self._rotate(bt, j)
            mate[j] = s

    # ------------------------------------------------------------------
    # labelling
    # ------------------------------------------------------------------
    def _label_s(self, b: int, frm: int, to: int) -> None:
        """Label node ``b`` outer (S), reached from ``frm`` over the edge to ``to`` (-1: a root)."""
        self._label[b] = 1
        self._labfrom[b] = frm
        self._labto[b] = to
        self._snodes.append(b)
        self._s_vertices(self._leaves(b))

    def _s_vertices(self, vertices: list[int]) -> None:
        """Make ``vertices`` S vertices, to be scanned (their least slack is no longer needed)."""
        vl = self._vl
        slist = self._slist
        queue = self._queue
        bk = self._bk
        neg = -self._inf
        for x in vertices:
            vl[x] = 1
            bk[x] = neg
            slist.append(x)
            queue.append(x)

    def _label_t(self, b: int, frm: int, to: int) -> None:
        """Label node ``b`` inner (T), reached from S vertex ``frm`` over the edge to ``to``."""
        self._label[b] = 2
        self._labfrom[b] = frm
        self._labto[b] = to
        if not self._intn[b]:
            self._intn[b] = True
            self._tnodes.append(b)
        if b < self._cap:
            self._bk[b] = -self._inf
        vl = self._vl
        intv = self._intv
        tverts = self._tverts
        for x in self._leaves(b):
            vl[x] = 2
            if not intv[x]:
                intv[x] = True
                tverts.append(x)

    def _grow_or_augment(self, v: int, j: int) -> bool:
        """Tight edge from S vertex ``v`` to unlabelled ``j``; True if augmented."""
        bj = self._top[j]
        base = self._bbase[bj]
        m = self._mate[base]
        if m < 0:
            self._walk(v, j)
            self._walk(j, v)
            return True
        self._label_t(bj, v, j)
        self._label_s(self._top[m], base, m)
        return False

    def _tight_ss(self, v: int, w: int) -> bool:
        """Tight edge between two S blossoms; True if augmented."""
        top = self._top
        labfrom = self._labfrom
        mark = self._mark
        self._stamp += 1
        stamp = self._stamp
        bv = top[v]
        bw = top[w]
        base = -1
        while bv >= 0 or bw >= 0:
            if bv >= 0:
                if mark[bv] == stamp:
                    base = bv
                    break
                mark[bv] = stamp
                f = labfrom[bv]
                bv = -1 if f < 0 else top[labfrom[top[f]]]
            bv, bw = bw, bv
        if base < 0:
            self._walk(v, w)
            self._walk(w, v)
            return True
        self._make_blossom(base, v, w)
        return False

    def _make_blossom(self, bb: int, v: int, w: int) -> None:
        """Form a new S blossom from the cycle closed by edge ``(v, w)``."""
        top = self._top
        label = self._label
        labfrom = self._labfrom
        childs, edges = self._blossom_cycle(bb, v, w)
        b = self._free.pop()
        bparent = self._bparent
        self._bchilds[b] = childs
        self._bedges[b] = edges
        bparent[b] = -1
        self._bbase[b] = self._bbase[bb]
        self._dual[b] = 0
        label[b] = 1
        labfrom[b] = labfrom[bb]
        self._labto[b] = self._labto[bb]
        self._snodes.append(b)

        leaves_of: list[list[int]] = []
        for c in childs:
            bparent[c] = b
            lv = self._leaves(c)
            leaves_of.append(lv)
            for y in lv:
                top[y] = b
            if label[c] == 2:
                self._s_vertices(lv)
        self._bleaves[b] = [y for lv in reversed(leaves_of) for y in lv]
        self._blossom_least_slacks(b, childs, leaves_of)

    def _blossom_cycle(self, bb: int, v: int, w: int) -> tuple[list[int], list[tuple[int, int]]]:
        """The children and cycle edges of the blossom closed by ``(v, w)`` over the tree paths to base ``bb``."""
        labfrom = self._labfrom
        labto = self._labto
        path_v = self._tree_path(v, bb)
        path_w = self._tree_path(w, bb)
        path_v.reverse()
        childs = [bb] + path_v + path_w
        edges = [(labfrom[p], labto[p]) for p in path_v]
        edges.append((v, w))
        edges.extend([(labto[q], labfrom[q]) for q in path_w])
        return childs, edges

    def _tree_path(self, v: int, bb: int) -> list[int]:
        """The tree's nodes from the top-level node of ``v`` up to ``bb`` (excluded), S and T in turn."""
        top = self._top
        labfrom = self._labfrom
        path: list[int] = []
        x = top[v]
        while x != bb:
            path.append(x)
            t = top[labfrom[x]]
            path.append(t)
            x = top[labfrom[t]]
        return path

    def _blossom_least_slacks(self, b: int, childs: list[int], leaves_of: list[list[int]]) -> None:
        """Least-slack edge from the new blossom ``b`` to every other S blossom.

        From the children's lists, or by scanning the listless S children
        (the inner children are scanned from the queue later).
        """
        label = self._label
        lists = self._lists
        sk = self._sk
        sa = self._sa
        sx = self._sx
        touched: list[int] = []
        for idx, c in enumerate(childs):
            if label[c] != 1:
                continue
            for tg, sl, y, j in self._child_slacks(b, lists[c], leaves_of[idx]):
                old = sk[tg]
                if old < 0:
                    touched.append(tg)
                elif sl >= old:
                    continue
                sk[tg] = sl
                sa[tg] = y
                sx[tg] = j
            lists[c] = None
        newlist: list[int] = []
        best = -1
        ba = bx = -1
        for tg in touched:
            sl = sk[tg]
            newlist.append(sa[tg])
            newlist.append(sx[tg])
            if best < 0 or sl < best:
                best = sl
                ba = sa[tg]
                bx = sx[tg]
            sk[tg] = -1
        lists[b] = newlist
        self._bsa[b] = ba
        self._bsx[b] = bx
        self._bsk[b] = best + 2 * self._offset

    def _child_slacks(self, b: int, lc: list[int] | None,
                      leaves: list[int]) -> Iterator[tuple[int, int, int, int]]:
        """(S blossom, slack, own end, other end) of a child's edges to S blossoms other than ``b``.

        From the child's list of candidate edges when it has one, else from
        every edge of its vertices to an S vertex.
        """
        u = self._dual
        wm = self._w
        top = self._top
        if lc is None:
            slist = self._slist
            for y in leaves:
                row = wm[y]
                uy = u[y]
                for j in slist:
                    wt = row[j]
                    if wt:
                        tg = top[j]
                        if tg != b:
                            yield tg, uy + u[j] - wt, y, j
        else:
            for p in range(0, len(lc), 2):
                y = lc[p]
                j = lc[p + 1]
                tg = top[j]
                if tg != b:
                    yield tg, u[y] + u[j] - wm[y][j], y, j

    def _expand_t(self, b: int) -> None:
        """Expand the inner blossom ``b`` whose dual reached 0 during a stage."""
        top = self._top
        bparent = self._bparent
        label = self._label
        labfrom = self._labfrom
        vl = self._vl
        childs = self._bchilds[b]
        edges = self._bedges[b]
        k = len(childs)
        for c in childs:
            bparent[c] = -1
            label[c] = 0
            labfrom[c] = -1
            for x in self._leaves(c):
                top[x] = c
                vl[x] = 0
        s = labfrom[b]
        t = self._labto[b]
        p = childs.index(top[t])
        self._label_t(childs[p], s, t)
        forward = bool(p & 1)
        while p:
            # the even path from the entry child to the base: S and T in turn
            p, a, y = _cycle_step(edges, p, k, forward)
            self._label_s(childs[p], a, y)
            p, a, y = _cycle_step(edges, p, k, forward)
            self._label_t(childs[p], a, y)
        bestt = self._bestt
        bk = self._bk
        u = self._dual
        heap = self._heap
        for c in childs:
            if not label[c]:
                for x in self._leaves(c):
                    if bestt[x] >= 0:
                        heappush(heap, (bk[x] + u[x], x))
        label[b] = 0
        labfrom[b] = -1
        self._release(b)

    # ------------------------------------------------------------------
    # the stage
    # ------------------------------------------------------------------
    def _stage(self) -> bool:
        """Run one stage; False when no free vertex has a positive dual."""
        self._normalise_parity()
        n = self._n
        mate = self._mate
        u = self._dual
        roots = [x for x in range(n) if mate[x] < 0 and u[x] > 0]
        if not roots:
            return False
        self._reset_stage_state()
        top = self._top
        limit = self._max_roots
        if len(roots) > limit:
            roots.sort(key=lambda x: (-u[x], x))
            del roots[limit:]
        for r in roots:
            self._label_s(top[r], -1, -1)
        self.stages += 1
        done = self._run_stage()
        assert done
        if 2 * len(self._slist) > n:
            # The trees grew over most of the graph: from here on growing
            # many at once only repeats that work (see tuning.SCRATCH_MAX_ROOTS).
            self._max_roots = tuning.MAX_ROOTS
        # Expand the S blossoms whose dual is 0 (and their zero sub-blossoms).
        cap = self._cap
        label = self._label
        bparent = self._bparent
        bchilds = self._bchilds
        for b in self._snodes:
            if b >= cap and bparent[b] < 0 and label[b] == 1 and u[b] == 0 and bchilds[b]:
                work = [b]
                while work:
                    c = work.pop()
                    subs = bchilds[c]
                    self._dissolve(c)
                    work.extend([s for s in subs if s >= cap and u[s] == 0])
        return True

    def _run_stage(self) -> bool:
        """Grow the trees and change the duals until an augmentation (or a move of a root's dual to 0)."""
        queue = self._queue
        qi = 0
        while True:
            while qi < len(queue):
                v = queue[qi]
                qi += 1
                if self._scan(v):
                    return True
            delta, kind, arg = self._least_delta()
            if delta:
                self._change_duals(delta)
            if kind == 2:
                if self._grow_or_augment(self._bestt[arg], arg):
                    return True
            elif kind == 3:
                if self._tight_ss(self._bsa[arg], self._bsx[arg]):
                    return True
            elif kind == 4:
                self._expand_t(arg)
            else:
                u = self._dual
                for x in self._slist:
                    if not u[x]:
                        self._walk(x, -1)
                        return True
                raise AssertionError("delta1 without a zero dual")

    def _scan(self, v: int) -> bool:
        """Scan the edges of the new S vertex ``v``; True if the stage augmented."""
        w = self._w
        u = self._dual
        top = self._top
        bsa = self._bsa
        bsx = self._bsx
        bsk = self._bsk
        lists = self._lists
        offset = self._offset
        bv = top[v]
        uv = u[v]
        row = w[v]
        # Edges to the S vertices labelled so far (those labelled later will
        # scan v).
        for j in self._slist[:]:
            wt = row[j]
            if not wt or top[j] == bv:
                continue
            sl = uv + u[j] - wt
            if not sl:
                if self._tight_ss(v, j):
                    return True
                bv = top[v]
                continue
            lv = lists[bv]
            if lv is not None:
                lv.append(v)
                lv.append(j)
            sl += offset + offset
            if bsa[bv] < 0 or sl < bsk[bv]:
                bsa[bv] = v
                bsx[bv] = j
                bsk[bv] = sl
        # Edges that improve the least slack recorded at a non-S vertex; the
        # comparison runs in C over the whole row.
        vl = self._vl
        bestt = self._bestt
        bk = self._bk
        heap = self._heap
        neg = -self._inf
        uvo = uv + offset
        for j in compress(range(self._n), map(operator.lt, map(operator.sub, repeat(uvo), row), bk)):
            wt = row[j]
            if not wt:
                continue
            lj = vl[j]
            if not lj:
                kd = uvo - wt
                bestt[j] = v
                bk[j] = kd
                k2 = kd + u[j]
                if k2 == offset:
                    if self._grow_or_augment(v, j):
                        return True
                else:
                    heappush(heap, (k2, j))
            elif lj == 2 and top[j] != j:
                # inside an inner blossom: needed if it is expanded
                bestt[j] = v
                bk[j] = uvo - wt
            else:
                bk[j] = neg
        return False

    def _least_delta(self) -> tuple[int, int, int]:
        """The dual change ``delta`` of the stage, the kind of its event (1-4) and the event's node."""
        u = self._dual
        vl = self._vl
        bk = self._bk
        heap = self._heap
        offset = self._offset
        bparent = self._bparent
        bsa = self._bsa
        bsk = self._bsk
        label = self._label
        cap = self._cap
        delta = -1
        kind = 0
        arg = -1
        while heap:
            hk, x = heap[0]
            if vl[x] or bk[x] + u[x] != hk:
                heappop(heap)
                continue
            delta = hk - offset
            kind = 2
            arg = x
            break
        for b in self._snodes:
            if bparent[b] < 0 and bsa[b] >= 0:
                assert not bsk[b] & 1, "odd slack between S vertices"
                sl = (bsk[b] >> 1) - offset
                if delta < 0 or sl < delta:
                    delta = sl
                    kind = 3
                    arg = b
        for b in self._tnodes:
            if b >= cap and label[b] == 2 and bparent[b] < 0:
                z = u[b]
                if delta < 0 or z < delta:
                    delta = z
                    kind = 4
                    arg = b
        d1 = min([u[x] for x in self._slist])
        if delta < 0 or d1 < delta:
            delta = d1
            kind = 1
        return delta, kind, arg

    def _change_duals(self, delta: int) -> None:
        """Change the duals of the labelled nodes by ``delta`` (S vertices down, T vertices up, blossoms twice)."""
        u = self._dual
        vl = self._vl
        cap = self._cap
        bparent = self._bparent
        label = self._label
        self._offset += delta
        for x in self._slist:
            u[x] -= delta
        for x in self._tverts:
            if vl[x] == 2:
                u[x] += delta
        for b in self._snodes:
            if b >= cap and bparent[b] < 0:
                u[b] += delta
        for b in self._tnodes:
            if b >= cap and label[b] == 2 and bparent[b] < 0:
                u[b] -= delta


def _cycle_step(edges: list[tuple[int, int]], p: int, k: int, forward: bool) -> tuple[int, int, int]:
    """One step along a blossom's cycle of ``k`` children from child ``p``: (next child, own end, its end)."""
    if forward:
        a, y = edges[p]
        return (p + 1 if p + 1 < k else 0), a, y
    y, a = edges[p - 1]
    return p - 1, a, y



__all__ = ["PythonCore"]
