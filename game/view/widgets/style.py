"""The game's own look for menus, pages and dialogs: sizes, colours, panels, buttons."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from ..card_art import font

PANEL = (10, 44, 26, 246)
PANEL_EDGE = (214, 186, 104)
TITLE = (255, 228, 150)
TEXT = (236, 240, 228)
DIM = (160, 190, 166)
DISABLED = (96, 118, 100)  # far fainter than DIM: a disabled item must not look enabled
ROW_HOVER = (255, 255, 255, 26)
ROW_SELECTED = (255, 214, 110, 60)
SHADE = (0, 0, 0, 150)


@dataclass(frozen=True)
class Metrics:
    """Sizes scaled to the window, so menus read well from 800x600 to 4K."""

    unit: int

    @classmethod
    def for_size(cls, size: tuple[int, int]) -> Metrics:
        return cls(max(14, min(size[0] // 60, size[1] // 34)))

    @property
    def title_font(self) -> pygame.font.Font:
        return font(int(self.unit * 1.5), bold=True)

    @property
    def heading_font(self) -> pygame.font.Font:
        return font(int(self.unit * 1.1), bold=True)

    @property
    def text_font(self) -> pygame.font.Font:
        return font(self.unit)

    @property
    def small_font(self) -> pygame.font.Font:
        return font(max(11, int(self.unit * 0.8)))

    @property
    def row_height(self) -> int:
        return int(self.unit * 2.0)

    @property
    def pad(self) -> int:
        return self.unit


def shade(surface: pygame.Surface) -> pygame.Surface:
    """A darkened copy of what is on screen, the backdrop of a menu."""
    backdrop = surface.copy()
    backdrop.blit(_veil(backdrop.get_size()), (0, 0))
    return backdrop


@lru_cache(maxsize=2)
def _veil(size: tuple[int, int]) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill(SHADE)
    return veil


def panel(size: tuple[int, int], radius: int) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, PANEL, rect, border_radius=radius)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 2, border_radius=radius)
    return surface


def button(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str,
    f: pygame.font.Font,
    *,
    selected: bool = False,
    enabled: bool = True,
    radius: int = 6,
) -> None:
    """A push button: a filled band when selected, an outline always; a disabled one is
    drawn faint and hollow, so it never looks like it could be pressed."""
    band = pygame.Surface(rect.size, pygame.SRCALPHA)
    if enabled:
        fill = ROW_SELECTED if selected else ROW_HOVER
        pygame.draw.rect(band, fill, band.get_rect(), border_radius=radius)
    surface.blit(band, rect)
    pygame.draw.rect(surface, PANEL_EDGE if enabled else DISABLED, rect, 1, border_radius=radius)
    text = f.render(label, True, TEXT if enabled else DISABLED)
    surface.blit(text, text.get_rect(center=rect.center))


def scroll_bar(surface: pygame.Surface, track: pygame.Rect, first: int, shown: int, total: int):
    """Where a scrolled list stands: a thumb along ``track`` for the ``shown`` of ``total``
    (pixels or lines) from ``first``."""
    thumb_h = max(track.w * 3, track.h * shown // max(1, total))
    thumb_y = track.y + (track.h - thumb_h) * first // max(1, total - shown)
    pygame.draw.rect(surface, DISABLED, track, border_radius=track.w // 2)
    thumb = pygame.Rect(track.x, thumb_y, track.w, thumb_h)
    pygame.draw.rect(surface, PANEL_EDGE, thumb, border_radius=track.w // 2)
