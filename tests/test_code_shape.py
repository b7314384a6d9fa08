"""The shape of the code: short functions (no function of the core over 120 lines, the Dutch bracket
loops included), and every pairing system reads the participants through the shared state
(:mod:`swisspair.pairing.state`: one record per pairing round, a game, a Double-Swiss match or a team
round)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import source_trees

from swisspair.generator import GeneratorConfig
from swisspair.pairing import find_system, generate, state, system_names
from swisspair.pairing.state import PlayerState, RoundRecord

CORE = Path(__file__).resolve().parent.parent / "src" / "swisspair"
LIMIT = 120


def long_functions(root: Path = CORE) -> list[str]:
    """``path:line name (N lines)`` for each function under ``root`` over :data:`LIMIT` lines."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in source_trees.walk(source_trees.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > LIMIT:
                    found.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_function_over_120_lines() -> None:
    assert long_functions() == []


@pytest.mark.parametrize("name", system_names())
def test_every_system_builds_its_state_through_pairing_state(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every participant a system pairs (a player, a Double-Swiss player, a team) was read into a
    :class:`~swisspair.pairing.state.PairingState` by a shared builder, with one record per pairing
    round already played."""
    system = find_system(name)
    event = generate(system, GeneratorConfig(players=9, rounds=4), seed=5)
    before = event.truncated(3 * system.shape.games)  # three pairing rounds played, the fourth to pair
    built: dict[int, int] = {}
    real = state._player_state

    def spy(tpn: int, rank: int, rating: int, records: list[RoundRecord], accelerations: dict[int, int],
            round_number: int) -> PlayerState:
        built[tpn] = len(records)
        return real(tpn, rank, rating, records, accelerations, round_number)

    monkeypatch.setattr(state, "_player_state", spy)
    pairing = system.pair(before)
    paired = {tpn for board in pairing.boards for tpn in (board.white, board.black)}
    paired |= {pairing.bye} if pairing.bye is not None else set()
    assert len(paired) == 9
    assert {tpn: built.get(tpn) for tpn in paired} == dict.fromkeys(paired, 3)
