"""Mouse input: clicks, double-clicks and drag-and-drop, turned into intents.

``PointerInput.handle(event, board)`` reads the table through ``board`` and returns the
intents the event makes (usually none, or one ``Play``). While a drag goes on it moves the
lifted sprites through ``Motion`` (begin_drag, drag_to, end_drag); it never touches the
game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine.commands import Collect, Draw, Move, ToFoundation
from game.engine.state import STOCK, WASTE

from .board import Board
from .intents import CannotLift, Intent, NowhereToGo, Play
from .layout import Rect
from .motion import Motion

DRAG_THRESHOLD = 5  # pixels the pointer must travel before a press becomes a drag
DOUBLE_CLICK_MS = 400


@dataclass
class Press:
    pile: int
    position: int
    count: int  # 0: the cards there may not be lifted (a drag then says why)
    x: int
    y: int


class PointerInput:
    def __init__(self, motion: Motion, ticks: Callable[[], int] = pygame.time.get_ticks) -> None:
        self.motion = motion
        self.ticks = ticks
        self.click_to_move = False
        self.press: Press | None = None
        self.dragging = False
        self.targets: list[int] = []  # where the cards being dragged may go (lit up)
        self._last_click: tuple[int, int, int] | None = None  # pile, position, ticks

    def handle(self, event: pygame.event.Event, board: Board) -> list[Intent]:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._down(*event.pos, board)
        if event.type == pygame.MOUSEMOTION:
            if self.press is not None and not getattr(event, "buttons", (1,))[0]:
                # The button was let go where we did not see it (outside the window, or
                # the release was lost): the press ends there.
                return self._up(*event.pos, board)
            return self._motion(*event.pos, board)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._up(*event.pos, board)
        return []

    def _down(self, x: int, y: int, board: Board) -> list[Intent]:
        self.cancel()
        self.motion.finish()  # a new action completes whatever was still animating
        hit = board.card_at(x, y)
        if hit is None:
            return [Play(Draw())] if board.pile_at(x, y) == STOCK else []
        pile, position = hit
        if pile == STOCK:
            return [Play(Draw())]
        count = board.pickable(pile, position)
        if count or board.face_up(pile, position):
            self.press = Press(pile, position, count, x, y)
        else:
            self._last_click = None
        return []

    def _motion(self, x: int, y: int, board: Board) -> list[Intent]:
        press = self.press
        if press is None:
            return []
        if not self.dragging:
            if abs(x - press.x) + abs(y - press.y) < DRAG_THRESHOLD:
                return []
            if not press.count:
                self.press = None
                return [CannotLift(press.pile, press.position)]
            self.dragging = True
            lifted = list(board.cards(press.pile)[-press.count :])
            self.motion.begin_drag(lifted, press.x, press.y)
            self.targets = board.legal_targets(press.pile, press.count)
        self.motion.drag_to(x, y)
        return []

    def _up(self, x: int, y: int, board: Board) -> list[Intent]:
        press = self.press
        if press is None:
            return []
        if self.dragging:
            return self._drop(x, y, board)
        self.press = None
        now = self.ticks()
        last = self._last_click
        if last and last[:2] == (press.pile, press.position) and now - last[2] <= DOUBLE_CLICK_MS:
            self._last_click = None
            if board.layout.piles.is_foundation(press.pile):
                return [Play(Collect())]
            piles = board.layout.piles
            if press.pile == WASTE or any(
                is_kind(press.pile)
                for is_kind in (piles.is_tableau, piles.is_reserve, piles.is_cell)
            ):
                return [Play(ToFoundation(press.pile))]
            return []
        self._last_click = (press.pile, press.position, now)
        if self.click_to_move and press.count:
            target = board.best_target(press.pile, press.count)
            if target is None:
                return [NowhereToGo(press.pile, press.count)]
            return [Play(Move(press.pile, target, press.count))]
        return []

    def _drop(self, px: float, py: float, board: Board) -> list[Intent]:
        """Drop onto the legal pile the held cards overlap most. On another pile aimed at
        (under the pointer or the held card's middle) that does not take them, the engine
        says why; anywhere else (bare felt, or a pile only brushed) they go back unsaid:
        a refusal must name only the pile the player meant."""
        press = self.press
        x, y = self.motion.held_at()
        w, h = board.layout.card_w, board.layout.card_h
        held = Rect(x, y, w, h)
        best = _most_overlapped(held, self.targets, board)
        refused_at = None
        if best is None:
            middle = (x + w / 2, y + h / 2)
            aimed = [
                p
                for p in board.layout.shown()
                if p not in (press.pile, STOCK)
                and (board.pile_rect(p).contains(px, py) or board.pile_rect(p).contains(*middle))
            ]
            refused_at = _most_overlapped(held, aimed, board)
        self._release()
        if best is not None:
            self.motion.end_drag()
            return [Play(Move(press.pile, best, press.count), from_hand=True)]
        if refused_at is not None:
            self.motion.end_drag()  # they fly home from here once the engine has said no
            return [Play(Move(press.pile, refused_at, press.count), from_hand=True)]
        self.motion.drop_back()
        return []

    def _release(self) -> None:
        self.dragging = False
        self.press = None
        self.targets = []

    def cancel(self) -> None:
        """Drop whatever is held back where it came from."""
        if self.dragging:
            self.motion.drop_back()
        self._release()


def _most_overlapped(held: Rect, piles: list[int], board: Board) -> int | None:
    best, best_area = None, 0.0
    for pile in piles:
        area = held.overlap(board.pile_rect(pile))
        if area > best_area:
            best, best_area = pile, area
    return best
