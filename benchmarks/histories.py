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

import os
import subprocess
import sys
from pathlib import Path

from swisspair import trf
from swisspair.generator import GeneratorConfig, generate
from swisspair.model import Tournament
from swisspair.pairing import find_system

ROUNDS = {100: 9, 300: 9}
"""Rounds per size (11 when not listed)."""


EVENT_SETTINGS = """PlayersNumber=9999
RoundsNumber=11
DrawPercentage=30
ForfeitRate=50
RetiredRate=200
HalfPointByeRate=100
"""
"""The largest open we pair (``swisspair generate --config`` settings): after a round with 30 % draws,
forfeits, retirements and half-point byes, its brackets are the largest the engine meets."""

EVENT_SEED = 20261126


def rounds_for(size: int) -> int:
    return ROUNDS.get(size, 11)


def history_path(cache: Path, size: int, seed: int) -> Path:
    return cache / f"history-dutch-{size}x{rounds_for(size)}-{seed}.trf"


def load_history(cache: Path, size: int, seed: int) -> Tournament:
    """The cached history of ``size`` players, generated (and cached) if missing.

    It is generated in a child process (:func:`generate_history`): a process
    started afterwards inherits the peak memory of its parent as a floor of
    its own (Linux keeps it across fork and exec), and generating 9999
    players takes 1.5 GiB, which would then be reported for every round
    timed after it.
    """
    path = history_path(cache, size, seed)
    if not path.exists():
        src = Path(__file__).resolve().parent.parent / "src"
        subprocess.run([sys.executable, __file__, str(cache), str(size), str(seed)], check=True,
                       env={**os.environ, "PYTHONPATH": str(src)})
    return trf.load(path).tournament


def load_event(cache: Path) -> Tournament:
    """The event of :data:`EVENT_SETTINGS`, generated once by ``swisspair generate`` (a child process,
    see :func:`load_history`) and cached; some minutes of CPU."""
    path = cache / f"event-9999x11-{EVENT_SEED}.trf"
    if not path.exists():
        cache.mkdir(parents=True, exist_ok=True)
        settings = cache / "event.cfg"
        settings.write_text(EVENT_SETTINGS)
        src = Path(__file__).resolve().parent.parent / "src"
        subprocess.run([sys.executable, "-m", "swisspair", "generate", "--config", str(settings),
                        "-s", str(EVENT_SEED), "-o", str(path)], check=True,
                       env={**os.environ, "PYTHONPATH": str(src)})
    return trf.load(path).tournament


def generate_history(cache: Path, size: int, seed: int) -> None:
    """Generate the history of ``size`` players with the Dutch engine and cache it (written whole or not at all)."""
    engine = find_system("dutch")

    def progress(rnd: int) -> None:
        print(f"  generating {size} players: round {rnd} paired", file=sys.stderr, flush=True)

    config = GeneratorConfig(players=size, rounds=rounds_for(size))
    tournament = generate(config, seed, engine.pair, progress)
    path = history_path(cache, size, seed)
    cache.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".part")
    partial.write_text(trf.dumps(tournament))
    partial.replace(path)


if __name__ == "__main__":
    generate_history(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
