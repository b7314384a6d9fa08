"""Realistic histories for the benchmarks: every round paired by the Dutch engine itself.

An event of N players and R rounds is generated once by
:func:`swisspair.generator.generate` (results drawn from the ratings, 30 %
draws) with the FIDE Dutch system (2026 rules) pairing every round, and cached
in ``benchmarks/.cache`` (ignored by git). Because the engine is
deterministic, re-pairing round r of a cached history must give the round
recorded there: the benchmark checks that, so a history generated before a
change to the engine is also a test that the change keeps the output.
"""

from __future__ import annotations

import sys
from pathlib import Path

from swisspair import trf
from swisspair.generator import GeneratorConfig, generate
from swisspair.model import Tournament
from swisspair.pairing import find_system

ROUNDS = {100: 9, 300: 9}
"""Rounds per size (11 when not listed)."""


def rounds_for(size: int) -> int:
    return ROUNDS.get(size, 11)


def history_path(cache: Path, size: int, seed: int) -> Path:
    return cache / f"history-dutch-{size}x{rounds_for(size)}-{seed}.trf"


def load_history(cache: Path, size: int, seed: int) -> Tournament:
    """The cached history of ``size`` players, generated (and cached) if missing."""
    path = history_path(cache, size, seed)
    if not path.exists():
        engine = find_system("dutch")

        def progress(rnd: int) -> None:
            print(f"  generating {size} players: round {rnd} paired", file=sys.stderr, flush=True)

        config = GeneratorConfig(players=size, rounds=rounds_for(size))
        tournament = generate(config, seed, engine.pair, progress)
        cache.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".part")
        partial.write_text(trf.dumps(tournament))
        partial.replace(path)
    return trf.load(path).tournament
