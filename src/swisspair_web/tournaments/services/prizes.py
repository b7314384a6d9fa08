"""The writes of the prize list: published or withdrawn by an arbiter. It is kept honest afterwards by
:func:`.follow.prize_list`: a write that changes the results says so (:func:`.follow.section`), and once it
commits a published list that changed goes to the audit log, the new one kept in its place.
:mod:`swisspair_web.tournaments.reads.prizes` computes the list."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.errors import Conflict, OperationError
from swisspair_web.tournaments.reads.prizes import compute, prize_rows
from swisspair_web.tournaments.rows import Section
from swisspair_web.tournaments.services import follow
from swisspair_web.tournaments.services.base import User, audit
from swisspair_web.tournaments.services.categories import bump_settings, make_defaults
from swisspair_web.tournaments.services.effects import operation


def publish(section: Section, user: User, seen_version: int, publish: bool = True,
            seen_section: int | None = None) -> None:
    """Publish the prize list (or withdraw it from the public pages). ``seen_section``: the section's version
    on the page the arbiter published from; a result entered since refuses the publication (the list shown
    is not the list that would be published).

    :raises: :exc:`OperationError` when a round still lacks results or the prize table cannot be used;
        :exc:`Conflict` when the settings or the results changed since the page was loaded.
    """
    if publish and seen_section is not None and \
            Section.objects.filter(pk=section.pk).values_list("version", flat=True).first() != seen_section:
        raise Conflict(_("The results changed since this page was loaded; check the prize list again."))
    data = SectionData.load(section)
    settings = make_defaults(section)
    view = compute(data, settings)
    if publish and not view.final:
        raise OperationError(_("The prize list can be published once every round has all its results."))
    if publish and view.result is None:
        raise OperationError(view.error)
    with operation():
        bump_settings(settings, seen_version)
        settings.published_at = timezone.now() if publish else None
        settings.published_list = view.as_dict() if publish else {}
        settings.save(update_fields=["published_at", "published_list"])
        audit(section.event, user, "prize-list-published" if publish else "prize-list-withdrawn", section=section,
              params={"list": prize_rows(view.as_dict())} if publish else None)
        follow.event(section.event_id)
