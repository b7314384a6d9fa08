"""Output files respect the umask, and an overwritten file keeps its mode.

Every file the command line writes goes through ``write_atomically`` (a
temporary file, then a rename): the temporary file must be created as
``open()`` would create the output (``0o666`` less the umask), not ``0o600``.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from swisspair.exitcodes import ExitCode
from swisspair.trf import dumps

from helpers import make_tournament, run_cli

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """4 players, 3 rounds, round 1 played and all level (so a play-off for first place exists)."""
    path = tmp_path / "event.trf"
    path.write_text(dumps(make_tournament(3, [2000, 1900, 1800, 1700], [["1-3 =-=", "2-4 =-="]])), encoding="utf-8")
    return path


def _args(name: str, event: Path, out: Path) -> list[str]:
    return {
        "engine -p": ["--dutch", str(event), "-p", str(out)],
        "engine -g -o": ["--dutch", "-g", "-o", str(out), "-s", "1"],
        "pair -p": ["pair", str(event), "-p", str(out)],
        "generate -o": ["generate", "--players", "6", "--rounds", "2", "-o", str(out)],
        "trf convert -o": ["trf", "convert", str(event), "-o", str(out)],
        "standings -o": ["standings", str(event), "-o", str(out)],
        "playoff --state": ["playoff", str(event), "--state", str(out), "--seed", "1"],
    }[name]


OUTPUTS = ["engine -p", "engine -g -o", "pair -p", "generate -o", "trf convert -o", "standings -o", "playoff --state"]


@pytest.fixture
def umask() -> Iterator[Callable[[int], None]]:
    """Set the process umask for the test; the old one is restored afterwards."""
    old = os.umask(0o022)

    def set_umask(value: int) -> None:
        os.umask(value)

    yield set_umask
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("output", OUTPUTS)
@pytest.mark.parametrize(("mask", "expected"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_output_gets_the_mode_open_would_give(output: str, mask: int, expected: int, event: Path,
                                                    tmp_path: Path, umask: Callable[[int], None]) -> None:
    out = tmp_path / "out"
    umask(mask)
    assert run_cli(_args(output, event, out)) == ExitCode.OK
    assert mode(out) == expected
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left


@pytest.mark.parametrize("output", OUTPUTS)
def test_an_overwritten_output_keeps_its_mode(output: str, event: Path, tmp_path: Path,
                                              umask: Callable[[int], None]) -> None:
    out = tmp_path / "out"
    if output == "playoff --state":  # the state file is read back: start from a valid one
        assert run_cli(_args(output, event, out)) == ExitCode.OK
    else:
        out.write_text("old\n")
    out.chmod(0o640)
    umask(0o077)
    assert run_cli(_args(output, event, out)) == ExitCode.OK
    assert mode(out) == 0o640
    assert out.read_text() != "old\n"
