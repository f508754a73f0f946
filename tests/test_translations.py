"""The catalogues: complete, current, compiled, and the language chosen as the system asks.

The messages are extracted from the code and the rule tables with Babel (tools/messages.py)
and compared with each catalogue; the checks themselves are tried on broken entries so a
check that stopped looking would fail here too.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Message

from game import i18n

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


def test_the_template_holds_the_code_the_tables_and_argparse():
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in messages.template() if m.id}
    assert "New game" in ids  # the code
    assert "Double Klondike" in ids  # a rule table's name
    assert "usage: " in ids  # argparse's own words, for --help
    assert len(ids) > 300


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


def test_a_fuzzy_entry_is_not_a_translation():
    message = Message("New game", "Нова гра", flags=["fuzzy"])
    assert messages.translation_problems(message, "uk", 3)


UNDECIDED = (  # a plural message of the game (game/app/wording.py)
    "The solver could not tell where the game was lost in the time it had "
    "({count} position undecided).",
    "The solver could not tell where the game was lost in the time it had "
    "({count} positions undecided).",
)


@pytest.mark.parametrize("language", [lang for lang in i18n.LANGUAGES if lang != "en"])
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
