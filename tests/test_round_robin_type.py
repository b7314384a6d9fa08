"""A file says it is a round-robin by its ``092`` tournament type alone (``Individual: Round-Robin``, as
Swiss-Manager writes it; ``Team: Round-Robin``) as much as by a ``192`` code: the tie-break event of the
players and the team standings both take it as one (C.07 (2026) 9.2: Koya; direct encounter)."""

from __future__ import annotations

from swisspair.model import Player, Tournament
from swisspair.tiebreaks.event import Event
from swisspair.tiebreaks.team import standings_event

from test_team_roundrobin import play, teams_event


def test_an_individual_round_robin_by_its_tournament_type() -> None:
    t = Tournament(players={n: Player(n, f"P{n}") for n in range(1, 5)}, rounds=3,
                   headers={"092": ["Individual: Round-Robin"]})
    assert Event.from_tournament(t).round_robin
    assert not Event.from_tournament(Tournament(players=dict(t.players), rounds=3)).round_robin


def test_a_team_round_robin_by_its_tournament_type() -> None:
    t = teams_event(6)
    play(t, 6)
    t.headers["092"] = ["Team: Round-Robin"]
    assert standings_event(t).round_robin
    t.headers["092"] = ["Team Swiss"]
    assert not standings_event(t).round_robin
