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

It is bounded: ``budget`` seconds in all (each search gets what is left, at most
``seconds``), and it stops once ``MAX_UNDECIDED`` positions were left undecided (a game
the solver cannot decide would otherwise have every position searched, one by one).

Pure Python, no pygame. ``cancel`` (a ``threading.Event``) stops it at once and
``progress(done, at_most, seconds_left)`` hears of each search: ``at_most`` is a true bound
on the searches it will have made (``bound``), ``seconds_left`` what is left of the budget
(None without one).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.engine.commands import Command
from game.engine.events import apply_step
from game.engine.game import Game
from game.engine.rules import Rules
from game.engine.state import State

WINNABLE, LOST, UNKNOWN = True, False, None
MAX_UNDECIDED = 3  # positions left undecided before the analysis gives up
SHORTEST_SEARCH = 0.05  # seconds: less left of the budget is no search worth starting


@dataclass(frozen=True)
class Analysis:
    moves: int  # how many moves the game has
    winnable_at_deal: bool | None  # None: undecided within the time
    last_winnable_move: int | None  # moves played when it was last known winnable
    losing_move: Command | None  # the move after which no win was possible
    undecided: int  # positions the solver could not decide within the time
    cancelled: bool = False
    stopped: bool = False  # it gave up: out of its budget, or too many positions undecided
    searches: int = 0  # positions searched
    # Why a search left the compiled core for the slower Python one, if one did (the
    # first reason met; SolveResult.left_core): a slow analysis says why it was slow.
    left_core: str = ""

    @property
    def lost_at(self) -> int | None:
        """The number (1 = first) of the move that lost the game, None if none did."""
        return None if self.losing_move is None else self.last_winnable_move + 1


class _Cancelled(Exception):
    pass


class _Stopped(Exception):
    pass


class Analyser:
    def __init__(
        self,
        game: Game,
        seconds: float = 5.0,
        cancel: threading.Event | None = None,
        progress: Callable[[int, int, float | None], None] | None = None,
        budget: float | None = None,
    ) -> None:
        self.rules: Rules = game.rules
        self.records = game.timeline()[: game.moves_made]
        self.states: list[State] = [game.position_after(k) for k in range(game.moves_made + 1)]
        self.seconds = seconds
        self.cancel = cancel
        self.progress = progress
        self.verdicts: dict[int, bool | None] = {}
        self.searches = 0
        self.left_core = ""
        self.deadline = None if budget is None else time.monotonic() + budget
        self.lo, self.hi = -1, len(self.states)  # last known winnable, first known lost
        self._most = len(self.states)  # no position is asked about twice

    def seconds_left(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def verdict(self, k: int) -> bool | None:
        """Is the position after ``k`` moves winnable? (each asked at most once)"""
        if k in self.verdicts:
            return self.verdicts[k]
        if self.cancel is not None and self.cancel.is_set():
            raise _Cancelled
        if self._undecided() >= MAX_UNDECIDED:
            raise _Stopped
        seconds, left = self.seconds, self.seconds_left()
        if left is not None:
            if left < SHORTEST_SEARCH:
                raise _Stopped
            seconds = min(seconds, left)
        from game.solver import Outcome, solve  # loaded when an analysis is asked for

        result = solve(
            self.states[k], self.rules, max_seconds=seconds, max_nodes=None, cancel=self.cancel
        )
        self.searches += 1
        self.left_core = self.left_core or result.left_core
        if result.cancelled:
            raise _Cancelled
        if result.outcome is Outcome.WON:
            self.verdicts[k] = WINNABLE
            self._follow(k, result.line)
        else:
            self.verdicts[k] = LOST if result.outcome is Outcome.UNWINNABLE else UNKNOWN
        if self.progress is not None:
            # the least of true bounds is one, and the count said never goes up
            self._most = min(self._most, self.bound())
            self.progress(self.searches, self._most, self.seconds_left())
        return self.verdicts[k]

    def _undecided(self) -> int:
        return sum(1 for v in self.verdicts.values() if v is UNKNOWN)

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
        """The most searches the analysis can have made when it ends: those made, and at
        most as many more as the bisection can need (the undecided ones it may still meet
        included), never more than the positions not yet asked about.

        Why the bisection's part holds: within the open stretch (``lo``, ``hi``) of ``L``
        positions only undecided ones have verdicts (fewer than MAX_UNDECIDED, so at most
        2), and the open position nearest the middle is at most 1.5 from it; a decided
        search there leaves at most L // 2 + 2 positions open."""
        n = len(self.states) - 1
        left = self.seconds_left()
        if self._undecided() >= MAX_UNDECIDED or (left is not None and left < SHORTEST_SEARCH):
            return self.searches  # it stops before another search
        unasked = sum(1 for k in range(n + 1) if k not in self.verdicts)
        undecided_left = max(0, MAX_UNDECIDED - self._undecided())
        if n not in self.verdicts or 0 not in self.verdicts:  # the ends come first
            ends = (n not in self.verdicts) + (0 not in self.verdicts)
            more = ends + _bisections(n + 1) + undecided_left
        else:
            lo = max([self.lo] + [k for k, v in self.verdicts.items() if v is WINNABLE])
            lo = min(lo, self.hi)
            more = _bisections(max(0, self.hi - lo - 1)) + undecided_left
        return self.searches + min(unasked, more)

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
            self.lo, self.hi = lo, hi
            while True:
                lo = max([lo] + [k for k, v in self.verdicts.items() if v is WINNABLE and k < hi])
                self.lo = lo
                open_ = [k for k in range(lo + 1, hi) if k not in self.verdicts]
                if not open_:
                    break
                middle = (lo + hi) / 2
                k = min(open_, key=lambda j: (abs(j - middle), j))
                v = self.verdict(k)
                if v is LOST:
                    hi = self.hi = k
            if lo >= 0 and hi == lo + 1 and hi <= n:
                return self._result(lo, self.records[lo].command)
            return self._result(None, None)
        except _Cancelled:
            return self._result(None, None, cancelled=True)
        except _Stopped:
            return self._result(None, None, stopped=True)

    def _result(
        self, last: int | None, losing: Command | None, cancelled: bool = False, stopped=False
    ):
        known = [v for v in self.verdicts.values() if v is not UNKNOWN]
        at_deal = self.verdicts.get(0)
        if at_deal is None and any(v is WINNABLE for v in known):
            at_deal = WINNABLE  # a later winnable position means the deal was winnable
        if at_deal is None and last is None and self.verdicts.get(len(self.records)) is WINNABLE:
            at_deal = WINNABLE
        undecided = self._undecided()
        if stopped:  # the positions it had no time to ask about are undecided too
            lo = max([self.lo] + [k for k, v in self.verdicts.items() if v is WINNABLE])
            undecided = max(undecided, min(self.hi, len(self.states)) - lo - 1)
        return Analysis(
            len(self.records),
            at_deal,
            last,
            losing,
            undecided,
            cancelled,
            stopped,
            self.searches,
            self.left_core,
        )


def analyse(
    game: Game,
    seconds: float = 5.0,
    cancel: threading.Event | None = None,
    progress: Callable[[int, int, float | None], None] | None = None,
    budget: float | None = None,
) -> Analysis:
    """Analyse the moves played in ``game`` (``seconds``: the most for each search;
    ``budget``: the most for all of them)."""
    return Analyser(game, seconds, cancel, progress, budget).run()


def _bisections(open_positions: int) -> int:
    """The most decided searches a bisection of ``open_positions`` can need (see
    ``Analyser.bound``)."""
    count, m = 0, open_positions
    while m > 4:
        m, count = m // 2 + 2, count + 1
    return count + m
