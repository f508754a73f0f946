"""The first frame loads only what it shows: the real App, started headless in a fresh
interpreter as ``main`` starts it, runs to its first frame; then none of the heavy parts
(the solver, the replay, the file browser, the statistics page, the analysis, the menus)
is loaded yet. Each loads when the player first asks for it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Not before the first frame: module path -> what it is.
HEAVY = {
    "game.solver": "the solver",
    "game.solver.analysis": "the analysis of a game (where was it lost?)",
    "game.app.analyst": "the app's side of the analysis",
    "game.view.replay": "the replay",
    "game.view.timeline": "the replay's timeline",
    "game.app.browsing": "the file browser's app side",
    "game.view.widgets.browser": "the file browser",
    "game.app.pages": "the statistics, options and rules pages",
    "game.view.widgets.page": "the pages' widget",
    "game.app.menus": "the menus",
    "game.view.celebration": "the win celebration",
    "game.store.gamefiles": "game files (export, open, the history)",
}

# Never loaded, not even at rest: module -> why.
NEVER = {
    "_hashlib": "OpenSSL's hashes: libcrypto is 3.4 MB resident; game.engine.digest hashes",
    "ssl": "OpenSSL: the game opens no connection",
}

FIRST_FRAME = """
import json, sys
import pygame
from game.app.app import App
from game.app.args import parse

pygame.display.init()
pygame.font.init()
app = App(parse(sys.argv[1:]))
app.run(max_frames=1)
assert app.drawn
first = sorted(sys.modules)
for _ in range(100):  # the loop's frames (60 a second), until the deal rests
    app.run(max_frames=30)
    if app.idle and app.looked:
        break
app.run(max_frames=1)
print(json.dumps(first))
print(json.dumps(sorted(sys.modules)))
"""


def loaded(tmp_path, *flags: str) -> tuple[set[str], set[str]]:
    """The modules loaded at the first frame, and once the deal rests."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    )
    command = [sys.executable, "-c", FIRST_FRAME, "--data-dir", str(tmp_path / "data")]
    result = subprocess.run(
        [*command, "--windowed", "1280x800", "--no-sound", *flags],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    first, resting = result.stdout.strip().splitlines()[-2:]
    return set(json.loads(first)), set(json.loads(resting))


def early(modules: set[str]) -> list[str]:
    return sorted(
        f"{name} ({HEAVY[heavy]})"
        for name in modules
        for heavy in HEAVY
        if name == heavy or name.startswith(heavy + ".")
    )


@pytest.mark.parametrize("flags", [(), ("--variant", "double-klondike", "--seed", "7")])
def test_the_first_frame_loads_no_heavy_part(tmp_path, flags):
    first, resting = loaded(tmp_path, *flags)
    assert "game.view.table" in first  # it did draw the table
    assert not early(first), early(first)
    # Once the deal rests, the panels load (they then open without a pause).
    assert {"game.app.menus", "game.app.pages", "game.view.replay"} <= resting
    assert not resting & set(NEVER), {name: NEVER[name] for name in resting & set(NEVER)}


def test_the_heavy_parts_are_those_the_game_has():
    """Each listed module exists: a rename cannot make the test above pass by itself."""
    for name in HEAVY:
        path = ROOT.joinpath(*name.split("."))
        assert path.with_suffix(".py").is_file() or (path / "__init__.py").is_file(), name
