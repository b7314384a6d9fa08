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

Rankings (score, then a list of tie-breaks, shared places, lots) are in
:mod:`swisspair.standings`. The core imports nothing from the web code.
"""

from swisspair.tiebreaks.base import *  # noqa: F403  (the public names are base's __all__)
from swisspair.tiebreaks.base import __all__ as __all__
