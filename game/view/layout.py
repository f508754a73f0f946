"""Where everything goes on the table, from the window size: pure arithmetic, no pygame.

``table_layout`` tries each arrangement of the piles (``arrangements``: classic, stacked,
sides, each with the reserves aside or in a row) and keeps the one with the largest cards.
In each, cards are as wide as the width allows, unless the height cannot then hold the
arrangement's rows and a pile's fan of about a card height and more (``Shape.fan``). Long
piles squeeze their own fan (``homes.fan_steps``) so they never run off the bottom.

``homes.card_homes`` then gives every card its home (position, face, stacking order) as a
pure function of the engine state and the layout.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.rules import Rules
from game.engine.state import Layout

from .arrangements import Plan, place, plans, shape_for
from .geometry import (
    CARD_ASPECT,
    EDGE,
    GAP,
    GAP_GIVES_WAY,
    MIN_CARD_WIDTH,
    MIN_EDGE,
    MIN_GAP,
    MIN_GAP_PX,
    WASTE_FAN,
    Rect,
)

# The band kept free of cards above the status line, in status-line heights: a message (a
# hint, a refusal) shows there without covering the bottom cards of a long pile; a longer
# one reaches down over the status line (three lines fit in both).
MESSAGE_BAND = 1.5


def status_height(width: int, height: int) -> int:
    """The status line: readable at 640x480, not a band across a 4K screen."""
    return max(24, min(56, round(min(height * 0.045, width * 0.032))))


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
    hidden: frozenset[int] = frozenset()  # piles not drawn: no stock, or no waste
    reserves_at: str = ""  # "aside", "row", "talon" (in its row), or "" without reserves
    fan: float = 0.0  # card heights the tableau's fan was given room for

    def slot_rect(self, pile: int) -> Rect:
        x, y = self.origins[pile]
        return Rect(x, y, self.card_w, self.card_h)

    def shown(self) -> list[int]:
        """The piles drawn on the table."""
        return [p for p in range(self.piles.pile_count) if p not in self.hidden]

    def rows(self) -> list[list[int]]:
        """The piles in rows as the eye sees them (top to bottom, left to right): keyboard
        focus moves along these."""
        by_y: dict[int, list[int]] = {}
        for pile in self.shown():
            by_y.setdefault(self.origins[pile][1], []).append(pile)
        return [sorted(by_y[y], key=lambda p: self.origins[p][0]) for y in sorted(by_y)]


@dataclass(frozen=True, slots=True)
class Home:
    x: int
    y: int
    face_up: bool
    z: int  # stacking order over the whole table: higher draws later
    pile: int
    position: int  # 0 = bottom of the pile
    # A face-up card whose corner index the card on it covers (a squeezed fan): drawn with
    # the large index, unless the player chose the standard one (``card_styles``).
    squeezed: bool = False


def _card_width(plan: Plan, width: int, usable_h: float) -> tuple[int, int]:
    """(card width, what the width alone allows with full gaps) for ``plan`` here."""
    room = width - 2 * MIN_EDGE
    by_width = room / plan.across(GAP)
    by_height = usable_h / (plan.height() * CARD_ASPECT)
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
    shape = shape_for(rules)
    line_h = status_height(width, height)
    status_h = line_h * footer_rows
    band_h = round(line_h * MESSAGE_BAND)
    usable_h = height - status_h - band_h
    best = None
    for plan in plans(shape):
        card_w, allows = _card_width(plan, width, usable_h)
        # A new arrangement must be clearly better (5%) to leave the familiar one.
        score = card_w * (1.0 if plan.name == "classic" else 0.95)
        if best is None or score > best[0]:
            best = (score, plan, card_w, allows)
    _, plan, card_w, allows = best
    card_h = round(card_w * CARD_ASPECT)
    gap = _column_gap(plan, width, card_w)
    origins = place(plan, shape, width, card_w, card_h, gap, left_handed)
    return TableLayout(
        width=width,
        height=height,
        card_w=card_w,
        card_h=card_h,
        piles=shape.piles,
        arrangement=plan.name,
        origins=tuple(origins),
        tableau_bottom=height - status_h - band_h,
        status_rect=Rect(0, height - status_h, width, status_h),
        message_rect=Rect(0, height - status_h - band_h, width, band_h + status_h),
        waste_step=_waste_step(plan.name, card_w, card_h, left_handed),
        waste_fan_max=shape.fan_cards,
        width_allows=allows,
        left_handed=left_handed,
        hidden=shape.hidden,
        reserves_at=plan.reserves_at,
        fan=shape.fan,
    )


def _column_gap(plan: Plan, width: int, card_w: int) -> int:
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
