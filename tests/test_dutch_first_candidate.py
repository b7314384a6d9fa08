"""The first candidate of the generation order, when optimal, is the answer (FIDE C.04.3 art. 3.4).

The Dutch engine then skips the ordering matchings (docs/pairing.md, "Speed"):
they could only confirm it. These tests count the matchings solved, so that a
round whose first candidate is optimal does not fall back to one matching per
S1 participant (art. 4.2) - which is what an odd bracket with the PAB at its
foot (C.04.1 art. 4) did.
"""

from __future__ import annotations

import pytest
from helpers import make_tournament

from swisspair.matching.weighted import MatchingComputer
from swisspair.model import RoundPairing
from swisspair.pairing import find_system


def matchings_for_round_one(players: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, RoundPairing]:
    """Pair round 1 of ``players`` rated players; (matchings computed, the pairing)."""
    calls = 0
    compute = MatchingComputer.compute

    def counting(self: MatchingComputer) -> list[int]:
        nonlocal calls
        calls += 1
        return compute(self)

    monkeypatch.setattr(MatchingComputer, "compute", counting)
    t = make_tournament(5, [2600 - 5 * i for i in range(players)])
    pairing = find_system("dutch").pair(t)
    return calls, pairing


@pytest.mark.parametrize("players", [100, 101])
def test_round_one_first_candidate_is_taken_without_ordering_matchings(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Art. 3.4 and art. 4 (C.04.1): S1[i] meets S2[i]; with an odd number, the last has the PAB."""
    calls, pairing = matchings_for_round_one(players, monkeypatch)
    half = players // 2
    boards = sorted(tuple(sorted((b.white, b.black))) for b in pairing.boards)
    assert boards == [(i, i + half) for i in range(1, half + 1)]
    assert pairing.bye == (players if players % 2 else None)
    assert calls <= 3, f"{calls} matchings: the first candidate was not recognised as optimal"
