"""The one place where an intent meets the game: ``Controller.apply``.

What happens when the player does X is read here: the session changes the game (and keeps
it), the table is told what to show, the scene stack opens or closes menus, the sounds
play, the assistant hears that the position changed. Everything that leaves a game in
progress goes through ``_leave``, which asks first (docs/playing.md's abandon rule).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from game import i18n
from game.engine.refusals import Refused
from game.files.problems import Detailed, printable
from game.i18n import _
from game.i18n.wording import (
    cannot_lift,
    hint,
    hint_highlight,
    nowhere_to_go,
    refusal,
    verdict_indicator,
)
from game.store.ownership import Role
from game.store.session import Session
from game.store.settings import Settings
from game.view import intents as i
from game.view.table import TableOptions

from .assist import Assistant
from .scenes import SceneStack
from .sound import Sounds
from .watching import Watching


class Window(Protocol):
    fullscreen: bool

    def toggle_fullscreen(self) -> None: ...


def menus():
    """The menus, loaded when first opened: the window shows before they are."""
    from . import menus as module

    return module


def pages():
    from . import pages as module

    return module


def choosing():
    from . import choosing as module

    return module


# Intents that are the player acting on the game: a message about what came before goes.
ACTS = (i.Play, i.Undo, i.Redo, i.FocusActivate, i.NowhereToGo, i.CannotLift)


def table_options(settings: Settings) -> TableOptions:
    return TableOptions(
        click_to_move=settings.click_to_move,
        animation_speed=settings.animation_multiplier,
        back_style=settings.card_back,
        left_handed=settings.left_handed,
        face_style=settings.face_style,
        four_colour=settings.four_colour,
    )


class Controller:
    def __init__(
        self, session: Session, scenes: SceneStack, sounds: Sounds, window: Window
    ) -> None:
        self.session = session
        self.scenes = scenes
        self.table = scenes.table
        self.sounds = sounds
        self.window = window
        self.assistant = Assistant(session, self.apply)
        self.watching = Watching(self)
        self.running = True
        self._quit_asked = False
        self._handlers: dict[type, Callable] = {
            i.Play: self._play,
            i.NowhereToGo: self._nowhere,
            i.CannotLift: self._cannot_lift,
            i.Undo: self._undo,
            i.Redo: self._redo,
            i.Restart: self._leave,
            i.NewGame: self._leave,
            i.SwitchVariant: self._leave,
            i.PlayDeal: self._leave,
            i.Abandon: self._abandon,
            i.KeepSavedGame: lambda it: self.scenes.clear(),
            i.Hint: lambda it: self.assistant.hint(),
            i.AskWinnable: lambda it: self.assistant.ask_winnable(),
            i.Finish: self._finish,
            i.ShowHint: self._show_hint,
            i.ShowVerdict: self._show_verdict,
            i.Notify: lambda it: self.table.say(it.text, about=it.about),
            i.FocusMove: self._focus,
            i.FocusActivate: self._focus,
            i.Back: self._back,
            i.OpenMenu: lambda it: self._open(
                menus().main_menu, self._fullscreen, self.assistant.can_finish
            ),
            i.OpenRules: lambda it: self._open(pages().rules_page, it.variant),
            i.OpenLastMessage: lambda it: self._open(pages().last_message_page, self.table),
            i.OpenKeys: lambda it: self._open(pages().keys_page),
            i.OpenChooser: self._open_chooser,
            i.OpenStatistics: lambda it: self._open(pages().statistics_page),
            i.OpenOptions: lambda it: self._open(
                pages().options_menu, self._fullscreen, self.sounds.silenced
            ),
            i.OpenVariants: lambda it: self._open(menus().variant_menu, it.variant, it.family),
            i.ShowTableProblem: lambda it: self._open(menus().table_problem, it),
            i.OpenDealPrompt: lambda it: self._open(menus().deal_prompt),
            i.OpenSubmenu: self._submenu,
            i.CloseScene: lambda it: self.scenes.pop(),
            i.CloseMenus: lambda it: self.scenes.close_overlays(),
            i.ChangeSetting: self._change_setting,
            i.ResetStatistics: self._reset_statistics,
            i.ToggleFullscreen: self._toggle_fullscreen,
            i.Quit: self._quit,
            **self.watching.handlers(),
        }

    def apply(self, intent: i.Intent) -> None:
        # The player acted: what was said before is no longer news. A move played by itself
        # (a demo, a finish) is not the player's: "show me" says how to stop it, and that
        # must stay while its moves play.
        if isinstance(intent, ACTS) and not getattr(intent, "by_itself", False):
            self.table.hush()
        self._handlers[type(intent)](intent)
        for name in self.table.sounds:
            self.sounds.play(name)
        self.table.sounds.clear()
        self.show_notices()

    def show_notices(self) -> None:
        """The session's news for the player (problems with files, a folder in use), all
        in one message: one after another, each would hide the one before."""
        notices = self.session.take_notices()
        if notices:  # they name files: made printable whatever bytes the names hold
            details = [printable(n.details) for n in notices if isinstance(n, Detailed)]
            said = printable(" ".join(notices))
            self.table.say(said, error=True, details="\n\n".join(details))

    def position_changed(self) -> None:
        self.assistant.position_changed()

    # -- playing --------------------------------------------------------------------------------

    def _play(self, intent: i.Play) -> None:
        if not intent.by_itself:
            self.assistant.stop_finishing()  # the player takes over from a finish or a demo
        game = self.session.game
        try:
            step = self.session.play(intent.command, by_solver=intent.by_solver)
        except Refused as refused:
            self.table.refused(intent.command)
            self.table.say(refusal(refused), about=game.state)
            return
        if game.moves_made == 1:  # played, not only dealt: first in the chooser from now on
            self.session.change_settings(self.session.settings.with_played(game.rules.variant))
        self.table.follow(step, from_hand=intent.from_hand)
        self.position_changed()

    def _nowhere(self, intent: i.NowhereToGo) -> None:
        self.table.shake(intent.pile, intent.count)
        self.table.sounds.append("invalid")
        state = self.session.game.state
        self.table.say(nowhere_to_go(state, intent.pile, intent.count), about=state)

    def _cannot_lift(self, intent: i.CannotLift) -> None:
        count = len(self.session.game.state.piles[intent.pile]) - intent.position
        self.table.shake(intent.pile, count)
        self.table.sounds.append("invalid")
        game = self.session.game
        self.table.say(cannot_lift(game, intent.pile, intent.position), about=game.state)

    def _undo(self, intent: i.Undo) -> None:
        self.assistant.stop_finishing()
        step = self.session.undo()
        if step is None:
            self.table.say(_("There is nothing to undo."))
            return
        self.table.follow_undo(step)
        self.position_changed()

    def _redo(self, intent: i.Redo) -> None:
        step = self.session.redo()
        if step is None:
            self.table.say(_("There is nothing to redo."))
            return
        self.table.follow(step)
        self.position_changed()

    def _focus(self, intent: i.FocusMove | i.FocusActivate) -> None:
        for produced in self.table.focus_input(intent):
            self.apply(produced)

    def _back(self, intent: i.Back) -> None:
        if self.table.focus.let_go():
            return
        if self.window.fullscreen:
            self._toggle_fullscreen(i.ToggleFullscreen())
        else:
            self.apply(i.OpenMenu())

    # -- leaving a game and starting another -------------------------------------------------------

    def _leave(self, intent: i.NewGame | i.Restart | i.SwitchVariant | i.PlayDeal) -> None:
        """Every way of leaving the game for another: ask first when it has moves."""
        if self.session.in_progress:
            self.scenes.push(
                menus().abandon_question(self.session, self.table.layout_size(), intent)
            )
        else:
            self._begin(intent)

    def _begin(self, intent: i.NewGame | i.Restart | i.SwitchVariant | i.PlayDeal) -> None:
        self.scenes.clear()
        self.assistant.stop_finishing()
        session = self.session
        rules = session.game.rules
        left = session.last_finished
        if isinstance(intent, i.Restart):
            session.restart()
        else:
            if isinstance(intent, i.SwitchVariant):
                game = session.deal(intent.variant, intent.mode, intent.seed)
            elif isinstance(intent, i.PlayDeal):
                game = session.deal(rules.variant, rules.mode, intent.seed)
            else:  # a new deal: in the deal mode the options now choose for this variant
                game = session.deal(rules.variant)
            session.start(game)
        self.table.show(session.game)
        self.position_changed()
        if session.settings.is_winnable_only(session.game.rules.variant):
            self.assistant.top_up(session.game.rules)
        if session.last_finished != left and session.last_finished is not None:
            # A game was just abandoned: where was it lost? (said quietly, when known)
            self.apply(i.WhereLost(str(session.last_finished), quiet=True))

    def _abandon(self, intent: i.Abandon) -> None:
        """The player said yes to leaving the game in progress: do what was asked."""
        if isinstance(intent.then, i.Quit):
            self._quit(intent.then)
        elif isinstance(intent.then, i.ReplayBranch):
            self.watching.branch(intent.then, confirmed=True)
        else:
            self._begin(intent.then)

    def offer_saved_game(self, asked: i.Intent, label: str) -> None:
        """At start, with a saved game in progress and a deal asked for on the command
        line: the saved game is shown, and the player chooses."""
        self.scenes.push(
            menus().saved_game_question(self.session, self.table.layout_size(), asked, label)
        )

    # -- the solver's help ----------------------------------------------------------------

    def _finish(self, intent: i.Finish) -> None:
        if self.assistant.can_finish():
            self.assistant.finish()
        elif not self.session.game.won:
            self.table.say(_("The game can be played out by itself once every card is face up."))

    def _show_hint(self, intent: i.ShowHint) -> None:
        game = self.session.game
        self.table.show_hint(hint_highlight(intent.command))
        words = hint(
            intent.command,
            game.state,
            game.layout,
            winning=intent.winning,
            stock_to=game.rules.stock_to,
        )
        self.table.say(words, about=game.state)

    def _show_verdict(self, intent: i.ShowVerdict) -> None:
        self.table.verdict = verdict_indicator(intent.verdict) if intent.verdict else ""

    # -- around the table -------------------------------------------------------------------------

    def _open(self, build: Callable, *args) -> None:
        self.scenes.push(build(self.session, self.table.layout_size(), *args))

    def _open_chooser(self, intent: i.OpenChooser) -> None:
        self.scenes.close_overlays()  # from the menu too: the chooser stands alone
        self._open(choosing().chooser, intent.first_start)

    def _submenu(self, intent: i.OpenSubmenu) -> None:
        extra = (self.assistant.can_finish,) if intent.name == "solver_menu" else ()
        self.open_menu(intent.name, *extra)

    def open_menu(self, name: str, *args) -> None:
        """Open the menu or dialog ``game.app.menus`` builds with function ``name``."""
        self._open(getattr(menus(), name), *args)

    def _change_setting(self, intent: i.ChangeSetting) -> None:
        settings = self.session.settings
        if intent.name == "mode":
            settings = settings.with_mode(intent.variant, intent.value)
        elif intent.name == "winnable_only":
            settings = settings.with_winnable_only(intent.variant, bool(intent.value))
        else:
            settings = replace(settings, **{intent.name: intent.value})
        self.session.change_settings(settings)
        self.apply_settings()
        if intent.name == "show_winnable_indicator":
            self.position_changed()
        if intent.name == "language":
            self.session.language_asked = None  # the player's choice now, kept
            self._speak(settings.language)

    def _speak(self, setting: str) -> None:
        """Another language, at once: what is drawn from now on speaks it; the menus are
        built again in it (the options menu stays open, on the language row)."""
        i18n.use_language(i18n.choose(setting))
        options = self.scenes.top
        selected = getattr(options, "selected", 0)
        self.scenes.close_overlays()
        self.table.invalidate()
        self._open(pages().options_menu, self._fullscreen, self.sounds.silenced)
        self.scenes.top.selected = selected

    def apply_settings(self) -> None:
        """The settings now in the session take effect: the table's look, the sound."""
        settings = self.session.settings
        self.sounds.set_enabled(settings.sound)
        self.table.set_options(table_options(settings))
        self.scenes.refresh()

    def _reset_statistics(self, intent: i.ResetStatistics) -> None:
        if not intent.confirmed:
            self.scenes.push(pages().reset_question(self.session, self.table.layout_size(), intent))
            return
        key = None if intent.variant is None else (intent.variant, intent.mode)
        self.session.reset_statistics(key)
        self.scenes.refresh()

    def _fullscreen(self) -> bool:
        return self.window.fullscreen

    def _toggle_fullscreen(self, intent: i.ToggleFullscreen) -> None:
        self.window.toggle_fullscreen()
        settings = replace(self.session.settings, fullscreen=self.window.fullscreen)
        self.session.change_settings(settings)
        self.scenes.refresh()

    def _quit(self, intent: i.Quit) -> None:
        session = self.session
        if session.role is Role.GUEST and session.in_progress and not self._quit_asked:
            # A guest's game cannot be kept: leaving abandons it, so ask first (once; a
            # second Quit, such as closing the window again, quits).
            self._quit_asked = True
            self.open_menu("quit_question")
            return
        self.assistant.stop()
        self.watching.analyst.cancel()
        self.session.close()
        self.running = False

    # -- each step --------------------------------------------------------------------------------

    def tick(self, seconds: float) -> None:
        """Wall time passed: the game's clock, the table's timers, the assistant's news.

        The clock runs, and moves play by themselves (a finish, a demo), only while the
        table is in front: a panel or a replay over it holds the game still, so what shows
        under a panel is what will be found on closing it. The solver's time, looking for
        a line to show and playing it, is not the player's: "show me" holds the clock."""
        in_front = self.scenes.top is self.table
        if in_front and not self.assistant.showing:
            self.session.tick(seconds)
        self.scenes.tick(seconds)
        self.assistant.step(seconds, table_at_rest=in_front and not self.table.motion.busy)
        self.watching.step()

    @property
    def busy(self) -> bool:
        """A search, an analysis or moves playing by themselves."""
        return self.assistant.busy or self.watching.busy

    @property
    def polling(self) -> bool:
        """Moves playing by themselves or an analysis reporting its progress: look again
        soon. (The assistant's searches wake the loop when they end.)"""
        return self.assistant.polling or self.watching.busy
