"""Cards as small integers, with their short codes.

A card is an int: ``deck * 52 + suit * 13 + (rank - 1)``. Keeping cards as plain ints makes
piles cheap tuples and move generation fast; the deck number keeps the two copies of a card
in a two-deck game apart (a sprite needs to know which physical card it is), while its code
("AS", "TD", "KH") is the same for both.
"""

from __future__ import annotations

from .text import N_, EngineError, N_plural, shown

RANKS = "A23456789TJQK"
SUITS = "CDHS"
RED_SUITS = frozenset("DH")
CARDS_PER_DECK = 52
MAX_DECKS = 4
# A deck of chosen suits (Spider's one-suit deck: four decks' worth of spades a pack of 52)
# holds more copies of a card than there are decks: up to four per deck.
MAX_COPIES = 4 * MAX_DECKS

# Per-card lookup tables, indexed by card int: a table look-up beats arithmetic in hot loops.
RANK = tuple((c % 13) + 1 for c in range(CARDS_PER_DECK * MAX_COPIES))
SUIT = tuple((c % CARDS_PER_DECK) // 13 for c in range(CARDS_PER_DECK * MAX_COPIES))
IS_RED = tuple(SUITS[s] in RED_SUITS for s in SUIT)
CODE = tuple(RANKS[RANK[c] - 1] + SUITS[SUIT[c]] for c in range(CARDS_PER_DECK * MAX_COPIES))

KING = 13
ACE = 1


def make_card(rank: int, suit: int, deck: int = 0) -> int:
    return deck * CARDS_PER_DECK + suit * 13 + (rank - 1)


def parse_code(code: str) -> tuple[int, int]:
    """``"TD"`` -> (rank, suit). Raises EngineError (a ValueError) naming the bad code."""
    text = code.strip().upper()
    if len(text) == 3 and text.startswith("10"):
        text = "T" + text[2]
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        problem = N_("unknown card {code} (expected rank A23456789TJQK and suit CDHS)")
        raise EngineError(problem, code=shown(code))
    return RANKS.index(text[0]) + 1, SUITS.index(text[1])


def full_deck(decks: int, suits: str = SUITS) -> list[int]:
    """Every card of ``decks`` decks in the fixed starting order (deck, suit C D H S, rank
    A-K). With fewer ``suits`` (Spider's one- and two-suit decks) the same number of cards,
    each chosen suit repeated: copy by copy, the suits in C D H S order, rank A-K."""
    if not 1 <= decks <= MAX_DECKS:
        raise ValueError(f"decks must be 1..{MAX_DECKS}, got {decks}")
    if suits == SUITS:
        return list(range(decks * CARDS_PER_DECK))
    chosen = sorted(SUITS.index(s) for s in suits)
    copies = copies_of(decks, suits)
    return [make_card(r, s, copy) for copy in range(copies) for s in chosen for r in range(1, 14)]


def copies_of(decks: int, suits: str = SUITS) -> int:
    """How many copies of each card ``decks`` decks of ``suits`` hold."""
    return decks * len(SUITS) // len(suits)


def cards_from_codes(codes: list[str], decks: int, suits: str = SUITS) -> list[int]:
    """Turn a list of codes into distinct cards, checking it is exactly ``decks`` full decks
    (of ``suits``).

    The n-th occurrence of a code becomes that card of deck n. Raises EngineError naming
    unknown, surplus or missing cards.
    """
    seen: dict[tuple[int, int], int] = {}
    cards = []
    copies = copies_of(decks, suits)
    for code in codes:
        rank, suit = parse_code(code)
        copy = seen.get((rank, suit), 0)
        if SUITS[suit] not in suits:
            problem = N_("card {card} is not in this game's deck (its suits: {suits})")
            raise EngineError(problem, card=code.upper(), suits=suits)
        if copy >= copies:
            problem = N_plural(
                "card {card} appears more than {count} time",
                "card {card} appears more than {count} times",
            )
            raise EngineError(problem, card=code.upper(), count=copies)
        seen[(rank, suit)] = copy + 1
        cards.append(make_card(rank, suit, copy))
    expected = decks * CARDS_PER_DECK
    if len(cards) != expected:
        missing = [
            RANKS[r - 1] + SUITS[s]
            for s in range(4)
            for r in range(1, 14)
            if SUITS[s] in suits and seen.get((r, s), 0) < copies
        ]
        problem = N_plural(
            "deck has {count} card, expected {expected}; missing: {missing}",
            "deck has {count} cards, expected {expected}; missing: {missing}",
        )
        raise EngineError(problem, count=len(cards), expected=expected, missing=" ".join(missing))
    return cards
