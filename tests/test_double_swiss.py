"""Double-Swiss (FIDE C.04.5, 2026): hand-worked cases by article, invariants, checker.

Representation (see :mod:`swisspair.pairing.double_swiss`): match k is TRF
rounds 2k-1 (game 1) and 2k (game 2, same opponent, reversed colours); the PAB
is ``U`` then ``H``.
"""

from __future__ import annotations

import time
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import run_cli, sampled

from swisspair import trf
from swisspair.cli import cli
from swisspair.exitcodes import ExitCode
from swisspair.errors import NoValidPairingError
from swisspair.model import Board, Colour, Player, Result, RoundResult, Tournament
from swisspair.pairing import find_system
from swisspair.pairing.double_swiss import (
    DoubleSwissSystem,
    MatchPlayer,
    MatchState,
    _choose_upfloaters,
    allocate_colours,
    build_match_state,
    generate_double_swiss,
    pair_bracket,
)

SYSTEM = DoubleSwissSystem()
OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
CODES = {"1": Result.WIN, "0": Result.LOSS, "=": Result.DRAW, "+": Result.FORFEIT_WIN,
         "-": Result.FORFEIT_LOSS}


def event(players: int, matches: int, history: list[list[tuple[int, int, str]]],
          byes: dict[int, int] | None = None, full_byes: dict[int, int] | None = None) -> Tournament:
    """A Double-Swiss tournament from hand-written matches.

    ``history[k]`` lists match k+1 as ``(white_in_game_1, black_in_game_1, "ab")``
    where ``a`` and ``b`` are game 1 and game 2 results of the game-1 White.
    ``byes`` maps a match number to its PAB player; ``full_byes`` likewise for
    a requested full-point bye (``F`` twice).
    """
    t = Tournament(name="hand", rounds=2 * matches, initial_colour=Colour.WHITE)
    for tpn in range(1, players + 1):
        t.players[tpn] = Player(tpn=tpn, name=f"P{tpn}", rating=2600 - 10 * tpn)
    for k, boards in enumerate(history, start=1):
        for white, black, res in boards:
            w, b = t.players[white], t.players[black]
            w.results.append(RoundResult(black, Colour.WHITE, CODES[res[0]]))
            b.results.append(RoundResult(white, Colour.BLACK, CODES[OTHER[res[0]]]))
            w.results.append(RoundResult(black, Colour.BLACK, CODES[res[1]]))
            b.results.append(RoundResult(white, Colour.WHITE, CODES[OTHER[res[1]]]))
        if byes and k in byes:
            t.players[byes[k]].results += [RoundResult.bye(Result.PAB), RoundResult.bye(Result.HALF_BYE)]
        if full_byes and k in full_byes:
            t.players[full_byes[k]].results += [RoundResult.bye(Result.FULL_BYE)] * 2
        for p in t:
            while len(p.results) < 2 * k:
                p.results.append(RoundResult.bye(Result.ZERO_BYE))
    return t


def boards(t: Tournament) -> tuple[set[tuple[int, int]], int | None]:
    pairing = SYSTEM.pair(t)
    return {(b.white, b.black) for b in pairing.boards}, pairing.bye


def player(tpn: int, score: Fraction | int = 0, colours: str = "", floated: bool = False) -> MatchPlayer:
    codes = {"W": Colour.WHITE, "B": Colour.BLACK, "-": Colour.NONE}
    return MatchPlayer(tpn=tpn, score=Fraction(score), colours=[codes[c] for c in colours],
                       floated_last=floated)


def state(players: list[MatchPlayer], match: int = 2, total: int = 5,
          forbidden: dict[int, set[int]] | None = None) -> MatchState:
    by_tpn = {p.tpn: p for p in players}
    banned = {p.tpn: set() for p in players}
    for a, others in (forbidden or {}).items():
        for b in others:
            banned[a].add(b)
            banned[b].add(a)
    return MatchState(match=match, total_matches=total, players=by_tpn, to_pair=list(players),
                      forbidden=banned, initial_colour=Colour.WHITE)


# --- registry -------------------------------------------------------------------------------

def test_registry_names_and_192_codes() -> None:
    for name in ("double-swiss", "FIDE_DOUBLESWISS", "CUSTOM_DOUBLESWISS"):
        assert find_system(name).name == "double-swiss"
    assert find_system("double-swiss").article == "FIDE C.04.5 (2026)"


# --- 0 (Preface): matches, forfeits --------------------------------------------------------

def test_0_round_one_and_game_two_reverses_colours() -> None:
    """3.6 (identifier 1,2,3 / 4,5,6) and 4.1; game 2 = same pairs, reversed colours (0)."""
    t = event(6, 3, [])
    first = SYSTEM.pair(t)
    assert first.round_number == 1
    assert set(first.boards) == {Board(1, 4), Board(5, 2), Board(3, 6)}
    assert first.bye is None
    t = event(6, 3, [[(1, 4, "=="), (5, 2, "=="), (3, 6, "==")]])
    # Drop game 2 to pair it.
    half = t.truncated(1)
    half.rounds = 6
    second = SYSTEM.pair(half)
    assert second.round_number == 2
    assert set(second.boards) == {Board(4, 1), Board(2, 5), Board(6, 3)}


def test_0_match_forfeited_on_both_games_may_be_repeated() -> None:
    """0: only a match in which a player forfeits both games may be repeated (C1)."""
    t = event(2, 2, [[(1, 2, "++")]])
    assert boards(t)[0] == {(2, 1)} or boards(t)[0] == {(1, 2)}
    s = build_match_state(t, 2)
    assert s.compatible(1, 2)


def test_0_a_single_forfeited_game_counts_as_played() -> None:
    t = event(2, 2, [[(1, 2, "+1")]])
    assert not build_match_state(t, 2).compatible(1, 2)
    with pytest.raises(NoValidPairingError):
        SYSTEM.pair(t)


def test_0_match_score_is_the_sum_of_the_games() -> None:
    t = event(4, 3, [[(1, 3, "1="), (2, 4, "0=")]])
    s = build_match_state(t, 2)
    assert [s.players[i].score for i in (1, 2, 3, 4)] == [Fraction(3, 2), Fraction(1, 2),
                                                          Fraction(1, 2), Fraction(3, 2)]


# --- 1.5 / 3.4 / C2: the pairing-allocated bye ---------------------------------------------

def test_1_5_pab_is_one_game_won_and_one_drawn() -> None:
    t = generate_double_swiss(5, 1, seed=1)
    byes = [p for p in t if p.result(1).result is Result.PAB]
    assert len(byes) == 1 and byes[0].tpn == 5  # 3.4: lowest score, most matches, largest TPN
    assert t.score(5) == Fraction(3, 2)
    assert byes[0].result(2).result is Result.HALF_BYE


def test_3_4_pab_and_c3_overrides_c5() -> None:
    """5 players after match 1: 1 (2), 5 (1.5, PAB), 2 (1), 4 (1), 3 (0).

    3.4: the PAB goes to 3 (lowest score). The top scoregroup {1} needs one
    upfloater; 5 has the highest score (C5) but would leave 2-4, a rematch
    (C1, C3), so 2 floats: 1-2 and then 5-4 (3.5). Colours: 2 has fewer
    Whites than 1 (4.2); 5 has none, 4 had one (4.2).
    """
    t = event(5, 3, [[(1, 3, "11"), (4, 2, "==")]], byes={1: 5})
    pairs, bye = boards(t)
    assert bye == 3
    assert pairs == {(2, 1), (5, 4)}


def test_c2_no_pab_after_pab_forfeit_win_or_full_point_bye() -> None:
    t = event(5, 3, [[(1, 4, "=="), (3, 2, "++")]], full_byes={1: 5})
    s = build_match_state(t, 2)
    assert s.players[3].bye_ineligible  # won a match by forfeit
    assert not s.players[2].bye_ineligible  # lost it
    assert s.players[5].bye_ineligible  # FIDE-deprecated full-point bye
    # Scores: 5 and 3 have 2, 1 and 4 have 1, 2 has 0: the PAB goes to 2.
    assert boards(t)[1] == 2
    t = event(3, 3, [[(1, 2, "==")]], byes={1: 3})
    assert build_match_state(t, 2).players[3].bye_ineligible
    assert boards(t)[1] in (1, 2)


def test_3_4_ties_most_matches_then_largest_tpn() -> None:
    # 1-2 played (0-2 for 1), 3 absent (Z): 1 and 3 have 0 points; 1 played more matches.
    t = event(3, 3, [[(1, 2, "00")]])
    assert boards(t)[1] == 1
    t = event(5, 3, [])
    assert boards(t)[1] == 5


# --- 3.5: upfloaters (C4-C7) ----------------------------------------------------------------

def test_3_5_fewest_upfloaters_lowest_tpn_first() -> None:
    s = state([player(1, 4), player(2, 2), player(3, 2), player(4, 2), player(5, 0), player(6, 0)])
    chosen = _choose_upfloaters(s, [s.players[1]], [s.players[i] for i in (2, 3, 4, 5, 6)])
    assert [p.tpn for p in chosen] == [2]


def test_3_5_c5_highest_upfloater_score() -> None:
    s = state([player(1, 4), player(2, 1), player(3, 3), player(4, 1)])
    chosen = _choose_upfloaters(s, [s.players[1]], [s.players[i] for i in (2, 3, 4)])
    assert [p.tpn for p in chosen] == [3]


def test_3_5_c7_avoid_upfloaters_who_floated_last_round() -> None:
    players = [player(1, 4), player(2, 2, floated=True), player(3, 2), player(4, 2), player(5, 2), player(6, 0)]
    s = state(players)
    lower = [s.players[i] for i in (2, 3, 4, 5, 6)]
    assert [p.tpn for p in _choose_upfloaters(s, [s.players[1]], lower)] == [3]
    last = state(players, match=5, total=5)  # C7 does not apply in the last round
    assert [p.tpn for p in _choose_upfloaters(last, [last.players[1]], lower)] == [2]


def test_3_5_c6_keep_the_next_scoregroup_pairable() -> None:
    """{1} needs one upfloater from {2, 3, 4} (score 2) above {5} (score 0).

    2 would leave {3, 4} + 5: 3-4 met, so the next bracket {3, 4} cannot be paired
    without upfloaters (C6 fails); 3 leaves {2, 4}, pairable as it is.
    """
    s = state([player(1, 4), player(2, 2), player(3, 2), player(4, 2), player(5, 0), player(6, 0)],
              forbidden={3: {4}})
    chosen = _choose_upfloaters(s, [s.players[1]], [s.players[i] for i in (2, 3, 4, 5, 6)])
    assert [p.tpn for p in chosen] == [3]


# --- 3.6: bracket pairing (C1, C8) ---------------------------------------------------------

def test_3_6_identifier_and_c1() -> None:
    """All on 1 point; 1-3 and 2-4 met. Identifier tops (1, 2): 1-4, 2-3.

    Colours: 1 and 4 each had White once and the same colour last (4.2, 4.3
    undecided): 4.4, the higher-ranked 1 alternates to Black. 2 and 3 both had
    Black: 2 alternates to White (4.4).
    """
    t = event(4, 3, [[(1, 3, "=="), (4, 2, "==")]])
    assert boards(t)[0] == {(4, 1), (2, 3)}


def test_3_6_c8_upfloaters_opponents_who_floated() -> None:
    players = [player(1, 4), player(2, 4, floated=True), player(3, 4), player(4, 2)]
    s = state(players)
    ups = [s.players[4]]
    assert pair_bracket(s, players, ups) == [(1, 4), (2, 3)]
    last = state(players, match=5, total=5)
    assert pair_bracket(last, players, ups) == [(1, 3), (2, 4)]


# --- 4: colours of game 1 --------------------------------------------------------------------

def test_4_1_initial_colour_by_tpn_parity() -> None:
    s = state([player(2), player(7)])
    assert allocate_colours(s, 2, 7) == Board(7, 2)
    s = state([player(3), player(8)])
    assert allocate_colours(s, 3, 8) == Board(3, 8)


def test_4_2_fewer_whites() -> None:
    s = state([player(1, 2, "WB-"), player(2, 2, "BB")])
    assert allocate_colours(s, 1, 2) == Board(2, 1)


def test_4_3_alternate_from_last_difference() -> None:
    s = state([player(1, 2, "WBB"), player(2, 2, "BWB")])
    assert allocate_colours(s, 1, 2) == Board(1, 2)


def test_4_3_on_played_sequences_aligned_from_the_latest() -> None:
    """GHR 3.4: matches without a colour are left out before comparing."""
    s = state([player(1, 2, "W-B"), player(2, 2, "BW-")])
    # Played sequences WB and BW: they differ in the latest entries (B, W).
    assert allocate_colours(s, 1, 2) == Board(1, 2)


def test_4_4_and_4_5() -> None:
    s = state([player(1, 2, "BW"), player(2, 1, "BW")])
    assert allocate_colours(s, 1, 2) == Board(2, 1)  # 4.4: 1 alternates from White
    s = state([player(1, 2, "-"), player(2, 1, "B")])
    # 4.2: both have 0 Whites; 4.5: the opponent 2 alternates from Black.
    assert allocate_colours(s, 1, 2) == Board(2, 1)


# --- invariants on generated events ----------------------------------------------------------

def check_invariants(t: Tournament) -> None:
    matches = t.rounds // 2  # type: ignore[operator]
    met: dict[int, set[int]] = {p.tpn: set() for p in t}
    pab_or_fwin: set[int] = set()
    for k in range(1, matches + 1):
        g1, g2 = 2 * k - 1, 2 * k
        before = t.truncated(2 * k - 2)
        before.rounds = t.rounds
        s = build_match_state(before, k)
        for p in t:
            a, b = p.result(g1), p.result(g2)
            if a.result is Result.PAB:
                assert b.result is Result.HALF_BYE
                assert p.tpn not in pab_or_fwin, f"second PAB for {p.tpn} in match {k}"
                assert not s.players[p.tpn].bye_ineligible
                pab_or_fwin.add(p.tpn)
                continue
            if a.opponent is None:
                continue
            assert b.opponent == a.opponent
            assert b.colour is a.colour.opposite
            o = t.players[a.opponent]
            forfeited = (a.result, b.result) == (Result.FORFEIT_LOSS,) * 2 or \
                (o.result(g1).result, o.result(g2).result) == (Result.FORFEIT_LOSS,) * 2
            if not forfeited:
                assert a.opponent not in met[p.tpn], f"rematch {p.tpn}-{a.opponent} in match {k}"
            elif (a.result, b.result) != (Result.FORFEIT_LOSS,) * 2:
                pab_or_fwin.add(p.tpn)
            if a.colour is Colour.WHITE:
                me, other = s.players[p.tpn], s.players[o.tpn]
                # 4.2: with different numbers of game-1 Whites, White goes to the fewer.
                if any(c is not Colour.NONE for c in me.colours + other.colours):
                    if me.whites != other.whites:
                        assert me.whites < other.whites
        for p in t:
            a, b = p.result(g1), p.result(g2)
            o = a.opponent
            if o is not None and not ((a.result, b.result) == (Result.FORFEIT_LOSS,) * 2 or (
                    t.players[o].result(g1).result, t.players[o].result(g2).result)
                    == (Result.FORFEIT_LOSS,) * 2):
                met[p.tpn].add(o)
        assert sum(p.result(g1).result is Result.PAB for p in t) <= 1


@pytest.mark.parametrize("seed", sampled(range(12), every=3))
def test_invariants_small_events(seed: int) -> None:
    t = generate_double_swiss(5 + 3 * seed, 4 + seed % 3, seed=seed, forfeit_rate=0.05, absence_rate=0.05)
    check_invariants(t)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "matches"), [(151, 7), (500, 7)])
def test_invariants_large_events(players: int, matches: int) -> None:
    t = generate_double_swiss(players, matches, seed=players, forfeit_rate=0.02, absence_rate=0.02)
    check_invariants(t)


@pytest.mark.slow
def test_300_participant_round_is_fast() -> None:
    t = generate_double_swiss(300, 9, seed=7)
    partial = t.truncated(16)
    partial.rounds = 18
    start = time.perf_counter()
    SYSTEM.pair(partial)
    assert time.perf_counter() - start < 5


# --- command line -----------------------------------------------------------------------------

@pytest.fixture
def generated(tmp_path: Path) -> Path:
    path = tmp_path / "ds.trf"
    path.write_text(trf.dumps(generate_double_swiss(41, 6, seed=5, forfeit_rate=0.05, absence_rate=0.03)))
    return path


def test_engine_checker_accepts_its_own_event(generated: Path) -> None:
    assert run_cli(["--double-swiss", str(generated), "-c"]) == ExitCode.OK


def test_engine_checker_reports_a_changed_match(tmp_path: Path, generated: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    t = trf.load(generated).tournament
    # Swap the game-1 colours of one board of match 3 (TRF round 5).
    for p in t:
        entry = p.result(5)
        if entry.played:
            other = t.players[entry.opponent]  # type: ignore[index]
            mirror = other.result(5)
            p.results[4] = RoundResult(entry.opponent, mirror.colour, entry.result)
            other.results[4] = RoundResult(mirror.opponent, entry.colour, mirror.result)
            break
    changed = tmp_path / "changed.trf"
    changed.write_text(trf.dumps(t))
    assert run_cli(["--double-swiss", str(changed), "-c"]) == ExitCode.NO_VALID_PAIRING
    assert "round 5: differs" in capsys.readouterr().out


def test_pair_command(generated: Path) -> None:
    t = trf.load(generated).tournament
    partial = t.truncated(10)
    partial.rounds = 12
    source = generated.with_name("partial.trf")
    source.write_text(trf.dumps(partial))
    result = CliRunner().invoke(cli, ["pair", "--system", "double-swiss", str(source)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Round 11")
    assert "bye (pairing-allocated)" in result.output
    # TRF 192 FIDE_DOUBLESWISS selects the system without --system.
    assert "FIDE_DOUBLESWISS" in source.read_text()
    again = CliRunner().invoke(cli, ["pair", str(source)])
    assert again.exit_code == 0 and again.output == result.output
