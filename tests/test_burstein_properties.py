"""Invariants of both Burstein editions on generated tournaments (C.04.1 art. 2-7, C.04.4.2 C1-C3).

Burstein's C3 has no topscorer exception, so the colour limits of C.04.1
art. 6-7 (|CD| <= 2, never the same colour three times in a row) hold in
every round, the last included.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swisspair.errors import NoValidPairingError
from swisspair.generator import NEVER, GeneratorConfig, generate
from swisspair.model import Colour, Result, Tournament
from swisspair.pairing import find_system


def check_invariants(t: Tournament, full_bye_blocks_pab: bool) -> None:
    blocking = {Result.PAB, Result.FORFEIT_WIN} | ({Result.FULL_BYE} if full_bye_blocks_pab else set())
    for player in t:
        met: set[int] = set()
        colours: list[Colour] = []
        for rnd, entry in enumerate(player.results, start=1):
            if entry.played:
                assert entry.opponent not in met, f"rematch {player.tpn}-{entry.opponent} (C1)"
                assert entry.opponent is not None
                met.add(entry.opponent)
                colours.append(entry.colour)
                diff = colours.count(Colour.WHITE) - colours.count(Colour.BLACK)
                assert -2 <= diff <= 2, f"{player.tpn}: colour difference {diff} in round {rnd} (C3)"
                assert colours[-3:] != [entry.colour] * 3, f"{player.tpn}: third same colour in round {rnd} (C3)"
            if entry.result is Result.PAB:
                assert not any(e.result in blocking for e in player.results[: rnd - 1]), \
                    f"{player.tpn}: PAB in round {rnd} after a PAB or a win without playing (C2)"
    for rnd in range(1, t.recorded_rounds + 1):
        assert sum(p.result(rnd).result is Result.PAB for p in t) <= 1


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    system=st.sampled_from(["burstein", "burstein-2026"]),
    players=st.integers(min_value=2, max_value=30),
    rounds=st.integers(min_value=1, max_value=9),
    seed=st.integers(min_value=0, max_value=10**6),
    forfeit=st.sampled_from([NEVER, 20.0]),
    absent=st.sampled_from([NEVER, 15.0]),
    hpb=st.sampled_from([NEVER, 10.0]),
)
def test_generated_tournaments_respect_the_absolute_rules(system: str, players: int, rounds: int, seed: int,
                                                          forfeit: float, absent: float, hpb: float) -> None:
    rounds = min(rounds, players - 1 + players % 2) if players > 1 else 1
    config = GeneratorConfig(players=players, rounds=rounds, forfeit_rate=forfeit, retired_rate=absent,
                             half_point_bye_rate=hpb)
    try:
        t = generate(config, seed, find_system(system).pair)
    except NoValidPairingError:  # a legitimately impossible round is reported, never a crash
        return
    check_invariants(t, full_bye_blocks_pab=system == "burstein-2026")


def test_a_larger_generated_tournament_2026() -> None:
    """Both editions on 80 players, 9 rounds, with forfeits, absences and half-point byes."""
    config = GeneratorConfig(players=80, rounds=9, forfeit_rate=30, retired_rate=40, half_point_bye_rate=40)
    for system in ("burstein", "burstein-2026"):
        check_invariants(generate(config, 2026, find_system(system).pair), system == "burstein-2026")
