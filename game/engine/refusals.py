"""Why a command is refused, as data: a reason and the cards and piles it names.

The engine speaks no particular language: a refusal carries a ``Reason`` and its details
(cards as card ints, piles as pile indexes, counts as ints). ``str(refused)`` is a plain
English sentence with card codes ("TD"), for the command line and logs; the game's table
words it for players (card names with suit symbols, in their language) from the same data.
"""

from __future__ import annotations

from enum import StrEnum

from .cards import CODE
from .policies import BUILD_TEXT


class Reason(StrEnum):
    NO_SUCH_PILE = "no-such-pile"
    SAME_PILE = "same-pile"
    STOCK_ONLY_BY_TURNING = "stock-only-by-turning"
    NOT_ONTO_TALON = "not-onto-talon"
    NO_CARDS = "no-cards"
    TOO_FEW_CARDS = "too-few-cards"
    FACE_DOWN = "face-down"
    ONE_AT_A_TIME_FROM = "one-at-a-time-from"
    SINGLE_CARDS_ONLY = "single-cards-only"
    FOUNDATION_ONE_AT_A_TIME = "foundation-one-at-a-time"
    NOT_A_RUN = "not-a-run"
    BETWEEN_FOUNDATIONS = "between-foundations"
    EMPTY_FOUNDATION = "empty-foundation"
    FOUNDATION_SUIT = "foundation-suit"
    NO_RETURN = "no-return"
    EMPTY_STAYS_EMPTY = "empty-stays-empty"
    EMPTY_NEEDS_KING = "empty-needs-king"
    BUILD = "build"
    TALON_EMPTY = "talon-empty"
    NO_REDEAL = "no-redeal"
    REDEALS_USED = "redeals-used"
    TO_FOUNDATION_SOURCE = "to-foundation-source"
    PILE_EMPTY = "pile-empty"
    NO_FOUNDATION_TAKES = "no-foundation-takes"
    NOTHING_TO_COLLECT = "nothing-to-collect"
    NOT_A_COMMAND = "not-a-command"


# Details named ``card``/``onto`` are card ints; ``pile`` a pile name; ``build`` the
# tableau's ``Build`` policy; the rest ints or text.
ENGLISH: dict[Reason, str] = {
    Reason.NO_SUCH_PILE: "no such pile",
    Reason.SAME_PILE: "{pile} is both the source and the target",
    Reason.STOCK_ONLY_BY_TURNING: "cards leave the stock only by turning them onto the waste",
    Reason.NOT_ONTO_TALON: "cards cannot be put on the {pile}",
    Reason.NO_CARDS: "a move takes at least one card",
    Reason.TOO_FEW_CARDS: "{pile} holds {held} card(s), not {count}",
    Reason.FACE_DOWN: "not all of the top {count} cards of {pile} are face up",
    Reason.ONE_AT_A_TIME_FROM: "only one card at a time may leave the {pile}",
    Reason.SINGLE_CARDS_ONLY: "only one card may move at a time in this game",
    Reason.FOUNDATION_ONE_AT_A_TIME: "cards go to a foundation one at a time",
    Reason.NOT_A_RUN: "{card} on {onto} is not a built run, so the top {count} cards of "
    "{pile} cannot move together",
    Reason.BETWEEN_FOUNDATIONS: "cards do not move between foundations",
    Reason.EMPTY_FOUNDATION: "an empty foundation takes only an Ace, not {card}",
    Reason.FOUNDATION_SUIT: "{card} cannot go on {onto}: foundations build up in suit",
    Reason.NO_RETURN: "foundation cards may not come back in this game",
    Reason.EMPTY_STAYS_EMPTY: "an empty tableau pile stays empty in this game",
    Reason.EMPTY_NEEDS_KING: "an empty tableau pile takes only a King or a King-led run, "
    "not {card}",
    Reason.BUILD: "{card} cannot go on {onto}: {build}",
    Reason.TALON_EMPTY: "the stock and the waste are both empty",
    Reason.NO_REDEAL: "the stock is empty and this game allows no redeal",
    Reason.REDEALS_USED: "the stock is empty and all {limit} redeal(s) are used",
    Reason.TO_FOUNDATION_SOURCE: "only the waste or a tableau pile can send a card to the "
    "foundations",
    Reason.PILE_EMPTY: "{pile} is empty",
    Reason.NO_FOUNDATION_TAKES: "no foundation takes {card} now",
    Reason.NOTHING_TO_COLLECT: "no card can go to the foundations now",
    Reason.NOT_A_COMMAND: "not a command: {command}",
}

CARD_DETAILS = ("card", "onto")


class Refused(ValueError):
    """A command the rules do not allow here. ``reason`` and ``details`` say why."""

    def __init__(self, reason: Reason, **details: object) -> None:
        self.reason = reason
        self.details = details
        shown = {k: CODE[v] if k in CARD_DETAILS else v for k, v in details.items()}
        if "build" in shown:
            shown["build"] = BUILD_TEXT[shown["build"]]
        super().__init__(ENGLISH[reason].format(**shown))
