"""Editions of the unplayed-round rules: the 2009 virtual opponent (FIDE C.02 (2009)) and "none".

FIDE C.02 (2009) art. 13.14.2: a player without an opponent in round R is treated
as having met a virtual opponent who started the round on the player's
score, got the other result of the round and then drew every round:

    Svon = SPR + (1 - SfPR) + 0.5 (n - R)
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_tiebreaks_support import EXAMPLE, F, build, context, values

from swisspair.errors import InvalidTieBreakError
from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.editions import Edition
from swisspair.tiebreaks.event import Event


def _virtual(ctx: Context, tpn: int, round_number: int) -> Fraction:
    """The score used for ``tpn``'s round ``round_number`` in its Buchholz."""
    term = next(t for t in ctx.values("BH")[tpn].terms if t.round == round_number)
    assert term.opponent is None and term.score is not None
    return term.score


# Nine rounds; player 1 has 1.5 after two rounds and does not appear in round 3 (forfeit loss),
# then plays on. The other players only provide the games.
EXAMPLE_1 = """
1: 2w1 3b= 4w- 5b0 6w= 7b1 8w0 9b= 10w1
2: 1b0 .   .   .   .   .   .   .   .
3: .   1w= .   .   .   .   .   .   .
4: .   .   1b+ .   .   .   .   .   .
5: .   .   .   1w1 .   .   .   .   .
6: .   .   .   .   1b= .   .   .   .
7: .   .   .   .   .   1w0 .   .   .
8: .   .   .   .   .   .   1b1 .   .
9: .   .   .   .   .   .   .   1w= .
10: .  .   .   .   .   .   .   .   1b0
"""


def test_seed_001_example_1_absent_in_round_3() -> None:
    # Svon = 1.5 + (1 - 0) + 0.5 x (3 - 3) = 2.5 after round 3
    after_3 = Context(Event.from_tournament(build(EXAMPLE_1), rounds=3), "2009")
    assert _virtual(after_3, 1, 3) == F("2.5")
    # Svon = 1.5 + (1 - 0) + 0.5 x (9 - 3) = 5.5 at the end of the tournament
    final = context(EXAMPLE_1, "2009")
    assert _virtual(final, 1, 3) == F("5.5")


# Player 1 has 3.5 after five rounds; the opponent of round 6 does not appear (forfeit win).
EXAMPLE_2 = """
1: 2w1 3b= 4w1 5b1 6w0 7b+ 8w0 9b= 10w1
2: 1b0 .   .   .   .   .   .   .   .
3: .   1w= .   .   .   .   .   .   .
4: .   .   1b0 .   .   .   .   .   .
5: .   .   .   1w0 .   .   .   .   .
6: .   .   .   .   1b1 .   .   .   .
7: .   .   .   .   .   1w- .   .   .
8: .   .   .   .   .   .   1b1 .   .
9: .   .   .   .   .   .   .   1w= .
10: .  .   .   .   .   .   .   .   1b0
"""


def test_seed_001_example_2_opponent_absent_in_round_6() -> None:
    # Svon = 3.5 + (1 - 1) + 0.5 x (6 - 6) = 3.5 after round 6
    after_6 = Context(Event.from_tournament(build(EXAMPLE_2), rounds=6), "2009")
    assert _virtual(after_6, 1, 6) == F("3.5")
    # Svon = 3.5 + (1 - 1) + 0.5 x (9 - 6) = 5.0 at the end
    assert _virtual(context(EXAMPLE_2, "2009"), 1, 6) == F(5)


@pytest.mark.parametrize(
    ("round5", "expected"),
    [
        ("U", F(5)),    # (1) bye: 2 + (1 - 1) + 0.5 x 6 = 5
        ("7b+", F(5)),  # (2) "+/-": the same
        ("7b-", F(6)),  # (3) "-/+": 2 + (1 - 0) + 0.5 x 6 = 6
    ],
)
def test_seed_001_table_round_5_of_11(round5: str, expected: Fraction) -> None:
    # Player A has 2 points before round 5 of an 11-round event.
    other = {"U": ".", "7b+": "1w-", "7b-": "1w+"}[round5]
    text = f"""
1: 2w1 3b1 4w0 5b0 {round5} 6w= 8b= 9w= 10b= 11w= 12b=
2: 1b0 . . . . . . . . . .
3: . 1w0 . . . . . . . . .
4: . . 1b1 . . . . . . . .
5: . . . 1w1 . . . . . . .
7: . . . . {other} . . . . . .
6: . . . . . 1b= . . . . .
8: . . . . . . 1w= . . . .
9: . . . . . . . 1b= . . .
10: . . . . . . . . 1w= . .
11: . . . . . . . . . 1b= .
12: . . . . . . . . . . 1w=
"""
    assert _virtual(context(text, "2009"), 1, 5) == expected


def test_2009_opponents_unplayed_games_count_as_draws() -> None:
    ctx = context(EXAMPLE, "2009")
    # 2's opponents: 5 (2.5 with a PAB, seen as 0.5 + 0.5 + 0 + 1 = 2), 7 (PAB + three losses: 0.5),
    # 1 (zero-point bye seen as a draw: 3), 3 (forfeit win seen as a draw: 0 + 0.5 + 1 + 0 = 1.5)
    assert values(ctx, "BH")[2] == F(2) + F("0.5") + F(3) + F("1.5")


def test_2009_cuts_have_no_vur_exception() -> None:
    # 4 (2009): [1 (3), forfeit loss: virtual 0 + 1 + 0.5 x 2 = 2, 7 (0.5), 6 (2)]: cut the lowest, 0.5
    ctx = context(EXAMPLE, "2009")
    bh = ctx.values("BH/C1")[4]
    assert [t.value for t in bh.terms] == [F(3), F(2), F("0.5"), F(2)]
    assert bh.value == F(7)


def test_edition_none_leaves_unplayed_rounds_alone() -> None:
    ctx = context(EXAMPLE, "none")
    # 1: 4 (1.5) + 6 (2) + 2 (3) + zero-point bye: nothing = 6.5
    # 3: 6 (2) + forfeit against 4: 4's actual 1.5 + 5 (2.5) + 2 (3) = 9
    assert values(ctx, "BH")[1] == F("6.5")
    assert values(ctx, "BH")[3] == F(9)


def test_edition_names() -> None:
    assert Edition.parse("2026") is Edition.C07_2026
    assert Edition.parse("2024-08") is Edition.C07_2024
    assert Edition.parse("2009") is Edition.VIRTUAL_2009
    assert Edition.parse("NONE") is Edition.NONE
    with pytest.raises(InvalidTieBreakError, match="unknown tie-break edition"):
        Edition.parse("1999")


def test_per_descriptor_edition_override() -> None:
    ctx = context(EXAMPLE, "2026")
    assert ctx.values("BH/V2024")[1].value == values(context(EXAMPLE, "2024"), "BH")[1]
