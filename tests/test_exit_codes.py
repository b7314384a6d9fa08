"""Exit codes and messages as the README's table promises, for every command and both forms.

A directory or an unreadable file is 5 with one line; a wrong option or a usage
error is 3 with one line and a hint; ``serve`` without the web extra is 3; a
missing spreadsheet file names its path.
"""

from __future__ import annotations

import builtins
import os
import sys
from pathlib import Path

import pytest

from swisspair.cli import main
from swisspair.exitcodes import ExitCode
from swisspair.engine_cli import SYSTEM_FLAGS
from swisspair.errors import SwissPairError
from swisspair.pairing import pair, system_names
from swisspair.trf import dumps

from helpers import make_tournament

COMMANDS = [["pair"], ["check"], ["generate"], ["demo"], ["systems"], ["trf", "validate"], ["trf", "convert"],
            ["standings"], ["playoff"], ["roundrobin"], ["varma"], ["rounds"], ["simple", "pair"], ["serve"]]
"""Every click command (subcommands by their path)."""


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    """Exit code and the lines on standard error of ``swisspair ARGS``, run as a process would."""
    with pytest.raises(SystemExit) as exc:
        main(args)
    code = exc.value.code
    return (int(code) if code is not None else 0), capsys.readouterr().err.splitlines()


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """A valid 4-player, 3-round TRF with round 1 played (everybody on ½: a play-off for first place)."""
    path = tmp_path / "event.trf"
    t = make_tournament(3, [2000, 1900, 1800, 1700], [["1-3 =-=", "2-4 =-="]])
    t.name = "Exit codes"  # a complete file: no reader warning beside the one error line
    path.write_text(dumps(t), encoding="utf-8")
    return path


@pytest.fixture
def unreadable(event: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``event`` without read permission (as root, where permissions do not stop reading, reads fail the same way)."""
    event.chmod(0)
    if os.access(event, os.R_OK):  # root
        original_read, original_open = Path.read_bytes, Path.open

        def refuse(path: Path) -> None:
            if path == event:
                raise PermissionError(13, "Permission denied", str(path))

        def read_bytes(path: Path) -> bytes:
            refuse(path)
            return original_read(path)

        def open_(path: Path, *args: object, **kwargs: object) -> object:
            refuse(path)
            return original_open(path, *args, **kwargs)  # type: ignore[call-overload]

        def builtin_open(file: object, *args: object, **kwargs: object) -> object:
            if isinstance(file, (str, os.PathLike)):
                refuse(Path(file))
            return original_builtin_open(file, *args, **kwargs)  # type: ignore[call-overload]

        original_builtin_open = builtins.open  # the TRF reader opens with open(): no pathlib at start-up
        monkeypatch.setattr(Path, "read_bytes", read_bytes)
        monkeypatch.setattr(Path, "open", open_)
        monkeypatch.setattr(builtins, "open", builtin_open)
    return event


# -- a directory or an unreadable file: 5, one line ---------------------------------------------------

FILE_COMMANDS = [["--dutch", "{f}", "-p"], ["--dutch", "{f}", "-c"], ["--burstein", "{f}", "-p"],
                 ["pair", "{f}"], ["check", "{f}"], ["trf", "validate", "{f}"], ["trf", "convert", "{f}"],
                 ["standings", "{f}"], ["playoff", "{f}", "--state", "po.json", "--seed", "1"],
                 ["simple", "pair", "--teams", "{f}"]]


@pytest.mark.parametrize("form", FILE_COMMANDS, ids=lambda form: " ".join(form[:2]))
def test_a_directory_is_a_file_error(form: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run([arg.format(f=tmp_path) for arg in form], capsys)
    assert code == ExitCode.FILE_ERROR
    assert len(err) == 1 and str(tmp_path) in err[0] and "directory" in err[0], err


@pytest.mark.parametrize("form", FILE_COMMANDS[:-1], ids=lambda form: " ".join(form[:2]))
def test_an_unreadable_file_is_a_file_error(form: list[str], unreadable: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run([arg.format(f=unreadable) for arg in form], capsys)
    assert code == ExitCode.FILE_ERROR
    assert len(err) == 1 and str(unreadable) in err[0], err


@pytest.mark.parametrize("form", [["-o", "{d}"], ["-p", "{d}"]], ids=["generate -o", "pair -p"])
def test_an_output_that_is_a_directory_is_a_file_error(form: list[str], event: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    out.mkdir()
    # a fixed seed: about 1 random seed in 30 generates an event the engine cannot pair (exit 1, not this test)
    args = (["--dutch", "-g", "-o", str(out), "-s", "1"] if form[0] == "-o"
            else ["--dutch", str(event), "-p", str(out)])
    code, err = run(args, capsys)
    assert code == ExitCode.FILE_ERROR
    assert err == [f"swisspair: error: {out}: is a directory, not a file"]


def test_a_missing_spreadsheet_file_names_its_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``simple pair --teams nope.csv``: 5 and the path, not Python's ``[Errno 2]`` text."""
    missing = tmp_path / "nope.csv"
    code, err = run(["simple", "pair", "--teams", str(missing)], capsys)
    assert code == ExitCode.FILE_ERROR
    assert err == [f"swisspair: error: {missing}: No such file or directory"]


# -- a wrong option or a usage error: 3, one line with a hint -------------------------------------------

@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_wrong_option_is_an_invalid_request(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run([*command, "--no-such-option"], capsys)
    assert code == ExitCode.INVALID_REQUEST
    assert len(err) == 1, err
    assert "--no-such-option" in err[0] and f"try 'swisspair {' '.join(command)} --help'" in err[0]


@pytest.mark.parametrize("args", [["pair"], ["no-such-command"], ["pair", "--round", "x", "f.trf"],
                                  ["trf"], ["generate"]], ids=" ".join)
def test_a_usage_error_is_an_invalid_request(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(args, capsys)
    assert code == ExitCode.INVALID_REQUEST
    assert len(err) == 1 and "--help" in err[0], err


@pytest.mark.parametrize("args", [["--dutch", "f.trf", "--no-such-option"], ["--dutch", "f.trf"],
                                  ["--dutch", "-g"], ["--dutch", "f.trf", "-s"]], ids=" ".join)
def test_the_engine_form_answers_usage_errors_the_same_way(args: list[str],
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(args, capsys)
    assert code == ExitCode.INVALID_REQUEST
    assert len(err) == 1 and "--help" in err[0], err


def test_help_and_version_still_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--help"], capsys)[0] == ExitCode.OK
    assert run(["pair", "--help"], capsys)[0] == ExitCode.OK
    assert run(["--version"], capsys)[0] == ExitCode.OK


@pytest.mark.parametrize("command", ["serve", "worker"])
def test_serve_without_the_web_extra_is_an_invalid_request(command: str, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 3, not 1 (which means "no valid pairing"), for the manager and its job worker alike."""
    monkeypatch.setitem(sys.modules, "django", None)  # import django -> ImportError
    code, err = run([command], capsys)
    assert code == ExitCode.INVALID_REQUEST
    assert err == ["swisspair: error: the manager needs the web extra: pip install 'swisspair[web]'"]


# -- a round beyond the announced number: every system refuses it the same way -------------------------

@pytest.mark.parametrize("system", system_names())
def test_every_system_refuses_a_round_beyond_the_announced_number(system: str, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A finished 2-round event: round 3 is refused (exit 3, the file named), not paired as "round 3 of 2"."""
    finished = make_tournament(2, [2000, 1900, 1800, 1700, 1600, 1500],
                               [["1-4 1-0", "2-5 =-=", "3-6 0-1"], ["6-1 0-1", "4-2 =-=", "5-3 0-1"]])
    finished.name = "Finished"
    path = tmp_path / "finished.trf"
    path.write_text(dumps(finished), encoding="utf-8")
    with pytest.raises(SwissPairError, match=r"^round 3 is beyond the 2 rounds of the tournament \(XXR/142\)$"):
        pair(finished, system)
    expected = f"swisspair: error: {path}: round 3 is beyond the 2 rounds of the tournament (XXR/142)"
    out = tmp_path / "out.txt"
    assert run(["pair", "--system", system, str(path), "-p", str(out)], capsys) == (ExitCode.INVALID_REQUEST,
                                                                                    [expected])
    flag = next((f for f, name in SYSTEM_FLAGS.items() if name == system), None)
    if flag is not None:
        assert run([flag, str(path), "-p", str(out)], capsys) == (ExitCode.INVALID_REQUEST, [expected])
    assert not out.exists()
