"""The options menu, and the statistics and rules pages: built from the session (read
only), answering with intents."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import i18n
from game.i18n import _, ngettext
from game.store.session import Session
from game.store.settings import (
    ANIMATION_SPEEDS,
    AUTO_FINISH_CHOICES,
    CARD_BACKS,
    FACE_STYLES,
    LANGUAGE_CHOICES,
    WINNABLE_GRADES,
)
from game.store.statistics import StatsKey
from game.variants import all_variants, in_shown_order
from game.view import intents as i
from game.view.hud import format_time
from game.view.widgets.dialogs import ConfirmDialog
from game.view.widgets.menu import Item, MenuPanel
from game.view.widgets.page import PagePanel

from . import keymap

Size = tuple[int, int]


def on_off(flag: bool) -> str:
    return _("On") if flag else _("Off")


def _cycle(values, current, step: int):
    values = list(values)
    return values[(values.index(current) + step) % len(values)] if current in values else values[0]


# The words shown for setting values (the settings file keeps the plain ids).
VALUE_NAMES = {
    "off": lambda: _("Off"),
    "slow": lambda: _("Slow"),
    "normal": lambda: _("Normal"),
    "fast": lambda: _("Fast"),
    "blue": lambda: _("Blue"),
    "red": lambda: _("Red"),
    "green": lambda: _("Green"),
    "ask": lambda: _("Ask"),
    "always": lambda: _("Always"),
    "never": lambda: _("Never"),
    "auto": lambda: _("Automatic"),
    "any": lambda: _("Any"),
    "easy": lambda: _("Easy"),
    "medium": lambda: _("Medium"),
    "hard": lambda: _("Hard"),
    "expert": lambda: _("Expert"),
    "standard": lambda: _("Standard"),
    "large": lambda: _("Large index"),
}


def options_menu(
    session: Session, size: Size, fullscreen: Callable[[], bool], silenced: bool = False
) -> MenuPanel:
    """``silenced``: started with ``--no-sound``: the Sound row says so and cannot be
    changed (the setting would not be heard this run)."""
    variant = session.game.rules.variant
    table = session.catalogue.find(variant)

    def settings():
        return session.settings

    def mode() -> str:
        chosen = settings().mode_for(variant) or table.default_mode
        return chosen if chosen in table.mode_ids() else table.default_mode

    def choice(name: str, values):
        def step(direction: int) -> i.ChangeSetting:
            return i.ChangeSetting(name, _cycle(values, getattr(settings(), name), direction))

        return step

    def toggle(name: str):
        return lambda _direction: i.ChangeSetting(name, not getattr(settings(), name))

    def shown(name: str):
        def value() -> str:
            v = getattr(settings(), name)
            return on_off(v) if isinstance(v, bool) else VALUE_NAMES[v]()

        return value

    items = [
        Item(
            _("Deal mode for {variant}").format(variant=_(table.name)),
            step=lambda d: i.ChangeSetting("mode", _cycle(table.mode_ids(), mode(), d), variant),
            value=lambda: next(_(m.label) for m in table.modes if m.id == mode()),
        ),
        Item(
            _("Language"),
            step=lambda d: i.ChangeSetting(
                "language", _cycle(LANGUAGE_CHOICES, session.language_setting, d)
            ),
            value=lambda: language_name(session.language_setting),
        ),
        Item(_("Click to move"), step=toggle("click_to_move"), value=shown("click_to_move")),
        Item(
            _("Animation"),
            step=choice("animation_speed", ANIMATION_SPEEDS),
            value=shown("animation_speed"),
        ),
        sound_row(settings, toggle("sound"), silenced),
        Item(_("Card back"), step=choice("card_back", CARD_BACKS), value=shown("card_back")),
        Item(_("Card faces"), step=choice("face_style", FACE_STYLES), value=shown("face_style")),
        Item(_("Four-colour deck"), step=toggle("four_colour"), value=shown("four_colour")),
        Item(_("Left-handed layout"), step=toggle("left_handed"), value=shown("left_handed")),
        Item(
            _("Fullscreen"),
            step=lambda _d: i.ToggleFullscreen(),
            value=lambda: on_off(fullscreen()),
        ),
        Item(
            _("Winnable deals only ({variant})").format(variant=_(table.name)),
            step=lambda _d: i.ChangeSetting(
                "winnable_only", not settings().is_winnable_only(variant), variant
            ),
            value=lambda: on_off(settings().is_winnable_only(variant)),
        ),
        Item(
            _("Winnable deals: difficulty"),
            step=choice("winnable_grade", WINNABLE_GRADES),
            value=shown("winnable_grade"),
        ),
        Item(
            _("Show if still winnable (solver sees all)"),
            step=toggle("show_winnable_indicator"),
            value=shown("show_winnable_indicator"),
        ),
        Item(
            _("Auto-finish"),
            step=choice("auto_finish", AUTO_FINISH_CHOICES),
            value=shown("auto_finish"),
        ),
    ]
    # Back, as the Rules and Statistics pages have it.
    items.append(Item(_("Back"), i.CloseScene(), hint="Esc"))
    footer = _("Left/Right or Enter change a setting; the deal mode applies from the next game")
    return MenuPanel(_("Options"), items, size, footer=footer)


def sound_row(settings: Callable, step: Callable, silenced: bool) -> Item:
    """The Sound row tells what is heard: with ``--no-sound``, off, and why (faint, and
    passed over, as a setting that does nothing now)."""
    if silenced:
        return Item(_("Sound"), hint=_("Off (started with --no-sound)"), enabled=lambda: False)
    return Item(_("Sound"), step=step, value=lambda: on_off(settings().sound))


def language_name(setting: str) -> str:
    """A language in its own words; "System" says which the system's is."""
    if setting == "system":
        return _("System ({language})").format(language=i18n.NAMES[i18n.choose("system")])
    return i18n.NAMES.get(setting, setting)


def statistics_text(session: Session) -> str:
    header = "\t".join(
        ["", _("Played"), _("Won"), _("Win %"), _("Streak"), _("Best"), _("Avg win"), _("Fewest")]
    )
    lines: list[str] = []
    streaks: list[str] = []
    # By the name shown, in the language's order; a player's table, if played this run.
    own = session.catalogue.tables()
    shown = [*in_shown_order(all_variants()), *in_shown_order(own, translated=False)]
    for table in shown:
        rows = []
        for mode in table.modes:
            s = session.stats.get(StatsKey(table.id, mode.id))
            if not s.played:
                continue
            if s.current_win_streak:
                streak = _("won {count}").format(count=s.current_win_streak)
            elif s.current_loss_streak:
                streak = _("lost {count}").format(count=s.current_loss_streak)
            else:
                streak = "-"
            best = format_time(s.best_time) if s.best_time is not None else "-"
            average = format_time(s.average_win_time) if s.average_win_time is not None else "-"
            fewest = str(s.fewest_moves) if s.fewest_moves is not None else "-"
            cells = [
                _(mode.label),
                str(s.played),
                str(s.won),
                f"{100 * s.win_rate:.0f}%",
                streak,
                best,
                average,
                fewest,
            ]
            rows.append("\t".join(cells))
            streak_text = _("{variant} \u00b7 {mode}: {won} won in a row, {lost} lost in a row.")
            line = streak_text.format(
                variant=_(table.name),
                mode=_(mode.label),
                won=s.longest_win_streak,
                lost=s.longest_loss_streak,
            )
            if s.best_deal:
                line += " " + _("Fastest win: deal {code}.").format(code=s.best_deal)
            if s.assisted:  # the solver finished them: played, not won (docs/playing.md)
                helped = ngettext(
                    "{count} game solved with help, counted as played, not won.",
                    "{count} games solved with help, counted as played, not won.",
                    s.assisted,
                )
                line += " " + helped.format(count=s.assisted)
            streaks.append(line)
        if rows:
            lines += [f"## {_(table.name)}", header, *rows]
    if not lines:
        return empty_statistics_text(session)
    lines += ["", "## " + _("Streaks and fastest wins"), *streaks]
    if session.in_progress:
        lines += ["", _("The game in progress counts when it ends.")]
    return "\n".join(lines)


def empty_statistics_text(session: Session) -> str:
    """What the statistics page says before any game is counted: a game counts when it
    ends (won, or left for another once a card has moved), so one being played is not
    there yet."""
    if session.in_progress:
        return _("No finished games yet; the game in progress counts when it ends.")
    return _(
        "No finished games yet. A game counts when it ends: won, or left for another "
        "once a card has moved."
    )


def statistics_page(session: Session, size: Size) -> PagePanel:
    rules = session.game.rules
    buttons = [
        (pygame.K_r, _("R  Reset this mode"), _reset(rules)),
        (pygame.K_a, _("A  Reset all"), _reset(None)),
    ]
    return PagePanel(_("Statistics"), lambda: statistics_text(session), size, buttons)


def _reset(rules) -> object:
    """The intent of a reset button: it asks first (the scene stack opens the question)."""
    return i.ResetStatistics(rules.variant, rules.mode) if rules else i.ResetStatistics()


def reset_question(session: Session, size: Size, intent: i.ResetStatistics) -> ConfirmDialog:
    """Asked before statistics are forgotten: keeping them is the default."""
    if intent.variant is None:
        what = _("Reset all statistics? This cannot be undone.")
    else:
        rules = session.catalogue.find(intent.variant).rules(intent.mode)
        what = _("Reset the statistics of {variant} \u00b7 {mode}? This cannot be undone.").format(
            variant=_(rules.name), mode=_(rules.mode_label)
        )
    confirmed = i.ResetStatistics(intent.variant, intent.mode, confirmed=True)
    return ConfirmDialog(
        _("Reset statistics"), what, size, yes=(_("Reset"), confirmed), no=(_("Keep"), None)
    )


def rules_page(session: Session, size: Size, variant: str | None = None) -> PagePanel:
    """The rules of the game played, or of ``variant`` (in its default mode)."""
    catalogue = session.catalogue
    rules = session.game.rules if variant is None else catalogue.find(variant).rules()
    buttons = [(pygame.K_k, _("K  Keys"), i.OpenKeys())]  # the keys, from the help
    return PagePanel(
        _("Rules: {variant}").format(variant=_(rules.name)),
        lambda: catalogue.help_text(rules.variant),
        size,
        buttons,
    )


def keys_text() -> str:
    """Every key of the game, made from the key map (``game.app.keymap``), each action
    once with all its keys, in the player's language: the table's, the timeline's, and
    the keys every menu, page and dialog reads."""
    sections = (
        (_("On the table"), keymap.TABLE + keymap.GLOBAL),
        (_("On the timeline (a game watched from its deal)"), keymap.REPLAY),
    )
    lines: list[str] = []
    for title, bindings in sections:
        keys: dict[str, list[str]] = {}
        for binding in bindings:
            keys.setdefault(binding.action, []).append(binding.name)
        lines += [f"## {title}"]
        lines += [f"{_(action)}\t{'  '.join(names)}" for action, names in keys.items()]
    menus = _("In menus, pages and dialogs")
    everywhere = (
        (_("choose a row, scroll a page"), "\u2191  \u2193  PgUp  PgDn  Home  End"),
        (_("change a setting"), "\u2190  \u2192"),
        (_("do what the row says"), "Enter"),
        (_("back, or close"), "Esc"),
        (_("the key shown beside a row does what the row does"), "N  H  Ctrl+Z \u2026"),
    )
    lines += [f"## {menus}", *(f"{what}\t{shown}" for what, shown in everywhere), ""]
    lines.append(
        _(
            "With the mouse: drag a card or a run; double-click a card to send it up, a "
            "foundation to send up all that can go."
        )
    )
    return "\n".join(lines)


def keys_page(session: Session, size: Size) -> PagePanel:
    return PagePanel(_("Keys"), keys_text, size)


def last_message_page(session: Session, size: Size, table) -> PagePanel:
    """The last message the table showed, whole, with its details (a message shows in
    the one or two lines above the status line)."""
    said = table.last_message
    text = said.whole if said is not None else _("No message has been shown yet.")
    return PagePanel(_("The last message"), lambda: text, size)
