"""What a form was shown, as a short token it carries back: a write checks what its writer saw.

A form that acts on a round (publish, unpair, adjust by hand) or names players by their pairing numbers
(a bye typed by number) depends on more than one row. It carries a token of that state as the page showed
it; the view compares it with the token of the state now and refuses the write, showing the current state,
when they differ. Versions alone are not enough: a round unpaired and paired again has new boards that start
at the same versions, and a swap of players keeps the boards' versions.

- :func:`pairing_token`: a round's boards (number, white, black) and byes (player, kind).
- :func:`results_token`: the same, with each board's result and version.
- :func:`tokens`: both, from the boards a page has read already.
- :func:`numbers_token`: a section's pairing numbers (number -> player).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

from swisspair_web.tournaments.rows import Board, Bye, Round, Section


def _digest(parts: Iterable[object]) -> str:
    text = "|".join(map(str, parts))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _pairing(rnd: Round, shown: Sequence[Board] | None = None) -> list[object]:
    boards: Iterable[tuple[int, int, int]] = (
        Board.objects.filter(round=rnd).order_by("number").values_list("number", "white_id", "black_id")
        if shown is None else [(b.number, b.white_id, b.black_id) for b in _in_order(shown)])
    byes = Bye.objects.filter(section_id=rnd.section_id, round_number=rnd.number).order_by("player_id") \
        .values_list("player_id", "kind")
    return [rnd.number, *boards, "byes", *byes]


def _in_order(boards: Sequence[Board]) -> list[Board]:
    return sorted(boards, key=lambda board: board.number)


def tokens(rnd: Round, shown: Sequence[Board]) -> tuple[str, str]:
    """:func:`pairing_token` and :func:`results_token` of the round whose boards the page shows (``shown``: all
    of them, just read), without reading them again."""
    pairing = _pairing(rnd, shown)
    results = [(b.number, b.result, b.version) for b in _in_order(shown)]
    return _digest(pairing), _digest([*pairing, "results", *results])


def pairing_token(rnd: Round) -> str:
    """The round's pairing as shown: who plays whom, on which board, in which colours, and who has a bye."""
    return _digest(_pairing(rnd))


def results_token(rnd: Round) -> str:
    """The round's pairing with its results as shown (for a write that would discard them)."""
    results = Board.objects.filter(round=rnd).order_by("number").values_list("number", "result", "version")
    return _digest([*_pairing(rnd), "results", *results])


def numbers_token(section: Section) -> str:
    """Which player holds which pairing number (for a form where the arbiter types a number)."""
    return _digest(section.players.order_by("tpn").values_list("tpn", "id"))
