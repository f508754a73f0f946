"""Game files as players expect (issue 21, finding 9): Ctrl+S saves at once into the games
folder and says where; Ctrl+O browses the saved games (and any folder) by keyboard and
mouse; the path field completes with Tab and never runs two paths together; dates are
written in the player's language."""

from __future__ import annotations

import os
import pwd
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.app import browsing
from game.engine.commands import Draw
from game.store import dates
from game.store.gamefiles import finished_games, games_folder, keep_finished, write_game
from game.view import intents as i
from game.view.replay import ReplayScene
from game.view.widgets.browser import FileBrowser
from game.view.widgets.dialogs import PromptDialog
from game.view.widgets.field import PathField
from tests.view.text_log import TextLog

from .app_helpers import click, frame, make_app, play, press, settle
from .test_replay import long_game
from .test_text_fits import shown_texts

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path / "data", "--variant", "klondike", "--seed", "12345")
    settle(application)
    yield application
    application.controller.assistant.stop()


def saved(app) -> list[Path]:
    folder = games_folder(app.session.data_dir)
    return sorted(folder.iterdir()) if folder.is_dir() else []


def type_text(app, text: str) -> None:
    for char in text:
        press(app, ord(char) if char.isascii() else 0, text=char)


def browser(app) -> FileBrowser:
    press(app, pygame.K_o, CTRL)
    top = app.scenes.top
    assert isinstance(top, FileBrowser)
    frame(app)  # drawn: the rows shown are read
    return top


# -- Ctrl+S ------------------------------------------------------------------------------------


def test_ctrl_s_saves_at_once_into_the_games_folder_and_says_where(app):
    press(app, pygame.K_s, CTRL)
    assert app.scenes.top is app.table  # nothing to answer first
    (path,) = saved(app)
    assert path.parent == app.session.data_dir / "games"
    assert path.name.startswith("klondike-deal-12345-") and path.suffix == ".json"
    said = app.table.toast  # the file's name in its one line, where it is one key away
    assert path.name in said.text and str(path) in said.whole and not said.error


def test_two_saves_make_two_files_and_neither_is_lost(app):
    press(app, pygame.K_s, CTRL)
    first = app.table.toast.text
    play(app, Draw())
    press(app, pygame.K_s, CTRL)
    second = app.table.toast.text
    files = saved(app)
    assert len(files) == 2 and first != second
    named = [[f for f in files if f.name in text] for text in (first, second)]
    assert len(named[0]) == len(named[1]) == 1 and named[0] != named[1]  # each names its own
    moves = sorted(browsing.GameRow(p, None).read().game.moves_made for p in files)
    assert moves == [0, 1]


def test_a_save_that_cannot_be_written_is_told_not_thrown(app):
    games_folder(app.session.data_dir).write_text("a file where the folder goes")
    press(app, pygame.K_s, CTRL)
    toast = app.table.toast
    assert toast.error and "could not be saved" in toast.text and "not a folder" in toast.text


# -- Ctrl+O: the browser -----------------------------------------------------------------------


def test_the_browser_lists_saved_games_newest_first_with_what_they_are(app):
    press(app, pygame.K_s, CTRL)
    for _ in range(3):
        play(app, Draw())
    press(app, pygame.K_s, CTRL)
    top = browser(app)
    rows = [r.cells() for r in top.listing.rows]
    assert len(rows) == 2
    (variant, deal, _date, moves, result), older = rows
    assert variant.startswith("Klondike") and deal == "12345"
    assert (moves, older[3]) == ("3", "0")  # the newest first
    assert result == "in progress"
    assert top.field.text == str(games_folder(app.session.data_dir)) + os.sep


def test_arrows_and_enter_open_the_chosen_game_on_its_timeline(app):
    press(app, pygame.K_s, CTRL)
    play(app, Draw())
    play(app, Draw())
    press(app, pygame.K_s, CTRL)
    top = browser(app)
    press(app, pygame.K_DOWN)
    chosen = top.listing.rows[top.selected].path
    press(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene) and scene.source == chosen
    assert scene.total == 0  # the older save: no moves yet


def test_a_click_opens_a_row_and_the_wheel_scrolls(app):
    folder = games_folder(app.session.data_dir)
    for n in range(40):
        write_game(
            folder / f"klondike-deal-{n}-2026-01-01-{n // 60:02d}{n % 60:02d}.json",
            long_game(moves=n),
            1.0,
        )
    top = browser(app)
    assert top.listing.rows[0].cells()[1] == "8"  # (seed 8 is long_game's) newest: 00:39
    assert top.listing.rows[0].cells()[3] == "39"
    visible = top._visible()
    assert visible < 40
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert top.top == 6
    index, rect = top._row_rects()[2]
    chosen = top.listing.rows[index].path
    click(app, rect.center)
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene) and scene.source == chosen


def test_keys_move_the_choice_page_by_page_and_to_either_end(app):
    folder = games_folder(app.session.data_dir)
    for n in range(30):
        write_game(folder / f"klondike-deal-{n}-2026-01-01-00{n:02d}.json", long_game(moves=1), 1.0)
    top = browser(app)
    press(app, pygame.K_END)
    assert top.selected == 29 and top.top + top._visible() == 30
    press(app, pygame.K_HOME)
    assert (top.selected, top.top) == (0, 0)
    press(app, pygame.K_PAGEDOWN)
    assert top.selected == top._visible() - 1
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is app.table


def test_an_unreadable_file_is_listed_with_its_problem_and_a_pipe_never_opened(app):
    folder = games_folder(app.session.data_dir)
    folder.mkdir(parents=True)
    (folder / "broken-2026-01-01-0101.json").write_bytes(b"\x00\xff" * 40)
    os.mkfifo(folder / "pipe-2026-01-02-0101.json")
    (folder / "notes.txt").write_text("not a game")
    top = browser(app)
    assert [r.name for r in top.listing.rows] == ["broken-2026-01-01-0101.json"]
    row = top.listing.rows[0]
    assert row.cells()[-1] == "cannot be opened" and "broken" in row.note()
    press(app, pygame.K_RETURN)
    assert app.scenes.top is top and "broken-2026-01-01-0101.json" in top.message
    type_text(app, str(folder / "pipe-2026-01-02-0101.json"))
    press(app, pygame.K_RETURN)
    assert "not a file a game can be read from" in top.message


def test_the_listing_is_bounded(app, monkeypatch):
    monkeypatch.setattr(browsing, "LISTED", 5)
    folder = games_folder(app.session.data_dir)
    folder.mkdir(parents=True)
    for n in range(9):
        (folder / f"g-2026-01-01-000{n}.json").write_text("{}")
    top = browser(app)
    assert [r.name for r in top.listing.rows][0] == "g-2026-01-01-0008.json"
    assert len(top.listing.rows) == 5 and "5" in top.listing.note


# -- the path field ----------------------------------------------------------------------------


def test_a_typed_absolute_path_replaces_the_one_shown(app, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    write_game(elsewhere / "mine.json", long_game(moves=5), 1.0)
    top = browser(app)
    press(app, pygame.K_TAB)  # to the field, which shows the games folder
    assert top.editing and top.field.text.endswith(os.sep)
    type_text(app, str(elsewhere))  # begins with "/": a path of its own
    assert top.field.text == str(elsewhere)
    press(app, pygame.K_RETURN)
    assert not top.editing and [r.name for r in top.listing.rows] == ["mine.json"]
    assert top.field.text == str(elsewhere) + os.sep


def test_tab_completes_a_unique_name_and_lists_the_others(app, tmp_path):
    folder = tmp_path / "files"
    folder.mkdir()
    write_game(folder / "alpha-game.json", long_game(moves=4), 1.0)
    (folder / "beta-1.json").write_text("{}")
    (folder / "beta-2.json").write_text("{}")
    (folder / "bravo").mkdir()
    top = browser(app)
    type_text(app, str(folder) + "/al")
    press(app, pygame.K_TAB)
    assert top.field.text == str(folder / "alpha-game.json")
    top.field.text = str(folder) + "/b"
    press(app, pygame.K_TAB)  # beta-1, beta-2, bravo/: nothing more in common
    assert top.field.text == str(folder) + "/b"
    assert "beta-1.json" in top.message and "bravo" + os.sep in top.message
    type_text(app, "e")
    press(app, pygame.K_TAB)
    assert top.field.text == str(folder / "beta-")  # as far as they agree
    top.field.text = str(folder) + "/al"
    press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene) and scene.source == str(folder / "alpha-game.json")


def test_a_name_typed_on_the_list_is_a_name_in_that_folder(app):
    press(app, pygame.K_s, CTRL)
    top = browser(app)
    type_text(app, "kl")
    assert top.editing and top.field.text.endswith(os.sep + "kl")
    press(app, pygame.K_TAB)
    assert top.field.text.endswith(".json") and Path(top.field.text) == saved(app)[0]
    press(app, pygame.K_ESCAPE)  # back to the list, the field as it was
    assert not top.editing and top.field.text.endswith(os.sep)
    press(app, pygame.K_BACKSPACE)  # the folder above
    assert top.field.text == str(app.session.data_dir) + os.sep
    assert app.scenes.top is top


def test_no_such_user_and_no_home_folder_are_told(app, monkeypatch):
    top = browser(app)
    type_text(app, "~nosuchuser-xyz/games")
    press(app, pygame.K_RETURN)
    assert "no user nosuchuser-xyz" in top.message
    press(app, pygame.K_TAB)
    assert "no user" in top.message

    def no_account(uid):
        raise KeyError(uid)

    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setattr(pwd, "getpwuid", no_account)
    top.field.text = ""
    type_text(app, "~/x")
    press(app, pygame.K_RETURN)
    assert "home folder cannot be found" in top.message
    app.controller.apply(i.ExportGame("~/saved.json"))  # and saving there is told, not thrown
    assert app.table.toast.error and "home folder cannot be found" in app.table.toast.text


def test_a_path_typed_after_another_starts_afresh_and_ctrl_backspace_takes_a_name():
    assert browsing.restart("~/games//etc/x") == "/etc/x"
    assert browsing.restart("/data/games/~/x.json") == "~/x.json"
    assert browsing.restart("/data/~old/x.json") == "/data/~old/x.json"  # a name, not home
    field = PathField("/data/games/")
    field.type("~")
    assert field.text == "~"
    field.type("/saves/old")
    field.erase(word=True)
    assert field.text == "~/saves/"
    field.erase(word=True)
    assert field.text == "~/"


def test_the_home_folder_is_shown_as_a_tilde(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert browsing.shown_path(tmp_path / "a" / "b.json") == "~/a/b.json"
    assert browsing.shown_path(Path("/elsewhere/b.json")) == "/elsewhere/b.json"
    monkeypatch.setenv("HOME", "/")
    assert browsing.shown_path(Path("/elsewhere")) == "/elsewhere"


def test_a_missing_path_says_so(app, tmp_path):
    top = browser(app)
    type_text(app, str(tmp_path / "nothing-here"))
    press(app, pygame.K_RETURN)
    assert top.message == f"There is no file or folder {tmp_path / 'nothing-here'}."


def test_the_browser_says_its_own_keys_and_the_deal_prompt_its_own(app):
    top = browser(app)
    assert "Enter opens" in top._hint() and "deal" not in top._hint()
    press(app, pygame.K_TAB)
    assert "Tab completes" in top._hint()
    app.scenes.close_overlays()
    app.controller.apply(i.OpenDealPrompt())
    prompt = app.scenes.top
    assert isinstance(prompt, PromptDialog) and prompt.hint == "Enter to deal, Esc to cancel"


def test_long_paths_and_names_are_shortened_whole_never_cut(tmp_path, monkeypatch):
    """At 640x480: the field shows the end of a long path (where one types), a long file
    name keeps its start and end, and no text is cut or drawn over another."""
    log = TextLog(monkeypatch)
    app = make_app(tmp_path / "data", "--windowed", "640x480")
    settle(app)
    folder = games_folder(app.session.data_dir)
    name = "a-very-long-name-" * 6 + "2026-01-01-0101.json"
    write_game(folder / name, long_game(variant="double-klondike", moves=3), 1.0)
    top = browser(app)
    top.field.text = "/" + "/".join(f"folder-{n}" for n in range(40)) + "/last-part"
    top.editing = True
    texts, problems = shown_texts(app, log, "file browser")
    assert not problems, problems
    field = next(t for t in texts if "last-part" in t)
    assert field.startswith("\u2026") and field.endswith("last-part\u2502")
    press(app, pygame.K_ESCAPE)  # back to the list: the chosen file's name under it
    texts, problems = shown_texts(app, log, "file browser")
    assert not problems, problems
    shortened = next(t for t in texts if t.startswith("a-very-long-name-") and "\u2026" in t)
    assert shortened.endswith("0101.json")


# -- dates in the player's language ----------------------------------------------------------


def test_dates_name_the_month_through_the_translations(monkeypatch):
    when = datetime(2026, 12, 1, 3, 53)
    assert dates.short_date(when, datetime(2026, 12, 2)) == "1 Dec 03:53"
    assert dates.short_date(when, datetime(2027, 1, 2)) == "1 Dec 2026"
    assert dates.short_date(None) == ""
    months = {"Dec": "груд.", "Jan": "січ."}
    monkeypatch.setattr(dates, "_", lambda text: months.get(text, text))
    assert dates.short_date(when, datetime(2026, 12, 2)) == "1 груд. 03:53"
    assert dates.month_name(1) == "січ."


@pytest.mark.parametrize("language", ["uk", "ru"])
def test_dates_in_ukrainian_and_russian_use_their_catalogue(language):
    i18n.use_language(language)
    when = datetime(2026, 12, 1, 3, 53)
    month = i18n.catalogue(language).gettext("Dec") if i18n.language() == language else "Dec"
    assert dates.short_date(when, datetime(2026, 12, 5)) == f"1 {month} 03:53"


def test_finished_games_show_dates_in_the_language_and_survive_a_bad_stamp(app, monkeypatch):
    folder = app.session.data_dir
    keep_finished(folder, long_game(moves=3), 1.0, "won")
    bad = folder / "history" / "20269999-999999-000000-klondike-deal-1.json"
    write_game(bad, long_game(moves=2), 1.0, "abandoned")
    found = finished_games(folder)
    assert [f.when for f in found if f.path == bad] == [None]
    monkeypatch.setattr(dates, "_", lambda text: {"Dec": "ДЕК"}.get(text, text))
    app.controller.apply(i.OpenHistory())
    hints = [item.hint for item in app.scenes.top.items]
    assert "" in hints  # the bad stamp: no date
    now = datetime.now()
    assert f"{now.day} {dates.month_name(now.month)}" in " ".join(hints)
