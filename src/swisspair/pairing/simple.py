"""The ``simple`` Swiss: a Swiss for any sport (3-1-0 with goals, ranked by score difference).

The rules (the Russian article "Швейцарская система", rules 1-8) in short:

* rule 2: round 1 orders the teams by rating; the top half meets the bottom
  half (of 24 teams, 1-13, 2-14, ...);
* rule 3: with an odd number of teams the lowest-ranked team that has not
  had a bye gets one, worth a win, without goals (``+:-``);
* rule 4: from round 2, score groups of equal points; an odd group sends its
  lowest-ranked member down to the next group;
* rule 5: inside a group the best of the top half meets the best of the
  bottom half; no two teams meet twice (a repeat shifts the opponents,
  starting from the higher-ranked team);
* rule 6: ranking by points, then score difference, scores for, second-score
  difference, second scores for, rating (the criteria are configurable).

Two interfaces use the same procedure (:func:`pair_next_round`): the
spreadsheet one (:class:`Team`, :class:`Game`, :class:`Settings`, see
:mod:`swisspair.commands.simple`) and the registry one
(:class:`SimpleSystem`, ``swisspair pair --system simple FILE``), which
reads a TRF and ranks by points and rating only.

Match scores are not part of the chess model, so they live here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from swisspair.errors import NoValidPairingError, SwissPairError
from swisspair.matching.cardinality import CardinalityMatching
from swisspair.model import Board, RoundPairing, Tournament
from swisspair.pairing.state import build_state
from swisspair.pairing.system import SystemBase

CRITERIA: tuple[str, ...] = ("points", "score_diff", "scores_for", "score2_diff", "score2_for", "rating")
"""The ranking criteria of rule 6, in the document's order (all: higher is better)."""

DEFAULT_RANKING: tuple[str, ...] = CRITERIA
"""Rule 6 as written: points, goal difference, goals for, second difference, second for, rating."""

BYE = "BYE"
"""How a bye is written in the ``away`` column and in the output (``ID - BYE``)."""


class SimpleError(SwissPairError, ValueError):
    """Bad settings, teams or games for the ``simple`` system (exit code 3)."""


@dataclass(frozen=True, slots=True)
class Team:
    """A participant of a ``simple`` event (one line of ``teams.csv``)."""

    id: str
    """Identifier, as written in ``games.csv`` and in the output."""
    name: str = ""
    """Display name."""
    rating: Fraction | int = 0
    """Rating: the first-round order (rule 2) and the last criterion (rule 6); may be a decimal
    (the seed's table rates teams 108.138, 104.310, ...)."""


@dataclass(frozen=True, slots=True)
class Game:
    """One match (one line of ``games.csv``); ``away is None`` for a bye (rule 3)."""

    round: int
    """1-based round number."""
    home: str
    """Home team id (listed first)."""
    away: str | None
    """Away team id, ``None`` for a bye."""
    home_score: Fraction | int = 0
    """Goals (or other scores, e.g. 2.5 board points) of the home team."""
    away_score: Fraction | int = 0
    """Goals of the away team."""
    home_score2: Fraction | int | None = None
    """Second score pair, home (rule 6, third and fourth criteria); optional."""
    away_score2: Fraction | int | None = None
    """Second score pair, away."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Points per match result and the ranking criteria (``event.toml``)."""

    points: tuple[Fraction, Fraction, Fraction] = (Fraction(3), Fraction(1), Fraction(0))
    """Points for a win, a draw, a loss (3-1-0). A bye is worth a win (rule 3)."""
    ranking: tuple[str, ...] = DEFAULT_RANKING
    """Criteria from :data:`CRITERIA`, most important first (rule 6)."""

    def __post_init__(self) -> None:
        unknown = [c for c in self.ranking if c not in CRITERIA]
        if unknown:
            raise SimpleError(f"unknown ranking criterion {unknown[0]!r}; choose from {', '.join(CRITERIA)}")
        if len(set(self.ranking)) != len(self.ranking):
            raise SimpleError("a ranking criterion is listed twice")
        if len(self.points) != 3:
            raise SimpleError("points must be [win, draw, loss]")


@dataclass(slots=True)
class Record:
    """A team's tallies after some rounds (one line of the standings)."""

    team: Team
    """The team."""
    seed: int
    """Position in the initial (rating) order, 0 first (rule 2)."""
    points: Fraction = Fraction(0)
    """Match points (a bye counts as a win, rule 3)."""
    scores_for: Fraction | int = 0
    """Goals scored (byes add none, rule 3)."""
    scores_against: Fraction | int = 0
    """Goals conceded."""
    score2_for: Fraction | int = 0
    """Second scores won."""
    score2_against: Fraction | int = 0
    """Second scores lost."""
    played: int = 0
    """Matches played (byes excluded)."""
    byes: int = 0
    """Byes received (rule 3: at most one per team)."""
    opponents: list[str] = field(default_factory=list)
    """Opponents met, in order (rule 5: never twice)."""

    @property
    def score_diff(self) -> Fraction | int:
        """Score difference (rule 6, first criterion after points)."""
        return self.scores_for - self.scores_against

    @property
    def score2_diff(self) -> Fraction | int:
        """Second-score difference (rule 6, third criterion)."""
        return self.score2_for - self.score2_against

    def value(self, criterion: str) -> Fraction | int:
        """The value of one criterion of :data:`CRITERIA`."""
        if criterion == "rating":
            return self.team.rating
        value: Fraction | int = getattr(self, criterion)
        return value


def initial_order(teams: Iterable[Team]) -> list[Team]:
    """Teams by rating, highest first; equal ratings keep the given order (rule 2)."""
    listed = list(teams)
    return sorted(listed, key=lambda t: -t.rating)


def tally(teams: Sequence[Team], games: Iterable[Game], settings: Settings,
          before_round: int | None = None) -> dict[str, Record]:
    """Records of every team from ``games`` (only rounds before ``before_round`` if given).

    :raises: :exc:`SimpleError` for an unknown team id or a team twice in a round.
    """
    records = {t.id: Record(t, i) for i, t in enumerate(initial_order(teams))}
    win, draw, loss = settings.points
    seen: set[tuple[int, str]] = set()
    for game in games:
        if before_round is not None and game.round >= before_round:
            continue
        for tid in (game.home, game.away):
            if tid is None:
                continue
            if tid not in records:
                raise SimpleError(f"round {game.round}: unknown team {tid!r}")
            if (game.round, tid) in seen:
                raise SimpleError(f"round {game.round}: team {tid!r} appears twice")
            seen.add((game.round, tid))
        home = records[game.home]
        if game.away is None:
            home.points += win  # rule 3: a bye is a win, without goals
            home.byes += 1
            continue
        away = records[game.away]
        if game.home_score > game.away_score:
            home.points += win
            away.points += loss
        elif game.home_score < game.away_score:
            home.points += loss
            away.points += win
        else:
            home.points += draw
            away.points += draw
        for me, other, mine, theirs, mine2, theirs2 in (
                (home, away, game.home_score, game.away_score, game.home_score2, game.away_score2),
                (away, home, game.away_score, game.home_score, game.away_score2, game.home_score2)):
            me.played += 1
            me.opponents.append(other.team.id)
            me.scores_for += mine
            me.scores_against += theirs
            me.score2_for += mine2 or 0
            me.score2_against += theirs2 or 0
    return records


def rank(records: Mapping[str, Record], ranking: Sequence[str]) -> list[Record]:
    """Records best first by ``ranking`` (rules 6 and 8); remaining ties by rating order."""
    return sorted(records.values(), key=lambda r: (*(-r.value(c) for c in ranking), r.seed))


def standings(teams: Sequence[Team], games: Iterable[Game], settings: Settings) -> list[Record]:
    """The ranked table after ``games`` (rule 8: points, then the rule 6 criteria)."""
    return rank(tally(teams, games, settings), settings.ranking)


@dataclass(frozen=True, slots=True)
class Pairing:
    """The pairings of one round of a ``simple`` event."""

    round: int
    """The round paired."""
    pairs: tuple[tuple[str, str], ...]
    """``(home, away)`` by id, the higher-ranked team first, top group first."""
    bye: str | None = None
    """The team with the bye (rule 3), if any."""
    notes: tuple[str, ...] = ()
    """How exceptions were resolved (exchanges, extra floats)."""

    def lines(self) -> list[str]:
        """``HOME - AWAY`` lines, then ``ID - BYE``."""
        out = [f"{h} - {a}" for h, a in self.pairs]
        if self.bye is not None:
            out.append(f"{self.bye} - {BYE}")
        return out


# ---------------------------------------------------------------------------------------------
# The pairing procedure, on integer indices in ranking order (0 = best).


class _Round:
    def __init__(self, met: Sequence[frozenset[int]], labels: list[str]) -> None:
        self.met = met
        self.labels = labels

    def compatible(self, a: int, b: int) -> bool:
        return a != b and b not in self.met[a]

    def feasible(self, teams: Sequence[int]) -> bool:
        """Whether ``teams`` can all be paired among themselves without a repeat (rule 5)."""
        if len(teams) % 2:
            return False
        if not teams:
            return True
        m = CardinalityMatching(teams, self.compatible)
        m.greedy()
        m.maximise()
        return not m.free()

    def pair_group(self, group: Sequence[int]) -> list[tuple[int, int]] | None:
        """Rule 5: top half against bottom half, the best of each first; on a repeat the
        higher-ranked team takes the next opponent of the bottom half (lexicographic order
        of the bottom half's permutations). When no top-bottom pairing avoids every repeat,
        any pairing of the group, in the same preference order."""
        half = len(group) // 2
        top = set(group[:half])
        for cross_only in (True, False):
            def ok(a: int, b: int, cross: bool = cross_only) -> bool:
                return self.compatible(a, b) and (not cross or ((a in top) != (b in top)))

            found = self._search(list(group), ok, top)
            if found is not None:
                return found
        return None

    def _search(self, group: list[int], adjacent: Callable[[int, int], bool],
                top: set[int]) -> list[tuple[int, int]] | None:
        def can_finish(rest: list[int]) -> bool:
            if not rest:
                return True
            m = CardinalityMatching(rest, adjacent)
            m.greedy()
            m.maximise()
            return not m.free()

        if not can_finish(group):
            return None
        pairs: list[tuple[int, int]] = []
        rest = list(group)
        while rest:
            first = rest[0]
            # Bottom half first (in order), then the rest of the top half.
            candidates = [b for b in rest[1:] if b not in top] + [b for b in rest[1:] if b in top]
            for other in candidates:
                if not adjacent(first, other):
                    continue
                remaining = [x for x in rest if x not in (first, other)]
                if can_finish(remaining):
                    pairs.append((first, other))
                    rest = remaining
                    break
            else:  # pragma: no cover - can_finish guarantees a candidate
                return None
        return pairs


def pair_ranked(ranked_points: Sequence[Fraction], met: Sequence[frozenset[int]],
                byes: Sequence[int], labels: Sequence[str] | None = None
                ) -> tuple[list[tuple[int, int]], int | None, list[str]]:
    """Pair teams given in ranking order (index 0 = best).

    :param ranked_points: each team's points (score groups, rule 4).
    :param met: for each team, the indices of its former opponents (rule 5).
    :param byes: for each team, the byes it has had (rule 3).
    :param labels: names of the teams in the notes (default: their indices).
    :returns: pairs (higher-ranked first), the bye (or ``None``) and notes.
    :raises: :exc:`~swisspair.errors.NoValidPairingError` when every pairing repeats a match.
    """
    n = len(ranked_points)
    rnd = _Round(met, [str(i) for i in range(n)] if labels is None else list(labels))
    notes: list[str] = []
    everyone = list(range(n))
    bye: int | None = None
    if n % 2:
        # Rule 3: the lowest-ranked team that has not had a bye ("then the second
        # from the bottom, then the third..."); a team whose bye would leave the others
        # unpairable is passed over. Only when all had one does a team get a second.
        order = sorted(reversed(everyone), key=lambda i: byes[i])  # stable: lowest rank first
        for candidate in order:
            if rnd.feasible([i for i in everyone if i != candidate]):
                bye = candidate
                break
        if bye is None:
            raise NoValidPairingError("no team can take the bye and leave the others pairable")
        if byes[bye]:
            notes.append(f"rule 3: every team has had a bye; {rnd.labels[bye]} gets a second one")
        everyone.remove(bye)
    elif not rnd.feasible(everyone):
        raise NoValidPairingError("every pairing would repeat a match (Swiss for any sport, rule 5)")

    # Rule 4: score groups of equal points, highest first, each in ranking order.
    by_points: dict[Fraction, list[int]] = {}
    for i in everyone:
        by_points.setdefault(ranked_points[i], []).append(i)
    groups = [by_points[p] for p in sorted(by_points, reverse=True)]

    pairs: list[tuple[int, int]] = []
    carry: list[int] = []
    index = 0
    while index < len(groups) or carry:
        group = sorted(carry + (groups[index] if index < len(groups) else []))
        nxt = groups[index + 1] if index + 1 < len(groups) else []
        below = [i for g in groups[index + 1:] for i in g]
        index += 1
        result = _pair_score_group(rnd, group, nxt, below, notes)
        if result is None:  # pragma: no cover - the feasibility checks rule this out
            raise NoValidPairingError("no pairing without a repeat (Swiss for any sport, rule 5)")
        group_pairs, down, pulled = result
        pairs += group_pairs
        carry = down
        if pulled is not None:
            nxt.remove(pulled)
    return pairs, bye, notes


def _pair_score_group(rnd: _Round, group: list[int], nxt: list[int], below: list[int],
                      notes: list[str]) -> tuple[list[tuple[int, int]], list[int], int | None] | None:
    """Pair one score group: (pairs, teams sent down, team pulled up from the next group)."""

    def attempt(paired: list[int], down: list[int], pulled: int | None = None
                ) -> tuple[list[tuple[int, int]], list[int], int | None] | None:
        rest = down + [i for i in below if i != pulled]
        if not rnd.feasible(rest):
            return None
        found = rnd.pair_group(sorted(paired))
        return None if found is None else (found, down, pulled)

    if len(group) % 2:
        # Rule 4: the lowest-ranked member goes down (the next one up if the rest cannot be paired).
        for d in reversed(group):
            result = attempt([i for i in group if i != d], [d])
            if result is not None:
                return result
    else:
        result = attempt(group, [])
        if result is not None:
            return result
        # Two teams that already met: the lower goes down, the best of the next group comes up
        # (rule 5 extended to any even group that cannot be paired; docs/simple.md).
        if group and nxt:
            lowest = group[-1]
            for up in nxt:
                result = attempt(group[:-1] + [up], [lowest], up)
                if result is not None:
                    notes.append(f"rule 5: {rnd.labels[lowest]} goes down, {rnd.labels[up]} comes up")
                    return result
    # Fall-back: send more of the lowest members down, two at a time, until the group pairs.
    for k in range(len(group) % 2 + 2, len(group) + 1, 2):
        result = attempt(group[:-k], group[-k:])
        if result is not None:
            notes.append(f"rule 4: {k} teams go down: {', '.join(rnd.labels[i] for i in group[-k:])}")
            return result
    return None


def pair_next_round(teams: Sequence[Team], games: Sequence[Game], settings: Settings,
                    round_number: int | None = None) -> Pairing:
    """Pair the next round (or ``round_number``, from the games before it) of a ``simple`` event.

    :raises: :exc:`SimpleError` for bad data; :exc:`~swisspair.errors.NoValidPairingError`
        when every pairing repeats a match (rule 5).
    """
    if round_number is None:
        round_number = max((g.round for g in games), default=0) + 1
    if len(teams) < 2:
        raise SimpleError("a simple event needs at least two teams")
    records = tally(teams, games, settings, before_round=round_number)
    ranked = rank(records, settings.ranking)
    position = {r.team.id: i for i, r in enumerate(ranked)}
    met = [frozenset(position[o] for o in r.opponents) for r in ranked]
    pairs, bye, notes = pair_ranked([r.points for r in ranked], met, [r.byes for r in ranked],
                                    [r.team.id for r in ranked])
    return Pairing(round_number,
                   tuple((ranked[a].team.id, ranked[b].team.id) for a, b in pairs),
                   None if bye is None else ranked[bye].team.id, tuple(notes))


class SimpleSystem(SystemBase):
    """The Swiss for any sport on a TRF: points by the file's scoring, ranked by points then rating."""

    name = "simple"
    aliases: tuple[str, ...] = ("any-sport", "simple-swiss")
    article = "Swiss for any sport (3-1-0, score difference), rules 2-6"

    def pair(self, tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        """Pair ``round_number`` (default: the next one) from the rounds before it.

        Participants with a requested bye or absence (H, F, Z) in that round are not paired.
        A pairing-allocated bye (``U``) counts as the bye of rule 3.

        :raises: :exc:`~swisspair.errors.NoValidPairingError` when every pairing repeats a match;
            :exc:`~swisspair.errors.SwissPairError` for a round beyond the announced number.
        """
        state = build_state(tournament, round_number, needs_rounds=False)
        present = state.to_pair
        points = {p.tpn: Fraction(p.score, state.scale) for p in present}
        # Rule 6 on a TRF: points, then rating (rule 2), then pairing number.
        ranked = sorted(present, key=lambda p: (-points[p.tpn], -p.rating, p.tpn))
        position = {p.tpn: i for i, p in enumerate(ranked)}
        # Rule 5: teams that were paired (a forfeit too) never meet again; rule 3: the byes had.
        met = [frozenset(position[r.opponent] for r in p.records if r.opponent is not None and r.opponent in position)
               for p in ranked]
        byes = [sum(1 for r in p.records if r.pab) for p in ranked]
        pairs, bye, notes = pair_ranked([points[p.tpn] for p in ranked], met, byes, [str(p.tpn) for p in ranked])
        return RoundPairing(
            state.round_number,
            tuple(Board(ranked[a].tpn, ranked[b].tpn) for a, b in pairs),
            None if bye is None else ranked[bye].tpn,
            tuple(notes),
        )


__all__ = [
    "BYE", "CRITERIA", "DEFAULT_RANKING", "Game", "Pairing", "Record", "Settings", "SimpleError",
    "SimpleSystem", "Team", "initial_order", "pair_next_round", "pair_ranked", "rank", "standings", "tally",
]
