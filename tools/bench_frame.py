"""Frame cost of the table against a naive full redraw, under the dummy video driver.

    python tools/bench_frame.py [--sizes 1920x1080,3840x2160]

For each window size, in the same run: the Double Klondike deal animation, dragging a
run, and an idle table. Each frame is timed twice: the real scene (two fixed steps of
update, then draw and display update of the changed rectangles), and the naive way
(blit the felt and every card, then flip the whole display). Reports median and 99th
percentile in ms and the ratio real/naive; then the CPU an idle table uses through the
real loop, and the start-up time from launch to the first drawn frame.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import loop  # noqa: E402
from game.engine.cards import CODE  # noqa: E402
from game.engine.commands import Move  # noqa: E402
from game.engine.game import new_game  # noqa: E402
from game.variants import get_variant  # noqa: E402
from game.view.table import TableScene  # noqa: E402

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


def bench_size(size: tuple[int, int]) -> dict[str, tuple]:
    screen = pygame.display.set_mode(size)
    results = {}

    # The deal: from the first frame until every card rests.
    scene = TableScene(size, new_game(get_variant("double-klondike").rules(), seed=3))
    real, naive = [], []
    while scene.motion.busy:
        real.append(timed(lambda: real_frame(screen, scene)))
        naive.append(timed(lambda: naive_frame(screen, scene)))
    scene.invalidate()
    results["deal"] = (summary(real), summary(naive))

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
    real, naive = [], []
    for i in range(240):
        px = x + int(300 * ((i % 120) / 120)) + 10
        py = y + int(200 * ((i % 60) / 60)) + 10
        scene.handle(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(px, py), rel=(1, 1), buttons=(1, 0, 0))
        )
        real.append(timed(lambda: real_frame(screen, scene)))
        naive.append(timed(lambda: naive_frame(screen, scene)))
    scene.pointer.cancel()
    results["drag"] = (summary(real), summary(naive))

    # Idle: nothing moves.
    while scene.motion.busy:
        real_frame(screen, scene)
    scene.invalidate()
    real_frame(screen, scene)
    real, naive = [], []
    for _ in range(240):
        real.append(timed(lambda: real_frame(screen, scene)))
        naive.append(timed(lambda: naive_frame(screen, scene)))
    scene.invalidate()
    results["idle"] = (summary(real), summary(naive))
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1920x1080,3840x2160")
    args = parser.parse_args()
    pygame.init()
    print(
        f"{'size':10} {'scenario':6} {'real med':>9} {'real p99':>9} {'naive med':>10} "
        f"{'naive p99':>10} {'ratio med':>10}"
    )
    for text in args.sizes.split(","):
        w, h = (int(v) for v in text.split("x"))
        for name, ((rm, rp), (nm, np_)) in bench_size((w, h)).items():
            print(f"{text:10} {name:6} {rm:9.2f} {rp:9.2f} {nm:10.2f} {np_:10.2f} {rm / nm:10.2f}")
    print(f"idle CPU through the real loop: {100 * idle_cpu():.2f}% of one core")
    print(f"start-up to first frame: {startup_ms():.0f} ms")


if __name__ == "__main__":
    main()
