"""The kinds of search moves (see ``moves``): tuples, their kind first."""

from __future__ import annotations

PILE_TO_PILE = 0  # (PILE_TO_PILE, source, target, count)
PILE_UP = 1  # (PILE_UP, source)
TALON_UP = 2  # (TALON_UP, waste size after turning, redeal)
TALON_TO_PILE = 3  # (TALON_TO_PILE, waste size after turning, redeal, target)
FOUNDATION_TO_PILE = 4  # (FOUNDATION_TO_PILE, suit, height, target)
SPLIT_UP = 5  # (SPLIT_UP, source, target, count): then the uncovered card goes up


def move_target(move) -> int:
    """The tableau pile a move lays a card on, or -1."""
    kind = move[0]
    if kind == PILE_TO_PILE or kind == SPLIT_UP:
        return move[2]
    if kind == TALON_TO_PILE or kind == FOUNDATION_TO_PILE:
        return move[3]
    return -1
