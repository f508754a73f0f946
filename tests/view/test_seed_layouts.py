"""The seeds' three games (Klondike, Saratoga, Double Klondike) keep their tables: every
mode's layout, at the sizes players use and either hand, with the deal and with the longest
pile, is pinned here as a digest, so a change made for another game of the family cannot
move one of their cards unseen. A deliberate change to their tables updates the digests
(run this file with PIN_PRINT=1 to print the new ones)."""

from __future__ import annotations

import hashlib
import os

import pytest

from game.engine.game import new_game
from game.variants import get_variant
from game.view.homes import card_homes
from game.view.layout import table_layout
from tests.variant_ids import SEEDS
from tests.view.test_layout_grid import long_pile

SIZES = [(640, 480), (800, 600), (1024, 768), (1280, 800), (1920, 1080), (700, 1100)]
PINNED = {
    "klondike": "586ad8f36d03da6b",
    "saratoga": "1ca4ebfbde73e725",
    "double-klondike": "d130e68edd957b1c",
}


def digest(variant: str) -> str:
    """Every number the table of ``variant`` puts on screen, in every mode and size."""
    table = get_variant(variant)
    lines = []
    for mode in table.mode_ids():
        rules = table.rules(mode)
        for size in SIZES:
            for left_handed in (False, True):
                lay = table_layout(*size, rules, left_handed)
                lines.append(
                    repr(
                        (
                            mode,
                            size,
                            left_handed,
                            lay.card_w,
                            lay.card_h,
                            lay.arrangement,
                            lay.origins,
                            lay.tableau_bottom,
                            lay.status_rect,
                            lay.message_rect,
                            lay.waste_step,
                        )
                    )
                )
                for state in (new_game(rules, seed=5).state, long_pile(rules)):
                    homes = card_homes(state, lay, lay.waste_fan_max)
                    placed = sorted((c, h.x, h.y, h.face_up, h.z) for c, h in homes.items())
                    lines.append(repr(placed))
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


@pytest.mark.parametrize("variant", SEEDS)
def test_the_seed_games_tables_are_unchanged(variant):
    found = digest(variant)
    if os.environ.get("PIN_PRINT"):
        print(f'    "{variant}": "{found}",')
    assert found == PINNED[variant], variant
