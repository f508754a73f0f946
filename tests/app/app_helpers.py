"""Running the real app headless for tests."""

from __future__ import annotations

import pygame

from game.app.app import App
from game.app.args import parse
from game.app.budgets import AssistBudget
from game.app.loop import DT
from game.engine.commands import Collect, Draw, ToFoundation
from game.engine.state import WASTE
from game.view import intents
from game.view.widgets.chooser import ChooserPanel

# Searches of a few milliseconds, and "where was it lost?" in a thread (quick to start).
QUICK = AssistBudget(
    hint=0.01,
    verdict=0.01,
    top_up=0.01,
    demo=0.01,
    analysis_per_position=0.01,
    analysis_in_process=False,
)


def make_app(
    data_dir, *flags: str, chooser: bool = False, budget: AssistBudget | None = None
) -> App:
    """The app on ``data_dir``. A first start opens the game chooser; unless ``chooser``,
    it is closed with Esc, as a player would, to play the game dealt under it. ``budget``:
    its searches' seconds, instead of the game's (no search starts before the first frame,
    so every search of the app has it)."""
    pygame.init()
    app = App(parse(["--data-dir", str(data_dir), "--windowed", "1280x800", "--no-sound", *flags]))
    if budget is not None:
        app.controller.assistant.budget = budget
    if not chooser and isinstance(app.scenes.top, ChooserPanel):
        press(app, pygame.K_ESCAPE)
    return app


def press(app: App, key: int, mod: int = 0, text: str = "") -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text))


def click(app: App, pos, button: int = 1) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def play(app: App, command) -> None:
    """A move as the player's input would bring it."""
    app.controller.apply(intents.Play(command))


def play_to_win(app: App, game) -> None:
    """Win a game dealt by ``tests.engine.test_rules_of_play.winning_game`` as the player
    would: each stock card turned and sent up, then the rest collected."""
    while game.stock_count:
        play(app, Draw())
        play(app, ToFoundation(WASTE))
    play(app, Collect())


def frame(app: App, steps: int = 1) -> None:
    for _ in range(steps):
        app.update(DT)
        app.tick(DT)
    app.draw(pygame.display.get_surface(), 1.0)


def settle(app: App) -> None:
    for _ in range(2000):
        frame(app)
        if app.scenes.top is app.table and app.table.idle:
            break


def menu_row(app: App, label: str) -> pygame.Rect:
    """Where a row of the open menu is on screen."""
    menu = app.scenes.top
    for item, row in zip(menu.items, menu._rows(), strict=True):
        if item.text() == label:
            return row.rect
    raise AssertionError(f"no menu row {label!r}: {[i.text() for i in menu.items]}")


def button_of(app: App, intent) -> pygame.Rect:
    """Where the status line's button for ``intent`` is."""
    _, hits, _ = app.table.decor.render(app.table.snapshot(), app.table.layout)
    for rect, found in hits:
        if found == intent:
            return rect
    raise AssertionError(f"no button for {intent!r}")
