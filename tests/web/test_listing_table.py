"""The lists' table (``tournaments/_listing.html``, rendered by Jinja2) writes what Django's template wrote: escaping
as Django escapes (``'`` as ``&#x27;``), a player's or team's name and a player's column as links, number and
narrow-screen classes, extra tables (their machine columns in the heading only) and notes."""

from __future__ import annotations

from types import SimpleNamespace

from django.template.loader import render_to_string
from django.test import SimpleTestCase

from swisspair_web.tournaments.reads.listing import Column, Listing, Row, Table

COLUMNS = (Column("tpn", "No.", number=True, secondary=True), Column("name", "Name <x>"),
           Column("opponent", "Opp", link="opponent_tpn"), Column("code", "code", machine=True))
ROWS = (Row({"tpn": 3, "name": "O'Brien <b>", "opponent": "A & B", "opponent_tpn": 7, "code": "x"},
            ("3", "O'Brien <b>", "A & B", "x")),
        Row({"tpn": None, "team": 2, "name": "Team \"2\"", "opponent": "", "opponent_tpn": None, "code": "",
             "withdrawn_from": 4}, ("", "Team \"2\"", "", "")))
LISTING = Listing("List", "start-list", (Table(COLUMNS, ROWS, heading="Česko", key="CZE ä"),),
                  extra=(Table((Column("k", "Kind", machine=True), Column("n", "Count", number=True)),
                               (Row({"k": "a", "n": 1}, ("a", "1")),), key="totals"),),
                  notes=("Ties <shared>.",), group="federation", html_id="start", row_id="p")
CONTEXT = {"listing": LISTING, "event": SimpleNamespace(slug="open"), "section": SimpleNamespace(slug="a")}

HEAD = ('<h2 class="group federation" id="group-cze-a">Česko</h2><table class="listing start-list" id="start"><thead>'
        '<tr><th class="n hide-s">No.</th><th>Name &lt;x&gt;</th><th>Opp</th></tr></thead>\n<tbody>')
TAIL = ('</tbody></table>\n<table class="listing-extra" id="totals"><thead><tr><th>Kind</th><th class="n">Count</th>'
        '</tr></thead>\n<tbody><tr><td class="n">1</td></tr></tbody></table>\n'
        '<p class="small listing-note">Ties &lt;shared&gt;.</p>\n')


class ListingTableTestCase(SimpleTestCase):
    def test_with_links(self) -> None:
        html = render_to_string("tournaments/_listing.html", {**CONTEXT, "link": True})
        self.assertEqual(html, HEAD + (
            '<tr id="p-3"><td class="n hide-s">3</td><td><a href="/e/open/a/players/3/">O&#x27;Brien &lt;b&gt;</a>'
            '</td><td><a href="/e/open/a/players/7/">A &amp; B</a></td></tr><tr id="p-2" class="withdrawn">'
            '<td class="n hide-s"></td><td><a href="/e/open/a/teams/2/">Team &quot;2&quot;</a></td><td></td></tr>')
            + TAIL)

    def test_without_links(self) -> None:
        html = render_to_string("tournaments/_listing.html", CONTEXT)
        self.assertEqual(html, HEAD + (
            '<tr id="p-3"><td class="n hide-s">3</td><td>O&#x27;Brien &lt;b&gt;</td><td>A &amp; B</td></tr>'
            '<tr id="p-2" class="withdrawn"><td class="n hide-s"></td><td>Team &quot;2&quot;</td><td></td></tr>') + TAIL)
