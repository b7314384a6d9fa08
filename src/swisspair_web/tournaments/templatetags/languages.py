"""The language menu: each language named in itself (``Русский``, ``Čeština``), whatever the page's language.

Django's ``get_available_languages`` translates the names into the page's language ("Английский" on a
Russian page); a menu to leave a language you cannot read must not.
"""

from __future__ import annotations

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def languages_in_themselves() -> list[tuple[str, str]]:
    """``(code, name)`` of each language of the settings, the name as the settings spell it (in itself)."""
    return [(code, str(name)) for code, name in settings.LANGUAGES]
