"""Tests for swisspair.varma and ``swisspair varma`` (FIDE C.05 Annex 2, Varma tables).

The expected groups are typed from the FIDE Handbook C.05 Annex 2, point 5
(rows 9/10 to 19/20 and groups A, B of 21/22), and from the FIDE Arbiters'
Manual art. 13.17.1.5 (Russian edition) for C, D of 21/22 and the 23/24
row, which the Handbook excerpt available to us did not show.
"""

from __future__ import annotations

import io
import itertools
import random
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

import swisspair.varma
from swisspair.cli import cli
from swisspair.errors import SwissPairError, UnsupportedFeatureError
from swisspair.roundrobin import meeting_round
from swisspair.varma import (
    Entrant,
    VarmaError,
    VarmaPlayerCountError,
    VarmaTable,
    clashes,
    drawing_order,
    read_entrants,
    varma_draw,
    varma_groups,
)

# FIDE C.05 Annex 2, point 5: groups A, B, C, D by (even) number of players.
HANDBOOK = {
    10: [(3, 4, 8), (5, 7, 9), (1, 6), (2, 10)],
    12: [(4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)],
    14: [(4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)],
    16: [(5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)],
    18: [(5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)],
    20: [(6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)],
    22: [(6, 7, 8, 9, 10, 17, 18, 19, 20), (1, 2, 3, 4, 12, 13, 14, 15), (11, 16, 21), (5, 22)],
    24: [(6, 7, 8, 9, 10, 11, 19, 20, 21, 22), (1, 2, 3, 4, 13, 14, 15, 16, 17), (12, 18, 23), (5, 24)],
}
# FIDE Arbiters' Manual 13.17.1.5, 11/12 players: "1. (4, 5, 9, 10); 2. (2, 6, 7); 3. (1, 8, 12); 4. (3, 11)".
MANUAL_12 = [(4, 5, 9, 10), (2, 6, 7), (1, 8, 12), (3, 11)]

FEDERATIONS = ("ARM", "AZE", "ENG", "FRA", "GER", "IND", "NOR", "USA")


def entrants_from(counts: dict[str, int]) -> list[Entrant]:
    return [Entrant(f"{fed} player {i}", fed) for fed, k in counts.items() for i in range(1, k + 1)]


def random_field(rng: random.Random, n: int) -> list[Entrant]:
    feds = [rng.choice(FEDERATIONS[: rng.randint(2, len(FEDERATIONS))]) for _ in range(n)]
    return [Entrant(f"Player {i:02d}", fed) for i, fed in enumerate(feds)]


def single_envelope_possible(sizes: list[int], capacities: list[int]) -> bool:
    """Brute force: can every contingent of 2+ players get one envelope of its own size or more?"""
    big = [s for s in sizes if s >= 2]
    for choice in itertools.product(range(len(capacities)), repeat=len(big)):
        load: Counter[int] = Counter()
        for size, envelope in zip(big, choice):
            load[envelope] += size
        if all(load[e] <= capacities[e] for e in load):
            return True
    return False


# --- the tables ------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(9, 25))
@pytest.mark.parametrize("table", list(VarmaTable))
def test_groups_are_the_published_rows(n: int, table: VarmaTable) -> None:
    """C.05 Annex 2, point 5: the groups for n players; odd n drops the bye number n + 1."""
    m = n + n % 2
    rows = MANUAL_12 if (m == 12 and table is VarmaTable.ARBITERS_MANUAL) else HANDBOOK[m]
    groups = varma_groups(n, table)
    assert [g.label for g in groups] == ["A", "B", "C", "D"]
    assert [g.numbers for g in groups] == [tuple(x for x in row if x <= n) for row in rows]
    assert sorted(x for g in groups for x in g.numbers) == list(range(1, n + 1))


def test_only_the_11_12_row_differs_between_the_texts() -> None:
    """C.05 Annex 2 vs Arbiters' Manual 13.17: the two texts differ in the 11/12 row only."""
    for n in range(9, 25):
        same = varma_groups(n, VarmaTable.HANDBOOK) == varma_groups(n, VarmaTable.ARBITERS_MANUAL)
        assert same == (n not in (11, 12))


@pytest.mark.parametrize("n", range(9, 25))
def test_no_two_numbers_of_a_group_meet_in_the_last_three_rounds(n: int) -> None:
    """C.05 Annex 2, introduction: numbers of one group do not meet in the last three rounds.

    True of every row of the Arbiters' Manual; the Handbook's 11/12 row breaks it once:
    6 and 12 (both in C) meet in round 11 of the 12-player table, its last round.
    """
    last = n + n % 2 - 1
    for table in VarmaTable:
        late = [
            (g.label, a, b, meeting_round(a, b, n))
            for g in varma_groups(n, table)
            for a, b in itertools.combinations(g.numbers, 2)
            if meeting_round(a, b, n) > last - 3
        ]
        if table is VarmaTable.HANDBOOK and n == 12:
            assert late == [("C", 6, 12, 11)]
        else:
            assert late == []


@pytest.mark.parametrize("n", [0, 8, 25, 30, -3])
def test_unsupported_counts(n: int) -> None:
    """C.05 Annex 2, point 5: the tables cover 9 to 24 players; others are a clear error."""
    with pytest.raises(VarmaPlayerCountError, match="9 to 24"):
        varma_groups(n)
    with pytest.raises(VarmaPlayerCountError) as info:
        varma_draw([Entrant(f"P{i}", "NOR") for i in range(max(n, 0))], seed=1)
    assert isinstance(info.value, SwissPairError)
    assert isinstance(info.value, UnsupportedFeatureError)


# --- the drawing order -----------------------------------------------------------------


def test_drawing_order() -> None:
    """C.05 Annex 2, point 2: most players first, ties by FIDE code, then names alphabetically."""
    entrants = [
        Entrant("zeta", "USA"), Entrant("Alpha", "USA"),
        Entrant("Gamma", "ARM"), Entrant("beta", "ARM"),
        Entrant("Delta", "NOR"), Entrant("Epsilon", "NOR"), Entrant("Eta", "NOR"),
        Entrant("Omega", "FRA"),
    ]
    order = drawing_order(entrants)
    assert [fed for fed, _ in order] == ["NOR", "ARM", "USA", "FRA"]
    assert [e.name for e in order[1][1]] == ["beta", "Gamma"]
    assert [e.name for e in order[2][1]] == ["Alpha", "zeta"]


def test_draws_follow_the_drawing_order() -> None:
    """C.05 Annex 2, points 2-4: the draws are made in the drawing order, contingent by contingent."""
    entrants = entrants_from({"NOR": 3, "GER": 2, "ENG": 2, "FRA": 1, "USA": 1, "IND": 1})
    draw = varma_draw(entrants, seed=11)
    expected = [e for _, members in drawing_order(entrants) for e in members]
    assert [d.entrant for d in draw.draws] == expected
    assert [d.order for d in draw.draws] == list(range(1, 11))


# --- the draw --------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(9, 25))
def test_every_number_is_drawn_once(n: int) -> None:
    """C.05 Annex 2, point 4: the procedure ends when every player has drawn a number."""
    rng = random.Random(n)
    for seed in range(20):
        draw = varma_draw(random_field(rng, n), seed=seed)
        assert sorted(d.number for d in draw.draws) == list(range(1, n + 1))
        for drawn in draw.draws:
            group = next(g for g in draw.groups if g.label == drawn.group)
            assert drawn.number in group.numbers


@pytest.mark.parametrize("n", range(9, 25))
def test_contingents_draw_from_one_envelope_and_do_not_meet_late(n: int) -> None:
    """C.05 Annex 2, point 3 and introduction: a contingent draws from one envelope when one is
    large enough, and then its players do not meet in the last three rounds.

    Random fields of n players; the Arbiters' Manual table (whose groups all keep apart),
    and the Handbook table for every n but 12.
    """
    rng = random.Random(1000 + n)
    tables = [VarmaTable.ARBITERS_MANUAL] + ([VarmaTable.HANDBOOK] if n != 12 else [])
    for seed in range(40):
        field = random_field(rng, n)
        sizes = sorted(Counter(e.federation for e in field).values(), reverse=True)
        for table in tables:
            draw = varma_draw(field, seed=seed, table=table)
            capacities = [len(g.numbers) for g in draw.groups]
            if not single_envelope_possible(sizes, capacities):
                assert draw.split
                continue
            assert draw.split == ()
            groups_used: dict[str, set[str]] = {}
            for drawn in draw.draws:
                groups_used.setdefault(drawn.entrant.federation, set()).add(drawn.group)
            assert all(len(labels) == 1 for labels in groups_used.values())
            assert clashes(draw) == ()


def test_dead_ends_are_avoided() -> None:
    """C.05 Annex 2, point 3: 12 players NOR 3, GER 3, ENG 2, FRA 2, USA 2 fit in one envelope each
    (e.g. NOR B, GER C, ENG + FRA A, USA D), though a blind choice could strand a pair; every seed works.
    """
    entrants = entrants_from({"NOR": 3, "GER": 3, "ENG": 2, "FRA": 2, "USA": 2})
    for table in VarmaTable:
        for seed in range(200):
            draw = varma_draw(entrants, seed=seed, table=table)
            assert draw.split == ()
            by_fed: dict[str, set[str]] = {}
            for drawn in draw.draws:
                by_fed.setdefault(drawn.entrant.federation, set()).add(drawn.group)
            assert all(len(v) == 1 for v in by_fed.values())


def test_contingent_larger_than_every_envelope_is_split() -> None:
    """C.05 Annex 2, point 3 cannot be met for 4 players of one federation among 10 (largest group 3)."""
    entrants = entrants_from({"NOR": 4, "GER": 2, "ENG": 2, "FRA": 1, "USA": 1})
    draw = varma_draw(entrants, seed=5)
    assert draw.split == ("NOR",)
    assert sorted(d.number for d in draw.draws) == list(range(1, 11))
    nor_groups = Counter(d.group for d in draw.draws if d.entrant.federation == "NOR")
    assert max(nor_groups.values()) == 3


def test_known_handbook_defect_for_12_players() -> None:
    """C.05 Annex 2 (Handbook) 11/12 row: a 3-player contingent drawing C gets 6, 8 and 12,
    and 6 meets 12 in round 11; the Arbiters' Manual row never clashes."""
    entrants = entrants_from({"IND": 3, "NOR": 3, "GER": 2, "ENG": 2, "FRA": 1, "USA": 1})
    handbook = [varma_draw(entrants, seed=s) for s in range(100)]
    bad = [d for d in handbook if clashes(d)]
    assert bad, "some seed sends a 3-player contingent to envelope C"
    for draw in bad:
        (clash,) = clashes(draw)
        assert clash.numbers == (6, 12) and clash.round_number == 11
    for seed in range(100):
        assert clashes(varma_draw(entrants, seed=seed, table=VarmaTable.ARBITERS_MANUAL)) == ()


def test_reproducible_from_the_seed() -> None:
    """C.05 Annex 2, point 3 is a drawing of lots: made reproducible, the same seed gives the same draw."""
    entrants = entrants_from({"NOR": 4, "GER": 3, "ENG": 3, "FRA": 2, "USA": 2, "IND": 2})
    first = varma_draw(entrants, seed=2026)
    assert varma_draw(list(reversed(entrants)), seed=2026) == first
    assert varma_draw(entrants, seed="round-robin") == varma_draw(entrants, seed="round-robin")
    outcomes = {varma_draw(entrants, seed=s).by_number() for s in range(30)}
    assert len(outcomes) > 1
    unseeded = varma_draw(entrants)
    assert varma_draw(entrants, seed=unseeded.seed) == unseeded


def test_odd_count_leaves_out_the_bye_number() -> None:
    """C.05 Annex 2: with 9 players number 10 is the bye of the Berger table and is not drawn."""
    groups = varma_groups(9)
    assert [g.numbers for g in groups] == [(3, 4, 8), (5, 7, 9), (1, 6), (2,)]
    draw = varma_draw(entrants_from({"NOR": 3, "GER": 3, "ENG": 2, "FRA": 1}), seed=3)
    assert max(d.number for d in draw.draws) == 9


def test_input_is_normalised_and_checked() -> None:
    """C.05 Annex 2, point 2 sorts by FIDE code: codes are compared upper-case; empty ones are errors."""
    entrants = [Entrant(f"P{i}", "nor " if i % 2 else "NOR") for i in range(10)]
    draw = varma_draw(entrants, seed=1)
    assert {d.entrant.federation for d in draw.draws} == {"NOR"}
    with pytest.raises(VarmaError):
        varma_draw([Entrant("", "NOR")] + entrants[1:], seed=1)
    with pytest.raises(VarmaError):
        varma_draw([Entrant("A", " ")] + entrants[1:], seed=1)


def test_read_entrants() -> None:
    """C.05 Annex 2 needs a name and a federation per player: the CSV header names both
    (any case, ``fed`` too); extra columns are ignored."""
    text = 'Rating,Name,FED\n2830,"Carlsen, Magnus",nor\n\n2700,"Tari, Aryan",NOR\n'
    assert read_entrants(io.StringIO(text)) == (
        Entrant("Carlsen, Magnus", "NOR"),
        Entrant("Tari, Aryan", "NOR"),
    )
    with pytest.raises(VarmaError, match=r"f.csv:1: the header"):
        read_entrants(io.StringIO("player,country\nA,NOR\n"), "f.csv")
    with pytest.raises(VarmaError, match=r"f.csv:3: expected a name and a federation"):
        read_entrants(io.StringIO("name,federation\nA,NOR\nB\n"), "f.csv")
    with pytest.raises(VarmaError, match="no header"):
        read_entrants(io.StringIO(""), "f.csv")


def test_repr_rebuilds() -> None:
    """STYLE 3: the repr of the result rebuilds it."""
    draw = varma_draw(entrants_from({"NOR": 5, "GER": 5}), seed=9)
    assert eval(repr(draw), vars(swisspair.varma)) == draw


# --- the command line ------------------------------------------------------------------


def write_csv(tmp_path: Path, counts: dict[str, int]) -> Path:
    path = tmp_path / "entrants.csv"
    lines = ["name,federation"] + [f"{e.name},{e.federation}" for e in entrants_from(counts)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_cli_prints_the_assignment(tmp_path: Path) -> None:
    """C.05 Annex 2: ``swisspair varma`` prints envelopes, drawing order and numbers; seeded output repeats."""
    path = write_csv(tmp_path, {"NOR": 3, "GER": 3, "ENG": 2, "FRA": 2, "USA": 1, "IND": 1})
    runner = CliRunner()
    first = runner.invoke(cli, ["varma", "--players", str(path), "--seed", "42"])
    assert first.exit_code == 0, first.output
    again = runner.invoke(cli, ["varma", "--players", str(path), "--seed", "42"])
    assert again.stdout == first.stdout
    lines = first.stdout.splitlines()
    assert lines[0] == "Varma tables (FIDE C.05 Annex 2): 12 players, seed 42, handbook table"
    assert lines[1] == "Envelopes: A (4, 5, 9, 10)  B (1, 2, 7)  C (6, 8, 12)  D (3, 11)"
    numbers_at = lines.index("Pairing numbers:")
    listed = [int(line.split()[0]) for line in lines[numbers_at + 1 :]]
    assert listed == list(range(1, 13))
    draw = varma_draw(read_entrants(path.open(encoding="utf-8")), seed=42)
    for drawn in draw.draws:
        assert any(line.split()[0] == str(drawn.number) and drawn.entrant.name in line
                   for line in lines[numbers_at + 1 :])


def test_cli_manual_table_and_stdin() -> None:
    """Arbiters' Manual 13.17 table selectable; ``-`` reads standard input."""
    text = "name,federation\n" + "".join(f"P{i},{'NOR' if i < 3 else 'GER'}\n" for i in range(11))
    result = CliRunner().invoke(cli, ["varma", "--players", "-", "--seed", "1", "--table", "manual"],
                                input=text)
    assert result.exit_code == 0, result.output
    assert "Envelopes: A (4, 5, 9, 10)  B (2, 6, 7)  C (1, 8)  D (3, 11)" in result.stdout


def test_cli_warns_about_clashes_and_splits(tmp_path: Path) -> None:
    """C.05 Annex 2: a federation that cannot be kept apart is named on stderr."""
    path = write_csv(tmp_path, {"NOR": 6, "GER": 4})
    result = CliRunner().invoke(cli, ["varma", "--players", str(path), "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "warning: NOR: 6 players do not fit in one envelope" in result.stderr
    assert "meet in round" in result.stderr


def test_cli_unsupported_count_exits_3(tmp_path: Path) -> None:
    """C.05 Annex 2 covers 9-24 players: 8 is an invalid request (exit 3), one line on stderr."""
    path = write_csv(tmp_path, {"NOR": 4, "GER": 4})
    result = CliRunner().invoke(cli, ["varma", "--players", str(path)])
    assert result.exit_code == 3
    assert "9 to 24 players" in result.stderr
    assert result.stdout == ""


def test_cli_missing_file_exits_5(tmp_path: Path) -> None:
    """Exit codes (README, bbpPairings values): a file that cannot be read is 5."""
    result = CliRunner().invoke(cli, ["varma", "--players", str(tmp_path / "none.csv")])
    assert result.exit_code == 5


# --- every group pattern of the tables ---------------------------------------------------------


@pytest.mark.parametrize("n", range(9, 25))
@pytest.mark.parametrize("table", list(VarmaTable))
def test_contingents_shaped_like_the_groups(n: int, table: VarmaTable) -> None:
    """C.05 Annex 2, points 2-5, for every row of the tables: four federations whose sizes are the sizes
    of groups A, B, C and D fill the four envelopes, one each, for every seed; each federation's
    numbers are one group of the table, and no two of its players meet in the last three rounds (but
    for the Handbook's 12-player row, whose group C holds 6 and 12, who meet in round 11)."""
    groups = varma_groups(n, table)
    feds = ("AAA", "BBB", "CCC", "DDD")
    entrants = [Entrant(f"{fed} {i}", fed) for fed, g in zip(feds, groups) for i in range(len(g.numbers))]
    rows = {frozenset(g.numbers) for g in groups}
    for seed in range(25):
        draw = varma_draw(entrants, seed=seed, table=table)
        assert draw.split == ()
        by_fed: dict[str, set[int]] = {}
        for drawn in draw.draws:
            by_fed.setdefault(drawn.entrant.federation, set()).add(drawn.number)
        assert {frozenset(v) for v in by_fed.values()} == rows
        late = clashes(draw)
        if n == 12 and table is VarmaTable.HANDBOOK:
            assert all(c.numbers == (6, 12) for c in late)
        else:
            assert late == ()


def test_keys_travel_with_the_draw() -> None:
    """An entrant's key (the caller's identifier) comes back with its number; two entrants of one name and
    federation stay apart by their keys; one key twice is an error."""
    entrants = [Entrant("Same", "NOR", key) for key in range(1, 11)]
    draw = varma_draw(entrants, seed=4)
    numbers = draw.numbers()
    assert sorted(numbers) == list(range(1, 11)) and sorted(numbers.values()) == list(range(1, 11))
    with pytest.raises(VarmaError, match="key"):
        varma_draw(entrants[:9] + [Entrant("Other", "GER", 1)], seed=4)
