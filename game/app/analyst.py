""" "Where was it lost?" in the background: the analysis (``game.solver.analysis``) runs in a
process of its own, so the table never waits; its progress and its answer come back as
intents (``Notify``, ``ShowAnalysis``) through ``emit``. Asking again, or about another
game, cancels the search under way.
"""

from __future__ import annotations

import logging
import math
import queue
from collections.abc import Callable

from game.engine.game import Game
from game.i18n import _, ngettext
from game.view.intents import Intent, Notify, ShowAnalysis

from .budgets import STANDARD, AssistBudget

log = logging.getLogger(__name__)


def run_analysis(game: Game, seconds: float, progress, cancel=None, budget=None):
    """In the worker process: the analysis, its progress put on the ``progress`` queue."""
    from game.solver.analysis import analyse

    def tell(done: int, most: int, left: float | None) -> None:
        progress.put((done, most, left))

    return analyse(game, seconds, cancel, tell, budget)


class Analyst:
    def __init__(self, emit: Callable[[Intent], None], budget: AssistBudget = STANDARD) -> None:
        self.emit = emit
        self.budget = budget  # its seconds, and whether it runs in a process of its own
        self.task = None
        self.source: str | None = None
        self.quiet = False
        self._progress = None

    @property
    def busy(self) -> bool:
        return self.task is not None

    def start(self, game: Game, source: str | None, quiet: bool = False) -> None:
        """Analyse the moves played in ``game`` (a copy is taken); ``source`` says which
        game it is, for the answer; ``quiet``: no progress messages (a game just left)."""
        from game.solver import BackgroundSearch  # loaded when first asked for

        self.cancel()
        self.source = source
        self.quiet = quiet
        in_process = self.budget.analysis_in_process
        self._progress = _process_queue() if in_process else queue.Queue()
        self.task = BackgroundSearch(
            run_analysis,
            game.copy(),
            self.budget.analysis_per_position,
            self._progress,
            budget=self.budget.analysis_total,
            process=in_process,
        )
        if not quiet:
            seconds = math.ceil(self.budget.analysis_total)
            text = ngettext(
                "Looking for where the game was lost (the solver sees every card; {seconds} "
                "second at most)\u2026",
                "Looking for where the game was lost (the solver sees every card; {seconds} "
                "seconds at most)\u2026",
                seconds,
            )
            self.emit(Notify(text.format(seconds=seconds)))

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel(wait=None)  # it keeps its queue until its process has ended
            self.task = None

    def step(self) -> None:
        task = self.task
        if task is None:
            return
        news = None
        while True:
            try:
                news = self._progress.get_nowait()
            except (queue.Empty, OSError, ValueError, EOFError):
                break
        if news is not None and not task.done() and not self.quiet:
            done, most, left = news
            text = _(
                "Looking for where the game was lost: search {done} of at most {most}, "
                "at most {seconds} s to go\u2026"
            )
            self.emit(Notify(text.format(done=done, most=most, seconds=math.ceil(left or 0))))
        if task.done():
            self.task = None
            try:
                result = task.result(0)
            except Exception as exc:  # a failed analysis must not take the game down
                log.warning("analysis failed: %s", exc)
                self.emit(Notify(_("The analysis could not be finished.")))
                return
            if result is not None and not result.cancelled:
                self.emit(ShowAnalysis(self.source, result, self.quiet))


def _process_queue():
    """A queue the solver's process can answer on (multiprocessing loads when first asked
    for, after the first frame)."""
    import multiprocessing

    return multiprocessing.get_context("spawn").Queue()
