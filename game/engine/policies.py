"""The named policies a rule table chooses from, each value with the one function it means.

A variant is data: its table names a policy (how the tableau builds, what an empty pile
takes, which dealt cards lie face up, how the tableau is dealt) and the engine looks up
the function that policy stands for once, when the rules are compiled. Nothing else
compares policy strings.

The foundations are not a policy: in this family they always build up in suit from the
Ace (``FOUNDATION_BASE``), so the tables do not pretend to offer a choice.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from .cards import ACE, IS_RED, KING, RANK, SUIT

FOUNDATION_BASE = ACE  # an empty foundation takes this rank; each card then goes up in suit


class Build(StrEnum):
    """How the tableau builds: always one rank down, and by colour, suit or anything."""

    ALTERNATE_COLOUR = "down-alternate-colour"
    SAME_SUIT = "down-same-suit"
    ANY_SUIT = "down-any-suit"


class EmptyPile(StrEnum):
    """What an empty tableau pile takes."""

    KING = "king"
    ANY = "any"
    NONE = "none"


class FaceUp(StrEnum):
    """Which tableau cards are dealt face up."""

    TOP = "top"
    ALL = "all"


class DealPattern(StrEnum):
    """How many cards each tableau pile is dealt."""

    TRIANGLE = "triangle"  # 1, 2, ..., piles
    COUNTS = "counts"  # as the table's own list


class StockTarget(StrEnum):
    """Where the stock deals."""

    WASTE = "waste"
    TABLEAU = "tableau"  # one card to each tableau pile
    RESERVES = "reserves"  # one card to each reserve pile
    NONE = "none"  # no stock: all cards are dealt


# -- building down --------------------------------------------------------------------------


def alternate_colours(card: int, onto: int) -> bool:
    return RANK[onto] == RANK[card] + 1 and IS_RED[onto] != IS_RED[card]


def same_suit(card: int, onto: int) -> bool:
    return RANK[onto] == RANK[card] + 1 and SUIT[onto] == SUIT[card]


def any_suit(card: int, onto: int) -> bool:
    return RANK[onto] == RANK[card] + 1


BUILDS_ON: dict[Build, Callable[[int, int], bool]] = {
    Build.ALTERNATE_COLOUR: alternate_colours,
    Build.SAME_SUIT: same_suit,
    Build.ANY_SUIT: any_suit,
}

# -- empty piles ----------------------------------------------------------------------------


def only_a_king(card: int) -> bool:
    return RANK[card] == KING


def any_card(card: int) -> bool:
    return True


def no_card(card: int) -> bool:
    return False


EMPTY_TAKES: dict[EmptyPile, Callable[[int], bool]] = {
    EmptyPile.KING: only_a_king,
    EmptyPile.ANY: any_card,
    EmptyPile.NONE: no_card,
}

# The faint letter drawn in an empty tableau slot: what it takes ("" for anything).
EMPTY_LABEL: dict[EmptyPile, str] = {EmptyPile.KING: "K", EmptyPile.ANY: "", EmptyPile.NONE: ""}


# -- dealing --------------------------------------------------------------------------------


def top_card_only(dealt: int) -> int:
    """Face-down cards of a pile dealt ``dealt`` cards: all but the top one."""
    return max(0, dealt - 1)


def none_hidden(dealt: int) -> int:
    return 0


FACE_DOWN_COUNT: dict[FaceUp, Callable[[int], int]] = {
    FaceUp.TOP: top_card_only,
    FaceUp.ALL: none_hidden,
}


def triangle(piles: int) -> tuple[int, ...]:
    return tuple(range(1, piles + 1))
