"""The app around the table, driven by keyboard and mouse under the dummy drivers."""

import pygame
import pytest

from game.app.autosave import CURRENT_GAME_FILE
from game.app.overlays import ConfirmOverlay, MenuOverlay, PageOverlay, PromptOverlay
from game.app.settings import load_settings
from game.app.statistics import StatsKey, load_statistics
from game.engine.commands import Draw

from .app_helpers import click, frame, make_app, menu_row, press, settle


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path, "--variant", "klondike", "--seed", "1")
    settle(application)
    return application


def test_escape_opens_the_menu_and_the_toolbar_button_too(app):
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene(), MenuOverlay)
    press(app, pygame.K_ESCAPE)
    assert app.scene() is app.table
    frame(app)
    menu_button = next(r for name, r in app.table.decor._buttons if name == "menu")
    click(app, menu_button.center)
    assert isinstance(app.scene(), MenuOverlay)


def open_item_by_keys(app, label):
    press(app, pygame.K_ESCAPE)
    menu = app.scene()
    labels = [i.text() for i in menu.items]
    while labels[menu.selected] != label:
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)


@pytest.mark.parametrize("how", ["keys", "mouse"])
def test_new_game_restart_undo_redo_from_the_menu(app, how):
    def choose(label):
        if how == "keys":
            open_item_by_keys(app, label)
        else:
            press(app, pygame.K_ESCAPE)
            click(app, menu_row(app, label).center)

    seed = app.table.game.deal.seed
    app.table.do(Draw())
    app.table.do(Draw())
    choose("Undo")
    assert app.table.game.moves_made == 1 and app.scene() is app.table
    choose("Redo")
    assert app.table.game.moves_made == 2
    choose("Restart this deal")
    assert app.table.game.moves_made == 0 and app.table.game.deal.seed == seed
    choose("New game")
    assert app.table.game.deal.seed != seed


@pytest.mark.parametrize("how", ["keys", "mouse"])
def test_switching_variant_asks_before_abandoning(app, how, tmp_path):
    app.table.do(Draw())
    if how == "keys":
        open_item_by_keys(app, "Variant and deal mode\u2026")
    else:
        press(app, pygame.K_ESCAPE)
        click(app, menu_row(app, "Variant and deal mode\u2026").center)
    variants = app.scene()
    target = "Double Klondike \u00b7 Three-card deals, one redeal"
    if how == "keys":
        while variants.items[variants.selected].text() != target:
            press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)
    else:
        click(app, menu_row(app, target).center)
    question = app.scene()
    assert isinstance(question, ConfirmOverlay)
    press(app, pygame.K_n)  # keep playing: nothing changes
    assert app.table.game.rules.variant == "klondike" and app.table.game.moves_made == 1
    # Again, and this time abandon.
    variants.activate([i.text() for i in variants.items].index(target))
    frame(app)
    if how == "keys":
        press(app, pygame.K_RETURN)
    else:
        click(app, app.scene()._buttons[0].center)
    assert app.table.game.rules.variant == "double-klondike"
    assert app.scene() is app.table
    stats, _ = load_statistics(tmp_path)
    assert stats.get(StatsKey("klondike", "draw1")).played == 1  # the abandoned game


def test_play_a_deal_by_number(app):
    open_item_by_keys(app, "Play deal number\u2026")
    prompt = app.scene()
    assert isinstance(prompt, PromptOverlay)
    for digit in "4242":
        press(app, getattr(pygame, f"K_{digit}"), text=digit)
    press(app, pygame.K_RETURN)
    assert app.table.game.deal.seed == 4242 and app.scene() is app.table
    assert "Deal 4242" in app.table.decor.status_text()[0]  # always shown for sharing


@pytest.mark.parametrize("how", ["keys", "mouse"])
def test_rules_and_statistics_pages(app, how):
    if how == "keys":
        press(app, pygame.K_F1)
    else:
        press(app, pygame.K_ESCAPE)
        click(app, menu_row(app, "Rules").center)
    page = app.scene()
    assert isinstance(page, PageOverlay) and "Don't give up!" in page.text
    assert "Three-card deals" in page.text and "redeal" in page.text
    frame(app)
    press(app, pygame.K_END)
    frame(app)
    assert page.scroll > 0  # the page scrolls
    press(app, pygame.K_ESCAPE)
    assert app.scene() is not page
    app.close_all()
    open_item_by_keys(app, "Statistics")
    assert isinstance(app.scene(), PageOverlay) and app.scene().title == "Statistics"


def test_statistics_reset_asks_first(app, tmp_path):
    app.table.do(Draw())
    app.start_game()  # abandons: one game played
    open_item_by_keys(app, "Statistics")
    page = app.scene()
    assert "Single-card deals\t1\t0" in page.text
    press(app, pygame.K_a)
    assert isinstance(app.scene(), ConfirmOverlay)
    press(app, pygame.K_n)
    assert app.stats.get(StatsKey("klondike", "draw1")).played == 1
    press(app, pygame.K_a)
    press(app, pygame.K_y)
    assert app.stats.get(StatsKey("klondike", "draw1")).played == 0
    assert "No games played yet" in page.text
    stats, _ = load_statistics(tmp_path)
    assert stats.get(StatsKey("klondike", "draw1")).played == 0


@pytest.mark.parametrize("how", ["keys", "mouse"])
def test_options_change_apply_and_persist(app, tmp_path, how):
    open_item_by_keys(app, "Options")
    options = app.scene()

    def change(label, times=1):
        for _ in range(times):
            if how == "keys":
                while options.items[options.selected].text() != label:
                    press(app, pygame.K_DOWN)
                press(app, pygame.K_RIGHT)
            else:
                click(app, menu_row(app, label).center)

    change("Click to move")
    change("Animation")  # normal -> fast
    change("Sound")
    change("Card back")
    change("Left-handed layout")
    change("Deal mode for Klondike")
    s = app.settings
    assert s.click_to_move and not s.sound and s.card_back == "red" and s.left_handed
    assert s.animation_speed == "fast" and s.mode_for("klondike") == "draw1-noredeal"
    assert app.table.options.click_to_move and app.table.renderer.back_style == "red"
    # Left-handed: the stock is now on the right.
    assert app.table.layout.origins[0][0] > app.table.layout.width // 2
    saved, message = load_settings(tmp_path)
    assert saved == s and message is None
    # A new game uses the chosen mode; a new app starts with the same settings.
    app.close_all()
    press(app, pygame.K_n)
    assert app.table.game.rules.mode == "draw1-noredeal"
    again = make_app(tmp_path)
    assert again.settings == app.settings


def test_quit_then_start_resumes_the_same_game(tmp_path):
    app = make_app(tmp_path, "--variant", "double-klondike", "--seed", "77")
    settle(app)
    moves = [m for m in app.table.game.legal_moves()][:1] + [Draw(), Draw(), Draw()]
    for m in moves:
        app.table.do(m)
        app.after_event()
    app.table.undo()
    app.after_event()
    app.table.elapsed = 93.5
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert not app.running
    resumed = make_app(tmp_path)  # no deal flags: resume
    old, new = app.table.game, resumed.table.game
    assert new.state == old.state and new.log == old.log and new.redo_stack == old.redo_stack
    assert resumed.table.elapsed == pytest.approx(93.5)
    assert resumed.game_id == app.game_id
    assert new.redo() is not None  # the undo history came along


@pytest.mark.parametrize(
    "content", ["", "{not json", '{"format": "klondike-family-game", "version": 99}', "TRUNC"]
)
def test_a_bad_save_starts_a_new_game_and_is_kept_aside(tmp_path, content):
    first = make_app(tmp_path, "--seed", "5")
    first.table.do(Draw())
    first.after_event()
    path = tmp_path / CURRENT_GAME_FILE
    if content == "TRUNC":
        content = path.read_text()[:-40]
    path.write_text(content)
    app = make_app(tmp_path)
    assert app.table.game.moves_made == 0
    assert app.table.feedback.message  # the player is told
    kept = [p for p in tmp_path.iterdir() if p.name.startswith(CURRENT_GAME_FILE + ".")]
    assert len(kept) == 1 and kept[0].read_text() == content


def test_a_win_counts_once_even_after_undo_and_winning_again(tmp_path):
    from tests.engine.test_rules_of_play import winning_game

    app = make_app(tmp_path)
    _, game = winning_game("klondike")
    app.table.set_game(game)
    app.game_id = "test-win"
    from game.engine.commands import Collect, ToFoundation
    from game.engine.state import WASTE

    while game.stock_count:
        app.table.do(Draw())
        app.table.do(ToFoundation(WASTE))
    app.table.do(Collect())
    app.after_event()
    assert game.won and app.table.cascade is not None
    app.table.undo()
    app.after_event()
    app.table.redo()
    app.after_event()
    stats, _ = load_statistics(tmp_path)
    record = stats.get(StatsKey("klondike", "draw1"))
    assert (record.played, record.won) == (1, 1)
    assert not (tmp_path / CURRENT_GAME_FILE).exists()  # a won game is not resumed


def choose_in_menu(app, label, how):
    """Open the menu with M (Esc would leave fullscreen) or the toolbar, pick ``label``."""
    if how == "keys":
        press(app, pygame.K_m)
        menu = app.scene()
        while menu.items[menu.selected].text() != label:
            press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)
    else:
        frame(app)
        button = next(r for name, r in app.table.decor._buttons if name == "menu")
        click(app, button.center)
        click(app, menu_row(app, label).center)


@pytest.mark.parametrize("how", ["keys", "mouse"])
def test_deal_number_statistics_fullscreen_and_quit_items(app, how):
    choose_in_menu(app, "Play deal number\u2026", how)
    assert isinstance(app.scene(), PromptOverlay)
    press(app, pygame.K_ESCAPE)
    app.close_all()
    choose_in_menu(app, "Statistics", how)
    assert isinstance(app.scene(), PageOverlay)
    app.close_all()
    choose_in_menu(app, "Fullscreen", how)
    assert app.fullscreen and app.settings.fullscreen
    choose_in_menu(app, "Leave fullscreen", how)
    assert not app.fullscreen
    choose_in_menu(app, "Fullscreen", how)
    press(app, pygame.K_ESCAPE)  # Esc leaves fullscreen first
    assert not app.fullscreen and app.scene() is app.table
    choose_in_menu(app, "Quit", how)
    assert not app.running


@pytest.mark.parametrize("how", ["keys", "mouse"])
def test_hint_and_winnable_items(app, how):
    choose_in_menu(app, "Hint", how)
    assert app.scene() is app.table and app.assistant.hint_task is not None
    app.assistant.hint_task.result(30)
    app.assistant.step(0.01)
    assert app.table.feedback.message.startswith("Hint")
    choose_in_menu(app, "Is this still winnable?", how)
    assert app.scene() is app.table
    app.assistant.verdict_task.result(30)
    app.assistant.step(0.01)
    assert "every card" in app.table.feedback.message
