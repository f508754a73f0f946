"""The game's start, from the flags read to the loop: the display, the window at once,
then the rest of the game behind it.

Only pygame and the window's few modules load before the window opens (``window``): the
session, the rule tables, the engine and the table load after, while the window shows
the felt, and the first full frame follows (``App``).
"""

from __future__ import annotations

import os
from dataclasses import replace

import pygame

from game.i18n import _
from game.i18n.console import say_error

from .args import Options
from .window import open_first_window

# SDL's drivers that show nothing: fine when asked for (the tests, --self-test), but a game
# that falls back to one by itself would run invisibly, holding the data folder.
INVISIBLE_DRIVERS = ("offscreen", "dummy")


def main(options: Options) -> int:
    scratch = None
    if options.self_test:
        import tempfile

        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        if options.data_dir is None:  # never touch the player's own saves
            scratch = tempfile.TemporaryDirectory(prefix="solitaire-self-test-")
            options = replace(options, data_dir=scratch.name)
    # The table is drawn in software with dirty rectangles: a GL renderer behind the window
    # surface buys nothing and costs an OpenGL driver in memory (about 100 MB measured with
    # Mesa) and time per frame (docs/measurements.md). SDL_FRAMEBUFFER_ACCELERATION=1 brings
    # it back.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    # Only what the game uses: pygame.init() would open the audio device too, which is the
    # sound module's job (quietly, and only when sound is on).
    problem = open_display()
    if problem is not None:
        say_error("solitaire", problem)
        pygame.quit()
        return 1
    try:
        try:
            opened = open_first_window(options)
            pygame.font.init()
            from .app import App  # the rest of the game: the window shows meanwhile
            from .waiting import quit_on_terminate

            quit_on_terminate()
            app = App(options, opened)
        except pygame.error as exc:  # no display to open a window on, say
            say_error("solitaire", _("the game could not start: {problem}").format(problem=exc))
            return 1
        if options.self_test:
            from .selftest import self_test

            return self_test(app)
        try:
            app.run()
        except KeyboardInterrupt:  # Ctrl+C in the terminal: leave as Quit leaves
            app.session.close()
            return 130
        return 0
    finally:
        pygame.quit()
        if scratch is not None:
            scratch.cleanup()


def open_display() -> str | None:
    """Start pygame's display; None when there is a screen to play on, else the words
    that say why not (a driver that SDL lacks, or no display at all)."""
    asked = os.environ.get("SDL_VIDEODRIVER")
    try:
        pygame.display.init()
    except pygame.error as exc:
        return _("no usable video driver ({driver}): {problem}").format(
            driver=asked if asked else _("SDL's choice"), problem=exc
        )
    driver = pygame.display.get_driver()
    if not asked and driver in INVISIBLE_DRIVERS:
        return _(
            "there is no display to show the game on (neither DISPLAY nor WAYLAND_DISPLAY "
            "is set); start it in a desktop session, or set SDL_VIDEODRIVER"
        )
    return None
