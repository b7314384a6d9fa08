"""The tuning constants of the weighted matching, read by both cores.

The pure-Python core (:mod:`swisspair.matching.python_core`) imports them; the
compiled one (``_matchcore.c``) reads them from this module when it is first
imported, so a change here changes both, and both keep taking the same steps
in the same order. They change how fast a solution is found, never which one
(see :mod:`swisspair.matching.weighted`).
"""

from __future__ import annotations

MIN_CAPACITY = 8
"""Vertices a core makes room for at least (it doubles its room when a vertex is added beyond it)."""

RESOLVE_FRACTION = 2
"""``compute`` solves from scratch when more than ``n / RESOLVE_FRACTION`` vertices would have to be
prepared: measured on random weights, where a solve from scratch is then faster; the Dutch engine's
large structured changes are still much cheaper incrementally."""

RESOLVE_MIN_SIZE = 48
"""... and the graph has at least this many vertices (below it, the repair is always taken)."""

MAX_ROOTS = 2
"""A stage grows trees from at most this many roots (those of largest dual); the other free vertices
are targets an augmenting path may end at."""

SCRATCH_MAX_ROOTS = 8
"""... except in a solve from scratch, where most vertices start free and growing more trees at once
finds the augmenting paths sooner, until a stage labels more than half of the vertices: then the
forest covers the graph and the next stages grow :data:`MAX_ROOTS` trees again. (Measured on three
Dutch brackets of the 3000-player benchmarks, 581-869 vertices: 0.7-2.0 s each; with 8 roots
throughout one of them took 14 s, with 2 another took 7 s.)"""

__all__ = ["MAX_ROOTS", "MIN_CAPACITY", "RESOLVE_FRACTION", "RESOLVE_MIN_SIZE", "SCRATCH_MAX_ROOTS"]
