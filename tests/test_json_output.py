"""``--json`` on ``pair``, ``check``, ``standings`` and ``trf validate``: each document valid against the
versioned schema its command ships (swisspair/schemas), and carrying what the text output says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner
from helpers import corpus_files

from swisspair import schemas, trf
from swisspair.cli import cli
from swisspair.model import Colour, RoundResult

COMMANDS = sorted(schemas.SCHEMA_VERSIONS)
DATA = Path(__file__).parent / "data" / "trf"


def run(args: list[str], code: int = 0) -> dict[str, Any]:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == code, result.output
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def valid(document: dict[str, Any], command: str) -> dict[str, Any]:
    schema = schemas.load_schema(command)
    jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker()).validate(document)
    assert document["schema"] == schema["$id"] == schemas.schema_id(command)
    return document


@pytest.fixture
def finished() -> Path:
    return corpus_files("dutch")[3]


@pytest.mark.parametrize("command", COMMANDS)
def test_each_schema_is_a_valid_draft_2020_12_schema_with_a_versioned_id(command: str) -> None:
    schema = schemas.load_schema(command)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == f"urn:swisspair:schema:{command}:{schemas.SCHEMA_VERSIONS[command]}"
    assert f"version {schemas.SCHEMA_VERSIONS[command]}" in schema["title"]


def test_the_package_ships_one_schema_per_command_and_no_other() -> None:
    shipped = {path.stem for path in Path(schemas.__file__).parent.glob("*.json")}
    assert shipped == set(COMMANDS)


def test_pair_json(finished: Path, tmp_path: Path) -> None:
    t = trf.load(finished).tournament
    partial = t.truncated(t.recorded_rounds - 1)
    partial.rounds = t.recorded_rounds
    path = tmp_path / "round.trf"
    path.write_text(trf.dumps(partial))
    document = valid(run(["pair", str(path), "--json", "--explain"]), "pair")
    text = CliRunner().invoke(cli, ["pair", str(path)]).stdout
    assert document["round"] == t.recorded_rounds and document["system"] == "dutch"
    assert len(document["boards"]) == len(text.splitlines()) - 1 - (document["bye"] is not None)
    first = document["boards"][0]
    assert f"{first['white']['tpn']:>4} {first['white']['name'][:5]}" in text.splitlines()[1]
    assert document["explanation"]


def test_pair_json_with_a_bye(tmp_path: Path) -> None:
    path = tmp_path / "odd.trf"
    path.write_text("012 Odd\nXXR 3\n" + "".join(
        f"001 {n:>4}      Player {n:<26} {2000 - n:>4}\n" for n in range(1, 6)))
    document = valid(run(["pair", str(path), "--json"]), "pair")
    assert document["bye"] == {"tpn": 5, "name": "Player 5", "points": 0}
    assert document["explanation"] == []


def test_pair_json_of_a_team_system_names_teams(tmp_path: Path) -> None:
    # C.04.6: a team system pairs teams; the numbers are team numbers
    from swisspair.pairing.team import generate_team_tournament

    t = generate_team_tournament(6, 4, 5, seed=3)
    cut = t.truncated(2)
    cut.rounds = 5
    path = tmp_path / "teams.trf"
    path.write_text(trf.dumps(cut))
    document = valid(run(["pair", str(path), "--json"]), "pair")
    assert document["participants"] == "teams" and document["system"] == "team"
    names = {team.number: team.name for team in t.teams}
    for board in document["boards"]:
        for side in ("white", "black"):
            assert board[side]["name"] == names[board[side]["tpn"]] and board[side]["points"] is None
    players = valid(run(["pair", str(DATA / "vega-cr-dmy.trf"), "--json"]), "pair")
    assert players["participants"] == "players"


def test_check_json_identical(finished: Path) -> None:
    document = valid(run(["check", str(finished), "--json"]), "check")
    assert document["rounds_checked"] == document["identical"] == len(document["rounds"]) > 0
    assert all(r["ok"] and not r["expected_only"] and not r["produced_only"] for r in document["rounds"])


def test_check_json_names_a_differing_round(finished: Path, tmp_path: Path) -> None:
    t = trf.load(finished).tournament
    last = t.paired_rounds
    a, b = next((p.tpn, p.result(last).opponent) for p in t if p.result(last).played)
    assert b is not None
    for tpn in (a, b):  # the board of round `last` with colours swapped
        entry = t.player(tpn).results[last - 1]
        t.player(tpn).results[last - 1] = RoundResult(entry.opponent, entry.colour.opposite, entry.result)
    path = tmp_path / "swapped.trf"
    path.write_text(trf.dumps(t))
    document = valid(run(["check", str(path), "--json"], code=1), "check")
    differing = [r for r in document["rounds"] if not r["ok"]]
    assert [r["round"] for r in differing] == [last]
    white = a if t.player(a).result(last).colour is Colour.WHITE else b
    assert [white, ({a, b} - {white}).pop()] in differing[0]["expected_only"]
    assert document["identical"] == document["rounds_checked"] - 1


def test_standings_json(finished: Path) -> None:
    document = valid(run(["standings", str(finished), "--json", "--tiebreaks", "BH/C1,BH,SB", "--lots", "3"]),
                     "standings")
    assert document["tiebreaks"] == ["BH/C1", "BH", "SB"]
    assert [row["place"] for row in document["standings"]] == sorted(row["place"] for row in document["standings"])
    assert run(["standings", str(finished), "--format", "json", "--tiebreaks", "BH/C1,BH,SB", "--lots", "3"]) == document


def test_trf_validate_json_for_good_bad_and_missing_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("012 Bad\nXXR x\n001    1      A                                 1500\n")
    missing = tmp_path / "missing.trf"
    good = DATA / "vega-cr-dmy.trf"
    document = valid(run(["trf", "validate", "--json", str(good), str(bad), str(missing)], code=5), "trf-validate")
    ok, refused, absent = document["files"]
    assert ok["valid"] and ok["exit_code"] == 0 and ok["error"] is None and ok["players"] > 0
    assert ok["warnings"] and all(w["text"].startswith(str(good)) for w in ok["warnings"])
    assert not refused["valid"] and refused["exit_code"] == 3
    assert refused["error"]["line"] == 2 and refused["error"]["record"] == "XXR"
    assert not absent["valid"] and absent["exit_code"] == 5 and absent["players"] is None


def test_trf_validate_json_strict(tmp_path: Path) -> None:
    document = valid(run(["trf", "validate", "--json", "--strict", str(DATA / "vega-cr-dmy.trf")], code=3),
                     "trf-validate")
    assert document["strict"] is True and document["files"][0]["error"]["text"]
