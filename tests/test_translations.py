"""The catalogues: complete, current, compiled, and the language chosen as the system asks;
the built-in games' own words, from their pages, complete in every language.

The messages are extracted from the code with Babel (tools/messages.py) and compared with
each catalogue; a game's name, description and modes are its pages' (``game.i18n.games``).
The checks themselves are tried on broken entries so a check that stopped looking would
fail here too.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Message

from game import i18n
from game.engine.state import State
from game.i18n import games
from game.i18n.wording import moving
from game.variants import all_variants

ROOT = Path(__file__).resolve().parent.parent


def load_messages_tool():
    spec = importlib.util.spec_from_file_location("messages_tool", ROOT / "tools" / "messages.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["messages_tool"] = module
    spec.loader.exec_module(module)
    return module


messages = load_messages_tool()


def test_every_message_is_in_every_catalogue_translated_and_compiled():
    assert messages.problems() == []


def test_the_template_holds_the_code_and_argparse_not_the_games_words():
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in messages.template() if m.id}
    assert "New game" in ids  # the code
    assert "usage: " in ids  # argparse's own words, for --help
    assert len(ids) > 300
    assert "Double Klondike" not in ids and "Single-card deals" not in ids  # the pages' words


@pytest.mark.parametrize("language", [lang for lang in i18n.LANGUAGES if lang != "en"])
@pytest.mark.parametrize("table", all_variants(), ids=lambda t: t.id)
def test_every_games_words_are_translated_by_its_page(table, language):
    """Its name, description and every mode's label and description, as the game shows
    them in ``language``: the page's words, none left in English."""
    tr = i18n.catalogue(language)
    said = [table.name, table.description]
    said += [word for mode in table.modes for word in (mode.label, mode.description)]
    for english in filter(None, said):
        assert tr.gettext(english) != english, f"{table.id}: {english!r} not in {language}"
    found = [p for p in games.problems(language) if p.startswith(f"{language} {table.id}:")]
    assert found == []


def copy_of_the_games(tmp_path: Path, monkeypatch) -> Path:
    """The built-in tables and their Ukrainian pages in a folder the game reads instead."""
    (tmp_path / "help" / "uk").mkdir(parents=True)
    for source in games.tables_dir().glob("*.toml"):
        (tmp_path / source.name).write_bytes(source.read_bytes())
        page = games.page_path(source.stem, "uk")
        (tmp_path / "help" / "uk" / page.name).write_bytes(page.read_bytes())
    monkeypatch.setattr(games, "tables_dir", lambda: tmp_path)
    return tmp_path / "help" / "uk"


@pytest.mark.parametrize(
    "change, problem",
    [
        (('label = "По три карти"\n', ""), "yukon: modes.draw3.label ('Three-card deals') not"),
        (("[modes.draw3]", "[modes.draw4]"), "yukon: header says modes.draw4.label, which"),
        (("+++\n", "", 1), "yukon.txt: no header of the game's words"),
        (('name = "', 'name = "Ю'), None),  # a word of its own: fine
        (("По три карти", "Три карти"), "yukon: modes.draw3.label ('Three-card deals') said"),
        (("По три карти", "юкон"), "yukon: modes.draw3.label says the game's name again"),
    ],
)
def test_a_page_lacking_or_misplacing_a_word_is_named(tmp_path, monkeypatch, change, problem):
    """A made-up page of Yukon's with three-card deals (as Klondike says them), then each
    fault in it: the check names the game, the word, and what is wrong."""
    pages = copy_of_the_games(tmp_path, monkeypatch)
    table = (tmp_path / "yukon.toml").read_text(encoding="utf-8")
    table += '\n[modes.draw3]\nlabel = "Three-card deals"\nstock = { draw = 3 }\n'
    (tmp_path / "yukon.toml").write_text(table, encoding="utf-8")
    page = (pages / "yukon.txt").read_text(encoding="utf-8")
    page = page.replace("+++\n#", '\n[modes.draw3]\nlabel = "По три карти"\n+++\n#', 1)
    (pages / "yukon.txt").write_text(page, encoding="utf-8")
    assert games.problems("uk") == []
    (pages / "yukon.txt").write_text(page.replace(*change), encoding="utf-8")
    found = games.problems("uk")
    assert (found == []) if problem is None else any(problem in p for p in found), found


def test_the_game_shows_the_pages_words_and_the_page_without_them():
    from game.variants import help_text

    try:
        i18n.use_language("ru")
        assert i18n._("Klondike") == "Клондайк" and i18n._("Yukon") == "Юкон"
        assert help_text("klondike").startswith("# Клондайк\n")
    finally:
        i18n.use_language("en")
    assert i18n._("Klondike") == "Klondike"


@pytest.mark.parametrize(
    "english, translated, ok",
    [
        ("Deal {number}", "Роздача {number}", True),
        ("Deal {number}", "Роздача {numbr}", False),  # a misspelt field would crash .format
        ("Deal {number}", "Роздача", False),  # a lost number
        ("Saved to %(path)s", "Збережено в %(path)s", True),
        ("Saved to %(path)s", "Збережено", False),
    ],
)
def test_a_translation_keeps_the_placeholders(english, translated, ok):
    problems = messages.translation_problems(Message(english, translated), "uk", 3)
    assert (problems == []) == ok, problems


def test_plural_forms_are_counted_and_checked():
    english = ("{count} card", "{count} cards")
    right = Message(english, ("{count} карта", "{count} карти", "{count} карт"))
    two_forms = Message(english, ("{count} карта", "{count} карт"))
    lost = Message(english, ("{count} карта", "{count} карти", "карт"))
    empty = Message(english, ("{count} карта", "", "{count} карт"))
    assert messages.translation_problems(right, "uk", 3) == []
    assert messages.translation_problems(two_forms, "uk", 3)
    assert messages.translation_problems(lost, "uk", 3)
    assert messages.translation_problems(empty, "uk", 3)


def test_the_one_form_says_its_number_where_it_also_serves_21():
    english = ("the card on it", "the {count} cards on it")  # English says "one" for 1 alone
    assert messages.translation_problems(Message(english, english), "en", 2) == []
    no_number = Message(english, ("карта на ній", "{count} карти на ній", "{count} карт на ній"))
    assert messages.translation_problems(no_number, "uk", 3)  # 21 would read "карта на ній"
    assert messages.one_is_only_one("en") and not messages.one_is_only_one("ru")


def test_a_fuzzy_entry_is_not_a_translation():
    message = Message("New game", "Нова гра", flags=["fuzzy"])
    assert messages.translation_problems(message, "uk", 3)


UNDECIDED = (  # a plural message of the game (game/i18n/wording.py)
    "The solver could not tell where the game was lost in the time it had "
    "({count} position undecided).",
    "The solver could not tell where the game was lost in the time it had "
    "({count} positions undecided).",
)


TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]
COUNTS = (1, 2, 5, 11, 21, 22, 25)


def plural_messages(language: str) -> list[Message]:
    catalog = messages.read(messages.po_path(language), language)
    return [m for m in catalog if m.id and isinstance(m.id, tuple)]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_plural_message_reads_right_for_every_count(language):
    """Each count gets the form its language's rule gives it (CLDR's, through Babel: not
    the catalogue's own formula), and every form says the number."""
    rule = Locale.parse(language).plural_form
    assert [rule(n) for n in COUNTS] == ["one", "few", "many", "many", "one", "few", "many"]
    form = {"one": 0, "few": 1, "many": 2}
    tr = i18n.catalogue(language)
    plurals = plural_messages(language)
    assert len(plurals) >= 10
    for message in plurals:
        fields = set(messages.placeholders(message.id[1]))
        assert fields, message.id
        for n in COUNTS:
            shown = tr.ngettext(message.id[0], message.id[1], n)
            assert shown == message.string[form[rule(n)]], (message.id[0], n)
            assert set(messages.placeholders(shown)) >= fields, (shown, n)
            assert str(n) in shown.format(**dict.fromkeys(fields, n)), (shown, n)


def test_one_card_is_its_own_message_and_21_says_its_number():
    """Where the count is one, the code words it without ngettext; from two up the plural
    says the number, so a hint moving a Double Klondike run with 21 cards on its first card
    does not read "and the card on it"."""
    pile = State(piles=((), (), tuple(range(23))), down=(0, 0, 0))
    i18n.use_language("uk")
    try:
        shown = {n: moving(pile, 2, n + 1) for n in (1, 2, 21)}
    finally:
        i18n.use_language("en")
    assert shown[1].endswith("(і ще одна карта)")
    assert shown[2].endswith("(і ще 2 карти)")
    assert shown[21].endswith("(і ще 21 карта)")
    assert moving(pile, 2, 22).endswith("and the 21 cards on it")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_msgfmt_checks_the_catalogue(language, tmp_path):
    """GNU gettext's own check: formats, plural forms, and a header that says who
    translated the catalogue and when (no warning either)."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:  # CI installs it (.ci/run)
        pytest.skip("msgfmt is not installed (Debian: gettext)")
    po = messages.po_path(language)
    done = subprocess.run(
        [msgfmt, "-c", "-o", str(tmp_path / "out.mo"), str(po)], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_msgfmt_finds_a_one_form_without_its_number(tmp_path):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt is not installed (Debian: gettext)")
    header = messages.po_path("uk").read_text(encoding="utf-8").split("\n\n")[0]
    broken = tmp_path / "broken.po"
    broken.write_text(
        header + "\n\n#, python-brace-format\n"
        'msgid "the card on it"\nmsgid_plural "the {count} cards on it"\n'
        'msgstr[0] "карта на ній"\nmsgstr[1] "{count} карти на ній"\n'
        'msgstr[2] "{count} карт на ній"\n',
        encoding="utf-8",
    )
    done = subprocess.run([msgfmt, "-c", "-o", "/dev/null", str(broken)], capture_output=True)
    assert done.returncode != 0


@pytest.mark.parametrize("language", TRANSLATED)
def test_three_plural_forms_as_the_language_says(language):
    i18n.use_language(language)
    try:
        forms = {n: i18n.ngettext(*UNDECIDED, n) for n in (1, 2, 5, 21, 22)}
    finally:
        i18n.use_language("en")
    assert len({forms[1], forms[2], forms[5]}) == 3, forms
    assert forms[21] == forms[1] and forms[22] == forms[2]


@pytest.mark.parametrize(
    "environ, platform, expected",
    [
        ({"LANGUAGE": "uk:en", "LANG": "en_US.UTF-8"}, "linux", "uk"),
        ({"LANGUAGE": "de:ru"}, "linux", "ru"),  # the first the game speaks
        ({"LC_ALL": "ru_RU.UTF-8"}, "linux", "ru"),
        ({"LC_MESSAGES": "uk_UA.UTF-8", "LANG": "en_GB.UTF-8"}, "linux", "uk"),
        ({"LANG": "ru_UA.UTF-8@euro"}, "darwin", "ru"),
        ({"LANG": "C"}, "linux", "en"),
        ({"LANG": "fr_FR.UTF-8"}, "linux", "en"),
        ({}, "linux", "en"),
    ],
)
def test_the_system_language(environ, platform, expected):
    assert i18n.choose("system", environ=environ, platform=platform) == expected


def test_a_setting_wins_over_the_system():
    assert i18n.choose("ru", environ={"LANGUAGE": "uk"}, platform="linux") == "ru"


def test_a_change_applies_at_once_and_an_unknown_language_speaks_english():
    try:
        assert i18n.use_language("uk") == "uk"
        ukrainian = i18n._("New game")
        assert ukrainian != "New game"
        assert i18n.use_language("ru") == "ru"
        assert i18n._("New game") not in ("New game", ukrainian)
        assert i18n.use_language("xx") == "en"
        assert i18n._("New game") == "New game"
    finally:
        i18n.use_language("en")
