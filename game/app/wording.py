"""How the game words things for players: cards with suit symbols, piles by name, why a
move is refused, what a hint says. Pure functions of engine values; every sentence goes
through gettext.
"""

from __future__ import annotations

from game.engine.cards import CODE
from game.engine.commands import Collect, Command, Draw, Move, ToFoundation
from game.engine.policies import Build
from game.engine.refusals import Reason, Refused
from game.engine.state import STOCK, WASTE, Layout, State
from game.i18n import _, ngettext

SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def card_name(card: int) -> str:
    """``8♥``, ``10♣``: the rank as printed on the card, and the suit's symbol."""
    code = CODE[card]
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_SYMBOLS[code[1]]


def pile_name(layout: Layout, pile: int) -> str:
    if pile == STOCK:
        return _("the stock")
    if pile == WASTE:
        return _("the waste")
    if layout.is_foundation(pile):
        return _("foundation {number}").format(number=pile - layout.foundation_range.start + 1)
    return _("pile {number}").format(number=pile - layout.tableau_range.start + 1)


BUILD_REFUSALS = {
    Build.ALTERNATE_COLOUR: lambda: _(
        "{card} cannot go on {onto}: the tableau builds down in alternating colours."
    ),
    Build.SAME_SUIT: lambda: _("{card} cannot go on {onto}: the tableau builds down in suit."),
    Build.ANY_SUIT: lambda: _("{card} cannot go on {onto}: the tableau builds down by rank."),
}


def _pile_from_name(layout: Layout, name: object) -> str:
    try:
        return pile_name(layout, layout.index(str(name)))
    except ValueError:
        return str(name)


def refusal(refused: Refused, layout: Layout) -> str:
    """Why the engine said no, as a sentence."""
    d = refused.details
    card = card_name(d["card"]) if "card" in d else ""
    onto = card_name(d["onto"]) if "onto" in d else ""
    pile = _pile_from_name(layout, d["pile"]) if "pile" in d else ""
    reason = refused.reason
    if reason is Reason.BUILD:
        return BUILD_REFUSALS[d["build"]]().format(card=card, onto=onto)
    if reason is Reason.FOUNDATION_SUIT:
        return _(
            "{card} cannot go on {onto}: foundations build up in suit, one rank at a time."
        ).format(card=card, onto=onto)
    if reason is Reason.EMPTY_FOUNDATION:
        return _("An empty foundation takes only an Ace, not {card}.").format(card=card)
    if reason is Reason.EMPTY_NEEDS_KING:
        return _("An empty pile takes only a King (or a run led by a King), not {card}.").format(
            card=card
        )
    if reason is Reason.EMPTY_STAYS_EMPTY:
        return _("An empty pile stays empty in this game.")
    if reason is Reason.NOT_A_RUN:
        return _(
            "{card} on {onto} is not a built run, so those cards cannot move together."
        ).format(card=card, onto=onto)
    if reason is Reason.NO_FOUNDATION_TAKES:
        return _("No foundation takes {card} now.").format(card=card)
    if reason is Reason.NOTHING_TO_COLLECT:
        return _("No card can go to the foundations now.")
    if reason is Reason.NO_REDEAL:
        return _("The stock is empty, and this game allows no redeal.")
    if reason is Reason.REDEALS_USED:
        limit = int(d["limit"])
        return ngettext(
            "The stock is empty, and its one redeal is used.",
            "The stock is empty, and all {count} redeals are used.",
            limit,
        ).format(count=limit)
    if reason is Reason.TALON_EMPTY:
        return _("The stock and the waste are both empty.")
    if reason is Reason.NO_RETURN:
        return _("Foundation cards may not come back in this game.")
    if reason is Reason.BETWEEN_FOUNDATIONS:
        return _("Cards do not move from one foundation to another.")
    if reason in (Reason.FOUNDATION_ONE_AT_A_TIME, Reason.ONE_AT_A_TIME_FROM):
        return _("Only one card at a time may go there.")
    if reason is Reason.SINGLE_CARDS_ONLY:
        return _("Only one card may move at a time in this game.")
    if reason is Reason.FACE_DOWN:
        return _("Face-down cards cannot be moved.")
    if reason is Reason.NOT_ONTO_TALON:
        return _("Cards cannot be put on {pile}.").format(pile=pile)
    if reason is Reason.PILE_EMPTY:
        return _("{pile} is empty.").format(pile=pile).capitalize()
    return _("That move is not allowed.")


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


def cannot_lift(state: State, pile: int, position: int) -> str:
    cards = state.piles[pile]
    if position < state.down[pile]:
        return _("Face-down cards cannot be moved.")
    if pile == WASTE and position < len(cards) - 1:
        return _("Only the top card of the waste can be played.")
    if position < len(cards) - 1:
        return _(
            "{card} and the cards on it are not a built run: they cannot move together."
        ).format(card=card_name(cards[position]))
    return _("{card} cannot be moved from there.").format(card=card_name(cards[position]))


def move_words(command: Command, state: State, layout: Layout) -> str:
    """A move as words, in the position it is played from: "8♥ onto 9♠", "turn the stock"."""
    if isinstance(command, Draw):
        return _("turn the stock") if state.piles[STOCK] else _("redeal")
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


def hint(command: Command | None, state: State, layout: Layout) -> str:
    """What a hint says."""
    if command is None:
        return _("No more useful moves: undo, or start a new game.")
    if isinstance(command, Draw):
        return _("Hint: turn the stock") if state.piles[STOCK] else _("Hint: redeal")
    return _("Hint: move {move}").format(move=move_words(command, state, layout))


def analysis_result(analysis, game) -> str:
    """What "where was it lost?" found, for the game it looked at."""
    if analysis.losing_move is not None:
        before = game.position_after(analysis.last_winnable_move)
        move = move_words(analysis.losing_move, before, game.layout)
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


def verdict_indicator(verdict: str) -> str:
    """The quiet status-line field (the solver sees every card, and says so)."""
    return _("Solver, seeing all cards: {verdict}").format(verdict=VERDICTS[verdict]())


def verdict_message(verdict: str) -> str:
    return _(
        "The solver, looking at every card (face-down ones too): this game is {verdict}."
    ).format(verdict=VERDICTS[verdict]())
