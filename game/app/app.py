"""The application: the window, and the wiring of session, table, scenes and controller.

Events arrive here and leave as intents: a key through the key map, a click through the
scene on top. ``Controller.apply`` does the rest.
"""

from __future__ import annotations

import os
from dataclasses import replace

import pygame

from game.console import say_error
from game.resources import asset_path
from game.view import intents as i
from game.view.table import TableScene

from . import keymap, loop
from .args import Options, version
from .controller import Controller, deal_label, table_options
from .scenes import SceneStack
from .session import Session
from .settings import WINDOW_MIN
from .sound import Sounds

TITLE = "Patience"


class App:
    def __init__(self, options: Options) -> None:
        self.options = options
        self.running = True
        self.frames = 0
        self.session = session = Session.open(options.data_dir)
        settings = session.settings
        self.fullscreen = options.fullscreen or (settings.fullscreen and not options.windowed)
        self.window_size = options.windowed or tuple(settings.window_size)
        self.screen = self._open_window()
        asked = self._first_game()
        self.sounds = Sounds(options.sound and settings.sound)
        self.table = TableScene(
            self.screen.get_size(),
            session.game,
            table_options(settings),
            clock=lambda: session.elapsed,
        )
        self.scenes = SceneStack(self.table)
        self.controller = Controller(session, self.scenes, self.sounds, self)
        if asked is not None:
            self.controller.offer_saved_game(*asked)
        self.controller.show_notices()
        self.controller.position_changed()

    # -- start-up ---------------------------------------------------------------------------

    def _first_game(self) -> tuple[i.Intent, str] | None:
        """Resume the saved game, or deal what the command line asks for. When a deal is
        asked for while a game with moves is saved, the saved game comes first and the
        question to ask is returned (the README's abandon rule)."""
        opts, session = self.options, self.session
        saved = session.saved_game()
        if not opts.deal_requested:
            if saved.game is not None:
                session.adopt(saved.game, saved.elapsed, saved.game_id)
            else:
                session.start(session.deal())
            return None
        asked = session.deal(opts.variant, opts.mode, opts.seed)
        if saved.game is not None and saved.game.moves_made:
            session.adopt(saved.game, saved.elapsed, saved.game_id)
            then = i.SwitchVariant(asked.rules.variant, asked.rules.mode, asked.deal.seed)
            return then, deal_label(asked)
        session.start(asked)
        return None

    def _open_window(self) -> pygame.Surface:
        pygame.display.set_caption(f"{TITLE} {version().split()[0]}")
        pygame.display.set_icon(pygame.image.load(asset_path("icon.png")))
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.window_size, pygame.RESIZABLE)

    # -- the window (the controller's ``Window``) ---------------------------------------------

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()
        self.scenes.resize(self.screen.get_size())

    def on_resize(self, size: tuple[int, int]) -> None:
        size = (max(WINDOW_MIN[0], size[0]), max(WINDOW_MIN[1], size[1]))
        if size == self.table.layout_size():
            return
        self.scenes.resize(size)
        if not self.fullscreen:
            self.window_size = size
            self.session.remember_settings(replace(self.session.settings, window_size=size))

    # -- events ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind == pygame.QUIT:
            self.controller.apply(i.Quit())
        elif kind == pygame.VIDEORESIZE:
            self.on_resize(event.size)
        elif kind == pygame.WINDOWSIZECHANGED:
            self.on_resize((event.x, event.y))
        elif kind in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
            self.scenes.exposed()
        elif kind == pygame.KEYDOWN:
            intent = keymap.global_intent(event)
            if intent is None and self.scenes.top is self.table:
                intent = keymap.table_intent(event)
            if intent is not None:
                self.controller.apply(intent)
            elif self.scenes.top is not self.table:
                self._to_top(event)
        elif kind in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
        ):
            self._to_top(event)
        self.running = self.controller.running

    def _to_top(self, event: pygame.event.Event) -> None:
        for intent in self.scenes.top.handle(event):
            self.controller.apply(intent)

    # -- the loop's part ------------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        return self.scenes.idle and not self.controller.assistant.busy

    @property
    def busy(self) -> bool:
        return self.controller.assistant.busy

    def next_timer(self) -> float | None:
        return (
            self.scenes.next_timer()
            if self.scenes.top is not self.table
            else self.table.next_timer()
        )

    def tick(self, seconds: float) -> None:
        self.controller.tick(seconds)
        self.running = self.controller.running

    def update(self, dt: float) -> None:
        self.scenes.update(dt)

    def draw(self, surface: pygame.Surface, alpha: float) -> list | None:
        return self.scenes.draw(surface, alpha)

    def run(self, max_frames: int | None = None) -> int:
        frames = loop.run(self, max_frames)
        self.frames += frames
        return frames


def main(options: Options) -> int:
    scratch = None
    if options.self_test:
        import tempfile

        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        if options.data_dir is None:  # never touch the player's own saves
            scratch = tempfile.TemporaryDirectory(prefix="solitaire-self-test-")
            options = replace(options, data_dir=scratch.name)
    pygame.init()
    try:
        try:
            app = App(options)
        except pygame.error as exc:  # no display to open a window on, say
            say_error("solitaire", f"the game could not start: {exc}")
            return 1
        if options.self_test:
            from .selftest import self_test

            return self_test(app)
        try:
            app.run()
        except KeyboardInterrupt:  # Ctrl+C in the terminal: leave as Quit leaves
            app.session.close()
            return 130
        return 0
    finally:
        pygame.quit()
        if scratch is not None:
            scratch.cleanup()
