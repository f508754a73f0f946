"""The application: the window, and the wiring of session, table, scenes and controller.

Events arrive here and leave as intents: a key through the key map, a click through the
scene on top. ``Controller.apply`` does the rest.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import replace

import pygame

from game.i18n import _
from game.store.session import Session
from game.store.window import WINDOW_MIN
from game.view import intents as i

from . import loop
from .args import Options
from .window import Asked, asked_window, open_window

# The window opens before this module is loaded (``start``); the table, the controller,
# the scenes, the key map and the sounds load after the session is read (``App.__init__``).
# Loaded once the first deal rests on screen, so that the menus, the pages and the replay
# open without a pause the first time (the first frame needs none of them).
PRELOADED = ("game.app.menus", "game.app.pages", "game.view.replay")
MOUSE = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)
REPORT_FIRST_FRAME = "SOLITAIRE_REPORT_FIRST_FRAME"


class App:
    def __init__(self, options: Options, opened: Asked | None = None) -> None:
        """The game on the window ``start.main`` opened with ``opened`` (its size and
        fullscreen flag), or on a window opened here (the tests, the tools)."""
        self.options = options
        self.running = True
        self.frames = 0
        self.drawn = False  # the first frame is drawn
        self.shown = False  # and on screen
        self.preloaded = False  # PRELOADED is loaded
        self.looked = False  # the assistant has looked at the first position
        self._key_text = ""  # the text of the last key pressed
        self.session = session = Session.open(options.data_dir, options.language)
        settings = session.settings
        asked = asked_window(options, settings.window_size, settings.fullscreen)
        self.window_size, self.fullscreen = asked
        screen = pygame.display.get_surface()
        if asked != opened or screen is None:  # none yet, or the settings ask another
            screen = self._open_window()
        self.screen = screen
        from game.view.table import TableScene

        from .controller import Controller, table_options
        from .scenes import SceneStack
        from .sound import Sounds

        self.first_start = False  # no game saved, none asked for: the chooser opens
        asked = self._first_game()
        self.sounds = Sounds(settings.sound, silenced=not options.sound)
        self.table = TableScene(
            self.screen.get_size(),
            session.game,
            table_options(settings),
            clock=lambda: session.elapsed,
            helped=lambda: session.assisted,
            deal_code=session.deal_code,
        )
        self.scenes = SceneStack(self.table)
        self.controller = Controller(session, self.scenes, self.sounds, self)
        self.controller.show_notices()
        if asked is not None:
            self.controller.offer_saved_game(*asked)
        elif self.first_start and self.table.toast is None:  # news first, on the table
            self.controller.apply(i.OpenChooser(first_start=True))

    # -- start-up ---------------------------------------------------------------------------

    def _first_game(self) -> tuple[i.Intent, str] | None:
        """Resume the saved game, or deal what the command line asks for. When a deal is
        asked for while a game with moves is saved, the saved game comes first and the
        question to ask is returned (docs/playing.md's abandon rule)."""
        opts, session = self.options, self.session
        if opts.table is not None:  # --table FILE: its table, whatever the folder holds
            session.catalogue.give(opts.table)
        session.catalogue.scan(session.data_dir)  # the player's tables: to resume, to deal
        saved = session.saved_game()
        if not opts.deal_requested:
            if saved.game is not None:
                session.adopt(saved.game, saved.elapsed, saved.game_id, saved.assisted)
            else:
                session.start(session.deal())
                self.first_start = not opts.game_file
            return None
        asked = session.deal(opts.variant, opts.mode, opts.seed)
        if saved.game is not None and saved.game.moves_made:
            session.adopt(saved.game, saved.elapsed, saved.game_id, saved.assisted)
            then = i.SwitchVariant(asked.rules.variant, asked.rules.mode, asked.deal.seed)
            from game.view.hud import deal_name  # how the start-up question names a deal

            return then, f"{_(asked.rules.name)} \u00b7 {deal_name(asked)}"
        session.start(asked)
        return None

    def _open_window(self) -> pygame.Surface:
        return open_window(self.window_size, self.fullscreen)

    # -- the window (the controller's ``Window``) ---------------------------------------------

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        with warnings.catch_warnings():  # "forcibly resized by the OS": put right below
            warnings.simplefilter("ignore", RuntimeWarning)
            self.screen = self._open_window()
        if not self.fullscreen:
            self._restore_window()
        self.scenes.resize(self.screen.get_size())

    def _restore_window(self) -> None:
        """Out of fullscreen, the window the player had: SDL keeps the screen's size and
        place where no window manager restores them (seen on X without one)."""
        with warnings.catch_warnings():  # pygame-ce 2.5 warns of a use this is not
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        if tuple(window.size) != tuple(self.window_size):
            window.size = self.window_size
            window.position = pygame.WINDOWPOS_CENTERED
            self.screen = pygame.display.get_surface()
        pygame.event.clear((pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED))  # the screen's size

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
        elif kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.demonstrating:
            self.controller.apply(i.StopDemo())  # any key or click stops "show me"
        elif kind == pygame.KEYDOWN:
            self._key_text = event.unicode  # its text comes again as TEXTINPUT
            self._key(event)
        elif kind == pygame.TEXTINPUT:
            # Text with no key of its own (an input method, a compose key) is typed; the
            # text of the key just pressed was that key's, read already.
            if event.text != self._key_text:
                self._to_top(event)
            self._key_text = ""
        elif kind in MOUSE:
            self._to_top(event)
        elif kind == pygame.DROPFILE:
            self.controller.apply(i.OpenGameFile(event.file))
        self.running = self.controller.running

    @property
    def demonstrating(self) -> bool:
        return self.controller.assistant.demonstrating

    def _key(self, event: pygame.event.Event) -> None:
        """A key: the whole game's first, then the table's or the replay's (the key map),
        else the menu or dialog on top reads it."""
        from . import keymap
        from .watching import replay_scene_type

        top = self.scenes.top
        intent = keymap.global_intent(event)
        if intent is None and top is self.table:
            intent = keymap.table_intent(event)
        replay = replay_scene_type()  # None until a replay was opened
        if intent is None and replay is not None and isinstance(top, replay):
            intent = keymap.replay_intent(event)
        if intent is not None:
            self.controller.apply(intent)
            return
        shown = keymap.key_name(event)  # a letter shown beside a menu row works there
        press = getattr(top, "press_key_named", None)  # a menu's (loaded when first opened)
        pressed = press(shown) if shown and press is not None else []
        for intent in pressed:
            self.controller.apply(intent)
        if not pressed and top is not self.table:
            self._to_top(event)

    def _to_top(self, event: pygame.event.Event) -> None:
        for intent in self.scenes.top.handle(event):
            self.controller.apply(intent)

    # -- the loop's part ------------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        """Nothing moves on screen: the loop may wait for input or a timer."""
        return self.scenes.idle

    @property
    def busy(self) -> bool:
        """A search or an automatic finish is under way."""
        return self.controller.busy

    @property
    def polling(self) -> bool:
        """Something that does not wake the loop is under way: wait, but not for long."""
        return self.controller.polling

    def next_timer(self) -> float | None:
        return (
            self.scenes.next_timer()
            if self.scenes.top is not self.table
            else self.table.next_timer()
        )

    def tick(self, seconds: float) -> None:
        if self.drawn and not self.looked:
            # The solver's first look at the position (auto-finish, the indicator) loads
            # the solver: after the first frame, so the window shows at once.
            self.looked = True
            from .allocator import give_memory_back  # ctypes: after the first frame too

            give_memory_back()  # before the first search's thread
            self.controller.position_changed()
            if self.options.game_file:  # given on the command line
                self.controller.apply(i.OpenGameFile(self.options.game_file))
        self.controller.tick(seconds)
        self.running = self.controller.running

    def update(self, dt: float) -> None:
        self.scenes.update(dt)

    def draw(self, surface: pygame.Surface, alpha: float) -> list | None:
        dirty = self.scenes.draw(surface, alpha)
        self.drawn = True
        return dirty

    def presented(self) -> None:
        """A frame is on screen (the loop has flipped or updated the window)."""
        if not self.shown and REPORT_FIRST_FRAME in os.environ:
            # For tools/bench_startup.py and tools/measure_desktop.py.
            print("first frame", flush=True)
        self.shown = True
        if not self.preloaded and self.looked and self.idle:
            self.preloaded = True
            import importlib

            for name in PRELOADED:
                importlib.import_module(name)

    def run(self, max_frames: int | None = None) -> int:
        # How to wait for events is found when the loop first must (after the first frame).
        frames = loop.run(self, max_frames)
        self.frames += frames
        return frames
