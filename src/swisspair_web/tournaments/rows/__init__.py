"""Database rows of the manager, one module per concept; imported here, the rows of every concept.

An :class:`Event` has :class:`Section` s; each section is one Swiss tournament, with its :class:`Player` s,
:class:`Round` s, :class:`Board` s and :class:`Bye` s. :mod:`..reads.convert` turns a section into a
:class:`swisspair.model.Tournament` and back.

A team section (:attr:`Section.kind` ``team``, FIDE C.04.6) has :class:`Team` s whose members are its
players in board order; a round of it has :class:`TeamMatch` es, each owning the :class:`Board` s of its
games. A :class:`Playoff` records a play-off for a tied place (C.02 art. 13.2).

Concurrency: :attr:`Section.version` and :attr:`Board.version` are bumped by conditional
``UPDATE ... WHERE version = seen``; a writer that saw an older version gets a conflict instead of
overwriting (see :mod:`..services`).

Django finds the rows through ``models.py``, which imports this package: the app's label, the tables and
the migrations are those of the one ``models.py`` the rows were written in before.
"""

from __future__ import annotations

from swisspair_web.tournaments.rows.audit import AuditEntry
from swisspair_web.tournaments.rows.categories import AwardSettings, Category, PlayerDetail
from swisspair_web.tournaments.rows.events import Event, EventRole, Invitation
from swisspair_web.tournaments.rows.jobs import Job
from swisspair_web.tournaments.rows.players import Player
from swisspair_web.tournaments.rows.playoffs import Playoff
from swisspair_web.tournaments.rows.presence import Presence
from swisspair_web.tournaments.rows.public import PublicRender, PublicWant
from swisspair_web.tournaments.rows.registration import Announcement, Entry, ListedPlayer, Registration
from swisspair_web.tournaments.rows.rounds import RESULT_CHOICES, RESULTS, UNRATED, Board, Bye, Round, result_label
from swisspair_web.tournaments.rows.sections import Section
from swisspair_web.tournaments.rows.teams import Team, TeamMatch

__all__ = [
    "RESULTS", "RESULT_CHOICES", "UNRATED", "Announcement", "AuditEntry", "AwardSettings", "Board", "Bye",
    "Category", "Entry", "Event", "EventRole", "Invitation", "Job", "ListedPlayer", "Player", "PlayerDetail", "Playoff",
    "Presence", "PublicRender", "PublicWant", "Registration", "Round", "Section", "Team", "TeamMatch",
    "result_label",
]
