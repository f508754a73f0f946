"""A menu: rows of actions and settings, by keyboard (arrows, Enter, Esc) and mouse.

A row with ``intent`` does it on Enter or a click; a setting row (``step``) changes with
Left/Right, Enter or a click (a click on its ‹ arrow steps back, anywhere else forward).
A disabled row is drawn faint, is skipped by the arrows and answers a click with nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..intents import CloseMenus, Intent
from ..text import wrap
from . import style
from .base import Overlay

LEFT_ARROW, RIGHT_ARROW = "\u2039", "\u203a"


@dataclass
class Item:
    label: str | Callable[[], str]
    intent: Intent | Callable[[], Intent | None] | None = None
    step: Callable[[int], Intent] | None = None
    value: Callable[[], str] | None = None
    enabled: Callable[[], bool] = lambda: True
    hint: str = ""
    opens: bool = False  # it opens another menu or page over this one (which stays)

    def text(self) -> str:
        return self.label() if callable(self.label) else self.label

    def activate(self, direction: int = 1) -> list[Intent]:
        if not self.enabled():
            return []
        if self.step is not None:
            return [self.step(direction)]
        intent = self.intent() if callable(self.intent) else self.intent
        return [intent] if intent is not None else []


@dataclass(frozen=True)
class _Row:
    rect: pygame.Rect
    back: pygame.Rect | None  # the ‹ arrow of a setting, where a click steps back


class MenuPanel(Overlay):
    """``closes``: choosing an action closes the menus first (the main menu and its
    submenus), except an item that ``opens`` something over it."""

    def __init__(
        self, title: str, items: list[Item], size, footer: str = "", closes: bool = False
    ) -> None:
        super().__init__(title, size)
        self.items = items
        self.footer = footer
        self.closes = closes
        self._fitted: tuple | None = None  # (what the type size was fitted to, the size)
        self.selected = self._next_enabled(-1, 1)

    def _next_enabled(self, start: int, step: int) -> int:
        n = len(self.items)
        for k in range(1, n + 1):
            i = (start + step * k) % n
            if self.items[i].enabled():
                return i
        return max(0, start)

    # -- sizes --------------------------------------------------------------------------------

    def metrics(self) -> style.Metrics:
        """Smaller type when a long menu would not fit the window's height, or its widest
        row (a long translation, a narrow window) its width."""
        m = super().metrics()
        rows = len(self.items) * 2.0 + 3.4 + (2.0 if self.footer else 0) + 3
        unit = max(10, min(m.unit, int(self.size[1] / rows)))
        key = (unit, self.size, self.title, tuple(i.text() for i in self.items), *self._values())
        if self._fitted is None or self._fitted[0] != key:
            room = self.size[0]
            while unit > 10 and self._natural_width(style.Metrics(unit)) > room - 2 * unit:
                unit -= 1
            self._fitted = (key, unit)
        return style.Metrics(self._fitted[1])

    def _natural_width(self, m: style.Metrics) -> int:
        """The panel's width with every row on one line, before the window limits it."""
        f = m.text_font
        widths = [
            f.size(item.text())[0] + (f.size(value)[0] + 3 * m.pad if value else 0)
            for item, value in zip(self.items, self._values(), strict=True)
        ]
        return max(
            max(widths, default=0) + 4 * m.pad,
            m.title_font.size(self.title)[0] + 4 * m.pad,
            m.unit * 18,
        )

    def _values(self) -> list[str]:
        out = []
        for item in self.items:
            if item.value is not None:
                out.append(f"{LEFT_ARROW} {item.value()} {RIGHT_ARROW}")
            else:
                out.append(item.hint)
        return out

    def panel_size(self, m: style.Metrics) -> tuple[int, int]:
        footer_w = m.small_font.size(self.footer)[0] + 2 * m.pad  # wraps when too wide
        width = min(max(self._natural_width(m), footer_w), self.size[0] - 2 * m.pad)
        footer_h = len(self._footer_lines(m, width)) * m.small_font.get_linesize()
        footer_h += m.pad // 2 if self.footer else 0
        return width, self.title_height(m) + m.row_height * len(self.items) + footer_h + m.pad

    def _footer_lines(self, m: style.Metrics, width: int) -> list[str]:
        return wrap(self.footer, m.small_font, width - 2 * m.pad) if self.footer else []

    def _rows(self) -> list[_Row]:
        m = self.metrics()
        rect = self.panel_rect()
        f = m.text_font
        y = rect.y + int(m.unit * 3.2)
        rows = []
        for item, value in zip(self.items, self._values(), strict=True):
            row = pygame.Rect(rect.x + m.pad // 2, y, rect.w - m.pad, m.row_height)
            back = None
            if item.step is not None:
                value_w = f.size(value)[0]
                arrow_w = f.size(LEFT_ARROW + " ")[0]
                left = row.right - m.pad - value_w - m.pad // 2
                back = pygame.Rect(left, y, arrow_w + m.pad, row.h)
            rows.append(_Row(row, back))
            y += m.row_height
        return rows

    # -- input ----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_UP:
                self.selected = self._next_enabled(self.selected, -1)
            elif event.key == pygame.K_DOWN:
                self.selected = self._next_enabled(self.selected, 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self._activate(self.selected, 1)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                item = self.items[self.selected]
                if item.step is not None:
                    return self._activate(self.selected, -1 if event.key == pygame.K_LEFT else 1)
            else:
                return super().handle(event)
            self.refresh()
            return []
        if event.type == pygame.MOUSEMOTION:
            for i, row in enumerate(self._rows()):
                hovered = row.rect.collidepoint(event.pos)
                if hovered and i != self.selected and self.items[i].enabled():
                    self.selected = i
                    self.refresh()
            return []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, row in enumerate(self._rows()):
                if row.rect.collidepoint(event.pos):
                    back = row.back is not None and row.back.collidepoint(event.pos)
                    return self._activate(i, -1 if back else 1)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return []
        return super().handle(event)

    def press_key_named(self, name: str) -> list[Intent]:
        """The key shown beside a row (its ``hint``, "N") was pressed: that row acts, as a
        click on it would; nothing when no enabled row shows it."""
        for index, item in enumerate(self.items):
            if item.hint == name and item.enabled():
                return self._activate(index, 1)
        return []

    def _activate(self, index: int, direction: int) -> list[Intent]:
        item = self.items[index]
        if not item.enabled():
            return []
        self.selected = index
        self.refresh()
        intents = item.activate(direction)
        if self.closes and intents and item.step is None and not item.opens:
            return [CloseMenus(), *intents]
        return intents

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics()
        f = m.text_font
        rect = self.panel_rect()
        rows = self._rows()
        for i, (item, value, row) in enumerate(zip(self.items, self._values(), rows, strict=True)):
            enabled = item.enabled()
            if i == self.selected and enabled:
                band = pygame.Surface(row.rect.size, pygame.SRCALPHA)
                radius = m.unit // 3
                pygame.draw.rect(band, style.ROW_SELECTED, band.get_rect(), border_radius=radius)
                surface.blit(band, row.rect)
            text = f.render(item.text(), True, style.TEXT if enabled else style.DISABLED)
            ty = row.rect.y + (row.rect.h - text.get_height()) // 2
            surface.blit(text, (row.rect.x + m.pad, ty))
            if value:
                colour = style.TITLE if item.step and enabled else style.DIM
                v = f.render(value, True, colour if enabled else style.DISABLED)
                surface.blit(v, (row.rect.right - m.pad - v.get_width(), ty))
        y = (rows[-1].rect.bottom if rows else rect.y + self.title_height(m)) + m.pad // 2
        for line in self._footer_lines(m, rect.w):
            note = m.small_font.render(line, True, style.DIM)
            surface.blit(note, (rect.x + (rect.w - note.get_width()) // 2, y))
            y += m.small_font.get_linesize()
