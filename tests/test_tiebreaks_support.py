"""Builders for the hand-worked tie-break tests (no tests here).

A tournament is written one player per line::

    1(2200): 4w1 6b1 2w= Z

``<opponent><w|b><result>`` is a game or a forfeit (``1 = 0 + - W D L``), a
lone ``U``, ``H``, ``F`` or ``Z`` is a bye, ``.`` an empty round (absent).
"""

from __future__ import annotations

import re
from fractions import Fraction

from swisspair.model import Colour, Player, Result, RoundResult, Scoring, Tournament
from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.event import Event

_GAME = re.compile(r"^(\d+)([wb])([10=+\-WDL])$")


def build(text: str, *, scoring: Scoring | None = None, system: str | None = None) -> Tournament:
    """A tournament from the one-line-per-player notation above."""
    t = Tournament(scoring=scoring or Scoring(), system=system)
    for line in text.strip().splitlines():
        head, _, body = line.partition(":")
        m = re.match(r"\s*(\d+)(?:\((\d*)\))?", head)
        assert m, line
        tpn = int(m.group(1))
        rating = int(m.group(2)) if m.group(2) else 0
        results = []
        for token in body.split():
            g = _GAME.match(token)
            if g:
                colour = Colour.WHITE if g.group(2) == "w" else Colour.BLACK
                results.append(RoundResult(int(g.group(1)), colour, Result(g.group(3))))
            elif token == ".":
                results.append(RoundResult.bye(Result.ABSENT))
            else:
                results.append(RoundResult.bye(Result(token)))
        t.players[tpn] = Player(tpn=tpn, name=f"Player {tpn}", rating=rating, results=results)
    for p in t:
        for r, entry in enumerate(p.results, start=1):
            if entry.opponent is not None:
                other = t.players[entry.opponent].result(r)
                assert other.opponent == p.tpn, f"round {r}: {p.tpn} vs {entry.opponent} is not symmetric"
    return t


def context(text: str, edition: str = "2026", **kwargs: object) -> Context:
    """A :class:`Context` on a tournament written in the notation above."""
    rounds = kwargs.pop("rounds", None)
    return Context(Event.from_tournament(build(text, **kwargs), rounds=rounds), edition)  # type: ignore[arg-type]


def values(ctx: Context, descriptor: str) -> dict[int, Fraction | None]:
    """``{tpn: value}`` of one tie-break."""
    return {cid: v.value for cid, v in ctx.values(descriptor).items()}


def F(text: str | int) -> Fraction:
    """Shorthand for an exact value: ``F("8.5")``."""
    return Fraction(str(text))


EXAMPLE = """
1(2200): 4w1 6b1 2w= Z
2(2150): 5w= 7w1 1b= 3b1
3(2100): 6w0 4b+ 5w1 2w0
4(2050): 1b0 3w- 7b1 6w=
5(2000): 2b= U 3b0 7b1
6(1950): 3b1 1w0 H 4b=
7(1900): U 2b0 4w0 5w0
"""
"""Seven players, four rounds, every kind of unplayed round:

* 1 takes a zero-point bye in the last round (category 16.2.5: seen as a draw by opponents);
* 3 wins by forfeit against 4 in round 2 (16.2.2 / 16.2.4);
* 5 and 7 get the pairing-allocated bye (16.2.1);
* 6 takes a half-point bye in round 3 and plays round 4 (16.2.3).

Scores: 1: 2.5, 2: 3, 3: 2, 4: 1.5, 5: 2.5, 6: 2, 7: 1.
"""
