"""What the menus hold: the main menu, variants and modes, a deal by number, and the
questions asked before a game is abandoned. Each is built from the session (read only) and
answers with intents; options and pages are in ``options_menu`` and ``pages``.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.deal import MAX_SEED
from game.i18n import _
from game.variants import all_variants
from game.view import intents as i
from game.view.hud import deal_name
from game.view.widgets.dialogs import ConfirmDialog, PromptDialog
from game.view.widgets.menu import Item, MenuPanel

from .session import Session

Size = tuple[int, int]


def main_menu(
    session: Session, size: Size, fullscreen: Callable[[], bool], can_finish: Callable[[], bool]
) -> MenuPanel:
    game = session.game
    items = [
        Item(_("New game"), i.NewGame(), hint="N"),
        Item(_("Restart this deal"), i.Restart(), hint="R", enabled=lambda: game.moves_made > 0),
        Item(_("Undo"), i.Undo(), hint="Ctrl+Z", enabled=lambda: game.can_undo),
        Item(_("Redo"), i.Redo(), hint="Ctrl+Y", enabled=lambda: game.can_redo),
        Item(_("Hint"), i.Hint(), hint="H", enabled=lambda: not game.won),
        Item(_("Is this still winnable?"), i.AskWinnable(), enabled=lambda: not game.won),
        Item(_("Finish the game"), i.Finish(), hint="F", enabled=can_finish),
        Item(_("Variant and deal mode\u2026"), i.OpenVariants(), opens=True),
        Item(_("Play deal number\u2026"), i.OpenDealPrompt(), opens=True),
        Item(_("Statistics"), i.OpenStatistics(), opens=True),
        Item(_("Rules"), i.OpenRules(), hint="F1", opens=True),
        Item(_("Options"), i.OpenOptions(), opens=True),
        Item(
            lambda: _("Leave fullscreen") if fullscreen() else _("Fullscreen"),
            i.ToggleFullscreen(),
            hint="F11",
        ),
        Item(_("Quit"), i.Quit(), hint="Ctrl+Q"),
    ]
    rules = game.rules
    footer = f"{rules.name} \u00b7 {rules.mode_label} \u00b7 {deal_name(game)}"
    return MenuPanel(_("Menu"), items, size, footer=footer, closes=True)


def variant_menu(session: Session, size: Size) -> MenuPanel:
    current = session.game.rules
    items = []
    for table in all_variants():
        for mode in table.modes:
            playing = (table.id, mode.id) == (current.variant, current.mode)
            items.append(
                Item(
                    f"{table.name} \u00b7 {mode.label}",
                    i.SwitchVariant(table.id, mode.id),
                    hint=_("\u2713 playing") if playing else "",
                )
            )
    footer = _("A new game starts in the chosen variant and mode")
    return MenuPanel(_("Variant and deal mode"), items, size, footer=footer)


def deal_prompt(session: Session, size: Size) -> PromptDialog:
    rules = session.game.rules

    def done(text: str) -> list | str:
        if not text.isascii() or not text.isdigit():
            return _("A deal number is written with the digits 0 to 9.")
        if len(text) > len(str(MAX_SEED)) or int(text) > MAX_SEED:
            return _("Deal numbers go up to {limit}.").format(limit=MAX_SEED)
        return [i.PlayDeal(int(text))]

    prompt = _("{variant} \u00b7 {mode}: deal").format(variant=rules.name, mode=rules.mode_label)
    return PromptDialog(
        _("Play deal number"),
        prompt,
        size,
        done,
        accept=lambda c: c.isascii() and c.isdigit(),
        max_length=20,
    )


def abandon_question(session: Session, size: Size, then: i.Intent) -> ConfirmDialog:
    """Asked before a game with moves is left unfinished: keeping it is the default."""
    title = _("Restart this deal?") if isinstance(then, i.Restart) else _("Abandon this game?")
    question = _("The game in progress ({moves} moves) will count as lost in the statistics.")
    return ConfirmDialog(
        title,
        question.format(moves=session.game.moves_made),
        size,
        yes=(_("Restart") if isinstance(then, i.Restart) else _("Abandon"), i.Abandon(then)),
        no=(_("Keep playing"), None),
    )


def saved_game_question(session: Session, size: Size, then: i.Intent, asked: str) -> ConfirmDialog:
    """At start: a deal was asked for on the command line, and a game with moves is saved.
    The saved game is on the table; going on with it is the default."""
    game = session.game
    saved = f"{game.rules.name} \u00b7 {deal_name(game)}"
    question = _(
        "You have a game in progress ({saved}, {moves} moves). Keep playing it, or abandon it "
        "(it counts as lost) and play {asked}?"
    ).format(saved=saved, moves=game.moves_made, asked=asked)
    return ConfirmDialog(
        _("A game is in progress"),
        question,
        size,
        yes=(_("Play {asked}").format(asked=asked), i.Abandon(then)),
        no=(_("Keep playing"), i.KeepSavedGame()),
    )


def quit_question(session: Session, size: Size) -> ConfirmDialog:
    """Asked before a guest (a second game on a data folder in use) quits with a game in
    progress: it cannot be kept, so quitting abandons it. Keeping on is the default."""
    question = _(
        "This window cannot keep its game: another game has the data folder. Quitting counts "
        "the game in progress ({moves} moves) as lost."
    ).format(moves=session.game.moves_made)
    return ConfirmDialog(
        _("Quit this game?"),
        question,
        size,
        yes=(_("Quit"), i.Abandon(i.Quit())),
        no=(_("Keep playing"), None),
    )
