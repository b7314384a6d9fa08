"""The 1992 Dutch engine against a direct enumeration of the text's own order (``tests/dutch1992_text.py``).

The enumeration shares nothing with the engine but the model: it lists the orders of D 1 and the
exchanges of D 2 itself and runs C 1-C 14 as plain loops over every candidate. Generated events of 4 to
10 players, paired round by round by the engine, are checked round by round: the same boards, the same
colours, the same bye, and the same refusals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from dutch1992_text import Text1992
from helpers import announce_absences, play_round

from swisspair import trf
from swisspair.errors import NoValidPairingError
from swisspair.model import Colour, Player, RoundPairing, Tournament
from swisspair.pairing import pair

SYSTEM = "dutch-1992"


def rounds_of(seed: int) -> Iterator[tuple[Tournament, int, RoundPairing | None]]:
    """An event of 4 to 10 players and 3 rounds up to a round robin's, paired by the engine; each round
    is yielded before it is played (the event as a TRF file would give it), up to a refusal.
    One player-round in 30 is an announced absence (F 5)."""
    rng = random.Random(seed)
    players = rng.randint(4, 10)
    t = Tournament(rounds=rng.randint(3, players - 1 + players % 2),
                   initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)))
    for tpn in range(1, players + 1):
        t.players[tpn] = Player(tpn=tpn, name=f"P{tpn}", rating=2400 - 10 * tpn)
    assert t.rounds is not None
    for rnd in range(1, t.rounds + 1):
        announce_absences(t, rnd, rng)
        event = trf.loads(trf.dumps(t)).tournament           # what the TRF holds, read back
        try:
            got: RoundPairing | None = pair(event, SYSTEM)
        except NoValidPairingError:
            got = None
        yield event, rnd, got
        if got is None:
            return
        play_round(t, rnd, [(b.white, b.black) for b in got.boards], got.bye, rng)


def compare(seeds: range) -> tuple[int, list[tuple[int, int]]]:
    """Rounds checked and the (seed, round) of those where the engine and the text's order differ."""
    checked, differ = 0, []
    for seed in seeds:
        for event, rnd, got in rounds_of(seed):
            checked += 1
            want = Text1992(event, rnd).pair()
            if (got and (got.boards, got.bye)) != (want and (want.boards, want.bye)):
                differ.append((seed, rnd))
    return checked, differ


def test_the_text_order_on_generated_rounds() -> None:
    """C 1-C 14, D 1 and D 2 as written: the engine pairs every round as the direct enumeration does."""
    checked, differ = compare(range(60))
    assert checked > 250
    assert not differ, differ


@pytest.mark.slow
def test_the_text_order_on_two_thousand_rounds() -> None:
    """The same on more than 2000 generated rounds."""
    checked, differ = compare(range(60, 560))
    assert checked >= 2000, checked
    assert not differ, differ
