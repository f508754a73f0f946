"""The win: cards leap off the foundations one by one and bounce away across the felt.

The cascade is looks only: it moves copies of the foundation cards (``flyers``) and says
which cards have left (``launched``, so the table does not show them twice). It leaves no
trail, and reports ``done`` when the last card has gone; its owner then drops it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .layout import TableLayout

LAUNCH_EVERY = 0.11  # seconds between two cards leaving
BOUNCE = 0.72  # share of the speed a card keeps when it bounces off the status line


@dataclass
class Flyer:
    card: int
    x: float
    y: float
    vx: float
    vy: float


class WinCascade:
    def __init__(
        self, starts: list[tuple[int, float, float]], layout: TableLayout, seed: int = 0
    ) -> None:
        """``starts``: (card, x, y) in launch order (``launch_order``: the top cards
        first)."""
        rng = random.Random(seed)  # looks only: the engine's deal randomness is elsewhere
        self.layout = layout
        self.queue = []
        for card, x, y in starts:
            speed = layout.card_w * rng.uniform(1.6, 4.0)
            vx = speed * rng.choice((-1, 1))
            vy = -layout.card_h * rng.uniform(0.0, 3.0)
            self.queue.append(Flyer(card, x, y, vx, vy))
        self.flying: list[Flyer] = []
        self.launched: set[int] = set()
        self.clock = 0.0

    @property
    def done(self) -> bool:
        return len(self.launched) >= len(self.queue) and not self.flying

    def update(self, dt: float) -> None:
        lay = self.layout
        self.clock += dt
        while (
            len(self.launched) < len(self.queue) and self.clock >= len(self.launched) * LAUNCH_EVERY
        ):
            flyer = self.queue[len(self.launched)]
            self.flying.append(flyer)
            self.launched.add(flyer.card)
        gravity = lay.card_h * 14
        floor = lay.status_rect.y
        for f in self.flying:
            f.vy += gravity * dt
            f.x += f.vx * dt
            f.y += f.vy * dt
            if f.y + lay.card_h > floor:
                f.y = floor - lay.card_h
                f.vy = -abs(f.vy) * BOUNCE
        self.flying = [f for f in self.flying if -lay.card_w < f.x < lay.width]


def launch_order(all_piles, foundations: range) -> list[int]:
    """The cards that fly, top cards first, pile by pile: the foundations', or, where a game
    is won with none on them (Scorpion's runs, Golf's waste, Spider's runs left in the
    tableau), every pile's."""
    piles = [all_piles[f] for f in foundations]
    if not any(piles):
        piles = [pile for pile in all_piles if pile]
    depth = max((len(pile) for pile in piles), default=0)
    order = []
    for level in range(depth):
        for pile in piles:
            if len(pile) > level:
                order.append(pile[len(pile) - 1 - level])
    return order
