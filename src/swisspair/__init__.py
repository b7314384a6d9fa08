"""swisspair: Swiss-system pairing engines, standings and TRF interchange."""

from swisspair.errors import (
    NoValidPairingError,
    SwissPairError,
    TRFError,
    UnsupportedFeatureError,
)
from swisspair.model import Board, Colour, Player, Result, RoundPairing, RoundResult, Scoring, Tournament

__version__ = "0.1.0"

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
