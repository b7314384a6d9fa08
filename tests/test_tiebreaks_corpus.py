"""Every value of the reference tie-break corpus, reproduced.

tests/corpus/tiebreaks/<edition>/<name>.csv holds, for each tournament of
tests/corpus/dutch/, the values computed by FIDE's reference tool (Gacrux
1.9.57) under the 2026 and the August 2024 editions of C.07
(tests/corpus/README.md, "Tie-break reference values"). One test per
tournament and edition compares every column:

* each tie-break column (``BH``, ``SB/C1``, ``AOB``, ``PTP`` ...) with our value
  for that descriptor;
* ``DE``: direct encounter among the players tied on points only, encoded as
  the place inside the tied group (0 = not tied or not separated);
* ``RANK`` and ``DE_SEQ``: the final rank, and the DE value, under the list
  BH/C1, BH, SB, DE, WIN, BWG, TPN.

A missing corpus file is a failure, never a skip.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from swisspair import trf
from swisspair.standings import compute_standings
from swisspair.errors import MissingRatingsError
from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.event import Event
from swisspair.tiebreaks.rounding import decimal_text

from helpers import CORPUS

pytestmark = pytest.mark.slow  # 600 tournaments, every tie-break: the full tier only

EDITIONS = ("2026", "2024")
RANK_SEQUENCE = "BH/C1,BH,SB,DE,WIN,BWG,TPN"
SPECIAL = {"tpn", "PTS", "DE", "RANK", "DE_SEQ"}


def _cases() -> list[tuple[str, Path]]:
    """(edition, csv) pairs, the editions of one tournament next to each other (they share work)."""
    cases = []
    for edition in EDITIONS:
        cases += [(edition, path) for path in sorted((CORPUS / "tiebreaks" / edition).glob("*.csv"))]
    return sorted(cases, key=lambda case: (case[1].stem, EDITIONS.index(case[0])))


def _trf_for(name: str) -> Path | None:
    for sub in ("dutch", "dutch-2017", "dutch-baku", "burstein"):
        candidate = CORPUS / sub / f"{name}.trf"
        if candidate.is_file():
            return candidate
    found = sorted(CORPUS.glob(f"*/{name}.trf"))
    return found[0] if found else None


CASES = _cases()


_CONTEXTS: dict[Path, Context] = {}


def _context(path: Path, edition: str) -> Context:
    """A context for ``path`` under ``edition``; the editions of one file share what they can."""
    base = _CONTEXTS.get(path)
    if base is None:
        _CONTEXTS.clear()
        base = _CONTEXTS[path] = Context(Event.from_tournament(trf.load(path).tournament))
    return base.with_edition(edition)


def reference_values(path: Path, edition: str, columns: list[str]) -> dict[str, dict[int, str]]:
    """Our values for the corpus columns of the tournament at ``path``, as text."""
    ctx = _context(path, edition)
    out: dict[str, dict[int, str]] = {}
    for column in columns:
        if column in SPECIAL:
            continue
        try:
            out[column] = {cid: decimal_text(v.value) for cid, v in ctx.values(column).items()}
        except MissingRatingsError:
            # The reference leaves rating-based values empty when somebody is unrated (art. 10).
            out[column] = {cid: "" for cid in ctx.event.ids}
    out["PTS"] = {c.id: decimal_text(ctx.event.total(c.id)) for c in ctx.event}
    if "DE" in columns:
        de = compute_standings(ctx.event, "DE", context=ctx)
        out["DE"] = {r.tpn: decimal_text(r.values[0]) for r in de.rows}
    if "RANK" in columns or "DE_SEQ" in columns:
        seq = compute_standings(ctx.event, RANK_SEQUENCE, context=ctx)
        out["RANK"] = {r.tpn: r.place_text for r in seq.rows}
        index = [d.name for d in seq.tiebreaks].index("DE")
        out["DE_SEQ"] = {r.tpn: decimal_text(r.values[index]) for r in seq.rows}
    return out


@pytest.mark.parametrize(("edition", "csv_path"), CASES, ids=[f"{e}-{p.stem}" for e, p in CASES])
def test_reference_values(edition: str, csv_path: Path) -> None:
    trf_path = _trf_for(csv_path.stem)
    assert trf_path is not None, f"no TRF for {csv_path.stem} under {CORPUS}"
    with csv_path.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows, f"{csv_path} is empty"
    columns = [c for c in rows[0] if c != "tpn"]
    ours = reference_values(trf_path, edition, columns)
    differences = []
    for row in rows:
        tpn = int(row["tpn"])
        for column in columns:
            expected = row[column].strip()
            if expected == "None":
                expected = ""
            got = ours[column].get(tpn, "<missing>")
            if got != expected:
                differences.append(f"TPN {tpn} {column}: reference {expected}, swisspair {got}")
    assert not differences, f"{csv_path.name} ({edition}): {len(differences)} difference(s)\n" + "\n".join(
        differences[:25])


def test_corpus_is_complete() -> None:
    """Both editions cover the same tournaments (a missing file would hide a regression)."""
    assert len(CASES) == 2 * 300, "tests/corpus/tiebreaks: 300 tournaments in each edition"
    names = {e: {p.stem for ed, p in CASES if ed == e} for e in EDITIONS}
    assert names["2026"] == names["2024"]
