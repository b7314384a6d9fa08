"""C.04.3 art. 4.2 (S1 participants take their opponents in order): one matching or many, same answer.

The Dutch engine normally fixes each S1 participant's opponent with its own
matching. When that keeps dissolving a large blossom it fixes all the
remaining ones with one lexicographic matching instead
(``_Solver.lexicographic``). Both ways must give every round of the corpus
identically; here each way is forced in turn.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import corpus_files

from swisspair import trf
from swisspair.pairing import dutch
from swisspair.pairing.checker import check_rounds

pytestmark = pytest.mark.slow  # replays the 12 largest corpus tournaments twice: the full tier only

LARGEST = sorted(corpus_files("dutch"), key=lambda p: (-p.stat().st_size, p.name))[:12]


def _replay(path: Path) -> list[tuple[int, tuple[object, ...], int | None]]:
    tournament = trf.load(path).tournament
    engine = dutch.DutchSystem()
    out = []
    for check in check_rounds(tournament, engine.pair):
        assert check.ok, check.describe()
        out.append((check.round_number, check.produced.boards, check.produced.bye))
    return out


def test_one_lexicographic_matching_gives_the_same_pairings(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    original = dutch._Solver.lexicographic

    def counting(self: dutch._Solver, preferences: list[tuple[int, list[int]]]) -> list[int] | None:
        calls.append(len(preferences))
        return original(self, preferences)

    monkeypatch.setattr(dutch._Solver, "lexicographic", counting)
    monkeypatch.setattr(dutch, "_LARGE_BLOSSOM", 0)  # never: one matching per S1 participant
    one_by_one = [_replay(path) for path in LARGEST]
    assert not calls
    monkeypatch.setattr(dutch, "_LARGE_BLOSSOM", 10**9)  # always, from the second re-solve on
    at_once = [_replay(path) for path in LARGEST]
    assert sum(n > 1 for n in calls) >= 20, calls
    assert at_once == one_by_one


@pytest.mark.parametrize("ranked", [1, 10**9])
def test_a_few_ranks_per_participant_give_the_same_pairings(monkeypatch: pytest.MonkeyPatch, ranked: int) -> None:
    """The lexicographic matching with a few candidates ranked, widened until it is certified, equals all ranked.

    ``_RANKED`` 1 makes the first try miss often (the widening is exercised);
    with 10**9 every candidate not guessed taken by an earlier participant is
    ranked at once. Both fail when a miss goes unnoticed (checked by hand).
    """
    solves: list[str] = []
    original_ranked, original_lexicographic = dutch._Solver._ranked, dutch._Solver.lexicographic

    def ranked_solve(self: dutch._Solver, vertices: list[int], ranks: list[list[int]]) -> dutch.MatchingComputer:
        solves.append("try")
        return original_ranked(self, vertices, ranks)

    def lexicographic(self: dutch._Solver, preferences: list[tuple[int, list[int]]]) -> list[int] | None:
        solves.append("matching")
        return original_lexicographic(self, preferences)

    monkeypatch.setattr(dutch._Solver, "_ranked", ranked_solve)
    monkeypatch.setattr(dutch._Solver, "lexicographic", lexicographic)
    monkeypatch.setattr(dutch, "_RANKED", ranked)
    monkeypatch.setattr(dutch, "_NARROW_BITS", 0)  # the corpus's ranks are narrow: truncate them all the same
    monkeypatch.setattr(dutch, "_LARGE_BLOSSOM", 10**9)
    replays = [_replay(path) for path in LARGEST]
    tries, matchings = solves.count("try"), solves.count("matching")
    monkeypatch.setattr(dutch, "_LARGE_BLOSSOM", 0)
    assert replays == [_replay(path) for path in LARGEST]
    assert matchings >= 20
    if ranked == 1:
        assert tries > matchings, "no try was widened"


def test_ranks_too_wide_for_one_matching_leave_the_participants_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the tries do not settle and ranking every candidate at once would not fit, the bracket goes one S1
    participant at a time (``_Solver.too_wide``): the same pairings."""
    gave_up: list[bool] = []
    original = dutch._Solver.lexicographic

    def lexicographic(self: dutch._Solver, preferences: list[tuple[int, list[int]]]) -> list[int] | None:
        found = original(self, preferences)
        gave_up.append(self.too_wide)
        return found

    monkeypatch.setattr(dutch._Solver, "lexicographic", lexicographic)
    monkeypatch.setattr(dutch, "_RANKED", 1)
    monkeypatch.setattr(dutch, "_WIDE_RETRIES", 1)
    monkeypatch.setattr(dutch, "_NARROW_BITS", 0)
    monkeypatch.setattr(dutch, "_ALL_RANKS_BITS", 0)
    monkeypatch.setattr(dutch, "_LARGE_BLOSSOM", 10**9)
    capped = [_replay(path) for path in LARGEST]
    assert any(gave_up), "no lexicographic matching gave up: the test does not reach too_wide"
    monkeypatch.setattr(dutch, "_LARGE_BLOSSOM", 0)
    assert capped == [_replay(path) for path in LARGEST]
