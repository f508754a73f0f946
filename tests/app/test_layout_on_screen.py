"""What the screen shows, checked on the real app's frames: the win panel over the cascade's
flying cards, messages clear of the cards, the whole index of a covered waste card."""

from __future__ import annotations

import pygame
import pytest

from game.app.app import App
from game.app.args import parse
from game.engine.cards import CODE
from game.engine.commands import Draw, Move
from game.engine.state import WASTE
from tests.engine.test_rules_of_play import winning_game

from .app_helpers import click, frame, make_app, menu_row, play, play_to_win, press, settle


def show(app, game):
    app.session.adopt(game)
    app.table.show(game, animate=False)
    app.controller.position_changed()


def win_panel_rect(app) -> pygame.Rect:
    items, _, on_top = app.table.decor.render(app.table.snapshot(), app.table.layout)
    surface, pos = items[len(items) - on_top]  # the first of the items above the cards
    return pygame.Rect(pos, surface.get_size()), surface


@pytest.mark.parametrize("size", ["1280x800", "640x480", "700x1100"])
def test_the_win_panel_stays_over_the_cards_flying_off(tmp_path, size):
    app = make_app(tmp_path, "--windowed", size)
    _, game = winning_game("klondike")
    show(app, game)
    play_to_win(app, game)
    assert game.won
    screen = pygame.display.get_surface()
    crossed = 0
    for _ in range(1500):  # the cards fly once the collect has landed
        frame(app)
        cascade = app.table.cascade
        if cascade is None or crossed >= 12:
            break
        rect, panel = win_panel_rect(app)
        lay = app.table.layout
        cards = [pygame.Rect(int(f.x), int(f.y), lay.card_w, lay.card_h) for f in cascade.flying]
        if rect.collidelist(cards) < 0:
            continue
        crossed += 1
        # Every opaque pixel of the panel is on screen as the panel has it.
        for y in range(0, rect.h, 3):
            for x in range(0, rect.w, 3):
                colour = panel.get_at((x, y))
                if colour.a == 255:
                    assert screen.get_at((rect.x + x, rect.y + y))[:3] == colour[:3], (x, y)
    assert crossed, "no card flew across the panel: the test saw nothing"


def open_options(app):
    press(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    while menu.items[menu.selected].text() != "Options":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    return app.scenes.top


def test_options_has_a_back_row_that_closes_it_by_click_and_by_keys(tmp_path):
    app = make_app(tmp_path)
    settle(app)
    options = open_options(app)
    click(app, menu_row(app, "Back").center)
    # Back to the menu Options was opened from.
    assert options not in app.scenes.scenes
    assert "Options" in [item.text() for item in app.scenes.top.items]
    app.scenes.clear()
    options = open_options(app)
    while options.items[options.selected].text() != "Back":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert options not in app.scenes.scenes


def test_with_no_sound_the_sound_row_says_off_and_why_and_options_cannot_turn_it_on(tmp_path):
    app = make_app(tmp_path)  # --no-sound, with sound on in the settings
    assert app.session.settings.sound and not app.sounds.enabled
    options = open_options(app)
    row = next(item for item in options.items if item.text() == "Sound")
    assert not row.enabled() and row.value is None
    assert row.hint == "Off (started with --no-sound)"
    click(app, menu_row(app, "Sound").center)  # a faint row does nothing
    assert app.session.settings.sound
    # Another setting changed: the table takes it, the sound stays off for this run.
    click(app, menu_row(app, "Four-colour deck").center)
    assert app.session.settings.four_colour and not app.sounds.enabled


def test_without_no_sound_the_sound_row_is_the_setting_and_turns_it(tmp_path):
    pygame.init()
    app = App(parse(["--data-dir", str(tmp_path), "--windowed", "1280x800"]))
    press(app, pygame.K_ESCAPE)  # the chooser of a first start: to the table
    assert app.sounds.enabled
    open_options(app)
    row = next(item for item in app.scenes.top.items if item.text() == "Sound")
    assert row.enabled() and row.value() == "On"
    click(app, menu_row(app, "Sound").center)
    assert not app.session.settings.sound and not app.sounds.enabled
    row = next(item for item in app.scenes.top.items if item.text() == "Sound")
    assert row.value() == "Off"


def sprite_rects(app) -> list[pygame.Rect]:
    lay = app.table.layout
    return [
        pygame.Rect(s.home.x, s.home.y, lay.card_w, lay.card_h)
        for s in app.table.motion.sprites.values()
    ]


@pytest.mark.parametrize("size", ["640x480", "800x600", "700x1100"])
def test_a_refusal_shows_in_the_free_band_clear_of_every_card(tmp_path, size):
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "4", "--windowed", size)
    settle(app)
    game = app.session.game
    tableau = list(game.layout.tableau_range)
    refused = next(
        Move(a, b) for a in tableau for b in tableau if a != b and not game.is_legal(Move(a, b))
    )
    play(app, refused)
    frame(app)
    assert app.table.toast is not None
    items, _, _ = app.table.decor.render(app.table.snapshot(), app.table.layout)
    surface, pos = items[-1]  # the message is drawn last
    box = pygame.Rect(pos, surface.get_size())
    band = app.table.layout.message_rect
    assert band.y <= box.y and box.bottom <= band.bottom
    assert box.collidelist(sprite_rects(app)) < 0


def index_box(face: pygame.Surface) -> pygame.Rect:
    """The top-left index of a face: its ink in the card's top left, above the picture."""
    w, h = face.get_size()
    inked = [
        (x, y)
        for y in range(3, int(h * 0.16))
        for x in range(3, w // 2)
        if face.get_at((x, y)).a == 255 and min(face.get_at((x, y))[:3]) < 200
    ]
    xs, ys = [x for x, _ in inked], [y for _, y in inked]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def test_double_klondike_640x480_shows_the_whole_index_of_each_fanned_waste_card(tmp_path):
    app = make_app(
        tmp_path,
        "--variant",
        "double-klondike",
        "--mode",
        "draw3",
        "--seed",
        "5",
        "--windowed",
        "640x480",
    )
    settle(app)
    play(app, Draw())
    settle(app)
    game = app.session.game
    waste = game.state.piles[WASTE]
    assert len(waste) == 3 and app.table.layout.card_w < 110  # the large index, then
    screen = pygame.display.get_surface()
    for card in waste[:-1]:  # the covered ones
        face = app.table.renderer.art.face(CODE[card])
        box = index_box(face)
        home = app.table.motion.sprites[card].home
        for y in range(box.top, box.bottom):
            for x in range(box.left, box.right):
                assert screen.get_at((home.x + x, home.y + y)) == face.get_at((x, y))[:3] + (255,)
