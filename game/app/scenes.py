"""The scene stack: the table at the bottom, menus, pages and dialogs pushed over it.

The top scene gets the input. Drawing: the table draws itself (only what changed); an
overlay draws over a shaded picture of the table, made once when it opens (or when the
window changes), and again only when it says it changed.
"""

from __future__ import annotations

import pygame

from game.view.table import TableScene
from game.view.widgets.base import Overlay
from game.view.widgets.style import shade


class SceneStack:
    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.overlays: list[Overlay] = []
        self._backdrop: pygame.Surface | None = None
        self._drawn: tuple | None = None  # (overlay, its version) whose picture is on screen

    @property
    def top(self) -> TableScene | Overlay:
        return self.overlays[-1] if self.overlays else self.table

    def push(self, overlay: Overlay) -> None:
        self.table.pointer.cancel()
        self.table.motion.finish()  # the backdrop shows the table at rest
        self.overlays.append(overlay)
        overlay.refresh()

    def pop(self) -> None:
        if self.overlays:
            self.overlays.pop()
        self._after_change()

    def replace(self, overlay: Overlay) -> None:
        if self.overlays:
            self.overlays.pop()
        self.push(overlay)

    def clear(self) -> None:
        self.overlays.clear()
        self._after_change()

    def _after_change(self) -> None:
        if self.overlays:
            self.overlays[-1].refresh()
        else:
            self.table.invalidate()

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)
        self._backdrop = None
        for overlay in self.overlays:
            overlay.resize(size)

    def refresh(self) -> None:
        """Something shown may have changed (settings, statistics): draw again; the table
        under a menu too, as the backdrop shows it."""
        self._backdrop = None
        if self.overlays:
            self.overlays[-1].refresh()

    def exposed(self) -> None:
        """The window was covered or restored: draw everything again."""
        self.table.invalidate()
        self.refresh()

    # -- the loop's part ----------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        return self.top.idle

    def next_timer(self) -> float | None:
        return self.top.next_timer()

    def update(self, dt: float) -> None:
        self.top.update(dt)

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> list | None:
        top = self.top
        if top is self.table:
            self._drawn = None
            return self.table.draw(surface, alpha)
        size = surface.get_size()
        fresh = self._backdrop is None or self._backdrop.get_size() != size
        if fresh:
            self.table.invalidate()
            self.table.draw(surface, 1.0)
            self._backdrop = shade(surface)
        if not fresh and self._drawn == (top, top.version):
            return []
        surface.blit(self._backdrop, (0, 0))
        top.draw(surface)
        self._drawn = (top, top.version)
        return None
