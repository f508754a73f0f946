"""A game chooser's tile: a picture of the game's table, its name, one line on it and the
player's record; how wide the tiles of a grid are, how tall, and drawing one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..elide import ELLIPSIS
from ..intents import Intent
from ..text import wrap
from . import style

PICTURE_SHAPE = 0.55  # a picture's height to its width (a table is wider than tall)
NAME_LINES = 2  # at most; a longer name ends with "…" after a whole word
ABOUT_LINES = 4


@dataclass(frozen=True)
class Tile:
    key: str  # unique among the tiles (a variant's id)
    name: str  # in the player's language: what the filter matches
    about: str  # one line on the game
    record: str  # the player's record in it
    choose: Intent  # Enter or a click
    rules: Intent  # F1
    picture: Callable[[tuple[int, int]], pygame.Surface]  # of that size, drawn when in view


@dataclass(frozen=True)
class Group:
    heading: str
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class TileShape:
    """The parts of every tile of a grid, in pixels and lines."""

    inner: int  # padding inside the tile's edge
    picture: tuple[int, int]
    names: int  # lines kept for the name
    about: int  # lines for the line on the game
    height: int


def tile_columns(tiles: list[Tile], m: style.Metrics, width: int) -> tuple[int, int, int]:
    """(columns, a tile's width, the gap between tiles) for a grid ``width`` wide: as many
    columns as leave every record whole on its line."""
    gap = m.pad // 2
    widest = max((m.small_font.size(t.record)[0] for t in tiles), default=0)
    narrowest = max(m.unit * 10, widest + 2 * _inner(m))
    columns = max(1, (width + gap) // (narrowest + gap))
    return columns, (width - gap * (columns - 1)) // columns, gap


def _inner(m: style.Metrics) -> int:
    return max(3, m.unit // 3)


def tile_shape(tiles: list[Tile], m: style.Metrics, tile_w: int) -> TileShape:
    """The shape of tiles ``tile_w`` wide, tall enough for the longest name and line."""
    inner = _inner(m)
    text_w = tile_w - 2 * inner
    names = max((len(wrap(t.name, m.heading_font, text_w)) for t in tiles), default=1)
    about = max((len(wrap(t.about, m.small_font, text_w)) for t in tiles), default=1)
    names, about = min(names, NAME_LINES), min(about, ABOUT_LINES)
    picture = (text_w, int(text_w * PICTURE_SHAPE))
    lines = names * m.heading_font.get_linesize() + (about + 1) * m.small_font.get_linesize()
    return TileShape(inner, picture, names, about, inner + picture[1] + inner // 2 + lines + inner)


def draw_tile(
    surface: pygame.Surface,
    m: style.Metrics,
    tile: Tile,
    box: pygame.Rect,
    shape: TileShape,
    selected: bool,
    area: pygame.Rect,
    picture: pygame.Surface | None,
) -> None:
    """The tile in ``box``; only its lines wholly inside ``area`` (the grid in view) are
    drawn, so no text is ever cut. ``picture``: None while it is not drawn yet."""
    inner = shape.inner
    band = pygame.Surface(box.size, pygame.SRCALPHA)
    fill = style.ROW_SELECTED if selected else style.ROW_HOVER
    pygame.draw.rect(band, fill, band.get_rect(), border_radius=m.unit // 3)
    in_view = box.clip(area)
    surface.blit(band, in_view, in_view.move(-box.x, -box.y))
    edge = style.TITLE if selected else style.PANEL_EDGE
    pygame.draw.rect(surface, edge, box, 2 if selected else 1, border_radius=m.unit // 3)
    spot = pygame.Rect(box.x + inner, box.y + inner, *shape.picture)
    shown = spot.clip(area)  # only what is in view: never over the panel's title or foot
    if picture is not None and shown:
        surface.blit(picture, shown, shown.move(-spot.x, -spot.y))
    else:  # drawn in a frame or two
        pygame.draw.rect(surface, (24, 84, 48), shown)
    text_w = box.w - 2 * inner
    heading, small = m.heading_font, m.small_font
    name = _lines(tile.name, heading, text_w, shape.names)
    about_y = spot.bottom + inner // 2 + len(name) * heading.get_linesize()
    record_y = box.bottom - inner - small.get_linesize()  # the record at the foot
    blocks = [
        (spot.bottom + inner // 2, heading, style.TITLE, name),
        (about_y, small, style.TEXT, _lines(tile.about, small, text_w, shape.about)),
        (record_y, small, style.DIM, [_fit(tile.record, small, text_w)]),
    ]
    for top, f, colour, lines in blocks:
        for n, line in enumerate(lines):
            text = f.render(line, True, colour)
            where = pygame.Rect(box.x + inner, top + n * f.get_linesize(), *text.get_size())
            if area.contains(where):
                surface.blit(text, where)


def _lines(text: str, f: pygame.font.Font, width: int, most: int) -> list[str]:
    """``text`` wrapped to ``width``, in at most ``most`` lines: a longer one ends with
    "…" after the last whole word that fits."""
    lines = wrap(text, f, width)
    if len(lines) <= most:
        return lines
    return [*lines[: most - 1], _fit(" ".join(lines[most - 1 :]), f, width)]


def _fit(text: str, f: pygame.font.Font, width: int) -> str:
    """``text``, or as many of its words as fit with "…" after them."""
    if f.size(text)[0] <= width:
        return text
    words = text.split()
    while len(words) > 1 and f.size(" ".join(words) + ELLIPSIS)[0] > width:
        words.pop()
    return " ".join(words).rstrip(",;:") + ELLIPSIS
