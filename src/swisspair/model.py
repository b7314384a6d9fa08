"""The tournament model: participants, rounds, results and scoring.

Everything else in swisspair reads or produces these objects: the TRF reader
builds a :class:`Tournament`, the pairing engines read it and return pairings,
the tie-break code reads it to compute standings.

Scores are exact: :class:`fractions.Fraction`, never ``float``; the points fields hold what they are given
until they are read, a number the TRF reader gives as two integers included (:mod:`swisspair.exact`).
"""

from __future__ import annotations

from swisspair.enumeration import Enumeration
from swisspair.exact import Exact, exact_sum, held, hold, in_units, scale_of
from swisspair.valueclass import field, replace, valueclass

TYPE_CHECKING = False
if TYPE_CHECKING:  # team events only: the module is imported by the code that reads or pairs teams
    from collections.abc import Iterable, Iterator
    from fractions import Fraction

    from swisspair.exact import HeldFraction
    from swisspair.teams import MatchPoints, TeamEntry, TeamForfeit, TeamLineup, TeamPab


class Colour(Enumeration):
    """The piece colour of a participant in one round (TRF column 97)."""

    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    @property
    def opposite(self) -> Colour:
        """White for Black, Black for White, none for none."""
        if self is Colour.WHITE:
            return Colour.BLACK
        if self is Colour.BLACK:
            return Colour.WHITE
        return Colour.NONE

    def __repr__(self) -> str:
        return f"Colour.{self.name}"


class Outcome(Enumeration):
    """What a result means for the participant's score."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class Result(Enumeration):
    """A TRF result code (TRF16/TRF26 ``001`` record, column 99 + 10(r-1)).

    See the FIDE TRF16 specification (result codes) and C.04.2 (2026) art. 3.
    """

    WIN = "1"
    """Win over the board."""
    DRAW = "="
    """Draw over the board."""
    LOSS = "0"
    """Loss over the board."""
    WIN_UNRATED = "W"
    """Win, but the game lasted less than one move (played, not rated)."""
    DRAW_UNRATED = "D"
    """Draw, but the game lasted less than one move."""
    LOSS_UNRATED = "L"
    """Loss, but the game lasted less than one move."""
    FORFEIT_WIN = "+"
    """Forfeit win: paired, the opponent did not appear."""
    FORFEIT_LOSS = "-"
    """Forfeit loss (both ``-``: double forfeit)."""
    HALF_BYE = "H"
    """Requested half-point bye."""
    FULL_BYE = "F"
    """Requested full-point bye (FIDE-deprecated)."""
    PAB = "U"
    """Pairing-allocated bye (C.04.1 art. 3)."""
    ZERO_BYE = "Z"
    """Zero-point bye: a known absence, or a round after a withdrawal."""
    ABSENT = " "
    """Blank result: not paired, no points (same scoring as ``Z``)."""

    @property
    def is_played(self) -> bool:
        """A game was played over the board (it counts as a meeting, GHR 3.5)."""
        return self in _PLAYED

    @property
    def is_forfeit(self) -> bool:
        """A scheduled game that was not played (``+`` or ``-``)."""
        return self is Result.FORFEIT_WIN or self is Result.FORFEIT_LOSS

    @property
    def is_bye(self) -> bool:
        """No opponent: a PAB, a requested bye or an absence."""
        return self in _BYES

    @property
    def paired(self) -> bool:
        """The participant took part in the pairing of the round (game, forfeit or PAB)."""
        return self not in _NOT_PAIRED

    @property
    def outcome(self) -> Outcome:
        """Win, draw or loss, as far as the score goes."""
        return _OUTCOMES[self]

    @property
    def symbol(self) -> str:
        """The participant's own result as lists and crosstables print it: ``1``, ``½``, ``0`` for a game
        (also one shorter than one move), ``+`` / ``−`` for a forfeit won / lost, the letter of a bye
        (``U``, ``H``, ``F``, ``Z``), empty for no record.

        >>> [r.symbol for r in (Result.DRAW, Result.LOSS_UNRATED, Result.FORFEIT_LOSS, Result.ZERO_BYE)]
        ['½', '0', '−', 'Z']
        """
        return _SYMBOLS[self]

    def __repr__(self) -> str:
        return f"Result.{self.name}"


_SYMBOLS = {
    Result.WIN: "1", Result.DRAW: "½", Result.LOSS: "0", Result.WIN_UNRATED: "1", Result.DRAW_UNRATED: "½",
    Result.LOSS_UNRATED: "0", Result.FORFEIT_WIN: "+", Result.FORFEIT_LOSS: "−", Result.HALF_BYE: "H",
    Result.FULL_BYE: "F", Result.PAB: "U", Result.ZERO_BYE: "Z", Result.ABSENT: "",
}
_PLAYED = frozenset(
    {Result.WIN, Result.DRAW, Result.LOSS, Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.LOSS_UNRATED}
)
_BYES = frozenset({Result.HALF_BYE, Result.FULL_BYE, Result.PAB, Result.ZERO_BYE, Result.ABSENT})
_NOT_PAIRED = _BYES - {Result.PAB}
_OUTCOMES = {
    Result.WIN: Outcome.WIN,
    Result.WIN_UNRATED: Outcome.WIN,
    Result.FORFEIT_WIN: Outcome.WIN,
    Result.FULL_BYE: Outcome.WIN,
    Result.PAB: Outcome.WIN,
    Result.DRAW: Outcome.DRAW,
    Result.DRAW_UNRATED: Outcome.DRAW,
    Result.HALF_BYE: Outcome.DRAW,
    Result.LOSS: Outcome.LOSS,
    Result.LOSS_UNRATED: Outcome.LOSS,
    Result.FORFEIT_LOSS: Outcome.LOSS,
    Result.ZERO_BYE: Outcome.LOSS,
    Result.ABSENT: Outcome.LOSS,
}


@valueclass(frozen=True)
class Scoring:
    """Points for every kind of result (TRF26 ``162``, JaVaFo ``XXS``, bbp ``BB?``).

    The defaults are FIDE's: 1, 1/2, 0, and a pairing-allocated bye worth a win
    (C.04.1 art. 3). All PABs of a tournament have the same value (2026 text).

    The signature shows the defaults as ``1``, ``1/2`` and ``0``: they are held as two integers
    (:mod:`swisspair.exact`) and read as Fractions.

    >>> Scoring().draw
    Fraction(1, 2)
    """

    win: Fraction = held(Exact(1))
    """Win over the board with White (XXS ``WW``)."""
    draw: Fraction = held(Exact(1, 2))
    """Draw over the board with White (XXS ``WD``)."""
    loss: Fraction = held(Exact(0))
    """Loss over the board with White (XXS ``WL``)."""
    black_win: Fraction | None = None
    """Win with Black (XXS ``BW``); ``None``: same as :attr:`win`."""
    black_draw: Fraction | None = None
    """Draw with Black (XXS ``BD``); ``None``: same as :attr:`draw`."""
    black_loss: Fraction | None = None
    """Loss with Black (XXS ``BL``); ``None``: same as :attr:`loss`."""
    forfeit_win: Fraction | None = None
    """Forfeit win (XXS ``FW``); ``None``: same as :attr:`win`."""
    forfeit_loss: Fraction | None = None
    """Forfeit loss (XXS ``FL``, bbp ``BBF``); ``None``: same as :attr:`zero_bye`."""
    full_bye: Fraction | None = None
    """Requested full-point bye (XXS ``FPB``); ``None``: same as :attr:`win`."""
    half_bye: Fraction | None = None
    """Requested half-point bye (XXS ``HPB``); ``None``: same as :attr:`draw`."""
    zero_bye: Fraction = held(Exact(0))
    """Zero-point bye or absence (XXS ``ZPB``, bbp ``BBZ``)."""
    pab: Fraction | None = None
    """Pairing-allocated bye (XXS ``PAB``, TRF26 ``162 P``); ``None``: same as :attr:`win`."""

    def points(self, result: Result, colour: Colour = Colour.WHITE) -> Fraction:
        """Points scored with ``result`` (``colour`` matters only for played games)."""
        field, value = _held(self, result, colour)  # read once as held: the hot path of the standings
        if isinstance(value, Exact):
            made: Fraction = field.__get__(self)  # made a Fraction and kept
            return made
        return value

    @property
    def pab_points(self) -> Fraction:
        """The value of a pairing-allocated bye."""
        return self.points(Result.PAB)

    @property
    def is_default(self) -> bool:
        """True for FIDE's 1 / 1/2 / 0 with a win-valued PAB."""
        return self == Scoring()


SCORING_FALLBACKS = {
    "black_win": "win", "black_draw": "draw", "black_loss": "loss", "forfeit_win": "win",
    "forfeit_loss": "zero_bye", "full_bye": "win", "half_bye": "draw", "pab": "win",
}
"""The optional fields of :class:`Scoring` and the field each one is the same as when left ``None``."""
_OWN_FIELDS = {Outcome.WIN: ("win", "black_win"), Outcome.DRAW: ("draw", "black_draw"),
               Outcome.LOSS: ("loss", "black_loss")}
_UNPLAYED_FIELDS = {Result.FORFEIT_WIN: "forfeit_win", Result.FORFEIT_LOSS: "forfeit_loss", Result.PAB: "pab",
                    Result.FULL_BYE: "full_bye", Result.HALF_BYE: "half_bye"}


def _scoring_fields() -> dict[tuple[Result, bool], tuple[HeldFraction, HeldFraction]]:
    """For each result code, with Black or not: the :class:`Scoring` field of its points and the field used
    when that one is ``None`` (each held, :mod:`swisspair.exact`). A played game counts by its outcome and
    colour; anything else by its code, whatever the colour, and a zero-point bye or an absence by
    :attr:`Scoring.zero_bye`."""
    table = {}
    for result in Result:
        owns = _OWN_FIELDS[result.outcome] if result.is_played else (_UNPLAYED_FIELDS.get(result, "zero_bye"),) * 2
        for black, own in zip((False, True), owns):
            table[result, black] = (own, SCORING_FALLBACKS.get(own, own))
    return {key: (Scoring.__dict__[own], Scoring.__dict__[otherwise]) for key, (own, otherwise) in table.items()}


hold(Scoring, *Scoring.__match_args__)
_SCORING_FIELDS = _scoring_fields()


def held_points(scoring: Scoring, result: Result, colour: Colour = Colour.WHITE) -> Exact | Fraction:
    """:meth:`Scoring.points` as ``scoring`` holds them (:mod:`swisspair.exact`): numerator and denominator
    without making a Fraction (:func:`points_in_units` gives them all, in one unit)."""
    return _held(scoring, result, colour)[1]


def points_in_units(scoring: Scoring,
                    extra: Iterable[Exact | Fraction] = ()) -> tuple[int, dict[tuple[Result, Colour], int]]:
    """What each result code scores with each colour under ``scoring``, in whole units: the unit is ``1 / scale``,
    ``scale`` the least common denominator of these points and of ``extra`` (virtual points), returned with the
    table (:mod:`swisspair.exact`: integer sums and comparisons in it are exactly the rational ones)."""
    held = {key: _read(scoring, *fields)[1] for key, fields in _SCORING_FIELDS.items()}  # by result, Black or not
    scale = scale_of([*held.values(), *extra])
    units = {key: in_units(value, scale) for key, value in held.items()}
    colours = [(colour, colour is Colour.BLACK) for colour in Colour]
    return scale, {(result, colour): units[result, black] for result in Result for colour, black in colours}


def _held(scoring: Scoring, result: Result, colour: Colour) -> tuple[HeldFraction, Exact | Fraction]:
    """The field that gives the points of ``result`` with ``colour`` (its own, or the one it stands in for when
    left ``None``: TRF26 ``162``, XXS) and its value as held."""
    return _read(scoring, *_SCORING_FIELDS[result, colour is Colour.BLACK])


def _read(scoring: Scoring, field: HeldFraction, otherwise: HeldFraction) -> tuple[HeldFraction, Exact | Fraction]:
    """``field`` and its value as ``scoring`` holds it, or ``otherwise`` and its value when ``field`` is ``None``."""
    value = field.held(scoring)
    if value is None:
        field = otherwise
        value = field.held(scoring)
        assert value is not None  # the fields that others stand in for are never None
    return field, value


@valueclass(frozen=True)
class RoundResult:
    """What one participant did in one round."""

    opponent: int | None
    """TPN of the scheduled opponent, ``None`` for a bye or an absence."""
    colour: Colour
    """Colour as recorded (for forfeits the scheduled colour, which counts for nothing)."""
    result: Result
    """The TRF result code."""

    @property
    def played(self) -> bool:
        """A game was played over the board (GHR 3.4/3.5)."""
        return self.result.is_played and self.opponent is not None

    @classmethod
    def bye(cls, result: Result) -> RoundResult:
        """A round without an opponent (PAB, requested bye, absence)."""
        return cls(None, Colour.NONE, result)


ABSENT = RoundResult(None, Colour.NONE, Result.ABSENT)
"""The entry of a round in which a participant has no record at all."""


@valueclass(frozen=True)
class BoardResult:
    """The result of one board, from both sides: White's TRF result code and Black's.

    Its text forms: :attr:`code` (the two TRF characters, ``10``, ``==``, ``+-``), :attr:`label`
    (``1-0``, ``½-½``, ``+ / −``), and what an arbiter may type for it (:meth:`parse`).

    >>> BoardResult.parse("1/2")
    BoardResult.from_code('==')
    >>> BoardResult.from_code("+-").label
    '+ / −'
    """

    white: Result
    """White's result."""
    black: Result
    """Black's result."""

    @classmethod
    def from_code(cls, code: str) -> BoardResult:
        """The board result written ``code`` (White's TRF character, then Black's: ``10``, ``-+``).

        :raises: :exc:`ValueError` for a code that is not a board result (:data:`BOARD_RESULTS`).
        """
        found = _BOARD_CODES.get(code)
        if found is None:
            raise ValueError(f"not a board result: {code!r}")
        return found

    @classmethod
    def parse(cls, text: str) -> BoardResult | None:
        """What an arbiter typed: a code, a label, or a shorthand (``1``, ``0``, ``=``, ``1/2``, ``½``, ``d``,
        ``+``, ``-``, ``wl``...), White's side first; ``None`` for no result (empty, ``x``).

        :raises: :exc:`ValueError` for anything else.
        """
        key = text.strip().lower().replace(" ", "")
        if key in ("", "x"):
            return None
        code = _SHORTHANDS.get(key, text.strip())
        if code not in _BOARD_CODES:
            raise ValueError(f"not a board result: {text!r}")
        return _BOARD_CODES[code]

    @property
    def code(self) -> str:
        """White's TRF result character, then Black's (``10``, ``==``, ``+-``, ``WL``)."""
        return self.white.value + self.black.value

    @property
    def label(self) -> str:
        """As printed on pairing lists and result slips (``1-0``, ``½-½``, ``− / +``, ``0-1 (unrated)``)."""
        return _LABELS[self.code]

    @property
    def played(self) -> bool:
        """A game was played over the board (not a forfeit)."""
        return self.white.is_played

    def points(self, scoring: Scoring) -> tuple[Fraction, Fraction]:
        """White's and Black's points under ``scoring``."""
        return scoring.points(self.white, Colour.WHITE), scoring.points(self.black, Colour.BLACK)

    def __repr__(self) -> str:
        return f"BoardResult.from_code({self.code!r})"


_LABELS = {
    "10": "1-0", "==": "½-½", "01": "0-1", "+-": "+ / −", "-+": "− / +", "--": "− / −", "00": "0-0",
    "WL": "1-0 (unrated)", "DD": "½-½ (unrated)", "LW": "0-1 (unrated)",
}
BOARD_RESULTS: tuple[BoardResult, ...] = tuple(BoardResult(Result(code[0]), Result(code[1])) for code in _LABELS)
"""Every result a board can have, in the order a result form lists them: games, forfeits, a double
loss (``00``: both players lost, e.g. both flags fell), games shorter than one move (unrated)."""
_BOARD_CODES = {result.code: result for result in BOARD_RESULTS}
_SHORTHANDS = {
    "1": "10", "1-0": "10", "0": "01", "0-1": "01", "=": "==", "5": "==", "½": "==", "d": "==", "r": "==",
    "1/2": "==", "+": "+-", "-": "-+", "0-0": "00", "wl": "WL", "dd": "DD", "lw": "LW",
    **{code.lower(): code for code in _LABELS},
}
"""What may be typed for a code, White's side first (lower case, without spaces)."""


@valueclass
class Player:
    """A participant, identified by the tournament pairing number (TPN, GHR art. 2)."""

    tpn: int
    """Tournament pairing number (TRF ``001`` columns 5-8)."""
    name: str = ""
    """"Lastname, Firstname"."""
    sex: str = ""
    """``m``, ``w`` or empty."""
    title: str = ""
    """FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM) or empty."""
    rating: int = 0
    """FIDE rating, 0 when unrated."""
    federation: str = ""
    """Three-letter federation code."""
    fide_id: str = ""
    """FIDE identifier (kept as text: the file may pad it)."""
    birth_date: str = ""
    """Birth date as written (``YYYY/MM/DD`` in TRF16/26)."""
    points: Fraction | None = None
    """Points as written in the file (columns 81-84), ``None`` if blank."""
    rank: int | None = None
    """Rank as written in the file (columns 86-89), ``None`` if blank."""
    results: list[RoundResult] = field(default_factory=list)
    """One entry per round, round 1 first; missing trailing rounds are implied absent."""
    club: str = ""
    """Club or team name (not part of the ``001`` record)."""

    def result(self, round_number: int) -> RoundResult:
        """The entry for 1-based ``round_number`` (absent if not recorded)."""
        if 1 <= round_number <= len(self.results):
            return self.results[round_number - 1]
        return ABSENT

    def __repr__(self) -> str:
        return f"Player(tpn={self.tpn!r}, name={self.name!r}, rating={self.rating!r})"


hold(Player, "points")


@valueclass(frozen=True)
class ForbiddenPairs:
    """Participants who must not meet each other (TRF26 ``260``, ``XXP``)."""

    players: tuple[int, ...]
    """TPNs of the group; no two of them may be paired."""
    first_round: int | None = None
    """First round concerned, ``None``: from the start."""
    last_round: int | None = None
    """Last round concerned, ``None``: to the end."""

    def applies_to(self, round_number: int) -> bool:
        """Whether the restriction holds when pairing ``round_number``."""
        if self.first_round is not None and round_number < self.first_round:
            return False
        return self.last_round is None or round_number <= self.last_round


@valueclass
class Tournament:
    """A Swiss (or round-robin) tournament: its participants and their rounds."""

    players: dict[int, Player] = field(default_factory=dict)
    """Participants by TPN."""
    name: str = ""
    """Tournament name (TRF ``012``)."""
    rounds: int | None = None
    """Planned number of rounds (``142`` / ``XXR``, C.04.1 art. 1)."""
    initial_colour: Colour | None = None
    """Colour drawn for the first player of round 1 (``152`` / ``XXC``, C.04.3 art. 5.1)."""
    scoring: Scoring = field(default_factory=Scoring)
    """Points per result kind."""
    system: str | None = None
    """Pairing system code as written (``192``, or ``092`` when it holds a code)."""
    forbidden_pairs: list[ForbiddenPairs] = field(default_factory=list)
    """Pairs that may not meet (``260`` / ``XXP``)."""
    accelerations: dict[int, dict[int, Fraction]] = field(default_factory=dict)
    """Virtual points by TPN, then by round (``XXA`` / ``250``, C.04.7)."""
    headers: dict[str, list[str]] = field(default_factory=dict)
    """Other header records by code, values as written (``022`` city, ``042`` start date...)."""
    extra_lines: list[str] = field(default_factory=list)
    """Lines of unknown records, kept verbatim so that writing loses nothing."""
    teams: tuple[TeamEntry, ...] = ()
    """Teams and their rosters in a team competition (``310``, else ``013``; numbering in
    :mod:`swisspair.teams`)."""
    match_points: MatchPoints | None = None
    """Match points of a team match (``362``); ``None`` when not given (2/1/0 then apply)."""
    board_colours: str = ""
    """Board colour sequence of a team match for the team with White (``352``, e.g. ``WBWB``)."""
    team_lineups: tuple[TeamLineup, ...] = ()
    """Teams playing out of their board order in a round (``300``)."""
    team_pabs: tuple[TeamPab, ...] = ()
    """Team pairing-allocated byes and their value (``320``)."""
    team_forfeits: tuple[TeamForfeit, ...] = ()
    """Team matches forfeited as a whole (``330``)."""
    rank_order: list[int] | None = None
    """The pairing order when it is not the TPN order: ``XXC rank`` (JaVaFo, bbpPairings; lichess
    writes it) ranks the participants in the order of their ``001`` lines."""

    def pairing_order(self) -> list[int]:
        """The TPNs from the highest ranked down (C.04.2 art. 2: the initial ranking)."""
        if self.rank_order is None:
            return sorted(self.players)
        listed = [tpn for tpn in self.rank_order if tpn in self.players]
        return listed + sorted(set(self.players) - set(listed))

    def __iter__(self) -> Iterator[Player]:
        return iter(self.players[tpn] for tpn in sorted(self.players))

    def __len__(self) -> int:
        return len(self.players)

    def player(self, tpn: int) -> Player:
        """The participant with pairing number ``tpn``.

        :raises: :exc:`KeyError` if there is none.
        """
        return self.players[tpn]

    @property
    def recorded_rounds(self) -> int:
        """The number of round columns any participant has."""
        return max((len(p.results) for p in self.players.values()), default=0)

    @property
    def paired_rounds(self) -> int:
        """The last round in which somebody was paired (game, forfeit or PAB).

        Requested byes and absences entered for the next round do not count:
        that round is still to be paired.
        """
        last = 0
        for player in self.players.values():
            results = player.results
            for index in range(len(results), last, -1):  # from the end: only a later round can raise it
                if results[index - 1].result.paired:
                    last = index
                    break
        return last

    def score(self, tpn: int, after_round: int | None = None) -> Fraction:
        """Points of ``tpn`` after ``after_round`` rounds (default: all recorded)."""
        player = self.players[tpn]
        rounds = player.results if after_round is None else player.results[:after_round]
        return exact_sum(self.scoring.points(r.result, r.colour) for r in rounds)

    def colour_history(self, tpn: int, before_round: int | None = None) -> list[Colour]:
        """Colours of played games only, in order (GHR 3.4: unplayed rounds are skipped)."""
        player = self.players[tpn]
        rounds = player.results if before_round is None else player.results[: before_round - 1]
        return [r.colour for r in rounds if r.played]

    def opponents(self, tpn: int, before_round: int | None = None) -> list[int]:
        """Opponents actually met over the board (forfeits are not meetings, GHR 3.5)."""
        player = self.players[tpn]
        rounds = player.results if before_round is None else player.results[: before_round - 1]
        return [r.opponent for r in rounds if r.played and r.opponent is not None]

    def truncated(self, rounds: int, keep_absences: bool = True) -> Tournament:
        """A copy with only the first ``rounds`` rounds.

        With ``keep_absences``, the requested byes and absences (``H``, ``F``,
        ``Z``, blank) of round ``rounds + 1`` are kept: the state in which that
        round is paired: what a pairing program is given to pair it.
        """
        copy = replace(  # every field as it is; the mutable ones copied
            self,
            players={},
            forbidden_pairs=list(self.forbidden_pairs),
            accelerations={k: dict(v) for k, v in self.accelerations.items()},
            headers={k: list(v) for k, v in self.headers.items()},
            extra_lines=list(self.extra_lines),
            rank_order=None if self.rank_order is None else list(self.rank_order),
        )
        for tpn, player in self.players.items():
            results = list(player.results[:rounds])
            nxt = player.result(rounds + 1)
            if keep_absences and nxt.result in (Result.HALF_BYE, Result.FULL_BYE, Result.ZERO_BYE):
                results.extend([ABSENT] * (rounds - len(results)))
                results.append(nxt)
            copy.players[tpn] = replace(player, points=None, rank=None, results=results)
        return copy


@valueclass(frozen=True)
class Board:
    """One pairing of a round: White against Black, by TPN."""

    white: int
    black: int


@valueclass(frozen=True)
class RoundPairing:
    """The output of a pairing engine for one round."""

    round_number: int
    """The round that was paired."""
    boards: tuple[Board, ...]
    """Boards in publication order (GHR 3.6)."""
    bye: int | None = None
    """TPN of the participant who gets the pairing-allocated bye."""
    explanation: tuple[str, ...] = ()
    """Human-readable notes on how the pairing was reached (``--explain``)."""

    def engine_lines(self) -> list[str]:
        """The JaVaFo/bbpPairings output: pair count, ``W B`` lines, ``N 0`` for the PAB."""
        lines = [str(len(self.boards) + (self.bye is not None))]
        lines += [f"{b.white} {b.black}" for b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return lines
