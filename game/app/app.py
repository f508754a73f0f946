"""The application: the window, the table scene, settings, autosave and statistics."""

from __future__ import annotations

import logging
import os
import secrets
from dataclasses import replace
from pathlib import Path

import pygame

from game.engine.game import Game, new_game
from game.resources import asset_path
from game.variants import get_variant
from game.view.table import TableOptions, TableScene

from . import loop
from .args import Options, version
from .assist import Assistant
from .autosave import clear_current, resume, save_current
from .datadir import resolve_data_dir
from .overlays import ConfirmOverlay, Overlay
from .settings import load_settings, save_settings
from .sound import Sounds
from .statistics import key_for, load_statistics, new_game_id, record_result, save_statistics

log = logging.getLogger(__name__)
TITLE = "Patience"


def random_seed() -> int:
    return secrets.randbelow(1_000_000_000)


class App:
    def __init__(self, options: Options) -> None:
        self.options = options
        self.running = True
        self.frames = 0
        self.data_dir: Path = resolve_data_dir(options.data_dir)
        self.settings, message = load_settings(self.data_dir)
        self.stats, stats_message = load_statistics(self.data_dir)
        self.messages = [m for m in (message, stats_message) if m]
        self.sounds = Sounds(options.sound and self.settings.sound)
        self.fullscreen = options.fullscreen or (self.settings.fullscreen and not options.windowed)
        self.window_size = options.windowed or tuple(self.settings.window_size)
        self.screen = self._open_window()
        self.assistant = Assistant(self)
        game, elapsed, game_id = self._first_game()
        self.game_id = game_id
        self.table = TableScene(self.screen.get_size(), game, self.table_options(), elapsed)
        self.overlays: list[Overlay] = []
        self.table.decor.show_hint_button = True
        self._last_state = None
        self._saved_moves = (game.moves_made, len(game.redo_stack))
        if self.messages:
            self.table.feedback.message = " ".join(self.messages)

    # -- start-up ---------------------------------------------------------------------------

    def _first_game(self) -> tuple[Game, float, str]:
        opts = self.options
        if not opts.deal_requested:
            resumed = resume(self.data_dir)
            if resumed.message:
                self.messages.append(resumed.message)
            if resumed.game is not None:
                return resumed.game, resumed.elapsed, resumed.game_id or new_game_id(resumed.game)
        game = self._deal(opts.variant or self.settings.variant, opts.mode, opts.seed)
        return game, 0.0, new_game_id(game)

    def _deal(self, variant: str, mode: str | None, seed: int | None) -> Game:
        """A new game: the mode from the settings unless given; without a deal number, one
        from the proven-winnable pool when the player asked for winnable deals only."""
        table = get_variant(variant)
        mode = mode or self.settings.mode_for(variant) or table.default_mode
        if mode not in table.mode_ids():
            mode = table.default_mode
        rules = table.rules(mode)
        if seed is None and self.settings.is_winnable_only(variant):
            seed = self.assistant.winnable_seed(rules)
            if seed is None:
                self.messages.append(
                    f"No deal of {rules.name} \u00b7 {rules.mode_label} is proven winnable yet "
                    "(the solver keeps looking): this one is dealt at random."
                )
        return new_game(rules, seed=random_seed() if seed is None else seed)

    def _open_window(self) -> pygame.Surface:
        pygame.display.set_caption(f"{TITLE} {version().split()[0]}")
        pygame.display.set_icon(pygame.image.load(asset_path("icon.png")))
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.window_size, pygame.RESIZABLE)

    def table_options(self) -> TableOptions:
        s = self.settings
        return TableOptions(
            click_to_move=s.click_to_move,
            animation_speed=s.animation_multiplier,
            back_style=s.card_back,
            left_handed=s.left_handed,
        )

    # -- games --------------------------------------------------------------------------------

    def abandon_current(self) -> None:
        """The game in progress ends unfinished: it counts as lost if a card was moved."""
        game = self.table.game
        if not game.won and game.moves_made:
            self._record(won=False)

    def start_game(
        self, variant: str | None = None, mode: str | None = None, seed: int | None = None
    ) -> None:
        """Deal a new game (the one in progress counts as abandoned). Without a mode, the
        variant's mode from the settings."""
        self.abandon_current()
        variant = variant or self.table.game.rules.variant
        self.messages = []
        game = self._deal(variant, mode, seed)
        mode = game.rules.mode
        self.game_id = new_game_id(game)
        self.table.set_game(game)
        self.table.feedback.message = " ".join(self.messages) or None
        self.settings = replace(self.settings.with_mode(variant, mode), variant=variant)
        self._save_settings()
        self._autosave(force=True)

    def in_progress(self) -> bool:
        game = self.table.game
        return game.moves_made > 0 and not game.won

    def new_game_requested(self) -> None:
        self.start_game()

    def switch_to(self, variant: str, mode: str, seed: int | None = None) -> None:
        """Change variant or mode (or play a given deal), asking first if that abandons a
        game in progress."""

        def go() -> None:
            self.close_all()
            self.start_game(variant, mode, seed)

        if self.in_progress():
            self.open_overlay(
                ConfirmOverlay(
                    self,
                    "Abandon this game?",
                    "The game in progress will count as lost in the statistics.",
                    go,
                    yes="Abandon",
                    no="Keep playing",
                )
            )
        else:
            go()

    # -- settings ---------------------------------------------------------------------------

    def change_settings(self, settings=None, **changes) -> None:
        """Apply new settings at once (table look, sound) and keep them."""
        settings = settings or self.settings
        self.settings = replace(settings, **changes)
        self.sounds.set_enabled(self.options.sound and self.settings.sound)
        self.table.set_options(self.table_options())
        self._save_settings()
        for overlay in self.overlays:
            overlay.resize()  # the backdrop shows the table as it now looks

    def save_statistics(self) -> None:
        try:
            save_statistics(self.data_dir, self.stats)
        except OSError as exc:
            self.table.feedback.message = f"Could not save statistics: {exc}"

    # -- the solver's part ------------------------------------------------------------------

    def hints_available(self) -> bool:
        return True

    def hint(self) -> None:
        self.assistant.hint()

    def solver_options(self) -> list:
        from .menus import solver_options

        return solver_options(self)

    # -- overlays -----------------------------------------------------------------------------

    def scene(self):
        return self.overlays[-1] if self.overlays else self.table

    def open_overlay(self, overlay: Overlay) -> None:
        self.table.pointer.cancel()
        self.table.motion.finish()  # the backdrop shows the table at rest
        self.overlays.append(overlay)

    def close_overlay(self, overlay: Overlay) -> None:
        if overlay in self.overlays:
            self.overlays.remove(overlay)
        self._after_overlay()

    def close_all(self) -> None:
        self.overlays.clear()
        self._after_overlay()

    def _after_overlay(self) -> None:
        if self.overlays:
            self.overlays[-1].resize()
        else:
            self.table.redraw_all = True
            self.table.needs_draw = True

    def open_menu(self) -> None:
        from .menus import main_menu

        self.open_overlay(main_menu(self))

    def open_rules(self) -> None:
        from .menus import rules_page

        self.open_overlay(rules_page(self))

    def _record(self, won: bool) -> None:
        game = self.table.game
        self.stats = record_result(
            self.stats, key_for(game), self.game_id, won, self.table.elapsed, game.moves_made
        )
        self.save_statistics()

    def _autosave(self, force: bool = False) -> None:
        game = self.table.game
        marker = (game.moves_made, len(game.redo_stack))
        if not force and marker == self._saved_moves:
            return
        self._saved_moves = marker
        try:
            if game.won:
                self._record(won=True)
                clear_current(self.data_dir)
            else:
                save_current(self.data_dir, game, self.table.elapsed, self.game_id)
        except OSError as exc:
            self.table.feedback.message = f"Could not save the game: {exc}"

    def _save_settings(self) -> None:
        try:
            save_settings(self.data_dir, self.settings)
        except OSError as exc:
            self.table.feedback.message = f"Could not save settings: {exc}"

    # -- window -------------------------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()
        self.table.resize(self.screen.get_size())
        for overlay in self.overlays:
            overlay.resize()
        self.settings = replace(self.settings, fullscreen=self.fullscreen)
        self._save_settings()

    def on_resize(self, size: tuple[int, int]) -> None:
        size = (max(320, size[0]), max(240, size[1]))
        if size == (self.table.layout.width, self.table.layout.height):
            return
        self.table.resize(size)
        for overlay in self.overlays:
            overlay.resize()
        if not self.fullscreen:
            self.window_size = size
            self.settings = replace(self.settings, window_size=size)

    # -- events -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """App-wide events; returns True when handled here (no scene sees it)."""
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type == pygame.VIDEORESIZE:
            self.on_resize(event.size)
            return True
        if event.type == pygame.WINDOWSIZECHANGED:
            self.on_resize((event.x, event.y))
            return True
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
            self.table.redraw_all = True
            for overlay in self.overlays:
                overlay.refresh()
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key, mod = event.key, event.mod
        alt, ctrl = mod & pygame.KMOD_ALT, mod & pygame.KMOD_CTRL
        if key == pygame.K_F11 or (alt and key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.toggle_fullscreen()
            return True
        if ctrl and key == pygame.K_q:
            self.quit()
            return True
        if self.overlays:
            return False  # the open menu or page takes every other key
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        if key == pygame.K_n:
            self.new_game_requested()
            return True
        if key == pygame.K_F1:
            self.open_rules()
            return True
        if key == pygame.K_h:
            self.hint()
            return True
        if key == pygame.K_f and self.assistant.can_finish():
            self.assistant.finish()
            return True
        if key in (pygame.K_ESCAPE, pygame.K_F10, pygame.K_m) and self.table.focus.held is None:
            if key == pygame.K_ESCAPE and self.fullscreen:
                self.toggle_fullscreen()
            else:
                self.open_menu()
            return True
        return False

    def dispatch(self, event: pygame.event.Event) -> bool:
        if not self.handle_event(event):
            self.scene().handle_event(event)
        self.after_event()
        return True

    def after_event(self) -> None:
        feedback = self.table.feedback
        for name in feedback.sounds:
            self.sounds.play(name)
        feedback.sounds.clear()
        requests, feedback.requests = feedback.requests, []
        actions = {
            "menu": self.open_menu,
            "new": self.new_game_requested,
            "hint": self.hint,
            "rules": self.open_rules,
        }
        for request in requests:
            actions[request]()
        if self.table.game.state is not self._last_state:
            self._last_state = self.table.game.state
            self.assistant.position_changed()
        self._autosave()

    def quit(self) -> None:
        self.assistant.stop()
        self._autosave(force=True)
        self._save_settings()
        self.running = False

    def run(self, max_frames: int | None = None) -> int:
        return loop.run(
            self.scene,
            self.dispatch,
            lambda: self.running,
            max_frames,
            on_step=self.assistant.step,
            busy=lambda: self.assistant.busy,
        )


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
        app = App(options)
        if options.self_test:
            from .selftest import self_test

            return self_test(app)
        app.run()
        return 0
    finally:
        pygame.quit()
        if scratch is not None:
            scratch.cleanup()
