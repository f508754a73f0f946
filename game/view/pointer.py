"""Mouse input: clicks, double-clicks and drag-and-drop, turned into engine commands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine.commands import Draw, Move
from game.engine.state import STOCK

from .layout import Rect

if TYPE_CHECKING:
    from .table import TableScene

DRAG_THRESHOLD = 5  # pixels the pointer must travel before a press becomes a drag
DOUBLE_CLICK_MS = 400


@dataclass
class Press:
    pile: int
    position: int
    count: int
    x: int
    y: int


class PointerInput:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.press: Press | None = None
        self.dragging = False
        self.targets: list[int] = []
        self._offsets: list[tuple[object, float, float]] = []
        self._last_click: tuple[int, int, int] | None = None  # pile, position, ticks

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._down(*event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(*event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._up(*event.pos)

    def _down(self, x: int, y: int) -> None:
        scene = self.scene
        self.cancel()
        scene.motion.finish()  # a new action completes whatever was still animating
        hit = scene.card_at(x, y)
        if hit is None:
            if scene.pile_at(x, y) == STOCK:
                scene.do(Draw())
            return
        pile, position = hit
        if pile == STOCK:
            scene.do(Draw())
            return
        count = scene.pickable(pile, position)
        if count:
            self.press = Press(pile, position, count, x, y)
        else:
            self._last_click = None

    def _lifted(self):
        cards = self.scene.game.state.piles[self.press.pile][-self.press.count :]
        return [self.scene.motion.sprites[c] for c in cards]

    def _motion(self, x: int, y: int) -> None:
        press = self.press
        if press is None:
            return
        if not self.dragging:
            if abs(x - press.x) + abs(y - press.y) < DRAG_THRESHOLD:
                return
            self.dragging = True
            # The grab point stays under the pointer: keep each card's offset from it.
            self._offsets = [(s, s.x - press.x, s.y - press.y) for s in self._lifted()]
            for sprite, _, _ in self._offsets:
                sprite.dragged = True
                sprite.tween = None
            self.targets = self.scene.legal_targets(press.pile, press.count)
            self.scene.decor.refresh()
        for sprite, dx, dy in self._offsets:
            sprite.x = sprite.px = x + dx
            sprite.y = sprite.py = y + dy

    def _up(self, x: int, y: int) -> None:
        press = self.press
        if press is None:
            return
        if self.dragging:
            self._drop()
            return
        self.press = None
        now = pygame.time.get_ticks()
        last = self._last_click
        if last and last[:2] == (press.pile, press.position) and now - last[2] <= DOUBLE_CLICK_MS:
            self._last_click = None
            self.scene.double_click(press.pile)
            return
        self._last_click = (press.pile, press.position, now)
        if self.scene.options.click_to_move:
            move = self.scene.best_move(press.pile, press.count)
            if move is None:
                self.scene.feedback.sounds.append("invalid")
            else:
                self.scene.do(move)

    def _drop(self) -> None:
        press, scene = self.press, self.scene
        base = self._offsets[0][0]
        held = Rect(base.x, base.y, scene.layout.card_w, scene.layout.card_h)
        best, best_area = None, 0.0
        for target in self.targets:
            area = held.overlap(scene.pile_rect(target))
            if area > best_area:
                best, best_area = target, area
        sprites = [s for s, _, _ in self._offsets]
        self._release()
        if best is None:
            # Back home; a drop well away from home is a refused move worth a sound.
            far = abs(base.x - base.home.x) + abs(base.y - base.home.y) > scene.layout.card_w
            for sprite in sprites:
                scene.motion.send_home(sprite)
            if far:
                scene.feedback.sounds.append("invalid")
            return
        scene.do(Move(press.pile, best, press.count), finish=False)

    def _release(self) -> None:
        for sprite, _, _ in self._offsets:
            sprite.dragged = False
        self._offsets = []
        self.dragging = False
        self.press = None
        self.targets = []
        self.scene.decor.refresh()

    def cancel(self) -> None:
        """Drop whatever is held back where it came from."""
        if self.dragging:
            sprites = [s for s, _, _ in self._offsets]
            self._release()
            for sprite in sprites:
                self.scene.motion.send_home(sprite)
        self.press = None
