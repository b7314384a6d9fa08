"""The pairing checker: replay every round of a tournament and compare.

For each round r, the rounds before r are taken as played, the requested byes
and absences of round r are kept, the engine pairs round r, and the result is
compared with the round recorded in the file: the same pairs, the same player
with White on each board, the same participant with the PAB
(tests/corpus/README.md, "What reproduce a round means").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from swisspair.errors import SwissPairError
from swisspair.model import Board, Colour, Result, RoundPairing, Tournament


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """The outcome of re-pairing one round."""

    round_number: int
    expected: RoundPairing
    produced: RoundPairing | None
    """``None`` when the engine failed (see :attr:`error`)."""
    error: str | None = None

    @property
    def ok(self) -> bool:
        """Same boards (with colours) and same PAB."""
        if self.produced is None:
            return False
        return (set(self.expected.boards) == set(self.produced.boards)
                and self.expected.bye == self.produced.bye)

    def describe(self) -> str:
        """A one-paragraph account of the difference (empty when equal)."""
        if self.ok:
            return ""
        if self.produced is None:
            return f"round {self.round_number}: engine error: {self.error}"
        expected = set(self.expected.boards)
        produced = set(self.produced.boards)
        lines = [f"round {self.round_number}: differs"]
        missing = sorted(expected - produced, key=lambda b: (b.white, b.black))
        extra = sorted(produced - expected, key=lambda b: (b.white, b.black))
        if missing:
            lines.append("  expected: " + ", ".join(f"{b.white}-{b.black}" for b in missing))
        if extra:
            lines.append("  produced: " + ", ".join(f"{b.white}-{b.black}" for b in extra))
        if self.expected.bye != self.produced.bye:
            lines.append(f"  PAB expected {self.expected.bye}, produced {self.produced.bye}")
        return "\n".join(lines)


def recorded_round(tournament: Tournament, round_number: int) -> RoundPairing:
    """The pairing of ``round_number`` as recorded in the tournament.

    Forfeited games count with their scheduled colours; a pair recorded
    without colours is written with the lower TPN first.
    """
    boards: set[Board] = set()
    bye = None
    for player in tournament:
        entry = player.result(round_number)
        if entry.result is Result.PAB:
            bye = player.tpn
        elif entry.opponent is not None:
            if entry.colour is Colour.WHITE:
                boards.add(Board(player.tpn, entry.opponent))
            elif entry.colour is Colour.BLACK:
                boards.add(Board(entry.opponent, player.tpn))
            elif player.tpn < entry.opponent:
                boards.add(Board(player.tpn, entry.opponent))
    return RoundPairing(round_number, tuple(sorted(boards, key=lambda b: (b.white, b.black))), bye)


def check_rounds(tournament: Tournament, pair: Callable[[Tournament], RoundPairing],
                 rounds: range | None = None) -> Iterator[RoundCheck]:
    """Re-pair each round with ``pair`` and yield the comparison, round by round.

    A complete tournament without ``XXR``/``142`` is taken to have as many
    rounds as it has round columns.
    """
    last = tournament.paired_rounds
    if tournament.rounds is None:
        tournament = tournament.truncated(tournament.recorded_rounds, keep_absences=False)
        tournament.rounds = tournament.recorded_rounds
    for rnd in rounds or range(1, last + 1):
        expected = recorded_round(tournament, rnd)
        state = tournament.truncated(rnd - 1)
        try:
            produced = pair(state)
        except SwissPairError as error:
            yield RoundCheck(rnd, expected, None, str(error))
            continue
        yield RoundCheck(rnd, expected, produced)
