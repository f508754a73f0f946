"""What the menus hold: the main menu, variants and modes, a deal by number, and the
questions asked before a game is abandoned. Each is built from the session (read only) and
answers with intents; options and pages are in ``options_menu`` and ``pages``.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.deal import MAX_SEED
from game.engine.families import Family
from game.engine.rules import VariantTable
from game.files.problems import printable
from game.i18n import _
from game.store.dates import short_date
from game.store.session import Session
from game.variants import all_variants, in_shown_order
from game.variants.codes import deal_code, read_deal_code
from game.view import intents as i
from game.view.hud import deal_name
from game.view.widgets.browser import FileBrowser
from game.view.widgets.dialogs import ConfirmDialog, PromptDialog
from game.view.widgets.menu import Item, MenuPanel
from game.view.widgets.page import PagePanel

from . import browsing

Size = tuple[int, int]


def main_menu(
    session: Session, size: Size, fullscreen: Callable[[], bool], can_finish: Callable[[], bool]
) -> MenuPanel:
    game = session.game
    items = [
        Item(_("New game"), i.NewGame(), hint="N"),
        Item(_("Choose a game\u2026"), i.OpenChooser(), hint="G", opens=True),
        Item(_("Restart this deal"), i.Restart(), hint="R", enabled=lambda: game.moves_made > 0),
        Item(_("Undo"), i.Undo(), hint="Ctrl+Z", enabled=lambda: game.can_undo),
        Item(_("Redo"), i.Redo(), hint="Ctrl+Y", enabled=lambda: game.can_redo),
        Item(_("Help from the solver\u2026"), i.OpenSubmenu("solver_menu"), opens=True),
        Item(_("Watch, save and open games\u2026"), i.OpenSubmenu("games_menu"), opens=True),
        Item(_("Play a deal\u2026"), i.OpenDealPrompt(), opens=True),
        Item(_("Variant and deal mode\u2026"), i.OpenVariants(), opens=True),
        Item(_("Statistics"), i.OpenStatistics(), opens=True),
        Item(_("Rules"), i.OpenRules(), hint="F1", opens=True),
        Item(_("Keys"), i.OpenKeys(), hint="K", opens=True),
        Item(_("Options"), i.OpenOptions(), opens=True),
        Item(
            lambda: _("Leave fullscreen") if fullscreen() else _("Fullscreen"),
            i.ToggleFullscreen(),
            hint="F11",
        ),
        Item(_("Quit"), i.Quit(), hint="Ctrl+Q"),
    ]
    rules = game.rules
    footer = f"{_(rules.name)} \u00b7 {_(rules.mode_label)} \u00b7 {deal_name(game)}"
    return MenuPanel(_("Menu"), items, size, footer=footer, closes=True)


def solver_menu(session: Session, size: Size, can_finish: Callable[[], bool]) -> MenuPanel:
    game = session.game

    def playing() -> bool:
        return not game.won

    def played() -> bool:
        return game.moves_made > 0

    items = [
        Item(_("Hint"), i.Hint(), hint="H", enabled=playing),
        Item(_("Show me a winning line"), i.ShowMe(), hint="S", enabled=playing),
        Item(_("Is this still winnable?"), i.AskWinnable(), enabled=playing),
        Item(_("Where was this game lost?"), i.WhereLost(), hint="L", enabled=played),
        Item(_("Finish the game"), i.Finish(), hint="F", enabled=can_finish),
    ]
    footer = _("Hints never use the cards you cannot see; the others see every card")
    return MenuPanel(_("Help from the solver"), items, size, footer=footer, closes=True)


def games_menu(session: Session, size: Size) -> MenuPanel:
    game = session.game
    items = [
        Item(
            _("Watch this game (timeline)"),
            i.OpenReplay(),
            hint="V",
            enabled=lambda: game.moves_made > 0,
        ),
        Item(_("Finished games\u2026"), i.OpenHistory(), opens=True),
        Item(_("Save this game"), i.ExportGame(), hint="Ctrl+S"),
        Item(_("Open a game file\u2026"), i.OpenGameFile(), hint="Ctrl+O", opens=True),
    ]
    code = session.deal_code(game) or _("none (a custom deal)")
    footer = _("Share a deal by its code: {code}").format(code=code)
    return MenuPanel(_("Watch, save and open games"), items, size, footer=footer, closes=True)


def variant_menu(
    session: Session, size: Size, variant: str | None = None, family: str | None = None
) -> MenuPanel:
    """The variants, one row each: the built-in games of the family played (``family``:
    of that family), a row opening each other family's games, then the player's tables in
    the data folder's ``variants/`` (read again now, so a table just added shows), the
    broken ones marked, to see why. A variant with one deal mode starts at once; one with
    several opens the menu of its modes (``variant``: that menu). Every game and mode in
    one list would not fit a small window. Each menu opens on what is played, marked with a
    tick."""
    current = session.game.rules
    found = session.catalogue.scan(session.data_dir)
    own = {table.id: table for table in found.tables}
    footer = _("A new game starts in the chosen variant and mode")
    if variant is not None:
        table = own.get(variant) or next(t for t in all_variants() if t.id == variant)
        words = str if variant in own else _  # the player's words: not in the catalogue
        modes = []
        for mode in table.modes:
            played = (table.id, mode.id) == (current.variant, current.mode)
            hint = _("\u2713 playing") if played else ""
            modes.append(
                (Item(words(mode.label), i.SwitchVariant(table.id, mode.id), hint=hint), played)
            )
        return _opened_on_played(words(table.name), modes, size, footer)

    def row(table: VariantTable, words) -> tuple[Item, bool]:
        played = table.id == current.variant
        if len(table.modes) == 1:
            hint = _("\u2713 playing") if played else ""
            return Item(
                words(table.name), i.SwitchVariant(table.id, table.modes[0].id), hint=hint
            ), played
        # The variant played: a tick and its mode, as the modes' menu marks it.
        hint = "\u2713 " + words(table.rules(current.mode).mode_label) if played else ""
        return Item(words(table.name), i.OpenVariants(table.id), hint=hint, opens=True), played

    builtins = in_shown_order(all_variants())
    played = next((t.family for t in builtins if t.id == current.variant), Family.KLONDIKE)
    shown = Family(family) if family is not None else played
    rows = [row(table, _) for table in builtins if table.family is shown]
    if family is not None:
        return _opened_on_played(_(shown.heading), rows, size, footer)
    others = [f for f in Family if f is not shown and any(t.family is f for t in builtins)]
    for other in others:
        # "…" as every row that opens a menu of its own says it
        label = _(other.heading) + "\u2026"
        rows.append((Item(label, i.OpenVariants(family=other.value), opens=True), False))
    if found.tables or found.broken:
        rows.append((Item(_("Your tables"), None, enabled=lambda: False), False))  # a heading
    rows += [row(table, str) for table in in_shown_order(found.tables, translated=False)]
    for broken in found.broken:
        name = printable(broken.path.name)  # a file's name may hold any bytes
        problem = i.ShowTableProblem(name, printable(broken.problem))
        rows.append((Item(name, problem, hint=_("\u26a0 cannot be played"), opens=True), False))
    return _opened_on_played(_("Variant and deal mode"), rows, size, footer)


def _opened_on_played(title: str, rows: list[tuple[Item, bool]], size: Size, footer: str):
    """A menu of ``rows`` (each an item and whether it is what is played), opened on the
    row played if there is one."""
    menu = MenuPanel(title, [item for item, _played in rows], size, footer=footer)
    menu.selected = next((n for n, (_item, played) in enumerate(rows) if played), menu.selected)
    return menu


def table_problem(session: Session, size: Size, broken: i.ShowTableProblem) -> PagePanel:
    """Why a table of the player's cannot be played: the file, the line, the problem."""
    text = "\n\n".join(
        [broken.problem, _("Mend the file and open this menu again: it is read anew.")]
    )
    title = _("{name} cannot be played").format(name=broken.name)
    return PagePanel(title, lambda: text.replace("\t", " "), size)


def deal_prompt(session: Session, size: Size) -> PromptDialog:
    """A deal by its number (in the variant and mode being played), or by a shared code
    (which names the variant and mode too)."""
    rules = session.game.rules

    def done(text: str) -> list | str:
        text = text.strip()
        coded = read_deal_code(text, session.catalogue)
        if coded is not None:
            named, seed = coded
            return [i.SwitchVariant(named.variant, named.mode, seed)]
        if not text.isascii() or not text.isdigit():
            return _("Type a deal number (digits 0 to 9) or a deal code such as {code}.").format(
                code=deal_code(rules, 4242, session.catalogue)
            )
        numbering = rules.numbering
        if len(text) > len(str(MAX_SEED)) or not numbering.holds(int(text)):
            return _("Deal numbers go from {first} to {last}.").format(
                first=numbering.first, last=numbering.last
            )
        return [i.PlayDeal(int(text))]

    prompt = _("{variant} \u00b7 {mode}: deal number or code").format(
        variant=_(rules.name), mode=_(rules.mode_label)
    )
    return PromptDialog(
        _("Play a deal"),
        prompt,
        size,
        done,
        max_length=40,
        hint=_("Enter to deal, Esc to cancel"),
        empty=_("Type a deal number first."),
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
    saved = f"{_(game.rules.name)} \u00b7 {deal_name(game)}"
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


def history_menu(session: Session, size: Size, finished: list) -> MenuPanel:
    """The finished games kept, newest first: each opens on its timeline."""
    results = {"won": _("won"), "abandoned": _("abandoned")}
    items = []
    for entry in finished:
        game = entry.game
        result = results.get(entry.result, "")
        if entry.result == "won" and entry.assisted:  # the solver played it out: not a win
            result = _("solved with help")
        label = f"{_(game.rules.name)} \u00b7 {deal_name(game)} \u00b7 {result}"
        items.append(Item(label, i.OpenReplay(str(entry.path)), hint=short_date(entry.when)))
    if not items:
        items = [Item(_("No finished games yet"), None, enabled=lambda: False)]
    footer = _("A finished game opens on its timeline; L there finds where it was lost")
    return MenuPanel(_("Finished games"), items, size, footer=footer)


def file_browser(session: Session, size: Size) -> FileBrowser:
    """Ctrl+O: the games saved (newest first), and any folder the player names."""
    return browsing.file_browser(session.data_dir, size)


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
