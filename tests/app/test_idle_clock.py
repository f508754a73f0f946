"""At rest, the clock's tick repaints the clock alone: its own rectangle is all that
changes on screen, and the screen then is what a whole redraw would show."""

from __future__ import annotations

import pygame
import pytest

from game.engine.commands import Draw

from .app_helpers import make_app, play, settle


@pytest.mark.parametrize("size", ["1280x800", "640x480", "700x1100"])
def test_a_clock_tick_repaints_only_the_clock(tmp_path, size):
    app = make_app(tmp_path, "--windowed", size, "--variant", "klondike", "--seed", "3")
    screen = pygame.display.get_surface()
    app.run(max_frames=1)
    settle(app)
    play(app, Draw())  # the clock runs from the first move
    settle(app)
    assert app.idle and app.next_timer() is not None
    status = app.table.layout.status_rect
    shown = app.table.snapshot().fields[-1].forms
    for _ in range(3):
        app.tick(1.0)
        dirty = app.draw(screen, 1.0)
        assert app.table.snapshot().fields[-1].forms != shown  # the time did change
        shown = app.table.snapshot().fields[-1].forms
        assert dirty, "the tick drew nothing"
        (rect,) = dirty
        assert status.x + status.w // 2 < rect.x and rect.right <= status.right
        assert rect.w < status.w // 4 and status.y <= rect.y and rect.bottom <= status.bottom
    ticked = screen.copy()
    app.table.renderer.full_redraw = True
    assert app.draw(screen, 1.0) is None  # a whole redraw
    assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(ticked, "RGB")


def test_nothing_is_drawn_at_rest_between_ticks(tmp_path):
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "3")
    app.run(max_frames=1)
    settle(app)
    play(app, Draw())
    settle(app)
    app.draw(pygame.display.get_surface(), 1.0)
    app.tick(app.next_timer() / 2)  # within the same second
    assert app.draw(pygame.display.get_surface(), 1.0) == []
