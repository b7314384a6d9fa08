"""swisspair: Swiss-system pairing engines, standings and TRF interchange.

The stable API is what this package exports (``__all__``): read and write TRF files, build a
tournament in code, pair its rounds with any system, check them, rank the players with any
tie-breaks, play off ties, and lay out round-robins. Everything else (the submodules) is internal
and may change between releases.

>>> import swisspair
>>> t = swisspair.new_tournament("Club night", rounds=3, players=[("Ames", 2000), ("Bell", 1900)])
>>> swisspair.pair(t).boards
(Board(white=1, black=2),)

The names are imported on first use (PEP 562), so that ``import swisspair`` loads no engine and
``swisspair --version``, ``--help`` and the engine form load only the modules they need
(docs/pairing.md, "Start-up").
"""

from __future__ import annotations

__version__ = "0.1.0"

from swisspair.lazy import lazy_exports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from swisspair.api import check_rounds, pair, pairing_systems, parse_trf, read_trf, write_trf
    from swisspair.builder import add_bye, add_player, new_tournament, record_round
    from swisspair.errors import (
        InconsistentTournamentError,
        InvalidRequestError,
        InvalidTieBreakError,
        LimitExceededError,
        Location,
        MissingRatingsError,
        NoValidPairingError,
        PlayoffError,
        RoundRobinError,
        SwissPairError,
        TRFError,
        TRFFileError,
        UnsupportedFeatureError,
    )
    from swisspair.model import (
        Board,
        Colour,
        ForbiddenPairs,
        Player,
        Result,
        RoundPairing,
        RoundResult,
        Scoring,
        Tournament,
    )
    from swisspair.pairing.checker import RoundCheck
    from swisspair.playoff import Playoff, apply_playoff, start_playoff
    from swisspair.roundrobin import RoundSchedule, berger_schedule
    from swisspair.standings import StandingRow, Standings, compute_standings
    from swisspair.trf.diagnostics import Diagnostic
    from swisspair.trf.reader import TRFReadResult
    from swisspair.trf.roundrobin import detect_round_robin, rating_report
    from swisspair.withdrawals import standings_view

_MODULES = {
    "swisspair.api": ("check_rounds", "pair", "pairing_systems", "parse_trf", "read_trf", "write_trf"),
    "swisspair.builder": ("add_bye", "add_player", "new_tournament", "record_round"),
    "swisspair.errors": ("InconsistentTournamentError", "InvalidRequestError", "InvalidTieBreakError",
                         "LimitExceededError", "Location", "MissingRatingsError", "NoValidPairingError",
                         "PlayoffError", "RoundRobinError", "SwissPairError", "TRFError", "TRFFileError",
                         "UnsupportedFeatureError"),
    "swisspair.model": ("Board", "Colour", "ForbiddenPairs", "Player", "Result", "RoundPairing", "RoundResult",
                        "Scoring", "Tournament"),
    "swisspair.pairing.checker": ("RoundCheck",),
    "swisspair.playoff": ("Playoff", "apply_playoff", "start_playoff"),
    "swisspair.roundrobin": ("RoundSchedule", "berger_schedule"),
    "swisspair.standings": ("StandingRow", "Standings", "compute_standings"),
    "swisspair.trf.diagnostics": ("Diagnostic",),
    "swisspair.trf.reader": ("TRFReadResult",),
    "swisspair.trf.roundrobin": ("detect_round_robin", "rating_report"),
    "swisspair.withdrawals": ("standings_view",),
}
"""The module that defines each public name."""

_EXPORTS = {name: module for module, names in _MODULES.items() for name in names}
"""Public name -> the module that defines it."""

__all__ = [
    "Board", "Colour", "Diagnostic", "ForbiddenPairs", "InconsistentTournamentError", "InvalidRequestError",
    "InvalidTieBreakError", "LimitExceededError", "Location", "MissingRatingsError", "NoValidPairingError", "Player",
    "Playoff", "PlayoffError", "Result", "RoundCheck", "RoundPairing", "RoundResult", "RoundRobinError",
    "RoundSchedule", "Scoring", "StandingRow", "Standings", "SwissPairError", "TRFError", "TRFFileError",
    "TRFReadResult", "Tournament", "UnsupportedFeatureError", "add_bye", "add_player", "apply_playoff",
    "berger_schedule", "check_rounds", "compute_standings", "new_tournament", "pair", "pairing_systems", "parse_trf",
    "read_trf", "record_round", "start_playoff", "write_trf", "__version__",
    "detect_round_robin", "rating_report", "standings_view",
]

__getattr__ = lazy_exports(__name__, _EXPORTS, globals())


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
