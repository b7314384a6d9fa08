"""The rating report of a section: each player's rating change, performance and opponents' average by the
FIDE Rating Regulations (:mod:`swisspair.rating_change`), over the rounds the standings show.

A rating estimated from another scale (:attr:`~..rows.Player.rating_estimate`) is no FIDE rating: such a
player is unrated here, as in the exported TRF. K is the one typed on the players' details page (as the
rating list publishes it), else the one the rules give from the rating and the birth date.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from swisspair.rating_change import (
    InitialNote,
    InitialRating,
    KFacts,
    KRule,
    MissingDate,
    NotRated,
    PlayerRating,
    RatingReport,
    Regulations,
)
from swisspair.reports import rating_changes
from swisspair.tiebreaks.rounding import decimal_text
from swisspair_web.tournaments.reads.categories import fide_rating
from swisspair_web.tournaments.reads.convert import SectionData, to_tournament
from swisspair_web.tournaments.reads.listing import Column, Listing, Table, plain, rating, row
from swisspair_web.tournaments.rows import Player, PlayerDetail


@dataclass
class RatingView:
    """The report as the pages show it."""

    report: RatingReport
    after_round: int
    players: dict[int, Player]
    """Stored players by pairing number."""
    no_dates: bool = False
    """The event has no dates: the edition in force today was applied and the juniors counted this year."""

    @property
    def lines(self) -> list[tuple[PlayerRating, Player]]:
        return [(line, self.players[line.tpn]) for line in self.report.players]

    @property
    def rated(self) -> list[tuple[PlayerRating, Player]]:
        return [(line, p) for line, p in self.lines if line.rating]

    @property
    def unrated(self) -> list[tuple[PlayerRating, Player]]:
        return [(line, p) for line, p in self.lines if not line.rating]

    @property
    def warnings(self) -> list[str]:
        """The rules that could not be applied for want of a date, in words (a date to enter)."""
        out = [_("The event has no dates: the FIDE Rating Regulations in force today were applied, and the "
                 "juniors' K 40 (8.3.3) counted for the players whose 18th birthday is this year or later.")
               ] if self.no_dates else []
        for warning in self.report.warnings:
            if warning.missing is MissingDate.BIRTH and warning.tpn is not None:
                player = self.players[warning.tpn]
                out.append(_("%(tpn)s. %(name)s has no birth date: whether K is 40 until the end of the year of the "
                             "18th birthday (8.3.3) could not be checked; enter it, or K on Labels and K.")
                           % {"tpn": player.tpn, "name": player.name})
        return out


def compute(data: SectionData, after_round: int) -> RatingView:
    """The report over rounds ``1..after_round``. K: the one typed (or read from the rating list) on the players'
    details page, else the rules with the ratings reached marked there (B.02 8.3.3). The juniors' K counts the
    year of the event's last day, else of its first, else this year (an event without dates is played now: the
    categories count ages on today too, :func:`.categories.reference_date`), and says so."""
    section = data.section
    conv = to_tournament(data, upto=after_round)
    stored = {d.player_id: d for d in PlayerDetail.objects.filter(player__section=section)}
    facts = {p.tpn: KFacts(listed_k=d.k_factor, reached_2300=d.reached_2300, reached_2400=d.reached_2400)
             for p in data.players if (d := stored.get(p.id)) is not None}
    event = section.event
    report = rating_changes(conv.tournament, ratings={p.tpn: fide_rating(p) for p in data.players}, facts=facts,
                            start=event.start_date, end=event.end_date, rounds=after_round)
    return RatingView(report, after_round, {p.tpn: p for p in data.players},
                      no_dates=event.start_date is None and event.end_date is None)


def regulations_text(regulations: Regulations) -> str:
    """The edition applied, in words."""
    return {
        Regulations.MARCH_2024: _("FIDE Rating Regulations effective from 1 March 2024"),
        Regulations.OCTOBER_2025: _("FIDE Rating Regulations effective from 1 March 2024, 8.3.1 as amended from "
                                    "1 October 2025"),
        Regulations.RAPID_BLITZ_MARCH_2024: _("FIDE Rapid and Blitz Rating Regulations effective from 1 March 2024"),
        Regulations.RAPID_BLITZ_DECEMBER_2024: _("FIDE Rapid and Blitz Rating Regulations effective from 1 March "
                                                 "2024, 7.3.1 as amended from 1 December 2024"),
    }[regulations]


NOT_RATED = {
    NotRated.NOT_PAIRED: gettext_noop("not paired"),
    NotRated.BYE: gettext_noop("bye: not rated (5.1)"),
    NotRated.FORFEIT: gettext_noop("forfeit: not rated (5.1)"),
    NotRated.NO_MOVE: gettext_noop("less than one move each: not rated (5.1)"),
    NotRated.OPPONENT_UNRATED: gettext_noop("opponent unrated: only games against rated players count (8.3.1)"),
    NotRated.BOTH_UNRATED: gettext_noop("opponent unrated: only games against rated opponents count (8.2.2)"),
    NotRated.OPPONENT_RATED_SINCE: gettext_noop("opponent counted as unrated: rated only since the start (8.2.4)"),
    NotRated.DIFFERENCE_600: gettext_noop("600 points or more apart, one rated above 2600: not rated (rapid and "
                                          "blitz 7.3.1)"),
}
"""Why a round is not rated, in words (translated when shown: :func:`not_rated_text`)."""


def not_rated_text(reason: NotRated | None) -> str:
    """Why a round is not rated, in words."""
    return "" if reason is None else _(NOT_RATED[reason])


K_RULES = {
    KRule.LISTED: gettext_noop("as the rating list publishes it (7.1.2)"),
    KRule.NEW: gettext_noop("fewer than 30 games rated (8.3.3)"),
    KRule.JUNIOR: gettext_noop("until the end of the year of the 18th birthday, rated under 2300 (8.3.3)"),
    KRule.REACHED_2400: gettext_noop("the published rating has reached 2400 (8.3.3)"),
    KRule.UNDER_2400: gettext_noop("rated under 2400 (8.3.3)"),
}
"""Why a player's K is what it is, in words (translated when shown: :func:`k_text`)."""


def k_text(line: PlayerRating) -> str:
    """Why the player's K is what it is, in words (8.3.3)."""
    if line.k is None or line.k_rule is None:
        return ""
    text = f"K {line.k_unlimited}: {_(K_RULES[line.k_rule])}"
    if line.k != line.k_unlimited:
        limit = _("K %(k)s: K × %(n)s games may not exceed 700 in a rating period (8.3.3)")
        text += "; " + limit % {"k": line.k, "n": len(line.rated_games)}
    return text


INITIAL_NOTES = {
    InitialNote.NO_GAME: gettext_noop("no game against a rated opponent"),
    InitialNote.ZERO_SCORE: gettext_noop("a zero score in the first event is disregarded (8.2.1)"),
    InitialNote.MAXIMUM: gettext_noop("at most 2200 (8.2.3)"),
    InitialNote.FEW_GAMES: gettext_noop("fewer than 5 games against rated opponents: pooled with later events "
                                        "within 26 months (7.1.4)"),
    InitialNote.BELOW_FLOOR: gettext_noop("below 1400: not published (7.1.4)"),
}
"""Why an initial rating is not published yet, or why there is none, in words (translated when shown:
:func:`initial_text`)."""


def initial_text(initial: InitialRating | None) -> str:
    """Why an initial rating is not published yet, or why there is none, in words."""
    if initial is None:
        return ""
    return "; ".join(_(INITIAL_NOTES[note]) for note in initial.notes)


def _exact(values: dict[str, object]) -> dict[str, object]:
    """The values with each fraction as a decimal (:func:`~swisspair.tiebreaks.rounding.decimal_text`): what the
    CSV and the JSON carry and the other forms show."""
    return {key: _decimal(v.numerator, v.denominator) if isinstance(v, Fraction) else v for key, v in values.items()}


@functools.lru_cache(maxsize=4096)
def _decimal(numerator: int, denominator: int) -> str:
    """:func:`~swisspair.tiebreaks.rounding.decimal_text` of a fraction (a report's thousands of games hold a few
    hundred distinct scores, PD and ΔR)."""
    return decimal_text(Fraction(numerator, denominator))


def _signed(value: int | None) -> str:
    """A rating change as the report writes it: ``+7``, ``-3``, ``+0``."""
    return "" if value is None else f"{value:+d}"


def _report_columns() -> tuple[Column, ...]:
    return (Column("tpn", _("No."), number=True), Column("name", _("Name"), wrap=True),
            Column("federation", _("Fed")), Column("rating", _("Rtg"), rating, number=True),
            Column("k", "K", plain, number=True), Column("games", _("Games"), plain, number=True),
            Column("score", _("Pts"), plain, number=True), Column("expected", _("Exp."), plain, number=True),
            Column("change_exact", "K×ΣΔR", plain, number=True), Column("change", "±", number=True),
            Column("average", "Ra", plain, number=True), Column("percent", "%", plain, number=True),
            Column("performance", "Rp", plain, number=True), Column("initial", "Ru", plain, number=True),
            Column("note", _("Note"), wrap=True))


def _report_values(line: PlayerRating, player: Player) -> dict[str, object]:
    """A player's line: the rated games, the change (8.3), Ra, the percentage and Rp over them (B.01 1.4.7-1.4.9),
    and for an unrated player the initial rating (8.2) or why there is none yet."""
    perf = line.performance
    initial = line.initial
    return {"tpn": line.tpn, "name": line.name, "federation": player.federation, "rating": line.rating or None,
            "k": line.k, "games": len(line.rated_games), "score": line.score, "expected": line.expected,
            "change_exact": line.change_exact, "change": _signed(line.change) or None, "average": perf[1] if perf else None,
            "percent": perf[2] if perf else None, "performance": perf[0] if perf else None,
            "initial": initial.rating if initial else None, "note": initial_text(initial) or None,
            "withdrawn_from": player.withdrawn_from}


def _games_columns() -> tuple[Column, ...]:
    return (Column("round", _("Rd"), number=True), Column("opponent", _("Opponent"), number=True),
            Column("opponent_rating", _("Rtg"), rating, number=True),
            Column("score", _("Res."), plain, number=True), Column("difference", "D", number=True),
            Column("probability", "PD", plain, number=True), Column("delta", "ΔR", plain, number=True),
            Column("note", _("Note"), wrap=True))


def _games_table(line: PlayerRating, columns: tuple[Column, ...]) -> Table:
    """A rated player's games (``columns``: :func:`_games_columns`, once for every player's): each opponent, the
    difference (``*``: counted as 400), PD and ΔR, or why the game is not rated."""
    rows = tuple(row(columns, _exact({
        "round": g.round, "opponent": g.opponent, "opponent_rating": g.opponent_rating,
        "score": g.score if g.rated else None,
        "difference": (f"{g.difference}*" if g.capped else g.difference) if g.rated else None,
        "probability": g.probability if g.rated else None, "delta": g.delta if g.rated else None,
        "note": None if g.rated else not_rated_text(g.reason) or None})) for g in line.games)
    return Table(columns, rows, heading=f"{line.tpn}. {line.name} – {k_text(line)}", key=f"games-{line.tpn}")


def report_listing(view: RatingView) -> Listing:
    """The rating report as every form shows it: the rated players (their change, B.02 8.3), the unrated
    players (their initial rating, 8.2), each rated player's games; the regulations applied and what is
    missing as notes."""
    columns, games = _report_columns(), _games_columns()
    tables = tuple(Table(columns, tuple(row(columns, _exact(_report_values(line, p))) for line, p in lines),
                         heading=heading, key=key)
                   for heading, key, lines in ((_("Rated players"), "rated", view.rated),
                                               (_("Unrated players"), "unrated", view.unrated)))
    notes = (f"{regulations_text(view.report.regulations)}.", *view.warnings,
             "* " + _("more than 400 points: counted as 400"))
    return Listing(_("Rating report after round %(n)s") % {"n": view.after_round}, "ratings", tables,
                   extra=tuple(_games_table(line, games) for line, _p in view.rated), notes=notes,
                   facts={"after_round": view.after_round, "regulations": view.report.regulations.value},
                   group="rating", row_id="rating", rows_key="players")
