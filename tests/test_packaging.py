"""Packaging: ``python -m build`` makes an sdist and a wheel that install into a fresh virtual
environment and pair a file; the sdist carries the C source of the matching core and compiles it;
without a C compiler the install still succeeds and pairs on the pure-Python core.

The install tests are slow (a virtual environment each; pip reaches the package index for click,
and for setuptools when it builds the sdist); the package-data check is fast.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest
from helpers import corpus_files

from swisspair import trf

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"


def package_data() -> dict[str, list[str]]:
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data: dict[str, list[str]] = settings["tool"]["setuptools"]["package-data"]
    return data


def test_every_package_data_pattern_names_files_that_exist() -> None:
    for package, patterns in package_data().items():
        folder = SRC.joinpath(*package.split("."))
        assert (folder / "__init__.py").is_file(), f"package-data names {package}, which is no package"
        for pattern in patterns:
            assert [p for p in folder.glob(pattern) if p.is_file()], f"{package}: {pattern} matches no file"


def test_every_file_of_the_packages_that_is_not_python_is_package_data() -> None:
    covered: set[Path] = set()
    for package, patterns in package_data().items():
        folder = SRC.joinpath(*package.split("."))
        for pattern in patterns:
            covered.update(folder.glob(pattern))
    tracked = subprocess.run(["git", "ls-files", "src"], cwd=ROOT, capture_output=True, text=True, check=True)
    others = [ROOT / name for name in tracked.stdout.split()
              if not name.endswith((".py", ".c"))]  # C sources go with their extension (setup.py)
    assert [str(p.relative_to(ROOT)) for p in others if p not in covered] == []


# ---------------------------------------------------------------- slow: build and install


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the wheel that ``python -m build`` makes from a copy of the tracked files."""
    tree = tmp_path_factory.mktemp("tree")
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in tracked.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tree / name)
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(tree)],
                          check=True, capture_output=True, text=True)
    # build makes the sdist, then the wheel from that sdist (not from the tree): the wheel's compiled core
    # is the sdist's C source compiled
    assert "wheel from sdist" in done.stdout + done.stderr, done.stdout + done.stderr
    return out


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tournament of the Dutch corpus before its last round."""
    t = trf.load(corpus_files("dutch")[3]).tournament
    partial = t.truncated(t.recorded_rounds - 1)
    partial.rounds = t.recorded_rounds
    path = tmp_path_factory.mktemp("event") / "event.trf"
    path.write_text(trf.dumps(partial))
    return path


def only(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    assert len(found) == 1, found
    return found[0]


def install(target: Path, tmp_path: Path, env: dict[str, str] | None = None) -> Path:
    """A fresh virtual environment with ``target`` installed by pip; its ``bin`` folder."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    done = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(target)],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    return venv / "bin"


def compiled_cores(bin_folder: Path) -> list[Path]:
    return sorted(bin_folder.parent.glob("lib/python*/site-packages/**/_matchcore*.so"))


def pairs(bin_folder: Path, event: Path, tmp_path: Path) -> None:
    """The installed command pairs ``event`` as this checkout does (engine form and ``pair``)."""
    out = tmp_path / "pairs.txt"
    subprocess.run([str(bin_folder / "swisspair"), "--dutch", str(event), "-p", str(out)], check=True, cwd=tmp_path)
    expected = tmp_path / "expected.txt"
    subprocess.run([sys.executable, "-m", "swisspair", "--dutch", str(event), "-p", str(expected)], check=True)
    assert out.read_text() == expected.read_text() and len(out.read_text().splitlines()) > 1
    code = ("import swisspair; t = swisspair.read_trf(__import__('sys').argv[1]).tournament; "
            "print(len(swisspair.pair(t).boards))")
    done = subprocess.run([str(bin_folder / "python"), "-c", code, str(event)], check=True, capture_output=True,
                          text=True, cwd=tmp_path)
    assert int(done.stdout) == int(expected.read_text().split()[0]) - (" 0\n" in expected.read_text())


@pytest.mark.slow
def test_the_sdist_carries_the_c_source_and_the_package_data(dist: Path) -> None:
    with tarfile.open(only(dist, "swisspair-*.tar.gz")) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    assert {"setup.py", "pyproject.toml", "README.md", "LICENSE", "src/swisspair/matching/_matchcore.c",
            "src/swisspair/schemas/pair.json", "src/swisspair/py.typed"} <= names
    with zipfile.ZipFile(only(dist, "swisspair-*.whl")) as wheel:
        inside = set(wheel.namelist())
        metadata = wheel.read(next(name for name in inside if name.endswith(".dist-info/METADATA"))).decode()
    # the licence the metadata names is the file shipped; what it is, for the indexes
    assert "License-Expression: MIT" in metadata and "License-File: LICENSE" in metadata
    assert "Classifier: Typing :: Typed" in metadata and "Project-URL: " in metadata
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in inside)
    for package, patterns in package_data().items():
        folder = SRC.joinpath(*package.split("."))
        for pattern in patterns:
            for path in folder.glob(pattern):
                assert str(path.relative_to(SRC)) in inside


@pytest.mark.slow
def test_the_sdist_compiles_the_matching_core_into_a_wheel_that_installs_and_pairs(
        dist: Path, event: Path, tmp_path: Path) -> None:
    """The wheel is built from the sdist (``dist``): it installs with the compiled core and pairs. (Installing
    the sdist with pip too would only compile the same source again; the build without a C compiler
    below installs the sdist itself, in pip's isolated build environment.)"""
    bin_folder = install(only(dist, "swisspair-*.whl"), tmp_path)
    assert compiled_cores(bin_folder)
    pairs(bin_folder, event, tmp_path)


@pytest.mark.slow
def test_the_sdist_installs_without_a_c_compiler_and_pairs(dist: Path, event: Path, tmp_path: Path) -> None:
    hidden = tmp_path / "no-compiler"
    hidden.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("CC", "CXX", "LDSHARED", "PATH")}
    env.update(CC=str(hidden / "cc"), CXX=str(hidden / "cc"), LDSHARED=str(hidden / "cc"), PATH=str(hidden))
    (hidden / "cc").write_text("#!/bin/sh\necho 'no C compiler here' >&2\nexit 1\n")
    (hidden / "cc").chmod(0o755)
    bin_folder = install(only(dist, "swisspair-*.tar.gz"), tmp_path, env)
    assert compiled_cores(bin_folder) == []
    pairs(bin_folder, event, tmp_path)
