"""No blocking reads on the main thread (issue 22, H1): a game file that is a pipe or a
terminal whose writer says nothing (``sleep 60 | solitaire /dev/stdin``, Ctrl+O on
``/dev/stdin``) froze the window until the writer left. Now it is given a moment and told."""

from __future__ import annotations

import os
import sys
import time

import pygame
import pytest

from game.files.loader import PIPE_WAIT, read_capped
from game.view.widgets.browser import FileBrowser

from .app_helpers import frame, make_app, press, settle
from .test_game_files import type_text

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes and terminals")


@pytest.fixture(params=["pipe", "terminal"])
def silent_writer(request):
    """A path to a pipe or a terminal whose other end is open and says nothing."""
    if request.param == "pipe":
        reader, writer = os.pipe()
        path, keep = f"/dev/fd/{reader}", (reader, writer)
    else:
        import pty

        controller, terminal = pty.openpty()
        path, keep = os.ttyname(terminal), (controller, terminal)
    yield path
    for fd in keep:
        os.close(fd)


def test_the_reader_gives_up_on_a_silent_writer_in_time(silent_writer):
    started = time.monotonic()
    with pytest.raises(ValueError, match="nothing came through it in time"):
        read_capped(silent_writer, 1 << 20)
    assert time.monotonic() - started < PIPE_WAIT + 1


def test_a_pipe_with_its_text_written_is_read_whole(tmp_path):
    reader, writer = os.pipe()
    os.write(writer, b'{"a": 1}')
    os.close(writer)
    try:
        assert read_capped(f"/dev/fd/{reader}", 1 << 20) == b'{"a": 1}'
    finally:
        os.close(reader)


def test_a_game_file_from_a_silent_writer_on_the_command_line_does_not_freeze(
    tmp_path, silent_writer
):
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "3", silent_writer)
    started = time.monotonic()
    settle(app)
    frame(app, 3)
    assert time.monotonic() - started < PIPE_WAIT + 5
    assert app.table.toast.error and "nothing came through it in time" in app.table.toast.text
    app.controller.assistant.stop()


def test_ctrl_o_on_a_silent_writer_does_not_freeze(tmp_path, silent_writer):
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "3")
    settle(app)
    press(app, pygame.K_o, pygame.KMOD_CTRL)
    top = app.scenes.top
    assert isinstance(top, FileBrowser)
    top.field.text = ""
    type_text(app, silent_writer)
    started = time.monotonic()
    press(app, pygame.K_RETURN)
    frame(app, 3)
    assert time.monotonic() - started < PIPE_WAIT + 2
    assert app.scenes.top is top  # the browser stays, and says why: never a frozen window
    assert top.message == f"{silent_writer} is not a file a game can be read from."
    app.controller.assistant.stop()
