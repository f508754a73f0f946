"""Card sizes against GNOME AisleRiot's, measured on screen (tools/measure_cards.py, the
table in docs/measurements.md); tall windows; narrow side margins; messages clear of the
cards; the whole index of a covered waste card."""

from __future__ import annotations

import pygame
import pytest

from game.engine.state import WASTE
from game.variants import all_variants
from game.view.arrangements import shape_for
from game.view.decor import Decor, toast_position
from game.view.geometry import MIN_EDGE, WASTE_FAN, Rect
from game.view.homes import card_homes
from game.view.hud import Toast
from game.view.layout import table_layout
from tests.view.test_layout_grid import long_pile

# AisleRiot 3.22's card width in pixels, in a window of each size (menu, toolbar and status
# bar inside it): Klondike, and Jumbo for Double Klondike. Saratoga is laid out as Klondike.
AISLERIOT = {
    (640, 480): {"klondike": 73, "double-klondike": 55},
    (800, 600): {"klondike": 97, "double-klondike": 68},
    (1280, 800): {"klondike": 136, "double-klondike": 106},
    (1920, 1080): {"klondike": 191, "double-klondike": 148},
    (700, 1100): {"klondike": 95, "double-klondike": 59},
}
RULES = [table.rules(mode) for table in all_variants() for mode in table.mode_ids()]
# The measured shapes: one deck over seven piles (Klondike), two over nine (Jumbo), with a
# stock and waste and no reserve.
KLONDIKE_SHAPES = {(1, 7, 0, "waste"), (2, 9, 0, "waste")}
PORTRAIT = [(700, 1100), (1080, 1920), (600, 1000)]


@pytest.mark.parametrize("size", list(AISLERIOT), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("left_handed", [False, True])
def test_cards_are_at_least_as_wide_as_aisleriots(size, left_handed):
    for rules in RULES:
        shape = (rules.decks, rules.tableau_piles, rules.reserves, rules.stock_to)
        if shape not in KLONDIKE_SHAPES:
            continue  # wider tables (tests/view/test_layout_family.py)
        figure = AISLERIOT[size]["double-klondike" if rules.decks == 2 else "klondike"]
        layout = table_layout(*size, rules, left_handed)
        assert layout.card_w >= figure, (rules.variant, rules.mode, size)


@pytest.mark.parametrize("size", PORTRAIT, ids=lambda s: f"{s[0]}x{s[1]}")
def test_tall_windows_give_the_cards_all_the_width_and_the_foundations_a_row(size):
    """In a tall window the height would hold far larger cards than the width: the tableau
    takes the whole width but for narrow gaps; foundations wider than the tableau with the
    talon beside them (Double Klondike's eight) get a row of their own."""
    for rules in RULES:
        if rules.tableau_piles < 7:
            continue  # Canfield's four piles: its talon row is the widest
        layout = table_layout(*size, rules)
        tableau = layout.piles.tableau_range
        span = layout.origins[tableau[-1]][0] + layout.card_w - layout.origins[tableau[0]][0]
        assert span >= 0.95 * size[0], (rules.variant, size)
        share = 0.93 if len(tableau) <= 10 else 0.9  # Baker's Dozen: twelve gaps
        assert len(tableau) * layout.card_w >= share * size[0], (rules.variant, size)
        shape = shape_for(rules)
        talon = shape.stock + shape.waste * (1 + WASTE_FAN * (shape.fan_cards - 1))
        if len(layout.piles.foundation_range) + talon > len(tableau):  # a top row too wide
            assert layout.arrangement == "stacked", rules.variant
            rows = layout.rows()
            assert len(rows) == 3 and all(f in rows[1] for f in layout.piles.foundation_range)


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (700, 1100), (1280, 800)])
def test_side_margins_are_narrow_unless_the_height_limits_the_cards(size):
    checked = 0
    for rules in RULES:
        layout = table_layout(*size, rules)
        first = layout.origins[layout.piles.tableau_range[0]][1]
        reach = first + layout.card_h * (1 + layout.fan)
        if reach >= 0.97 * layout.tableau_bottom or layout.card_w < 0.97 * layout.width_allows:
            continue  # the height holds the cards back: the table is centred
        checked += 1
        left = min(x for x, _ in layout.origins)
        right = max(x for x, _ in layout.origins) + layout.card_w
        dx, _ = layout.waste_step
        right = max(right, layout.origins[WASTE][0] + layout.card_w + dx * 2)
        assert MIN_EDGE <= left <= 8 and MIN_EDGE <= size[0] - right <= 12, (rules, size, left)
    assert checked, "every layout here is held back by the height: the test saw nothing"


SIZES = [(640, 480), (800, 600), (1280, 800), (1920, 1080), (700, 1100), (1024, 768)]
MESSAGES = [
    "The 7 of spades cannot go on the 8 of clubs: the colours must alternate.",
    "No move helps from here: the solver looked at every line it could reach from this "
    "position and found none that wins. Undo a few moves or start a new game; the deal "
    "code is K1R2-2.",
]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_message_covers_no_card_of_the_longest_pile(size):
    pygame.init()
    pygame.display.set_mode((8, 8))
    decor = Decor()
    for rules in RULES:
        layout = table_layout(*size, rules)
        state = long_pile(rules)
        cards = [
            Rect(h.x, h.y, layout.card_w, layout.card_h)
            for h in card_homes(state, layout, layout.waste_fan_max).values()
        ]
        for text in MESSAGES:
            toast = decor._toast(Toast.of(text, error=True), layout)
            x, y = toast_position(toast.get_size(), layout)
            box = Rect(x, y, toast.get_width(), toast.get_height())
            assert box.bottom <= size[1] and box.y >= layout.message_rect.y, (size, text)
            for card in cards:
                assert box.overlap(card) == 0, (rules.variant, rules.mode, size, text)
