"""The shared invariant checker (tests/invariants.py) catches what it is meant to catch."""

from __future__ import annotations

import pytest
from helpers import make_tournament
from invariants import check_invariants, last_round, no_exemption

RATINGS = [2400, 2300, 2200, 2100]


def test_a_rematch_is_caught() -> None:  # C.04.1 art. 2
    t = make_tournament(2, RATINGS, [["1-2 1-0", "3-4 1-0"], ["2-1 1-0", "4-3 1-0"]])
    with pytest.raises(AssertionError, match="rematch"):
        check_invariants(t)


def test_a_second_pab_is_caught() -> None:  # C.04.1 art. 4
    t = make_tournament(2, RATINGS + [2000], [["1-2 1-0", "3-4 1-0", "5 U"], ["1-3 1-0", "2-4 1-0", "5 U"]])
    with pytest.raises(AssertionError, match="PAB"):
        check_invariants(t)


def test_a_third_white_is_caught_unless_exempt() -> None:  # C.04.1 art. 7 (and art. 6)
    games = [["1-2 1-0", "3-4 1-0"], ["1-3 1-0", "2-4 1-0"], ["1-4 1-0", "3-2 1-0"]]
    t = make_tournament(3, RATINGS, games)
    with pytest.raises(AssertionError, match="colour"):
        check_invariants(t, no_exemption)
    check_invariants(t, last_round)  # the third game is in the last round
