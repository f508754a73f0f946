"""The game chooser: every game as a tile (a picture of its table as dealt, its name, one
line on it, the player's record), in groups under headings, columns by the window's width.

Typing filters the tiles by name; the arrows, Page Up/Down, Home/End and the mouse choose
one; Enter or a click plays it; F1 opens its rules; the wheel scrolls; Esc closes. What
each tile is and does is the app's (``Tile``); this widget lays the tiles out, draws them
and reads the keys and the mouse. A tile's picture is asked for once the tile is in view,
a few a frame: the chooser opens at once, the pictures come in as the rows scroll in.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pygame

from game.i18n import _

from ..intents import CloseScene, Intent
from ..text import wrap
from . import style
from .base import Overlay
from .field import draw_line
from .footer import draw_footer, footer_boxes, footer_height, footer_rows
from .tile import Group, Tile, TileShape, draw_tile, tile_columns, tile_shape

PICTURE_SHARE = 0.008  # seconds of a frame for drawing pictures (at least one is drawn)


@dataclass(frozen=True)
class _Placed:
    """Where a heading or a tile goes, in the grid's own coordinates (scrolled)."""

    rect: pygame.Rect
    heading: str = ""
    index: int = -1  # the tile's index among those shown, for a tile


class ChooserPanel(Overlay):
    def __init__(
        self,
        title: str,
        groups: list[Group],
        size,
        selected: str = "",
        leaving: tuple[Intent, ...] = (),
    ) -> None:
        """``selected``: the key of the tile chosen on opening; ``leaving``: what follows
        whenever the chooser is left (a game chosen, or closed)."""
        super().__init__(title, size)
        self.groups = groups
        self.leaving = leaving
        self.typed = ""  # the filter
        self.scroll = 0  # pixels of the grid scrolled past
        self.selected = 0  # index among the tiles shown
        self._pictures: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self._grid_cache: tuple | None = None
        self._shapes: dict[tuple[int, int], TileShape] = {}
        keys = [t.key for t in self.shown()]
        if selected in keys:
            self.selected = keys.index(selected)
        self._keep_in_view(opening=True)

    # -- what is shown -------------------------------------------------------------------------

    def shown_groups(self) -> list[Group]:
        """The groups with the tiles whose name holds what was typed (any case)."""
        wanted = self.typed.casefold().strip()
        out = []
        for group in self.groups:
            tiles = tuple(t for t in group.tiles if wanted in t.name.casefold())
            if tiles:
                out.append(Group(group.heading, tiles))
        return out

    def shown(self) -> list[Tile]:
        return [tile for group in self.shown_groups() for tile in group.tiles]

    @property
    def chosen(self) -> Tile | None:
        tiles = self.shown()
        return tiles[self.selected] if 0 <= self.selected < len(tiles) else None

    # -- sizes -----------------------------------------------------------------------------------

    def panel_size(self, m: style.Metrics) -> tuple[int, int]:
        sw, sh = self.size
        return min(sw - 2 * m.pad, m.unit * 76), sh - 2 * m.pad

    def _field_rect(self, m: style.Metrics, rect: pygame.Rect) -> pygame.Rect:
        top = rect.y + self.title_height(m) - m.pad // 2
        return pygame.Rect(rect.x + m.pad, top, rect.w - 2 * m.pad, int(m.unit * 1.9))

    def grid_rect(self) -> pygame.Rect:
        """The scrolled part of the panel: the headings and the tiles."""
        m = self.metrics()
        rect = self.panel_rect()
        top = self._field_rect(m, rect).bottom + m.pad // 2
        bottom = rect.bottom - self._footer_height(m, rect)
        return pygame.Rect(rect.x + m.pad, top, rect.w - 2 * m.pad, max(1, bottom - top))

    def _columns(self, m: style.Metrics, width: int) -> tuple[int, int, int]:
        return tile_columns(self._all(), m, width)

    def _shape(self, m: style.Metrics, tile_w: int) -> TileShape:
        """Every tile as tall as the tallest needs (a grid's rows line up)."""
        key = (m.unit, tile_w)
        if key not in self._shapes:
            self._shapes[key] = tile_shape(self._all(), m, tile_w)
        return self._shapes[key]

    def _all(self) -> list[Tile]:
        return [t for g in self.groups for t in g.tiles]

    def _grid(self) -> tuple[list[_Placed], int]:
        """Where each heading and tile goes in the grid (unscrolled), and its full height."""
        m = self.metrics()
        area = self.grid_rect()
        key = (self.size, m.unit, area.size, self.typed)
        if self._grid_cache is not None and self._grid_cache[0] == key:
            return self._grid_cache[1]
        columns, tile_w, gap = self._columns(m, area.w)
        tile_h = self._shape(m, tile_w).height
        heading_h = m.heading_font.get_linesize() + m.pad // 2
        placed: list[_Placed] = []
        y, index = 0, 0
        for group in self.shown_groups():
            placed.append(_Placed(pygame.Rect(0, y, area.w, heading_h), heading=group.heading))
            y += heading_h
            for n, _tile in enumerate(group.tiles):
                column = n % columns
                if n and not column:
                    y += tile_h + gap
                rect = pygame.Rect(column * (tile_w + gap), y, tile_w, tile_h)
                placed.append(_Placed(rect, index=index))
                index += 1
            y += tile_h + m.pad
        result = (placed, max(0, y - m.pad // 2))
        self._grid_cache = (key, result)
        return result

    def furthest(self) -> int:
        placed, height = self._grid()
        return max(0, height - self.grid_rect().h)

    def tile_rects(self) -> list[tuple[Tile, pygame.Rect]]:
        """Each tile shown and where it is on screen now (scrolled; maybe out of view)."""
        area = self.grid_rect()
        tiles = self.shown()
        placed, _height = self._grid()
        return [
            (tiles[p.index], p.rect.move(area.x, area.y - self.scroll))
            for p in placed
            if p.index >= 0
        ]

    def visible_tiles(self) -> list[tuple[Tile, pygame.Rect]]:
        area = self.grid_rect()
        return [(t, r) for t, r in self.tile_rects() if r.colliderect(area)]

    # -- the footer ------------------------------------------------------------------------------

    def _parts(self) -> list[tuple[str, Intent | str | None]]:
        chosen = self.chosen
        return [
            (_("Enter  Play"), "play" if chosen else None),
            (_("F1  Rules"), chosen.rules if chosen else None),
            (_("Esc  Close"), CloseScene()),
        ]

    def _footer_height(self, m: style.Metrics, rect: pygame.Rect) -> int:
        return footer_height(footer_rows(self._parts(), m, rect.w), m)

    def footer(self) -> list[tuple[pygame.Rect, str, Intent | str | None]]:
        m = self.metrics()
        rect = self.panel_rect()
        top = rect.bottom - self._footer_height(m, rect)
        return footer_boxes(footer_rows(self._parts(), m, rect.w), m, rect, top)

    # -- input ------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        intents = self._read(event)
        if self.leaving and any(
            isinstance(it, CloseScene) or it in self._choices() for it in intents
        ):
            return [*intents, *self.leaving]
        return intents

    def _choices(self) -> list[Intent]:
        return [tile.choose for group in self.groups for tile in group.tiles]

    def _read(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.TEXTINPUT:  # text with no key of its own (App says which)
            self._filter(self.typed + "".join(c for c in event.text if c.isprintable()))
            return []
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_to(self.scroll - event.y * self.metrics().unit * 3)
            return []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return []  # the wheel: MOUSEWHEEL has it
        if event.type == pygame.MOUSEMOTION:
            hit = self._tile_at(event.pos)
            if hit is not None and hit != self.selected:
                self.selected = hit
                self.refresh()
            return []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for box, _label, action in self.footer():
                if box.collidepoint(event.pos):
                    return self._act(action)
            hit = self._tile_at(event.pos)
            if hit is not None:
                self.selected = hit
                return self._act("play")
            if self.panel_rect().collidepoint(event.pos):
                return []
        return super().handle(event)

    def _tile_at(self, pos) -> int | None:
        if not self.grid_rect().collidepoint(pos):
            return None
        for index, (_tile, rect) in enumerate(self.tile_rects()):
            if rect.collidepoint(pos):
                return index
        return None

    def _act(self, action: Intent | str | None) -> list[Intent]:
        chosen = self.chosen
        if action == "play":
            return [chosen.choose] if chosen is not None else []
        return [action] if action is not None else []

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        key = event.key
        chosen = self.chosen
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._act("play")
        if key == pygame.K_F1:
            return [chosen.rules] if chosen is not None else []
        if key == pygame.K_ESCAPE:
            return [CloseScene()]
        if key == pygame.K_BACKSPACE:
            self._filter(self.typed[:-1])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._select(self.selected + (1 if key == pygame.K_RIGHT else -1))
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self._select(self._vertical(1 if key == pygame.K_DOWN else -1))
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            rows = max(1, self.grid_rect().h // self._row_step())
            self._select(self._vertical(rows if key == pygame.K_PAGEDOWN else -rows))
        elif key == pygame.K_HOME:
            self._select(0)
        elif key == pygame.K_END:
            self._select(len(self.shown()) - 1)
        elif event.unicode and event.unicode.isprintable() and not event.mod & pygame.KMOD_CTRL:
            if event.unicode != " " or self.typed:  # a space only between words
                self._filter(self.typed + event.unicode)
        return []

    def _row_step(self) -> int:
        m = self.metrics()
        _columns, tile_w, gap = self._columns(m, self.grid_rect().w)
        return self._shape(m, tile_w).height + gap

    def _vertical(self, rows: int) -> int:
        """The tile ``rows`` rows below (above) the chosen one, in its column or the
        nearest: rows are counted as they stand on screen, across the groups."""
        rects = [r for _t, r in self.tile_rects()]
        if not rects:
            return 0
        tops = sorted({r.y for r in rects})
        here = rects[self.selected] if 0 <= self.selected < len(rects) else rects[0]
        row = max(0, min(len(tops) - 1, tops.index(here.y) + rows))
        in_row = [(abs(r.x - here.x), n) for n, r in enumerate(rects) if r.y == tops[row]]
        return min(in_row)[1]

    def _select(self, index: int) -> None:
        count = len(self.shown())
        self.selected = max(0, min(count - 1, index)) if count else 0
        self._keep_in_view()
        self.refresh()

    def _filter(self, typed: str) -> None:
        before = self.chosen
        self.typed = typed
        tiles = self.shown()
        keys = [t.key for t in tiles]
        self.selected = keys.index(before.key) if before is not None and before.key in keys else 0
        self.scroll = 0
        self._keep_in_view()
        self.refresh()

    def _keep_in_view(self, opening: bool = False) -> None:
        """Scroll so the chosen tile is wholly in view, its group's heading too in the
        group's first row; ``opening``: its row at the top, if it is not in view at once."""
        placed, _height = self._grid()
        area_h = self.grid_rect().h
        index = next((n for n, p in enumerate(placed) if p.index == self.selected), None)
        if index is None:
            self._scroll_to(self.scroll)
            return
        rect = placed[index].rect
        heading = next(p.rect for p in reversed(placed[:index]) if p.heading)
        top = heading.y if rect.y == heading.bottom else rect.y
        if top < self.scroll or (opening and rect.bottom > self.scroll + area_h):
            self._scroll_to(top)
        elif rect.bottom > self.scroll + area_h:
            self._scroll_to(min(top, rect.bottom - area_h))

    def _scroll_to(self, scroll: int) -> None:
        scroll = max(0, min(self.furthest(), int(scroll)))
        if scroll != self.scroll:
            self.scroll = scroll
            self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self._keep_in_view()

    # -- the pictures, a few a frame --------------------------------------------------------

    def _picture_size(self) -> tuple[int, int]:
        m = self.metrics()
        _columns, tile_w, _gap = self._columns(m, self.grid_rect().w)
        return self._shape(m, tile_w).picture

    def missing_pictures(self) -> list[Tile]:
        """The tiles in view whose picture is not drawn yet."""
        size = self._picture_size()
        return [t for t, _r in self.visible_tiles() if (t.key, size) not in self._pictures]

    @property
    def idle(self) -> bool:
        return not self.missing_pictures()

    def update(self, dt: float) -> None:
        """Pictures for the tiles in view: at least one a frame, more while the frame's
        share lasts (a picture drawn before, and kept by the app, costs nothing)."""
        missing = self.missing_pictures()
        size, started = self._picture_size(), time.perf_counter()
        for tile in missing:
            self._pictures[(tile.key, size)] = tile.picture(size)
            if time.perf_counter() - started > PICTURE_SHARE:
                break
        if missing:
            self.refresh()

    # -- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics()
        rect = self.panel_rect()
        field = self._field_rect(m, rect)
        draw_line(surface, field, m, self.typed, True, _("Find a game: type its name"))
        area = self.grid_rect()
        placed, _height = self._grid()
        tiles = self.shown()
        if not tiles:
            note = _("No game's name holds \u201c{typed}\u201d.").format(typed=self.typed)
            for n, line in enumerate(wrap(note, m.text_font, area.w)):
                text = m.text_font.render(line, True, style.DIM)
                surface.blit(text, (area.x, area.y + n * m.text_font.get_linesize()))
        surface.set_clip(area)
        for p in placed:
            box = p.rect.move(area.x, area.y - self.scroll)
            if not box.colliderect(area):
                continue
            if p.heading:
                text = m.heading_font.render(p.heading, True, style.TITLE)
                if area.contains(pygame.Rect(box.topleft, text.get_size())):
                    surface.blit(text, box.topleft)
            else:
                tile = tiles[p.index]
                shape = self._shape(m, box.w)
                picture = self._pictures.get((tile.key, shape.picture))
                selected = p.index == self.selected
                draw_tile(surface, m, tile, box, shape, selected, area, picture)
        surface.set_clip(None)
        if self.furthest():  # where the list stands: a bar along the grid's right edge
            self._draw_scroll_bar(surface, m, area)
        draw_footer(surface, self.footer(), m)

    def _draw_scroll_bar(self, surface, m: style.Metrics, area: pygame.Rect) -> None:
        track = pygame.Rect(area.right + m.pad // 4, area.y, max(3, m.pad // 4), area.h)
        if track.right <= self.panel_rect().right - 2:
            style.scroll_bar(surface, track, self.scroll, area.h, self._grid()[1])
