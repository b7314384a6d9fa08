"""Invariants of both Burstein editions on generated tournaments (C.04.1 art. 2-7, C.04.4.2 C1-C3).

Burstein's C3 has no topscorer exception, so the colour limits of C.04.1
art. 6-7 (|CD| <= 2, never the same colour three times in a row) hold in
every round, the last included.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import SEEDS, check_invariants, event_configs, generate_or_none

from swisspair.generator import GeneratorConfig, generate
from swisspair.pairing import find_system


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(["burstein", "burstein-2026"]), config=event_configs(), seed=SEEDS)
def test_generated_tournaments_respect_the_absolute_rules(system: str, config: GeneratorConfig, seed: int) -> None:
    t = generate_or_none(config, seed, find_system(system).pair)
    if t is not None:
        check_invariants(t, full_bye_blocks_pab=system == "burstein-2026")


def test_a_larger_generated_tournament_2026() -> None:
    """Both editions on 80 players, 9 rounds, with forfeits, absences and half-point byes."""
    config = GeneratorConfig(players=80, rounds=9, forfeit_rate=30, retired_rate=40, half_point_bye_rate=40)
    for system in ("burstein", "burstein-2026"):
        check_invariants(generate(config, 2026, find_system(system).pair),
                         full_bye_blocks_pab=system == "burstein-2026")
