"""Every fault of the player's environment gives one worded line, never a traceback (issue
22): no usable video driver, no display at all, no home folder, odd HOME/XDG_DATA_HOME,
output that cannot carry the language's letters. Each runs the real entry points
(``python -m game`` = ``solitaire``, ``python -m game.cli``) as a process with the
environment set."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCREEN = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")


def run(args, tmp_path, drop=(), timeout=60, **env):
    environ = {k: v for k, v in os.environ.items() if k not in drop}
    environ.setdefault("SDL_AUDIODRIVER", "dummy")
    environ.update(env)
    done = subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        timeout=timeout,
    )
    return (
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
    )


def one_error_line(stderr: str) -> str:
    """The game's own line on stderr (SDL may print its own notes first)."""
    assert "Traceback" not in stderr, stderr
    ours = [line for line in stderr.splitlines() if line.startswith("solitaire: ")]
    assert len(ours) == 1, stderr
    return ours[0]


# Finding 3: a video driver that SDL lacks (or an empty name) was a traceback.
@pytest.mark.parametrize("driver", ["wayland", "bogus", ""])
def test_a_video_driver_sdl_lacks_is_one_line_and_a_failure(tmp_path, driver):
    status, _out, err = run(["game", "--data-dir", str(tmp_path)], tmp_path, SDL_VIDEODRIVER=driver)
    assert status == 1
    assert "no usable video driver" in one_error_line(err)


# H2: with no display at all SDL fell back to "offscreen": the game ran invisibly, forever,
# holding the data folder's lock.
def test_no_display_at_all_says_so_and_exits(tmp_path):
    status, _out, err = run(["game", "--data-dir", str(tmp_path)], tmp_path, drop=SCREEN)
    assert status == 1
    assert "no display" in one_error_line(err)


def test_a_driver_asked_for_plays_even_if_it_shows_nothing(tmp_path):
    """The tests and --self-test ask for SDL's dummy driver: that must keep working."""
    status, out, err = run(
        ["game", "--self-test", "--data-dir", str(tmp_path)], tmp_path, drop=SCREEN
    )
    assert status == 0, err
    assert "self-test passed" in out


# Finding 8: Ukrainian or Russian output to a stream that is not UTF-8 was a
# UnicodeEncodeError.
@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "koi8-r", "cp1252"])
@pytest.mark.parametrize("language", ["uk", "ru"])
def test_output_that_cannot_carry_the_letters_falls_back_to_latin(tmp_path, encoding, language):
    for args in (["game", "--help"], ["game.cli", "variants"]):
        status, out, err = run(
            args, tmp_path, PYTHONIOENCODING=encoding, LANGUAGE=language, LC_ALL="C"
        )
        assert status == 0 and "Traceback" not in err, err
        assert "klondike" in out
    if encoding != "koi8-r":  # KOI8-R carries Russian letters itself
        # Ukrainian "використання" / Russian "использование" (argparse's "usage"), in Latin
        word = {"uk": "vykorystannia", "ru": "ispolzovanie"}[language]
        status, out, err = run(
            ["game", "--help"], tmp_path, PYTHONIOENCODING=encoding, LANGUAGE=language
        )
        assert word in out.replace("'", ""), out


def test_the_self_test_speaks_in_latin_letters_to_an_ascii_stream(tmp_path):
    status, out, err = run(
        ["game", "--self-test"], tmp_path, PYTHONIOENCODING="ascii", LANGUAGE="uk"
    )
    assert status == 0, err
    assert "Nova hra" in out and "self-test passed" in out


def test_an_error_line_in_an_ascii_stream_is_in_latin_letters(tmp_path):
    status, _out, err = run(
        ["game", "--seed", "x"], tmp_path, PYTHONIOENCODING="ascii", LANGUAGE="uk"
    )
    assert status == 2 and "Traceback" not in err
    assert err.isascii() and "\\u" not in err, err


# -- the home folder: none, empty, relative, or a user who does not exist ----------------------


def no_account(monkeypatch):
    """No HOME and no account entry: Python's Path.home() raises."""
    import pwd

    def missing(uid):
        raise KeyError(uid)

    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setattr(pwd, "getpwuid", missing)


def test_an_absolute_xdg_data_home_needs_no_home_folder(monkeypatch, tmp_path):
    from game.files.datadir import default_data_dir

    no_account(monkeypatch)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_data_dir(platform="linux") == tmp_path / "klondike-family"


@pytest.mark.parametrize(
    ("home", "words"),
    [("", "HOME is empty"), ("relative/home", "not an absolute path"), (None, "not set")],
)
def test_a_home_folder_that_cannot_be_trusted_is_worded_and_a_scratch_folder_used(
    monkeypatch, home, words
):
    """HOME="" put the data folder at /.local/share, a relative HOME under whatever folder
    the game started in; no home at all was a traceback."""
    from game.store.ownership import Role, claim_folder

    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    if home is None:
        no_account(monkeypatch)
    else:
        monkeypatch.setenv("HOME", home)
    claim = claim_folder()
    try:
        assert claim.role is Role.OWNER and claim.folder.is_absolute()
        assert not str(claim.folder).startswith(("/.local", "relative"))
        assert len(claim.notices) == 1 and words in claim.notices[0]
    finally:
        claim.lock.release()
        import shutil

        shutil.rmtree(claim.folder)  # the scratch folder this test made


def test_a_data_folder_of_a_user_who_does_not_exist_is_worded():
    from game.store.ownership import claim_folder

    claim = claim_folder("~nosuchuser-xyz/data")
    try:
        assert "no user named nosuchuser-xyz" in claim.notices[0]
    finally:
        claim.lock.release()
        import shutil

        shutil.rmtree(claim.folder)


def test_with_no_home_folder_the_game_starts_and_ctrl_s_and_ctrl_o_work(monkeypatch):
    """Finding 7, through the real App with no --data-dir: no HOME, no account entry."""
    import shutil

    import pygame

    from game.app.app import App
    from game.app.args import parse
    from game.view.widgets.browser import FileBrowser

    from .app.app_helpers import frame, press, settle

    no_account(monkeypatch)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    pygame.init()
    app = App(parse(["--windowed", "1280x800", "--no-sound", "--seed", "7"]))
    folder = app.session.data_dir
    try:
        frame(app)
        assert (
            "home folder is unknown" in app.table.toast.text and str(folder) in app.table.toast.text
        )
        settle(app)
        press(app, pygame.K_s, pygame.KMOD_CTRL)
        frame(app)
        assert not app.table.toast.error and str(folder) in app.table.toast.details  # I shows it
        press(app, pygame.K_o, pygame.KMOD_CTRL)
        frame(app)
        assert isinstance(app.scenes.top, FileBrowser)
    finally:
        app.controller.assistant.stop()
        app.session.close()
        shutil.rmtree(folder)  # the scratch folder this test made


@pytest.mark.parametrize("home", ["", "relative"])
def test_the_desktop_entry_without_a_home_folder_is_one_line(tmp_path, home):
    status, out, err = run(
        ["game", "--install-desktop-entry"], tmp_path, drop=("XDG_DATA_HOME",), HOME=home
    )
    assert status == 1 and "home folder is unknown" in one_error_line(err)


def test_the_desktop_entry_onto_a_folder_is_worded(tmp_path):
    (tmp_path / "applications" / "org.patiencetable.Patience.desktop").mkdir(parents=True)
    status, _out, err = run(
        ["game", "--install-desktop-entry"], tmp_path, XDG_DATA_HOME=str(tmp_path)
    )
    line = one_error_line(err)
    assert status == 1 and "is a folder, not a file" in line and "Errno" not in line


def test_the_desktop_entry_goes_to_xdg_data_home_without_a_home(tmp_path):
    status, out, err = run(
        ["game", "--install-desktop-entry"], tmp_path, drop=("HOME",), XDG_DATA_HOME=str(tmp_path)
    )
    assert status == 0, err
    assert (tmp_path / "applications" / "org.patiencetable.Patience.desktop").is_file()
