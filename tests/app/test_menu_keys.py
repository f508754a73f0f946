"""Issue 37, finding 10: the keys shown beside menu rows (N for New game) work while the
menu is open, as a click on the row would; keys no row shows still go to the menu."""

import pygame

from game.engine.commands import Draw
from game.view import intents as i
from game.view.widgets.dialogs import ConfirmDialog
from game.view.widgets.menu import MenuPanel

from .app_helpers import make_app, play, press, settle


def opened(tmp_path):
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "1")
    settle(app)
    return app


def test_every_key_shown_in_the_main_menu_works_there(tmp_path):
    app = opened(tmp_path)
    seed = app.session.game.deal.seed
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuPanel)
    press(app, pygame.K_n, text="n")  # no move yet: a new deal at once, the menu closed
    assert app.session.game.deal.seed != seed and app.scenes.top is app.table
    play(app, Draw())
    play(app, Draw())
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.session.game.moves_made == 1 and app.scenes.top is app.table
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_r, text="r")  # moves made: asked first, as from the row
    assert isinstance(app.scenes.top, ConfirmDialog)


def test_the_solver_menus_letters_work_there(tmp_path):
    app = opened(tmp_path)
    app.controller.apply(i.OpenMenu())
    app.controller.apply(i.OpenSubmenu("solver_menu"))
    menu = app.scenes.top
    assert "H" in [item.hint for item in menu.items]
    press(app, pygame.K_h, text="h")
    assert app.scenes.top is app.table  # the hint is asked for; the menus close


def test_a_letter_no_row_shows_does_nothing_in_the_menu(tmp_path):
    app = opened(tmp_path)
    seed = app.session.game.deal.seed
    app.controller.apply(i.OpenMenu())
    app.controller.apply(i.OpenSubmenu("solver_menu"))  # shows H, S, L, F; not N
    press(app, pygame.K_n, text="n")
    assert app.session.game.deal.seed == seed and isinstance(app.scenes.top, MenuPanel)
