"""The engine-compatible command line, as JaVaFo and bbpPairings accept it.

Tournament software calls these engines as::

    swisspair --dutch IN.trf -p [OUT]            pair the next round
    swisspair --dutch IN.trf -c                  check every round of a tournament
    swisspair --dutch -g [CONFIG] -o OUT.trf [-s SEED]   generate a random tournament

``-p`` writes the number of pairs on the first line, then one ``WHITE BLACK``
line per board by pairing number, the pairing-allocated bye as ``N 0``. The
exit codes are those of :class:`swisspair.cli.ExitCode`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from swisspair import trf
from swisspair.errors import SwissPairError
from swisspair.fileio import write_atomically

OK = 0
"""``ExitCode.OK``: the success path does not import :mod:`swisspair.cli` (and click)."""

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
    from swisspair.cli import ExitCode

    print(f"swisspair: error: {message} ({USAGE})", file=sys.stderr)
    return int(ExitCode.INVALID_REQUEST)


def run(args: Sequence[str]) -> int:
    """Run the engine form; returns the exit code."""
    system = SYSTEM_FLAGS[args[0]]
    rest = list(args[1:])
    mode: str | None = None
    input_file: str | None = None
    output: str | None = None
    config: str | None = None
    seed: int | None = None
    i = 0
    while i < len(rest):
        arg = rest[i]
        nxt = rest[i + 1] if i + 1 < len(rest) else None
        takes_value = nxt is not None and not nxt.startswith("-")
        if arg == "-p":
            mode = "pair"
            if takes_value:
                output = nxt
                i += 1
        elif arg == "-c":
            mode = "check"
        elif arg == "-g":
            mode = "generate"
            if takes_value:
                config = nxt
                i += 1
        elif arg == "-o":
            if nxt is None:
                return _usage_error("-o needs a file name")
            output = nxt
            i += 1
        elif arg == "-s":
            if nxt is None or not nxt.lstrip("-").isdigit():
                return _usage_error("-s needs an integer seed")
            seed = int(nxt)
            i += 1
        elif arg.startswith("-"):
            return _usage_error(f"unknown option {arg!r}")
        elif input_file is None:
            input_file = arg
        else:
            return _usage_error(f"unexpected argument {arg!r}")
        i += 1
    try:
        if mode == "generate":
            return _generate(system, config, output, seed)
        if mode is None:
            return _usage_error("one of -p, -c or -g is needed")
        if input_file is None:
            return _usage_error("an input file is needed")
        read = trf.load(input_file)
        for line in trf.format_warnings(read.warnings):
            print(line, file=sys.stderr)
        tournament = read.tournament
        if mode == "pair":
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
        if mode == "check":
            from swisspair.pairing import find_system
            from swisspair.pairing.checker import check_rounds

            engine = find_system(system)
            failures = 0
            own_checker = getattr(engine, "check_rounds", None)  # systems that pair other units (teams)
            for result in (own_checker(tournament) if own_checker else check_rounds(tournament, engine.pair)):
                if not result.ok:
                    failures += 1
                    print(result.describe())
            if failures:
                from swisspair.cli import ExitCode

                print(f"{failures} round(s) differ", file=sys.stderr)
                return int(ExitCode.NO_VALID_PAIRING)
            return OK
        return _usage_error("one of -p, -c or -g is needed")
    except (SwissPairError, OSError) as error:
        from swisspair.cli import error_message, exit_code_for

        print(f"swisspair: error: {error_message(error)}", file=sys.stderr)
        return int(exit_code_for(error))


def _generate(system: str, config_path: str | None, output: str | None, seed: int | None) -> int:
    import random

    from swisspair.generator import GeneratorConfig, generate
    from swisspair.pairing import find_system

    if output is None:
        return _usage_error("-g needs -o OUTPUT.trf")
    config = GeneratorConfig.load(config_path) if config_path else GeneratorConfig()
    engine = find_system(system)
    actual_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    own_generator = getattr(engine, "generate", None)  # systems that pair other units (teams)
    tournament = own_generator(config, actual_seed) if own_generator else generate(config, actual_seed, engine.pair)
    write_atomically(output, trf.dumps(tournament))
    if seed is None:
        print(f"seed {actual_seed}", file=sys.stderr)
    return OK
