"""``swisspair trf validate`` and ``swisspair trf convert``: exit codes and one-line located messages."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisspair import trf
from swisspair.cli import cli, main
from swisspair.exitcodes import ExitCode, exit_code_for
from swisspair.errors import TRFError

try:
    from test_trf_reader import BASE_NAMES, CASES, CORPUS_FILES, DATA, corrupt
except ImportError:  # tests/ imported as a package
    from tests.test_trf_reader import BASE_NAMES, CASES, CORPUS_FILES, DATA, corrupt

FIXTURES = sorted(DATA.glob("*.trf"))


def invoke(*args: str | Path) -> tuple[int, list[str], list[str]]:
    """Run the click group in-process: exit code, stdout lines, stderr lines."""
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout.splitlines(), result.stderr.splitlines()


def run_main(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, list[str], list[str]]:
    """Run the ``swisspair`` entry point (``main``) in-process."""
    with pytest.raises(SystemExit) as info:
        main([str(a) for a in args])
    captured = capsys.readouterr()
    code = info.value.code
    return int(code) if isinstance(code, int) else 1, captured.out.splitlines(), captured.err.splitlines()


@pytest.mark.slow
def test_validate_accepts_the_whole_corpus() -> None:
    code, out, err = invoke("trf", "validate", *CORPUS_FILES)
    assert code == 0, err[:3]
    assert err == []
    assert len(out) == len(CORPUS_FILES)
    assert all(line.startswith(f"{path}: ok: ") for line, path in zip(out, CORPUS_FILES))


def test_validate_accepts_the_corpus_through_main(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "trf", "validate", "-q", *CORPUS_FILES[:50])
    assert (code, out, err) == (0, [], [])


def test_validate_reports_dialect_warnings_with_their_place() -> None:
    code, out, err = invoke("trf", "validate", *FIXTURES)
    assert code == 0
    assert [line.split(": ok: ")[0] for line in out] == [str(p) for p in FIXTURES]
    assert out[FIXTURES.index(DATA / "bbp-trf26-cr.trf")].endswith("ok: 6 players, 3 rounds paired of 5")
    assert err and all(line.endswith("(warning)") for line in err)
    expected = [f"{w} (warning)" for path in FIXTURES for w in trf.load(path).warnings]
    assert err == expected
    assert f"{DATA / 'vega-cr-dmy.trf'}:4:11: 001: title 'g' read as GM (warning)" in err


def test_validate_quiet_prints_nothing_for_valid_files() -> None:
    assert invoke("trf", "validate", "-q", *FIXTURES) == (0, [], [])


@pytest.mark.parametrize("base_name", BASE_NAMES)
@pytest.mark.parametrize("case", sorted(CASES))
def test_validate_rejects_corrupted_file_in_one_line(case: str, base_name: str, tmp_path: Path) -> None:
    path, corrupted = corrupt(case, base_name, tmp_path)
    options = ["--strict"] if corrupted.strict_only else []
    with pytest.raises(TRFError) as info:
        trf.load(path, strict=corrupted.strict_only)
    code, out, err = invoke("trf", "validate", *options, path)
    assert code == exit_code_for(info.value) != 0
    assert code in (ExitCode.INVALID_REQUEST, ExitCode.FILE_ERROR)
    assert out == []
    assert err == [str(info.value)]
    assert err[0].startswith(f"{path}:")
    assert "Traceback" not in err[0]


@pytest.mark.parametrize("case", sorted(CASES))
def test_main_rejects_corrupted_file_in_one_line(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, corrupted = corrupt(case, BASE_NAMES[0], tmp_path)
    options = ["--strict"] if corrupted.strict_only else []
    code, out, err = run_main(capsys, "trf", "validate", *options, path)
    assert code in (ExitCode.INVALID_REQUEST, ExitCode.FILE_ERROR)
    assert out == [] and len(err) == 1 and err[0].startswith(f"{path}:")


def test_validate_many_files_reports_each(tmp_path: Path) -> None:
    bad, _ = corrupt("bad-result-code", BASE_NAMES[0], tmp_path)
    empty, _ = corrupt("empty-file", BASE_NAMES[0], tmp_path)
    good = DATA / "bbp-trf26-cr.trf"
    code, out, err = invoke("trf", "validate", good, bad, empty, tmp_path / "missing.trf")
    assert code == ExitCode.FILE_ERROR  # the worst: files that cannot be read at all
    assert out == [f"{good}: ok: 6 players, 3 rounds paired of 5"]
    assert [line.split(":")[0] for line in err] == [str(bad), str(empty), str(tmp_path / "missing.trf")]
    assert "cannot read file" in err[2]


def test_validate_needs_a_file() -> None:
    code, _, err = invoke("trf", "validate")
    assert code == ExitCode.INVALID_REQUEST and len(err) == 1 and "Missing argument" in err[0]


def test_convert_writes_clean_trf(tmp_path: Path) -> None:
    source = DATA / "swissmanager-latin1-crlf.trf"
    output = tmp_path / "clean.trf"
    code, out, err = invoke("trf", "convert", source, "-o", output)
    assert code == 0 and out == []
    assert err == [f"{w} (warning)" for w in trf.load(source).warnings]
    data = output.read_bytes()
    assert b"\r" not in data and "Müller".encode() in data  # LF, UTF-8
    converted = trf.load(output)
    assert converted.tournament == trf.load(source).tournament
    assert [w.message for w in converted.warnings] == ["ruler line (DDD) kept as written"]


def test_convert_to_trf26_on_stdout() -> None:
    source = DATA / "javafo-extensions.trf"
    code, out, _ = invoke("trf", "convert", "--trf26", source)
    assert code == 0
    assert "142 5" in out and "152 W" in out and "260   1 999    1    6" in out
    # TRF26 has no record for the ranking by file order: "XXC rank" stays, alone.
    assert not any(line.startswith(("XXR", "XXC", "XXP")) for line in out if line != "XXC rank")
    # The same event (dates in the TRF form on both sides).
    assert trf.dumps(trf.loads("\n".join(out) + "\n").tournament) == trf.dumps(trf.load(source).tournament)


def test_convert_refuses_a_corrupted_file(tmp_path: Path) -> None:
    path, _ = corrupt("asymmetric-game", BASE_NAMES[0], tmp_path)
    output = tmp_path / "out.trf"
    code, out, err = invoke("trf", "convert", path, "-o", output)
    assert code == ExitCode.INVALID_REQUEST
    assert len(err) == 1 and err[0].startswith(f"swisspair: error: {path}:")
    assert not output.exists()


def test_python_m_swisspair_gives_no_traceback(tmp_path: Path) -> None:
    path, _ = corrupt("binary-garbage-inside", BASE_NAMES[0], tmp_path)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    done = subprocess.run([sys.executable, "-m", "swisspair", "trf", "validate", str(path)],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == ExitCode.INVALID_REQUEST
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith(f"{path}:")
