"""Teams of a team competition as model objects: the entered teams with their rosters and
the match-scoring settings (FIDE C.04.6 arts. 1.2, 1.6; TRF26 records ``310``, ``013``,
``352``, ``362``).

The TRF reader builds these once (:mod:`swisspair.trf.reader`) and the writer writes
them once (:mod:`swisspair.trf.writer`); the team pairing, the team tie-breaks and the
manager read them from :class:`~swisspair.model.Tournament` and never parse record text.

Team numbering (one rule, see ``docs/trf.md``): when a file has ``310`` records they
define the teams, each numbered by its columns 5-7 (by its position among the ``310``
records when those are blank); ``013`` records then stay as written in
:attr:`~swisspair.model.Tournament.extra_lines`. A file with ``013`` records only numbers
its teams 1, 2, ... in file order.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

TeamCode = Literal["013", "310"]
ForfeitOutcome = Literal["+-", "-+", "--"]


@dataclass(frozen=True, slots=True)
class TeamEntry:
    """A team entered in the tournament and its roster."""

    number: int
    """Team pairing number (TPN of the team): the ``310`` record's number, else the team's place among the
    team records (the numbering rule of the TRF reader)."""
    name: str
    """Team name."""
    members: tuple[int, ...]
    """The roster: player TPNs in board order (board 1 first)."""
    code: TeamCode = "310"
    """The record it is read from and written as: ``310`` (TRF26) or ``013`` (TRF16)."""
    nickname: str = ""
    """Short name (``310`` columns 42-46)."""
    strength: Fraction | None = None
    """Team strength as written (``310`` columns 48-53)."""
    match_points: Fraction | None = None
    """Match points as written (``310`` columns 55-60); the team systems recompute them."""
    game_points: Fraction | None = None
    """Game points as written (``310`` columns 62-67)."""
    rank: int | None = None
    """Rank as written (``310`` columns 69-71)."""


@dataclass(frozen=True, slots=True)
class MatchPoints:
    """Match points for a won, drawn and lost team match (TRF26 ``362`` ``TW``/``TD``/``TL``;
    C.04.6 art. 1.2: 2, 1 and 0 unless the regulations say otherwise). Who won a match, and so what
    it scores, is :func:`swisspair.team_matches.match_outcomes` and
    :func:`~swisspair.team_matches.match_points_of`."""

    win: Fraction = Fraction(2)
    """``TW``: a won match."""
    draw: Fraction = Fraction(1)
    """``TD``: a drawn match (also the value of the team PAB, C.04.6 art. 1.4)."""
    loss: Fraction = Fraction(0)
    """``TL``: a lost match."""


@dataclass(frozen=True, slots=True)
class TeamLineup:
    """A team playing out of its roster's board order, or with an empty board, in one round
    (TRF26 ``300 RRR TTT OOO PPPP ...``; C.04.6 art. 1.6.1 takes the colour of its board 1)."""

    round: int
    """The round."""
    team: int
    """The team's number."""
    opponent: int
    """The opponent team's number (0 when not given)."""
    players: tuple[int, ...]
    """Player TPNs from board 1 down; 0 for an empty board."""


@dataclass(frozen=True, slots=True)
class TeamPab:
    """What the team pairing-allocated bye is worth and who had it, round by round
    (TRF26 ``320 MMMM GGGG TTT TTT ...``; C.04.6 art. 1.4)."""

    match_points: Fraction
    """Match points of the PAB."""
    game_points: Fraction
    """Game points of the PAB."""
    teams: tuple[int, ...]
    """The team with the PAB in round 1, 2, ...; 0 when none."""


@dataclass(frozen=True, slots=True)
class TeamForfeit:
    """A team match forfeited as a whole (TRF26 ``330 TT RRR WWW BBB``)."""

    outcome: ForfeitOutcome
    """``+-`` the team with White wins by forfeit, ``-+`` the other, ``--`` both lose."""
    round: int
    """The round."""
    white: int
    """The team with White on board 1."""
    black: int
    """The other team."""


DEFAULT_MATCH_POINTS = MatchPoints()
"""2/1/0, used when a file has no ``362`` record."""


def team_numbers(teams: tuple[TeamEntry, ...]) -> dict[int, int]:
    """Player TPN -> team number, for the members of ``teams``."""
    return {tpn: team.number for team in teams for tpn in team.members}


__all__ = ["DEFAULT_MATCH_POINTS", "ForfeitOutcome", "MatchPoints", "TeamCode", "TeamEntry", "TeamForfeit", "TeamLineup", "TeamPab",
           "team_numbers"]
