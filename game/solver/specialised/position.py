"""The search's own compact position, and its key for the transposition table.

A position is a plain tuple ``(tableau, foundations, talon, waste_size, redeals_used)``
(tuples unpack faster than objects read attributes, and the search makes millions):

* ``tableau``: one ``bytes`` per pile, its first byte the number of face-down cards, then
  the cards bottom to top (cards are ints below 208, see ``game.engine.cards``);
* ``foundations``: a tuple of heights, ``decks`` slots per suit, kept in falling order
  within a suit so that two decks' foundations compare as multisets;
* ``talon``: the stock and the waste as one ``bytes``: the waste bottom to top, then the
  stock in the order it will be turned; ``waste_size`` splits the two;
* ``redeals_used``.
"""

from __future__ import annotations

from operator import itemgetter

from game.engine.cards import SUIT
from game.engine.rules import Rules
from game.engine.state import STOCK, WASTE, State, layout_for
from game.solver.specialised.tables import RuleTables


def position_of(state: State, rules: Rules) -> tuple:
    """The engine's state as a search position."""
    layout = layout_for(rules)
    decks = rules.decks
    tableau = tuple(bytes((state.down[i], *state.piles[i])) for i in layout.tableau_range)
    heights: list[list[int]] = [[] for _ in range(4)]
    for f in layout.foundation_range:
        pile = state.piles[f]
        if pile:
            heights[SUIT[pile[-1]]].append(len(pile))
    foundations: list[int] = []
    for suit in range(4):
        suit_heights = sorted(heights[suit], reverse=True)
        suit_heights += [0] * (decks - len(suit_heights))
        if len(suit_heights) != decks:
            raise ValueError("more foundations of one suit than decks")
        foundations += suit_heights
    talon = bytes(state.piles[WASTE]) + bytes(reversed(state.piles[STOCK]))
    return tableau, tuple(foundations), talon, len(state.piles[WASTE]), state.redeals_used


def cards_up(position: tuple) -> int:
    return sum(position[1])


def take_from_pile(pile: bytes, count: int) -> bytes:
    """The pile with its top ``count`` cards gone, the new top card turned up."""
    rest = pile[:-count]
    down = rest[0]
    if down and len(rest) - 1 == down:
        return bytes((down - 1,)) + rest[1:]
    return rest


def raise_foundation(foundations: tuple, slot: int) -> tuple:
    return foundations[:slot] + (foundations[slot] + 1,) + foundations[slot + 1 :]


def fresh_waste(tables: RuleTables, talon_size: int, waste_size: int) -> bool:
    """Does this waste size reach what a fresh pass reaches? True with one card a turn,
    when it is a whole number of turns, or when the whole talon is waste (a redeal
    away from a fresh pass)."""
    draw = tables.draw
    return draw == 1 or waste_size % draw == 0 or waste_size == talon_size


# A pile's parts (stack_swaps.pile_parts): its root, and its run cards as a number.
_root, _run_cards = itemgetter(0), itemgetter(1)


def position_key(tables: RuleTables, position: tuple) -> tuple[bytes, int]:
    """The canonical key of a position and its resource rank. Two positions with the same
    key differ only in how far the stock has been turned, and the one of lower rank can
    reach the other by turning the stock alone (docs/solver.md, "Transpositions and
    dominance"), so once a position has been searched, one with its key and a rank no
    lower need not be.

    The key: the piles sorted (their order does not matter), the talon, and the two copies
    of a card merged (two decks). The foundations are left out: they are the cards found
    nowhere else. Resources:

    * the waste size: turning ``draw`` cards at a time from a waste of size ``w`` reaches
      the sizes ``w + draw``, ``w + 2 draw``, ..., and the whole talon, so a size that is
      not a fresh-pass size (``fresh_waste``) keeps its remainder in the key and ranks by
      size; the fresh-pass sizes all share the key;
    * the redeals used, fewer being better: with limited redeals, a fresh-pass position
      ranks by (redeals used, waste size), as turning to the end and redealing reaches
      every fresh-pass position of the next pass; a position that is not fresh keeps its
      redeals in the key (``redeal_bytes``)."""
    tableau, _foundations, talon, waste, redeals = position
    two_decks = tables.decks > 1
    if tables.swap_keys:
        parts = list(map(tables.pile_parts.__getitem__, tableau))
        key = b"\xff".join(sorted(map(_root, parts))) + b"\xfd"
        key += sum(map(_run_cards, parts)).to_bytes(tables.run_mask_bytes, "little")
    elif two_decks:
        translation = tables.key_translation
        key = b"\xff".join(sorted([pile.translate(translation) for pile in tableau]))
    else:
        key = b"\xff".join(sorted(tableau))
    key += b"\xfe" + (talon.translate(tables.key_translation) if two_decks else talon)
    size = len(talon)
    fresh = fresh_waste(tables, size, waste)
    if tables.redeal_limit is None:
        return (key, 0) if fresh else (key + bytes((waste % tables.draw,)), waste)
    if fresh:
        return key, redeals * 1024 + waste
    return key + bytes((waste % tables.draw,)) + redeal_bytes(redeals), waste


def redeal_bytes(redeals: int) -> bytes:
    """The redeals used in a key: two bytes of seven bits each, both 128 or more so that
    they never read as a card of the talon (any number the engine allows, up to 16383)."""
    if not 0 <= redeals < 1 << 14:
        raise ValueError(f"redeals used outside 0 to 16383: {redeals}")
    return bytes((128 | redeals >> 7, 128 | redeals & 127))


def shadow_key(tables: RuleTables, key: bytes, position: tuple) -> tuple[bytes, int] | None:
    """A position whose waste size is not a fresh-pass size reaches, by turning to the end
    of the stock, the fresh-pass position of the same cards with the whole talon in the
    waste. Once it is searched, so is that one: (its key, its rank), or None."""
    talon, waste, redeals = position[2], position[3], position[4]
    size = len(talon)
    if fresh_waste(tables, size, waste):
        return None
    if tables.redeal_limit is None:
        return key[:-1], 0
    return key[:-3], redeals * 1024 + size
