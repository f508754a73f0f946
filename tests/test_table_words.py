"""A broken rule table, said in the player's language with its file, line and key.

The engine checks a table and says what is wrong as an English template with its fields
(``game.engine.text``); the edge words it: the engine's command line, the game's own
``--table`` flag, the Variants menu's page for a table of the player's that cannot be
played. Each is held here to the catalogue's Ukrainian sentence, built from the same
templates the engine writes (the catalogues' msgids).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.engine.rules import RuleTableError
from game.variants import get_variant, load_variant_file
from game.view import intents
from game.view.widgets.page import PagePanel
from tests.app.app_helpers import click, make_app, menu_row, settle
from tests.app.test_player_tables import BROKEN, open_variants
from tests.test_engine_words import run
from tests.variants.test_player_tables import MINE, put

# The templates as the engine and the variants write them.
AT_LINE = "{file}, line {line}: key '{key}': {problem}"
AT_KEY = "{file}: key '{key}': {problem}"
RANGE = "must be a whole number from {low} to {high}, got {value}"
UNKNOWN = "{why} (expected one of: {keys})"
RETIRED = "not a key: foundations build in suit, up or down as direction says"
NO_MODE = "variant {variant} has no mode {mode} (modes: {modes})"
CANNOT = "{name} cannot be played"


def gettext(language: str):
    """The catalogue's gettext, checked to translate the templates used here."""
    words = i18n.catalogue(language).gettext
    for template in (AT_LINE, AT_KEY, RANGE, UNKNOWN, RETIRED, NO_MODE, CANNOT):
        assert words(template) != template  # or the tests below prove nothing
    return words


def piles_said(words, path: Path) -> str:
    """BROKEN's problem (14 tableau piles, on line 9) in the words of ``words``."""
    problem = words(RANGE).format(low=1, high=13, value=14)
    return words(AT_LINE).format(file=path, line=9, key="tableau.piles", problem=problem)


def test_an_error_is_worded_when_shown_in_the_language_spoken_then(tmp_path):
    """The error holds its template and fields, not a sentence: a change of language
    after it was raised words it anew, the problem inside it too."""
    path = tmp_path / "retired.toml"
    path.write_text(MINE + '\n[foundations]\nbuild = "down"\n', encoding="utf-8")
    with pytest.raises(RuleTableError) as caught:
        load_variant_file(path)
    keys = "count, cards_may_return, base, wrap, direction, start, takes, group_moves"
    english = f"{path}, line 12: key 'foundations.build': {RETIRED} (expected one of: {keys})"
    assert str(caught.value) == i18n.say(caught.value) == english
    assert caught.value.key == "foundations.build" and caught.value.source == str(path)
    words = gettext("uk")
    i18n.use_language("uk")
    problem = words(UNKNOWN).format(why=words(RETIRED), keys=keys)
    said = words(AT_LINE).format(file=path, line=12, key="foundations.build", problem=problem)
    assert i18n.say(caught.value) == said != english
    assert str(caught.value) == english  # the English stays what logs and tests read


@pytest.mark.parametrize("language", ["uk", "ru"])
def test_the_command_line_says_a_broken_table_in_the_players_language(tmp_path, language):
    words = gettext(language)
    path = tmp_path / "bad.toml"
    path.write_text(BROKEN, encoding="utf-8")
    done = run("-m", "game.cli", "play", "--table", str(path), "--seed", "1", language=language)
    assert done.returncode == 2 and piles_said(words, path) in done.stderr


def test_the_command_line_says_a_mode_the_table_lacks_in_the_players_language(tmp_path):
    words = gettext("uk")
    path = tmp_path / "mine.toml"
    path.write_text(MINE, encoding="utf-8")
    play = ("-m", "game.cli", "play", "--table", str(path), "--mode", "nothing", "--seed", "1")
    done = run(*play, language="uk")
    modes = ", ".join(get_variant("klondike").mode_ids())  # its parent's
    said = words(NO_MODE).format(variant="'mine'", mode="'nothing'", modes=modes)
    assert done.returncode == 2 and said in done.stderr


def test_the_games_own_table_flag_says_a_broken_table_in_the_language_asked(tmp_path):
    words = gettext("uk")
    path = tmp_path / "bad.toml"
    path.write_text(BROKEN, encoding="utf-8")
    done = run("-m", "game", "--language", "uk", "--table", str(path), language="en")
    assert done.returncode == 2 and piles_said(words, path) in done.stderr


def test_the_variants_menu_shows_a_players_broken_table_in_the_players_language(tmp_path):
    words = gettext("uk")
    path = put(tmp_path, "broken.toml", BROKEN)
    app = make_app(tmp_path, "--language", "uk")
    settle(app)
    before = app.session.game
    open_variants(app)
    click(app, menu_row(app, "broken.toml").center)
    page = app.scenes.top
    assert isinstance(page, PagePanel)
    assert page.title == words(CANNOT).format(name="broken.toml")
    assert page.text().startswith(piles_said(words, path) + "\n\n")
    assert app.session.game is before  # nothing started, nothing changed
    app.controller.apply(intents.CloseScene())
