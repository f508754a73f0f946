"""The app around the table, driven by keyboard and mouse under the dummy drivers."""

import pygame
import pytest

from game.engine.commands import Draw
from game.store.autosave import CURRENT_GAME_FILE
from game.store.settings import load_settings
from game.store.statistics import StatsKey, load_statistics
from game.view import intents as i
from game.view.hud import first_word
from game.view.widgets.dialogs import ConfirmDialog, PromptDialog
from game.view.widgets.menu import MenuPanel
from game.view.widgets.page import PagePanel

from .app_helpers import (
    button_of,
    click,
    frame,
    make_app,
    menu_row,
    play,
    play_to_win,
    press,
    settle,
)


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path, "--variant", "klondike", "--seed", "1")
    settle(application)
    return application


def test_escape_opens_the_menu_and_the_toolbar_button_too(app):
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuPanel)
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is app.table
    frame(app)
    click(app, button_of(app, i.OpenMenu()).center)
    assert isinstance(app.scenes.top, MenuPanel)


def open_item_by_keys(app, label):
    press(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    labels = [item.text() for item in menu.items]
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

    seed = app.session.game.deal.seed
    play(app, Draw())
    play(app, Draw())
    choose("Undo")
    assert app.session.game.moves_made == 1 and app.scenes.top is app.table
    choose("Redo")
    assert app.session.game.moves_made == 2
    choose("Restart this deal")
    assert isinstance(app.scenes.top, ConfirmDialog)  # it has moves: asked first
    press(app, pygame.K_y)
    assert app.session.game.moves_made == 0 and app.session.game.deal.seed == seed
    choose("New game")  # no moves: no question
    assert app.session.game.deal.seed != seed and app.scenes.top is app.table


@pytest.mark.parametrize("how", ["keys", "mouse"])
def test_switching_variant_asks_before_abandoning(app, how, tmp_path):
    play(app, Draw())
    if how == "keys":
        open_item_by_keys(app, "Variant and deal mode\u2026")
    else:
        press(app, pygame.K_ESCAPE)
        click(app, menu_row(app, "Variant and deal mode\u2026").center)
    variants = app.scenes.top
    target = "Three-card deals, one redeal"  # in the menu of Double Klondike's modes

    def choose(menu, text):
        if how == "keys":
            while menu.items[menu.selected].text() != text:
                press(app, pygame.K_DOWN)
            press(app, pygame.K_RETURN)
        else:
            click(app, menu_row(app, text).center)

    choose(variants, "Double Klondike")
    modes = app.scenes.top
    assert modes is not variants and modes.title == "Double Klondike"
    choose(modes, target)
    question = app.scenes.top
    assert isinstance(question, ConfirmDialog)
    press(app, pygame.K_RETURN)  # Enter takes the safe answer: keep playing
    assert app.session.game.rules.variant == "klondike" and app.session.game.moves_made == 1
    assert app.scenes.top is modes
    # Again, and this time abandon.
    if how == "keys":
        press(app, pygame.K_RETURN)
        press(app, pygame.K_LEFT)  # move to "Abandon"
        press(app, pygame.K_RETURN)
    else:
        click(app, menu_row(app, target).center)
        click(app, app.scenes.top._buttons()[0].center)
    assert app.session.game.rules.variant == "double-klondike"
    assert app.scenes.top is app.table
    stats, _ = load_statistics(tmp_path)
    assert stats.get(StatsKey("klondike", "draw1")).played == 1  # the abandoned game


def test_play_a_deal_by_number(app):
    open_item_by_keys(app, "Play a deal\u2026")
    prompt = app.scenes.top
    assert isinstance(prompt, PromptDialog)
    for digit in "4242":
        press(app, getattr(pygame, f"K_{digit}"), text=digit)
    press(app, pygame.K_RETURN)
    assert app.session.game.deal.seed == 4242 and app.scenes.top is app.table
    deal = next(f for f in app.table.snapshot().fields if f.key == "deal")
    # Shown for sharing wherever there is room; only the game's name outranks it.
    assert all("4242" in form for form in deal.forms if form.startswith("Klondike \u00b7"))
    assert "4242" in deal.forms[0]


def test_a_deal_prompt_with_buttons_for_the_mouse(app):
    open_item_by_keys(app, "Play a deal\u2026")
    prompt = app.scenes.top
    prompt.type("77")
    frame(app)
    _field, (ok, _cancel) = prompt._boxes()
    click(app, ok.center)
    assert app.session.game.deal.seed == 77


@pytest.mark.parametrize("how", ["keys", "mouse"])
def test_rules_and_statistics_pages(app, how):
    if how == "keys":
        press(app, pygame.K_F1)
    else:
        press(app, pygame.K_ESCAPE)
        click(app, menu_row(app, "Rules").center)
    page = app.scenes.top
    assert isinstance(page, PagePanel) and "Don't give up!" in page.text()
    assert "Three-card deals" in page.text() and "redeal" in page.text()
    frame(app)
    press(app, pygame.K_END)
    frame(app)
    assert page.scroll > 0  # the page scrolls
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is not page
    app.scenes.clear()
    open_item_by_keys(app, "Statistics")
    assert isinstance(app.scenes.top, PagePanel) and app.scenes.top.title == "Statistics"


def test_statistics_reset_asks_first_and_keeps_by_default(app, tmp_path):
    play(app, Draw())
    press(app, pygame.K_n)
    press(app, pygame.K_y)  # abandon: one game played
    open_item_by_keys(app, "Statistics")
    page = app.scenes.top
    assert "Single-card deals\t1\t0" in page.text()
    press(app, pygame.K_a)
    assert isinstance(app.scenes.top, ConfirmDialog)
    press(app, pygame.K_RETURN)  # Enter: the default is to keep them
    assert app.session.stats.get(StatsKey("klondike", "draw1")).played == 1
    press(app, pygame.K_a)
    press(app, pygame.K_y)
    assert app.session.stats.get(StatsKey("klondike", "draw1")).played == 0
    assert "No finished games yet" in page.text()
    stats, _ = load_statistics(tmp_path)
    assert stats.get(StatsKey("klondike", "draw1")).played == 0


@pytest.mark.parametrize("how", ["keys", "mouse"])
def test_options_change_apply_and_persist(app, tmp_path, how):
    open_item_by_keys(app, "Options")
    options = app.scenes.top

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
    change("Four-colour deck")  # (Sound is fixed by the tests' --no-sound: test_layout_on_screen)
    change("Card back")
    change("Left-handed layout")
    change("Deal mode for Klondike")
    s = app.session.settings
    assert s.click_to_move and s.four_colour and s.card_back == "red" and s.left_handed
    assert s.animation_speed == "fast" and s.mode_for("klondike") == "draw1-noredeal"
    assert app.table.options.click_to_move and app.table.renderer.back_style == "red"
    # Left-handed: the stock is now on the right, the tableau in its order.
    layout = app.table.layout
    assert layout.origins[0][0] > layout.width // 2
    tableau = [layout.origins[t][0] for t in app.session.game.layout.tableau_range]
    assert tableau == sorted(tableau)
    saved, message = load_settings(tmp_path)
    assert saved == s and message is None
    # A new game uses the chosen mode; a new app starts with the same settings.
    app.scenes.clear()
    press(app, pygame.K_n)
    assert app.session.game.rules.mode == "draw1-noredeal"
    again = make_app(tmp_path)
    assert again.session.settings == app.session.settings


def test_the_options_arrows_go_the_way_they_point(app):
    open_item_by_keys(app, "Options")
    options = app.scenes.top
    frame(app)
    row = next(
        r
        for item, r in zip(options.items, options._rows(), strict=True)
        if item.text() == "Animation"
    )
    click(app, row.back.center)  # the ‹ arrow: normal -> slow
    assert app.session.settings.animation_speed == "slow"
    click(app, (row.rect.right - 5, row.rect.centery))  # the › side: back to normal
    assert app.session.settings.animation_speed == "normal"


def test_quit_then_start_resumes_the_same_game(tmp_path):
    app = make_app(tmp_path, "--variant", "double-klondike", "--seed", "77")
    settle(app)
    moves = [m for m in app.session.game.legal_moves()][:1] + [Draw(), Draw(), Draw()]
    for m in moves:
        play(app, m)
    app.controller.apply(i.Undo())
    app.session.elapsed = 93.5
    app.handle_event(pygame.event.Event(pygame.QUIT))
    assert not app.running
    resumed = make_app(tmp_path)  # no deal flags: resume
    old, new = app.session.game, resumed.session.game
    assert new.state == old.state and new.log == old.log and new.redo_stack == old.redo_stack
    assert resumed.session.elapsed == pytest.approx(93.5)
    assert resumed.session.game_id == app.session.game_id
    assert new.redo() is not None  # the undo history came along


@pytest.mark.parametrize(
    "content", ["", "{not json", '{"format": "klondike-family-game", "version": 99}', "TRUNC"]
)
def test_a_bad_save_starts_a_new_game_and_is_kept_aside(tmp_path, content):
    first = make_app(tmp_path, "--seed", "5")
    play(first, Draw())
    first.controller.apply(i.Quit())  # the first game's process ends
    path = tmp_path / CURRENT_GAME_FILE
    if content == "TRUNC":
        content = path.read_text()[:-40]
    path.write_text(content)
    app = make_app(tmp_path)
    assert app.session.game.moves_made == 0
    assert app.table.toast is not None and CURRENT_GAME_FILE in app.table.toast.text
    kept = [p for p in tmp_path.iterdir() if p.name.startswith(CURRENT_GAME_FILE + ".")]
    assert len(kept) == 1 and kept[0].read_text() == content


def test_a_win_counts_once_even_after_undo_and_winning_again(tmp_path):
    from tests.engine.test_rules_of_play import winning_game

    app = make_app(tmp_path)
    _, game = winning_game("klondike")
    app.session.adopt(game, game_id="test-win")
    app.table.show(game, animate=False)
    play_to_win(app, game)
    assert game.won and app.table.cascade is not None
    app.controller.apply(i.Undo())
    app.controller.apply(i.Redo())
    stats, _ = load_statistics(tmp_path)
    record = stats.get(StatsKey("klondike", "draw1"))
    assert (record.played, record.won) == (1, 1)
    assert not (tmp_path / CURRENT_GAME_FILE).exists()  # a won game is not resumed


def choose_in_menu(app, label, how, submenu=None):
    """Open the menu with M (Esc would leave fullscreen) or the toolbar, pick ``label``
    (in ``submenu`` of the main menu, when given)."""
    path = [submenu, label] if submenu else [label]
    if how == "keys":
        press(app, pygame.K_m)
        for step in path:
            menu = app.scenes.top
            while menu.items[menu.selected].text() != step:
                press(app, pygame.K_DOWN)
            press(app, pygame.K_RETURN)
    else:
        frame(app)
        click(app, button_of(app, i.OpenMenu()).center)
        for step in path:
            click(app, menu_row(app, step).center)


@pytest.mark.parametrize("how", ["keys", "mouse"])
def test_deal_number_statistics_fullscreen_and_quit_items(app, how):
    choose_in_menu(app, "Play a deal\u2026", how)
    assert isinstance(app.scenes.top, PromptDialog)
    press(app, pygame.K_ESCAPE)
    app.scenes.clear()
    choose_in_menu(app, "Statistics", how)
    assert isinstance(app.scenes.top, PagePanel)
    app.scenes.clear()
    choose_in_menu(app, "Fullscreen", how)
    assert app.fullscreen and app.session.settings.fullscreen
    choose_in_menu(app, "Leave fullscreen", how)
    assert not app.fullscreen
    choose_in_menu(app, "Fullscreen", how)
    press(app, pygame.K_ESCAPE)  # Esc leaves fullscreen first
    assert not app.fullscreen and app.scenes.top is app.table
    choose_in_menu(app, "Quit", how)
    assert not app.running


@pytest.mark.parametrize("how", ["keys", "mouse"])
def test_hint_and_winnable_items(app, how):
    choose_in_menu(app, "Hint", how, submenu="Help from the solver\u2026")
    assistant = app.controller.assistant
    assert app.scenes.top is app.table and assistant.hint_task is not None
    assistant.hint_task.result(30)
    app.tick(0.01)
    assert app.table.toast.text.startswith("Hint")
    choose_in_menu(app, "Is this still winnable?", how, submenu="Help from the solver\u2026")
    assert app.scenes.top is app.table
    assistant.verdict_task.result(30)
    app.tick(0.01)
    assert "every card" in app.table.toast.text


def test_disabled_menu_items_do_nothing_and_are_skipped(app):
    press(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    labels = [item.text() for item in menu.items]
    visited = set()
    for _ in range(len(labels)):
        press(app, pygame.K_DOWN)
        visited.add(labels[menu.selected])
    assert "Undo" not in visited and "Redo" not in visited  # nothing to undo or redo yet
    click(app, menu_row(app, "Undo").center)
    assert app.scenes.top is menu  # a disabled row answers a click with nothing


def test_a_deal_code_plays_that_variant_mode_and_deal(app):
    open_item_by_keys(app, "Play a deal\u2026")
    app.scenes.top.type("DK3R1-77")
    press(app, pygame.K_RETURN)
    game = app.session.game
    assert (game.rules.variant, game.rules.mode, game.deal.seed) == ("double-klondike", "draw3", 77)


def test_a_wrong_deal_code_is_explained(app):
    open_item_by_keys(app, "Play a deal\u2026")
    prompt = app.scenes.top
    prompt.type("K9R9-5")
    press(app, pygame.K_RETURN)
    assert app.scenes.top is prompt and "deal code such as K1R2-4242" in prompt.error


@pytest.mark.parametrize("variant", ["klondike", "yukon", "agnes", "lady-jane", "canfield"])
def test_the_status_line_names_a_deal_mode_only_by_its_one_name(tmp_path, variant):
    """Issue 37, finding 7: "Draw 1" on the status line, "Single-card deals" in the menu,
    Statistics and Options. The line says the mode by the name the menus give it, or not
    at all."""
    app = make_app(tmp_path, "--windowed", "640x480", "--variant", variant, "--seed", "7")
    settle(app)
    deal = next(f for f in app.table.snapshot().fields if f.key == "deal")
    rules = app.session.game.rules
    assert rules.mode_label in deal.forms[0]
    assert not any("Draw" in form for form in deal.forms)
    assert all(form.startswith((rules.name, first_word(rules.name))) for form in deal.forms)
