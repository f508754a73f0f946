"""Where everything goes on the table, from the window size: pure arithmetic, no pygame.

``table_layout`` places the piles and sizes the cards so that the tableau (7 or 9 piles)
and the top row (stock, waste fan, foundations) fit the width, and a card plus a useful fan
fit the height. ``card_homes`` then gives every card its home (position, face, stacking
order) as a pure function of the engine state and that layout: the sprites only ever chase
these homes, which is why undo, restart and resizing need no animation code of their own.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.rules import Rules
from game.engine.state import STOCK, WASTE, Layout, State, layout_for

CARD_ASPECT = 7 / 5  # height / width of the card art
STATUS_HEIGHT_RATIO = 0.035  # of the window height
MIN_CARD_WIDTH = 36
WASTE_FAN_RATIO = 0.28  # horizontal step of the three-card waste fan, in card widths
DOWN_FAN_RATIO = 0.11  # vertical step over a face-down card, in card heights
UP_FAN_RATIO = 0.26  # vertical step over a face-up card (leaves the index readable)


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
    origins: tuple[tuple[int, int], ...]  # top-left of each pile's first card
    tableau_bottom: int  # lowest y a tableau card may reach
    status_rect: Rect
    waste_step: int  # horizontal step of the waste fan
    waste_fan_max: int  # how many waste cards are fanned (the draw count, at most 3)
    left_handed: bool

    def slot_rect(self, pile: int) -> Rect:
        x, y = self.origins[pile]
        return Rect(x, y, self.card_w, self.card_h)


@dataclass(frozen=True, slots=True)
class Home:
    x: int
    y: int
    face_up: bool
    z: int  # stacking order over the whole table: higher draws later
    pile: int
    position: int  # 0 = bottom of the pile


def table_layout(width: int, height: int, rules: Rules, left_handed: bool = False) -> TableLayout:
    piles = layout_for(rules)
    fan_max = min(rules.draw, 3)
    status_h = max(20, int(height * STATUS_HEIGHT_RATIO))
    # Columns the width must hold: the tableau, or the top row (stock, waste fan, a gap
    # where room allows, the foundations), whichever is wider.
    fan_extra = WASTE_FAN_RATIO * (fan_max - 1)
    top_cols = 2 + fan_extra + piles.foundations
    columns = max(piles.tableau, top_cols + (0.5 if top_cols + 0.5 <= piles.tableau else 0))
    gap_ratio = 0.16  # gap between columns, in card widths
    by_width = width / (columns + (columns + 1) * gap_ratio)
    # Height: top row and a pile of six hidden and seven face-up cards; longer piles squeeze.
    usable_h = height - status_h
    by_height = usable_h / (CARD_ASPECT * (2 + 6 * DOWN_FAN_RATIO + 6 * UP_FAN_RATIO) + 0.5)
    card_w = int(max(MIN_CARD_WIDTH, min(by_width, by_height)))
    card_h = int(round(card_w * CARD_ASPECT))
    gap = int(card_w * gap_ratio)
    pitch = card_w + gap

    tableau_width = piles.tableau * pitch - gap
    content_w = max(tableau_width, int(top_cols * pitch))
    left = max(gap, (width - content_w) // 2)
    top = max(gap // 2, int(card_h * 0.12))
    origins = [(0, 0)] * piles.pile_count

    def mirror(x: int) -> int:
        return width - x - card_w if left_handed else x

    origins[STOCK] = (mirror(left), top)
    origins[WASTE] = (mirror(left + pitch), top)  # left-handed, the fan opens leftwards
    right_edge = left + content_w
    for n, f in enumerate(reversed(piles.foundation_range)):
        origins[f] = (mirror(right_edge - card_w - n * pitch), top)
    table_top = top + card_h + max(gap, int(card_h * 0.18))
    tab_left = left + (content_w - tableau_width) // 2
    for n, t in enumerate(piles.tableau_range):
        origins[t] = (mirror(tab_left + n * pitch), table_top)
    status = Rect(0, height - status_h, width, status_h)
    return TableLayout(
        width=width,
        height=height,
        card_w=card_w,
        card_h=card_h,
        piles=piles,
        origins=tuple(origins),
        tableau_bottom=height - status_h - max(4, gap // 2),
        status_rect=status,
        waste_step=int(card_w * WASTE_FAN_RATIO),
        waste_fan_max=fan_max,
        left_handed=left_handed,
    )


def fan_steps(layout: TableLayout, cards: int, down: int) -> tuple[float, float]:
    """Vertical steps over face-down and face-up cards for a tableau pile, squeezed so the
    pile never runs past the bottom of the table."""
    down_step = layout.card_h * DOWN_FAN_RATIO
    up_step = layout.card_h * UP_FAN_RATIO
    up = max(0, cards - down - 1)  # steps over face-up cards (the top card needs none)
    hidden = min(down, cards - 1) if cards else 0
    extent = hidden * down_step + up * up_step
    room = layout.tableau_bottom - layout.origins[layout.piles.tableau_range.start][1]
    room -= layout.card_h
    if extent > room > 0:
        scale = room / extent
        down_step *= scale
        up_step *= scale
    return down_step, up_step


def card_homes(state: State, layout: TableLayout, waste_fan: int) -> dict[int, Home]:
    """Card -> Home for every card on the table. ``waste_fan``: how many of the waste's top
    cards to spread (``Game.waste_fan()``, capped by the layout's fan)."""
    homes: dict[int, Home] = {}
    piles = layout.piles
    z = 0
    fan = min(waste_fan, layout.waste_fan_max)
    step_x = -layout.waste_step if layout.left_handed else layout.waste_step
    for index, pile in enumerate(state.piles):
        x0, y0 = layout.origins[index]
        n = len(pile)
        if piles.is_tableau(index):
            down = state.down[index]
            down_step, up_step = fan_steps(layout, n, down)
            y = float(y0)
            for pos, card in enumerate(pile):
                up = pos >= down
                homes[card] = Home(x0, int(round(y)), up, z, index, pos)
                y += up_step if up else down_step
                z += 1
        else:
            face_up = index != STOCK
            for pos, card in enumerate(pile):
                x = x0
                if index == WASTE and fan > 1:
                    slot = pos - (n - fan)  # 0 .. fan-1 for the fanned top cards
                    if slot > 0:
                        x = x0 + step_x * slot
                homes[card] = Home(x, y0, face_up, z, index, pos)
                z += 1
    return homes
