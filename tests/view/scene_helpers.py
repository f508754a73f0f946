"""Driving a table scene by hand under the dummy video driver."""

from __future__ import annotations

import pygame

from game.app.loop import DT
from game.engine.game import Game, new_game
from game.variants import get_variant
from game.view.layout import card_homes
from game.view.table import TableOptions, TableScene


def display(size=(1280, 800)) -> pygame.Surface:
    pygame.init()
    return pygame.display.set_mode(size)


def scene_for(
    variant="klondike", seed=1, size=(1280, 800), mode=None, game: Game | None = None, **options
) -> TableScene:
    display(size)
    game = game or new_game(get_variant(variant).rules(mode), seed=seed)
    return TableScene(size, game, TableOptions(**options))


def settle(scene: TableScene, seconds: float = 5.0, screen=None) -> None:
    """Step the scene (and draw it) until nothing moves, at most ``seconds`` of game time."""
    screen = screen or pygame.display.get_surface()
    for _ in range(int(seconds / DT)):
        scene.update(DT)
        scene.draw(screen, 1.0)
        if not scene.motion.busy:
            break


def matches_engine(scene: TableScene) -> bool:
    """Every sprite rests exactly at the home the engine state gives it."""
    homes = card_homes(scene.game.state, scene.layout, scene.game.waste_fan())
    if set(homes) != set(scene.motion.sprites):
        return False
    for card, home in homes.items():
        sprite = scene.motion.sprites[card]
        if sprite.home != home or not sprite.at_home:
            return False
    return True


def centre_of(scene: TableScene, card: int) -> tuple[int, int]:
    home = scene.motion.sprites[card].home
    return home.x + scene.layout.card_w // 2, home.y + scene.layout.card_h // 6


def mouse(scene: TableScene, kind: str, pos, button: int = 1) -> None:
    types = {
        "down": pygame.MOUSEBUTTONDOWN,
        "up": pygame.MOUSEBUTTONUP,
        "move": pygame.MOUSEMOTION,
    }
    if kind == "move":
        event = pygame.event.Event(types[kind], pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    else:
        event = pygame.event.Event(types[kind], pos=pos, button=button)
    scene.handle_event(event)


def drag(scene: TableScene, start, end, steps: int = 8) -> None:
    mouse(scene, "down", start)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        mouse(scene, "move", (x, y))
        scene.update(DT)
    mouse(scene, "up", end)


def key(scene: TableScene, k: int, mod: int = 0) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
