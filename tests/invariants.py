"""The absolute rules every pairing system keeps, checked on a finished tournament (C.04.1 (2026)).

* art. 2 / C1: no two participants meet twice;
* art. 4 / C2: a PAB only for a participant who had no PAB and never scored a
  win's points without playing (a forfeit win; a full-point bye, in the texts
  that count it);
* arts. 6-7 / C3: the colour difference stays within -2..+2 and nobody gets
  the same colour three times in a row, except where the system's text
  exempts the pairing (``exempt``);
* at most one PAB per round.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hypothesis import strategies as st

from swisspair.errors import NoValidPairingError
from swisspair.generator import NEVER, GeneratorConfig, generate
from swisspair.model import Colour, Result, RoundPairing, Tournament

Exemption = Callable[[Tournament, int, int, int], bool]
"""``(tournament, player, opponent, round)``: whether the colour limits do not apply to that game."""


def no_exemption(t: Tournament, player: int, opponent: int, rnd: int) -> bool:
    """Burstein, Dubov: the colour limits hold in every round."""
    return False


def last_round(t: Tournament, player: int, opponent: int, rnd: int) -> bool:
    """Lim: the colour limits do not bind in the last round."""
    return rnd == t.rounds


def last_round_topscorers(t: Tournament, player: int, opponent: int, rnd: int) -> bool:
    """Dutch (C.04.3 art. 1.8, C3): a game of a topscorer (more than half the maximum score) in the last round."""
    if rnd != t.rounds:
        return False
    win = t.scoring.win
    return any(2 * t.score(tpn, rnd - 1) > (rnd - 1) * win for tpn in (player, opponent))


def check_invariants(t: Tournament, exempt: Exemption = no_exemption, full_bye_blocks_pab: bool = True) -> None:
    """Assert the rules above on every participant and round of ``t``."""
    blocking = {Result.PAB, Result.FORFEIT_WIN} | ({Result.FULL_BYE} if full_bye_blocks_pab else set())
    for player in t:
        met: set[int] = set()
        colours: list[Colour] = []
        for rnd, entry in enumerate(player.results, start=1):
            if entry.played:
                assert entry.opponent is not None
                assert entry.opponent not in met, f"rematch {player.tpn}-{entry.opponent} (C.04.1 art. 2)"
                met.add(entry.opponent)
                colours.append(entry.colour)
                if not exempt(t, player.tpn, entry.opponent, rnd):
                    diff = colours.count(Colour.WHITE) - colours.count(Colour.BLACK)
                    assert -2 <= diff <= 2, f"{player.tpn}: colour difference {diff} in round {rnd} (C.04.1 art. 6)"
                    assert colours[-3:] != [entry.colour] * 3, \
                        f"{player.tpn}: same colour three times in round {rnd} (C.04.1 art. 7)"
            if entry.result is Result.PAB:
                assert not any(e.result in blocking for e in player.results[: rnd - 1]), \
                    f"{player.tpn}: PAB in round {rnd} after a PAB or a win without playing (C.04.1 art. 4)"
    for rnd in range(1, t.recorded_rounds + 1):
        assert sum(p.result(rnd).result is Result.PAB for p in t) <= 1, f"two PABs in round {rnd}"


@st.composite
def event_configs(draw: st.DrawFn, max_players: int = 30,
                  forfeit_rates: Sequence[float] = (NEVER, 20.0)) -> GeneratorConfig:
    """Generator settings for the property tests: 2..``max_players`` players, up to 9 rounds (never more
    than a round robin has), with or without forfeits, absences and half-point byes."""
    players = draw(st.integers(min_value=2, max_value=max_players))
    rounds = draw(st.integers(min_value=1, max_value=9))
    return GeneratorConfig(players=players, rounds=min(rounds, players - 1 + players % 2) if players > 1 else 1,
                           forfeit_rate=draw(st.sampled_from(forfeit_rates)),
                           retired_rate=draw(st.sampled_from([NEVER, 15.0])),
                           half_point_bye_rate=draw(st.sampled_from([NEVER, 10.0])))


SEEDS = st.integers(min_value=0, max_value=10**6)


def generate_or_none(config: GeneratorConfig, seed: int,
                     pair: Callable[[Tournament], RoundPairing]) -> Tournament | None:
    """The generated event, or ``None`` when a round legitimately has no pairing (reported, never a crash)."""
    try:
        return generate(config, seed, pair)
    except NoValidPairingError:
        return None
