"""What the arbiter's and the public's pages say on the event day: no contradiction before round 1, names
that hold commas kept apart, a round asked for that is not one, birth dates, rating bands, the norms of a
short event, one Russian word for the arbiter, and the help linked from every page."""

from __future__ import annotations

import re

import pytest

from swisspair_web.tournaments.reads import categories, dates
from swisspair_web.tournaments.rows import Category, Player

from .helpers import ROOT, BaseTestCase


class EventDayWordsTestCase(BaseTestCase):
    players = 4

    @pytest.mark.slow
    def test_round_1_is_not_said_to_pair_everybody_while_the_check_in_leaves_players_out(self) -> None:
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-presence"), {"numbers": "1 2"}, follow=True)
        self.assertContains(response, "2 players ticked present: Player00, Test; Player01, Test.")
        page = self.client.get(self.url("sp-section-manage")).content.decode()
        self.assertNotIn("Everybody is paired in round 1", page)
        self.assertIn("it pairs only the players ticked present", page)
        self.assertIn("Not paired in round 1 unless ticked present:", page)

    def test_a_round_that_is_not_one_is_said_and_the_default_shown(self) -> None:
        self.play_round()
        self.client.login(username="bob", password="password")  # round 1 is not published: arbiters see it
        for asked in ("-1", "x", "7"):
            page = self.client.get(self.url("sp-standings") + f"?round={asked}").content.decode()
            self.assertIn(f"There is no round “{asked}” to show: this is after round 1.", page)
            self.assertIn("after round 1", page)
            self.assertNotIn("after round 0", page)
        self.assertNotIn('id="round-note"', self.client.get(self.url("sp-standings") + "?round=1").content.decode())

    def test_birth_dates_leave_out_their_unknown_parts(self) -> None:
        self.assertEqual([dates.shown(d) for d in ("2015/00/00", "2015/04/00", "2015/04/09", "")],
                         ["2015", "2015/04", "2015/04/09", ""])
        Player.objects.filter(section=self.section, tpn=1).update(birth_date="2015/00/00")
        self.client.login(username="bob", password="password")
        page = self.client.get(self.url("sp-player-details")).content.decode()
        self.assertIn("<td class=\"hide-s\">2015</td>", page)
        self.assertNotIn("2015/00/00", page)

    def test_a_rating_band_open_at_one_end_is_said_in_words(self) -> None:
        said = [categories.describe(Category(rating_from=low, rating_below=below))
                for low, below in ((1600, 1800), (None, 2000), (2000, None))]
        self.assertEqual(said, ["rated 1600-1799", "rated under 2000", "rated 2000 and over"])

    def test_the_norms_of_a_section_too_short_for_a_norm_are_said_once(self) -> None:
        """B.01 1.4.1 a: at least 9 games; a 5-round section says so once, its players' every norm with its failure
        folded away."""
        self.play_round()
        page = self.client.get(self.url("sp-norms")).content.decode()
        self.assertIn("A title norm needs at least 9 games (B.01 1.4.1 a); this section has 5 rounds", page)
        self.assertIn('<details id="every-check"><summary>Every check</summary>', page)  # collapsed, not spelt out

    def test_every_page_links_the_help(self) -> None:
        self.assertIn('id="help-link" href="/help/"', self.client.get(self.url("sp-section")).content.decode())
        self.assertContains(self.client.get("/help/"), 'id="help-steps"')


def test_russian_says_arbiter_with_one_word() -> None:
    """«арбитр» (the word most of the catalogue used), never «судья»."""
    catalogue = (ROOT / "src/swisspair_web/locale/ru/LC_MESSAGES/django.po").read_text(encoding="utf-8")
    translated = "\n".join(line for line in catalogue.splitlines() if not line.startswith(("msgid", "#")))
    assert not re.findall(r"(?i)суд(ь|е|ей)", translated)
