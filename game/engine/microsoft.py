"""Microsoft FreeCell's numbered deals: deal N as the game shipped with Windows lays it out.

The numbering: Microsoft's FreeCell named its deals 1 to 32000, later versions 1 to
1,000,000; the generator below is defined for every seed from 1 to 2**31 - 1, and that is
the range taken here (past it, other programs disagree on what a deal is). Deal 11982 is the
one of 1-32000 that cannot be won.

The generator, as Jim Horne published it: the Microsoft C runtime's ``rand``, a linear
congruential generator seeded with the deal number,

    state = (state * 214013 + 2531011) mod 2**31,  rand() = state >> 16  (0 to 32767),

drawn over the deck in Microsoft's order (Aces first: clubs, diamonds, hearts, spades, then
the Twos, and so on up to the King of spades). While cards are left, ``rand() % left`` picks
one; it is dealt, and the last card left takes its place. The cards are dealt in the order
drawn, row by row across eight columns (the first eight cards start the columns, left to
right), so columns 1-4 get seven cards and columns 5-8 six: the order
``deal_order((7, 7, 7, 7, 6, 6, 6, 6))`` places them in (``deal.py``).

It stands beside ``deal.shuffled`` (every other game's deals) for the numbers FreeCell
players know; tests/engine/test_microsoft_deals.py pins it to published deals.
"""

from __future__ import annotations

from .cards import make_card
from .text import N_, EngineError, shown

FIRST_DEAL = 1
LAST_DEAL = 2**31 - 1
# The eight columns' heights, left to right, as Microsoft's FreeCell deals them.
COLUMNS = (7, 7, 7, 7, 6, 6, 6, 6)

_MULTIPLIER = 214013
_INCREMENT = 2531011
_MASK31 = 2**31 - 1
# Microsoft's deck order: index i is rank i // 4 + 1 of suit i % 4, the suits in the
# order clubs, diamonds, hearts, spades (which is also ours, so the suit carries over).
_MICROSOFT_DECK = tuple(make_card(i // 4 + 1, i % 4) for i in range(52))


def microsoft_order(number: int) -> tuple[int, ...]:
    """The 52 cards of Microsoft FreeCell deal ``number`` in dealing order, row by row
    across the eight columns, as ``deal_order(COLUMNS)`` places them. EngineError (a
    ValueError) for a number outside 1 to 2**31 - 1."""
    if type(number) is not int or not FIRST_DEAL <= number <= LAST_DEAL:
        problem = N_("a Microsoft FreeCell deal number is from {lowest} to {highest}, got {number}")
        raise EngineError(problem, lowest=FIRST_DEAL, highest=LAST_DEAL, number=shown(number))
    state = number
    deck = list(_MICROSOFT_DECK)
    dealt = []
    for left in range(len(deck), 0, -1):
        state = (state * _MULTIPLIER + _INCREMENT) & _MASK31
        pick = (state >> 16) % left
        dealt.append(deck[pick])
        deck[pick] = deck[left - 1]
    return tuple(dealt)
