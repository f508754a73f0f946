"""What the scene stack asks of a scene, and nothing more: the stack never reaches inside one.

Two kinds stand on the stack. A *live* scene (the table, a replay) draws the whole window and
holds what it shows: its own game, layout, card art and sprites. An *overlay* (a menu, page
or dialog, ``widgets.base.Overlay``) is drawn over a shaded picture of the live scene under
it; that picture is made again whenever the live scene's ``picture()`` changes, so what shows
under a panel is always the scene as it is now, never as it was when the panel opened.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import pygame

from .intents import Intent


@runtime_checkable
class Scene(Protocol):
    @property
    def idle(self) -> bool:
        """Nothing moves: the loop may sleep until the next input or timer."""
        ...

    def next_timer(self) -> float | None:
        """Seconds until what it shows changes by itself; None when nothing will."""
        ...

    def handle(self, event: pygame.event.Event) -> list[Intent]: ...

    def update(self, dt: float) -> None:
        """Animation, at the loop's fixed step (only the scene in front is updated)."""
        ...

    def tick(self, seconds: float) -> None:
        """Wall time, for its timers."""
        ...

    def resize(self, size: tuple[int, int]) -> None: ...


@runtime_checkable
class LiveScene(Scene, Protocol):
    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> list | None:
        """Draw the frame; the changed rectangles ([] for none, None for all)."""
        ...

    def invalidate(self) -> None:
        """The screen no longer shows this scene (a panel was over it): draw it all next."""
        ...

    def cover(self) -> None:
        """Something is put over it: a drag is let go and moving cards land, so that the
        picture under the panel is the scene at rest, as it will be found again."""
        ...

    def picture(self) -> object:
        """A value, compared with ``==``, that changes whenever the drawing would: the
        stack's cue to draw the backdrop under a panel again."""
        ...
