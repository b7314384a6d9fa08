"""swisspair: Swiss-system pairings, standings, team events, reports and TRF files.

Read and write TRF files, build an event in code (players, teams, byes, results), pair its rounds
with any system, check them, rank the players or the teams with any tie-breaks, play off ties, lay
out round-robins, and make the rating report, the norms, the categories' standings and the prize
list. Import everything from ``swisspair``:

>>> import swisspair
>>> t = swisspair.new_tournament("Club night", rounds=3, players=[("Ames", 2000), ("Bell", 1900)])
>>> swisspair.pair(t).boards
(Board(white=1, black=2),)
"""

from __future__ import annotations

__version__ = "0.1.0"

TYPE_CHECKING = False
if TYPE_CHECKING:  # what the type checker reads: every public name, imported from its module
    from swisspair.api import check_rounds, pair, pairing_systems, parse_trf, read_trf, write_trf
    from swisspair.builder import ByeKind, GameResult, add_bye, add_player, add_team, new_tournament, record_round
    from swisspair.errors import (
        InconsistentTournamentError,
        InvalidRequestError,
        InvalidTieBreakError,
        InvalidTypeError,
        LimitExceededError,
        Location,
        MissingRatingsError,
        NoValidPairingError,
        PlayoffError,
        RoundNumberError,
        RoundRobinError,
        SwissPairError,
        TRFError,
        TRFFileError,
        UnsupportedFeatureError,
    )
    from swisspair.model import (
        Board,
        BoardResult,
        Colour,
        ForbiddenPairs,
        Outcome,
        Player,
        Result,
        RoundPairing,
        RoundResult,
        Scoring,
        Tournament,
    )
    from swisspair.categories import Category, CategoryRow, PlayerFacts, Ranked, Unrated
    from swisspair.norms import Failure, LeftOut, NormCheck, NormTitle, PlayerNorms, Requirement
    from swisspair.pairing.checker import RoundCheck
    from swisspair.playoff import Game, Placement, Playoff, apply_playoff, start_playoff
    from swisspair.prizes import Award, PrizeCategory, PrizeList, Sharing
    from swisspair.rating_change import (
        Chapter,
        GameLine,
        InitialNote,
        InitialRating,
        KFacts,
        KRule,
        MissingDate,
        NotRated,
        PlayerRating,
        RatingReport,
        Regulations,
        ReportWarning,
    )
    from swisspair.reports import CategoryTable, category_tables, norm_report, prize_report, rating_changes
    from swisspair.roundrobin import RoundSchedule, berger_schedule, round_pairing
    from swisspair.rounds import recommended_rounds
    from swisspair.schemas import load_schema
    from swisspair.standings import (
        DEFAULT_TEAM_TIEBREAKS,
        DEFAULT_TIEBREAKS,
        RECOMMENDED,
        Lots,
        StandingRow,
        Standings,
        compute_standings,
    )
    from swisspair.team_pairing import MatchPairing, TeamPairing
    from swisspair.teams import MatchPoints, TeamEntry, TeamForfeit, TeamLineup, TeamPab
    from swisspair.tiebreaks.context import Context
    from swisspair.tiebreaks.descriptors import Descriptor
    from swisspair.tiebreaks.editions import Edition
    from swisspair.tiebreaks.event import Competitor, Event, RoundKind, RoundRecord
    from swisspair.tiebreaks.registry import TIEBREAK_CODES, TieBreakSpec
    from swisspair.tiebreaks.units import Units
    from swisspair.tiebreaks.values import GroupSplit, Term, TieBreakValue
    from swisspair.trf.diagnostics import Diagnostic
    from swisspair.trf.reader import TRFReadResult
    from swisspair.trf.roundrobin import RoundRobinFormat, detect_round_robin, rating_report
    from swisspair.withdrawals import CountDecision, RoundRobinView, standings_view

_MODULES = {
    "swisspair.api": ("check_rounds", "pair", "pairing_systems", "parse_trf", "read_trf", "write_trf"),
    "swisspair.builder": ("ByeKind", "GameResult", "add_bye", "add_player", "add_team", "new_tournament",
                          "record_round"),
    "swisspair.errors": ("InconsistentTournamentError", "InvalidRequestError", "InvalidTieBreakError",
                         "InvalidTypeError", "LimitExceededError", "Location", "MissingRatingsError",
                         "NoValidPairingError", "PlayoffError", "RoundNumberError", "RoundRobinError",
                         "SwissPairError", "TRFError", "TRFFileError", "UnsupportedFeatureError"),
    "swisspair.model": ("Board", "BoardResult", "Colour", "ForbiddenPairs", "Outcome", "Player", "Result",
                        "RoundPairing", "RoundResult", "Scoring", "Tournament"),
    "swisspair.categories": ("Category", "CategoryRow", "PlayerFacts", "Ranked", "Unrated"),
    "swisspair.norms": ("Failure", "LeftOut", "NormCheck", "NormTitle", "PlayerNorms", "Requirement"),
    "swisspair.pairing.checker": ("RoundCheck",),
    "swisspair.playoff": ("Game", "Placement", "Playoff", "apply_playoff", "start_playoff"),
    "swisspair.prizes": ("Award", "PrizeCategory", "PrizeList", "Sharing"),
    "swisspair.rating_change": ("Chapter", "GameLine", "InitialNote", "InitialRating", "KFacts", "KRule",
                                "MissingDate", "NotRated", "PlayerRating", "RatingReport", "Regulations",
                                "ReportWarning"),
    "swisspair.reports": ("CategoryTable", "category_tables", "norm_report", "prize_report", "rating_changes"),
    "swisspair.roundrobin": ("RoundSchedule", "berger_schedule", "round_pairing"),
    "swisspair.rounds": ("recommended_rounds",),
    "swisspair.schemas": ("load_schema",),
    "swisspair.standings": ("DEFAULT_TEAM_TIEBREAKS", "DEFAULT_TIEBREAKS", "Lots", "RECOMMENDED", "StandingRow",
                            "Standings", "compute_standings"),
    "swisspair.team_pairing": ("MatchPairing", "TeamPairing"),
    "swisspair.teams": ("MatchPoints", "TeamEntry", "TeamForfeit", "TeamLineup", "TeamPab"),
    "swisspair.tiebreaks.context": ("Context",),
    "swisspair.tiebreaks.descriptors": ("Descriptor",),
    "swisspair.tiebreaks.editions": ("Edition",),
    "swisspair.tiebreaks.event": ("Competitor", "Event", "RoundKind", "RoundRecord"),
    "swisspair.tiebreaks.registry": ("TIEBREAK_CODES", "TieBreakSpec"),
    "swisspair.tiebreaks.units": ("Units",),
    "swisspair.tiebreaks.values": ("GroupSplit", "Term", "TieBreakValue"),
    "swisspair.trf.diagnostics": ("Diagnostic",),
    "swisspair.trf.reader": ("TRFReadResult",),
    "swisspair.trf.roundrobin": ("RoundRobinFormat", "detect_round_robin", "rating_report"),
    "swisspair.withdrawals": ("CountDecision", "RoundRobinView", "standings_view"),
}
"""The module that defines each public name."""

_EXPORTS = {name: module for module, names in _MODULES.items() for name in names}
"""Public name -> the module that defines it."""

__all__ = [
    "Award", "Board", "BoardResult", "ByeKind", "Category", "CategoryRow", "CategoryTable", "Chapter", "Colour",
    "Competitor", "Context", "CountDecision", "DEFAULT_TEAM_TIEBREAKS", "DEFAULT_TIEBREAKS", "Descriptor",
    "Diagnostic", "Edition", "Event", "Failure", "ForbiddenPairs", "Game", "GameLine", "GameResult", "GroupSplit",
    "InconsistentTournamentError", "InitialNote", "InitialRating", "InvalidRequestError", "InvalidTieBreakError",
    "InvalidTypeError", "KFacts", "KRule", "LeftOut", "LimitExceededError", "Location", "Lots", "MatchPairing",
    "MatchPoints", "MissingDate", "MissingRatingsError", "NoValidPairingError", "NormCheck", "NormTitle",
    "NotRated", "Outcome", "Placement", "Player", "PlayerFacts", "PlayerNorms", "PlayerRating", "Playoff",
    "PlayoffError", "PrizeCategory", "PrizeList", "RECOMMENDED", "Ranked", "RatingReport", "Regulations",
    "ReportWarning", "Requirement", "Result", "RoundCheck", "RoundKind", "RoundNumberError", "RoundPairing",
    "RoundRecord", "RoundResult", "RoundRobinError", "RoundRobinFormat", "RoundRobinView", "RoundSchedule",
    "Scoring", "Sharing", "StandingRow", "Standings", "SwissPairError", "TIEBREAK_CODES", "TRFError",
    "TRFFileError", "TRFReadResult", "TeamEntry", "TeamForfeit", "TeamLineup", "TeamPab", "TeamPairing", "Term",
    "TieBreakSpec", "TieBreakValue", "Tournament", "Unrated", "Units", "UnsupportedFeatureError", "add_bye",
    "add_player", "add_team", "apply_playoff", "berger_schedule", "category_tables", "check_rounds", "compute_standings",
    "detect_round_robin", "load_schema", "new_tournament", "norm_report", "pair", "pairing_systems", "parse_trf",
    "prize_report", "rating_changes", "rating_report", "read_trf", "recommended_rounds", "record_round",
    "round_pairing", "standings_view", "start_playoff", "write_trf", "__version__",
]

if not TYPE_CHECKING:
    # At run time each name is imported on first use (PEP 562), so that ``import swisspair`` loads no engine
    # and the command line's --version, --help and engine form load only the modules they need
    # (docs/pairing.md, "Start-up"). The type checker does not see this loader, only the imports above: a
    # name swisspair does not export is an error, not an ``object``.
    from swisspair.lazy import lazy_exports

    __getattr__ = lazy_exports(__name__, _EXPORTS, globals())


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
