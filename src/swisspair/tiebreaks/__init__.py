"""Tie-breaks: every FIDE C.07 tie-break, the older FIDE rules, and older methods (U. Jahr's, the Swiss for any sport).

>>> from swisspair.tiebreaks import Descriptor, find_tiebreak
>>> find_tiebreak("BH").article
'FIDE C.07 (2026) 8.1'
>>> str(Descriptor.parse("sb/c1/p"))
'SB/C1/P'

Compute values through a :class:`Context` on an :class:`Event`::

    from swisspair import trf
    from swisspair.tiebreaks import Context, Event
    ctx = Context(Event.from_tournament(trf.load("t.trf").tournament), "2026")
    ctx.values("BH/C1")[12].value

Two kinds of tie-break exist (C.07 (2026) 4.3): *value* tie-breaks give every participant a number
(:mod:`~swisspair.tiebreaks.values`), *group* tie-breaks split a tied group. The foundations are one
module each: the editions of the rules (:mod:`~swisspair.tiebreaks.editions`), the descriptors
(:mod:`~swisspair.tiebreaks.descriptors`, art. 14), the event view (:mod:`~swisspair.tiebreaks.event`),
the computation context (:mod:`~swisspair.tiebreaks.context`) and the registry
(:mod:`~swisspair.tiebreaks.registry`); each tie-break is a function in a module of its family.

Rankings (score, then a list of tie-breaks, shared places, lots) are in
:mod:`swisspair.standings`. The core imports nothing from the web code.
"""

from swisspair.errors import InvalidTieBreakError, MissingRatingsError
from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.descriptors import Descriptor, parse_list
from swisspair.tiebreaks.editions import Edition
from swisspair.tiebreaks.event import Competitor, Event, RoundKind, RoundRecord
from swisspair.tiebreaks.registry import TIEBREAKS, TieBreakSpec, find_tiebreak, register
from swisspair.tiebreaks.values import GroupSplit, Term, TieBreakValue, tied_runs

__all__ = [
    "Context",
    "Competitor",
    "Descriptor",
    "Edition",
    "Event",
    "GroupSplit",
    "InvalidTieBreakError",
    "MissingRatingsError",
    "RoundKind",
    "RoundRecord",
    "TIEBREAKS",
    "Term",
    "TieBreakSpec",
    "TieBreakValue",
    "find_tiebreak",
    "parse_list",
    "register",
    "tied_runs",
]
