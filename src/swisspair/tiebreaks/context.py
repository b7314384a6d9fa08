"""The computation context: an event under one edition of the rules, with what tie-breaks share.

Every computation reads an :class:`~swisspair.tiebreaks.event.Event` through a :class:`Context`
that fixes the :class:`~swisspair.tiebreaks.editions.Edition` and caches what several tie-breaks
share.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from swisspair.errors import InvalidTieBreakError, MissingRatingsError
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.editions import Edition
from swisspair.tiebreaks.event import Event
from swisspair.tiebreaks.values import GroupSplit, TieBreakValue

ValueFunction = Callable[["Context", Descriptor], dict[int, TieBreakValue]]
GroupFunction = Callable[["Context", Descriptor, Sequence[int], int], GroupSplit]


_T = TypeVar("_T")


class Context:
    """An :class:`Event` seen under one :class:`Edition`, with a cache.

    With ``literal``, the regulations are read literally where the reference
    tool reads them otherwise (KS over the board only, AOB and SSSC unrounded,
    a Sonneborn-Berger cut by the lowest VUR contribution, 16.5).

    Tie-break functions receive a context and a descriptor; several of them
    share intermediate results (the adjusted scores of art. 16, the Buchholz
    of every opponent for AOB, the TPR of every opponent for APRO), which
    :meth:`memo` keeps.
    """

    def __init__(self, event: Event, edition: Edition | str = Edition.C07_2026, *, literal: bool = False) -> None:
        self.event = event
        self.edition = Edition.parse(edition)
        # Read the regulations literally where the reference tool (Gacrux) reads them otherwise:
        # KS counts games played only, AOB and SSSC are not rounded, and a Sonneborn-Berger cut
        # compares the lowest VUR *contribution* (16.5). See docs/tiebreaks.md.
        self.literal = literal
        """Read the regulations literally where the reference tool reads them otherwise."""
        self._cache: dict[Hashable, Any] = {}

    def __repr__(self) -> str:
        return (f"Context(<{len(self.event.competitors)} competitors>, edition={self.edition!r}"
                + (", literal=True)" if self.literal else ")"))

    def with_edition(self, edition: Edition | str) -> Context:
        """A context on the same event under another edition, sharing what does not depend on it."""
        other = Context(self.event, edition, literal=self.literal)
        other._cache = self._cache
        return other

    def edition_for(self, d: Descriptor) -> Edition:
        """The edition a descriptor is computed under (``/V`` overrides the context)."""
        return d.edition or self.edition

    def score_name(self, d: Descriptor | None = None) -> str:
        """The score a descriptor is computed on (``:MP``/``:GP``, else the primary)."""
        if d is not None and d.score is not None:
            if self.event.is_team:
                return d.score
            return self.event.primary
        return self.event.primary

    def round_robin(self, d: Descriptor | None = None) -> bool:
        """Pre-determined pairings, unless ``/S`` asks for Swiss handling."""
        return self.event.round_robin and not (d is not None and d.swiss)

    def memo(self, key: Hashable, compute: Callable[[], _T]) -> _T:
        """``compute()`` once per ``key``."""
        try:
            return self._cache[key]  # type: ignore[no-any-return]
        except KeyError:
            value = compute()
            self._cache[key] = value
            return value

    def values(self, d: Descriptor | str) -> dict[int, TieBreakValue]:
        """The values of value tie-break ``d`` for every competitor (cached).

        :raises: :exc:`InvalidTieBreakError` if ``d`` is a group tie-break;
            :exc:`MissingRatingsError` for a rating-based one with unrated players.
        """
        desc = Descriptor.parse(d) if isinstance(d, str) else d
        spec = desc.spec
        if spec.kind != "value":
            raise InvalidTieBreakError(f"{desc}: a group tie-break has no per-player value")
        key = ("values", desc.canonical, self.edition_for(desc) if spec.by_edition else None)
        function: ValueFunction = spec.load()
        return self.memo(key, lambda: function(self, desc))

    def split(self, d: Descriptor | str, group: Sequence[int], place: int = 1) -> GroupSplit:
        """Apply group tie-break ``d`` to the tied ``group``, which competes from ``place`` on."""
        desc = Descriptor.parse(d) if isinstance(d, str) else d
        spec = desc.spec
        if spec.kind != "group":
            raise InvalidTieBreakError(f"{desc}: not a group tie-break")
        function: GroupFunction = spec.load()
        return function(self, desc, group, place)

    def check_ratings(self, d: Descriptor) -> None:
        """Raise :exc:`MissingRatingsError` if ``d`` needs ratings that are missing (art. 10)."""
        if d.unrated_rating is not None:
            return
        unrated = [c.id for c in self.event if c.rating is None]
        if unrated:
            raise MissingRatingsError(d.label, unrated)

    def rating(self, cid: int, d: Descriptor) -> int | None:
        """The rating of ``cid`` for art. 10 (``/U`` fills in unrated participants)."""
        rating = self.event.competitors[cid].rating
        return d.unrated_rating if rating is None else rating
