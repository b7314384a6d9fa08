"""Forms of the arbiter pages (the categories and the prize settings among them)."""

from __future__ import annotations

import unicodedata
from decimal import Decimal
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.validators import ASCIIUsernameValidator
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _

from swisspair.categories import Category as CoreCategory
from swisspair.categories import CategoryError
from swisspair_web.tournaments.reads import charsets, player_import, rating_list
from swisspair_web.tournaments.reads.categories import amounts
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads.players import ascii_digits, estimate_rating
from swisspair_web.tournaments.rows import AwardSettings, Bye, Category, Event, Player, Section
from swisspair.roundrobin import rounds_of
from swisspair_web.tournaments.rows.registry import (
    DEFAULT_SYSTEM,
    DEFAULT_TIEBREAKS,
    ROUND_ROBIN,
    ROUND_ROBIN_TIEBREAKS,
    TEAM_ROUND_ROBIN_TIEBREAKS,
    TEAM_TIEBREAKS,
    system_choices,
)


def read_upload_bytes(upload: UploadedFile, limit: int = 0) -> bytes:  # type: ignore[type-arg]
    """The bytes of an upload, refused beyond ``limit`` (default ``SWISSPAIR_MAX_UPLOAD``) bytes."""
    limit = limit or settings.SWISSPAIR_MAX_UPLOAD
    if upload.size is not None and upload.size > limit:
        raise forms.ValidationError(_("The file is too large (%(max)s bytes at most).") % {"max": limit})
    upload.seek(0)
    data: bytes = upload.read(limit + 1)
    if len(data) > limit:
        raise forms.ValidationError(_("The file is too large (%(max)s bytes at most).") % {"max": limit})
    return data


def read_upload(upload: UploadedFile) -> str:  # type: ignore[type-arg]
    """The text of an upload, refused beyond ``SWISSPAIR_MAX_UPLOAD`` bytes or when not text."""
    data = read_upload_bytes(upload)
    if b"\x00" in data:
        raise forms.ValidationError(_("This is not a text file."))
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise forms.ValidationError(_("This is not a text file."))  # pragma: no cover - cp1252 decodes almost all


class SingleLine(forms.BaseForm):
    """Text fields of one line (a name, a city, a chief arbiter) refuse control characters: a line break in
    an event's name broke its TRF export and the subject of the entry mail. Whole numbers are written with
    the digits 0-9 (Django's ``IntegerField`` reads ``١٥٠٠`` as 1500 unasked)."""

    def clean(self) -> dict[str, Any]:
        data: dict[str, Any] = super().clean() or {}
        for name, field in self.fields.items():
            value = data.get(name)
            typed = str(self.data.get(self.add_prefix(name), ""))
            if isinstance(field, forms.IntegerField) and name in data \
                    and any(c.isdigit() and not c.isascii() for c in typed):  # decimal fields are integer fields
                self.add_error(name, _("Write the number with the digits 0-9."))
            if isinstance(field, forms.CharField) and not isinstance(field.widget, forms.Textarea) \
                    and isinstance(value, str) and any(unicodedata.category(c) == "Cc" for c in value):
                self.add_error(name, _("One line, without a line break, a tab or another control character."))
        return data


class EventForm(SingleLine, forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Event
        fields = ["name", "slug", "city", "federation", "start_date", "end_date", "chief_arbiter", "public"]
        widgets = {"start_date": forms.DateInput(attrs={"type": "date"}),
                   "end_date": forms.DateInput(attrs={"type": "date"})}

    def clean(self) -> dict[str, Any]:
        data: dict[str, Any] = super().clean() or {}
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The event cannot end before it starts."))
        return data


class SectionForm(SingleLine, forms.ModelForm):  # type: ignore[type-arg]
    system = forms.ChoiceField(label=_("pairing system"), choices=system_choices, initial=DEFAULT_SYSTEM)

    class Meta:
        model = Section
        fields = ["name", "slug", "kind", "system", "rounds", "cycles", "tiebreaks", "acceleration", "initial_colour", "win",
                  "draw", "loss", "pab", "half_bye", "full_bye", "forfeit_win", "forfeit_loss", "zero_bye",
                  "boards", "match_win", "match_draw", "match_loss", "team_primary", "team_colours"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from swisspair.rounds import recommended_rounds

        help_text = str(_("Recommended number of rounds: round(log2 players) + round(log2 prize places) - 1; "
                          "16 players and 4 prize places give 5."))
        players = self.instance.players.count() if self.instance.pk else 0
        if players >= 3:
            help_text += " " + str(_("For %(players)d players and 3 prize places: %(rounds)d rounds.") % {
                "players": players, "rounds": recommended_rounds(players, 3)})
        self.fields["rounds"].help_text = help_text
        for name in self.TEAM_FIELDS:  # forms of individual sections may leave them out: the defaults stay
            self.fields[name].required = False

    TEAM_FIELDS = ("kind", "boards", "match_win", "match_draw", "match_loss", "team_primary", "team_colours",
                   "cycles")

    def clean_rounds(self) -> int:
        rounds: int = self.cleaned_data["rounds"]
        if not 1 <= rounds <= 99:
            raise forms.ValidationError(_("Between 1 and 99 rounds."))
        if self.instance.pk and rounds < self.instance.round_set.count():
            raise forms.ValidationError(_("More rounds are paired already."))
        return rounds

    def clean_boards(self) -> int | None:
        boards: int | None = self.cleaned_data["boards"]
        if boards is not None and not 1 <= boards <= 50:
            raise forms.ValidationError(_("Between 1 and 50 boards."))
        return boards

    def clean(self) -> dict[str, Any]:
        """A team section pairs with the team system (C.04.6) and, unless the arbiter chose a list, ranks
        with the team tie-breaks of current practice; the kind is fixed once a round is paired."""
        data: dict[str, Any] = super().clean() or {}
        kind = data.get("kind") or self.instance.kind
        if self.instance.pk and kind != self.instance.kind and self.instance.round_set.exists():
            self.add_error("kind", _("The kind of a section cannot change once a round is paired."))
        round_robin = data.get("system") == ROUND_ROBIN
        if kind == Section.TEAM:
            data["system"] = ROUND_ROBIN if round_robin else "team"
            if data.get("tiebreaks") in (None, "", DEFAULT_TIEBREAKS):
                data["tiebreaks"] = TEAM_ROUND_ROBIN_TIEBREAKS if round_robin else TEAM_TIEBREAKS
        elif data.get("system") == "team":
            self.add_error("system", _("The team system needs a team section."))
        elif round_robin and data.get("tiebreaks") in (None, "", DEFAULT_TIEBREAKS):
            data["tiebreaks"] = ROUND_ROBIN_TIEBREAKS  # direct encounter, wins, Sonneborn-Berger, Koya
        self._check_round_robin(data, kind, round_robin)
        self._check_points(data)
        win, draw, loss = data.get("win"), data.get("draw"), data.get("loss")
        if (kind != Section.TEAM and data.get("acceleration") == Section.BAKU
                and win is not None and draw is not None and loss is not None
                and not (loss == 0 and win == 2 * draw and win > 0)):
            self.add_error("acceleration", _("Baku acceleration needs a win worth twice a draw and nothing for a "
                                             "loss (C.04.7 1.1)."))
        return data

    def _check_round_robin(self, data: dict[str, Any], kind: str, round_robin: bool) -> None:
        """A section is a round-robin or not, of so many cycles, from round 1 on; its rounds follow from the
        participants and the cycles (C.05 Annex 1)."""
        data["cycles"] = data.get("cycles") or self.instance.cycles or 1
        if not 1 <= data["cycles"] <= 9:
            self.add_error("cycles", _("Between 1 and 9 cycles."))
            return
        if self.instance.pk and self.instance.round_set.exists() and (
                round_robin != self.instance.is_round_robin
                or (round_robin and data["cycles"] != self.instance.cycles)):
            self.add_error("system", _("A round-robin and its cycles cannot change once a round is paired."))
            return
        count = (self.instance.teams.count() if kind == Section.TEAM else self.instance.players.count()) \
            if self.instance.pk else 0
        if round_robin and count >= 2:
            data["rounds"] = rounds_of(count, cycles=data["cycles"])

    POINTS = ("win", "draw", "loss", "pab", "half_bye", "full_bye", "forfeit_win", "forfeit_loss", "zero_bye",
              "match_win", "match_draw", "match_loss")

    def _check_points(self, data: dict[str, Any]) -> None:
        """Points are never negative, and a loss is worth no more than a draw, a draw no more than a win
        (FIDE C.02 art. 13 scores; the same for match points, C.04.6 1.2)."""
        for name in self.POINTS:
            value = data.get(name)
            if value is not None and value < 0:
                self.add_error(name, _("Points cannot be negative."))
        for low, mid, high in (("loss", "draw", "win"), ("match_loss", "match_draw", "match_win")):
            values: list[Decimal] = [data[name] for name in (low, mid, high) if data.get(name) is not None]
            if len(values) < 3 or any(name in self.errors for name in (low, mid, high)):
                continue
            if not values[0] <= values[1] <= values[2]:
                self.add_error(mid, _("A loss may not be worth more than a draw, nor a draw more than a win "
                                      "(%(loss)s, %(draw)s, %(win)s).")
                               % {"loss": values[0].normalize(), "draw": values[1].normalize(),
                                  "win": values[2].normalize()})

    def clean_tiebreaks(self) -> str:
        text: str = self.cleaned_data["tiebreaks"]
        codes = [c.strip().upper() for c in text.split(",") if c.strip()]
        for code in codes:
            if not all(ch.isalnum() or ch in "/-:." for ch in code) or len(code) > 20:
                raise forms.ValidationError(_("Not a tie-break code: %(code)s") % {"code": code[:20]})
        try:
            from swisspair.tiebreaks import parse_list
        except ImportError:
            return ",".join(codes)
        try:
            parse_list(",".join(codes), self.cleaned_data.get("rounds") or 9)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
        return ",".join(codes)


class PlayerForm(SingleLine, forms.ModelForm):  # type: ignore[type-arg]
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    rating_scale = forms.ChoiceField(
        label=_("estimate rating from"), required=False,
        choices=[("", "-"), ("INGO", "INGO (2840 - 8 x INGO)"), ("BCF", _("BCF/ECF (600 + 8 x grade)"))])
    other_rating = forms.IntegerField(label=_("other rating"), required=False, min_value=0, max_value=4000)

    class Meta:
        model = Player
        fields = ["name", "rating", "title", "federation", "fide_id", "sex", "birth_date", "club"]
        widgets = {"name": forms.TextInput(attrs={"autofocus": True})}
        help_texts = {"birth_date": _("YYYY/MM/DD")}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from swisspair_web.tournaments.reads import dates

        if self.instance.birth_date:  # a year alone as typed, not 2015/00/00
            self.initial["birth_date"] = dates.shown(self.instance.birth_date)

    def clean_birth_date(self) -> str:
        from swisspair_web.tournaments.reads import dates

        try:
            return dates.birth_date(self.cleaned_data.get("birth_date") or "")
        except dates.DateError as error:
            raise forms.ValidationError(str(error)) from None

    def clean(self) -> dict[str, Any]:
        """A rating estimated from another scale (FIDE Dutch system, 1992 rules, A 1: the German INGO number or
        the English BCF/ECF grade) is kept with how it was estimated: pairing uses it, the TRF export does
        not report it as a FIDE rating. A rating left as it was keeps its estimate note."""
        data: dict[str, Any] = super().clean() or {}
        if data.get("rating_scale") and data.get("other_rating") is not None and not data.get("rating"):
            data["rating"] = estimate_rating(data["rating_scale"], data["other_rating"])
            data["rating_estimate"] = f"{data['rating_scale']} {data['other_rating']}"
        elif self.instance.pk and data.get("rating") == self.instance.rating:
            data["rating_estimate"] = self.instance.rating_estimate
        else:
            data["rating_estimate"] = ""
        return data


class UploadForm(forms.Form):
    file = forms.FileField(label=_("file"))

    def clean_file(self) -> str:
        text: str = read_upload(self.cleaned_data["file"])
        return text


def list_work(upload: UploadedFile[bytes]) -> int:
    """The bytes reading an uploaded rating list goes through (what a ZIP unpacks to): the reading is a
    background job from ``SWISSPAIR_BACKGROUND_LIST_BYTES`` on, and a ZIP bomb is refused here."""
    try:
        return rating_list.work_size(upload, upload.name or "upload", upload.size or 0)
    except OperationError as error:
        raise forms.ValidationError(str(error)) from None


class PlayersImportForm(forms.Form):
    """Players from a CSV file or a FIDE rating list (:mod:`..reads.player_import`, :mod:`..reads.rating_list`)."""

    FORMATS = [("csv", _("CSV (spreadsheet)")), ("fide", _("FIDE rating list (TXT, XML or ZIP as FIDE publishes it)"))]
    file = forms.FileField(label=_("file"))
    format = forms.ChoiceField(label=_("format"), choices=FORMATS, initial="csv")
    encoding = forms.ChoiceField(label=_("encoding (CSV)"), required=False, initial="",
                                 choices=[("", _("detect"))] + [(k, v) for k, v in charsets.NAMES.items()])
    kind = forms.ChoiceField(label=_("rating to take (combined FIDE list)"), initial="standard", required=False,
                             choices=list(rating_list.KIND_LABELS.items()))
    fide_ids = forms.CharField(label=_("FIDE IDs to take (rating list only; empty: all)"), required=False,
                               widget=forms.Textarea(attrs={"rows": 3}))
    existing = forms.ChoiceField(
        label=_("players already in the section (same FIDE ID)"), initial=player_import.UPDATE, required=False,
        choices=[(player_import.UPDATE, _("update them with the file's data")),
                 (player_import.REFUSE, _("refuse the file")),
                 (player_import.ONLY_UPDATE, _("only update them (new ratings); add nobody"))])

    def clean_fide_ids(self) -> set[str]:
        ids = set(self.cleaned_data["fide_ids"].replace(",", " ").replace(";", " ").split())
        wrong = sorted(i for i in ids if not ascii_digits(i))
        if wrong:
            raise forms.ValidationError(_("Not a FIDE ID: %(value)s") % {"value": wrong[0][:20]})
        return ids

    def clean(self) -> dict[str, Any]:
        data: dict[str, Any] = super().clean() or {}
        data["kind"] = data.get("kind") or "standard"
        data["existing"] = data.get("existing") or player_import.UPDATE
        upload = data.get("file")
        limit: int = (settings.SWISSPAIR_MAX_RATING_LIST if data.get("format") == "fide"
                      else settings.SWISSPAIR_MAX_UPLOAD)
        if upload is not None and upload.size is not None and upload.size > limit:
            self.add_error("file", _("The file is too large (%(max)s bytes at most).") % {"max": limit})
        elif upload is not None and data.get("format") == "fide":
            try:
                data["work"] = list_work(upload)
            except forms.ValidationError as error:
                self.add_error("file", error)
        return data


class TRFImportForm(SingleLine, forms.Form):
    file = forms.FileField(label=_("file"))
    name = forms.CharField(label=_("section name"), max_length=100, initial="Open")
    slug = forms.SlugField(label=_("short name"), max_length=40, initial="open")
    system = forms.ChoiceField(label=_("pairing system"), choices=system_choices, initial=DEFAULT_SYSTEM)

    def clean_file(self) -> bytes:
        """The file's bytes; the TRF reader decodes them (and says how, as a warning)."""
        return read_upload_bytes(self.cleaned_data["file"])


class ByeForm(forms.Form):
    player = forms.IntegerField(label=_("pairing number"), min_value=1)
    round_number = forms.IntegerField(label=_("round"), min_value=1)
    REMOVE = "remove"
    kind = forms.ChoiceField(label=_("kind"), choices=[("", _("choose…")), ("H", _("half-point bye")),
                                                       ("F", _("full-point bye")), ("Z", _("absent (zero-point bye)")),
                                                       (REMOVE, _("remove the bye or absence"))])
    """No default: recording nothing by mistake (and saying it was recorded) is what an explicit choice prevents."""


class LateEntryForm(forms.Form):
    """What a late entry gets for the rounds paired before it (C.04.2 art. 2.4), and how many rounds the page
    that adds it showed paired (the byes depend on it)."""

    paired = forms.IntegerField(label=_("rounds paired"), min_value=0, widget=forms.HiddenInput)
    late_byes = forms.ChoiceField(label=_("late entry"), required=False,
                                  choices=[(Bye.ZERO, _("absent (zero-point bye)")), (Bye.HALF, _("half-point bye"))])

    def clean_late_byes(self) -> str:
        return str(self.cleaned_data.get("late_byes") or Bye.ZERO)


class PairForm(forms.Form):
    round = forms.IntegerField(label=_("round"), min_value=1, widget=forms.HiddenInput)
    version = forms.IntegerField(label=_("version"), min_value=0, widget=forms.HiddenInput)
    """The section's version the page showed."""
    allow_pending = forms.BooleanField(label=_("count unfinished games as draws for this pairing"), required=False)


class ArbiterForm(forms.Form):
    username = forms.CharField(label=_("user name"), max_length=150, validators=[ASCIIUsernameValidator()])
    """Django's ASCII user names only: a name in look-alike letters of another script (a Cyrillic "е" in
    "dеmo"), with slashes or markup, is refused."""
    password = forms.CharField(label=_("password (for a new account)"), required=False,
                               widget=forms.PasswordInput)
    role = forms.ChoiceField(label=_("role"), choices=[("arbiter", _("arbiter")), ("chief", _("chief arbiter"))])


class TeamForm(SingleLine, forms.Form):
    name = forms.CharField(label=_("team name"), max_length=100)


class PlayoffForm(forms.Form):
    place = forms.IntegerField(label=_("place"), min_value=1, initial=1)


class PlayoffResultForm(forms.Form):
    game = forms.CharField(max_length=20)
    result = forms.ChoiceField(label=_("result"), choices=[("1-0", "1-0"), ("1/2-1/2", "½-½"), ("0-1", "0-1")])
    version = forms.IntegerField(widget=forms.HiddenInput)


class AdjustForm(forms.Form):
    action = forms.ChoiceField(choices=[("flip", _("flip colours")), ("swap-white", _("swap white players")),
                                        ("swap-black", _("swap black players")),
                                        ("force", _("pair two players (numbers)"))])
    board_a = forms.IntegerField(min_value=1)
    board_b = forms.IntegerField(min_value=1, required=False)


BYE_KINDS = dict(Bye.KINDS)


# -- categories and prizes -------------------------------------------------------------------------------

CONDITIONS = ("age_below", "age_from", "sex", "rating_from", "rating_below", "unrated", "federations", "label")


class CategoryForm(SingleLine, forms.ModelForm):  # type: ignore[type-arg]
    """A category: its code (``U16``, ``50+``, ``W``, ``U2000``, ``1600-1799``, ``unrated``, a federation code
    set their conditions in the fields left empty), name, conditions, prizes and place in the order."""

    version = forms.IntegerField(widget=forms.HiddenInput)

    class Meta:
        model = Category
        fields = ["code", "name", "order", "prizes", *CONDITIONS]
        help_texts = {
            "code": _("U8...U20, 50+, 65+, W, M, U2000, 1600-1799, 2000+, unrated or a federation code set the "
                      "conditions by themselves; any other code needs them below."),
            "prizes": _("Amounts of places 1, 2, 3... separated by spaces, e.g. 1000 600 400."),
            "federations": _("Codes separated by commas."),
            "label": _("Players with this label (or club) on the players' details page."),
        }

    def __init__(self, *args: Any, overall: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].required = False
        if overall:
            for name in ("code", *CONDITIONS):
                del self.fields[name]

    def clean_prizes(self) -> str:
        text = str(self.cleaned_data.get("prizes") or "")
        try:
            values = amounts(text)
        except OperationError as error:
            raise forms.ValidationError(str(error)) from None
        if any(later > earlier for earlier, later in zip(values, values[1:])):
            raise forms.ValidationError(_("A lower place may not get more than a higher one."))
        return " ".join(text.replace(";", " ").split())

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        code = str(data.get("code") or "").strip()
        if "code" in self.fields and code:
            try:
                preset = CoreCategory.parse(code)
            except CategoryError:
                if not any(data.get(name) for name in CONDITIONS):
                    raise forms.ValidationError(_("Give the conditions of category %(code)s (or a code such as U16, "
                                                  "W or U2000).") % {"code": code}) from None
            else:  # the code's conditions fill the fields left empty: U16 with sex w is girls under 16
                given = {"age_below": preset.age_below, "age_from": preset.age_from, "sex": preset.sex,
                         "rating_from": preset.rating_from, "rating_below": preset.rating_below,
                         "unrated": preset.unrated.value if preset.unrated else "",
                         "federations": ",".join(sorted(preset.federations)), "label": preset.label}
                for name, value in given.items():
                    if data.get(name) in (None, "") and value not in (None, ""):
                        data[name] = value
                data["code"] = preset.code
        if "code" in self.fields and not data.get("name"):
            data["name"] = data.get("code") or ""
        return data


class AwardSettingsForm(forms.ModelForm):  # type: ignore[type-arg]
    version = forms.IntegerField(widget=forms.HiddenInput)

    class Meta:
        model = AwardSettings
        fields = ["sharing", "age_date", "currency", "norms_waived"]
        widgets = {"age_date": forms.DateInput(attrs={"type": "date"})}
