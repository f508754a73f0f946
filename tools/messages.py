"""The game's message catalogues: extract, update, compile, check.

    python tools/messages.py extract   # game/locale/solitaire.pot from the code and tables
    python tools/messages.py update    # every .po brought up to the template
    python tools/messages.py compile   # every .po to its .mo (shipped in the package)
    python tools/messages.py check     # exit 1 if a catalogue is stale or not complete

Messages come from the code (``_("...")``, ``ngettext("...", "...", n)``, ``N_("...")``;
the engine, which speaks no language, marks its templates ``N_("...")`` and
``N_plural("...", "...")``: ``game.engine.text``), read with Babel, a development
dependency. The English catalogue is made here too: it says each message as written.
Ukrainian and Russian are translated by hand in their ``.po`` files; ``update`` keeps what
is translated and marks what is new. A built-in game's own words (its name, description,
modes) are not here: its rules page in each language gives them (``game.i18n.games``), and
``check`` holds every page's words complete and agreed.
"""

from __future__ import annotations

import argparse
import io
import re
import string
import sys
import tomllib
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: the game's own list of languages

from game.i18n import DOMAIN, LANGUAGES, NAMES, games  # noqa: E402
from tools.arguments import parser, write_output  # noqa: E402

GAME = ROOT / "game"
LOCALE = GAME / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "N_plural": (1, 2)}
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
HOME = "https://github.com/patience-table/patience-table"
# Babel fills in the words in capitals (the language's name for "Translations template").
HEADER_COMMENT = """\
# Translations template for PROJECT.
# Copyright (C) YEAR ORGANIZATION
# This file is distributed under the same license as the PROJECT project.
#"""


def template() -> Catalog:
    """Every message of the code the player can read (a built-in game's own words are its
    pages', ``game.i18n.games``)."""
    catalog = Catalog(project="patience-table", domain=DOMAIN, fuzzy=False)
    method_map = [("solver/**.py", "ignore"), ("**.py", "python")]
    for filename, lineno, message, comments, _context in extract_from_dir(
        GAME, method_map, keywords=KEYWORDS, comment_tags=("Translators:",)
    ):
        catalog.add(message, locations=[(f"game/{filename}", lineno)], auto_comments=comments)
    # argparse says "usage:", "options" and its errors through gettext: the command line's
    # --help and error lines speak the player's language with these (game/app/args.py).
    with open(argparse.__file__, "rb") as handle:
        for lineno, _func, message, comments in extract_python(handle, ("_", "ngettext"), (), {}):
            if message and (isinstance(message, str) or all(message)):
                catalog.add(message, locations=[("argparse.py", lineno)], auto_comments=comments)
    return catalog


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def read(path: Path, language: str) -> Catalog:
    with open(path, "rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def write(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False)
    write_output(path, buffer.getvalue())


def extract() -> None:
    write(template(), TEMPLATE)


def update() -> None:
    """Each catalogue made again from the template: its translations kept, new messages
    empty (English: as written), messages no longer in the code gone."""
    source = template()
    for language in LANGUAGES:
        path = po_path(language)
        old = read(path, language) if path.exists() else None
        # Who translated it and when are the translators' to say: kept as they wrote them.
        kept_header = {}
        if language == "en":  # written by the authors, as the code says it when extracted
            kept_header = {
                "last_translator": f"the patience-table authors <{HOME}>",
                "revision_date": source.creation_date,
            }
        elif old is not None:
            kept_header = {
                "last_translator": old.last_translator,
                "revision_date": old.revision_date,
            }
        catalog = Catalog(
            locale=language,
            domain=DOMAIN,
            header_comment=HEADER_COMMENT,
            project=PROJECT["name"],
            version=PROJECT["version"],
            msgid_bugs_address=f"{HOME}/issues",
            copyright_holder="the patience-table authors",
            language_team=f"{NAMES[language]} <{HOME}>",
            fuzzy=False,
            **kept_header,
        )
        for message in source:
            if not message.id:
                continue
            plural = isinstance(message.id, tuple)
            kept = old.get(message.id) if old is not None else None
            if language == "en":  # as written; a plural's two forms are English's two
                string = message.id
            elif (
                kept is not None
                and kept.string
                and "fuzzy" not in kept.flags
                and isinstance(kept.id, tuple) == plural  # a plural made plain is new
            ):
                string = kept.string
            else:
                string = ("",) * catalog.num_plurals if plural else ""
            catalog.add(
                message.id,
                string,
                locations=message.locations,
                flags=message.flags,
                auto_comments=message.auto_comments,
            )
        write(catalog, path)


def compile_all() -> None:
    for language in LANGUAGES:
        catalog = read(po_path(language), language)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        write_output(mo_path(language), buffer.getvalue())


def placeholders(text: str) -> list[str]:
    """The named fields ``{name}`` and printf fields ``%(name)s``/``%d`` in ``text``."""
    found = [field for _, field, _, _ in string.Formatter().parse(text) if field is not None]
    found += re.findall(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdirfgx%]", text)
    return sorted(found)


def one_is_only_one(language: str) -> bool:
    """Whether the language's singular form serves the number 1 alone (English), or also
    21, 31, 101... (Ukrainian, Russian)."""
    rule = Locale.parse(language).plural_form
    return all(rule(n) != "one" for n in range(2, 1000))


def translation_problems(message, language: str, forms: int) -> list[str]:
    """A translated entry checked against its message: every form present, as many forms
    as the language has, the same placeholders as the English. Every form of a plural says
    all that the English plural says, its number too: in Ukrainian and Russian the "one"
    form also serves 21, 31... (so the code asks ``ngettext`` only from two up, and one
    is a message of its own)."""
    if not message.id:
        return []
    where = f"{language}: {message.id if isinstance(message.id, str) else message.id[0]!r}"
    if "fuzzy" in message.flags:
        return [f"{where}: marked fuzzy"]
    if isinstance(message.id, str):
        if not message.string:
            return [f"{where}: not translated"]
        if placeholders(message.string) != placeholders(message.id):
            return [f"{where}: placeholders {placeholders(message.string)}, not as the English"]
        return []
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    if len(strings) != forms:
        return [f"{where}: {len(strings)} plural forms, the language has {forms}"]
    if not all(strings):
        return [f"{where}: not translated"]
    english = set(placeholders(message.id[0])) | set(placeholders(message.id[1]))
    wrong = [form for form in strings if not set(placeholders(form)) <= english]
    said = set(placeholders(message.id[1]))
    checked = strings[1:] if one_is_only_one(language) else strings  # English: "1 card"
    if wrong or not all(said <= set(placeholders(form)) for form in checked):
        return [f"{where}: plural placeholders differ from the English"]
    return []


def problems() -> list[str]:
    """What is wrong with the catalogues: missing, stale, untranslated, fuzzy, or a
    translation whose placeholders differ from the message's; .mo not up to date."""
    found: list[str] = []
    wanted = {m.id if isinstance(m.id, str) else m.id[0] for m in template() if m.id}
    for language in LANGUAGES:
        path = po_path(language)
        if not path.exists():
            found.append(f"{path}: missing")
            continue
        catalog = read(path, language)
        have = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
        found += [f"{language}: missing {m!r}" for m in sorted(wanted - have)]
        found += [f"{language}: stale {m!r}" for m in sorted(have - wanted)]
        for message in catalog:
            found += translation_problems(message, language, catalog.num_plurals)
        compiled = io.BytesIO()
        write_mo(compiled, catalog, use_fuzzy=False)
        mo = mo_path(language)
        if not mo.exists() or mo.read_bytes() != compiled.getvalue():
            found.append(f"{mo}: not compiled from its .po (run tools/messages.py compile)")
        if language != "en":
            found += game_word_problems(language, catalog)
    return found


def game_word_problems(language: str, catalog: Catalog) -> list[str]:
    """The built-in games' words in ``language``: each page's header complete and agreed
    with the other pages (``games.problems``), and with the catalogue where the code says
    the same English (the catalogue's word would be shown there)."""
    found = games.problems(language)
    for english, translated in games.translations(language).items():
        message = catalog.get(english)
        if message is not None and message.string and message.string != translated:
            found.append(
                f"{language}: {english!r} is {translated!r} in the games' pages, "
                f"{message.string!r} in the catalogue"
            )
    return found


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("action", choices=["extract", "update", "compile", "check"])
    action = ap.parse_args().action
    if action == "extract":
        extract()
    elif action == "update":
        extract()
        update()
    elif action == "compile":
        compile_all()
    else:
        found = problems()
        for problem in found:
            print(problem)
        sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
