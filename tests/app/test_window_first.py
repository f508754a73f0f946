"""The window opens first: the real entry point (``game.__main__.main``), run headless in
a fresh interpreter with ``--self-test``, opens its window before the session, the rule
tables, the engine's game and the table are loaded, at the size the settings and the
flags ask for, once; flags that print and exit open none."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.store.settings import SETTINGS_FILE, Settings, save_settings

ROOT = Path(__file__).resolve().parents[2]

# Loaded after the window opens, never before: module -> what it is.
AFTER_THE_WINDOW = {
    "game.store.session": "the session (saved game, statistics, the folder's lock)",
    "game.store.settings": "the settings read in full",
    "game.engine.rules": "the rule tables' code",
    "game.engine.game": "the engine's game",
    "game.variants": "the variants",
    "game.view.table": "the table",
    "game.app.app": "the app",
    "game.app.controller": "the controller",
}

# The real entry point, with pygame's set_mode watched: each call's size, whether it
# was fullscreen, and the modules loaded at that moment.
WATCHED = """
import json, sys
import pygame

opened = []
set_mode = pygame.display.set_mode


def watched(size=(0, 0), flags=0, *args, **kwargs):
    full = bool(flags & pygame.FULLSCREEN)
    opened.append({"size": list(size), "fullscreen": full, "modules": sorted(sys.modules)})
    return set_mode(size, flags, *args, **kwargs)


pygame.display.set_mode = watched
from game.__main__ import main

status = main(sys.argv[1:])
print(json.dumps({"status": status, "opened": opened, "modules": sorted(sys.modules)}))
"""


def start(*flags: str) -> dict:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    )
    result = subprocess.run(
        [sys.executable, "-c", WATCHED, *flags],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return json.loads(result.stdout.strip().splitlines()[-1]) | {"stderr": result.stderr}


def loaded(modules: list[str]) -> list[str]:
    return [f"{name} ({what})" for name, what in AFTER_THE_WINDOW.items() if name in modules]


@pytest.mark.parametrize(
    ("settings", "flags", "window"),
    [
        (Settings(window_size=(800, 600)), (), ([800, 600], False)),
        (Settings(window_size=(800, 600)), ("--windowed", "640x480"), ([640, 480], False)),
        (Settings(fullscreen=True), (), ([0, 0], True)),
        (Settings(fullscreen=True), ("--windowed", "700x1100"), ([700, 1100], False)),
        (Settings(), ("--fullscreen", "--variant", "saratoga", "--seed", "5"), ([0, 0], True)),
    ],
)
def test_the_window_opens_before_the_game_loads(tmp_path, settings, flags, window):
    save_settings(tmp_path, settings)
    run = start("--self-test", "--data-dir", str(tmp_path), *flags)
    assert run["status"] == 0, run["stderr"]
    first = run["opened"][0]
    assert (first["size"], first["fullscreen"]) == window
    assert "game.app.window" in first["modules"]  # opened by the start, not by the app
    assert not loaded(first["modules"]), loaded(first["modules"])
    assert len(run["opened"]) == 1  # the app played on that window: opened once
    assert len(loaded(run["modules"])) == len(AFTER_THE_WINDOW)  # all of them, later


def test_a_broken_settings_file_opens_the_default_window_and_is_kept(tmp_path):
    (tmp_path / SETTINGS_FILE).write_bytes(b'{"window_size": [800, 600')
    run = start("--self-test", "--data-dir", str(tmp_path))
    assert run["status"] == 0, run["stderr"]
    assert [(o["size"], o["fullscreen"]) for o in run["opened"]] == [([1280, 800], False)]
    kept = [p for p in tmp_path.iterdir() if p.name.startswith(SETTINGS_FILE + ".")]
    assert [p.read_bytes() for p in kept] == [b'{"window_size": [800, 600']


def test_the_app_opens_the_window_again_when_the_settings_ask_another(tmp_path):
    """Should the settings read in full ask for another window than the one opened first
    (a file changed in between), the app plays in the one they ask for."""
    import pygame

    from game.app.app import App
    from game.app.args import parse

    save_settings(tmp_path, Settings(window_size=(800, 600)))
    pygame.display.init()
    pygame.display.set_mode((640, 480))
    app = App(parse(["--data-dir", str(tmp_path), "--no-sound"]), ((640, 480), False))
    assert pygame.display.get_surface().get_size() == (800, 600)
    assert app.screen.get_size() == (800, 600) and app.window_size == (800, 600)
    app.session.close()


@pytest.mark.parametrize(
    ("flags", "status"),
    [(("--help",), 0), (("--version",), 0), (("--variant", "nope"), 2), (("--seed", "x"), 2)],
)
def test_flags_that_print_and_exit_open_no_window(tmp_path, flags, status):
    run = start("--data-dir", str(tmp_path), *flags)
    assert run["status"] == status
    assert run["opened"] == []
    assert "game.app.window" not in run["modules"]
    assert not (tmp_path / SETTINGS_FILE).exists()  # nor was the data folder used
