"""The manager's help: the course of an event day, each step with the page that does it."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def help_page(request: HttpRequest) -> HttpResponse:
    """A short guide for arbiters, linked from the header of every page (the full manual is
    ``docs/manager.md`` of the source)."""
    return render(request, "tournaments/help.html", {})
