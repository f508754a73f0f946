"""Frame cost of the table, under the dummy video driver or on a real X server.

    python tools/bench_frame.py [--sizes 1920x1080,3840x2160]
    python tools/bench_frame.py --x11 :98 [--sizes ...]

Dummy driver (the default): for each window size, in the same run, the Double Klondike
deal animation, dragging a run, and an idle table. Each frame is timed twice: the real
scene (two fixed steps of update, then draw and display update of the changed
rectangles), and the naive way (blit the felt and every card, then flip the whole
display). Reports median and 99th percentile in ms and the ratio real/naive; then the CPU
an idle table uses through the real loop, and the start-up time from launch to the first
drawn frame.

``--x11 DISPLAY``: the same frames on that X server (Xvfb here; its screen must hold the
largest size), once with SDL's framebuffer acceleration (the window surface backed by a
GL renderer: an OpenGL driver is loaded) and once without (plain X11 images), each in a
process of its own since SDL reads the setting when the display starts. Besides the deal
and the drag it times the present path alone: ``display.update`` of a card's worth of
dirty rectangles, and a full ``display.flip``.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if "--child" not in sys.argv and "--x11" not in sys.argv:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.app import loop  # noqa: E402
from game.engine.cards import CODE  # noqa: E402
from game.engine.commands import Move  # noqa: E402
from game.engine.game import new_game  # noqa: E402
from game.variants import get_variant  # noqa: E402
from game.view.table import TableScene  # noqa: E402
from tools.arguments import parser, window_sizes, x_display  # noqa: E402

DT = loop.DT


def naive_frame(screen, scene) -> None:
    """Everything, every frame: felt, every card at its drawn position, full flip."""
    renderer = scene.renderer
    screen.blit(renderer.felt, (0, 0))
    for sprite in sorted(scene.motion.sprites.values(), key=lambda s: (s.dragged, s.home.z)):
        image = renderer.art.face(CODE[sprite.card]) if sprite.face_up else renderer.art.back()
        screen.blit(image, (int(sprite.x), int(sprite.y)))
    pygame.display.flip()


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def real_frame(screen, scene) -> None:
    scene.update(DT)
    scene.update(DT)
    loop.present(scene.draw(screen, 0.5))


def summary(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def bench_size(size: tuple[int, int], naive: bool = True) -> dict[str, tuple]:
    screen = pygame.display.set_mode(size)
    results = {}

    def both(scene, real, naive_times) -> None:
        real.append(timed(lambda: real_frame(screen, scene)))
        if naive:
            naive_times.append(timed(lambda: naive_frame(screen, scene)))

    # The deal: from the first frame until every card rests.
    scene = TableScene(size, new_game(get_variant("double-klondike").rules(), seed=3))
    real, slow = [], []
    while scene.motion.busy:
        both(scene, real, slow)
    scene.invalidate()
    results["deal"] = (summary(real), summary(slow) if naive else None)

    # Dragging a run: find a deal with a movable run of 2+ cards, then wiggle it around.
    game = new_game(get_variant("double-klondike").rules(), seed=3)
    for m in game.legal_moves():
        if isinstance(m, Move):
            game.execute(m)
            break
    scene = TableScene(size, game, deal_animation=False)
    loop.present(scene.draw(screen, 1.0))
    pile = max(game.layout.tableau_range, key=game.run_length)
    cards = game.state.piles[pile]
    grab = scene.motion.sprites[cards[-game.run_length(pile)]].home
    x, y = grab.x + 10, grab.y + 10
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    real, slow = [], []
    for i in range(240):
        px = x + int(300 * ((i % 120) / 120)) + 10
        py = y + int(200 * ((i % 60) / 60)) + 10
        scene.handle(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(px, py), rel=(1, 1), buttons=(1, 0, 0))
        )
        both(scene, real, slow)
    scene.pointer.cancel()
    results["drag"] = (summary(real), summary(slow) if naive else None)

    # Idle: nothing moves.
    while scene.motion.busy:
        real_frame(screen, scene)
    scene.invalidate()
    real_frame(screen, scene)
    real, slow = [], []
    for _ in range(240):
        both(scene, real, slow)
    scene.invalidate()
    results["idle"] = (summary(real), summary(slow) if naive else None)

    # The present path alone: a moving card's rectangles, and the whole window.
    w, h = scene.layout.card_w, scene.layout.card_h
    rects = [pygame.Rect(100 + i * 7, 100 + i * 5, w + 8, h + 8) for i in range(3)]
    updates = [timed(lambda: pygame.display.update(rects)) for _ in range(240)]
    flips = [timed(pygame.display.flip) for _ in range(120)]
    results["update"] = (summary(updates), None)
    results["flip"] = (summary(flips), None)
    return results


def idle_cpu(seconds: float = 3.0) -> float:
    """Share of one core an idle table uses through the real app and loop."""
    import tempfile
    import threading

    from game.app.app import App
    from game.app.args import parse

    with tempfile.TemporaryDirectory() as folder:
        app = App(parse(["--data-dir", folder, "--windowed", "1920x1080", "--no-sound"]))
        app.run(max_frames=400)  # the deal settles
        quit_later = threading.Timer(seconds, pygame.event.post, [pygame.event.Event(pygame.QUIT)])
        cpu0, wall0 = time.process_time(), time.perf_counter()
        quit_later.start()
        app.run()
        return (time.process_time() - cpu0) / (time.perf_counter() - wall0)


def startup_ms(runs: int = 3) -> float:
    """Launch to first drawn frame: a fresh interpreter running the game's self-test, timed
    until it reports its first frame."""
    best = float("inf")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    compileall.compile_dir(ROOT / "game", quiet=1)  # as installed: no compiling at launch
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "game", "--self-test"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        line = proc.stdout.readline()
        elapsed = (time.perf_counter() - t0) * 1000
        proc.kill()
        proc.wait()
        if "first frame" in line:
            best = min(best, elapsed)
    return best


def print_table(title: str, sizes: list[str], runs: dict[str, dict]) -> None:
    print(title)
    print(
        f"{'size':10} {'scenario':8} "
        + " ".join(f"{k + ' med':>12} {k + ' p99':>12}" for k in runs)
    )
    for size in sizes:
        for scenario in ("deal", "drag", "idle", "update", "flip"):
            cells = []
            for result in runs.values():
                median, p99 = result[size][scenario][0]
                cells.append(f"{median:12.2f} {p99:12.2f}")
            print(f"{size:10} {scenario:8} " + " ".join(cells))


def x11_runs(display: str, sizes: str) -> None:
    runs = {}
    for label, accel in (("accel on", "1"), ("accel off", "0")):
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11")
        env["SDL_FRAMEBUFFER_ACCELERATION"] = accel
        done = subprocess.run(
            [sys.executable, __file__, "--child", "--sizes", sizes],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        runs[label] = json.loads(done.stdout.strip().splitlines()[-1])
    print_table(
        f"X server {display}: ms per frame, framebuffer acceleration on / off",
        sizes.split(","),
        runs,
    )


def sizes_text(text: str) -> str:
    """``1920x1080,3840x2160``, each size checked (``window_sizes``), as text again: the
    child processes take it so, and the table names each size by it."""
    return ",".join(f"{width}x{height}" for width, height in window_sizes(text))


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--sizes", type=sizes_text, default="1920x1080,3840x2160")
    ap.add_argument("--x11", type=x_display, help="measure on this X server instead")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.x11:
        x11_runs(args.x11, args.sizes)
        return
    pygame.display.init()
    pygame.font.init()
    if args.child:
        out = {}
        for text in args.sizes.split(","):
            w, h = (int(v) for v in text.split("x"))
            out[text] = bench_size((w, h), naive=False)
        print(json.dumps(out))
        return
    print(
        f"{'size':10} {'scenario':8} {'real med':>9} {'real p99':>9} {'naive med':>10} "
        f"{'naive p99':>10} {'ratio med':>10}"
    )
    for text in args.sizes.split(","):
        w, h = (int(v) for v in text.split("x"))
        for name, (real, naive) in bench_size((w, h)).items():
            (rm, rp) = real
            if naive is None:
                print(f"{text:10} {name:8} {rm:9.2f} {rp:9.2f}")
                continue
            nm, np_ = naive
            print(f"{text:10} {name:8} {rm:9.2f} {rp:9.2f} {nm:10.2f} {np_:10.2f} {rm / nm:10.2f}")
    print(f"idle CPU through the real loop: {100 * idle_cpu():.2f}% of one core")
    print(f"start-up to first frame: {startup_ms():.0f} ms")


if __name__ == "__main__":
    main()
