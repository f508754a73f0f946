"""The named policies of the deal, the stock and the score (see ``policies``, which
lists the choices each built-in game makes): how many cards each tableau pile is dealt,
which of them lie face up, where the stock deals, and what the score counts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import IS_RED, RANK, SUIT
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

FULL_SUIT = 13


@dataclass(frozen=True, slots=True)
class Tally:
    """What a score is counted from: the piles now (bottom to top) and what the deal did."""

    foundations: Sequence[Pile]
    tableau: Sequence[Pile]
    down: Sequence[int]  # the tableau piles' face-down counts now
    dealt_down: int = 0  # face-down cards the deal left on the tableau
    dealt_up: int = 0  # cards the deal put on the foundations
    dealt_tableau: int = 0  # cards the deal put on the tableau


def _on_foundations(t: Tally) -> int:
    return sum(map(len, t.foundations))


def _full(t: Tally) -> int:
    return sum(len(pile) == FULL_SUIT for pile in t.foundations)


def _pairs(t: Tally, pair: Callable[[int, int], bool]) -> int:
    """Face-up tableau cards lying on a card one rank higher that ``pair`` accepts."""
    count = 0
    for pile, hidden in zip(t.tableau, t.down, strict=True):
        for i in range(max(hidden, 0) + 1, len(pile)):
            card, onto = pile[i], pile[i - 1]
            count += RANK[onto] == RANK[card] + 1 and pair(card, onto)
    return count


def _in_suit(card: int, onto: int) -> bool:
    return SUIT[card] == SUIT[onto]


def _other_colour(card: int, onto: int) -> bool:
    return IS_RED[card] != IS_RED[onto]


def in_suit_pairs(tableau: Sequence[Pile], down: Sequence[int]) -> int:
    """Face-up tableau cards lying on the card of their suit one rank higher: Spider's and
    Scorpion's score, and Scorpion's progress in the search (``Relations.progress``)."""
    return _pairs(Tally((), tableau, down), _in_suit)


def _whole_runs(t: Tally) -> int:
    """Tableau piles that are one complete run in suit, King to Ace (Scorpion's goal)."""
    return sum(
        len(pile) == FULL_SUIT and hidden <= 0 and _pairs(Tally((), (pile,), (0,)), _in_suit) == 12
        for pile, hidden in zip(t.tableau, t.down, strict=True)
    )


@dataclass(frozen=True, slots=True)
class Counting:
    """A score from a ``Tally``, and the best score for (cards in the game, foundations,
    the tally: its ``dealt_*`` counts)."""

    score: Callable[[Tally], int]
    most: Callable[[int, int, Tally], int]


class Scoring(Policy):
    """What the score counts."""

    FOUNDATION_CARDS = (
        "foundation-cards",
        N_("one point per card on the foundations"),
        Counting(_on_foundations, lambda cards, f, t: cards),
    )
    FOUNDATION_CARDS_PLAYED = (
        "foundation-cards-played",
        N_("one point per card on the foundations, those put there by the deal left out"),
        Counting(lambda t: _on_foundations(t) - t.dealt_up, lambda cards, f, t: cards - t.dealt_up),
    )
    CARDS_AND_SUITS = (
        "cards-and-suits",
        N_("5 points per card on the foundations, 60 more per foundation completed"),
        Counting(
            lambda t: 5 * _on_foundations(t) + 60 * _full(t),
            lambda cards, f, t: 5 * cards + 60 * f,
        ),
    )
    CARDS_SUITS_AND_BUILDS = (
        "cards-suits-and-builds",
        N_(
            "5 points per card on the foundations, 60 more per foundation completed, 2 per "
            "face-up tableau card on the card one rank higher of the other colour"
        ),
        Counting(
            lambda t: 5 * _on_foundations(t) + 60 * _full(t) + 2 * _pairs(t, _other_colour),
            lambda cards, f, t: 5 * cards + 60 * f,
        ),
    )
    RUNS_IN_SUIT = (
        "runs-in-suit",
        N_(
            "one point per face-up card on the card of its suit one rank higher, and 12 per "
            "complete run on the foundations"
        ),
        Counting(
            lambda t: _pairs(t, _in_suit) + (FULL_SUIT - 1) * _full(t),
            lambda cards, f, t: (FULL_SUIT - 1) * f,
        ),
    )
    RUNS_TURNED_AND_COMPLETED = (
        "runs-turned-and-completed",
        N_(
            "one point per face-up card on the card of its suit one rank higher, 4 more per "
            "pile that is one complete run, 3 per face-down card turned up"
        ),
        Counting(
            lambda t: _pairs(t, _in_suit) + 4 * _whole_runs(t) + 3 * (t.dealt_down - sum(t.down)),
            lambda cards, f, t: (FULL_SUIT - 1 + 4) * (cards // FULL_SUIT) + 3 * t.dealt_down,
        ),
    )
    TABLEAU_CARDS_MOVED = (
        "tableau-cards-moved",
        N_("one point per card moved off the tableau"),
        Counting(
            lambda t: t.dealt_tableau - sum(map(len, t.tableau)),
            lambda cards, f, t: t.dealt_tableau,
        ),
    )

    def score(self, tally: Tally) -> int:
        return self.rule.score(tally)

    def most(self, cards: int, foundations: int, tally: Tally) -> int:
        return self.rule.most(cards, foundations, tally)
