"""Time the standings of a section, as the manager builds them once per change.

    python benchmarks/standings.py                    # 100, 300, 1000, 3000 players, 9 rounds played
    python benchmarks/standings.py --players 300 --runs 20
    python benchmarks/standings.py --before ../other-checkout   # the same rows, before (that tree) and after

Each row is a synthetic event (benchmarks/history.py) of N players after R rounds, ranked with the
manager's default tie-breaks (``BH/C1,BH,SB,DE,WIN,BWG``) by :func:`swisspair.standings.compute_standings`:
the CPU time of the build (median and smallest of the runs) and the time per thousand games, which
stays flat when the build is linear in the games; the rows of 300 and 3000 players show their target
(:data:`TARGETS`). With ``--before SRC`` each row is also timed on the swisspair of another checkout SRC
(its ``src``), in a separate process, runs alternating, and the table shows both medians and their ratio.
The manager builds a section's table once per change (the public pages rendered together share it:
``swisspair_web/tournaments/reads/standings.py``); its page adds the crosstable cells, which are linear
too. The machine's load is printed.
"""

from __future__ import annotations

import argparse
import os
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
_SRC = sys.argv[sys.argv.index("--src") + 1] if "--src" in sys.argv else str(HERE.parent / "src")
sys.path.insert(0, _SRC)
sys.path.insert(0, str(HERE))

from history import synthetic_tournament  # noqa: E402

from swisspair.standings import compute_standings  # noqa: E402

CODES = "BH/C1,BH,SB,DE,WIN,BWG"
TARGETS = {300: 20, 3000: 200}
"""The CPU ms a table of that many players may take (the median)."""


def _times(players: int, rounds: int, runs: int) -> list[float]:
    """CPU ms of each of ``runs`` standings of the synthetic event (after one not timed)."""
    tournament = synthetic_tournament(players, rounds, rounds, 1)
    compute_standings(tournament, CODES)
    times = []
    for _ in range(runs):
        started = time.process_time()
        compute_standings(tournament, CODES)
        times.append((time.process_time() - started) * 1000)
    return times


def _times_of(src: str, players: int, rounds: int, runs: int) -> list[float]:
    """:func:`_times` on the swisspair of another checkout's ``src``, in a fresh process."""
    out = subprocess.run([sys.executable, __file__, "--src", src, "--times", str(players), "--rounds", str(rounds),
                          "--runs", str(runs)], check=True, capture_output=True, text=True).stdout
    return [float(x) for x in json.loads(out)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, action="append", help="players (repeatable); default 100 300 1000 3000")
    parser.add_argument("--rounds", type=int, default=9, help="rounds played, default 9")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--before", metavar="SRC", help="another checkout to compare with (its src/ is imported)")
    parser.add_argument("--src", help=argparse.SUPPRESS)
    parser.add_argument("--times", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.times:  # one row's times, for --before
        print(json.dumps(_times(args.times, args.rounds, args.runs)))
        return
    print(f"load: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores", file=sys.stderr)
    before_src = str(Path(args.before).resolve() / "src") if args.before else None
    head = (f"{'players':>8} {'games':>7} {'target ms':>10} {'median CPU ms':>14} {'min CPU ms':>11}"
            f" {'ms / 1000 games':>16}")
    print(head + (f" {'before median':>14} {'before min':>11} {'after / before':>15}" if before_src else ""))
    for players in args.players or [100, 300, 1000, 3000]:
        tournament = synthetic_tournament(players, args.rounds, args.rounds, 1)
        games = sum(1 for p in tournament for r in p.results if r.opponent) // 2
        times, before = [], []
        for _ in range(3 if before_src else 1):  # alternate the trees: the machine's load changes
            times += _times_of(_SRC, players, args.rounds, args.runs // 3 + 1) if before_src else _times(
                players, args.rounds, args.runs)
            if before_src:
                before += _times_of(before_src, players, args.rounds, args.runs // 3 + 1)
        median = statistics.median(times)
        row = (f"{players:>8} {games:>7} {TARGETS.get(players, ''):>10} {median:>14.1f} {min(times):>11.1f}"
               f" {median / games * 1000:>16.1f}")
        if before:
            was = statistics.median(before)
            row += f" {was:>14.1f} {min(before):>11.1f} {median / was:>15.2f}"
        print(row, flush=True)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
