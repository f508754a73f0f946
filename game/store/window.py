"""The window's part of the settings: its size and whether it is fullscreen.

Declared here and checked with these by the settings' own reading (``settings``), and
read here on their own before anything else (``peek_window``): the window opens with
them before the rest of the game is loaded. This module imports only the file reader.
"""

from __future__ import annotations

from typing import Any

from game.files.datadir import data_dir_path
from game.files.loader import Unusable, read_versioned_json

SETTINGS_FILE = "settings.json"
FORMAT = "klondike-family-settings"
VERSION = 1

DEFAULT_WINDOW_SIZE = (1280, 800)
WINDOW_MIN = (320, 240)
# 8K UHD, the largest screens made: a window beyond only costs memory (the table keeps a few
# surfaces of the window's size; at 16384x16384 those need several gigabytes).
WINDOW_MAX = (7680, 4320)


def fits_window(width: int, height: int) -> bool:
    """Is ``width`` x ``height`` a window size the game opens (WINDOW_MIN..WINDOW_MAX)?"""
    return WINDOW_MIN[0] <= width <= WINDOW_MAX[0] and WINDOW_MIN[1] <= height <= WINDOW_MAX[1]


def window_size(value: Any) -> tuple[int, int]:
    """The window size as the settings file holds it, ``[width, height]``: two whole
    numbers (true and false are not numbers) that ``fits_window``; ValueError otherwise."""
    if isinstance(value, list | tuple) and len(value) == 2:
        width, height = value
        if type(width) is int and type(height) is int and fits_window(width, height):
            return width, height
    raise ValueError("not a window size")


def fullscreen_flag(value: Any) -> bool:
    """The fullscreen setting: true or false; ValueError otherwise."""
    if isinstance(value, bool):
        return value
    raise ValueError("not true or false")


def peek_window(data_dir: str | None) -> tuple[tuple[int, int], bool]:
    """The window size and fullscreen flag of the settings in the data folder (``data_dir``,
    the ``--data-dir`` flag, else the platform's), read before the folder is claimed
    (``ownership.claim_folder``): each the settings' value where ``load_settings`` would
    keep it, else its default. Nothing is said or set aside here: the settings' own
    reading, which comes next, names a bad file and keeps it."""
    try:
        path = data_dir_path(data_dir) / SETTINGS_FILE  # NoHomeFolder: an OSError
        data = read_versioned_json(path, FORMAT, VERSION, "settings")
    except (Unusable, OSError):
        data = None
    size, fullscreen = DEFAULT_WINDOW_SIZE, False
    if data is None:
        return size, fullscreen
    try:
        size = window_size(data.get("window_size"))
    except ValueError:
        pass
    try:
        fullscreen = fullscreen_flag(data.get("fullscreen", False))
    except ValueError:
        pass
    return size, fullscreen
