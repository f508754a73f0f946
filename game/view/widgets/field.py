"""A path typed in a line: the cursor at its end, and a long path shown by its end.

A path typed over another replaces it: "/" typed after a separator starts again from the
root, "~" from the home folder (so ".../games/" followed by "/home/ann/x" is "/home/ann/x",
never the two run together).
"""

from __future__ import annotations

import os

import pygame

from ..elide import elide_end, elide_start
from . import style

SEPARATORS = "/" + (os.sep if os.sep != "/" else "") + (os.altsep or "")


class PathField:
    def __init__(self, text: str = "", max_length: int = 4096) -> None:
        self.text = text
        self.max_length = max_length

    def type(self, chars: str) -> None:
        for char in chars:
            if not char.isprintable() or len(self.text) >= self.max_length:
                continue
            if char in SEPARATORS + "~" and self.text[-1:] in SEPARATORS and self.text:
                self.text = ""  # a path of its own begins
            self.text += char

    def erase(self, word: bool = False) -> None:
        """One character back; ``word``: back to the last separator (a folder's name)."""
        if not word:
            self.text = self.text[:-1]
            return
        text = self.text.rstrip(SEPARATORS)
        cut = max(text.rfind(s) for s in SEPARATORS)
        self.text = text[: cut + 1] if cut >= 0 else ""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, m: style.Metrics, focused: bool):
        draw_line(surface, rect, m, self.text, focused)


def draw_line(
    surface: pygame.Surface,
    rect: pygame.Rect,
    m: style.Metrics,
    text: str,
    focused: bool,
    placeholder: str = "",
) -> None:
    """A line one types in: ``text`` with the cursor at its end, a long one shown by its
    end (where one types); ``placeholder``, faint, while nothing is typed."""
    pygame.draw.rect(surface, (0, 0, 0), rect, border_radius=m.unit // 4)
    edge = style.TITLE if focused else style.PANEL_EDGE
    pygame.draw.rect(surface, edge, rect, 2 if focused else 1, border_radius=m.unit // 4)
    f = m.text_font
    room = rect.w - m.pad
    if text or not placeholder:
        cursor = "\u2502" if focused else ""
        shown = elide_start(text + cursor, f, room)  # the end is where one types
        line = f.render(shown, True, style.TITLE if focused else style.TEXT)
    else:
        line = f.render(elide_end(placeholder, f, room), True, style.DIM)
    surface.blit(line, (rect.x + m.pad // 2, rect.y + (rect.h - line.get_height()) // 2))
