"""A board's result with its text forms (:class:`swisspair.model.BoardResult`): the TRF codes of both sides,
the label printed, what an arbiter may type (TRF16 result codes; C.04.2 (2026) art. 3)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from swisspair.model import BOARD_RESULTS, BoardResult, Result, Scoring

LABELS = {"10": "1-0", "==": "½-½", "01": "0-1", "+-": "+ / −", "-+": "− / +", "--": "− / −", "00": "0-0",
          "WL": "1-0 (unrated)", "DD": "½-½ (unrated)", "LW": "0-1 (unrated)"}


def test_every_board_result_has_its_code_and_label() -> None:
    assert {r.code: r.label for r in BOARD_RESULTS} == LABELS
    for result in BOARD_RESULTS:
        assert BoardResult.from_code(result.code) is result
        assert result.code == result.white.value + result.black.value
        assert eval(repr(result)) == result


OWN = {"10": ("1", "0"), "==": ("½", "½"), "01": ("0", "1"), "+-": ("+", "−"), "-+": ("−", "+"), "--": ("−", "−"),
       "00": ("0", "0"), "WL": ("1", "0"), "DD": ("½", "½"), "LW": ("0", "1")}


def test_each_side_as_lists_print_it() -> None:
    """A game shorter than one move is printed as the game it records; a forfeit as + / − (TRF16 result codes)."""
    assert {r.code: (r.white.symbol, r.black.symbol) for r in BOARD_RESULTS} == OWN
    assert [r.symbol for r in (Result.PAB, Result.HALF_BYE, Result.FULL_BYE, Result.ZERO_BYE, Result.ABSENT)] == \
        ["U", "H", "F", "Z", ""]


@pytest.mark.parametrize(("typed", "code"), [
    ("1", "10"), ("1-0", "10"), (" 1 - 0 ", "10"), ("0", "01"), ("0-1", "01"), ("=", "=="), ("5", "=="),
    ("½", "=="), ("d", "=="), ("R", "=="), ("1/2", "=="), ("+", "+-"), ("-", "-+"), ("--", "--"), ("00", "00"),
    ("0-0", "00"), ("wl", "WL"), ("DD", "DD"), ("lw", "LW"), ("-+", "-+"),
])
def test_what_an_arbiter_types(typed: str, code: str) -> None:
    parsed = BoardResult.parse(typed)
    assert parsed is not None and parsed.code == code


def test_no_result_and_nonsense() -> None:
    assert BoardResult.parse("") is None and BoardResult.parse(" x ") is None
    for text in ("2-0", "1-1", "+=", "abc"):
        with pytest.raises(ValueError):
            BoardResult.parse(text)
    with pytest.raises(ValueError):
        BoardResult.from_code("1=")


def test_points_under_the_scoring_and_forfeits_not_played() -> None:
    three = Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0))
    assert BoardResult.from_code("10").points(three) == (3, 0)
    assert BoardResult.from_code("-+").points(Scoring()) == (0, 1)
    assert BoardResult.from_code("DD").played and not BoardResult.from_code("+-").played
    assert BoardResult.from_code("00") == BoardResult(Result.LOSS, Result.LOSS)
