"""Screenshots of the real game window under Xvfb, for docs/ (docs/screenshots.md) and the README.

    python tools/make_screenshots.py (--out FOLDER | --write-shipped) [--display :99]
                                     [--only TEXT] [--language uk,ru]

``--write-shipped`` replaces the shots in ``docs/`` (each whole, as it is captured);
``--out FOLDER`` puts them elsewhere.

``--language uk,ru`` makes only the Ukrainian and Russian shots (``--language en`` the
English ones), all of them with one command.

Needs Xvfb running on the display, xdotool and ImageMagick's ``import`` (Debian: xvfb
xdotool imagemagick). For each shot it prepares a scratch data folder (a game played
part-way by a simple greedy policy, or to the edge of a win; settings; a few finished
games for the statistics page), starts ``python -m game`` there (so it resumes that
game), presses the shot's keys and captures the window. One game runs at a time: an X
server with no window manager shows only the window on top.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.commands import Draw, Move  # noqa: E402
from game.engine.game import Game, new_game  # noqa: E402
from game.i18n import LANGUAGES  # noqa: E402
from game.store.autosave import save_current  # noqa: E402
from game.store.gamefiles import HISTORY, suggested_name, write_game  # noqa: E402
from game.store.settings import Settings, save_settings  # noqa: E402
from game.store.statistics import Statistics, StatsKey, record_result, save_statistics  # noqa: E402
from game.variants import builtin_ids, get_variant  # noqa: E402
from tools.arguments import (  # noqa: E402
    missing,
    output_folder,
    parser,
    refuse,
    shipped_output,
    write_output,
    x_display,
)

LANDSCAPE = [(1280, 800), (1920, 1080), (800, 600), (640, 480)]
PORTRAIT = (700, 1100)
# variant: (mode, deal, moves the greedy policy plays before the shot)
GAMES = {
    "klondike": ("draw3", 5, 60),
    "saratoga": ("draw1", 11, 60),
    "double-klondike": ("draw3", 7, 90),
}
# Every other built-in game (the variants folder's) is shot at two sizes, its default mode,
# deal 5, 30 moves in (ANY_GAME); a few have their deal and length chosen so the shot shows
# what sets the game apart: Canfield's reserve part-used beside a long waste, Lady Jane's
# seven reserves with stock left to deal to them, Yukon's deep piles, Easthaven's and
# Agnes's stock still to deal onto the tableau, Athena's alternate rows.
ANY_GAME = (None, 5, 30)  # None: the table's default mode
CHOSEN = {
    "whitehead": ("draw1", 5, 30),
    "thumb-and-pouch": ("draw1", 5, 60),
    "westhaven": ("draw1", 5, 30),
    "easthaven": ("deal", 1, 10),
    "agnes": ("deal", 3, 10),
    "gold-mine": ("draw3", 5, 30),
    "athena": ("draw1", 5, 6),
    "jumbo": ("draw1", 5, 60),
    "yukon": ("standard", 3, 20),
    "canfield": ("draw3", 1, 40),
    "lady-jane": ("deal", 5, 20),
}
FAMILY_SIZES = [(1280, 800), PORTRAIT]
CHOOSER_SIZES = [(640, 480), (1280, 800), PORTRAIT]
MENU = ["m"]
# Menu > Watch, save and open games > Finished games (Redo is faint in a game never undone:
# the arrows pass it by).
FINISHED = MENU + ["Down"] * 4 + ["Return", "Down", "Return"]


def family() -> list[str]:
    """Every built-in game but the three shot at every size, in the menus' order."""
    return [variant for variant in builtin_ids() if variant not in GAMES]


def view_of(variant: str) -> tuple[str | None, int, int]:
    """(mode, deal, moves played) of a game's shot; mode None: its default."""
    return GAMES.get(variant) or CHOSEN.get(variant) or ANY_GAME


@dataclass
class Shot:
    name: str
    size: tuple[int, int]
    variant: str = "klondike"
    keys: list[str] = field(default_factory=list)
    settings: dict = field(default_factory=dict)
    near_win: bool = False  # the game one automatic finish from the end (then F)
    lost_game: bool = False  # a game lost at a known move (tests/data/analysis_cases.json)
    history: bool = False  # finished games kept: won, solved with help ("show me"), abandoned
    wait: float = 0.5  # seconds after the keys
    language: str | None = None  # --language
    saved_games: bool = False  # a few games saved in the data folder's games/ (Ctrl+O)
    settle: bool = False  # capture again until the table stops moving (a loaded machine)


def shots() -> list[Shot]:
    out = []
    for variant in GAMES:
        for size in [*LANDSCAPE, PORTRAIT]:
            out.append(Shot(f"{variant}-{size[0]}x{size[1]}", size, variant))
    for variant in family():
        for size in FAMILY_SIZES:
            out.append(Shot(f"{variant}-{size[0]}x{size[1]}", size, variant, settle=True))
    out += [
        Shot("four-colour-1280x800", (1280, 800), settings={"four_colour": True}),
        Shot("large-index-1280x800", (1280, 800), settings={"face_style": "large"}),
        Shot("menu-1280x800", (1280, 800), keys=MENU),
        Shot("rules-1280x800", (1280, 800), keys=["F1"]),
        Shot("statistics-1280x800", (1280, 800), keys=STATISTICS),
        Shot("options-1280x800", (1280, 800), keys=MENU + ["Up"] * 3 + ["Return"]),
        Shot(
            "verdict-800x600",
            (800, 600),
            keys=MENU + ["Down"] * 3 + ["Return"] + ["Down"] * 2 + ["Return"],
            wait=6.0,  # the solver's answer, shown whole in a message
        ),
        Shot("win-1280x800", (1280, 800), near_win=True, keys=["f"], wait=10.0),
        Shot("timeline-1280x800", (1280, 800), keys=["v", "Home"] + ["Right"] * 23, wait=1.5),
        Shot("demo-1280x800", (1280, 800), variant="saratoga", keys=["s"], wait=5.0),
        Shot("lost-1280x800", (1280, 800), lost_game=True, keys=["l"], wait=5.0),
        Shot("file-browser-1280x800", (1280, 800), keys=BROWSER, saved_games=True),
        Shot("finished-assisted-1280x800", (1280, 800), keys=FINISHED, history=True),
    ]
    # The game chooser (G), in each language at the smallest, the usual and the tall window.
    for language in ("en", "uk", "ru"):
        for size in CHOOSER_SIZES:
            tag = "" if language == "en" else f"-{language}"
            out.append(
                Shot(
                    f"chooser{tag}-{size[0]}x{size[1]}",
                    size,
                    keys=["g"],
                    settings={"recent": ("double-klondike", "saratoga", "klondike")},
                    wait=2.0,  # the pictures come in a few a frame
                    language=None if language == "en" else language,
                )
            )
    for language in ("uk", "ru"):
        out += [
            Shot(f"klondike-{language}-1280x800", (1280, 800), language=language),
            Shot(f"menu-{language}-1280x800", (1280, 800), keys=MENU, language=language),
            Shot(f"rules-{language}-1280x800", (1280, 800), keys=["F1"], language=language),
            Shot(
                f"statistics-{language}-1280x800",
                (1280, 800),
                keys=STATISTICS,
                language=language,
            ),
            Shot(f"options-{language}-800x600", (800, 600), language=language, keys=OPTIONS),
            Shot(
                f"file-browser-{language}-1280x800",
                (1280, 800),
                keys=BROWSER,
                saved_games=True,
                language=language,
            ),
            Shot(
                f"win-{language}-800x600",
                (800, 600),
                near_win=True,
                keys=["f"],
                wait=10.0,
                language=language,
            ),
            Shot(
                f"finished-assisted-{language}-1280x800",
                (1280, 800),
                keys=FINISHED,
                history=True,
                language=language,
            ),
        ]
    return out


OPTIONS = MENU + ["Up"] * 3 + ["Return"]
STATISTICS = MENU + ["Up"] * 5 + ["Return"]
BROWSER = ["ctrl+o", "Down"]


def sample_games(data_dir: Path) -> None:
    """Games saved over a few days (as Ctrl+S names them): one won, one abandoned, the
    others in progress."""
    from datetime import datetime

    from game.solver import auto_finish_line
    from game.store.gamefiles import games_folder, suggested_name, write_game

    won = near_win()
    for command in auto_finish_line(won.state, won.rules) or ():
        won.execute(command)
    samples = [(won, "won", datetime(2026, 11, 28, 21, 14))]
    for n, (variant, steps, result, when) in enumerate(
        [
            ("klondike", 60, "", datetime(2026, 12, 1, 9, 53)),
            ("saratoga", 40, "", datetime(2026, 11, 30, 18, 2)),
            ("double-klondike", 90, "abandoned", datetime(2026, 11, 29, 12, 47)),
            ("klondike", 25, "", datetime(2026, 11, 27, 8, 5)),
        ]
    ):
        mode, seed, _steps = GAMES[variant]
        game = new_game(get_variant(variant).rules(mode), seed=seed * 1000 + n)
        greedy_midgame(game, steps)
        samples.append((game, result, when))
    folder = games_folder(data_dir)
    for game, result, when in samples:
        write_game(folder / suggested_name(game, when), game, 300.0, result)


def lost_game() -> Game:
    """A Saratoga game whose losing move is known (the first such case of the tests)."""
    import json

    from game.engine.notation import parse_command

    cases = json.loads((ROOT / "tests" / "data" / "analysis_cases.json").read_text())["cases"]
    case = next(c for c in cases if c["variant"] == "saratoga")
    game = new_game(get_variant(case["variant"]).rules(case["mode"]), seed=case["seed"])
    for text in case["moves"]:
        game.execute(parse_command(text, game.layout))
    return game


def sample_statistics(folder: Path) -> None:
    """A season of finished games (some modes played a hundred times and more), so the
    statistics page shows counts, streaks and times as a keen player's would."""
    stats = Statistics()
    results = [
        ("klondike", "draw1", [(True, 312, 141), (False, 95, 40), (True, 268, 128)], 47),
        ("klondike", "draw3", [(True, 402, 180), (False, 150, 60), (False, 80, 30)], 5),
        ("saratoga", "draw1", [(True, 205, 110), (True, 240, 118)], 61),
        ("double-klondike", "draw3", [(False, 600, 220), (True, 1104, 402)], 2),
        ("double-klondike", "draw1-unlimited", [(True, 1390, 511), (False, 300, 90)], 1),
    ]
    n = 0
    for variant, mode, games, rounds in results:
        for round_ in range(rounds):
            for won, seconds, moves in games:
                n += 1
                seconds, moves = seconds + round_ * 3, moves + round_ % 7
                key = StatsKey(variant, mode)
                stats = record_result(stats, key, f"g{n}", won, seconds, moves)
    save_statistics(folder, stats)


def sample_history(folder: Path) -> None:
    """Finished games to list: a win, a win the solver played out ("show me": solved with
    help), a game abandoned part-way; each a real game, kept as the game keeps them."""
    from game.solver import solve, winnable_pool

    rules = get_variant("klondike").rules("draw1")
    pool = list(winnable_pool(rules))[:2]
    history = folder / HISTORY
    history.mkdir(parents=True, exist_ok=True)
    for n, (seed, helped) in enumerate(zip(pool, (False, True), strict=True)):
        game = new_game(rules, seed=seed)
        for command in solve(game.state, rules, max_seconds=10).line or ():
            game.execute(command)
        stamp = f"20261130-1{n}2400-000000"
        write_game(history / f"{stamp}-{suggested_name(game)}", game, 300.0, "won", helped)
    abandoned = new_game(get_variant("saratoga").rules("draw1"), seed=11)
    greedy_midgame(abandoned, 40)
    stamp = "20261130-090500-000000"
    write_game(history / f"{stamp}-{suggested_name(abandoned)}", abandoned, 120.0, "abandoned")


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
        if m.source == 1 or lay.is_reserve(m.source):
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


def near_win() -> Game:
    """A Klondike game whose every card is face up, a few moves from the end: the solver's
    winning line from a deal of the shipped pool, played but for its last moves."""
    from game.solver import auto_finish_line, solve, winnable_pool

    rules = get_variant("klondike").rules("draw1")
    for seed in winnable_pool(rules):
        game = new_game(rules, seed=seed)
        line = solve(game.state, rules, max_seconds=10).line or ()
        for command in line:
            if auto_finish_line(game.state, rules) and game.score > 30:
                return game
            game.execute(command)
    raise RuntimeError("no pool deal could be brought near a win")


def wait_until_still(grab: list[str], env: dict, out: Path, tries: int = 20) -> None:
    """Capture again until two captures a second apart show the same table: on a loaded
    machine the sprites may still be flying to their homes when the first one is taken.
    The status line is left out of the comparison (its clock ticks)."""
    import pygame

    def table(path: Path) -> bytes:
        image = pygame.image.load(str(path))
        width, height = image.get_size()
        return pygame.image.tobytes(image.subsurface((0, 0, width, height - 60)), "RGB")

    before = table(out)
    for _ in range(tries):
        time.sleep(1.0)
        subprocess.run(grab, env=env, check=True)
        now = table(out)
        if now == before:
            return
        before = now


def capture(display: str, shot: Shot, data_dir: Path, out: Path, home: Path | None = None) -> None:
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy")
    if home is not None:  # paths shown as a player's: ~/.local/share/...
        env["HOME"] = str(home)
    env.pop("SDL_VIDEODRIVER", None)
    size = f"{shot.size[0]}x{shot.size[1]}"
    cmd = [sys.executable, "-m", "game", "--data-dir", str(data_dir), "--windowed", size]
    if shot.language:
        cmd += ["--language", shot.language]
    # Sound on (to the dummy driver): the Options page shows what a player sees.
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env)
    try:
        window = ""
        for _ in range(50):
            time.sleep(0.2)
            found = subprocess.run(
                ["xdotool", "search", "--pid", str(proc.pid)],
                env=env,
                capture_output=True,
                text=True,
            )
            window = found.stdout.split()[-1] if found.stdout.split() else ""
            if window:
                break
        if not window:
            raise RuntimeError("the game window did not appear")
        time.sleep(2.0)  # the resumed game settles (no deal animation on resume)
        for key in shot.keys:
            subprocess.run(["xdotool", "key", "--window", window, key], env=env, check=True)
            time.sleep(0.25)
        time.sleep(shot.wait)
        grab = ["import", "-display", display, "-window", window, str(out)]
        subprocess.run(grab, env=env, check=True)
        if shot.settle:
            wait_until_still(grab, env, out)
    finally:
        proc.terminate()
        proc.wait(10)


def languages(text: str) -> set[str]:
    """``uk,ru``: languages the game speaks."""
    chosen = {part.strip() for part in text.split(",")}
    if not chosen <= set(LANGUAGES):
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: languages are {', '.join(LANGUAGES)}")
    return chosen


def main() -> int:
    ap = parser(__doc__)
    shipped_output(ap, ROOT / "docs", kind=output_folder)
    ap.add_argument("--display", type=x_display, default=":99")
    ap.add_argument("--only", help="only shots whose name contains this")
    ap.add_argument("--language", type=languages, help="only shots in these languages (uk,ru)")
    args = ap.parse_args()
    lacking = missing("xdotool", "import", install="apt-get install xvfb xdotool imagemagick")
    if lacking:
        return refuse(lacking)
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    for shot in shots():
        if args.only and args.only not in shot.name:
            continue
        if args.language is not None and (shot.language or "en") not in args.language:
            continue
        if shot.near_win:
            game = near_win()
        elif shot.lost_game:
            game = lost_game()
        else:
            mode, seed, steps = view_of(shot.variant)
            game = new_game(get_variant(shot.variant).rules(mode), seed=seed)
            greedy_midgame(game, steps)
        with tempfile.TemporaryDirectory() as tmp:
            folder, home = Path(tmp), None
            if shot.saved_games:
                home, folder = folder, folder / ".local" / "share" / "klondike-family"
                sample_games(folder)
            save_current(folder, game, 187.0, "screenshot")
            sample_statistics(folder)
            if shot.history:
                sample_history(folder)
            settings = replace(Settings(), window_size=shot.size, **shot.settings)
            save_settings(folder, settings)
            path, taken = out / f"{shot.name}.png", Path(tmp) / "shot.png"
            capture(args.display, shot, folder, taken, home)
            write_output(path, taken.read_bytes())
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
