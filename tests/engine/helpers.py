"""Hand-made positions for engine tests."""

from __future__ import annotations

from game.engine.cards import CODE, RANK, cards_from_codes, make_card, parse_code
from game.engine.deal import deal_order
from game.engine.game import Game, new_game
from game.engine.policies import FoundationBase
from game.engine.rules import Rules
from game.engine.state import STOCK, State, layout_for
from game.variants import get_variant

# A Klondike tableau (piles bottom to top) with a few plays in it: QS, JD and TC build a
# run, KH takes a Queen, the Aces are buried.
SAMPLE_TABLEAU = [
    "KS",
    "2C KH",
    "3C 2D QS",
    "4C 3D 2H JD",
    "5C 4D 3H 2S TC",
    "6C 5D 4H 3S AC 9H",
    "7C 6D 5H 4S AD AH 8S",
]


def rules(variant: str = "klondike", mode: str | None = None) -> Rules:
    return get_variant(variant).rules(mode)


def card(code: str, deck: int = 0) -> int:
    rank, suit = parse_code(code)
    return make_card(rank, suit, deck)


def codes(cards) -> list[str]:
    return [CODE[c] for c in cards]


def deck_for(r: Rules, tableau: list[str], stock_top_first: str = "") -> list[str]:
    """The explicit deck order that deals ``tableau`` (one string per pile, bottom to top)
    and leaves ``stock_top_first`` in the stock (first code on top); other cards of the
    variant fill the rest of the stock."""
    piles = [p.split() for p in tableau]
    assert [len(p) for p in piles] == list(r.deal_counts), "pile sizes must match the deal"
    positions = [0] * len(piles)
    order = []
    for pile in deal_order(r.deal_counts):
        order.append(piles[pile][positions[pile]])
        positions[pile] += 1
    stock = stock_top_first.split()
    used = order + stock
    rest = []
    counts: dict[str, int] = {}
    for c in used:
        counts[c] = counts.get(c, 0) + 1
    for copy in range(r.decks):
        for s in "CDHS":
            for rank in "A23456789TJQK":
                code = rank + s
                if counts.get(code, 0) > copy:
                    continue
                rest.append(code)
    return order + stock + rest


def game_from(r: Rules, tableau: list[str], stock_top_first: str = "") -> Game:
    return new_game(r, deck=cards_from_codes(deck_for(r, tableau, stock_top_first), r.decks))


def position(
    r: Rules,
    piles: dict[str, str],
    down: dict[str, int] | None = None,
    redeals_used: int = 0,
) -> State:
    """A hand-built state: pile name -> codes bottom to top (``""`` for empty). Cards need
    not be conserved; mechanics tests look only at the piles they name."""
    layout = layout_for(r)
    cards = [()] * layout.pile_count
    seen: dict[str, int] = {}
    for name, text in piles.items():
        pile = []
        for code in text.split():
            copy = seen.get(code, 0)
            seen[code] = copy + 1
            pile.append(card(code, copy))
        cards[layout.index(name)] = tuple(pile)
    down_list = [0] * layout.pile_count
    for name, n in (down or {}).items():
        down_list[layout.index(name)] = n
    down_list[STOCK] = 0
    return State(tuple(cards), tuple(down_list), redeals_used, base=dealt_base(r, cards))


def dealt_base(r: Rules, piles) -> int:
    """The base rank a deal would have fixed: the first foundation's first card's, where
    the rules deal a base card (0 where the base is the Ace, or none is given)."""
    first = piles[layout_for(r).foundation_range.start]
    return RANK[first[0]] if r.foundation_base == FoundationBase.DEALT and first else 0


def game_at(r: Rules, state: State) -> Game:
    """A game whose current position is ``state`` (its deal is irrelevant)."""
    g = new_game(r, seed=0)
    g.initial = state
    g.state = state
    return g


__all__ = ["cards_from_codes"]
