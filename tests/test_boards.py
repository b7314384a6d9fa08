"""Boards from pairs, shared by the FIDE systems (swisspair.pairing.boards)."""

from __future__ import annotations

from swisspair.model import Colour
from swisspair.pairing.boards import allocate_boards, oriented_boards, round_pairing, sort_boards
from swisspair.pairing.state import PlayerState


def player(tpn: int, score: int = 0) -> PlayerState:
    return PlayerState(tpn=tpn, rank_index=tpn - 1, rating=2000 - tpn, records=[], score=score,
                       pairing_score=score)


def tpns(boards: list[tuple[PlayerState, PlayerState]]) -> list[tuple[int, int]]:
    return [(w.tpn, b.tpn) for w, b in boards]


def test_board_order_is_higher_players_score_then_lower_players_score_then_rank() -> None:
    """GHR (2026) 3.6: the higher-ranked player's score, then the lower-ranked one's, then rank."""
    p1, p2, p3, p4, p5, p6 = player(1, 2), player(2, 4), player(3, 2), player(4, 0), player(5, 2), player(6, 2)
    boards = [(p4, p3), (p5, p6), (p1, p4), (p2, p6)]
    # 2-6: higher 4 points; 3-4 and 1-4: higher 2, lower 0 (1 ranks above 3); 5-6: higher 2, lower 2.
    assert tpns(sort_boards(boards)) == [(2, 6), (5, 6), (1, 4), (4, 3)]


def test_oriented_boards_give_the_first_of_each_pair_the_colour_the_rule_returns() -> None:
    p1, p2, p3, p4 = player(1, 2), player(2, 2), player(3, 0), player(4, 0)

    def colour(first: PlayerState, second: PlayerState) -> Colour:
        return Colour.WHITE if first.tpn % 2 else Colour.BLACK

    boards = oriented_boards([(p3, p4), (p2, p1)], colour)
    assert tpns(boards) == [(1, 2), (3, 4)]


def test_allocate_boards_gives_the_unpaired_participant_the_pab_and_colours_by_rank() -> None:
    """Art. 5.2.5: no preferences, so the higher-ranked player's TPN decides (odd: the initial colour)."""
    players = [player(1, 2), player(2, 2), player(3, 0), player(4, 0), player(5, 0)]
    partner = {0: 3, 3: 0, 1: 2, 2: 1}
    boards, bye = allocate_boards(players, partner, Colour.WHITE)
    assert bye is players[4]
    assert tpns(boards) == [(1, 4), (3, 2)]


def test_round_pairing_publishes_white_black_tpns_in_the_order_given_and_the_pab() -> None:
    p1, p2, p3 = player(1), player(2), player(3)
    pairing = round_pairing(4, [(p2, p1)], p3, ["note"])
    assert (pairing.round_number, pairing.bye, pairing.explanation) == (4, 3, ("note",))
    assert [(b.white, b.black) for b in pairing.boards] == [(2, 1)]
    assert round_pairing(4, [(p2, p1)], None, []).bye is None
