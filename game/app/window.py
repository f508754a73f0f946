"""The game's window, opened first: before the saved game, the rule tables and the table's
code are loaded, so that it shows as soon as a bare pygame window would.

``open_first_window`` opens it at the size the command line or the settings ask for
(the settings' window size and fullscreen flag only, ``game.store.window.peek_window``),
with its title and icon, and shows the bare felt; the table is drawn on it once the game
is loaded (``App``). ``open_window`` is also ``App``'s, for fullscreen on and off, and
for the rare window the settings read in full ask otherwise (the file changed in between;
a folder that could not be used, so that the game plays in a scratch one). Imports pygame
and the few modules named here, nothing of the game's play (the felt's drawing, once the
window is open).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.files.resources import asset_path
from game.store.window import peek_window

if TYPE_CHECKING:
    from .args import Options

TITLE = "Patience"

Asked = tuple[tuple[int, int], bool]  # the window's size, and whether it is fullscreen


def asked_window(options: Options, size: tuple[int, int], fullscreen: bool) -> Asked:
    """The window wanted, from the settings' ``size`` and ``fullscreen`` and the command
    line: ``--windowed WxH`` wins over both settings, ``--fullscreen`` over the size."""
    full = options.fullscreen or (fullscreen and not options.windowed)
    return tuple(options.windowed or size), full


def open_window(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """The window (opened, or made again): its title and icon first, so that it never
    shows without them."""
    pygame.display.set_caption(TITLE)
    pygame.display.set_icon(pygame.image.load(asset_path("icon.png")))
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    return pygame.display.set_mode(size, pygame.RESIZABLE)


def open_first_window(options: Options) -> Asked:
    """Open the window the player's settings and the command line ask for, showing the
    felt the table will lie on; returns what was asked (``App`` checks it against the
    settings it reads in full)."""
    size, fullscreen = asked_window(options, *peek_window(options.data_dir))
    screen = open_window(size, fullscreen)
    from game.view.felt import felt_of  # once the window is there

    screen.blit(felt_of(screen.get_size()), (0, 0))
    pygame.display.flip()
    return size, fullscreen
