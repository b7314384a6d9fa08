"""What FIDE's norm certificate says of a title norm achieved in an event (FIDE Title Regulations
effective from 1 January 2024, B.01 1.8: the Chief Arbiter prepares and signs the certificate of a title
result; the form is FIDE's title norm certificate).

A :class:`NormCertificate` holds the content the form asks for, as data, for whatever prints it (a PDF the
chief arbiter signs, a JSON file): the event (name, place, host federation, dates, rounds, kind, players,
arbiters, rate of play), the player, every round of the player with the opponent's name, title, FIDE ID,
federation and rating (as listed, and as counted after 1.4.6), the result and whether the game counts, and
the figures of the norm (games, score, percentage, Ra, Rp, title holders by title, opponents from the
player's and the host federation, the federations met, the opponent raised to the rating floor, the games
the norm counts for) with the requirements it meets. The check itself is :mod:`swisspair.norms`.

>>> from swisspair.model import Colour, Player, Result, RoundResult, Tournament
>>> from swisspair.norms import NormTitle, best_norm
>>> t = Tournament(name="Spring Open", rounds=9)
>>> t.headers.update({"022": ["Plovdiv"], "032": ["BUL"], "042": ["2026/04/01"], "052": ["2026/04/09"]})
>>> fields = [("GM", 2500, "GER"), ("GM", 2480, "FRA"), ("GM", 2460, "ITA"), ("IM", 2440, "ESP"),
...           ("IM", 2420, "ENG"), ("FM", 2400, "NED"), ("FM", 2380, "USA"), ("", 2360, "SWE"), ("", 2340, "NOR")]
>>> for tpn, (title, rating, fed) in enumerate(fields, start=2):
...     t.players[tpn] = Player(tpn, name=f"Opponent {tpn}", title=title, rating=rating, federation=fed)
>>> t.players[1] = Player(1, name="Candidate", rating=2450, federation="BUL",
...                       results=[RoundResult(o, Colour.WHITE, Result.WIN if o % 2 else Result.DRAW)
...                                for o in range(2, 11)])
>>> certificate = norm_certificate(t, best_norm(t, 1, NormTitle.IM))
>>> certificate.event.name, certificate.event.start, certificate.games[0].rating, certificate.average
('Spring Open', '2026/04/01', 2500, 2420)
>>> certificate.score, certificate.percent, certificate.performance, certificate.counts_as
(Fraction(13, 2), 72, 2586, 9)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from swisspair.model import Colour, Result, Tournament
from swisspair.norms import NO_FEDERATION, NORM_RESULTS, LeftOut, NormCheck, NormOptions, NormTitle, norms_report

__all__ = ["CertificateEvent", "CertificateGame", "CertificatePlayer", "NormCertificate", "norm_certificate",
           "norm_certificates"]

TITLES_LISTED = ("GM", "IM", "WGM", "WIM", "FM", "WFM")
"""The titles the certificate counts the opponents by (1.4.5)."""
GAMES_COUNTED_AT_MOST = 13
"""A norm achieved in more than 13 rounds counts as 13 games (1.7)."""


@dataclass(frozen=True, slots=True)
class CertificateEvent:
    """The event, as the certificate names it (TRF header records)."""

    name: str
    """``012``."""
    site: str
    """Place, ``022``."""
    federation: str
    """The host federation, ``032``."""
    start: str
    """Start date, ``042``, as ``YYYY/MM/DD`` when it is a date."""
    end: str
    """End date, ``052``."""
    rounds: int
    """Rounds of the event."""
    kind: str
    """``Swiss``, ``round robin`` or ``double round robin`` (n cycles: ``round robin, n cycles``)."""
    players: int
    """Players of the event."""
    federations: int
    """Federations of the players (``FID`` none)."""
    chief_arbiter: str
    """``102``."""
    deputy_arbiters: tuple[str, ...]
    """``112``, one a record."""
    rate_of_play: str
    """``122``."""


@dataclass(frozen=True, slots=True)
class CertificatePlayer:
    """The player who achieved the norm."""

    tpn: int
    name: str
    fide_id: str
    federation: str
    title: str
    """Title held (empty: none)."""
    rating: int
    """Rating at the start, 0 when unrated."""
    birth_date: str
    sex: str


@dataclass(frozen=True, slots=True)
class CertificateGame:
    """One round of the player."""

    round: int
    date: str
    """The round's date (``132``) as ``YYYY/MM/DD``, empty when not known."""
    opponent: int | None
    """The opponent's pairing number, ``None`` for a bye or an absence."""
    name: str = ""
    title: str = ""
    fide_id: str = ""
    federation: str = ""
    rating: int = 0
    """The opponent's rating on the list in force at the start (1.4.6 a), 0 when unrated."""
    rating_counted: int | None = None
    """The rating the norm counts (1.4.6 b-d: unrated 1400, the floor for the one raised); ``None`` when
    the game does not count."""
    colour: Colour = Colour.NONE
    result: Result = Result.ABSENT
    """The player's result code."""
    score: Fraction | None = None
    """The player's score in a game played over the board (1, 0.5, 0); ``None`` otherwise."""
    counted: bool = False
    """The game counts for the norm."""
    why_not: str = ""
    """Why a game played does not count: the article (``1.4.2 b``, ``1.4.1 f``, ``1.4.1 e``); a round
    without a game played over the board is not a game (1.4.2 c)."""


@dataclass(frozen=True, slots=True)
class NormCertificate:
    """The content of the norm certificate of one norm achieved (see the module documentation)."""

    title: NormTitle
    """The norm."""
    player: CertificatePlayer
    event: CertificateEvent
    games: tuple[CertificateGame, ...]
    """Every round of the event for the player, in order."""
    check: NormCheck
    """The check the norm rests on (:mod:`swisspair.norms`)."""

    @property
    def counted(self) -> tuple[CertificateGame, ...]:
        """The games the norm counts."""
        return tuple(g for g in self.games if g.counted)

    @property
    def games_played(self) -> int:
        """Games counted."""
        return self.check.games

    @property
    def score(self) -> Fraction:
        return self.check.score

    @property
    def percent(self) -> int:
        """The score as a percentage, 0.5 % up (1.4.9)."""
        return self.check.percent or 0

    @property
    def average(self) -> int:
        """Ra (1.4.7)."""
        return self.check.average or 0

    @property
    def performance(self) -> int:
        """Rp = Ra + dp (1.4.8)."""
        return self.check.performance or 0

    @property
    def counts_as(self) -> int:
        """Games the norm counts for in a title application: 9 for 8 games as 1.4.1 c allows, at most 13
        (1.7)."""
        return min(self.check.counted_games, GAMES_COUNTED_AT_MOST)

    @property
    def titles(self) -> dict[str, int]:
        """Games counted against holders of each title (GM, IM, WGM, WIM, FM, WFM)."""
        out = {title: 0 for title in TITLES_LISTED}
        for game in self.counted:
            if game.title in out:
                out[game.title] += 1
        return out

    @property
    def title_holders(self) -> int:
        """Games counted against title holders (1.4.5 a: not CM, WCM)."""
        return self.check.titled

    @property
    def norm_title_holders(self) -> int:
        """Games counted against holders of the norm's title or a higher one (1.4.5 b-e); in a double round
        robin, opponents (1.4.5 f)."""
        return self.check.distinct_holders if self.check.cycles >= 2 else self.check.holders

    @property
    def own_federation(self) -> int:
        """Games counted against players of the player's federation (1.4.4)."""
        return self.check.federations.get(self.check.own_federation, 0)

    @property
    def host_federation(self) -> int:
        """Games counted against players of the host federation."""
        host = self.event.federation.strip().upper()
        return sum(1 for g in self.counted if host and g.federation.strip().upper() == host)

    @property
    def federations(self) -> tuple[str, ...]:
        """The federations of the opponents counted (``FID`` none), in alphabetical order."""
        return tuple(sorted(self.check.federations))

    @property
    def unrated(self) -> int:
        """Unrated opponents counted as 1400 (1.4.6 d)."""
        return self.check.unrated

    @property
    def raised(self) -> tuple[int, int] | None:
        """``(from, to)`` for the opponent raised to the rating floor (1.4.6 c)."""
        return self.check.raised

    @property
    def requirements(self) -> tuple[tuple[str, str], ...]:
        """The requirements met, ``(article, figure)``, as the form lists them."""
        c, t = self.check, self.title
        holders = (("1.4.5 f", f"{c.distinct_holders} of {len(set(c.opponents))} opponents {t.value} or higher")
                   if c.cycles >= 2 else
                   (t.article, f"{c.holders} {t.value} or higher, at least {max(3, math.ceil(c.games / 3))}"))
        out = [("1.4.1", f"{c.games} games" + (f", counted as {c.counted_games}" if c.counted_games != c.games
                                                 else "")),
               ("1.4.5 a", f"{c.titled} title holders, at least {math.ceil(c.games / 2)}"), holders,
               ("1.4.7", f"Ra {self.average}"), ("1.4.8", f"Rp {self.performance}, at least {t.performance}"),
               ("1.4.8 a", f"Ra {self.average}, at least {t.average}"),
               ("1.4.8 b", f"score {self.percent} %, at least 35 %")]
        if c.foreigners_waived:
            out.insert(1, ("1.4.3", "exemption of 1.4.3 a-d: 1.4.3 and 1.4.4 not applied"))
        else:
            out.insert(1, ("1.4.3-1.4.4", f"{len([f for f in c.federations if f != c.own_federation])} federations "
                                          f"other than the player's, {self.own_federation} of "
                                          f"{c.own_federation or '-'}"))
        return tuple(out)

    @property
    def remarks(self) -> tuple[str, ...]:
        """What the certificate should explain: games left out (1.4.1 e, 1.4.1 f, 1.4.2 b), the opponent
        raised to the floor (1.4.6 c)."""
        out = []
        for game in self.games:
            if game.why_not:
                out.append(f"{game.why_not}: round {game.round} ({game.name}) not counted")
        if self.raised is not None:
            out.append(f"1.4.6 c: the lowest-rated opponent counted as {self.raised[1]} (rated {self.raised[0]})")
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        """The certificate as JSON-ready values (fractions as decimal text)."""
        from swisspair.tiebreaks.rounding import decimal_text

        def game(g: CertificateGame) -> dict[str, Any]:
            return {"round": g.round, "date": g.date, "opponent": g.opponent, "name": g.name, "title": g.title,
                    "fide_id": g.fide_id, "federation": g.federation, "rating": g.rating,
                    "rating_counted": g.rating_counted, "colour": g.colour.value, "result": g.result.value,
                    "score": decimal_text(g.score) if g.score is not None else None, "counted": g.counted,
                    "why_not": g.why_not}

        e, p = self.event, self.player
        return {
            "norm": self.title.value,
            "player": {"tpn": p.tpn, "name": p.name, "fide_id": p.fide_id, "federation": p.federation,
                       "title": p.title, "rating": p.rating, "birth_date": p.birth_date, "sex": p.sex},
            "event": {"name": e.name, "site": e.site, "federation": e.federation, "start": e.start, "end": e.end,
                      "rounds": e.rounds, "kind": e.kind, "players": e.players, "federations": e.federations,
                      "chief_arbiter": e.chief_arbiter, "deputy_arbiters": list(e.deputy_arbiters),
                      "rate_of_play": e.rate_of_play},
            "games": [game(g) for g in self.games],
            "figures": {"games": self.games_played, "counts_as": self.counts_as, "score": decimal_text(self.score),
                        "percent": self.percent, "average": self.average, "performance": self.performance,
                        "titles": self.titles, "title_holders": self.title_holders,
                        "norm_title_holders": self.norm_title_holders, "own_federation": self.own_federation,
                        "host_federation": self.host_federation, "federations": list(self.federations),
                        "unrated": self.unrated, "raised": list(self.raised) if self.raised else None},
            "requirements": [{"article": a, "figure": f} for a, f in self.requirements],
            "remarks": list(self.remarks),
        }


def _header(tournament: Tournament, code: str) -> str:
    values = tournament.headers.get(code) or [""]
    return values[0].strip()


def _date(text: str) -> str:
    """``YYYY/MM/DD`` for a date in any form the TRF reader accepts, else the text."""
    from swisspair.trf.dates import to_trf

    return to_trf(text) if text.strip() else ""


def round_dates(tournament: Tournament) -> dict[int, str]:
    """The dates of the rounds (``132``, one under each round's column, ``YY/MM/DD``) as ``YYYY/MM/DD``."""
    from swisspair.trf.dates import parse_date

    out: dict[int, str] = {}
    for value in tournament.headers.get("132", []):
        line = f"132 {value}"
        if len(line) > 91:
            cells = [line[91 + 10 * i: 91 + 10 * i + 8] for i in range((len(line) - 91 + 9) // 10)]
        else:
            cells = value.split()
        for rnd, cell in enumerate(cells, start=1):
            parsed = parse_date(cell)
            if cell.strip() and parsed is not None and parsed.year:
                out[rnd] = f"{parsed.year:04d}/{parsed.month:02d}/{parsed.day:02d}"
    return out


def _kind(options: NormOptions) -> str:
    if not options.predetermined:
        return "Swiss"
    return {1: "round robin", 2: "double round robin"}.get(options.cycles, f"round robin, {options.cycles} cycles")


def event_of(tournament: Tournament, options: NormOptions = NormOptions()) -> CertificateEvent:
    """The event as the certificate names it."""
    federations = {p.federation.strip().upper() for p in tournament} - {"", NO_FEDERATION}
    planned = options.planned_rounds if options.planned_rounds is not None else tournament.rounds
    return CertificateEvent(tournament.name, _header(tournament, "022"), _header(tournament, "032").upper(),
                            _date(_header(tournament, "042")), _date(_header(tournament, "052")),
                            planned or tournament.recorded_rounds, _kind(options), len(tournament.players),
                            len(federations), _header(tournament, "102"),
                            tuple(v.strip() for v in tournament.headers.get("112", []) if v.strip()),
                            _header(tournament, "122"))


def norm_certificate(tournament: Tournament, check: NormCheck, *, ratings: Mapping[int, int] | None = None,
                     options: NormOptions = NormOptions()) -> NormCertificate:
    """The certificate of the norm ``check`` (achieved; see :func:`swisspair.norms.best_norm`).

    :param ratings: the ratings the check used (default: the players' ``rating``).
    :param options: the options the check used (the kind of event, the rounds).
    :raises: :exc:`ValueError` when the check is not a norm achieved.
    """
    if not check.achieved:
        raise ValueError(f"no {check.title.value} norm: {'; '.join(check.failures)}")
    player = tournament.players[check.tpn]
    rating_of = ratings if ratings is not None else {p.tpn: p.rating for p in tournament}
    dates = round_dates(tournament)
    counted = dict(zip(check.rounds, check.ratings))
    left_out = dict(check.left_out)
    games = []
    for rnd in range(1, tournament.recorded_rounds + 1):
        rec = player.result(rnd)
        if rec.opponent is None:
            games.append(CertificateGame(rnd, dates.get(rnd, ""), None, result=rec.result))
            continue
        o = tournament.players[rec.opponent]
        why = left_out.get(rnd)
        games.append(CertificateGame(
            rnd, dates.get(rnd, ""), o.tpn, o.name, o.title.strip().upper(), o.fide_id.strip(),
            o.federation.strip().upper(), rating_of.get(o.tpn, 0), counted.get(rnd), rec.colour, rec.result,
            NORM_RESULTS.get(rec.result), rnd in counted, why.value if isinstance(why, LeftOut) else ""))
    person = CertificatePlayer(player.tpn, player.name, player.fide_id.strip(), player.federation.strip().upper(),
                               player.title.strip().upper(), rating_of.get(player.tpn, 0), player.birth_date.strip(),
                               player.sex.strip())
    return NormCertificate(check.title, person, event_of(tournament, options), tuple(games), check)


def norm_certificates(tournament: Tournament, *, ratings: Mapping[int, int] | None = None,
                      options: NormOptions = NormOptions()) -> list[NormCertificate]:
    """The certificate of every norm achieved in ``tournament`` (:func:`swisspair.norms.norms_report`), in
    pairing-number order, the higher title first."""
    out = []
    for line in norms_report(tournament, ratings=ratings, options=options):
        for check in line.achieved:
            out.append(norm_certificate(tournament, check, ratings=ratings, options=options))
    return out

