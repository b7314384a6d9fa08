"""What follows a write of the services once it commits, said in the write's own code (:mod:`.effects`).

- :func:`event`: the event's public pages are rendered again (:func:`..public.changes.committed`); a write
  that hides something (a round withdrawn or unpaired, the event made private) has the event's files taken
  down first, before the arbiter's page says it is done.
- :func:`section`: the same, and the section's published prize list is checked against the results
  (:func:`prize_list`) before the pages are rendered.
- :func:`round_published`: a round's public pages are written in the request that published it.
- :func:`round_results`: a round's public pages are written by the request that saved its results, once it
  answered.

Each is queued once per operation, whatever the number of rows written.
"""

from __future__ import annotations

import functools

from swisspair_web.tournaments.public import ahead, changes, store
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.prizes import prize_rows, shown
from swisspair_web.tournaments.rows import AwardSettings, Section
from swisspair_web.tournaments.services.base import audit
from swisspair_web.tournaments.services.effects import after_commit, operation


def event(event_id: int, *, hiding: bool = False) -> None:
    """The event's public pages follow this write once it commits (``hiding``: its files go first), when they
    are rendered to files at all (``SWISSPAIR_PUBLIC_FILES``)."""
    if store.enabled():
        after_commit(("public-pages", event_id, hiding), functools.partial(changes.committed, event_id, hiding))


def round_published(section: Section) -> None:
    """A round of the section is published by this write: once it commits (and the pages follow it:
    :func:`section`), its public pages are written before the arbiter's page says it is done
    (:func:`..public.ahead.render_published`), so that no reader asks the application for them."""
    if store.enabled():
        after_commit(("public-ahead", section.event_id), functools.partial(ahead.render_published, section.event_id),
                     robust=True)


def round_results(section: Section, number: int) -> None:
    """Results of round ``number`` of the section are saved by this write: once it commits (and the pages follow
    it: :func:`section`), the round's public pages are written by the request once its response is sent
    (:func:`..public.ahead.render_results`), so that the public sees a result a moment after it is saved."""
    if store.enabled():
        after_commit(("public-results", section.pk, number),
                     functools.partial(ahead.render_results, section.event_id, section.pk, number), robust=True)


def event_deleted(event_id: int) -> None:
    """The event is deleted by this write: once it commits, its public files go."""
    if store.enabled():
        after_commit(("event-deleted", event_id), functools.partial(changes.event_deleted, event_id))


def section(section: Section, *, hiding: bool = False) -> None:
    """The section's published prize list is checked, then the event's public pages follow (:func:`event`)."""
    after_commit(("prize-list", section.pk), functools.partial(_check_prize_list, section.pk), robust=True)
    event(section.event_id, hiding=hiding)


def _check_prize_list(section_id: int) -> None:
    if not AwardSettings.objects.filter(section_id=section_id, published_at__isnull=False).exists():
        return  # no published prize list (most writes: one query)
    found = Section.objects.select_related("event").filter(pk=section_id).first()
    if found is not None:
        _record_prize_list(found)  # the pages follow the write that changed it: :func:`section` said so


def prize_list(section: Section) -> bool:
    """Check the section's published prize list now (:func:`_record_prize_list`); the public pages follow a list
    that changed. ``True`` when it changed."""
    if not _record_prize_list(section):
        return False
    event(section.event_id)
    return True


def _record_prize_list(section: Section) -> bool:
    """If the section's published prize list differs from the list the public sees now (the published rounds'
    results: a correction in an unpublished round changes nothing the public sees), write the old one to the
    audit log and keep the new one; ``True`` when it did."""
    settings = AwardSettings.objects.filter(section=section, published_at__isnull=False).first()
    if settings is None:
        return False
    view = shown(SectionData.load(section), settings, arbiter=False)
    current = view.as_dict()
    with operation():
        locked = AwardSettings.objects.select_for_update().get(pk=settings.pk)
        if locked.published_at is None or locked.published_list == current:
            return False
        params = {"published_at": f"{locked.published_at:%Y-%m-%d %H:%M}", "after_round": view.table.after_round,
                  "list": prize_rows(locked.published_list)}
        audit(section.event, None, "prize-list-changed", section=section, params=params)
        locked.published_list = current
        locked.save(update_fields=["published_list"])
    return True
