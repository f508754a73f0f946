"""Screenshots of the real game window under Xvfb, for docs/ and the README.

    python tools/make_screenshots.py [--out docs] [--display :99]

Needs Xvfb, xdotool and ImageMagick's ``import`` (Debian: xvfb xdotool imagemagick). For
each variant and window size it plays a deal part-way with a simple greedy policy, leaves
it as the saved game in a scratch data folder, starts ``python -m game`` there (so it
resumes that game), and captures the window.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.app.autosave import save_current  # noqa: E402
from game.engine.commands import Draw, Move  # noqa: E402
from game.engine.game import Game, new_game  # noqa: E402
from game.variants import get_variant  # noqa: E402

# (variant, mode, deal, window size, file name, keys pressed before the capture)
SHOTS = [
    ("klondike", "draw3", 5, (1280, 800), "", []),
    ("klondike", "draw1", 5, (1920, 1080), "", []),
    ("saratoga", "draw1", 11, (1280, 800), "", []),
    ("saratoga", "draw1", 11, (1920, 1080), "", []),
    ("double-klondike", "draw3", 7, (1280, 800), "", []),
    ("double-klondike", "draw3", 7, (1920, 1080), "", []),
    ("klondike", "draw1", 5, (1280, 800), "menu", ["Escape"]),
    ("klondike", "draw1", 5, (1280, 800), "rules", ["F1"]),
    ("klondike", "draw1", 5, (1280, 800), "statistics", ["Escape"] + ["Up"] * 5 + ["Return"]),
    ("klondike", "draw1", 5, (1280, 800), "options", ["Escape"] + ["Up"] * 3 + ["Return"]),
]


def sample_statistics(folder: Path) -> None:
    """A few finished games, so the statistics page has something to show."""
    from game.app.statistics import (
        Statistics,
        StatsKey,
        record_result,
        save_statistics,
    )

    stats = Statistics()
    results = [
        ("klondike", "draw1", [(True, 312, 141), (False, 95, 40), (True, 268, 128)]),
        ("klondike", "draw3", [(True, 402, 180), (False, 150, 60), (False, 80, 30)]),
        ("saratoga", "draw1", [(True, 205, 110), (True, 240, 118)]),
        ("double-klondike", "draw3", [(False, 600, 220), (True, 1104, 402)]),
    ]
    n = 0
    for variant, mode, games in results:
        for won, seconds, moves in games:
            n += 1
            stats = record_result(stats, StatsKey(variant, mode), f"g{n}", won, seconds, moves)
    save_statistics(folder, stats)


def greedy_midgame(game: Game, steps: int) -> None:
    """Foundation moves first, then moves that turn a card up, then other tableau moves
    (never back and forth), else turn the stock."""
    seen = set()
    lay = game.layout

    def score(m) -> int:
        if isinstance(m, Draw):
            return 1
        if lay.is_foundation(m.target):
            return 5
        if lay.is_foundation(m.source):
            return -1
        src = game.state.piles[m.source]
        if m.count == len(src) - game.state.down[m.source] and game.state.down[m.source]:
            return 4
        if m.source == 1:
            return 3
        return 0

    for _ in range(steps):
        moves = game.legal_moves()
        options = [m for m in moves if not (isinstance(m, Move) and (m, game.state) in seen)]
        if not options:
            break
        best = max(options, key=score)
        if score(best) <= 0 and any(isinstance(m, Draw) for m in options):
            best = Draw()
        seen.add((best, game.state))
        game.execute(best)


def find_window(env: dict) -> str:
    """The game's window id (xdotool's --name search misses SDL windows here)."""
    listed = subprocess.run(
        ["xdotool", "search", "--classname", ""], env=env, capture_output=True, text=True
    ).stdout.split()
    for window in listed:
        name = subprocess.run(
            ["xdotool", "getwindowname", window], env=env, capture_output=True, text=True
        ).stdout
        if name.startswith("Patience"):
            return window
    return ""


def capture(
    display: str, size: tuple[int, int], data_dir: Path, out: Path, keys: list[str]
) -> None:
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    cmd = [
        sys.executable,
        "-m",
        "game",
        "--data-dir",
        str(data_dir),
        "--windowed",
        f"{size[0]}x{size[1]}",
        "--no-sound",
    ]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env)
    try:
        window = ""
        for _ in range(50):
            time.sleep(0.2)
            window = find_window(env)
            if window:
                break
        if not window:
            raise RuntimeError("the game window did not appear")
        time.sleep(3.0)  # the resumed game settles (no deal animation on resume)
        for key in keys:
            subprocess.run(["xdotool", "key", "--window", window, key], env=env, check=True)
            time.sleep(0.25)
        time.sleep(0.5)
        subprocess.run(
            ["import", "-display", display, "-window", window, str(out)], env=env, check=True
        )
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs"))
    parser.add_argument("--display", default=":99")
    parser.add_argument("--only", help="only shots whose file name contains this")
    args = parser.parse_args()
    for tool in ("xdotool", "import"):
        if not shutil.which(tool):
            sys.exit(f"{tool} not found: apt-get install xvfb xdotool imagemagick")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for variant, mode, seed, size, label, keys in SHOTS:
        name = f"{label or variant}-{size[0]}x{size[1]}.png"
        if args.only and args.only not in name:
            continue
        game = new_game(get_variant(variant).rules(mode), seed=seed)
        greedy_midgame(game, 60 if variant != "double-klondike" else 90)
        with tempfile.TemporaryDirectory() as tmp:
            save_current(Path(tmp), game, 187.0, "screenshot")
            sample_statistics(Path(tmp))
            capture(args.display, size, Path(tmp), out / name, keys)
        print(out / name)


if __name__ == "__main__":
    main()
