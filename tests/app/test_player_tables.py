"""A player's own rule table, through the real App: from the data folder's ``variants/``
(the Variants menu), or ``--table FILE``; played, saved, resumed after the file is gone;
a broken one shown with its file, line and problem, and nothing else affected."""

import pygame
import pytest

from game.app.args import parse
from game.engine.commands import Draw
from game.engine.game import new_game
from game.store.autosave import CURRENT_GAME_FILE, resume, save_current
from game.store.gamefiles import games_folder, read_game
from game.variants.catalogue import Catalogue
from game.view import intents as i
from game.view.replay import ReplayScene
from game.view.widgets.dialogs import ConfirmDialog
from game.view.widgets.menu import MenuPanel
from game.view.widgets.page import PagePanel
from tests.variants.test_player_tables import MINE, put

from .app_helpers import click, make_app, menu_row, play, settle

BROKEN = MINE.replace('id = "mine"', 'id = "broken"').replace("piles = 8", "piles = 14")


def open_variants(app) -> MenuPanel:
    app.controller.apply(i.OpenVariants())
    menu = app.scenes.top
    assert isinstance(menu, MenuPanel)
    return menu


def rows(menu: MenuPanel) -> list[tuple[str, bool, str]]:
    return [(item.text(), item.enabled(), item.hint) for item in menu.items]


def restart(app, data_dir, *flags):
    """Quit, and start again as a new run does: knowing no table but what it reads (its
    session's catalogue is its own)."""
    app.controller.apply(i.Quit())
    again = make_app(data_dir, *flags)
    settle(again)
    return again


def test_a_players_table_is_played_saved_and_resumed_without_its_file(tmp_path):
    app = make_app(tmp_path)
    settle(app)
    assert "Your tables" not in [text for text, *_ in rows(open_variants(app))]
    app.controller.apply(i.CloseScene())
    path = put(tmp_path, "mine.toml", MINE)  # added while the game runs: no restart
    menu = open_variants(app)
    listed = rows(menu)
    heading = listed.index(("Your tables", False, ""))
    assert heading > 0 and all(not t.startswith("My Klondike") for t, *_ in listed[:heading])
    assert ("My Klondike", True, "") in listed[heading:]  # its four modes: a menu of them
    click(app, menu_row(app, "My Klondike").center)
    modes = app.scenes.top
    assert modes.title == "My Klondike"
    assert ("Three-card deals", True, "") in rows(modes)
    click(app, menu_row(app, "Three-card deals").center)
    settle(app)
    game = app.session.game
    assert (game.rules.variant, game.rules.mode, game.rules.tableau_piles) == ("mine", "draw3", 8)
    assert app.table.game is game
    play(app, Draw())
    settle(app)
    state = game.state
    app.controller.apply(i.OpenRules())
    assert "Made by me, for the long evenings." in app.scenes.top.text()

    path.unlink()
    again = restart(app, tmp_path)
    resumed = again.session.game
    assert resumed.rules == game.rules and resumed.state == state and resumed.moves_made == 1
    assert again.session.take_notices() == []
    assert "Your tables" not in [text for text, *_ in rows(open_variants(again))]
    again.controller.apply(i.CloseScene())
    again.controller.apply(i.NewGame())  # another deal of it, the file gone or not
    assert isinstance(again.scenes.top, ConfirmDialog)  # asked first: a move was made
    again.controller.apply(i.Abandon(i.NewGame()))
    assert again.session.game is not resumed and again.session.game.rules == game.rules
    again.controller.apply(i.OpenStatistics())  # the game abandoned counts, under its name
    assert "My Klondike \u00b7 Three-card deals: 0 won in a row, 1 lost" in again.scenes.top.text()


def test_a_broken_table_shows_its_line_and_problem_and_cannot_be_started(tmp_path):
    path = put(tmp_path, "broken.toml", BROKEN)
    put(tmp_path, "mine.toml", MINE)
    app = make_app(tmp_path)
    settle(app)
    before = app.session.game
    listed = rows(open_variants(app))
    assert ("broken.toml", True, "\u26a0 cannot be played") in listed
    assert any(text.startswith("My Klondike") for text, *_ in listed)  # the others: there
    assert ("Klondike", True, "\u2713 Single-card deals") in listed  # the one played
    click(app, menu_row(app, "broken.toml").center)
    page = app.scenes.top
    assert isinstance(page, PagePanel) and page.title == "broken.toml cannot be played"
    assert page.text().startswith(f"{path}, line 9: key 'tableau.piles': must be a whole")
    assert "got 14" in page.text()
    assert app.session.game is before  # nothing started, nothing changed
    app.controller.apply(i.CloseScene())
    assert isinstance(app.scenes.top, MenuPanel)  # back in the menu, to choose another


def test_table_on_the_command_line_plays_it_and_resumes(tmp_path):
    path = tmp_path / "elsewhere.toml"
    path.write_text(MINE, encoding="utf-8")
    app = make_app(tmp_path / "data", "--table", str(path), "--mode", "draw1", "--seed", "7")
    settle(app)
    game = app.session.game
    assert (game.rules.variant, game.rules.mode, game.deal.seed) == ("mine", "draw1", 7)
    play(app, Draw())
    path.unlink()
    again = restart(app, tmp_path / "data")
    assert again.session.game.rules == game.rules and again.session.game.moves_made == 1
    assert again.session.settings.variant == "klondike"  # a player's table is not kept there


@pytest.mark.parametrize(
    "text, flags, fragment",
    [
        (BROKEN, [], "line 9: key 'tableau.piles': must be a whole number from 1 to 13, got 14"),
        ("id = = 1", [], "not valid TOML"),
        (MINE.replace('"mine"', '"saratoga"'), [], "line 3: key 'id': 'saratoga' is the id"),
        (MINE, ["--variant", "klondike"], "cannot be used together"),
        (MINE, ["--mode", "nothing"], "mine has no mode 'nothing'"),
    ],
)
def test_a_bad_table_flag_is_one_line_naming_the_file(tmp_path, capsys, text, flags, fragment):
    path = tmp_path / "t.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        parse(["--table", str(path), *flags])
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and fragment in err
    assert err.startswith("solitaire: error: ")
    if not flags:
        assert str(path) in err


def test_a_missing_table_file(tmp_path, capsys):
    with pytest.raises(SystemExit):
        parse(["--table", str(tmp_path / "none.toml")])
    assert "none.toml: no such file" in capsys.readouterr().err


def test_a_game_file_of_a_players_table_opens_after_the_table_is_gone(tmp_path):
    path = put(tmp_path, "mine.toml", MINE)
    app = make_app(tmp_path)
    settle(app)
    app.controller.apply(i.SwitchVariant("mine", "draw1", 11))
    play(app, Draw())
    game = app.session.game
    app.controller.apply(i.ExportGame())  # Ctrl+S
    (saved,) = games_folder(tmp_path).glob("mine-deal-11-*.json")
    path.unlink()
    app = restart(app, tmp_path)  # a new run, knowing the table only as the saves carry it
    app.controller.apply(i.OpenGameFile(str(saved)))
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene) and replay.game.rules == game.rules
    opened = read_game(saved)
    assert opened.game.rules == game.rules and opened.game.state == game.state


def test_a_save_whose_table_is_broken_is_kept_aside_with_a_message(tmp_path):
    put(tmp_path, "mine.toml", MINE)
    run = Catalogue()
    table = run.scan(tmp_path).tables[0]
    save_current(tmp_path, new_game(table.rules(), seed=3), 1.0, catalogue=run)
    saved = tmp_path / CURRENT_GAME_FILE
    saved.write_text(saved.read_text().replace('"piles":8', '"piles":0'))
    found = resume(tmp_path, Catalogue())  # a new run
    assert found.game is None and not saved.exists()
    assert "'table': key 'tableau.piles': must be a whole number" in found.message
    (aside,) = tmp_path.glob(f"{CURRENT_GAME_FILE}.corrupt-*")
    assert aside.name in found.message


@pytest.mark.parametrize("language", ["en", "uk", "ru"])
def test_the_variants_menu_is_shown_whole_in_a_small_window(tmp_path, language):
    """Fourteen games and a player's table: every row of the Variants menu, and of a
    variant's modes, lies inside a 640x480 window, none over another."""
    put(tmp_path, "mine.toml", MINE)
    app = make_app(tmp_path, "--windowed", "640x480", "--language", language)
    settle(app)
    screen = pygame.Rect(0, 0, 640, 480)
    for opened in (i.OpenVariants(), i.OpenVariants("double-klondike")):
        app.controller.apply(opened)
        menu = app.scenes.top
        rects = [row.rect for row in menu._rows()]
        assert len(rects) == len(menu.items) >= 4
        assert all(screen.contains(rect) for rect in rects), (language, opened)
        assert all(a.bottom <= b.top for a, b in zip(rects, rects[1:], strict=False)), opened
        app.controller.apply(i.CloseScene())
