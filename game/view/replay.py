"""Watching a game: a table of its own, moved along the game's timeline, and a bar with
the timeline and the buttons to play it (``timeline``).

The scene holds a copy of the game watched and moves it with the engine's own undo, redo
and seek, so every position is the engine's and the sprites fly to it as in play. It
answers input with intents; the controller calls ``step``, ``seek``, ``toggle`` and
``faster`` for them.
"""

from __future__ import annotations

import pygame

from game.engine.game import Game
from game.i18n import _

from .intents import CloseReplay, Intent, ReplaySeek
from .table import TableOptions, TableScene
from .timeline import SPEEDS, ReplayBar, move_at, track_rect

DEFAULT_SPEED = 2.0


class ReplayScene:
    def __init__(
        self,
        size: tuple[int, int],
        game: Game,
        options: TableOptions,
        at: int | None = None,
        source: str | None = None,
        losing_move: int | None = None,
    ) -> None:
        """``game``: a copy to watch (the scene moves it along its timeline); ``at``: the
        move to show first (the end when None); ``source``: where the game came from
        (None: the game being played)."""
        self.game = game
        self.total = len(game.timeline())
        self.source = source
        self.losing_move = losing_move
        self.game.seek(self.total if at is None else max(0, min(at, self.total)))
        # A table of its own: its own layout and card size (the game watched may be another
        # variant than the one played), and no win panel, whose buttons would act on the
        # game being played; the bar is this scene's controls.
        self.table = TableScene(
            size, game, options, deal_animation=False, footer_rows=2, celebrate=False
        )
        self.playing = False
        self.speed = DEFAULT_SPEED
        self._clock = 0.0
        self._scrubbing = False
        self.table.footer = self.bar()

    # -- what is shown ------------------------------------------------------------------------

    @property
    def position(self) -> int:
        return self.game.moves_made

    def bar(self) -> ReplayBar:
        trying = self.losing_move is not None and self.position < self.losing_move
        label = _("Try again from here") if trying else _("Play from here")
        return ReplayBar(
            self.position, self.total, self.playing, self.speed, self.losing_move, label
        )

    def _changed(self) -> None:
        self.table.footer = self.bar()

    # -- moving along the timeline --------------------------------------------------------------

    def step(self, delta: int) -> bool:
        """One move on (+1) or back (-1), animated as in play; False at either end."""
        if delta > 0:
            step = self.game.redo()
            if step is None:
                self.playing = False
                self._changed()
                return False
            self.table.follow(step)
        else:
            step = self.game.undo()
            if step is None:
                self._changed()
                return False
            self.table.follow_undo(step)
        self._changed()
        return True

    def seek(self, move: int) -> None:
        """The position after ``move`` moves (-1: the end); the cards fly there."""
        move = self.total if move < 0 else max(0, min(move, self.total))
        if move == self.position:
            return
        if abs(move - self.position) == 1:
            self.step(move - self.position)
            return
        self.game.seek(move)
        self.table.jump()
        self._changed()

    def toggle(self) -> None:
        if self.position >= self.total:
            self.seek(0)  # played to the end: play from the start again
        self.playing = not self.playing
        self._clock = 0.0
        self._changed()

    def faster(self, delta: int) -> None:
        index = SPEEDS.index(self.speed) if self.speed in SPEEDS else SPEEDS.index(DEFAULT_SPEED)
        self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, index + delta))]
        self._changed()

    # -- input ------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        layout, bar = self.table.layout, self.bar()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, intent in self.table.decor.render(self.table.snapshot(), layout)[1]:
                if rect.collidepoint(event.pos):
                    return [intent]
            if (
                track_rect(layout, bar)
                .inflate(0, layout.status_rect.h // 2)
                .collidepoint(event.pos)
            ):
                self._scrubbing = True
                return [ReplaySeek(move_at(layout, bar, event.pos[0]))]
        elif event.type == pygame.MOUSEMOTION and self._scrubbing:
            return [ReplaySeek(move_at(layout, bar, event.pos[0]))]
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._scrubbing = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return [CloseReplay()]
        return []

    # -- the scene protocol -----------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        return not self.playing and self.table.idle

    def next_timer(self) -> float | None:
        return self.table.next_timer()

    def update(self, dt: float) -> None:
        self.table.update(dt)
        if self.playing and not self.table.motion.busy:
            self._clock += dt
            if self._clock >= 1.0 / self.speed:
                self._clock = 0.0
                self.step(1)

    def tick(self, seconds: float) -> None:
        self.table.tick(seconds)

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> list | None:
        return self.table.draw(surface, alpha)

    def invalidate(self) -> None:
        self.table.invalidate()

    def cover(self) -> None:
        self.playing = False  # a panel over it: the replay waits (and its bar says so)
        self._scrubbing = False
        self._changed()
        self.table.cover()

    def picture(self) -> object:
        return self.table.picture()

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)
