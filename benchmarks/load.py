"""Load test of the hosted manager: PostgreSQL, N web processes, M workers, readers and arbiters at once.

    python benchmarks/load.py                       # the load real events make: 50 events, 300 readers, 20 arbiters, 5 min
    python benchmarks/load.py --stress              # the heavy load: each arbiter posts 10 results every second
    python benchmarks/load.py --duration 20 --events 4 --readers 20 --arbiters 4 --web 2 --public-workers 1
    python benchmarks/load.py --readers 1000 --reader-think 1 # the capacity run: ~1000 requests/s offered

The default is the load real events make (its model):

* results come in as games end: ``--results-per-minute`` results per event and minute (default 6: a
  250-board round's results in about 40 minutes, the end of a rapid round), so 50 events give 5 results a
  second across the site; an arbiter enters them as the slips reach the desk, ``--batch`` at a time
  (default 2), the gaps between saves drawn at random around their mean (a Poisson stream: games end
  independently), and reads the round's results page before each save, as the page is shown again after
  a save;
* logins are spread as a morning's arrivals: each arbiter logs in at a random moment of the first
  ``--arrivals`` seconds (default 60, or a fifth of ``--duration`` when shorter; the arbiters of a real
  site arrive over an hour);
* readers refresh the public pages as below (300, one page every 2 s on average).

``--stress`` is the heavy load, about ten times that: every arbiter logs in at the very start, then posts
10 results each second (``--arbiter-think 1 --batch 10 --arrivals 0``; about 45 results a second).
Any of these options given explicitly wins over the profile.

Everything runs on this machine and talks to 127.0.0.1 only: a throwaway PostgreSQL cluster
(``initdb``/``pg_ctl`` in a temporary directory, as the tests start it), the web processes (gunicorn,
``gthread`` workers), the queue's workers (``python -m swisspair_web worker``: one for the arbiters'
jobs, the others rendering the public pages at a lower CPU priority, ``nice`` ``--render-nice``, as the
public pool ``--public-nice``: the deployment docs/manager.md describes), and the simulated users
in this process (asyncio, one connection per request):

* E events of one section each, with 100-500 players (seeded with round 1 paired and published);
* R readers, each following one event (nine pages in ten) and one of its players: they refresh its
  public pages and JSON at random (round, standings, crosstable, player card, section JSON...), like a
  browser: they keep cookies and send ``If-None-Match``;
* A arbiters, each with its own events: they log in, type results board by board in batches, and
  when a round is complete pair the next one (sections of ``--background-players`` players or more
  are paired by a worker: the arbiter follows the job's progress) and publish it.

Public pages are rendered to files by the workers when they change and answered from the files by the
web processes (docs/manager.md, *Public pages as files*). To measure how fresh they are, after one results
POST in ``--freshness-every`` a probe (a visitor who is not logged in) reads the round's public JSON every
quarter of a second until it shows one of the saved results: the time from the save to that is the
freshness.

At the end it reports requests per second and p50/p95/p99 latency per kind of page, the 304 share
and the errors, then the public pages (the readers') and the arbiters' requests each as a whole, and the
freshness, with the machine's load average beside them, and checks the database: every result an arbiter saw saved is there exactly once
(one audit entry, the same result), no other result was written, every round was paired exactly
once (one ``paired`` audit entry, no player twice in a round), every job finished. The exit status
is 1 when a check fails or a request got a 5xx or no answer.

The number of requests is bounded (``--max-requests``) as well as the time (``--duration``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import defaultdict
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))

from pgcluster import cluster, postgres_binaries  # noqa: E402

HOST = "127.0.0.1"
TIMEOUT = 120.0
PASSWORD = "load-test-password"


# -- the processes ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def environment(url: str, data: Path, background: int, port: int, src: Path = ROOT / "src") -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "CACHE_URL")}
    env.update({"DATABASE_URL": url, "SWISSPAIR_DATA": str(data), "SECRET_KEY": "load-test",
                "DJANGO_SETTINGS_MODULE": "swisspair_web.settings", "PYTHONPATH": str(src),
                "SWISSPAIR_BACKGROUND_PLAYERS": str(background), "ALLOWED_HOSTS": HOST,
                "SWISSPAIR_SERVER_TIMING": "True",  # where each request's time went, in the access logs
                # the address the public JSON is rendered for (its links are absolute)
                "SWISSPAIR_PUBLIC_URL": f"http://{HOST}:{port}"})
    return env


SEED = r"""
import random, sys
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Board, Bye, Round, Section
events, arbiters, low, high, seed, password = sys.argv[1:7]
rng = random.Random(int(seed))
users = get_user_model()
accounts = [users.objects.create_user(f"arbiter{a}", password=password) for a in range(int(arbiters))]
for e in range(int(events)):
    owner = accounts[e % len(accounts)]
    event = services.create_event(owner, name=f"Load Open {e}", slug=f"load{e}")
    section = Section.objects.create(event=event, name="Open", slug="open", rounds=9, initial_colour="w")
    count = rng.randint(int(low), int(high))
    players = services.add_players(section, owner, [
        services.PlayerData(name=f"Player{e}-{i:03d}, Load", rating=2600 - 3 * i) for i in range(count)])
    # Round 1 as the Dutch system pairs it (top half against bottom half, colours alternating, the PAB to
    # the last player), written directly: the engine pairs the rounds the arbiters ask for.
    with transaction.atomic():
        services.bump_section(section)
        rnd = Round.objects.create(section=section, number=1, paired_by=owner, system="dutch",
                                   published_at=timezone.now())
        half = count // 2
        Board.objects.bulk_create([
            Board(round=rnd, number=i + 1, white=players[i] if i % 2 == 0 else players[half + i],
                  black=players[half + i] if i % 2 == 0 else players[i]) for i in range(half)])
        if count % 2:
            Bye.objects.create(section=section, player=players[-1], round_number=1, kind=Bye.PAB)
        services.audit(event, owner, "paired", section=section, round_number=1,
                       params={"boards": half, "system": "dutch", "bye": players[-1].tpn if count % 2 else None})
    print(f"load{e} {count}", flush=True)
"""


def postgres_pid(url: str) -> int:
    """The PostgreSQL server's process (its backends are its children)."""
    import psycopg

    with psycopg.connect(url.replace("postgres://", "postgresql://", 1)) as conn:
        directory = conn.execute("SHOW data_directory").fetchone()
    pid_file = Path(str(directory[0] if directory else "")) / "postmaster.pid"
    return int(pid_file.read_text().split()[0]) if pid_file.exists() else 0


class WaitSampler(threading.Thread):
    """What PostgreSQL's busy backends are doing, sampled every ``every`` seconds from ``pg_stat_activity``:
    on the CPU (no wait event), waiting for a lock, for I/O... (time in the database that is not the
    queries' own work shows here)."""

    def __init__(self, url: str, every: float = 0.2) -> None:
        super().__init__(daemon=True)
        self.url, self.every = url.replace("postgres://", "postgresql://", 1), every
        self.counts: dict[str, int] = defaultdict(int)
        self.stop = threading.Event()

    def run(self) -> None:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            while not self.stop.wait(self.every):
                for kind, event in conn.execute(
                        "SELECT wait_event_type, wait_event FROM pg_stat_activity WHERE state = 'active' "
                        "AND backend_type = 'client backend' AND pid <> pg_backend_pid()").fetchall():
                    self.counts["on the CPU" if kind is None else f"{kind}:{event}"] += 1

    def summary(self) -> str:
        total = sum(self.counts.values())
        top = sorted(self.counts.items(), key=lambda item: -item[1])[:6]
        return (f"PostgreSQL's busy backends, sampled every {self.every * 1000:.0f} ms: {total} samples, "
                + ", ".join(f"{name} {100 * n / max(1, total):.0f} %" for name, n in top))


def seed(env: dict[str, str], args: argparse.Namespace) -> dict[str, int]:
    """Migrate, create the arbiters' accounts and the events; returns ``{event slug: players}``."""
    subprocess.run([sys.executable, "-m", "swisspair_web", "migrate", "-v", "0"], env=env, check=True)
    out = subprocess.run([sys.executable, "-c", "import django; django.setup()\n" + SEED, str(args.events),
                          str(args.arbiters), str(args.min_players), str(args.max_players), str(args.seed),
                          PASSWORD], env=env, check=True, capture_output=True, text=True).stdout
    return {line.split()[0]: int(line.split()[1]) for line in out.splitlines() if line.startswith("load")}


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by the process ``pid`` and its descendants (Linux /proc):
    how much of the machine each part took, which a shared machine's latencies do not tell."""
    ticks = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        used[int(entry.name)] = (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / ticks
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += used.get(current, 0.0)
        todo.extend(child for child, parent in parents.items() if parent == current)
    return total


ACCESS_FORMAT = "%(m)s %(U)s %(s)s %(D)s %({server-timing}o)s"
"""The web processes' access log: method, path, status, the microseconds the process spent on the request
(from reading it to the last byte written), to tell the server's time from the time in queues and here, and
the request's ``Server-Timing`` (``SWISSPAIR_SERVER_TIMING``, swisspair_web/timing.py): its thread's CPU and
its wait for PostgreSQL, to tell what the process did from what it waited for."""


def gunicorn_argv(gunicorn: str, processes: int, threads: int, port: int, access: Path | None = None) -> list[str]:
    # --keep-alive beyond nginx's keepalive_timeout for its upstreams (30 s): a connection nginx reuses is
    # never one gunicorn is closing (a POST on it would be answered 502)
    logging = ["--access-logfile", str(access), "--access-logformat", ACCESS_FORMAT] if access else []
    return [gunicorn, "-w", str(processes), "-k", "gthread", "--threads", str(threads), "-b", f"{HOST}:{port}",
            "--timeout", "300", "--backlog", "2048", "--keep-alive", "75", "--preload", *logging,
            "swisspair_web.wsgi:application"]


def server_kind(method: str, path: str) -> str | None:
    """The arbiter's kind of request (ARBITER_KINDS) an access-log line is, or None for the others."""
    if path == "/accounts/login/":
        return "login"
    if path.endswith("/results/"):
        return "results page" if method == "GET" else "results POST"
    return None


@dataclass
class Served:
    """One arbiter's request as its web process saw it (seconds): ``total`` from reading it to the last byte
    written, ``cpu`` its thread's CPU, ``db`` waiting for PostgreSQL's answers over ``queries`` queries,
    ``queued`` ready to run but no core free (NaN when the log line has no Server-Timing). ``rest`` is what is
    left: mostly waiting for the interpreter's lock held by another thread of the process."""

    kind: str
    method: str
    total: float
    cpu: float = float("nan")
    db: float = float("nan")
    queries: int = 0
    queued: float = float("nan")

    @property
    def rest(self) -> float:
        return max(0.0, self.total - self.cpu - self.db - self.queued)


TIMING = re.compile(r'cpu;dur=([\d.]+), db;dur=([\d.]+);desc=\\?"(\d+)\\?", runq;dur=([\d.]+)')


def server_times(logs: list[Path]) -> list[Served]:
    """The web processes' own account of each arbiter's request, from their access logs (ACCESS_FORMAT)."""
    served = []
    for log in logs:
        for line in log.read_text(errors="replace").splitlines() if log.exists() else []:
            fields = line.split(" ", 4)
            if len(fields) >= 4 and fields[3].isdigit() and (kind := server_kind(fields[0], fields[1])):
                one = Served(kind, fields[0], int(fields[3]) / 1e6)
                if len(fields) == 5 and (timing := TIMING.search(fields[4])):
                    one.cpu, one.db = float(timing.group(1)) / 1000, float(timing.group(2)) / 1000
                    one.queries, one.queued = int(timing.group(3)), float(timing.group(4)) / 1000
                served.append(one)
    return served


def split_lines(served: list[Served]) -> list[str]:
    """Each arbiter's kind of request split into the thread's CPU, the wait for PostgreSQL, the wait for a core
    and the rest, ms: p50 and p95 of each, and the mean split of the slowest 5 % (what makes the p95)."""
    lines = []
    groups: dict[str, list[Served]] = defaultdict(list)
    for one in served:
        if one.cpu == one.cpu:  # not NaN: the line has the split
            groups[f"{one.kind} {one.method}" if one.kind == "login" else one.kind].append(one)
    for kind, group in sorted(groups.items()):
        slowest = sorted(group, key=lambda one: one.total)[int(.95 * len(group)):] or group

        def mean(pick: str, ones: list[Served] = slowest) -> float:
            return 1000 * sum(getattr(one, pick) for one in ones) / len(ones)

        parts = "; ".join(f"{label} p50 {percentile([getattr(one, pick) for one in group], .50):.0f} "
                          f"p95 {percentile([getattr(one, pick) for one in group], .95):.0f}"
                          for label, pick in (("total", "total"), ("CPU", "cpu"), ("PostgreSQL", "db"),
                                              ("core", "queued"), ("rest", "rest")))
        queries = sorted(one.queries for one in group)
        lines.append(f"  {kind} ({len(group)}): {parts}; queries p50 {queries[len(queries) // 2]}; "
                     f"slowest 5 % ({len(slowest)}) on average: total {mean('total'):.0f} = CPU {mean('cpu'):.0f} "
                     f"+ PostgreSQL {mean('db'):.0f} + core {mean('queued'):.0f} + rest {mean('rest'):.0f}")
    return lines


NGINX = """
worker_processes 1;
{user}
pid {work}/nginx.pid;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {work}/nginx-body; proxy_temp_path {work}/nginx-proxy;
    fastcgi_temp_path {work}/nginx-fastcgi; uwsgi_temp_path {work}/nginx-uwsgi; scgi_temp_path {work}/nginx-scgi;
    types {{ text/html html; application/json json; }}
    charset utf-8; charset_types application/json;
    upstream public {{ server {host}:{public}; keepalive 32; keepalive_timeout 30s; }}
    upstream arbiters {{ server {host}:{arbiters}; keepalive 8; keepalive_timeout 30s; }}
    # docs/manager.md, "Public pages as files": the same rules
    map "$request_method:$cookie_sessionid$cookie_messages" $visitor {{ "~^(GET|HEAD):$" public; default arbiters; }}
    map $uri $pool {{ "~^/accounts/" arbiters; default $visitor; }}
    map "$request_method:$cookie_sessionid$cookie_messages:$args" $files {{ "~^(GET|HEAD)::$" ""; default "/-"; }}
    map $http_accept_language $accepted {{ "~^(?<first>en|ru|bg|cs|pl)\\b" $first; default en; }}
    map $cookie_django_language $lang {{ "~^(en|ru|bg|cs|pl)$" $cookie_django_language; default $accepted; }}
    server {{
        listen {host}:{port} backlog=4096;
        root {root};
        location /e/ {{
            try_files $files/html/$lang${{uri}}index.html @application;
            add_header Cache-Control "public, no-cache"; add_header Vary "Cookie, Accept-Language";
            add_header Content-Language $lang; add_header X-Swisspair-Cache file;
            add_header X-Content-Type-Options nosniff; add_header X-Frame-Options DENY;
        }}
        location /api/e/ {{
            try_files $files/json/http/$http_host$uri @application;
            add_header Cache-Control "public, no-cache"; add_header X-Swisspair-Cache file;
            add_header X-Content-Type-Options nosniff;
        }}
        location / {{ try_files /- @application; }}
        location @application {{
            proxy_pass http://$pool; proxy_http_version 1.1; proxy_set_header Connection "";
            proxy_set_header Host $http_host; proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 300s;
        }}
    }}
}}
"""


def nginx_config(work: Path, port: int, public: int, arbiters: int, root: Path) -> Path:
    """The proxy's configuration: the public files, the two pools (see NGINX)."""
    path = work / "nginx.conf"
    user = "user root;" if os.geteuid() == 0 else ""  # its workers read the files of this (private) directory
    path.write_text(NGINX.format(user=user, work=work, host=HOST, port=port, public=public, arbiters=arbiters,
                                 root=root))
    return path


def render_public(env: dict[str, str]) -> str:
    """Render the public pages of the seeded events (as after an upgrade); what the command says, or ""
    when the version under test has no such command."""
    done = subprocess.run([sys.executable, "-m", "swisspair_web", "render_public"], env=env, capture_output=True,
                          text=True)
    return done.stdout.strip() if done.returncode == 0 else ""


@contextmanager
def process(argv: list[str], env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    handle = log.open("wb")
    proc = subprocess.Popen(argv, env=env, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        handle.close()


def niced(niceness: int, argv: list[str]) -> list[str]:
    """``argv`` run at a lower CPU priority. Each process here starts a session of its own, and Linux's
    autogroups (``/proc/sys/kernel/sched_autogroup_enabled``) share the CPU between sessions first: ``nice``
    alone then acts only within the process's own session, i.e. not at all against the web processes (a
    nice-10 and a nice-0 busy loop on one core in sessions of their own get 50 % each). So the session's
    autogroup gets the niceness too (``/proc/self/autogroup``, where it exists)."""
    if not niceness:
        return argv
    return ["sh", "-c", '{ echo "$0" > /proc/self/autogroup; } 2>/dev/null; exec nice -n "$0" "$@"', str(niceness),
            *argv]


def wait_for_port(port: int, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 120
    while True:
        try:
            with socket.create_connection((HOST, port), timeout=1):
                return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the web server did not start:\n{log.read_text()[-3000:]}") from None
            time.sleep(0.2)


# -- a small HTTP client ------------------------------------------------------------------------------


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    cookies: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, dict[int, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    requests: int = 0
    failures: list[str] = field(default_factory=list)
    cache: dict[str, dict[str, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    freshness: list[float] = field(default_factory=list)
    """Seconds from a saved result to the public page showing it."""
    stale: int = 0
    """Saved results the public page did not show within FRESHNESS_LIMIT seconds."""
    shown: list[tuple[str, float, float]] = field(default_factory=list)
    """Each probe that saw its result: the event, and the wall-clock moments of the save and of the sight."""
    lag: list[float] = field(default_factory=list)
    """Seconds this process's event loop woke late (every LAG_TICK): part of every latency measured here."""
    server: list[Served] = field(default_factory=list)
    """The arbiters' requests as the web processes saw them (their access logs)."""


class Client:
    """One simulated user: cookies, and the ETags of the pages it has seen (like a browser)."""

    def __init__(self, port: int, stats: Stats, limit: int) -> None:
        self.port = port
        self.stats = stats
        self.limit = limit
        self.cookies: dict[str, str] = {}
        self.etags: dict[str, str] = {}

    async def request(self, kind: str, method: str, path: str, form: dict[str, str] | None = None,
                      conditional: bool = False) -> Response | None:
        if self.stats.requests >= self.limit:
            return None
        self.stats.requests += 1
        headers = {"Host": f"{HOST}:{self.port}", "Connection": "close", "Accept-Language": "en"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if conditional and path in self.etags:
            headers["If-None-Match"] = self.etags[path]
        body = b""
        if form is not None:
            form = {"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **form}
            body = urllib.parse.urlencode(form).encode()
            headers.update({"Content-Type": "application/x-www-form-urlencoded",
                            "Referer": f"http://{HOST}:{self.port}{path}"})
        headers["Content-Length"] = str(len(body))
        head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
        started = time.monotonic()
        try:
            response = await asyncio.wait_for(self._exchange(head.encode() + body), TIMEOUT)
        except (TimeoutError, OSError, ValueError) as error:
            self.stats.statuses[kind][0] += 1
            self.stats.failures.append(f"{kind} {method} {path}: {type(error).__name__} {error}")
            return None
        self.stats.latencies[kind].append(time.monotonic() - started)
        self.stats.statuses[kind][response.status] += 1
        if response.status >= 500:
            self.stats.failures.append(f"{kind} {method} {path}: HTTP {response.status}")
        self.cookies.update(response.cookies)
        if "x-swisspair-cache" in response.headers:
            self.stats.cache[kind][response.headers["x-swisspair-cache"]] += 1
        if conditional and "etag" in response.headers:
            self.etags[path] = response.headers["etag"]
        return response

    async def _exchange(self, data: bytes) -> Response:
        reader, writer = await asyncio.open_connection(HOST, self.port)
        try:
            writer.write(data)
            await writer.drain()
            raw = await reader.read()
        finally:
            writer.close()
        head, _, body = raw.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers: dict[str, str] = {}
        cookies: dict[str, str] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                key, _, rest = value.partition("=")
                cookies[key] = rest.split(";")[0]
            else:
                headers[name] = value
        if headers.get("transfer-encoding") == "chunked":
            body = _dechunk(body)
        return Response(status, headers, cookies, body)


def _dechunk(body: bytes) -> bytes:
    out = bytearray()
    while body:
        size_line, _, body = body.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out += body[:size]
        body = body[size + 2:]
    return bytes(out)


# -- the simulated users ------------------------------------------------------------------------------


@dataclass
class World:
    """What the arbiters did, for the readers to read and for the checks at the end."""

    players: dict[str, int]
    published: dict[str, int]
    entered: dict[tuple[str, int, int], str] = field(default_factory=dict)
    paired: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    jobs: list[int] = field(default_factory=list)
    lost_events: set[str] = field(default_factory=set)
    saves: int = 0
    probes: list[asyncio.Task[None]] = field(default_factory=list)


PAGES = [("round", 30), ("standings", 20), ("standings.json", 15), ("round.json", 15), ("section.json", 8),
         ("player", 7), ("crosstable", 3), ("event", 2)]


def reader_path(kind: str, event: str, world: World, player: int) -> str:
    base = f"/e/{event}/open/"
    number = world.published[event]
    return {"round": f"{base}rounds/{number}/", "standings": f"{base}standings/",
            "standings.json": f"/api{base}standings.json", "round.json": f"/api{base}rounds/{number}.json",
            "section.json": f"/api/e/{event}/open.json", "crosstable": f"{base}crosstable/",
            "player": f"{base}players/{player}/", "event": f"/e/{event}/"}[kind]


async def reader(client: Client, world: World, rng: random.Random, until: float, think: float) -> None:
    """A player (or a parent) following one event: mostly its pages, sometimes another event's."""
    kinds, weights = zip(*PAGES)
    events = sorted(world.players)
    home = rng.choice(events)
    me = rng.randint(1, world.players[home])
    while time.monotonic() < until:
        kind = rng.choices(kinds, weights)[0]
        event = home if rng.random() < 0.9 else rng.choice(events)
        path = reader_path(kind, event, world, me if event == home else rng.randint(1, world.players[event]))
        if await client.request(kind, "GET", path, conditional=True) is None and client.stats.requests >= client.limit:
            return
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)


ARBITER_KINDS = ("login", "results page", "results POST", "pair POST", "publish POST", "job.json")
PROBE = "freshness probe"
FRESHNESS_LIMIT = 60.0
LABELS = {"10": "1-0", "01": "0-1", "==": "½-½"}


async def freshness(client: Client, event: str, path: str, board: int, code: str, saved: float,
                    stats: Stats) -> None:
    """Read the round's public JSON (anonymous) until board ``board`` shows ``code``; record how long after
    ``saved`` (the moment the save was answered) it did."""
    while time.monotonic() - saved < FRESHNESS_LIMIT:
        response = await client.request(PROBE, "GET", path, conditional=True)
        if response is None:
            return
        if response.status == 200:
            boards = {b["board"]: b.get("result") for b in json.loads(response.body).get("boards", [])}
            if boards.get(board) == LABELS[code]:
                took = time.monotonic() - saved
                stats.freshness.append(took)
                now = time.time()
                stats.shown.append((event, now - took, now))
                return
        await asyncio.sleep(0.25)
    stats.stale += 1


RESULT_FIELD = re.compile(r'name="r(\d+)" id="r\d+" value="([^"]*)"')
VERSION_FIELD = re.compile(r'name="v(\d+)" value="(\d+)"')
PLAYERS_FIELD = re.compile(r'name="p(\d+)" value="(\d+-\d+)"')
PAIR_VERSION = re.compile(r'name="round" value="\d+"><input type="hidden" name="version" value="(\d+)"')
PUBLISH_TOKEN = re.compile(r'name="publish" value="1"><input type="hidden" name="token" value="([0-9a-f]+)"')
"""The state a form carries from its page (the manager refuses a write whose page showed something else)."""


async def arbiter(client: Client, number: int, arbiters: int, world: World, rng: random.Random, until: float,
                  think: float, batch: int, probe_every: int, arrival: float, poisson: bool) -> None:
    await asyncio.sleep(arrival)
    login = await client.request("login", "GET", "/accounts/login/")
    if login is None:
        return
    done = await client.request("login", "POST", "/accounts/login/",
                                {"username": f"arbiter{number}", "password": PASSWORD, "next": "/"})
    if done is None or done.status != 302:
        client.stats.failures.append(f"arbiter{number} could not log in")
        return
    mine = [slug for slug in sorted(world.players) if int(slug[4:]) % arbiters == number]  # as seeded
    while time.monotonic() < until and mine:
        event = rng.choice(mine)
        if not await arbiter_step(client, event, world, rng, batch, probe_every):
            mine.remove(event)
        await asyncio.sleep(rng.expovariate(1 / think) if poisson else rng.uniform(0.5, 1.5) * think)


async def arbiter_step(client: Client, event: str, world: World, rng: random.Random, batch: int,
                       probe_every: int) -> bool:
    """One action on ``event``: a batch of results, or pairing and publishing the next round.
    Returns ``False`` when the event is finished (or lost)."""
    number = world.published[event]
    path = f"/e/{event}/open/rounds/{number}/results/"
    page = await client.request("results page", "GET", path)
    if page is None or page.status != 200:
        world.lost_events.add(event)
        return False
    values = dict(RESULT_FIELD.findall(page.text))
    versions = dict(VERSION_FIELD.findall(page.text))
    players = dict(PLAYERS_FIELD.findall(page.text))
    empty = [int(board) for board, value in values.items() if not value]
    if empty:
        chosen = sorted(rng.sample(empty, min(batch, len(empty))))
        form: dict[str, str] = {}
        codes = {}
        for board in chosen:
            key = rng.choice(["1", "0", "=", "1", "0"])
            form[f"r{board}"], form[f"v{board}"] = key, versions[str(board)]
            form[f"p{board}"] = players[str(board)]
            codes[board] = {"1": "10", "0": "01", "=": "=="}[key]
        saved = await client.request("results POST", "POST", path, form)
        if saved is None or saved.status != 302:
            world.lost_events.add(event)
            return False
        for board, code in codes.items():
            world.entered[(event, number, board)] = code
        world.saves += 1
        if probe_every and world.saves % probe_every == 0:
            board = rng.choice(chosen)
            probe = Client(client.port, client.stats, client.limit)
            world.probes.append(asyncio.create_task(freshness(
                probe, event, f"/api/e/{event}/open/rounds/{number}.json", board, codes[board], time.monotonic(),
                client.stats)))
        return True
    if number >= 9:
        return False
    manage = await client.request("manage page", "GET", f"/e/{event}/open/manage/")
    version = PAIR_VERSION.search(manage.text) if manage is not None else None
    if version is None:
        world.lost_events.add(event)
        return False
    pair = await client.request("pair POST", "POST", f"/e/{event}/open/pair/",
                                {"round": str(number + 1), "version": version.group(1)})
    if pair is None or pair.status != 302:
        world.lost_events.add(event)
        return False
    location = pair.headers.get("location", "")
    job = re.search(r"/jobs/(\d+)/", location)
    if job:
        world.jobs.append(int(job.group(1)))
        while True:
            await asyncio.sleep(1.0)
            state = await client.request("job.json", "GET", f"/api/jobs/{job.group(1)}.json")
            if state is None:
                world.lost_events.add(event)
                return False
            if json.loads(state.body).get("state") == "done":
                break
            if json.loads(state.body).get("state") == "failed":
                client.stats.failures.append(f"pairing job of {event} failed: {state.text[:300]}")
                world.lost_events.add(event)
                return False
    elif f"/rounds/{number + 1}/results/" not in location:
        client.stats.failures.append(f"pairing {event} round {number + 1}: went to {location}")
        world.lost_events.add(event)
        return False
    world.paired[event].append(number + 1)
    shown = await client.request("results page", "GET", f"/e/{event}/open/rounds/{number + 1}/results/")
    token = PUBLISH_TOKEN.search(shown.text) if shown is not None else None
    if token is None:
        world.lost_events.add(event)
        return False
    published = await client.request("publish POST", "POST", f"/e/{event}/open/rounds/{number + 1}/publish/",
                                     {"publish": "1", "token": token.group(1)})
    if published is None or published.status != 302:
        world.lost_events.add(event)
        return False
    world.published[event] = number + 1
    return True


LAG_TICK = 0.05


async def watch_loop(stats: Stats, until: float) -> None:
    """How late this process's event loop wakes: a response that arrived waits that long to be timed."""
    while time.monotonic() < until:
        asked = time.monotonic()
        await asyncio.sleep(LAG_TICK)
        stats.lag.append(max(0.0, time.monotonic() - asked - LAG_TICK))


async def simulate(args: argparse.Namespace, port: int, world: World) -> tuple[Stats, float]:
    stats = Stats()
    limit = args.max_requests
    started = time.monotonic()
    until = started + args.duration
    rng = random.Random(args.seed)
    arrivals = [rng.uniform(0, args.arrivals) for _ in range(args.arbiters)]
    tasks = [asyncio.create_task(arbiter(Client(port, stats, limit), a, args.arbiters, world,
                                         random.Random(rng.random()), until, args.arbiter_think, args.batch,
                                         args.freshness_every, arrivals[a], not args.stress))
             for a in range(args.arbiters)]
    tasks.append(asyncio.create_task(watch_loop(stats, until)))
    for _ in range(args.readers):
        tasks.append(asyncio.create_task(reader(Client(port, stats, limit), world, random.Random(rng.random()),
                                                until, args.reader_think)))
        await asyncio.sleep(min(2.0, args.duration / 10) / max(1, args.readers))  # ramp up
    await asyncio.gather(*tasks)
    elapsed = time.monotonic() - started
    await asyncio.gather(*world.probes)
    return stats, elapsed


# -- the checks and the report ------------------------------------------------------------------------


def check(url: str, world: World) -> list[str]:
    """Every result entered is in the database exactly once; every round was paired exactly once."""
    import psycopg

    problems = []
    with psycopg.connect(url.replace("postgres://", "postgresql://", 1)) as conn:
        rows = conn.execute("""
            SELECT e.slug, r.number, b.number, b.result,
                   (SELECT COUNT(*) FROM tournaments_auditentry a WHERE a.section_id = s.id
                      AND a.round_number = r.number AND a.board_number = b.number
                      AND a.action IN ('result', 'correction'))
            FROM tournaments_board b JOIN tournaments_round r ON b.round_id = r.id
            JOIN tournaments_section s ON r.section_id = s.id JOIN tournaments_event e ON s.event_id = e.id
            WHERE e.slug LIKE 'load%%'""").fetchall()
        in_db = {(slug, rnd, board): (result, audits) for slug, rnd, board, result, audits in rows}
        for key, code in world.entered.items():
            result, audits = in_db.get(key, ("(no board)", 0))
            if result != code or audits != 1:
                problems.append(f"result {key}: entered {code}, database has {result!r} with {audits} audit entries")
        extra = [k for k, (result, _) in in_db.items() if result and k not in world.entered]
        if extra:
            problems.append(f"{len(extra)} results nobody entered, e.g. {extra[:3]}")
        rounds = conn.execute("""
            SELECT e.slug, r.number,
                   (SELECT COUNT(*) FROM tournaments_auditentry a WHERE a.section_id = s.id
                      AND a.round_number = r.number AND a.action = 'paired')
            FROM tournaments_round r JOIN tournaments_section s ON r.section_id = s.id
            JOIN tournaments_event e ON s.event_id = e.id WHERE e.slug LIKE 'load%%'""").fetchall()
        by_event: dict[str, list[int]] = defaultdict(list)
        for slug, number, paired in rounds:
            by_event[slug].append(number)
            if paired != 1:
                problems.append(f"{slug} round {number} was paired {paired} times")
        for slug in world.players:
            expected = [1, *world.paired.get(slug, [])]
            if sorted(by_event[slug]) != expected:
                problems.append(f"{slug}: rounds in the database {sorted(by_event[slug])}, paired {expected}")
        twice = conn.execute("""
            SELECT r.id, p FROM tournaments_round r JOIN tournaments_section s ON r.section_id = s.id
            JOIN tournaments_event e ON s.event_id = e.id
            CROSS JOIN LATERAL (SELECT white_id AS p FROM tournaments_board WHERE round_id = r.id
                                UNION ALL SELECT black_id FROM tournaments_board WHERE round_id = r.id) x
            WHERE e.slug LIKE 'load%%' GROUP BY r.id, p HAVING COUNT(*) > 1""").fetchall()
        if twice:
            problems.append(f"{len(twice)} players twice in one round")
        states = dict(conn.execute("SELECT state, COUNT(*) FROM tournaments_job GROUP BY state").fetchall())
        if set(states) - {"done"}:
            problems.append(f"jobs not done: {states}")
    return problems


def drained(url: str, limit: float = 300.0) -> float:
    """Wait until the workers have run the public pages' tasks the seeding queued (the load measures the
    workers at work, not starting: a niced worker loads Django slowly on a busy machine); returns how long."""
    import psycopg

    started = time.monotonic()
    with psycopg.connect(url.replace("postgres://", "postgresql://", 1), autocommit=True) as conn:
        while time.monotonic() - started < limit:
            waiting = conn.execute("SELECT COUNT(*) FROM django_tasks_database_dbtaskresult "
                                   "WHERE queue_name = 'public' AND status IN ('READY', 'RUNNING')").fetchone()
            if not waiting or not waiting[0]:
                break
            time.sleep(0.5)
    return time.monotonic() - started


def rendering(url: str, since: float) -> list[str]:
    """How the public pages' rendering tasks of the run went, by task (the queue's table): how long each
    waited once due (after its ``run_after``: the change's debounce), how long it ran, the pages it built."""
    import psycopg

    with psycopg.connect(url.replace("postgres://", "postgresql://", 1)) as conn:
        rows = conn.execute("""
            SELECT task_path, EXTRACT(EPOCH FROM started_at - GREATEST(enqueued_at, run_after)),
                   EXTRACT(EPOCH FROM finished_at - started_at), return_value
            FROM django_tasks_database_dbtaskresult
            WHERE queue_name = 'public' AND enqueued_at >= to_timestamp(%s)""", [since]).fetchall()
    lines = []
    for path in sorted({r[0] for r in rows}):
        ones = [r for r in rows if r[0] == path]
        ran = [float(r[2]) for r in ones if r[2] is not None]
        waited = [max(0.0, float(r[1])) for r in ones if r[1] is not None]
        built = sorted(r[3] for r in ones if isinstance(r[3], int))
        lines.append(
            f"  {path.rsplit('.', 1)[-1]}: {len(ran)} ran, {len(ones) - len(waited)} still queued at the end; waited "
            f"once due p50 {percentile(waited, .50) / 1000:.1f} s p95 {percentile(waited, .95) / 1000:.1f} s; ran "
            f"p50 {percentile(ran, .50):.0f} ms p95 {percentile(ran, .95):.0f} ms, {sum(ran):.0f} s in all"
            + (f"; pages built p50 {built[len(built) // 2]} max {built[-1]}, {sum(built)} in all" if built else ""))
    return ["the rendering workers' tasks (wall time, from the queue):", *lines] if lines else []


Task = tuple[str, float, float, float]
"""A rendering task of the queue: its name, when it was queued, due and started (seconds since the epoch)."""
Part = tuple[float, float, float, float, int, str]
"""A probe's freshness in parts: in all, to the task due, queued, the pass until seen (seconds), how many tasks of
the event started meanwhile, the name of the task whose pass it saw."""


def chain(url: str, shown: list[tuple[str, float, float]]) -> list[str]:
    """Where each probe's freshness went, from the queue's table: the task whose pass the probe saw is the last
    rendering task of the event started between the save and the sight. Its parts: the save to the task due
    (the debounce; nothing when a task queued before the save took the change), due to started (the queue),
    started to seen (the pass until it wrote the JSON, and the probe's next look); and how many tasks of the
    event started meanwhile (more than one: a pass re-queued on a rendering under way, or one that missed it)."""
    ids, tasks = _rendering_tasks(url)
    parts = sorted(_freshness_parts(shown, ids, tasks))
    others = f"{len(shown) - len(parts)} of {len(shown)} probes saw their result with no rendering task of the event " \
             f"started since the save (written by the web process that saved it, or by a pass under way)"
    if not parts:
        return [f"where the freshness went: {others}"]
    return [f"where the freshness went: {others}; the {len(parts)} others, s: {_spreads(parts)}; {_slowest(parts)}"]


def _rendering_tasks(url: str) -> tuple[dict[str, int], dict[int, list[Task]]]:
    """The events' ids by slug, and each event's rendering tasks that started, in the order started."""
    import psycopg

    with psycopg.connect(url.replace("postgres://", "postgresql://", 1)) as conn:
        ids: dict[str, int] = dict(conn.execute("SELECT slug, id FROM tournaments_event").fetchall())
        rows = conn.execute("""
            SELECT (args_kwargs->'args'->>0)::int, task_path, EXTRACT(EPOCH FROM enqueued_at),
                   EXTRACT(EPOCH FROM run_after), EXTRACT(EPOCH FROM started_at)
            FROM django_tasks_database_dbtaskresult WHERE queue_name = 'public' AND started_at IS NOT NULL
            ORDER BY started_at""").fetchall()
    tasks: dict[int, list[Task]] = defaultdict(list)
    for event_id, path, enqueued, run_after, started in rows:
        due = max(float(enqueued), float(run_after)) if run_after < 4e9 else float(enqueued)
        tasks[event_id].append((path.rsplit(".", 1)[-1], float(enqueued), due, float(started)))
    return ids, tasks


def _freshness_parts(shown: list[tuple[str, float, float]], ids: dict[str, int],
                     tasks: dict[int, list[Task]]) -> list[Part]:
    """The parts of each probe's freshness (:data:`Part`) whose event had a rendering task started between the
    save and the sight: the last of them is the one whose pass the probe saw."""
    parts: list[Part] = []
    for event, saved, seen in shown:
        during = [t for t in tasks.get(ids.get(event, -1), []) if saved <= t[3] <= seen]
        if not during:
            continue
        name, _enqueued, due, started = during[-1]
        parts.append((seen - saved, max(0.0, due - saved), started - max(due, saved), seen - started, len(during),
                      name))
    return parts


def _spreads(parts: list[Part]) -> str:
    """The median and 95th percentile of each part, and of the tasks started meanwhile."""
    def spread(i: int) -> str:
        values = [float(p[i]) for p in parts]
        return f"p50 {percentile(values, .5) / 1000:.1f} p95 {percentile(values, .95) / 1000:.1f}"

    return (f"to the task due {spread(1)}; queued {spread(2)}; the pass until seen {spread(3)}; tasks of the event "
            f"started meanwhile p50 {percentile([float(p[4]) for p in parts], .5) / 1000:.0f} "
            f"max {max(p[4] for p in parts)}")


def _slowest(parts: list[Part]) -> str:
    """The slowest 5 % of the probes (``parts`` sorted): each part on average, and which tasks' passes they saw."""
    slow = parts[-max(1, len(parts) // 20):]

    def mean(i: int) -> float:
        return sum(float(p[i]) for p in slow) / len(slow)

    kinds = ", ".join(f"{n} {sum(1 for p in slow if p[5] == n)}" for n in sorted({p[5] for p in slow}))
    return (f"slowest 5 % ({len(slow)}) on average: {mean(0):.1f} = due {mean(1):.1f} + queued {mean(2):.1f} + "
            f"pass {mean(3):.1f}, {mean(4):.1f} tasks started meanwhile, seen by {kinds}")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


def _row(label: str, kinds: list[str], stats: Stats, elapsed: float) -> str:
    count = sum(sum(stats.statuses[k].values()) for k in kinds)
    values = [v for k in kinds for v in stats.latencies[k]]

    def total(pick: object) -> int:
        return sum(n for k in kinds for s, n in stats.statuses[k].items() if pick(s))  # type: ignore[operator]

    return (f"| {label} | {count} | {count / elapsed:.1f} | {percentile(values, .50):.0f} | "
            f"{percentile(values, .95):.0f} | {percentile(values, .99):.0f} | {total(lambda s: s == 304)} | "
            f"{sum(stats.cache[k].get('file', 0) for k in kinds)} | {sum(stats.cache[k].get('hit', 0) for k in kinds)} | "
            f"{total(lambda s: 400 <= s < 500)} | {total(lambda s: s >= 500)} | {total(lambda s: s == 0)} |")


def report(stats: Stats, elapsed: float, world: World, problems: list[str], args: argparse.Namespace) -> str:
    lines = ["| page | requests | req/s | p50 ms | p95 ms | p99 ms | 304 | files | cache hits | 4xx | 5xx | no answer |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    kinds = sorted(stats.statuses, key=lambda k: -sum(stats.statuses[k].values()))
    for kind in kinds:
        lines.append(_row(kind, [kind], stats, elapsed))
    lines.append(_row("**public (readers)**", [k for k in kinds if k not in ARBITER_KINDS and k != PROBE], stats,
                      elapsed))
    lines.append(_row("**arbiters**", [k for k in kinds if k in ARBITER_KINDS], stats, elapsed))
    lines.append(_row("**arbiters, logins apart**", [k for k in kinds if k in ARBITER_KINDS and k != "login"],
                      stats, elapsed))
    lines.append(_row("**all**", kinds, stats, elapsed))
    lines.append("")
    if stats.server:
        by_kind: dict[str, list[float]] = defaultdict(list)
        for one in stats.server:
            by_kind[one.kind].append(one.total)
        lines.append("the web processes' own time on the arbiters' requests (access log: read to written), "
                     "ms: " + "; ".join(f"{kind} p50 {percentile(v, .50):.0f} p95 {percentile(v, .95):.0f} "
                                        f"p99 {percentile(v, .99):.0f} ({len(v)})"
                                        for kind, v in sorted(by_kind.items())))
        split = split_lines(stats.server)
        if split:
            lines.append("where the web processes' time went (Server-Timing), ms: the thread's CPU, waiting for "
                         "PostgreSQL's answers, waiting for a core (run queue), the rest (mostly the interpreter's "
                         "lock, held by another thread of the process):")
            lines.extend(split)
    lines.append(f"this process's event loop woke late (every {LAG_TICK * 1000:.0f} ms, part of every latency "
                 f"above): p50 {percentile(stats.lag, .50):.0f} ms, p95 {percentile(stats.lag, .95):.0f} ms, "
                 f"p99 {percentile(stats.lag, .99):.0f} ms, max {max(stats.lag, default=0) * 1000:.0f} ms")
    fresh = stats.freshness
    lines.append(f"freshness (saved result -> public round JSON showing it): {len(fresh)} probes, "
                 f"p50 {percentile(fresh, .50) / 1000:.1f} s, p95 {percentile(fresh, .95) / 1000:.1f} s, "
                 f"max {max(fresh, default=0):.1f} s; {stats.stale} not shown within {FRESHNESS_LIMIT:.0f} s")
    lines.append(f"{elapsed:.0f} s; {len(world.entered)} results entered, "
                 f"{sum(len(v) for v in world.paired.values())} rounds paired ({len(world.jobs)} by a worker), "
                 f"{len(world.lost_events)} events dropped by their arbiter")
    lines.append("database check: " + ("every result once, every round paired once, every job done"
                                        if not problems else f"{len(problems)} PROBLEMS"))
    lines.extend(f"  {p}" for p in problems[:20])
    if stats.failures:
        lines.append(f"{len(stats.failures)} failed requests, e.g.:")
        lines.extend(f"  {f}" for f in stats.failures[:10])
    return "\n".join(lines)


def profile(args: argparse.Namespace) -> None:
    """Fill the options left unset from the load chosen: real events' (the default) or ``--stress``."""
    if args.batch is None:
        args.batch = 10 if args.stress else 2
    if args.arrivals is None:
        args.arrivals = 0.0 if args.stress else min(60.0, args.duration / 5)
    if args.arbiter_think is None:
        # An arbiter keeps events/arbiters events; each gives results_per_minute results a minute.
        per_arbiter = args.results_per_minute * args.events / max(1, args.arbiters) / 60
        args.arbiter_think = 1.0 if args.stress else args.batch / per_arbiter


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--web", type=int, default=4, help="web processes (gunicorn workers), default 4")
    parser.add_argument("--threads", type=int, default=4, help="threads per web process, default 4")
    parser.add_argument("--workers", type=int, default=1,
                        help="worker processes for the arbiters' jobs (queue default), default 1")
    parser.add_argument("--public-workers", type=int, default=2,
                        help="worker processes rendering the public pages (queue public), default 2")
    parser.add_argument("--render-nice", type=int, default=10,
                        help="niceness of the workers rendering the public pages (0: the web processes' priority), "
                             "default 10, as docs/manager.md deploys them")
    parser.add_argument("--public-nice", type=int, default=5,
                        help="niceness of the public pool (with --proxy nginx; 0: the arbiters' pool's priority), "
                             "default 5, as docs/manager.md deploys it")
    parser.add_argument("--events", type=int, default=50, help="events, default 50")
    parser.add_argument("--min-players", type=int, default=100)
    parser.add_argument("--max-players", type=int, default=500)
    parser.add_argument("--readers", type=int, default=300, help="simulated readers, default 300")
    parser.add_argument("--arbiters", type=int, default=20, help="simulated arbiters, default 20")
    parser.add_argument("--duration", type=float, default=300, help="seconds of load, default 300")
    parser.add_argument("--max-requests", type=int, default=1_000_000, help="stop after this many requests")
    parser.add_argument("--reader-think", type=float, default=2.0, help="mean seconds between a reader's pages")
    parser.add_argument("--stress", action="store_true",
                        help="the heavy load: --arbiter-think 1 --batch 10 --arrivals 0 (about ten times real events)")
    parser.add_argument("--results-per-minute", type=float, default=6.0,
                        help="results per event and minute as games end (the default load), default 6")
    parser.add_argument("--arbiter-think", type=float, default=None,
                        help="mean seconds between an arbiter's actions (default: from --results-per-minute; "
                             "1 with --stress)")
    parser.add_argument("--batch", type=int, default=None, help="results per arbiter POST, default 2 (10 with --stress)")
    parser.add_argument("--arrivals", type=float, default=None,
                        help="arbiters log in at random within these first seconds, default 60 (0 with --stress)")
    parser.add_argument("--background-players", type=int, default=300,
                        help="sections this big are paired by a worker (SWISSPAIR_BACKGROUND_PLAYERS), default 300")
    parser.add_argument("--freshness-every", type=int, default=3,
                        help="probe the public page after every Nth results POST (0: never), default 3")
    parser.add_argument("--proxy", choices=("nginx", "none"), default="nginx",
                        help="nginx in front (when installed): it answers the public files and sends the arbiters' "
                             "requests to a pool of their own, as docs/manager.md sets it up; none: the web "
                             "processes answer everything (swisspair_web.public_front answers the files)")
    parser.add_argument("--arbiter-web", type=int, default=2,
                        help="web processes of the arbiters' pool (with --proxy nginx), default 2")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--src", type=Path, default=ROOT / "src",
                        help="the manager's code the servers run (another commit's src/, to compare), default ours")
    parser.add_argument("--keep-logs", action="store_true", help="keep the servers' logs (their path is printed)")
    args = parser.parse_args(argv)
    if args.arbiters > args.events:
        parser.error("at most one arbiter per event")
    profile(args)
    binaries = postgres_binaries()
    if binaries is None or shutil.which("gunicorn") is None and not (Path(sys.executable).parent / "gunicorn").exists():
        print("needs the PostgreSQL server binaries (scripts/web-test-setup.sh) and gunicorn (the web extra)")
        return 2
    gunicorn = shutil.which("gunicorn") or str(Path(sys.executable).parent / "gunicorn")
    work = Path(tempfile.mkdtemp(prefix="swisspair-load-"))
    connections = (args.web + args.arbiter_web) * args.threads + (args.workers + args.public_workers) * 2 + 20
    with ExitStack() as stack:
        url = stack.enter_context(cluster(binaries, max_connections=connections,
                                          settings="-c shared_buffers=128MB -c synchronous_commit=off"))
        port = free_port()
        env = environment(url, work, args.background_players, port, args.src)
        started = time.monotonic()
        players = seed(env, args)
        print(f"seeded {len(players)} events, {sum(players.values())} players, round 1 paired "
              f"in {time.monotonic() - started:.0f} s", flush=True)
        rendered = render_public(env)
        if rendered:
            print(f"public pages: {rendered}", flush=True)
        web_log = work / "web.log"
        nginx = shutil.which("nginx") if args.proxy == "nginx" else None
        if args.proxy == "nginx" and nginx is None:
            print("nginx is not installed (scripts/web-test-setup.sh installs it): the web processes answer "
                  "everything, the public files included", flush=True)
        public_port = free_port() if nginx else port
        access = [work / "access-public.log", work / "access-arbiters.log"]
        web = stack.enter_context(process(niced(args.public_nice if nginx else 0, gunicorn_argv(
            gunicorn, args.web, args.threads, public_port, access[0])), env, web_log))
        setup = f"{args.web} web processes x {args.threads} threads"
        if nginx:
            arbiter_port = free_port()
            arbiter_log = work / "web-arbiters.log"
            arbiters = stack.enter_context(process(gunicorn_argv(gunicorn, args.arbiter_web, args.threads,
                                                                 arbiter_port, access[1]), env, arbiter_log))
            proxy_log = work / "nginx.log"
            proxy = stack.enter_context(process([nginx, "-p", str(work), "-c", str(nginx_config(
                work, port, public_port, arbiter_port, Path(env["SWISSPAIR_DATA"]) / "public")), "-e", str(proxy_log),
                                                "-g", "daemon off;"],
                env, proxy_log))
            wait_for_port(arbiter_port, arbiters, arbiter_log)
            wait_for_port(port, proxy, proxy_log)
            setup = (f"nginx (the public files; arbiters' requests to their own pool), public pool {setup} "
                     f"(nice {args.public_nice}), "
                     f"arbiters' pool {args.arbiter_web} x {args.threads}")
        queues = ["default"] * args.workers + ["public"] * args.public_workers
        # the rendering workers run at a lower CPU priority (docs/manager.md, "Arbiters first"): ``--render-nice``
        workers = [stack.enter_context(process(
            niced(args.render_nice if queue == "public" else 0,
                  [sys.executable, "-m", "swisspair_web", "worker", "--interval", "0.5", "--queue", queue]),
            env, work / f"worker{number}.log")) for number, queue in enumerate(queues)]
        wait_for_port(public_port, web, web_log)
        ready = drained(url)
        print(f"the rendering workers took up the seeding's changes in {ready:.0f} s", flush=True)
        world = World(players=players, published=dict.fromkeys(players, 1))
        print(f"load: {setup}, {args.workers} workers for jobs + {args.public_workers} rendering "
              f"(nice {args.render_nice}), "
              f"{args.readers} readers thinking {args.reader_think} s, "
              f"{args.arbiters} arbiters ({'stress' if args.stress else 'real events'}: posting {args.batch} "
              f"results every {args.arbiter_think:.1f} s on average, logging in within {args.arrivals:.0f} s), "
              f"{args.duration:.0f} s", flush=True)
        parts = {"web (public pool)" if nginx else "web": [web.pid],
                 **({"web (arbiters' pool)": [arbiters.pid], "nginx": [proxy.pid]} if nginx else {}),
                 "workers": [w.pid for w in workers], "PostgreSQL": [postgres_pid(url)]}
        cpu_before = {name: sum(map(tree_cpu, pids)) for name, pids in parts.items()}
        self_before = os.times()
        wall_started = time.time()
        load_before = os.getloadavg()
        sampler = WaitSampler(url)
        sampler.start()
        stats, elapsed = asyncio.run(simulate(args, port, world))
        sampler.stop.set()
        load_after = os.getloadavg()
        self_after = os.times()
        cpu = {name: sum(map(tree_cpu, pids)) - cpu_before[name] for name, pids in parts.items()}
        cpu["simulated users (this process)"] = (self_after.user + self_after.system
                                                 - self_before.user - self_before.system)
        print("CPU seconds used during the load: " + ", ".join(f"{name} {seconds:.1f}" for name, seconds in
                                                               cpu.items())
              + f"; {sum(cpu.values()) / elapsed:.2f} cores on average", flush=True)
        print(f"machine: {os.cpu_count()} cores, load average (1, 5, 15 min) "
              f"{' '.join(f'{x:.2f}' for x in load_before)} at the start, "
              f"{' '.join(f'{x:.2f}' for x in load_after)} at the end", flush=True)
        stats.server = server_times(access)
        print(sampler.summary(), flush=True)
        problems = check(url, world)
        print("\n".join(rendering(url, wall_started) + chain(url, stats.shown)), flush=True)
        print(report(stats, elapsed, world, problems, args))
        server_errors = sum(n for s in stats.statuses.values() for code, n in s.items() if code >= 500 or code == 0)
        if server_errors:
            print("web log tail:\n" + web_log.read_text(errors="replace")[-3000:])
    if args.keep_logs:
        print(f"logs in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if problems or server_errors else 0


if __name__ == "__main__":
    sys.exit(main())
