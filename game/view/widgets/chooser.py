"""The game chooser: every game as a tile (a picture of its table as dealt, its name, one
line on it, the player's record), in groups under headings, columns by the window's width.

Typing filters the tiles by name; the arrows, Page Up/Down, Home/End and the mouse choose
one; Enter or a click plays it; F1 opens its rules; the wheel scrolls; Esc closes. What
each tile is and what choosing it does are the app's (``Tile``); this widget lays the
tiles out, draws them and reads the keys and the mouse. A tile's picture is asked for
only once the tile is in view, one a frame: the chooser opens at once, and the pictures
come in as the rows scroll into view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.i18n import _

from ..elide import ELLIPSIS
from ..intents import CloseScene, Intent
from ..text import wrap
from . import style
from .base import Overlay

PICTURE_SHAPE = 0.55  # a picture's height to its width (a table is wider than tall)
NAME_LINES = 2  # at most; a longer name ends with "…" at a word
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
        keys = [t.key for t in self.shown()]
        if selected in keys:
            self.selected = keys.index(selected)
        self._keep_in_view()

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
        """(columns, a tile's width, the gap between tiles)."""
        gap = m.pad // 2
        columns = max(1, (width + gap) // (m.unit * 10 + gap))
        return columns, (width - gap * (columns - 1)) // columns, gap

    def _tile_parts(self, m: style.Metrics, tile_w: int) -> tuple[int, int, int, int]:
        """(inner padding, picture height, name lines, about lines) for tiles this wide:
        every tile as tall as the tallest needs (a grid's rows line up)."""
        inner = max(3, m.unit // 3)
        text_w = tile_w - 2 * inner
        tiles = [t for g in self.groups for t in g.tiles]
        names = max((len(wrap(t.name, m.heading_font, text_w)) for t in tiles), default=1)
        about = max((len(wrap(t.about, m.small_font, text_w)) for t in tiles), default=1)
        return inner, int(text_w * PICTURE_SHAPE), min(names, NAME_LINES), min(about, ABOUT_LINES)

    def _tile_height(self, m: style.Metrics, tile_w: int) -> int:
        inner, picture_h, names, about = self._tile_parts(m, tile_w)
        lines = names * m.heading_font.get_linesize()
        lines += (about + 1) * m.small_font.get_linesize()
        return inner + picture_h + inner // 2 + lines + inner

    def _grid(self) -> tuple[list[_Placed], int]:
        """Where each heading and tile goes in the grid (unscrolled), and its full height."""
        m = self.metrics()
        area = self.grid_rect()
        key = (self.size, m.unit, area.size, self.typed)
        if self._grid_cache is not None and self._grid_cache[0] == key:
            return self._grid_cache[1]
        columns, tile_w, gap = self._columns(m, area.w)
        tile_h = self._tile_height(m, tile_w)
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

    def _footer_rows(self, m: style.Metrics, rect: pygame.Rect) -> list[list]:
        """The footer's parts in rows that fit the panel (a narrow window takes two)."""
        f = m.small_font
        rows: list[list] = [[]]
        used = 0
        for label, action in self._parts():
            w = f.size(label)[0] + m.pad
            if rows[-1] and used + m.pad + w > rect.w - 2 * m.pad:
                rows.append([])
                used = 0
            used += (m.pad if rows[-1] else 0) + w
            rows[-1].append((label, action, w))
        return rows

    def _footer_height(self, m: style.Metrics, rect: pygame.Rect) -> int:
        rows = self._footer_rows(m, rect)
        return len(rows) * (m.small_font.get_linesize() + m.pad // 2) + m.pad

    def footer(self) -> list[tuple[pygame.Rect, str, Intent | str | None]]:
        m = self.metrics()
        rect = self.panel_rect()
        line_h = m.small_font.get_linesize() + m.pad // 4
        y = rect.bottom - self._footer_height(m, rect) + m.pad // 2
        out = []
        for row in self._footer_rows(m, rect):
            total = sum(w for _l, _a, w in row) + m.pad * (len(row) - 1)
            x = rect.x + (rect.w - total) // 2
            for label, action, w in row:
                out.append((pygame.Rect(x, y, w, line_h), label, action))
                x += w + m.pad
            y += m.small_font.get_linesize() + m.pad // 2
        return out

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
        if event.type == pygame.TEXTINPUT:
            return []  # KEYDOWN carries the text
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
        return self._tile_height(m, tile_w) + gap

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

    def _keep_in_view(self) -> None:
        """Scroll so the chosen tile is wholly in view (its group's heading too, for the
        first row of a group)."""
        placed, _height = self._grid()
        area_h = self.grid_rect().h
        index = next((n for n, p in enumerate(placed) if p.index == self.selected), None)
        if index is None:
            self._scroll_to(self.scroll)
            return
        rect = placed[index].rect
        top = rect.y
        if index > 0 and placed[index - 1].heading and rect.y - placed[index - 1].rect.bottom < 2:
            top = placed[index - 1].rect.y
        if top < self.scroll:
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

    # -- the pictures, one a frame ----------------------------------------------------------

    def _picture_size(self) -> tuple[int, int]:
        m = self.metrics()
        _columns, tile_w, _gap = self._columns(m, self.grid_rect().w)
        inner, picture_h, _names, _about = self._tile_parts(m, tile_w)
        return tile_w - 2 * inner, picture_h

    def missing_pictures(self) -> list[Tile]:
        """The tiles in view whose picture is not drawn yet."""
        size = self._picture_size()
        return [t for t, _r in self.visible_tiles() if (t.key, size) not in self._pictures]

    @property
    def idle(self) -> bool:
        return not self.missing_pictures()

    def update(self, dt: float) -> None:
        missing = self.missing_pictures()
        if missing:
            size = self._picture_size()
            self._pictures[(missing[0].key, size)] = missing[0].picture(size)
            self.refresh()

    # -- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics()
        rect = self.panel_rect()
        self._draw_field(surface, m, self._field_rect(m, rect))
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
                self._draw_tile(surface, m, tiles[p.index], box, p.index == self.selected, area)
        surface.set_clip(None)
        if self.furthest():  # where the list stands: a bar along the grid's right edge
            self._draw_scroll_bar(surface, m, area)
        for box, label, action in self.footer():
            if action is not None:
                pygame.draw.rect(surface, style.PANEL_EDGE, box, 1, border_radius=m.unit // 4)
            text = m.small_font.render(label, True, style.TEXT if action else style.DIM)
            surface.blit(text, text.get_rect(center=box.center))

    def _draw_field(self, surface: pygame.Surface, m: style.Metrics, box: pygame.Rect) -> None:
        pygame.draw.rect(surface, (0, 0, 0), box, border_radius=m.unit // 4)
        pygame.draw.rect(surface, style.TITLE, box, 1, border_radius=m.unit // 4)
        f = m.text_font
        if self.typed:
            text = f.render(self.typed + "\u2502", True, style.TITLE)
        else:
            text = f.render(_("Find a game: type its name"), True, style.DIM)
        room = box.w - m.pad
        if text.get_width() > room:  # the end is where one types
            text = text.subsurface((text.get_width() - room, 0, room, text.get_height()))
        surface.blit(text, (box.x + m.pad // 2, box.y + (box.h - text.get_height()) // 2))

    def _draw_tile(self, surface, m: style.Metrics, tile: Tile, box, selected, area) -> None:
        inner, picture_h, names, about = self._tile_parts(m, box.w)
        band = pygame.Surface(box.size, pygame.SRCALPHA)
        fill = style.ROW_SELECTED if selected else style.ROW_HOVER
        pygame.draw.rect(band, fill, band.get_rect(), border_radius=m.unit // 3)
        surface.blit(band, box)
        edge = style.TITLE if selected else style.PANEL_EDGE
        pygame.draw.rect(surface, edge, box, 2 if selected else 1, border_radius=m.unit // 3)
        size = (box.w - 2 * inner, picture_h)
        picture = self._pictures.get((tile.key, size))
        spot = pygame.Rect(box.x + inner, box.y + inner, *size)
        if picture is not None:
            surface.blit(picture, spot)
        else:  # drawn in a frame or two
            pygame.draw.rect(surface, (24, 84, 48), spot)
        text_w = box.w - 2 * inner
        heading, small = m.heading_font, m.small_font
        name = _lines(tile.name, heading, text_w, names)
        about_y = spot.bottom + inner // 2 + len(name) * heading.get_linesize()
        record_y = box.bottom - inner - small.get_linesize()  # the record at the foot
        blocks = [
            (spot.bottom + inner // 2, heading, style.TITLE, name),
            (about_y, small, style.TEXT, _lines(tile.about, small, text_w, about)),
            (record_y, small, style.DIM, [_fit(tile.record, small, text_w)]),
        ]
        for top, f, colour, lines in blocks:
            for n, line in enumerate(lines):
                text = f.render(line, True, colour)
                where = pygame.Rect(box.x + inner, top + n * f.get_linesize(), *text.get_size())
                if area.contains(where):  # a line half in view is not drawn: never cut
                    surface.blit(text, where)

    def _draw_scroll_bar(self, surface, m: style.Metrics, area: pygame.Rect) -> None:
        _placed, height = self._grid()
        track = pygame.Rect(area.right + m.pad // 4, area.y, max(3, m.pad // 4), area.h)
        if track.right > self.panel_rect().right - 2:
            return
        thumb_h = max(m.unit, area.h * area.h // max(1, height))
        thumb_y = area.y + (area.h - thumb_h) * self.scroll // max(1, self.furthest())
        pygame.draw.rect(surface, style.DISABLED, track, border_radius=track.w // 2)
        thumb = pygame.Rect(track.x, thumb_y, track.w, thumb_h)
        pygame.draw.rect(surface, style.PANEL_EDGE, thumb, border_radius=track.w // 2)


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
