"""The table's layout over a grid of window sizes, every variant and mode: with the deal
and with a long pile, nothing leaves the window, no two piles' places overlap, and in
ordinary landscape windows the cards are as large as the width or the height allows."""

from __future__ import annotations

import itertools

import pytest

from game.engine.cards import make_card
from game.engine.game import new_game
from game.engine.state import WASTE, State
from game.variants import all_variants
from game.view.geometry import Rect
from game.view.homes import card_homes
from game.view.layout import table_layout

SIZES = [
    (320, 240),
    (640, 480),
    (800, 600),
    (1024, 768),
    (1280, 800),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
    (7680, 4320),
    (700, 1100),
    (1080, 1920),
    (3440, 1440),
    (1920, 600),
    (1001, 777),
    (333, 901),
    (5000, 900),
]
RULES = [table.rules(mode) for table in all_variants() for mode in table.mode_ids()]


def long_pile(rules) -> State:
    """The deal, with the last tableau pile made six face-down cards under a King-to-Ace
    run in alternating colours, and a full waste fan (where there is a waste): the longest
    pile a game can show."""
    game = new_game(rules, seed=7)
    state = game.state
    layout = game.layout
    run = [make_card(rank, 3 if rank % 2 else 2) for rank in range(13, 0, -1)]  # K♠ Q♥ ...
    taken = set(run)
    others = [c for pile in state.piles for c in pile if c not in taken]
    last = layout.tableau_range[-1]
    piles = [list() for _ in state.piles]
    piles[last] = others[:6] + run
    fan = 3 if rules.stock_to == "waste" else 0  # a game without a waste has none to fan
    piles[WASTE] = others[6 : 6 + fan]
    rest = others[6 + fan :]
    for n, t in enumerate(layout.tableau_range[:-1]):
        piles[t] = rest[: n + 1]
        rest = rest[n + 1 :]
    if rules.stock_to == "none":  # no stock: the rest lie on the other piles, as dealt
        for n, card in enumerate(rest):
            piles[layout.tableau_range[n % (len(layout.tableau_range) - 1)]].append(card)
    else:
        piles[0] = rest
    down = [0] * len(piles)
    down[last] = 6
    return State(tuple(tuple(p) for p in piles), tuple(down), 0)


def cards_inside(state: State, layout, waste_fan: int) -> None:
    for card, home in card_homes(state, layout, waste_fan).items():
        assert 0 <= home.x and home.x + layout.card_w <= layout.width, (card, home)
        assert 0 <= home.y and home.y + layout.card_h <= layout.status_rect.y, (card, home)


def places(layout, fan: int) -> list[Rect]:
    """Each pile's place: its slot, the waste with its whole fan."""
    rects = [layout.slot_rect(p) for p in layout.shown()]
    dx, dy = layout.waste_step
    if WASTE in layout.hidden:
        return rects
    waste = rects[WASTE]
    spread = fan - 1
    rects[WASTE] = Rect(
        min(waste.x, waste.x + dx * spread),
        waste.y,
        waste.w + abs(dx) * spread,
        waste.h + dy * spread,
    )
    return rects


@pytest.mark.parametrize("left_handed", [False, True])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_fits_every_window(size, left_handed):
    for rules in RULES:
        layout = table_layout(*size, rules, left_handed)
        where = f"{rules.variant}/{rules.mode} at {size}"
        # The deal, and the longest pile.
        game = new_game(rules, seed=3)
        cards_inside(game.state, layout, 1)
        cards_inside(long_pile(rules), layout, layout.waste_fan_max)
        # No two places overlap, the waste's fan included.
        for a, b in itertools.combinations(places(layout, layout.waste_fan_max), 2):
            assert a.overlap(b) == 0, where
        # The status line lies below every card place and inside the window.
        status = layout.status_rect
        assert status.bottom == size[1] and status.w == size[0], where
        assert layout.tableau_bottom <= status.y, where
        aspect = size[0] / size[1]
        if 1.25 <= aspect <= 1.8 and size[0] >= 640:
            # As large as the window allows: as wide as the width allows with full gaps,
            # or else the height holds them back (the tableau and its fan reach the bottom).
            first = layout.origins[layout.piles.tableau_range[0]][1]
            reach = first + layout.card_h * (1 + layout.fan)
            assert (
                layout.card_w >= 0.97 * layout.width_allows or reach >= 0.95 * layout.tableau_bottom
            ), where


def test_portrait_double_klondike_gets_bigger_cards_than_one_long_top_row():
    rules = next(r for r in RULES if r.variant == "double-klondike")
    layout = table_layout(700, 1100, rules)
    assert layout.arrangement == "stacked"
    assert layout.card_w >= 700 / (rules.tableau_piles + 1.8) * 0.95


def test_left_handed_moves_the_stock_and_waste_right_and_keeps_the_tableau_order():
    rules = RULES[0]
    right = table_layout(1280, 800, rules)
    left = table_layout(1280, 800, rules, left_handed=True)
    tableau = list(right.piles.tableau_range)
    assert [left.origins[t] for t in tableau] == [right.origins[t] for t in tableau]
    assert left.origins[0][0] > left.origins[right.piles.foundation_range.start][0]
    assert right.origins[0][0] < right.origins[right.piles.foundation_range.start][0]
