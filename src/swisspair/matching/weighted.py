"""Maximum-weight matching on a general graph, with incremental re-optimisation.

This module knows nothing about Swiss pairing rules: a pairing system encodes
its criteria as (very large) integer edge weights and asks for a matching of
maximum total weight.

Algorithm
=========

The solver is Edmonds' primal-dual blossom algorithm for weighted matching
(J. Edmonds, "Maximum matching and a polyhedron with 0,1-vertices", *J. Res.
Nat. Bur. Standards* 69B, 1965), in the O(n^3) form for dense graphs described
by Z. Galil, "Efficient algorithms for finding maximum matching in graphs",
*ACM Computing Surveys* 18(1), 1986, section 3.  It was written from that
description; the incremental part follows the "prepare a vertex" idea used by
pairing engines that re-solve the same graph many times.

Notation.  Every weight ``w(i, j)`` is stored doubled, ``W(i, j) = 2 w(i, j)``,
so that every dual variable stays integral.  There is a dual ``u(v) >= 0`` per
vertex and a dual ``z(B) >= 0`` per non-trivial blossom ``B`` (a blossom is an
odd set of vertices, built recursively as an odd cycle of sub-blossoms joined
by tight edges).  The *slack* of an edge is::

    slack(i, j) = u(i) + u(j) - W(i, j) + 2 * sum(z(B) for B containing i and j)

A pair with ``w(i, j) == 0`` is not an edge at all.  The solution is optimal
when (i) every slack is non-negative (dual feasibility), (ii) every matched
edge and every edge of a blossom cycle has slack 0, (iii) every unmatched
vertex has ``u(v) == 0`` and (iv) every blossom is *full* (it contains
``(|B| - 1) / 2`` matched edges), which is true for every blossom by
construction.

A *stage* grows alternating trees from free vertices whose dual is still
positive (the *roots*: the two of largest dual, see below; every other free
vertex is left unlabelled and serves as an end of an augmenting path), using
only tight edges, and changes the duals by the largest amount ``delta`` that
keeps (i) and (ii):

* ``delta1``: the smallest dual of an outer (S) vertex;
* ``delta2``: the smallest slack of an edge from an S vertex to an unlabelled
  blossom;
* ``delta3``: half the smallest slack of an edge between two S blossoms;
* ``delta4``: the smallest dual of an inner (T) blossom.

The event at which the minimum is reached grows a tree, forms a blossom,
expands an inner blossom or augments the matching (between two trees, or
along a tight edge from a tree to an unlabelled free vertex).  Galil's
version grows a tree from every free vertex, which all have the same dual,
so that ``delta1`` means "optimal".  Here the free vertices have different
duals (after incremental updates) and not all of them grow trees, so
``delta1`` instead moves the tree's free vertex to the S vertex whose dual
became 0: the even alternating path from the root to it is flipped (through
the blossoms on the way), which keeps every matched edge tight.  A stage ends
after an augmentation or such a move, so every stage strictly reduces the
number of free vertices with a positive dual; ``compute`` stops when there
is none, and then (i) to (iv) hold.  At the end of a stage the S blossoms
whose dual is 0 are dissolved.  Growing only two trees per stage, instead of
one per free vertex, avoids growing again and again the trees that the
stage's single augmentation does not touch.  A solve from scratch, where
most vertices start free, grows eight trees per stage instead: there the
augmenting paths are found sooner, as long as the forest does not cover most
of the graph (see ``_SCRATCH_MAX_ROOTS``).

Each stage costs O(n^2): every S vertex is scanned once (its n edges); each
free vertex keeps its least-slack edge to an S vertex (in a heap, with keys
made invariant under dual changes by adding the running sum of the deltas);
each S blossom keeps its least-slack edge to another S blossom, and a new
blossom merges the per-neighbour lists of its sub-blossoms (Galil's dense
bookkeeping), so a dual change costs O(number of labelled nodes).

Integrality.  All weights are even and all free vertices with a positive
dual have duals of the same parity (each stage first normalises them: see
below).  A tight edge joins vertices of equal parity, so every vertex of a
tree has the parity of its root and the slack of an edge between two S
blossoms is even: ``delta3`` is an integer.  A stage changes the duals of both
roots by the same amount and the other free vertices keep theirs, so the
parities stay equal when that amount is even; when it is odd, the stage ends
with at most one root still free (an augmentation between the two trees
matches both; one to an unlabelled vertex or a move matches or zeroes one),
which is why every stage starts with the normalisation (it makes every
free vertex's dual even whatever the number of roots).

Incremental updates: the "prepare vertex" invariant
===================================================

Between calls of :meth:`MatchingComputer.compute` the solver keeps the whole
primal-dual solution: matching, vertex duals, blossoms and their duals.  It is
optimal except for the edges changed since.  ``compute`` first picks a small
set ``C`` of vertices covering the changed edges that may break optimality (a
changed edge needs nothing when it is unmatched, joins two different top-level
blossoms and still has a non-negative slack) and *prepares* each ``v`` in
``C``:

1. every blossom containing ``v`` is dissolved, outermost first.  When a
   top-level blossom ``B`` with dual ``z`` is dissolved, ``z`` is added to the
   dual of every vertex of ``B``: the slack of an edge inside ``B`` does not
   change (``+z + z - 2z``) and the slack of an edge leaving ``B`` grows by
   ``z``.  The matched edge leaving ``B`` (at its base) is then no longer
   tight when ``z > 0``, so it is unmatched.  The sub-blossoms become
   top-level blossoms and keep their own structure, cycle matching and duals;
2. ``v`` is unmatched.

Now ``v`` is a single, free vertex, so no changed edge lies inside a blossom
or in the matching.  Finally ``u(v)`` is set to the least value that makes all
edges at ``v`` feasible, ``max(0, max_j W(v, j) - u(j))`` (any value at least
that is feasible, since no blossom and no matched edge involves ``v``); the
same is done for every other single free vertex with a positive dual (the
former mates, the bases freed by dissolving).  All of (i), (ii) and (iv) hold
again, and only (iii) fails, at the few free vertices whose dual is positive:
the next stages start from exactly those vertices, after the parity
normalisation above (which adds 1 to a vertex, or to every vertex of a
blossom while taking 1 from its dual, both keeping (i) and (ii)).

A solve from scratch first matches each free vertex, in order, to the later
free vertex of its heaviest edge, both getting half its weight as their dual;
the edges this leaves infeasible are covered and the cover prepared as above
(see ``_initialise``).

Complexity.  A solve from scratch is O(n^3) (fewer than n stages).  After
updates whose changed edges are covered by ``k`` vertices, ``compute`` runs
at most one O(n^2) stage per free vertex with a positive dual: about ``2k``,
plus two per dissolved blossom with a positive dual (usually none or a few;
a vertex deep inside nested blossoms costs more).  When the cover exceeds
``n / 2`` vertices (and ``n >= 48``), ``compute`` solves from scratch instead.

Two cores
=========

:class:`MatchingComputer` delegates every call to a core: the pure-Python
:class:`~swisspair.matching.python_core.PythonCore` or the compiled
``_matchcore.Core``, which run this algorithm statement for statement and in
the same order (:mod:`swisspair.matching.cores`; the protocol they share is
:class:`~swisspair.matching.protocol.MatchingCore`, their tuning constants
:mod:`swisspair.matching.tuning`).
"""

from __future__ import annotations

from swisspair.matching import cores

TYPE_CHECKING = False
if TYPE_CHECKING:
    from swisspair.matching.protocol import MatchingCore


class MatchingComputer:
    """Maximum-weight matching over a dense graph with incremental updates.

    Vertices are ``0 .. len(self) - 1``.  Edge weights are non-negative
    integers of any size; weight 0 means "no edge".  After :meth:`compute`,
    :meth:`mates` describes a matching of maximum total weight (not
    necessarily of maximum cardinality).  Changing a few weights and calling
    :meth:`compute` again re-optimises from the previous solution; see the
    module documentation for the invariant this relies on.

    The work is done by a core: the compiled one when it is built, else (or
    with ``backend="python"``, or ``SWISSPAIR_PURE_PYTHON=1``, see
    :data:`~swisspair.matching.cores.BACKEND`) the pure-Python one. Both run the
    same algorithm in the same order and give the same answers.

    >>> mc = MatchingComputer(4)
    >>> mc.set_edge_weight(0, 1, 5)
    >>> mc.set_edge_weight(1, 2, 8)
    >>> mc.set_edge_weight(2, 3, 5)
    >>> mc.compute()
    >>> mc.mates()
    [1, 0, 3, 2]
    >>> mc.set_edge_weight(1, 2, 11)
    >>> mc.compute()
    >>> mc.mates()
    [0, 2, 1, 3]
    """

    __slots__ = ("_core",)

    def __init__(self, size: int = 0, backend: str | None = None) -> None:
        """Create a graph of ``size`` vertices and no edges, on ``backend``
        (default :data:`~swisspair.matching.cores.BACKEND`).

        :raises: :exc:`ValueError` if ``size`` is negative or ``backend`` unknown.
        """
        self._core: MatchingCore = cores.new_core(size, backend)

    @property
    def backend(self) -> str:
        """``"compiled"`` or ``"python"``: the core this computer runs on."""
        return cores.backend_of(self._core)

    def __len__(self) -> int:
        """The number of vertices."""
        return len(self._core)

    def __repr__(self) -> str:
        return f"<MatchingComputer of {len(self._core)} vertices>"

    def add_vertex(self) -> int:
        """Append an isolated vertex and return its index."""
        return self._core.add_vertex()

    def set_edge_weight(self, u: int, v: int, weight: int) -> None:
        """Set the weight of the edge ``{u, v}``; 0 removes the edge.

        The change takes effect at the next :meth:`compute`.

        :raises: :exc:`ValueError` if a vertex is out of range, ``u == v`` or
            ``weight`` is negative; :exc:`TypeError` if ``weight`` is not an
            integer.
        """
        self._core.set_edge_weight(u, v, weight)

    def set_edge_weights(self, u: int, others: list[int], weights: list[int]) -> None:
        """:meth:`set_edge_weight` of ``{u, others[k]}`` to ``weights[k]`` for every ``k``, in order (as far as the
        shorter of the two lists goes).

        :raises: as :meth:`set_edge_weight` (the pairs before the bad one are set).
        """
        self._core.set_edge_weights(u, others, weights)

    def isolate_pair(self, u: int, v: int, weight: int) -> None:
        """Remove every edge at ``u`` and ``v`` except ``{u, v}``, which gets ``weight``.

        The same as :meth:`set_edge_weight` on every such pair, in one pass.

        :raises: as :meth:`set_edge_weight`.
        """
        self._core.isolate_pair(u, v, weight)

    def adopt(self, mates: list[int]) -> None:
        """Take ``mates`` as the matching the next :meth:`compute` repairs, keeping the duals.

        For a matching of the same weight as the last optimum, found outside
        (by swapping partners): every blossom is dissolved, its dual added to
        its vertices' (every slack stays non-negative), and the pairs of
        ``mates`` whose edge is still tight are matched; the others, and the
        vertices ``mates`` leaves unpaired, are free, with the least feasible
        dual (as after a change, see the module documentation). The next
        :meth:`compute` then only grows trees from those with a positive
        dual: none when ``mates`` is a best matching inside no blossom with a
        positive dual but its own. Without a solution yet, nothing changes
        (the next :meth:`compute` solves from scratch).

        :raises: :exc:`ValueError` unless ``mates`` is a matching of the graph's
            edges (``mates[v]`` is ``v``'s partner, ``v`` itself when unpaired).
        """
        self._core.adopt(mates)

    def excluded(self, u: int, others: list[int]) -> bool:
        """Whether no maximum-weight matching of the current weights pairs ``u`` with one of ``others``.

        Answered without solving, from the dual solution of the last
        :meth:`compute`: an edge whose slack is positive there is in no
        maximum-weight matching (complementary slackness). That stays true
        while the only weights changed since are those of pairs isolated by
        :meth:`isolate_pair` from pairs of that compute's matching (the best
        matchings are then those of the rest, with the same weights, plus
        the isolated pairs). ``False`` means "not known": some slack is 0, an
        edge is missing, or other weights changed since.
        """
        return self._core.excluded(u, others)

    def tight(self, u: int, others: list[int]) -> list[bool] | None:
        """For each of ``others``, whether some maximum-weight matching may pair it with ``u``.

        From the dual solution of the last :meth:`compute`, as :meth:`excluded`:
        ``False`` for an edge whose slack is positive, ``True`` otherwise (a
        missing edge included). ``None`` when the duals no longer certify it.
        """
        return self._core.tight(u, others)

    def scaled(self, bits: int) -> MatchingComputer:
        """A copy with every weight multiplied by ``2 ** bits``, and its solution scaled with it.

        Optimality is kept (every condition scales), so preferences added
        below every weight only cost the repair of the edges they change.
        """
        copy = MatchingComputer.__new__(MatchingComputer)
        copy._core = self._core.scaled(bits)
        return copy

    def restart(self) -> None:
        """Forget the solution: the next :meth:`compute` solves from scratch (the weights stay).

        For weights changed so much that repairing the last optimum costs
        more than a fresh start.
        """
        self._core.restart()

    def blossom_size(self, v: int) -> int:
        """The number of vertices of the top-level blossom containing ``v`` (1 when none)."""
        return self._core.blossom_size(v)

    def edge_weight(self, u: int, v: int) -> int:
        """The weight of the edge ``{u, v}`` (0 when there is none).

        :raises: :exc:`ValueError` if a vertex is out of range.
        """
        return self._core.edge_weight(u, v)

    def mates(self) -> list[int]:
        """The matching found by the last :meth:`compute`.

        ``mates()[v]`` is the vertex matched to ``v``, or ``v`` itself when
        ``v`` is unmatched.
        """
        return self._core.mates()

    def compute(self) -> None:
        """Compute a maximum-weight matching of the current graph.

        The first call solves from scratch; later calls start from the
        previous optimum and only repair what the weight changes broke.
        """
        self._core.compute()

    # for the tests
    def _slacks(self, u: int, others: list[int]) -> list[int | None]:
        """The slack of the edge from ``u`` to each of ``others`` (``None``: no edge, or isolated)."""
        return self._core.slacks(u, others)

    def _verify(self) -> None:
        """Check every optimality condition of the solution; raise AssertionError if one fails (the check is
        imported here: pairing never asks for it)."""
        from swisspair.matching.verify import verify_solution

        verify_solution(self._core)


__all__ = ["MatchingComputer"]
