"""Where Django looks for the app's rows: they are defined in :mod:`.rows`, one module per concept."""

from __future__ import annotations

from swisspair_web.tournaments.rows import *  # noqa: F403
