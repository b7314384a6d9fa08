"""Every upload is read with bounded memory and time: a ZIP bomb, a line of 400 MiB, an XML tag or value
that never ends are refused with a clear message, whether read in the request or by a job; a job that fails
leaves no copy of its upload behind."""

from __future__ import annotations

import io
import random
import time
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path

from django.conf import settings as django_settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings

from swisspair_web.tournaments.reads import rating_list
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.rows import Job, ListedPlayer, Player
from swisspair_web.tournaments.services import jobs

from .helpers import BaseTestCase

MEMORY = 16 << 20
"""Bytes of Python memory reading any of the hostile files may take at its peak."""
CPU = 2.0
"""Seconds of CPU reading any of them may take."""


def zipped(name: str, data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.writestr(name, data)
    return out.getvalue()


def bounded(read: Callable[[], object]) -> str:
    """The refusal ``read`` ends with, checked to stay within :data:`MEMORY` and :data:`CPU`."""
    tracemalloc.start()
    start = time.process_time()
    try:
        read()
    except OperationError as error:
        message = str(error)
    else:
        raise AssertionError("a hostile file was read as a rating list")
    finally:
        _now, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert peak < MEMORY, f"{peak} bytes at the peak"
    assert time.process_time() - start < CPU
    return message


class HostileRatingListTestCase(BaseTestCase):
    players = 0

    def test_a_line_of_400_mib_is_refused_at_its_first_4_kib(self) -> None:
        path = Path(django_settings.DATA_DIR) / "one-line.txt"
        with open(path, "wb") as handle:
            handle.truncate(400 << 20)  # sparse: 400 MiB of zero bytes, no newline
        try:
            with open(path, "rb") as handle:
                message = bounded(lambda: rating_list.read(handle, source="list.txt", size=400 << 20))
        finally:
            path.unlink()
        self.assertIn("list.txt:1: line longer than 4096 bytes", message)

    def test_zip_bombs_are_refused_before_they_are_unpacked(self) -> None:
        for name, data in (("players_list_foa.txt", b"A" * (16 << 20)), ("players_list_foa.txt", b"\n" * (16 << 20)),
                           ("players_list_xml_foa.xml", b"<players>" + b" " * (16 << 20))):
            bomb = zipped(name, data)
            self.assertLess(len(bomb), 200_000)
            message = bounded(lambda: rating_list.read(io.BytesIO(bomb), source="list.zip"))  # noqa: B023
            self.assertIn(f"list.zip/{name}: refused: it unpacks to {16 << 20 if name.endswith('txt') else 9 + (16 << 20)} "
                          "bytes", message)

    def test_an_xml_tag_or_value_without_end_is_refused(self) -> None:
        for data, expected in ((b'<players x="' + b"A" * (8 << 20), "a tag longer than"),
                               (b"<players><player><name>" + b"A" * (8 << 20), "<name> longer than 1000 characters")):
            message = bounded(lambda: rating_list.read(io.BytesIO(data), source="list.xml"))  # noqa: B023
            self.assertIn(expected, message)

    def test_empty_lines_without_end_are_refused(self) -> None:
        data = b"\n" * (4 << 20)
        message = bounded(lambda: rating_list.read(io.BytesIO(data), source="list.txt"))
        self.assertIn("list.txt:10001: more than 10000 empty lines", message)


@override_settings(SWISSPAIR_BACKGROUND_LIST_BYTES=100_000)
class HostileUploadPagesTestCase(BaseTestCase):
    """The pages refuse a bomb in the request (no job, no copy kept); a failed job removes its copy."""

    players = 0

    def uploads(self) -> set[Path]:
        return set((Path(django_settings.DATA_DIR) / "uploads").glob("rating-list-*"))

    def test_a_zip_bomb_is_refused_by_both_upload_pages(self) -> None:
        bomb = zipped("players_list_foa.txt", b"A" * (8 << 20))  # under the background bound packed, not unpacked
        self.assertLess(len(bomb), 100_000)
        before = self.uploads()
        self.client.login(username="alice", password="password")
        for url, fields in ((self.url("sp-players-import"), {"format": "fide", "kind": "standard", "paired": "0",
                                                             "existing": "update"}),
                            (self.url("sp-entries-list"), {"kind": "standard"})):
            response = self.client.post(url, {**fields, "file": SimpleUploadedFile("list.zip", bomb)})
            self.assertContains(response, "refused: it unpacks to 8388608 bytes", status_code=200)
        self.assertEqual((Job.objects.count(), Player.objects.count(), ListedPlayer.objects.count()), (0, 0, 0))
        self.assertEqual(self.uploads(), before)

    def test_a_list_big_unpacked_is_read_by_a_job_and_its_copy_removed_when_it_fails(self) -> None:
        noise = random.Random(1)
        text = b"".join(b"%032x\n" % noise.getrandbits(128) for _i in range(5000))  # 165 KB, half of it packed
        before = self.uploads()
        self.client.login(username="alice", password="password")
        response = self.client.post(self.url("sp-entries-list"), {
            "kind": "standard", "file": SimpleUploadedFile("list.zip", zipped("list.txt", text))})
        job = Job.objects.get()
        self.assertRedirects(response, f"/jobs/{job.pk}/", fetch_redirect_response=False)
        self.assertEqual(len(self.uploads() - before), 1)
        jobs.run_queued()
        job.refresh_from_db()
        self.assertEqual(job.state, Job.FAILED)
        self.assertEqual(self.uploads(), before)
