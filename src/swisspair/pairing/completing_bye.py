"""The pairing-allocated bye that leaves a complete pairing, for the systems that give it first.

Dubov (C.04.4.1 (2026) 3.1) and Burstein (C.04.4.2 (2026) 3.1.2) give the PAB
before the brackets: to the most preferred eligible participant whose bye
still leaves everybody else pairable (C.04.1 art. 3-4, C4). Who is eligible is
shared by every system (:meth:`~swisspair.pairing.state.PairingState.eligible_for_bye`);
the order of preference is each system's own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from swisspair.errors import NoValidPairingError
from swisspair.matching.cardinality import CardinalityMatching
from swisspair.matching.weighted import MatchingComputer
from swisspair.pairing.state import PlayerState


def completing_bye(players: Sequence[PlayerState], candidates: Sequence[PlayerState],
                   compatible: Callable[[PlayerState, PlayerState], bool], article: str) -> PlayerState:
    """The first of ``candidates`` (in preference order) whose bye leaves a complete pairing of ``players``.

    :param article: the rule cited when no candidate works.
    :raises: :exc:`~swisspair.errors.NoValidPairingError` when none does.
    """
    n = len(players)
    if not candidates:
        raise NoValidPairingError("no participant can take the pairing-allocated bye (C.04.1 art. 4, C2)")
    for candidate in candidates[:4]:
        # Usually one of the first candidates works: a cardinality check suffices.
        rest = [i for i in range(n) if players[i] is not candidate]
        cm = CardinalityMatching(rest, lambda i, j: compatible(players[i], players[j]))
        cm.greedy()
        cm.maximise()
        if not cm.free():
            return candidate
    # Otherwise one weighted matching with a PAB vertex finds the most preferred one that works.
    top = (len(candidates) + 1) << 1
    mc = MatchingComputer(n + 1)
    for i in range(n):
        for j in range(i):
            if compatible(players[i], players[j]):
                mc.set_edge_weight(i, j, top)
    where = {p.tpn: i for i, p in enumerate(players)}
    for preference, p in enumerate(candidates):
        mc.set_edge_weight(where[p.tpn], n, top + len(candidates) - preference)
    mc.compute()
    mates = mc.mates()
    if any(mates[v] == v for v in range(n + 1)):
        raise NoValidPairingError(f"no pairing-allocated bye leaves a complete pairing ({article}, C1-C4)")
    return players[mates[n]]
