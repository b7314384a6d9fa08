"""The two cores of the weighted matching and the choice between them.

The solver is written twice: :class:`~swisspair.matching.python_core.PythonCore`, and the C
extension ``swisspair.matching._matchcore`` (``_matchcore.c``, built by ``pip install``), which runs
the same algorithm statement for statement and in the same order, with the weights as indices into
a table of the distinct weights (4 bytes a pair) and the numbers as fixed-width integers of as many
64-bit limbs as the largest weight and dual need. Both satisfy
:class:`~swisspair.matching.protocol.MatchingCore` and give the same matching, duals and blossoms,
ties included. Both read their tuning constants from :mod:`swisspair.matching.tuning`, and both
raise :exc:`MemoryError` when memory runs out (the compiled core then forgets its solution, as
:meth:`~swisspair.matching.protocol.MatchingCore.restart` does, and stays usable). The
pure-Python one is the fallback when the extension is not built.
"""

from __future__ import annotations

import os

try:
    from swisspair.matching import _matchcore
except ImportError:  # pragma: no cover - the extension was not built
    _matchcore = None  # type: ignore[assignment]

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (start-up of the engine form)
    from collections.abc import Callable

    from swisspair.matching.protocol import MatchingCore

COMPILED_AVAILABLE = _matchcore is not None
"""Whether the compiled core (``swisspair.matching._matchcore``, built by ``pip install``) could be imported."""

BACKEND = "python" if os.environ.get("SWISSPAIR_PURE_PYTHON") == "1" or not COMPILED_AVAILABLE else "compiled"
"""The core new :class:`~swisspair.matching.weighted.MatchingComputer` objects use: ``"compiled"`` or ``"python"``.

The compiled core when it is built, unless the environment variable
``SWISSPAIR_PURE_PYTHON`` is ``1``. Both cores run the same algorithm in the
same order and give the same matchings (ties included) and the same duals;
the tests switch by assigning this name.
"""

_cores: dict[str, Callable[[int], MatchingCore]] = {}


def _table() -> dict[str, Callable[[int], MatchingCore]]:
    """:data:`CORES`, made on first use: the pure-Python core is imported only when it is asked for (the
    engine form, which runs on the compiled core, starts without it)."""
    if not _cores:
        from swisspair.matching.python_core import PythonCore

        _cores["python"] = PythonCore
        if _matchcore is not None:
            _cores["compiled"] = _matchcore.Core
    return _cores


if TYPE_CHECKING:
    CORES: dict[str, Callable[[int], MatchingCore]]
    """The cores by backend name; typed so that mypy checks each class against the protocol."""
else:

    def __getattr__(name: str) -> dict[str, Callable[[int], MatchingCore]]:
        """``CORES`` (:func:`_table`)."""
        if name != "CORES":
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        return _table()


def backend_of(core: MatchingCore) -> str:
    """``"compiled"`` or ``"python"``: the backend ``core`` was made by."""
    return "compiled" if _matchcore is not None and isinstance(core, _matchcore.Core) else "python"


def new_core(size: int, backend: str | None = None) -> MatchingCore:
    """A core of ``size`` vertices on ``backend`` (default :data:`BACKEND`).

    :raises: :exc:`ValueError` for an unknown backend or a negative size;
        :exc:`RuntimeError` when the compiled core is asked for but not built.
    """
    name = BACKEND if backend is None else backend
    if name == "compiled" and _matchcore is not None:
        return _matchcore.Core(size)
    make = _table().get(name)
    if make is None:
        if name == "compiled":
            raise RuntimeError("the compiled matching core (swisspair.matching._matchcore) is not built")
        raise ValueError(f"unknown matching backend: {name!r}")
    return make(size)


__all__ = ["BACKEND", "COMPILED_AVAILABLE", "CORES", "backend_of", "new_core"]  # noqa: F822 - CORES: __getattr__
