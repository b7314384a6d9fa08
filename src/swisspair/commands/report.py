"""``swisspair report``: the rating change, performance, title norms, categories and prize list of a TRF.

Each is computed by the core code the manager's pages use (:mod:`swisspair.reports`, which calls
:mod:`swisspair.rating_change`, :mod:`swisspair.norms`, :mod:`swisspair.categories` and
:mod:`swisspair.prizes`) and printed as a table, as CSV (the same columns) or as JSON (``--json``, a
versioned schema per report, docs/json.md).
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from swisspair.commands.plumbing import handle_errors, read_trf
from swisspair.errors import InvalidRequestError
from swisspair.fileio import write_atomically

if TYPE_CHECKING:
    from swisspair.categories import Category
    from swisspair.model import Tournament
    from swisspair.norms import NormCheck, PlayerNorms
    from swisspair.rating_change import PlayerRating, RatingReport
    from swisspair.reports import CategoryTable
    from swisspair.standings import Standings

F = TypeVar("F", bound=Callable[..., Any])

FORMATS = ["text", "csv", "json"]


@click.group("report")
def report_group() -> None:
    """The reports of a TRF: rating change, performance, norms, categories, prizes.

    Each prints a table, CSV (--format csv) or JSON (--json, a schema per
    report); computed as the manager's pages compute them.
    """


def _common(function: F) -> F:
    """FILE and the options every report takes: the rounds, the format, the output file."""
    for decorator in reversed([
        click.argument("file", type=click.Path(dir_okay=False, path_type=Path)),
        click.option("--rounds", type=click.IntRange(min=0), default=None,
                     help="Over rounds 1 to this one (default: every round recorded)."),
        click.option("-f", "--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
                     help="Output format."),
        click.option("--json", "as_json", is_flag=True, help="The same as --format json."),
        click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
                     help="Write to this file instead of standard output."),
    ]):
        function = decorator(function)
    return function


def _emit(text: str, output: Path | None) -> None:
    if output is None:
        click.echo(text, nl=False)
    else:
        write_atomically(output, text)


def _format(fmt: str, as_json: bool) -> str:
    return "json" if as_json else fmt


def _document(report: str, file: Path, rounds: int, data: dict[str, Any]) -> str:
    from swisspair import schemas

    return schemas.dumps({"schema": schemas.schema_id(f"report-{report}"), "file": str(file), "after_round": rounds,
                          **data})


def _rounds(tournament: Tournament, rounds: int | None) -> int:
    """The rounds the report covers: ``rounds``, at most those recorded."""
    recorded = tournament.recorded_rounds
    if rounds is not None and rounds > recorded:
        raise InvalidRequestError(f"--rounds {rounds}: the file has {recorded} round(s) recorded")
    return recorded if rounds is None else rounds


def _table(headings: Sequence[str], rows: Sequence[Sequence[str]], left: Sequence[int] = (1,)) -> str:
    """An aligned table: the columns of ``left`` (names, notes) to the left, the others to the right."""
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headings)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return "\n".join([line(headings), line(["-" * w for w in widths])] + [line(r) for r in rows]) + "\n"


def _csv(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(headings)
    writer.writerows(rows)
    return out.getvalue()


def _exact(value: Fraction | None) -> str | None:
    return None if value is None else f"{value.numerator}/{value.denominator}"


def _number(value: Fraction | None) -> int | float | None:
    from swisspair import schemas

    return None if value is None else schemas.number(value)


# -- ratings and performance -----------------------------------------------------------------------------


def _k_facts(items: Sequence[str]) -> dict[int, Any]:
    """``--k TPN=K`` as the K the rating list publishes (B.02 7.1.2)."""
    from swisspair.rating_change import KFacts

    facts = {}
    for item in items:
        tpn, sep, k = item.partition("=")
        if not sep or not tpn.strip().isdigit() or not k.strip().isdigit() or not 1 <= int(k) <= 100:
            raise click.BadParameter(f"expected TPN=K with K from 1 to 100, got {item!r}", param_hint="--k")
        facts[int(tpn)] = KFacts(listed_k=int(k))
    return facts


def _rating_report(file: Path, rounds: int | None, k: Sequence[str],
                   chapter: str = "standard") -> tuple[RatingReport, int, list[str]]:
    """The report, the rounds it covers, and what it could not apply for want of a date (also on stderr)."""
    from swisspair.rating_change import Chapter
    from swisspair.reports import event_dates, rating_changes

    tournament = read_trf(file)
    covered = _rounds(tournament, rounds)
    report = rating_changes(tournament, facts=_k_facts(k), rounds=covered, chapter=Chapter(chapter))
    warnings = [w.text for w in report.warnings]
    if event_dates(tournament) == (None, None):
        warnings.insert(0, "the event has no dates (042, 052): the FIDE Rating Regulations in force today were "
                           "applied, and the juniors' K 40 (8.3.3) counted for those whose 18th birthday is this "
                           "year or later")
    for warning in warnings:
        click.echo(f"swisspair: warning: {warning}", err=True)
    return report, covered, warnings


@report_group.command("ratings")
@_common
@click.option("--k", "k", multiple=True, metavar="TPN=K",
              help="The K the rating list publishes for a player (B.02 7.1.2; repeatable). Otherwise K follows "
                   "8.3.3 from the rating and the birth date.")
@click.option("--chapter", type=click.Choice(["standard", "rapid", "blitz"]), default="standard", show_default=True,
              help="The rating list the event is rated for (rapid and blitz have regulations of their own).")
@handle_errors
def ratings_command(file: Path, rounds: int | None, fmt: str, as_json: bool, output: Path | None,
                    k: tuple[str, ...], chapter: str) -> None:
    """Each player's rating change (FIDE Rating Regulations, B.02).

    Only games played over the board against rated opponents count (5.1,
    8.3.1); K by 8.3.3 and K x n at most 700; the change rounded (8.3.4).
    An unrated player gets the provisional figure Ru (8.2) and why it is not
    published yet. The edition is the one in force on the start date (042).

    Example:

    \b
        swisspair report ratings final.trf
        swisspair report ratings final.trf --k 3=40 --format csv
    """
    report, covered, warnings = _rating_report(file, rounds, k, chapter)
    fmt = _format(fmt, as_json)
    if fmt == "json":
        _emit(_document("ratings", file, covered, {
            "regulations": report.regulations.value, "regulations_title": report.regulations.title,
            "warnings": warnings, "players": [_rating_json(p) for p in report.players]}), output)
        return
    text = report.to_csv()
    if fmt == "text":
        headings, *rows = list(csv.reader(io.StringIO(text)))
        text = f"{report.regulations.title}, after round {covered}\n\n" + _table(headings, rows, left=(1, 15))
    _emit(text, output)


def _rating_json(p: PlayerRating) -> dict[str, Any]:
    perf = p.performance
    initial = p.initial
    return {
        "tpn": p.tpn, "name": p.name, "fide_id": p.fide_id, "federation": p.federation, "rating": p.rating or None,
        "k": p.k, "k_reason": p.k_reason or None, "rated_games": len(p.rated_games), "score": _number(p.score),
        "expected": _number(p.expected), "change_exact": _exact(p.change_exact), "change": p.change,
        "performance": None if perf is None else {"performance": perf[0], "average": perf[1], "percent": perf[2]},
        "initial": None if initial is None else {
            "rating": initial.rating, "games": initial.games, "score": _number(initial.score),
            "average": _exact(initial.average), "percent": initial.percent, "published": initial.published,
            "notes": [note.value for note in initial.notes]},
        "rounds": [{"round": g.round, "opponent": g.opponent, "opponent_rating": g.opponent_rating or None,
                    "score": _number(g.score), "rated": g.rated, "reason": None if g.reason is None else g.reason.value,
                    "difference": g.difference, "capped": g.capped, "expected": _number(g.probability)}
                   for g in p.games],
    }


@report_group.command("performance")
@_common
@handle_errors
def performance_command(file: Path, rounds: int | None, fmt: str, as_json: bool, output: Path | None) -> None:
    """Each player's performance: Rp = Ra + dp (FIDE B.01 1.4.7-1.4.9).

    Over the games the rating report rates (played over the board; a rated
    player's against rated opponents): the games, the score, the opponents'
    average Ra (rounded, 0.5 up), the percentage and Rp.

    Example:

    \b
        swisspair report performance final.trf
        swisspair report performance final.trf --json
    """
    report, covered, _ = _rating_report(file, rounds, ())
    fmt = _format(fmt, as_json)
    lines = [(p, p.performance) for p in report.players]
    if fmt == "json":
        _emit(_document("performance", file, covered, {"players": [
            {"tpn": p.tpn, "name": p.name, "rating": p.rating or None, "games": len(p.rated_games),
             "score": _number(p.score), "average": perf[1] if perf else None, "percent": perf[2] if perf else None,
             "performance": perf[0] if perf else None} for p, perf in lines]}), output)
        return
    from swisspair.tiebreaks.rounding import decimal_text

    headings = ["tpn", "name", "rating", "games", "score", "average", "percent", "performance"]
    rows = [[str(p.tpn), p.name, str(p.rating or ""), str(len(p.rated_games)), decimal_text(p.score),
             str(perf[1]) if perf else "", str(perf[2]) if perf else "", str(perf[0]) if perf else ""]
            for p, perf in lines]
    _emit(_csv(headings, rows) if fmt == "csv" else f"after round {covered}\n\n" + _table(headings, rows), output)


# -- norms -----------------------------------------------------------------------------------------------


@report_group.command("norms")
@_common
@click.option("--waived", is_flag=True,
              help="An exemption of B.01 1.4.3 a-d applies (a national championship, a zonal...): the foreign "
                   "opponents and federation shares (1.4.3-1.4.4) are not checked.")
@click.option("--all", "show_all", is_flag=True, help="List every norm checked, not only those achieved.")
@handle_errors
def norms_command(file: Path, rounds: int | None, fmt: str, as_json: bool, output: Path | None, waived: bool,
                  show_all: bool) -> None:
    """Title norms: GM, IM, WGM, WIM (FIDE Title Regulations B.01 1.4).

    Each player is checked for the norms his title and sex allow him to
    seek; a norm reached after an earlier round of a Swiss counts (1.4.1 e).
    The table lists the norms achieved (--all: every check, with what failed).

    Example:

    \b
        swisspair report norms final.trf
        swisspair report norms final.trf --all --waived
    """
    from swisspair.reports import norm_report

    tournament = read_trf(file)
    covered = _rounds(tournament, rounds)
    report = norm_report(tournament, foreigners_waived=waived, rounds=covered)
    fmt = _format(fmt, as_json)
    if fmt == "json":
        _emit(_document("norms", file, covered, {"foreigners_waived": waived, "players": [
            {"tpn": line.tpn, "name": line.name, "checks": [_norm_json(c) for c in line.checks]}
            for line in report]}), output)
        return
    headings = ["tpn", "name", "norm", "games", "score", "average", "percent", "performance", "result"]
    rows = [_norm_row(line, check) for line in report for check in line.checks if show_all or check.achieved]
    if fmt == "csv":
        _emit(_csv(headings, rows), output)
        return
    _emit(f"after round {covered}\n\n" + (_table(headings, rows, left=(1, 8)) if rows else
                                         "no norm achieved (--all lists every check)\n"), output)


def _norm_row(line: PlayerNorms, check: NormCheck) -> list[str]:
    from swisspair.tiebreaks.rounding import decimal_text

    return [str(line.tpn), line.name, check.title.value, str(check.counted_games), decimal_text(check.score),
            "" if check.average is None else str(check.average), "" if check.percent is None else str(check.percent),
            "" if check.performance is None else str(check.performance),
            "achieved" if check.achieved else "; ".join(check.failures)]


def _norm_json(check: NormCheck) -> dict[str, Any]:
    return {
        "title": check.title.value, "achieved": check.achieved, "games": check.games,
        "counted_games": check.counted_games, "score": _number(check.score), "average": check.average,
        "percent": check.percent, "performance": check.performance, "title_holders": check.titled,
        "holders_of_the_title": check.holders, "federations": dict(check.federations),
        "raised": None if check.raised is None else list(check.raised), "unrated": check.unrated,
        "after_round": check.after_round,
        "failures": [{"article": f.article, "requirement": f.requirement.name.lower(), "value": f.value,
                      "needed": f.needed, "text": f.text} for f in check.problems],
    }


# -- categories and prizes -------------------------------------------------------------------------------


def _standings_options(function: F) -> F:
    for decorator in reversed([
        click.option("-t", "--tiebreaks", envvar="SWISSPAIR_TIEBREAKS",
                     help="The tie-breaks of the standings (default: the file's 212/202, else the default list of "
                          "'swisspair standings')."),
        click.option("--on", "on", type=click.DateTime(["%Y-%m-%d", "%Y/%m/%d"]), default=None,
                     help="The date ages are counted on (default: the start date, 042, else today)."),
    ]):
        function = decorator(function)
    return function


def _categories(codes: Sequence[str]) -> list[Category]:
    from swisspair.categories import Category

    return [Category.parse(code) for code in codes]


def _event_tables(file: Path, rounds: int | None, tiebreaks: str | None, on: datetime.datetime | None,
                  categories: Sequence[Category] | None) -> tuple[Standings, list[CategoryTable], int]:
    """The standings of FILE and the tables of ``categories`` (default: the usual ones that have players)."""
    from swisspair.categories import AGE_PRESETS, Category, PlayerFacts
    from swisspair.reports import OVERALL, category_tables, event_dates, reference_date
    from swisspair.standings import compute_standings

    tournament = read_trf(file)
    covered = _rounds(tournament, rounds)
    standings = compute_standings(tournament, tiebreaks, rounds=covered)
    for note in standings.notes:
        click.echo(f"swisspair: warning: {note}", err=True)
    day = reference_date(on.date() if on else None, event_dates(tournament)[0])
    players = [PlayerFacts.of(p) for p in tournament]
    if categories is None:
        usual = [Category.parse(code) for code in (*AGE_PRESETS, "W")]
        categories = [c for c in usual if c.members(players, day)]
    tables = category_tables(standings.rows, players, [OVERALL, *categories], day)
    return standings, tables, covered


def _category_json(table: CategoryTable, standings: Standings) -> dict[str, Any]:
    names = {r.tpn: r.name for r in standings.rows}
    return {"code": table.category.code, "name": table.category.title or "Overall",
            "members": len(table.members),
            "standings": [{"place": r.place_text, "tpn": r.tpn, "name": names.get(r.tpn, ""),
                           "points": _number(r.points), "overall": r.overall} for r in table.rows]}


@report_group.command("categories")
@_common
@_standings_options
@click.option("-c", "--category", "codes", multiple=True, metavar="CODE",
              help="A category: U8...U20, 50+, 65+, W, M, U2000, 1600-1799, 2000+, unrated, a federation code, "
                   "label:TEXT (repeatable). Default: the age categories and W that have players.")
@handle_errors
def categories_command(file: Path, rounds: int | None, fmt: str, as_json: bool, output: Path | None,
                       tiebreaks: str | None, on: datetime.datetime | None, codes: tuple[str, ...]) -> None:
    """The standings of each category: the event's standings filtered.

    The same order, so the same tie-breaks decide; places counted again in
    the category. Ages in full years on the reference date (--on); a player
    without a birth date is in no age category.

    Example:

    \b
        swisspair report categories final.trf
        swisspair report categories final.trf -c U16 -c W -c 1600-1799 --on 2026-07-01
    """
    standings, tables, covered = _event_tables(file, rounds, tiebreaks, on, _categories(codes) if codes else None)
    fmt = _format(fmt, as_json)
    if fmt == "json":
        _emit(_document("categories", file, covered, {
            "tiebreaks": [d.label for d in standings.tiebreaks],
            "categories": [_category_json(t, standings) for t in tables[1:]]}), output)
        return
    from swisspair.tiebreaks.rounding import decimal_text

    names = {r.tpn: r.name for r in standings.rows}
    headings = ["category", "place", "tpn", "name", "points", "overall"]
    rows = [[t.category.code, r.place_text, str(r.tpn), names.get(r.tpn, ""), decimal_text(r.points), str(r.overall)]
            for t in tables[1:] for r in t.rows]
    if fmt == "csv":
        _emit(_csv(headings, rows), output)
        return
    blocks = [f"after round {covered}"]
    for t in tables[1:]:
        blocks.append(f"{t.category.code} ({t.category.title}): {len(t.members)} player(s)")
        if t.rows:
            blocks.append(_table(headings[1:], [row[1:] for row in rows if row[0] == t.category.code], left=(2,))
                          .rstrip("\n"))
    _emit("\n\n".join(blocks) + "\n", output)


@report_group.command("prizes")
@_common
@_standings_options
@click.option("--prizes", "overall", default="", metavar="AMOUNTS",
              help="The prizes of the overall standings, place 1 first: \"1000 600 400\".")
@click.option("-c", "--category", "category_prizes", multiple=True, metavar="CODE=AMOUNTS",
              help="A category's prizes, e.g. \"U16=100 50\" (codes as for 'report categories'; repeatable, in "
                   "the order that decides equal amounts).")
@click.option("--sharing", type=click.Choice(["tiebreak", "equal", "hort"]), default="tiebreak", show_default=True,
              help="Players level on points: the tie-breaks decide, they share the prizes equally, or by the "
                   "Hort system.")
@handle_errors
def prizes_command(file: Path, rounds: int | None, fmt: str, as_json: bool, output: Path | None,
                   tiebreaks: str | None, on: datetime.datetime | None, overall: str,
                   category_prizes: tuple[str, ...], sharing: str) -> None:
    """The prize list: places and amounts, one prize per player.

    A player who could take prizes in several categories takes the larger
    (on equal amounts the category given first); the next player moves up.
    Amounts are exact and printed to the cent.

    Example:

    \b
        swisspair report prizes final.trf --prizes "1000 600 400" -c "U16=100 50"
        swisspair report prizes final.trf --prizes "500 300" --sharing hort --json
    """
    from swisspair.prizes import Sharing, parse_amounts
    from swisspair.reports import prize_report

    amounts = {"": parse_amounts(overall)}
    codes = []
    for item in category_prizes:
        code, sep, text = item.partition("=")
        if not sep:
            raise click.BadParameter(f"expected CODE=AMOUNTS, got {item!r}", param_hint="--category")
        codes.append(code.strip())
        amounts[_categories([code])[0].code] = parse_amounts(text)
    standings, tables, covered = _event_tables(file, rounds, tiebreaks, on, _categories(codes))
    result = prize_report(standings.rows, tables, amounts, Sharing(sharing), names={r.tpn: r.name for r in standings.rows})
    fmt = _format(fmt, as_json)
    if fmt == "json":
        _emit(_document("prizes", file, covered, result.as_dict()), output)
    elif fmt == "csv":
        _emit(result.to_csv(), output)
    else:
        _emit(f"after round {covered}\n\n" + (result.to_text() or "no prizes\n"), output)


__all__ = ["report_group"]
