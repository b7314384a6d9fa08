"""Play-offs for tied places (FIDE C.02 (2009) art. 13.2; C.07 (2026) art. 3).

When the regulations decide a place by play-off (13.2.4: recommended for
first place or qualification places only), the players level on points for
that place play it out, as in the examples of 13.2.11:

1. two players: a two-game mini-match; if it is drawn, colours are drawn
   again and the first to win a game wins ("after each odd game the colours
   shall be reversed", read literally: sudden-death games 2, 4, ... reverse
   the colours of the game before, games 3, 5, ... keep them);
2. three players: a single round robin; if all three are level again, the
   next tie-break eliminates the last one and the other two play as in 1;
3. four players: a knock-out of two-game matches as in 1, pairs drawn by lot;
4. five or more: the next tie-break ranks them and all but the first four
   are eliminated; the four play as in 3.

13.2.10: the initial colours are drawn by lot in every case. 13.2.5: each
place is given by the play-off; 13.2.6: players level after first place is
settled (the two losing semi-finalists) share the prizes of their places.

The lots are drawn with :class:`random.Random` seeded from the play-off's seed
and the name of the match, so that the whole play-off can be replayed from
its seed and its recorded results (:meth:`Playoff.to_json`).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from swisspair.errors import PlayoffError

if TYPE_CHECKING:
    from swisspair.standings import Standings

__all__ = ["Game", "Placement", "Playoff", "PlayoffError", "apply_playoff", "playoff_group", "start_playoff"]

RESULTS = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1)),
           "1/2-1/2": (Fraction(1, 2), Fraction(1, 2))}
_ALIASES = {"1": "1-0", "0": "0-1", "=": "1/2-1/2", "1/2": "1/2-1/2", "½-½": "1/2-1/2", "0.5-0.5": "1/2-1/2",
            "+": "1-0", "-": "0-1", "1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2"}


@dataclass(slots=True)
class Game:
    """One play-off game."""

    id: str
    """Identifier, e.g. ``M.1`` (mini-match game 1), ``M.SD2`` (sudden death), ``RR.3``, ``SF1.1``, ``F.2``."""
    stage: str
    """Human description of the stage ("final, sudden death")."""
    white: int
    """TPN with White."""
    black: int
    """TPN with Black."""
    result: str | None = None
    """``1-0``, ``0-1``, ``1/2-1/2``, or ``None`` while not played."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Places given by the play-off: one participant, or several sharing (13.2.6)."""

    first: int
    """Best place."""
    last: int
    """Last place (equal to ``first`` unless shared)."""
    players: tuple[int, ...]
    """Who takes these places."""

    @property
    def text(self) -> str:
        """``"1"`` or ``"3-4"``."""
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


@dataclass(slots=True)
class Playoff:
    """A play-off among tied players, replayable from its seed and results."""

    players: list[int]
    """The tied players, in the order of the next tie-breaks (used by cases 2 and 4)."""
    seed: int
    """Seed of the drawings of lots."""
    first_place: int = 1
    """The place the play-off starts at."""
    results: dict[str, str] = field(default_factory=dict)
    """Recorded results by game id."""
    games: list[Game] = field(default_factory=list, init=False)
    """All games so far (played and to play), rebuilt by :meth:`replay`."""
    placements: list[Placement] | None = field(default=None, init=False)
    """The places once the play-off is over."""
    notes: list[str] = field(default_factory=list, init=False)
    """How the play-off was organised (eliminations, lots)."""

    def __post_init__(self) -> None:
        if len(self.players) < 2:
            raise PlayoffError("a play-off needs at least two players")
        if len(set(self.players)) != len(self.players):
            raise PlayoffError("a player appears twice in the play-off")
        self.replay()

    # ------------------------------------------------------------ public

    @property
    def pending(self) -> list[Game]:
        """Games to be played next."""
        return [g for g in self.games if g.result is None]

    @property
    def finished(self) -> bool:
        """All places are settled."""
        return self.placements is not None

    def record(self, game_id: str, result: str) -> None:
        """Record the result of a pending game (``1-0``, ``0-1``, ``1/2-1/2``; also ``1``, ``0``, ``=``).

        :raises: :exc:`PlayoffError` for an unknown or already played game, or a bad result.
        """
        normal = _ALIASES.get(result.strip())
        if normal is None:
            raise PlayoffError(f"result {result!r}: expected 1-0, 0-1 or 1/2-1/2")
        if game_id not in {g.id for g in self.pending}:
            known = ", ".join(g.id for g in self.pending) or "none"
            raise PlayoffError(f"game {game_id!r} is not waiting for a result (pending: {known})")
        self.results[game_id] = normal
        self.replay()

    def to_json(self) -> str:
        """The state: players, seed, first place and results."""
        return json.dumps({"players": self.players, "seed": self.seed, "first_place": self.first_place,
                           "results": self.results}, indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Playoff:
        """Rebuild a play-off saved with :meth:`to_json`.

        :raises: :exc:`PlayoffError` for a state that does not replay.
        """
        data = json.loads(text)
        playoff = cls(players=[int(p) for p in data["players"]], seed=int(data["seed"]),
                      first_place=int(data.get("first_place", 1)))
        for game_id, result in data.get("results", {}).items():
            playoff.record(game_id, result)
        return playoff

    def describe(self) -> str:
        """The play-off as text: notes, games with results, then the places or what is pending."""
        out = [f"play-off for place {self.first_place} among {', '.join(map(str, self.players))} (seed {self.seed})"]
        out += [f"  {n}" for n in self.notes]
        for g in self.games:
            out.append(f"  {g.id:<8} {g.stage:<28} {g.white:>4} - {g.black:<4} {g.result or '(to play)'}")
        if self.placements is not None:
            out.append("places: " + "; ".join(f"{p.text}: {', '.join(map(str, p.players))}"
                                              for p in self.placements))
        return "\n".join(out) + "\n"

    # ------------------------------------------------------------ the procedure

    def replay(self) -> None:
        """Rebuild games and places from the seed and the recorded results (13.2.11)."""
        self.games = []
        self.notes = []
        placing = self._group(list(self.players), "")
        if placing is None:
            self.placements = None
            return
        out = []
        place = self.first_place
        for tier in placing:
            out.append(Placement(place, place + len(tier) - 1, tuple(tier)))
            place += len(tier)
        self.placements = out

    def _rng(self, name: str) -> random.Random:
        return random.Random(f"{self.seed}:{name}")

    def _game(self, gid: str, stage: str, white: int, black: int) -> Game:
        game = Game(gid, stage, white, black, self.results.get(gid))
        self.games.append(game)
        return game

    def _group(self, players: list[int], prefix: str) -> list[list[int]] | None:
        """Tiers of places for ``players`` (ordered by the next tie-breaks), or ``None`` if unfinished."""
        n = len(players)
        if n == 1:
            return [players]
        if n == 2:
            winner = self._match(players[0], players[1], prefix + "M", "match")
            return None if winner is None else [[winner], [p for p in players if p != winner]]
        if n == 3:
            return self._round_robin(players, prefix + "RR")
        if n == 4:
            return self._knockout(players, prefix)
        top, rest = players[:4], players[4:]
        self.notes.append(f"13.2.11 (4): {', '.join(map(str, rest))} eliminated by the next tie-break")
        tiers = self._knockout(top, prefix)
        return None if tiers is None else tiers + [[p] for p in rest]

    def _match(self, a: int, b: int, gid: str, stage: str) -> int | None:
        """A two-game mini-match, then sudden death (13.2.11 (1)); the winner or ``None``."""
        rng = self._rng(gid)
        white, black = (a, b) if rng.random() < 0.5 else (b, a)
        score = {a: Fraction(0), b: Fraction(0)}
        for k in (1, 2):
            g = self._game(f"{gid}.{k}", stage, white, black)
            if g.result is None:
                return None
            sw, sb = RESULTS[g.result]
            score[white] += sw
            score[black] += sb
            white, black = black, white
        if score[a] != score[b]:
            return a if score[a] > score[b] else b
        rng = self._rng(gid + ".SD")
        white, black = (a, b) if rng.random() < 0.5 else (b, a)
        k = 1
        while True:
            g = self._game(f"{gid}.SD{k}", f"{stage}, sudden death", white, black)
            if g.result is None:
                return None
            if g.result != "1/2-1/2":
                return white if g.result == "1-0" else black
            if k % 2 == 1:
                white, black = black, white
            k += 1

    def _round_robin(self, players: list[int], gid: str) -> list[list[int]] | None:
        """Three players: one round robin (13.2.11 (2)), Berger numbers drawn by lot."""
        drawn = list(players)
        self._rng(gid).shuffle(drawn)
        p1, p2, p3 = drawn
        self.notes.append(f"round robin, Berger numbers by lot: 1 = {p1}, 2 = {p2}, 3 = {p3}")
        score = {p: Fraction(0) for p in players}
        done = True
        for k, (w, b) in enumerate(((p2, p3), (p1, p2), (p3, p1)), start=1):
            g = self._game(f"{gid}.{k}", "round robin", w, b)
            if g.result is None:
                done = False
                continue
            sw, sb = RESULTS[g.result]
            score[w] += sw
            score[b] += sb
        if not done:
            return None
        order = sorted(players, key=lambda p: (-score[p], players.index(p)))
        if score[order[0]] == score[order[2]]:
            last = players[-1]
            self.notes.append(f"all three level: {last} eliminated by the next tie-break, the others play a match")
            two = [p for p in players if p != last]
            winner = self._match(two[0], two[1], gid + ".M", "round robin play-off")
            return None if winner is None else [[winner], [p for p in two if p != winner], [last]]
        if score[order[0]] == score[order[1]]:
            winner = self._match(order[0], order[1], gid + ".M", "match for first place")
            return None if winner is None else [[winner], [p for p in order[:2] if p != winner], [order[2]]]
        if score[order[1]] == score[order[2]]:
            return [[order[0]], order[1:]]
        return [[p] for p in order]

    def _knockout(self, players: list[int], prefix: str) -> list[list[int]] | None:
        """Four players: semi-finals drawn by lot, then the final (13.2.11 (3)); losers share (13.2.6)."""
        drawn = list(players)
        self._rng(prefix + "KO").shuffle(drawn)
        self.notes.append(f"knock-out drawn by lot: {drawn[0]} v {drawn[1]}, {drawn[2]} v {drawn[3]}")
        w1 = self._match(drawn[0], drawn[1], prefix + "SF1", "semi-final 1")
        w2 = self._match(drawn[2], drawn[3], prefix + "SF2", "semi-final 2")
        if w1 is None or w2 is None:
            return None
        champion = self._match(w1, w2, prefix + "F", "final")
        if champion is None:
            return None
        losers = [p for p in drawn if p not in (w1, w2)]
        return [[champion], [w2 if champion == w1 else w1], losers]


def playoff_group(standings: Any, place: int = 1) -> list[int]:
    """The players level on points who compete for ``place``, in tie-break order (13.2).

    ``standings`` is a :class:`swisspair.standings.Standings`; an empty list
    means nobody is level for that place.
    """
    return standings.playoff_players(place)  # type: ignore[no-any-return]


def start_playoff(standings: Standings, place: int = 1, *, seed: int) -> Playoff:
    """The play-off among the players level on points for ``place`` (C.02 13.2), its lots drawn
    with ``seed``; record each result with :meth:`Playoff.record` until it is :attr:`~Playoff.finished`.

    >>> from swisspair import compute_standings, new_tournament, pair, record_round
    >>> t = new_tournament(rounds=1, players=["Ames", "Bell", "Cole", "Dunn"])
    >>> record_round(t, pair(t), ["1-0", "1-0"])
    >>> playoff = start_playoff(compute_standings(t, "DE"), seed=7)
    >>> [(game.id, game.white, game.black) for game in playoff.pending]
    [('M.1', 4, 1)]

    :raises: :exc:`~swisspair.errors.PlayoffError` when nobody is level on points for ``place``.
    """
    group = playoff_group(standings, place)
    if not group:
        raise PlayoffError(f"nobody is level on points for place {place}: no play-off needed")
    return Playoff(players=group, seed=seed, first_place=standings.row(group[0]).place)


def apply_playoff(standings: Any, playoff: Playoff) -> list[tuple[str, int]]:
    """(place, tpn) for the whole table once the play-off has settled its places (13.2.5, 13.2.6).

    ``standings`` are those the play-off started from (:class:`~swisspair.standings.Standings`, or any
    object with their ``rows``).

    >>> from swisspair import compute_standings, new_tournament, pair, record_round
    >>> t = new_tournament(rounds=1, players=["Ames", "Bell", "Cole", "Dunn"])
    >>> record_round(t, pair(t), ["1-0", "1-0"])
    >>> standings = compute_standings(t, "DE")
    >>> playoff = start_playoff(standings, seed=7)
    >>> playoff.record("M.1", "1-0"); playoff.record("M.2", "0-1")
    >>> apply_playoff(standings, playoff)
    [('1', 4), ('2', 1), ('3-4', 2), ('3-4', 3)]

    :raises: :exc:`~swisspair.errors.PlayoffError` while the play-off is not finished.
    """
    if playoff.placements is None:
        raise PlayoffError("the play-off is not finished")
    involved = set(playoff.players)
    out: list[tuple[str, int]] = []
    inserted = False
    for row in standings.rows:
        if row.tpn not in involved:
            out.append((row.place_text, row.tpn))
        elif not inserted:
            out += [(pl.text, p) for pl in playoff.placements for p in pl.players]
            inserted = True
    return out
