"""Menus, pages, prompts and questions drawn over the table, each a scene of its own.

An overlay is modal: the app hands it every event until it closes. It draws the table
once, shaded, as its backdrop, and redraws itself only when something on it changed, so an
open menu costs nothing per frame either.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from . import ui

if TYPE_CHECKING:
    from .app import App


class Overlay:
    title = ""

    def __init__(self, app: App) -> None:
        self.app = app
        self.backdrop: pygame.Surface | None = None
        self.dirty = True
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    # -- scene protocol ---------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        return True

    def update(self, dt: float) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.panel_rect.collidepoint(event.pos):
                self.close()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.close()

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> list | None:
        size = surface.get_size()
        if self.backdrop is None or self.backdrop.get_size() != size:
            table = self.app.table
            table.redraw_all = True
            table.needs_draw = True
            table.draw(surface, 1.0)
            self.backdrop = ui.shade(surface)
            self.dirty = True
        if not self.dirty:
            return []
        self.dirty = False
        surface.blit(self.backdrop, (0, 0))
        self.render(surface, ui.Metrics.for_size(size))
        return None

    # -- for subclasses -------------------------------------------------------------------------

    def render(self, surface: pygame.Surface, m: ui.Metrics) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.app.close_overlay(self)

    def refresh(self) -> None:
        self.dirty = True

    def resize(self) -> None:
        self.backdrop = None

    def _panel(self, surface: pygame.Surface, m: ui.Metrics, w: int, h: int) -> pygame.Rect:
        sw, sh = surface.get_size()
        w, h = min(w, sw - 2 * m.pad), min(h, sh - 2 * m.pad)
        rect = pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)
        surface.blit(ui.panel(rect.size, m.unit // 2), rect)
        title = m.title_font.render(self.title, True, ui.TITLE)
        surface.blit(title, (rect.x + (w - title.get_width()) // 2, rect.y + m.pad))
        self.panel_rect = rect
        return rect


@dataclass
class Item:
    """A menu row: ``action`` on Enter or click; ``step`` on Left/Right for a setting
    (Enter steps forward); ``value`` shows a setting's current value or a key hint."""

    label: str | Callable[[], str]
    action: Callable[[], None] | None = None
    step: Callable[[int], None] | None = None
    value: Callable[[], str] | None = None
    enabled: Callable[[], bool] = lambda: True
    hint: str = ""

    def text(self) -> str:
        return self.label() if callable(self.label) else self.label


class MenuOverlay(Overlay):
    def __init__(self, app: App, title: str, items: list[Item], footer: str = "") -> None:
        super().__init__(app)
        self.title = title
        self.items = items
        self.footer = footer
        self.selected = self._next_enabled(-1, 1)
        self._rows: list[pygame.Rect] = []

    def _next_enabled(self, start: int, step: int) -> int:
        n = len(self.items)
        for k in range(1, n + 1):
            i = (start + step * k) % n
            if self.items[i].enabled():
                return i
        return max(0, start)

    def activate(self, index: int) -> None:
        item = self.items[index]
        if not item.enabled():
            self.app.sounds.play("invalid")
            return
        self.selected = index
        if item.action is not None:
            item.action()
        elif item.step is not None:
            item.step(1)
        self.refresh()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_UP:
                self.selected = self._next_enabled(self.selected, -1)
            elif event.key == pygame.K_DOWN:
                self.selected = self._next_enabled(self.selected, 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate(self.selected)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                item = self.items[self.selected]
                if item.step is not None and item.enabled():
                    item.step(-1 if event.key == pygame.K_LEFT else 1)
            else:
                super().handle_event(event)
            self.refresh()
            return
        if event.type == pygame.MOUSEMOTION:
            for i, row in enumerate(self._rows):
                if row.collidepoint(event.pos) and i != self.selected and self.items[i].enabled():
                    self.selected = i
                    self.refresh()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, row in enumerate(self._rows):
                if row.collidepoint(event.pos):
                    self.activate(i)
                    return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return
        super().handle_event(event)

    def render(self, surface: pygame.Surface, m: ui.Metrics) -> None:
        f = m.text_font
        labels = [item.text() for item in self.items]
        values = [item.value() if item.value else item.hint for item in self.items]
        width = max(
            f.size(label)[0] + (f.size(value)[0] + 3 * m.pad if value else 0)
            for label, value in zip(labels, values, strict=True)
        )
        width = max(
            width + 4 * m.pad,
            m.title_font.size(self.title)[0] + 4 * m.pad,
            m.small_font.size(self.footer)[0] + 2 * m.pad,
            m.unit * 18,
        )
        footer_h = m.row_height if self.footer else 0
        height = int(m.unit * 3.4) + m.row_height * len(self.items) + footer_h + m.pad
        rect = self._panel(surface, m, width, height)
        y = rect.y + int(m.unit * 3.2)
        self._rows = []
        for i, (item, label, value) in enumerate(zip(self.items, labels, values, strict=True)):
            row = pygame.Rect(rect.x + m.pad // 2, y, rect.w - m.pad, m.row_height)
            self._rows.append(row)
            if i == self.selected:
                band = pygame.Surface(row.size, pygame.SRCALPHA)
                pygame.draw.rect(band, ui.ROW_SELECTED, band.get_rect(), border_radius=m.unit // 3)
                surface.blit(band, row)
            colour = ui.TEXT if item.enabled() else ui.DIM
            text = f.render(label, True, colour)
            ty = row.y + (row.h - text.get_height()) // 2
            surface.blit(text, (row.x + m.pad, ty))
            if value:
                shown = f"\u2039 {value} \u203a" if item.step else value
                v = f.render(shown, True, ui.TITLE if item.step else ui.DIM)
                surface.blit(v, (row.right - m.pad - v.get_width(), ty))
            y += m.row_height
        if self.footer:
            note = m.small_font.render(self.footer, True, ui.DIM)
            surface.blit(note, (rect.x + (rect.w - note.get_width()) // 2, y + m.pad // 2))


class PageOverlay(Overlay):
    """A scrollable page of text. Lines: ``# title``, ``## heading``, plain paragraphs, and
    table rows whose cells are separated by tabs. ``buttons``: (key, label, action)."""

    def __init__(
        self,
        app: App,
        title: str,
        text: str,
        buttons: list[tuple[int, str, Callable[[], None]]] | None = None,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.buttons = buttons or []
        self.scroll = 0
        self._max_scroll = 0
        self._page = 1
        self._button_rects: list[tuple[pygame.Rect, Callable[[], None]]] = []

    def set_text(self, text: str) -> None:
        self.text = text
        self.refresh()

    def _layout_lines(self, m: ui.Metrics, width: int) -> list[tuple[pygame.Surface, int]]:
        out: list[tuple[pygame.Surface, int]] = []  # (rendered line, indent)
        body, heading = m.text_font, m.heading_font
        # Table rows share one first-column width: the widest first cell, within reason.
        firsts = [line.split("\t")[0] for line in self.text.splitlines() if "\t" in line]
        first_w = max((m.small_font.size(c)[0] for c in firsts), default=0) + m.pad
        first_w = min(first_w, int(width * 0.55))
        for raw in self.text.splitlines():
            line = raw.rstrip()
            if line.startswith("# "):
                continue  # the page title is drawn in the panel's title
            if line.startswith("## "):
                out.append((pygame.Surface((1, m.unit // 2), pygame.SRCALPHA), 0))
                out.append((heading.render(line[3:], True, ui.TITLE), 0))
            elif "\t" in line:
                out.append((self._row(line.split("\t"), m, width, first_w), 0))
            elif not line:
                out.append((pygame.Surface((1, m.unit // 2), pygame.SRCALPHA), 0))
            else:
                for part in ui.wrap(line, body, width):
                    out.append((body.render(part, True, ui.TEXT), 0))
                out.append((pygame.Surface((1, m.unit // 4), pygame.SRCALPHA), 0))
        return out

    def _row(self, cells: list[str], m: ui.Metrics, width: int, first: int) -> pygame.Surface:
        """One table row: the first cell left-aligned, the others right-aligned in equal
        columns. A row whose first cell is empty is a header."""
        f = m.small_font
        surface = pygame.Surface((width, int(f.get_linesize() * 1.15)), pygame.SRCALPHA)
        rest = (width - first) / max(1, len(cells) - 1)
        colour = ui.TITLE if not cells[0] else ui.TEXT
        for i, cell in enumerate(cells):
            text = f.render(cell, True, colour)
            if i == 0:
                surface.blit(text, (0, 0))
            else:
                x = first + rest * i - text.get_width()
                surface.blit(text, (int(x), 0))
        return surface

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -self._page,
                pygame.K_PAGEDOWN: self._page,
                pygame.K_HOME: -(10**6),
                pygame.K_END: 10**6,
            }
            if event.key in keys:
                self._scroll_by(keys[event.key])
                return
            for key, _, action in self.buttons:
                if event.key == key:
                    action()
                    self.refresh()
                    return
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-3 * event.y)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in self._button_rects:
                if rect.collidepoint(event.pos):
                    action()
                    self.refresh()
                    return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            self._scroll_by(-3 if event.button == 4 else 3)
            return
        super().handle_event(event)

    def _scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self._max_scroll, self.scroll + lines))
        self.refresh()

    def render(self, surface: pygame.Surface, m: ui.Metrics) -> None:
        sw, sh = surface.get_size()
        width = min(sw - 4 * m.pad, m.unit * 44)
        rect = self._panel(surface, m, width, sh - 4 * m.pad)
        inner = rect.w - 4 * m.pad
        lines = self._layout_lines(m, inner)
        top = rect.y + int(m.unit * 3.4)
        footer_h = int(m.row_height * 1.3)
        bottom = rect.bottom - footer_h
        line_h = m.text_font.get_linesize()
        self._page = max(1, (bottom - top) // line_h - 1)
        heights = [s.get_height() for s, _ in lines]
        # The furthest the page may scroll: the last lines just fill the view.
        room, k = bottom - top, len(lines)
        while k > 0 and room - heights[k - 1] >= 0:
            room -= heights[k - 1]
            k -= 1
        self._max_scroll = k
        self.scroll = min(self.scroll, self._max_scroll)
        y = top
        surface.set_clip(pygame.Rect(rect.x, top, rect.w, bottom - top))
        for line, indent in lines[self.scroll :]:
            if y + line.get_height() > bottom:
                break
            surface.blit(line, (rect.x + 2 * m.pad + indent, y))
            y += line.get_height()
        surface.set_clip(None)
        self._draw_footer(surface, m, rect, bottom)

    def _draw_footer(self, surface, m: ui.Metrics, rect: pygame.Rect, y: int) -> None:
        f = m.small_font
        parts = [(label, action) for _, label, action in self.buttons]
        parts.append(("Esc  Back", self.close))
        if self._max_scroll:
            more = "\u2191\u2193 scroll" + ("" if self.scroll < self._max_scroll else " (end)")
            parts.insert(0, (more, lambda: None))
        rendered = [(f.render(label, True, ui.TEXT), action) for label, action in parts]
        total = sum(r.get_width() for r, _ in rendered) + 2 * m.pad * (len(rendered) - 1)
        x = rect.x + (rect.w - total) // 2
        self._button_rects = []
        for text, action in rendered:
            box = pygame.Rect(
                x - m.pad // 2,
                y + m.pad // 2,
                text.get_width() + m.pad,
                text.get_height() + m.pad // 2,
            )
            pygame.draw.rect(surface, ui.PANEL_EDGE, box, 1, border_radius=m.unit // 4)
            surface.blit(text, (x, box.y + m.pad // 4))
            self._button_rects.append((box, action))
            x += text.get_width() + 2 * m.pad


class PromptOverlay(Overlay):
    """Asks for a number (a deal number): digits, Backspace, Enter, Esc."""

    def __init__(
        self, app: App, title: str, prompt: str, on_done: Callable[[int], str | None], limit: int
    ) -> None:
        super().__init__(app)
        self.title = title
        self.prompt = prompt
        self.on_done = on_done
        self.limit = limit
        self.value = ""
        self.error = ""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
            elif event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                self.error = ""
            elif event.key == pygame.K_ESCAPE:
                self.close()
            elif event.unicode and event.unicode.isdigit() and len(self.value) < 20:
                self.value += event.unicode
                self.error = ""
            self.refresh()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.panel_rect.collidepoint(event.pos):
                return
        super().handle_event(event)

    def submit(self) -> None:
        if not self.value:
            self.error = "Type a deal number first."
        elif int(self.value) > self.limit:
            self.error = f"Deal numbers go up to {self.limit}."
        else:
            problem = self.on_done(int(self.value))
            if problem:
                self.error = problem
        self.refresh()

    def render(self, surface: pygame.Surface, m: ui.Metrics) -> None:
        f = m.text_font
        width = max(m.unit * 24, f.size(self.prompt)[0] + 4 * m.pad)
        rect = self._panel(surface, m, width, m.unit * 11)
        y = rect.y + int(m.unit * 3.4)
        line = f.render(self.prompt, True, ui.TEXT)
        surface.blit(line, (rect.x + (rect.w - line.get_width()) // 2, y))
        y += m.row_height
        box = pygame.Rect(rect.x + 2 * m.pad, y, rect.w - 4 * m.pad, m.row_height)
        pygame.draw.rect(surface, (0, 0, 0), box, border_radius=m.unit // 4)
        pygame.draw.rect(surface, ui.PANEL_EDGE, box, 1, border_radius=m.unit // 4)
        typed = f.render(self.value + "\u2502", True, ui.TITLE)
        surface.blit(typed, (box.x + m.pad // 2, box.y + (box.h - typed.get_height()) // 2))
        y += m.row_height + m.pad // 2
        note = self.error or "Enter to deal, Esc to cancel"
        text = m.small_font.render(note, True, ui.TITLE if self.error else ui.DIM)
        surface.blit(text, (rect.x + (rect.w - text.get_width()) // 2, y))


class ConfirmOverlay(Overlay):
    """A yes/no question: Y or Enter for yes; N or Esc for no."""

    def __init__(
        self,
        app: App,
        title: str,
        question: str,
        on_yes: Callable[[], None],
        yes: str = "Yes",
        no: str = "No",
    ) -> None:
        super().__init__(app)
        self.title = title
        self.question = question
        self.on_yes = on_yes
        self.labels = (yes, no)
        self.selected = 0
        self._buttons: list[pygame.Rect] = []

    def answer(self, yes: bool) -> None:
        self.close()
        if yes:
            self.on_yes()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_y,):
                self.answer(True)
            elif event.key in (pygame.K_n, pygame.K_ESCAPE):
                self.answer(False)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.answer(self.selected == 0)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.selected = 1 - self.selected
                self.refresh()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self._buttons):
                if rect.collidepoint(event.pos):
                    self.answer(i == 0)
                    return
        super().handle_event(event)

    def render(self, surface: pygame.Surface, m: ui.Metrics) -> None:
        f = m.text_font
        width = max(m.unit * 26, min(surface.get_width() - 4 * m.pad, m.unit * 36))
        lines = ui.wrap(self.question, f, width - 4 * m.pad)
        height = int(m.unit * 3.6) + len(lines) * f.get_linesize() + m.row_height * 2
        rect = self._panel(surface, m, width, height)
        y = rect.y + int(m.unit * 3.4)
        for text in lines:
            line = f.render(text, True, ui.TEXT)
            surface.blit(line, (rect.x + (rect.w - line.get_width()) // 2, y))
            y += f.get_linesize()
        y += m.pad
        self._buttons = []
        bw = m.unit * 8
        gap = m.pad * 2
        x = rect.x + (rect.w - 2 * bw - gap) // 2
        for i, label in enumerate(self.labels):
            box = pygame.Rect(x, y, bw, m.row_height)
            fill = ui.ROW_SELECTED if i == self.selected else ui.ROW_HOVER
            band = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(band, fill, band.get_rect(), border_radius=m.unit // 3)
            surface.blit(band, box)
            pygame.draw.rect(surface, ui.PANEL_EDGE, box, 1, border_radius=m.unit // 3)
            text = f.render(label, True, ui.TEXT)
            surface.blit(
                text,
                (box.x + (bw - text.get_width()) // 2, box.y + (box.h - text.get_height()) // 2),
            )
            self._buttons.append(box)
            x += bw + gap
