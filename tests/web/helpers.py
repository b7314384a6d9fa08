"""Shared helpers of the web tests: seeded data, a stand-in pairer, a live server."""

from __future__ import annotations

import contextlib
import http.client
import http.cookiejar
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.test import TestCase

from swisspair.model import Board as CoreBoard
from swisspair.model import Colour, RoundPairing, Tournament
from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import form_state
from swisspair_web.tournaments.rows import Board, Event, EventRole, Player, Round, Section, registry

from .pgcluster import postgres_binaries  # noqa: F401  (re-exported for the test modules)

ROOT = Path(__file__).resolve().parents[2]


def simple_pair(tournament: Tournament, system: str) -> RoundPairing:
    """A stand-in engine for tests of the web workflow: score groups, no rematches, bye to the last."""
    number = tournament.paired_rounds + 1
    players = [p for p in tournament if p.result(number).result.value not in ("H", "F", "Z")]
    players.sort(key=lambda p: (-tournament.score(p.tpn), p.tpn))
    bye = None
    if len(players) % 2:
        for candidate in reversed(players):
            if all(r.result.value != "U" for r in candidate.results):
                bye = candidate.tpn
                break
        players = [p for p in players if p.tpn != bye]

    def solve(rest: list[int]) -> list[tuple[int, int]] | None:
        if not rest:
            return []
        first, others = rest[0], rest[1:]
        met = set(tournament.opponents(first))
        for index, other in enumerate(others):
            if other in met:
                continue
            tail = solve(others[:index] + others[index + 1:])
            if tail is not None:
                return [(first, other), *tail]
        return None

    pairs = solve([p.tpn for p in players]) or [(players[i].tpn, players[i + 1].tpn)
                                                for i in range(0, len(players), 2)]
    boards = []
    for a, b in pairs:
        ca = tournament.colour_history(a)
        cb = tournament.colour_history(b)
        balance_a = ca.count(Colour.WHITE) - ca.count(Colour.BLACK)
        balance_b = cb.count(Colour.WHITE) - cb.count(Colour.BLACK)
        boards.append(CoreBoard(a, b) if balance_a <= balance_b else CoreBoard(b, a))
    return RoundPairing(number, tuple(boards), bye)


def pair_next(section: Section, user: Any) -> services.PairingOutcome:
    """Pair the next round of ``section`` as ``user`` (with the pairer in :data:`registry.PAIRER`)."""
    section.refresh_from_db()
    return services.pair_next_round(section, user)


def play_next(section: Section, user: Any, code: str = "10") -> Round:
    """Pair the next round of ``section`` and enter result ``code`` on every board; returns the round."""
    rnd = pair_next(section, user).round
    services.set_results(rnd, user, {b.number: (code, services.seen(b)) for b in rnd.boards.all()},
                         withdraw_no_shows=False)
    section.refresh_from_db()
    return rnd


class BaseTestCase(TestCase):
    """Seeds alice (chief arbiter of the event), bob (arbiter), charlie (no role) and a 10-player section.

    The rows are written once per class (``setUpTestData``) and rolled back after it; each test reads its own
    copies of ``alice``, ``bob``, ``charlie``, ``event`` and ``section``. A subclass adds what all its tests start
    from in :meth:`build` (with :func:`pair_next` and :func:`play_next` on ``cls.section``), and what one test
    changes in that test."""

    players = 10
    alice: ClassVar[AbstractBaseUser]
    bob: ClassVar[AbstractBaseUser]
    charlie: ClassVar[AbstractBaseUser]
    event: ClassVar[Event]
    section: ClassVar[Section]

    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        from django.utils import translation

        translation.activate("en")
        users = get_user_model()
        cls.alice = users.objects.create_user("alice", password="password")
        cls.bob = users.objects.create_user("bob", password="password")
        cls.charlie = users.objects.create_user("charlie", password="password")
        cls.event = services.create_event(cls.alice, name="Test Open", slug="test")
        EventRole.objects.create(event=cls.event, user=cls.bob, role=EventRole.ARBITER)
        cls.section = Section.objects.create(event=cls.event, name="Open", slug="open", rounds=5,
                                             initial_colour="w")
        if cls.players:
            services.add_players(cls.section, cls.alice, [
                services.PlayerData(name=f"Player{i:02d}, Test", rating=2400 - 10 * i) for i in range(cls.players)])
        cls.section.refresh_from_db()
        registry.PAIRER.append(simple_pair)
        try:
            cls.build()
        finally:
            registry.PAIRER.pop()
            translation.deactivate()

    @classmethod
    def build(cls) -> None:
        """What every test of the class starts from, on top of the seeded event (nothing here)."""

    def setUp(self) -> None:
        super().setUp()
        from django.utils import translation

        translation.activate("en")  # a request in another language leaves its language active in the thread
        self.addCleanup(translation.deactivate)
        registry.PAIRER.append(simple_pair)
        self.addCleanup(registry.PAIRER.pop)

    def url(self, name: str, *args: object) -> str:
        from django.urls import reverse

        return reverse(name, args=["test", "open", *args])

    def pair(self) -> services.PairingOutcome:
        return pair_next(self.section, self.alice)

    def play_round(self, number: int | None = None, code: str = "10") -> None:
        play_next(self.section, self.alice, code)


# -- a live server in another process ----------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def manage(data: Path, *args: str, env: dict[str, str] | None = None, check: bool = True,
           timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m swisspair_web ARGS`` on the data directory ``data``."""
    return subprocess.run([sys.executable, "-m", "swisspair_web", *args], env=server_env(data, env), text=True,
                          capture_output=True, check=check, timeout=timeout)


def server_env(data: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "SWISSPAIR_DATA")}
    env.update({"SWISSPAIR_DATA": str(data), "SECRET_KEY": "live-tests", "PYTHONPATH": str(ROOT / "src")})
    if "DATABASE_URL" not in (extra or {}):
        env.pop("DATABASE_URL", None)
    env.update(extra or {})
    env["DJANGO_SETTINGS_MODULE"] = "swisspair_web.settings"
    return env


def create_users(data: Path, env: dict[str, str] | None = None) -> None:
    script = ("from django.contrib.auth import get_user_model as g; U=g();"
              "[U.objects.create_user(n, password='password') for n in ('alice','bob','charlie')"
              " if not U.objects.filter(username=n).exists()];"
              "U.objects.filter(username='alice').update(is_superuser=True, is_staff=True)")
    manage(data, "migrate", "--verbosity", "0", env=env)
    manage(data, "shell", "-c", script, env=env)


class LiveURL(str):
    """The base URL of a live server, with its process."""

    process: subprocess.Popen[str]

    def __new__(cls, url: str, process: subprocess.Popen[str]) -> LiveURL:
        self = super().__new__(cls, url)
        self.process = process
        return self


@contextlib.contextmanager
def live_server(data: Path, env: dict[str, str] | None = None, *, demo: bool = False,
                prelude: str = "") -> Iterator[str]:
    """``swisspair serve`` on a free port; yields its base URL.

    ``prelude`` is Python run in the server process before it starts (to plant test seams).
    """
    port = free_port()
    argv = ["serve", "--data", str(data), "--port", str(port)] + (["--demo"] if demo else [])
    code = f"{prelude}\nfrom swisspair.cli import main\nmain({argv!r})"
    process = subprocess.Popen([sys.executable, "-c", code], env=server_env(data, env), stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    output = process.stdout.read() if process.stdout else ""
                    raise RuntimeError(f"server did not start: {output}") from None
                time.sleep(0.1)
        yield LiveURL(f"http://127.0.0.1:{port}", process)
    finally:
        stop(process)


def stop(process: subprocess.Popen[str]) -> None:
    """End a server or worker process: SIGTERM, then SIGKILL after 10 seconds."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class HttpClient:
    """A browser-less client with cookies and CSRF handling (for concurrency tests)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> tuple[int, str]:
        try:
            with self.opener.open(self.base + path, timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()
        except (OSError, http.client.HTTPException) as error:  # the server went away
            return 0, str(error)

    def csrf(self) -> str:
        for cookie in self.jar:
            if cookie.name == "csrftoken":
                return cookie.value or ""
        return ""

    def post(self, path: str, data: dict[str, str]) -> tuple[int, str]:
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.csrf(), **data}).encode()
        request = urllib.request.Request(self.base + path, data=body, headers={"Referer": self.base + path})
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()
        except (OSError, http.client.HTTPException) as error:  # the server went away
            return 0, str(error)

    def post_file(self, path: str, data: dict[str, str], field: str, filename: str, content: bytes) -> tuple[int, str]:
        boundary = "----swisspair-test-boundary"
        parts = []
        for key, value in {"csrfmiddlewaretoken": self.csrf(), **data}.items():
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode())
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{filename}"\r\n'
                     f"Content-Type: application/octet-stream\r\n\r\n".encode() + content + b"\r\n")
        parts.append(f"--{boundary}--\r\n".encode())
        request = urllib.request.Request(self.base + path, data=b"".join(parts), headers={
            "Referer": self.base + path, "Content-Type": f"multipart/form-data; boundary={boundary}"})
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()
        except (OSError, http.client.HTTPException) as error:  # the server went away
            return 0, str(error)

    def login(self, username: str, password: str = "password") -> None:
        self.get("/accounts/login/")
        status, text = self.post("/accounts/login/", {"username": username, "password": password, "next": "/"})
        assert status == 200 and "Log out" in text or username in text, text[:500]


def job_state(client: HttpClient, job: object) -> dict[str, object]:
    """A background job's state as its progress page polls it (``/api/jobs/ID.json``)."""
    status, text = client.get(f"/api/jobs/{job}.json")
    assert status == 200, text[:300]
    return dict(json.loads(text))


def shown(board: Board) -> dict[str, str]:
    """The hidden fields a results page renders for ``board`` now: its version and its players in their colours."""
    return {f"v{board.number}": str(board.version), f"p{board.number}": f"{board.white_id}-{board.black_id}"}


def pair_form(section: str, number: int | str) -> dict[str, str]:
    """The fields of the *Pair round* form of section ``section`` (its short name) for round ``number``, with
    the section's version as its page renders it now."""
    version = Section.objects.filter(slug=section).values_list("version", flat=True).get()
    return {"round": str(number), "version": str(version)}


def numbers(section: Section) -> dict[str, str]:
    """The ``numbers`` field the bye form renders now: which player holds which pairing number."""
    return {"numbers": form_state.numbers_token(section)}


def player_fields(section: Section, tpn: int) -> dict[str, str]:
    """The ``player`` and ``version`` fields a form about player ``tpn`` renders now."""
    player = Player.objects.get(section=section, tpn=tpn)
    return {"player": str(player.pk), "version": str(player.version)}


def token(section: Section, number: int, *, results: bool = False) -> dict[str, str]:
    """The ``token`` a results page renders for round ``number`` now, for its publish and adjust forms (the
    pairing) or its unpair form (``results``: the pairing with its results)."""
    rnd = Round.objects.get(section=section, number=number)
    return {"token": (form_state.results_token if results else form_state.pairing_token)(rnd)}


def form_value(html: str, name: str) -> str:
    match = re.search(rf'name="{re.escape(name)}" value="([^"]*)"', html)
    assert match, f"no field {name}"
    return match.group(1)


def score(value: Fraction) -> str:
    return str(value)


SEED_SCRIPT = """
from django.contrib.auth import get_user_model
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Board, EventRole, Player, Round, Section
U = get_user_model()
alice = U.objects.get(username='alice')
event = services.create_event(alice, name='Live {slug}', slug='{slug}')
EventRole.objects.create(event=event, user=U.objects.get(username='bob'), role='arbiter')
section = Section.objects.create(event=event, name='Open', slug='open', rounds=7, initial_colour='w')
players = services.add_players(section, alice, [services.PlayerData(name=f'Live{{i:02d}}, P', rating=2500 - i)
                                                for i in range({players})])
if {paired}:
    rnd = Round.objects.create(section=section, number=1)
    half = len(players) // 2
    Board.objects.bulk_create([Board(round=rnd, number=i + 1, white=players[i], black=players[half + i])
                               for i in range(half)])
"""


def seed_event(data: Path, slug: str, players: int = 20, paired: bool = True,
               env: dict[str, str] | None = None) -> None:
    """An event ``slug`` with one section of ``players`` players (round 1 paired by hand when ``paired``)."""
    manage(data, "shell", "-c", SEED_SCRIPT.format(slug=slug, players=players, paired=paired), env=env)


def sql(data: Path, query: str, env: dict[str, str] | None = None) -> list[list[object]]:
    """Rows of ``query``, run through the ORM's connection in a fresh process."""
    import json

    code = ("import json\nfrom django.db import connection\n"
            "with connection.cursor() as c:\n"
            f"    c.execute({query!r})\n"
            "    print('ROWS', json.dumps([list(r) for r in c.fetchall()], default=str))")
    out = manage(data, "shell", "-c", code, env=env).stdout
    line = next(line for line in out.splitlines() if line.startswith("ROWS "))
    return list(json.loads(line[5:]))
