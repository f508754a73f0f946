"""Why a command is refused, as data: a reason and the cards and piles it names.

The engine speaks no particular language: a refusal carries a ``Reason`` and its details
(cards as card ints, piles as pile indexes, counts as ints). ``str(refused)`` is a plain
sentence in the language spoken, with card codes ("TD") and pile names ("t3"), for the
command line and logs; the game's table words it for players (card names with suit
symbols) from the same data.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from game.i18n import _, ngettext

from .cards import CODE
from .policies import Build


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


# Each reason as a sentence, in the language spoken, from its details: ``card``/``onto``
# as card codes ("TD"), ``pile`` a pile name ("t3", "waste"), ``build`` the tableau's
# ``Build`` policy, the rest ints or text. One whole sentence per message, so a translation
# can word it its own way.
SENTENCES: dict[Reason, Callable[[dict[str, object]], str]] = {
    Reason.NO_SUCH_PILE: lambda d: _("no such pile"),
    Reason.SAME_PILE: lambda d: _("{pile} is both the source and the target"),
    Reason.STOCK_ONLY_BY_TURNING: lambda d: _(
        "cards leave the stock only by turning them onto the waste"
    ),
    Reason.NOT_ONTO_TALON: lambda d: _("cards cannot be put on the {pile}"),
    Reason.NO_CARDS: lambda d: _("a move takes at least one card"),
    Reason.TOO_FEW_CARDS: lambda d: ngettext(
        "{pile} holds {held} card, not {count}", "{pile} holds {held} cards, not {count}", d["held"]
    ),
    Reason.FACE_DOWN: lambda d: ngettext(
        "the top card of {pile} is not face up",
        "not all of the top {count} cards of {pile} are face up",
        d["count"],
    ),
    Reason.ONE_AT_A_TIME_FROM: lambda d: _("only one card at a time may leave the {pile}"),
    Reason.SINGLE_CARDS_ONLY: lambda d: _("only one card may move at a time in this game"),
    Reason.FOUNDATION_ONE_AT_A_TIME: lambda d: _("cards go to a foundation one at a time"),
    Reason.NOT_A_RUN: lambda d: ngettext(
        "{card} on {onto} is not a built run, so the top {count} card of {pile} cannot move "
        "together",
        "{card} on {onto} is not a built run, so the top {count} cards of {pile} cannot move "
        "together",
        d["count"],
    ),
    Reason.BETWEEN_FOUNDATIONS: lambda d: _("cards do not move between foundations"),
    Reason.EMPTY_FOUNDATION: lambda d: _("an empty foundation takes only an Ace, not {card}"),
    Reason.FOUNDATION_SUIT: lambda d: _("{card} cannot go on {onto}: foundations build up in suit"),
    Reason.NO_RETURN: lambda d: _("foundation cards may not come back in this game"),
    Reason.EMPTY_STAYS_EMPTY: lambda d: _("an empty tableau pile stays empty in this game"),
    Reason.EMPTY_NEEDS_KING: lambda d: _(
        "an empty tableau pile takes only a King or a King-led run, not {card}"
    ),
    Reason.BUILD: lambda d: BUILD_SENTENCES[Build(d["build"])](),
    Reason.TALON_EMPTY: lambda d: _("the stock and the waste are both empty"),
    Reason.NO_REDEAL: lambda d: _("the stock is empty and this game allows no redeal"),
    Reason.REDEALS_USED: lambda d: ngettext(
        "the stock is empty and its one redeal is used",
        "the stock is empty and all {limit} redeals are used",
        d["limit"],
    ),
    Reason.TO_FOUNDATION_SOURCE: lambda d: _(
        "only the waste or a tableau pile can send a card to the foundations"
    ),
    Reason.PILE_EMPTY: lambda d: _("{pile} is empty"),
    Reason.NO_FOUNDATION_TAKES: lambda d: _("no foundation takes {card} now"),
    Reason.NOTHING_TO_COLLECT: lambda d: _("no card can go to the foundations now"),
    Reason.NOT_A_COMMAND: lambda d: _("not a command: {command}"),
}

# Why a card cannot go on another in the tableau: a whole sentence for each way of building.
BUILD_SENTENCES: dict[Build, Callable[[], str]] = {
    Build.ALTERNATE_COLOUR: lambda: _(
        "{card} cannot go on {onto}: the tableau builds down in alternating colours"
    ),
    Build.SAME_SUIT: lambda: _("{card} cannot go on {onto}: the tableau builds down in suit"),
    Build.ANY_SUIT: lambda: _(
        "{card} cannot go on {onto}: the tableau builds down regardless of suit"
    ),
}

CARD_DETAILS = ("card", "onto")


class Refused(ValueError):
    """A command the rules do not allow here. ``reason`` and ``details`` say why."""

    def __init__(self, reason: Reason, **details: object) -> None:
        self.reason = reason
        self.details = details
        shown = {k: CODE[v] if k in CARD_DETAILS else v for k, v in details.items()}
        super().__init__(SENTENCES[reason](details).format(**shown))
