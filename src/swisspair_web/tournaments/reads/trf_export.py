"""The TRF of a section, as exported."""

from __future__ import annotations

from swisspair import trf
from swisspair.team_matches import state_pab_value
from swisspair.trf.roundrobin import rating_report
from swisspair_web.tournaments.reads import dates, replay_notes, standings, teams
from swisspair_web.tournaments.reads.convert import SectionData, team_entries, to_tournament, withdrawals_of
from swisspair_web.tournaments.rows import Section


def trf_text(sec: Section) -> str:
    """The TRF of a section: every round with results, points and ranks filled in.

    Taken mid-round, the round being played is in it too, its games with their opponents and colours and
    no result yet, and the byes and absences already recorded for the next round. A ``###`` note names each
    round a pairing checker will not reproduce, and why (:mod:`.replay_notes`).

    A team section (complete rounds only) also has a ``310`` record per team (TRF26: roster in board
    order, match points, game points, rank), a ``320`` record with the team byes and their value (a drawn
    match, C.04.6 1.4), a ``330`` record per match forfeited as a whole, ``352``, ``362`` and its ``192``
    code. A round-robin is written as its FIDE rating report (:func:`swisspair.trf.roundrobin.rating_report`:
    ``092``/``192`` say so, the games a player who left did not play are forfeits, C.05 art. 6.6).
    """
    data = SectionData.load(sec)
    table = standings.table(data)
    upto = table.after_round if sec.is_team else data.paired_rounds
    conv = to_tournament(data, upto=table.after_round) if sec.is_team else \
        to_tournament(data, pending="scheduled", next_round=True)
    tournament = conv.tournament
    ranks = {row.player.tpn: index for index, row in enumerate(table.rows, start=1)}
    notes = []
    for player in tournament:
        player.points = tournament.score(player.tpn)
        player.rank = ranks.get(player.tpn)
        stored = conv.by_tpn[player.tpn]
        player.birth_date = dates.for_trf(stored.birth_date)
        if stored.rating_estimate:
            notes.append(estimate_note(player.tpn, player.rating, stored.rating_estimate))
            player.rating = 0
    if sec.is_team:
        team_rows = {row.team.number: (index, row) for index, row in
                     enumerate(teams.team_table(data, table.after_round).rows, start=1)}
        tournament.teams = team_entries(data, {number: (row.match_points, row.game_points, rank)
                                               for number, (rank, row) in team_rows.items()})
        tournament.team_forfeits = tuple(teams.forfeit_records(sec, table.after_round))
        state_pab_value(tournament)  # the team byes' value (C.04.6 1.4), not TRF's default for U
    if sec.is_round_robin and not sec.is_team:  # the FIDE rating report: C.05 art. 6.6 applied, ranks as ranked
        tournament = rating_report(tournament, withdrawals_of(data), cycles=sec.cycles,
                                   tiebreaks=sec.tiebreaks)
    notes.extend(replay_notes.notes(sec, upto))
    tournament.extra_lines.extend(notes)
    return trf.dumps(tournament)


def estimate_note(tpn: int, rating: int, estimate: str) -> str:
    """The ``###`` comment that replaces an estimated rating in the TRF's FIDE rating column (cols 49-52)."""
    return (f"### player {tpn}: rating {rating} estimated from {estimate} (FIDE Swiss rules 1992, A.1), "
            "used for pairing; not a FIDE rating, so not in the rating column")
