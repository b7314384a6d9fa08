"""Time the pairing engines on the final round of large generated tournaments.

    python benchmarks/pairing.py                 # 100, 300, 1000 players, Dutch
    python benchmarks/pairing.py --sizes 100,300,1000,3000 --system dutch

Prints a table: in-process time of the pairing call, whole-process time of
``swisspair --SYSTEM IN -p OUT``, and the ratio to the reference engine's
times measured on the same machine (tests/corpus/README.md). The ratio is
whole-process wall time over the reference; on a loaded machine compare the
CPU column.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from history import synthetic_tournament  # noqa: E402

from swisspair import trf  # noqa: E402
from swisspair.errors import SwissPairError  # noqa: E402
from swisspair.pairing import find_system  # noqa: E402

REFERENCE_SECONDS = {100: 0.05, 300: 0.9, 1000: 45.0, 3000: 1170.0}
"""bbpPairings 6.0.0, final round of an 11-round event (corpus README; 1000: middle of 37-53 s)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100,300,1000")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--system", default="dutch")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-process", action="store_true", help="skip the whole-process timing")
    args = parser.parse_args()
    engine = find_system(args.system)
    cache = HERE / ".cache"
    cache.mkdir(exist_ok=True)
    rows = []
    for size in (int(s) for s in args.sizes.split(",")):
        path = cache / f"synthetic-{size}x{args.rounds}-{args.seed}.trf"
        if not path.exists():
            t = synthetic_tournament(size, args.rounds, args.rounds - 1, args.seed)
            path.write_text(trf.dumps(t))
        tournament = trf.load(path).tournament
        start = time.perf_counter()
        try:
            pairing = engine.pair(tournament)
        except SwissPairError as error:
            # The synthetic history follows no system's rules; one that breaks this system's absolute
            # criteria has no legal final round.
            print(f"  {size} players: {args.system} cannot pair this history: {error}", file=sys.stderr)
            continue
        inproc = time.perf_counter() - start
        whole = cpu = float("nan")
        if not args.no_process:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out = cache / f"out-{size}.txt"
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "swisspair", f"--{args.system}", str(path), "-p", str(out)],
                           check=True, env={"PYTHONPATH": str(HERE.parent / "src")})
            whole = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        ref = REFERENCE_SECONDS.get(size)
        ratio = f"{whole / ref:.2f}" if ref and whole == whole else "-"
        rows.append((size, len(pairing.boards), inproc, whole, cpu, ref, ratio))
        print(f"  {size} players done", file=sys.stderr)
    print(f"{'players':>8} {'boards':>7} {'in-process s':>13} {'process s':>10} {'process CPU s':>14} "
          f"{'reference s':>12} {'ratio':>6}")
    for size, boards, inproc, whole, cpu, ref, ratio in rows:
        print(f"{size:>8} {boards:>7} {inproc:>13.2f} {whole:>10.2f} {cpu:>14.2f} {ref if ref else '-':>12} "
              f"{ratio:>6}")


if __name__ == "__main__":
    main()
