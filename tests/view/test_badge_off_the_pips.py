"""Issue 37, finding 8: the count badges (Canfield's reserve "13", Lady Jane's reserves
"2") sat on the card faces' pips or index. A badge lies where no face prints anything: the
face under it is blank, for every card, at every size, in the faces drawn there."""

from __future__ import annotations

import pygame
import pytest

from game.engine.cards import CODE
from game.view.card_art import render_face
from game.view.card_styles import face_folder

from .test_reserve_count import SIZES, with_reserves_dealt


def blank(face: pygame.Surface, area: pygame.Rect) -> bool:
    """Nothing printed there: the card's white (or the transparent rounded corner)."""
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            r, g, b, a = face.get_at((x, y))
            if a > 0 and min(r, g, b) < 230:
                return False
    return True


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", ["lady-jane", "canfield"])
def test_a_count_badge_covers_nothing_printed_on_any_face(variant, size):
    scene = with_reserves_dealt(variant, size).scene
    lay = scene.layout
    snap = scene.snapshot()
    assert snap.counts
    items, _, _ = scene.decor.render(snap, lay)
    (pile_rect, _count), (tab, (x, y)) = snap.counts[0], items[0]
    area = pygame.Rect(
        x - int(pile_rect.x), y - int(pile_rect.y), tab.get_width(), tab.get_height()
    )
    faces = face_folder("auto", False, lay.card_w)
    covered = [
        CODE[c]
        for c in range(52)
        if not blank(render_face(CODE[c], (lay.card_w, lay.card_h), faces), area)
    ]
    assert not covered, (faces, area, covered)
