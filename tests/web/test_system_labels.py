"""The pairing systems as the manager names them: by their rule texts, in the reader's language."""

from __future__ import annotations

import html

from django.conf import settings

from swisspair.pairing import system_names
from swisspair_web.tournaments.rows import registry

from .helpers import BaseTestCase

DUTCH = {"en": "Dutch (FIDE C.04.3, 2026)", "ru": "Голландская (FIDE C.04.3, 2026)",
         "bg": "Холандска (FIDE C.04.3, 2026)", "cs": "Holandský (FIDE C.04.3, 2026)",
         "pl": "Holenderski (FIDE C.04.3, 2026)"}
ANY_SPORT = {"en": "Swiss for any sport", "ru": "Швейцарская система для любого вида спорта",
             "bg": "Швейцарска система за всеки спорт", "cs": "Švýcarský systém pro jakýkoli sport",
             "pl": "System szwajcarski dla każdej dyscypliny"}


def test_every_built_in_system_has_a_label() -> None:
    assert set(system_names()) <= set(registry.SYSTEM_LABELS)


def test_the_choices_are_the_core_systems_with_their_labels() -> None:
    """The manager offers exactly what the core registers (the core is always there: no fallback list), and
    the round-robin, whose rounds are the Berger tables rather than an engine's pairing."""
    choices = registry.system_choices()
    assert [name for name, _ in choices] == [*system_names(), registry.ROUND_ROBIN]
    assert all(label == registry.SYSTEM_LABELS[name] for name, label in choices)


class SystemLabelsTestCase(BaseTestCase):
    def test_the_settings_form_names_the_systems_in_each_language(self) -> None:
        self.client.login(username="alice", password="password")
        for code, _ in settings.LANGUAGES:
            self.client.cookies[settings.LANGUAGE_COOKIE_NAME] = code
            page = html.unescape(self.client.get(self.url("sp-section-edit")).content.decode())
            assert DUTCH[code] in page and ANY_SPORT[code] in page, code
            assert "seed" not in page.lower(), code
