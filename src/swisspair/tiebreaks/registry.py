"""The tie-break registry: each acronym, its article and where its code lives.

:data:`TIEBREAKS` maps each acronym to a :class:`TieBreakSpec` holding the dotted path of its
function, imported lazily (as the pairing registry does). Third-party tie-breaks register through
the entry-point group ``swisspair.tiebreaks``: each entry point is a :class:`TieBreakSpec`.
A new tie-break is one new module plus one line of :data:`_BUILTIN`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from swisspair.errors import InvalidTieBreakError


@dataclass(frozen=True, slots=True)
class TieBreakSpec:
    """A registered tie-break: what it is and where its code lives."""

    acronym: str
    """The FIDE acronym (``BH``) or the name of a non-FIDE method (``JAHR``)."""
    name: str
    """Full name."""
    article: str
    """Where it is defined ("FIDE C.07 (2026) 8.1")."""
    path: str
    """``module:function`` of its code, imported on first use."""
    kind: Literal["value", "group"] = "value"
    """Value tie-break or group (type A) tie-break."""
    modifiers: str = ""
    """The modifier letters it takes (C, M, L, K, U, G, P, F, R, E, O)."""
    descending: bool = True
    """Higher values rank first (``False`` for TPN, BC, ...)."""
    needs_ratings: bool = False
    """Rating-based (C.07 (2026) art. 10): dropped when participants are unrated."""
    team: bool = False
    """Meant for team competitions (arts. 11-13)."""
    by_edition: bool = False
    """Its value depends on the edition (unplayed rounds, cuts); others are shared between editions."""
    aliases: tuple[str, ...] = ()
    """Other names accepted (``GE`` for ``REP``, ``SNO`` for ``TPN``)."""

    def load(self) -> Callable[..., Any]:
        """Import and return the function (looked up once: a group tie-break is loaded for every tied group)."""
        function = _LOADED.get(self.path)
        if function is None:
            module_name, _, attr = self.path.partition(":")
            function = _LOADED[self.path] = getattr(importlib.import_module(module_name), attr)
        return function


_LOADED: dict[str, Callable[..., Any]] = {}


def _s(acronym: str, name: str, article: str, path: str, **kw: Any) -> TieBreakSpec:
    return TieBreakSpec(acronym, name, article, "swisspair.tiebreaks." + path, **kw)


_C07 = "FIDE C.07 (2026)"
_BUILTIN: tuple[TieBreakSpec, ...] = (
    _s("PTS", "Points", "C.07 (2026) 11.1", "own:points"),
    _s("MP", "Match points", f"{_C07} 11.1", "own:match_points", team=True),
    _s("GP", "Game points", f"{_C07} 11.1", "own:game_points", team=True),
    _s("MPVGP", "Match points vs game points", f"{_C07} 13.1", "own:mp_v_gp", team=True),
    _s("DE", "Direct encounter", f"{_C07} 6", "direct:direct_encounter", kind="group", modifiers="P",
       descending=False),
    _s("DE1", "Direct encounter for first place only", "FIDE Dutch system, 1992 rules, F 10",
       "direct:direct_encounter_first", kind="group", modifiers="P", descending=False),
    _s("WIN", "Number of wins", f"{_C07} 7.1", "own:wins"),
    _s("WON", "Number of games won", f"{_C07} 7.2", "own:games_won"),
    _s("BPG", "Games played with Black", f"{_C07} 7.3", "own:black_games"),
    _s("BWG", "Games won with Black", f"{_C07} 7.4", "own:black_wins"),
    _s("PS", "Progressive scores", f"{_C07} 7.5; FIDE Swiss rules 1987-89 art. 16b", "progressive:progressive",
       modifiers="C"),
    _s("REP", "Rounds one elected to play", f"{_C07} 7.6", "own:rounds_elected", aliases=("GE",)),
    _s("STD", "Standard points", f"{_C07} 7.7", "own:standard_points"),
    _s("TPN", "Tournament pairing number", f"{_C07} 7.8", "own:pairing_number", modifiers="R",
       descending=False, aliases=("SNO",)),
    _s("BH", "Buchholz", f"{_C07} 8.1", "buchholz:buchholz", modifiers="CMP", by_edition=True),
    _s("AOB", "Average of opponents' Buchholz", f"{_C07} 8.2", "buchholz:average_of_buchholz",
       modifiers="FEP", by_edition=True),
    _s("FB", "Fore Buchholz", f"{_C07} 8.3", "buchholz:fore_buchholz", modifiers="CMP", by_edition=True),
    _s("SB", "Sonneborn-Berger", f"{_C07} 9.1", "sonneborn:sonneborn_berger", modifiers="CMP", by_edition=True),
    _s("KS", "Koya system", f"{_C07} 9.2; FIDE C.02 (2009) 13.6.2 (extended)", "sonneborn:koya", modifiers="LO"),
    _s("ARO", "Average rating of opponents", f"{_C07} 10.1", "ratings:average_rating", modifiers="CMUGE",
       needs_ratings=True, by_edition=True),
    _s("TPR", "Tournament performance rating", f"{_C07} 10.2", "ratings:performance", modifiers="U",
       needs_ratings=True),
    _s("PTP", "Perfect tournament performance", f"{_C07} 10.3", "ratings:perfect_performance",
       modifiers="U", needs_ratings=True),
    _s("APRO", "Average performance rating of opponents", f"{_C07} 10.4",
       "ratings:average_performance", modifiers="UE", needs_ratings=True),
    _s("APPO", "Average perfect performance of opponents", f"{_C07} 10.5",
       "ratings:average_perfect_performance", modifiers="UE", needs_ratings=True),
    _s("RTNG", "Rating", f"{_C07} 10.6", "ratings:rating", modifiers="RU", needs_ratings=True,
       aliases=("RTG",)),
    _s("SRO", "Sum of opponents' ratings", "FIDE Swiss rules 1987-89 art. 16a", "ratings:sum_of_ratings",
       modifiers="CU", needs_ratings=True),
    _s("JAHR", "10 % of the opponent's points (Jahr)", "U. Jahr, Szachy 3/1981", "jahr:jahr",
       modifiers="E"),
    _s("BC", "Board count", f"{_C07} 12.1", "team:board_count", descending=False, team=True),
    _s("TBR", "Top board results", f"{_C07} 12.2", "team:top_board", kind="group", team=True,
       descending=False),
    _s("BBE", "Bottom board elimination", f"{_C07} 12.3", "team:bottom_board", kind="group", team=True,
       descending=False),
    *(_s(acronym, name, f"{_C07} 13.2", "sonneborn:extended_sonneborn_berger", modifiers="CMP", team=True,
         by_edition=True)
      for acronym, name in (("ESB", "Extended Sonneborn-Berger"), ("EMMSB", "Extended Sonneborn-Berger (MP x MP)"),
                            ("EMGSB", "Extended Sonneborn-Berger (MP x GP)"),
                            ("EGMSB", "Extended Sonneborn-Berger (GP x MP)"),
                            ("EGGSB", "Extended Sonneborn-Berger (GP x GP)"))),
    *(_s(acronym, name, f"{_C07} 13.3", "team:extended_direct_encounter", kind="group", modifiers="P",
         descending=False, team=True)
      for acronym, name in (("EDE", "Extended direct encounter"), ("EDEBT", "EDE, then BC, then TBR"),
                            ("EDEBB", "EDE, then BC, then BBE"), ("EDET", "EDE, then TBR"),
                            ("EDEB", "EDE, then BBE"))),
    _s("SSSC", "Score and schedule strength combination", f"{_C07} 13.4", "team:sssc", modifiers="KFPE",
       team=True, by_edition=True),
    _s("SD", "Score difference", "Swiss for any sport (3-1-0, score difference), rule 6", "sports:score_difference"),
    _s("SF", "Scores for", "Swiss for any sport (3-1-0, score difference), rule 6", "sports:scores_for"),
    _s("SD2", "Second score difference", "Swiss for any sport (3-1-0, score difference), rule 6", "sports:second_difference"),
    _s("SF2", "Second scores for", "Swiss for any sport (3-1-0, score difference), rule 6", "sports:second_for"),
)

TIEBREAKS: dict[str, TieBreakSpec] = {spec.acronym: spec for spec in _BUILTIN}
"""The registry: acronym -> specification (built-ins plus entry-point plugins)."""

TIEBREAK_CODES: tuple[str, ...] = tuple(sorted(spec.acronym for spec in _BUILTIN))
"""The codes of the built-in tie-breaks, in alphabetical order (``ARO``, ``BBE``, ``BC``, ``BH``...): what a
descriptor may name, with its modifiers (``BH/C1``); ``swisspair standings --list`` says what each is."""

_ALIASES: dict[str, str] = {alias: spec.acronym for spec in _BUILTIN for alias in spec.aliases}
_plugins_loaded = False


def register(spec: TieBreakSpec) -> None:
    """Add (or replace) a tie-break in the registry."""
    TIEBREAKS[spec.acronym.upper()] = spec
    for alias in spec.aliases:
        _ALIASES[alias.upper()] = spec.acronym.upper()


def _load_plugins() -> None:
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    from importlib.metadata import entry_points

    for ep in entry_points(group="swisspair.tiebreaks"):
        spec = ep.load()
        if isinstance(spec, TieBreakSpec):
            register(spec)


def find_tiebreak(name: str) -> TieBreakSpec:
    """The specification for acronym ``name`` (case-insensitive; aliases allowed).

    >>> find_tiebreak("ge").acronym
    'REP'

    :raises: :exc:`InvalidTieBreakError` for an unknown name.
    """
    key = name.strip().upper()
    key = _ALIASES.get(key, key)
    spec = TIEBREAKS.get(key)
    if spec is None:
        _load_plugins()
        key = _ALIASES.get(key, key)
        spec = TIEBREAKS.get(key)
    if spec is None:
        raise InvalidTieBreakError(f"unknown tie-break {name!r}: expected one of {', '.join(sorted(TIEBREAKS))} "
                                   "(swisspair standings --list)")
    return spec
