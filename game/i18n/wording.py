"""How the game words things for players: cards with suit symbols, why a move is refused,
what a hint says. Pure functions of engine values; every sentence goes through gettext.

It is the one place refusals become sentences: the table and the command line
(``game.cli``, which names cards by their codes) both word them here.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.cards import CODE, RANK
from game.engine.commands import Collect, Command, Draw, Move, ToFoundation
from game.engine.dealing import StockTarget
from game.engine.game import Game
from game.engine.policies import SENTENCES
from game.engine.refusals import Reason, Refused
from game.engine.state import STOCK, WASTE, Layout, State
from game.i18n import _, ngettext


class Worded(str):
    """A status-line text with its shorter forms (``forms``, the text itself first) and the
    widest text each may show (``samples``), so that it is planned like the line's own."""

    forms: tuple[str, ...]
    samples: tuple[str, ...]

    def __new__(cls, forms: tuple[str, ...], samples: tuple[str, ...] = ()) -> Worded:
        text = super().__new__(cls, forms[0])
        text.forms, text.samples = tuple(forms), tuple(samples)
        return text


SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def card_name(card: int) -> str:
    """``8♥``, ``10♣``: the rank as printed on the card, and the suit's symbol."""
    code = CODE[card]
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_SYMBOLS[code[1]]


CardNamer = Callable[[int], str]


def one_of(cards: tuple[int, ...], name: CardNamer) -> str:
    """``7♦ or 7♥``, ``7♣, 7♦, 7♥ or 7♠``: the cards a pile would take."""
    names = [name(c) for c in cards]
    if len(names) == 1:
        return names[0]
    return _("{cards} or {card}").format(cards=", ".join(names[:-1]), card=names[-1])


def refusal(refused: Refused, name: CardNamer = card_name) -> str:
    """Why the engine said no, as a sentence naming what the target takes, with its cards
    named by ``name``: suit symbols on the table (``card_name``), codes on the command
    line (``CODE.__getitem__``). The piles are not named: the player aimed at the one meant.
    """
    reason = refused.reason
    card = name(refused.card) if refused.card is not None else ""
    onto = name(refused.onto) if refused.onto is not None else ""
    words = REFUSALS.get(reason)
    if words is not None:
        return words().format(card=card, onto=onto)
    declared = SENTENCES.get(reason)  # a policy's own refusal, declared beside it
    if declared is not None:
        cards = one_of(refused.takes, name) if refused.takes else ""
        return _(declared).format(card=card, onto=onto, cards=cards)
    if reason is Reason.TABLEAU_TAKES:
        if not refused.takes:
            return _("{onto} takes no card.").format(onto=onto)
        return _("{onto} takes {cards}.").format(onto=onto, cards=one_of(refused.takes, name))
    if reason is Reason.FOUNDATION_TAKES:
        return _("This foundation takes {card} next.").format(card=name(refused.takes[0]))
    if reason is Reason.NO_FOUNDATION_TAKES:
        below = [c for c in refused.takes if RANK[c] < RANK[refused.card]]
        if not below:
            return _("No foundation takes {card} now.").format(card=card)
        return _("{card} cannot go up before {before}.").format(
            card=card, before=name(max(below, key=RANK.__getitem__))
        )
    if reason is Reason.NOT_ONTO_TALON:
        if refused.target == STOCK:
            return _("Cards cannot be put back on the stock.")
        return _("Cards reach the waste only from the stock.")
    if reason is Reason.ONE_AT_A_TIME_FROM:
        if refused.source == WASTE:
            return _("Only the top card of the waste can be played.")
        return _("Only the top card of a foundation can move.")
    if reason is Reason.PILE_EMPTY:
        return _("The waste is empty.") if refused.source == WASTE else _("That pile is empty.")
    if reason is Reason.TOO_FEW_CARDS:
        return ngettext(
            "There is only {count} card on that pile.",
            "There are only {count} cards on that pile.",
            refused.limit,
        ).format(count=refused.limit)
    if reason is Reason.TOO_MANY_CARDS:
        return ngettext(
            "Only {count} card can move at a time now: free a cell or empty a pile to move more.",
            "Only {count} cards can move together now: free a cell or empty a pile to move more.",
            refused.limit,
        ).format(count=refused.limit)
    if reason is Reason.REDEALS_USED:
        if refused.limit == 1:  # one: a plain message (a plural's "one" form serves 21 too)
            return _("The stock is empty, and its one redeal is used.")
        return ngettext(
            "The stock is empty, and all {count} redeals are used.",
            "The stock is empty, and all {count} redeals are used.",
            refused.limit,
        ).format(count=refused.limit)
    return _("That move is not allowed.")


# The reasons said in one sentence of their own, from the card offered and the card it
# would lie on at most. (A policy's own refusals are declared beside it, in
# game.engine.policies.SENTENCES, and worded above.)
REFUSALS: dict[Reason, Callable[[], str]] = {
    Reason.NO_SUCH_PILE: lambda: _("There is no such pile."),
    Reason.SAME_PILE: lambda: _("The cards are already there."),
    Reason.NO_CARDS: lambda: _("A move takes at least one card."),
    Reason.NOT_A_COMMAND: lambda: _("That move is not allowed."),
    Reason.STOCK_ONLY_BY_TURNING: lambda: _("Stock cards are only turned onto the waste."),
    Reason.FACE_DOWN: lambda: _("Face-down cards cannot be moved."),
    Reason.SINGLE_CARDS_ONLY: lambda: _("Only one card may move at a time in this game."),
    Reason.NOT_A_RUN: lambda: _("These cards cannot move together: {card} does not go on {onto}."),
    Reason.FOUNDATION_ONE_AT_A_TIME: lambda: _("Cards go up to a foundation one at a time."),
    Reason.BETWEEN_FOUNDATIONS: lambda: _("Cards do not move from one foundation to another."),
    Reason.FOUNDATION_COMPLETE: lambda: _("This foundation is complete."),
    Reason.NO_RETURN: lambda: _("Foundation cards may not come back in this game."),
    Reason.NOT_ONTO_RESERVE: lambda: _("Cards cannot be put on a reserve."),
    Reason.CELL_HOLDS_ONE: lambda: _("A cell holds one card."),
    Reason.GROUP_NOT_UP: lambda: _(
        "These cards cannot go up together: each must be the next card of the foundation."
    ),
    Reason.NO_DEAL_ON_EMPTY: lambda: _("Fill every empty pile before dealing."),
    Reason.BASE_TAKES_NOTHING: lambda: _(
        "Nothing goes on {onto}: a run ends at a card of the base card's rank."
    ),
    Reason.ONE_FROM_RESERVE: lambda: _("Only the top card of a reserve can be played."),
    Reason.TO_FOUNDATION_SOURCE: lambda: _(
        "Only the waste or a tableau pile can send a card to the foundations."
    ),
    Reason.NOTHING_TO_COLLECT: lambda: _("No card can go to the foundations now."),
    Reason.TALON_EMPTY: lambda: _("The stock and the waste are both empty."),
    Reason.NO_REDEAL: lambda: _("The stock is empty, and this game allows no redeal."),
}


def moving(state: State, pile: int, count: int) -> str:
    """The cards of a move: ``8♥``, or ``8♥ and the 2 cards on it``."""
    cards = state.piles[pile]
    if not cards or count < 1:
        return _("those cards")
    first = card_name(cards[-count])
    if count == 1:
        return first
    if count == 2:  # one card on it: its own message (a plural's "one" form also serves 21)
        return _("{card} and the card on it").format(card=first)
    return ngettext(
        "{card} and the {count} cards on it", "{card} and the {count} cards on it", count - 1
    ).format(card=first, count=count - 1)


def nowhere_to_go(state: State, pile: int, count: int) -> str:
    return _("{cards}: no pile takes them now.").format(cards=moving(state, pile, count))


def cannot_lift(game: Game, pile: int, position: int) -> str:
    """Why the cards grabbed at ``position`` of ``pile`` may not be lifted, as the engine
    refuses any move of them (to another tableau pile, so the lift is what it judges)."""
    cards = game.state.piles[pile]
    count = len(cards) - position
    target = next(t for t in game.layout.tableau_range if t != pile)
    try:
        game.mechanics.check(game.state, Move(pile, target, count))
    except Refused as refused:
        if refused.reason is Reason.NO_RETURN:  # the game's own rule: name the game
            return _("In {game}, no card comes back from a foundation.").format(
                game=_(game.rules.name)
            )
        if refused.reason in LIFT_REFUSALS:
            return refusal(refused)
    return _("{card} cannot be moved from there.").format(card=card_name(cards[position]))


# The refusals about the cards lifted, whatever the target.
LIFT_REFUSALS = frozenset(
    {
        Reason.FACE_DOWN,
        Reason.ONE_AT_A_TIME_FROM,
        Reason.ONE_FROM_RESERVE,
        Reason.SINGLE_CARDS_ONLY,
        Reason.NOT_A_RUN,
        Reason.RUN_NOT_IN_SUIT,
        Reason.RUN_NOT_IN_COLOUR,
        Reason.TOP_OR_ALL_FACE_UP,
        Reason.ALL_FACE_UP_ONLY,
    }
)


def _draw_words(state: State, stock_to: StockTarget) -> tuple[str, str]:
    """A turn of the stock as a move and as a hint, worded for where the stock deals: a
    stock that deals onto the piles or the reserve is not "turned" (Agnes, Easthaven,
    Lady Jane)."""
    if not state.piles[STOCK]:
        return _("redeal"), _("Hint: redeal")
    if stock_to is StockTarget.TABLEAU:
        return _("deal from the stock onto the piles"), _(
            "Hint: deal from the stock onto the piles"
        )
    if stock_to is StockTarget.RESERVES:
        return _("deal from the stock onto the reserve"), _(
            "Hint: deal from the stock onto the reserve"
        )
    return _("turn the stock"), _("Hint: turn the stock")


def move_words(
    command: Command, state: State, layout: Layout, stock_to: StockTarget = StockTarget.WASTE
) -> str:
    """A move as words, in the position it is played from: "8♥ onto 9♠", "turn the stock"
    (``stock_to``: where the game's stock deals)."""
    if isinstance(command, Draw):
        return _draw_words(state, stock_to)[0]
    if isinstance(command, Collect):
        return _("every card that can go up to the foundations")
    if isinstance(command, ToFoundation):
        source, count, target = command.source, 1, None
    else:
        source, count, target = command.source, command.count, command.target
    what = moving(state, source, count)
    if target is None or layout.is_foundation(target):
        return _("{cards} to the foundations").format(cards=what)
    if state.piles[target]:
        return _("{cards} onto {onto}").format(cards=what, onto=card_name(state.piles[target][-1]))
    return _("{cards} to the empty pile").format(cards=what)


def hint(
    command: Command | None,
    state: State,
    layout: Layout,
    winning: bool = True,
    stock_to: StockTarget = StockTarget.WASTE,
) -> str:
    """What a hint says; a move found by no winning line (``winning`` False: the solver ran
    out of time, or there is none) is said to be not known to win."""
    if command is None:
        return _("No more useful moves: undo, or start a new game.")
    if isinstance(command, Draw):
        said = _draw_words(state, stock_to)[1]
    else:
        said = _("Hint: move {move}").format(move=move_words(command, state, layout))
    if winning:
        return said
    return _(
        "{hint}. Not known to lead to a win: the solver found no winning line in time."
    ).format(hint=said)


def analysis_result(analysis, game) -> str:
    """What "where was it lost?" found, for the game it looked at."""
    if analysis.losing_move is not None:
        before = game.position_after(analysis.last_winnable_move)
        move = move_words(analysis.losing_move, before, game.layout, game.rules.stock_to)
        return _("Move {number}, {move}: the game could not be won after this.").format(
            number=analysis.lost_at, move=move
        )
    if analysis.winnable_at_deal is False:
        return _("This deal could not be won from the start: no move lost it.")
    if analysis.last_winnable_move == analysis.moves:
        return _("This game can still be won.")
    return ngettext(
        "The solver could not tell where the game was lost in the time it had "
        "({count} position undecided).",
        "The solver could not tell where the game was lost in the time it had "
        "({count} positions undecided).",
        analysis.undecided,
    ).format(count=analysis.undecided)


def last_game_result(analysis, game) -> str | None:
    """What "where was it lost?" found about the game just left, said over the new one:
    every sentence names the game it is about. None when there is nothing worth saying
    unasked (the solver could not tell)."""
    if analysis.losing_move is not None:
        text = _("Your last game: {result} Watch it from the menu, Finished games.")
        return text.format(result=analysis_result(analysis, game))
    if analysis.winnable_at_deal is False:
        return _("Your last game could not be won from the start: no move lost it.")
    if analysis.last_winnable_move == analysis.moves:
        return _("Your last game could still have been won.")
    return None


def hint_highlight(command: Command | None) -> tuple[int, int, int | None] | None:
    """(source, count, target) of the cards a hint lights up; the stock for a turn."""
    if command is None:
        return None
    if isinstance(command, Draw):
        return (STOCK, 0, None)
    if isinstance(command, ToFoundation):
        return (command.source, 1, None)
    if isinstance(command, Move):
        return (command.source, command.count, command.target)
    return None


VERDICTS = {
    "winnable": lambda: _("still winnable"),
    "lost": lambda: _("no longer winnable"),
    "unknown": lambda: _("undecided (too many ways to try)"),
    "thinking": lambda: _("thinking\u2026"),
    "won": lambda: _("won"),
}


def verdict_indicator(verdict: str) -> Worded:
    """The quiet status-line field (the solver sees every card, and says so), with its
    shorter forms for a narrow line (the verdict alone the shortest), each with room for
    the longest verdict: the line does not move as the verdict changes."""
    long, short = _("Solver, seeing all cards: {verdict}"), _("Solver: {verdict}")
    said = VERDICTS[verdict]()
    widest = max((words() for words in VERDICTS.values()), key=len)
    return Worded(
        (long.format(verdict=said), short.format(verdict=said), said),
        (long.format(verdict=widest), short.format(verdict=widest), widest),
    )


def verdict_message(verdict: str) -> str:
    return _(
        "The solver, looking at every card (face-down ones too): this game is {verdict}."
    ).format(verdict=VERDICTS[verdict]())
