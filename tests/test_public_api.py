"""The public API: what ``swisspair`` exports, the README's example, and what ``import swisspair`` loads."""

from __future__ import annotations

import contextlib
import inspect
import io
import json
import re
import subprocess
import sys
import typing
from pathlib import Path

import pytest

import swisspair
from swisspair.model import Result

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_example() -> tuple[str, str]:
    """The code and the printed output of the README's "Use from Python" section."""
    section = README.read_text(encoding="utf-8").split("## Use from Python", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    output = re.search(r"```text\n(.*?)```", section, re.S)
    assert code is not None and output is not None, "the section holds a python block and its output"
    return code.group(1), output.group(1)


def test_the_readme_example_prints_what_the_readme_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, expected = readme_example()
    assert len(code.strip().splitlines()) < 20
    monkeypatch.chdir(tmp_path)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(README), "exec"), {"__name__": "__readme__"})
    assert printed.getvalue() == expected
    written = swisspair.read_trf(tmp_path / "club-open.trf")
    assert written.warnings == []
    assert written.tournament.paired_rounds == 3


def test_every_public_name_imports_and_is_documented() -> None:
    aliases = Path(inspect.getfile(swisspair)).parent
    for name in swisspair.__all__:
        value = getattr(swisspair, name)
        if name == "__version__":
            continue
        assert name in dir(swisspair)
        if typing.get_origin(value) is not None:  # a type alias: its docstring is the line after it
            module = swisspair._EXPORTS[name].removeprefix("swisspair.").replace(".", "/")
            source = (aliases / f"{module}.py").read_text(encoding="utf-8")
            assert re.search(rf'^{name} = .*\n(?:    .*\n)*"""\S', source, re.M), f"swisspair.{name}: no docstring"
            continue
        assert inspect.getdoc(value), f"swisspair.{name} has no docstring"


def test_every_public_function_is_typed_and_has_an_example() -> None:
    functions = [getattr(swisspair, name) for name in swisspair.__all__ if inspect.isfunction(getattr(swisspair, name))]
    assert len(functions) >= 14
    for function in functions:
        signature = inspect.signature(function)
        assert signature.return_annotation is not inspect.Signature.empty, function.__name__
        assert all(p.annotation is not inspect.Parameter.empty for p in signature.parameters.values()), function
        assert ">>> " in (function.__doc__ or ""), f"{function.__name__}: no example in the docstring"


def test_every_public_error_derives_from_swisspair_error() -> None:
    errors = [getattr(swisspair, name) for name in swisspair.__all__ if name.endswith("Error")]
    assert len(errors) >= 10
    for error in errors:
        assert issubclass(error, swisspair.SwissPairError)
        assert error.__module__ == "swisspair.errors"


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'pairr'"):
        swisspair.pairr  # noqa: B018


def test_importing_the_package_loads_no_engine_nor_the_model() -> None:
    code = "import json, sys, swisspair; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = {name for name in json.loads(done.stdout) if name.startswith("swisspair")}
    assert loaded == {"swisspair", "swisspair.lazy"}


def test_pair_leaves_the_tournament_as_it_was() -> None:
    t = swisspair.new_tournament(rounds=3, players=["A", "B", "C", "D", "E", "F"])
    before = swisspair.write_trf(t)
    pairing = swisspair.pair(t, forbidden=[(1, 4)], absent=[6], acceleration="none")
    assert swisspair.write_trf(t) == before
    assert swisspair.Board(1, 4) not in pairing.boards and swisspair.Board(4, 1) not in pairing.boards
    assert 6 not in {p for b in pairing.boards for p in (b.white, b.black)}


def test_an_absent_player_gets_a_zero_point_bye_and_a_requested_bye_its_half_point() -> None:
    # C.04.1 art. 5 (requested byes are not paired); the absent player scores nothing
    t = swisspair.new_tournament(rounds=3, players=["A", "B", "C", "D", "E", "F"])
    swisspair.add_bye(t, 2)
    pairing = swisspair.pair(t, absent=[6])
    swisspair.record_round(t, pairing, ["1-0"] * len(pairing.boards))
    assert t.player(2).result(1).result is Result.HALF_BYE and t.score(2) == swisspair.Scoring().draw
    assert t.player(6).result(1).result is Result.ZERO_BYE and t.score(6) == 0
    assert [check.ok for check in swisspair.check_rounds(t)] == [True]  # the byes are in the record


def test_record_round_refuses_what_it_cannot_record() -> None:
    t = swisspair.new_tournament(rounds=2, players=["A", "B"])
    pairing = swisspair.pair(t)
    with pytest.raises(swisspair.InvalidRequestError, match="1 boards, 2 results"):
        swisspair.record_round(t, pairing, ["1-0", "0-1"])
    with pytest.raises(swisspair.InvalidRequestError, match="result '2-0'"):
        swisspair.record_round(t, pairing, ["2-0"])
    swisspair.record_round(t, pairing, ["1-0"])
    with pytest.raises(swisspair.InvalidRequestError, match="already recorded"):
        swisspair.record_round(t, pairing, ["1-0"])
    with pytest.raises(swisspair.InvalidRequestError, match="already paired"):
        swisspair.add_bye(t, 1, "H", 1)
    with pytest.raises(swisspair.InvalidRequestError, match="no participant"):
        swisspair.pair(t, absent=[9])


def test_a_round_beyond_the_last_is_refused() -> None:
    t = swisspair.new_tournament(rounds=1, players=["A", "B"])
    swisspair.record_round(t, swisspair.pair(t), ["1-0"])
    with pytest.raises(swisspair.SwissPairError, match="beyond the 1 rounds"):
        swisspair.pair(t)


def test_the_same_event_through_a_file_pairs_the_same(tmp_path: Path) -> None:
    t = swisspair.new_tournament("Round trip", rounds=4, players=[(f"P{n}", 2400 - 10 * n) for n in range(9)])
    for _ in range(2):
        swisspair.record_round(t, swisspair.pair(t), ["1-0", "0-1", "1/2-1/2", "+-"])
    path = tmp_path / "t.trf"
    swisspair.write_trf(t, path)
    again = swisspair.read_trf(path).tournament
    assert swisspair.pair(again) == swisspair.pair(t)
    assert swisspair.parse_trf(path.read_bytes()).tournament.players.keys() == t.players.keys()


def test_all_names_exactly_the_lazy_exports() -> None:
    assert sorted(swisspair.__all__) == sorted([*swisspair._EXPORTS, "__version__"])
