"""A reserve's card count (Lady Jane's seven reserves, Canfield's one) is drawn whole,
inside the window and on the reserve's own top card, over no other card: through the real
App at the window sizes players use, after the stock has dealt to the reserves."""

from __future__ import annotations

import pygame
import pytest

from game.engine.commands import Draw
from game.view.geometry import Rect

from .scene_helpers import scene_for, settle

SIZES = [(640, 480), (800, 600), (1280, 800), (1920, 1080), (700, 1100)]


def with_reserves_dealt(variant: str, size: tuple[int, int]):
    """The table of ``variant`` at ``size``, its reserves holding more than one card."""
    table = scene_for(variant, seed=1, size=size)
    screen = pygame.display.get_surface()
    settle(table, 10.0, screen)
    if variant == "lady-jane":
        for _ in range(3):  # the stock deals one card to every reserve
            assert table.do(Draw())
            settle(table, 10.0, screen)
    return table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", ["lady-jane", "canfield"])
def test_a_reserves_count_lies_whole_on_its_own_card(variant, size):
    table = with_reserves_dealt(variant, size)
    scene, game = table.scene, table.game
    lay = scene.layout
    snap = scene.snapshot()
    assert snap.counts, "no reserve holds more than one card: nothing was looked at"
    items, _, _ = scene.decor.render(snap, lay)
    reserves = set(game.layout.reserve_range)
    for (pile_rect, count), (tab, (x, y)) in zip(snap.counts, items, strict=False):
        badge = Rect(x, y, tab.get_width(), tab.get_height())
        assert 0 <= badge.x and badge.right <= size[0], (count, badge)
        assert 0 <= badge.y and badge.bottom <= lay.status_rect.y, (count, badge)
        card = Rect(pile_rect.x, pile_rect.y, lay.card_w, lay.card_h)
        inside = (card.x, card.y, card.right, card.bottom)
        assert inside[0] <= badge.x and badge.right <= inside[2], (count, badge, card)
        assert inside[1] <= badge.y and badge.bottom <= inside[3], (count, badge, card)
        for sprite in scene.motion.sprites.values():
            home = sprite.home
            other = Rect(home.x, home.y, lay.card_w, lay.card_h)
            if home.pile in reserves and (home.x, home.y) == (card.x, card.y):
                continue  # the reserve's own cards, squared under the count
            assert badge.overlap(other) == 0, (count, badge, home)
