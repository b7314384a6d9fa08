"""Public pages written before the rendering worker gets to them, so that readers find them on disk.

The worker renders a change a moment after it (``changes.py``); until then a page that has no file yet is
built by the application for every reader who asks (``serve.py``), which is what readers wait for on a busy
site. Three pages are asked for at once by many and are not on disk yet or out of date:

* **a round just published**: its pairings and their JSON are written in the arbiter's request, before the
  publish page says it is done (:func:`render_published`: the event's pages not on disk yet, ``render.AHEAD``;
  the other rounds' pages, whose list of rounds changed, are left to the worker's pass);
* **a round's pairings when results are saved**: the round's pages and JSON are written once the response of the
  arbiter's request that saved them is sent, by a thread of the web process (:func:`render_results`:
  ``render.render_round``, with the
  fingerprints a pass gives them; the other pages the results change, the cards and the standings, are left to
  the worker's pass), so that a result is public a moment after it is saved, however busy the worker;
* **a page asked for the first time** (a player's card, the pairings by name, a language or address not
  rendered before): the request that built it for a visitor who is not logged in writes it
  (:func:`write_served`), and it is rendered from then on as every wished-for page is.

A page written here is what the worker would write: the same builder for a visitor who is not logged in (the
application's page less the visitor's CSRF field), read after the change it shows. What a reader gets stays
as docs/manager.md says (a page on disk until it is replaced, never an older page after a newer one): both
write under the event's lock, without waiting for a rendering under way (then the worker's pass writes the
page); a served page is written only while the stamp it was built under is still the event's (no change
since), only where the event has no file and no entry for it, with a fingerprint that matches none
(:data:`SERVED`), so the next pass builds it again.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from swisspair_web.after_response import NotYet, after_response
from swisspair_web.tournaments.public import render, store

log = logging.getLogger(__name__)

SERVED = "served"
"""The fingerprint, in the manifest, of a page written by the request that served it: it matches no
fingerprint, so the next pass builds the page again (and keeps its date when the bytes are the same)."""

LOCK_WAIT = 2.0
"""Seconds during which a round's publication waits for a rendering of the event under way, or a save of its
results has its pages tried again behind the other work waiting, before leaving them to the worker (a worker at a
low priority on a busy machine may hold the lock much longer)."""


def render_published(event_id: int) -> None:
    """A round of the event was published (the write committed): write its pages not on disk yet now (the
    round's pairings and JSON). The request waits at most :data:`LOCK_WAIT` for a rendering under way; the queued
    pass does the rest in any case."""
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            built = render.render_event(event_id, render.AHEAD, wait=False)
        except store.Busy:
            if time.monotonic() >= deadline:
                log.info("public pages of event %s: a rendering under way, published round left to it", event_id)
                return
            time.sleep(0.05)
            continue
        log.info("public pages of event %s (published round): %s built", event_id, built)
        return


def render_results(event_id: int, section_id: int, number: int) -> None:
    """Results of round ``number`` of the section were saved (the write committed): write that round's public
    pages once the request's response is sent, in the web process's thread for such work
    (:func:`~swisspair_web.after_response.after_response`: neither the arbiter nor the next request waits for them;
    :func:`.render.render_round`). Nothing blocks: while a rendering of the event holds its lock, the work is
    tried again behind the other work waiting (:class:`~swisspair_web.after_response.NotYet`), until
    :data:`LOCK_WAIT` after the save; then it is left to the queued pass, which renders the pages in any case."""
    deadline = time.monotonic() + LOCK_WAIT

    def write() -> None:
        try:
            built = render.render_round(event_id, section_id, number, wait=False)
        except store.Busy:
            if time.monotonic() < deadline:
                raise NotYet from None  # tried again behind the other pages waiting
            log.info("public pages of event %s: a rendering under way, results of round %s left to it", event_id,
                     number)
            return
        log.info("public pages of event %s (results of round %s): %s built", event_id, number, built)

    after_response(("public-results", section_id, number), write)


def write_served(event_id: int, name: str, kwargs: dict[str, Any], variant: str, body: bytes,
                 current: Callable[[], bool]) -> bool:
    """Write the page ``name`` (URL arguments ``kwargs``; ``variant``: the language of HTML, the origin of JSON)
    that the application built for a visitor who is not logged in, ``body`` less the visitor's CSRF field,
    when the event has no file for it and ``current()`` says nothing changed since it was built (see the
    module's docstring); ``True`` when it did."""
    if not store.enabled() or render.page(name) is None:
        return False
    body = render.CSRF_INPUT.sub(b"", body)
    if b"csrfmiddlewaretoken" in body:
        return False  # a visitor's token in another form than the field: never in a file
    where = render.file_of(name, kwargs, variant)
    if where is None:
        return False
    file, relative, _path = where
    try:
        with store.event_lock(event_id, wait=False):
            manifest = store.read_manifest(event_id)
            if relative in manifest or file.exists() or not current():
                return False
            store.write(file, body)
            manifest[relative] = SERVED
            store.write_manifest(event_id, manifest)
    except store.Busy:
        return False  # being rendered: the pass writes it
    return True
