"""What is drawn over the cards: the status line, drop-target highlights, the keyboard
focus and the win message. Surfaces are cached by content, so an unchanged decoration is
the same object and costs nothing to keep on screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .card_art import font

if TYPE_CHECKING:
    from .table import TableScene

STATUS_BG = (8, 40, 20, 215)
TEXT = (236, 240, 228)
DIM_TEXT = (176, 204, 180)
MESSAGE = (255, 222, 140)
TARGET = (255, 226, 90)
FOCUS = (120, 200, 255)
HINT = (255, 120, 230)
HELD = (255, 160, 60)


def format_time(seconds: float) -> str:
    s = int(seconds)
    return (
        f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"
    )


class Decor:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._cache: dict[tuple, pygame.Surface] = {}
        self.extra_status: str = ""  # the app may add e.g. "Winnable: yes"
        self.show_hint_button = False
        self.hint: tuple[int, int, int | None] | None = None  # (source, count, target)
        self._buttons: list[tuple[str, pygame.Rect]] = []  # in window coordinates
        self._button_sets: dict[tuple, list[tuple[str, pygame.Rect]]] = {}

    def refresh(self) -> None:
        """Called when something shown may have changed; items() rebuilds what differs."""
        self.scene.needs_draw = True
        if len(self._cache) > 64:
            self._cache.clear()

    def _cached(self, key: tuple, make) -> pygame.Surface:
        surface = self._cache.get(key)
        if surface is None:
            surface = self._cache[key] = make()
        return surface

    def status_text(self) -> tuple[str, str]:
        game = self.scene.game
        rules = game.rules
        deal = f"Deal {game.deal.seed}" if game.deal.seed is not None else "Custom deal"
        left = f"{rules.name} \u00b7 {rules.mode_label} \u00b7 {deal}"
        redeals = "\u221e" if game.redeals_left is None else str(game.redeals_left)
        right = (
            f"Score {game.score}/{game.max_score}   Moves {game.moves_made}   "
            f"Time {format_time(self.scene.elapsed)}   Stock {game.stock_count}   "
            f"Redeals {redeals}"
        )
        if self.extra_status:
            right = f"{self.extra_status}   {right}"
        return left, right

    def toolbar(self) -> list[tuple[str, str]]:
        buttons = [("menu", "☰ Menu"), ("new", "New"), ("undo", "↶ Undo"), ("redo", "↷ Redo")]
        if self.show_hint_button:
            buttons.append(("hint", "Hint"))
        return buttons

    def button_at(self, x: float, y: float) -> str | None:
        for name, rect in self._buttons:
            if rect.collidepoint(x, y):
                return name
        return None

    def _status_surface(self, left: str, right: str, message: str | None) -> pygame.Surface:
        rect = self.scene.layout.status_rect
        w, h = int(rect.w), int(rect.h)
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        surface.fill(STATUS_BG)
        f = font(max(11, int(h * 0.55)))
        pad = max(6, h // 3)
        x = pad // 2
        self._buttons = []
        for name, label in self.toolbar():
            text = f.render(label, True, TEXT)
            box = pygame.Rect(x, 2, text.get_width() + pad, h - 4)
            pygame.draw.rect(surface, (255, 255, 255, 22), box, border_radius=h // 5)
            surface.blit(text, (x + pad // 2, (h - text.get_height()) // 2))
            self._buttons.append((name, box.move(int(rect.x), int(rect.y))))
            x = box.right + pad // 3
        self._button_sets[(w, h, self.show_hint_button)] = self._buttons
        text_left = f.render(left, True, TEXT)
        text_right = f.render(right, True, TEXT)
        msg = f.render(message, True, MESSAGE) if message else None
        y = (h - text_left.get_height()) // 2
        # Narrow windows: the toolbar and the score come first, then a message (a hint, a
        # verdict: what the player just asked for), the variant name only if room is left.
        needed = x + pad + text_left.get_width() + text_right.get_width() + 2 * pad
        if msg is not None:
            needed += msg.get_width() + pad
        if needed < w:
            surface.blit(text_left, (x + pad, y))
            left_end = x + pad + text_left.get_width()
        else:
            left_end = x
        surface.blit(text_right, (w - pad - text_right.get_width(), y))
        if msg is not None:
            room = w - left_end - text_right.get_width() - 3 * pad
            if msg.get_width() > room > 40:
                msg = msg.subsurface((0, 0, room, msg.get_height()))
            if room > 40:
                surface.blit(msg, (left_end + pad, y))
        return surface

    def _outline(self, w: int, h: int, colour, width: int) -> pygame.Surface:
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(3, self.scene.layout.card_w // 12)
        pygame.draw.rect(surface, colour, surface.get_rect(), width, border_radius=radius)
        return surface

    def _outline_cards(self, pile: int, cards: list[int], colour) -> tuple:
        scene = self.scene
        lay = scene.layout
        pad = max(2, lay.card_w // 30)
        if cards:
            homes = [scene.motion.sprites[c].home for c in cards]
            x = min(h.x for h in homes)
            y = min(h.y for h in homes)
            bottom = max(h.y for h in homes) + lay.card_h
            right = max(h.x for h in homes) + lay.card_w
        else:
            x, y = lay.origins[pile]
            right, bottom = x + lay.card_w, y + lay.card_h
        w, h = right - x + 2 * pad, bottom - y + 2 * pad
        surface = self._cached(("outline", w, h, colour), lambda: self._outline(w, h, colour, pad))
        return surface, (x - pad, y - pad)

    def _win_box(self) -> pygame.Surface:
        scene = self.scene
        game = scene.game
        lay = scene.layout
        big = font(max(18, lay.card_h // 3), bold=True)
        small = font(max(12, lay.card_h // 8))
        title = big.render("You won!", True, (255, 236, 150))
        info = small.render(
            f"Score {game.score}   Moves {game.moves_made}   Time {format_time(scene.elapsed)}",
            True,
            TEXT,
        )
        hint = small.render("Press N for a new game, or Ctrl+Z to undo", True, DIM_TEXT)
        pad = lay.card_w // 4
        w = max(title.get_width(), info.get_width(), hint.get_width()) + 2 * pad
        h = title.get_height() + info.get_height() + hint.get_height() + 3 * pad
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(box, (6, 34, 18, 225), box.get_rect(), border_radius=pad // 2)
        pygame.draw.rect(box, (255, 226, 120), box.get_rect(), 2, border_radius=pad // 2)
        y = pad
        for line in (title, info, hint):
            box.blit(line, ((w - line.get_width()) // 2, y))
            y += line.get_height() + pad // 2
        return box

    def items(self) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        scene = self.scene
        lay = scene.layout
        out = []
        pointer = scene.pointer
        if pointer.dragging:
            for target in pointer.targets:
                cards = scene.game.state.piles[target]
                out.append(self._outline_cards(target, list(cards[-1:]), TARGET))
        if self.hint is not None:
            source, count, target = self.hint
            cards = list(scene.game.state.piles[source][-count:]) if count else []
            out.append(self._outline_cards(source, cards if count else [], HINT))
            if target is not None:
                top = list(scene.game.state.piles[target][-1:])
                out.append(self._outline_cards(target, top, HINT))
        focus = scene.focus
        if focus.visible:
            if focus.held is not None:
                pile, count = focus.held
                held = list(scene.game.state.piles[pile][-count:])
                out.append(self._outline_cards(pile, held, HELD))
            out.append(self._outline_cards(focus.pile, focus.focused_cards(), FOCUS))
        if scene.game.won and scene.won_shown:
            key = ("win", lay.width, scene.game.moves_made, int(scene.elapsed))
            box = self._cached(key, self._win_box)
            out.append((box, ((lay.width - box.get_width()) // 2, int(lay.height * 0.38))))
        left, right = self.status_text()
        message = scene.feedback.message
        key = ("status", lay.width, lay.height, left, right, message, self.show_hint_button)
        status = self._cached(key, lambda: self._status_surface(left, right, message))
        self._buttons = self._button_sets.get(
            (int(lay.status_rect.w), int(lay.status_rect.h), self.show_hint_button), []
        )
        out.append((status, (int(lay.status_rect.x), int(lay.status_rect.y))))
        return out
