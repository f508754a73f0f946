"""Keyboard play: a highlighted focus moves between piles and cards; Enter picks up and
puts down. Table keys (undo, redo, restart, turning the stock) are handled here too."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.commands import Draw, Move
from game.engine.state import STOCK

if TYPE_CHECKING:
    from .table import TableScene


class KeyboardFocus:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.visible = False
        self.pile = scene.game.layout.tableau_range.start
        self.depth = 1  # cards counted from the top of the focused pile
        self.held: tuple[int, int] | None = None  # (pile, count) picked up with Enter

    # -- rows in screen order -------------------------------------------------------------

    def _rows(self) -> tuple[list[int], list[int]]:
        layout = self.scene.game.layout
        origins = self.scene.layout.origins
        top = [STOCK, 1, *layout.foundation_range]
        bottom = list(layout.tableau_range)
        return sorted(top, key=lambda p: origins[p][0]), sorted(bottom, key=lambda p: origins[p][0])

    def _nearest(self, row: list[int]) -> int:
        x = self.scene.layout.origins[self.pile][0]
        return min(row, key=lambda p: abs(self.scene.layout.origins[p][0] - x))

    def _max_depth(self) -> int:
        scene = self.scene
        if not scene.game.layout.is_tableau(self.pile):
            return 1
        return max(1, scene.game.mechanics.run_length(scene.game.state, self.pile))

    def clamp(self) -> None:
        self.depth = max(1, min(self.depth, self._max_depth()))

    # -- keys -----------------------------------------------------------------------------

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Returns True when the key was the table's."""
        scene = self.scene
        key, mod = event.key, event.mod
        ctrl = bool(mod & pygame.KMOD_CTRL)
        shift = bool(mod & pygame.KMOD_SHIFT)
        if ctrl and key == pygame.K_z:
            scene.redo() if shift else scene.undo()
            return True
        if ctrl and key == pygame.K_y:
            scene.redo()
            return True
        if ctrl or mod & pygame.KMOD_ALT:
            return False
        if key == pygame.K_r:
            scene.restart()
            return True
        if key in (pygame.K_SPACE, pygame.K_d):
            scene.do(Draw())
            return True
        arrows = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: 0, pygame.K_DOWN: 0}
        if key in arrows:
            if not self.visible:
                self.visible = True
            else:
                self._arrow(key)
            scene.decor.refresh()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.visible = True
            self._enter()
            scene.decor.refresh()
            return True
        if key == pygame.K_ESCAPE and self.held is not None:
            self.held = None
            scene.decor.refresh()
            return True
        return False

    def _arrow(self, key: int) -> None:
        top, bottom = self._rows()
        row = top if self.pile in top else bottom
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            self.pile = row[(row.index(self.pile) + step) % len(row)]
            self.depth = 1
        elif key == pygame.K_UP:
            if row is bottom and self.depth < self._max_depth():
                self.depth += 1
            elif row is bottom:
                self.pile, self.depth = self._nearest(top), 1
        elif key == pygame.K_DOWN:
            if row is bottom and self.depth > 1:
                self.depth -= 1
            elif row is top:
                self.pile, self.depth = self._nearest(bottom), 1

    def _enter(self) -> None:
        scene = self.scene
        if self.held is None:
            if self.pile == STOCK:
                scene.do(Draw())
                return
            cards = scene.game.state.piles[self.pile]
            count = self.depth
            if cards and scene.pickable(self.pile, len(cards) - count) == count:
                self.held = (self.pile, count)
            else:
                scene.feedback.sounds.append("invalid")
            return
        pile, count = self.held
        self.held = None
        if pile != self.pile:
            scene.do(Move(pile, self.pile, count))
        self.depth = 1
        self.clamp()

    def focused_cards(self) -> list[int]:
        cards = self.scene.game.state.piles[self.pile]
        return list(cards[-self.depth :]) if cards else []
