"""The engine speaks no language; the edge words what it says, in the player's.

Besides its refusals (``game.engine.refusals``), the engine has things to say: a deal
number or a card code it cannot read, a pile with no such name, a saved game it will not
load. Each is an English template with its fields (``game.engine.text``), marked for the
catalogues, and ``game.i18n.say`` translates it. Held here: the English of ``str()``, the
translation wherever a player reads one (the engine's command line, the game's own flags,
a game file opened on the table), and that every template the engine writes is marked,
so the catalogues hold it. That no engine module imports gettext: ``test_layers.py``.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys

import pytest

from game import i18n
from game.engine.cards import cards_from_codes
from game.engine.commands import Draw
from game.engine.deal import MAX_SEED
from game.engine.game import new_game
from game.engine.savefile import SaveError, game_from_dict, game_to_dict
from game.engine.text import EngineError, Message
from game.store.gamefiles import write_game
from game.variants import get_variant
from game.view import intents
from tests.app.app_helpers import make_app, settle
from tests.import_graph import PACKAGE, ROOT

# The templates as the engine writes them (the catalogues' msgids).
DEAL_NUMBER = "a deal number is a whole number from 0 to {highest}, got {text}"
NO_PILE = "no pile {name} in this game"
ENTRY = "{key} entry {number} ({command})"
SURPLUS = (
    "card {card} appears more than {count} time",
    "card {card} appears more than {count} times",
)
MOVE = "move {number} ({move}): {problem}"


def words(language: str):
    """gettext and ngettext of ``language``'s catalogue, as shipped."""
    catalogue = i18n.catalogue(language)
    for template in (DEAL_NUMBER, NO_PILE, ENTRY, MOVE):  # or the tests below prove nothing
        assert catalogue.gettext(template) != template
    return catalogue.gettext, catalogue.ngettext


def bad_entry_game() -> dict:
    """A saved game whose first move names a pile Klondike does not have."""
    game = new_game(get_variant("klondike").rules("draw1"), seed=5)
    game.execute(Draw())
    data = game_to_dict(game)
    data["log"][0]["command"] = "t9-t1"
    return data


def test_str_is_the_english_sentence_and_the_plural_follows_count():
    with pytest.raises(EngineError) as one:
        cards_from_codes(["AS"], 1)
    assert isinstance(one.value, ValueError)
    assert str(one.value).startswith("deck has 1 card, expected 52; missing: AC 2C 3C")
    assert " AS " not in str(one.value)
    with pytest.raises(EngineError) as many:
        cards_from_codes(["AS", "AS", "AS"], 2)
    assert str(many.value) == "card AS appears more than 2 times"


def test_a_text_without_fields_passes_as_it_is_braces_and_all():
    """What a caller has worded already (a rule table's path with braces in its name) may
    be raised as it is."""
    error = EngineError("/tmp/{odd}/table.toml: no such file")
    assert str(error) == i18n.say(error) == "/tmp/{odd}/table.toml: no such file"


def test_say_words_a_message_and_the_messages_in_its_fields_in_the_language_spoken():
    with pytest.raises(SaveError) as caught:
        game_from_dict(bad_entry_game(), get_variant)
    english = "log entry 1 (t9-t1): no pile 't9' in this game"
    assert str(caught.value) == english and i18n.say(caught.value) == english
    gettext, _ngettext = words("uk")
    where = gettext(ENTRY).format(key="log", number=1, command="t9-t1")
    expected = f"{where}: {gettext(NO_PILE).format(name=repr('t9'))}"
    i18n.use_language("uk")
    assert i18n.say(caught.value) == expected != english
    assert i18n.say("a text as it is") == "a text as it is"
    assert i18n.say(Message.of(ValueError("not the engine's"))) == "not the engine's"


def run(*args: str, language: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "LANGUAGE": language, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, timeout=60, cwd=ROOT
    )


@pytest.mark.parametrize("language", ["uk", "ru"])
def test_the_command_line_says_the_engines_problems_in_the_players_language(language):
    gettext, ngettext = words(language)
    play = ("-m", "game.cli", "play", "--variant", "klondike")
    seed = run(*play, "--seed", "abc", language=language)
    said = gettext(DEAL_NUMBER).format(highest=MAX_SEED, text="'abc'")
    assert seed.returncode == 2 and f"--seed: {said}" in seed.stderr
    deck = run(*play, "--deck", "AS AS", language=language)
    said = ngettext(*SURPLUS, 1).format(card="AS", count=1)
    assert deck.returncode == 2 and f"--deck: {said}" in deck.stderr
    move = run(*play, "--seed", "1", "draw", "t9-t1", language=language)
    problem = gettext(NO_PILE).format(name="'t9'")
    said = gettext(MOVE).format(number=2, move="t9-t1", problem=problem)
    assert move.returncode == 2 and said in move.stderr


def test_the_games_own_flags_say_a_bad_deal_number_in_the_language_asked():
    gettext, _ngettext = words("uk")
    done = run("-m", "game", "--language", "uk", "--seed", "12x", language="en")
    said = gettext(DEAL_NUMBER).format(highest=MAX_SEED, text="'12x'")
    assert done.returncode == 2 and said in done.stderr


def test_a_game_file_the_engine_refuses_is_said_on_the_table_in_the_players_language(
    tmp_path,
):
    path = tmp_path / "bad-entry.json"
    path.write_text(json.dumps(bad_entry_game()), encoding="utf-8")
    app = make_app(tmp_path / "data", "--language", "uk")
    settle(app)
    app.controller.apply(intents.OpenGameFile(str(path)))
    gettext, _ngettext = words("uk")
    where = gettext(ENTRY).format(key="log", number=1, command="t9-t1")
    said = f"{where}: {gettext(NO_PILE).format(name=repr('t9'))}"
    assert app.table.toast is not None and said in app.table.toast.text
    assert path.name in app.table.toast.text


def test_a_game_file_written_and_read_again_is_unchanged(tmp_path):
    """The engine's messages changed their form, not the save files: one still opens."""
    game = new_game(get_variant("klondike").rules("draw1"), seed=5)
    game.execute(Draw())
    write_game(tmp_path / "good.json", game, 1.0)
    again, _extra = game_from_dict(
        json.loads((tmp_path / "good.json").read_text(encoding="utf-8")), get_variant
    )
    assert again.log == game.log


# What makes a message out of a template: its first argument must be marked.
MAKERS = {"EngineError", "SaveError", "RuleTableError", "Message"}
MARKERS = {"N_", "N_plural"}


def unmarked(source: str, where: str) -> list[str]:
    """``where:LINE`` for each message made in ``source`` from a template the catalogues
    cannot see: a string literal not passed through ``N_`` or ``N_plural``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        first = node.args[0]
        if name in MAKERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.append(f"{where}:{node.lineno}")
    return found


def test_every_template_the_engine_writes_is_marked_for_the_catalogues():
    found = []
    for path in sorted((PACKAGE / "engine").glob("*.py")):
        found += unmarked(path.read_text(encoding="utf-8"), path.name)
    assert found == []


def test_the_mark_check_sees_a_template_left_unmarked():
    planted = (
        "raise EngineError('no pile {name}', name=n)\n"
        "raise EngineError(N_('no pile {name}'), name=n)\n"
        "problem = N_('x {y}')\n"
        "m = text.Message('unmarked')\n"
    )
    assert unmarked(planted, "p.py") == ["p.py:1", "p.py:4"]
