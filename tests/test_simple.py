"""The ``simple`` system: the Swiss for any sport (a team game scored 3-1-0 with goals), rule by rule.

Each test quotes the rule it checks (translated from the Russian article "Швейцарская система").
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from swisspair.errors import NoValidPairingError, SwissPairError
from swisspair.generator import GeneratorConfig, generate
from swisspair.model import Result
from swisspair.pairing import find_system
from swisspair.pairing.simple import (
    Game,
    Settings,
    SimpleError,
    SimpleSystem,
    Team,
    pair_next_round,
    pair_ranked,
    standings,
)
from swisspair.rounds import recommended_rounds


def teams(count: int) -> list[Team]:
    """Teams ``1``..``count``, rated in that order (1 is the highest)."""
    return [Team(str(i), f"Team {i}", 2000 - 10 * i) for i in range(1, count + 1)]


def ids(records: list) -> list[str]:  # type: ignore[type-arg]
    return [r.team.id for r in records]


# --- rule 2: the first round ---------------------------------------------------------------


def test_rule_2_first_round_top_half_meets_bottom_half() -> None:
    """Rule 2: "the first of the top half with the first of the bottom half, the second with the
    second and so on. With 24 teams, K1 plays K13, K2 plays K14 and so on." """
    pairing = pair_next_round(teams(24), [], Settings())
    assert pairing.round == 1
    assert pairing.pairs == tuple((str(i), str(i + 12)) for i in range(1, 13))
    assert pairing.bye is None


def test_rule_2_first_round_orders_by_rating_not_by_file_order() -> None:
    """Rule 2: "in the first round all teams are ordered by lot or by rating"."""
    shuffled = [Team("d", rating=1200), Team("a", rating=1800), Team("c", rating=1400), Team("b", rating=1600)]
    assert pair_next_round(shuffled, [], Settings()).lines() == ["a - c", "b - d"]


# --- rule 3: the bye ------------------------------------------------------------------------


def test_rule_3_first_round_bye_to_the_lowest_rated() -> None:
    """Rule 3: "with an odd number of teams, the one with the last number by rating gets 3 points
    in round 1 without play and without goals (+:-)"."""
    pairing = pair_next_round(teams(5), [], Settings())
    assert pairing.bye == "5"
    assert pairing.pairs == (("1", "3"), ("2", "4"))
    assert pairing.lines()[-1] == "5 - BYE"


def test_rule_3_bye_is_worth_a_win_without_goals() -> None:
    """Rule 3: the bye is "3 points without play and without goals (+:-)" - the value of a win,
    whatever the points of a win are."""
    games = [Game(1, "1", "3", 1, 1), Game(1, "2", "4", 0, 2), Game(1, "5", None)]
    for points in ((Fraction(3), Fraction(1), Fraction(0)), (Fraction(2), Fraction(1), Fraction(0))):
        table = {r.team.id: r for r in standings(teams(5), games, Settings(points))}
        assert table["5"].points == points[0]
        assert (table["5"].scores_for, table["5"].scores_against, table["5"].played) == (0, 0, 0)
        assert table["5"].byes == 1


def test_rule_3_later_byes_go_to_the_last_placed_team() -> None:
    """Rule 3: "in later rounds the same free points go each time to the team in last place"."""
    games = [Game(1, "1", "3", 2, 0), Game(1, "2", "4", 1, 0), Game(1, "5", None)]
    # After round 1: 1 and 2 and 5 have 3 points, 3 and 4 none; 3 (-2) is last.
    assert pair_next_round(teams(5), games, Settings()).bye == "3"


def test_rule_3_no_team_gets_a_second_bye() -> None:
    """Rule 3: "no team gets points without play twice, even if it is last several times: then the
    right passes to the second team from the bottom, then to the third from the bottom and so on"."""
    # Ranked indices 0..4; the last (4) and the second from the bottom (3) have had a bye.
    points = [Fraction(6), Fraction(3), Fraction(3), Fraction(3), Fraction(3)]
    met = [frozenset[int]() for _ in points]
    _, bye, _ = pair_ranked(points, met, [0, 0, 0, 1, 1])
    assert bye == 2
    _, bye, _ = pair_ranked(points, met, [0, 0, 0, 0, 1])
    assert bye == 3


def test_rule_3_second_from_the_bottom_through_the_files() -> None:
    """Rule 3 again, end to end: 5 (round-1 bye) and 3 (round-2 bye) are last and second from the
    bottom, so the bye passes "to the third from the bottom"."""
    games = [Game(1, "1", "3", 1, 0), Game(1, "2", "4", 1, 0), Game(1, "5", None),
             Game(2, "1", "2", 1, 0), Game(2, "5", "4", 0, 5), Game(2, "3", None)]
    table = standings(teams(5), games, Settings())
    assert ids(table) == ["1", "4", "2", "3", "5"]
    pairing = pair_next_round(teams(5), games, Settings())
    assert pairing.bye == "2"


# --- rule 4: score groups ---------------------------------------------------------------------


def test_rule_4_three_groups_after_round_one() -> None:
    """Rule 4: "after the first round there are three such groups: the winners (3 points), the
    teams that drew (1) and the losers (0)"; pairs are made inside each group."""
    games = [Game(1, "1", "5", 2, 0), Game(1, "2", "6", 1, 0), Game(1, "3", "7", 1, 1),
             Game(1, "4", "8", 2, 2)]
    table = {r.team.id: r.points for r in standings(teams(8), games, Settings())}
    assert sorted(set(table.values())) == [0, 1, 3]
    pairing = pair_next_round(teams(8), games, Settings())
    # 1-point group ranked 4, 8 (2 goals for), 3, 7 (1 goal for): halves 4, 8 and 3, 7.
    assert pairing.pairs == (("1", "2"), ("4", "3"), ("8", "7"), ("6", "5"))
    for home, away in pairing.pairs:
        assert table[home] == table[away]


def test_rule_4_odd_group_sends_its_worst_member_down() -> None:
    """Rule 4: "if a higher score group has an odd number of teams, the one with the worst criteria
    (see rule 6) moves to the next lower score group" - criteria, not rating."""
    games = [Game(1, "1", "4", 3, 0), Game(1, "2", "5", 1, 0), Game(1, "3", "6", 2, 0)]
    # Winners ranked 1 (+3), 3 (+2), 2 (+1): team 2, although rated above 3, goes down.
    # Losers ranked 5 (-1), 6 (-2), 4 (-3); the group below is 2, 5, 6, 4.
    pairing = pair_next_round(teams(6), games, Settings())
    assert pairing.pairs == (("1", "3"), ("2", "6"), ("5", "4"))


# --- rule 5: pairing inside a group, no repeats -----------------------------------------------


def test_rule_5_best_of_top_half_meets_best_of_bottom_half() -> None:
    """Rule 5: "pairs ... are made inside one score group on the same principle as in round 1 (the
    best team of the top half of the group meets, if possible, the best of the bottom half)"."""
    points = [Fraction(3)] * 6
    pairs, bye, _ = pair_ranked(points, [frozenset[int]() for _ in points], [0] * 6)
    assert (pairs, bye) == ([(0, 3), (1, 4), (2, 5)], None)


def test_rule_5_a_repeat_shifts_opponents_from_the_higher_ranked_team() -> None:
    """Rule 5: "however, the same pair may not play more than one match in the tournament". The
    higher-ranked team takes the next opponent of the bottom half."""
    points = [Fraction(3)] * 4
    met = [frozenset({2}), frozenset[int](), frozenset({0}), frozenset[int]()]
    pairs, _, _ = pair_ranked(points, met, [0] * 4)
    assert pairs == [(0, 3), (1, 2)]
    points = [Fraction(3)] * 6
    met = [frozenset({3}), frozenset({4}), frozenset[int](), frozenset({0}), frozenset({1}), frozenset[int]()]
    pairs, _, _ = pair_ranked(points, met, [0] * 6)
    assert pairs == [(0, 4), (1, 3), (2, 5)]


def test_rule_5_no_repeat_even_when_top_half_has_met_all_of_bottom_half() -> None:
    """Rule 5: no pair meets twice; when the top team has met the whole bottom half, it meets
    the next of its own half."""
    points = [Fraction(3)] * 4
    met = [frozenset({2, 3}), frozenset[int](), frozenset({0}), frozenset({0})]
    pairs, _, _ = pair_ranked(points, met, [0] * 4)
    assert pairs == [(0, 1), (2, 3)]


def test_rule_5_two_team_group_that_already_met() -> None:
    """Rule 5, extended: a two-team group whose members already met sends its lower member down and
    takes the best of the next group up."""
    points = [Fraction(6), Fraction(6), Fraction(3), Fraction(3), Fraction(3), Fraction(3)]
    met = [frozenset({1}), frozenset({0}), *(frozenset[int]() for _ in range(4))]
    pairs, _, notes = pair_ranked(points, met, [0] * 6)
    assert pairs == [(0, 2), (1, 4), (3, 5)]
    assert notes and "1 goes down, 2 comes up" in notes[0]


def test_rule_5_two_team_group_through_the_files() -> None:
    """Rule 5 end to end: 1 and 2 drew each other in round 2 and are alone on 4 points; the lower
    (2) goes down, the best of the 2-point group (3) comes up."""
    games = [Game(1, "1", "4", 2, 0), Game(1, "2", "5", 1, 0), Game(1, "3", "6", 0, 0),
             Game(2, "1", "2", 1, 1), Game(2, "3", "4", 1, 1), Game(2, "5", "6", 0, 0)]
    table = standings(teams(6), games, Settings())
    assert [(r.team.id, r.points) for r in table] == [("1", 4), ("2", 4), ("3", 2), ("6", 2), ("5", 1), ("4", 1)]
    pairing = pair_next_round(teams(6), games, Settings())
    assert pairing.pairs == (("1", "3"), ("2", "6"), ("5", "4"))
    assert pairing.notes == ("rule 5: 2 goes down, 3 comes up",)


def test_unavoidable_repeat_is_an_error() -> None:
    """Rule 5: "the same pair may not play more than one match": with two teams that met, no
    pairing is left."""
    games = [Game(1, "1", "2", 1, 0)]
    with pytest.raises(NoValidPairingError):
        pair_next_round(teams(2), games, Settings())


# --- rule 6 and rule 8: ranking -------------------------------------------------------------


def _two_winners(a: tuple[int, int, int | None, int | None], b: tuple[int, int, int | None, int | None],
                 rating_a: int = 1000, rating_b: int = 1500) -> list[str]:
    squad = [Team("A", rating=rating_a), Team("B", rating=rating_b), Team("C", rating=900), Team("D", rating=800)]
    games = [Game(1, "A", "C", a[0], a[1], a[2], a[3]), Game(1, "B", "D", b[0], b[1], b[2], b[3])]
    return ids(standings(squad, games, Settings()))[:2]


def test_rule_6_score_difference_first() -> None:
    """Rule 6: "the main criterion for places with equal points is ... the goal difference"."""
    assert _two_winners((3, 0, None, None), (4, 2, None, None)) == ["A", "B"]


def test_rule_6_then_scores_for() -> None:
    """Rule 6: "then: the greater number of goals scored"."""
    assert _two_winners((2, 1, None, None), (1, 0, None, None)) == ["A", "B"]


def test_rule_6_then_second_score_difference() -> None:
    """Rule 6: "the difference of the second scores in all matches played"."""
    assert _two_winners((1, 0, 5, 3), (1, 0, 6, 5)) == ["A", "B"]


def test_rule_6_then_second_scores_for() -> None:
    """Rule 6: "the greater number of one's own second scores"."""
    assert _two_winners((1, 0, 6, 4), (1, 0, 5, 3)) == ["A", "B"]


def test_rule_6_then_rating() -> None:
    """Rule 6: "a higher place in the rating"."""
    assert _two_winners((1, 0, 5, 3), (1, 0, 5, 3)) == ["B", "A"]
    assert _two_winners((1, 0, 5, 3), (1, 0, 5, 3), rating_a=1600) == ["A", "B"]


def test_rule_8_points_first_then_criteria() -> None:
    """Rule 8: "final places go by points; equal points use the criteria of rule 6" - and the
    points per result are the event's (3-1-0 here, 2-1-0 configurable)."""
    games = [Game(1, "1", "3", 5, 0), Game(1, "2", "4", 1, 1), Game(2, "1", "2", 0, 1), Game(2, "3", "4", 0, 0)]
    table = standings(teams(4), games, Settings())
    assert [(r.team.id, r.points) for r in table] == [("2", 4), ("1", 3), ("4", 2), ("3", 1)]
    table = standings(teams(4), games, Settings((Fraction(1), Fraction(1, 2), Fraction(0))))
    assert [r.points for r in table] == [Fraction(3, 2), 1, 1, Fraction(1, 2)]
    assert ids(table)[:3] == ["2", "1", "4"]  # 1 and 4 tie on points: goal difference +4 v 0


def test_ranking_is_configurable() -> None:
    """Rules 6 and 8: the ranking criteria are chosen from points, score difference, scores for,
    second-score difference, second scores for and rating."""
    games = [Game(1, "1", "3", 1, 0), Game(1, "2", "4", 5, 4)]
    assert ids(standings(teams(4), games, Settings(ranking=("points", "score_diff"))))[:2] == ["1", "2"]
    assert ids(standings(teams(4), games, Settings(ranking=("points", "scores_for"))))[:2] == ["2", "1"]
    with pytest.raises(SimpleError):
        Settings(ranking=("points", "buchholz"))


def test_standings_reject_unknown_team() -> None:
    with pytest.raises(SwissPairError):
        standings(teams(2), [Game(1, "1", "9", 1, 0)], Settings())


# --- the registry and the TRF interface -----------------------------------------------------


def test_registered_as_simple() -> None:
    """``swisspair pair --system simple FILE``."""
    system = find_system("simple")
    assert isinstance(system, SimpleSystem) and "Swiss for any sport" in system.article and "seed" not in system.article


# --- invariants on generated events ---------------------------------------------------------


@pytest.mark.parametrize("players", [7, 10, 13, 16])
def test_generated_trf_events(players: int) -> None:
    """Rules 3 and 5 on generated tournaments: no repeat, at most one bye per team, and the
    score groups respected where no float is needed (rule 4)."""
    system = SimpleSystem()
    rounds = min(players - 1, recommended_rounds(players, 4) + 1)
    for seed in range(1, 4):
        t = generate(GeneratorConfig(players=players, rounds=rounds), seed, system.pair)
        for p in t:
            opponents = [r.opponent for r in p.results if r.opponent is not None]
            assert len(opponents) == len(set(opponents)), (seed, p.tpn)
            assert sum(r.result is Result.PAB for r in p.results) <= 1, (seed, p.tpn)


def _simulate(count: int, rounds: int, seed: int) -> tuple[list[Team], list[Game]]:
    rng = random.Random(seed)
    squad = [Team(f"T{i:02d}", rating=rng.randint(1000, 2000)) for i in range(count)]
    games: list[Game] = []
    for rnd in range(1, rounds + 1):
        pairing = pair_next_round(squad, games, Settings())
        assert pairing.round == rnd
        for home, away in pairing.pairs:
            games.append(Game(rnd, home, away, rng.randint(0, 4), rng.randint(0, 4),
                              rng.randint(0, 7), rng.randint(0, 7)))
        if pairing.bye is not None:
            games.append(Game(rnd, pairing.bye, None))
    return squad, games


@pytest.mark.parametrize("count", [5, 8, 11, 20, 24])
def test_generated_spreadsheet_events(count: int) -> None:
    """Rules 3 and 5 on simulated events with goals: every team once per round, no repeat, one
    bye at most; the recommended round count."""
    rounds = min(count - 1, recommended_rounds(count, 3))
    for seed in range(3):
        squad, games = _simulate(count, rounds, seed)
        seen: set[frozenset[str]] = set()
        byes: dict[str, int] = {}
        for rnd in range(1, rounds + 1):
            in_round = [t for g in games if g.round == rnd for t in (g.home, g.away) if t is not None]
            assert sorted(in_round) == sorted(t.id for t in squad)
        for g in games:
            if g.away is None:
                byes[g.home] = byes.get(g.home, 0) + 1
                continue
            pair = frozenset((g.home, g.away))
            assert pair not in seen
            seen.add(pair)
        assert all(v <= 1 for v in byes.values())
        assert len(byes) == (rounds if count % 2 else 0)


def test_round_robin_length_event_never_repeats() -> None:
    """Rule 5 pushed to its limit: 6 teams, 5 rounds - every pair meets exactly once."""
    squad, games = _simulate(6, 5, 11)
    assert len({frozenset((g.home, g.away)) for g in games}) == 15


def _brute_force_possible(n: int, met: list[frozenset[int]]) -> bool:
    def match(rest: tuple[int, ...]) -> bool:
        if not rest:
            return True
        first = rest[0]
        return any(other not in met[first] and match(tuple(x for x in rest[1:] if x != other))
                   for other in rest[1:])

    if n % 2 == 0:
        return match(tuple(range(n)))
    return any(match(tuple(i for i in range(n) if i != bye)) for bye in range(n))


def test_no_repeat_whenever_one_can_be_avoided() -> None:
    """Rule 5 ("the same pair may not play more than one match") against brute force: on random
    histories, a pairing is found exactly when one without a repeat exists."""
    rng = random.Random(3)
    for _ in range(400):
        n = rng.randint(3, 8)
        links = {frozenset(p) for p in ((rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 12)))
                 if len(p) == 2 and p[0] != p[1]}
        met = [frozenset(j for link in links if i in link for j in link if j != i) for i in range(n)]
        points = sorted((Fraction(rng.choice((0, 1, 3, 4, 6))) for _ in range(n)), reverse=True)
        byes = [rng.choice((0, 0, 1)) for _ in range(n)]
        if _brute_force_possible(n, met):
            pairs, bye, _ = pair_ranked(points, met, byes)
            assert all(b not in met[a] for a, b in pairs)
            assert sorted([x for p in pairs for x in p] + ([] if bye is None else [bye])) == list(range(n))
            if n % 2:  # rule 3: the lowest-ranked team without a bye whose bye leaves a pairing
                fits = [i for i in sorted(reversed(range(n)), key=lambda i: byes[i])
                        if _brute_force_possible(n - 1, [frozenset(j - (j > i) for j in met[k] if j != i)
                                                         for k in range(n) if k != i])]
                assert bye == fits[0]
        else:
            with pytest.raises(NoValidPairingError):
                pair_ranked(points, met, byes)


# --- recommended rounds ---------------------------------------------------------------------


def test_recommended_rounds_sixteen_players_four_places() -> None:
    """The Swiss for any sport: to find the best four of 16 participants, five rounds are needed."""
    assert recommended_rounds(16, 4) == 5


@pytest.mark.parametrize(("players", "places", "expected"),
                         [(16, 1, 3), (24, 3, 6), (100, 3, 8), (2, 1, 1), (8, 8, 5)])
def test_recommended_rounds_formula(players: int, places: int, expected: int) -> None:
    """The Swiss for any sport: round(log2 participants) + round(log2 prize places) - 1."""
    assert recommended_rounds(players, places) == expected


def test_recommended_rounds_rejects_nonsense() -> None:
    with pytest.raises(SwissPairError):
        recommended_rounds(1, 1)
    with pytest.raises(SwissPairError):
        recommended_rounds(10, 11)
