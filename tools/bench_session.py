"""Memory over a long session: the real App, headless, under random player actions.

    python tools/bench_session.py [--steps 20000] [--seed 1] [--every 1000] [--switch 300]
        [--search-ms 200] [--trace]

One App (SDL's dummy drivers, a fresh data folder) is driven by a seeded random player:
keys of the key map (hint, undo, redo, new game, restart, ...), clicks on cards, piles,
buttons and the rows of whatever panel is in front, drags of face-up cards, the menu,
the history, the timeline, "show me", "where was it lost?", resizes and language changes;
a few frames after each action, and now and then the table left to come to rest. Every
``--switch`` steps the player moves on to the next game (every variant and deal mode of
the game in turn, in an order the seed shuffles). The RSS of this process (VmRSS of
/proc/self/status) is printed every ``--every`` steps; at the end a summary: RSS at the
start (the App open, its first frame drawn), the highest, the last, and the level of the
last quarter of the run (the mean and the highest of its samples).

``--search-ms``: the most a search of the solver may take (hint, verdict, "show me", the
winnable deals' top-up, each position of "where was it lost?"), so the run takes minutes,
not hours; what a search builds is let go when it ends, and what it leaves behind is what
this measures. ``--trace``: at each report, what grew since the last one (tracemalloc's
top lines, and the kinds of object ``gc`` holds that grew most); slower, for finding what
grows.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import random
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game import i18n  # noqa: E402
from game.app.allocator import heap_info  # noqa: E402
from game.app.app import App  # noqa: E402
from game.app.args import parse  # noqa: E402
from game.app.budgets import STANDARD, AssistBudget  # noqa: E402
from game.app.keymap import TABLE  # noqa: E402
from game.app.loop import DT  # noqa: E402
from game.variants import all_variants  # noqa: E402
from game.view import intents  # noqa: E402
from tests.app.ui_model import (  # noqa: E402
    RESIZES,
    Hands,
    panel_targets,
    shown_table,
    table_points,
)
from tools.arguments import parser as one_line_parser  # noqa: E402
from tools.arguments import whole  # noqa: E402

# The keys a player presses most, each with its own share; the rest of the table's keys
# share what is left of a key press.
FAVOURITES = [
    (pygame.K_h, 0),  # hint
    (pygame.K_z, pygame.KMOD_CTRL),  # undo
    (pygame.K_y, pygame.KMOD_CTRL),  # redo
    (pygame.K_SPACE, 0),  # the stock
]
OTHER_KEYS = [
    (b.key, b.mods)
    for b in TABLE
    if b.name not in ("Ctrl+S", "Ctrl+O")  # the file prompts: a page of typing of their own
]
NAVIGATION = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN]
NAVIGATION += [pygame.K_ESCAPE, pygame.K_TAB, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END]
PANELS = [intents.OpenRules(), intents.OpenStatistics(), intents.OpenOptions()]
PANELS += [intents.OpenVariants(), intents.OpenHistory()]


def rss_mb() -> float:
    """This process's resident set, in MB (Linux)."""
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise OSError("no VmRSS in /proc/self/status")


def all_games(rng: random.Random) -> list[tuple[str, str]]:
    games = [(v.id, mode) for v in all_variants() for mode in v.mode_ids()]
    rng.shuffle(games)
    return games


def cut_budgets(seconds: float) -> AssistBudget:
    """The game's budgets, each search taking at most ``seconds``."""
    return dataclasses.replace(
        STANDARD,
        hint=min(STANDARD.hint, seconds),
        verdict=min(STANDARD.verdict, seconds),
        top_up=min(STANDARD.top_up, seconds),
        demo=min(STANDARD.demo, seconds),
        analysis_per_position=min(STANDARD.analysis_per_position, seconds),
        analysis_total=min(STANDARD.analysis_total, 10 * seconds),
    )


class Player(Hands):
    """Random actions on the real App, as its events and intents bring them."""

    def __init__(self, folder: str, rng: random.Random, budget: AssistBudget) -> None:
        self.folder, self.rng, self.budget = folder, rng, budget
        self.app = self.open()
        self.games = all_games(rng)
        self.played = 0  # games switched to
        self.quits = 0  # quits the random player chose, dropped

    def open(self) -> App:
        pygame.init()
        flags = ["--data-dir", self.folder, "--windowed", "800x600", "--no-sound"]
        app = App(parse(flags))
        app.controller.assistant.budget = self.budget  # before the first frame's search
        apply = app.controller.apply

        def stay(intent) -> None:
            """One long session: a quit (the menu's row, its question's answer) is dropped."""
            if isinstance(intent, intents.Abandon):
                intent = intent.then if isinstance(intent.then, intents.Quit) else intent
            if isinstance(intent, intents.Quit):
                self.quits += 1
            else:
                apply(intent)

        app.controller.apply = stay
        return app

    # -- input: post, press, click and frames are the shared hands' (``ui_model.Hands``) --

    def targets(self) -> list[tuple[int, int]]:
        top = self.app.scenes.top
        rects = panel_targets(top)
        if rects is not None:
            return [r.center for r in rects]
        table = self.app.table
        _, hits, _ = table.decor.render(table.snapshot(), table.layout)
        return table_points(table) + [r.center for r, _ in hits]

    def drag(self) -> None:
        """A face-up card of the table dragged onto a pile (or the felt)."""
        app = self.app
        if app.scenes.top is not app.table:
            return
        table = shown_table(app)
        state, lay = table.game.state, table.layout
        up = [(p, k) for p, pile in enumerate(state.piles) for k in range(len(pile))]
        up = [(p, k) for p, k in up if state.face_up(p, k)]
        if not up:
            return
        pile, position = self.rng.choice(up)
        home = table.motion.sprites[state.piles[pile][position]].home
        start = (home.x + lay.card_w // 2, home.y + 6)
        target = lay.slot_rect(self.rng.choice(lay.shown()))
        end = (int(target.x + target.w / 2), int(target.y + target.h / 2))
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        for step in range(1, 5):
            at = tuple(int(a + (b - a) * step / 4) for a, b in zip(start, end, strict=True))
            self.post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))
            self.frames(1)
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)

    # -- a step ------------------------------------------------------------------------------

    def act(self) -> None:
        rng, app = self.rng, self.app
        roll = rng.random()
        if roll < 0.20:
            self.press(*rng.choice(FAVOURITES))
        elif roll < 0.32:
            self.press(*rng.choice(OTHER_KEYS))
        elif roll < 0.40:
            self.press(rng.choice(NAVIGATION))
        elif roll < 0.62:
            targets = self.targets()
            if targets:
                self.click(rng.choice(targets), 1 if rng.random() < 0.95 else 3)
        elif roll < 0.84:
            self.drag()
        elif roll < 0.90:
            app.controller.apply(rng.choice(PANELS))  # a panel, then a row or two of it
            for _ in range(rng.randrange(3)):
                self.frames(1)
                targets = self.targets()
                if targets:
                    self.click(rng.choice(targets))
        elif roll < 0.93:
            self.press(pygame.K_v)  # the timeline, a few of its controls
            for _ in range(rng.randrange(4)):
                self.press(rng.choice([pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME]))
        elif roll < 0.95:
            app.controller.apply(intents.Abandon(intents.NewGame()))
        elif roll < 0.96:
            size = rng.choice(RESIZES)  # the window manager resizes, then tells the game
            pygame.display.set_mode(size, pygame.RESIZABLE)
            self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        elif roll < 0.97:
            app.controller.apply(intents.ChangeSetting("language", rng.choice(i18n.LANGUAGES)))
            app.controller.apply(intents.CloseMenus())
        elif roll < 0.985:
            self.press(pygame.K_s)  # show me: it plays (slowly) until a key stops it
            self.frames(rng.randrange(1, 60))
        elif roll < 0.99:
            self.press(pygame.K_l)  # where was it lost?
        else:
            app.controller.apply(intents.CloseMenus())
            self.settle()  # the player waits for the table to come to rest
        self.frames(rng.choice([1, 1, 2, 3]))

    def settle(self) -> None:
        app = self.app
        app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1))
        for _ in range(3000):
            if app.controller.assistant.demonstrating:
                app.controller.apply(intents.StopDemo())
            app.update(DT)
            app.tick(DT)
            if shown_table(app).idle and not app.controller.assistant._finish:
                break

    def next_game(self) -> None:
        variant, mode = self.games[self.played % len(self.games)]
        self.played += 1
        self.app.controller.apply(intents.CloseMenus())
        self.app.controller.apply(intents.Abandon(intents.SwitchVariant(variant, mode)))

    def stop(self) -> None:
        self.app.controller.assistant.stop()
        self.app.controller.watching.analyst.cancel()


class Growth:
    """What grew between two reports (``--trace``)."""

    def __init__(self) -> None:
        tracemalloc.start(8)
        self.snapshot = tracemalloc.take_snapshot()
        self.kinds = self.count_kinds()

    @staticmethod
    def count_kinds() -> Counter:
        gc.collect()
        return Counter(type(o).__qualname__ for o in gc.get_objects())

    def report(self) -> None:
        traced = tracemalloc.get_traced_memory()[0] / 2**20
        heap = malloc_heap()
        print(f"    Python's objects {traced:.0f} MB; C heap: {heap}")
        snapshot = tracemalloc.take_snapshot()
        top = snapshot.compare_to(self.snapshot, "traceback")[:6]
        for stat in top:
            print(f"    {stat.size_diff / 1024:+9.0f} kB  {stat.count_diff:+7d} blocks")
            for line in stat.traceback.format()[-6:]:
                print(f"        {line}")
        print(f"    {held_surfaces()}")
        kinds = self.count_kinds()
        grown = sorted(((kinds[k] - self.kinds[k], k) for k in kinds), reverse=True)[:8]
        print("    objects:", ", ".join(f"{k} {d:+d}" for d, k in grown if d > 0))
        self.snapshot, self.kinds = snapshot, kinds


def malloc_heap() -> str:
    """What the C library's allocator holds: in use, free but kept, and in mappings of their
    own."""
    info = heap_info()
    if info is None:
        return "unknown"
    return (
        f"in use {info.uordblks / 2**20:.0f} MB, free kept {info.fordblks / 2**20:.0f} MB, "
        f"mapped {info.hblkhd / 2**20:.0f} MB"
    )


def held_surfaces() -> str:
    """The pygame surfaces Python holds (their pixels are outside tracemalloc's view), and
    the fonts."""
    surfaces, fonts = {}, {}
    for holder in gc.get_objects():
        for held in gc.get_referents(holder):
            if isinstance(held, pygame.Surface):
                surfaces[id(held)] = held
            elif isinstance(held, pygame.font.Font):
                fonts[id(held)] = held
    pixels = sum(s.get_width() * s.get_height() * s.get_bytesize() for s in surfaces.values())
    return f"surfaces {len(surfaces)}, {pixels / 2**20:.0f} MB of pixels; fonts {len(fonts)}"


COUNT = whole(1, 10_000_000)
SEED = whole(0, 2**32 - 1)


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = one_line_parser(__doc__)
    parser.add_argument("--steps", type=COUNT, default=20_000, help="actions (20000)")
    parser.add_argument("--seed", type=SEED, default=1, help="the random player's seed (1)")
    parser.add_argument("--every", type=COUNT, default=1000, help="report RSS every N (1000)")
    parser.add_argument("--switch", type=COUNT, default=300, help="steps per game (300)")
    parser.add_argument(
        "--search-ms", type=COUNT, default=200, help="the most a search takes, ms (200)"
    )
    parser.add_argument("--trace", action="store_true", help="what grew, at each report")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    budget = cut_budgets(args.search_ms / 1000)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="bench-session-") as folder:
        player = Player(folder, rng, budget)
        player.frames(2)
        growth = Growth() if args.trace else None
        began, samples = time.perf_counter(), [(0, rss_mb())]
        print(f"{'step':>7} {'games':>6} {'RSS MB':>8} {'seconds':>8}", flush=True)
        print(f"{0:>7} {0:>6} {samples[0][1]:>8.1f} {0:>8.0f}", flush=True)
        try:
            for step in range(1, args.steps + 1):
                if step % args.switch == 1:
                    player.next_game()
                player.act()
                if step % args.every == 0 or step == args.steps:
                    samples.append((step, rss_mb()))
                    seconds = time.perf_counter() - began
                    line = f"{step:>7} {player.played:>6} {samples[-1][1]:>8.1f} {seconds:>8.0f}"
                    print(line, flush=True)
                    if growth is not None:
                        growth.report()
        finally:
            player.stop()
    rss = [mb for _, mb in samples]
    last = [mb for step, mb in samples if step > args.steps * 3 / 4] or rss[-1:]
    print(
        f"steps {args.steps}, games {player.played} (every variant and mode: "
        f"{len(player.games)}), quits dropped {player.quits}, seed {args.seed}, "
        f"{time.perf_counter() - began:.0f} s"
    )
    print(
        f"RSS MB: start {rss[0]:.0f}, max {max(rss):.0f}, end {rss[-1]:.0f}; last quarter "
        f"mean {sum(last) / len(last):.0f}, max {max(last):.0f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
