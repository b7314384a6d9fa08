"""Public names imported on first use (PEP 562), for the packages whose start-up counts.

``swisspair``, ``swisspair.trf`` and ``swisspair.matching`` name what they export
and the module that defines each; the module is imported only when the name is
first asked for, so that ``swisspair --version``, ``--help`` and the engine form
load only the modules they need (docs/pairing.md, "Start-up").
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable


def lazy_exports(package: str, exports: dict[str, str], namespace: dict[str, object]) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``package``: ``exports`` maps a public name to its module.

    The value found is kept in ``namespace`` (the package's globals), so each name is looked up once.
    """

    def __getattr__(name: str) -> object:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        __import__(module)  # the builtin: the importlib package would load warnings too
        value = getattr(sys.modules[module], name)
        namespace[name] = value
        return value

    return __getattr__
