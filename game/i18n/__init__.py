"""The words a player reads, through gettext, in English, Ukrainian or Russian.

Every string a player can see is written ``_("...")`` (or ``ngettext(...)`` where a number
decides the form: Ukrainian and Russian have three), with named placeholders filled by
``.format(...)`` after translation. Strings defined at import time are marked ``N_("...")``
and translated where shown, so a change of language applies at once. The rule tables'
names and labels are data: they are translated where shown (``_(rules.name)``); a built-in
game's translations are the headers of its rules pages, the catalogue's fallback
(``game.i18n.games``). The engine speaks no
language: what it says is an English template and its fields (``game.engine.text``),
worded here by ``say``.

The catalogues are ``game/locale/<language>/LC_MESSAGES/solitaire.mo``, compiled from the
``.po`` files beside them. Which language: the player's choice (Options, ``--language``),
else the system's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; on Windows the
user's display language), else English.
"""

from __future__ import annotations

import gettext as _gettext
import os
import sys
from pathlib import Path

from game.engine.text import worded

DOMAIN = "solitaire"
LANGUAGES = ("en", "uk", "ru")  # the languages the game speaks
NAMES = {"en": "English", "uk": "Українська", "ru": "Русский"}  # each in its own words

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def _(message: str) -> str:
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translations.ngettext(singular, plural, n)


def say(said: object) -> str:
    """What the engine said (a ``Message``, or an ``EngineError`` carrying one) in the
    language spoken; a text as it is, anything else as ``str()``."""
    return str(worded(said, _, ngettext))


def N_(message: str) -> str:
    """Mark a string for translation where it is defined; translate it where it is shown."""
    return message


def locale_dir() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "game" / "locale"
    return Path(__file__).resolve().parent.parent / "locale"  # game/locale, beside game/i18n/


def system_languages(environ=None, platform: str | None = None) -> list[str]:
    """The languages the system asks for, most wanted first (two-letter codes)."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    wanted: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            # LANGUAGE may list several ("uk:ru:en"); the others name one ("uk_UA.UTF-8").
            wanted += [part.split("_")[0].split(".")[0].split("@")[0] for part in value.split(":")]
            break
    if not wanted and platform.startswith("win"):
        wanted.append(_windows_language())
    return [w.lower() for w in wanted if w and w not in ("C", "POSIX")]


def _windows_language() -> str:
    try:
        import ctypes
        import locale

        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
        return locale.windows_locale.get(lcid, "").split("_")[0]
    except Exception:  # not Windows after all, or no such call: the default then
        return ""


def choose(setting: str = "system", environ=None, platform: str | None = None) -> str:
    """The language to speak: ``setting`` ("system", or one of LANGUAGES)."""
    if setting in LANGUAGES:
        return setting
    for wanted in system_languages(environ, platform):
        if wanted in LANGUAGES:
            return wanted
    return "en"


def catalogue(language: str) -> _gettext.NullTranslations:
    """The game's translations into ``language``, as shipped (OSError when missing), read
    once a run: the catalogue's, then the built-in games' own words from their pages
    (``games``, read when first asked). Opened where it lies rather than found by
    ``gettext.translation``, whose search through the locale's aliases loads the ``locale``
    module: some 2 ms before the window opens (the flags' help is worded in the language,
    ``game.app.args``)."""
    path = locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.is_file():
        raise FileNotFoundError(f"no catalogue for {language!r}: {path}")
    if path not in _read:
        from game.i18n.games import GameWords  # the pages' words: after the window

        with open(path, "rb") as file:
            translations = _gettext.GNUTranslations(file)
        translations.add_fallback(GameWords(language))
        _read[path] = translations
    return _read[path]


_read: dict[Path, _gettext.GNUTranslations] = {}  # the catalogues read, by their file


def use_language(language: str, when_first_said: bool = False) -> str:
    """Speak ``language`` from now on (English when its catalogue is missing). Returns the
    language now spoken. ``when_first_said``: its catalogue is read at the first word
    translated, not now (the flags are read before the window opens, and have words to
    say only for ``--help`` or an error: ``game.app.args``)."""
    global _language
    if language not in LANGUAGES:
        language = "en"
    if when_first_said:
        use(_Unread(language))
        _language = language
        return language
    try:
        translations = catalogue(language)
    except OSError:
        translations = _gettext.NullTranslations()
        language = "en"
    use(translations)
    _language = language
    return language


def language() -> str:
    """The language spoken now."""
    if isinstance(_translations, _Unread):  # English, should its catalogue be missing
        _translations.read()
    return _language


class _Unread(_gettext.NullTranslations):
    """The catalogue of the language to speak, read when its first word is asked for."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language

    def read(self) -> _gettext.NullTranslations:
        use_language(self.language)
        return _translations

    def gettext(self, message: str) -> str:
        return self.read().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.read().ngettext(singular, plural, n)


def use(translations: _gettext.NullTranslations) -> None:
    """Speak with these catalogues from now on (tests use made-up ones)."""
    global _translations
    _translations = translations
