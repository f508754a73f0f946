"""Where was a game lost? The game's own log, analysed with the full deal known.

A position is winnable when some line of moves from it wins. Along a game, winnability
can only be lost, never won back: from any earlier position, the player's own moves lead
to the later one and on from there. So the positions after each move are winnable up to
some move and unwinnable after it, and the move between is the one that lost the game.
The analysis finds it by bisection, a handful of searches for a game of any length:

* a position found winnable comes with a winning line; the player's next moves that
  follow that line (same positions) are winnable too, with no search;
* a search that runs out of time leaves its position undecided; bisection then tries the
  positions around it, and the answer stays open ("undecided") only when the undecided
  positions are all that is left between the last winnable and the first lost one.

Pure Python, no pygame. ``cancel`` (a ``threading.Event``) stops it at once and
``progress(done, at_most)`` hears of each search.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from game.engine.commands import Command
from game.engine.events import apply_step
from game.engine.game import Game
from game.engine.rules import Rules
from game.engine.state import State

WINNABLE, LOST, UNKNOWN = True, False, None


@dataclass(frozen=True)
class Analysis:
    moves: int  # how many moves the game has
    winnable_at_deal: bool | None  # None: undecided within the time
    last_winnable_move: int | None  # moves played when it was last known winnable
    losing_move: Command | None  # the move after which no win was possible
    undecided: int  # positions the solver could not decide within the time
    cancelled: bool = False

    @property
    def lost_at(self) -> int | None:
        """The number (1 = first) of the move that lost the game, None if none did."""
        return None if self.losing_move is None else self.last_winnable_move + 1


class _Cancelled(Exception):
    pass


class Analyser:
    def __init__(
        self,
        game: Game,
        seconds: float = 5.0,
        cancel: threading.Event | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> None:
        self.rules: Rules = game.rules
        self.records = game.timeline()[: game.moves_made]
        self.states: list[State] = [game.position_after(k) for k in range(game.moves_made + 1)]
        self.seconds = seconds
        self.cancel = cancel
        self.progress = progress
        self.verdicts: dict[int, bool | None] = {}
        self.searches = 0

    def verdict(self, k: int) -> bool | None:
        """Is the position after ``k`` moves winnable? (each asked at most once)"""
        if k in self.verdicts:
            return self.verdicts[k]
        if self.cancel is not None and self.cancel.is_set():
            raise _Cancelled
        from game.solver import Outcome, solve  # loaded when an analysis is asked for

        result = solve(
            self.states[k], self.rules, max_seconds=self.seconds, max_nodes=None, cancel=self.cancel
        )
        self.searches += 1
        if self.progress is not None:
            self.progress(self.searches, self.bound())
        if result.cancelled:
            raise _Cancelled
        if result.outcome is Outcome.WON:
            self.verdicts[k] = WINNABLE
            self._follow(k, result.line)
        else:
            self.verdicts[k] = LOST if result.outcome is Outcome.UNWINNABLE else UNKNOWN
        return self.verdicts[k]

    def _follow(self, k: int, line) -> None:
        """The player's moves after ``k`` that keep to the winning line found from it lead to
        winnable positions too."""
        state = self.states[k]
        from game.engine.commands import mechanics_for

        mechanics = mechanics_for(self.rules)
        for command, j in zip(line, range(k + 1, len(self.states)), strict=False):
            state = apply_step(state, mechanics.check(state, command))
            if state != self.states[j]:
                return
            self.verdicts[j] = WINNABLE

    def bound(self) -> int:
        """About how many searches the bisection needs at most."""
        return len(self.states).bit_length() + 2

    def run(self) -> Analysis:
        n = len(self.records)
        try:
            at_end = self.verdict(n)
            if at_end is WINNABLE:
                return self._result(n, None)
            at_deal = self.verdict(0)
            if at_deal is LOST:
                return self._result(None, None)
            lo = 0 if at_deal is WINNABLE else -1  # last known winnable
            hi = n if at_end is LOST else n + 1  # first known lost
            while True:
                lo = max([lo] + [k for k, v in self.verdicts.items() if v is WINNABLE and k < hi])
                open_ = [k for k in range(lo + 1, hi) if k not in self.verdicts]
                if not open_:
                    break
                middle = (lo + hi) / 2
                k = min(open_, key=lambda j: (abs(j - middle), j))
                v = self.verdict(k)
                if v is LOST:
                    hi = k
            if lo >= 0 and hi == lo + 1 and hi <= n:
                return self._result(lo, self.records[lo].command)
            return self._result(None, None)
        except _Cancelled:
            return self._result(None, None, cancelled=True)

    def _result(self, last: int | None, losing: Command | None, cancelled: bool = False):
        known = [v for v in self.verdicts.values() if v is not UNKNOWN]
        at_deal = self.verdicts.get(0)
        if at_deal is None and any(v is WINNABLE for v in known):
            at_deal = WINNABLE  # a later winnable position means the deal was winnable
        if at_deal is None and last is None and self.verdicts.get(len(self.records)) is WINNABLE:
            at_deal = WINNABLE
        undecided = sum(1 for v in self.verdicts.values() if v is UNKNOWN)
        return Analysis(len(self.records), at_deal, last, losing, undecided, cancelled)


def analyse(
    game: Game,
    seconds: float = 5.0,
    cancel: threading.Event | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyse the moves played in ``game`` (``seconds``: the budget of each search)."""
    return Analyser(game, seconds, cancel, progress).run()
