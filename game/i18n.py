"""The words a player reads, through gettext.

Every string a player can see is written ``_("...")`` (or ``ngettext(...)`` where a number
decides the form), with named placeholders filled by ``.format(...)`` after translation.
Strings defined at import time are marked ``N_("...")`` and translated where shown, so a
change of language applies at once.
"""

from __future__ import annotations

import gettext as _gettext

_translations: _gettext.NullTranslations = _gettext.NullTranslations()


def _(message: str) -> str:
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for translation where it is defined; translate it where it is shown."""
    return message


def use(translations: _gettext.NullTranslations) -> None:
    """Speak with these catalogues from now on."""
    global _translations
    _translations = translations
