"""Shared test helpers: where the reference corpus is, and small tournament builders."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import pytest

from swisspair.cli import main
from swisspair.exitcodes import ExitCode
from swisspair.model import Colour, Player, Result, RoundResult, Tournament
from swisspair.pairing.checker import recorded_round
from swisspair.trf import dumps, load

REPO = Path(__file__).resolve().parents[1]
CORPUS = Path(__file__).resolve().parent / "corpus"
"""The reference corpus carried by the repository (tests/corpus, described in its README.md)."""


def corpus_files(folder: str) -> list[Path]:
    """The TRF files of ``tests/corpus/<folder>``; a missing or empty folder is an error, never a skip."""
    files = sorted((CORPUS / folder).glob("*.trf"))
    if not files:
        raise FileNotFoundError(f"no TRF file in {CORPUS / folder}: the reference corpus is part of the repository")
    return files


def all_corpus_files() -> list[Path]:
    """Every TRF file of the reference corpus (all folders), in path order."""
    return sorted(path for folder in ("burstein", "dutch", "dutch-2017", "dutch-baku")
                  for path in corpus_files(folder))


FAST_SAMPLE = 10
"""Reading a corpus file is quick: every tenth file stays in the fast tier (``-m "not slow"``)."""

FAST_REPLAY_SAMPLE = 50
"""Replaying a tournament is not: every fiftieth one stays in the fast tier."""


def tiered(index: int, every: int = FAST_SAMPLE) -> tuple[pytest.MarkDecorator, ...]:
    """No mark for every ``every``-th corpus file, ``slow`` for the others (they run in the full tier)."""
    return () if index % every == 0 else (pytest.mark.slow,)


def sampled(values: Iterable[object], every: int) -> list[object]:
    """``values`` as ``pytest.param``s (their ids as before): every ``every``-th in the fast tier, the others
    ``slow`` (they run in the full tier)."""
    return [pytest.param(value, marks=tiered(index, every)) for index, value in enumerate(values)]


def corpus_params(folder: str) -> list[object]:
    """One ``pytest.param`` per file of ``tests/corpus/<folder>``, named by the file; a sample in the fast tier."""
    return [pytest.param(path, id=path.stem, marks=tiered(index, FAST_REPLAY_SAMPLE))
            for index, path in enumerate(corpus_files(folder))]


def make_tournament(rounds: int, ratings: list[int], games: list[list[str]] | None = None,
                    initial: Colour = Colour.WHITE) -> Tournament:
    """A tournament from compact round descriptions.

    ``games[r]`` lists the round's entries: ``"1-2 1-0"`` (white-black result),
    ``"3 U"`` (PAB), ``"4 H"``/``"4 Z"``/``"4 F"`` (byes), ``"5-6 +-"`` (forfeit).
    """
    t = Tournament(rounds=rounds, initial_colour=initial)
    for tpn, rating in enumerate(ratings, start=1):
        t.players[tpn] = Player(tpn=tpn, name=f"P{tpn}", rating=rating)
    codes = {"1-0": ("1", "0"), "0-1": ("0", "1"), "=-=": ("=", "="), "+-": ("+", "-"), "-+": ("-", "+"),
             "--": ("-", "-"), "0-0": ("0", "0")}
    for number, entries in enumerate(games or [], start=1):
        for entry in entries:
            who, what = entry.split()
            if "-" in who:
                w, b = (int(x) for x in who.split("-"))
                rw, rb = codes[what]
                t.players[w].results.append(RoundResult(b, Colour.WHITE, Result(rw)))
                t.players[b].results.append(RoundResult(w, Colour.BLACK, Result(rb)))
            else:
                t.players[int(who)].results.append(RoundResult.bye(Result(what)))
        for player in t.players.values():
            while len(player.results) < number:
                player.results.append(RoundResult.bye(Result.ABSENT))
    return t


def run_cli(args: list[str]) -> int:
    """Run the command line as a process would; returns its exit code."""
    with pytest.raises(SystemExit) as exc:
        main(args)
    code = exc.value.code
    return int(code) if code is not None else 0


def check_engine_pairs_last_round(tmp_path: Path, path: Path, flag: str) -> None:
    """``swisspair FLAG IN -p OUT`` on all but the last round of ``path`` writes that round in the engine format."""
    t = load(path).tournament
    last = t.recorded_rounds
    partial = t.truncated(last - 1)
    partial.rounds = last
    source = tmp_path / "in.trf"
    source.write_text(dumps(partial))
    out = tmp_path / "out.txt"
    assert run_cli([flag, str(source), "-p", str(out)]) == ExitCode.OK
    lines = out.read_text().splitlines()
    expected = recorded_round(t, last)
    assert int(lines[0]) == len(expected.boards) + (expected.bye is not None)
    pairs = {tuple(map(int, line.split())) for line in lines[1:]}
    wanted = {(b.white, b.black) for b in expected.boards}
    if expected.bye:
        wanted.add((expected.bye, 0))
    assert pairs == wanted


def play_round(t: Tournament, rnd: int, boards: list[tuple[int, int]], bye: int | None, rng: random.Random) -> None:
    """Results of round ``rnd`` of ``t`` (White-Black ``boards``, the PAB to ``bye``): wins, draws and losses,
    one game in 15 forfeited; everybody else has a zero-point bye."""
    for white, black in boards:
        roll = rng.random()
        if roll < 1 / 15:
            rw, rb = (Result.FORFEIT_WIN, Result.FORFEIT_LOSS) if rng.random() < 0.5 else \
                (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)
        else:
            rw, rb = (Result.WIN, Result.LOSS) if roll < 0.45 else (Result.DRAW, Result.DRAW) if roll < 0.7 \
                else (Result.LOSS, Result.WIN)
        t.players[white].results.append(RoundResult(black, Colour.WHITE, rw))
        t.players[black].results.append(RoundResult(white, Colour.BLACK, rb))
    if bye is not None:
        t.players[bye].results.append(RoundResult.bye(Result.PAB))
    for player in t:
        if len(player.results) < rnd:
            player.results.append(RoundResult.bye(Result.ZERO_BYE))


def announce_absences(t: Tournament, rnd: int, rng: random.Random) -> None:
    """One player-round in 30 (from round 2) becomes an announced absence, a zero-point bye."""
    for player in t:
        if rnd > 1 and rng.random() < 1 / 30:
            player.results.append(RoundResult.bye(Result.ZERO_BYE))
