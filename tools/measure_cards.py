"""Card width on screen, ours and GNOME AisleRiot's, at the same window sizes. Linux, on
an X server (Xvfb) with xdotool and ImageMagick's ``import``.

    python tools/measure_cards.py [--display :99] [--sizes 640x480,800x600] [--no-aisleriot]

For each size and game (our Klondike and Double Klondike; AisleRiot's Klondike and Jumbo,
its two-deck Klondike, when ``/usr/games/sol`` is there): start the game in a window of
that size (AisleRiot: start it, then resize its window with xdotool; its menu, toolbar and
status bar are inside that size, as our status line is inside ours), capture the window and
measure the cards in the picture (``card_width``). Prints a Markdown table.

The measure reads pixels only, so it treats both games alike: along every row of the
picture, a card is a run of pixels that are not felt (the felt of both games is green;
faces, backs and outlines are not), and the card width is the most common length of such
runs. Empty slots are drawn in green, fans overlap only in part, so the plain cards win.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from tools.arguments import (
    missing,
    output_folder,
    parser,
    refuse,
    window_sizes,
    x_display,
)  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SOL = "/usr/games/sol"
SIZES = [(640, 480), (800, 600), (1280, 800), (1920, 1080), (700, 1100)]
OURS = {"Klondike": "klondike", "Double Klondike": "double-klondike"}
AISLERIOT = {"Klondike": "klondike", "Double Klondike": "jumbo"}
SETTLE = 4.0  # seconds for a game to deal and draw after its window is up


def is_felt(r: int, g: int, b: int) -> bool:
    """Green-dominated pixels: the felt and its empty slots, in both games."""
    return g > r + 20 and g > b + 10


def card_width(picture: pygame.Surface) -> int:
    """The most common length of a horizontal run of non-felt pixels (see the module's
    docstring). Runs wider than a third of the picture are bars (menus, status), not cards;
    runs under 16 px are text and pips."""
    width, height = picture.get_size()
    runs: Counter[int] = Counter()
    for y in range(0, height, 2):
        start = None
        for x in range(width + 1):
            felt = x == width or is_felt(*picture.get_at((x, y))[:3])
            if not felt and start is None:
                start = x
            elif felt and start is not None:
                length = x - start
                if 16 <= length <= width // 3:
                    runs[length] += 1
                start = None
    return runs.most_common(1)[0][0] if runs else 0


class NoWindow(RuntimeError):
    """A game whose window did not show in time: said in one line, not an IndexError."""


def window_of(display: str, pid: int, what: str) -> str:
    found = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
    )
    if not found.stdout.split():
        raise NoWindow(f"{what} showed no window on {display} within {SETTLE:g} s")
    return found.stdout.split()[-1]


def capture(display: str, window: str, out: Path) -> pygame.Surface:
    env = {**os.environ, "DISPLAY": display}
    subprocess.run(["import", "-window", window, str(out)], env=env, check=True)
    return pygame.image.load(str(out))


def run_ours(display: str, variant: str, size: tuple[int, int], shots: Path) -> int:
    data = Path(tempfile.mkdtemp(prefix="measure-cards-"))
    env = {**os.environ, "DISPLAY": display}
    command = [sys.executable, "-m", "game", "--no-sound", "--data-dir", str(data)]
    command += ["--variant", variant, "--seed", "5", "--windowed", f"{size[0]}x{size[1]}"]
    game = subprocess.Popen(command, cwd=ROOT, env=env)
    try:
        time.sleep(SETTLE)
        window = window_of(display, game.pid, f"the game ({variant})")
        name = f"ours-{variant}-{size[0]}x{size[1]}.png"
        return card_width(capture(display, window, shots / name))
    finally:
        game.terminate()
        game.wait()
        shutil.rmtree(data, ignore_errors=True)


def run_aisleriot(display: str, game_name: str, size: tuple[int, int], shots: Path) -> int:
    home = Path(tempfile.mkdtemp(prefix="measure-cards-sol-"))
    env = {**os.environ, "DISPLAY": display, "HOME": str(home)}
    sol = subprocess.Popen([SOL, "-v", game_name], env=env, stderr=subprocess.DEVNULL)
    try:
        time.sleep(SETTLE)
        window = window_of(display, sol.pid, f"AisleRiot ({game_name})")
        subprocess.run(
            ["xdotool", "windowsize", window, str(size[0]), str(size[1])], env=env, check=True
        )
        time.sleep(2.0)
        name = f"aisleriot-{game_name}-{size[0]}x{size[1]}.png"
        picture = capture(display, window, shots / name)
        if picture.get_size() != size:
            print(f"  AisleRiot's window is {picture.get_size()}, not {size}", file=sys.stderr)
        return card_width(picture)
    finally:
        sol.terminate()
        sol.wait()
        shutil.rmtree(home, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--display", type=x_display, default=os.environ.get("DISPLAY", ":99"))
    ap.add_argument("--sizes", type=window_sizes, default=SIZES, help="e.g. 640x480,700x1100")
    ap.add_argument("--no-aisleriot", action="store_true")
    ap.add_argument("--shots", type=output_folder, help="keep the captured pictures here")
    args = ap.parse_args(argv)
    lacking = missing("xdotool", "import", install="install xdotool and ImageMagick")
    if lacking:
        return refuse(lacking)
    try:
        measure(args)
    except NoWindow as exc:
        return refuse(str(exc))
    return 0


def measure(args) -> None:
    sizes = args.sizes
    shots = args.shots or Path(tempfile.mkdtemp(prefix="measure-cards-shots-"))
    shots.mkdir(parents=True, exist_ok=True)
    with_sol = not args.no_aisleriot and Path(SOL).exists()
    print("| Window | Klondike: ours / AisleRiot | Double Klondike: ours / AisleRiot's Jumbo |")
    print("|---|---|---|")
    for size in sizes:
        cells = []
        for game, variant in OURS.items():
            ours = run_ours(args.display, variant, size, shots)
            theirs = run_aisleriot(args.display, AISLERIOT[game], size, shots) if with_sol else 0
            cells.append(f"{ours} / {theirs or '-'}")
        print(f"| {size[0]}x{size[1]} | {cells[0]} | {cells[1]} |", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
