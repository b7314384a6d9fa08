"""Time the standings of a section, as the manager builds them once per change.

    python benchmarks/standings.py                    # 100, 300, 1000, 3000 players, 9 rounds played
    python benchmarks/standings.py --players 300 --runs 20

Each row is a synthetic event (benchmarks/history.py) of N players after R rounds, ranked with the
manager's default tie-breaks (``BH/C1,BH,SB,DE,WIN,BWG``) by :func:`swisspair.standings.compute_standings`:
the CPU time of the build (median and smallest of the runs) and the time per thousand games, which
stays flat when the build is linear in the games. The manager builds a section's table once per change
(the public pages rendered together share it: ``swisspair_web/tournaments/public_pages.py``); its
page adds the crosstable cells, which are linear too. The machine's load is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from history import synthetic_tournament  # noqa: E402

from swisspair.standings import compute_standings  # noqa: E402

CODES = "BH/C1,BH,SB,DE,WIN,BWG"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, action="append", help="players (repeatable); default 100 300 1000 3000")
    parser.add_argument("--rounds", type=int, default=9, help="rounds played, default 9")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    print(f"load: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores", file=sys.stderr)
    print(f"{'players':>8} {'games':>7} {'median CPU ms':>14} {'min CPU ms':>11} {'ms / 1000 games':>16}")
    for players in args.players or [100, 300, 1000, 3000]:
        tournament = synthetic_tournament(players, args.rounds, args.rounds, 1)
        games = sum(1 for p in tournament for r in p.results if r.opponent) // 2
        compute_standings(tournament, CODES)
        times = []
        for _ in range(args.runs):
            started = time.process_time()
            compute_standings(tournament, CODES)
            times.append((time.process_time() - started) * 1000)
        median = statistics.median(times)
        print(f"{players:>8} {games:>7} {median:>14.1f} {min(times):>11.1f} {median / games * 1000:>16.1f}",
              flush=True)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
