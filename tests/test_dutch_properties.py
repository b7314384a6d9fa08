"""Invariants of the Dutch system on generated tournaments (C.04.1 art. 2-7, C.04.3 C1-C3)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swisspair.generator import NEVER, GeneratorConfig, generate
from swisspair.model import Colour, Result, Tournament
from swisspair.pairing import find_system


def check_invariants(t: Tournament) -> None:
    rounds = t.recorded_rounds
    assert t.rounds is not None
    win = t.scoring.win
    for player in t:
        met: set[int] = set()
        pabs = 0
        colours: list[Colour] = []
        for rnd, entry in enumerate(player.results, start=1):
            if entry.played:
                assert entry.opponent not in met, f"rematch {player.tpn}-{entry.opponent} (C1)"
                assert entry.opponent is not None
                met.add(entry.opponent)
                colours.append(entry.colour)
                diff = colours.count(Colour.WHITE) - colours.count(Colour.BLACK)
                last_round = rnd == t.rounds
                score_before = t.score(player.tpn, rnd - 1)
                topscorer = last_round and 2 * score_before > (rnd - 1) * win
                opponent_top = last_round and 2 * t.score(entry.opponent, rnd - 1) > (rnd - 1) * win
                if not (topscorer or opponent_top):
                    assert -2 <= diff <= 2, f"{player.tpn} colour difference {diff} in round {rnd} (C.04.1 art. 6)"
                    assert colours[-3:] != [entry.colour] * 3, \
                        f"{player.tpn} same colour three times in round {rnd} (C.04.1 art. 7)"
            if entry.result is Result.PAB:
                pabs += 1
                earlier = player.results[: rnd - 1]
                assert not any(e.result in (Result.FORFEIT_WIN, Result.FULL_BYE) for e in earlier), \
                    f"{player.tpn} got a PAB after a win without playing (C.04.1 art. 4)"
        assert pabs <= 1, f"{player.tpn} has {pabs} PABs (C.04.1 art. 4)"
    for rnd in range(1, rounds + 1):
        assert sum(p.result(rnd).result is Result.PAB for p in t) <= 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=40),
    rounds=st.integers(min_value=1, max_value=9),
    seed=st.integers(min_value=0, max_value=10**6),
    forfeit=st.sampled_from([NEVER, 20.0, 5.0]),
    absent=st.sampled_from([NEVER, 15.0]),
    hpb=st.sampled_from([NEVER, 10.0]),
)
def test_generated_tournaments_respect_the_absolute_rules(players: int, rounds: int, seed: int, forfeit: float,
                                                          absent: float, hpb: float) -> None:
    rounds = min(rounds, players - 1 + players % 2) if players > 1 else 1
    config = GeneratorConfig(players=players, rounds=rounds, forfeit_rate=forfeit, retired_rate=absent,
                             half_point_bye_rate=hpb)
    try:
        t = generate(config, seed, find_system("dutch").pair)
    except Exception as error:  # a legitimately impossible round is reported, never a crash
        from swisspair.errors import NoValidPairingError

        assert isinstance(error, NoValidPairingError), repr(error)
        return
    check_invariants(t)


def test_a_large_generated_tournament() -> None:
    """Invariants on 150 players, 9 rounds (the 1000-player case is in the benchmarks)."""
    config = GeneratorConfig(players=150, rounds=9, forfeit_rate=30, retired_rate=40, half_point_bye_rate=40)
    t = generate(config, 12345, find_system("dutch").pair)
    check_invariants(t)
    assert all(p.points == t.score(p.tpn) for p in t)
    assert t.score(1) >= Fraction(0)


def test_a_1000_player_generated_tournament() -> None:
    """Invariants on 1000 players over 5 rounds with forfeits, absences and half-point byes."""
    config = GeneratorConfig(players=1000, rounds=5, forfeit_rate=40, retired_rate=60, half_point_bye_rate=60)
    t = generate(config, 1000, find_system("dutch").pair)
    check_invariants(t)
