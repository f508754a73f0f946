"""A browser of game files: a folder's files in columns, newest first, and a path field.

The list: arrows, Page Up/Down, Home/End and the mouse (wheel, pointing) choose a file,
Enter or a click opens it, Backspace goes to the folder above. The path field (Tab or a
click, or typing a path: "/", "~", or a name): Tab completes the name being typed, Enter
opens the file or lists the folder it names, Esc goes back to the list. Esc on the list
closes the browser.

What a folder holds, what a file is and what Tab completes are the app's business, asked
through ``go`` and ``complete``; this widget shows them and reads the keys and the mouse.
Each row's cells are asked for only when the row is shown (reading a file takes time).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.i18n import _

from ..elide import elide_end, elide_middle
from ..intents import CloseScene, Intent
from ..text import wrap
from . import style
from .base import Overlay, list_steps
from .field import PathField


class Row(Protocol):
    name: str  # the file's name
    path: str

    def cells(self) -> tuple[str, ...]: ...  # one a column; the first takes the room left

    def note(self) -> str: ...  # said under the list when chosen (what it is, or its problem)

    def usable(self) -> bool: ...


class Listing(Protocol):
    folder: str  # as the path field shows it
    rows: Sequence[Row]
    note: str  # said when nothing is chosen: why the list is empty or cut short


# (a path typed, the folder listed, the path is a row's: taken as it is) -> what it names
Go = Callable[[str, str, bool], "Listing | list[Intent] | str"]
Complete = Callable[[str, str], tuple[str, str]]  # (typed, folder listed) -> (text, note)


class FileBrowser(Overlay):
    def __init__(
        self,
        title: str,
        size,
        listing: Listing,
        headers: tuple[str, ...],
        samples: tuple[tuple[str, ...], ...],
        go: Go,
        complete: Complete,
    ) -> None:
        super().__init__(title, size)
        self.headers = headers
        self.samples = samples  # each column's usual texts: it is made as wide as these
        self.go = go
        self.complete = complete
        self.field = PathField()
        self.editing = False  # typing in the path field, else choosing in the list
        self.message = ""  # what the last Enter or Tab had to say
        self.show(listing)

    def show(self, listing: Listing) -> None:
        self.listing = listing
        self.selected = 0
        self.top = 0
        self.editing = False
        self.field.text = listing.folder
        self.refresh()

    # -- where things are ---------------------------------------------------------------------

    def panel_size(self, m: style.Metrics) -> tuple[int, int]:
        return min(self.size[0] - 2 * m.pad, m.unit * 52), min(
            self.size[1] - 2 * m.pad, m.unit * 42
        )

    def _row_height(self, m: style.Metrics) -> int:
        return int(m.text_font.get_linesize() * 1.4)

    def _parts(self) -> dict[str, pygame.Rect]:
        """The field, the header, the list, the notes, the hints and the two buttons."""
        m = self.metrics()
        rect = self.panel_rect()
        small = m.small_font.get_linesize()
        inner = rect.inflate(-2 * m.pad, 0)
        y = rect.y + self.title_height(m)
        field = pygame.Rect(inner.x, y, inner.w, m.row_height)
        header = pygame.Rect(inner.x, field.bottom + m.pad // 2, inner.w, small)
        buttons_y = rect.bottom - m.pad // 2 - m.row_height
        hints = pygame.Rect(inner.x, buttons_y - m.pad // 2 - 2 * small, inner.w, 2 * small)
        notes = pygame.Rect(inner.x, hints.y - m.pad // 4 - 2 * small, inner.w, 2 * small)
        rows = pygame.Rect(inner.x, header.bottom + m.pad // 4, inner.w, 0)
        rows.h = max(0, notes.y - m.pad // 4 - rows.y)
        bw = min(m.unit * 8, (rect.w - 3 * m.pad) // 2)
        bx = rect.x + (rect.w - 2 * bw - m.pad) // 2
        return {
            "field": field,
            "header": header,
            "rows": rows,
            "notes": notes,
            "hints": hints,
            "open": pygame.Rect(bx, buttons_y, bw, m.row_height),
            "close": pygame.Rect(bx + bw + m.pad, buttons_y, bw, m.row_height),
        }

    def _visible(self) -> int:
        return max(1, self._parts()["rows"].h // self._row_height(self.metrics()))

    def _row_rects(self) -> list[tuple[int, pygame.Rect]]:
        area, h = self._parts()["rows"], self._row_height(self.metrics())
        count = min(self._visible(), len(self.listing.rows) - self.top)
        return [
            (self.top + k, pygame.Rect(area.x, area.y + k * h, area.w, h)) for k in range(count)
        ]

    def _columns(self, shown: list[tuple[str, ...]]) -> list[tuple[int, int]]:
        """(x, width) of each column: the others as wide as their widest text, the first
        the room left."""
        m = self.metrics()
        f, gap = m.text_font, m.pad
        area = self._parts()["rows"]
        widths = []
        for n in range(1, len(self.headers)):
            texts = [self.headers[n], *self.samples[n], *(c[n] for c in shown if len(c) > n)]
            widths.append(max(f.size(t)[0] for t in texts))
        first = max(m.unit * 4, area.w - sum(widths) - gap * len(widths) - m.pad)
        out, x = [(area.x + m.pad // 2, first)], area.x + m.pad // 2 + first
        for w in widths:
            x += gap
            out.append((x, w))
            x += w
        return out

    # -- input ----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.KEYDOWN:
            return self._field_key(event) if self.editing else self._list_key(event)
        if event.type == pygame.TEXTINPUT:
            return []  # KEYDOWN carries the text
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-3 * event.y)
            return []
        if event.type == pygame.MOUSEMOTION:
            for index, rect in self._row_rects():
                if rect.collidepoint(event.pos) and index != self.selected:
                    self.selected = index
                    self.refresh()
            return []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return []  # the wheel: MOUSEWHEEL has it
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        return super().handle(event)

    def _click(self, pos) -> list[Intent]:
        parts = self._parts()
        if parts["field"].collidepoint(pos):
            self._edit()
            return []
        if parts["open"].collidepoint(pos):
            return self._submit() if self.editing else self._open(self.selected)
        if parts["close"].collidepoint(pos):
            return [CloseScene()]
        for index, rect in self._row_rects():
            if rect.collidepoint(pos):
                return self._open(index)
        if self.panel_rect().collidepoint(pos):
            return []
        return [CloseScene()]

    def _list_key(self, event: pygame.event.Event) -> list[Intent]:
        page = max(1, self._visible() - 1)
        moves = list_steps(page)
        if event.key in moves:
            self._choose(self.selected + moves[event.key])
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._open(self.selected)
        elif event.key == pygame.K_ESCAPE:
            return [CloseScene()]
        elif event.key == pygame.K_TAB:
            self._edit()
        elif event.key == pygame.K_BACKSPACE:
            return self._go(self.listing.folder.rstrip("/\\") + "/..")
        elif event.unicode and event.unicode.isprintable() and event.unicode != " ":
            self._edit()
            self.field.type(event.unicode)  # a name in this folder, or a path of its own
        return []

    def _field_key(self, event: pygame.event.Event) -> list[Intent]:
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._submit()
        if event.key == pygame.K_ESCAPE or event.key in (pygame.K_UP, pygame.K_DOWN):
            self.editing = False
            self.field.text = self.listing.folder
            self.message = ""
        elif event.key == pygame.K_TAB:
            self.field.text, self.message = self.complete(self.field.text, self.listing.folder)
            self._follow(self.field.text)
        elif event.key == pygame.K_BACKSPACE:
            self.field.erase(word=bool(ctrl))
            self.message = ""
        elif event.unicode and not ctrl:
            self.field.type(event.unicode)
            self.message = ""
        self.refresh()
        return []

    def _follow(self, typed: str) -> None:
        """Tab completed to a folder: the list shows it, and the field, still being typed
        in, holds that folder's path (so that what is typed next is read from there)."""
        if not typed.endswith(("/", os.sep)):
            return
        answer = self.go(typed, self.listing.folder, False)
        if isinstance(answer, str | list):
            return  # not a folder that can be listed: the field says what it holds
        self.show(answer)
        self.editing = True
        folder = answer.folder
        self.field.text = folder if folder.endswith(("/", os.sep)) else folder + os.sep

    def _edit(self) -> None:
        self.editing = True
        self.message = ""
        self.refresh()

    def _choose(self, index: int) -> None:
        rows = len(self.listing.rows)
        self.selected = max(0, min(rows - 1, index))
        visible = self._visible()
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + visible:
            self.top = self.selected - visible + 1
        self.refresh()

    def _scroll(self, lines: int) -> None:
        furthest = max(0, len(self.listing.rows) - self._visible())
        self.top = max(0, min(furthest, self.top + lines))
        self.selected = max(self.top, min(self.top + self._visible() - 1, self.selected))
        self.refresh()

    def _open(self, index: int) -> list[Intent]:
        if not 0 <= index < len(self.listing.rows):
            return []
        return self._go(self.listing.rows[index].path, exact=True)

    def _submit(self) -> list[Intent]:
        return self._go(self.field.text)

    def _go(self, typed: str, exact: bool = False) -> list[Intent]:
        answer = self.go(typed, self.listing.folder, exact)
        if isinstance(answer, str):
            self.message = answer
            self.refresh()
            return []
        if isinstance(answer, list):
            return answer
        self.message = ""
        self.show(answer)
        return []

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics()
        parts = self._parts()
        self.field.draw(surface, parts["field"], m, self.editing)
        shown = self._row_rects()
        cells = [self.listing.rows[index].cells() for index, _rect in shown]
        columns = self._columns(cells)
        self._draw_header(surface, m, parts["header"], columns)
        for (index, rect), row in zip(shown, cells, strict=True):
            self._draw_row(surface, m, rect, columns, row, index)
        self._draw_scrollbar(surface, m, parts["rows"])
        self._draw_notes(surface, m, parts["notes"])
        hint = self._hint()
        for n, line in enumerate(wrap(hint, m.small_font, parts["hints"].w)[:2]):
            text = m.small_font.render(
                elide_end(line, m.small_font, parts["hints"].w), True, style.DIM
            )
            y = parts["hints"].y + n * m.small_font.get_linesize()
            surface.blit(text, (parts["hints"].centerx - text.get_width() // 2, y))
        f = m.text_font
        usable = self.editing or bool(self.listing.rows)
        style.button(surface, parts["open"], _("Open"), f, selected=True, enabled=usable)
        style.button(surface, parts["close"], _("Close"), f)

    def _draw_header(self, surface, m, area: pygame.Rect, columns) -> None:
        f = m.small_font
        for n, ((x, w), title) in enumerate(zip(columns, self.headers, strict=True)):
            text = f.render(elide_end(title, f, w), True, style.DIM)
            left = x if n == 0 else x + w - text.get_width()
            surface.blit(text, (left, area.y))

    def _draw_row(self, surface, m, rect: pygame.Rect, columns, cells, index: int) -> None:
        if index == self.selected and not self.editing:
            band = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(band, style.ROW_SELECTED, band.get_rect(), border_radius=m.unit // 3)
            surface.blit(band, rect)
        f = m.text_font
        usable = self.listing.rows[index].usable()
        colour = style.TEXT if usable else style.DIM
        for n, ((x, w), cell) in enumerate(zip(columns, cells, strict=False)):
            name = n == 0 and not usable  # a file's name: its start and its end tell it
            fitted = elide_middle(cell, f, w) if name else elide_end(cell, f, w)
            if not fitted:
                continue
            text = f.render(fitted, True, colour)
            left = x if n == 0 else x + w - text.get_width()
            surface.blit(text, (left, rect.y + (rect.h - text.get_height()) // 2))

    def _draw_scrollbar(self, surface, m, area: pygame.Rect) -> None:
        """More rows than shown: a thin bar in the margin says how many and where."""
        total, visible = len(self.listing.rows), self._visible()
        if total <= visible:
            return
        rows_h = visible * self._row_height(m)
        h = max(m.unit, rows_h * visible // total)
        y = area.y + (rows_h - h) * self.top // max(1, total - visible)
        bar = pygame.Rect(area.right + m.pad // 3, y, max(3, m.unit // 5), h)
        pygame.draw.rect(surface, style.DIM, bar, border_radius=bar.w // 2)

    def _draw_notes(self, surface, m, area: pygame.Rect) -> None:
        """Under the list: what the last Enter or Tab said, else the chosen file's name and
        what it is (or why it cannot be opened), else why the list is empty."""
        f = m.small_font
        colour = style.DIM
        if self.message:
            lines, colour = _two_lines(self.message, f, area.w), style.TITLE
        elif self.listing.rows and not self.editing:
            row = self.listing.rows[self.selected]
            last = self.selected == len(self.listing.rows) - 1 and self.listing.note
            if not row.usable():  # the problem names the file
                lines = _two_lines(row.note(), f, area.w)
            else:
                note = self.listing.note if last else row.note()
                lines = [elide_middle(row.name, f, area.w), note]
        else:
            lines = _two_lines(self.listing.note, f, area.w)
        for n, line in enumerate(lines):
            text = f.render(elide_end(line, f, area.w), True, colour)
            surface.blit(
                text, (area.centerx - text.get_width() // 2, area.y + n * f.get_linesize())
            )

    def _hint(self) -> str:
        if self.editing:
            return _("Tab completes a name, Enter opens the file or folder, Esc back to the list")
        return _(
            "\u2191\u2193 choose, Enter opens, Backspace: the folder above, "
            "Tab or / to type a path, Esc closes"
        )


def _two_lines(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """``text`` wrapped in at most two lines, the second cut short with "…" if need be."""
    lines = wrap(text, f, width)
    if len(lines) > 2:
        lines = [lines[0], elide_end(" ".join(lines[1:]), f, width)]
    return lines
