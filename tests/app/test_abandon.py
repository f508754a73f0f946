"""One rule for abandoning: a game with moves is never thrown away silently. Every path
asks first; keeping changes nothing; abandoning counts one loss, and the saved game is
then the new one."""

import json

import pygame
import pytest

from game.engine.commands import Draw
from game.store.autosave import CURRENT_GAME_FILE
from game.store.statistics import StatsKey, load_statistics
from game.view import intents as i
from game.view.widgets.dialogs import ConfirmDialog

from .app_helpers import button_of, click, frame, make_app, play, press, settle

KLONDIKE = StatsKey("klondike", "draw1")


def saved(folder) -> dict:
    return json.loads((folder / CURRENT_GAME_FILE).read_text())


def played(stats_folder, key=KLONDIKE) -> int:
    return load_statistics(stats_folder)[0].get(key).played


def by_key_n(app):
    press(app, pygame.K_n)


def by_button_new(app):
    frame(app)
    click(app, button_of(app, i.NewGame()).center)


def by_key_r(app):
    press(app, pygame.K_r)


def by_variant(app):
    app.controller.apply(i.OpenVariants())
    app.controller.apply(i.SwitchVariant("saratoga", "draw1"))


def by_deal_number(app):
    app.controller.apply(i.OpenDealPrompt())
    prompt = app.scenes.top
    prompt.type("4242")
    press(app, pygame.K_RETURN)


PATHS = {
    "N": by_key_n,
    "New button": by_button_new,
    "R": by_key_r,
    "variant": by_variant,
    "deal number": by_deal_number,
}


@pytest.mark.parametrize("path", list(PATHS))
def test_every_way_of_leaving_a_game_asks_and_keeping_changes_nothing(tmp_path, path):
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "11")
    settle(app)
    play(app, Draw())
    play(app, Draw())
    game = app.session.game
    PATHS[path](app)
    assert isinstance(app.scenes.top, ConfirmDialog), path
    press(app, pygame.K_RETURN)  # Enter: the safe answer, keep playing
    assert app.session.game is game and game.moves_made == 2
    assert played(tmp_path) == 0
    assert len(saved(tmp_path)["log"]) == 2 and saved(tmp_path)["seed"] == 11


@pytest.mark.parametrize("path", list(PATHS))
def test_abandoning_counts_one_loss_and_saves_the_new_game(tmp_path, path):
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "11")
    settle(app)
    play(app, Draw())
    PATHS[path](app)
    press(app, pygame.K_y)
    assert app.scenes.top is app.table
    assert app.session.game.moves_made == 0
    assert played(tmp_path) == 1 and load_statistics(tmp_path)[0].get(KLONDIKE).won == 0
    assert saved(tmp_path)["log"] == []
    expected = {"N": None, "New button": None, "R": 11, "variant": None, "deal number": 4242}
    if expected[path] is not None:
        assert app.session.game.deal.seed == expected[path]
    if path == "variant":
        assert app.session.game.rules.variant == "saratoga"


@pytest.mark.parametrize("path", list(PATHS))
def test_a_game_without_moves_is_left_without_a_question(tmp_path, path):
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "11")
    settle(app)
    first = app.session.game
    PATHS[path](app)
    assert app.scenes.top is app.table and app.session.game is not first
    assert played(tmp_path) == 0


def test_deal_flags_over_a_saved_game_with_moves_ask_at_the_table(tmp_path):
    first = make_app(tmp_path, "--variant", "double-klondike", "--seed", "55")
    play(first, Draw())
    play(first, Draw())
    first.controller.apply(i.Quit())
    # Keep: the saved game goes on, nothing counted, nothing overwritten.
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "100")
    question = app.scenes.top
    assert isinstance(question, ConfirmDialog) and "55" in question.question
    assert app.session.game.rules.variant == "double-klondike" and app.session.game.moves_made == 2
    press(app, pygame.K_RETURN)
    assert app.scenes.top is app.table and app.session.game.deal.seed == 55
    play(app, Draw())
    assert saved(tmp_path)["variant"] == "double-klondike" and len(saved(tmp_path)["log"]) == 3
    assert played(tmp_path, StatsKey("double-klondike", "draw3")) == 0
    app.controller.apply(i.Quit())
    # Abandon: the asked-for deal, and the saved game counted as lost.
    again = make_app(tmp_path, "--variant", "klondike", "--seed", "100")
    press(again, pygame.K_y)
    assert again.session.game.rules.variant == "klondike" and again.session.game.deal.seed == 100
    assert played(tmp_path, StatsKey("double-klondike", "draw3")) == 1
    assert saved(tmp_path)["variant"] == "klondike" and saved(tmp_path)["seed"] == 100


def test_deal_flags_over_a_saved_game_without_moves_just_deal(tmp_path):
    make_app(tmp_path, "--variant", "double-klondike", "--seed", "55").controller.apply(i.Quit())
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "100")
    assert app.scenes.top is app.table and app.session.game.deal.seed == 100
