"""What every menu, page and dialog shares: a panel over the shaded table, closing with
Esc, a right click or a click outside, and input answered with intents.

An overlay is modal: the scene stack hands it every event while it is on top. It works
out where its parts go from the window size alone (``geometry``), for drawing and for
hit testing alike, so drawing changes nothing.
"""

from __future__ import annotations

import pygame

from ..elide import elide_words
from ..intents import CloseScene, Intent
from . import style


def list_steps(page: int) -> dict[int, int]:
    """How far each list key moves a selection or a scroll: a line, a page of ``page``
    lines, or to either end (a step past the end, which the list clamps)."""
    far = 1 << 30
    return {
        pygame.K_UP: -1,
        pygame.K_DOWN: 1,
        pygame.K_PAGEUP: -page,
        pygame.K_PAGEDOWN: page,
        pygame.K_HOME: -far,
        pygame.K_END: far,
    }


class Overlay:
    def __init__(self, title: str, size: tuple[int, int]) -> None:
        self.title = title
        self.size = size
        self.version = 0  # goes up whenever what it shows changes: the stack redraws it

    # -- the scene protocol -----------------------------------------------------------------

    @property
    def idle(self) -> bool:
        return True

    def update(self, dt: float) -> None:
        pass

    def next_timer(self) -> float | None:
        return None

    def tick(self, seconds: float) -> None:
        pass

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            return [CloseScene()]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.panel_rect().collidepoint(event.pos):
                return [CloseScene()]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return [CloseScene()]
        return []

    def refresh(self) -> None:
        """What it shows may have changed: draw it again."""
        self.version += 1

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.refresh()

    # -- drawing --------------------------------------------------------------------------------

    def metrics(self) -> style.Metrics:
        return style.Metrics.for_size(self.size)

    def panel_size(self, m: style.Metrics) -> tuple[int, int]:
        raise NotImplementedError

    def panel_rect(self) -> pygame.Rect:
        m = self.metrics()
        sw, sh = self.size
        w, h = self.panel_size(m)
        w, h = min(w, sw - 2 * m.pad), min(h, sh - 2 * m.pad)
        return pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel with its title; subclasses draw their content over it."""
        m = self.metrics()
        rect = self.panel_rect()
        surface.blit(style.panel(rect.size, m.unit // 2), rect)
        title = m.title_font.render(self.title, True, style.TITLE)
        if title.get_width() > rect.w - 2 * m.pad:  # a long title in a narrow window
            words = elide_words(self.title, m.heading_font, rect.w - 2 * m.pad)
            title = m.heading_font.render(words, True, style.TITLE)
        surface.blit(title, (rect.x + (rect.w - title.get_width()) // 2, rect.y + m.pad))

    def title_height(self, m: style.Metrics) -> int:
        return int(m.unit * 3.4)
