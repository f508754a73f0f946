"""How long each panel takes to show the first time it is opened after a cold start.

    python tools/bench_panels.py [--runs 5] [--source DIR] [--before DIR] [--panel NAME ...]

For each panel and each run, a fresh interpreter starts the real App headless (SDL's dummy
drivers, 1280x800, Klondike deal 3, a fresh data folder), draws its first frame, plays one
move and lets the table settle; then the panel is asked for as the player's key or click
would ask (its intent), and the time is taken from that intent to the end of the frame
that shows it (``draw`` and the window's update). Each frame before is followed by what
the game's loop does once a frame is on screen (``App.presented``, which loads the menus,
the pages and the replay once the deal rests), as for a player; with ``--cold`` it is not,
so the panel's modules load in the time measured (a panel opened before the deal rests).

Prints the median in milliseconds for each panel, of the wall time and of the main
thread's CPU time (``time.thread_time``: what the work costs, whatever else the machine
runs meanwhile), for the sources of ``--source``
(default: this checkout) and, with ``--before``, for those of an older checkout beside
them (launched in turns, so a load on the machine weighs on both alike). Bad arguments:
one line, exit status 2.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_startup import Parser, UsageError

ROOT = Path(__file__).resolve().parent.parent

# The panel -> the intent that opens it (an expression over ``game.view.intents as i``).
PANELS = {
    "menu": "i.OpenMenu()",
    "variants": "i.OpenVariants()",
    "options": "i.OpenOptions()",
    "statistics": "i.OpenStatistics()",
    "rules": "i.OpenRules()",
    "deal prompt": "i.OpenDealPrompt()",
    "file browser": "i.OpenGameFile()",
    "history": "i.OpenHistory()",
    "replay": "i.OpenReplay()",
}

ONE_PANEL = """
import sys, time
import pygame
from game.app.app import App
from game.app.args import parse
from game.app.loop import DT, present
from game.engine.commands import Draw
from game.view import intents as i

pygame.display.init()
pygame.font.init()
app = App(parse(["--data-dir", sys.argv[2], "--windowed", "1280x800", "--no-sound",
                 "--variant", "klondike", "--seed", "3"]))
app.run(max_frames=1)
app.controller.apply(i.Play(Draw()))
screen = pygame.display.get_surface()
for _ in range(600):  # until the card has landed and the table rests, as the loop runs
    app.tick(DT)
    app.update(DT)
    present(app.draw(screen, 1.0))
    if sys.argv[3] == "warm" and hasattr(app, "presented"):
        app.presented()  # what the game does once a frame is on screen
    if app.idle and not app.busy:
        break
deadline = time.monotonic() + 20
while app.busy and time.monotonic() < deadline:  # the winnable indicator's search
    time.sleep(0.01)
    app.tick(0.0)
intent = eval(sys.argv[1])
top = app.scenes.top
started, cpu = time.perf_counter(), time.thread_time()
app.controller.apply(intent)
app.update(0.0)
present(app.draw(screen, 1.0))
took, used = time.perf_counter() - started, time.thread_time() - cpu
assert app.scenes.top is not top, "the panel did not open"
print(f"{1000 * took:.2f} {1000 * used:.2f}")
"""


def once(source: Path, panel: str, kind: str) -> tuple[float, float]:
    """The wall time and the main thread's CPU time the panel took, in ms."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONPATH=str(source),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    with tempfile.TemporaryDirectory(prefix="bench-panels-") as folder:
        result = subprocess.run(
            [sys.executable, "-c", ONE_PANEL, PANELS[panel], folder, kind],
            env=env,
            cwd=folder,  # not this checkout: "-c" puts the working folder first on the path
            capture_output=True,
            text=True,
            timeout=120,
        )
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["no words"])[-1]
        raise RuntimeError(f"{panel} from {source}: {last}")
    wall, cpu = result.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = Parser(description="Each panel's first frame after a cold start, in ms.")
    parser.add_argument("--runs", type=int, default=5, help="cold starts per panel (5)")
    parser.add_argument("--source", type=Path, default=ROOT, help="the game's sources")
    parser.add_argument("--before", type=Path, help="an older checkout to compare with")
    parser.add_argument("--panel", nargs="+", choices=list(PANELS), help="these only")
    parser.add_argument(
        "--cold",
        dest="kind",
        action="store_const",
        const="cold",
        default="warm",
        help="the panel opened before the game preloads anything",
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error(f"--runs: must be at least 1: {args.runs}")
    for flag, source in (("--source", args.source), ("--before", args.before)):
        if source is not None and not (source / "game" / "__init__.py").is_file():
            parser.error(f"{flag}: no game package in {source}")
    return args


def main(argv: list[str] | None = None) -> int:
    try:
        args = parse_args(argv)
    except UsageError as exc:
        print(f"bench_panels.py: error: {exc}", file=sys.stderr)
        return 2
    sources = {"after": args.source.resolve()}
    if args.before is not None:
        sources = {"before": args.before.resolve(), **sources}
    columns = [(name, kind) for name in sources for kind in ("wall", "CPU")]
    print(f"{'panel':14} " + " ".join(f"{f'{n} {k} ms':>16}" for n, k in columns), flush=True)
    worst = dict.fromkeys(columns, 0.0)
    for panel in args.panel or PANELS:
        times: dict[tuple, list[float]] = {column: [] for column in columns}
        for _ in range(args.runs):
            for name, source in sources.items():
                wall, cpu = once(source, panel, args.kind)
                times[name, "wall"].append(wall)
                times[name, "CPU"].append(cpu)
        medians = {column: statistics.median(found) for column, found in times.items()}
        for column, value in medians.items():
            worst[column] = max(worst[column], value)
        print(f"{panel:14} " + " ".join(f"{medians[c]:16.1f}" for c in columns), flush=True)
    print(f"{'slowest':14} " + " ".join(f"{worst[c]:16.1f}" for c in columns))
    print(f"medians of {args.runs} starts ({args.kind}); load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
