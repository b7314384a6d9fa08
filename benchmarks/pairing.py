"""Time the Dutch engine (FIDE C.04.3, 2026) on large generated tournaments.

    python benchmarks/pairing.py --histories       # every round of realistic events, 100-3000 players
    python benchmarks/pairing.py --histories --huge   # ... and 9999 players
    python benchmarks/pairing.py --event           # each round of the largest open (--cache DIR keeps it)
    python benchmarks/pairing.py --event --before ../old/src --runs 3   # ... beside another checkout's engine
    python benchmarks/pairing.py                   # final round of a synthetic history, 100-1000 players
    python benchmarks/pairing.py --sizes 100,300,1000,3000 --system dutch

``--histories`` (the rounds arbiters wait for): events whose every round was
paired by the Dutch engine itself, results drawn from the ratings
(benchmarks/histories.py; generated once and cached in benchmarks/.cache).
Every round r is paired as a whole process, ``swisspair --dutch IN -p OUT``
on the event cut before round r, and must give the round recorded in the
history. Per size it prints the median and the worst round (CPU seconds of
the child process, user + system, and wall seconds), which round was the
worst, and the peak memory of the children (ru_maxrss). CPU time is the
number to compare on a shared machine.

``--event``: the open of histories.EVENT_SETTINGS (9999 players, 11 rounds,
30 % draws, forfeits, retirements and half-point byes), generated once by
``swisspair generate`` (minutes of CPU) and kept in ``--cache``; each round
re-paired from the file cut before it, checked against the recorded round,
with its CPU seconds, wall seconds and peak memory; with ``--before SRC``
the same figures of the engine in another source tree (an older checkout,
``python setup.py build_ext --inplace`` run in it) in the same table.

Without ``--histories``: the final round of an 11-round event whose first ten
rounds come from a simple stand-in pairer (benchmarks/history.py): CPU time of
the pairing call in this process, wall and CPU time and peak memory of the
whole process, and the ratio of its wall time to the reference engine's times
measured on the same machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from histories import EVENT_SEED, load_event, load_history, rounds_for  # noqa: E402
from history import synthetic_tournament  # noqa: E402

from swisspair import trf  # noqa: E402
from swisspair.errors import SwissPairError  # noqa: E402
from swisspair.model import Tournament  # noqa: E402
from swisspair.pairing import find_system  # noqa: E402
from swisspair.pairing.checker import recorded_round  # noqa: E402

REFERENCE_SECONDS = {100: 0.05, 300: 0.9, 1000: 45.0, 3000: 1170.0}
"""bbpPairings 6.0.0, final round of an 11-round event (corpus README; 1000: middle of 37-53 s)."""

CACHE = HERE / ".cache"


SRC = HERE.parent / "src"


def run_engine(system: str, path: Path, out: Path, src: Path = SRC) -> tuple[float, float, int]:
    """Run ``swisspair --SYSTEM path -p out`` from the source tree ``src``; (wall s, CPU s, peak RSS in KiB)
    of that child alone."""
    start = time.perf_counter()
    env = {"PYTHONPATH": str(src)}
    if "SWISSPAIR_PURE_PYTHON" in os.environ:  # the pure-Python matching core (see swisspair.matching.cores.BACKEND)
        env["SWISSPAIR_PURE_PYTHON"] = os.environ["SWISSPAIR_PURE_PYTHON"]
    child = subprocess.Popen([sys.executable, "-m", "swisspair", f"--{system}", str(path), "-p", str(out)], env=env)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"swisspair failed on {path} (exit {child.returncode})")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def engine_pairs(text: str) -> set[tuple[int, int]]:
    """The boards (and the PAB as ``(tpn, 0)``) of a ``-p`` output."""
    lines = text.split("\n")
    pairs = {(int(a), int(b)) for a, b in (line.split() for line in lines[1:] if line.strip())}
    assert int(lines[0]) == len(pairs), "pair count"
    return pairs


def expected_pairs(tournament: Tournament, rnd: int) -> set[tuple[int, int]]:
    recorded = recorded_round(tournament, rnd)
    pairs = {(b.white, b.black) for b in recorded.boards}
    if recorded.bye is not None:
        pairs.add((recorded.bye, 0))
    return pairs


def replay_round(history: Tournament, tag: str, rnd: int, cache: Path, src: Path = SRC) -> tuple[float, float, int]:
    """Pair round ``rnd`` of ``history`` from the file cut before it, as a whole process (the engine of the
    source tree ``src``), and check that it gives the recorded round; (wall s, CPU s, peak RSS in KiB) of
    that process. The cut is written once."""
    cut = cache / f"cut-{tag}-r{rnd}.trf"
    if not cut.exists():
        cut.write_text(trf.dumps(history.truncated(rnd - 1)))
    out = cache / f"out-{tag}-r{rnd}.txt"
    wall, cpu, rss = run_engine("dutch", cut, out, src)
    if engine_pairs(out.read_text()) != expected_pairs(history, rnd):
        raise SystemExit(f"{tag}, round {rnd}: not the round of the history")
    return wall, cpu, rss


def event(cache: Path, only_round: int | None, before: Path | None, runs: int) -> None:
    """The table of each round of the largest open (histories.EVENT_SETTINGS): CPU, wall, peak memory.

    With ``before`` (the ``src`` directory of another checkout, its C core built in place), that
    engine's figures in columns of their own, the two run in turn. With ``runs`` > 1 each figure is
    the median of that many runs.
    """
    history = load_event(cache)
    rounds = history.recorded_rounds
    tag = f"event-{EVENT_SEED}"
    trees = ([("before", before)] if before else []) + [("after" if before else "", SRC)]
    head = f"{'round':>6} {'boards':>7}"
    for name, _ in trees:
        label = f"{name} " if name else ""
        head += f" {label + 'CPU s':>14} {label + 'wall s':>14} {label + 'peak MiB':>16}"
    print(head)
    for rnd in range(1, rounds + 1) if only_round is None else [only_round]:
        line = f"{rnd:>6} {len(recorded_round(history, rnd).boards):>7}"
        for _, src in trees:
            figures = [replay_round(history, tag, rnd, cache, src) for _ in range(runs)]
            wall, cpu, rss = (statistics.median(f[k] for f in figures) for k in range(3))
            line += f" {cpu:>14.2f} {wall:>14.2f} {rss / 1024:>16.0f}"
        print(line, flush=True)


def histories(sizes: list[int], seed: int, only_round: int | None, cache: Path) -> None:
    """The table of every round of realistic events (see the module docstring)."""
    rows = []
    for size in sizes:
        history = load_history(cache, size, seed)
        rounds = rounds_for(size)
        times: list[tuple[float, float, int]] = []
        peak = 0
        for rnd in range(1, rounds + 1) if only_round is None else [only_round]:
            wall, cpu, rss = replay_round(history, f"{size}-{seed}", rnd, cache)
            print(f"  {size} players, round {rnd}: {cpu:.2f} CPU s, {wall:.2f} s, {rss / 1024:.0f} MiB",
                  file=sys.stderr, flush=True)
            times.append((cpu, wall, rnd))
            peak = max(peak, rss)
        cpus = [cpu for cpu, _, _ in times]
        worst = max(times)
        rows.append((size, rounds, statistics.median(cpus), worst[0], worst[1], worst[2], peak / 1024))
    print(f"{'players':>8} {'rounds':>7} {'median CPU s':>13} {'worst CPU s':>12} {'worst wall s':>13} "
          f"{'worst round':>12} {'peak MiB':>9}")
    for size, rounds, median, worst_cpu, worst_wall, worst_round, peak in rows:
        print(f"{size:>8} {rounds:>7} {median:>13.2f} {worst_cpu:>12.2f} {worst_wall:>13.2f} "
              f"{worst_round:>12} {peak:>9.0f}")


def synthetic(sizes: list[int], rounds: int, system: str, seed: int, process: bool) -> None:
    """The table of the final round of a synthetic history (see the module docstring)."""
    engine = find_system(system)
    CACHE.mkdir(exist_ok=True)
    rows = []
    for size in sizes:
        path = CACHE / f"synthetic-{size}x{rounds}-{seed}.trf"
        if not path.exists():
            t = synthetic_tournament(size, rounds, rounds - 1, seed)
            path.write_text(trf.dumps(t))
        tournament = trf.load(path).tournament
        start = time.process_time()
        try:
            pairing = engine.pair(tournament)
        except SwissPairError as error:
            # The synthetic history follows no system's rules; one that breaks this system's absolute
            # criteria has no legal final round.
            print(f"  {size} players: {system} cannot pair this history: {error}", file=sys.stderr)
            continue
        inproc = time.process_time() - start
        whole = cpu = float("nan")
        rss = 0
        if process:
            whole, cpu, rss = run_engine(system, path, CACHE / f"out-{size}.txt")
        ref = REFERENCE_SECONDS.get(size)
        ratio = f"{whole / ref:.2f}" if ref and whole == whole else "-"
        rows.append((size, len(pairing.boards), inproc, whole, cpu, rss / 1024, ref, ratio))
        print(f"  {size} players done", file=sys.stderr)
    print(f"{'players':>8} {'boards':>7} {'in-proc CPU s':>14} {'process s':>10} {'process CPU s':>14} "
          f"{'peak MiB':>9} {'reference s':>12} {'ratio':>6}")
    for size, boards, inproc, whole, cpu, peak, ref, ratio in rows:
        print(f"{size:>8} {boards:>7} {inproc:>14.2f} {whole:>10.2f} {cpu:>14.2f} {peak:>9.0f} "
              f"{ref if ref else '-':>12} {ratio:>6}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--histories", action="store_true",
                        help="every round of events paired by the Dutch engine itself")
    parser.add_argument("--huge", action="store_true", help="with --histories: add 9999 players")
    parser.add_argument("--event", action="store_true",
                        help="each round of the largest open (9999 players, 11 rounds, forfeits and byes)")
    parser.add_argument("--round", type=int, help="with --histories or --event: time only this round")
    parser.add_argument("--cache", type=Path, default=CACHE,
                        help="where generated events and their cut files are kept (default benchmarks/.cache)")
    parser.add_argument("--sizes", help="players, comma-separated (default 100,300,1000 or, "
                                        "with --histories, 100,300,1000,3000)")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--system", default="dutch")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-process", action="store_true", help="skip the whole-process timing")
    parser.add_argument("--before", type=Path, metavar="SRC",
                        help="with --event: also time the engine of this source tree (the src directory of "
                             "another checkout, its C core built in place), in columns before ours")
    parser.add_argument("--runs", type=int, default=1, help="with --event: the median of this many runs")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} "
          f"on {os.cpu_count()} cores", file=sys.stderr)
    from swisspair.matching import cores
    core = "python" if os.environ.get("SWISSPAIR_PURE_PYTHON") == "1" else cores.BACKEND
    print(f"matching core: {core}", file=sys.stderr)
    if args.event:
        event(args.cache, args.round, args.before, args.runs)
    elif args.histories:
        sizes = [int(s) for s in (args.sizes or "100,300,1000,3000").split(",")]
        if args.huge and 9999 not in sizes:
            sizes.append(9999)
        histories(sizes, args.seed, args.round, args.cache)
    else:
        sizes = [int(s) for s in (args.sizes or "100,300,1000").split(",")]
        synthetic(sizes, args.rounds, args.system, args.seed, not args.no_process)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
