"""The audit log in the reader's language: each entry is stored as its action's code and its parameters
(:attr:`.rows.AuditEntry.params`: names, numbers, rounds, codes as data) and shown through the templates here,
one per action, in the active language. The write stores the English text too (:func:`english`, the
``detail`` column), for anybody reading the database itself.

An entry written before the parameters were stored (or whose parameters do not fit its template) keeps its
``detail`` text, shown as written: the fallback. Its values before and after are shown as stored.

To audit a new write: give its action a label in :data:`ACTIONS`, its details a function in :data:`DETAILS`
(reading the parameters the write gives), and, where the values before and after are codes, their table of
:mod:`.labels` in :data:`VALUES`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from swisspair.reports import OVERALL
from swisspair_web.tournaments.reads import labels
from swisspair_web.tournaments.reads.categories import describe
from swisspair_web.tournaments.reads.sections import field_text
from swisspair_web.tournaments.rows import RESULTS, AuditEntry, AwardSettings, Category, Event, Player

Params = Mapping[str, Any]

ACTIONS: Mapping[str, Any] = {
    "absent-not-present": gettext_lazy("absence recorded (not ticked present)"),
    "adjusted": gettext_lazy("pairing adjusted"), "announcement-cancelled": gettext_lazy("announcement cancelled"),
    "announcement-refused": gettext_lazy("announcement refused"), "arbiter-added": gettext_lazy("arbiter added"),
    "arbiter-removed": gettext_lazy("arbiter removed"), "arbiter-role": gettext_lazy("arbiter's role changed"),
    "bye": gettext_lazy("bye"), "bye-announced": gettext_lazy("bye announced"),
    "category-added": gettext_lazy("category added"), "category-deleted": gettext_lazy("category deleted"),
    "category-edited": gettext_lazy("category edited"), "correction": gettext_lazy("result corrected"),
    "entries-closed": gettext_lazy("entries closed"), "entries-opened": gettext_lazy("entries opened"),
    "entry-approved": gettext_lazy("entry approved"), "entry-list-imported": gettext_lazy("rating list imported"),
    "entry-received": gettext_lazy("entry received"), "entry-refused": gettext_lazy("entry refused"),
    "event-created": gettext_lazy("event created"), "event-edited": gettext_lazy("event edited"),
    "fide-id-dropped": gettext_lazy("FIDE ID removed (given twice)"),
    "match-forfeited": gettext_lazy("match forfeited"), "numbering": gettext_lazy("numbering"),
    "numbers-drawn": gettext_lazy("pairing numbers drawn"), "paired": gettext_lazy("round paired"),
    "player-deleted": gettext_lazy("player deleted"), "player-edited": gettext_lazy("player edited"),
    "player-labels": gettext_lazy("player's details"), "players-added": gettext_lazy("players added"),
    "players-imported": gettext_lazy("players imported"), "playoff-created": gettext_lazy("play-off created"),
    "playoff-deleted": gettext_lazy("play-off deleted"), "playoff-result": gettext_lazy("play-off result"),
    "presence": gettext_lazy("check-in"), "prize-list-published": gettext_lazy("prize list published"),
    "prize-list-withdrawn": gettext_lazy("prize list withdrawn"),
    "prize-list-changed": gettext_lazy("prize list changed"), "prize-settings": gettext_lazy("prize settings"),
    "published": gettext_lazy("round published"), "reinstated": gettext_lazy("reinstated"),
    "renumbered": gettext_lazy("renumbered"), "result": gettext_lazy("result"),
    "schedule-published": gettext_lazy("schedule published"),
    "schedule-unpublished": gettext_lazy("schedule withdrawn"), "section-created": gettext_lazy("section created"),
    "section-edited": gettext_lazy("section edited"), "team-created": gettext_lazy("team created"),
    "team-deleted": gettext_lazy("team deleted"), "team-member-added": gettext_lazy("team member added"),
    "team-reinstated": gettext_lazy("team reinstated"), "team-renamed": gettext_lazy("team renamed"),
    "team-reordered": gettext_lazy("team reordered"), "team-withdrawn": gettext_lazy("team withdrawn"),
    "trf-imported": gettext_lazy("TRF file imported"), "unpaired": gettext_lazy("round unpaired"),
    "unpublished": gettext_lazy("round unpublished"), "withdrawn": gettext_lazy("withdrawn"),
}
"""What an entry says was done, by its action's code."""


def player(data: Params) -> str:
    """A player as the lists name one: ``12. Name`` (``{"tpn": 12, "name": "Name"}``)."""
    return f"{data['tpn']}. {data['name']}"


def team(data: Params) -> str:
    """A team: ``3. Name`` (``{"number": 3, "name": "Name"}``)."""
    return f"{data['number']}. {data['name']}"


def _players(value: object) -> str:
    """A list of players (or of pairing numbers); a text as it was stored."""
    if isinstance(value, str):
        return value
    assert isinstance(value, list)
    return ", ".join(player(item) if isinstance(item, Mapping) else str(item) for item in value)


def _with_reason(p: Params) -> str:
    return f"{p['name']}: {p['reason']}" if p.get("reason") else str(p["name"])


def _from_round(who: str, p: Params) -> str:
    return _("%(who)s from round %(round)s") % {"who": who, "round": p["from_round"]} if p.get("from_round") else who


def _changes(p: Params, label: Callable[[str], object], value: Callable[[str, object], str]) -> str:
    """``label: before → after; ...`` from ``p["changes"]`` (``[field, before, after]`` each)."""
    return "; ".join("%(field)s: %(old)s → %(new)s" % {"field": label(name), "old": value(name, old),
                                                           "new": value(name, new)}
                     for name, old, new in p["changes"])


def _verbose(model: Any) -> Callable[[str], object]:
    fields = {field.name: getattr(field, "verbose_name", field.name) for field in model._meta.get_fields()}
    return lambda name: fields.get(name, name)


def _as_is(_name: str, value: object) -> str:
    return "-" if value in ("", None) else str(value)


def _award_value(name: str, value: object) -> str:
    if name == "sharing":
        return str(dict(AwardSettings.SHARING).get(str(value), value))
    if name == "norms_waived":
        return _("yes") if value else _("no")
    return _as_is(name, value)


def _game(p: Params) -> str:
    names = {"white": p["white"], "black": p["black"]}
    return (_("forfeit: withdrawn (C.05 art. 6.6): %(white)s - %(black)s") if p.get("withdrawn")
            else "%(white)s - %(black)s") % names


def _paired(p: Params) -> str:
    if "matches" in p:
        text = ngettext("%(matches)s match, system team %(system)s", "%(matches)s matches, system team %(system)s",
                        p["matches"]) % p
        return text + (_(", bye team %(bye)s") % p if p.get("bye") else "")
    if "table_round" in p:
        text = ngettext("%(boards)s board, Berger table round %(table_round)s, cycle %(cycle)s",
                        "%(boards)s boards, Berger table round %(table_round)s, cycle %(cycle)s", p["boards"]) % p
        return text + (_(", %(rests)s rests") % p if p.get("rests") is not None else "")
    text = ngettext("%(boards)s board, system %(system)s", "%(boards)s boards, system %(system)s", p["boards"]) % p
    return text + (_(", bye %(bye)s") % p if p.get("bye") else "")


def _unpaired(p: Params) -> str:
    parts = [ngettext("%(count)s result discarded", "%(count)s results discarded", p["discarded"])
             % {"count": p["discarded"]}] if p.get("discarded") else []
    if p.get("was_public"):
        parts.append(_("it was public: withdrawn from the public pages"))
    return "; ".join(parts)


def _adjusted(p: Params) -> str:
    what = {"flip": _("colours of board %(a)s flipped"),
            "swap-white": _("players with white of boards %(a)s and %(b)s swapped"),
            "swap-black": _("players with black of boards %(a)s and %(b)s swapped"),
            "force": _("players %(a)s and %(b)s paired together")}[p["adjustment"]]
    return what % p


def _late(p: Params) -> str:
    """Which byes late entries got (``late_bye``) for rounds 1 to ``late_after``; empty before round 1."""
    if not p.get("late_after"):
        return ""
    late = (_(", late entry after round %(round)s: half-point byes for rounds 1-%(round)s") if p["late_bye"] == "H"
            else _(", late entry after round %(round)s: zero-point byes for rounds 1-%(round)s"))
    return late % {"round": p["late_after"]}


SOURCES: Mapping[str, Any] = {
    "form": pgettext_lazy("players added from", "form"), "entry": pgettext_lazy("players added from", "entry"),
    "demo": pgettext_lazy("players added from", "demo"), "upload": pgettext_lazy("players added from", "upload"),
}
"""Where players came from, when not a file's name: the arbiter's form, an approved entry, the demo, an
upload without a name; ``team N`` is a team's member."""


def _source(source: str) -> str:
    if source in SOURCES:
        return str(SOURCES[source])
    word, _sep, number = source.partition(" ")
    return pgettext("players added from", "team %(number)s") % {"number": number} if word == "team" and number \
        else source


def _players_added(p: Params) -> str:
    return ngettext("%(count)s from %(source)s", "%(count)s from %(source)s", p["count"]) \
        % {"count": p["count"], "source": _source(p["source"])} + _late(p)


def _players_imported(p: Params) -> str:
    return (_("%(source)s: %(added)s added, %(updated)s updated") % {**p, "source": _source(p["source"])} + _late(p)
            + (f" ({p['encoding']})" if p.get("encoding") else "") + "".join(f"; {note}" for note in p["notes"]))


def _presence(p: Params) -> str:
    words = {"present": _("present: %(players)s"), "absent": _("not present: %(players)s"),
             "unrecorded": _("absence from round 1 removed: %(players)s")}
    return "; ".join(words[key] % {"players": _players(p[key])} for key in words if p.get(key))


def _draw(p: Params) -> str:
    """The lines of a drawing of numbers (:meth:`swisspair.drawing_of_lots.NumberDraw.lines`)."""
    count = p["count"]
    if p["method"] == "fixed":
        head = ngettext("Pairing numbers fixed by the arbiter: %(count)s player.",
                        "Pairing numbers fixed by the arbiter: %(count)s players.", count) % p
    elif p["method"] == "lot":
        head = ngettext("Pairing numbers drawn by lot: %(count)s player, seed %(seed)s.",
                        "Pairing numbers drawn by lot: %(count)s players, seed %(seed)s.", count) % p
    else:
        envelopes = "; ".join(f"{label} ({', '.join(map(str, numbers))})" for label, numbers in p["envelopes"])
        head = ngettext("Pairing numbers drawn with the Varma tables (FIDE C.05 Annex 2, %(table)s table): "
                        "%(count)s player, seed %(seed)s; envelopes %(envelopes)s.",
                        "Pairing numbers drawn with the Varma tables (FIDE C.05 Annex 2, %(table)s table): "
                        "%(count)s players, seed %(seed)s; envelopes %(envelopes)s.", count) \
            % {**p, "envelopes": envelopes}
    lines = [head]
    if p["method"] == "varma":
        lines += [_("%(order)s. %(name)s (%(federation)s): envelope %(envelope)s, number %(number)s")
                  % dict(zip(("order", "name", "federation", "envelope", "number"), drawn)) for drawn in p["draws"]]
        lines += [_("%(federation)s: its players do not fit in one envelope.") % {"federation": fed}
                  for fed in p.get("split", [])]
        lines += [_("%(federation)s: numbers %(a)s and %(b)s meet in round %(round)s.")
                  % dict(zip(("federation", "a", "b", "round"), clash)) for clash in p.get("clashes", [])]
    else:
        lines += [_("%(name)s: number %(number)s") % {"name": name, "number": number} for name, number in p["numbers"]]
    return "\n".join(lines)


def _renumbered(p: Params) -> str:
    changes = "; ".join(f"{name}: {old} → {new}" for name, old, new in p["changes"])
    return _("Numbers sorted by rating: %(changes)s") % {"changes": changes} if p.get("sorted") else changes


def _trf_imported(p: Params) -> str:
    parts = [ngettext("%(count)s player", "%(count)s players", p["players"]) % {"count": p["players"]},
             ngettext("%(count)s round", "%(count)s rounds", p["rounds"]) % {"count": p["rounds"]}]
    if p.get("teams") is not None:
        parts.append(ngettext("%(count)s team", "%(count)s teams", p["teams"]) % {"count": p["teams"]})
    return ", ".join(parts) + ("; " + "; ".join(p["notes"]) if p["notes"] else "")


def prize_lines(categories: list[Any]) -> str:
    """A prize list, one line per category: ``name: place. number name amount; ...`` (the overall category
    without a name of its own, which the core calls ``Overall``, named in the reader's language)."""
    return "\n".join(f"{name if code or name not in ('', OVERALL.name) else _('Overall')}: "
                     + ("; ".join(f"{place}. {tpn} {who} {amount}" for place, tpn, who, amount in awards) or "-")
                     for code, name, awards in categories)


def _category(p: Params) -> str:
    title = p["name"] or (p["code"] or _("Overall"))
    names = {"category": p["code"] or title, "title": title, "prizes": p.get("prizes")}
    return _("%(category)s: %(title)s; prizes: %(prizes)s") % names if "prizes" in p else "%(category)s: %(title)s" % names


def _arbiter(p: Params) -> str:
    if "old_role" in p:
        return "%(name)s: %(old)s → %(new)s" % {"name": p["name"], "old": labels.label("role", p["old_role"]),
                                                   "new": labels.label("role", p["role"])}
    return "%(name)s (%(role)s)" % {"name": p["name"], "role": labels.label("role", p["role"])}


def _withdrawn(p: Params) -> str:
    if "forfeit_round" in p:
        return _("%(player)s: forfeit in round %(round)s") % {"player": player(p["player"]), "round": p["forfeit_round"]}
    return _from_round(player(p["player"]), p)


def _reinstated(p: Params) -> str:
    if "forfeit_round" in p:
        return _("%(player)s: the forfeit in round %(round)s was corrected") % {"player": player(p["player"]),
                                                                                 "round": p["forfeit_round"]}
    return player(p["player"])


def _player_detail(p: Params) -> str:
    return player(p["player"])


def _team_detail(p: Params) -> str:
    return team(p["team"])


def _name(p: Params) -> str:
    return str(p["name"])


def _nothing(_p: Params) -> str:
    return ""


DETAILS: Mapping[str, Callable[[Params], str]] = {
    "absent-not-present": lambda p: _("not ticked present: %(players)s") % {"players": _players(p["players"])},
    "adjusted": _adjusted, "announcement-cancelled": _with_reason, "announcement-refused": _with_reason,
    "arbiter-added": _arbiter, "arbiter-removed": _arbiter, "arbiter-role": _arbiter, "bye": _player_detail,
    "bye-announced": lambda p: _("%(player)s, through the player's private link") % {"player": player(p["player"])},
    "category-added": _category, "category-deleted": _category, "category-edited": _category,
    "correction": _game, "entries-closed": _nothing, "entries-opened": _nothing, "entry-approved": _player_detail,
    "entry-list-imported": lambda p: ngettext("%(count)s player from %(source)s (%(encoding)s)",
                                              "%(count)s players from %(source)s (%(encoding)s)", p["count"])
    % {**p, "source": _source(p["source"])},
    "entry-received": lambda p: (_("%(name)s, FIDE ID %(fide_id)s") if p.get("fide_id") else "%(name)s") % p,
    "entry-refused": _with_reason, "event-created": _name,
    "event-edited": lambda p: ", ".join(str(_verbose(Event)(name)) for name in p["fields"]),
    "match-forfeited": lambda p: _("match %(match)s: %(white)s - %(black)s, absent: %(side)s")
    % {**p, "side": labels.label("side", p["side"])},
    "numbering": _nothing, "numbers-drawn": _draw, "paired": _paired, "player-deleted": _player_detail,
    "player-edited": lambda p: player(p["player"]) + (": " + _changes(p, _verbose(Player), _as_is)
                                                      if p["changes"] else ""),
    "player-labels": _player_detail, "players-added": _players_added, "players-imported": _players_imported,
    "playoff-created": lambda p: _("place %(place)s: %(players)s, seed %(seed)s")
    % {**p, "players": ", ".join(map(str, p["players"]))},
    "playoff-deleted": lambda p: _("place %(place)s") % p,
    "playoff-result": lambda p: _("place %(place)s: %(game)s") % p, "presence": _presence,
    "prize-list-changed": lambda p: prize_lines(p["list"]), "prize-list-published": lambda p: prize_lines(p["list"]),
    "prize-list-withdrawn": _nothing,
    "prize-settings": lambda p: _changes(p, _verbose(AwardSettings), _award_value),
    "published": _nothing, "reinstated": _reinstated, "renumbered": _renumbered, "result": _game,
    "schedule-published": _nothing, "schedule-unpublished": _nothing, "section-created": _name,
    "section-edited": lambda p: _changes(p, lambda name: field_text(name, None)[0], lambda n, v: field_text(n, v)[1]),
    "team-created": _team_detail, "team-deleted": _team_detail,
    "team-member-added": lambda p: _("%(team)s: board %(board)s, %(player)s")
    % {"team": team(p["team"]), "board": p["board"], "player": player(p["player"])},
    "team-reinstated": _team_detail, "team-renamed": _team_detail,
    "team-reordered": lambda p: _("%(team)s: %(name)s to board %(board)s") % {**p, "team": team(p["team"])},
    "team-withdrawn": lambda p: _from_round(team(p["team"]), p), "trf-imported": _trf_imported, "unpaired": _unpaired, "unpublished": _nothing,
    "withdrawn": _withdrawn,
}
"""The details of an entry in the active language, from its parameters, by its action's code."""

VALUES: Mapping[str, str] = {
    "bye": "bye", "bye-announced": "bye", "announcement-refused": "bye", "announcement-cancelled": "bye",
    "entry-approved": "entry", "entry-refused": "entry", "numbering": "numbering", "numbers-drawn": "draw",
    "result": "result", "correction": "result",
}
"""The table of :mod:`.labels` whose codes an action's values before and after are."""

_RESULT_CODES = {shown: code for code, shown in RESULTS.items() if code}


def _value(entry: AuditEntry, stored: str) -> str:
    """A value before or after in the active language: its label when it is a code of the action's table,
    else as stored."""
    kind = VALUES.get(entry.action)
    code = _RESULT_CODES.get(stored, stored) if kind == "result" else stored
    table = labels.TABLES.get(kind or "", {})
    return labels.label(kind, code) if kind and code in table else stored


def _category_values(p: Params) -> tuple[str, str]:
    def conditions(data: Params | None) -> str:
        return describe(Category(**data)) if data else ""
    return conditions(p.get("before")), conditions(p.get("after"))


def _prizes_changed(p: Params) -> tuple[str, str]:
    return _("published %(at)s") % {"at": p["published_at"]}, _("after round %(n)s") % {"n": p["after_round"]}


PARAM_VALUES: Mapping[str, Callable[[Params], tuple[str, str]]] = {
    "category-added": _category_values, "category-edited": _category_values, "prize-list-changed": _prizes_changed,
}
"""Actions whose values before and after are computed from the parameters (they are words, not codes)."""


@dataclass(frozen=True)
class Shown:
    """An entry as the audit page shows it."""

    entry: AuditEntry
    action: str
    before: str
    after: str
    details: str


def action(entry: AuditEntry) -> str:
    """What was done, in the active language (the code itself for an action this table does not know)."""
    return str(ACTIONS.get(entry.action, entry.action))


def render(action: str, params: Params) -> str:
    """The details of an entry of ``action`` with ``params`` in the active language.

    :raises KeyError, TypeError, ValueError: parameters that do not fit the action's template."""
    return DETAILS[action](params)


def english(action: str, params: Params) -> str:
    """The details in English: what the write keeps in ``detail``."""
    with translation.override("en"):
        return render(action, params)


def details(entry: AuditEntry) -> str:
    """The entry's details in the active language from its parameters; the stored text when it has none (or
    when they do not fit the action's template: an older entry)."""
    if not entry.params:
        return entry.detail
    try:
        return render(entry.action, entry.params)
    except (KeyError, TypeError, ValueError, AssertionError):
        return entry.detail


def values_of(action: str, params: Params, *, english: bool = False) -> tuple[str, str]:
    """The values before and after of an action that computes them from its parameters (:data:`PARAM_VALUES`),
    in the active language or in English (what the write keeps in ``old`` and ``new``).

    :raises KeyError, TypeError, ValueError: parameters that do not fit."""
    with translation.override("en" if english else translation.get_language()):
        return PARAM_VALUES[action](params)


def values(entry: AuditEntry) -> tuple[str, str]:
    """The values before and after in the active language."""
    if entry.params and entry.action in PARAM_VALUES:
        try:
            return values_of(entry.action, entry.params)
        except (KeyError, TypeError, ValueError):
            pass
    return _value(entry, entry.old), _value(entry, entry.new)


def shown(entry: AuditEntry) -> Shown:
    """``entry`` in the active language."""
    before, after = values(entry)
    return Shown(entry, action(entry), before, after, details(entry))
