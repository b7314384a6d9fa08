"""The engine-compatible command line, as JaVaFo and bbpPairings accept it.

Tournament software calls these engines as::

    swisspair --dutch IN.trf -p [OUT]            pair the next round
    swisspair --dutch IN.trf -c                  check every round of a tournament
    swisspair --dutch -g [CONFIG] -o OUT.trf [-s SEED]   generate a random tournament

``-p`` writes the number of pairs on the first line, then one ``WHITE BLACK``
line per board by pairing number, the pairing-allocated bye as ``N 0``. The
exit codes are those of :class:`swisspair.exitcodes.ExitCode`.
"""

from __future__ import annotations

import sys

from swisspair import trf
from swisspair.errors import SwissPairError
from swisspair.fileio import write_atomically

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from swisspair.model import Tournament

OK = 0
"""``ExitCode.OK``: the success path does not import :mod:`swisspair.exitcodes`."""

SYSTEM_FLAGS = {
    "--dutch": "dutch",
    "--burstein": "burstein",
    "--dubov": "dubov",
    "--lim": "lim",
    "--double-swiss": "double-swiss",
    "--team": "team",
    "--dutch-2017": "dutch-2017",
    "--dutch-1992": "dutch-1992",
    "--fide-1987": "fide-1987",
    "--simple": "simple",
}

USAGE = ("usage: swisspair --dutch INPUT.trf -p [OUTPUT] | -c, or swisspair --dutch -g [CONFIG] -o OUTPUT.trf "
         "[-s SEED]; see 'swisspair --help'")
"""The hint given with a usage error, on the same line (any system flag may replace ``--dutch``)."""


def is_engine_invocation(args: Sequence[str]) -> bool:
    """Whether ``args`` use the engine form (a system flag such as ``--dutch``)."""
    return bool(args) and args[0] in SYSTEM_FLAGS


def _usage_error(message: str) -> int:
    from swisspair.exitcodes import ExitCode

    print(f"swisspair: error: {message} ({USAGE})", file=sys.stderr)
    return int(ExitCode.INVALID_REQUEST)


_MODES = {"-p": ("pair", "output"), "-c": ("check", None), "-g": ("generate", "config")}
"""The mode flags: the mode, and where the optional value after it goes (``-p [OUTPUT]``, ``-g [CONFIG]``)."""


class _Request:
    """What the engine form asks for (a plain class: a dataclass costs start-up time)."""

    __slots__ = ("config", "input_file", "mode", "output", "seed")

    def __init__(self) -> None:
        self.mode: str | None = None
        self.input_file: str | None = None
        self.output: str | None = None
        self.config: str | None = None
        self.seed: int | None = None


def _parse(rest: Sequence[str]) -> _Request | str:
    """The options after the system flag, or the usage error (a message)."""
    request = _Request()
    i = 0
    while i < len(rest):
        arg = rest[i]
        nxt = rest[i + 1] if i + 1 < len(rest) else None
        if arg in _MODES:
            request.mode, slot = _MODES[arg]
            if slot is not None and nxt is not None and not nxt.startswith("-"):
                if slot == "output":
                    request.output = nxt
                else:
                    request.config = nxt
                i += 1
        elif arg == "-o":
            if nxt is None:
                return "-o needs a file name"
            request.output = nxt
            i += 1
        elif arg == "-s":
            if nxt is None or not nxt.lstrip("-").isdigit():
                return "-s needs an integer seed"
            request.seed = int(nxt)
            i += 1
        elif arg.startswith("-"):
            return f"unknown option {arg!r}"
        elif request.input_file is None:
            request.input_file = arg
        else:
            return f"unexpected argument {arg!r}"
        i += 1
    return request


def run(args: Sequence[str]) -> int:
    """Run the engine form; returns the exit code."""
    system = SYSTEM_FLAGS[args[0]]
    request = _parse(args[1:])
    if isinstance(request, str):
        return _usage_error(request)
    try:
        if request.mode == "generate":
            return _generate(system, request.config, request.output, request.seed)
        if request.mode is None:
            return _usage_error("one of -p, -c or -g is needed")
        if request.input_file is None:
            return _usage_error("an input file is needed")
        read = trf.load(request.input_file)
        for line in trf.format_warnings(read.warnings):
            print(line, file=sys.stderr)
        if request.mode == "pair":
            return _pair(system, read.tournament, request.input_file, request.output)
        return _check(system, read.tournament)
    except (SwissPairError, OSError) as error:
        from swisspair.exitcodes import error_message, exit_code_for

        print(f"swisspair: error: {error_message(error)}", file=sys.stderr)
        return int(exit_code_for(error))


def _pair(system: str, tournament: Tournament, input_file: str, output: str | None) -> int:
    """``-p``: the next round in the engine format, to ``output`` or standard output."""
    from swisspair.pairing import pair
    from swisspair.pairing.state import round_to_pair

    round_to_pair(tournament, source=input_file)  # refused with the file's name, by every system
    pairing = pair(tournament, system)
    text = "\n".join(pairing.engine_lines()) + "\n"
    if output is None:
        sys.stdout.write(text)
    else:
        write_atomically(output, text)
    return OK


def _check(system: str, tournament: Tournament) -> int:
    """``-c``: every round re-paired and compared; the differing ones printed, exit 1 if any."""
    from swisspair.pairing import find_system

    failures = 0
    for result in find_system(system).check_rounds(tournament):
        if not result.ok:
            failures += 1
            print(result.describe())
    if failures:
        from swisspair.exitcodes import ExitCode

        print(f"{failures} round(s) differ", file=sys.stderr)
        return int(ExitCode.NO_VALID_PAIRING)
    return OK


def _generate(system: str, config_path: str | None, output: str | None, seed: int | None) -> int:
    import random

    from swisspair.generator import GeneratorConfig
    from swisspair.pairing import find_system, generate

    if output is None:
        return _usage_error("-g needs -o OUTPUT.trf")
    config = GeneratorConfig.load(config_path) if config_path else GeneratorConfig()
    actual_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    tournament = generate(find_system(system), config, actual_seed)
    write_atomically(output, trf.dumps(tournament))
    if seed is None:
        print(f"seed {actual_seed}", file=sys.stderr)
    return OK
