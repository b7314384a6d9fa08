"""After the last line of a TRF: the records that refer to others applied, then the whole checked.

Teams, scoring, byes and accelerations name players that may come later in the file, so they
are applied once every ``001`` record is read (:func:`finish`); then the checks that need the
whole file: every pairing number named exists, the rounds fit the announced number, each game
is on both players' lines with agreeing results and colours, and the points columns match.
"""

from __future__ import annotations

from swisspair.exact import Exact, held, held_value, same
from swisspair.model import ABSENT, SCORING_FALLBACKS, Outcome, Result, RoundResult, Scoring, points_in_units
from swisspair.trf.records import BB_FIELDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from fractions import Fraction

    from swisspair.trf.records import Records
    from swisspair.trf.teams import TeamRecord

_RATED = frozenset({Result.WIN, Result.DRAW, Result.LOSS})
_UNRATED = frozenset({Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.LOSS_UNRATED})


def _agreeing() -> dict[Result, frozenset[Result]]:
    """For each result, the results the other side of the same game may show (the checks of :func:`_check_game`,
    colours apart): both played or not, both forfeits or not, not one rated and one unrated, a win against a loss.

    Each result's traits are read once: the table is built at start-up, which the engine form waits for.
    """
    sides = [(result, result.is_played, result.is_forfeit, result in _RATED, result in _UNRATED,
              result.outcome is Outcome.WIN, result.outcome is Outcome.LOSS) for result in Result]
    return {a: frozenset(b for b, other_played, other_forfeit, other_rated, other_unrated, _, lost in sides
                         if played == other_played and forfeit == other_forfeit and not (rated and other_unrated)
                         and not (unrated and other_rated) and not (won and not lost))
            for a, played, forfeit, rated, unrated, won, _ in sides}


_AGREEING = _agreeing()
"""The results the other side of a game may show, by result: two lookups per game on the common path."""


def finish(r: Records) -> None:
    """Apply what refers to other records, then check the file as a whole."""
    t = r.t
    r.lineno = 0
    if not t.players:
        r.error("no participant: the file has no 001 record")
        return
    if not r.saw_name:
        r.warn("no 012 record (tournament name)")
    keep_team_level(r)
    apply_teams(r)
    if r.rank_by_line:
        t.rank_order = sorted(t.players, key=r.player_lines.__getitem__)
    apply_scoring(r)
    apply_byes(r)
    apply_accelerations(r)
    check_references(r)
    check_numbers(r)
    check_rounds(r)
    check_games(r)
    check_points(r)


# -- applying --------------------------------------------------------------------


def keep_team_level(r: Records) -> None:
    """In a team event (a ``192`` team system), ``240`` and ``250`` name teams (TRF26 §4).

    They are kept as written instead of being applied to the ``001`` players.
    """
    if "TEAM" not in (r.t.system or "").upper():
        for line in r.team_level:
            if line.startswith("250") and not line.ljust(13)[9:13].strip():
                r.warn("250: team virtual match points without game points in an individual event; ignored", 5)
        return
    r.pending_byes.clear()
    r.accelerations = [a for a in r.accelerations if a[5] != "250"]
    r.t.extra_lines.extend(r.team_level)


def apply_teams(r: Records) -> None:
    """The teams, by the one numbering rule of :mod:`swisspair.teams`, checked (:func:`check_team`)."""
    if not r.team_records:
        return
    from swisspair.trf.teams import team_entries

    newer = any(record.code == "310" for _, _, record in r.team_records)
    team_of: dict[int, int] = {}
    numbers: set[int] = set()
    records: list[TeamRecord] = []
    for position, (lineno, line, record) in enumerate(
            (t for t in r.team_records if t[2].code == "310" or not newer), start=1):
        r.lineno, r.code = lineno, record.code
        records.append(check_team(r, line, record, position, team_of, numbers))
    r.lineno, r.code = 0, ""
    r.t.teams = team_entries(records)
    left = [line for _, line, record in r.team_records if newer and record.code == "013"]
    old = [(t.name, t.members) for _, _, t in r.team_records if t.code == "013"]
    if left and old != [(team.name, team.members) for team in r.t.teams]:
        r.warn("the 013 team records differ from the 310 records: the 310 records define the teams "
               "(013 lines kept as written)")
    r.t.extra_lines.extend(left)


def check_team(r: Records, line: str, record: TeamRecord, position: int, team_of: dict[int, int],
               numbers: set[int]) -> TeamRecord:
    """Warn (located) about a team without a number or a name, a number used twice, a member who is
    not a player or is already in a team; such members are left out of the roster."""
    number = record.number if record.code == "310" and record.number else position
    if record.code == "310" and not record.number:
        r.warn(f"a 310 record needs a team number (columns 5-7); numbered {number} by its position", 5)
    if number in numbers:
        r.warn(f"team number {number} is used twice", 5 if record.code == "310" else None)
    numbers.add(number)
    if not record.name:
        r.warn("the team has no name", 9 if record.code == "310" else 5)
    members: list[int] = []
    start = 73 if record.code == "310" else 36
    columns = {int(line[i:i + 4]): i + 1 for i in range(start, len(line), 5) if line[i:i + 4].strip().isdigit()}
    for tpn in record.members:
        if tpn not in r.t.players:
            r.warn(f"member {tpn} is not a player of the file (left out of the roster)", columns.get(tpn))
        elif tpn in team_of:
            r.warn(f"player {tpn} is already in team {team_of[tpn]} (left out of the roster)", columns.get(tpn))
        else:
            team_of[tpn] = number
            members.append(tpn)
    from dataclasses import replace  # team records are dataclasses: files of individuals never get here

    return replace(record, members=tuple(members))


def apply_scoring(r: Records) -> None:
    """Build :attr:`swisspair.model.Tournament.scoring` from ``162``/``XXS`` then the bbp ``BB?`` records, the
    values held as the reader read them (:mod:`swisspair.exact`)."""
    if not r.scoring:
        return
    values: dict[str, Exact] = {}
    for kind, name, value in r.scoring:
        if kind == "set":
            values[name] = value
    scoring = _scoring(values)
    for bb_field in BB_FIELDS.values():
        for kind, name, value in r.scoring:
            if kind == "bb" and name == bb_field:
                current = held_value(scoring, name)
                default = SCORING_FALLBACKS.get(name)
                if current is None and default is not None:
                    current = held_value(scoring, default)
                if current is None or not same(current, value):
                    values[name] = value
                    scoring = _scoring(values)
    fide = Scoring()
    for name, default in SCORING_FALLBACKS.items():
        if name in values:
            otherwise = values[default] if default in values else held_value(fide, default)
            if otherwise is not None and same(values[name], otherwise):
                del values[name]
    r.t.scoring = _scoring(values)


def _scoring(values: dict[str, Exact]) -> Scoring:
    return Scoring(**{name: held(value) for name, value in values.items()})


def apply_byes(r: Records) -> None:
    """The absences of ``XXZ`` (the next round) and the byes of ``240``, into the players' rounds."""
    nxt = r.t.paired_rounds + 1
    r.code = "XXZ"
    for tpn, lineno in r.absent_next:
        place_bye(r, tpn, nxt, Result.ZERO_BYE, lineno)
    r.code = "240"
    for rnd, result, tpn, lineno in r.pending_byes:
        place_bye(r, tpn, rnd, result, lineno)
    r.code = ""


def place_bye(r: Records, tpn: int, rnd: int, result: Result, lineno: int) -> None:
    """One bye into round ``rnd`` of ``tpn``: an error if the player is unknown or the round says otherwise."""
    player = r.t.players.get(tpn)
    if player is None:
        r.error(f"pairing number {tpn} has no 001 record", line=lineno, inconsistent=True)
        return
    current = player.result(rnd)
    if current == ABSENT:
        player.results.extend([ABSENT] * (rnd - len(player.results)))
        player.results[rnd - 1] = RoundResult.bye(result)
    elif current.result is not result:
        r.error(f"round {rnd}: bye {result.value!r} for {tpn} contradicts the 001 record "
                f"(line {r.player_lines[tpn]}: {current.result.value!r})", line=lineno, inconsistent=True)


def apply_accelerations(r: Records) -> None:
    """Apply the ``XXA`` and ``250`` records in file order (a later record wins)."""
    players = r.t.players
    accelerations = r.t.accelerations
    last_line: dict[int, tuple[int, str]] = {}
    for first, last, lineno, values, column, r.code in r.accelerations:
        for tpn in range(first, last + 1):
            if tpn not in players:
                r.error(f"pairing number {tpn} has no 001 record", column, line=lineno, inconsistent=True)
                break
            last_line[tpn] = lineno, r.code
            if values:
                accelerations.setdefault(tpn, {}).update(values)
    rounds = r.t.rounds
    if rounds:
        for tpn, values in accelerations.items():
            if values and max(values) > rounds:
                r.lineno, r.code = last_line[tpn]
                r.error(f"virtual points of {tpn} for round {max(values)} of a {rounds}-round tournament",
                        inconsistent=True)
    r.lineno, r.code = 0, ""


# -- checking --------------------------------------------------------------------


def check_references(r: Records) -> None:
    """Every pairing number of ``XXP`` and ``260`` has a ``001`` record."""
    for tpn, lineno, code, column in r.references:
        if tpn not in r.t.players:
            r.code = code
            r.error(f"pairing number {tpn} has no 001 record", column, line=lineno, inconsistent=True)
    r.code = ""


def check_numbers(r: Records) -> None:
    """Pairing numbers run from 1 without a gap (a warning otherwise)."""
    numbers = sorted(r.t.players)
    if numbers[-1] != len(numbers):
        missing = sorted(set(range(1, numbers[-1] + 1)) - set(numbers))
        r.code = "001"
        r.warn(f"pairing numbers are not contiguous (missing {missing[:10]}{'...' if len(missing) > 10 else ''})")
        r.code = ""


def check_rounds(r: Records) -> None:
    """No more rounds paired (or recorded) than the ``142``/``XXR`` record announces."""
    t = r.t
    if t.rounds is None or r.rounds_line is None:
        return
    paired = t.paired_rounds
    lineno, code = r.rounds_line
    r.code = code
    if paired > t.rounds:
        r.error(f"{paired} rounds are paired in the 001 records, more than the {t.rounds} announced",
                5, line=lineno, inconsistent=True)
    elif t.recorded_rounds > t.rounds:
        r.warn(f"001 records have entries for round {t.recorded_rounds} of a {t.rounds}-round tournament",
               5, line=lineno)
    r.code = ""


def check_games(r: Records) -> None:
    """Each game is on both players' lines, with results and colours that agree; a warning for more
    than one pairing-allocated bye in a round, unless the players who have it form one team."""
    players = r.t.players
    cut = cut_player(r)
    r.code = "001"
    pabs: dict[int, list[int]] = {}
    for tpn in sorted(players):
        r.lineno = r.player_lines[tpn]
        for rnd, entry in enumerate(players[tpn].results, start=1):
            opponent = entry.opponent
            if opponent is None:
                if entry.result is Result.PAB:
                    pabs.setdefault(rnd, []).append(tpn)
                continue
            other = players.get(opponent)
            if other is not None:
                mirror = other.results[rnd - 1] if rnd <= len(other.results) else ABSENT
                if mirror.opponent == tpn and mirror.result in _AGREEING[entry.result] and (
                        entry.colour is not mirror.colour or not entry.result.is_played):
                    continue  # the common case; _check_game says what is wrong otherwise
            _check_game(r, tpn, rnd, entry, opponent, cut)
    for rnd, tpns in pabs.items():
        if len(tpns) > 1 and not one_team(r, tpns):
            r.lineno = r.player_lines[tpns[1]]
            r.warn(f"round {rnd}: more than one pairing-allocated bye (players {tpns})", 82 + 10 * rnd + 7)
    r.code = ""


def _check_game(r: Records, tpn: int, rnd: int, entry: RoundResult, opponent: int, cut: int | None) -> None:
    """Say what is wrong with the game ``entry`` of ``tpn`` in round ``rnd`` against ``opponent``: no such
    player, not on the opponent's line, results or colours that disagree."""
    other = r.t.players.get(opponent)
    lines = r.player_lines
    column = 82 + 10 * rnd
    if other is None:
        message = f"round {rnd}: opponent {opponent} has no 001 record"
        if cut is not None:
            truncated(r, f"{message} (line {r.lineno})")
        else:
            r.error(message, column, inconsistent=True)
        return
    mirror = other.results[rnd - 1] if rnd <= len(other.results) else ABSENT
    result = entry.result
    if mirror.opponent != tpn:
        if cut == opponent and rnd > len(other.results):
            truncated(r, f"round {rnd} is missing (line {r.lineno} has the game against {tpn})", column)
            return
        shows = f"opponent {mirror.opponent}" if mirror.opponent else f"{mirror.result.value!r}"
        r.error(f"round {rnd}: the game against {opponent} is not on their line "
                f"(line {lines[opponent]} shows {shows})", column, inconsistent=True)
        return
    other_result = mirror.result
    if (result.is_played != other_result.is_played or result.is_forfeit != other_result.is_forfeit
            or (result in _RATED and other_result in _UNRATED)
            or (result in _UNRATED and other_result in _RATED)):
        r.error(f"round {rnd}: result {result.value!r} against {opponent} contradicts their "
                f"{other_result.value!r} (line {lines[opponent]})", column + 7, inconsistent=True)
        return
    if result.is_played and entry.colour is mirror.colour:
        r.error(f"round {rnd}: {tpn} and {opponent} both have colour {entry.colour.value!r} "
                f"(line {lines[opponent]})", column + 5, inconsistent=True)
        return
    if result.outcome is Outcome.WIN and other_result.outcome is not Outcome.LOSS:
        r.error(f"round {rnd}: {tpn} won against {opponent}, whose result is "
                f"{other_result.value!r} (line {lines[opponent]})", column + 7, inconsistent=True)


def one_team(r: Records, tpns: list[int]) -> bool:
    """The players all belong to one team: its pairing-allocated bye (C.04.6 1.4), written on each member."""
    return any(set(tpns) <= set(team.members) for team in r.t.teams)


def cut_player(r: Records) -> int | None:
    """The TPN on the last line when the text ends in the middle of a ``001`` record.

    A last line without a line end that stops right after a round entry (or one blank
    later, as lichess writes it) is complete: many writers omit the final line end.
    """
    if not r.cut_line or not r.cut_text.startswith("001"):
        return None
    length = len(r.cut_text)
    if length >= 99 and (length - 91) % 10 in (8, 9):
        return None
    for tpn, lineno in r.player_lines.items():
        if lineno == r.cut_line:
            return tpn
    return None


def truncated(r: Records, message: str, column: int | None = None) -> None:
    """Report a missing game or player as the consequence of a file cut in its last line."""
    length = len(r.cut_text)
    r.error(f"the file ends in the middle of this line (truncated?): {message}",
            column if column is not None and column <= length + 1 else length + 1,
            line=r.cut_line, inconsistent=True)


def check_points(r: Records) -> None:
    """The points column of each ``001`` record (81-84) matches its results, with or without the
    rounds not yet paired and the virtual points of an acceleration (a warning, an error in strict mode).

    TRF16/TRF26 define the column as the sum of the results under the scoring: it is compared in integers,
    in the least common denominator of the scoring's values (:mod:`swisspair.exact`)."""
    t = r.t
    scoring = t.scoring
    scale, units = points_in_units(scoring)
    r.code = "001"
    paired = t.paired_rounds
    for tpn in sorted(t.players):
        player = t.players[tpn]
        written = held_value(player, "points")
        if written is None:
            continue
        played = total = 0
        for rnd, entry in enumerate(player.results, start=1):
            value = units[entry.result, entry.colour]
            total += value
            if rnd <= paired:
                played += value
        numerator, denominator = written.numerator * scale, written.denominator
        if numerator in (played * denominator, total * denominator):  # the points, in units, on their denominator
            continue
        if _accelerated(t.accelerations.get(tpn), written, scale, played, total, paired):
            continue
        r.lineno = r.player_lines[tpn]
        r.soft(f"points {_fmt(written)} do not match the results ({_fmt(Exact(played, scale))}); "
               "the results are used", 81, inconsistent=True)
    r.code = ""


def _accelerated(accelerations: dict[int, Fraction] | None, points: Exact | Fraction, scale: int, played: int,
                 total: int, paired: int) -> bool:
    """The points column is the results (in units of ``1 / scale``) with the virtual points of all rounds or
    of those up to the next (the pairing score, C.04.7 (2026) 1.5; the reader made them Fractions)."""
    if not accelerations:
        return False
    written = (points.fraction() if isinstance(points, Exact) else points) * scale
    extra = sum(accelerations.values()) * scale
    current = sum(v for rnd, v in accelerations.items() if rnd <= paired + 1) * scale
    return written in (played + extra, total + extra, played + current, total + current)


def _fmt(value: Exact | Fraction) -> str:
    """One decimal for halves (``11.5``), else the ratio (``7/4``), as a Fraction prints it."""
    if value.denominator <= 2:
        return f"{value.numerator / value.denominator:.1f}"
    return f"{value.numerator}/{value.denominator}"
