"""swisspair: Swiss-system pairing engines, standings and TRF interchange.

The names below are imported on first use (PEP 562), so that ``swisspair
--version``, ``--help`` and the engine form load only the modules they need
(docs/pairing.md, "Start-up").
"""

from __future__ import annotations

__version__ = "0.1.0"

from swisspair.exports import lazy_exports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from swisspair.errors import NoValidPairingError, SwissPairError, TRFError, UnsupportedFeatureError
    from swisspair.model import Board, Colour, Player, Result, RoundPairing, RoundResult, Scoring, Tournament

_EXPORTS = {
    "Board": "swisspair.model",
    "Colour": "swisspair.model",
    "NoValidPairingError": "swisspair.errors",
    "Player": "swisspair.model",
    "Result": "swisspair.model",
    "RoundPairing": "swisspair.model",
    "RoundResult": "swisspair.model",
    "Scoring": "swisspair.model",
    "SwissPairError": "swisspair.errors",
    "TRFError": "swisspair.errors",
    "Tournament": "swisspair.model",
    "UnsupportedFeatureError": "swisspair.errors",
}
"""Public name -> the module that defines it."""

__all__ = [
    "Board",
    "Colour",
    "NoValidPairingError",
    "Player",
    "Result",
    "RoundPairing",
    "RoundResult",
    "Scoring",
    "SwissPairError",
    "TRFError",
    "Tournament",
    "UnsupportedFeatureError",
    "__version__",
]


__getattr__ = lazy_exports(__name__, _EXPORTS, globals())
