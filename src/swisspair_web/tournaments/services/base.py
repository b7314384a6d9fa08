"""What every write of the manager shares: the account behind it, its audit entry, the section taken for
writing (its version), the progress of a long operation, and the callback that runs just before a pairing
or an import commits."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.auth.models import User as AuthUser
from django.db.models import F
from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads import audit as audit_words
from swisspair_web.tournaments.reads.errors import Conflict
from swisspair_web.tournaments.rows import AuditEntry, Event, Player, Round, Section, Team

User = AbstractBaseUser | AnonymousUser | None

Progress = Callable[[int, str], None]
"""``progress(percent, stage)`` of a long operation run as a background job (:mod:`swisspair_web.tournaments.services.jobs`)."""


def no_progress(percent: int, stage: str) -> None:
    """The progress of an operation nobody watches."""


def account_of(user: User) -> AuthUser | None:
    """The account behind a request (``None`` for anonymous and command-line callers)."""
    return user if isinstance(user, AbstractBaseUser) else None  # type: ignore[return-value]


def audit(event: Event, user: User, action: str, *, section: Section | None = None,
          round_number: int | None = None, board_number: int | None = None, old: str = "",
          new: str = "", params: dict[str, Any] | None = None) -> None:
    """The entry of a write in the event's audit log: who did what, where, the value before and after (inside
    the write's transaction); ``params`` the details as data (names, numbers, codes) for :mod:`..reads.audit`
    to show in the reader's language, which also gives their English text, kept as ``detail`` (and as ``old``
    and ``new`` where those are computed from the parameters)."""
    detail = audit_words.english(action, params or {})
    if params and action in audit_words.PARAM_VALUES:
        old, new = audit_words.values_of(action, params, english=True)
    entry = AuditEntry(event=event, section=section, user=account_of(user), action=action, detail=detail[:2000],
                       round_number=round_number, board_number=board_number, old=old[:40], new=new[:40],
                       params=params or {})
    batch = _AUDIT_BATCH.get()
    if batch is not None:
        batch.append(entry)
    else:
        entry.save(force_insert=True)


_AUDIT_BATCH: ContextVar[list[AuditEntry] | None] = ContextVar("swisspair_audit_batch", default=None)


@contextlib.contextmanager
def audits_together() -> Iterator[None]:
    """Within (inside the write's transaction): the audit entries said are written at the end of the block, in
    one statement and in the order said (a save of many results writes one entry per board)."""
    batch: list[AuditEntry] = []
    token = _AUDIT_BATCH.set(batch)
    try:
        yield
    finally:
        _AUDIT_BATCH.reset(token)
    if batch:
        AuditEntry.objects.bulk_create(batch)


def bump_section(section: Section, seen_version: int | None = None) -> None:
    """Take the section for writing: ``version += 1`` if it is still ``seen_version``.

    Must be called inside a transaction; on PostgreSQL the row lock serialises
    structural changes of one section.

    :raises: :exc:`Conflict` when another arbiter changed the section first.
    """
    expected = section.version if seen_version is None else seen_version
    updated = Section.objects.filter(pk=section.pk, version=expected).update(version=F("version") + 1)
    if not updated:
        raise Conflict(_("The section was changed by somebody else meanwhile; reload the page and try again."))
    section.version = expected + 1


def touch_section(section: Section) -> None:
    """Take the section for writing whatever its version (for a write guarded by the versions of its own
    rows, or by what its page showed): ``version += 1``, so that pages and jobs built on the old version see
    the change. Inside a transaction; on PostgreSQL the row lock serialises structural changes of a section."""
    Section.objects.filter(pk=section.pk).update(version=F("version") + 1)
    section.version = Section.objects.values_list("version", flat=True).get(pk=section.pk)


_committing = threading.local()


@contextlib.contextmanager
def before_commit(callback: Callable[[Round | Section], None]) -> Iterator[None]:
    """Within this block, ``callback(new round or section)`` runs inside the transaction of a pairing or an
    import, just before it commits: a background job records that it is done in the same transaction as
    its work (:mod:`.jobs`), so a job run twice never writes twice."""
    _committing.callback = callback
    try:
        yield
    finally:
        _committing.callback = None


def run_before_commit(written: Round | Section) -> None:
    callback = getattr(_committing, "callback", None)
    if callback is not None:
        callback(written)


def who(player: Player) -> dict[str, Any]:
    """A player in an audit entry's parameters (shown ``12. Name``)."""
    return {"tpn": player.tpn, "name": player.name}


def team_of(team: Team) -> dict[str, Any]:
    """A team in an audit entry's parameters (shown ``3. Name``)."""
    return {"number": team.number, "name": team.name}
