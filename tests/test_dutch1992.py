"""The Dutch system of 1992 (seed 002): worked examples by article, invariants, CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from swisspair import trf
from swisspair.engine_cli import run
from swisspair.generator import GeneratorConfig, generate
from swisspair.model import Colour, Result, Tournament
from swisspair.pairing import find_system, pair
from swisspair.pairing.dutch1992 import exchange_order, transpositions, x_value
from swisspair.pairing.state import build_state
from tests.helpers import make_tournament

SYSTEM = "dutch-1992"


def board_list(t: Tournament) -> tuple[list[tuple[int, int]], int | None]:
    result = pair(t, SYSTEM)
    return [(b.white, b.black) for b in result.boards], result.bye


def test_registered() -> None:
    assert find_system("dutch-1992").name == SYSTEM
    assert find_system("FIDE_DUTCH_1992").name == SYSTEM


def test_d1_transpositions() -> None:
    """D 1: "a) 5-6-8-7; b) 5-7-6-8; c) 5-7-8-6; d) 5-8-6-7; e) 5-8-7-6; f) 6-5-7-8; g) 6-5-8-7; atd."

    ("seřaďte všechna čísla, která lze sestrojit z číslic 5, 6, 7 a 8, do jedné vzestupné řady").
    """
    orders = list(transpositions([5, 6, 7, 8]))
    assert orders[0] == (5, 6, 7, 8)
    assert orders[1:8] == [(5, 6, 8, 7), (5, 7, 6, 8), (5, 7, 8, 6), (5, 8, 6, 7), (5, 8, 7, 6),
                           (6, 5, 7, 8), (6, 5, 8, 7)]
    assert len(orders) == 24


ONE = {"a": (4, 5), "b": (4, 6), "c": (3, 5), "d": (4, 7), "e": (3, 6), "f": (2, 5), "g": (3, 7),
       "h": (2, 6), "i": (2, 7)}
TWO = {"j": ((3, 4), (5, 6)), "k": ((3, 4), (5, 7)), "l": ((2, 4), (5, 6)), "m": ((3, 4), (6, 7)),
       "n": ((2, 4), (5, 7)), "o": ((2, 3), (5, 6)), "p": ((2, 4), (6, 7)), "q": ((2, 3), (5, 7)),
       "r": ((2, 3), (6, 7))}


def test_d2_one_player_table() -> None:
    """D 2: "Výměna jednoho hráče: a) 4 a 5, b) 4 a 6, c) 3 a 5 atd. až i) 2 a 7." (table S1 4 3 2, S2 5 6 7)."""
    order = [(out[0], into[0]) for out, into in list(exchange_order([1, 2, 3, 4], [5, 6, 7, 8])) if len(out) == 1]
    shown = [cell for cell in order if cell in ONE.values()]
    assert shown == [ONE[letter] for letter in "abcdefghi"]
    assert order[:3] == [(4, 5), (4, 6), (3, 5)]


def test_d2_two_player_table() -> None:
    """D 2: "Výměna dvou hráčů: j) 3+4 s 5+6, k) 3+4 s 5+7, l) 2+4 s 5+6 atd." (table j-r)."""
    order = list(exchange_order([1, 2, 3, 4], [5, 6, 7, 8]))
    sizes = [len(out) for out, _ in order]
    assert sizes == sorted(sizes), "one-player exchanges (a-i) come before two-player ones (j-r)"
    two = [(out, into) for out, into in order if len(out) == 2]
    shown = [cell for cell in two if cell in TWO.values()]
    assert shown == [TWO[letter] for letter in "jklmnopqr"]
    assert two[:3] == [TWO["j"], TWO["k"], TWO["l"]]


def test_d2_odd_group() -> None:
    """D 2 poznámka: "při 7 hráčích obsahuje S1 hráče č. 1, 2 a 3, S2 hráče č. 4, 5, 6 a 7 ... všechna čísla
    v S1 i S2 zmenší o 1. Poslední sloupec druhé tabulky se potom stane nadbytečným."
    """
    order = list(exchange_order([1, 2, 3], [4, 5, 6, 7]))
    one = [(out[0], into[0]) for out, into in order if len(out) == 1]
    minus = {k: (a - 1, b - 1) for k, (a, b) in ONE.items()}
    assert [c for c in one if c in minus.values()] == [minus[letter] for letter in "abcdefghi"]
    two = [(out, into) for out, into in order if len(out) == 2]
    minus2 = {k: (tuple(n - 1 for n in a), tuple(n - 1 for n in b)) for k, (a, b) in TWO.items()
              if k not in "opr"}  # the last column (2+3 -> 1+2) is superfluous
    assert [c for c in two if c in minus2.values()] == [minus2[letter] for letter in "jklmnq"]


def test_a6_f4_first_round_even() -> None:
    """F 4: "nejvyšší hráč z S1 bude hrát proti nejvyššímu hráči z S2"; E 4: "V prvém kole dostanou v S1
    všichni hráči se sudým startovním číslem opačnou barvu než všichni hráči v S1 s lichým číslem."
    """
    boards, bye = board_list(make_tournament(5, [2400 - 10 * i for i in range(8)]))
    assert boards == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert bye is None


def test_f4_first_round_odd_bye() -> None:
    """F 4: "je-li počet hráčů lichý, stane se nejníže zařazený hráč hráčem přebývajícím" (A 6: 7 players,
    S1 = 1, 2, 3)."""
    boards, bye = board_list(make_tournament(5, [2400 - 10 * i for i in range(7)], initial=Colour.BLACK))
    assert boards == [(4, 1), (2, 5), (6, 3)]
    assert bye == 7


def test_a8_x() -> None:
    """A 8: "Je-li b > w, pak x = b - q, v opačném případě x = w - q" (q = n / 2 rounded up)."""
    t = make_tournament(5, [2400 - 10 * i for i in range(6)], [["1-2 1-0", "3-4 1-0", "5-6 1-0"]])
    state = build_state(t)
    winners = [p for p in state.to_pair if p.tpn in (1, 3, 5)]
    assert x_value(winners) == 3 - 2      # three want Black, q = 2
    assert x_value(state.to_pair) == 0


def test_b1_no_rematch_c7_transposition() -> None:
    """B 1 a: "Dva hráči se nesmí utkat více než jednou"; C 7: a new transposition of S2 (D 1)."""
    t = make_tournament(5, [2400 - 10 * i for i in range(4)], [["1-3 1-0", "4-2 =-="]])
    # groups: {1} 1.0, {2, 4} 0.5, {3} 0: 1 floats down and meets 2 (C 6), 4 meets 3.
    boards, bye = board_list(t)
    pairs = {frozenset(b) for b in boards}
    assert frozenset((1, 3)) not in pairs
    assert pairs == {frozenset((1, 2)), frozenset((3, 4))}


def test_b1b_bye_not_twice() -> None:
    """B 1 b: a player who has had a point without playing may not get the bye (A 5)."""
    t = make_tournament(5, [2400 - 10 * i for i in range(5)], [["1-3 1-0", "2-4 1-0", "5 U"]])
    _, bye = board_list(t)
    assert bye is not None and bye != 5


def test_e_colours_alternate() -> None:
    """E 1: "Poskytněte obě přednosti v barvách" (round 2 after round 1 colours)."""
    t = make_tournament(5, [2400 - 10 * i for i in range(4)], [["1-3 1-0", "4-2 1-0"]])
    boards, _ = board_list(t)
    # Both groups ({1, 4}: Black wanted twice; {2, 3}: White twice) have x = 1 (A 8), so B 4 is met.
    assert {frozenset(b) for b in boards} == {frozenset((1, 4)), frozenset((2, 3))}


def _invariants(t: Tournament) -> None:
    for player in t:
        opponents = [e.opponent for e in player.results if e.played]
        assert len(opponents) == len(set(opponents)), f"rematch for {player.tpn}"
        assert sum(1 for e in player.results if e.result is Result.PAB) <= 1
        diff, run_colour, length = 0, None, 0
        for entry in player.results:
            if not entry.played:
                continue
            diff += 1 if entry.colour is Colour.WHITE else -1
            length = length + 1 if entry.colour is run_colour else 1
            run_colour = entry.colour
            assert -2 <= diff <= 2, f"B 2 a for {player.tpn}"
            assert length < 3, f"B 2 b for {player.tpn}"


@pytest.mark.parametrize("players,rounds,seed", [(9, 5, 1), (10, 5, 2), (12, 6, 3), (13, 5, 4), (16, 5, 5)])
def test_invariants_generated(players: int, rounds: int, seed: int) -> None:
    """B 1 and B 2 on generated tournaments (the last round may relax B 2 for >50% players: 5 rounds
    compared without the last)."""
    engine = find_system(SYSTEM)
    t = generate(GeneratorConfig(players=players, rounds=rounds, forfeit_rate=25), seed, engine.pair)
    _invariants(t.truncated(rounds - 1) if rounds > 1 else t)
    for player in t:
        opponents = [e.opponent for e in player.results if e.played]
        assert len(opponents) == len(set(opponents))
        assert sum(1 for e in player.results if e.result is Result.PAB) <= 1


def test_cli_pair_and_check(tmp_path: Path) -> None:
    """``swisspair pair --system dutch-1992`` and ``--dutch-1992 FILE -c`` on a generated tournament."""
    from click.testing import CliRunner

    from swisspair.cli import cli

    engine = find_system(SYSTEM)
    t = generate(GeneratorConfig(players=10, rounds=5), 7, engine.pair)
    path = tmp_path / "t.trf"
    path.write_text(trf.dumps(t))
    assert run(["--dutch-1992", str(path), "-c"]) == 0
    first = tmp_path / "r1.trf"
    first.write_text(trf.dumps(t.truncated(0)))
    result = CliRunner().invoke(cli, ["pair", "--system", SYSTEM, str(first)])
    assert result.exit_code == 0, result.output


def test_a3_a6_heterogeneous_group_and_remainder() -> None:
    """A 6: "V heterogenním bodovém seskupení obsahuje S1 všechny hráče přesunuté z vyššího bodového
    seskupení směrem dolů"; A 3: then the remainder "s nímž se již zachází jako s homogenním"; C 7, then
    C 8 (D 2 a) in the remainder to grant colours (B 4, x = 0) before C 11 raises x; F 1 board order.
    """
    t = make_tournament(5, [2400 - 10 * i for i in range(6)], [["1-4 1-0", "5-2 =-=", "3-6 =-="]])
    boards, bye = board_list(t)
    # {1} floats into {2, 3, 5, 6}: 1-2. Remainder {3, 5, 6}, S1 = {3}: 3-6 met (B 1), 3-5 both want
    # Black (x = 0), so exchange 3 for 5 (D 2 a): 5-6, and 3 floats down to 4.
    assert boards == [(2, 1), (6, 5), (4, 3)]
    assert bye is None


@pytest.mark.slow
def test_checker_reproduces_larger_generated_events() -> None:
    """The checker replays every round of generated events (forfeits, half-point byes, absences)."""
    from swisspair.pairing.checker import check_rounds

    engine = find_system(SYSTEM)
    for seed, players, rounds in ((0, 18, 7), (2, 30, 9)):
        config = GeneratorConfig(players=players, rounds=rounds, forfeit_rate=20, half_point_bye_rate=40,
                                 retired_rate=60)
        t = generate(config, seed, engine.pair)
        _invariants(t.truncated(rounds - 1))
        assert all(check.ok for check in check_rounds(t, engine.pair))


def test_e2_e3_colour_rules() -> None:
    """E 2: "Poskytněte silnější přednost v barvách" (A 7 b strong beats A 7 c mild); E 3: "Střídejte barvy
    podle posledního kola, v němž hráli s různými barvami"; F 2: the bye does not count for colours."""
    from swisspair.pairing.dutch1992 import _Round

    t = make_tournament(5, [2400 - 10 * i for i in range(7)], [
        ["1-2 1-0", "3-4 1-0", "5-6 1-0", "7 U"],
        ["4-1 0-1", "2-7 0-1", "6-3 0-1", "5 U"],
    ])
    state = build_state(t)
    engine = _Round(state)
    p = state.players
    # 1: W, B (difference 0: mild White); 7: bye, B (difference -1: strong White) -> 7 gets White.
    assert engine.white_of(p[1], p[7]) is p[7]
    # 1: W, B and 3: W, B -> same preference and strength; E 3 finds no round with different colours,
    # so E 4: the higher-ranked player (1) gets his preference, White.
    assert engine.white_of(p[1], p[3]) is p[1]
    # 2: B, W and 4: B, W (both mild Black): E 4 gives the higher-ranked (2) Black.
    assert engine.white_of(p[2], p[4]) is p[4]
