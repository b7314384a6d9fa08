"""The bookkeeping of the public pages rendered to files (:mod:`..public`)."""

from __future__ import annotations

from django.db import models

from swisspair_web.tournaments.rows.events import Event
from swisspair_web.tournaments.rows.sections import Section


class PublicRender(models.Model):
    """The rendered public pages of an event (tournaments/public/render.py): whether a change waits for them."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="public_render")
    dirty_at = models.DateTimeField(null=True, blank=True, help_text="Since when a change waits to be rendered.")
    rendered_at = models.DateTimeField(null=True, blank=True, help_text="When every page was last brought up to date.")
    rest_at = models.DateTimeField(null=True, blank=True,
                                   help_text="Since when pages left for later (standings, crosstable...) wait to be rendered.")
    stamp = models.CharField(max_length=200, blank=True, help_text="What the last rendering read (see stamp()).")

    def __str__(self) -> str:
        return f"public pages of {self.event_id}: {'changed' if self.dirty_at else 'rendered'}"


class PublicWant(models.Model):
    """A public page somebody asked for (in a language, or for an origin's JSON): kept rendered from then on."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="public_wants")
    section = models.ForeignKey(Section, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    page = models.CharField(max_length=60, help_text="The URL name (sp-player...).")
    target = models.IntegerField(default=0, help_text="Round, pairing or team number; 0 for the others.")
    language = models.CharField(max_length=10, blank=True, help_text="Empty for JSON.")
    origin = models.CharField(max_length=200, blank=True, help_text="scheme://host of JSON (absolute links).")
    key = models.CharField(max_length=400, unique=True)

    def __str__(self) -> str:
        return self.key
