"""The title norms of a section (:mod:`swisspair.norms`, FIDE B.01 1.4), over the rounds the standings show.

Ratings are the FIDE ratings of the players as entered (an estimate from another scale counts as unrated);
the section's prize settings say whether an exemption of 1.4.3 a-d waives the foreign opponents.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from swisspair.norm_certificate import NormCertificate, norm_certificates
from swisspair.norms import (NORM_GAMES, Failure, NormCheck, NormOptions, NormTitle, PlayerNorms, Requirement,
                             out_of_reach)
from swisspair.reports import norm_report
from swisspair.tiebreaks.rounding import decimal_text
from swisspair_web.tournaments.reads.categories import fide_rating, settings_of
from swisspair_web.tournaments.reads.convert import SectionData, to_tournament
from swisspair_web.tournaments.reads.listing import Column, Listing, Row, Table
from swisspair_web.tournaments.rows import Player


@dataclass
class NormView:
    """The report as the page shows it."""

    players: list[tuple[PlayerNorms, Player]]
    after_round: int
    waived: bool
    """1.4.3-1.4.4 not checked."""
    rounds: int = NORM_GAMES
    """The rounds the section plays."""

    @property
    def out_of_reach(self) -> bool:
        """No norm can be achieved in the section (:func:`out_of_reach`)."""
        return out_of_reach(self.rounds)

    @property
    def achieved(self) -> list[tuple[NormCheck, Player]]:
        """Every norm achieved, with its player."""
        return [(check, player) for norms, player in self.players for check in norms.achieved]

    @property
    def titles(self) -> list[NormTitle]:
        return list(NormTitle)


def ratings(data: SectionData) -> dict[int, int]:
    """The ratings the norms count: FIDE ratings as entered, an estimate as unrated (1.4.6 a)."""
    return {p.tpn: fide_rating(p) for p in data.players}


def compute(data: SectionData, after_round: int) -> NormView:
    """The norm checks over rounds ``1..after_round``."""
    conv = to_tournament(data, upto=after_round)
    settings = options(data)
    report = norm_report(conv.tournament, ratings=ratings(data), foreigners_waived=settings.foreigners_waived,
                         round_robin_cycles=settings.cycles if settings.predetermined else 0)
    by_tpn = {p.tpn: p for p in data.players}
    return NormView([(line, by_tpn[line.tpn]) for line in report], after_round, settings.foreigners_waived,
                    data.section.rounds)


FAILURE_WORDS = {
    Requirement.GAMES: gettext_noop("%(value)s games, at least %(needed)s needed"),
    Requirement.FOREIGN_FEDERATIONS: gettext_noop("opponents from %(value)s federations other than the player's, "
                                                  "at least %(needed)s needed"),
    Requirement.OWN_FEDERATION: gettext_noop("%(value)s opponents from %(federation)s, at most %(needed)s (3/5)"),
    Requirement.ONE_FEDERATION: gettext_noop("%(value)s opponents from %(federation)s, at most %(needed)s (2/3)"),
    Requirement.TITLE_HOLDERS: gettext_noop("%(value)s title holders, at least %(needed)s needed (50 %%)"),
    Requirement.TITLE: gettext_noop("%(value)s opponents with the title %(title)s or higher, at least %(needed)s "
                                    "needed"),
    Requirement.DOUBLE_TITLE: gettext_noop("%(value)s opponents with the title %(title)s or higher, at least "
                                           "%(needed)s needed (half)"),
    Requirement.PLAYERS: gettext_noop("a double round robin of %(value)s players, at least %(needed)s needed"),
    Requirement.PERFORMANCE: gettext_noop("performance %(value)s, at least %(needed)s needed"),
    Requirement.AVERAGE: gettext_noop("average %(value)s, at least %(needed)s needed"),
    Requirement.SCORE: gettext_noop("score %(value)s %%, at least %(needed)s %% needed"),
}
"""A requirement not met, in words (translated when shown: :func:`failure_text`)."""


def failure_text(failure: Failure) -> str:
    """A requirement not met, in words, with its article (B.01)."""
    return _failure_text(failure, get_language())


@functools.lru_cache(maxsize=4096)
def _failure_text(failure: Failure, language: str | None) -> str:
    """:func:`failure_text` in ``language`` (the active one): a section's hundreds of checks fail a few dozen
    distinct ways."""
    return f"{failure.article}: " + _(FAILURE_WORDS[failure.requirement]) % {
        "value": failure.value, "needed": failure.needed, "federation": failure.federation, "title": failure.title}


def options(data: SectionData) -> NormOptions:
    """The section's norm options: the 1.4.3 a-d exemption; a round-robin's pairings are predetermined
    (1.4.1 e, 1.4.2 b) and a double round-robin has its own mix (1.4.5 f)."""
    section = data.section
    return NormOptions(foreigners_waived=settings_of(section).norms_waived, planned_rounds=section.rounds,
                       predetermined=section.is_round_robin, cycles=section.cycles if section.is_round_robin else 1)


def certificate(data: SectionData, after_round: int, tpn: int, title: str) -> NormCertificate | None:
    """The norm certificate's content (B.01 1.8, :mod:`swisspair.norm_certificate`) of player ``tpn``'s
    ``title`` norm over rounds ``1..after_round``; ``None`` when that norm is not achieved."""
    conv = to_tournament(data, upto=after_round)
    for found in norm_certificates(conv.tournament, ratings=ratings(data), options=options(data)):
        if found.player.tpn == tpn and found.title.value == title:
            return found
    return None


def result_text(check: NormCheck) -> str:
    """A check's outcome in words: the norm (after which round, which rounds left out, 1.4.1 e-f) or each
    requirement not met (:func:`failure_text`)."""
    if not check.achieved:
        return "; ".join(failure_text(f) for f in check.problems)
    text = _("norm")
    if check.after_round:
        text += " (" + _("after round %(n)s, 1.4.1 e") % {"n": check.after_round} + ")"
    if check.defeated_left_out:
        text += " (" + _("rounds %(rounds)s left out, 1.4.1 f") % {
            "rounds": ", ".join(str(n) for n in check.defeated_left_out)} + ")"
    return text


def _check_row(columns: tuple[Column, ...], check: NormCheck, player: Player) -> Row:
    values = {"tpn": player.tpn, "name": player.name, "title": check.title.value, "games": check.games,
              "score": decimal_text(check.score), "percent": check.percent, "titled": check.titled,
              "holders": check.holders,
              "federations": ", ".join(f"{fed} {n}" for fed, n in check.federations.items()) or None,
              "average": check.average, "performance": check.performance, "result": result_text(check),
              "achieved": check.achieved, "raised": list(check.raised) if check.raised else None}
    cells = [column.show(values.get(column.key)) for column in columns]
    if check.raised:  # the lowest opponent raised to the floor (1.4.6 c)
        cells[[c.key for c in columns].index("average")] += "*"
    return Row(values, tuple(cells))


def norms_listing(view: NormView) -> Listing:
    """Every norm check of every player as every form shows it (B.01 1.4): the figures, and the norm or the
    requirements not met; the notes say what ``*`` and an exemption mean."""
    columns = (Column("tpn", _("No."), number=True), Column("name", _("Name"), wrap=True),
               Column("title", _("Norm")), Column("games", _("Games"), number=True),
               Column("score", _("Pts"), number=True), Column("percent", "%", number=True),
               Column("titled", "TH", number=True), Column("holders", _("Title"), number=True),
               Column("federations", _("Federations"), wrap=True), Column("average", "Ra", number=True),
               Column("performance", "Rp", number=True), Column("result", _("Result"), wrap=True))
    rows = tuple(_check_row(columns, check, player) for norms, player in view.players for check in norms.checks)
    notes = ["* " + _("one opponent raised to the rating floor (1.4.6 c)")]
    if view.waived:
        notes.append(_("The foreign opponents are not needed here (1.4.3 a-d)."))
    return Listing(_("Title norms after round %(n)s") % {"n": view.after_round}, "norms",
                   (Table(columns, rows),), notes=tuple(notes), html_id="norms",
                   facts={"after_round": view.after_round, "waived": view.waived}, rows_key="checks")
