"""The screen never lies (issue 21): each finding reproduced through the real App and
Controller, and each rule of the UI model (``ui_model``) broken on purpose to see its check
fail.

Findings here: 1 (a stale table behind panels), 2 (a finished game's replay acting on the
live game), 3 (a verdict about the abandoned game on the new deal), 6 (the timeline and
saved files opening on an undone move), and messages tied to the position they are about.
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.app.loop import DT
from game.engine.commands import Collect, Draw, ToFoundation
from game.engine.state import WASTE
from game.solver.analysis import Analysis
from game.store.gamefiles import HISTORY, read_game, write_game
from game.view import intents as i
from game.view.replay import ReplayScene
from game.view.table import TableScene
from game.view.timeline import buttons
from game.view.widgets.dialogs import ConfirmDialog
from game.view.widgets.menu import MenuPanel
from tests.engine.test_rules_of_play import winning_game

from . import ui_model
from .app_helpers import make_app, press, settle
from .test_replay import adopt, long_game


def rest(app) -> None:
    """Let every scene come to rest and draw the frame."""
    for _ in range(3000):
        app.update(DT)
        app.tick(DT)
        if ui_model.shown_table(app).idle:
            break
    app.draw(pygame.display.get_surface(), 1.0)


def won_klondike_file(folder):
    """A won Klondike game kept in the history, as the game keeps one."""
    _, game = winning_game("klondike")
    while game.stock_count:
        game.execute(Draw())
        while game.state.piles[WASTE]:
            game.execute(ToFoundation(WASTE))
    game.execute(Collect())
    assert game.won
    path = folder / HISTORY / "20261201-035300-000000-klondike-won.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_game(path, game, 95.0, "won")
    return path


@pytest.fixture
def klondike(tmp_path):
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "1")
    settle(app)
    return app


# -- finding 1: the table under a panel is the table now ------------------------------------------


def test_the_second_menu_shows_the_table_as_it_is_now(klondike):
    app = klondike
    for key in (pygame.K_SPACE, pygame.K_m, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_SPACE):
        press(app, key)
        rest(app)
    press(app, pygame.K_m)
    rest(app)
    assert isinstance(app.scenes.top, MenuPanel)
    game = app.session.game
    assert game.moves_made == 3 and game.stock_count == 21
    ui_model.check(app)  # the backdrop is a fresh render of the table at Moves 3
    fields = {f.key: f.forms[0] for f in app.table.snapshot().fields}
    assert "3" in fields["moves"] and "21" in fields["stock"]


def test_the_abandon_question_counts_the_moves_the_status_line_shows(klondike):
    app = klondike
    for _ in range(4):
        press(app, pygame.K_SPACE)
        rest(app)
    press(app, pygame.K_m)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_SPACE)
    rest(app)
    press(app, pygame.K_n)
    rest(app)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    assert "(5 moves)" in dialog.question
    moves = next(f for f in app.table.snapshot().fields if f.key == "moves")
    assert moves.forms[0].endswith("5")
    ui_model.check(app)


def test_a_change_under_an_open_panel_is_drawn_under_it(klondike):
    """The table changes while a panel is open (a setting, a message going away): the
    backdrop follows; and the game's clock holds still while the panel covers the table."""
    app = klondike
    press(app, pygame.K_SPACE)
    rest(app)
    app.controller.apply(i.Notify("A message about nothing in particular."))
    press(app, pygame.K_m)
    rest(app)
    ui_model.check(app)
    clock = app.session.elapsed
    for _ in range(int(20 / DT)):  # twenty seconds with the menu open
        app.tick(DT)
    app.draw(pygame.display.get_surface(), 1.0)
    assert app.table.toast is None  # the message went, under the menu
    assert app.session.elapsed == clock
    ui_model.check(app)


# -- finding 2: a finished game's replay is its own ------------------------------------------------


def test_a_finished_games_replay_has_its_own_table_and_no_hold_on_the_live_game(tmp_path):
    won_klondike_file(tmp_path)
    app = make_app(tmp_path, "--variant", "double-klondike", "--seed", "4")
    settle(app)
    for _ in range(3):
        press(app, pygame.K_SPACE)
        rest(app)
    live = ui_model.GameMark.of(app.session.game)
    live_card = (app.table.layout.card_w, app.table.layout.card_h)
    app.controller.apply(i.OpenHistory())
    press(app, pygame.K_RETURN)
    rest(app)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene) and replay.game.rules.variant == "klondike"
    assert replay.game.won and replay.position == replay.total
    # No "You won!" panel of the live game's: the bar is the replay's own controls.
    assert replay.table.snapshot().win is None
    assert replay.table.layout.card_w > live_card[0]  # Klondike's cards are larger
    ui_model.check(app)
    # Every button on screen but "play from here" and "close" leaves the live game alone.
    table = replay.table
    for rect, intent in table.decor.render(table.snapshot(), table.layout)[1]:
        if isinstance(intent, (i.ReplayBranch, i.CloseReplay)):
            continue
        was = ui_model.before(app)
        app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
        app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
        rest(app)
        ui_model.check(app, was, [intent])
    assert ui_model.GameMark.of(app.session.game) == live
    press(app, pygame.K_ESCAPE)
    rest(app)
    assert app.scenes.top is app.table
    assert (app.table.layout.card_w, app.table.layout.card_h) == live_card
    assert tuple(app.table.art.size) == live_card  # not Klondike's
    ui_model.check(app)


def test_the_end_of_a_won_replay_offers_the_replays_controls(tmp_path):
    path = won_klondike_file(tmp_path)
    app = make_app(tmp_path)
    app.controller.apply(i.OpenReplay(str(path)))
    replay = app.scenes.top
    labels = [text for text, _ in buttons(replay.bar())]
    assert replay.bar().branch_label in labels and "Close" in labels
    assert replay.table.snapshot().win is None and not replay.table.sounds.count("win")


# -- finding 3: messages belong to a game -------------------------------------------------------


def test_a_result_about_the_game_just_left_says_so(klondike):
    app = klondike
    for _ in range(3):
        press(app, pygame.K_SPACE)
        rest(app)
    app.controller.apply(i.SwitchVariant("saratoga", None))
    press(app, pygame.K_y)  # yes, abandon it
    rest(app)
    assert app.session.game.rules.variant == "saratoga" and app.session.game.moves_made == 0
    left = str(app.session.last_finished)
    still = Analysis(
        moves=3, winnable_at_deal=True, last_winnable_move=3, losing_move=None, undecided=0
    )
    app.controller.apply(i.ShowAnalysis(left, still, quiet=True))
    assert app.table.toast.text == "Your last game could still have been won."
    never = dataclasses.replace(still, winnable_at_deal=False, last_winnable_move=None)
    app.controller.apply(i.ShowAnalysis(left, never, quiet=True))
    assert app.table.toast.text.startswith("Your last game could not be won")
    app.table.hush()
    unknown = dataclasses.replace(still, winnable_at_deal=None, last_winnable_move=1, undecided=2)
    app.controller.apply(i.ShowAnalysis(left, unknown, quiet=True))
    assert app.table.toast is None  # nothing worth saying unasked


def test_a_message_about_a_position_left_is_not_shown(klondike):
    app = klondike
    old = app.session.game.state
    press(app, pygame.K_SPACE)
    rest(app)
    app.controller.apply(i.Notify("This game can still be won.", about=old))
    assert app.table.toast is None
    app.controller.apply(i.Notify("Hint about here.", about=app.session.game.state))
    assert app.table.toast.text == "Hint about here."
    app.controller.apply(i.Undo())  # the position it spoke of is left: it goes
    assert app.table.toast is None


def test_a_new_deal_starts_with_no_word_about_the_old_one(klondike):
    app = klondike
    press(app, pygame.K_SPACE)
    rest(app)
    app.controller.apply(i.Notify("Still winnable, here.", about=app.session.game.state))
    app.controller.apply(i.NewGame())
    press(app, pygame.K_y)
    rest(app)
    assert app.session.game.moves_made == 0
    assert app.table.toast is None or "here" not in app.table.toast.text


# -- finding 6: undo is the position ---------------------------------------------------------


def test_the_timeline_and_a_saved_file_open_at_the_position_after_undo(klondike, tmp_path):
    app = klondike
    adopt(app, long_game(moves=5, seed=3))
    app.controller.apply(i.Undo())
    app.controller.apply(i.Undo())
    app.controller.apply(i.Redo())
    game = app.session.game
    assert game.moves_made == 4 and game.can_redo
    press(app, pygame.K_v)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene)
    assert (replay.position, replay.total) == (4, 4)  # "Move 4 of 4", the undone one unseen
    assert replay.game.state == game.state
    press(app, pygame.K_ESCAPE)
    path = tmp_path / "saved.json"
    app.controller.apply(i.ExportGame(str(path)))
    kept = read_game(path)
    assert len(kept.game.redo_stack) == 1  # the redo tail is kept in the file...
    app.controller.apply(i.OpenGameFile(str(path)))
    replay = app.scenes.top
    assert (replay.position, replay.total) == (4, 4)  # ...but never shown as played
    assert ui_model.GameMark.of(app.session.game).redo == 1  # the live game keeps its redo


# -- each rule of the model, broken on purpose ------------------------------------------------


def test_rule_sprites_fails_on_a_card_off_its_home(klondike):
    app = klondike
    ui_model.check(app)
    sprite = next(iter(app.table.motion.sprites.values()))
    sprite.home = dataclasses.replace(sprite.home, x=sprite.home.x + 7)
    with pytest.raises(ui_model.ScreenLies, match="sprites"):
        ui_model.check_sprites(app)


def test_rule_backdrop_fails_on_a_backdrop_kept_from_before(klondike, monkeypatch):
    app = klondike
    monkeypatch.setattr(TableScene, "picture", lambda self: "always the same")
    press(app, pygame.K_m)
    rest(app)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_SPACE)
    rest(app)
    press(app, pygame.K_m)
    rest(app)
    with pytest.raises(ui_model.ScreenLies, match="backdrop"):
        ui_model.check_backdrop(app)


def test_rule_status_fails_on_a_clock_or_game_not_the_sessions(klondike):
    app = klondike
    press(app, pygame.K_SPACE)
    rest(app)
    for _ in range(int(3 / DT)):
        app.tick(DT)
    ui_model.check_status(app)
    app.table.clock = lambda: 0.0
    with pytest.raises(ui_model.ScreenLies, match="time"):
        ui_model.check_status(app)
    app.table.clock = lambda: app.session.elapsed
    app.table.show(long_game(moves=7), animate=False)
    with pytest.raises(ui_model.ScreenLies, match="status"):
        ui_model.check_status(app)


def test_rule_card_size_fails_on_art_shared_with_a_replay(tmp_path):
    path = won_klondike_file(tmp_path)
    app = make_app(tmp_path, "--variant", "double-klondike", "--seed", "4")
    settle(app)
    app.controller.apply(i.OpenReplay(str(path)))
    replay = app.scenes.top
    replay.table.art = replay.table.renderer.art = app.table.art  # one art for both, as once
    replay.table._lay_out(replay.table.layout)
    press(app, pygame.K_ESCAPE)
    rest(app)
    with pytest.raises(ui_model.ScreenLies, match="card size"):
        ui_model.check_card_size(app)


def test_rule_other_games_fails_when_a_replay_control_moves_the_live_game(klondike):
    app = klondike
    adopt(app, long_game(moves=6, seed=3))
    press(app, pygame.K_v)
    controller = app.controller
    step = controller._handlers[i.ReplayStep]

    def leaky(intent):  # a replay's step that also takes back a move of the live game
        step(intent)
        app.session.undo()

    controller._handlers[i.ReplayStep] = leaky
    was = ui_model.before(app)
    press(app, pygame.K_LEFT)
    rest(app)
    with pytest.raises(ui_model.ScreenLies, match="other games"):
        ui_model.check_other_games(app, was, [i.ReplayStep(-1)])


def test_rule_other_games_fails_when_a_replay_moves_by_itself(klondike):
    app = klondike
    adopt(app, long_game(moves=6, seed=3))
    press(app, pygame.K_v)
    replay = app.scenes.top
    was = ui_model.before(app)
    replay.game.undo()  # nothing the player did
    with pytest.raises(ui_model.ScreenLies, match="replay's game"):
        ui_model.check_other_games(app, was, [])


def test_the_model_player_reaches_every_kind_of_scene(tmp_path):
    """A short run of the model's player, to see that it gets where the long runs must."""
    import random

    app = make_app(tmp_path, "--windowed", "800x600")
    player = ui_model.Player(app, random.Random(5), lambda: make_app(tmp_path))
    while player.actions < 150:
        player.step()
    player.app.controller.assistant.stop()
    player.app.controller.watching.analyst.cancel()
    assert {"TableScene", "MenuPanel"} <= player.seen
