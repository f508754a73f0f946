"""Why a command is refused, as data: a reason and the cards and piles it concerns.

The engine speaks no language: a refusal carries a ``Reason`` and what it concerns, as
card ints and pile indexes (``card`` the card offered, ``onto`` the target's top card,
``takes`` the cards the target would take instead). One wording module at the edge
(``game.i18n.wording.refusal``) turns it into a sentence, for the table with suit symbols
and for the command line with card codes. ``str(refused)`` is the same data in plain
codes, for logs and save-file errors.
"""

from __future__ import annotations

from enum import StrEnum

from .cards import CODE


class Reason(StrEnum):
    # The command itself.
    NO_SUCH_PILE = "no-such-pile"
    SAME_PILE = "same-pile"
    NO_CARDS = "no-cards"
    NOT_A_COMMAND = "not-a-command"
    # The cards taken from the source.
    STOCK_ONLY_BY_TURNING = "stock-only-by-turning"
    TOO_FEW_CARDS = "too-few-cards"  # count asked, limit held
    FACE_DOWN = "face-down"
    ONE_AT_A_TIME_FROM = "one-at-a-time-from"  # source: the waste or a foundation
    ONE_FROM_RESERVE = "one-from-reserve"  # source: a reserve pile
    SINGLE_CARDS_ONLY = "single-cards-only"
    NOT_A_RUN = "not-a-run"  # card does not build on onto, both among the cards lifted
    RUN_NOT_IN_SUIT = "run-not-in-suit"  # card builds on onto, but runs move only in suit
    RUN_NOT_IN_COLOUR = "run-not-in-colour"  # ... only in one colour
    TOP_OR_ALL_FACE_UP = "top-or-all-face-up"  # only the top card or the whole face-up part
    ALL_FACE_UP_ONLY = "all-face-up-only"  # only the whole face-up part moves
    PILE_EMPTY = "pile-empty"
    TOO_MANY_CARDS = "too-many-cards"  # limit: the most free cells and empty piles move
    # What the target takes.
    NOT_ONTO_TALON = "not-onto-talon"  # target: the stock or the waste
    WASTE_TAKES = "waste-takes"  # a waste built on (Golf) takes one rank above or below
    FOUNDATION_ONE_AT_A_TIME = "foundation-one-at-a-time"
    GROUP_NOT_UP = "group-not-up"  # cards offered together that do not go up one by one
    BETWEEN_FOUNDATIONS = "between-foundations"
    EMPTY_FOUNDATION = "empty-foundation"  # an empty foundation takes an Ace
    EMPTY_FOUNDATION_KING = "empty-foundation-king"  # ... a King (foundations building down)
    EMPTY_FOUNDATION_TAKES = "empty-foundation-takes"  # takes: the base rank's cards
    FOUNDATION_TAKES = "foundation-takes"  # takes: the one card that goes on onto next
    FOUNDATION_COMPLETE = "foundation-complete"  # onto is a King: nothing goes on
    NO_RETURN = "no-return"
    EMPTY_STAYS_EMPTY = "empty-stays-empty"
    EMPTY_NEEDS_KING = "empty-needs-king"
    EMPTY_TAKES_RANK = "empty-takes-rank"  # takes: the cards of the one rank it takes
    NOT_ONTO_RESERVE = "not-onto-reserve"  # target: a reserve pile
    CELL_HOLDS_ONE = "cell-holds-one"  # target: a cell, full, or more than one card offered
    FOUNDATION_TAKES_RUNS = "foundation-takes-runs"  # only a complete King-to-Ace run
    BASE_TAKES_NOTHING = "base-takes-nothing"  # onto has the base rank: nothing goes on
    TABLEAU_TAKES = "tableau-takes"  # takes: the cards that may go on onto (none on an Ace)
    NO_FOUNDATION_TAKES = "no-foundation-takes"  # takes: what the card's suit takes next
    TO_FOUNDATION_SOURCE = "to-foundation-source"
    NOTHING_TO_COLLECT = "nothing-to-collect"
    # The stock.
    TALON_EMPTY = "talon-empty"
    NO_REDEAL = "no-redeal"
    REDEALS_USED = "redeals-used"  # limit: the redeals the game allows
    NO_STOCK = "no-stock"  # the game deals every card: there is no stock to turn
    FILL_EMPTY_FIRST = "fill-empty-first"  # target: an empty pile a move could fill
    NO_DEAL_ON_EMPTY = "no-deal-on-empty"  # target: an empty pile the deal would skip


class Refused(ValueError):
    """A command the rules do not allow here: ``reason`` and what it concerns.

    ``card``: the card offered (the lowest of the cards moved); ``onto``: the card it
    would lie on; ``source``/``target``: pile indexes; ``count``: cards asked to move;
    ``takes``: the cards the target would take (one copy of each, deck 0); ``limit``: the
    cards a pile holds (TOO_FEW_CARDS) or the redeals allowed (REDEALS_USED). Whatever
    does not apply is None (0 or () for the counts and ``takes``).
    """

    def __init__(
        self,
        reason: Reason,
        *,
        card: int | None = None,
        onto: int | None = None,
        source: int | None = None,
        target: int | None = None,
        count: int = 0,
        takes: tuple[int, ...] = (),
        limit: int = 0,
    ) -> None:
        self.reason = reason
        self.card = card
        self.onto = onto
        self.source = source
        self.target = target
        self.count = count
        self.takes = takes
        self.limit = limit
        super().__init__(self._plain())

    def _plain(self) -> str:
        """``tableau-takes: card 6D, onto 8S, target 9, takes 7D 7H``: the data in codes."""
        parts = []
        for name in ("card", "onto"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name} {CODE[value]}")
        for name in ("source", "target"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name} {value}")
        for name in ("count", "limit"):
            value = getattr(self, name)
            if value:
                parts.append(f"{name} {value}")
        if self.takes:
            parts.append("takes " + " ".join(CODE[c] for c in self.takes))
        return f"{self.reason.value}: {', '.join(parts)}" if parts else self.reason.value
