"""Driving the table through the real App and Controller under the dummy video driver.

``AppTable`` is a thin handle on a real ``App``: events go through ``App.handle_event``
(the key map, the pointer, the controller), commands through ``Controller.apply``, so a
test sees what a player would: a restart asks first, a refusal is worded, and the sprites
follow the session's game.
"""

from __future__ import annotations

import tempfile

import pygame

from game.app.loop import DT
from game.engine.game import Game
from game.view import intents as i
from game.view.homes import card_homes
from tests.app.app_helpers import make_app


def display(size=(1280, 800)) -> pygame.Surface:
    pygame.init()
    return pygame.display.set_mode(size)


class AppTable:
    """The real App, seen from its table."""

    def __init__(self, app) -> None:
        self.app = app

    @property
    def scene(self):
        return self.app.table

    @property
    def game(self) -> Game:
        return self.app.session.game

    def __getattr__(self, name):  # the table's own fields and methods, for short tests
        return getattr(self.app.table, name)

    def apply(self, intent) -> None:
        self.app.controller.apply(intent)

    def do(self, command) -> bool:
        moves = self.game.moves_made
        self.apply(i.Play(command))
        return self.game.moves_made != moves

    def event(self, event: pygame.event.Event) -> None:
        self.app.handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        """The window manager resizes the window, then the game hears of it."""
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self.app.on_resize(size)


def scene_for(
    variant="klondike", seed=1, size=(1280, 800), mode=None, game: Game | None = None
) -> AppTable:
    """A fresh App (a data folder of its own) dealing ``variant``/``seed``, or showing
    ``game`` (adopted by the session, as a resumed game is, and dealt out)."""
    folder = tempfile.mkdtemp(prefix="solitaire-table-test-")
    flags = ["--windowed", f"{size[0]}x{size[1]}", "--variant", variant, "--seed", str(seed)]
    if mode is not None:
        flags += ["--mode", mode]
    app = make_app(folder, *flags)
    if game is not None:
        app.session.adopt(game)
        app.table.show(game)
    return AppTable(app)


def settle(table: AppTable, seconds: float = 5.0, screen=None) -> None:
    """Step the app (and draw it) until nothing moves, at most ``seconds`` of game time."""
    screen = screen or pygame.display.get_surface()
    app = table.app
    for _ in range(int(seconds / DT)):
        app.update(DT)
        app.tick(DT)
        app.draw(screen, 1.0)
        if not table.scene.motion.busy:
            break


def matches_engine(table: AppTable) -> bool:
    """Every sprite rests exactly at the home the engine state gives it."""
    scene = table.scene
    homes = card_homes(scene.game.state, scene.layout, scene.game.waste_fan())
    if set(homes) != set(scene.motion.sprites):
        return False
    for card, home in homes.items():
        sprite = scene.motion.sprites[card]
        if sprite.home != home or not sprite.at_home:
            return False
    return True


def centre_of(table: AppTable, card: int) -> tuple[int, int]:
    scene = table.scene
    home = scene.motion.sprites[card].home
    return home.x + scene.layout.card_w // 2, home.y + scene.layout.card_h // 6


def mouse(table: AppTable, kind: str, pos, button: int = 1) -> None:
    types = {
        "down": pygame.MOUSEBUTTONDOWN,
        "up": pygame.MOUSEBUTTONUP,
        "move": pygame.MOUSEMOTION,
    }
    if kind == "move":
        event = pygame.event.Event(types[kind], pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    else:
        event = pygame.event.Event(types[kind], pos=pos, button=button)
    table.event(event)


def drag(table: AppTable, start, end, steps: int = 8) -> None:
    mouse(table, "down", start)
    for n in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * n // steps
        y = start[1] + (end[1] - start[1]) * n // steps
        mouse(table, "move", (x, y))
        table.app.update(DT)
    mouse(table, "up", end)


def key(table: AppTable, k: int, mod: int = 0, text: str = "") -> None:
    """A key as the player presses it: through the App's key map and the controller."""
    table.event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text))
