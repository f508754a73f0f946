"""The language in the running game: the ``--language`` flag for one run, the Options row
for good (at once, without a restart), the system's otherwise."""

from __future__ import annotations

import json

import pytest

from game import i18n
from game.view import intents as i

from .app_helpers import frame, make_app, settle


def said(language: str, message: str) -> str:
    return i18n.catalogue(language).gettext(message)


def language_row(app):
    """The Options menu's Language row (its label in whichever language is spoken)."""
    app.controller.apply(i.OpenOptions())
    menu = app.scenes.top
    return menu, row_of(menu)


def row_of(menu):
    return next(item for item in menu.items if item.text() == i18n._("Language"))


def saved_language(folder) -> str | None:
    path = folder / "settings.json"
    return json.loads(path.read_text(encoding="utf-8")).get("language") if path.exists() else None


@pytest.fixture
def english_after():
    yield
    i18n.use_language("en")


def test_the_flag_speaks_for_this_run_and_the_options_row_shows_it(tmp_path, english_after):
    app = make_app(tmp_path, "--language", "uk")
    settle(app)
    assert i18n.language() == "uk"
    menu, row = language_row(app)
    assert menu.title == said("uk", "Options")
    assert row.value() == "Українська"  # what is spoken, not the setting behind the flag
    assert saved_language(tmp_path) in (None, "system")  # the flag is not kept


def test_the_options_row_changes_the_language_at_once_and_keeps_it(tmp_path, english_after):
    app = make_app(tmp_path, "--language", "en")
    settle(app)
    _, row = language_row(app)
    choices = ["system", "en", "uk", "ru"]
    # Step until Russian: each step speaks at once, and the menu is built again in it.
    for _ in range(len(choices)):
        for intent in row.activate(1):
            app.controller.apply(intent)
        frame(app)
        menu = app.scenes.top  # Options again, built anew in the language now spoken
        row = row_of(menu)
        if i18n.language() == "ru":
            break
    assert i18n.language() == "ru"
    assert app.scenes.top.title == said("ru", "Options")
    assert row.value() == "Русский"
    assert saved_language(tmp_path) == "ru"
    app.controller.assistant.stop()
    # The next run on this folder speaks Russian with no flag.
    i18n.use_language("en")
    again = make_app(tmp_path)
    settle(again)
    assert i18n.language() == "ru"


def test_the_system_language_is_named_in_the_row(tmp_path, monkeypatch, english_after):
    monkeypatch.setenv("LANGUAGE", "uk")
    app = make_app(tmp_path)
    settle(app)
    assert i18n.language() == "uk"
    _, row = language_row(app)
    assert row.value() == said("uk", "System ({language})").format(language="Українська")
