"""The named policies of the deal, the stock and the score (see ``policies``, which
lists the choices each built-in game makes): how many cards each tableau pile is dealt,
which of them lie face up, where the stock deals, and what the score counts."""

from __future__ import annotations

from .policy import Policy, Refusal
from .refusals import Reason
from .text import N_

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


def foundation_cards(on_foundations: int) -> int:
    return on_foundations


class Scoring(Policy):
    """What the score counts: the rule gives the score from the cards on the foundations."""

    FOUNDATION_CARDS = (
        "foundation-cards",
        N_("one point per card on the foundations"),
        foundation_cards,
    )

    def score(self, on_foundations: int) -> int:
        return self.rule(on_foundations)
