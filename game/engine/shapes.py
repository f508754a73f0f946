"""The named policies of the piles' shape beyond the Klondike family's: how many cards may
move together as the free cells and empty piles allow, and what a foundation takes (see
``vocabulary`` for their keys; ``policies`` for the Klondike family's kinds)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .deal import MAX_SEED
from .microsoft import FIRST_DEAL, LAST_DEAL, microsoft_order
from .policy import Policy, Refusal
from .refusals import Reason
from .text import N_


def no_limit(free_cells: int, empty_piles: int) -> int | None:
    return None


def by_free_space(free_cells: int, empty_piles: int) -> int:
    """What free cells and empty piles would move one card at a time: each free cell holds
    one card of the run, and each empty pile doubles what the cells move (a run parked
    there and brought back on top). ``empty_piles`` leaves out the target itself."""
    return (free_cells + 1) << empty_piles


@dataclass(frozen=True, slots=True)
class Limiting:
    """How many cards may move together: (free cells, empty piles but the target) ->
    the most (None: as many as the run policy lets move)."""

    most: Callable[[int, int], int | None]


class MoveLimit(Policy):
    """How many cards of a run may move together."""

    NONE = ("none", N_("as many as the run policy lets move"), Limiting(no_limit))
    FREE_CELLS = (
        "free-cells",
        N_("one more than the free cells (empty piles do not count)"),
        Limiting(lambda free_cells, empty_piles: free_cells + 1),
    )
    FREE_SPACE = (
        "free-cells-and-piles",
        N_(
            "as many as the free cells and empty piles would move one at a time: "
            "(free cells + 1) doubled for each empty pile that is not the target"
        ),
        Limiting(by_free_space),
    )

    def most(self, free_cells: int, empty_piles: int) -> int | None:
        return self.rule.most(free_cells, empty_piles)


@dataclass(frozen=True, slots=True)
class Taking:
    """What a foundation takes: single cards up in suit, or only a complete run at once
    (``run``), and the refusal of anything else."""

    run: bool
    refusal: Refusal | None


class FoundationTakes(Policy):
    """What a foundation takes."""

    CARDS = ("cards", N_("one card at a time, up in suit"), Taking(False, None))
    RUNS = (
        "runs",
        N_("a complete run in suit from King down to Ace, all at once; it stays there"),
        Taking(
            True,
            Refusal(
                Reason.FOUNDATION_TAKES_RUNS,
                N_("A foundation takes only a whole run in suit, from King down to Ace."),
            ),
        ),
    )

    @property
    def runs(self) -> bool:
        return self.rule.run


# -- the goal -------------------------------------------------------------------------------


class Goal(Policy):
    """When the game is won."""

    FOUNDATIONS = ("foundations", N_("every card on the foundations"))
    TABLEAU_RUNS = (
        "tableau-runs",
        N_("every tableau pile empty or one complete run in suit, King to Ace (Scorpion)"),
    )
    TABLEAU_CLEARED = ("tableau-cleared", N_("every tableau card moved to the waste (Golf)"))
    FOUNDATIONS_OR_TABLEAU_RUNS = (
        "foundations-or-tableau-runs",
        N_(
            "every card on the foundations, or every card left in the tableau in complete "
            "runs in suit, King to Ace, with the foundations empty (Spider)"
        ),
    )

    @property
    def needs_foundations(self) -> bool:
        """Does this goal have the foundations (four a deck)?"""
        return self in (Goal.FOUNDATIONS, Goal.FOUNDATIONS_OR_TABLEAU_RUNS)


# -- the waste as a pile to build on (Golf) --------------------------------------------------


def adjacent_rank(card_rank: int, onto_rank: int) -> bool:
    """One rank above or below, whatever the suit; nothing goes on a King and only a Two on
    an Ace (no turning the corner)."""
    return onto_rank != 13 and abs(card_rank - onto_rank) == 1


class WasteBuild(Policy):
    """What the waste takes from the tableau."""

    NONE = ("none", N_("nothing: only the stock turns cards onto it"), None)
    UP_OR_DOWN = (
        "up-or-down",
        N_(
            "a tableau card one rank above or below its top card, whatever the suit; "
            "nothing on a King"
        ),
        adjacent_rank,
    )

    def takes(self, card_rank: int, onto_rank: int) -> bool:
        return self.rule is not None and self.rule(card_rank, onto_rank)


# The refusal of a card the waste does not take (``WasteBuild.UP_OR_DOWN``).
WASTE_TAKES = Refusal(
    Reason.WASTE_TAKES, N_("The waste takes a card one rank above or below {onto}, not {card}.")
)


class FoundationStart(Policy):
    """What the foundations hold before the deal."""

    EMPTY = ("empty", N_("nothing"))
    ACES = ("aces", N_("the Aces, one on each, taken out before the shuffle"))


# -- deal numbers ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Numbers:
    """A numbering of the deals: the first and last number, and the cards of deal N in
    dealing order from the full deck (None: the game's own shuffle, ``deal.shuffled``)."""

    first: int
    last: int
    order: Callable[[int], tuple[int, ...]] | None


class Numbering(Policy):
    """Which cards a deal number gives."""

    OWN = ("own", N_("this game's own shuffle, for any number"), Numbers(0, MAX_SEED, None))
    MICROSOFT = (
        "microsoft",
        N_("Microsoft FreeCell's deals 1 to 2147483647 (one deck, eight piles of 7 and 6)"),
        Numbers(FIRST_DEAL, LAST_DEAL, microsoft_order),
    )

    @property
    def first(self) -> int:
        return self.rule.first

    @property
    def last(self) -> int:
        return self.rule.last

    def holds(self, number: int) -> bool:
        return self.rule.first <= number <= self.rule.last

    def spread(self, number: int) -> int:
        """A deal number of this numbering from any ``number`` >= 0: itself where it is one
        (so random picks below a billion keep their numbers in the game's own shuffle)."""
        first, last = self.rule.first, self.rule.last
        return first + number % (last - first + 1)


# -- which way the foundations build ---------------------------------------------------------


class FoundationDirection(Policy):
    """Which way the foundations build in suit: the rule is the rank step."""

    UP = ("up", N_("up in suit, from the Ace to the King"), 1)
    DOWN = ("down", N_("down in suit, from the King to the Ace"), -1)

    @property
    def step(self) -> int:
        return self.rule
