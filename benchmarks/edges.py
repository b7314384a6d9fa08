"""The manager's figures at the edges, before and after a change, in one table (CPU time, not wall time).

    python benchmarks/edges.py                          # this tree
    python benchmarks/edges.py --before REV             # REV's code beside this tree's (git archive of src/)
    python benchmarks/edges.py --before REV --load      # and the load test, real events' load and --stress

Each tree is measured in a child process of its own (``PYTHONPATH`` = the tree's ``src/``), on a fresh
SQLite database, with ``time.process_time`` (CPU of that process: the machine may be shared, so wall time
would measure the neighbours): the median of ``--runs`` runs.

* **password check**: one ``check_password`` with the tree's ``PASSWORD_HASHERS`` (a login costs one);
* **results page**: the arbiter's results page of round 9 of a 500-player section (250 boards), one GET;
* **results POST**: two results of that page changed and saved, the whole form posted as a browser posts it;
* **render a changed event**: one result saved in round 9, then the event's public pages rendered again
  (``render_event``: only the pages whose fingerprint changed are built);
* **render a correction after the last round**: round 9 completed, then one of its results corrected and the
  pages rendered again: the standings, crosstable, norm checks, rating report, prizes and categories are built;
* **standings N**: :func:`swisspair.standings.compute_standings` of N players after 9 rounds with the
  manager's default tie-breaks (``benchmarks/standings.py``).

With ``--load``, ``benchmarks/load.py`` runs for ``--duration`` seconds at the default load and with
``--stress`` on each tree (PostgreSQL, gunicorn, nginx: see its docstring), and the p95 latencies it reports
are added to the table: these are wall-clock latencies of a whole site on this machine.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TARGETS = {"password check CPU ms": "", "results page (250 boards) CPU ms": "",
           "results POST (2 of 250 boards) CPU ms": "", "render a changed event CPU ms": "50",
           "render a correction after the last round CPU ms": "",
           "standings 300 CPU ms": "20", "standings 3000 CPU ms": "200"}

MEASURE = r'''
import os, sys, json, statistics, time, random, tempfile
work = tempfile.mkdtemp(prefix="swisspair-edges-")
os.environ.update({"DJANGO_SETTINGS_MODULE": "swisspair_web.settings", "SECRET_KEY": "edges",
                   "SWISSPAIR_DATA": work, "DATABASE_URL": f"sqlite:///{work}/db.sqlite3",
                   "ALLOWED_HOSTS": "testserver", "SWISSPAIR_PUBLIC_URL": "http://testserver"})
os.environ.pop("CACHE_URL", None)
import django
django.setup()
runs = int(sys.argv[1])
def cpu(action, n=runs):
    times = []
    for _ in range(n):
        started = time.process_time()
        action()
        times.append((time.process_time() - started) * 1000)
    return round(statistics.median(times), 1)
out = {}
from django.contrib.auth.hashers import make_password, check_password
stored = make_password("a long club password")
out["password check CPU ms"] = cpu(lambda: check_password("a long club password", stored), 5)
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.utils import timezone
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Board, Round, Section
owner = get_user_model().objects.create_user("arbiter", password="a long club password")
event = services.create_event(owner, name="Edges Open", slug="edges")
section = Section.objects.create(event=event, name="Open", slug="open", rounds=9, initial_colour="w")
players = services.add_players(section, owner, [
    services.PlayerData(name=f"Player{i:03d}, Edge", rating=2600 - 3 * i) for i in range(500)])
rng = random.Random(1)
half = 250
with transaction.atomic():
    for k in range(1, 10):
        rnd = Round.objects.create(section=section, number=k, paired_by=owner, system="dutch",
                                   published_at=timezone.now())
        order = players[:half] + rng.sample(players[half:], half)
        Board.objects.bulk_create([
            Board(round=rnd, number=i + 1, white=order[i] if (i + k) % 2 else order[half + i],
                  black=order[half + i] if (i + k) % 2 else order[i],
                  result=rng.choice(["10", "01", "=="]) if k < 9 or i >= 10 else "") for i in range(half)])
    services.bump_section(section)
client = Client()
client.force_login(owner)
path = "/e/edges/open/rounds/9/results/"
assert client.get(path).status_code == 200
out["results page (250 boards) CPU ms"] = cpu(lambda: client.get(path))
import re
from urllib.parse import urlencode
def browser_form():
    """The whole form as a browser posts it (every board's fields), two results changed (the boards without a
    result are kept for the rendering below)."""
    page = client.get(path).content.decode()
    form = dict(re.findall(r'<input type="hidden" name="([vpi]\d+)" value="([^"]*)"', page))
    form.update(re.findall(r'<input name="(r\d+)" id="r\d+" value="([^"]*)"', page))
    for key in rng.sample([k for k in form if k[0] == "r" and form[k]], 2):
        form[key] = "0" if form[key] == "1" else "1"
    return form
def post_results():
    form = browser_form()
    started = time.process_time()
    body = urlencode(form)  # as a browser sends this form (the test client's default would be multipart)
    assert client.post(path, body, content_type="application/x-www-form-urlencoded").status_code == 302
    return (time.process_time() - started) * 1000
out["results POST (2 of 250 boards) CPU ms"] = round(statistics.median(post_results() for _ in range(runs)), 1)
from swisspair_web.tournaments.public.render import render_event
render_event(event.pk)
rnd = Round.objects.get(section=section, number=9)
boards = iter(list(rnd.boards.filter(result="").order_by("number")))
def save_and_render():
    board = next(boards)
    services.set_results(rnd, owner, {board.number: ("10", services.seen(board))})
    started = time.process_time()
    render_event(event.pk)
    return (time.process_time() - started) * 1000
out["render a changed event CPU ms"] = round(statistics.median(save_and_render() for _ in range(min(runs, 9))), 1)
services.set_results(rnd, owner, {b.number: ("10", services.seen(b)) for b in rnd.boards.filter(result="")})
render_event(event.pk)  # round 9 complete: the final standings' pages built once
corrected = iter(list(rnd.boards.order_by("number")))
def correct_and_render():
    board = next(corrected)
    services.set_results(rnd, owner, {board.number: ("01" if board.result == "10" else "10", services.seen(board))})
    started = time.process_time()
    render_event(event.pk)
    return (time.process_time() - started) * 1000
out["render a correction after the last round CPU ms"] = round(
    statistics.median(correct_and_render() for _ in range(min(runs, 9))), 1)
sys.path.insert(0, sys.argv[2])
from history import synthetic_tournament
from swisspair.standings import compute_standings
for n in (300, 3000):
    t = synthetic_tournament(n, 9, 9, 1)
    compute_standings(t, "BH/C1,BH,SB,DE,WIN,BWG")
    out[f"standings {n} CPU ms"] = cpu(lambda: compute_standings(t, "BH/C1,BH,SB,DE,WIN,BWG"), max(3, runs // 3))
print(json.dumps(out))
'''

LOAD_FIGURES = [
    ("load: arbiters p95 ms", "arbiters", "250 / stress 1000"),
    ("load: results page p95 ms", "results page", "250"),
    ("load: logins p95 ms", "login", "1000"),
    ("load: readers p95 ms", "public (readers)", "stress 250"),
]


def measure(src: Path, runs: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    result = subprocess.run([sys.executable, "-c", MEASURE, str(runs), str(ROOT / "benchmarks")], env=env,
                            capture_output=True, text=True, check=False)
    if result.returncode:
        sys.exit(f"measuring {src} failed:\n{result.stderr[-3000:]}")
    figures: dict[str, float] = json.loads(result.stdout.strip().splitlines()[-1])
    return figures


def load_figures(src: Path, stress: bool, duration: float) -> dict[str, float]:
    """The p95s of one load test on ``src`` (``benchmarks/load.py``'s report parsed)."""
    argv = [sys.executable, str(ROOT / "benchmarks" / "load.py"), "--duration", str(duration), "--src", str(src)]
    text = subprocess.run(argv + (["--stress"] if stress else []), capture_output=True, text=True,
                          check=False).stdout
    label = "stress" if stress else "default"
    out: dict[str, float] = {}
    for name, row, _target in LOAD_FIGURES:
        match = re.search(r"^\| (?:\*\*)?" + re.escape(row) + r"(?:\*\*)? \| \d+ \| [\d.]+ \| \d+ \| (\d+) \|", text,
                          re.MULTILINE)
        if match:
            out[f"{name} ({label})"] = float(match.group(1))
    fresh = re.search(r"freshness .*? p95 ([\d.]+) s", text)
    if fresh:
        out[f"load: freshness p95 ms ({label})"] = float(fresh.group(1)) * 1000
    return out


def tree(rev: str, into: Path) -> Path:
    """``rev``'s ``src/`` in ``into``, with this tree's compiled matching core (same C source or not)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src"], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    for built in (ROOT / "src" / "swisspair" / "matching").glob("_matchcore*.so"):
        (into / "src" / "swisspair" / "matching" / built.name).write_bytes(built.read_bytes())
    return into / "src"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", help="a commit to compare with (its src/ is measured beside this tree's)")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--load", action="store_true", help="also run benchmarks/load.py (default and --stress)")
    parser.add_argument("--duration", type=float, default=120, help="seconds of each load test, default 120")
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores",
          file=sys.stderr)
    trees: dict[str, Path] = {}
    with tempfile.TemporaryDirectory(prefix="swisspair-before-") as temp:
        if args.before:
            trees[f"before ({args.before})"] = tree(args.before, Path(temp))
        trees["after (this tree)"] = ROOT / "src"
        columns = {name: measure(src, args.runs) for name, src in trees.items()}
        if args.load:
            for name, src in trees.items():
                for stress in (False, True):
                    columns[name].update(load_figures(src, stress, args.duration))
    targets = dict(TARGETS)
    for name, _row, target in LOAD_FIGURES:
        for label in ("default", "stress"):
            targets[f"{name} ({label})"] = target
    targets["load: freshness p95 ms (default)"] = "2000"
    targets["load: freshness p95 ms (stress)"] = "5000"
    rows = [key for key in targets if any(key in c for c in columns.values())]
    print("| figure | target | " + " | ".join(columns) + " |")
    print("| --- | ---: | " + " | ".join("---:" for _ in columns) + " |")
    for key in rows:
        cells = [f"{c[key]:.0f}" if key in c else "" for c in columns.values()]
        print(f"| {key} | {targets[key]} | " + " | ".join(cells) + " |")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", file=sys.stderr)


if __name__ == "__main__":
    main()
