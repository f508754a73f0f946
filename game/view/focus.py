"""Keyboard play: a highlighted focus moves between piles and cards; Enter picks up and
puts down. The keys themselves are bound in the key map (``game.app.keymap``); this module
only knows what moving the focus and pressing Enter mean on the table."""

from __future__ import annotations

from game.engine.commands import Draw, Move
from game.engine.state import STOCK

from .board import Board
from .intents import CannotLift, FocusActivate, FocusMove, Intent, Play


class KeyboardFocus:
    def __init__(self, first_pile: int) -> None:
        self.visible = False
        self.pile = first_pile
        self.depth = 1  # cards counted from the top of the focused pile
        self.held: tuple[int, int] | None = None  # (pile, count) picked up with Enter

    def handle(self, intent: FocusMove | FocusActivate, board: Board) -> list[Intent]:
        if isinstance(intent, FocusMove):
            if not self.visible:
                self.visible = True  # the first press shows where the focus is
            else:
                self._move(intent.dx, intent.dy, board)
            return []
        self.visible = True
        return self._activate(board)

    def let_go(self) -> bool:
        """Esc: put the held cards back; True when something was held."""
        held, self.held = self.held, None
        return held is not None

    # -- moving -----------------------------------------------------------------------------

    def _max_depth(self, board: Board) -> int:
        if not board.layout.piles.is_tableau(self.pile):
            return 1
        return max(1, board.run_length(self.pile))

    def clamp(self, board: Board) -> None:
        """After the game changed: keep the focus on cards that exist."""
        self.depth = max(1, min(self.depth, self._max_depth(board)))

    def _move(self, dx: int, dy: int, board: Board) -> None:
        rows = board.layout.rows()
        r = next(i for i, row in enumerate(rows) if self.pile in row)
        row = rows[r]
        if dx:
            self.pile = row[(row.index(self.pile) + dx) % len(row)]
            self.depth = 1
            return
        tableau = board.layout.piles.is_tableau(self.pile)
        if dy < 0 and tableau and self.depth < self._max_depth(board):
            self.depth += 1  # up a tableau pile: one more card of its run
        elif dy > 0 and tableau and self.depth > 1:
            self.depth -= 1
        elif 0 <= r + dy < len(rows):
            self.pile, self.depth = _nearest(rows[r + dy], self.pile, board), 1

    # -- Enter --------------------------------------------------------------------------------

    def _activate(self, board: Board) -> list[Intent]:
        if self.held is None:
            if self.pile == STOCK:
                return [Play(Draw())]
            cards = board.cards(self.pile)
            count = self.depth
            if not cards:
                return []
            position = max(0, len(cards) - count)
            if board.pickable(self.pile, position) == count:
                self.held = (self.pile, count)
                return []
            return [CannotLift(self.pile, position)]
        pile, count = self.held
        self.held = None
        self.depth = 1
        if pile == self.pile:
            return []
        return [Play(Move(pile, self.pile, count))]

    def focused_cards(self, board: Board) -> list[int]:
        cards = board.cards(self.pile)
        return list(cards[-self.depth :]) if cards else []


def _nearest(row: list[int], pile: int, board: Board) -> int:
    x = board.layout.origins[pile][0]
    return min(row, key=lambda p: abs(board.layout.origins[p][0] - x))
