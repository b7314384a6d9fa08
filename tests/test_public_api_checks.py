"""The public API on what a Python programmer new to it tries: a team event read from a file, paired and
recorded as matches and ranked by teams; a round recorded only into the state it was paired from; every
error a named class, bad input a ValueError naming the value and what was expected; ``trf validate`` saying
whether a file can be paired."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import swisspair
from swisspair import Result
from swisspair.cli import cli

TEAM_FILE = """012 Club league
092 Team Swiss System
192 FIDE_TEAM
352 WB
XXR 3
XXC white1
001    1      Ames, Ann                         2300
001    2      Bell, Bo                          2250
001    3      Cole, Cy                          2200
001    4      Dunn, Di                          2150
001    5      Eyre, Ed                          2100
001    6      Fay, Flo                          2050
310   1 Ajax                                                                1    2
310   2 Bree                                                                3    4
310   3 Cork                                                                5    6
212 PTS,EDET/P,MPVGP
"""


def team_event() -> swisspair.Tournament:
    return swisspair.parse_trf(TEAM_FILE, source="league.trf").tournament


# -- team events ---------------------------------------------------------------------------------------


def test_a_team_file_is_paired_and_recorded_as_matches_board_by_board() -> None:
    t = team_event()
    pairing = swisspair.pair(t)
    assert isinstance(pairing, swisspair.TeamPairing)
    [match] = pairing.matches
    teams = {team.number: team.members for team in t.teams}
    # board 1: the team with White has White, board 2 Black (352 WB, C.04.6 1.6.1)
    first, second = teams[match.white], teams[match.black]
    assert match.games == (swisspair.Board(first[0], second[0]), swisspair.Board(second[1], first[1]))
    assert pairing.bye_players == teams[pairing.bye or 0]
    swisspair.record_round(t, pairing, ["1-0", "0-1"])
    for board, (white, black) in zip(match.games, [(Result.WIN, Result.LOSS), (Result.LOSS, Result.WIN)]):
        assert t.player(board.white).result(1) == swisspair.RoundResult(board.black, swisspair.Colour.WHITE, white)
        assert t.player(board.black).result(1) == swisspair.RoundResult(board.white, swisspair.Colour.BLACK, black)
    for tpn in pairing.bye_players:  # the team PAB: every player of its line-up (C.04.6 1.4)
        assert t.player(tpn).result(1).result is Result.PAB
    # match won 2-0 by the team with White on board 1 (1-0 on board 1, 0-1 with Black on board 2)
    standings = swisspair.compute_standings(t, teams=True)
    assert standings.rows[0].tpn == match.white and standings.event.total(match.white, "GP") == 2


def test_a_team_round_needs_one_result_per_game() -> None:
    t = team_event()
    pairing = swisspair.pair(t)
    with pytest.raises(swisspair.InvalidRequestError, match="round 1: 2 games, 1 results"):
        swisspair.record_round(t, pairing, ["1-0"])


def test_team_standings_through_the_public_call() -> None:
    t = team_event()
    for results in (["1-0", "1/2-1/2"], ["0-1", "1-0"]):
        swisspair.record_round(t, swisspair.pair(t), results)
    teams = swisspair.compute_standings(t, teams=True)  # the file's list: EDET/P, MPVGP (212)
    assert [d.label for d in teams.tiebreaks] == ["EDET/P", "MPVGP"]
    assert sorted(row.tpn for row in teams.rows) == [1, 2, 3]
    players = swisspair.compute_standings(t)  # the players: the file's team tie-breaks skipped, with a note
    assert len(players.rows) == 6
    assert any("EDET/P ranks teams" in note and "teams=True" in note for note in players.notes)
    with pytest.raises(swisspair.InvalidTieBreakError, match="MPVGP: a team tie-break .* teams=True"):
        swisspair.compute_standings(t, "MPVGP")


def test_a_team_event_built_in_code_writes_and_reads_back() -> None:
    t = swisspair.new_tournament("League", rounds=3, boards=2)
    for club in ("Ajax", "Bree", "Cork", "Dover"):
        swisspair.add_team(t, club, [f"{club} {n}" for n in (1, 2, 3)])
    swisspair.add_bye(t, 1, "Z")  # Ajax 1 absent in round 1: Ajax 2 and 3 play
    pairing = swisspair.pair(t)
    assert isinstance(pairing, swisspair.TeamPairing)
    ajax = next(m for m in pairing.matches if 1 in (m.white, m.black))
    assert {2, 3} <= {tpn for game in ajax.games for tpn in (game.white, game.black)}
    swisspair.record_round(t, pairing, ["1-0"] * len(pairing.games))
    again = swisspair.parse_trf(swisspair.write_trf(t)).tournament
    assert [(team.number, team.name, team.members) for team in again.teams] == \
        [(team.number, team.name, team.members) for team in t.teams]
    assert swisspair.pair(again) == swisspair.pair(t)
    with pytest.raises(swisspair.RoundNumberError, match="teams are entered before round 1 is paired"):
        swisspair.add_team(t, "Ely", ["Ely 1", "Ely 2"])
    other = swisspair.new_tournament(rounds=1, boards=1)
    swisspair.add_team(other, "Ajax", ["A"])
    with pytest.raises(swisspair.InvalidRequestError, match=r"team X: player 1 \(A\) is already in team Ajax"):
        swisspair.add_team(other, "X", [other.player(1)])
    with pytest.raises(swisspair.InvalidRequestError, match="team Y: player 1 is not a participant of this tournament"):
        swisspair.add_team(other, "Y", [t.player(1)])


def test_a_team_short_of_players_is_named() -> None:
    t = swisspair.new_tournament("League", rounds=3, boards=2)
    swisspair.add_team(t, "Ajax", ["A1", "A2"])
    swisspair.add_team(t, "Bree", ["B1", "B2"])
    swisspair.add_bye(t, 3, "H")
    with pytest.raises(swisspair.InvalidRequestError,
                       match=r"team 2 \(Bree\): 1 player\(s\) available for round 1, a match has 2 boards"):
        swisspair.pair(t)


# -- record_round takes the state it was paired from ---------------------------------------------------


def test_a_pairing_of_another_round_is_refused() -> None:
    other = swisspair.new_tournament(rounds=5, players=["A", "B", "C", "D"])
    for _ in range(2):
        swisspair.record_round(other, swisspair.pair(other), ["1-0", "1-0"])
    third = swisspair.pair(other)
    fresh = swisspair.new_tournament(rounds=5, players=["A", "B", "C", "D"])
    with pytest.raises(swisspair.RoundNumberError, match="the pairing is of round 3; the round to record is 1"):
        swisspair.record_round(fresh, third, ["1-0", "1-0"])
    assert fresh.paired_rounds == 0 and all(not p.results for p in fresh)


def test_a_bye_requested_after_the_pairing_is_kept() -> None:
    t = swisspair.new_tournament(rounds=3, players=["A", "B", "C", "D"])
    pairing = swisspair.pair(t)
    swisspair.add_bye(t, 1)
    with pytest.raises(swisspair.InvalidRequestError,
                       match=r"participant 1 \(A\) is paired but has a requested bye or absence \(H\) .* pair the "
                             "round again"):
        swisspair.record_round(t, pairing, ["1-0", "1-0"])
    assert t.player(1).result(1).result is Result.HALF_BYE
    again = swisspair.pair(t)
    swisspair.record_round(t, again, ["1-0"] * len(again.boards))
    assert t.player(1).result(1).result is Result.HALF_BYE


@pytest.mark.parametrize("result", [(Result.HALF_BYE, Result.PAB), (Result.WIN, Result.WIN),
                                    (Result.ZERO_BYE, Result.FORFEIT_WIN)])
def test_a_bye_code_on_a_played_board_is_refused(result: tuple[Result, Result]) -> None:
    t = swisspair.new_tournament(rounds=3, players=["A", "B"])
    with pytest.raises(swisspair.InvalidRequestError, match=r"board 1: .* is not the result of a game; expected"):
        swisspair.record_round(t, swisspair.pair(t), [result])
    assert t.paired_rounds == 0


def test_results_as_board_results_and_pairs() -> None:
    t = swisspair.new_tournament(rounds=3, players=["A", "B", "C", "D"])
    swisspair.record_round(t, swisspair.pair(t), [swisspair.BoardResult.parse("1/2") or "=",
                                                  (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)])
    assert [t.player(tpn).result(1).result.value for tpn in (1, 3, 4, 2)] == ["=", "=", "-", "+"]


# -- errors: named, bad input a ValueError that names the value ------------------------------------------


def test_a_finished_event_and_a_file_without_rounds() -> None:
    t = swisspair.new_tournament(rounds=1, players=["A", "B"])
    swisspair.record_round(t, swisspair.pair(t), ["1-0"])
    with pytest.raises(swisspair.RoundNumberError, match="round 2 is beyond the 1 rounds of the tournament") as info:
        swisspair.pair(t)
    assert isinstance(info.value, ValueError)
    no_rounds = swisspair.parse_trf("001    1      A                                 2000\n"
                                    "001    2      B                                 1900\n").tournament
    with pytest.raises(swisspair.RoundNumberError, match=r"the number of rounds is not given \(TRF 142 or XXR\)"):
        swisspair.pair(no_rounds)


def test_an_unknown_system_is_an_unsupported_feature_and_a_value_error() -> None:
    t = swisspair.new_tournament(rounds=1, players=["A", "B"])
    with pytest.raises(swisspair.UnsupportedFeatureError, match="unknown pairing system 'dutchh'; available: ") as info:
        swisspair.pair(t, "dutchh")
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(("options", "message"), [
    ({"forbidden": [(1, 99)]}, r"forbidden: no participant with pairing number 99 \(expected one of 1-2\)"),
    ({"absent": [99]}, r"absent: no participant with pairing number 99"),
])
def test_unknown_pairing_numbers_in_options(options: dict[str, list[object]], message: str) -> None:
    t = swisspair.new_tournament(rounds=1, players=["A", "B"])
    with pytest.raises(swisspair.InvalidRequestError, match=message):
        swisspair.pair(t, **options)  # type: ignore[arg-type]


def test_wrong_types_are_type_errors_and_value_errors() -> None:
    with pytest.raises(swisspair.InvalidTypeError, match=r"A: the rating: expected a whole number, got '2000'") as info:
        swisspair.new_tournament("Open", rounds=3, players=[("A", "2000")])  # type: ignore[list-item]
    assert isinstance(info.value, TypeError) and isinstance(info.value, ValueError)
    with pytest.raises(swisspair.InvalidTypeError, match=r"a player is a name or a \(name, rating\) pair, got 7"):
        swisspair.new_tournament("Open", rounds=3, players=[7])  # type: ignore[list-item]
    with pytest.raises(swisspair.InvalidTypeError, match="rounds: expected a whole number, got '5'"):
        swisspair.new_tournament("Open", rounds="5")  # type: ignore[arg-type]
    with pytest.raises(swisspair.InvalidTypeError, match=r"parse_trf: expected the text \(str\) or the bytes of a "
                                                         "TRF, got int"):
        swisspair.parse_trf(42)  # type: ignore[arg-type]
    with pytest.raises(swisspair.InvalidTypeError, match="got PosixPath: read a file with read_trf"):
        swisspair.parse_trf(Path("x.trf"))  # type: ignore[arg-type]
    with pytest.raises(swisspair.InvalidRequestError, match="bye 'X': expected one of H, F, Z"):
        swisspair.add_bye(swisspair.new_tournament(rounds=1, players=["A"]), 1, "X")  # type: ignore[arg-type]


def test_writing_into_a_missing_folder_names_the_file(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "x.trf"
    with pytest.raises(FileNotFoundError) as info:
        swisspair.write_trf(swisspair.new_tournament(rounds=1, players=["A"]), target)
    assert info.value.filename == str(target)
    assert ".tmp" not in str(info.value)
    assert not (tmp_path / "missing").exists()


def test_every_exception_class_of_the_package_is_a_swisspair_error() -> None:
    import inspect
    import pkgutil

    import swisspair as package

    found = []
    for info in pkgutil.walk_packages(package.__path__, "swisspair."):
        if info.name.startswith("swisspair.matching._"):
            continue
        module = __import__(info.name, fromlist=["_"])
        for name, value in vars(module).items():
            if inspect.isclass(value) and issubclass(value, Exception) and value.__module__ == info.name \
                    and not name.startswith("_") and name != "FrozenInstanceError":
                found.append(value)
    assert len(found) >= 15
    for error in found:
        assert issubclass(error, swisspair.SwissPairError), error
        if error not in (swisspair.NoValidPairingError, swisspair.LimitExceededError, swisspair.SwissPairError,
                         swisspair.MissingRatingsError):
            assert issubclass(error, ValueError), f"{error.__name__}: bad input is a ValueError"


def test_nothing_raises_the_bare_base_class() -> None:
    source = Path(swisspair.__file__).parent
    raising = [path.name for path in source.rglob("*.py") if "raise SwissPairError(" in path.read_text("utf-8")]
    assert raising == []


# -- trf validate says whether a file can be paired ----------------------------------------------------


def test_validate_says_what_it_validates(tmp_path: Path) -> None:
    no_rounds = tmp_path / "no-rounds.trf"
    no_rounds.write_text("012 Club\n001    1      A                                 2000\n")
    finished = tmp_path / "finished.trf"
    t = swisspair.new_tournament(rounds=1, players=["A", "B"])
    swisspair.record_round(t, swisspair.pair(t), ["1-0"])
    swisspair.write_trf(t, finished)
    ready = tmp_path / "ready.trf"
    swisspair.write_trf(swisspair.new_tournament(rounds=3, players=["A", "B"]), ready)
    result = CliRunner().invoke(cli, ["trf", "validate", "--json", str(no_rounds), str(finished), str(ready)])
    assert result.exit_code == 0, result.output  # every file can be read
    files = json.loads(result.stdout)["files"]
    assert [(f["valid"], f["pairable"]) for f in files] == [(True, False), (True, False), (True, True)]
    assert "the number of rounds is not given (TRF 142 or XXR)" in files[0]["not_pairable"]
    assert "round 2 is beyond the 1 rounds" in files[1]["not_pairable"]
    text = CliRunner().invoke(cli, ["trf", "validate", str(no_rounds), str(ready)])
    assert f"{no_rounds}: ok: 1 players, 0 rounds paired; the next round cannot be paired: the number of rounds " \
           "is not given" in text.stdout
    strict = CliRunner().invoke(cli, ["trf", "validate", "--pairable", str(no_rounds), str(ready)])
    assert strict.exit_code == 3
    assert f"{no_rounds}: cannot be paired: the number of rounds is not given" in strict.stderr
    assert f"{ready}: ok: 2 players, 0 rounds paired of 3" in strict.stdout


def test_the_readme_says_what_validate_checks() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "exit 0 when every file can be read" in readme
    assert "--pairable" in readme
