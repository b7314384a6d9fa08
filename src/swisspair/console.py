"""The ``swisspair`` command's entry point.

The engine-compatible form (``swisspair --dutch IN.trf -p OUT``) is what
tournament software calls before every round, so it is dispatched here
without importing the click command line (:mod:`swisspair.cli`) and the
commands it registers, and so is ``swisspair --version``; everything else goes
to :func:`swisspair.cli.main`.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import NoReturn


def main(argv: Sequence[str] | None = None) -> None:
    """Run ``swisspair`` with ``argv`` (default: the process's arguments)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:  # click's message, without loading click
        from swisspair import __version__

        print(f"swisspair, version {__version__}")
        sys.exit(0)
    from swisspair import engine_cli

    if engine_cli.is_engine_invocation(args):
        if argv is None:  # this process is the command: it pairs once and exits
            _one_short_run()
            _exit(engine_cli.run(args))
        sys.exit(engine_cli.run(args))
    from swisspair.cli import main as cli_main

    cli_main(args)


def _one_short_run() -> None:
    """Set the cycle collector for a process that pairs one round and exits.

    What is alive at the start (the interpreter's own objects) is moved out
    of the collector's view (``gc.freeze``) and the youngest generation is
    collected every 20,000 new objects rather than 700: reading and pairing
    100 players made a dozen collections that each walked every object
    imported so far (about 4 % of the process's instructions), and at 5,000
    still four young collections during the imports and the reading (2 %).
    Cycles are still collected.
    """
    import gc

    gc.freeze()
    gc.set_threshold(_YOUNG_COLLECTION)


_YOUNG_COLLECTION = 20_000
"""New objects between two collections of the youngest generation in a one-round process."""


def _exit(code: int) -> NoReturn:
    """Exit with ``code`` once the exit handlers have run and the output is flushed, without the
    interpreter's finalisation (freeing every module and object one by one: 5 % of the engine
    form's instructions at 100 players, for memory the system takes back at once).

    When flushing fails (a closed pipe), the interpreter's own exit reports it, as it did before.
    """
    import atexit
    import os

    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        sys.exit(code)
    os._exit(code)
