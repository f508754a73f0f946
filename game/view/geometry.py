"""The table's proportions, in card widths and heights, and the rectangle they measure:
plain numbers shared by the arrangements (``arrangements``), the layout (``layout``) and the
cards' homes (``homes``)."""

from __future__ import annotations

from dataclasses import dataclass

CARD_ASPECT = 7 / 5  # height / width of the card art (240 x 336 units)
MIN_CARD_WIDTH = 22  # Baker's Dozen's thirteen piles in a 320-pixel window
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
# The reserves laid beside the tableau stand this much further from it, in card widths, so
# they do not read as its first piles: one step of the waste fan, which the layout already
# lays in whole pixels.
RESERVES_APART = WASTE_FAN
ROW_GAP = 0.16  # between rows of cards, in card heights
DOWN_STEP = 0.11  # fan step over a face-down card, in card heights
UP_STEP = 0.26  # fan step over a face-up card: the whole corner index shows
MIN_DOWN_STEP = 0.03  # squeezed, a face-down card still shows its edge
READABLE_UP_STEP = 0.13  # squeezed, the rank of a face-up card still shows
# Squeezed further than UP_STEP, a covered face-up card is drawn with the large index (face
# style "auto"), rank and suit side by side in a band across its top: this step shows the
# whole band (tools/make_faces.py; it ends at 0.131 of the height).
LARGE_INDEX_STEP = 0.14
# Room a tableau pile's fan needs below its first card, in card heights: the deal and a
# run of face-up cards at full step (two decks deal deeper piles and build longer ones).
MIN_FAN_ONE_DECK = 1.1
MIN_FAN_PER_EXTRA_DECK = 0.5
# A deeper deal (Yukon's eleven cards) asks for more: its face-down cards at full step, its
# face-up ones at the readable step, and this much more for a run built on it.
RUN_ROOM = 0.3
# Where any face-up cards move together (Yukon), long piles of face-up cards are the game:
# the fan has room for the deepest deal's face-down cards, an edge of each, under a run of
# this many face-up cards (King to Ace), each showing its whole large index.
LONG_RUN = 13
EDGE = 0.02  # margin at the window's left and right edges, in card widths...
MIN_EDGE = 2  # ...and at least this many pixels


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
