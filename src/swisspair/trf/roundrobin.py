"""Round-robins in TRF: recognising one in a file, and writing one as the FIDE rating report.

**Recognising** (:func:`detect_round_robin`). A TRF has no record that says "round-robin" for
sure; programs say it in one of these ways, and the file's results show it when the event is over:

* a ``192`` (or ``092``) system code: ``FIDE_ROUNDROBIN``, ``FIDE_DOUBLEROUNDROBIN``,
  ``BERGER_ROUNDROBIN`` (TRF26 §2.2);
* a ``092`` tournament type in words: Swiss-Manager writes ``Individual: Round-Robin`` (and
  ``Team: Round-Robin``), other programs ``Round robin``, ``Berger``, ``all-play-all``;
* nothing said, but every participant met every other the same number of times ``c`` over
  ``c (m - 1)`` rounds (``m``: the number of participants rounded up to even), every round recorded:
  the all-play-all of the FIDE rating regulations, as the C.07 tie-break exercise's 6-player
  round-robin and the ICU's 4-player junior all-play-all are written (neither says it).

An unfinished event that does not say it is not taken for a round-robin: a Swiss with as many
rounds looks the same until its last round. Nor is an event that names another system (a ``192``
code, a ``092`` type such as ``Individual: Swiss-System``): a Swiss of 9 players in 9 rounds may well
pair everybody with everybody. A ``092`` that names no system (``Team League``) leaves it to the results.

**Writing** (:func:`rating_report`). The rating report of a round-robin is its TRF as the
programs that run round-robins write it: the tournament type in ``092`` (``Individual:
Round-Robin``), the system code in ``192`` (``FIDE_ROUNDROBIN`` or ``FIDE_DOUBLEROUNDROBIN``), the
number of rounds (``XXR``/``142``), every game of the table, the unplayed games of a player who left
as forfeits (``-`` for him, ``+`` for his opponent, with the scheduled opponent and colour: FIDE C.05
art. 6.6, :mod:`swisspair.withdrawals`), a rest round as a zero-point round (``0000 - Z``, TRF26
§3), the points column counting every result (the rating report keeps all games) and the rank
column the final standings (a player not counted in them after the others).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from swisspair.model import Tournament
from swisspair.roundrobin import ROUND_ROBIN_TIEBREAKS, cycles_for, is_round_robin, says_round_robin, table_size
from swisspair.valueclass import replace
from swisspair.withdrawals import cycles_in, standings_view

__all__ = ["RoundRobinFormat", "detect_round_robin", "rating_report"]

_DOUBLE = re.compile(r"DOUBLE", re.IGNORECASE)
_OTHER_SYSTEM = re.compile(r"SWISS|SCHWEIZ|SUISSE|DUTCH|DUBOV|BURSTEIN|MONRAD", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class RoundRobinFormat:
    """A round-robin as found in a file (:func:`detect_round_robin`)."""

    participants: int
    """Players, or teams in a team event."""
    cycles: int
    """1 for a single round-robin, 2 for a double one..."""
    teams: bool
    """A team round-robin."""
    declared: bool
    """The file says so (a system code or the tournament type); otherwise its results show it."""
    reason: str
    """How it was recognised, in a sentence for the importer's report."""


def detect_round_robin(tournament: Tournament) -> RoundRobinFormat | None:
    """The round-robin ``tournament`` is, or ``None`` (module docstring: what is recognised).

    >>> from swisspair import new_tournament
    >>> t = new_tournament("Club", rounds=4, players=["Ames", "Bell", "Cole"], system="FIDE_DOUBLEROUNDROBIN")
    >>> found = detect_round_robin(t)
    >>> found.participants, found.cycles, found.declared
    (3, 2, True)
    """
    teams = bool(tournament.teams)
    meetings = _meetings(tournament)
    units = len(tournament.teams) if teams else len(tournament.players)
    if units < 2:
        return None
    per_cycle = table_size(units) - 1
    if is_round_robin(tournament):
        texts = [tournament.system or "", *tournament.headers.get("092", [])]
        cycles = 2 if any(_DOUBLE.search(text) for text in texts) else cycles_for(
            tournament.rounds or tournament.paired_rounds, units)
        said = tournament.system or tournament.headers.get("092", [""])[0]
        return RoundRobinFormat(units, cycles, teams, True, f"the file says so ({said.strip()})")
    if tournament.system or any(_OTHER_SYSTEM.search(value) for value in tournament.headers.get("092", [])):
        return None  # it names another system (a lichess Swiss of 9 players in 9 rounds)
    recorded = tournament.paired_rounds
    if units < 3 or not recorded or recorded % per_cycle or (tournament.rounds or recorded) != recorded:
        return None
    cycles = recorded // per_cycle
    if set(meetings.values()) != {cycles} or len(meetings) != units * (units - 1) // 2:
        return None
    what = "team" if teams else "participant"
    return RoundRobinFormat(units, cycles, teams, False,
                            f"every {what} met every other {'once' if cycles == 1 else f'{cycles} times'} "
                            f"in {recorded} rounds")


def _meetings(tournament: Tournament) -> Counter[frozenset[int]]:
    """How many times each pair met (a game or a forfeit): of teams in a team event, else of players."""
    found: Counter[frozenset[int]] = Counter()
    if tournament.teams:
        from swisspair.team_matches import team_event

        event = team_event(tournament)
        for number, team in event.teams.items():
            for played in team.history:
                if played.opponent is not None and number < played.opponent:
                    found[frozenset((number, played.opponent))] += 1
        return found
    for player in tournament:
        for entry in player.results:
            other = entry.opponent
            if other is not None and player.tpn < other and other in tournament.players and entry.result.paired:
                found[frozenset((player.tpn, other))] += 1
    return found


def rating_report(tournament: Tournament, withdrawals: Mapping[int, int] | None = None, *,
                  cycles: int | None = None, tiebreaks: str | Sequence[str] | None = None) -> Tournament:
    """The round-robin ``tournament`` as the FIDE rating report writes it (module docstring), to be written
    with :func:`swisspair.write_trf` (``trf26=True`` for the TRF26 records).

    >>> from swisspair import berger_schedule, new_tournament, record_round, round_pairing, write_trf
    >>> t = new_tournament("Club", rounds=3, players=["P1", "P2", "P3", "P4"])
    >>> for rnd in berger_schedule(4):
    ...     record_round(t, round_pairing(rnd), ["1-0", "1-0"])
    >>> report = rating_report(t)
    >>> report.system, report.rounds, report.headers["092"], [report.players[n].rank for n in (1, 2, 3, 4)]
    ('FIDE_ROUNDROBIN', 3, ['Individual: Round-Robin'], [1, 2, 4, 3])
    >>> print(write_trf(report), end="")
    012 Club
    092 Individual: Round-Robin
    001    1      P1                                                                 2.0    1     4 w 1     2 w 1     3 b 0
    001    2      P2                                                                 2.0    2     3 w 1     1 b 0     4 w 1
    001    3      P3                                                                 1.0    4     2 b 0     4 b 0     1 w 1
    001    4      P4                                                                 1.0    3     1 b 0     3 w 1     2 b 0
    XXR 3
    XXC white1
    192 FIDE_ROUNDROBIN

    :param withdrawals: TPN -> the first round a player did not play after leaving (C.05 art. 6.6); default:
        read from a finished event's results.
    :param cycles: cycles of the event; default: from the planned rounds, else the recorded ones.
    :param tiebreaks: the list that ranks the rank column; default: the file's ``202``/``212``, else
        :data:`~swisspair.roundrobin.ROUND_ROBIN_TIEBREAKS`.
    """
    from swisspair.standings import compute_standings, tiebreaks_from_headers

    headers = {code: list(values) for code, values in tournament.headers.items()}
    if not any(says_round_robin(value) for value in headers.get("092", [])):
        headers["092"] = ["Team: Round-Robin" if tournament.teams else "Individual: Round-Robin"]
    if tournament.teams:  # a team event: the team records say the rest; the rule for leaving is for players
        units = len(tournament.teams)
        count = cycles or cycles_for(tournament.rounds or tournament.paired_rounds, units)
        players = {tpn: replace(p, points=tournament.score(tpn)) for tpn, p in tournament.players.items()}
        return replace(tournament, players=players, headers=headers, rounds=(table_size(units) - 1) * count)
    count = cycles or cycles_in(tournament)
    view = standings_view(tournament, withdrawals, cycles=count)
    table = view.table
    chosen = tiebreaks if tiebreaks is not None else (tiebreaks_from_headers(table) or ",".join(ROUND_ROBIN_TIEBREAKS))
    standings = compute_standings(table, chosen, withdrawals=view.withdrawals, round_robin=True)
    ranks = {row.tpn: row.place for row in standings.rows}
    for tpn in sorted(view.uncounted, key=lambda t: (-table.score(t), t)):
        ranks[tpn] = len(ranks) + 1
    players = {tpn: replace(p, points=table.score(tpn), rank=ranks.get(tpn)) for tpn, p in table.players.items()}
    return replace(table, players=players, headers=headers, rounds=(table_size(len(table.players)) - 1) * count,
                   system="FIDE_DOUBLEROUNDROBIN" if count == 2 else "FIDE_ROUNDROBIN")
