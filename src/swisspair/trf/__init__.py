"""FIDE Tournament Report File (TRF) input and output.

>>> from swisspair import trf
>>> result = trf.loads("012 Demo\\n001    1      A, B                              1500                             0.0    1\\nXXR 5\\n")
>>> result.tournament.rounds
5

The reader and the writer are imported on first use (PEP 562): the engine form
(``swisspair --dutch IN -p OUT``) reads a file and never writes one.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from swisspair.trf.decoding import decode
    from swisspair.trf.diagnostics import Diagnostic, format_warnings
    from swisspair.trf.reader import TRFReadResult, load, loads, read
    from swisspair.trf.writer import dumps, player_line, write

_EXPORTS = {
    "Diagnostic": "swisspair.trf.diagnostics",
    "TRFReadResult": "swisspair.trf.reader",
    "decode": "swisspair.trf.decoding",
    "format_warnings": "swisspair.trf.diagnostics",
    "load": "swisspair.trf.reader",
    "loads": "swisspair.trf.reader",
    "read": "swisspair.trf.reader",
    "dumps": "swisspair.trf.writer",
    "player_line": "swisspair.trf.writer",
    "write": "swisspair.trf.writer",
}
"""Public name -> the module that defines it."""

__all__ = ["Diagnostic", "TRFReadResult", "decode", "dumps", "format_warnings", "load", "loads", "player_line", "read",
           "write"]


if not TYPE_CHECKING:  # the type checker reads the imports above; a name not exported is an error for it
    from swisspair.lazy import lazy_exports

    __getattr__ = lazy_exports(__name__, _EXPORTS, globals())
