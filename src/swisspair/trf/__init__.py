"""FIDE Tournament Report File (TRF) input and output.

>>> from swisspair import trf
>>> result = trf.loads("012 Demo\\n001    1      A, B                              1500                             0.0    1\\nXXR 5\\n")
>>> result.tournament.rounds
5
"""

from swisspair.trf.reader import (
    Diagnostic,
    TRFReadResult,
    decode,
    format_warnings,
    load,
    loads,
    read,
)
from swisspair.trf.writer import dumps, player_line, write

__all__ = ["Diagnostic", "TRFReadResult", "decode", "dumps", "format_warnings", "load", "loads", "player_line", "read", "write"]
