"""A section read while a round is being paired: all of its rows come from one snapshot.

The reader's statements are interleaved with a writer by hand: right after the reader has read the
section's rounds, another connection pairs the next round and commits, then the reader reads the
boards. In one snapshot the reader sees neither the new round nor its boards; read statement by
statement it would see boards whose round it does not have (the ``KeyError`` of a public page read
during a pairing). On a file SQLite database in WAL mode, and on PostgreSQL when the suite runs there
(``test_postgres.py``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .helpers import create_users, manage, seed_event

pytestmark = pytest.mark.slow  # a migrated database of its own and Django processes reading it: seconds each


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """One migrated database for the module (its data directory, and the environment that points at it), with
    the users and two events: ``snap`` for the pairing read in a snapshot, ``render`` for the public pages."""
    data = tmp_path_factory.mktemp("snapshot")
    url = os.environ.get("SWISSPAIR_LIVE_DATABASE_URL")
    env = {"DATABASE_URL": url} if url else {}
    create_users(data, env)  # migrates first
    seed_event(data, "snap", players=20, env=env)
    seed_event(data, "render", players=20, env=env)
    return data, env

SCRIPT = """
import threading
from django.contrib.auth import get_user_model
from django.db import connection
from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads.convert import SectionData, to_tournament
from swisspair_web.tournaments.rows import Round, Section

section = Section.objects.select_related('event').get(event__slug='snap', slug='open')
alice = get_user_model().objects.get(username='alice')
paired = []

def pair_elsewhere():
    from django.db import connections
    try:
        fresh = Section.objects.select_related('event').get(pk=section.pk)
        paired.append(services.pair_next_round(fresh, alice, allow_pending=True).round.number)
    finally:
        connections.close_all()

def between_statements(execute, sql, params, many, context):
    result = execute(sql, params, many, context)
    if 'FROM "tournaments_round"' in sql and 'tournaments_board' not in sql and not paired:
        writer = threading.Thread(target=pair_elsewhere)
        writer.start()
        writer.join()
    return result

with connection.execute_wrapper(between_statements):
    data = SectionData.load(section)
assert paired == [2], paired
assert Round.objects.filter(section=section).count() == 2
assert [r.number for r in data.rounds] == [1], data.rounds
assert sorted(data.boards) == [1], sorted(data.boards)
assert all(b.round_id == data.rounds[0].id for b in data.boards[1])
to_tournament(data)
print('SNAPSHOT OK')
"""


def test_it_reads_a_section_in_one_snapshot_while_a_round_is_paired(database: tuple[Path, dict[str, str]]) -> None:
    """FIDE C.04.1 (a round is paired as a whole): a reader sees a round with all its boards or not at all."""
    data, env = database
    done = manage(data, "shell", "-c", SCRIPT, env=env, check=False)
    assert "SNAPSHOT OK" in done.stdout, done.stdout + done.stderr[-3000:]


RENDER_SCRIPT = """
from django.contrib.auth import get_user_model
from swisspair_web.tournaments import services
from swisspair_web.tournaments.public import render
from swisspair_web.tournaments.rows import Event, Round

alice = get_user_model().objects.get(username='alice')
Event.objects.filter(slug='render').update(public=True)
services.publish_round(Round.objects.get(section__event__slug='render', number=1), alice)
event = Event.objects.get(slug='render')
first = render.render_event(event.pk)
again = render.render_event(event.pk)
print('RENDERED', first, again)
"""


def test_the_public_pages_are_rendered_in_a_snapshot_that_writes_nothing(database: tuple[Path, dict[str, str]],
                                                                          tmp_path: Path) -> None:
    """Rendering an event's public pages reads one snapshot and writes nothing: PostgreSQL runs it ``READ
    ONLY`` and SQLite with ``query_only``, so a page or a fingerprint that wrote (the prize settings' defaults
    made on first read) would render nothing there; and a second rendering builds nothing."""
    data, base = database
    env = {**base, "SWISSPAIR_PUBLIC_DIR": str(tmp_path / "public"), "SWISSPAIR_PUBLIC_FILES": "True"}
    done = manage(data, "shell", "-c", RENDER_SCRIPT, env=env, check=False)
    line = next((line for line in done.stdout.splitlines() if line.startswith("RENDERED ")), "")
    assert line, done.stdout + done.stderr[-3000:]
    first, again = map(int, line.split()[1:])
    assert first > 0 and again == 0, (line, done.stderr[-3000:])
