"""The TRF writer: round trips of the corpus and the fixtures, column layout, TRF26 records, limits."""

from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path

import pytest

from swisspair import trf
from swisspair.errors import LimitExceededError
from swisspair.model import (
    Colour,
    ForbiddenPairs,
    Player,
    Result,
    RoundResult,
    Scoring,
    Tournament,
)
from swisspair.trf.dates import parse_date, to_trf
from swisspair.trf.points import format_points
from swisspair.trf.writer import lines

from helpers import REPO, all_corpus_files, tiered

DATA = Path(__file__).resolve().parent / "data" / "trf"
FUZZ = REPO / "fuzz" / "corpus" / "trf"
CORPUS_FILES = all_corpus_files()


def corpus_params() -> list[object]:
    """One ``pytest.param`` per corpus file (tests/corpus); a sample of them in the fast tier."""
    return [pytest.param(path, id=f"{path.parent.name}/{path.stem}", marks=tiered(index))
            for index, path in enumerate(CORPUS_FILES)]


def with_trf_dates(t: Tournament) -> Tournament:
    """``t`` with its dates (042, 052, birth dates) in the TRF form the writer uses."""
    t = copy.deepcopy(t)
    for code in ("042", "052"):
        t.headers[code] = [to_trf(v) or v if parse_date(v) else v for v in t.headers.get(code, [])]
        if not t.headers[code]:
            del t.headers[code]
    for player in t.players.values():
        player.birth_date = to_trf(player.birth_date)[:10]
    return t


def assert_round_trips(t: Tournament) -> None:
    """``loads(dumps(t)) == t`` (dates in the TRF form) in both dialects and with every line end,
    and writing is stable."""
    expected = with_trf_dates(t)
    for trf26 in (False, True):
        text = trf.dumps(t, trf26=trf26)
        again = trf.loads(text, source="written.trf")
        assert again.errors == []
        assert again.tournament == expected, f"trf26={trf26}"
        assert trf.dumps(again.tournament, trf26=trf26) == text
    assert trf.loads(trf.dumps(t, newline="\r")).tournament == expected


def test_dates_are_kept_as_written_and_written_in_the_trf_form() -> None:
    """lichess writes ``Feb 28, 2026``, Swiss-Manager ``28. 07. 2005`` and ``1975.  .``: the model keeps
    the text, the writer gives ``YYYY/MM/DD`` (TRF16 records 042/052 and 001 columns 70-79)."""
    line = "001    1 m    Alpha, A                          2000 GER     1000000 1975.  .    0.0    1"
    t = trf.loads(f"012 T\n042 Feb 28, 2026\n052 28. 07. 2005\n{line}\n").tournament
    assert t.headers["042"] == ["Feb 28, 2026"] and t.headers["052"] == ["28. 07. 2005"]
    assert t.player(1).birth_date == "1975.  ."
    text = trf.dumps(t)
    assert "042 2026/02/28\n" in text and "052 2005/07/28\n" in text
    assert " 1975/00/00 " in text.splitlines()[-1]


@pytest.mark.parametrize("path", corpus_params())
def test_corpus_file_round_trips(path: Path) -> None:
    t = trf.load(path).tournament
    for trf26 in (False, True):
        text = trf.dumps(t, trf26=trf26)
        again = trf.loads(text)
        assert again.tournament == t and again.warnings == []
        assert trf.dumps(again.tournament, trf26=trf26) == text
    # Every 001 line is written back exactly as the engine wrote it.
    original = {line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("001")}
    assert {line for line in trf.dumps(t).splitlines() if line.startswith("001")} == original


@pytest.mark.parametrize("path", sorted(DATA.glob("*.trf")), ids=lambda p: p.name)
def test_fixture_round_trips(path: Path) -> None:
    assert_round_trips(trf.load(path).tournament)


@pytest.mark.parametrize("path", sorted(FUZZ.glob("ok-*.trf")), ids=lambda p: p.name)
def test_valid_fuzz_input_round_trips(path: Path) -> None:
    assert_round_trips(trf.load(path).tournament)


def test_player_line_columns() -> None:
    player = Player(tpn=12, name="Nørgaard, Søren", sex="m", title="FM", rating=2290, federation="DEN",
                    fide_id="1400004", birth_date="1988/07/21", points=Fraction(5, 2), rank=3,
                    results=[RoundResult(4, Colour.WHITE, Result.WIN), RoundResult(None, Colour.NONE, Result.ABSENT),
                             RoundResult.bye(Result.PAB), RoundResult(107, Colour.BLACK, Result.FORFEIT_LOSS)])
    line = trf.player_line(player)
    assert line == ("001   12 m FM Nørgaard, Søren                   2290 DEN     1400004 1988/07/21  2.5    3"
                    "     4 w 1            0000 - U   107 b -")
    assert (line[4:8], line[9], line[10:13], line[48:52], line[80:84], line[85:89]) == (
        "  12", "m", " FM", "2290", " 2.5", "   3")
    assert line[91:99] == "   4 w 1" and line[111:119] == "0000 - U" and line[121:129] == " 107 b -"
    assert trf.player_line(player, points=Fraction(3), rank=1)[80:89] == " 3.0    1"
    assert trf.player_line(Player(tpn=1)) == "001    1"


def test_long_names_are_cut_to_their_columns() -> None:
    line = trf.player_line(Player(tpn=1, name="X" * 40, rating=1500))
    assert line[14:47] == "X" * 33 and line[48:52] == "1500"


@pytest.mark.parametrize(("value", "text"), [
    (Fraction(0), "0.0"), (Fraction(11, 2), "5.5"), (Fraction(17), "17.0"), (Fraction(1, 4), "0.25"),
    (Fraction(3, 8), "0.375"), (Fraction(1001, 10), "100.1"),
])
def test_format_points(value: Fraction, text: str) -> None:
    assert format_points(value) == text


@pytest.mark.parametrize(("player", "message"), [
    (Player(tpn=10000), "pairing number 10000"),
    (Player(tpn=0), "pairing number 0"),
    (Player(tpn=1, rating=10000), "rating 10000"),
    (Player(tpn=1, rank=12345), "rank 12345"),
    (Player(tpn=1, points=Fraction(1, 3)), "no finite decimal form"),
    (Player(tpn=1, points=Fraction(-1)), "negative points"),
    (Player(tpn=1, points=Fraction(201, 2)), r"points of 1 100.5 does not fit in 4 columns"),
    (Player(tpn=1, results=[RoundResult(12345, Colour.WHITE, Result.WIN)]), "opponent 12345"),
])
def test_values_that_do_not_fit_are_refused(player: Player, message: str) -> None:
    with pytest.raises(LimitExceededError, match=message):
        trf.player_line(player)


def test_integral_points_above_99_drop_the_decimal() -> None:
    line = trf.player_line(Player(tpn=1, points=Fraction(120)))
    assert line[80:84] == " 120"
    assert trf.loads(f"012 x\n{line}\n", lenient=True).tournament.player(1).points == 120


def test_control_characters_are_refused() -> None:
    t = Tournament(players={1: Player(tpn=1, name="Two\nlines")})
    with pytest.raises(LimitExceededError, match="control character"):
        trf.dumps(t)
    with pytest.raises(ValueError, match="newline"):
        trf.dumps(Tournament(players={1: Player(tpn=1)}), newline="\n\n")


def six(**changes: object) -> Tournament:
    """The six-player event of the fixtures (3 rounds played, 3 absent from round 4)."""
    t = trf.load(DATA / "bbp-trf26-cr.trf").tournament
    for key, value in changes.items():
        setattr(t, key, value)
    return t


def test_trf16_output_uses_the_engine_extensions() -> None:
    t = six(forbidden_pairs=[ForbiddenPairs((1, 6)), ForbiddenPairs((2, 5), 4)])
    out = lines(t)
    assert out[0] == "012 Engine test 3-1-0"
    assert out[7:] == [
        "XXR 5", "XXC white1", "192 FIDE_DUTCH_2026",
        "XXS WW=3.0 WD=1.0 WL=0.0 ZPB=0.0",
        "BBW  3.0", "BBD  1.0", "BBL  0.0", "BBZ  0.0", "BBF  0.0", "BBU  3.0",
        "XXA    1  1.0  1.0", "XXA    2  1.0  1.0", "XXA    3  1.0  1.0",
        "XXP    1    6", "260   4 999    2    5",
    ]
    assert_round_trips(t)


def test_trf26_output() -> None:
    t = six(forbidden_pairs=[ForbiddenPairs((1, 6)), ForbiddenPairs((2, 5), 4, 5)])
    t.accelerations[5] = {1: Fraction(1, 2), 3: Fraction(1, 2)}
    t.players[2].results.append(RoundResult.bye(Result.HALF_BYE))
    t.players[4].results.append(RoundResult.bye(Result.HALF_BYE))
    out = lines(t, trf26=True)
    assert out[7:] == [
        "142 5", "152 W", "192 FIDE_DUTCH_2026",
        "162  W 3.0    D 1.0",
        "240 H   4    2    4", "240 Z   4    3",
        "250       1.0   1   2    1    3", "250       0.5   1   1    5    5", "250       0.5   3   3    5    5",
        "260   1 999    1    6", "260   4   5    2    5",
    ]
    assert_round_trips(t)


@pytest.mark.parametrize(("scoring", "trf26_lines"), [
    (Scoring(), []),
    (Scoring(pab=Fraction(1, 2)), ["162  P 0.5"]),
    (Scoring(zero_bye=Fraction(1, 2)), ["162  A 0.5"]),
    (Scoring(win=Fraction(2), draw=Fraction(1), loss=Fraction(1, 2), pab=Fraction(1)),
     ["162  W 2.0    D 1.0    L 0.5    P 1.0"]),
    (Scoring(black_win=Fraction(3, 4)), ["XXS WW=1.0 BW=0.75 WD=0.5 WL=0.0 ZPB=0.0"]),
    (Scoring(win=Fraction(3), forfeit_win=Fraction(2)), ["162  W 3.0", "XXS WW=3.0 WD=0.5 WL=0.0 ZPB=0.0 FW=2.0"]),
])
def test_scoring_records(scoring: Scoring, trf26_lines: list[str]) -> None:
    t = Tournament(players={1: Player(tpn=1, results=[RoundResult.bye(Result.PAB)])}, scoring=scoring)
    out = lines(t, trf26=True)
    assert out[1:] == trf26_lines
    assert_round_trips(t)
    if not scoring.is_default:
        bb = [line for line in lines(t) if line.startswith("BB")]
        assert bb[-1] == f"BBU {format_points(scoring.pab_points):>4}"


def test_headers_keep_their_order_and_duplicates() -> None:
    text = ("012 Name\n092 Individual: Swiss-System\n022 City\n112 Deputy one\n112 Deputy two\n"
            "001    1\n012 Second name line\n")
    t = trf.loads(text).tournament
    assert t.name == "Name" and t.headers["012"] == ["Second name line"]
    assert lines(t)[:6] == ["012 Name", "012 Second name line", "022 City", "092 Individual: Swiss-System",
                            "112 Deputy one", "112 Deputy two"]
    assert_round_trips(t)
    blank_first = trf.loads("012\n012 Real name\n001    1\n").tournament
    assert (blank_first.name, blank_first.headers) == ("", {"012": ["Real name"]})
    assert_round_trips(blank_first)


def test_system_read_from_092_is_not_written_twice() -> None:
    t = trf.loads("012 x\n001    1\n092 FIDE_DUTCH_2025\n").tournament
    assert t.system == "FIDE_DUTCH_2025"
    assert [line for line in lines(t) if line[:3] in ("092", "192")] == ["092 FIDE_DUTCH_2025"]
    assert "192 FIDE_DUTCH_2025" in lines(t, trf26=True)


def test_model_built_tournament_round_trips() -> None:
    t = Tournament(name="Built", rounds=4, initial_colour=Colour.BLACK, system="FIDE_BURSTEIN")
    t.players[1] = Player(tpn=1, name="A", rating=2000, points=Fraction(3, 2), results=[
        RoundResult(2, Colour.BLACK, Result.DRAW), RoundResult.bye(Result.PAB)])
    t.players[2] = Player(tpn=2, name="B", rating=1900, results=[
        RoundResult(1, Colour.WHITE, Result.DRAW), RoundResult.bye(Result.ABSENT), RoundResult.bye(Result.FULL_BYE)])
    t.extra_lines = ["BEL    1      A", "### note"]
    assert_round_trips(t)


def test_write_to_a_handle(tmp_path: Path) -> None:
    t = six()
    path = tmp_path / "out.trf"
    with open(path, "w", encoding="utf-8", newline="") as handle:
        trf.write(t, handle, newline="\r\n")
    data = path.read_bytes()
    assert data.count(b"\r\n") == data.count(b"\n") == len(lines(t))
    assert trf.load(path).tournament == t
