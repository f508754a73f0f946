"""The solver in the game: hints, "is this still winnable?", auto-finish and winnable deals.

Every search runs off the main thread (``game.solver.background``) and is cancelled as
soon as the position it was asked about changes, so the table never waits for it. Hints
are fair (they never use face-down or unseen cards, see ``game.solver.hints``); the
winnable verdict uses full knowledge and says so.
"""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine.cards import CODE
from game.engine.commands import Command, Draw, ToFoundation
from game.engine.rules import Rules
from game.solver import (
    BackgroundSearch,
    Outcome,
    auto_finish_line,
    hint_in_background,
    solve,
    solve_in_background,
    winnable_pool,
)

from .atomic import write_atomic

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)

SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
FOUND_FILE = "winnable-deals-found.json"
HINT_BUDGET = 1.0  # seconds: the winning line must be found within about this
VERDICT_BUDGET = 3.0
TOP_UP_BUDGET = 6.0
TOP_UP_TARGET = 50  # deals found here, per variant and mode, beyond the shipped pool
FINISH_STEP = 0.09  # seconds between two moves of the automatic finish


def pretty(card: int) -> str:
    code = CODE[card]
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_SYMBOLS[code[1]]


def solve_from_seed(rules: Rules, seed: int, cancel=None) -> bool:
    from game.engine.game import new_game

    outcome = solve(
        new_game(rules, seed=seed).state,
        rules,
        max_seconds=TOP_UP_BUDGET,
        max_nodes=None,
        cancel=cancel,
    ).outcome
    return outcome is Outcome.WON


class Assistant:
    def __init__(self, app: App) -> None:
        self.app = app
        self.hint_task: BackgroundSearch | None = None
        self.verdict_task: BackgroundSearch | None = None
        self.top_up_task: BackgroundSearch | None = None
        self._asked_about = None  # the state a running search is about
        self._verdict_about = None
        self.verdict: str = ""
        self._finish: list[Command] = []
        self._finish_clock = 0.0
        self._offered_for = None
        self._rng = random.Random()

    # -- state of the table ---------------------------------------------------------------

    @property
    def game(self):
        return self.app.table.game

    @property
    def busy(self) -> bool:
        """Something to poll for: the loop must not sleep."""
        return bool(self._finish) or any(
            t is not None and not t.done() for t in (self.hint_task, self.verdict_task)
        )

    def position_changed(self) -> None:
        """After every move, undo, redo or new game: stale searches stop, hints go."""
        state = self.game.state
        if self.hint_task is not None and self._asked_about is not state:
            self.hint_task.cancel(wait=None)
            self.hint_task = None
        if self.verdict_task is not None and self._verdict_about is not state:
            self.verdict_task.cancel(wait=None)
            self.verdict_task = None
        self.app.table.decor.hint = None
        if self.app.settings.show_winnable_indicator:
            self.start_verdict()
        else:
            self.app.table.decor.extra_status = ""
        self._offer_finish()

    # -- hints ------------------------------------------------------------------------------

    def hint(self) -> None:
        game = self.game
        if game.won:
            return
        if self.hint_task is not None and not self.hint_task.done():
            return  # one is on its way
        self._asked_about = game.state
        self.app.table.feedback.message = "Thinking\u2026"
        self.app.table.decor.refresh()
        self.hint_task = hint_in_background(game.state, game.rules, HINT_BUDGET)

    def _show_hint(self, command: Command | None) -> None:
        table = self.app.table
        game = self.game
        layout = game.layout
        if command is None:
            table.feedback.message = "No more useful moves: undo, or start a new game."
            table.decor.hint = None
        elif isinstance(command, Draw):
            stock = game.state.piles[0]
            table.feedback.message = "Hint: turn the stock" if stock else "Hint: redeal"
            table.decor.hint = (0, 0, None)
        else:
            if isinstance(command, ToFoundation):
                source, count, target = command.source, 1, None
            else:
                source, count, target = command.source, command.count, command.target
            cards = game.state.piles[source]
            card = cards[-count]
            if target is None or layout.is_foundation(target):
                where = "to the foundations"
            elif game.state.piles[target]:
                where = f"onto {pretty(game.state.piles[target][-1])}"
            else:
                where = "to the empty pile"
            run = (
                f" (and the {count - 1} card{'s' if count > 2 else ''} on it)" if count > 1 else ""
            )
            table.feedback.message = f"Hint: move {pretty(card)}{run} {where}"
            table.decor.hint = (source, count, target)
        table.decor.refresh()

    # -- is this still winnable? -----------------------------------------------------------------

    def start_verdict(self) -> None:
        game = self.game
        if self.verdict_task is not None and self._verdict_about is game.state:
            return
        if self.verdict_task is not None:
            self.verdict_task.cancel(wait=None)
        if game.won:
            self.verdict = "won"
            self._set_indicator()
            return
        self._verdict_about = game.state
        self.verdict = "thinking"
        self._set_indicator()
        self.verdict_task = solve_in_background(
            game.state, game.rules, max_seconds=VERDICT_BUDGET, max_nodes=None
        )

    def ask_winnable(self) -> None:
        """The menu's question: the answer comes as a message when the search is done."""
        self._tell_verdict = True
        self.start_verdict()
        if self.verdict == "thinking":
            self.app.table.feedback.message = "Thinking (the solver looks at every card)\u2026"

    _tell_verdict = False

    def _verdict_text(self) -> str:
        return {
            "winnable": "still winnable",
            "lost": "no longer winnable",
            "unknown": "undecided (too many ways to try)",
            "thinking": "thinking\u2026",
            "won": "won",
        }[self.verdict]

    def _set_indicator(self) -> None:
        decor = self.app.table.decor
        if self.app.settings.show_winnable_indicator:
            decor.extra_status = f"Solver, seeing all cards: {self._verdict_text()}"
        else:
            decor.extra_status = ""
        decor.refresh()

    # -- auto-finish ---------------------------------------------------------------------------

    def _offer_finish(self) -> None:
        game = self.game
        choice = self.app.settings.auto_finish
        if choice == "never" or game.won or self._finish:
            return
        if self._offered_for is game.state:
            return
        line = auto_finish_line(game.state, game.rules)
        self._offered_for = game.state
        if not line:
            return
        if choice == "always":
            self.finish(line)
        else:
            self.app.table.feedback.message = (
                "Every card is face up: press F (or Finish in the menu) to play it out."
            )
            self.app.table.decor.refresh()

    def can_finish(self) -> bool:
        return bool(auto_finish_line(self.game.state, self.game.rules))

    def finish(self, line: list[Command] | None = None) -> None:
        line = line if line is not None else auto_finish_line(self.game.state, self.game.rules)
        if line:
            self._finish = list(line)
            self._finish_clock = 0.0

    # -- winnable deals ------------------------------------------------------------------------

    def _found_path(self) -> Path:
        return self.app.data_dir / FOUND_FILE

    def _found(self) -> dict[str, list[int]]:
        try:
            data = json.loads(self._found_path().read_text(encoding="utf-8"))
            pools = data.get("pools", {})
            return {k: [int(n) for n in v] for k, v in pools.items() if isinstance(v, list)}
        except (OSError, ValueError, TypeError, AttributeError):
            return {}

    def winnable_seed(self, rules: Rules) -> int | None:
        """A deal number proven winnable for these rules, from the shipped pool and the ones
        found on this machine; None when there is none (the caller deals at random)."""
        key = f"{rules.variant}/{rules.mode}"
        pool = list(winnable_pool(rules)) + self._found().get(key, [])
        self.top_up(rules)
        if not pool:
            return None
        return self._rng.choice(pool)

    def top_up(self, rules: Rules) -> None:
        """Search one random deal in a separate process (full speed for the table); a win
        adds it to the pool of this machine. Called again after each deal."""
        key = f"{rules.variant}/{rules.mode}"
        if self.top_up_task is not None and not self.top_up_task.done():
            return
        if len(self._found().get(key, [])) >= TOP_UP_TARGET:
            return
        seed = self._rng.randrange(1_000_000_000)

        def done(result) -> None:
            if result:  # runs on the waiting thread: only file I/O here
                found = self._found()
                found.setdefault(key, [])
                if seed not in found[key]:
                    found[key].append(seed)
                try:
                    write_atomic(self._found_path(), json.dumps({"pools": found}))
                except OSError as exc:
                    log.info("could not keep a winnable deal: %s", exc)

        self.top_up_task = BackgroundSearch(
            solve_from_seed, rules, seed, process=True, on_done=done
        )

    # -- each step -------------------------------------------------------------------------------

    def step(self, dt: float) -> None:
        if self.hint_task is not None and self.hint_task.done():
            task, self.hint_task = self.hint_task, None
            if self._asked_about is self.game.state and not task.cancelled():
                try:
                    self._show_hint(task.result(0))
                except Exception as exc:  # a failed search must not take the game down
                    log.warning("hint failed: %s", exc)
                    self.app.table.feedback.message = None
        if self.verdict_task is not None and self.verdict_task.done():
            task, self.verdict_task = self.verdict_task, None
            if self._verdict_about is self.game.state and not task.cancelled():
                try:
                    outcome = task.result(0).outcome
                except Exception as exc:
                    log.warning("solver failed: %s", exc)
                    outcome = Outcome.UNDECIDED
                self.verdict = {
                    Outcome.WON: "winnable",
                    Outcome.UNWINNABLE: "lost",
                }.get(outcome, "unknown")
                self._set_indicator()
                if self._tell_verdict:
                    self._tell_verdict = False
                    self.app.table.feedback.message = (
                        f"The solver, looking at every card (face-down ones too): this game is "
                        f"{self._verdict_text()}."
                    )
                    self.app.table.decor.refresh()
        if self._finish and not self.app.table.motion.busy:
            self._finish_clock += dt
            if self._finish_clock >= FINISH_STEP:
                self._finish_clock = 0.0
                command = self._finish.pop(0)
                if not self.app.table.do(command):
                    self._finish.clear()
                self.app.after_event()

    def stop(self) -> None:
        for task in (self.hint_task, self.verdict_task, self.top_up_task):
            if task is not None:
                task.cancel(wait=None)
