"""The named policies of the deal, the stock and the score (see ``policies``, which
lists the choices each built-in game makes): how many cards each tableau pile is dealt,
which of them lie face up, where the stock deals, and what the score counts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import RANK, SUIT
from .policy import Policy, Refusal
from .refusals import Reason
from .text import N_

Pile = tuple[int, ...]

# -- dealing --------------------------------------------------------------------------------


def top_card_only(dealt: int) -> tuple[int, int]:
    """(face-down cards, cards shown face up among them) of a pile dealt ``dealt`` cards."""
    return max(0, dealt - 1), 0


def none_hidden(dealt: int) -> tuple[int, int]:
    return 0, 0


def alternate_rows(dealt: int) -> tuple[int, int]:
    """Rows face down and face up in turn from the bottom, the top card face up: the
    cards of the face-up rows below the top lie in the face-down part but are shown
    (their bits, position 0 = bottom)."""
    down = max(0, dealt - 1)
    shown = sum(1 << pos for pos in range(1, down, 2))
    return down, shown


class FaceUp(Policy):
    """Which dealt cards lie face up: the rule gives (down, shown) for a pile's size."""

    TOP = ("top", N_("the top card of each pile"), top_card_only)
    ALL = ("all", N_("every card"), none_hidden)
    ALTERNATE_ROWS = ("alternate-rows", N_("rows face down and face up in turn"), alternate_rows)

    def hidden(self, dealt: int) -> tuple[int, int]:
        return self.rule(dealt)


def triangle(piles: int) -> tuple[int, ...]:
    return tuple(range(1, piles + 1))


def reversed_triangle(piles: int) -> tuple[int, ...]:
    return tuple(range(piles, 0, -1))


def no_cards(piles: int) -> tuple[int, ...]:
    return (0,) * piles


class DealPattern(Policy):
    """How many cards each tableau pile is dealt: the rule gives the counts for N piles
    (None: the table lists them)."""

    TRIANGLE = ("triangle", N_("1, 2, 3, ... cards"), triangle)
    REVERSED_TRIANGLE = ("reversed-triangle", N_("..., 3, 2, 1 cards"), reversed_triangle)
    EMPTY = ("empty", N_("no cards"), no_cards)
    COUNTS = ("counts", N_("as the table lists"), None)

    def counts(self, piles: int) -> tuple[int, ...] | None:
        return None if self.rule is None else self.rule(piles)


# -- the stock ------------------------------------------------------------------------------


class StockTarget(Policy):
    """Where the stock deals."""

    WASTE = ("waste", N_("to the waste"))
    TABLEAU = ("tableau", N_("one card to each tableau pile"))
    RESERVES = ("reserves", N_("one card to each reserve pile"))
    NONE = (
        "none",
        N_("no stock: every card is dealt"),
        Refusal(Reason.NO_STOCK, N_("This game has no stock.")),
    )

    @property
    def reason(self) -> Reason | None:
        return self.rule.reason if self.rule else None


# ``stock.fill_empty_first``: a rule of the stock, not a choice among several.
FILL_EMPTY_FIRST = N_("Fill the empty piles first: the next deal waits for them.")


# -- scoring --------------------------------------------------------------------------------
# A score is counted from the piles: (foundation piles, tableau piles, the tableau piles'
# face-down counts), each pile bottom to top; ``most`` is the best score for (cards in the
# game, foundations).

FULL_SUIT = 13


def foundation_cards(
    foundations: Sequence[Pile], tableau: Sequence[Pile], down: Sequence[int]
) -> int:
    return sum(map(len, foundations))


def cards_and_suits(
    foundations: Sequence[Pile], tableau: Sequence[Pile], down: Sequence[int]
) -> int:
    """5 a card on the foundations, 60 more a foundation complete (Forty Thieves)."""
    return sum(5 * len(pile) + 60 * (len(pile) == FULL_SUIT) for pile in foundations)


def runs_in_suit(foundations: Sequence[Pile], tableau: Sequence[Pile], down: Sequence[int]) -> int:
    """One a face-up tableau card on the card of its suit one rank higher, twelve a
    complete run on the foundations: (length - 1) for every run in suit (Spider)."""
    score = sum(FULL_SUIT - 1 for pile in foundations if len(pile) == FULL_SUIT)
    for pile, hidden in zip(tableau, down, strict=True):
        for i in range(max(hidden, 0) + 1, len(pile)):
            card, onto = pile[i], pile[i - 1]
            score += SUIT[card] == SUIT[onto] and RANK[onto] == RANK[card] + 1
    return score


@dataclass(frozen=True, slots=True)
class Counting:
    score: Callable[[Sequence[Pile], Sequence[Pile], Sequence[int]], int]
    most: Callable[[int, int], int]


class Scoring(Policy):
    """What the score counts."""

    FOUNDATION_CARDS = (
        "foundation-cards",
        N_("one point per card on the foundations"),
        Counting(foundation_cards, lambda cards, foundations: cards),
    )
    CARDS_AND_SUITS = (
        "cards-and-suits",
        N_("5 points per card on the foundations, 60 more per foundation completed"),
        Counting(cards_and_suits, lambda cards, foundations: 5 * cards + 60 * foundations),
    )
    RUNS_IN_SUIT = (
        "runs-in-suit",
        N_(
            "one point per face-up card on the card of its suit one rank higher, and 12 per "
            "complete run on the foundations"
        ),
        Counting(runs_in_suit, lambda cards, foundations: (FULL_SUIT - 1) * foundations),
    )

    def score(
        self, foundations: Sequence[Pile], tableau: Sequence[Pile], down: Sequence[int]
    ) -> int:
        return self.rule.score(foundations, tableau, down)

    def most(self, cards: int, foundations: int) -> int:
        return self.rule.most(cards, foundations)
