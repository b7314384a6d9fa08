"""The rounds of an exported TRF that a pairing checker will not reproduce, and why (``###`` notes).

A checker (``swisspair --dutch FILE -c``) re-pairs each round from the file's earlier rounds and compares.
It cannot reproduce a round that was

- paired before a result of an earlier round was corrected (:mod:`.late_corrections`);
- changed by hand after pairing (:attr:`Round.adjusted`);
- paired with other settings than the file has now: points, rounds, system, acceleration, initial colour
  (:attr:`Round.settings`, compared with the section's);
- paired with other pairing numbers (renumbered afterwards, FIDE C.04.2 art. 2.3).

The export lists each such round in a ``###`` line ending with :data:`MARK`; :func:`listed` reads them back.
"""

from __future__ import annotations

import re

from swisspair_web.tournaments.reads import late_corrections, sections
from swisspair_web.tournaments.rows import AuditEntry, Round, Section

MARK = "(a pairing checker will not reproduce it)"
"""How every note of a round the checker will not reproduce ends."""

_ROUNDS = re.compile(r"round ([\d, -]+) was paired (?:on other scores|with other settings|with other pairing numbers|"
                     r"and then changed by hand)")


def notes(section: Section, upto: int) -> list[str]:
    """The ``###`` lines for rounds ``1..upto`` of ``section``."""
    out = []
    for late in late_corrections.find(section):
        late.later = [number for number in late.later if number <= upto]
        if late.later:
            out.append(late.trf_note())
    rounds = list(Round.objects.filter(section=section, number__lte=upto).order_by("number"))
    renumbered = AuditEntry.objects.filter(section=section, action="renumbered").order_by("-at").first()
    for rnd in rounds:
        if rnd.adjusted:
            out.append(f"### round {rnd.number} was paired and then changed by hand {MARK}")
        changed = sections.pairing_differences(rnd.settings or {}, section)
        if changed:
            out.append(f"### round {rnd.number} was paired with other settings ({'; '.join(changed)}) {MARK}")
        if renumbered is not None and rnd.paired_at < renumbered.at:
            out.append(f"### round {rnd.number} was paired with other pairing numbers (renumbered since) {MARK}")
    return out


def listed(lines: list[str]) -> set[int]:
    """The round numbers the ``###`` notes of an exported TRF say a checker will not reproduce."""
    found: set[int] = set()
    for line in lines:
        match = _ROUNDS.search(line) if line.startswith("###") else None
        if match:
            for part in match.group(1).split(","):
                first, _sep, last = part.strip().partition("-")
                found.update(range(int(first), int(last or first) + 1))
    return found
