"""A scrollable page of text (rules, statistics) with buttons along its foot.

Text lines: ``# title`` (skipped: the panel has the title), ``## heading``, plain
paragraphs (wrapped), and table rows whose cells are separated by tabs (a row whose first
cell is empty is a header). Each column is as wide as its widest text in the language
shown. When the columns do not fit the page, each row's first cell (its name) goes on a
line of its own above its values; when even those do not fit, each row becomes a card
(its name, then each value after its column's name, as many to a line as fit).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _

from ..intents import CloseScene, Intent
from ..text import wrap
from . import style
from .base import Overlay, list_steps
from .footer import draw_footer, footer_boxes, footer_height, footer_rows

Button = tuple[int | None, str, Intent]  # (key or None, label, intent)


class PagePanel(Overlay):
    def __init__(
        self, title: str, text: Callable[[], str], size, buttons: list[Button] | None = None
    ):
        super().__init__(title, size)
        self.text = text
        self.buttons = buttons or []
        self.scroll = 0
        self._cached: tuple | None = None  # the rendered lines, by size and text

    # -- sizes --------------------------------------------------------------------------------

    def panel_size(self, m: style.Metrics) -> tuple[int, int]:
        sw, sh = self.size
        return min(sw - 4 * m.pad, m.unit * 44), sh - 4 * m.pad

    def _lines(self, m: style.Metrics, width: int) -> list[pygame.Surface]:
        out: list[pygame.Surface] = []
        body, heading = m.text_font, m.heading_font
        text = self.text()
        rows = [line.rstrip().split("\t") for line in text.splitlines() if "\t" in line]
        columns = _columns(rows, m.small_font, m.pad, width)
        above = columns is None  # the rows' names on a line of their own, values beneath
        if above:
            columns = _columns([["", *r[1:]] for r in rows], m.small_font, m.pad, width)
        header: list[str] = []
        for raw in text.splitlines():
            line = raw.rstrip()
            if line.startswith("# "):
                continue
            if line.startswith("## "):
                out.append(pygame.Surface((1, m.unit // 2), pygame.SRCALPHA))
                for part in wrap(line[3:], heading, width):
                    out.append(heading.render(part, True, style.TITLE))
            elif "\t" in line:
                cells = line.split("\t")
                if not cells[0]:
                    header = cells
                if columns is not None:
                    if above and cells[0]:
                        out += [
                            m.small_font.render(p, True, style.TITLE)
                            for p in wrap(cells[0], m.small_font, width)
                        ]
                        cells = ["", *cells[1:]]
                        out.append(self._row(cells, m, width, columns, style.TEXT))
                    else:
                        out.append(self._row(cells, m, width, columns))
                elif cells[0]:  # too narrow for a table: a card for each row
                    out += self._card(cells, header, m, width)
            elif not line:
                out.append(pygame.Surface((1, m.unit // 2), pygame.SRCALPHA))
            else:
                for part in wrap(line, body, width):
                    out.append(body.render(part, True, style.TEXT))
                out.append(pygame.Surface((1, m.unit // 4), pygame.SRCALPHA))
        return out

    def _row(
        self, cells: list[str], m: style.Metrics, width: int, columns: list[int], colour=None
    ) -> pygame.Surface:
        """A table row: the first cell from the left, the others to their column's right
        edge (columns as wide as their widest text, the room left shared between them)."""
        f = m.small_font
        surface = pygame.Surface((width, int(f.get_linesize() * 1.15)), pygame.SRCALPHA)
        colour = colour or (style.TITLE if not cells[0] else style.TEXT)
        for i, cell in enumerate(cells[: len(columns)]):
            text = f.render(cell, True, colour)
            x = 0 if i == 0 else columns[i] - text.get_width()
            surface.blit(text, (x, 0))
        return surface

    def _card(
        self, cells: list[str], header: list[str], m: style.Metrics, width: int
    ) -> list[pygame.Surface]:
        """A row too wide for the page as a card: its first cell, then each value after its
        column's name, as many to a line as fit."""
        f = m.small_font
        out = [f.render(part, True, style.TITLE) for part in wrap(cells[0], f, width)]
        pairs = [
            f"{name} {value}" if name else value
            for name, value in zip(header[1:] + [""] * len(cells), cells[1:], strict=False)
        ]
        line = ""
        gap = "    "
        for pair in pairs:
            candidate = f"{line}{gap}{pair}" if line else pair
            if line and f.size(candidate)[0] > width:
                out.append(f.render(line, True, style.TEXT))
                candidate = pair
            line = candidate
            if f.size(line)[0] > width:
                *whole, line = wrap(line, f, width)
                out += [f.render(part, True, style.TEXT) for part in whole]
        if line:
            out.append(f.render(line, True, style.TEXT))
        out.append(pygame.Surface((1, m.unit // 3), pygame.SRCALPHA))
        return out

    def _view(self) -> tuple[pygame.Rect, int, int, list[pygame.Surface], int]:
        """(panel, top of the text, bottom of the text, lines, the furthest scroll)."""
        m = self.metrics()
        rect = self.panel_rect()
        key = (m.unit, rect.size, self.text())
        if self._cached is None or self._cached[0] != key:
            self._cached = (key, self._lines(m, rect.w - 4 * m.pad))
        lines = self._cached[1]
        top = rect.y + self.title_height(m)
        bottom = rect.bottom - self._footer_height(m, rect, scrolls=True)
        room, k = bottom - top, len(lines)
        while k > 0 and room - lines[k - 1].get_height() >= 0:
            room -= lines[k - 1].get_height()
            k -= 1
        return rect, top, bottom, lines, k

    def _parts(self, furthest: int) -> list[tuple[str, Intent | None]]:
        parts: list[tuple[str, Intent | None]] = [(lb, it) for _k, lb, it in self.buttons]
        parts.append((_("Esc  Back"), CloseScene()))
        if furthest:
            end = self.scroll >= furthest
            parts.insert(
                0, (_("\u2191\u2193 scroll (end)") if end else _("\u2191\u2193 scroll"), None)
            )
        return parts

    def _footer_height(self, m, rect, scrolls: bool) -> int:
        parts = self._parts(1 if scrolls else 0)
        return footer_height(footer_rows(parts, m, rect.w), m)

    def _footer(self) -> list[tuple[pygame.Rect, str, Intent | None]]:
        m = self.metrics()
        rect, _top, bottom, _lines, furthest = self._view()
        return footer_boxes(footer_rows(self._parts(furthest), m, rect.w), m, rect, bottom)

    # -- input ----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.KEYDOWN:
            _rect, top, bottom, _lines, _furthest = self._view()
            page = max(1, (bottom - top) // self.metrics().text_font.get_linesize() - 1)
            keys = list_steps(page)
            if event.key in keys:
                self._scroll_by(keys[event.key])
                return []
            for key, _label, intent in self.buttons:
                if key is not None and event.key == key:
                    return [intent]
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-3 * event.y)
            return []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, _label, intent in self._footer():
                if rect.collidepoint(event.pos):
                    return [intent] if intent is not None else []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            self._scroll_by(-3 if event.button == 4 else 3)
            return []
        return super().handle(event)

    def _scroll_by(self, lines: int) -> None:
        furthest = self._view()[4]
        self.scroll = max(0, min(furthest, self.scroll + lines))
        self.refresh()

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics()
        rect, top, bottom, lines, furthest = self._view()
        y = top
        surface.set_clip(pygame.Rect(rect.x, top, rect.w, bottom - top))
        for line in lines[min(self.scroll, furthest) :]:
            if y + line.get_height() > bottom:
                break
            surface.blit(line, (rect.x + 2 * m.pad, y))
            y += line.get_height()
        surface.set_clip(None)
        draw_footer(surface, self._footer(), m)


def _columns(rows: list[list[str]], f: pygame.font.Font, gap: int, width: int) -> list[int] | None:
    """Where each column of the page's tables ends (the first: where it starts, 0), all
    tables alike; None when they do not fit ``width`` with at least ``gap`` between."""
    if not rows:
        return None
    count = max(len(r) for r in rows)
    widest = [0] * count
    for row in rows:
        for i, cell in enumerate(row):
            widest[i] = max(widest[i], f.size(cell)[0])
    spare = width - sum(widest) - gap * (count - 1)
    if spare < 0:
        return None
    share = spare // max(1, count - 1)  # the room left goes between the columns
    ends, x = [0], widest[0]
    for w in widest[1:]:
        x += gap + share + w
        ends.append(x)
    return ends
