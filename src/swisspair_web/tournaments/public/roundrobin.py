"""The lists of a round-robin section (:mod:`..reads.roundrobin`): the schedule of all rounds and the crosstable
grid as pages, printable HTML, PDF, CSV and JSON, and the norm certificate of a norm achieved as a PDF the chief arbiter signs
(FIDE B.01 1.8)."""

from __future__ import annotations


from django.http import Http404, HttpResponse
from django.utils.translation import gettext as _

from swisspair.norm_certificate import NormCertificate
from swisspair_web.tournaments.public import files, listings
from swisspair_web.tournaments.public.common import Visitor, context, page, shown_round, visible_section
from swisspair_web.tournaments.public.files import pdf_tables
from swisspair_web.tournaments.reads import dates, norms, roundrobin
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.listing import Listing
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.reads.standings import fmt
from swisspair_web.tournaments.rows import Section

PdfTable = tuple[str, list[str], list[list[str]], tuple[int, ...]]


def _section(visitor: Visitor, slug: str, section: str) -> Section:
    sec = visible_section(visitor, slug, section)
    if not sec.is_round_robin:
        raise Http404("not a round-robin")
    return sec


def _schedule(visitor: Visitor, sec: Section) -> Listing:
    return roundrobin.schedule_listing(SectionData.load(sec), public=not is_arbiter(visitor, sec.event))


def schedule_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = _section(visitor, slug, section)
    return page(visitor, "tournaments/schedule.html", context(visitor, sec.event, sec, listing=_schedule(visitor, sec),
                                                              cycles=sec.cycles))


def schedule_print(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = _section(visitor, slug, section)
    return listings.respond(visitor, sec, _schedule(visitor, sec), "print")


def schedule_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The schedule of all rounds (as the visitor may see it) as PDF, CSV or JSON."""
    sec = _section(visitor, slug, section)
    return listings.export(visitor, sec, _schedule(visitor, sec), fmt)


def _grid(visitor: Visitor, sec: Section) -> Listing:
    data = SectionData.load(sec)
    return roundrobin.grid_listing(data, shown_round(visitor, data))


def grid_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = _section(visitor, slug, section)
    return page(visitor, "tournaments/grid.html", context(visitor, sec.event, sec, listing=_grid(visitor, sec),
                                                          cycles=sec.cycles))


def grid_print(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = _section(visitor, slug, section)
    return listings.respond(visitor, sec, _grid(visitor, sec), "print")


def grid_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The crosstable grid as PDF, CSV or JSON; the notes (a player who left, C.05 art. 6.6) with it."""
    sec = _section(visitor, slug, section)
    return listings.export(visitor, sec, _grid(visitor, sec), fmt)


def norm_certificate_pdf(visitor: Visitor, slug: str, section: str, tpn: int, title: str) -> HttpResponse:
    """The norm certificate of player ``tpn``'s ``title`` norm (B.01 1.8): the event, the player, every
    round with the opponent's title, rating and federation, the figures and the requirements met, and the
    lines the chief arbiter signs. 404 when that norm is not achieved."""
    sec = visible_section(visitor, slug, section)
    data = SectionData.load(sec)
    found = norms.certificate(data, shown_round(visitor, data), tpn, title)
    if found is None:
        raise Http404("no such norm")
    heading = files.heading(sec, _("Title norm certificate: %(title)s, %(name)s")
                            % {"title": found.title.value, "name": found.player.name})
    return files.file_response(pdf_tables(heading, certificate_tables(found)), sec,
                               f"-norm-{found.title.value}-{found.player.tpn}.pdf")


def certificate_tables(cert: NormCertificate) -> list[PdfTable]:
    """The certificate as the form's blocks: event, player, games, requirements, remarks, signatures."""
    event, player = cert.event, cert.player
    about = [[_("Event"), event.name], [_("Place"), event.site], [_("Host federation"), event.federation],
             [_("Dates"), f"{event.start} – {event.end}"], [_("Type"), event.kind],
             [_("Rounds"), str(event.rounds)], [_("Players"), str(event.players)],
             [_("Federations"), str(event.federations)], [_("Rate of play"), event.rate_of_play],
             [_("Chief arbiter"), event.chief_arbiter], [_("Deputy arbiters"), ", ".join(event.deputy_arbiters)],
             [_("Player"), f"{player.title} {player.name}".strip()], [_("FIDE ID"), player.fide_id],
             [_("Federation"), player.federation], [_("Rating"), str(player.rating or "")],
             [_("Birth date"), dates.shown(player.birth_date)]]
    games = [[str(g.round), g.date, g.name, g.title, g.federation, g.fide_id, str(g.rating or ""),
              "" if g.rating_counted is None else str(g.rating_counted), g.colour.value,
              g.result.symbol if g.opponent is not None else g.result.value,
              _("yes") if g.counted else g.why_not] for g in cert.games]
    figures = [[_("Games counted"), str(cert.games_played)], [_("Score"), fmt(cert.score)],
               ["Ra", str(cert.average)], ["Rp", str(cert.performance)], [_("Counts as"), str(cert.counts_as)]]
    sign = [[_("Chief arbiter (name, signature)"), ""], [_("Date"), ""], [_("Organiser (stamp)"), ""]]
    return [("", [_("Norm"), cert.title.value], about, (1,)),
            ("", [_("Rd"), _("Date"), _("Opponent"), _("Title"), _("Fed"), _("FIDE ID"), _("Rating"),
                  _("Counted as"), _("Colour"), _("Result"), _("Counted")], games, (2,)),
            ("", [_("Figure"), _("Value")], figures, ()),
            ("", [_("Article"), _("Requirement met")], [list(r) for r in cert.requirements], (1,)),
            *([("", [_("Remarks")], [[remark] for remark in cert.remarks], (0,))] if cert.remarks else []),
            ("", [_("Signed"), ""], sign, ())]
