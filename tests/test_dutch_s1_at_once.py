"""C.04.3 art. 4.2 (S1 participants take their opponents in order): one matching or many, same answer.

The Dutch engine normally fixes each S1 participant's opponent with its own
matching. When that keeps dissolving a large blossom it fixes all the
remaining ones with one lexicographic matching instead
(``_Solver.lexicographic``, a chunk of participants ranked at a time). Both
ways must give every round of the corpus identically; here each way is
forced in turn.
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


@pytest.mark.parametrize("chunk_bits", [1, 24])
def test_chunks_of_any_size_give_the_same_pairings(monkeypatch: pytest.MonkeyPatch, chunk_bits: int) -> None:
    """The single S1 matching ranks a chunk of participants at a time (``_CHUNK_BITS``): one participant a
    chunk, or a few, give the same pairings as one matching per participant (the corpus fits one chunk)."""
    chunks: list[int] = []
    original = dutch._Solver._ranked_chunk

    def counting(ranked: dutch.MatchingComputer, vertices: list[int], lists: list[list[int]], width: int) -> bool:
        chunks.append(len(vertices))
        return original(ranked, vertices, lists, width)

    monkeypatch.setattr(dutch._Solver, "_ranked_chunk", staticmethod(counting))
    monkeypatch.setattr(dutch, "_CHUNK_BITS", chunk_bits)
    monkeypatch.setattr(dutch, "_LARGE_BLOSSOM", 10**9)
    chunked = [_replay(path) for path in LARGEST]
    assert len(chunks) >= 40, chunks
    if chunk_bits == 1:
        assert set(chunks) == {1}
    else:
        assert sum(size > 1 for size in chunks) >= 20, chunks
    monkeypatch.setattr(dutch, "_LARGE_BLOSSOM", 0)
    assert chunked == [_replay(path) for path in LARGEST]
