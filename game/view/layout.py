"""Where everything goes on the table, from the window size: pure arithmetic, no pygame.

``table_layout`` tries each arrangement of the piles and keeps the one with the largest
cards:

* ``classic``: a top row (stock, waste fan, foundations) over the tableau;
* ``stacked``: stock and waste, then the foundations in a row of their own, then the
  tableau, for tall or narrow windows where the top row would be wider than the tableau
  (Double Klondike's eight foundations in a portrait window);
* ``sides``: one row, the stock and waste in a column at one side and the foundations in
  columns at the other, for very wide windows.

In each, cards are as wide as the width allows, unless the height cannot then hold the
arrangement's rows and a pile's fan of about a card height and more (``MIN_FAN_*``). Long piles
squeeze their own fan (``fan_steps``) so they never run off the bottom.

``card_homes`` then gives every card its home (position, face, stacking order) as a pure
function of the engine state and the layout: the sprites only ever chase these homes,
which is why undo, restart and resizing need no animation code of their own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.engine.rules import Rules
from game.engine.state import STOCK, WASTE, Layout, State, layout_for

CARD_ASPECT = 7 / 5  # height / width of the card art (240 x 336 units)
MIN_CARD_WIDTH = 24
GAP = 0.16  # between columns, in card widths, when the width has room for it
# Narrowest gap between columns: where the height would hold much larger cards than the width
# with full gaps allows (tall windows), the gaps give way to the cards, down to this.
MIN_GAP = 0.03
MIN_GAP_PX = 3  # ...and never under this many pixels
# How much larger (height over width) the cards could be before the gaps are at their
# narrowest; between 1 and this, the gaps narrow in proportion.
GAP_GIVES_WAY = 1.5
# Step of the three-card waste fan, in card widths (or heights, upright): the whole index of
# a covered card shows, the large index's suit included (it ends at 0.29 of the width).
WASTE_FAN = 0.33
ROW_GAP = 0.16  # between rows of cards, in card heights
DOWN_STEP = 0.11  # fan step over a face-down card, in card heights
UP_STEP = 0.26  # fan step over a face-up card: the whole corner index shows
MIN_DOWN_STEP = 0.03  # squeezed, a face-down card still shows its edge
READABLE_UP_STEP = 0.13  # squeezed, the rank of a face-up card still shows
# Room a tableau pile's fan needs below its first card, in card heights: the deal and a
# run of face-up cards at full step (two decks deal deeper piles and build longer ones).
MIN_FAN_ONE_DECK = 1.1
MIN_FAN_PER_EXTRA_DECK = 0.5
EDGE = 0.02  # margin at the window's left and right edges, in card widths...
MIN_EDGE = 2  # ...and at least this many pixels


# The band kept free of cards above the status line, in status-line heights: a message (a
# hint, a refusal) shows there without covering the bottom cards of a long pile; a longer
# one reaches down over the status line (three lines fit in both).
MESSAGE_BAND = 1.5


def status_height(width: int, height: int) -> int:
    """The status line: readable at 640x480, not a band across a 4K screen."""
    return max(24, min(56, round(min(height * 0.045, width * 0.032))))


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def overlap(self, other: Rect) -> float:
        """Area shared with ``other``."""
        w = min(self.right, other.right) - max(self.x, other.x)
        h = min(self.bottom, other.bottom) - max(self.y, other.y)
        return w * h if w > 0 and h > 0 else 0.0


@dataclass(frozen=True, slots=True)
class TableLayout:
    width: int
    height: int
    card_w: int
    card_h: int
    piles: Layout
    arrangement: str  # "classic", "stacked" or "sides"
    origins: tuple[tuple[int, int], ...]  # top-left of each pile's first card
    tableau_bottom: int  # lowest y a tableau card may reach
    status_rect: Rect
    message_rect: Rect  # where messages show: the free band and the status line under it
    waste_step: tuple[int, int]  # (dx, dy) between two cards of the waste fan
    waste_fan_max: int  # how many waste cards are fanned (the draw count, at most 3)
    width_allows: int  # the card width the window's width alone would allow here
    left_handed: bool

    def slot_rect(self, pile: int) -> Rect:
        x, y = self.origins[pile]
        return Rect(x, y, self.card_w, self.card_h)

    def rows(self) -> list[list[int]]:
        """The piles in rows as the eye sees them (top to bottom, left to right): keyboard
        focus moves along these."""
        by_y: dict[int, list[int]] = {}
        for pile, (_, y) in enumerate(self.origins):
            by_y.setdefault(y, []).append(pile)
        return [sorted(by_y[y], key=lambda p: self.origins[p][0]) for y in sorted(by_y)]


@dataclass(frozen=True, slots=True)
class Home:
    x: int
    y: int
    face_up: bool
    z: int  # stacking order over the whole table: higher draws later
    pile: int
    position: int  # 0 = bottom of the pile


@dataclass(frozen=True)
class _Plan:
    """One arrangement's needs, in card widths and heights, before sizing."""

    name: str
    widths: tuple[tuple[float, int], ...]  # each row across: (card widths, column gaps)
    rows: int  # rows of cards above and including the tableau row
    fan: float  # card heights the tableau fan needs below its first card

    def across(self, gap: float) -> float:
        """Card widths the widest row takes with column gaps of ``gap`` card widths, the
        window's side margins included."""
        return max(cards + gaps * gap for cards, gaps in self.widths) + 2 * EDGE


def _plans(piles: Layout, fan_cards: int, decks: int) -> list[_Plan]:
    fan = MIN_FAN_ONE_DECK + MIN_FAN_PER_EXTRA_DECK * (decks - 1)
    fan_extra = WASTE_FAN * (fan_cards - 1)
    tableau = (piles.tableau, piles.tableau - 1)
    talon = (2 + fan_extra, 1)  # the stock, a gap, the waste and its fan
    foundations = (piles.foundations, piles.foundations - 1)
    # Classic: the talon, a gap and the foundations in the top row.
    top = (talon[0] + foundations[0], talon[1] + 1 + foundations[1])
    plans = [_Plan("classic", (tableau, top), 2, fan)]
    if piles.foundations <= piles.tableau and top[0] > piles.tableau:
        plans.append(_Plan("stacked", (tableau, talon, foundations), 3, fan))
    # Sides: the stock over the waste (fanned downwards) at one side; the foundations in
    # as few columns as two rows allow at the other; two gaps at each side of the tableau.
    found_cols = math.ceil(piles.foundations / 2)
    cols = 1 + piles.tableau + found_cols
    plans.append(_Plan("sides", ((cols, cols + 1),), 1, fan))
    return plans


def _card_width(plan: _Plan, width: int, usable_h: float) -> tuple[int, int]:
    """(card width, what the width alone allows with full gaps) for ``plan`` here."""
    room = width - 2 * MIN_EDGE
    by_width = room / plan.across(GAP)
    # Height: the rows, their gaps, a top margin and the fan (sides: also two foundation
    # rows and the stock over a fanned waste must fit, which a single row with a fan does).
    rows_h = plan.rows + (plan.rows - 1) * ROW_GAP + plan.fan + ROW_GAP
    if plan.name == "sides":
        # The stock over the waste and its downward fan; two foundation rows.
        rows_h = max(rows_h, 2 + ROW_GAP + 2 * WASTE_FAN * 0.8 + ROW_GAP)
    by_height = usable_h / (rows_h * CARD_ASPECT)
    # Where the height would hold larger cards than the width with full gaps, the gaps
    # narrow (to MIN_GAP when the height would hold GAP_GIVES_WAY times larger ones).
    spare = min(1.0, max(0.0, (by_height / by_width - 1) / (GAP_GIVES_WAY - 1)))
    gap = GAP - (GAP - MIN_GAP) * spare
    card_w = room / plan.across(gap)
    if card_w * gap < MIN_GAP_PX:
        card_w = min((room - n * MIN_GAP_PX) / (c + 2 * EDGE) for c, n in plan.widths)
    card_w = min(card_w, by_height)
    return int(max(MIN_CARD_WIDTH, card_w)), int(by_width)


def table_layout(
    width: int, height: int, rules: Rules, left_handed: bool = False, footer_rows: int = 1
) -> TableLayout:
    """``footer_rows``: how many status lines high the bar under the table is (a replay's
    timeline takes two)."""
    piles = layout_for(rules)
    fan_max = min(rules.draw, 3)
    line_h = status_height(width, height)
    status_h = line_h * footer_rows
    band_h = round(line_h * MESSAGE_BAND)
    usable_h = height - status_h - band_h
    best = None
    for plan in _plans(piles, fan_max, rules.decks):
        card_w, allows = _card_width(plan, width, usable_h)
        # A new arrangement must be clearly better (5%) to leave the familiar one.
        score = card_w * (1.0 if plan.name == "classic" else 0.95)
        if best is None or score > best[0]:
            best = (score, plan, card_w, allows)
    _, plan, card_w, allows = best
    card_h = round(card_w * CARD_ASPECT)
    gap = _column_gap(plan, width, card_w)
    origins = _place(plan.name, piles, fan_max, width, card_w, card_h, gap, left_handed)
    return TableLayout(
        width=width,
        height=height,
        card_w=card_w,
        card_h=card_h,
        piles=piles,
        arrangement=plan.name,
        origins=tuple(origins),
        tableau_bottom=height - status_h - band_h,
        status_rect=Rect(0, height - status_h, width, status_h),
        message_rect=Rect(0, height - status_h - band_h, width, band_h + status_h),
        waste_step=_waste_step(plan.name, card_w, card_h, left_handed),
        waste_fan_max=fan_max,
        width_allows=allows,
        left_handed=left_handed,
    )


def _column_gap(plan: _Plan, width: int, card_w: int) -> int:
    """Pixels between two columns: the full gap, or what the width leaves for the gaps of
    the widest row once the cards and the side margins are in (never less than a pixel)."""
    margins = 2 * max(MIN_EDGE, int(card_w * EDGE))
    fan_step = int(card_w * WASTE_FAN)
    narrowest = int(card_w * GAP)
    for cards, gaps in plan.widths:
        # The waste's fan is laid in whole pixels, one step per fanned card.
        whole = int(cards)
        cards_px = whole * card_w + round((cards - whole) / WASTE_FAN) * fan_step
        if gaps:
            narrowest = min(narrowest, (width - margins - cards_px) // gaps)
    return max(1, narrowest)


def _waste_step(arrangement: str, card_w: int, card_h: int, left_handed: bool) -> tuple[int, int]:
    if arrangement == "sides":
        return 0, int(card_h * WASTE_FAN * 0.8)
    step = int(card_w * WASTE_FAN)
    return (-step if left_handed else step), 0


def _place(
    arrangement: str,
    piles: Layout,
    fan_max: int,
    width: int,
    card_w: int,
    card_h: int,
    gap: int,
    left_handed: bool,
) -> list[tuple[int, int]]:
    """Each pile's top-left corner. Left-handed, the stock and waste go to the right and
    the foundations to the left; the tableau keeps its order."""
    pitch = card_w + gap
    row_gap = int(card_h * ROW_GAP)
    top = max(int(card_w * GAP) // 2, row_gap // 2)
    edge = max(MIN_EDGE, int(card_w * EDGE))
    fan_w = int(card_w * WASTE_FAN) * (fan_max - 1)
    origins = [(0, 0)] * piles.pile_count
    tableau = list(piles.tableau_range)
    foundations = list(piles.foundation_range)

    def mirror(x: int, w: int = card_w) -> int:
        return width - x - w if left_handed else x

    if arrangement == "sides":
        # Left to right: the talon column, the tableau, the foundation columns (mirrored
        # for the left hand, the tableau's order kept).
        found_cols = math.ceil(len(foundations) / 2)
        content = (1 + len(tableau) + found_cols) * pitch + gap
        left = max(edge, (width - content) // 2)
        talon_x = left if not left_handed else left + content - card_w
        found_x = left + (len(tableau) + 1) * pitch + 2 * gap if not left_handed else left
        tab_x = left + pitch + gap if not left_handed else left + found_cols * pitch + gap
        origins[STOCK] = (talon_x, top)
        origins[WASTE] = (talon_x, top + card_h + row_gap)
        for n, t in enumerate(tableau):
            origins[t] = (tab_x + n * pitch, top)
        for n, f in enumerate(foundations):
            col, row = n % found_cols, n // found_cols
            origins[f] = (found_x + col * pitch, top + row * (card_h + row_gap))
        return origins

    tableau_w = len(tableau) * pitch - gap
    talon_w = pitch + card_w + fan_w
    found_w = len(foundations) * pitch - gap
    if arrangement == "classic":
        top_w = talon_w + gap + found_w
        content = max(tableau_w, top_w)
    else:
        content = max(tableau_w, talon_w, found_w)
    left = max(edge, (width - content) // 2)
    right = left + content
    origins[STOCK] = (mirror(left), top)
    # Left-handed, the waste's fan opens leftwards from beside the stock.
    origins[WASTE] = (mirror(left + pitch), top)
    row = top
    if arrangement == "stacked":
        row = top + card_h + row_gap
        found_left = left + (content - found_w) // 2
        for n, f in enumerate(foundations):
            origins[f] = (mirror(found_left + n * pitch), row)
    else:
        for n, f in enumerate(reversed(foundations)):
            origins[f] = (mirror(right - card_w - n * pitch), row)
    tab_top = row + card_h + row_gap
    tab_left = left + (content - tableau_w) // 2
    for n, t in enumerate(tableau):
        origins[t] = (tab_left + n * pitch, tab_top)
    return origins


def fan_steps(layout: TableLayout, pile: int, cards: int, down: int) -> tuple[float, float]:
    """Vertical steps over face-down and face-up cards of a tableau pile, squeezed so the
    pile never runs past the bottom of the table: face-down steps first (to an edge), then
    face-up ones (to the rank of the index, then further only if there is no other way)."""
    h = layout.card_h
    up = max(0, cards - down - 1)  # steps over face-up cards (the top card needs none)
    hidden = min(down, cards - 1) if cards else 0
    room = layout.tableau_bottom - layout.origins[pile][1] - h
    down_step, up_step = h * DOWN_STEP, h * UP_STEP
    if hidden * down_step + up * up_step <= room:
        return down_step, up_step
    if hidden and up * up_step + hidden * h * MIN_DOWN_STEP <= room:
        return (room - up * up_step) / hidden, up_step
    down_step = h * MIN_DOWN_STEP
    left = room - hidden * down_step
    if up and left > 0:
        return down_step, left / up
    # Not even an edge of each card fits: everything shares what room there is.
    total = hidden + up
    share = max(0.0, room) / total if total else 0.0
    return share, share


def card_homes(state: State, layout: TableLayout, waste_fan: int) -> dict[int, Home]:
    """Card -> Home for every card on the table. ``waste_fan``: how many of the waste's top
    cards to spread (``Game.waste_fan()``, capped by the layout's fan)."""
    homes: dict[int, Home] = {}
    piles = layout.piles
    z = 0
    fan = min(waste_fan, layout.waste_fan_max)
    step_x, step_y = layout.waste_step
    for index, pile in enumerate(state.piles):
        x0, y0 = layout.origins[index]
        n = len(pile)
        if piles.is_tableau(index):
            down = state.down[index]
            down_step, up_step = fan_steps(layout, index, n, down)
            y = float(y0)
            for pos, card in enumerate(pile):
                up = pos >= down
                homes[card] = Home(x0, int(round(y)), up, z, index, pos)
                y += up_step if up else down_step
                z += 1
        else:
            face_up = index != STOCK
            for pos, card in enumerate(pile):
                x, y = x0, y0
                if index == WASTE and fan > 1:
                    slot = pos - (n - fan)  # 0 .. fan-1 for the fanned top cards
                    if slot > 0:
                        x, y = x0 + step_x * slot, y0 + step_y * slot
                homes[card] = Home(x, y, face_up, z, index, pos)
                z += 1
    return homes
