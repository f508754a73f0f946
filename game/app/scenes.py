"""The scene stack: the table at the bottom; menus, pages, dialogs and replays over it.

The top scene gets the input. Scenes are of two kinds: *live* ones draw the whole window
themselves, changing only what moved (the table, a replay); *overlays* (menus, pages,
dialogs) are drawn over a shaded picture of the live scene under them, made once when
they open (or when the window changes), and again only when they say they changed.
"""

from __future__ import annotations

import pygame

from game.view.table import TableScene
from game.view.widgets.base import Overlay
from game.view.widgets.style import shade


class SceneStack:
    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.scenes: list = []  # over the table, bottom first
        self._backdrop: pygame.Surface | None = None
        self._drawn: tuple | None = None  # (overlay, its version) whose picture is on screen

    @property
    def top(self):
        return self.scenes[-1] if self.scenes else self.table

    @property
    def live(self):
        """The live scene on top, or under the overlays on top."""
        for scene in reversed(self.scenes):
            if not isinstance(scene, Overlay):
                return scene
        return self.table

    def find(self, kind: type):
        """The topmost scene of ``kind``, or None."""
        return next((s for s in reversed(self.scenes) if isinstance(s, kind)), None)

    def push(self, scene) -> None:
        live = self.live
        table = getattr(live, "table", live)
        table.pointer.cancel()
        table.motion.finish()  # a backdrop shows the table at rest
        self.scenes.append(scene)
        self._backdrop = None if not isinstance(scene, Overlay) else self._backdrop
        self._after_change()

    def pop(self) -> None:
        if self.scenes:
            gone = self.scenes.pop()
            if not isinstance(gone, Overlay):
                self._backdrop = None
        self._after_change()

    def replace(self, scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def clear(self) -> None:
        """Back to the table (menus closed, a replay left)."""
        self.scenes.clear()
        self._backdrop = None
        self._after_change()

    def close_overlays(self) -> None:
        """Close the menus and dialogs, keeping a replay under them."""
        while self.scenes and isinstance(self.scenes[-1], Overlay):
            self.scenes.pop()
        self._after_change()

    def _after_change(self) -> None:
        top = self.top
        if isinstance(top, Overlay):
            top.refresh()
        else:
            top.invalidate()

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)
        self._backdrop = None
        for scene in self.scenes:
            scene.resize(size)

    def refresh(self) -> None:
        """Something shown may have changed (settings, statistics): draw again; the scene
        under a menu too, as the backdrop shows it."""
        self._backdrop = None
        self._after_change()

    def exposed(self) -> None:
        """The window was covered or restored: draw everything again."""
        self.live.invalidate()
        self.refresh()

    # -- the loop's part ----------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        return self.top.idle

    def next_timer(self) -> float | None:
        return self.top.next_timer()

    def tick(self, seconds: float) -> None:
        """Wall time for the scene in front (and the table's messages under a menu)."""
        if self.live is not self.table:
            self.live.tick(seconds)
        self.table.tick(seconds)

    def update(self, dt: float) -> None:
        self.top.update(dt)

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> list | None:
        top = self.top
        if not isinstance(top, Overlay):
            self._drawn = None
            return top.draw(surface, alpha)
        size = surface.get_size()
        fresh = self._backdrop is None or self._backdrop.get_size() != size
        if fresh:
            live = self.live
            live.invalidate()
            live.draw(surface, 1.0)
            self._backdrop = shade(surface)
        if not fresh and self._drawn == (top, top.version):
            return []
        surface.blit(self._backdrop, (0, 0))
        top.draw(surface)
        self._drawn = (top, top.version)
        return None
