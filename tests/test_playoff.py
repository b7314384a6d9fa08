"""Play-offs as in C.02 art. 13.2.11 (FIDE Handbook, 2009)."""

from __future__ import annotations

import pytest
from test_tiebreaks_support import EXAMPLE, build

from swisspair.playoff import Playoff, PlayoffError, apply_playoff, playoff_group
from swisspair.standings import compute_standings


def _play(po: Playoff, results: dict[str, str]) -> None:
    for gid, res in results.items():
        po.record(gid, res)


def test_two_players_mini_match_13_2_11_1() -> None:
    po = Playoff([4, 9], seed=1)
    assert [g.id for g in po.pending] == ["M.1"]
    g1 = po.pending[0]
    _play(po, {"M.1": "1-0"})
    g2 = po.pending[0]
    # colours reverse in game 2
    assert (g2.white, g2.black) == (g1.black, g1.white)
    _play(po, {"M.2": "1-0"})
    # 1-1: sudden death with colours drawn again
    assert [g.id for g in po.pending] == ["M.SD1"]
    sd1 = po.pending[0]
    _play(po, {"M.SD1": "1/2-1/2"})
    sd2 = po.pending[0]
    assert (sd2.white, sd2.black) == (sd1.black, sd1.white)  # reversed after an odd game
    _play(po, {"M.SD2": "="})
    sd3 = po.pending[0]
    assert (sd3.white, sd3.black) == (sd2.white, sd2.black)  # kept after an even game
    _play(po, {"M.SD3": "0-1"})
    assert po.finished
    assert [p.players for p in po.placements] == [(sd3.black,), (sd3.white,)]  # type: ignore[union-attr]


def test_mini_match_decided_in_two_games() -> None:
    po = Playoff([4, 9], seed=5)
    first = po.pending[0]
    _play(po, {"M.1": "1-0", "M.2": "1/2-1/2"})
    assert po.finished and po.placements[0].players == (first.white,)  # type: ignore[index]


def test_three_players_round_robin_13_2_11_2() -> None:
    po = Playoff([1, 2, 3], seed=11)
    assert len(po.pending) == 3 and all(g.stage == "round robin" for g in po.games)
    games = {g.id: g for g in po.games}
    # a clear winner of the round robin
    w = games["RR.1"].white
    results = {}
    for gid, g in games.items():
        if w in (g.white, g.black):
            results[gid] = "1-0" if g.white == w else "0-1"
        else:
            results[gid] = "1/2-1/2"
    _play(po, results)
    assert po.finished
    assert po.placements[0].players == (w,)  # type: ignore[index]
    assert po.placements[1].text == "2-3"  # type: ignore[index]


def test_three_players_all_level_eliminate_by_next_tiebreak() -> None:
    po = Playoff([7, 8, 9], seed=2)  # 9 is last on the next tie-break
    _play(po, {g.id: "1/2-1/2" for g in list(po.pending)})
    assert not po.finished
    assert any("9 eliminated" in n for n in po.notes)
    match = po.pending[0]
    assert {match.white, match.black} == {7, 8}
    _play(po, {match.id: "1-0"})
    _play(po, {po.pending[0].id: "1/2-1/2"})
    assert po.finished
    assert [p.players for p in po.placements][2] == (9,)  # type: ignore[index]


def test_four_players_knockout_losers_share_13_2_6() -> None:
    po = Playoff([1, 2, 3, 4], seed=3)
    assert {g.id for g in po.pending} == {"SF1.1", "SF2.1"}
    while not po.finished:
        _play(po, {po.pending[0].id: "1-0"})
    texts = [p.text for p in po.placements]  # type: ignore[union-attr]
    assert texts == ["1", "2", "3-4"]


def test_five_or_more_keep_top_four_13_2_11_4() -> None:
    po = Playoff([10, 11, 12, 13, 14, 15], seed=4)
    assert "14, 15 eliminated" in po.notes[0]
    assert {g.white for g in po.pending} | {g.black for g in po.pending} == {10, 11, 12, 13}
    while not po.finished:
        _play(po, {po.pending[0].id: "0-1"})
    assert [p.text for p in po.placements][-2:] == ["5", "6"]  # type: ignore[union-attr]


def test_replay_from_json_is_identical() -> None:
    po = Playoff([3, 1, 2, 4], seed=99, first_place=1)
    _play(po, {"SF1.1": "1-0", "SF2.1": "1/2-1/2"})
    again = Playoff.from_json(po.to_json())
    assert [(g.id, g.white, g.black, g.result) for g in again.games] == \
           [(g.id, g.white, g.black, g.result) for g in po.games]


def test_bad_results_are_refused() -> None:
    po = Playoff([1, 2], seed=1)
    with pytest.raises(PlayoffError, match="expected 1-0"):
        po.record("M.1", "2-0")
    with pytest.raises(PlayoffError, match="not waiting"):
        po.record("M.2", "1-0")
    with pytest.raises(PlayoffError, match="at least two"):
        Playoff([1], seed=1)


def test_playoff_from_standings_and_settled_places() -> None:
    s = compute_standings(build(EXAMPLE), "BH/C1")
    # 1 and 5 are level on 2.5 for place 2
    group = playoff_group(s, 2)
    assert group == [5, 1]
    assert playoff_group(s, 1) == []
    po = Playoff(group, seed=8, first_place=2)
    while not po.finished:
        loser_white = po.pending[0]
        _play(po, {loser_white.id: "0-1"})
    settled = apply_playoff(s, po)
    assert [tpn for _, tpn in settled][0] == 2
    assert [place for place, _ in settled][:3] == ["1", "2", "3"]
