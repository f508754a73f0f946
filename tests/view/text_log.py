"""Where every piece of text lands on screen, to check that text fits: none drawn over
other text, none cut by a panel's edge or the window's.

While a ``TextLog`` is active, pygame's surface and font types are replaced by subclasses
that take notes: each rendered text surface is remembered with its words, and each
``blit`` and ``fill`` with what it drew where. A text reaches the screen through the
surfaces it was drawn on (a line onto a message box, the box onto the screen); following
those notes gives its place on screen. Only the glyphs count (the rendered line's box of
visible pixels), not the font's line spacing. A later opaque blit or fill over a text
hides it (a menu panel over the table, the felt repainted under a moved label).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.view import card_art
from game.view.text import SafeFont

OPAQUE = 200  # alpha from which a panel hides what is under it


@dataclass(frozen=True)
class Placed:
    text: str
    rect: pygame.Rect  # the glyphs' box, on the surface the text was followed to
    cut: bool  # part of the glyphs fell outside a surface (or under a panel) on the way


class TextLog:
    def __init__(self, monkeypatch) -> None:
        self.texts: dict[int, tuple[str, pygame.Surface]] = {}
        self.ops: dict[int, list[tuple]] = {}  # id(target) -> its blits and fills, in order
        self.kept: list[pygame.Surface] = []  # every noted surface stays alive: ids stay theirs
        log = self
        base_surface, base_font = pygame.Surface, SafeFont  # the fonts card_art.font makes

        class NotedSurface(base_surface):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                log.kept.append(self)

            def copy(self):
                # A noting copy, that remembers what was drawn on the original.
                twin = noted(self)
                log.ops[id(twin)] = list(log.ops.get(id(self), []))
                return twin

            def convert_alpha(self, *args):
                return self.copy()

            def convert(self, *args):
                return self.copy()

            def blit(self, source, dest, area=None, special_flags=0):
                log.ops.setdefault(id(self), []).append(("blit", source, _topleft(dest), area))
                return base_surface.blit(self, source, dest, area, special_flags)

            def fill(self, color, rect=None, special_flags=0):
                region = pygame.Rect(rect) if rect is not None else self.get_rect()
                colour = pygame.Color(color)
                opaque = special_flags == 0 and (
                    colour.a >= OPAQUE or not self.get_flags() & pygame.SRCALPHA
                )
                log.ops.setdefault(id(self), []).append(("fill", opaque, region))
                return base_surface.fill(self, color, rect, special_flags)

        class NotedFont(base_font):
            def render(self, text, antialias, color, bgcolor=None, wraplength=0):
                surface = base_font.render(self, text, antialias, color, bgcolor, wraplength)
                log.texts[id(surface)] = (text, surface)  # the entry keeps it alive
                return surface

        def noted(surface):
            """A noting twin of ``surface``, pixel for pixel."""
            alpha = surface.get_flags() & pygame.SRCALPHA
            twin = NotedSurface(surface.get_size(), alpha, 32 if alpha else surface.get_bitsize())
            if alpha:
                base_surface.fill(twin, (0, 0, 0, 0))
                base_surface.blit(twin, surface, (0, 0), None, pygame.BLEND_RGBA_ADD)
            else:
                base_surface.blit(twin, surface, (0, 0))
            return twin

        def noting(transform):
            # A scaled picture is a new one: what was drawn on it is not followed.
            return lambda *args, **kwargs: noted(transform(*args, **kwargs))

        self.surface_type = NotedSurface
        for name in ("smoothscale", "scale", "rotate", "flip", "rotozoom"):
            monkeypatch.setattr(pygame.transform, name, noting(getattr(pygame.transform, name)))
        monkeypatch.setattr(pygame, "Surface", NotedSurface)
        monkeypatch.setattr(card_art, "SafeFont", NotedFont)
        card_art.font.cache_clear()  # fonts made before would not take notes
        monkeypatch.setattr(card_art, "font", card_art.font.__wrapped__)

    def screen(self, size: tuple[int, int]) -> pygame.Surface:
        """A surface standing for the window, to draw one frame onto."""
        return self.surface_type(size)

    def placed(self, surface: pygame.Surface, depth: int = 0) -> list[Placed]:
        """The texts visible on ``surface``: drawn on it, directly or through other
        surfaces, and not painted over since."""
        entry = self.texts.get(id(surface))
        if entry is not None and entry[1] is surface:
            return [Placed(entry[0], surface.get_bounding_rect(), False)]
        if depth > 5:
            return []
        bounds = surface.get_rect()
        visible: list[Placed] = []
        for op in self.ops.get(id(surface), []):
            if op[0] == "fill":
                _, opaque, region = op
                if opaque:
                    visible = _uncover(visible, region)
                continue
            _, source, dest, area = op
            if id(source) not in self.texts and _opaque_at(source, area):
                drawn = pygame.Rect(dest, pygame.Rect(area).size if area else source.get_size())
                visible = _uncover(visible, drawn)
            for text in self.placed(source, depth + 1):
                rect = text.rect
                if area is not None:
                    area_rect = pygame.Rect(area)
                    shown = rect.clip(area_rect)
                    if not shown.w or not shown.h:
                        continue
                    cut = text.cut or shown != rect
                    rect = shown.move(-area_rect.x, -area_rect.y)
                else:
                    cut = text.cut
                moved = rect.move(dest)
                inside = moved.clip(bounds)
                if inside.w and inside.h:
                    visible.append(Placed(text.text, inside, cut or inside != moved))
        return visible


def _topleft(dest) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect):
        return dest.topleft
    return int(dest[0]), int(dest[1])


def _opaque_at(source: pygame.Surface, area) -> bool:
    """Does this picture hide what is under it? (Its middle is opaque: panels, cards.)"""
    region = pygame.Rect(area) if area is not None else source.get_rect()
    region = region.clip(source.get_rect())
    if not region.w or not region.h:
        return False
    if not source.get_flags() & pygame.SRCALPHA:
        return True
    return source.get_at(region.center).a >= OPAQUE


def _uncover(visible: list[Placed], region: pygame.Rect) -> list[Placed]:
    """The texts left in view after ``region`` is painted over. One wholly or partly under
    it is out of view: a panel over the table, say, hides the table's texts under it (and
    a text drawn on the panel is inside the panel)."""
    return [text for text in visible if not region.colliderect(text.rect)]


def overlapping(placed: list[Placed]) -> list[str]:
    """Pairs of visible texts drawn over each other, as messages."""
    problems = []
    for i, a in enumerate(placed):
        for b in placed[i + 1 :]:
            if a.rect.colliderect(b.rect) and not (a.text == b.text and a.rect == b.rect):
                problems.append(f"{a.text!r} {tuple(a.rect)} over {b.text!r} {tuple(b.rect)}")
    return problems
