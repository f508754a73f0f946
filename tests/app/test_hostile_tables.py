"""A player's table as a way in, through the real App: an id that is a path, a NUL in a
name, a label or an id, a name of a megabyte. Each is refused where the table comes from
(``variants/``, ``--table``, a save that carries it), in one line naming the file; the game
goes on, every later start too; and whatever a game's variant says, Ctrl+S and the
finished-games keeper write only inside the data folder."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.app.args import parse
from game.engine.commands import Draw
from game.engine.game import Game, new_game
from game.engine.savefile import FINGERPRINT, deal_fingerprint
from game.store.autosave import CURRENT_GAME_FILE, save_current
from game.store.gamefiles import HISTORY, games_folder
from game.variants.catalogue import Catalogue
from game.view import intents as i
from game.view.widgets.page import PagePanel
from tests.engine.test_rules_of_play import winning_game
from tests.variants.test_player_tables import MINE, put

from .app_helpers import click, frame, make_app, menu_row, play, play_to_win, press, settle
from .test_player_tables import open_variants, restart, rows

CTRL = pygame.KMOD_CTRL


def files_under(root: Path) -> set[Path]:
    return {p for p in root.rglob("*")}


def evil_ids(root: Path) -> list[str]:
    """The two ids that once wrote outside the data folder: a folder elsewhere, and two
    levels above it."""
    return [f"{root}/some/other/folder/X", "../../X"]


def carried_save(data: Path, change) -> Path:
    """A save of a game of the player's table "mine", carrying its table, then changed by
    ``change`` (the table's data, as the save holds it); the table's file removed, so the
    table the save carries is the one read."""
    table_file = put(data, "mine.toml", MINE)
    run = Catalogue()
    table = run.scan(data).tables[0]
    game = new_game(table.rules("draw1"), seed=3)
    game.execute(Draw())
    save_current(data, game, 1.0, catalogue=run)
    path = data / CURRENT_GAME_FILE
    body = json.loads(path.read_text())
    change(body)
    # The deal's proof follows the id, as a save written under that id would hold it.
    rules = replace(game.rules, variant=body["variant"])
    body[FINGERPRINT] = deal_fingerprint(rules, game.deal)
    path.write_text(json.dumps(body))
    table_file.unlink()
    return path


def kept_aside(data: Path) -> list[Path]:
    return sorted(data.glob(f"{CURRENT_GAME_FILE}.corrupt-*"))


def save_and_abandon(app) -> None:
    """Ctrl+S, then a new game over one with a move (abandoned: kept in the history)."""
    play(app, Draw())
    press(app, pygame.K_s, CTRL)
    press(app, pygame.K_n)
    press(app, pygame.K_y)
    frame(app, 2)


# -- an id that is a path ---------------------------------------------------------------------


@pytest.mark.parametrize("which", [0, 1])
def test_an_id_that_is_a_path_is_refused_from_the_folder_and_a_save(tmp_path, which):
    data = tmp_path / "a" / "b" / "data"
    evil = evil_ids(tmp_path)[which]

    def to_evil(body):
        body["variant"] = body["table"]["id"] = evil

    carried_save(data, to_evil)
    put(data, "evil.toml", MINE.replace('id = "mine"', f'id = "{evil}"'))
    before = files_under(tmp_path)
    app = make_app(data, "--seed", "5")
    settle(app)
    frame(app, 2)
    # The save is kept aside, said in one line naming it and the key; a new game is dealt.
    (aside,) = kept_aside(data)
    toast = app.table.toast
    assert toast.error and "\n" not in toast.text and aside.name in toast.text
    assert "key 'id': must be an id of lowercase letters" in toast.text
    assert app.session.game.rules.variant == "klondike"
    # The folder's table is listed as broken, with its line.
    listed = rows(open_variants(app))
    assert ("evil.toml", True, "\u26a0 cannot be played") in listed
    click(app, menu_row(app, "evil.toml").center)
    page = app.scenes.top
    assert isinstance(page, PagePanel)
    assert page.text().startswith(f"{data / 'variants' / 'evil.toml'}, line 3: key 'id':")
    app.scenes.clear()
    save_and_abandon(app)
    made = files_under(tmp_path) - before
    assert made and all(p.is_relative_to(data) for p in made), made
    assert not (tmp_path / "a" / "X").exists() and not (tmp_path / "some").exists()
    assert len(list(games_folder(data).glob("klondike-deal-5-*.json"))) == 1
    assert len(list((data / HISTORY).glob("*-klondike-deal-5-*.json"))) == 1
    app.controller.assistant.stop()


@pytest.mark.parametrize("which", [0, 1])
def test_an_id_that_is_a_path_on_the_command_line_is_one_line(tmp_path, capsys, which):
    path = tmp_path / "t.toml"
    evil = evil_ids(tmp_path)[which]
    path.write_text(MINE.replace('id = "mine"', f'id = "{evil}"'), encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        parse(["--table", str(path)])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}, line 3: key 'id': must be an id" in err


@pytest.mark.parametrize("variant", ["/some/other/folder/X", "../../X", "a\0b", "..", "/"])
def test_whatever_a_games_variant_says_saves_and_the_history_stay_inside(tmp_path, variant):
    """Past the tables' check (a table the checks of tomorrow let through): the file
    names are made safe, and the writes checked, all the same."""
    data = tmp_path / "a" / "b" / "data"
    app = make_app(data)
    settle(app)
    if variant.startswith("/"):
        variant = f"{tmp_path}{variant}"
    _rules, won = winning_game("klondike")
    game = Game(replace(won.rules, variant=variant), won.deal)
    app.session.start(game)
    app.table.show(game, animate=False)
    before = files_under(tmp_path)
    press(app, pygame.K_s, CTRL)  # Ctrl+S
    assert not app.table.toast.error, app.table.toast.text
    play_to_win(app, game)  # the finished-games keeper
    frame(app, 2)
    assert game.won and app.session.last_finished is not None
    made = files_under(tmp_path) - before
    assert {p.parent for p in made if p.suffix == ".json"} >= {games_folder(data), data / HISTORY}
    assert all(p.is_relative_to(data) for p in made), made
    for saved in [*games_folder(data).iterdir(), *(data / HISTORY).iterdir()]:
        assert saved.name.isascii() and saved.name.isprintable() and "/" not in saved.name
    app.controller.assistant.stop()


# -- a NUL in a name, a label, an id: the crash at every start --------------------------------


def set_name(body):
    body["table"]["name"] = "My\0Klondike"


def set_label(body):
    body["table"]["modes"]["draw1"]["label"] = "One\0card"


def set_id(body):
    body["variant"] = body["table"]["id"] = "mi\0ne"


@pytest.mark.parametrize(
    "change, key",
    [(set_name, "key 'name'"), (set_label, "key 'modes.draw1.label'"), (set_id, "key 'id'")],
)
def test_a_save_carrying_a_nul_is_kept_aside_and_every_start_goes_on(tmp_path, change, key):
    data = tmp_path / "data"
    carried_save(data, change)
    before = files_under(tmp_path)
    app = make_app(data, "--seed", "9")
    settle(app)
    frame(app, 3)  # the status line drawn: it once raised "A null character was found"
    (aside,) = kept_aside(data)
    text = app.table.toast.text
    assert key in text and aside.name in text and "\n" not in text and "\0" not in text
    save_and_abandon(app)  # Ctrl+S and an abandoned game: once "embedded null byte"
    assert all(p.is_relative_to(data) for p in files_under(tmp_path) - before)
    again = restart(app, data)  # the next start, and the one after: no crash
    frame(again, 3)
    assert kept_aside(data) == [aside] and again.session.take_notices() == []
    again.controller.assistant.stop()


@pytest.mark.parametrize(
    "text, key",
    [
        (MINE.replace('name = "My Klondike"', 'name = "My\\u0000Klondike"'), "'name'"),
        (MINE + '\n[modes.draw1]\nlabel = "One\\u0000card"\n', "'modes.draw1.label'"),
        (MINE.replace('id = "mine"', 'id = "mi\\u0000ne"'), "'id'"),
    ],
)
def test_a_nul_in_a_table_of_the_folder_or_the_command_line(tmp_path, capsys, text, key):
    put(tmp_path, "nul.toml", text)
    app = make_app(tmp_path)
    settle(app)
    listed = rows(open_variants(app))
    frame(app, 2)  # the menu drawn: it once crashed as it opened
    assert ("nul.toml", True, "\u26a0 cannot be played") in listed
    click(app, menu_row(app, "nul.toml").center)
    frame(app)
    assert f"key {key}:" in app.scenes.top.text()
    app.controller.assistant.stop()
    with pytest.raises(SystemExit):
        parse(["--table", str(tmp_path / "variants" / "nul.toml")])
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"key {key}:" in err and "\0" not in err


@pytest.mark.skipif(sys.platform == "win32", reason="any bytes in a file name: POSIX")
def test_a_file_name_of_any_bytes_in_variants_opens_the_menu(tmp_path):
    folder = tmp_path / "variants"
    folder.mkdir()
    name = b"\x01bad\x7f\xff\xe2\x80\xae.toml"  # a control, DEL, not UTF-8, a bidi override
    (folder / os.fsdecode(name)).write_text(MINE.replace('"My Klondike"', '"My\\u0000K"'))
    app = make_app(tmp_path)
    settle(app)
    listed = rows(open_variants(app))
    frame(app, 2)
    broken = [text for text, _enabled, hint in listed if hint == "\u26a0 cannot be played"]
    assert len(broken) == 1
    click(app, menu_row(app, broken[0]).center)
    frame(app)
    assert "key 'name': must hold no control characters, got U+0000" in app.scenes.top.text()
    app.controller.assistant.stop()


# -- a megabyte of name -----------------------------------------------------------------------


def test_a_save_carrying_a_name_of_a_megabyte_is_refused_at_once(tmp_path):
    data = tmp_path / "data"

    def huge(body):
        body["table"]["name"] = "Klondike " * 116_000  # a megabyte, under the save's cap

    carried_save(data, huge)
    app = make_app(data)
    settle(app)
    frame(app, 2)
    assert "must be at most 80 characters long, got 1044000" in app.table.toast.text
    assert len(app.table.toast.text) < 400
    app.controller.apply(i.OpenRules())  # the rules page of the game dealt instead
    frame(app, 2)
    assert isinstance(app.scenes.top, PagePanel)
    app.controller.assistant.stop()


def test_any_text_reaching_the_font_draws(tmp_path):
    """Past every check: a message holding NULs, a lone surrogate, a bidi override and a
    megabyte reaches the status line and a page, and the frame is drawn."""
    app = make_app(tmp_path, "--windowed", "640x480")
    settle(app)
    wild = "a\0b\ud800c\u202ed\x1b[2J " + "word " * 200_000
    app.table.say(wild, error=True)
    frame(app, 2)
    app.scenes.push(PagePanel(wild[:5000], lambda: wild, (640, 480)))
    frame(app, 2)
    app.controller.assistant.stop()


# -- a game file that carries such a table ----------------------------------------------------


@pytest.mark.parametrize("change", [set_name, set_label, set_id])
def test_a_game_file_carrying_a_nul_is_refused_on_the_command_line_and_by_ctrl_o(tmp_path, change):
    data = tmp_path / "data"
    carried = carried_save(data, change)
    game_file = tmp_path / "shared-game.json"
    carried.rename(game_file)
    before = files_under(tmp_path)
    app = make_app(data, str(game_file))  # solitaire FILE
    settle(app)
    frame(app, 3)
    text = app.table.toast.text
    assert app.table.toast.error and "Could not open shared-game.json" in text
    assert "must hold no control characters" in text or "must be an id" in text
    assert "\n" not in text and "\0" not in text
    app.table.hush()
    app.controller.apply(i.OpenGameFile(str(game_file)))  # Ctrl+O's choice
    frame(app, 2)
    assert "Could not open shared-game.json" in app.table.toast.text
    save_and_abandon(app)
    assert game_file.exists()  # a file the player chose is never moved
    assert all(p.is_relative_to(data) for p in files_under(tmp_path) - before)
    app.controller.assistant.stop()
