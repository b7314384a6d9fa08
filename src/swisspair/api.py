"""The functions of the public API that are not one module's own: reading and writing TRF files,
pairing a round with options, checking the rounds of a tournament.

Import them from ``swisspair`` (``swisspair.pair``), never from here: this module's name may
change; ``swisspair.__all__`` is the stable API.
"""

from __future__ import annotations

from collections.abc import Iterable
from os import PathLike

from swisspair.errors import InvalidRequestError, InvalidTypeError, UnsupportedFeatureError
from swisspair.model import ForbiddenPairs, Player, Result, RoundPairing, RoundResult, Tournament

TYPE_CHECKING = False
if TYPE_CHECKING:
    from swisspair.pairing.checker import RoundCheck
    from swisspair.team_pairing import TeamPairing
    from swisspair.trf.reader import TRFReadResult


def read_trf(path: str | PathLike[str], *, strict: bool = False, lenient: bool = False) -> TRFReadResult:
    """Read the TRF file at ``path`` (TRF16, TRF26, the engines' extensions), whatever its encoding.

    The result holds the :class:`~swisspair.model.Tournament` and the located warnings about
    what pairing does not need (dates, names, the points column...).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "club.trf"
    >>> _ = path.write_text("012 Club\\nXXR 5\\n001    1      Ames                              1900\\n")
    >>> result = read_trf(path)
    >>> result.tournament.name, len(result.tournament), result.warnings
    ('Club', 1, [])

    :param strict: also refuse what FIDE's rating officer would reject (dates not in the TRF
        form, a points column that does not match the results...).
    :param lenient: collect problems in ``errors`` instead of raising on the first.
    :raises: :exc:`~swisspair.errors.TRFError` for a file that cannot be paired from (its
        subclass :exc:`~swisspair.errors.TRFFileError` when it cannot be read at all).
    """
    from swisspair.trf.reader import load

    return load(path, strict=strict, lenient=lenient)


def parse_trf(data: str | bytes, *, source: str = "<string>", strict: bool = False,
              lenient: bool = False) -> TRFReadResult:
    """Read a TRF held in memory: text, or the bytes of a file (their encoding is guessed).

    >>> text = "012 Café club\\nXXR 5\\n001    1      Ames                              1900\\n"
    >>> result = parse_trf(text.encode("cp1252"), source="club.trf")
    >>> result.tournament.name
    'Café club'
    >>> [str(w) for w in result.warnings]
    ['club.trf:1: not UTF-8; lines that are not UTF-8 read as Windows-1252 (Western, latin-1)']

    :param source: the name that locates the problems in messages.
    :raises: :exc:`~swisspair.errors.TRFError` as :func:`read_trf`;
        :exc:`~swisspair.errors.InvalidTypeError` for ``data`` that is neither text nor bytes.
    """
    from swisspair.trf.reader import decode, loads

    if not isinstance(data, (str, bytes, bytearray)):
        raise InvalidTypeError(f"parse_trf: expected the text (str) or the bytes of a TRF, got {type(data).__name__}"
                               + (": read a file with read_trf(path)" if hasattr(data, "__fspath__") else ""))
    if isinstance(data, str):
        return loads(data, source=source, strict=strict, lenient=lenient)
    text, notes = decode(bytes(data), source)
    return loads(text, source=source, strict=strict, lenient=lenient, notes=notes)


def write_trf(tournament: Tournament, path: str | PathLike[str] | None = None, *, trf26: bool = False) -> str:
    """The TRF of ``tournament`` (TRF16 with the engines' ``XX?`` records, or TRF26); also written to
    ``path`` when one is given (whole or not at all).

    >>> from swisspair import new_tournament
    >>> print(write_trf(new_tournament("Club", rounds=5, players=[("Ames", 1900)])), end="")
    012 Club
    001    1      Ames                              1900
    XXR 5
    XXC white1

    :raises: :exc:`OSError` when ``path`` cannot be written.
    """
    from swisspair.trf.writer import dumps

    text = dumps(tournament, trf26=trf26)
    if path is not None:
        from swisspair.fileio import write_atomically

        write_atomically(path, text)
    return text


def pairing_systems() -> list[str]:
    """The names of the pairing systems :func:`pair` accepts (plug-ins included).

    >>> pairing_systems()[:4]
    ['burstein', 'burstein-2026', 'double-swiss', 'dubov']
    """
    from swisspair.pairing import system_names

    return system_names()


def pair(tournament: Tournament, system: str | None = None, *, round_number: int | None = None,
         acceleration: str | None = None, forbidden: Iterable[Iterable[int]] = (),
         absent: Iterable[int] = ()) -> RoundPairing | TeamPairing:
    """Pair the next round of ``tournament`` (or ``round_number``, from the rounds before it).

    ``tournament`` is not changed: record the results with :func:`swisspair.record_round`.

    >>> from swisspair import new_tournament
    >>> t = new_tournament(rounds=5, players=["Ames", "Bell", "Cole", "Dunn", "Eyre"])
    >>> first = pair(t)
    >>> first.boards, first.bye
    ((Board(white=1, black=3), Board(white=4, black=2)), 5)
    >>> pair(t, "dutch", forbidden=[(1, 3)], absent=[5]).boards
    (Board(white=1, black=4), Board(white=3, black=2))

    A system that pairs teams (the FIDE team system, C.04.6) gives a
    :class:`~swisspair.team_pairing.TeamPairing`: the matches by team number, each with its games
    board by board (``boards`` and ``bye`` are then the teams').

    :param system: a name of :func:`pairing_systems`, an alias or a TRF ``192`` code; default the
        tournament's system, else the FIDE Dutch system (C.04.3).
    :param acceleration: ``"baku"`` for Baku acceleration (C.04.7), ``"none"`` for none;
        default: as the tournament says (its virtual points, or a ``_BAKU`` system code).
    :param forbidden: groups of pairing numbers no two of whom may meet in this round (C.04.1 art. 2).
    :param absent: pairing numbers left out of this round (a zero-point bye once recorded; in a team
        event a player left out of the line-up, a team when all its players are).
    :raises: :exc:`~swisspair.errors.InvalidRequestError` for an unknown pairing number;
        :exc:`~swisspair.errors.NoValidPairingError` when no pairing satisfies the absolute
        criteria; :exc:`~swisspair.errors.UnsupportedFeatureError` for an unknown system, or an
        acceleration the system does not take; :exc:`~swisspair.errors.RoundNumberError` for a round
        beyond the announced number (the event is finished), or without one where the system needs it.
    """
    from swisspair.pairing import find_system
    from swisspair.pairing.state import round_to_pair

    rnd = round_to_pair(tournament, round_number)
    chosen = find_system(system or tournament.system or "dutch")
    if acceleration is not None:
        chosen = chosen.with_acceleration(acceleration)
    state = tournament.truncated(rnd - 1)
    for group in forbidden:
        members = tuple(group)
        for tpn in members:
            _participant(state, tpn, "forbidden")
        state.forbidden_pairs.append(ForbiddenPairs(members, rnd, rnd))
    for tpn in absent:
        player = _participant(state, tpn, "absent")
        player.results.extend([RoundResult.bye(Result.ABSENT)] * (rnd - len(player.results)))
        player.results[rnd - 1] = RoundResult.bye(Result.ZERO_BYE)
    if state.forbidden_pairs != tournament.forbidden_pairs and chosen.shape.team_boards:
        raise UnsupportedFeatureError(f"forbidden: the {chosen.name} system pairs teams and takes no forbidden pairs")
    pairing = chosen.pair(state)
    if chosen.shape.team_boards:
        from swisspair.team_pairing import team_pairing

        return team_pairing(state, pairing)
    return pairing


def _participant(tournament: Tournament, tpn: int, option: str) -> Player:
    """The participant ``tpn`` named in ``option``."""
    player = tournament.players.get(tpn) if isinstance(tpn, int) else None
    if player is None:
        raise InvalidRequestError(f"{option}: no participant with pairing number {tpn!r} "
                                  f"(expected one of 1-{max(tournament.players, default=0)})")
    return player


def check_rounds(tournament: Tournament, system: str | None = None) -> list[RoundCheck]:
    """Re-pair every paired round of ``tournament`` from the rounds before it and compare with the
    record: the same boards, colours and bye (what the engines' ``-c`` checker does).

    >>> from swisspair import new_tournament, record_round
    >>> t = new_tournament(rounds=2, players=["Ames", "Bell", "Cole", "Dunn"])
    >>> record_round(t, pair(t), ["1-0", "0-1"])
    >>> [(check.round_number, check.ok) for check in check_rounds(t)]
    [(1, True)]

    :param system: as for :func:`pair`.
    :raises: :exc:`~swisspair.errors.UnsupportedFeatureError` for an unknown system.
    """
    from swisspair.pairing import find_system

    chosen = find_system(system or tournament.system or "dutch")
    return list(chosen.check_rounds(tournament, range(1, tournament.paired_rounds + 1)))


__all__ = ["check_rounds", "pair", "pairing_systems", "parse_trf", "read_trf", "write_trf"]
