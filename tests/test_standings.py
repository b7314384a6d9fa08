"""Standings: ranking by score then tie-breaks (FIDE C.07 (2026) 4.2), shared places, lots, outputs."""

from __future__ import annotations

import csv
import io
import json

import pytest
from test_tiebreaks_support import EXAMPLE, F, build

from swisspair.standings import (
    DEFAULT_TIEBREAKS,
    compute_standings,
    edition_for_date,
    tiebreaks_from_headers,
)
from swisspair.errors import InvalidTieBreakError
from swisspair.tiebreaks.editions import Edition


def test_ranking_applies_each_tiebreak_inside_tied_groups_4_2() -> None:
    s = compute_standings(build(EXAMPLE), "BH/C1,BH,SB,DE")
    # 2 leads on 3 points; 1 and 5 on 2.5: BH/C1 6.5 against 7 -> 5 second;
    # 3 and 6 on 2: BH/C1 7.5 against 6.5 -> 3 fourth; then 4 (1.5) and 7 (1)
    assert [r.tpn for r in s.rows] == [2, 5, 1, 3, 6, 4, 7]
    assert [r.place_text for r in s.rows] == ["1", "2", "3", "4", "5", "6", "7"]


def test_direct_encounter_column_is_the_place_inside_the_tied_group() -> None:
    s = compute_standings(build(EXAMPLE), "DE")
    de = {r.tpn: r.values[0] for r in s.rows}
    # 3 and 6 (2 points) met: 6 won -> 6 first (1), 3 second (2); 1 and 5 never met -> 0; the rest alone -> 0
    assert de == {1: 0, 2: 0, 3: 2, 4: 0, 5: 0, 6: 1, 7: 0}
    # 1 and 5 remain tied and share places 2-3
    assert {r.tpn: r.place_text for r in s.rows}[1] == "2-3"
    assert s.tied_groups == [[1, 5]]


def test_shared_places_when_the_list_is_exhausted() -> None:
    t = build("""
1: 2w= 3b=
2: 1b= 4w=
3: 4w= 1w=
4: 3b= 2b=
""")
    # all four drew both games: level on points and on WIN, they share places 1-4
    s = compute_standings(t, "WIN")
    assert [r.place_text for r in s.rows] == ["1-4"] * 4


def test_lots_are_drawn_with_a_recorded_seed() -> None:
    t = build("""
1: 2w= 3b=
2: 1b= 4w=
3: 4w= 1w=
4: 3b= 2b=
""")
    a = compute_standings(t, "WIN", lots_seed=7)
    b = compute_standings(t, "WIN", lots_seed=7)
    assert [r.tpn for r in a.rows] == [r.tpn for r in b.rows]
    assert [r.place_text for r in a.rows] == ["1", "2", "3", "4"]
    assert a.lots is not None and a.lots.seed == 7 and sorted(a.lots.groups[0]) == [1, 2, 3, 4]
    assert "lots drawn with seed 7" in a.to_text()
    orders = {tuple(r.tpn for r in compute_standings(t, "WIN", lots_seed=seed).rows) for seed in range(30)}
    assert len(orders) > 1


def test_a_seed_given_with_no_tie_left_says_no_lots_were_drawn() -> None:
    t = build("""
1: 3w1 4b1
2: 4w1 3b=
3: 1b0 2w=
4: 2b0 1w0
""")
    s = compute_standings(t, "WIN", lots_seed=7)
    assert s.lots is not None and s.lots.groups == ()
    assert s.to_text().splitlines()[-1] == "no lots drawn (seed 7): no tie was left"


def test_missing_ratings_drop_the_tiebreak_with_a_message_art_10() -> None:
    t = build("""
1(2000): 2w1 3b=
2: 1b0 4w1
3(1800): 4w= 1w=
4(1700): 3b= 2b0
""")
    s = compute_standings(t, "ARO,BH,TPR")
    assert [d.label for d in s.tiebreaks] == ["BH"]
    assert [d.label for d, _ in s.dropped] == ["ARO", "TPR"]
    assert "1 participant(s) without a rating (TPN 2)" in s.notes[0]
    assert "C.07 art. 10" in s.notes[0]
    # a rating given to unrated players by the regulations keeps it
    kept = compute_standings(t, "ARO/U1000")
    assert [d.label for d in kept.tiebreaks] == ["ARO/U1000"]


def test_unrated_rating_value() -> None:
    t = build("""
1(2000): 2w1 3b=
2: 1b0 4w1
3(1800): 4w= 1w=
4(1700): 3b= 2b0
""")
    s = compute_standings(t, "ARO/U1000")
    # 1 met 2 (unrated: 1000) and 3 (1800): 1400
    assert s.row(1).values[0] == 1400


def test_csv_columns_and_plain_decimals() -> None:
    s = compute_standings(build(EXAMPLE), "BH/C1,BH,SB,DE,WIN,BWG")
    rows = list(csv.reader(io.StringIO(s.to_csv())))
    assert rows[0] == ["rank", "tpn", "name", "points", "BH/C1", "BH", "SB", "DE", "WIN", "BWG"]
    by_tpn = {r[1]: r for r in rows[1:]}
    assert by_tpn["2"][:7] == ["1", "2", "Player 2", "3", "7.5", "8.5", "5.75"]
    assert by_tpn["6"][3] == "2" and by_tpn["6"][6] == "3.75"


def test_descriptor_heading_is_kept_as_given() -> None:
    s = compute_standings(build(EXAMPLE), "bh/c1,Bh")
    assert s.headings()[4:] == ["bh/c1", "Bh"]


def test_json_output_has_values_and_terms() -> None:
    s = compute_standings(build(EXAMPLE), "BH/C1,SB")
    data = json.loads(s.to_json())
    assert data["edition"] == "2026" and data["tiebreaks"] == ["BH/C1", "SB"]
    first = data["standings"][0]
    assert first["tpn"] == 2 and first["tiebreaks"] == {"BH/C1": 7.5, "SB": 5.75}
    terms = first["detail"]["BH/C1"]["terms"]
    assert [t["cut"] for t in terms] == [False, True, False, False]
    assert first["detail"]["SB"]["exact"] == "23/4"


def test_html_and_crosstable() -> None:
    s = compute_standings(build(EXAMPLE), "BH")
    page = s.to_html()
    assert page.startswith("<!DOCTYPE html>") and "<th>BH</th>" in page and "Crosstable" in page
    cross = s.crosstable()
    line = next(row for row in cross.splitlines() if "Player 3" in row)
    # 3's round 2 forfeit win against 4 (line 6), round 1 loss to 6 (line 5) with White
    assert " 6+ " in line + " " and "5w0" in line


def test_detail_shows_terms_and_cuts() -> None:
    s = compute_standings(build(EXAMPLE), "BH/C1")
    text = s.detail(1)
    assert "BH/C1 = 6.5" in text
    assert "capped to 2 by 16.4.2" in text and "(cut)" in text


def test_default_list_and_trf_header_lists() -> None:
    t = build(EXAMPLE)
    assert [d.label for d in compute_standings(t).tiebreaks] == DEFAULT_TIEBREAKS.split(",")
    t.headers["212"] = ["PTS,BH/C1,DE"]
    assert tiebreaks_from_headers(t) == "BH/C1,DE"
    assert [d.label for d in compute_standings(t).tiebreaks] == ["BH/C1", "DE"]


def test_named_lists() -> None:
    s = compute_standings(build(EXAMPLE), "swiss-2009")
    assert [d.label for d in s.tiebreaks] == ["BH/C1", "BH", "SB", "DE", "WIN", "BWG"]


def test_editions_change_the_values_not_the_procedure() -> None:
    t = build(EXAMPLE)
    assert compute_standings(t, "BH", edition="2024").row(1).values == [F(9)]
    assert compute_standings(t, "BH", edition="2026").row(1).values == [F("8.5")]


def test_edition_by_date() -> None:
    assert edition_for_date("2026/05/01") is Edition.C07_2026
    assert edition_for_date("2025-01-10") is Edition.C07_2024
    assert edition_for_date("2024/01/10") is Edition.C07_2023
    assert edition_for_date("2019/01/10") is Edition.VIRTUAL_2009
    assert edition_for_date("") is Edition.C07_2026
    t = build(EXAMPLE)
    t.headers["042"] = ["2025/02/01"]
    assert compute_standings(t, "BH", edition="auto").edition is Edition.C07_2024


def test_tpn_reverse_and_rating_order() -> None:
    t = build("""
1(1500): 2w=
2(1600): 1b=
""")
    assert [r.tpn for r in compute_standings(t, "TPN").rows] == [1, 2]
    assert [r.tpn for r in compute_standings(t, "TPN/R").rows] == [2, 1]
    assert [r.tpn for r in compute_standings(t, "RTNG").rows] == [2, 1]
    assert [r.tpn for r in compute_standings(t, "RTNG/R").rows] == [1, 2]


def test_bad_list_raises() -> None:
    with pytest.raises(InvalidTieBreakError):
        compute_standings(build(EXAMPLE), "BH,NOPE")


def test_scoring_from_the_file_is_used() -> None:
    from swisspair import trf

    text = (
        "012 Three points\n"
        "001    1      A                                 2000                             3.0    1     2 w 1\n"
        "001    2      B                                 1900                             0.0    2     1 b 0\n"
        "XXS WW=3 BW=3 WD=1 BD=1\n"
    )
    t = trf.loads(text).tournament
    s = compute_standings(t, "BH")
    assert s.row(1).points == 3


def test_unknown_codes_in_the_file_list_are_skipped_with_a_note() -> None:
    t = build(EXAMPLE)
    t.headers["202"] = ["BH/C1,OTHER_XYZ,SB"]
    s = compute_standings(t)
    assert [d.label for d in s.tiebreaks] == ["BH/C1", "SB"]
    assert "OTHER_XYZ" in s.notes[0] and "skipped" in s.notes[0]


def test_the_collector_is_left_as_it_was() -> None:
    """The build pauses the cyclic collector and restores it; objects frozen by the caller stay frozen."""
    import gc

    event = build(EXAMPLE)
    gc.disable()
    try:
        compute_standings(event, "BH")
        assert not gc.isenabled()
    finally:
        gc.enable()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        compute_standings(event, "BH")
        assert gc.isenabled() and gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
