"""The content of FIDE's norm certificate for a norm achieved in a round robin (B.01 1.8; the figures of
1.4.1-1.4.9 from :mod:`swisspair.norms`)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from test_norms import DOUBLE, _double, _round_robin

from swisspair.model import Tournament
from swisspair.norm_certificate import norm_certificate, norm_certificates, round_dates
from swisspair.norms import NormOptions, NormTitle, best_norm, check_norm

RR = NormOptions(predetermined=True)


def _event() -> Tournament:
    t = _round_robin()
    t.name = "Closed Championship"
    t.headers.update({"022": ["Plovdiv"], "032": ["BUL"], "042": ["01.04.2026"], "052": ["2026/04/12"],
                      "102": ["IA Arbiter, Chief"], "112": ["FA Deputy, One", "FA Deputy, Two"],
                      "122": ["90'/40 + 30' + 30\""]})
    t.headers["132"] = ["".ljust(87) + "".join(f"26/04/{day:02d}  " for day in range(1, 12))]
    t.players[1].fide_id, t.players[1].birth_date = "3400000", "2008/02/03"
    return t


def test_the_certificate_of_an_im_norm_in_a_round_robin() -> None:
    t = _event()
    certificates = norm_certificates(t, options=RR)
    assert [(c.player.tpn, c.title) for c in certificates] == [(1, NormTitle.IM)]
    c = certificates[0]
    e = c.event
    assert (e.name, e.site, e.federation, e.start, e.end, e.rounds, e.kind, e.players) == (
        "Closed Championship", "Plovdiv", "BUL", "2026/04/01", "2026/04/12", 11, "round robin", 12)
    assert e.chief_arbiter == "IA Arbiter, Chief" and e.deputy_arbiters == ("FA Deputy, One", "FA Deputy, Two")
    assert e.federations == 12  # BUL and the eleven opponents' federations
    assert (c.player.name, c.player.fide_id, c.player.federation, c.player.rating) == ("Candidate", "3400000",
                                                                                        "BUL", 2450)
    # every round, the unrated 12 not counted (1.4.2 b)
    assert len(c.games) == 11 and [g.round for g in c.counted] == list(range(2, 12))
    first = c.games[0]
    assert (first.opponent, first.rating, first.counted, first.why_not, first.date) == (12, 0, False, "1.4.2 b",
                                                                                        "2026/04/01")
    second = c.games[1]
    assert (second.name, second.title, second.federation, second.rating, second.rating_counted, second.score) == (
        "P2", "GM", "GER", 2550, 2550, Fraction(1, 2))
    assert (c.games_played, c.score, c.percent, c.average, c.performance, c.counts_as) == (10, 7, 70, 2450, 2599, 10)
    assert c.titles == {"GM": 4, "IM": 2, "WGM": 0, "WIM": 0, "FM": 2, "WFM": 0}
    assert (c.title_holders, c.norm_title_holders, c.own_federation, c.host_federation) == (8, 6, 0, 0)
    assert c.remarks == ("1.4.2 b: round 1 (P12) not counted",)
    assert ("1.4.8", "Rp 2599, at least 2450") in c.requirements
    data = json.loads(json.dumps(c.to_dict()))
    assert data["norm"] == "IM" and data["figures"]["performance"] == 2599 and data["games"][1]["score"] == "0.5"
    assert data["event"]["rate_of_play"] == "90'/40 + 30' + 30\""


def test_the_certificate_of_a_double_round_robin_shows_both_cycles_and_the_floor() -> None:
    options = NormOptions(predetermined=True, cycles=2)
    t = _double(DOUBLE)
    check = best_norm(t, 1, NormTitle.IM, options=options)
    c = norm_certificate(t, check, options=options)
    assert c.event.kind == "double round robin" and len(c.counted) == 10
    assert [g.rating_counted for g in c.games if g.opponent == 6] == [2150, 2150] and c.raised is None  # floor 2050
    assert c.norm_title_holders == 4  # opponents IM or GM, each counted once (1.4.5 f)


def test_a_check_not_achieved_has_no_certificate() -> None:
    t = _round_robin()
    with pytest.raises(ValueError, match="no GM norm"):
        norm_certificate(t, check_norm(t, 1, NormTitle.GM, options=RR))


def test_round_dates_of_record_132() -> None:
    t = _event()
    assert round_dates(t)[11] == "2026/04/11"
