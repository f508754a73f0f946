"""Issue 37, finding 9: the Open dialog's list did not follow Tab completion into the
folder it completed to. It does, and what is typed next is read from there."""

import os

import pygame

from game.store.gamefiles import write_game
from game.view.replay import ReplayScene

from .app_helpers import make_app, press, settle
from .test_game_files import browser, type_text
from .test_replay import long_game


def test_the_list_follows_tab_into_the_folder(tmp_path):
    app = make_app(tmp_path / "data", "--variant", "klondike", "--seed", "12345")
    settle(app)
    folder = tmp_path / "files"
    (folder / "older").mkdir(parents=True)
    write_game(folder / "older" / "kept-game.json", long_game(moves=4), 1.0)
    top = browser(app)
    type_text(app, str(folder) + "/ol")
    press(app, pygame.K_TAB)
    assert top.editing and top.field.text == str(folder / "older") + os.sep
    assert os.path.samefile(top.listing.folder, folder / "older")
    assert [row.path for row in top.listing.rows] == [str(folder / "older" / "kept-game.json")]
    type_text(app, "ke")  # a name in the folder the list shows
    press(app, pygame.K_TAB)
    assert top.field.text == str(folder / "older" / "kept-game.json")
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, ReplayScene)
