"""The model a UI test holds the real App to: what the screen must say, after every settled
step, against the session and the engine.

``check(app, before)`` asserts the rules below and raises ``ScreenLies`` naming the one
broken. ``Player`` drives the real App (its ``handle_event`` and its Controller) with
random player actions: keys, clicks, drags, menus, dialogs, the timeline, "show me",
finished games, resizes and language changes.

The rules:
1. sprites: every card sprite of the shown game rests at its layout home for the shown
   state (the shown game: the session's on the table, the replay's own on a timeline);
2. backdrop: under a panel is the current live scene: the cached backdrop equals a fresh
   render of it, shaded;
3. status: every status field the table shows is the session's value (moves, time, stock,
   redeals, deal, score), and a panel's count of moves is the status line's;
4. card size: the shown scene draws at its own layout's card size, the layout of the shown
   game's variant at this window size;
5. other games: an action taken in a scene changes no other scene's game (in a replay, only
   "play from here" changes the game being played; the replay's game moves only with the
   replay's own controls).
"""

from __future__ import annotations

import os
import random
import re
import zlib
from dataclasses import dataclass

import pygame

from game import i18n
from game.app.keymap import ALL
from game.app.loop import DT
from game.engine.game import Game
from game.view import intents
from game.view.hud import first_word, format_time
from game.view.replay import ReplayScene
from game.view.timeline import track_rect
from game.view.widgets.base import Overlay
from game.view.widgets.chooser import ChooserPanel
from game.view.widgets.dialogs import ConfirmDialog, PromptDialog
from game.view.widgets.menu import MenuPanel
from game.view.widgets.page import PagePanel
from game.view.widgets.style import shade
from tests.variant_ids import FAMILY


class ScreenLies(AssertionError):
    """What the screen shows is not what is true."""


@dataclass(frozen=True)
class GameMark:
    """A game's identity and position, to see whether an action changed it."""

    game: Game
    moves: int
    redo: int
    state: object

    @classmethod
    def of(cls, game: Game) -> GameMark:
        return cls(game, len(game.log), len(game.redo_stack), game.state)


@dataclass(frozen=True)
class Before:
    """What was in front when an action was taken, and the games then."""

    in_replay: bool
    played: GameMark
    watched: GameMark | None


def before(app) -> Before:
    replay = app.scenes.find(ReplayScene)
    return Before(
        replay is not None,
        GameMark.of(app.session.game),
        None if replay is None else GameMark.of(replay.game),
    )


def shown_table(app):
    """The table scene the player sees (the replay's own table on a timeline)."""
    live = app.scenes.live
    return getattr(live, "table", live)


def fresh_backdrop(scene, size) -> pygame.Surface:
    canvas = pygame.Surface(size)
    scene.invalidate()
    scene.draw(canvas, 1.0)
    scene.invalidate()
    return shade(canvas)


def numbers(text: str) -> list[str]:
    return re.findall(r"\d+", text)


# -- the rules ---------------------------------------------------------------------------------


def check_sprites(app) -> None:
    table = shown_table(app)
    if table is app.table and table.game is not app.session.game:
        raise ScreenLies("sprites: the table shows another game than the one played")
    if not table.in_sync():
        raise ScreenLies("sprites: a card is not at its home for the shown state")


def check_backdrop(app) -> None:
    top = app.scenes.top
    if not isinstance(top, Overlay):
        return
    size = pygame.display.get_surface().get_size()
    cached = app.scenes.backdrop(size)
    fresh = fresh_backdrop(app.scenes.live, size)
    if cached.get_buffer().raw != fresh.get_buffer().raw:
        raise ScreenLies("backdrop: the picture under the panel is not the table as it is now")


def check_status(app) -> None:
    table, session = app.table, app.session
    game = session.game
    if table.game is not game:
        raise ScreenLies("status: the table's game is not the session's")
    fields = {f.key: f for f in table.snapshot().fields}
    expected = {
        "moves": [str(game.moves_made)],
        "stock": [str(game.stock_count)],
        "score": [str(game.score), str(game.max_score)],
    }
    if game.redeals_left is not None:
        expected["redeals"] = [str(game.redeals_left)]
    for key, values in expected.items():
        field = fields.get(key)
        if field is not None and any(numbers(form) != values for form in field.forms):
            raise ScreenLies(f"status: {key} shows {field.forms}, the session says {values}")
    time = fields.get("time")
    if time is not None and not all(f.endswith(format_time(session.elapsed)) for f in time.forms):
        raise ScreenLies(f"status: time shows {time.forms}, played {session.elapsed:.1f} s")
    deal = fields.get("deal")
    seed = game.deal.seed
    # Every form names the game; each that shows a number shows this deal's (the last
    # forms, for the narrowest lines, are the game's name alone).
    numbered = [f for f in deal.forms if any(c.isdigit() for c in f)] if deal else []
    if deal is not None and seed is not None and not all(str(seed) in f for f in numbered):
        raise ScreenLies(f"status: the deal shows {deal.forms}, the game is deal {seed}")
    name = i18n._(game.rules.name)
    if deal is not None and not all(f.startswith((name, first_word(name))) for f in deal.forms):
        raise ScreenLies(f"status: the deal shows {deal.forms}, the game is {name}")
    top = app.scenes.top
    if isinstance(top, ConfirmDialog) and i18n.language() == "en":
        said = re.search(r"\((\d+) moves\)", top.question)
        if said and int(said.group(1)) != game.moves_made:
            raise ScreenLies(f"status: the dialog says {said.group(0)}, moves {game.moves_made}")


def check_card_size(app) -> None:
    table = shown_table(app)
    wanted = table._layout_for(pygame.display.get_surface().get_size(), table.game.rules)
    if (table.layout.card_w, table.layout.card_h) != (wanted.card_w, wanted.card_h):
        raise ScreenLies("card size: the layout is not the shown game's at this window size")
    drawn = tuple(table.renderer.art.size)
    if drawn != (wanted.card_w, wanted.card_h):
        raise ScreenLies(
            f"card size: cards drawn at {drawn}, the layout's are {(wanted.card_w, wanted.card_h)}"
        )


def check_other_games(app, was: Before, applied: list, replay_played: bool = False) -> None:
    if not was.in_replay:
        return
    branched = any(
        isinstance(it, intents.ReplayBranch)
        or (isinstance(it, intents.Abandon) and isinstance(it.then, intents.ReplayBranch))
        for it in applied
    )
    if not branched and GameMark.of(was.played.game) != was.played:
        raise ScreenLies("other games: an action in a replay changed the game being played")
    replay = app.scenes.find(ReplayScene)
    if replay is None or was.watched is None or replay.game is not was.watched.game:
        return
    controls = (intents.ReplayStep, intents.ReplaySeek, intents.ReplayToggle)
    used = replay_played or any(isinstance(it, controls) for it in applied)
    if GameMark.of(replay.game) != was.watched and not used:
        raise ScreenLies("other games: the replay's game changed without its controls")


def check(app, was: Before | None = None, applied: list | None = None, played=False) -> None:
    check_sprites(app)
    check_backdrop(app)
    check_status(app)
    check_card_size(app)
    if was is not None:
        check_other_games(app, was, applied or [], played)


# -- the player --------------------------------------------------------------------------------

NAVIGATION = [
    *[pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN],
    *[pygame.K_ESCAPE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_PAGEUP, pygame.K_PAGEDOWN],
    *[pygame.K_HOME, pygame.K_END, pygame.K_SPACE],
]
KEYS = [b for b in ALL if b.name not in ("Ctrl+Q", "F11", "Alt+Enter")]
SIZES = [(640, 480), (800, 600), (1280, 800), (700, 1100), (1920, 1080)]
# Every size is visited, the small ones most: a frame's cost grows with the window, and
# the run must stay short in the suite.
RESIZES = SIZES + [(800, 600)] * 3 + [(640, 480)] * 2


def table_points(table) -> list[tuple[int, int]]:
    """Points worth clicking on the table: the top edge of every card, every pile's slot
    drawn."""
    lay = table.layout
    points = [(h.x + lay.card_w // 2, h.y + 5) for h in table.homes().values()]
    return points + [
        (int(r.x + r.w / 2), int(r.y + r.h / 2)) for r in map(lay.slot_rect, lay.shown())
    ]


def panel_targets(top) -> list | None:
    """The rectangles worth clicking on a menu, dialog, page or replay in front (its rows,
    buttons, field, timeline); None for the table or a scene of another kind."""
    if isinstance(top, MenuPanel):
        return [row.rect for row in top._rows()]
    if isinstance(top, ConfirmDialog):
        return top._buttons()
    if isinstance(top, PromptDialog):
        box, buttons = top._boxes()
        return [box, *buttons]
    if isinstance(top, PagePanel):
        return [rect for rect, _, _ in top._footer()]
    if isinstance(top, ChooserPanel):  # the tiles in view and the buttons at its foot
        return [rect for _, rect in top.visible_tiles()] + [box for box, _, _ in top.footer()]
    if isinstance(top, ReplayScene):
        table = top.table
        rects = [rect for rect, _ in table.decor.render(table.snapshot(), table.layout)[1]]
        return [*rects, track_rect(table.layout, top.bar())]
    return None


class Hands:
    """A player's input to the real App (``self.app``): events as SDL would bring them,
    and frames as the loop runs them. The random players here and in
    ``tools/bench_session.py`` share it."""

    app: object

    def post(self, kind: int, **attributes) -> None:
        if self.app.running:  # after a Quit, the rest of an action goes nowhere
            self.app.handle_event(pygame.event.Event(kind, **attributes))

    def press(self, key: int, mod: int = 0, text: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=text)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=text)

    def click(self, pos, button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    def frames(self, count: int) -> None:
        app = self.app
        for _ in range(count):
            app.update(DT)
            app.tick(DT)
            app.draw(pygame.display.get_surface(), 1.0)


class Player(Hands):
    """Random player actions on the real App; each followed by a settle and the check."""

    def __init__(self, app, rng: random.Random, start_again) -> None:
        """``start_again()``: a new App on the same data folder, after the game quit."""
        self.rng, self.start_again = rng, start_again
        self.applied: list = []
        self.actions = self.restarts = 0
        self.replay_played = False
        self.seen: set[str] = set()
        self.attach(app)

    def attach(self, app) -> None:
        self.app = app
        real_apply = app.controller.apply

        def noted_apply(intent):  # the intents an action led to, for rule 5
            self.applied.append(intent)
            real_apply(intent)

        app.controller.apply = noted_apply

    def targets(self) -> list[tuple[int, int]]:
        """Points worth clicking on whatever is in front."""
        top = self.app.scenes.top
        self.seen.add(type(top).__name__)
        rects = panel_targets(top)
        if rects is None and isinstance(top, Overlay):
            rects = [top.panel_rect()]
        if rects is None:
            table = self.app.table
            lay = table.layout
            points = table_points(table)
            _, hits, _ = table.decor.render(table.snapshot(), lay)
            return points + [r.center for r, _ in hits]
        return [r.center for r in rects]

    def drag(self) -> None:
        table = shown_table(self.app)
        if self.app.scenes.top is not self.app.table:
            return self.click(self.rng.choice(self.targets()))
        game, lay = table.game, table.layout
        up = [
            (p, k)
            for p, pile in enumerate(game.state.piles)
            for k in range(len(pile))
            if game.state.face_up(p, k)
        ]
        if not up:
            return None
        pile, position = self.rng.choice(up)
        home = table.motion.sprites[game.state.piles[pile][position]].home
        start = (home.x + lay.card_w // 2, home.y + 6)
        target = lay.slot_rect(self.rng.choice(lay.shown()))
        cards = game.state.piles[self._pile_at(target)]
        if cards:
            end_home = table.motion.sprites[cards[-1]].home
            end = (end_home.x + lay.card_w // 2, end_home.y + lay.card_h // 2)
        else:
            end = (int(target.x + target.w / 2), int(target.y + target.h / 2))
        if self.rng.random() < 0.1:  # onto bare felt
            end = (self.rng.randrange(lay.width), self.rng.randrange(lay.height))
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        for step in range(1, 5):
            at = tuple(int(a + (b - a) * step / 4) for a, b in zip(start, end, strict=True))
            self.post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))
            self.frames(1)
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        return None

    def _pile_at(self, rect) -> int:
        lay = shown_table(self.app).layout
        return next(p for p in lay.shown() if lay.slot_rect(p) == rect)

    def act(self) -> None:
        """One player action, chosen at random."""
        rng, app = self.rng, self.app
        roll = rng.random()
        if roll < 0.30:
            binding = rng.choice(KEYS)
            self.press(binding.key, binding.mods)
        elif roll < 0.45:
            self.press(rng.choice(NAVIGATION))
        elif roll < 0.65:
            targets = self.targets()
            if targets:
                self.click(rng.choice(targets), 1 if rng.random() < 0.95 else 3)
        elif roll < 0.85:
            self.drag()
        elif roll < 0.88:
            self.press(pygame.K_m)  # the menu, then a row of it
            self.frames(1)
            targets = self.targets()
            if targets and rng.random() < 0.7:
                self.click(rng.choice(targets))
        elif roll < 0.91:  # Finished games, as the games menu opens it (not over another)
            app.controller.apply(intents.CloseMenus())
            app.controller.apply(intents.OpenHistory())
            if rng.random() < 0.8:
                self.press(pygame.K_RETURN)
        elif roll < 0.93:
            self.press(pygame.K_v)  # the timeline, a few of its controls
            for _ in range(rng.randrange(4)):
                self.press(rng.choice([pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME]))
        elif roll < 0.944:
            size = rng.choice(RESIZES)  # the window manager resizes, then tells the game
            pygame.display.set_mode(size, pygame.RESIZABLE)
            self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        elif roll < 0.96:
            language = rng.choice(i18n.LANGUAGES)
            app.controller.apply(intents.ChangeSetting("language", language))
            app.controller.apply(intents.CloseMenus())
        elif roll < 0.975:
            self.press(pygame.K_s)  # show me: it plays (slowly) until a key stops it
            self.frames(rng.randrange(1, 60))
        else:
            self.press(pygame.K_l)  # where was it lost?
        self.actions += 1

    def settle(self) -> None:
        """Everything comes to rest: moves land, searches answer, a demo is stopped."""
        app = self.app
        app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1))
        assistant = app.controller.assistant
        for _ in range(5000):
            if assistant.demonstrating and self.rng.random() < 0.05:
                app.controller.apply(intents.StopDemo())
            app.update(DT)
            app.tick(DT)
            table = shown_table(app)
            still = table.idle and not (app.scenes.top is app.table and assistant._finish)
            if still and not getattr(app.scenes.live, "playing", False):
                break
            if getattr(app.scenes.live, "playing", False):
                self.replay_played = True
                if self.rng.random() < 0.02:
                    app.controller.apply(intents.ReplayToggle())
        app.draw(pygame.display.get_surface(), 1.0)

    def step(self) -> None:
        was = before(self.app)
        self.applied, self.replay_played = [], False
        self.act()
        if not self.app.running:  # a menu's Quit: start again on the same folder
            self.attach(self.start_again())
            self.restarts += 1
            return
        self.settle()
        check(self.app, was, self.applied, self.replay_played)


# 2,500 actions each in the suite, to keep it within its minutes on two cores; a longer
# hunt: UI_MODEL_ACTIONS=20000 (and UI_MODEL_FAMILY_ACTIONS for the family's games).
ACTIONS = int(os.environ.get("UI_MODEL_ACTIONS", "2500"))
SEEDS = {"klondike": 11, "saratoga": 22, "double-klondike": 33}
# The family games: the same player, fewer actions each (their tables share the code the
# three above drive at length; what differs is the shape: reserves, no waste, no stock).
# Each its own deal, kept when a game is added: the first eleven's as ever (41-51), a
# game added since by its id, so adding one changes no other game's run.
FIRST_ELEVEN = [
    "agnes", "athena", "canfield", "easthaven", "gold-mine", "jumbo", "lady-jane",
    "thumb-and-pouch", "westhaven", "whitehead", "yukon",
]  # fmt: skip
FAMILY_SEEDS = {
    variant: 41 + FIRST_ELEVEN.index(variant)
    if variant in FIRST_ELEVEN
    else 100 + zlib.crc32(variant.encode()) % 10_000
    for variant in FAMILY
}
FAMILY_ACTIONS = int(os.environ.get("UI_MODEL_FAMILY_ACTIONS", "250"))


def play_randomly(tmp_path, variant: str, seed: int, actions: int) -> None:
    """``actions`` random player actions on ``variant`` (seeded), the screen held to the
    model after each settled step; raises AssertionError naming the first lie."""
    from .app_helpers import QUICK, make_app

    rng = random.Random(seed)

    def start_again():
        return make_app(tmp_path, "--windowed", "800x600", budget=QUICK)

    flags = ("--windowed", "800x600", "--variant", variant, "--seed", "5")
    app = make_app(tmp_path, *flags, budget=QUICK)
    player = Player(app, rng, start_again)
    try:
        while player.actions < actions:
            player.step()
    except ScreenLies as lie:
        raise AssertionError(f"after {player.actions} actions ({variant}): {lie}") from lie
    finally:
        player.app.controller.assistant.stop()
        player.app.controller.watching.analyst.cancel()
    assert {"MenuPanel", "ReplayScene", "TableScene"} <= player.seen, player.seen
