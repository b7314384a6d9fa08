"""Invariants of the Dutch system on generated tournaments (C.04.1 art. 2-7, C.04.3 C1-C3)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from invariants import SEEDS, check_invariants, event_configs, generate_or_none, last_round_topscorers

from swisspair.generator import NEVER, GeneratorConfig, generate
from swisspair.pairing import find_system


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=event_configs(max_players=40, forfeit_rates=(NEVER, 20.0, 5.0)), seed=SEEDS)
def test_generated_tournaments_respect_the_absolute_rules(config: GeneratorConfig, seed: int) -> None:
    t = generate_or_none(config, seed, find_system("dutch").pair)
    if t is not None:
        check_invariants(t, last_round_topscorers)


@pytest.mark.slow
def test_a_large_generated_tournament() -> None:
    """Invariants on 150 players, 9 rounds (the 1000-player case is in the benchmarks)."""
    config = GeneratorConfig(players=150, rounds=9, forfeit_rate=30, retired_rate=40, half_point_bye_rate=40)
    t = generate(config, 12345, find_system("dutch").pair)
    check_invariants(t, last_round_topscorers)
    assert all(p.points == t.score(p.tpn) for p in t)
    assert t.score(1) >= Fraction(0)


@pytest.mark.slow
def test_a_1000_player_generated_tournament() -> None:
    """Invariants on 1000 players over 5 rounds with forfeits, absences and half-point byes."""
    config = GeneratorConfig(players=1000, rounds=5, forfeit_rate=40, retired_rate=60, half_point_bye_rate=60)
    t = generate(config, 1000, find_system("dutch").pair)
    check_invariants(t, last_round_topscorers)
