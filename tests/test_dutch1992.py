"""The FIDE Dutch system, 1992 rules (Czech text, A-F): worked examples by article, invariants, CLI."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import permutations
from pathlib import Path

import pytest

from dutch1992_text import Move, Text1992

from swisspair import trf
from swisspair.engine_cli import run
from swisspair.errors import NoValidPairingError
from swisspair.generator import GeneratorConfig, generate
from swisspair.model import (
    Colour,
    Player,
    Result,
    RoundPairing,
    Tournament,
)
from swisspair.pairing import find_system, pair
from swisspair.pairing.dutch1992 import (
    RELAX_LEVELS,
    _Round,
    exchange_order,
    transpositions,
    x_value,
)
from swisspair.pairing.state import Float, build_state
from tests.helpers import announce_absences, make_tournament, play_round

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


def _pairings_of(s1: list[int], s2: list[int]) -> set[frozenset[frozenset[int]]]:
    """Every pairing S1[i]-S2'[i] over the transpositions S2' of S2 (C 6, C 7; the rest left over)."""
    return {frozenset(frozenset(pair) for pair in zip(s1, order, strict=False)) for order in transpositions(s2)}


@pytest.mark.parametrize(("size", "listed"), [
    (8, {((o,), (i,)) for o, i in ONE.values()} | set(TWO.values())),
    (7, {((o - 1,), (i - 1,)) for o, i in ONE.values()}
     | {(tuple(n - 1 for n in o), tuple(n - 1 for n in i)) for k, (o, i) in TWO.items() if k not in "opr"}),
])
def test_d2_exchanges_beyond_the_tables_repeat_earlier_pairings(size: int, listed: set[object]) -> None:
    """D 2: "Tyto tabulky obsahují pořadí, v nichž se má používat výměn." For the groups the tables
    cover (8 players, and 7 by the note), every other exchange the engine generates by D 2's rule
    ("rozdíly mezi měněnými čísly co nejmenší", then "nejnižšího hráče z S1") gives only pairings an
    earlier exchange already gave (C 8 is the innermost step), so the result is the tables' one.
    """
    numbers = list(range(1, size + 1))
    p = size // 2
    seen: set[frozenset[frozenset[int]]] = set()
    for out, into in [((), ()), *exchange_order(numbers[:p], numbers[p:])]:
        s1 = sorted((set(numbers[:p]) - set(out)) | set(into))
        found = _pairings_of(s1, [n for n in numbers if n not in s1])
        if out and (out, into) not in listed:
            assert found <= seen, (out, into)
        seen |= found


def test_d2_three_player_exchanges_are_needed_beyond_eight() -> None:
    """D 2 beyond its tables: with 12 players the pairing 1-2, 3-4, ..., 11-12 needs an S1 holding one
    player of each pair, which no exchange of one or two players gives (S1 = 1, 3, 5, 7, 9, 11 takes
    2+4+6 for 7+9+11), so the tables' one- and two-player limit cannot be kept for larger groups."""
    numbers = list(range(1, 13))
    pairs = [{n, n + 1} for n in range(1, 13, 2)]

    def reaches(out: tuple[int, ...], into: tuple[int, ...]) -> bool:
        s1 = (set(numbers[:6]) - set(out)) | set(into)
        return all(len(s1 & pair) == 1 for pair in pairs)

    exchanges = list(exchange_order(numbers[:6], numbers[6:]))
    assert not any(reaches(o, i) for o, i in [((), ()), *exchanges] if len(o) <= 2)
    assert next(len(o) for o, i in exchanges if reaches(o, i)) == 3


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


def test_a7a_note_last_round_no_absolute_preference_above_fifty_percent() -> None:
    """A 7 a: "(Toto pravidlo neplatí v posledním kole při sestavování dvojic hráčů se ziskem nad 50% bodů)" -
    in the last round a player above 50 % has no absolute preference; E 2: "Poskytněte silnější přednost".

    Worked by hand, round 3 of 3: 1 (forfeit win, then W: difference +1, strong Black, A 7 b) and 2 (W W:
    difference +2, absolute Black by A 7 a, but 2 of 2 points) meet in the 2-point group. Both now have a
    strong preference for Black, so E 2 does not decide; E 3 finds no round in which their colours differed
    (F 3: 1's only game was White, like 2's last); E 4 gives the higher-ranked, 1, his preference: 2-1.
    (Treating 2's preference as absolute gave him Black: 1-2.) B 2 does not bind 2 either (note after B 6).
    """
    t = make_tournament(3, [2400 - 10 * i for i in range(6)], [
        ["2-3 1-0", "4-5 =-=", "1-6 +-"],
        ["2-4 1-0", "1-5 1-0", "3-6 =-="],
    ])
    boards, _ = board_list(t)
    assert boards[0] == (2, 1)
    engine = _Round(build_state(t))
    one, two = engine.state.players[1], engine.state.players[2]
    assert engine.exempt[2] and engine.strength(two) == engine.strength(one) == 2


# -- the group search: x larger than p, a one-player remainder, C 1 in the lowest group --------------

def test_a8_c11_x_larger_than_p_in_a_heterogeneous_group() -> None:
    """A 8, C 11: x may exceed p in a heterogeneous group; no pairing can then fail B 4 more than p times.

    Round 1: 8-1, 9-2, 10-3, 11-4, 12-5, 13-6 all 0-1, 7 the bye. Round 2: {1..7} (1 point; 1-6 want
    White: w = 6, q = 4, A 8: x = 2), p = 3 (A 6): C 6 gives 1-4, 2-5, 3-6 (three pairs fail B 4,
    x = 2), the next transposition (C 7, D 1 "5-6-8-7") 1-4, 2-5, 3-7, and 6 moves down (C 6).
    {6 | 8..13}: one downfloater (A 6: p = 1), b = 6, q = 4, x = 2 > p: 6-8 (C 6, both preferences
    granted). Remainder {9..13} (A 3, homogeneous: x = 5 - 3 = 2, p = 2): 9-11, 10-12, 13 the bye (A 5).
    The old search looped over x from 2 to p = 1 - no pairing at all - and C 14 dropped the whole group.
    """
    t = make_tournament(5, [2400 - 10 * i for i in range(13)],
                        [["8-1 0-1", "9-2 0-1", "10-3 0-1", "11-4 0-1", "12-5 0-1", "13-6 0-1", "7 U"]])
    boards, bye = board_list(t)
    assert boards == [(1, 4), (2, 5), (3, 7), (6, 8), (11, 9), (12, 10)]
    assert bye == 13


def test_a5_c6_one_player_remainder_in_the_lowest_group() -> None:
    """A 5, C 6: a remainder of one player in the lowest group is paired at once - he is the bye.

    Round 1: 1-6 1-0, 4-2 0-1, 5-3 0-1; 6 absent in round 2 (F 5). {1, 2, 3} (1 point, x = 0, p = 1):
    1-2 (C 6: 1 wants Black, 2 White), 3 moves down. {3 | 4, 5} (A 6: S1 = {3}): 3-5 met (B 1 a),
    so 3-4 (C 7); the remainder {5} has nothing to pair: 5 is the bye (A 5, B 1 b). The old search
    rejected the lowest group because its one-player remainder produced no candidate, and re-paired
    the group above (3-1, 2-5, bye 4).
    """
    t = make_tournament(5, [2400 - 10 * i for i in range(6)],
                        [["1-6 1-0", "4-2 0-1", "5-3 0-1"], ["6 Z"]])
    boards, bye = board_list(t)
    assert boards == [(2, 1), (3, 4)]
    assert bye == 5


def test_c1_a5_lowest_group_player_without_opponent_takes_the_bye() -> None:
    """C 1 in the lowest group: a player with no B 1/B 2-compatible opponent is no obstacle when the
    group is odd and he may have the bye (A 5, B 1 b) - he is the player left over, not one to pair.

    Five players, last round (B 2 does not bind 1, 2 and 4: more than 50 %). 3 has met everybody and
    is the only one without a bye, so the only pairing meeting B 1 and B 2 is 1-4, 2-5, bye 3.
    The procedure: {2} (3 points) moves down (C 1); {2 | 1, 4}: 2 met both (C 1, C 12: no other
    floater), so he moves on; {1, 4}: 1-4 (x = 1, A 8); lowest group {2 | 3, 5}: 2-5 (C 6), remainder
    {3}: the bye. The old C 1 check rejected the lowest group for 3 and refused the round
    ("no pairing meets B 1 and B 2"). Colours: 5-2 (E 2: 5's absolute preference), 4-1 (E 4: equal
    histories, the higher-ranked 1 gets Black); boards by F 1.
    """
    t = make_tournament(5, [2400 - 10 * i for i in range(5)], [
        ["1-3 1-0", "4-2 0-1", "5 U"],
        ["5-1 =-=", "3-4 =-=", "2 U"],
        ["2-3 0-1", "4-5 1-0", "1 U"],
        ["1-2 0-1", "3-5 =-=", "4 U"],
    ])
    boards, bye = board_list(t)
    assert boards == [(5, 2), (4, 1)]
    assert bye == 3


# -- C 10 before C 11: another opponent for the lowest moved-down player before x is raised -----------------

def test_c10_another_opponent_before_c11_raises_the_remainders_x() -> None:
    """C 10: "zrušte sestavenou dvojici nejnižšího dolů přesunutého hráče a pokuste se najít pro tohoto hráče
    jiného soupeře, začněte u C 7", before C 11: "Pokud je x menší než p: zvyšte x o 1. Když sestavujete
    zbytkové seskupení, zrušte rovněž všechny dvojice hráčů přesunutých dolů."

    Worked by hand. After three rounds 5 has 2.5 (B W W: absolute Black, A 7 a), 8 has 0.5 (W B B:
    absolute White), the others 1.5: 1, 3, 6 strong Black (W B W), 2, 4, 7 strong White (B W B), A 7 b.
    Group 2.5 holds 5 alone (p = 0): he moves down. Group 1.5 with 5 (A 6: S1 = 5, p = 1; A 8: b = 4,
    w = 3, q = 4, x = 0): 5-1, 5-2, 5-3 met (B 1 a), 5-4 (C 7) is accepted. Its remainder 1, 2, 3, 6, 7
    (x = 0, p = 2, S1 = 1, 2): 1 meets 3 or 6 only with both wanting Black, 7 he has met; no exchange of
    D 2 helps (3 and 6 want Black too, 6-7 and 3-7 met, 2-6 met). C 10 then undoes 5-4: 5-6 (both Black,
    x = 0) fails, 5-7 is accepted, and its remainder 1, 2, 3, 4, 6 pairs after the exchange 2 for 3
    (D 2 a): 1-2 and 3-4, 6 moves down and meets 8. Nobody loses his preference. Raising the remainder's
    x while keeping 5-4 (1-6, 2-3, then 7-8) would cost two (6 and 7).
    """
    t = make_tournament(7, [2400 - 10 * i for i in range(8)], [
        ["1-5 =-=", "6-2 =-=", "3-7 =-=", "8-4 =-="],
        ["7-1 =-=", "2-8 1-0", "5-3 1-0", "4-6 =-="],
        ["1-4 =-=", "5-2 1-0", "3-8 1-0", "6-7 =-="],
    ])
    boards, bye = board_list(t)
    assert boards == [(7, 5), (2, 1), (4, 3), (8, 6)]     # E 1 on every board
    assert bye is None


# -- brute force: every round the text allows is paired ---------------------------------------------------

def _colour_allowed(t: Tournament, tpn: int, colour: Colour, rnd: int) -> bool:
    """B 2 a (difference within +-2) and B 2 b (not three times running) after ``colour`` in ``rnd``."""
    history = [*t.colour_history(tpn, rnd), colour]
    diff = sum(1 if c is Colour.WHITE else -1 for c in history)
    return -2 <= diff <= 2 and not (len(history) > 2 and history[-1] is history[-2] is history[-3])


class _Rules:
    """B 1 a, B 1 b and B 2 for round ``rnd``, written from the text apart from the engine.

    Played games are meetings (F 2: unplayed ones are not); a point without playing (PAB,
    forfeit win, full-point bye) bars the bye (B 1 b); in the last round B 2 does not bind a
    player with more than 50 % (the note after B 6).
    """

    def __init__(self, t: Tournament, rnd: int) -> None:
        self.t, self.rnd = t, rnd
        self.present = [p.tpn for p in t if p.result(rnd).result is Result.ABSENT]
        self.free = {tpn for tpn in self.present if rnd == t.rounds and 2 * t.score(tpn, rnd - 1) > rnd - 1}

    def compatible(self, a: int, b: int) -> bool:
        t, rnd, free = self.t, self.rnd, self.free
        return b not in t.opponents(a, rnd) and any(
            (a in free or _colour_allowed(t, a, c, rnd)) and (b in free or _colour_allowed(t, b, c.opposite, rnd))
            for c in (Colour.WHITE, Colour.BLACK))

    def bye_allowed(self, tpn: int) -> bool:
        return not any(r.result in (Result.PAB, Result.FORFEIT_WIN, Result.FULL_BYE)
                       for r in self.t.players[tpn].results[:self.rnd - 1])

    def pairings(self) -> Iterator[tuple[list[tuple[int, int]], int | None]]:
        """Every pairing meeting B 1 and B 2, by enumeration."""
        def complete(rest: list[int]) -> Iterator[list[tuple[int, int]]]:
            if not rest:
                yield []
                return
            for i in range(1, len(rest)):
                if self.compatible(rest[0], rest[i]):
                    for more in complete(rest[1:i] + rest[i + 1:]):
                        yield [(rest[0], rest[i]), *more]

        odd = len(self.present) % 2
        for bye in [tpn for tpn in self.present if self.bye_allowed(tpn)] if odd else [None]:
            for pairs in complete([tpn for tpn in self.present if tpn != bye]):
                yield pairs, bye

    def meets(self, pairing: RoundPairing) -> bool:
        """``pairing`` seats everybody present once and meets B 1 and B 2 with the colours it gives."""
        t, rnd, free = self.t, self.rnd, self.free
        seated = [x for b in pairing.boards for x in (b.white, b.black)]
        seated += [pairing.bye] if pairing.bye is not None else []
        return (sorted(seated) == sorted(self.present)
                and all(b.black not in t.opponents(b.white, rnd)
                        and (b.white in free or _colour_allowed(t, b.white, Colour.WHITE, rnd))
                        and (b.black in free or _colour_allowed(t, b.black, Colour.BLACK, rnd))
                        for b in pairing.boards)
                and (pairing.bye is None or self.bye_allowed(pairing.bye)))


def near_round_robin(players: int, seed: int) -> Iterator[tuple[Tournament, int, RoundPairing | None, _Round]]:
    """A generated event of ``players`` over as many rounds as a round robin, paired by dutch-1992.

    Yields (event before the round, round, pairing or ``None`` when refused, the engine that paired it);
    it ends at a refusal. One player-round in 30 is an announced absence (F 5).
    """
    rng = random.Random(seed * 100 + players)
    t = Tournament(rounds=players - 1 + players % 2, initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)))
    for tpn in range(1, players + 1):
        t.players[tpn] = Player(tpn=tpn, name=f"P{tpn}", rating=2400 - 10 * tpn)
    assert t.rounds is not None
    for rnd in range(1, t.rounds + 1):
        announce_absences(t, rnd, rng)
        engine = _Round(build_state(t))
        try:
            pairing: RoundPairing | None = engine.run()
        except NoValidPairingError:
            pairing = None
        yield t, rnd, pairing, engine
        if pairing is None:
            return
        play_round(t, rnd, [(b.white, b.black) for b in pairing.boards], pairing.bye, rng)


def _remainder_pairable(text: Text1992, rest: list[int], lowest: bool, up: bool) -> bool:
    """Some pairing of the remainder ``rest`` with |rest| // 2 pairs keeps B 1, B 2 and its own x (A 8), once
    C 9 has given up B 5 for downfloats (and B 6), and C 10 for upfloats when ``up``; the one player left
    over may move down (in the lowest group: may have the bye, B 1 b). Found by enumeration."""
    level = (True, True, up)
    limit = text.x_of(rest)

    def pairings(people: list[int]) -> Iterator[tuple[list[tuple[int, int]], list[int]]]:
        if len(people) < 2:
            yield [], people
            return
        head, others = people[0], people[1:]
        if len(people) % 2:                                          # the head may be the one left over
            for pairs, left in pairings(others):
                if not left:
                    yield pairs, [head]
        for i, other in enumerate(others):
            if text.pair_fits(head, other, level):
                for pairs, left in pairings(others[:i] + others[i + 1:]):
                    yield [(head, other), *pairs], left

    for pairs, left in pairings(rest):
        if text.conflicts(pairs) <= limit and all(
                text.may_float(q, Move.DOWN, level) and (not lowest or text.bye_allowed(q)) for q in left):
            return True
    return False


def _c11_only_after_c10(t: Tournament, rnd: int, engine: _Round) -> list[int]:
    """The score groups (by their first player) paired at their first attempt where the engine raised the
    remainder's x (C 11) or lowered its p (C 14) although some pairing of the moved-down players that C 10
    tries first (at their x and relaxation, then with B 5 given up for upfloaters) leaves a remainder
    pairable without it."""
    text: Text1992 | None = None
    wrong = []
    for group in engine.decided:
        players = [q.tpn for q in group.players]
        down = sum(1 for q in group.players if q in group.incoming)
        if not (0 < down and 2 * down < len(players)) or not group.candidate.stages or group.rejected:
            continue                                 # (a group re-paired for the groups below: C 12, C 13)
        moved, *rest_stage = group.candidate.stages
        paired = {q.tpn for pair in group.candidate.pairs if pair[0].tpn in moved.s1 for q in pair}
        rest = [q for q in players if q not in paired]
        if len(rest) < 2 or (rest_stage and rest_stage[0].p == rest_stage[0].p0
                             and rest_stage[0].x <= min(rest_stage[0].p, rest_stage[0].x0)):
            continue
        s2 = [q for q in players if q not in moved.s1]
        text = text or Text1992(t, rnd)
        for up in (False, True):
            level = (True, moved.relax[1], True) if up else moved.relax
            for order in permutations(s2, len(moved.s1)):
                pairs = list(zip(moved.s1, order, strict=True))
                if all(text.pair_fits(a, b, level) for a, b in pairs) and text.conflicts(pairs) <= moved.x \
                        and _remainder_pairable(text, [q for q in s2 if q not in order], group is engine.decided[-1], up):
                    wrong.append(players[0])
    return wrong


@pytest.mark.slow
def test_brute_force_every_round_the_text_allows_is_paired() -> None:
    """B 1, B 2 are absolute and C 13 merges groups until a pairing is found: whenever some pairing
    meets B 1 a, B 1 b and B 2 (found by enumerating all of them), dutch-1992 pairs the round, and
    what it gives meets them. And C 10 comes before C 11 and C 14: a remainder's x is raised, or its
    p lowered, only when no pairing of the moved-down players (found by enumerating all of them) leaves
    a remainder that can be paired without it. 150 generated events of 5-9 players played close to a
    round robin (974 rounds: 881 paired, 93 refused).
    """
    rounds = paired = refused = 0
    wrongly_refused, raised_too_early = [], []
    for seed in range(30):
        for players in range(5, 10):
            for t, rnd, pairing, engine in near_round_robin(players, seed):
                rounds += 1
                rules = _Rules(t, rnd)
                if pairing is None:
                    refused += 1
                    if next(rules.pairings(), None) is not None:
                        wrongly_refused.append((seed, players, rnd))
                    continue
                paired += 1
                assert rules.meets(pairing), (seed, players, rnd)
                if _c11_only_after_c10(t, rnd, engine):
                    raised_too_early.append((seed, players, rnd))
    assert not wrongly_refused, wrongly_refused
    assert not raised_too_early, raised_too_early
    assert rounds == paired + refused and refused > 50 and paired > 800, (rounds, paired, refused)


# -- B 5, B 6 and their relaxation (C 9, C 10) -----------------------------------------------------------------

def _floats_after_two_rounds() -> _Round:
    """8 players; round 2 made 3 a downfloater (3-4, 1 point against 1/2) and 4 an upfloater."""
    t = make_tournament(5, [2400 - 10 * i for i in range(8)], [
        ["1-5 1-0", "6-2 0-1", "3-7 1-0", "8-4 =-="],
        ["2-1 =-=", "4-3 1-0", "5-8 0-1", "7-6 =-="],
    ])
    return _Round(build_state(t))


def test_b6_a_floater_does_not_float_again_in_either_direction() -> None:
    """B 6: "Hráč, který byl přesuvným, se ve dvou následujících kolech nesmí stát znovu přesuvným" - a
    player who floated (A 4: up or down) does not float, in either direction, in the two following
    rounds. 4 floated up in round 2, so a downfloat in round 3 breaks B 6 (not B 5, whose "stejným
    směrem" is the same direction); it is allowed once B 6 is given up.
    """
    engine = _floats_after_two_rounds()
    players = engine.state.players
    assert engine.float1[4] is Float.UP and engine.float1[3] is Float.DOWN and engine.float1[1] is Float.NONE
    strict, no_b6 = RELAX_LEVELS[0], RELAX_LEVELS[1]
    assert not engine.floats_ok(players[4], Float.DOWN, strict)           # B 6
    assert engine.floats_ok(players[4], Float.DOWN, no_b6)
    assert engine.floats_ok(players[1], Float.DOWN, strict)


def test_b6_two_rounds_after_the_float() -> None:
    """B 6: "ve dvou následujících kolech" - the round after next too: 4 floated up in round 2, had
    no float in round 3 (1-4, both 1 1/2), and may not float down in round 4 either."""
    t = make_tournament(5, [2400 - 10 * i for i in range(8)], [
        ["1-5 1-0", "6-2 0-1", "3-7 1-0", "8-4 =-="],
        ["2-1 =-=", "4-3 1-0", "5-8 0-1", "7-6 =-="],
        ["1-4 =-=", "8-2 =-=", "6-3 =-=", "5-7 =-="],
    ])
    engine = _Round(build_state(t))
    four = engine.state.players[4]
    assert engine.float1[4] is Float.NONE and engine.float2[4] is Float.UP
    assert not engine.floats_ok(four, Float.DOWN, RELAX_LEVELS[0])
    assert engine.floats_ok(four, Float.DOWN, RELAX_LEVELS[1])


def test_c9_c10_drop_b5_after_b6() -> None:
    """B 3-B 6 are "v sestupném pořadí důležitosti" and may not be met by moving players down, so
    B 6, the least important, is given up first; then C 9: "Upusťte od kriteria B 5. pro přesuvné
    hráče směrem dolů", then C 10: "... upusťte od kriteria B 5. pro hráče přesuvné směrem vzhůru".
    B 5: "Hráč nebude přesunut stejným směrem ve dvou po sobě následujících kolech".
    """
    engine = _floats_after_two_rounds()
    players = engine.state.players
    assert RELAX_LEVELS == ((False, False, False), (True, False, False), (True, True, False), (True, True, True))
    no_b6, c9, c10 = RELAX_LEVELS[1:]
    assert not engine.floats_ok(players[3], Float.DOWN, no_b6)            # B 5: down twice
    assert engine.floats_ok(players[3], Float.DOWN, c9)
    assert not engine.floats_ok(players[4], Float.UP, c9)                 # B 5: up twice
    assert engine.floats_ok(players[4], Float.UP, c10)


# -- --explain ---------------------------------------------------------------------------------------------------

def test_explain_per_score_group(tmp_path: Path) -> None:
    """``swisspair pair --system dutch-1992 --explain``: per score group S1, p and x (A 6, A 8), the candidates
    rejected and why, the pairs accepted (White-Black) and the articles that produced them (C 6, C 7 ...),
    who moves down (C 6), each board's colours (E) and the bye (A 5, B 1 b)."""
    from click.testing import CliRunner

    from swisspair.cli import cli

    t = make_tournament(5, [2400 - 10 * i for i in range(13)],
                        [["8-1 0-1", "9-2 0-1", "10-3 0-1", "11-4 0-1", "12-5 0-1", "13-6 0-1", "7 U"]])
    path = tmp_path / "r1.trf"
    path.write_text(trf.dumps(t))
    result = CliRunner().invoke(cli, ["pair", "--system", SYSTEM, str(path), "--explain"])
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    start = lines.index("Round 2: 13 players to pair (FIDE Dutch system, 1992 rules)")
    assert lines[start + 1:start + 7] == [
        "Score group 1.0: 7 player(s)",
        "tried, in the order of the text:",
        "S1 = 1, 2, 3 | S2 = 4, 5, 6, 7: p = 3, x = 2",
        "1 v 4, 2 v 5, 3 v 6: B 4: both want white, and x = 2 is used up",
        ("accepted, homogeneous (A 3): S1 = 1, 2, 3, p = 3, x = 2: 1-4, 2-5, 3-7 (White-Black) [C 7: S2 "
         "transposed (D 1)]"),
        "moves down: 6 (C 6: not paired here)",
    ]
    assert "Score group 0.0: 6 player(s); moved down into it: 6" in lines
    assert "accepted, moved-down players (A 6): S1 = 6, p = 1, x = 1: 6-8 (White-Black) [C 6]" in lines
    assert "accepted, remainder (A 3): S1 = 9, 10, p = 2, x = 2: 11-9, 12-10 (White-Black) [C 6]" in lines
    boards = lines.index("Boards (White-Black), colours by E 1-E 4:")
    assert lines[boards + 1:boards + 4] == ["1-4: E 4: the higher-ranked, 1, has his preference",
                                            "2-5: E 4: the higher-ranked, 2, has his preference",
                                            "3-7: E 1: 3's preference granted (the other has none)"]
    assert lines[-1].startswith("Bye: 13, the player left over by the lowest group (A 5; B 1 b")


def test_explain_rejected_alternatives_and_colours() -> None:
    """The explanation of the C 10 case: the candidates in the text's order with the rule each broke (B 1 a
    with the round, B 4 with x), the steps (C 8 with the exchange of D 2, C 10), the pairs accepted
    White-Black, and each board's colours with the rule of E that gave them."""
    t = make_tournament(7, [2400 - 10 * i for i in range(8)], [
        ["1-5 =-=", "6-2 =-=", "3-7 =-=", "8-4 =-="],
        ["7-1 =-=", "2-8 1-0", "5-3 1-0", "4-6 =-="],
        ["1-4 =-=", "5-2 1-0", "3-8 1-0", "6-7 =-="],
    ])
    notes = pair(t, SYSTEM).explanation
    assert notes[1:3] == ("Score group 2.5: 1 player(s)",
                          "  5 is alone in the group: nothing to pair (A 6: p = 0), he moves down (A 3)")
    group = notes[notes.index("Score group 1.5: 6 player(s); moved down into it: 5"):]
    assert group[1:10] == (
        "  tried, in the order of the text:",
        "  S1 = 5 | S2 = 1, 2, 3, 4, 6, 7: p = 1, x = 0",
        "    5 v 1: B 1 a: they met in round 1",
        "    5 v 2: B 1 a: they met in round 3",
        "    5 v 3: B 1 a: they met in round 2",
        "    5 v 4: the moved-down players paired (C 6/C 7); the remainder from C 2:",
        "  S1 = 1, 2 | S2 = 3, 6, 7: p = 2, x = 0",
        "    1 v 3: B 4: both want black, and x = 0 is used up",
        "    1 v 6: B 4: both want black, and x = 0 is used up",
    )
    assert "  S1 = 1, 3 | S2 = 2, 6, 7: p = 2, x = 0; C 8: 2 exchanged for 3 (D 2)" in group
    assert "    1 v 2, 3 v 7: B 1 a: they met in round 1" in group
    c10 = group.index("  no pairing of this remainder (C 6-C 9): C 10, another opponent for 5, the lowest moved-down "
                      "player")
    assert group[c10 + 1] == "    5 v 7: the moved-down players paired (C 6/C 7); the remainder from C 2:"
    assert ("  accepted, remainder (A 3): S1 = 1, 3, p = 2, x = 0: 2-1, 4-3 (White-Black) [C 8: 2 exchanged for 3 "
            "(D 2)]") in group
    assert notes[notes.index("Boards (White-Black), colours by E 1-E 4:") + 1:] == (
        "  7-5: E 1: both preferences granted", "  2-1: E 1: both preferences granted",
        "  4-3: E 1: both preferences granted", "  8-6: E 1: both preferences granted")


def test_explain_c1_c12_last_round() -> None:
    """The explanation names a player alone in his group (A 3, A 6), C 1 (no opponent: moves down), C 12,
    the A 5 leftover, the last-round exemption (notes to A 7 a and B 6), a candidate rejected by B 6 and
    B 6 given up as the engine's reading, and the colours by E 2 and E 4 - the case of the C 1 test above."""
    t = make_tournament(5, [2400 - 10 * i for i in range(5)], [
        ["1-3 1-0", "4-2 0-1", "5 U"], ["5-1 =-=", "3-4 =-=", "2 U"],
        ["2-3 0-1", "4-5 1-0", "1 U"], ["1-2 0-1", "3-5 =-=", "4 U"],
    ])
    notes = pair(t, SYSTEM).explanation
    assert ("Last round: B 2, B 5, B 6 and A 7 a do not bind 1, 2, 4 (more than 50 %; notes to A 7 a and B 6)"
            in notes)
    assert "  2 is alone in the group: nothing to pair (A 6: p = 0), he moves down (A 3)" in notes
    assert "  C 1: 2 has no opponent here under B 1/B 2: moves down" in notes
    assert ("  C 12: no other pairing of this group with as many pairs lets the group below pair every player moved "
            "down into it; it goes on with this one") in notes
    assert "  C 1, A 5: 3 has no opponent here under B 1/B 2: he is the one left over" in notes
    assert "    2 v 5: B 6: 5 floated down in round 3 and may not float again for two rounds" in notes
    assert ("  5 floats up against B 6: 5 floated down in round 3 and may not float again for two rounds; B 6 given "
            "up (the engine's reading, not a step of the text)") in notes
    assert notes[notes.index("Boards (White-Black), colours by E 1-E 4:") + 1:] == (
        "  5-2: E 2: both want white; 5's preference is absolute, 2's strong",
        "  4-1: E 4: the higher-ranked, 1, has his preference",
        "Bye: 3, the player left over by the lowest group (A 5; B 1 b: no earlier point without playing)")


def test_b5_player_left_over_is_paired_when_he_can_be() -> None:
    """B 5, C 6/C 7: a player left over in S2 floats down (A 3), so one who floated down in the last round
    is paired when a transposition allows it. S1 = {1}, S2 = {2, 4}, 4 floated down last round: C 6
    (1-2) would float 4 down again, so C 7 gives 1-4 and 2 moves down."""
    from swisspair.pairing.dutch1992 import _Stage

    engine = _Round(build_state(make_tournament(5, [2400 - 10 * i for i in range(4)], [["1-3 =-=", "2-4 =-="]])))
    players = engine.state.players
    engine.float1[4] = Float.DOWN
    stage = _Stage(False, (1,), 1, 1, 1, 1, RELAX_LEVELS[1])
    first = next(engine.transposed([players[1]], [players[2], players[4]], 1, RELAX_LEVELS[1], True, stage))
    assert [(a.tpn, b.tpn) for a, b in first.pairs] == [(1, 4)]
    assert [q.tpn for q in first.left] == [2]


def test_b4_least_conflicts_is_a_lower_bound() -> None:
    """B 4 (x conflicting colour preferences at most): the bound the search prunes on never exceeds the fewest
    conflicts of any choice of S2 partners for the S1 players (checked by brute force)."""
    from collections import Counter
    from itertools import permutations

    from swisspair.pairing.dutch1992 import _least_conflicts

    rng = random.Random(3)
    prefs = [Colour.WHITE, Colour.BLACK, Colour.NONE]
    tight = 0
    for _ in range(300):
        s1 = [rng.choice(prefs) for _ in range(rng.randint(0, 4))]
        s2 = [rng.choice(prefs) for _ in range(rng.randint(len(s1), 6))]
        fewest = min(sum(a is not Colour.NONE and a is s2[j] for a, j in zip(s1, chosen))
                     for chosen in permutations(range(len(s2)), len(s1)))
        bound = _least_conflicts(Counter(s1), Counter(s2))
        assert bound <= fewest, (s1, s2)
        tight += bound == fewest
    assert tight > 250  # and nearly always exact


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_b4_pruning_keeps_every_pairing(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The search stops early where B 4's bound shows too many conflicts ahead: every round of generated
    events is paired as without the bound (it only skips branches that cannot give a pairing; the
    explanation, which lists the branches tried, differs)."""
    from swisspair.pairing import dutch1992

    engine = find_system(SYSTEM)
    t = generate(GeneratorConfig(players=40, rounds=7, forfeit_rate=20), seed, engine.pair)
    with_bound = [(p.boards, p.bye) for p in (engine.pair(t.truncated(r)) for r in range(7))]
    monkeypatch.setattr(dutch1992, "_least_conflicts", lambda left1, left2: 0)
    assert [(p.boards, p.bye) for p in (engine.pair(t.truncated(r)) for r in range(7))] == with_bound
