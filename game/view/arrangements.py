"""The arrangements of the piles and where each puts every pile: pure arithmetic, no pygame.

* ``classic``: a top row (stock, waste fan, foundations) over the tableau;
* ``stacked``: stock and waste, then the foundations in a row of their own, then the
  tableau, for tall or narrow windows where the top row would be wider than the tableau
  (Double Klondike's eight foundations in a portrait window);
* ``sides``: one row, the stock and waste in a column at one side and the foundations in
  columns at the other, for very wide windows.

Reserves (Canfield's one, Lady Jane's seven) go ``aside``, in a block of at most two rows
beside the tableau (``under_stock`` says at which side), or in a ``row`` of their own over
the tableau; ``layout.table_layout`` tries each and keeps the
largest cards. A stock that deals to the tableau or the reserves has no waste drawn, and a
game that deals every card has no stock drawn: the other piles get the room.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from game.engine.cards import full_deck
from game.engine.policies import Run, StockTarget
from game.engine.rules import RULE_SETS_KEPT, Rules
from game.engine.state import STOCK, WASTE, Layout, initial_state, layout_for

from .geometry import (
    DOWN_STEP,
    EDGE,
    GAP,
    LARGE_INDEX_STEP,
    LONG_RUN,
    MIN_DOWN_STEP,
    MIN_EDGE,
    MIN_FAN_ONE_DECK,
    MIN_FAN_PER_EXTRA_DECK,
    READABLE_UP_STEP,
    RESERVES_APART,
    ROW_GAP,
    RUN_ROOM,
    WASTE_FAN,
)


@dataclass(frozen=True, slots=True)
class Shape:
    """What the rules put on the table, as the layout sees it."""

    piles: Layout
    stock: bool  # a stock is drawn (not when every card is dealt)
    waste: bool  # a waste is drawn (not when the stock deals to the tableau or reserves)
    fan_cards: int  # cards of the waste fan: the draw count, at most 3 (1 without a waste)
    fan: float  # card heights a tableau pile's fan needs below its first card

    @property
    def hidden(self) -> frozenset[int]:
        """Piles the game has but never uses: no slot is drawn for them."""
        return frozenset(p for p, shown in ((STOCK, self.stock), (WASTE, self.waste)) if not shown)


@lru_cache(maxsize=RULE_SETS_KEPT)
def shape_for(rules: Rules) -> Shape:
    waste = rules.stock_to is StockTarget.WASTE
    return Shape(
        piles=layout_for(rules),
        stock=rules.stock_to is not StockTarget.NONE,
        waste=waste,
        fan_cards=min(rules.draw, 3) if waste else 1,
        fan=_fan_room(rules),
    )


def _fan_room(rules: Rules) -> float:
    """The room a fan needs: a deal and a run (more with two decks), or what the deepest
    pile of this deal needs to show every card (Yukon's eleven); where any face-up cards
    move together (Yukon), a long run of face-up cards on the deepest deal's face-down ones,
    every card's index whole (``LONG_RUN``)."""
    room = MIN_FAN_ONE_DECK + MIN_FAN_PER_EXTRA_DECK * (rules.decks - 1)
    state = initial_state(rules, full_deck(rules.decks, rules.suits))
    long_runs = rules.move_runs and rules.runs is Run.ANY_FACE_UP
    for t in layout_for(rules).tableau_range:
        cards = len(state.piles[t])
        if cards:
            down = sum(not state.face_up(t, pos) for pos in range(cards - 1))
            up = cards - 1 - down
            room = max(room, down * DOWN_STEP + up * READABLE_UP_STEP + RUN_ROOM)
            if long_runs:
                room = max(room, down * MIN_DOWN_STEP + (LONG_RUN - 1) * LARGE_INDEX_STEP)
    return room


def side_piles(piles: Layout) -> list[int]:
    """The piles laid out as reserves are: the reserves, then the cells (FreeCell's). They
    share a place on the table: where a game has one kind it has not the other."""
    return [*piles.reserve_range, *piles.cell_range]


def reserve_block(reserves: int) -> tuple[int, int]:
    """(columns, rows) of the reserves laid aside: at most two rows."""
    rows = min(reserves, 2)
    return (math.ceil(reserves / rows), rows) if rows else (0, 0)


def under_stock(reserves: int) -> bool:
    """Where reserves laid aside go, as AisleRiot lays them: one reserve, dealt from like
    the stock, under the stock (Canfield); several, a block of their own, at the tableau's
    other side (Lady Jane)."""
    return reserves == 1


@dataclass(frozen=True)
class Plan:
    """One arrangement's needs, in card widths and heights, before sizing."""

    name: str  # "classic", "stacked" or "sides"
    reserves_at: str  # "aside", "row", "talon" (in its row), or "" without reserves
    widths: tuple[tuple[float, int], ...]  # each row across: (card widths, column gaps)
    rows_above: int  # rows of cards above the tableau's
    tableau_h: float  # card heights the tableau's row needs: its fan, or what is beside it

    def across(self, gap: float) -> float:
        """Card widths the widest row takes with column gaps of ``gap`` card widths, the
        window's side margins included."""
        return max(cards + gaps * gap for cards, gaps in self.widths) + 2 * EDGE

    def height(self) -> float:
        """Card heights from the top of the window to the bottom of the tableau's fan."""
        return self.rows_above * (1 + ROW_GAP) + self.tableau_h + ROW_GAP


def _beside(a: tuple[float, int], b: tuple[float, int], gaps: int = 1) -> tuple[float, int]:
    """Two groups in one row, ``gaps`` column gaps apart (a missing group takes none)."""
    if not a[0]:
        return b
    if not b[0]:
        return a
    return a[0] + b[0], a[1] + b[1] + gaps


def plans(shape: Shape) -> list[Plan]:
    piles = shape.piles
    t, f, r = piles.tableau, piles.foundations, len(side_piles(piles))
    fan = shape.fan
    talon: tuple[float, int] = (0, 0)
    if shape.stock:
        talon = (2 + WASTE_FAN * (shape.fan_cards - 1), 1) if shape.waste else (1, 0)
    foundations = (f, f - 1)
    top = _beside(talon, foundations)
    out = []
    for at in ("aside", "row") if r else ("",):
        cols, rows = reserve_block(r) if at == "aside" else (0, 0)
        block = (cols + RESERVES_APART, cols - 1) if cols else (0, 0)
        tableau = _beside(block, (t, t - 1), 2)
        beside_h = max(1 + fan, rows * (1 + ROW_GAP) - ROW_GAP)
        row = ((r, r - 1),) if at == "row" else ()
        out.append(Plan("classic", at, (tableau, top, *row), 1 + len(row), beside_h))
        if at == "row":  # FreeCell's top row: the cells beside the talon, then the foundations
            top_row = _beside(_beside(talon, (r, r - 1)), foundations)
            out.append(Plan("classic", "talon", (tableau, top_row), 1, beside_h))
        if talon[0] and f <= tableau[0] and top[0] > tableau[0]:
            stacked = (tableau, talon, foundations, *row)
            out.append(Plan("stacked", at, stacked, 2 + len(row), beside_h))
            with_talon = _beside(talon, (r, r - 1))
            if row and with_talon[0] <= max(tableau[0], f):  # room beside the talon
                rows_across = (tableau, with_talon, foundations)
                out.append(Plan("stacked", "talon", rows_across, 2, beside_h))
    # Sides: the stock over the waste (fanned downwards) at one side, the reserves' block
    # beside them, the foundations in as few columns as two rows allow at the other side;
    # two gaps between groups.
    cols, rows = reserve_block(r)
    groups = [g for g in (int(shape.stock), cols, t, math.ceil(f / 2)) if g]
    talon_h = 2 + ROW_GAP + 2 * WASTE_FAN * 0.8 if shape.waste else 1
    tall = max(1 + fan, talon_h, 2 + ROW_GAP if f > 1 else 1, rows * (1 + ROW_GAP) - ROW_GAP)
    across = sum(groups) + (RESERVES_APART if cols else 0)
    sides = ((across, sum(groups) + len(groups) - 2),)
    out.append(Plan("sides", "aside" if r else "", sides, 0, tall))
    return out


def place(
    plan: Plan, shape: Shape, width: int, card_w: int, card_h: int, gap: int, left_handed: bool
) -> list[tuple[int, int]]:
    """Each pile's top-left corner. Left-handed, the stock and waste go to the right and
    the foundations to the left (the reserves with the stock); the tableau keeps its order.
    A pile not drawn (``Shape.hidden``) lies above the window, where a deal comes from."""
    piles = shape.piles
    top = max(int(card_w * GAP) // 2, int(card_h * ROW_GAP) // 2)
    edge = max(MIN_EDGE, int(card_w * EDGE))
    origins = [(edge, -2 * card_h)] * piles.pile_count
    if plan.name == "sides":
        _place_sides(origins, plan, shape, width, card_w, card_h, gap, top, edge, left_handed)
    else:
        _place_rows(origins, plan, shape, width, card_w, card_h, gap, top, edge, left_handed)
    if shape.stock and not shape.waste:
        origins[WASTE] = origins[STOCK]
    return origins


def _place_rows(origins, plan, shape, width, card_w, card_h, gap, top, edge, left_handed):
    piles = shape.piles
    pitch = card_w + gap
    row_gap = int(card_h * ROW_GAP)
    fan_w = int(card_w * WASTE_FAN) * (shape.fan_cards - 1)
    tableau, foundations = list(piles.tableau_range), list(piles.foundation_range)
    reserves = side_piles(piles)

    def span(n: int) -> int:
        return n * pitch - gap if n else 0

    def mirror(x: int, w: int = card_w) -> int:
        return width - x - w if left_handed else x

    cols, rows = reserve_block(len(reserves)) if plan.reserves_at == "aside" else (0, 0)
    tableau_w = span(len(tableau))
    apart = 2 * gap + int(card_w * RESERVES_APART)
    row_w = span(cols) + apart + tableau_w if cols else tableau_w
    talon_w = (card_w if shape.stock else 0) + (pitch + fan_w if shape.waste else 0)
    found_w = span(len(foundations))
    reserve_row_w = span(len(reserves)) if plan.reserves_at == "row" else 0
    if plan.reserves_at == "talon":
        talon_w = talon_w + gap + span(len(reserves)) if talon_w else span(len(reserves))
    if plan.name == "classic":
        top_w = talon_w + gap + found_w if talon_w else found_w
        content = max(row_w, top_w, reserve_row_w)
    else:
        content = max(row_w, talon_w, found_w, reserve_row_w)
    left = max(edge, (width - content) // 2)
    right = left + content
    if shape.stock:
        origins[STOCK] = (mirror(left), top)
    if shape.waste:
        # Left-handed, the waste's fan opens leftwards from beside the stock.
        origins[WASTE] = (mirror(left + pitch), top)
    if plan.reserves_at == "talon" and plan.name == "classic":  # after the talon
        after = left + talon_w - span(len(reserves))
        for n, r in enumerate(reserves):
            origins[r] = (mirror(after + n * pitch), top)
    elif plan.reserves_at == "talon":  # at the end of the talon's row
        for n, r in enumerate(reversed(reserves)):
            origins[r] = (mirror(left + content - card_w - n * pitch), top)
    row = top
    if plan.name == "stacked":
        row = top + card_h + row_gap
        found_left = left + (content - found_w) // 2
        for n, f in enumerate(foundations):
            origins[f] = (mirror(found_left + n * pitch), row)
    else:
        for n, f in enumerate(reversed(foundations)):
            origins[f] = (mirror(right - card_w - n * pitch), row)
    if reserve_row_w:
        row += card_h + row_gap
        for n, r in enumerate(reserves):  # from under the stock
            origins[r] = (mirror(left + n * pitch), row)
    tab_top = row + card_h + row_gap
    tab_left = left + (content - tableau_w) // 2
    if cols:
        # The block at its side; the tableau centred in the room beside it.
        block_left = left if under_stock(len(reserves)) else right - span(cols)
        for n, r in enumerate(reserves):
            col, block_row = n % cols, n // cols
            x, y = block_left + col * pitch, tab_top + block_row * (card_h + row_gap)
            origins[r] = (mirror(x), y)
        if block_left == left:
            start, end = left + span(cols) + apart, right
        else:
            start, end = left, block_left - apart
        tab_left = mirror(start + (end - start - tableau_w) // 2, tableau_w)
    for n, t in enumerate(tableau):
        origins[t] = (tab_left + n * pitch, tab_top)


def _place_sides(origins, plan, shape, width, card_w, card_h, gap, top, edge, left_handed):
    """Left to right: the talon column, the reserves' block, the tableau, the foundation
    columns (the groups' order reversed for the left hand, each group's own order kept)."""
    piles = shape.piles
    pitch = card_w + gap
    down = card_h + int(card_h * ROW_GAP)
    foundations, reserves = list(piles.foundation_range), side_piles(piles)
    tableau = list(piles.tableau_range)
    found_cols = math.ceil(len(foundations) / 2)
    cols, rows = reserve_block(len(reserves))
    apart = int(card_w * RESERVES_APART) if cols else 0
    groups = []  # (what, columns, members: (pile, column, row))
    if shape.stock:
        groups.append(("talon", 1, [(STOCK, 0, 0)] + ([(WASTE, 0, 1)] if shape.waste else [])))
    block = [(r, n % cols, n // cols) for n, r in enumerate(reserves)]
    if cols and under_stock(len(reserves)):
        groups.append(("reserves", cols, block))
    groups.append(("tableau", len(tableau), [(t, n, 0) for n, t in enumerate(tableau)]))
    if cols and not under_stock(len(reserves)):
        groups.append(("reserves", cols, block))
    foundation_places = [(f, n % found_cols, n // found_cols) for n, f in enumerate(foundations)]
    if foundation_places:  # Golf and Scorpion have none: no column, no gap
        groups.append(("foundations", found_cols, foundation_places))
    if left_handed:
        groups.reverse()
    across = sum(columns for _, columns, _ in groups)
    content = across * pitch - gap + (len(groups) - 1) * gap + apart
    x = max(edge, (width - content) // 2)
    for n, (what, columns, members) in enumerate(groups):
        for pile, col, row in members:
            origins[pile] = (x + col * pitch, top + row * down)
        x += columns * pitch + gap
        following = groups[n + 1][0] if n + 1 < len(groups) else ""
        if {what, following} == {"reserves", "tableau"}:
            x += apart  # the reserves stand apart from the tableau, at either hand
