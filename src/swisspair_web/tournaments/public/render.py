"""The public pages rendered when they change, to be served as files (``store.py``).

A page joins with one line, its URL name, its *scope* (what it is built from) and its builder (the function
that builds it from the reads for a visitor, :mod:`.common`)::

    register("sp-standings", "standings", standings.standings_page)

A page built from more of a section than its players, rounds, boards, byes and teams names those rows
once, for every page of the section (``depends_on(Category)``: the rows of a table with a ``section``).

The scope decides for which URL arguments the page is rendered and when it is rendered again:

=============  ===========================================  ===============================================
scope          rendered for                                 again when these change
=============  ===========================================  ===============================================
``event``      the event (``slug``)                         the event's row, its sections' rows
``section``    each section                                 the section: settings, players, published rounds
``standings``  each section                                 the above, and the results of the rounds the
                                                            public standings include (complete, published)
``round``      each published round (``number``)            the above, and the boards and byes of that round
                                                            and of the rounds before it
``player``     each player (``tpn``) somebody asked for     the section, and that player's boards and byes
``team``       each team (``number``) somebody asked for    anything in the section
``all``        each section                                 anything in the section
=============  ===========================================  ===============================================

Pages are rendered as a visitor who is not logged in sees them (by the page's builder, the function the
application serves too, for :meth:`.common.Visitor.anonymous`), so what is not published is not in them. HTML is rendered in the languages somebody asked for (the default one
always), JSON for the addresses it was asked at. ``player`` and ``team`` pages, and the pages registered
``on_demand`` (pairings by name, the hall screen), are rendered only once somebody asked for them (a
visitor whose page is not on disk yet is served by the application, which records the wish:
``changes.want``); the others always.

One rendering reads the event in one snapshot (``snapshot.shared_reads``): a section's rows and its
standings are built once and shared by every page and language. Each file on disk carries the
fingerprint of what it was built from; a page whose fingerprint did not change is not built again.

A change is rendered in two passes (:func:`render_event`): first what a result typed changes (a round's pages,
the cards) and the pages not on disk yet, then, queued behind every first pass, the standings and the others.
A save of results has its round's pages written by the web process itself once it answered (:func:`render_round`,
``ahead.render_results``), with the fingerprints the first pass would give them.
"""

from __future__ import annotations

import functools
import hashlib
import operator
import logging
import re
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import models
from django.http import Http404
from django.urls import get_script_prefix, reverse
from django.utils import timezone, translation
from django_tasks import task

from swisspair import __version__
from swisspair_web.tournaments.public import (
    categories,
    events,
    hall,
    lists,
    norms,
    players,
    prizes,
    ratings,
    roundrobin,
    rounds,
    sections,
    standings,
    store,
    teams,
)
from swisspair_web.tournaments.public.common import Builder, Visitor, shared_section
from swisspair_web.tournaments.reads.convert import (BoardsKey, PlayersKey, SectionData, forget_section, forget_units,
                                                     kept_boards, kept_while)
from swisspair_web.tournaments.reads import prepared
from swisspair_web.tournaments.reads.rounds import forget_rows
from swisspair_web.tournaments.reads.snapshot import forget_carried, share, shared_reads
from swisspair_web.tournaments.reads.rounds import basis as pairings_basis
from swisspair_web.tournaments.reads.standings import basis as standings_basis
from swisspair_web.tournaments.rows import (
    AwardSettings,
    Board,
    Category,
    Event,
    Player,
    PublicRender,
    Playoff,
    PlayerDetail,
    PublicWant,
    Registration,
    Section,
)
from swisspair_web.tournaments.templatetags.listing import forget_fragments

log = logging.getLogger(__name__)

RENDERING = "1"
"""Bumped when what a page is rendered from changes in a way the fingerprints do not see."""

NO_PAGE = "-"
"""Marks, in the manifest, an address with no public page (a round withdrawn, a team page of a section
without teams): no file, and not rendered again until its fingerprint changes."""

SCOPES = ("event", "section", "standings", "round", "player", "team", "all")
ON_DEMAND = {"player": "tpn", "team": "number"}
"""Scopes rendered for the targets somebody asked for, with the URL argument of the target."""
TARGET = {**ON_DEMAND, "round": "number"}
"""The URL argument of a scope's target (the other scopes have one page a section)."""


@dataclass(frozen=True)
class PublicPage:
    """A page rendered to a file: its URL name and what it is built from (see the module's table)."""

    name: str
    scope: str
    build: Builder
    """Builds the page for a visitor and its URL arguments (the address ``name`` has them)."""
    on_demand: bool = False
    """Rendered only for the targets, languages and addresses somebody asked for (as cards are)."""


PAGES: list[PublicPage] = []


def register(name: str, scope: str, build: Builder, on_demand: bool = False) -> None:
    """Render the page named ``name`` (a URL name) to files with ``build``; ``scope`` as in the module's table;
    ``on_demand``: only once somebody asked for it (always for the scopes of :data:`ON_DEMAND`)."""
    if scope not in SCOPES:
        raise ValueError(f"unknown scope {scope!r}: one of {', '.join(SCOPES)}")
    PAGES.append(PublicPage(name, scope, build, on_demand or scope in ON_DEMAND))


register("sp-event", "event", events.event_page)
register("sp-api-event", "event", events.event_json)
register("sp-section", "section", sections.section_page)
register("sp-api-section", "section", sections.section_json)
register("sp-standings", "standings", standings.standings_page)
register("sp-api-standings", "standings", standings.standings_json)
register("sp-crosstable", "standings", standings.crosstable_page)
register("sp-round", "round", rounds.round_page)
register("sp-api-round", "round", rounds.round_json)
register("sp-player", "player", players.player_page)
register("sp-api-player", "player", players.player_json)
register("sp-teams", "section", teams.teams_page)
register("sp-team", "team", teams.team_page)
register("sp-api-team", "team", teams.team_json)
register("sp-start-list", "section", lists.start_list_page)
# the pages an open's players and its hall screen ask for, rendered once somebody asked: a result typed
# rebuilds them only where they are read
register("sp-by-name", "round", lists.by_name_page, on_demand=True)
register("sp-hall", "all", hall.hall_page, on_demand=True)
register("sp-api-hall", "all", hall.hall_json, on_demand=True)
# the category standings are the public standings filtered
register("sp-categories", "standings", categories.categories_page)
# published once the last round is complete: the final standings
register("sp-prizes", "standings", prizes.prizes_page)
register("sp-ratings", "standings", ratings.ratings_page)
register("sp-norms", "standings", norms.norms_page)
# a round-robin's schedule of all rounds and its crosstable grid (no page in a Swiss section)
register("sp-schedule", "section", roundrobin.schedule_page)
register("sp-grid", "standings", roundrobin.grid_page)


DEPENDS_ON: list[tuple[type[models.Model], str]] = []
"""Tables of a section's rows beyond its players, rounds, boards, byes and teams that public pages are built
from, with the lookup of their section's id (:func:`depends_on`): their rows are part of every fingerprint of
the section's pages."""


def depends_on(model: type[models.Model], section: str = "section_id") -> None:
    """Public pages of a section are also built from the rows of ``model`` that belong to it (``section``: the
    lookup of their section's id; its entry settings, its categories, its players' details): a change there
    renders them again."""
    DEPENDS_ON.append((model, section))


depends_on(Registration)  # the section page's link to the entry form
depends_on(AwardSettings)  # the prize list once published
depends_on(Category)  # the categories' standings
depends_on(Playoff)  # the play-offs under the standings
depends_on(PlayerDetail, "player__section_id")  # the labels of the categories, the K of the rating report


def _depending_rows(section: Section) -> list[list[tuple[Any, ...]]]:
    """The rows of :data:`DEPENDS_ON` of ``section``, as stored (each row's values less its ``version``, by
    primary key: a fingerprint needs their values, not the objects)."""
    return [prepared.values(_rows_of(model, lookup), section.pk) for model, lookup in DEPENDS_ON]


@functools.cache
def _rows_of(model: type[models.Model], lookup: str) -> prepared.Query:
    names = [f.attname for f in model._meta.concrete_fields if f.attname != "version"]
    return lambda section_id: model._default_manager.filter(**{lookup: section_id}).order_by("pk").values_list(*names)


def page(name: str) -> PublicPage | None:
    return next((p for p in PAGES if p.name == name), None)


def is_json(name: str) -> bool:
    return name.startswith("sp-api-")


# -- fingerprints -----------------------------------------------------------------------------------


def _digest(*parts: Any) -> str:
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()


def _digest_texts(*texts: str) -> str:
    """The digest of ``texts`` (each ended by a newline, which no ``repr`` holds)."""
    h = hashlib.blake2b(digest_size=12)
    for text in texts:
        h.update(text.encode())
        h.update(b"\n")
    return h.hexdigest()


def _row(obj: models.Model) -> tuple[Any, ...]:
    """The row's values, less its ``version`` (a counter of writes: a result entered bumps the section's,
    though no page of the section but the round's and the two players' changes)."""
    return _getter(type(obj))(obj)


@functools.cache
def _getter(model: type[models.Model]) -> Callable[[models.Model], tuple[Any, ...]]:
    """The values of a row of ``model`` (less ``version``), fetched at once: fingerprints read thousands."""
    names = [f.attname for f in model._meta.concrete_fields if f.attname != "version"]
    get = operator.attrgetter(*names)
    values = operator.itemgetter(*names)  # from the row's ``__dict__``: no field descriptor per value

    def row(obj: models.Model) -> tuple[Any, ...]:
        try:
            got = values(obj.__dict__)
        except KeyError:  # a deferred field: read through the model
            got = get(obj)
        return (got,) if len(names) == 1 else got

    return row


def _board_text(board: Board) -> str:
    """``repr`` of the board's values, kept on the row: a board the worker keeps between renderings
    (:func:`~.convert.kept_boards`) is unchanged, a changed one is read again as a new row."""
    text: str | None = board.__dict__.get("_public_text")
    if text is None:
        text = board.__dict__["_public_text"] = repr(_row(board))
    return text


KEPT_DIGESTS: dict[tuple[int, int], tuple[Any, str]] = {}
"""The worker's digests of each section's players (round ``0``) and of each round's boards, with the key of
the rows they were made from (:func:`~.convert.kept_while`)."""


def _players_text(data: SectionData) -> str:
    """The players' rows written out (kept with the players' key)."""
    return kept_while(KEPT_DIGESTS, (data.section.pk, 0), data.players_key,
                      lambda: repr([_row(p) for p in data.players]))


def _boards_digest(data: SectionData, number: int) -> str:
    """The digest of round ``number``'s boards (kept with the round's key)."""
    return kept_while(KEPT_DIGESTS, (data.section.pk, number), data.keys.get(number),
                      lambda: _digest_texts(*(_board_text(b) for b in data.boards.get(number, []))))


@dataclass
class Fingerprints:
    """What the pages of one section are built from, digested (see the module's table)."""

    data: SectionData
    base: str = ""
    prefix: dict[int, str] = field(default_factory=dict)
    """Digest of the boards and byes of rounds ``1..n``."""
    published: tuple[int, ...] = ()
    """The published rounds."""
    own: dict[int, list[str]] = field(default_factory=dict)
    """The texts of each player's published boards and byes, by player id (digested when a player's page is
    asked for: :meth:`player`)."""
    last: int = 0
    """The last published round."""
    shown: int = 0
    """The last round the public standings include (complete and published)."""
    standings: str = ""
    """Digest of what the standings after :attr:`shown` are computed from: the fingerprint of the ``standings``
    scope less which rounds are published (the pages' tabs), shared with the builders
    (:func:`~.reads.standings.basis`)."""
    pairings: dict[int, str] = field(default_factory=dict)
    """Digest of what each published round's pairing list is built from: its ``round`` fingerprint less which
    rounds are published (:func:`~.reads.rounds.basis`)."""

    def __post_init__(self) -> None:
        data = self.data
        section = data.section
        published = self.published = tuple(r.number for r in data.rounds if r.published)
        rows = (_row(section.event), _row(section), _players_text(data), [_row(t) for t in data.teams],
                _depending_rows(section))
        self.base = _digest(RENDERING, __version__, *rows[:2], published, *rows[2:])
        byes: dict[int, list[str]] = defaultdict(list)
        own: dict[int, list[str]] = defaultdict(list)
        # only what the public sees: a round not published is in no fingerprint (its boards would show
        # through the files' ETags which pairings and results it holds). Each row is written out once
        # (``repr`` of its values) and that text digested for its round and for each of its players.
        for bye in data.byes:
            if bye.round_number in published:
                text = repr(_row(bye))
                byes[bye.round_number].append(text)
                own[bye.player_id].append(text)
        running = ""
        for number in range(1, data.paired_rounds + 1):
            boards = _boards_digest(data, number) if number in published else ""
            running = _digest_texts(running, str(number), boards, "|", *sorted(byes.get(number, [])))
            self.prefix[number] = running
        self.own = own
        self.last = max(published, default=0)
        self.shown = data.complete_rounds(published_only=True)  # once: every standings page asks
        rows_digest = _digest(RENDERING, __version__, *rows)
        self.standings = _digest(rows_digest, self.shown, self.prefix.get(self.shown, ""))
        # the rounds before a published one are published (``reads.rounds.basis``): the prefix covers the scores
        # before it
        self.pairings = {n: _digest(rows_digest, n, self.prefix.get(n, "")) for n in published}

    @functools.cached_property
    def by_player(self) -> dict[int, str]:
        """Digest of each player's boards and byes, by pairing number (only a player's page needs it, and
        those are rendered for the players somebody asked for)."""
        own = self.own
        for number in range(1, self.last + 1):
            for board in self.data.boards.get(number, []) if number in self.published else []:
                text = _board_text(board)
                own[board.white_id].append(text)
                own[board.black_id].append(text)
        return {p.tpn: _digest_texts(*sorted(own.get(p.id, []))) for p in self.data.players}

    def of(self, scope: str, target: int) -> str:
        """The fingerprint of a page of ``scope`` for ``target`` (round, pairing or team number)."""
        last, shown = self.last, self.shown
        if scope == "section":
            return _digest(self.base)
        if scope == "standings":
            return _digest(self.base, shown, self.prefix.get(shown, ""))
        if scope == "round":
            return _digest(self.base, target, self.prefix.get(target, ""))
        if scope == "player":
            return _digest(self.base, self.by_player.get(target, ""))
        return _digest(self.base, self.prefix.get(last, ""))


def _event_fingerprint(event: Event, sections: list[Section]) -> str:
    return _digest(RENDERING, __version__, _row(event), [_row(s) for s in sections])


# -- rendering one page -----------------------------------------------------------------------------

CSRF_INPUT = re.compile(rb'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]*">')
"""The CSRF field of a form, as the application serves a page to one visitor (a file has none)."""


def render(page: PublicPage, kwargs: dict[str, Any], path: str, language: str, origin: str = "") -> bytes | None:
    """The page at ``path`` (``page`` for its URL arguments ``kwargs``) as a visitor who is not logged in gets
    it, built by the page's builder; ``None`` when they get no page (not published, not found, private)."""
    with translation.override(language):
        try:
            response = page.build(Visitor.anonymous(path, origin), **kwargs)
        except (Http404, PermissionDenied):
            return None
    if response.status_code != 200 or response.streaming:
        return None
    body: bytes = response.content
    return body


@functools.lru_cache(maxsize=4096)
def _path(name: str, arguments: tuple[tuple[str, Any], ...], prefix: str) -> str:
    """The address of the page ``name`` for its URL ``arguments`` (``reverse``, once per process for each:
    an event's pages are looked up at every rendering; ``prefix``, the script's, is part of the address)."""
    return reverse(name, kwargs=dict(arguments))


@functools.lru_cache(maxsize=4096)
def _file(json: bool, variant: str, path: str, root: str) -> tuple[Path, str] | None:
    """The file of the page at ``path`` (JSON for the origin ``variant``, else HTML in that language) and its
    name under the public files' ``root`` (once per process for each: a rendering names every page's)."""
    file = store.json_file(variant, path) if json else store.html_file(variant, path)
    return None if file is None else (file, str(file.relative_to(store.root())))


def file_of(name: str, kwargs: dict[str, Any], variant: str) -> tuple[Path, str, str] | None:
    """The file of the page ``name`` for its URL arguments ``kwargs`` (JSON for the origin ``variant``, else HTML
    in that language), its name in the manifest and its address; ``None`` for an unsafe address."""
    path = _path(name, tuple(kwargs.items()), get_script_prefix())
    where = _file(is_json(name), variant, path, str(settings.SWISSPAIR_PUBLIC_DIR))
    return None if where is None else (*where, path)


# -- rendering an event -----------------------------------------------------------------------------


@dataclass
class Pass:
    """One rendering of an event: what is on disk, what is wanted, what is written."""

    event: Event
    old: dict[str, str]
    new: dict[str, str] = field(default_factory=dict)
    languages: set[str] = field(default_factory=set)
    origins: set[str] = field(default_factory=set)
    wanted: dict[tuple[int, str], set[tuple[int, str, str]]] = field(default_factory=lambda: defaultdict(set))
    """``{(section, page): {(target, language, origin)}}`` of the on-demand pages."""
    first: bool = False
    """Only the pages readers wait for first (:func:`first_pass`); the others changed are left for later."""
    missing_only: bool = False
    """Only the pages not on disk yet (:data:`AHEAD`); the others changed are left to the pass queued."""
    built: int = 0
    deferred: int = 0
    """Pages that changed and were left for later (``first``)."""

    def keep(self, page: PublicPage, kwargs: dict[str, Any], fingerprint: str, language: str, origin: str) -> None:
        """Have the page on disk, built again only when its fingerprint changed."""
        where = file_of(page.name, kwargs, origin if is_json(page.name) else language)
        if where is None:
            return
        file, relative, path = where
        before = self.old.get(relative)
        if before == NO_PAGE + fingerprint or before == fingerprint and file.exists():
            self.new[relative] = before
            return
        if (self.missing_only or self.first and not first_pass(page)) and before is not None \
                and (before.startswith(NO_PAGE) or file.exists()):
            self.new[relative] = before  # the page on disk stays until the rest is rendered
            self.deferred += 1
            return
        body = render(page, kwargs, path, language, origin)
        self.built += 1
        if body is None:  # nothing public at this address (remembered, so it is not tried again)
            store.remove(relative)
            self.new[relative] = NO_PAGE + fingerprint
            return
        if not (file.exists() and file.read_bytes() == body):  # the same bytes keep their date (and ETag)
            store.write(file, body)
        self.new[relative] = fingerprint

    def variants(self, name: str) -> Iterable[tuple[str, str]]:
        """``(language, origin)`` in which a page is rendered."""
        if is_json(name):
            return [("en", origin) for origin in sorted(self.origins)]
        return [(language, "") for language in sorted(self.languages)]


LATER = frozenset({"event", "section", "standings"})
"""The scopes whose changed pages a first pass leaves for the pass after it (:func:`first_pass`)."""


def first_pass(page: PublicPage) -> bool:
    """Whether a changed page is rendered in a first pass: the pages a result typed changes (a round's pages,
    the cards, the hall screen), which readers refresh while games end. The standings, crosstable, section and
    event pages (which change when a round is complete, paired or published) are rendered by the pass that
    follows (:func:`render_rest`); a page not on disk yet always at once: its readers are served by the
    application meanwhile."""
    return page.scope not in LATER


def targets(scope: str, data: SectionData) -> list[int]:
    """The targets a page of ``scope`` can be rendered for (``0``: the section's one page)."""
    if scope == "round":
        return [r.number for r in data.rounds if r.published]
    if scope == "player":
        return [p.tpn for p in data.players]
    if scope == "team":
        return [t.number for t in data.teams]
    return [0]


def _address(base: dict[str, Any], scope: str, target: int) -> dict[str, Any]:
    """The URL arguments of the page of ``scope`` for ``target``."""
    argument = TARGET.get(scope)
    return {**base, argument: target} if argument else base


KEPT_BOARDS: dict[int, dict[int, tuple[BoardsKey, list[Board]]]] = {}
"""The boards this process read at its last rendering of each section (re-read by round when they change)."""
KEPT_PLAYERS: dict[int, tuple[PlayersKey, list[Player]]] = {}
"""The players this process read at its last rendering of each section (re-read when one changed)."""


def forget_kept() -> None:
    """Drop what this process keeps between renderings (the rows, the digests, the scores before a round, the
    lists carried from one rendering to the next and their rendered tables)."""
    KEPT_BOARDS.clear()
    KEPT_PLAYERS.clear()
    ROUND_BOARDS.clear()
    ROUND_PLAYERS.clear()
    KEPT_DIGESTS.clear()
    forget_units()
    forget_rows()
    forget_carried()
    forget_fragments()


CATCH_UP = timedelta(seconds=30)
"""A first pass renders every page when the pages left for later have been waiting longer than this (first
passes of other events kept coming before them)."""
REST_PRIORITY = -10
"""The queue's priority of the pages left for later: below every first pass (priority 0) of every event."""


AHEAD = "ahead"
"""The ``part`` of :func:`render_event` that writes the pages not on disk yet ahead of the queued pass (a round
just published, in the arbiter's request): the pages that changed, the marks and the queue are left to that
pass."""


def render_event(event_id: int, part: str = "all", wait: bool = True) -> int:
    """Render what changed of the event's public pages; returns how many pages were built.

    ``part``: ``"all"``; ``"first"``, the pages readers wait for first (:func:`first_pass`), the others that
    changed are queued for a ``"rest"`` pass (:func:`render_rest`), unless it has been waiting for more than
    :data:`CATCH_UP` (or the event was never rendered whole); :data:`AHEAD`, the pages not on disk yet and
    nothing else (nothing when a first pass would render everything), outside the worker (no rows kept between
    renderings). Without ``wait``, :class:`~.store.Busy` when the event is being rendered."""
    with store.event_lock(event_id, wait):
        marks = PublicRender.objects.filter(event_id=event_id)
        complete, rest = marks.values_list("rendered_at", "rest_at").first() or (None, None)
        first = part in ("first", AHEAD) and complete is not None \
            and (rest is None or timezone.now() - rest < CATCH_UP)
        if part == AHEAD and not first:
            return 0
        if part != AHEAD:  # the mark of what this pass renders is taken down first: a change from now on is queued
            marks.update(**{"dirty_at": None} if first else {"rest_at": None} if part == "rest" else
                         {"dirty_at": None, "rest_at": None})
        with shared_reads():
            stamp = store.stamp(event_id)
            event = Event.objects.filter(pk=event_id).first()
            work = Pass(event, store.read_manifest(event_id), first=first, missing_only=part == AHEAD) \
                if event is not None else None
            if event is not None and event.public and work is not None:
                with kept_boards(*((KEPT_BOARDS, KEPT_PLAYERS) if part != AHEAD else ({}, {}))):
                    _render(work)
        new = work.new if work is not None else {}
        for relative in set(work.old if work is not None else store.read_manifest(event_id)) - set(new):
            store.remove(relative)
        store.write_manifest(event_id, new)
        if part == AHEAD:
            return work.built if work is not None else 0  # the pass queued for the change does the accounting
        if work is not None and work.deferred:
            _queue_rest(event_id)
        else:  # every page is up to date with ``stamp`` (the sweeper compares it)
            marks.update(rendered_at=timezone.now(), stamp=stamp)
    return work.built if work is not None else 0


def _queue_rest(event_id: int) -> None:
    """Queue the pages left for later, unless they are queued already (changes meanwhile go with them)."""
    if PublicRender.objects.filter(event_id=event_id, rest_at__isnull=True).update(rest_at=timezone.now()):
        render_rest.enqueue(event_id)


def _wanted(work: Pass) -> None:
    """The languages, addresses and on-demand pages somebody asked for (``changes.want``): what the pass renders."""
    wants = list(PublicWant.objects.filter(event=work.event))
    work.languages = {settings.LANGUAGE_CODE} | {w.language for w in wants if w.language}
    work.origins = {w.origin for w in wants if w.origin} | set(filter(None, [settings.SWISSPAIR_PUBLIC_URL]))
    for w in wants:
        if w.section_id is not None:
            work.wanted[(w.section_id, w.page)].add((w.target, w.language, w.origin))


def _render(work: Pass) -> None:
    event = work.event
    _wanted(work)
    sections = list(event.sections.order_by("pk"))
    fingerprint = _event_fingerprint(event, sections)
    for p in PAGES:
        if p.scope == "event":
            for language, origin in work.variants(p.name):
                work.keep(p, {"slug": event.slug}, fingerprint, language, origin)
    for section in sections:
        section.event = event
        _render_section(work, section)


def _render_section(work: Pass, section: Section) -> None:
    data = SectionData.load(section, current=True)  # read in this rendering's snapshot (:func:`_render`)
    shared_section(data)
    prints = Fingerprints(data)
    share(standings_basis(data, prints.shown), prints.standings)
    for number, digest in prints.pairings.items():
        share(pairings_basis(section.pk, number), digest)
    base: dict[str, Any] = {"slug": work.event.slug, "section": section.slug}
    for p in sorted(PAGES, key=lambda p: not first_pass(p)):  # what readers wait for first, first
        if p.scope == "event":
            continue
        for target, language, origin in _variants_of(work, section.pk, p, targets(p.scope, data)):
            work.keep(p, _address(base, p.scope, target), prints.of(p.scope, target), language, origin)
    gone = _gone(work, section.pk, data)
    if gone:
        store.forget(gone)


def _variants_of(work: Pass, section_id: int, p: PublicPage, valid: list[int]) -> Iterator[tuple[int, str, str]]:
    """``(target, language, origin)`` in which the page ``p`` of the section is rendered for the targets
    ``valid``: an on-demand page where somebody asked for it (a wish that names no language: the default one),
    the others in every :meth:`Pass.variants`."""
    if p.on_demand:
        known = set(valid)
        for target, language, origin in sorted(work.wanted.get((section_id, p.name), ())):
            if target in known:
                yield target, language or "en", origin
        return
    for target in valid:
        for language, origin in work.variants(p.name):
            yield target, language, origin


def _gone(work: Pass, section_id: int, data: SectionData) -> list[str]:
    """The keys of the wishes for on-demand pages of the section whose target is no more (a player deleted, a
    round withdrawn): forgotten (``store.forget``)."""
    gone = []
    for p in PAGES:
        if p.on_demand and p.scope != "event":
            known = set(targets(p.scope, data))
            gone += [f"{work.event.pk}:{section_id}:{p.name}:{target}:{language}:{origin}"
                     for target, language, origin in sorted(work.wanted.get((section_id, p.name), ()))
                     if target not in known]
    return gone


ROUND_KEPT = 16
"""How many sections' rows a process writing a round's pages when its results are saved (a web process:
:func:`render_round`) keeps between renderings, the most recently rendered: about 2 MB for 500 players after 9
rounds, so about 32 MB at most. The next save in one of them reads again only its players' and rounds' keys and
the round that changed. A section dropped takes its digests (:data:`KEPT_DIGESTS`) and its scores before a round
(:func:`~.convert.units_after`) with it.

What else a web process keeps between renderings has its own bound: the lists carried from one rendering to the
next (``snapshot.CARRIED_SIZE``) and their rendered tables (``listing.FRAGMENTS_KEPT``), about 12 MB together at
500 players, and the boards' rows (``rounds.ROWS_KEPT``). The pages it writes when a round is published
(:data:`AHEAD`) leave digests of the event's sections and the scores before that round, which no bound drops: for
each section of an event published through the process, one text of its players' rows and a digest a round, and
a score a player for each round published."""
ROUND_BOARDS: OrderedDict[int, dict[int, tuple[BoardsKey, list[Board]]]] = OrderedDict()
ROUND_PLAYERS: dict[int, tuple[PlayersKey, list[Player]]] = {}


def render_round(event_id: int, section_id: int, number: int, wait: bool = True) -> int:
    """Results of round ``number`` of the section were saved (the write committed): write that round's pages
    (``round`` scope: its pairings, their JSON, the pairings by name where asked for) in every language and
    address rendered, ahead of the pass queued for the change, which renders the other pages it changed (the
    cards, the later rounds', the standings) and does the accounting (the marks, the queue). Each page gets the
    fingerprint a pass gives it, so that pass does not build it again. Nothing when the event was never rendered
    whole (the queued pass renders everything) or the round is not public; returns how many pages were built.
    Without ``wait``, :class:`~.store.Busy` when the event is being rendered."""
    with store.event_lock(event_id, wait):
        if not PublicRender.objects.filter(event_id=event_id, rendered_at__isnull=False).exists():
            return 0
        old = store.read_manifest(event_id)
        with shared_reads(), kept_boards(ROUND_BOARDS, ROUND_PLAYERS):
            section = Section.objects.select_related("event").filter(pk=section_id, event__public=True).first()
            if section is None:
                return 0
            work = Pass(section.event, old, new=dict(old))
            _render_round(work, section, number)
        _keep_recent(section_id)
        if work.built:
            store.write_manifest(event_id, work.new)
    return work.built


def _render_round(work: Pass, section: Section, number: int) -> None:
    """The pages of round ``number`` of ``section`` (:func:`render_round`), if it is published."""
    data = SectionData.load(section, current=True)
    if not any(r.number == number and r.published for r in data.rounds):
        return
    _wanted(work)
    shared_section(data)
    fingerprint = Fingerprints(data).of("round", number)
    address = _address({"slug": work.event.slug, "section": section.slug}, "round", number)
    for p in PAGES:
        if p.scope == "round":
            for _target, language, origin in _variants_of(work, section.pk, p, [number]):
                work.keep(p, address, fingerprint, language, origin)


def _keep_recent(section_id: int) -> None:
    """Keep the rows of the :data:`ROUND_KEPT` sections rendered last (:func:`render_round`); a section dropped
    takes its digests and its scores before a round with it."""
    if section_id in ROUND_BOARDS:
        ROUND_BOARDS.move_to_end(section_id)
    while len(ROUND_BOARDS) > ROUND_KEPT:
        gone, _ = ROUND_BOARDS.popitem(last=False)
        ROUND_PLAYERS.pop(gone, None)
        forget_section(KEPT_DIGESTS, gone)
        forget_units(gone)


def _run(part: str, event_id: int) -> int:
    """A pass of a task; when another worker is rendering the event, the task is queued again a moment later
    (its mark stays: no change is lost) and this worker goes on with other events."""
    try:
        built = render_event(event_id, part, wait=False)
    except store.Busy:
        again = render_public if part == "first" else render_rest
        again.using(run_after=timezone.now() + timedelta(seconds=settings.SWISSPAIR_PUBLIC_DEBOUNCE)).enqueue(event_id)
        return 0
    log.info("public pages of event %s (%s): %s built", event_id, part, built)
    return built


@task(queue_name="public")
def render_public(event_id: int) -> int:
    """The task queued by :func:`~.changes.changed`: a first pass (:func:`render_event`); returns how many pages
    it built (kept with the task)."""
    return _run("first", event_id)


@task(queue_name="public", priority=REST_PRIORITY)
def render_rest(event_id: int) -> int:
    """The pages a first pass left for later (queued by it, at a lower priority)."""
    return _run("rest", event_id)
