"""Results changed after later rounds were paired: those rounds were paired on other scores.

A correction of round r changes the standings, but rounds r+1, r+2, ... paired before it stay as
they were made (re-pairing played rounds is not an option). Their pairings then follow from scores
the file no longer shows, so a pairing checker run on the exported TRF (``swisspair --dutch -c``)
does not reproduce them. The manager says so on the result pages and in the export's ``###`` notes.

Found from the audit log: for each board with a result entered or corrected, the result it had when
each later round was paired (the last audited value before that moment) is compared with the result
now. A result first entered after the next round was paired with its unfinished games counted as
draws differs only if it is not a draw.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Q

from swisspair_web.tournaments.rows import RESULTS, AuditEntry, Board, Section

DRAW = RESULTS["=="]


@dataclass
class LateCorrection:
    """Board ``board`` of round ``round`` is ``now`` but was ``was`` when rounds ``later`` were paired."""

    round: int
    board: int
    was: str
    now: str
    later: list[int] = field(default_factory=list)

    @property
    def later_text(self) -> str:
        """The later rounds as ``4``, ``4-9`` or ``4-5, 8``."""
        return rounds_text(self.later)

    def trf_note(self) -> str:
        return (f"### round {self.round} board {self.board}: {self.was or '-'} when round {self.later_text} was "
                f"paired, now {self.now or '-'}; round {self.later_text} was paired on other scores "
                f"(a pairing checker will not reproduce it)")


def rounds_text(numbers: list[int]) -> str:
    """Round numbers as ranges: ``[4, 5, 6, 9]`` gives ``4-6, 9``."""
    parts: list[list[int]] = []
    for number in numbers:
        if parts and parts[-1][1] == number - 1:
            parts[-1][1] = number
        else:
            parts.append([number, number])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in parts)


def _differs(was: str, now: str) -> bool:
    return was != now and not (was == "" and now == DRAW)


def find(section: Section) -> list[LateCorrection]:
    """Every board whose result differs from what it was when a later round was paired."""
    rounds = list(section.round_set.all())  # by number (Round's ordering); a page may have read them already
    if len(rounds) < 2:
        return []
    written = AuditEntry.objects.filter(section=section, action__in=("result", "correction"),
                                        board_number__isnull=False)
    # Only a board whose result was written after the next round was paired can differ from what it
    # was then (before, every later round saw its last result): those boards, in one small query first.
    late_writes = Q()
    for earlier, later in zip(rounds, rounds[1:]):
        late_writes |= Q(round_number=earlier.number, at__gte=later.paired_at)
    touched = set(written.filter(late_writes).values_list("round_number", "board_number"))
    if not touched:
        return []
    history: dict[tuple[int, int], list[AuditEntry]] = defaultdict(list)
    for entry in written.filter(round_number__in={r for r, _ in touched}).order_by("at", "id"):
        if (entry.round_number, entry.board_number) in touched:
            history[(entry.round_number or 0, entry.board_number or 0)].append(entry)
    current = {(b.round.number, b.number): RESULTS.get(b.result, b.result)
               for b in Board.objects.filter(round__section=section, round__number__in={r for r, _ in touched})
               .select_related("round")}
    found = []
    for (number, board), entries in sorted(history.items()):
        now = current.get((number, board))
        if now is None:
            continue
        late = LateCorrection(number, board, "", now)
        for later in (r for r in rounds if r.number > number):
            before = [e for e in entries if e.at < later.paired_at]
            was = before[-1].new if before else entries[0].old
            if _differs(was, now):
                late.later.append(later.number)
                late.was = late.was or was
        if late.later:
            found.append(late)
    return found
