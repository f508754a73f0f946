"""The table's ``Board`` (``board.Board``): where its cards are, read from the sprites'
homes and the game shown, for the pointer and the keyboard focus. A mixin of
``TableScene``, which holds ``game``, ``layout`` and ``motion``; nothing here changes them.
"""

from __future__ import annotations

from .layout import Rect


class SpriteBoard:
    def card_at(self, x: float, y: float) -> tuple[int, int] | None:
        w, h = self.layout.card_w, self.layout.card_h
        best = None
        for sprite in self.motion.sprites.values():
            home = sprite.home
            if home.x <= x < home.x + w and home.y <= y < home.y + h:
                if best is None or home.z > best.z:
                    best = home
        return None if best is None else (best.pile, best.position)

    def pile_at(self, x: float, y: float) -> int | None:
        for pile in self.layout.shown():
            if self.layout.slot_rect(pile).contains(x, y):
                return pile
        return None

    def pile_rect(self, pile: int) -> Rect:
        cards = self.game.state.piles[pile]
        if not cards:
            return self.layout.slot_rect(pile)
        home = self.motion.sprites[cards[-1]].home
        return Rect(home.x, home.y, self.layout.card_w, self.layout.card_h)

    def cards(self, pile: int) -> tuple[int, ...]:
        return self.game.state.piles[pile]

    def pickable(self, pile: int, position: int) -> int:
        return self.game.pickable(pile, position)

    def face_up(self, pile: int, position: int) -> bool:
        return self.game.state.face_up(pile, position)

    def run_length(self, pile: int) -> int:
        return self.game.run_length(pile)

    def legal_targets(self, source: int, count: int) -> list[int]:
        return self.game.legal_targets(source, count)

    def best_target(self, source: int, count: int) -> int | None:
        """A foundation first, then a pile with cards, then a free cell, then an empty pile
        (a free cell costs less than an empty pile: it holds one card, the pile a run)."""
        targets = self.legal_targets(source, count)
        piles, layout = self.game.state.piles, self.game.layout
        targets.sort(
            key=lambda t: (not layout.is_foundation(t), not piles[t], not layout.is_cell(t), t)
        )
        return targets[0] if targets else None
