"""The win: cards leap off the foundations one by one and bounce away, leaving trails."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.cards import CODE

if TYPE_CHECKING:
    from .renderer import TableRenderer
    from .table import TableScene

LAUNCH_EVERY = 0.11  # seconds between two cards leaving
STEP = 1 / 120


@dataclass
class Flyer:
    card: int
    x: float
    y: float
    vx: float
    vy: float


class WinCascade:
    def __init__(self, scene: TableScene, seed: int = 0) -> None:
        self.scene = scene
        rng = random.Random(seed)  # looks only: the engine's deal randomness is elsewhere
        state = scene.game.state
        foundations = list(scene.game.layout.foundation_range)
        self.queue: list[tuple[int, float, float]] = []
        depth = max((len(state.piles[f]) for f in foundations), default=0)
        for level in range(depth):  # Kings first, foundation by foundation
            for f in foundations:
                pile = state.piles[f]
                if len(pile) > level:
                    card = pile[len(pile) - 1 - level]
                    speed = scene.layout.card_w * rng.uniform(1.6, 4.0)
                    vx = speed * rng.choice((-1, 1))
                    vy = -scene.layout.card_h * rng.uniform(0.0, 3.0)
                    self.queue.append((card, vx, vy))
        self.flying: list[Flyer] = []
        self.clock = 0.0
        self.launched = 0
        self.trail: list[tuple[int, float, float]] = []

    @property
    def done(self) -> bool:
        return self.launched >= len(self.queue) and not self.flying

    def update(self, dt: float) -> None:
        lay = self.scene.layout
        self.clock += dt
        while self.launched < len(self.queue) and self.clock >= self.launched * LAUNCH_EVERY:
            card, vx, vy = self.queue[self.launched]
            home = self.scene.motion.sprites[card].home
            self.flying.append(Flyer(card, home.x, home.y, vx, vy))
            self.launched += 1
        gravity = lay.card_h * 14
        floor = lay.status_rect.y
        for f in self.flying:
            f.vy += gravity * dt
            f.x += f.vx * dt
            f.y += f.vy * dt
            if f.y + lay.card_h > floor:
                f.y = floor - lay.card_h
                f.vy = -abs(f.vy) * 0.72
            self.trail.append((f.card, f.x, f.y))
        self.flying = [f for f in self.flying if -lay.card_w < f.x < lay.width]
        if self.done:
            self.scene.cascade = None

    def draw(self, renderer: TableRenderer) -> None:
        """Stamp the positions since the last frame onto the table: the trails stay."""
        for card, x, y in self.trail[-240:]:
            renderer.stamp(renderer.art.face(CODE[card]), (int(x), int(y)))
        self.trail.clear()
        renderer.restamp_decorations()
