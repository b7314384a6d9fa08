"""The title norms of a section (:mod:`swisspair.norms`, FIDE B.01 1.4), over the rounds the standings show.

Ratings are the FIDE ratings of the players as entered (an estimate from another scale counts as unrated);
the section's prize settings say whether an exemption of 1.4.3 a-d waives the foreign opponents.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from swisspair.norms import Failure, NormCheck, NormOptions, NormTitle, PlayerNorms, Requirement, norms_report
from swisspair_web.tournaments.reads.categories import fide_rating, settings_of
from swisspair_web.tournaments.reads.convert import SectionData, to_tournament
from swisspair_web.tournaments.rows import Player


@dataclass
class NormView:
    """The report as the page shows it."""

    players: list[tuple[PlayerNorms, Player]]
    after_round: int
    waived: bool
    """1.4.3-1.4.4 not checked."""

    @property
    def achieved(self) -> list[tuple[NormCheck, Player]]:
        """Every norm achieved, with its player."""
        return [(check, player) for norms, player in self.players for check in norms.achieved]

    @property
    def titles(self) -> list[NormTitle]:
        return list(NormTitle)


def compute(data: SectionData, after_round: int) -> NormView:
    """The norm checks over rounds ``1..after_round``."""
    waived = settings_of(data.section).norms_waived
    conv = to_tournament(data, upto=after_round)
    report = norms_report(conv.tournament, ratings={p.tpn: fide_rating(p) for p in data.players},
                          options=NormOptions(foreigners_waived=waived, planned_rounds=data.section.rounds))
    by_tpn = {p.tpn: p for p in data.players}
    return NormView([(line, by_tpn[line.tpn]) for line in report], after_round, waived)


def failure_text(failure: Failure) -> str:
    """A requirement not met, in words, with its article (B.01)."""
    words = {
        Requirement.GAMES: _("%(value)s games, at least %(needed)s needed"),
        Requirement.FOREIGN_FEDERATIONS: _("opponents from %(value)s federations other than the player's, at least "
                                           "%(needed)s needed"),
        Requirement.OWN_FEDERATION: _("%(value)s opponents from %(federation)s, at most %(needed)s (3/5)"),
        Requirement.ONE_FEDERATION: _("%(value)s opponents from %(federation)s, at most %(needed)s (2/3)"),
        Requirement.TITLE_HOLDERS: _("%(value)s title holders, at least %(needed)s needed (50 %%)"),
        Requirement.TITLE: _("%(value)s opponents with the title %(title)s or higher, at least %(needed)s needed"),
        Requirement.DOUBLE_TITLE: _("%(value)s opponents with the title %(title)s or higher, at least %(needed)s "
                                    "needed (half)"),
        Requirement.PLAYERS: _("a double round robin of %(value)s players, at least %(needed)s needed"),
        Requirement.PERFORMANCE: _("performance %(value)s, at least %(needed)s needed"),
        Requirement.AVERAGE: _("average %(value)s, at least %(needed)s needed"),
        Requirement.SCORE: _("score %(value)s %%, at least %(needed)s %% needed"),
    }[failure.requirement]
    return f"{failure.article}: " + words % {"value": failure.value, "needed": failure.needed,
                                             "federation": failure.federation, "title": failure.title}
