"""The table shapes of the Klondike family, as rules built from the built-in tables (the
contract's fields: reserves, where the stock deals), and deals with their reserves filled:
what the view must lay out, whatever the rule tables that later say so."""

from __future__ import annotations

import dataclasses

from game.engine.game import Game, new_game
from game.engine.policies import StockTarget
from game.engine.state import STOCK, State
from game.variants import get_variant


def _klondike(**changes):
    return dataclasses.replace(get_variant("klondike").rules(), **changes)


SHAPES = {
    # Canfield: one reserve of 13 under the stock, four tableau piles, three-card draws.
    "canfield": _klondike(tableau_piles=4, deal_counts=(1, 1, 1, 1), reserves=1, draw=3),
    # Lady Jane: seven reserves the stock deals to, no waste.
    "lady-jane": _klondike(reserves=7, stock_to=StockTarget.RESERVES),
    # Yukon: every card dealt, no stock; piles up to 11 deep.
    "yukon": _klondike(deal_counts=(1, 6, 7, 8, 9, 10, 11), stock_to=StockTarget.NONE),
    # Easthaven: the stock deals a card to each tableau pile.
    "easthaven": _klondike(deal_counts=(3,) * 7, stock_to=StockTarget.TABLEAU),
    # Westhaven: ten piles of three.
    "westhaven": _klondike(tableau_piles=10, deal_counts=(3,) * 10, redeals=0),
    # Jumbo: two decks, nine piles.
    "jumbo": dataclasses.replace(get_variant("double-klondike").rules(), draw=1),
}
RESERVE_CARDS = {"canfield": (13,), "lady-jane": (1,) * 7}


def dealt(name: str, seed: int = 1) -> Game:
    """A game of shape ``name`` with its reserves dealt from the stock (Canfield's face
    down but for the top card), as the family's rule tables deal them."""
    game = new_game(SHAPES[name], seed)
    counts = RESERVE_CARDS.get(name)
    if counts:
        state = game.state
        piles, down = list(state.piles), list(state.down)
        for r, count in zip(game.layout.reserve_range, counts, strict=True):
            piles[r], piles[STOCK] = piles[STOCK][-count:], piles[STOCK][:-count]
            down[r] = count - 1
        game.initial = game.state = State(tuple(piles), tuple(down), 0)
    if name == "yukon":  # pile n has n face-down cards, the rest of its cards face up
        down = list(game.state.down)
        for n, t in enumerate(game.layout.tableau_range):
            down[t] = n
        game.initial = game.state = State(game.state.piles, tuple(down), 0)
    return game
