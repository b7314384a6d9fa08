"""Database rows of the manager.

An :class:`Event` has :class:`Section` s; each section is one Swiss
tournament, with its :class:`Player` s, :class:`Round` s, :class:`Board` s and
:class:`Bye` s. :mod:`.convert` turns a section into a
:class:`swisspair.model.Tournament` and back.

A team section (:attr:`Section.kind` ``team``, FIDE C.04.6) has :class:`Team` s
whose members are its players in board order; a round of it has
:class:`TeamMatch` es, each owning the :class:`Board` s of its games.
A :class:`Playoff` records a play-off for a tied place (C.02 art. 13.2).

Concurrency: :attr:`Section.version` and :attr:`Board.version` are bumped by
conditional ``UPDATE ... WHERE version = seen``; a writer that saw an older
version gets a conflict instead of overwriting (see :mod:`.services`).
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from swisspair.model import BOARD_RESULTS
from swisspair_web.tournaments.registry import DEFAULT_SYSTEM, DEFAULT_TIEBREAKS, system_choices


class Event(models.Model):
    slug = models.SlugField(_("short name"), max_length=60, unique=True)
    name = models.CharField(_("name"), max_length=200)
    city = models.CharField(_("city"), max_length=100, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    chief_arbiter = models.CharField(_("chief arbiter (as printed)"), max_length=100, blank=True)
    public = models.BooleanField(_("public"), default=True,
                                 help_text=_("Published pairings and standings are visible to everybody."))
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")

    class Meta:
        ordering = ["-start_date", "-created_at"]
        indexes = [models.Index(fields=["public", "-start_date"], name="sp_event_public_idx")]

    def __str__(self) -> str:
        return self.name


class EventRole(models.Model):
    CHIEF = "chief"
    ARBITER = "arbiter"
    ROLES = [(CHIEF, _("chief arbiter")), (ARBITER, _("arbiter"))]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sp_roles")
    role = models.CharField(max_length=10, choices=ROLES, default=ARBITER)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="sp_role_unique")]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) @ {self.event}"


class Section(models.Model):
    NO_ACCELERATION = ""
    BAKU = "baku"
    CUSTOM = "custom"
    ACCELERATIONS = [(NO_ACCELERATION, _("none")), (BAKU, _("Baku (C.04.7)")),
                     (CUSTOM, _("as imported (XXA)"))]
    COLOURS = [("", _("draw lots")), ("w", _("white")), ("b", _("black"))]
    INDIVIDUAL = "individual"
    TEAM = "team"
    KINDS = [(INDIVIDUAL, _("individual")), (TEAM, _("team (FIDE C.04.6)"))]
    SCORES = [("MP", _("match points")), ("GP", _("game points"))]
    COLOUR_TYPES = [("A", _("type A (C.04.6 1.7.1)")), ("B", _("type B (C.04.6 1.7.2)")),
                    ("none", _("no colour preferences"))]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("short name"), max_length=40)
    system = models.CharField(_("pairing system"), max_length=40, default=DEFAULT_SYSTEM, choices=system_choices)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=7)
    acceleration = models.CharField(_("acceleration"), max_length=10, blank=True, default="",
                                    choices=ACCELERATIONS)
    initial_colour = models.CharField(_("initial colour"), max_length=1, blank=True, default="", choices=COLOURS,
                                      help_text=_("Colour of the first player in round 1."))
    tiebreaks = models.CharField(_("tie-breaks"), max_length=200, default=DEFAULT_TIEBREAKS,
                                 help_text=_("FIDE codes, comma separated, e.g. BH/C1,BH,SB,DE,WIN"))
    win = models.DecimalField(_("win"), max_digits=5, decimal_places=2, default=Decimal("1"))
    draw = models.DecimalField(_("draw"), max_digits=5, decimal_places=2, default=Decimal("0.5"))
    loss = models.DecimalField(_("loss"), max_digits=5, decimal_places=2, default=Decimal("0"))
    pab = models.DecimalField(_("pairing-allocated bye"), max_digits=5, decimal_places=2, default=Decimal("1"))
    half_bye = models.DecimalField(_("half-point bye"), max_digits=5, decimal_places=2, default=Decimal("0.5"))
    full_bye = models.DecimalField(_("full-point bye"), max_digits=5, decimal_places=2, default=Decimal("1"))
    forfeit_win = models.DecimalField(_("forfeit win"), max_digits=5, decimal_places=2, default=Decimal("1"))
    forfeit_loss = models.DecimalField(_("forfeit loss"), max_digits=5, decimal_places=2, default=Decimal("0"))
    zero_bye = models.DecimalField(_("absence"), max_digits=5, decimal_places=2, default=Decimal("0"))
    kind = models.CharField(_("kind"), max_length=10, default=INDIVIDUAL, choices=KINDS)
    boards = models.PositiveSmallIntegerField(_("boards per match"), default=4,
                                              help_text=_("Team sections: games in each match."))
    match_win = models.DecimalField(_("match won"), max_digits=5, decimal_places=2, default=Decimal("2"))
    match_draw = models.DecimalField(_("match drawn"), max_digits=5, decimal_places=2, default=Decimal("1"))
    match_loss = models.DecimalField(_("match lost"), max_digits=5, decimal_places=2, default=Decimal("0"))
    team_primary = models.CharField(_("primary score"), max_length=2, default="MP", choices=SCORES,
                                    help_text=_("Team sections: what ranks the teams (C.04.6 1.2)."))
    team_colours = models.CharField(_("colour preferences"), max_length=4, default="A", choices=COLOUR_TYPES)
    RATING_ORDER = "rating"
    FIXED_ORDER = "fixed"
    NUMBERINGS = [(RATING_ORDER, _("by rating, title and name, kept sorted until round 1 is paired")),
                  (FIXED_ORDER, _("fixed by the arbiter"))]
    numbering = models.CharField(
        _("pairing numbers"), max_length=10, choices=NUMBERINGS, default=RATING_ORDER,
        help_text="How pairing numbers are given before round 1 (FIDE C.04.2 art. 2.2, see numbering.py).")
    trf_extras = models.JSONField(default=dict, blank=True,
                                  help_text="Imported TRF data kept for export (headers, XXA, XXP, unknown lines).")
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["event", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "slug"], name="sp_section_slug_unique")]

    def __str__(self) -> str:
        return f"{self.event.name}: {self.name}"

    @property
    def tiebreak_codes(self) -> list[str]:
        return [code.strip() for code in self.tiebreaks.split(",") if code.strip()]

    @property
    def is_team(self) -> bool:
        return self.kind == self.TEAM


class Team(models.Model):
    """A team of a team section; its members are the players whose ``team`` it is, in ``board_order``."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveIntegerField(_("team number"))
    name = models.CharField(_("name"), max_length=100)

    class Meta:
        ordering = ["section", "number"]
        constraints = [models.UniqueConstraint(fields=["section", "number"], name="sp_team_number_unique")]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class Player(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="players")
    tpn = models.PositiveIntegerField(_("pairing number"))
    name = models.CharField(_("name"), max_length=100, help_text=_("Lastname, Firstname"))
    sex = models.CharField(_("sex"), max_length=1, blank=True, choices=[("", "-"), ("m", "m"), ("w", "w")])
    title = models.CharField(_("title"), max_length=3, blank=True)
    rating = models.PositiveIntegerField(_("rating"), default=0)
    rating_estimate = models.CharField(
        _("rating estimated from"), max_length=20, blank=True,
        help_text="How the rating was estimated (e.g. 'INGO 150'); empty for a FIDE rating. An estimate is "
                  "used for pairing but never exported as the FIDE rating.")
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    fide_id = models.CharField(_("FIDE ID"), max_length=11, blank=True)
    birth_date = models.CharField(_("birth date"), max_length=10, blank=True, help_text="YYYY/MM/DD")
    club = models.CharField(_("club"), max_length=100, blank=True)
    withdrawn_from = models.PositiveSmallIntegerField(
        _("withdrawn from round"), null=True, blank=True,
        help_text=_("Not paired from this round on."))
    withdrawn_after_forfeit = models.PositiveSmallIntegerField(
        null=True, blank=True,
        help_text="The round whose forfeit withdrew the player automatically (undone when that forfeit is "
                  "corrected); empty when an arbiter withdrew them.")
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="members")
    board_order = models.PositiveSmallIntegerField(default=0, help_text="Position in the team's roster (1 first).")
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["section", "tpn"]
        constraints = [models.UniqueConstraint(fields=["section", "tpn"], name="sp_player_tpn_unique"),
                       models.UniqueConstraint(fields=["section", "fide_id"], condition=~models.Q(fide_id=""),
                                               name="sp_player_fide_id_unique")]
        indexes = [models.Index(fields=["section", "name"], name="sp_player_name_idx")]

    def __str__(self) -> str:
        return f"{self.tpn}. {self.name}"

    def is_withdrawn(self, round_number: int) -> bool:
        return self.withdrawn_from is not None and round_number >= self.withdrawn_from


class Round(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    paired_at = models.DateTimeField(auto_now_add=True)
    paired_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="+")
    system = models.CharField(max_length=40, blank=True, help_text="System used, empty if imported.")
    adjusted = models.BooleanField(default=False, help_text="Changed by hand after pairing.")
    settings = models.JSONField(default=dict, blank=True,
                                help_text="The settings the round was paired with (those that change pairings); "
                                          "empty if imported or paired before they were kept.")
    published_at = models.DateTimeField(null=True, blank=True)
    team_bye = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                                 help_text="Team sections: the team with the pairing-allocated bye.")

    class Meta:
        ordering = ["section", "number"]
        constraints = [models.UniqueConstraint(fields=["section", "number"], name="sp_round_unique")]

    def __str__(self) -> str:
        return f"{self.section}: round {self.number}"

    @property
    def published(self) -> bool:
        return self.published_at is not None


# A board result is the white TRF code followed by the black one ("10", "==", "+-"): the core's
# BoardResult.code, with its label; "" while the game is not finished.
RESULTS: dict[str, str] = {"": "", **{result.code: result.label for result in BOARD_RESULTS}}
RESULT_CHOICES = [(code, label or "…") for code, label in RESULTS.items()]
UNRATED = {"WL": _("1-0 (unrated)"), "DD": _("½-½ (unrated)"), "LW": _("0-1 (unrated)")}
"""The labels of unrated results in the page's language (:data:`RESULTS` keeps the audit log's own words)."""


def result_label(code: str) -> str:
    """A board result as the pages show it."""
    return str(UNRATED.get(code, RESULTS.get(code, code)))


class TeamMatch(models.Model):
    """A match of a team round; ``white`` is the team with White on board 1 (C.04.6 1.6.1)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    black = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="sp_match_unique")]

    def __str__(self) -> str:
        return f"{self.round}: match {self.number}"


class Board(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    black = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    match = models.ForeignKey(TeamMatch, null=True, blank=True, on_delete=models.CASCADE, related_name="games")
    result = models.CharField(max_length=2, blank=True, default="", choices=RESULT_CHOICES)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="sp_board_unique")]

    def __str__(self) -> str:
        return f"{self.round}: board {self.number}"

    @property
    def result_label(self) -> str:
        return result_label(self.result)


class Bye(models.Model):
    PAB = "U"
    HALF = "H"
    FULL = "F"
    ZERO = "Z"
    KINDS = [(PAB, _("pairing-allocated bye")), (HALF, _("half-point bye")), (FULL, _("full-point bye")),
             (ZERO, _("absent (zero-point bye)"))]
    REQUEST = "request"
    PAIRING = "pairing"
    WITHDRAWAL = "withdrawal"
    LATE = "late"
    IMPORT = "import"
    CHECK_IN = "check-in"
    ANNOUNCED = "announced"
    ORIGINS = [(REQUEST, _("recorded by an arbiter")), (PAIRING, _("given by the pairing")),
               (WITHDRAWAL, _("withdrawn")), (LATE, _("late entry")), (IMPORT, _("from the imported TRF file")),
               (CHECK_IN, _("not ticked present")), (ANNOUNCED, _("announced through the player's private link"))]

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="byes")
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=1, choices=KINDS)
    origin = models.CharField(max_length=10, choices=ORIGINS, default=REQUEST,
                              help_text="Why the player is not paired in the round: the reason shown with the bye.")

    class Meta:
        ordering = ["section", "round_number", "player__tpn"]
        constraints = [models.UniqueConstraint(fields=["player", "round_number"], name="sp_bye_unique")]

    def __str__(self) -> str:
        return f"{self.player}: {self.kind} in round {self.round_number}"


class Playoff(models.Model):
    """A play-off among players tied for a place (C.02 art. 13.2); replayed by :class:`swisspair.playoff.Playoff`
    from its players, seed and results."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="playoffs")
    place = models.PositiveSmallIntegerField(_("place"))
    players = models.JSONField(default=list, help_text="Pairing numbers in tie-break order.")
    seed = models.BigIntegerField()
    results = models.JSONField(default=dict, blank=True, help_text="Result by game id.")
    created_at = models.DateTimeField(auto_now_add=True)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["section", "place"]
        constraints = [models.UniqueConstraint(fields=["section", "place"], name="sp_playoff_place_unique")]

    def __str__(self) -> str:
        return f"{self.section}: play-off for place {self.place}"


class Job(models.Model):
    """A long operation run as a task of the queue by a worker process (see :mod:`.jobs`).

    Its state lives here so that any web process can show it: ``queued`` until a worker takes it,
    ``running`` with a ``heartbeat`` the worker refreshes, then ``done`` or ``failed``. A running job
    without a recent heartbeat was interrupted: it is queued again (``attempts`` counts the runs) or,
    after ``SWISSPAIR_JOB_ATTEMPTS`` runs, failed. ``section_version`` is the version of the section
    the job applies to; ``params`` what the worker needs to do it (an uploaded TRF file included).
    """

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    STATES = [(QUEUED, _("queued")), (RUNNING, _("running")), (DONE, _("done")), (FAILED, _("failed"))]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="jobs")
    section = models.ForeignKey(Section, null=True, blank=True, on_delete=models.CASCADE, related_name="jobs")
    kind = models.CharField(max_length=20)
    state = models.CharField(max_length=10, choices=STATES, default=RUNNING)
    stage = models.CharField(max_length=20, blank=True)
    progress = models.PositiveSmallIntegerField(default=0, help_text="Percent done.")
    message = models.TextField(blank=True, help_text="The error of a failed job, or what a job done did.")
    url = models.CharField(max_length=300, blank=True, help_text="Where to go when done.")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    heartbeat = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0, help_text="How many times a worker started it.")
    section_version = models.PositiveIntegerField(null=True, blank=True,
                                                  help_text="The section version the job applies to.")
    params = models.JSONField(default=dict, blank=True, help_text="What the worker needs to do the job.")
    task_id = models.CharField(max_length=64, blank=True, help_text="The queue's task of the current attempt.")
    language = models.CharField(max_length=10, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["state", "heartbeat"], name="sp_job_state_idx")]

    def __str__(self) -> str:
        return f"{self.kind} job {self.pk}: {self.state}"


class AuditEntry(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit")
    section = models.ForeignKey(Section, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=40)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    board_number = models.PositiveSmallIntegerField(null=True, blank=True)
    old = models.CharField(max_length=40, blank=True)
    new = models.CharField(max_length=40, blank=True)
    detail = models.TextField(blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["event", "-at"], name="sp_audit_event_idx")]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.user}: {self.action} {self.detail}"


# -- categories, prizes, rating report (see .categories, .prizes, .rating_report, .norm_report) --------------


class AwardSettings(models.Model):
    """What the prize list, the categories and the norm report of a section need from the event's regulations,
    and the prize list as last published (the old one goes to the audit log when a correction changes it)."""

    TIEBREAK = "tiebreak"
    EQUAL = "equal"
    HORT = "hort"
    SHARING = [(TIEBREAK, _("decided by the tie-breaks")), (EQUAL, _("shared equally")),
               (HORT, _("shared by the Hort system"))]

    section = models.OneToOneField(Section, on_delete=models.CASCADE, related_name="awards")
    age_date = models.DateField(_("ages on"), null=True, blank=True,
                                help_text=_("Age categories count ages on this date (empty: the event's start)."))
    sharing = models.CharField(_("players level on points"), max_length=10, choices=SHARING, default=TIEBREAK)
    currency = models.CharField(_("currency"), max_length=10, blank=True)
    norms_waived = models.BooleanField(
        _("title norms: no foreign opponents needed"), default=False,
        help_text=_("An exemption of FIDE B.01 1.4.3 a-d applies (national championship, zonal, or an open "
                    "as in 1.4.3 d)."))
    published_at = models.DateTimeField(null=True, blank=True)
    published_list = models.JSONField(default=dict, blank=True,
                                      help_text="The prize list as last published or recorded.")
    version = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.section}: prizes"


class Category(models.Model):
    """A category of a section (all conditions must hold); the one with an empty code is the overall standings.
    ``order`` decides between equal prizes; ``prizes`` are the amounts of places 1, 2, ... separated by spaces."""

    UNRATED = [("", _("default")), ("excluded", _("excluded")), ("included", _("included")),
               ("only", _("only unrated"))]

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="categories")
    order = models.PositiveSmallIntegerField(_("order"), default=1,
                                             help_text=_("Between equal prizes, the category that comes first."))
    code = models.CharField(_("code"), max_length=20, blank=True)
    name = models.CharField(_("name"), max_length=100)
    age_below = models.PositiveSmallIntegerField(_("under age"), null=True, blank=True)
    age_from = models.PositiveSmallIntegerField(_("age from"), null=True, blank=True)
    sex = models.CharField(_("sex"), max_length=1, blank=True, choices=[("", "-"), ("m", "m"), ("w", "w")])
    rating_from = models.PositiveIntegerField(_("rated from"), null=True, blank=True)
    rating_below = models.PositiveIntegerField(_("rated under"), null=True, blank=True)
    unrated = models.CharField(_("unrated players"), max_length=10, blank=True, choices=UNRATED)
    federations = models.CharField(_("federations"), max_length=200, blank=True)
    label = models.CharField(_("label"), max_length=100, blank=True)
    prizes = models.CharField(_("prizes"), max_length=500, blank=True)

    class Meta:
        ordering = ["section", "order", "id"]
        constraints = [models.UniqueConstraint(fields=["section", "code"], name="sp_category_code_unique")]

    def __str__(self) -> str:
        return f"{self.section}: {self.title}"

    @property
    def title(self) -> str:
        """The name as shown: the one given, else (the overall standings) "Overall" translated, else the code."""
        return self.name or (str(_("Overall")) if not self.code else self.code)


class PlayerDetail(models.Model):
    """What categories and the rating report need of a player beyond the pairing data."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="detail")
    labels = models.CharField(_("labels"), max_length=200, blank=True,
                              help_text=_("Club, school...: comma separated."))
    k_factor = models.PositiveSmallIntegerField(_("K"), null=True, blank=True,
                                                help_text=_("As the rating list publishes it; empty: by the rules."))
    reached_2300 = models.BooleanField(_("has reached 2300"), default=False,
                                       help_text=_("Rated 2300 or more at some time: no junior's K 40 (FIDE B.02 "
                                                   "8.3.3)."))
    reached_2400 = models.BooleanField(_("has reached 2400"), default=False,
                                       help_text=_("The published rating has reached 2400 at some time: K 10 "
                                                   "(FIDE B.02 8.3.3)."))

    def __str__(self) -> str:
        return f"{self.player}: {self.labels}"


class PublicRender(models.Model):
    """The rendered public pages of an event (tournaments/public_pages.py): whether a change waits for them."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="public_render")
    dirty_at = models.DateTimeField(null=True, blank=True, help_text="Since when a change waits to be rendered.")
    rendered_at = models.DateTimeField(null=True, blank=True)
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


# Entries, check-in and announced byes live in a module of their own; imported here so that Django finds them.
from swisspair_web.tournaments.entry_models import (  # noqa: E402, F401
    Announcement,
    Entry,
    ListedPlayer,
    Presence,
    Registration,
)
