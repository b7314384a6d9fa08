"""Invariants of both Burstein editions on generated tournaments (C.04.1 art. 2-7, C.04.4.2 C1-C3).

Burstein's C3 has no topscorer exception, so the colour limits of C.04.1
art. 6-7 (|CD| <= 2, never the same colour three times in a row) hold in
every round, the last included.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import check_invariants

from swisspair.errors import NoValidPairingError
from swisspair.generator import NEVER, GeneratorConfig, generate
from swisspair.pairing import find_system


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
        check_invariants(generate(config, 2026, find_system(system).pair),
                         full_bye_blocks_pab=system == "burstein-2026")
