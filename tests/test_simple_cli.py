"""``swisspair simple pair``, ``swisspair rounds`` and ``swisspair pair --system simple`` through click's runner."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import corpus_files

from swisspair.cli import cli

TEAMS = "id,name,rating\nA,Alpha,1500\nB,Beta,1400\nC,Gamma,1300\nD,Delta,1200\nE,Epsilon,1100\n"
EVENT = 'points = [3, 1, 0]\nranking = ["points", "score_diff", "scores_for", "score2_diff", "score2_for", "rating"]\n'


@pytest.fixture
def event(tmp_path: Path) -> Path:
    (tmp_path / "teams.csv").write_text(TEAMS, encoding="utf-8")
    (tmp_path / "event.toml").write_text(EVENT, encoding="utf-8")
    (tmp_path / "games.csv").write_text("round,home,away,home_score,away_score\n", encoding="utf-8")
    return tmp_path


def run(folder: Path, *extra: str, games: str | None = None, settings: bool = True) -> tuple[int, str, str]:
    if games is not None:
        (folder / "games.csv").write_text(games, encoding="utf-8")
    args = ["simple", "pair", "--teams", str(folder / "teams.csv"), "--games", str(folder / "games.csv")]
    if settings:
        args += ["--settings", str(folder / "event.toml")]
    result = CliRunner().invoke(cli, args + list(extra))
    return result.exit_code, result.stdout, result.stderr


def test_first_round_with_bye(event: Path) -> None:
    """Rules 2 and 3: top half v bottom half by rating; the lowest-rated team gets the bye."""
    code, out, err = run(event)
    assert code == 0, err
    assert out.splitlines() == ["A - C", "B - D", "E - BYE"]


def test_second_round_and_standings(event: Path) -> None:
    """Rules 3-6: the bye is a win without goals; groups by points; ranking by goal difference."""
    games = ("round,home,away,home_score,away_score\n"
             "1,A,C,3,1\n1,B,D,1,1\n1,E,BYE,,\n")
    code, out, err = run(event, "--standings", games=games)
    assert code == 0, err
    lines = out.splitlines()
    assert [line.split("\t")[0] for line in lines] == ["A", "E", "B", "D", "C"]
    assert lines[0].split("\t")[:6] == ["A", "1", "3", "1", "3:1", "+2"]
    assert lines[1].split("\t")[:6] == ["E", "2", "3", "0", "0:0", "+0"]
    code, out, err = run(event)
    assert code == 0, err
    # C (last) has not had a bye: it gets this one (rule 3). B and D met: A-B, E-D (rule 5).
    assert out.splitlines() == ["A - B", "E - D", "C - BYE"]


def test_second_score_columns_and_default_settings(event: Path) -> None:
    """Rule 6: the second score pair ranks teams equal on points and goals."""
    games = ("round,home,away,home_score,away_score,home_score2,away_score2\n"
             "1,A,C,1,0,4,3\n1,B,D,1,0,7,2\n1,E,BYE,,,,\n")
    code, out, err = run(event, "--standings", games=games, settings=False)
    assert code == 0, err
    assert [line.split("\t")[0] for line in out.splitlines()] == ["B", "A", "E", "C", "D"]


def test_points_are_configurable(event: Path) -> None:
    """Points per match result are configurable (e.g. 3-1-0)."""
    (event / "event.toml").write_text("points = [2, 1, 0]\n", encoding="utf-8")
    code, out, err = run(event, "--standings", games="round,home,away,home_score,away_score\n1,A,C,0,0\n")
    assert code == 0, err
    points = {line.split("\t")[0]: line.split("\t")[2] for line in out.splitlines()}
    assert points["A"] == points["C"] == "1"


@pytest.mark.parametrize(("games", "where"), [
    ("round,home,away,home_score,away_score\n1,A,C,x,1\n", "games.csv:2: home_score: expected a number"),
    ("round,home,away,home_score,away_score\n1,A,Z,1,1\n", "games.csv:2: away: unknown team 'Z'"),
    ("round,home,away,home_score\n1,A,C,1\n", "games.csv:1: away_score: missing column"),
    ("round,home,away,home_score,away_score\n1,A,C,1,0\n1,C,B,1,0\n", "games.csv:3: home: team 'C' already plays"),
    ("round,home,away,home_score,away_score,home_score2,away_score2\n1,A,C,1,0,3,\n",
     "games.csv:2: away_score2: give both"),
])
def test_bad_games_name_file_line_field(event: Path, games: str, where: str) -> None:
    code, _, err = run(event, games=games)
    assert code == 3
    assert where in err


@pytest.mark.parametrize(("toml", "where"), [
    ("points = [3, 1\n", "event.toml: invalid TOML"),
    ("points = [3, 1]\n", "event.toml: points: expected [win, draw, loss]"),
    ('ranking = ["points", "buchholz"]\n', "event.toml: ranking: unknown criterion 'buchholz'"),
    ("tiebreaks = 1\n", "event.toml: tiebreaks: unknown setting"),
])
def test_bad_settings(event: Path, toml: str, where: str) -> None:
    (event / "event.toml").write_text(toml, encoding="utf-8")
    code, _, err = run(event)
    assert code == 3
    assert where in err


def test_bad_teams(event: Path) -> None:
    (event / "teams.csv").write_text("id,name,rating\nA,Alpha,high\n", encoding="utf-8")
    code, _, err = run(event)
    assert code == 3 and "teams.csv:2: rating: expected a number, got 'high'" in err
    (event / "teams.csv").write_text("id,name,rating\nA,Alpha,1\nA,Again,2\n", encoding="utf-8")
    code, _, err = run(event)
    assert code == 3 and "teams.csv:3: id: duplicate id 'A'" in err


def test_missing_file_is_a_file_error(event: Path) -> None:
    (event / "teams.csv").unlink()
    code, _, err = run(event)
    assert code == 5 and "teams.csv" in err


def test_no_pairing_left(event: Path) -> None:
    """Rule 5: no pair meets twice; two teams that met cannot be paired again (exit 1)."""
    (event / "teams.csv").write_text("id,name,rating\nA,Alpha,1\nB,Beta,2\n", encoding="utf-8")
    code, _, err = run(event, games="round,home,away,home_score,away_score\n1,B,A,1,0\n")
    assert code == 1, err


def test_rounds_command() -> None:
    """The Swiss for any sport: 16 participants and 4 prize places need 5 rounds."""
    result = CliRunner().invoke(cli, ["rounds", "--players", "16", "--places", "4"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "5"
    result = CliRunner().invoke(cli, ["rounds", "--players", "1"])
    assert result.exit_code == 3


def test_pair_system_simple_on_a_trf(tmp_path: Path) -> None:
    """``swisspair pair --system simple FILE -p OUT`` (points only)."""
    source = corpus_files("dutch")[0]
    out = tmp_path / "out.txt"
    result = CliRunner().invoke(cli, ["pair", "--system", "simple", "--round", "2", str(source), "-p", str(out)])
    assert result.exit_code == 0, result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert int(lines[0]) == len(lines) - 1
    numbers = [n for line in lines[1:] for n in line.split() if n != "0"]
    assert len(numbers) == len(set(numbers))


def test_engine_form_pairs_and_checks(tmp_path: Path) -> None:
    """The same checker and generator support as the other systems (``--simple``)."""
    from swisspair.cli import main

    trf_path = tmp_path / "g.trf"
    result = CliRunner().invoke(cli, ["generate", "--system", "simple", "--players", "9", "--rounds", "4",
                                      "--seed", "5", "-o", str(trf_path)])
    assert result.exit_code == 0, result.output
    with pytest.raises(SystemExit) as checked:
        main(["--simple", str(trf_path), "-c"])
    assert checked.value.code == 0


def test_decimal_ratings_and_scores(event: Path) -> None:
    """The Swiss for any sport's sample table rates teams with decimals (108,138); a team match may end 2.5:1.5.
    Rule 6: the decimal score difference ranks the two winners; the rating decides nothing here."""
    (event / "teams.csv").write_text('id,name,rating\nA,Alpha,"108,138"\nB,Beta,104.310\nC,Gamma,88.615\n'
                                     "D,Delta,82.286\n", encoding="utf-8")
    games = "round,home,away,home_score,away_score\n1,A,C,2.5,1.5\n1,B,D,3.5,0.5\n"
    code, out, err = run(event, "--standings", games=games)
    assert code == 0, err
    rows = [line.split("\t") for line in out.splitlines()]
    assert [r[0] for r in rows] == ["B", "A", "C", "D"]
    assert rows[0][4:6] == ["3.5:0.5", "+3"] and rows[1][4:6] == ["2.5:1.5", "+1"]
    assert rows[0][8] == "104.31" and rows[1][8] == "108.138"
    code, out, err = run(event, games=games)
    assert code == 0, err
    assert out.splitlines() == ["B - A", "C - D"]
