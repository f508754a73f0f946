"""What the menus hold: the main menu, variants and modes, options, statistics, rules.

Each function builds an overlay for the app; every action goes through the app (which goes
through the table scene and so through engine commands)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.deal import MAX_SEED
from game.variants import all_variants, get_variant, help_text
from game.view.decor import format_time

from .overlays import ConfirmOverlay, Item, MenuOverlay, PageOverlay, PromptOverlay
from .settings import ANIMATION_SPEEDS, AUTO_FINISH_CHOICES, CARD_BACKS
from .statistics import StatsKey, reset_statistics

if TYPE_CHECKING:
    from .app import App


def on_off(flag: bool) -> str:
    return "On" if flag else "Off"


def main_menu(app: App) -> MenuOverlay:
    table = app.table

    def then_close(action):
        def run() -> None:
            app.close_all()
            action()

        return run

    items = [
        Item("New game", then_close(app.new_game_requested), hint="N"),
        Item(
            "Restart this deal",
            then_close(table.restart),
            hint="R",
            enabled=lambda: table.game.moves_made > 0,
        ),
        Item("Undo", then_close(table.undo), hint="Ctrl+Z", enabled=lambda: table.game.can_undo),
        Item("Redo", then_close(table.redo), hint="Ctrl+Y", enabled=lambda: table.game.can_redo),
    ]
    items += [
        Item("Hint", then_close(app.hint), hint="H", enabled=lambda: not table.game.won),
        Item(
            "Is this still winnable?",
            then_close(app.assistant.ask_winnable),
            enabled=lambda: not table.game.won,
        ),
        Item(
            "Finish the game",
            then_close(app.assistant.finish),
            hint="F",
            enabled=app.assistant.can_finish,
        ),
    ]
    items += [
        Item("Variant and deal mode\u2026", lambda: app.open_overlay(variant_menu(app))),
        Item("Play deal number\u2026", lambda: app.open_overlay(deal_prompt(app))),
        Item("Statistics", lambda: app.open_overlay(statistics_page(app))),
        Item("Rules", lambda: app.open_overlay(rules_page(app)), hint="F1"),
        Item("Options", lambda: app.open_overlay(options_menu(app))),
        Item(
            lambda: "Leave fullscreen" if app.fullscreen else "Fullscreen",
            then_close(app.toggle_fullscreen),
            hint="F11",
        ),
        Item("Quit", app.quit, hint="Ctrl+Q"),
    ]
    rules = table.game.rules
    seed = table.game.deal.seed
    deal = f"deal {seed}" if seed is not None else "custom deal"
    return MenuOverlay(
        app, "Menu", items, footer=f"{rules.name} \u00b7 {rules.mode_label} \u00b7 {deal}"
    )


def variant_menu(app: App) -> MenuOverlay:
    current = app.table.game.rules
    items = []
    for table in all_variants():
        for mode in table.modes:
            chosen = (table.id, mode.id) == (current.variant, current.mode)
            items.append(
                Item(
                    f"{table.name} \u00b7 {mode.label}",
                    action=lambda v=table.id, m=mode.id: app.switch_to(v, m),
                    hint="\u2713 playing" if chosen else "",
                )
            )
    return MenuOverlay(
        app,
        "Variant and deal mode",
        items,
        footer="A new game starts in the chosen variant and mode",
    )


def deal_prompt(app: App) -> PromptOverlay:
    def done(number: int) -> str | None:
        rules = app.table.game.rules
        app.close_all()
        app.switch_to(rules.variant, rules.mode, seed=number)
        return None

    rules = app.table.game.rules
    return PromptOverlay(
        app, "Play deal number", f"{rules.name} \u00b7 {rules.mode_label}: deal", done, MAX_SEED
    )


def options_menu(app: App) -> MenuOverlay:
    def cycle(values, current, step):
        values = list(values)
        return (
            values[(values.index(current) + step) % len(values)] if current in values else values[0]
        )

    def mode_step(step: int) -> None:
        variant = app.table.game.rules.variant
        table = get_variant(variant)
        mode = app.settings.mode_for(variant) or table.default_mode
        app.change_settings(app.settings.with_mode(variant, cycle(table.mode_ids(), mode, step)))

    def mode_value() -> str:
        variant = app.table.game.rules.variant
        table = get_variant(variant)
        mode = app.settings.mode_for(variant) or table.default_mode
        return next(m.label for m in table.modes if m.id == mode)

    def setting(name: str, values=None):
        def step(direction: int) -> None:
            current = getattr(app.settings, name)
            new = (not current) if values is None else cycle(values, current, direction)
            app.change_settings(**{name: new})

        return step

    def shown(name: str):
        def value() -> str:
            v = getattr(app.settings, name)
            return on_off(v) if isinstance(v, bool) else str(v).capitalize()

        return value

    variant_name = app.table.game.rules.name
    items = [
        Item(f"Deal mode for {variant_name}", step=mode_step, value=mode_value),
        Item("Click to move", step=setting("click_to_move"), value=shown("click_to_move")),
        Item(
            "Animation",
            step=setting("animation_speed", ANIMATION_SPEEDS),
            value=shown("animation_speed"),
        ),
        Item("Sound", step=setting("sound"), value=shown("sound")),
        Item("Card back", step=setting("card_back", CARD_BACKS), value=shown("card_back")),
        Item("Left-handed layout", step=setting("left_handed"), value=shown("left_handed")),
        Item(
            "Fullscreen",
            step=lambda _d: app.toggle_fullscreen(),
            value=lambda: on_off(app.fullscreen),
        ),
    ]
    items += app.solver_options()
    return MenuOverlay(
        app,
        "Options",
        items,
        footer="Left/Right or Enter change a setting; the deal mode applies from the next game",
    )


def statistics_text(app: App) -> str:
    header = "\t".join(["", "Played", "Won", "Win %", "Streak", "Best", "Avg win", "Fewest"])
    lines: list[str] = []
    streaks: list[str] = []
    for table in all_variants():
        rows = []
        for mode in table.modes:
            s = app.stats.get(StatsKey(table.id, mode.id))
            if not s.played:
                continue
            streak = (
                f"won {s.current_win_streak}"
                if s.current_win_streak
                else f"lost {s.current_loss_streak}"
                if s.current_loss_streak
                else "-"
            )
            rows.append(
                "\t".join(
                    [
                        mode.label,
                        str(s.played),
                        str(s.won),
                        f"{100 * s.win_rate:.0f}%",
                        streak,
                        format_time(s.best_time) if s.best_time is not None else "-",
                        format_time(s.average_win_time) if s.average_win_time is not None else "-",
                        str(s.fewest_moves) if s.fewest_moves is not None else "-",
                    ]
                )
            )
            streaks.append(
                f"{table.name} \u00b7 {mode.label}: {s.longest_win_streak} won in a row, "
                f"{s.longest_loss_streak} lost in a row."
            )
        if rows:
            lines += [f"## {table.name}", header, *rows]
    if not lines:
        return "No games played yet. A game counts once a card has moved."
    return "\n".join([*lines, "", "## Longest streaks", *streaks])


def statistics_page(app: App) -> PageOverlay:
    page: PageOverlay

    def reset(key) -> None:
        def really() -> None:
            app.stats = reset_statistics(app.stats, key)
            app.save_statistics()
            page.set_text(statistics_text(app))

        what = (
            "all statistics"
            if key is None
            else (f"the statistics of {rules.name} \u00b7 {rules.mode_label}")
        )
        app.open_overlay(
            ConfirmOverlay(
                app,
                "Reset statistics",
                f"Reset {what}? This cannot be undone.",
                really,
                yes="Reset",
                no="Keep",
            )
        )

    rules = app.table.game.rules
    page = PageOverlay(
        app,
        "Statistics",
        statistics_text(app),
        buttons=[
            (pygame.K_r, "R  Reset this mode", lambda: reset(StatsKey(rules.variant, rules.mode))),
            (pygame.K_a, "A  Reset all", lambda: reset(None)),
        ],
    )
    return page


def rules_page(app: App) -> PageOverlay:
    rules = app.table.game.rules
    return PageOverlay(app, f"Rules: {rules.name}", help_text(rules.variant))


def solver_options(app: App) -> list[Item]:
    variant = app.table.game.rules.variant
    name = app.table.game.rules.name

    def toggle_winnable_only(_step: int) -> None:
        on = not app.settings.is_winnable_only(variant)
        app.change_settings(app.settings.with_winnable_only(variant, on))

    def toggle_indicator(_step: int) -> None:
        app.change_settings(show_winnable_indicator=not app.settings.show_winnable_indicator)
        app.assistant.position_changed()

    def auto_finish(step: int) -> None:
        values = list(AUTO_FINISH_CHOICES)
        now = values.index(app.settings.auto_finish)
        app.change_settings(auto_finish=values[(now + step) % len(values)])

    return [
        Item(
            f"Winnable deals only ({name})",
            step=toggle_winnable_only,
            value=lambda: on_off(app.settings.is_winnable_only(variant)),
        ),
        Item(
            "Show if still winnable (solver sees all)",
            step=toggle_indicator,
            value=lambda: on_off(app.settings.show_winnable_indicator),
        ),
        Item("Auto-finish", step=auto_finish, value=lambda: app.settings.auto_finish.capitalize()),
    ]
