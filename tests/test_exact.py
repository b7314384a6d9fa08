"""Points held as integers (:mod:`swisspair.exact`): the TRF points fields and the scoring's values are read as
two integers, the checks and the pairing state count them in the least common denominator of the scoring,
and whoever reads a field gets the Fraction (TRF16/TRF26: the points column is the sum of the points of the
rounds under the scoring records; participants are paired by score, C.04.1 (2026) art. 5)."""

from __future__ import annotations

import copy
import pickle
import random
from fractions import Fraction

import pytest

from swisspair import trf
from swisspair.exact import Exact, held, held_value, in_units, same, scale_of
from swisspair.model import Colour, Player, Result, RoundResult, Scoring, Tournament, held_points
from swisspair.pairing.state import build_state
from swisspair.valueclass import replace

SCORINGS = {
    "3/1/0": Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0)),
    "1/½/0": Scoring(),
    "quarters": Scoring(black_win=Fraction(5, 4), black_draw=Fraction(3, 4), forfeit_loss=Fraction(-1, 4),
                        half_bye=Fraction(1, 4)),
}
SCALES = {"3/1/0": 1, "1/½/0": 2, "quarters": 4}
"""The least common denominator of each scoring's values: its points are whole numbers of 1/scale."""


@pytest.mark.parametrize("name", sorted(SCORINGS))
def test_the_unit_is_the_least_common_denominator_of_the_scoring(name: str) -> None:
    scoring = SCORINGS[name]
    values = [held_points(scoring, result, colour) for result in Result for colour in Colour]
    assert scale_of(values) == SCALES[name]
    for result in Result:
        for colour in Colour:
            points = scoring.points(result, colour)
            assert in_units(held_points(scoring, result, colour), SCALES[name]) == points * SCALES[name]


@pytest.mark.parametrize("name", sorted(SCORINGS))
def test_integer_sums_are_the_fraction_sums(name: str) -> None:
    """Random rounds: their points summed as integers in the unit are the sum of the Fractions, for each
    participant, and Tournament.score gives that sum."""
    scoring, scale = SCORINGS[name], SCALES[name]
    rng = random.Random(name)
    t = Tournament(scoring=scoring)
    for tpn in range(1, 21):
        results = [RoundResult(None if result.is_bye else rng.randint(1, 20), rng.choice(list(Colour)), result)
                   for result in rng.choices(list(Result), k=rng.randint(0, 11))]
        t.players[tpn] = Player(tpn, results=results)
    for player in t:
        units = sum(in_units(held_points(scoring, r.result, r.colour), scale) for r in player.results)
        exact = sum((scoring.points(r.result, r.colour) for r in player.results), Fraction(0))
        assert Fraction(units, scale) == exact == t.score(player.tpn)
        assert type(t.score(player.tpn)) is Fraction


def test_the_pairing_state_counts_in_the_unit() -> None:
    """A state of a scoring in quarters: every score is the Fraction sum times four."""
    t = Tournament(rounds=3, scoring=SCORINGS["quarters"])
    t.players = {1: Player(1, results=[RoundResult(2, Colour.BLACK, Result.WIN)]),
                 2: Player(2, results=[RoundResult(1, Colour.WHITE, Result.LOSS)]),
                 3: Player(3, results=[RoundResult(4, Colour.BLACK, Result.DRAW)]),
                 4: Player(4, results=[RoundResult(3, Colour.WHITE, Result.DRAW)])}
    state = build_state(t)
    assert state.scale == 4 and (state.win, state.draw, state.loss) == (4, 2, 0)
    assert {tpn: p.score for tpn, p in state.players.items()} == {tpn: t.score(tpn) * 4 for tpn in t.players}
    assert state.players[1].score == 5 and state.players[3].score == 3


TRF = """012 Held points
XXR 3
XXS WW=3 BW=2.75 WD=1 BD=1.25
001    1      Alpha, A                          2100                             3.0    1     2 w 1
001    2      Beta, B                           2000                             0.0    2     1 b 0
001    3      Gamma, C                          1900                            1.25    3     4 b =
001    4      Delta, D                          1800                             1.0    4     3 w =
"""


def test_the_reader_holds_points_as_integers_and_gives_fractions() -> None:
    t = trf.loads(TRF).tournament
    player, scoring = t.player(3), t.scoring
    assert type(held_value(player, "points")) is Exact and type(held_value(scoring, "black_draw")) is Exact
    assert type(held_points(scoring, Result.DRAW, Colour.BLACK)) is Exact
    assert player.points == Fraction(5, 4) and type(player.points) is Fraction  # read: a Fraction, then kept
    assert type(held_value(player, "points")) is Fraction
    assert scoring.points(Result.WIN, Colour.BLACK) == Fraction(11, 4) and scoring.draw == 1
    assert scoring == Scoring(win=Fraction(3), draw=Fraction(1), black_win=Fraction(11, 4), black_draw=Fraction(5, 4))
    assert hash(scoring) == hash(Scoring(win=Fraction(3), draw=Fraction(1), black_win=Fraction(11, 4),
                                         black_draw=Fraction(5, 4)))
    assert [t.score(tpn) for tpn in (1, 2, 3, 4)] == [3, 0, Fraction(5, 4), 1]
    assert not trf.loads(TRF).warnings
    assert [w.message for w in trf.loads(TRF.replace(" 1.25 ", " 1.50 ")).warnings] == [
        "points 1.5 do not match the results (5/4); the results are used"]


def test_a_held_field_behaves_as_a_fraction_field() -> None:
    """Equality, repr, copies, pickles and replace read a held field as the Fraction it gives."""
    read = trf.loads(TRF).tournament
    fractions = Scoring(win=Fraction(3), draw=Fraction(1), black_win=Fraction(11, 4), black_draw=Fraction(5, 4))
    for obj, twin in ((read.scoring, fractions), (read.player(3), replace(read.player(3), points=Fraction(5, 4)))):
        fresh = trf.loads(TRF).tournament
        again = fresh.scoring if isinstance(obj, Scoring) else fresh.player(3)
        assert repr(pickle.loads(pickle.dumps(again))) == repr(twin)
        assert copy.deepcopy(again) == twin and copy.copy(again) == twin
    assert repr(Scoring()) == ("Scoring(win=Fraction(1, 1), draw=Fraction(1, 2), loss=Fraction(0, 1), black_win=None, "
                               "black_draw=None, black_loss=None, forfeit_win=None, forfeit_loss=None, full_bye=None, "
                               "half_bye=None, zero_bye=Fraction(0, 1), pab=None)")
    assert replace(Scoring(), pab=Fraction(1, 2)).pab_points == Fraction(1, 2)
    player = Player(1, points=held(Exact(7, 2)))
    player.points = Fraction(3)
    assert player.points == 3 and held_value(player, "points") == 3


def test_an_exact_number_is_two_integers_in_lowest_terms() -> None:
    assert (Exact(115, 10).numerator, Exact(115, 10).denominator) == (23, 2)
    assert repr(Exact(4, 2)) == "2" and repr(Exact(-3, 12)) == "-1/4"
    assert not Exact(0, 10) and Exact(1, 10)
    assert same(Exact(6, 4), Fraction(3, 2)) and not same(Exact(3, 4), Fraction(3, 2))
    with pytest.raises(ValueError, match="positive"):
        Exact(1, 0)
    for numerator, denominator in ((1.5, 2), (3, 2.0), ("1", 2), (Fraction(1, 2), 1)):
        with pytest.raises(TypeError, match="two integers"):
            Exact(numerator, denominator)


def test_lowest_terms_and_common_denominators_are_maths() -> None:
    """Euclid's divisor and the least common denominator give what :mod:`math` gives, for any sign of the
    numerator, zero and large values."""
    import math

    rng = random.Random(5)
    pairs = [(rng.randint(-10**12, 10**12), rng.randint(1, 10**6)) for _ in range(2000)]
    pairs += [(n, d) for n in range(-30, 31) for d in range(1, 31)]
    for numerator, denominator in pairs:
        common = math.gcd(numerator, denominator)
        assert (Exact(numerator, denominator).numerator, Exact(numerator, denominator).denominator) == (
            numerator // common, denominator // common)
    for size in range(8):
        denominators = [rng.choice((1, 2, 3, 4, 8, 10, 12, 100, 7919)) for _ in range(size)]
        assert scale_of([Exact(1, d) for d in denominators]) == math.lcm(1, *denominators)


def test_a_points_column_with_virtual_points_matches() -> None:
    """The points column may include the virtual points (XXA, the pairing score of C.04.7 (2026) 1.5): the
    check then compares Fractions, the written points made one."""
    accelerated = TRF.replace(" 3.0    1 ", " 4.0    1 ").replace(" 1.25    3 ", " 1.75    3 ")
    accelerated += "XXA    1  1.0\nXXA    3  0.5\n"
    assert not trf.loads(accelerated).warnings
    assert [w.message for w in trf.loads(accelerated.replace(" 1.75    3 ", " 2.25    3 ")).warnings] == [
        "points 9/4 do not match the results (5/4); the results are used"]
