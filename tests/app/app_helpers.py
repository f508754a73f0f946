"""Running the real app headless for tests."""

from __future__ import annotations

import pygame

from game.app.app import App
from game.app.args import parse
from game.app.loop import DT


def make_app(data_dir, *flags: str) -> App:
    pygame.init()
    return App(parse(["--data-dir", str(data_dir), "--windowed", "1280x800", "--no-sound", *flags]))


def press(app: App, key: int, mod: int = 0, text: str = "") -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text))


def click(app: App, pos) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def frame(app: App, steps: int = 1) -> None:
    scene = app.scene()
    for _ in range(steps):
        scene.update(DT)
    scene.draw(pygame.display.get_surface(), 1.0)


def settle(app: App) -> None:
    for _ in range(2000):
        frame(app)
        if app.scene() is app.table and not app.table.motion.busy:
            break


def menu_row(app: App, label: str) -> pygame.Rect:
    """Where a row of the open menu is on screen (after drawing it)."""
    overlay = app.scene()
    frame(app)
    for item, rect in zip(overlay.items, overlay._rows, strict=True):
        if item.text() == label:
            return rect
    raise AssertionError(f"no menu row {label!r}: {[i.text() for i in overlay.items]}")
