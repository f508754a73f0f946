"""The scene stack: the table at the bottom; menus, pages, dialogs and replays over it.

The top scene gets the input. Scenes are of two kinds (``game.view.scene``): *live* ones
draw the whole window themselves, changing only what moved (the table, a replay);
*overlays* (menus, pages, dialogs) are drawn over a shaded picture of the live scene under
them. That picture is cached, and made again whenever the live scene's ``picture()``
changes (a move, the clock, a message, the window): under a panel is always the scene as
it is now. The stack talks to scenes only through that protocol.
"""

from __future__ import annotations

import pygame

from game.view.scene import LiveScene
from game.view.widgets.base import Overlay
from game.view.widgets.style import shade


class SceneStack:
    def __init__(self, table: LiveScene) -> None:
        self.table = table
        self.scenes: list = []  # over the table, bottom first
        self._backdrop: pygame.Surface | None = None
        self._backdrop_of: tuple | None = None  # (live scene, its picture, window size)
        self._drawn: tuple | None = None  # (overlay, its version, backdrop) on screen

    @property
    def top(self):
        return self.scenes[-1] if self.scenes else self.table

    @property
    def live(self) -> LiveScene:
        """The live scene on top, or under the overlays on top."""
        for scene in reversed(self.scenes):
            if not isinstance(scene, Overlay):
                return scene
        return self.table

    def find(self, kind: type):
        """The topmost scene of ``kind``, or None."""
        return next((s for s in reversed(self.scenes) if isinstance(s, kind)), None)

    def push(self, scene) -> None:
        self.live.cover()
        self.scenes.append(scene)
        self._after_change()

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop()
        self._after_change()

    def replace(self, scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def clear(self) -> None:
        """Back to the table (menus closed, a replay left)."""
        self.scenes.clear()
        self._after_change()

    def close_overlays(self) -> None:
        """Close the menus and dialogs, keeping a replay under them."""
        while self.scenes and isinstance(self.scenes[-1], Overlay):
            self.scenes.pop()
        self._after_change()

    def _after_change(self) -> None:
        top = self.top
        if top is self.table:
            self.table.uncover()
        if isinstance(top, Overlay):
            top.refresh()
        else:
            top.invalidate()

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)
        for scene in self.scenes:
            scene.resize(size)
        self._after_change()

    def refresh(self) -> None:
        """Something shown may have changed (settings, statistics, the language): draw
        again, the scene under a menu too."""
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
        """The next change by itself of what is on screen: the scene in front's, and under
        a panel the live scene's too (a message going away changes the backdrop)."""
        waits = [self.top.next_timer()]
        if self.top is not self.live:
            waits.append(self.live.next_timer())
        waits = [w for w in waits if w is not None]
        return min(waits) if waits else None

    def tick(self, seconds: float) -> None:
        """Wall time for what is on screen: the scene in front and the live one under it."""
        self.live.tick(seconds)
        if self.top is not self.live:
            self.top.tick(seconds)

    def update(self, dt: float) -> None:
        self.top.update(dt)

    def backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """The shaded picture of the live scene as it is now (drawn again if it changed)."""
        live = self.live
        key = (live, live.picture(), size)
        if self._backdrop is None or self._backdrop_of != key:
            canvas = pygame.Surface(size)
            live.invalidate()
            live.draw(canvas, 1.0)
            live.invalidate()  # the window itself has not seen that drawing
            self._backdrop = shade(canvas)
            self._backdrop_of = key
        return self._backdrop

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> list | None:
        top = self.top
        if not isinstance(top, Overlay):
            self._drawn = None
            return top.draw(surface, alpha)
        backdrop = self.backdrop(surface.get_size())
        drawn = (top, top.version, backdrop)
        if self._drawn == drawn:
            return []
        surface.blit(backdrop, (0, 0))
        top.draw(surface)
        self._drawn = drawn
        return None
