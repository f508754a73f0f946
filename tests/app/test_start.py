"""Starting and stopping the app from the command line: no window to be had, or Ctrl+C
in the terminal, end in one line or none, never a traceback, and the folder let go."""

import pygame
import pytest

from game.app import app as app_module
from game.app import start
from game.app.args import parse
from game.store.ownership import Role
from game.store.session import Session


@pytest.fixture(autouse=True)
def pygame_stays(monkeypatch):
    """``main`` ends with ``pygame.quit()``; the rest of the suite shares this process's
    pygame (and fonts made under it), so here it stays up."""
    monkeypatch.setattr(start.pygame, "quit", lambda: None)


def test_no_window_to_be_had_is_one_line(tmp_path, monkeypatch, capsys):
    def no_display(options, opened):
        raise pygame.error("x11 not available")

    monkeypatch.setattr(app_module, "App", no_display)
    assert start.main(parse(["--data-dir", str(tmp_path)])) == 1
    err = capsys.readouterr().err
    assert err == "solitaire: error: the game could not start: x11 not available\n"


def test_ctrl_c_in_the_terminal_leaves_as_quit_does(tmp_path, monkeypatch):
    def interrupted(self, max_frames=None):
        self.session.change_settings(self.session.settings.with_mode("klondike", "draw3"))
        raise KeyboardInterrupt

    monkeypatch.setattr(app_module.App, "run", interrupted)
    options = parse(["--data-dir", str(tmp_path), "--windowed", "800x600", "--no-sound"])
    assert start.main(options) == 130
    again = Session.open(str(tmp_path))
    assert again.role is Role.OWNER  # the folder was let go
    assert again.settings.mode_for("klondike") == "draw3"
