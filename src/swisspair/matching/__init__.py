"""Matching on general graphs: the algorithms the pairing systems solve their criteria with.

Nothing here knows a chess rule: a system encodes its criteria as edge weights, or as which pairs
may meet, and asks for a matching.

* :mod:`~swisspair.matching.weighted` - :class:`MatchingComputer`, maximum-weight matching with
  incremental re-optimisation (Edmonds, in Galil's O(n^3) dense form), done by one of two cores:
  :mod:`~swisspair.matching.python_core` and the compiled ``_matchcore`` (``_matchcore.c``), both
  satisfying :class:`~swisspair.matching.protocol.MatchingCore`, chosen in
  :mod:`~swisspair.matching.cores`, tuned by :mod:`~swisspair.matching.tuning`;
* :mod:`~swisspair.matching.cardinality` - :class:`CardinalityMatching`, maximum-cardinality
  matching (can everybody still be paired, who can be left over);
* :mod:`~swisspair.matching.verify` - the optimality certificate the tests check.

>>> from swisspair.matching import MatchingComputer
>>> mc = MatchingComputer(3)
>>> mc.set_edge_weight(0, 2, 7)
>>> mc.compute()
>>> mc.mates()
[2, 1, 0]
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from swisspair.matching.cardinality import CardinalityMatching
    from swisspair.matching.protocol import MatchingCore
    from swisspair.matching.weighted import MatchingComputer

_EXPORTS = {
    "CardinalityMatching": "swisspair.matching.cardinality",
    "MatchingComputer": "swisspair.matching.weighted",
    "MatchingCore": "swisspair.matching.protocol",
}
"""Public names, imported on first use (PEP 562): the engines import the modules they need."""

if not TYPE_CHECKING:  # the type checker reads the imports above; a name not exported is an error for it
    from swisspair.lazy import lazy_exports

    __getattr__ = lazy_exports(__name__, _EXPORTS, globals())

__all__ = ["CardinalityMatching", "MatchingComputer", "MatchingCore"]
