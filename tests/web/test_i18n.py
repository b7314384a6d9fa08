"""The interface in English, Russian, Bulgarian, Czech and Polish, through Django's translation machinery."""

from __future__ import annotations

import gettext

import pytest
from django.conf import settings

from swisspair_web import i18n
from swisspair_web.tournaments import services

from .helpers import BaseTestCase

EXPECTED = {"ru": ("Таблица", "Турнирная таблица"), "bg": ("Класиране", "Кръстосана таблица"),
            "cs": ("Pořadí", "Tabulka"), "pl": ("Tabela", "Tabela krzyżowa"), "en": ("Standings", "Crosstable")}


def test_the_compiled_catalogues_are_up_to_date() -> None:
    assert i18n.compile_all(check=True) == [], "run: python -m swisspair_web.i18n"


@pytest.mark.parametrize("language", ["ru", "bg", "cs", "pl"])
def test_every_message_is_translated(language: str) -> None:
    po = i18n.LOCALE_DIR / language / "LC_MESSAGES" / "django.po"
    entries = i18n.parse_po(po.read_text(encoding="utf-8"))[1:]
    assert len(entries) > 200
    missing = [e.msgid for e in entries if not e.translated]
    assert not missing
    with open(po.with_suffix(".mo"), "rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    assert catalogue.gettext("Standings") == EXPECTED[language][0]
    assert "%(counter)s" in catalogue.ngettext("%(counter)s game without a result",
                                               "%(counter)s games without a result", 5)


class LanguageTestCase(BaseTestCase):
    def test_it_shows_the_pages_in_each_language(self) -> None:
        self.play_round()
        services.publish_round(self.section.round_set.get(number=1), self.alice)
        for code, _ in settings.LANGUAGES:
            self.client.cookies[settings.LANGUAGE_COOKIE_NAME] = code
            page = self.client.get(self.url("sp-round", 1)).content.decode()
            standings, crosstable = EXPECTED[code]
            assert standings in page and crosstable in page, code
            assert f'<html lang="{code}">' in page

    def test_it_switches_language(self) -> None:
        response = self.client.post("/i18n/setlang/", {"language": "cs", "next": "/"})
        self.assertEqual(response.status_code, 302)
        self.assertContains(self.client.get("/"), "Veřejné akce")

    def test_it_follows_the_browser_language(self) -> None:
        self.assertContains(self.client.get("/", HTTP_ACCEPT_LANGUAGE="bg"), "Публични турнири")
