"""Template tags of the entries, the check-in and the hall lists, for the section's pages.

``{% load eventday %}``, then ``{% eventday_panel %}`` on the arbiter's section page (entries, check-in,
lists and cards, with their counts), ``{% entries_open section as open %}`` on the public one, and
``{{ player.birth_date|birth }}``.
"""

from __future__ import annotations

from typing import Any

from django import template

from swisspair_web.tournaments.reads import dates, presence
from swisspair_web.tournaments.rows import Entry, Registration, Section

register = template.Library()


@register.filter
def birth(stored: str) -> str:
    """A birth date without its unknown parts (``2015``, not ``2015/00/00``): :func:`..reads.dates.shown`."""
    return dates.shown(stored or "")


@register.simple_tag
def entries_open(section: Section) -> bool:
    """Whether the section's public entry form takes entries."""
    return Registration.objects.filter(section=section, open=True).exists()


@register.inclusion_tag("tournaments/_eventday_panel.html", takes_context=True)
def eventday_panel(context: template.Context) -> dict[str, Any]:
    """The arbiter's links to entries, check-in, start list and cards, with what is waiting."""
    section: Section = context["section"]
    rounds = list(section.round_set.all())
    individual = not section.is_team
    return {"event": section.event, "section": section, "individual": individual,
            "open": entries_open(section),
            "waiting": Entry.objects.filter(section=section, state=Entry.PENDING).count() if individual else 0,
            "checkin": individual and not rounds,
            "ticked": sum(1 for row in presence.rows(section) if row.present) if individual and not rounds else 0,
            "left_out": presence.left_out(section) if individual and not rounds else [],
            "last_round": rounds[-1] if rounds else None}
