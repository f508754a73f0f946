"""Driving a table scene by hand under the dummy video driver.

The table never changes the game: ``TableHarness`` plays the part of the app's controller
for the intents a table test needs (moves, undo, redo, the keyboard focus), so a test can
send pointer events and keys and see the engine and the sprites follow.
"""

from __future__ import annotations

import pygame

from game.app.keymap import table_intent
from game.app.loop import DT
from game.engine.game import Game, new_game
from game.engine.refusals import Refused
from game.variants import get_variant
from game.view import intents as i
from game.view.layout import card_homes
from game.view.table import TableOptions, TableScene


def display(size=(1280, 800)) -> pygame.Surface:
    pygame.init()
    return pygame.display.set_mode(size)


class TableHarness:
    """A table and its game, with input turned into engine commands as the app does."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.refusals: list[str] = []

    @property
    def game(self) -> Game:
        return self.scene.game

    def __getattr__(self, name):  # the scene's own fields and methods, for short tests
        return getattr(self.scene, name)

    def apply(self, intent) -> None:
        game, scene = self.game, self.scene
        if isinstance(intent, i.Play):
            before = game.state
            try:
                step = game.execute(intent.command)
            except Refused as refused:
                scene.refused(intent.command)
                self.refusals.append(str(refused))
                return
            scene.follow(before, step, from_hand=intent.from_hand)
        elif isinstance(intent, i.Undo):
            step = game.undo()
            if step is not None:
                scene.follow_undo(step)
        elif isinstance(intent, i.Redo):
            before = game.state
            step = game.redo()
            if step is not None:
                scene.follow(before, step)
        elif isinstance(intent, i.Restart):
            game.restart()
            scene.show(game)
        elif isinstance(intent, (i.FocusMove, i.FocusActivate)):
            for produced in scene.focus_input(intent):
                self.apply(produced)
        elif isinstance(intent, i.Back):
            scene.focus.let_go()
        elif isinstance(intent, (i.NowhereToGo, i.CannotLift)):
            self.refusals.append(type(intent).__name__)

    def do(self, command) -> bool:
        moves = self.game.moves_made
        self.apply(i.Play(command))
        return self.game.moves_made != moves

    def event(self, event: pygame.event.Event) -> None:
        for intent in self.scene.handle(event):
            self.apply(intent)


def scene_for(
    variant="klondike", seed=1, size=(1280, 800), mode=None, game: Game | None = None, **options
) -> TableHarness:
    display(size)
    game = game or new_game(get_variant(variant).rules(mode), seed=seed)
    return TableHarness(TableScene(size, game, TableOptions(**options)))


def settle(table: TableHarness, seconds: float = 5.0, screen=None) -> None:
    """Step the scene (and draw it) until nothing moves, at most ``seconds`` of game time."""
    screen = screen or pygame.display.get_surface()
    for _ in range(int(seconds / DT)):
        table.scene.update(DT)
        table.scene.draw(screen, 1.0)
        if not table.scene.motion.busy:
            break


def matches_engine(table: TableHarness) -> bool:
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


def centre_of(table: TableHarness, card: int) -> tuple[int, int]:
    scene = table.scene
    home = scene.motion.sprites[card].home
    return home.x + scene.layout.card_w // 2, home.y + scene.layout.card_h // 6


def mouse(table: TableHarness, kind: str, pos, button: int = 1) -> None:
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


def drag(table: TableHarness, start, end, steps: int = 8) -> None:
    mouse(table, "down", start)
    for n in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * n // steps
        y = start[1] + (end[1] - start[1]) * n // steps
        mouse(table, "move", (x, y))
        table.scene.update(DT)
    mouse(table, "up", end)


def key(table: TableHarness, k: int, mod: int = 0) -> None:
    """A key through the game's key map, as the app routes it to the table."""
    event = pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")
    intent = table_intent(event)
    if intent is not None:
        table.apply(intent)
