"""What the table writes on and beside its piles, from the game alone: the faint label of
an empty slot (what it takes) and the count of a squared pile whose cards do not show."""

from __future__ import annotations

from collections.abc import Callable

from game.engine.cards import RANKS
from game.engine.game import Game
from game.engine.state import STOCK

from .geometry import Rect


def slot_labels(game: Game) -> dict[int, str | None]:
    """Pile -> the label of its empty slot: the stock's redeal sign, the rank an empty
    foundation takes (the mechanics say which: an Ace, a dealt base card's rank, none yet),
    what an empty tableau pile takes ("K", a rank, nothing said for anything)."""
    layout, mechanics, state = game.layout, game.mechanics, game.state
    labels: dict[int, str | None] = {STOCK: "redeal" if game.can_draw() else "no_redeal"}
    rank = mechanics.empty_foundation_rank(state)
    foundation_label = None if rank is None else RANKS[rank - 1].replace("T", "10")
    if mechanics.runs_up:  # Spider's: a whole run goes there, its King at the bottom
        foundation_label = "K"
    for f in layout.foundation_range:
        labels[f] = foundation_label
    tableau_label = mechanics.empty_tableau_label(state) or None
    for t in layout.tableau_range:
        labels[t] = tableau_label
    return labels


def reserve_counts(game: Game, top_rect: Callable[[int], Rect]) -> tuple[tuple[Rect, int], ...]:
    """(where a reserve's top card lies, how many cards the reserve holds) for each
    reserve of more than one card: squared, its count shows nowhere else."""
    piles = game.state.piles
    return tuple(
        (top_rect(r), len(piles[r])) for r in game.layout.reserve_range if len(piles[r]) > 1
    )
