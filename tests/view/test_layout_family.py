"""The layout of every shape of the Klondike family (reserves, no waste, no stock, wide and
deep tableaux) at the window sizes players use: every pile drawn has a place of its own
inside the window, no two overlap, cards stay inside, and the reserves sit where AisleRiot
puts them."""

from __future__ import annotations

import itertools

import pytest

from game.engine.state import STOCK, WASTE
from game.view.homes import card_homes
from game.view.layout import table_layout
from tests.view.family_shapes import SHAPES, dealt
from tests.view.test_layout_grid import places

SIZES = [(640, 480), (800, 600), (1280, 800), (1920, 1080), (700, 1100)]
# The smallest card width each window must give every shape: the width of its widest row
# (Westhaven's ten piles) or the height of its rows (Lady Jane's reserve row) allows no more.
READABLE = {(640, 480): 52, (800, 600): 64, (1280, 800): 100, (1920, 1080): 140, (700, 1100): 58}


def deep(game):
    """The game with its last tableau pile holding every card of the first pile's on
    it, and more: the deepest pile the view has to fan."""
    state = game.state
    layout = game.layout
    first, last = layout.tableau_range[0], layout.tableau_range[-1]
    piles = list(state.piles)
    piles[last] = piles[last] + piles[first] + piles[STOCK][:6]
    piles[first] = ()
    piles[STOCK] = piles[STOCK][6:]
    down = list(state.down)
    down[first] = 0
    return type(state)(tuple(piles), tuple(down), 0)


@pytest.mark.parametrize("left_handed", [False, True], ids=["right", "left"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(SHAPES))
def test_every_pile_has_its_own_place_inside_the_window(name, size, left_handed):
    game = dealt(name)
    layout = table_layout(*size, game.rules, left_handed)
    shown = layout.shown()
    assert len({layout.origins[p] for p in shown}) == len(shown)
    for a, b in itertools.combinations(places(layout, layout.waste_fan_max), 2):
        assert a.overlap(b) == 0, (a, b)
    for p in shown:
        slot = layout.slot_rect(p)
        assert 0 <= slot.x and slot.right <= size[0] and 0 <= slot.y, (p, slot)
        assert slot.bottom <= layout.tableau_bottom, (p, slot)
    for state in (game.state, deep(game)):
        for card, home in card_homes(state, layout, layout.waste_fan_max).items():
            assert 0 <= home.x and home.x + layout.card_w <= size[0], (card, home)
            assert 0 <= home.y and home.y + layout.card_h <= layout.tableau_bottom, (card, home)
    # Past ten piles the width is shared by more cards (Baker's Dozen's thirteen).
    readable = READABLE[size] * min(1.0, 10 / layout.piles.tableau)
    assert layout.card_w >= readable, (name, layout.card_w, layout.arrangement)
    assert all(p in shown for row in layout.rows() for p in row)
    assert sorted(p for row in layout.rows() for p in row) == shown


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_stock_no_waste_slot_where_the_game_has_none(size):
    for name, hidden in (("yukon", {STOCK, WASTE}), ("lady-jane", {WASTE}), ("easthaven", {WASTE})):
        layout = table_layout(*size, SHAPES[name])
        assert set(layout.hidden) == hidden, name
        for pile in hidden:
            assert layout.origins[pile][1] < 0 or pile == WASTE and STOCK not in hidden


def test_without_a_stock_the_tableau_gets_the_room():
    """Yukon's table has no stock: its cards are about as large as Klondike's though its
    piles are deeper, and its deepest deal shows every card's index."""
    klondike = get_rules("klondike")
    for size in SIZES:
        yukon = table_layout(*size, SHAPES["yukon"])
        # (a little smaller where the height holds them back: the deal is deeper, and a long
        # run on it shows every card's index, tests/view/test_long_piles.py)
        assert yukon.card_w >= 0.87 * table_layout(*size, klondike).card_w, size
        homes = card_homes(dealt("yukon").state, yukon, 1)
        last = yukon.piles.tableau_range[-1]
        up = sorted(h.y for h in homes.values() if h.pile == last and h.face_up)
        steps = [b - a for a, b in zip(up, up[1:], strict=False)]
        assert len(steps) == 4 and min(steps) >= 0.13 * yukon.card_h - 1, (size, steps)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("left_handed", [False, True], ids=["right", "left"])
def test_canfields_reserve_lies_under_the_stock(size, left_handed):
    layout = table_layout(*size, SHAPES["canfield"], left_handed)
    reserve = layout.piles.reserve_range[0]
    (sx, sy), (rx, ry) = layout.origins[STOCK], layout.origins[reserve]
    if layout.arrangement == "sides" or layout.reserves_at == "talon":
        assert ry == sy and rx != sx
    else:
        assert rx == sx and ry > sy, layout.arrangement
    tableau = [layout.origins[t] for t in layout.piles.tableau_range]
    assert [x for x, _ in tableau] == sorted(x for x, _ in tableau)  # order kept either hand


def test_lady_janes_reserves_take_a_row_or_a_block_and_keep_their_order():
    for size in SIZES:
        layout = table_layout(*size, SHAPES["lady-jane"])
        reserves = [layout.origins[r] for r in layout.piles.reserve_range]
        assert layout.reserves_at in ("aside", "row", "talon")
        assert reserves == sorted(reserves, key=lambda o: (o[1], o[0])), size


def get_rules(variant):
    from game.variants import get_variant

    return get_variant(variant).rules()
