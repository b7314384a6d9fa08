"""Time the start of the ``swisspair`` command: what tournament software waits for before every round.

    python benchmarks/startup.py                 # CPU seconds, median of 20 runs of each command
    python benchmarks/startup.py --runs 50
    python benchmarks/startup.py --instructions  # also instructions (valgrind), steady on a shared machine
    python benchmarks/startup.py --bbp /path/to/bbpPairings.exe   # bbpPairings' row beside ours
    python benchmarks/startup.py --before ../old/src   # the engine form of another checkout beside ours

Each row is one whole process, as tournament software starts it: a bare Python, ``swisspair
--version``, ``swisspair --help``, the engine form ``swisspair --dutch IN -p OUT`` on 100 players
(the final round of the 11-round synthetic event of benchmarks/pairing.py, cached in
benchmarks/.cache; bbpPairings 6 takes about 0.05 s on it) and the same pairing through the
click command line (``swisspair pair IN``). It prints the median and the smallest CPU time (user +
system of the child) and the machine's load. With ``--bbp PATH`` (or ``BBPPAIRINGS``) bbpPairings
pairs the same file in a row of its own, and the engine form's ratio to it is printed. A second
table times reading TRF files of 100, 1000 and 3000 players in a fresh process (the first read,
after the reader is imported), to show that reading is linear and cheap.

The ``swisspair`` script installed beside this Python is run (``pip install -e .`` or ``pip install
.``); without one, ``python -m swisspair``. Byte code is written and warmed first: with
PYTHONDONTWRITEBYTECODE set every start compiles the package again, which is not how an installed
command runs (``pip install`` compiles it), so the variable is removed for the children.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
REFERENCE_SECONDS = 0.05
"""bbpPairings 6.0.0 on the same 100-player final round (benchmarks/pairing.py, REFERENCE_SECONDS)."""


def event_file(players: int, rounds: int, seed: int) -> Path:
    """The synthetic event of benchmarks/pairing.py before its final round (written once)."""
    path = CACHE / f"synthetic-{players}x{rounds}-{seed}.trf"
    if not path.exists():
        sys.path.insert(0, str(HERE.parent / "src"))
        sys.path.insert(0, str(HERE))
        from history import synthetic_tournament

        from swisspair import trf

        CACHE.mkdir(exist_ok=True)
        path.write_text(trf.dumps(synthetic_tournament(players, rounds, rounds - 1, seed)))
    return path


def swisspair_command() -> list[str]:
    """The installed ``swisspair`` script of this Python, else ``python -m swisspair``."""
    script = Path(sys.executable).parent / "swisspair"
    if script.exists():
        return [str(script)]
    found = shutil.which("swisspair")
    return [found] if found else [sys.executable, "-m", "swisspair"]


def child_cpu(command: list[str], env: dict[str, str]) -> float:
    """User + system CPU seconds of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


READ = """
import sys, time
from swisspair import trf
import swisspair.trf.reader
text = open(sys.argv[1], encoding="utf-8").read()
started = time.process_time()
trf.loads(text)
print(time.process_time() - started)
"""


def read_cpu(path: Path, env: dict[str, str]) -> float:
    """CPU seconds of the first :func:`swisspair.trf.loads` of ``path`` in a fresh process, after the reader
    is imported (the import is the engine form's start-up, timed in the first table)."""
    done = subprocess.run([sys.executable, "-c", READ, str(path)], env=env, capture_output=True, text=True,
                          check=True)
    return float(done.stdout.strip())


def instructions(command: list[str], env: dict[str, str]) -> float | None:
    """Millions of instructions of one run (valgrind's callgrind), ``None`` without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                          env=env, capture_output=True, text=True, check=True)
    for line in done.stderr.splitlines():
        if "Collected" in line:
            return int(line.split()[-1]) / 1e6
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20, help="runs of each command (default 20)")
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--instructions", action="store_true", help="also count instructions with valgrind")
    parser.add_argument("--before", type=Path, metavar="SRC",
                        help="the src directory of another checkout (its C core built in place): the engine form "
                             "of both trees in rows of their own, each run as python -m swisspair")
    parser.add_argument("--bbp", default=os.environ.get("BBPPAIRINGS"),
                        help="a bbpPairings executable: its row on the same file, beside ours (BBPPAIRINGS)")
    args = parser.parse_args()
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    event = event_file(args.players, 11, 1)
    out = CACHE / "startup-out.txt"
    swisspair = swisspair_command()
    rows = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("swisspair --version", [*swisspair, "--version"]),
        ("swisspair --help", [*swisspair, "--help"]),
        (f"swisspair --dutch IN -p OUT ({args.players} players)", [*swisspair, "--dutch", str(event), "-p", str(out)]),
        (f"swisspair pair IN ({args.players} players)", [*swisspair, "pair", str(event)]),
    ]
    envs = {}
    if args.before:
        # Both trees the same way (python -m, the tree's src on the path): an older checkout has no script.
        for name, src in (("before", args.before), ("after", HERE.parent / "src")):
            label = f"python -m swisspair --dutch ({name})"
            rows.append((label, [sys.executable, "-m", "swisspair", "--dutch", str(event), "-p", str(out)]))
            envs[label] = {**env, "PYTHONPATH": str(src.resolve())}
    if args.bbp:
        rows.append((f"bbpPairings --dutch IN -p OUT ({args.players} players)",
                     [args.bbp, "--dutch", str(event), "-p", str(CACHE / "startup-bbp.txt")]))
    print(f"load: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores; "
          f"{' '.join(swisspair)}", file=sys.stderr)
    header = f"{'command':<44} {'median CPU s':>13} {'min CPU s':>10}"
    print(header + (f" {'M instructions':>15}" if args.instructions else ""))
    medians: dict[str, float] = {}
    counted: dict[str, float] = {}
    for label, command in rows:
        run_env = envs.get(label, env)
        child_cpu(command, run_env)  # writes the byte code, warms the file cache
        times = [child_cpu(command, run_env) for _ in range(args.runs)]
        medians[label] = statistics.median(times)
        line = f"{label:<44} {statistics.median(times):>13.3f} {min(times):>10.3f}"
        if args.instructions:
            count = instructions(command, run_env)
            line += f" {count:>15.0f}" if count is not None else f" {'-':>15}"
            if count is not None:
                counted[label] = count
        print(line, flush=True)
    if args.bbp:
        ours, theirs = rows[3][0], rows[-1][0]
        print(f"engine form / bbpPairings (median CPU): {medians[ours] / medians[theirs]:.2f}"
              + (f"; instructions: {counted[ours] / counted[theirs]:.2f}" if theirs in counted and ours in counted
                 else ""))
    elif args.players == 100:
        print(f"bbpPairings 6 on the same {args.players}-player round: about {REFERENCE_SECONDS} s (--bbp PATH "
              f"measures it here)")
    print()
    print(f"{'reading a TRF file (first read in a process)':<44} {'median CPU ms':>13} {'ms / 100 lines':>15}")
    for players in (100, 1000, 3000):
        path = event_file(players, 11, 1)
        times = [read_cpu(path, env) for _ in range(max(3, args.runs // 2))]
        median = statistics.median(times) * 1000
        print(f"{f'{players} players, {len(path.read_text().splitlines())} lines':<44} {median:>13.2f} "
              f"{median / players * 100:>15.2f}", flush=True)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
