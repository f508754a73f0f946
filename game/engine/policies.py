"""The named policies a rule table chooses from: each one value, with its test, its label
and, where it refuses something, its reason and the English sentence for that reason.

A variant is data: its table names a policy (how the tableau builds, what moves as a unit,
what an empty pile takes, how the cards are dealt, where the stock deals, ...) and the
engine reads the member's function once, when the rules are compiled. Nothing else
compares policy strings. A new policy is one function and one member line here (and, for a
new kind of refusal, one ``Reason``); ``game.i18n.wording`` words every refusal sentence
declared here (``SENTENCES``), so it stays the one module that makes sentences.

Which policies each built-in game uses (game/variants/*.toml say why):

=================  ===========================================================================
klondike           triangle, top up; down alternate colour; built runs; King; Ace up; waste
saratoga           as Klondike, every card up
double-klondike    as Klondike with two decks and nine piles
whitehead          triangle all up; down same colour; runs in suit; any card; waste, no redeal
thumb-and-pouch    triangle; down any suit but its own; built runs; any card; two redeals
westhaven          ten rows of 3, 2 down; top card or whole face-up part; any card; no return
easthaven          seven rows of 3, 2 down; King; stock to the tableau, empty piles first
agnes              triangle; down same colour, wrapping; nothing on an empty pile; dealt base,
                   foundations wrap; stock to the tableau
gold-mine          empty tableau; any card; three at a time, no redeal
athena             four rows alternately down and up; otherwise Klondike
jumbo              two decks, reversed triangle of nine; one redeal
yukon              triangle plus four face-up cards on piles 2-7; any face-up group; no stock
canfield           reserve of 13 (top up) dealt first; four piles of one; dealt base, wrapping;
                   an empty pile filled at once from the reserve; three at a time, unlimited
lady-jane          seven reserves of one, stock to the reserves; triangle; empty takes the rank
                   below the base; dealt base, wrapping
=================  ===========================================================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .cards import ACE, IS_RED, KING, RANK, SUIT
from .dealing import (
    FILL_EMPTY_FIRST,
    DealPattern,
    FaceUp,
    Scoring,
    StockTarget,
    triangle,
)
from .policy import Policy, Refusal
from .refusals import Reason
from .shapes import WASTE_TAKES, FoundationTakes
from .text import N_

# The deal's, the stock's and the score's policies live in ``dealing``; they are named
# here too, so that every policy can be found in one place.
__all__ = [
    "Build",
    "DealPattern",
    "EmptyPile",
    "FaceUp",
    "FoundationBase",
    "Run",
    "Scoring",
    "StockTarget",
    "triangle",
]


# -- building in the tableau ----------------------------------------------------------------
# A build names how a card's suit must relate to the card it lies on, and the direction.


def alternate_colours(card: int, onto: int) -> bool:
    return IS_RED[onto] != IS_RED[card]


def same_colour(card: int, onto: int) -> bool:
    return IS_RED[onto] == IS_RED[card]


def same_suit(card: int, onto: int) -> bool:
    return SUIT[onto] == SUIT[card]


def other_suit(card: int, onto: int) -> bool:
    return SUIT[onto] != SUIT[card]


def any_suit(card: int, onto: int) -> bool:
    return True


def no_card(card: int, onto: int) -> bool:
    return False


DOWN, UP = 1, -1  # the rank of the card built on: one below (DOWN) or above (UP) its own
SuitTest = Callable[[int, int], bool]


@dataclass(frozen=True, slots=True)
class Building:
    """A build: how a card's suit relates to the card it lies on, and the direction."""

    suits_match: SuitTest
    direction: int


class Build(Policy):
    """How the tableau builds."""

    ALTERNATE_COLOUR = (
        "down-alternate-colour",
        N_("down in alternating colours"),
        Building(alternate_colours, DOWN),
    )
    SAME_COLOUR = ("down-same-colour", N_("down in the same colour"), Building(same_colour, DOWN))
    SAME_SUIT = ("down-same-suit", N_("down in suit"), Building(same_suit, DOWN))
    OTHER_SUIT = (
        "down-any-suit-but-own",
        N_("down in any suit but its own"),
        Building(other_suit, DOWN),
    )
    ANY_SUIT = ("down-any-suit", N_("down regardless of suit"), Building(any_suit, DOWN))
    NONE = ("none", N_("nothing: no card goes on another (Golf)"), Building(no_card, DOWN))
    UP_ALTERNATE_COLOUR = (
        "up-alternate-colour",
        N_("up in alternating colours"),
        Building(alternate_colours, UP),
    )
    UP_SAME_COLOUR = ("up-same-colour", N_("up in the same colour"), Building(same_colour, UP))
    UP_SAME_SUIT = ("up-same-suit", N_("up in suit"), Building(same_suit, UP))
    UP_OTHER_SUIT = (
        "up-any-suit-but-own",
        N_("up in any suit but its own"),
        Building(other_suit, UP),
    )
    UP_ANY_SUIT = ("up-any-suit", N_("up regardless of suit"), Building(any_suit, UP))

    @property
    def suits_match(self) -> SuitTest:
        return self.rule.suits_match

    @property
    def direction(self) -> int:
        return self.rule.direction


def next_rank(rank: int, step: int, wrap: bool) -> int | None:
    """The rank ``step`` away from ``rank`` (+1 up, -1 down); past King or Ace: round the
    corner when ``wrap`` (King-Ace), else None."""
    after = rank + step
    if ACE <= after <= KING:
        return after
    if not wrap:
        return None
    return ACE if after > KING else KING


def builder(build: Build, wrap: bool) -> Callable[[int, int], bool]:
    """``builds_on(card, onto)``: may ``card`` lie on ``onto`` in the tableau?"""
    suits, step = build.suits_match, -build.direction
    below = tuple(next_rank(r, step, wrap) if r else None for r in range(KING + 1))

    def builds_on(card: int, onto: int) -> bool:
        return below[RANK[onto]] == RANK[card] and suits(card, onto)

    return builds_on


# -- what moves as a unit -------------------------------------------------------------------
# A run policy says which counts of a tableau pile's top cards may move together, from
# the face-up cards and whether each card builds on the one below it: ``links(i)`` is true
# when the card i places below the top lies on the next one down as a run of this policy
# requires; ``counts(face_up, links)`` returns the counts that may move.


def built_counts(face_up: int, links: Callable[[int], bool]) -> range:
    n = 1
    while n < face_up and links(n - 1):
        n += 1
    return range(1, n + 1)


def whole_face_up_counts(face_up: int, links: Callable[[int], bool]) -> tuple[int, ...]:
    if face_up > 1 and all(links(i) for i in range(face_up - 1)):
        return (1, face_up)
    return (1,)


def all_face_up_counts(face_up: int, links: Callable[[int], bool]) -> tuple[int, ...]:
    if all(links(i) for i in range(face_up - 1)):
        return (face_up,)
    return ()


def any_face_up_counts(face_up: int, links: Callable[[int], bool]) -> range:
    return range(1, face_up + 1)


@dataclass(frozen=True, slots=True)
class Running:
    """A run policy: the counts that may lift, the refusal of another count (None: the
    plain "not a run"), and what a run needs beyond the build itself."""

    counts: Callable
    refusal: Refusal | None
    suits_too: SuitTest


class Run(Policy):
    """What moves as a unit when more than one card may move (``move_runs = true``)."""

    BUILT = (
        "built",
        N_("any run built by the tableau's rule"),
        Running(built_counts, Refusal(Reason.NOT_A_RUN), any_suit),
    )
    IN_SUIT = (
        "in-suit",
        N_("runs in suit"),
        Running(
            built_counts,
            Refusal(
                Reason.RUN_NOT_IN_SUIT,
                N_("These cards cannot move together: {card} is not of the same suit as {onto}."),
            ),
            same_suit,
        ),
    )
    IN_COLOUR = (
        "in-colour",
        N_("runs in one colour"),
        Running(
            built_counts,
            Refusal(
                Reason.RUN_NOT_IN_COLOUR,
                N_("These cards cannot move together: {card} is not of the same colour as {onto}."),
            ),
            same_colour,
        ),
    )
    TOP_OR_ALL = (
        "top-or-all-face-up",
        N_("the top card, or all the face-up cards"),
        Running(
            whole_face_up_counts,
            Refusal(
                Reason.TOP_OR_ALL_FACE_UP,
                N_("Only the top card or all the face-up cards of a pile move together."),
            ),
            any_suit,
        ),
    )
    ALL_FACE_UP = (
        "all-face-up",
        N_("all the face-up cards of a pile together, never part of them"),
        Running(
            all_face_up_counts,
            Refusal(
                Reason.ALL_FACE_UP_ONLY, N_("Only all the face-up cards of a pile move, together.")
            ),
            any_suit,
        ),
    )
    ANY_FACE_UP = (
        "any-face-up",
        N_("any face-up cards, in sequence or not"),
        Running(any_face_up_counts, None, any_suit),
    )

    @property
    def counts(self) -> Callable:
        return self.rule.counts

    @property
    def reason(self) -> Reason | None:
        return self.rule.refusal.reason if self.rule.refusal else None

    @property
    def suits_too(self) -> SuitTest:
        """What a run of this policy needs beyond the build itself."""
        return self.rule.suits_too

    @property
    def in_sequence(self) -> bool:
        """Does every card of a run build on the one below it (so its ranks follow)?"""
        return self.counts is built_counts


# -- empty tableau piles --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Filling:
    """What an empty pile policy draws in the empty slot (None: the rank depends on the
    deal) and refuses."""

    letter: str | None
    refusal: Refusal | None


_TAKES_RANK = Refusal(Reason.EMPTY_TAKES_RANK, N_("An empty pile takes only {cards}."))


class EmptyPile(Policy):
    """What an empty tableau pile takes."""

    KING = (
        "king",
        N_("a King, or a run from a King"),
        Filling("K", Refusal(Reason.EMPTY_NEEDS_KING, N_("An empty pile takes only a King."))),
    )
    ANY = ("any", N_("any card or run"), Filling("", None))
    NONE = (
        "none",
        N_("nothing until the next deal"),
        Filling(
            "", Refusal(Reason.EMPTY_STAYS_EMPTY, N_("An empty pile stays empty in this game."))
        ),
    )
    BELOW_BASE = (
        "below-base",
        N_("the rank below the base card, or a run from it"),
        Filling(None, _TAKES_RANK),
    )
    RANK = (
        "rank",
        N_("a card of the rank in empty_rank, or a run from one"),
        Filling(None, _TAKES_RANK),
    )
    FROM_RESERVE = (
        "from-reserve",
        N_("the reserve's top card at once; any card once the reserve is empty"),
        Filling("", None),
    )

    @property
    def letter(self) -> str | None:
        """The faint text of an empty slot; None: the rank depends on the deal."""
        return self.rule.letter

    @property
    def reason(self) -> Reason | None:
        return self.rule.refusal.reason if self.rule.refusal else None


# The faint letter drawn in an empty tableau slot, for policies whose rank is fixed (the
# rank below a dealt base is known only in play: Mechanics.empty_tableau_label(state)).
EMPTY_LABEL: dict[EmptyPile, str] = {p: p.letter or "" for p in EmptyPile}


# -- foundations ----------------------------------------------------------------------------


class FoundationBase(Policy):
    """Where the foundations start: the Ace, or the rank of the card dealt to the first."""

    ACE = (
        "ace",
        N_("the Ace"),
        Refusal(Reason.EMPTY_FOUNDATION, N_("An empty foundation takes only an Ace.")),
    )
    KING = (
        "king",
        N_("the King (foundations that build down)"),
        Refusal(Reason.EMPTY_FOUNDATION_KING, N_("An empty foundation takes only a King.")),
    )
    DEALT = (
        "dealt",
        N_("the rank of the card dealt to the first foundation"),
        Refusal(Reason.EMPTY_FOUNDATION_TAKES, N_("An empty foundation takes only {cards}.")),
    )

    @property
    def reason(self) -> Reason:
        return self.rule.reason


# -- the sentences of the refusals declared here, for game.i18n.wording ----------------------

SENTENCES: dict[Reason, str] = {
    p.refusal.reason: p.refusal.sentence
    for kind in (Run, EmptyPile, FoundationBase, StockTarget, FoundationTakes)
    for p in kind
    if p.refusal and p.refusal.sentence
}
SENTENCES[Reason.FILL_EMPTY_FIRST] = FILL_EMPTY_FIRST
SENTENCES[Reason.WASTE_TAKES] = WASTE_TAKES.sentence
