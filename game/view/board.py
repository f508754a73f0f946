"""What input handlers may ask of the table: a read-only view of where things are.

The pointer and the keyboard focus are given a ``Board`` with each event; they read it and
answer with intents. They never change the game or the table's fields.
"""

from __future__ import annotations

from typing import Protocol

from .layout import Rect, TableLayout


class Board(Protocol):
    @property
    def layout(self) -> TableLayout: ...

    def card_at(self, x: float, y: float) -> tuple[int, int] | None:
        """(pile, position) of the topmost card under the point, None if none."""

    def pile_at(self, x: float, y: float) -> int | None:
        """The pile whose empty slot is under the point."""

    def pile_rect(self, pile: int) -> Rect:
        """What a drop onto ``pile`` aims at: its top card, or its empty slot."""

    def cards(self, pile: int) -> tuple[int, ...]:
        """The cards of ``pile``, bottom to top."""

    def pickable(self, pile: int, position: int) -> int:
        """How many cards a grab at ``position`` of ``pile`` lifts (0: none may move)."""

    def face_up(self, pile: int, position: int) -> bool: ...

    def run_length(self, pile: int) -> int:
        """How many cards from the top of ``pile`` may move together now."""

    def legal_targets(self, source: int, count: int) -> list[int]:
        """The piles the top ``count`` cards of ``source`` may go to now."""

    def best_target(self, source: int, count: int) -> int | None:
        """Click to move: where those cards go best (a foundation, then a pile with cards,
        then an empty one); None when nowhere."""
