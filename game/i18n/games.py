"""The built-in games' own words in each language, from the games' own files.

A game's name, description and deal modes' labels and descriptions are written in English
in its table (``game/variants/ID.toml``); their Ukrainian and Russian are the header of its
rules page in that language (``game/variants/help/uk/ID.txt``), between two ``+++`` lines,
in the table's own keys:

    +++
    name = "Клондайк"
    description = "Класичний пасьянс: ..."

    [modes.draw3]
    label = "По три карти"
    description = "Карти відкривають по три; ..."
    +++
    # Клондайк
    ...

So a game brings its words with its pages, and no catalogue is edited for it. The
catalogue of a language (``game.i18n.catalogue``) falls back on these words: the code
keeps saying ``_(table.name)``, and the page's word comes back. The same English in two
games (two games' "Single-card deals") must be said alike: ``tools/messages.py check``
and ``tests/test_translations.py`` hold every game's words complete and agreed.
"""

from __future__ import annotations

import gettext
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game.engine.rules import RuleTableError
from game.engine.table_files import read_table

FENCE = "+++"  # the line above and below a page's header
TABLE_WORDS = ("name", "description")
MODE_WORDS = ("label", "description")


def tables_dir() -> Path:
    """``game/variants``: the built-in games' tables, their pages in ``help/``."""
    return Path(__file__).resolve().parent.parent / "variants"


def split_page(text: str) -> tuple[str | None, str]:
    """A rules page's header (its TOML, None when it has none) and the page shown."""
    lines = text.split("\n")
    if lines[0].strip() != FENCE:
        return None, text
    for end in range(1, len(lines)):
        if lines[end].strip() == FENCE:
            return "\n".join(lines[1:end]), "\n".join(lines[end + 1 :])
    return None, text  # never closed: no header, and the check says so


def page_path(variant_id: str, language: str) -> Path:
    return tables_dir() / "help" / language / f"{variant_id}.txt"


@dataclass(frozen=True)
class Word:
    """One word of a game: where the table says it (``modes.draw3.label``), its English,
    and the page's translation (None when the page gives none)."""

    key: str
    english: str
    translated: str | None


def _header(variant_id: str, language: str) -> dict:
    """The page's header as read; ValueError saying why when it cannot be read."""
    path = page_path(variant_id, language)
    if not path.is_file():
        raise ValueError(f"{path}: no such page")
    head, _page = split_page(path.read_text(encoding="utf-8"))
    if head is None:
        raise ValueError(f"{path}: no header of the game's words between {FENCE} lines")
    try:
        return tomllib.loads(head)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: header: {exc}") from None


def _english(variant_id: str) -> dict:
    """The table's words as the game shows them: its modes may be its parent's."""
    folder = tables_dir()
    return read_table(
        folder / f"{variant_id}.toml",
        lambda parent, _child: folder / f"{parent}.toml",
        lambda path: path.read_text(encoding="utf-8"),
    )


def words(variant_id: str, language: str, header: dict | None = None) -> Iterator[Word]:
    """Every word the game shows, with its translation in ``language`` (``header``: the
    page's, read when not given)."""
    table = _english(variant_id)
    said = _header(variant_id, language) if header is None else header
    for key in TABLE_WORDS:
        if isinstance(table.get(key), str):
            yield Word(key, table[key], _text(said.get(key)))
    said_modes = said.get("modes") if isinstance(said.get("modes"), dict) else {}
    for mode_id, mode in table.get("modes", {}).items():
        said_mode = said_modes.get(mode_id) if isinstance(said_modes.get(mode_id), dict) else {}
        for key in MODE_WORDS:
            if isinstance(mode.get(key), str):
                yield Word(f"modes.{mode_id}.{key}", mode[key], _text(said_mode.get(key)))


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def _game_ids() -> list[str]:
    return sorted(path.stem for path in tables_dir().glob("*.toml"))


@cache
def translations(language: str) -> dict[str, str]:
    """English to ``language`` for every built-in game's words its page translates (the
    first game's when two disagree: the check refuses that). A page or table that cannot
    be read gives none: the game shows its English words, and the check names the file."""
    found: dict[str, str] = {}
    for variant_id in _game_ids():
        try:
            for word in words(variant_id, language):
                if word.translated is not None:
                    found.setdefault(word.english, word.translated)
        except (ValueError, OSError, RuleTableError):
            continue
    return found


class GameWords(gettext.NullTranslations):
    """The built-in games' words in one language, as a catalogue's fallback."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self._words = translations(language)

    def gettext(self, message: str) -> str:
        return self._words.get(message, message)


def problems(language: str) -> list[str]:
    """What a language's pages lack or say wrongly of the games' words: a page or header
    missing or unreadable, a word not translated, a mode the game does not have, the same
    English said two ways."""
    found: list[str] = []
    said: dict[str, tuple[str, str]] = {}
    for variant_id in _game_ids():
        where = f"{language} {variant_id}"
        try:
            header = _header(variant_id, language)
            game_words = list(words(variant_id, language, header))
        except (ValueError, OSError, RuleTableError) as exc:
            found.append(f"{where}: {exc}")
            continue
        for word in game_words:
            if word.translated is None:
                found.append(f"{where}: {word.key} ({word.english!r}) not translated")
            elif said.setdefault(word.english, (word.translated, variant_id))[0] != word.translated:
                first, other = said[word.english]
                found.append(
                    f"{where}: {word.key} ({word.english!r}) said {word.translated!r}, "
                    f"{other} says {first!r}"
                )
        known = {word.key for word in game_words}
        given = [key for key in header if key != "modes"]
        modes = header.get("modes", {})
        for mode_id, mode in modes.items() if isinstance(modes, dict) else []:
            keys = mode if isinstance(mode, dict) else ("",)
            given += [f"modes.{mode_id}.{key}".rstrip(".") for key in keys]
        found += [
            f"{where}: header says {key}, which the game has not"
            for key in given
            if key not in known
        ]
        found += _name_said_twice(where, game_words)
    return found


def _name_said_twice(where: str, game_words: list[Word]) -> list[str]:
    """A mode label said as the game's name: the status line, "name \u00b7 mode", would say
    it twice."""
    said = {word.key: (word.translated or "").casefold() for word in game_words}
    return [
        f"{where}: {key} says the game's name again ({said[key]!r})"
        for key in said
        if key.endswith(".label") and said[key] and said[key] == said.get("name")
    ]
