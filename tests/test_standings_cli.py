"""``swisspair standings`` and ``swisspair playoff`` through click's runner."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import CORPUS
from test_tiebreaks_support import EXAMPLE, build

from swisspair import trf
from swisspair.cli import cli

CORPUS_FILE = CORPUS / "dutch" / "dev-000001.trf"


@pytest.fixture
def example_trf(tmp_path: Path) -> Path:
    path = tmp_path / "example.trf"
    path.write_text(trf.dumps(build(EXAMPLE)), encoding="utf-8")
    return path


def test_standings_csv(example_trf: Path) -> None:
    result = CliRunner().invoke(cli, ["standings", str(example_trf), "--tiebreaks", "BH/C1,BH,SB,DE,WIN,BWG",
                                      "--format", "csv"])
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["rank", "tpn", "name", "points", "BH/C1", "BH", "SB", "DE", "WIN", "BWG"]
    assert rows[1][:6] == ["1", "2", "Player 2", "3", "7.5", "8.5"]


def test_standings_text_with_crosstable_and_detail(example_trf: Path) -> None:
    result = CliRunner().invoke(cli, ["standings", str(example_trf), "-t", "BH/C1", "--crosstable",
                                      "--detail", "1"])
    assert result.exit_code == 0, result.output
    assert "BH/C1 = 6.5" in result.output and "(cut)" in result.output


def test_standings_json_and_edition(example_trf: Path) -> None:
    result = CliRunner().invoke(cli, ["standings", str(example_trf), "-t", "BH", "--edition", "2024", "-f", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["edition"] == "2024"
    assert {e["tpn"]: e["tiebreaks"]["BH"] for e in data["standings"]}[1] == 9


def test_standings_html_to_file(example_trf: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.html"
    result = CliRunner().invoke(cli, ["standings", str(example_trf), "-f", "html", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "<table>" in out.read_text(encoding="utf-8")


def test_missing_ratings_warn_and_drop(tmp_path: Path) -> None:
    path = tmp_path / "unrated.trf"
    path.write_text(trf.dumps(build("""
1(2000): 2w1
2: 1b0
""")), encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path), "-t", "ARO,WIN", "-f", "csv"])
    assert result.exit_code == 0, result.output
    assert "without a rating" in result.output
    assert "rank,tpn,name,points,WIN" in result.output


def test_bad_tiebreak_exits_3(example_trf: Path) -> None:
    result = CliRunner().invoke(cli, ["standings", str(example_trf), "-t", "BH/L+1"])
    assert result.exit_code == 3
    assert "modifier 'L' does not apply to BH" in result.output


def test_list(example_trf: Path) -> None:
    result = CliRunner().invoke(cli, ["standings", "--list"])
    assert result.exit_code == 0 and "JAHR" in result.output and "fide-1987" in result.output


def test_corpus_file_rank_column() -> None:
    result = CliRunner().invoke(cli, ["standings", str(CORPUS_FILE), "-t", "reference", "-f", "csv"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    # the reference tool's RANK for dev-000001: 1, 5, 3, 2, 4, 6, 7
    assert [r["tpn"] for r in rows] == ["1", "5", "3", "2", "4", "6", "7"]


def test_playoff_command(tmp_path: Path) -> None:
    path = tmp_path / "tied.trf"
    path.write_text(trf.dumps(build("""
1: 2w1 3b0
2: 1b0 4w1
3: 4w0 1w1
4: 3b1 2b0
""")), encoding="utf-8")
    state = tmp_path / "po.json"
    runner = CliRunner()
    first = runner.invoke(cli, ["playoff", str(path), "--state", str(state), "--seed", "3", "-t", "BH"])
    assert first.exit_code == 0, first.output
    # everybody has 1 point: four players, a knock-out
    assert "knock-out drawn by lot" in first.output
    data = json.loads(state.read_text())
    assert sorted(data["players"]) == [1, 2, 3, 4]
    from swisspair.playoff import Playoff

    po = Playoff.from_json(state.read_text())
    args = ["playoff", str(path), "--state", str(state)]
    while not po.finished:
        args_round = args + [f"--result={g.id}=1-0" for g in po.pending]
        out = runner.invoke(cli, args_round)
        assert out.exit_code == 0, out.output
        po = Playoff.from_json(state.read_text())
    assert "final standings:" in out.output and "3-4" in out.output


def test_playoff_needs_a_tie(example_trf: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["playoff", str(example_trf), "--state", str(tmp_path / "x.json"),
                                      "--seed", "1"])
    assert result.exit_code == 3
    assert "no play-off needed" in result.output


def test_standings_names_the_playoff_players(example_trf: Path) -> None:
    result = CliRunner().invoke(cli, ["standings", str(example_trf), "-t", "BH/C1", "--playoff", "2"])
    assert result.exit_code == 0, result.output
    # 5 and 1 are level on 2.5 points for second place
    assert "play-off for place 2 (C.02 13.2): Player 5 (5), Player 1 (1)" in result.stdout
