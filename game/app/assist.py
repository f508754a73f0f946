"""The solver in the game: hints, "is this still winnable?", auto-finish and topping up
the winnable deals.

Every search runs off the main thread (``game.solver.background``) and is cancelled as
soon as the position it was asked about changes, so the table never waits for it. Hints
are fair (they never use face-down or unseen cards, see ``game.solver.hints``); the
winnable verdict uses full knowledge and says so. What it finds goes back as intents
through ``emit`` (``ShowHint``, ``ShowVerdict``, ``Notify``, and ``Play`` for the moves of
an automatic finish); it never touches the table.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.commands import Command
from game.engine.game import new_game
from game.engine.rules import Rules
from game.i18n import _
from game.i18n.wording import verdict_message
from game.store.session import Session
from game.view.intents import Intent, Notify, Play, ShowHint, ShowVerdict

from .budgets import STANDARD, AssistBudget

if TYPE_CHECKING:
    from game.solver import BackgroundSearch

log = logging.getLogger(__name__)


def solver():
    """The solver, loaded when first needed: after the first frame, not before it. Its
    searches wake the loop when they end (the loop sleeps while they run)."""
    import game.solver
    from game.solver.background import when_any_finishes

    from .waiting import wake

    when_any_finishes(wake)
    return game.solver


def solve_from_seed(rules: Rules, seed: int, seconds: float = STANDARD.top_up, cancel=None) -> bool:
    result = solver().solve(
        new_game(rules, seed=seed).state,
        rules,
        max_seconds=seconds,
        max_nodes=None,
        cancel=cancel,
    )
    return result.outcome is solver().Outcome.WON


class Assistant:
    def __init__(
        self,
        session: Session,
        emit: Callable[[Intent], None],
        budget: AssistBudget = STANDARD,
    ) -> None:
        self.session = session
        self.emit = emit
        self.budget = budget  # how long each search may take
        self.hint_task: BackgroundSearch | None = None
        self.verdict_task: BackgroundSearch | None = None
        self.top_up_task: BackgroundSearch | None = None
        self._asked_about = None  # the state a running hint search is about
        self._verdict_about = None
        self._tell_verdict = False  # the menu asked: say the verdict as a message
        self.verdict = ""
        self._finish: list[Command] = []  # moves to play by themselves: a finish, a demo
        self._finish_clock = 0.0
        self._pace = budget.finish_step
        self.demo_task: BackgroundSearch | None = None
        self._demo_about = None
        self.demonstrating = False  # "show me" is playing: any key or click stops it
        self._offered_for = None
        self.hint_cache = None  # the solver's HintCache for the game being played
        self._cache_for = None

    @property
    def showing(self) -> bool:
        """Show me is at work: looking for its line, or playing it."""
        return self.demonstrating or self.demo_task is not None

    @property
    def game(self):
        return self.session.game

    @property
    def polling(self) -> bool:
        """Moves play by themselves (a finish, a demo): the loop must look often. (A
        search wakes it when it ends: ``solver``.)"""
        return bool(self._finish)

    @property
    def busy(self) -> bool:
        """A search runs or moves play by themselves."""
        return bool(self._finish) or any(
            t is not None and not t.done()
            for t in (self.hint_task, self.verdict_task, self.demo_task)
        )

    def position_changed(self) -> None:
        """After every move, undo, redo or new game: stale searches stop, and a game left
        takes its hints with it."""
        state = self.game.state
        if self._cache_for is not None and self._cache_for is not self.game:
            self.hint_cache = self._cache_for = None
        if self.hint_task is not None and self._asked_about is not state:
            self.hint_task.cancel(wait=None)
            self.hint_task = None
        if self.verdict_task is not None and self._verdict_about is not state:
            self.verdict_task.cancel(wait=None)
            self.verdict_task = None
        if self.session.settings.show_winnable_indicator:
            self.start_verdict()
        else:
            self.verdict = ""
            self.emit(ShowVerdict(""))
        self._offer_finish()

    # -- hints --------------------------------------------------------------------------------

    def hint(self) -> None:
        game = self.game
        if game.won or (self.hint_task is not None and not self.hint_task.done()):
            return
        self._asked_about = game.state
        self.emit(Notify(_("Thinking\u2026"), about=game.state))
        if self._cache_for is not game:  # a cache per game: its lines are that game's
            self.hint_cache, self._cache_for = solver().HintCache(), game
        self.hint_task = solver().hint_in_background(
            game.state, game.rules, self.budget.hint, cache=self.hint_cache, explained=True
        )

    # -- is this still winnable? --------------------------------------------------------------

    def start_verdict(self) -> None:
        game = self.game
        if self.verdict_task is not None and self._verdict_about is game.state:
            return
        if self.verdict_task is not None:
            self.verdict_task.cancel(wait=None)
        if game.won:
            self._set_verdict("won")
            return
        self._verdict_about = game.state
        self._set_verdict("thinking")
        self.verdict_task = solver().solve_in_background(
            game.state, game.rules, max_seconds=self.budget.verdict, max_nodes=None
        )

    def ask_winnable(self) -> None:
        """The menu's question: the answer comes as a message when the search is done."""
        self._tell_verdict = True
        self.start_verdict()
        if self.verdict == "thinking":
            text = _("Thinking (the solver looks at every card)\u2026")
            self.emit(Notify(text, about=self.game.state))
        elif self.verdict:
            self._tell()

    def _set_verdict(self, verdict: str) -> None:
        self.verdict = verdict
        if self.session.settings.show_winnable_indicator:
            self.emit(ShowVerdict(verdict))

    def _tell(self) -> None:
        self._tell_verdict = False
        self.emit(Notify(verdict_message(self.verdict), about=self.game.state))

    # -- auto-finish -------------------------------------------------------------------------

    def _offer_finish(self) -> None:
        game = self.game
        choice = self.session.settings.auto_finish
        if choice == "never" or game.won or self._finish or self._offered_for is game.state:
            return
        self._offered_for = game.state
        line = solver().auto_finish_line(game.state, game.rules)
        if not line:
            return
        if choice == "always":
            self.finish(line)
        else:
            self.emit(
                Notify(
                    _("Every card is face up: press F (or Finish in the menu) to play it out."),
                    about=game.state,
                )
            )

    def can_finish(self) -> bool:
        return bool(solver().auto_finish_line(self.game.state, self.game.rules))

    def finish(self, line: list[Command] | None = None) -> None:
        if line is None:
            line = solver().auto_finish_line(self.game.state, self.game.rules)
        if line:
            self._play_out(line, self.budget.finish_step)

    def _play_out(self, line, pace: float) -> None:
        self._finish = list(line)
        self._finish_clock = 0.0
        self._pace = pace

    def stop_finishing(self) -> None:
        """The player acts: moves playing by themselves (a finish, a demo) stop."""
        self._finish = []
        self.demonstrating = False
        if self.demo_task is not None:
            self.demo_task.cancel(wait=None)
            self.demo_task = None

    # -- show me -------------------------------------------------------------------------------

    def show_me(self) -> None:
        """Search a winning line from here with every card known, then play it out slowly
        (each move undoable); say so when there is none. Once one of its moves is played,
        the game is solved with help (``Session.play``), whatever is undone after."""
        game = self.game
        if game.won or self.demo_task is not None or self.demonstrating:
            return
        self._demo_about = game.state
        text = _("Looking for a winning line (the solver sees every card)\u2026")
        self.emit(Notify(text, about=game.state))
        self.demo_task = solver().solve_in_background(
            game.state, game.rules, max_seconds=self.budget.demo, max_nodes=None
        )

    def _demo_found(self, task) -> None:
        Outcome = solver().Outcome
        try:
            result = task.result(0)
        except Exception as exc:  # a failed search must not take the game down
            log.warning("demo search failed: %s", exc)
            return
        if result.outcome is Outcome.WON and result.line:
            self.demonstrating = True
            self._play_out(result.line, self.budget.demo_step)
            self.emit(
                Notify(
                    _(
                        "Showing a winning line, found with every card known (face-down "
                        "ones too). Press any key or click to stop; every move can be undone. "
                        "A game the solver plays moves of counts as solved with help, not won."
                    )
                )
            )
        elif result.outcome is Outcome.UNWINNABLE:
            self.emit(Notify(_("This position cannot be won."), about=self._demo_about))
        else:
            self.emit(
                Notify(
                    _("No winning line found from here within {seconds} s.").format(
                        seconds=f"{self.budget.demo:g}"
                    ),
                    about=self._demo_about,
                )
            )

    # -- winnable deals --------------------------------------------------------------------------

    def top_up(self, rules: Rules) -> None:
        """Search one random deal in a separate process (full speed for the table); a win
        adds it to the deals of this machine. Called again after each deal."""
        winnable = self.session.winnable
        if self.top_up_task is not None and not self.top_up_task.done():
            return
        if not winnable.wants_more(rules):
            return
        seed = rules.numbering.spread(winnable.rng.randrange(1_000_000_000))

        def done(won) -> None:
            if won:  # runs on the waiting thread: only file I/O here
                try:
                    winnable.add(rules, seed)
                except OSError as exc:
                    log.info("could not keep a winnable deal: %s", exc)

        self.top_up_task = solver().BackgroundSearch(
            solve_from_seed, rules, seed, self.budget.top_up, process=True, on_done=done
        )

    # -- each step --------------------------------------------------------------------------------

    def step(self, dt: float, table_at_rest: bool = True) -> None:
        """Collect what the searches found; play the next move of a finish once the table
        is at rest."""
        task = self.hint_task
        if task is not None and task.done():
            self.hint_task = None
            if self._asked_about is self.game.state and not task.cancelled():
                try:
                    answer = task.result(0)
                    self.emit(ShowHint(answer.command, answer.winning))
                except Exception as exc:  # a failed search must not take the game down
                    log.warning("hint failed: %s", exc)
        task = self.verdict_task
        if task is not None and task.done():
            self.verdict_task = None
            if self._verdict_about is self.game.state and not task.cancelled():
                Outcome = solver().Outcome
                try:
                    outcome = task.result(0).outcome
                except Exception as exc:
                    log.warning("solver failed: %s", exc)
                    outcome = Outcome.UNDECIDED
                verdict = {Outcome.WON: "winnable", Outcome.UNWINNABLE: "lost"}
                self._set_verdict(verdict.get(outcome, "unknown"))
                if self._tell_verdict:
                    self._tell()
        task = self.demo_task
        if task is not None and task.done():
            self.demo_task = None
            if self._demo_about is self.game.state and not task.cancelled():
                self._demo_found(task)
        if self._finish and table_at_rest:
            self._finish_clock += dt
            if self._finish_clock >= self._pace:
                self._finish_clock = 0.0
                move = self._finish.pop(0)  # a demo's moves are the solver's, not the player's
                self.emit(Play(move, by_itself=True, by_solver=self.demonstrating))
                if not self._finish:
                    self.demonstrating = False

    def stop(self) -> None:
        self._finish = []
        for task in (self.hint_task, self.verdict_task, self.top_up_task, self.demo_task):
            if task is not None:
                task.cancel(wait=None)
