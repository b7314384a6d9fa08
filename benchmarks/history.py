"""Fast synthetic Swiss histories for the benchmarks (not FIDE pairings).

Large events (1000-3000 players) cannot be generated round by round with a
full engine in reasonable time, so the earlier rounds are paired by a simple
score-group pairer: players sorted by score then rating, each paired with the
nearest player below not met yet, colours alternated. Only the timed final
round is paired by the real engine.
"""

from __future__ import annotations

import random

from swisspair.model import Colour, Player, Result, RoundResult, Tournament


def synthetic_tournament(players: int, rounds: int, played: int, seed: int) -> Tournament:
    """``players`` participants, ``played`` rounds of history, ``rounds`` in total."""
    rng = random.Random(seed)
    t = Tournament(name=f"Synthetic {players}x{rounds} (seed {seed})", rounds=rounds,
                   initial_colour=Colour.WHITE)
    ratings = sorted((rng.randint(1200, 2700) for _ in range(players)), reverse=True)
    for tpn, rating in enumerate(ratings, start=1):
        t.players[tpn] = Player(tpn=tpn, name=f"Player {tpn:04d}", rating=rating)
    scores = {tpn: 0.0 for tpn in t.players}
    met: dict[int, set[int]] = {tpn: set() for tpn in t.players}
    last: dict[int, Colour] = {tpn: Colour.NONE for tpn in t.players}
    for rnd in range(1, played + 1):
        order = sorted(t.players, key=lambda tpn: (-scores[tpn], tpn))
        waiting = list(order)
        if len(waiting) % 2:
            bye = next(tpn for tpn in reversed(waiting)
                       if not any(r.result is Result.PAB for r in t.players[tpn].results))
            waiting.remove(bye)
            t.players[bye].results.append(RoundResult.bye(Result.PAB))
            scores[bye] += 1
        while waiting:
            a = waiting.pop(0)
            b = next((x for x in waiting if x not in met[a]), waiting[0])
            waiting.remove(b)
            white, black = (a, b) if last[a] is not Colour.WHITE else (b, a)
            pw, pb = t.players[white], t.players[black]
            expected = 1 / (1 + 10 ** ((pb.rating - pw.rating) / 400))
            roll = rng.random()
            if roll < 0.3:
                rw, rb, sw, sb = Result.DRAW, Result.DRAW, 0.5, 0.5
            elif roll < 0.3 + 0.7 * expected:
                rw, rb, sw, sb = Result.WIN, Result.LOSS, 1.0, 0.0
            else:
                rw, rb, sw, sb = Result.LOSS, Result.WIN, 0.0, 1.0
            pw.results.append(RoundResult(black, Colour.WHITE, rw))
            pb.results.append(RoundResult(white, Colour.BLACK, rb))
            scores[white] += sw
            scores[black] += sb
            met[white].add(black)
            met[black].add(white)
            last[white], last[black] = Colour.WHITE, Colour.BLACK
    for player in t:
        player.points = t.score(player.tpn)
    return t
