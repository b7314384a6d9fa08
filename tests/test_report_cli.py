"""``swisspair report ratings|performance|norms|categories|prizes``: each report as a table, as CSV and as JSON
valid against its schema, with the figures of the core functions the manager's pages use (swisspair.reports)."""

from __future__ import annotations

import csv
import io
import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

import swisspair
from swisspair import schemas
from swisspair.categories import Category, PlayerFacts
from swisspair.cli import cli
from swisspair.reports import OVERALL, category_tables, norm_report, prize_report, rating_changes
from swisspair.prizes import Sharing

REPORTS = ["ratings", "performance", "norms", "categories", "prizes"]


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 12-player, 5-round event with dates, birth dates, sexes, federations and titles."""
    t = swisspair.new_tournament("Spring open", rounds=5, players=[(f"Player {n:02d}", 2500 - 40 * n) for n in range(12)])
    t.headers["042"], t.headers["052"] = ["2026/03/01"], ["2026/03/05"]
    for player in t:
        player.birth_date = f"{1998 + player.tpn}/05/01"
        player.sex = "w" if player.tpn % 3 == 0 else "m"
        player.federation = ("BUL", "GER", "FRA", "ITA")[player.tpn % 4]
        player.title = "IM" if player.tpn < 3 else ""
    rng = random.Random(3)
    for _ in range(5):
        pairing = swisspair.pair(t)
        swisspair.record_round(t, pairing, [rng.choice(["1-0", "0-1", "1/2-1/2"]) for _ in pairing.boards])
    path = tmp_path_factory.mktemp("report") / "spring.trf"
    swisspair.write_trf(t, path)
    return path


def invoke(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(cli, ["report", *args])
    assert result.exit_code == code, result.output
    return result.stdout


def document(report: str, *args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(invoke(report, *args, "--json"))
    schema = schemas.load_schema(f"report-{report}")
    jsonschema.Draft202012Validator(schema).validate(data)
    assert data["schema"] == schemas.schema_id(f"report-{report}")
    return data


OPTIONS = {"categories": ["-c", "U16", "-c", "W"], "prizes": ["--prizes", "100 50 25", "-c", "U16=30 20"],
           "norms": ["--all"]}


@pytest.mark.parametrize("report", REPORTS)
def test_each_report_in_three_forms(event: Path, report: str) -> None:
    options = OPTIONS.get(report, [])
    data = document(report, str(event), *options)
    assert data["after_round"] == 5 and data["file"] == str(event)
    rows = list(csv.reader(io.StringIO(invoke(report, str(event), *options, "--format", "csv"))))
    text = invoke(report, str(event), *options)
    assert "after round 5" in text
    assert len(rows) > 2
    for row in rows[1:]:  # every CSV line's name is in the table
        name = row[1] if report != "categories" and report != "prizes" else row[3]
        assert name in text


def test_ratings_are_the_core_report(event: Path) -> None:
    data = document("ratings", str(event))
    core = rating_changes(swisspair.read_trf(event).tournament)
    assert data["regulations"] == core.regulations.value == "2025-10"  # in force on 2026-03-01
    for entry, line in zip(data["players"], core.players, strict=True):
        assert (entry["tpn"], entry["k"], entry["change"]) == (line.tpn, line.k, line.change)
        assert Fraction(entry["change_exact"]) == line.change_exact
    junior = next(e for e in data["players"] if e["tpn"] == 10)  # born 2008, rated under 2300: K 40 in 2026
    assert junior["k"] == 40 and "18th birthday" in junior["k_reason"]
    listed = document("ratings", str(event), "--k", "10=20")
    assert next(e for e in listed["players"] if e["tpn"] == 10)["k"] == 20  # the rating list's K (7.1.2)


def test_performance_is_the_rating_reports(event: Path) -> None:
    data = document("performance", str(event))
    core = rating_changes(swisspair.read_trf(event).tournament)
    for entry, line in zip(data["players"], core.players, strict=True):
        perf = line.performance
        assert perf is not None
        assert (entry["performance"], entry["average"], entry["percent"]) == perf
        assert entry["games"] == len(line.rated_games) == 5


def test_norms_after_an_earlier_round(event: Path) -> None:
    data = document("norms", str(event), "--rounds", "3", "--waived")
    core = norm_report(swisspair.read_trf(event).tournament, foreigners_waived=True, rounds=3)
    assert data["after_round"] == 3 and data["foreigners_waived"]
    checks = [(c["title"], c["games"], c["achieved"]) for p in data["players"] for c in p["checks"]]
    assert checks == [(c.title.value, c.games, c.achieved) for p in core for c in p.checks]
    assert all(games == 3 for _, games, _ in checks)
    assert "1.4.1 a: 3 games, at least 9 needed" in invoke("norms", str(event), "--rounds", "3", "--all")


def test_categories_and_prizes_are_the_core_tables(event: Path) -> None:
    t = swisspair.read_trf(event).tournament
    standings = swisspair.compute_standings(t)
    import datetime

    players = [PlayerFacts.of(p) for p in t]
    tables = category_tables(standings.rows, players, [OVERALL, Category.parse("U16"), Category.parse("W")],
                             datetime.date(2026, 3, 1))
    data = document("categories", str(event), "-c", "U16", "-c", "W")
    assert [(c["code"], [r["tpn"] for r in c["standings"]]) for c in data["categories"]] == \
        [(table.category.code, [r.tpn for r in table.rows]) for table in tables[1:]]
    assert [r["place"] for r in data["categories"][0]["standings"]][:1] == ["1"]
    prizes = document("prizes", str(event), "--prizes", "100 50 25", "-c", "U16=30 20", "--sharing", "equal")
    core = prize_report(standings.rows, tables[:2], {"": (Fraction(100), Fraction(50), Fraction(25)),
                                                     "U16": (Fraction(30), Fraction(20))}, Sharing.EQUAL,
                        names={r.tpn: r.name for r in standings.rows})
    expected = core.as_dict()
    assert {k: prizes[k] for k in expected} == expected
    assert prizes["categories"][1]["name"] == "Under 16"


def test_ages_are_counted_on_the_date_given(event: Path) -> None:
    # player 2 is born 2000/05/01: 25 on 2026-03-01, 26 from 2026-05-01 on
    before = document("categories", str(event), "-c", "U26", "--on", "2026-04-30")
    after = document("categories", str(event), "-c", "U26", "--on", "2026-05-01")
    assert 2 in [r["tpn"] for r in before["categories"][0]["standings"]]
    assert 2 not in [r["tpn"] for r in after["categories"][0]["standings"]]


def test_default_categories_are_the_usual_ones_that_have_players(event: Path) -> None:
    codes = [c["code"] for c in document("categories", str(event))["categories"]]
    assert codes and set(codes) <= {"U8", "U10", "U12", "U14", "U16", "U18", "U20", "50+", "65+", "W"}
    assert "W" in codes and "U8" not in codes


@pytest.mark.parametrize(("args", "message"), [
    (["prizes", "--prizes", "100 ten"], "'ten' is not an amount"),
    (["prizes", "-c", "U16"], "expected CODE=AMOUNTS, got 'U16'"),
    (["categories", "-c", "U99X"], "category 'U99X': expected U8...U20"),
    (["ratings", "--k", "3=0"], "expected TPN=K with K from 1 to 100, got '3=0'"),
    (["ratings", "--rounds", "9"], "--rounds 9: the file has 5 round(s) recorded"),
])
def test_bad_options_are_refused_with_what_was_expected(event: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["report", args[0], str(event), *args[1:]])
    assert result.exit_code == 3, result.output
    assert message in result.output
