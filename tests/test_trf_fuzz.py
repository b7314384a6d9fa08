"""Property-based tests of the TRF reader and writer, and the nasty inputs of ``fuzz/corpus/trf/``.

* Random mutations of valid files never make the reader raise anything but
  :exc:`~swisspair.errors.TRFError`; lenient mode never raises once the bytes
  are text; what reads without error round-trips.
* Generated valid tournaments round-trip: ``loads(dumps(t)) == t``.

``SWISSPAIR_FUZZ_EXAMPLES`` raises the number of examples (default 150) for a
longer local run. The runs are derandomized so that CI is reproducible;
``SWISSPAIR_FUZZ_RANDOM=1`` explores new examples instead.
"""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swisspair import trf
from swisspair.errors import TRFError
from swisspair.model import Colour, ForbiddenPairs, Player, Result, RoundResult, Scoring, Tournament
from swisspair.teams import MatchPoints, TeamEntry, TeamForfeit, TeamLineup, TeamPab
from swisspair.trf.reader import HEADER_CODES, KNOWN_SYSTEM_PREFIXES, TITLES, check_date

from helpers import all_corpus_files

from test_trf_writer import with_trf_dates

REPO = Path(__file__).resolve().parents[1]
FUZZ = REPO / "fuzz" / "corpus" / "trf"
DATA = Path(__file__).resolve().parent / "data" / "trf"
EXAMPLES = int(os.environ.get("SWISSPAIR_FUZZ_EXAMPLES", "150"))
FUZZ_SETTINGS = settings(max_examples=EXAMPLES, deadline=None,
                         derandomize=not os.environ.get("SWISSPAIR_FUZZ_RANDOM"),
                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# -- the fuzz corpus -----------------------------------------------------------------------------

FUZZ_FILES = sorted(FUZZ.glob("*.trf"))


def test_fuzz_corpus_is_there() -> None:
    names = [p.name for p in FUZZ_FILES]
    assert len(names) >= 40
    assert all(name.startswith(("ok-", "bad-")) for name in names)


@pytest.mark.parametrize("path", FUZZ_FILES, ids=lambda p: p.name)
def test_fuzz_input(path: Path) -> None:
    """``ok-*`` files read (warnings allowed), ``bad-*`` files raise a located :exc:`TRFError`."""
    if path.name.startswith("ok-"):
        result = trf.load(path)
        assert result.errors == []
        assert len(result.tournament) >= 1
        return
    with pytest.raises(TRFError) as info:
        trf.load(path)
    error = info.value
    assert error.location.source == str(path)
    assert "\n" not in str(error)
    lenient_read(path.read_bytes())


def lenient_read(data: bytes) -> trf.TRFReadResult | None:
    """Lenient reading of ``data``: ``None`` when the bytes are not text, never an exception otherwise."""
    try:
        text, _ = trf.decode(data, "fuzz.trf")
    except TRFError:
        return None
    return trf.loads(text, source="fuzz.trf", lenient=True)


# -- mutations of valid files --------------------------------------------------------------------

def _seeds() -> list[bytes]:
    seeds = [p.read_bytes() for p in FUZZ_FILES if p.name.startswith("ok-")]
    seeds += [p.read_bytes() for p in sorted(DATA.glob("*.trf"))]
    seeds += [p.read_bytes() for p in all_corpus_files()[:: 97]]  # a few small and large ones
    return seeds


SEEDS = _seeds()
NASTY = [b" ", b"0", b"1", b"9", b"=", b"+", b"-", b"w", b"b", b"U", b"H", b"Z", b"\n", b"\r", b"\r\n", b"\t",
         b"\x00", b"\x1a", b"\xff", b"\xc3\xa9", b"\xe2\x80\xa8", b"\xef\xbb\xbf", b"\xc2\xb2", b"9999", b"0000",
         b"001 ", b"XXR ", b"XXC ", b"XXS W=", b"XXA    1 ", b"XXP ", b"XXZ ", b"142 ", b"152 ", b"162  W",
         b"240 H   1 ", b"250       1.0   1 999    1 9999", b"260   1 999 ", b"013 ", b"310 ", b"###", b"DDD ",
         b"BBW ", b"\n001 9999      X", b"  0000 - U", b"     1 w 1", b"1999/02/29", b"1.5", b",5"]

mutation = st.tuples(
    st.sampled_from(["replace", "delete", "insert", "truncate", "duplicate-line", "swap-lines", "random-bytes"]),
    st.floats(min_value=0, max_value=1, allow_nan=False),
    st.one_of(st.sampled_from(NASTY), st.binary(min_size=1, max_size=8)),
)


def mutate(data: bytes, mutations: list[tuple[str, float, bytes]]) -> bytes:
    buffer = bytearray(data)
    for kind, where, payload in mutations:
        pos = int(where * len(buffer))
        if kind == "replace":
            buffer[pos:pos + len(payload)] = payload
        elif kind == "delete":
            del buffer[pos:pos + len(payload) * 3]
        elif kind == "insert":
            buffer[pos:pos] = payload
        elif kind == "truncate":
            del buffer[pos:]
        elif kind in ("duplicate-line", "swap-lines"):
            lines = bytes(buffer).split(b"\n")
            i = int(where * (len(lines) - 1))
            j = (i + len(payload)) % len(lines)
            if kind == "duplicate-line":
                lines.insert(j, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            buffer = bytearray(b"\n".join(lines))
        else:
            buffer[pos:pos] = payload * 10
    return bytes(buffer)


@FUZZ_SETTINGS
@given(seed=st.sampled_from(SEEDS), mutations=st.lists(mutation, min_size=1, max_size=5))
def test_mutated_files_raise_only_trf_errors(seed: bytes, mutations: list[tuple[str, float, bytes]]) -> None:
    data = mutate(seed, mutations)
    try:
        text, _ = trf.decode(data, "fuzz.trf")
    except TRFError as error:
        assert error.line is not None and "\n" not in str(error)
        return
    try:
        strict: trf.TRFReadResult | None = trf.loads(text, source="fuzz.trf")
    except TRFError as error:
        assert "\n" not in str(error) and "\r" not in str(error)
        strict = None
    lenient = trf.loads(text, source="fuzz.trf", lenient=True)
    if strict is None:
        assert lenient.errors, "strict mode raised but lenient mode found nothing"
        return
    assert lenient.errors == [] and lenient.tournament == strict.tournament
    t = strict.tournament
    for trf26 in (False, True):
        again = trf.loads(trf.dumps(t, trf26=trf26))
        assert again.errors == [] and again.tournament == with_trf_dates(t)  # dates written in the TRF form


@FUZZ_SETTINGS
@given(data=st.binary(max_size=400))
def test_random_bytes_raise_only_trf_errors(data: bytes) -> None:
    try:
        text, _ = trf.decode(data, "fuzz.trf")
        trf.loads(text, source="fuzz.trf")
    except TRFError:
        pass
    lenient_read(data)


@pytest.mark.slow
@FUZZ_SETTINGS
@given(value=st.text(max_size=12))
def test_check_date_never_raises(value: str) -> None:
    valid, standard = check_date(value)
    assert valid or not standard


# -- generated valid tournaments ---------------------------------------------------------------

def _plain(text: str) -> bool:
    return text == text.strip() and all(c.isprintable() or c == " " for c in text)


names = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=33).filter(_plain)
points = st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(2), Fraction(3)])
GAMES = [("1", "0"), ("0", "1"), ("=", "="), ("W", "L"), ("L", "W"), ("D", "D"), ("0", "0"), ("=", "0"),
         ("+", "-"), ("-", "+"), ("-", "-")]
OPTIONAL = {"black_win": "win", "black_draw": "draw", "black_loss": "loss", "forfeit_win": "win",
            "forfeit_loss": "zero_bye", "full_bye": "win", "half_bye": "draw", "pab": "win"}


@st.composite
def scorings(draw: st.DrawFn) -> Scoring:
    if draw(st.booleans()):
        return Scoring()
    values = {name: draw(points) for name in ("win", "draw", "loss", "zero_bye")}
    for name, default in OPTIONAL.items():
        value = draw(st.none() | points)
        if value is not None and value != values[default]:
            values[name] = value
    return Scoring(**values)


@st.composite
def dates(draw: st.DrawFn) -> str:
    year = draw(st.integers(1900, 2030))
    month = draw(st.integers(1, 12))
    day = draw(st.integers(1, 28))
    return f"{year:04d}/{month:02d}/{day:02d}"


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    n = draw(st.integers(1, 12))
    played = draw(st.integers(0, 7))
    t = Tournament(name=draw(names), scoring=draw(scorings()))
    for tpn in range(1, n + 1):
        t.players[tpn] = Player(
            tpn=tpn, name=draw(names), sex=draw(st.sampled_from(["", "m", "w"])),
            title=draw(st.sampled_from(["", *sorted(TITLES)])), rating=draw(st.integers(0, 9999)),
            federation=draw(st.sampled_from(["", "BEL", "FRA", "IND", "USA"])),
            fide_id=draw(st.from_regex(r"[0-9]{0,11}", fullmatch=True)), birth_date=draw(st.just("") | dates()),
            rank=draw(st.none() | st.integers(1, 9999)))
    for rnd in range(1, played + 2):
        tpns = draw(st.permutations(list(t.players)))
        absent = draw(st.integers(0, len(tpns))) if rnd > played else draw(st.integers(0, len(tpns) // 3))
        for tpn in tpns[:absent]:
            kind = draw(st.sampled_from([Result.HALF_BYE, Result.FULL_BYE, Result.ZERO_BYE, Result.ABSENT]))
            t.players[tpn].results.append(RoundResult.bye(kind))
        if rnd > played:
            break
        rest = list(tpns[absent:])
        if len(rest) % 2:
            t.players[rest.pop()].results.append(RoundResult.bye(Result.PAB))
        for white, black in zip(rest[::2], rest[1::2]):
            w, b = draw(st.sampled_from(GAMES))
            forfeit = w in "+-"
            wc, bc = ((Colour.NONE, Colour.NONE) if forfeit and draw(st.booleans())
                      else (Colour.WHITE, Colour.BLACK))
            t.players[white].results.append(RoundResult(black, wc, Result(w)))
            t.players[black].results.append(RoundResult(white, bc, Result(b)))
    for player in t.players.values():
        while player.results and player.results[-1] == RoundResult.bye(Result.ABSENT):
            player.results.pop()
        if draw(st.booleans()):
            player.points = t.score(player.tpn)
    last = t.recorded_rounds
    t.rounds = draw(st.none() | st.integers(max(last, 1), 15))
    t.initial_colour = draw(st.sampled_from([None, Colour.WHITE, Colour.BLACK]))
    t.system = draw(st.sampled_from([None, "FIDE_DUTCH_2026", "FIDE_BURSTEIN", "FIDE_DUTCH_BAKU"]))
    top = t.rounds or 9
    for tpn in draw(st.lists(st.sampled_from(list(t.players)), max_size=3, unique=True)):
        values = draw(st.dictionaries(st.integers(1, top), points.filter(bool), min_size=1, max_size=top))
        t.accelerations[tpn] = values
    if n >= 2:
        for _ in range(draw(st.integers(0, 2))):
            group = tuple(draw(st.lists(st.sampled_from(list(t.players)), min_size=2, max_size=4, unique=True)))
            first = draw(st.none() | st.integers(2, 9))
            last_round = draw(st.none() | st.integers(first or 1, 998))
            t.forbidden_pairs.append(ForbiddenPairs(group, first, last_round))
    header_values = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=30).filter(
        lambda v: v == v.rstrip() and not v.strip().startswith(KNOWN_SYSTEM_PREFIXES))
    for code in draw(st.lists(st.sampled_from(sorted(HEADER_CODES)), max_size=4, unique=True)):
        value = draw(dates()) if code in ("042", "052") else draw(header_values)
        t.headers[code] = [value]
    t.extra_lines = draw(st.lists(st.sampled_from(["BEL    1      National rating line", "### a comment",
                                                   "DAT 0001 TYPE swiss", "801 crosstable"]),
                                  max_size=3))
    t.teams = draw(teams(sorted(t.players)))
    t.board_colours = draw(st.text("WB", max_size=8))
    t.match_points = draw(st.none() | st.builds(MatchPoints, points, points, points))
    small = st.integers(0, 999)
    t.team_lineups = tuple(draw(st.lists(st.builds(TeamLineup, small, small, small, st.tuples(
        st.integers(0, 9999), st.integers(0, 9999))), max_size=2)))
    t.team_pabs = tuple(draw(st.lists(st.builds(TeamPab, points, points, st.tuples(small, small)), max_size=2)))
    t.team_forfeits = tuple(draw(st.lists(st.builds(TeamForfeit, st.sampled_from(["+-", "-+", "--"]), small, small,
                                                    small), max_size=2)))
    return t


@st.composite
def teams(draw: st.DrawFn, players: list[int]) -> tuple[TeamEntry, ...]:
    """Teams of one record kind (the reader keeps 013 lines as text beside 310 records)."""
    code = draw(st.sampled_from(["310", "013"]))
    order = draw(st.permutations(players))
    cuts = sorted(draw(st.lists(st.integers(1, len(order)), max_size=3, unique=True)))
    rosters = [order[a:b] for a, b in zip([0, *cuts], cuts)]
    names = st.text(st.characters(whitelist_categories=("L", "N")), min_size=1, max_size=32)
    if code == "013":
        return tuple(TeamEntry(n, draw(names), tuple(r), "013") for n, r in enumerate(rosters, start=1))
    numbers = draw(st.lists(st.integers(1, 999), min_size=len(rosters), max_size=len(rosters), unique=True))
    return tuple(TeamEntry(number, draw(names), tuple(roster), "310", draw(st.text("ABC", max_size=5)),
                           draw(st.none() | points), draw(st.none() | points), draw(st.none() | points),
                           draw(st.none() | st.integers(1, 999)))
                 for number, roster in zip(numbers, rosters))


@pytest.mark.slow
@FUZZ_SETTINGS
@given(t=tournaments())
def test_generated_tournaments_round_trip(t: Tournament) -> None:
    for trf26 in (False, True):
        text = trf.dumps(t, trf26=trf26)
        result = trf.loads(text, source="generated.trf")
        assert result.errors == []
        assert result.tournament == t, text
