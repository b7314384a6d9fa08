"""Boards from pairs: orientation (who has White) and publication order.

Shared by the FIDE systems (Dutch 2026 and 2017, Burstein, Dubov, Lim), as
bbpPairings keeps such pieces in its ``swisssystems/common``: each system
finds its pairs and its colour rule; turning them into ordered boards is the
same everywhere.
"""

from __future__ import annotations

from swisspair.model import Board, Colour, RoundPairing
from swisspair.pairing.colours import allocate_colour
from swisspair.pairing.state import PlayerState

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

BoardPair = tuple[PlayerState, PlayerState]
"""One board as (White, Black)."""


def sort_boards(boards: list[BoardPair]) -> list[BoardPair]:
    """Board order (GHR (2026) 3.6): the higher-ranked player's score, the lower's score, then rank."""

    def key(pair: BoardPair) -> tuple[int, int, int]:
        a, b = pair
        higher, lower = (b, a) if (a.score, b.rank_index) < (b.score, a.rank_index) else (a, b)
        return (-higher.score, -lower.score, higher.rank_index)

    return sorted(boards, key=key)


def oriented_boards(pairs: Iterable[BoardPair],
                    colour: Callable[[PlayerState, PlayerState], Colour]) -> list[BoardPair]:
    """Boards (White, Black) in publication order (GHR (2026) 3.6) from unoriented pairs.

    ``colour(first, second)`` is the colour the system's own rule gives
    ``first`` against ``second`` (Dubov: C.04.4.1 (2026) 5.2; Lim: C.04.4.3 5;
    Burstein: C.04.4.2 (2026) 5.2); ``first`` gets it, ``second`` the other.
    """
    boards: list[BoardPair] = []
    for first, second in pairs:
        white = colour(first, second) is Colour.WHITE
        boards.append((first, second) if white else (second, first))
    return sort_boards(boards)


def allocate_boards(players: list[PlayerState], partner: dict[int, int], initial: Colour
                    ) -> tuple[list[BoardPair], PlayerState | None]:
    """Boards (White, Black) in publication order, and the PAB assignee, from the pairs found.

    ``partner`` maps a position in ``players`` to its opponent's; the one
    participant without an entry gets the PAB. Colours: art. 5.2.
    """
    boards: list[BoardPair] = []
    bye = None
    for v, player in enumerate(players):
        mate = partner.get(v)
        if mate is None:
            bye = player
        elif player.tpn < players[mate].tpn:
            other = players[mate]
            colour = allocate_colour(player, other, initial, _ranks_lower)
            boards.append((player, other) if colour is Colour.WHITE else (other, player))
    return sort_boards(boards), bye


def round_pairing(round_number: int, boards: list[BoardPair], bye: PlayerState | None,
                  explanation: Iterable[str]) -> RoundPairing:
    """The published round: the boards as (White, Black) TPNs in the order given, and the PAB."""
    return RoundPairing(
        round_number=round_number,
        boards=tuple(Board(white.tpn, black.tpn) for white, black in boards),
        bye=bye.tpn if bye is not None else None,
        explanation=tuple(explanation),
    )


def _ranks_lower(a: PlayerState, b: PlayerState) -> bool:
    """``a`` comes after ``b`` in the art. 1.2 order (pairing score, then rank)."""
    return (a.pairing_score, b.rank_index) < (b.pairing_score, a.rank_index)


__all__ = ["BoardPair", "allocate_boards", "oriented_boards", "round_pairing", "sort_boards"]
