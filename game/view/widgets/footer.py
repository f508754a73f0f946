"""A panel's foot: its buttons (a label, and what pressing it does) in centred rows that
fit the panel, a narrow window taking two. The rules and statistics pages and the game
chooser put theirs there."""

from __future__ import annotations

import pygame

from . import style

Part = tuple[str, object]  # (label, what pressing it does; None: words only, drawn faint)


def footer_rows(parts: list[Part], m: style.Metrics, width: int) -> list[list]:
    """The parts in rows that fit a panel ``width`` wide: (label, action, button width)."""
    f = m.small_font
    rows: list[list] = [[]]
    used = 0
    for label, action in parts:
        w = f.size(label)[0] + m.pad
        if rows[-1] and used + m.pad + w > width - 2 * m.pad:
            rows.append([])
            used = 0
        used += (m.pad if rows[-1] else 0) + w
        rows[-1].append((label, action, w))
    return rows


def footer_height(rows: list[list], m: style.Metrics) -> int:
    return len(rows) * (m.small_font.get_linesize() + m.pad) + m.pad // 2


def footer_boxes(rows: list[list], m: style.Metrics, panel: pygame.Rect, top: int) -> list:
    """Where each button goes, rows from ``top``: (box, label, action)."""
    line_h = m.small_font.get_linesize() + m.pad // 2
    out = []
    y = top + m.pad // 2
    for row in rows:
        total = sum(w for _l, _a, w in row) + m.pad * (len(row) - 1)
        x = panel.x + (panel.w - total) // 2
        for label, action, w in row:
            out.append((pygame.Rect(x, y, w, line_h), label, action))
            x += w + m.pad
        y += line_h + m.pad // 2
    return out


def draw_footer(surface: pygame.Surface, boxes: list, m: style.Metrics) -> None:
    """A button is outlined; words only are drawn faint."""
    for box, label, action in boxes:
        if action is not None:
            pygame.draw.rect(surface, style.PANEL_EDGE, box, 1, border_radius=m.unit // 4)
        text = m.small_font.render(label, True, style.TEXT if action else style.DIM)
        surface.blit(text, text.get_rect(center=box.center))
