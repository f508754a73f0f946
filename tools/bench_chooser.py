"""What the game chooser costs, under the dummy video driver, in the real App.

    python tools/bench_chooser.py [--sizes 1280x800,640x480]

For each window size, the pictures drawn before forgotten: opening the chooser (G:
building its tiles and drawing the first frame, no picture yet), each frame after it while
the pictures in view come in (a few a frame), and opening it again (the pictures kept).
Prints milliseconds.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.app import choosing  # noqa: E402
from game.app.app import App  # noqa: E402
from game.app.args import parse  # noqa: E402
from game.app.loop import DT  # noqa: E402
from tools.arguments import parser, window_sizes  # noqa: E402


def frame(app: App) -> float:
    started = time.perf_counter()
    app.update(DT)
    app.tick(DT)
    app.draw(pygame.display.get_surface(), 1.0)
    return 1000 * (time.perf_counter() - started)


def press(app: App, key: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def measure(size: str) -> None:
    choosing._pictures.clear()  # none drawn yet
    with tempfile.TemporaryDirectory() as folder:
        flags = ["--data-dir", folder, "--windowed", size, "--no-sound", "--variant", "klondike"]
        app = App(parse(flags))
        for _ in range(200):  # the deal lands
            frame(app)
        started = time.perf_counter()
        press(app, pygame.K_g)
        opening = 1000 * (time.perf_counter() - started) + frame(app)
        chooser = app.scenes.top
        pictures = []
        while not chooser.idle:
            pictures.append(frame(app))
        press(app, pygame.K_ESCAPE)
        frame(app)
        started = time.perf_counter()
        press(app, pygame.K_g)
        again = 1000 * (time.perf_counter() - started) + frame(app)
        while not app.scenes.top.idle:
            again += frame(app)
        print(
            f"{size}: open {opening:.0f} ms; the pictures in view in {len(pictures)} frames: "
            f"median {statistics.median(pictures):.0f} ms, slowest {max(pictures):.0f} ms, "
            f"all {sum(pictures):.0f} ms; opened again, pictures and all {again:.0f} ms"
        )


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument(
        "--sizes",
        type=window_sizes,
        default="640x480,1280x800,1920x1080,700x1100",
        help="window sizes, WxH,WxH,...",
    )
    args = ap.parse_args()
    pygame.init()
    for width, height in args.sizes:
        measure(f"{width}x{height}")


if __name__ == "__main__":
    main()
