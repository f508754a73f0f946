"""Searches off the main thread, so the table never freezes.

    task = solve_in_background(game.state, rules, max_seconds=10)
    ...                      # each frame:
    if task.done():
        result = task.result()
    ...
    task.cancel()            # the player moved on: returns within a few milliseconds

``BackgroundSearch`` runs any function that takes a ``cancel`` keyword (a
``threading.Event``; the solver polls it every few hundred nodes) on a daemon thread.
The search holds the GIL while it runs, but Python hands it over every few
milliseconds, so the UI thread keeps drawing (somewhat slower). ``process=True`` runs the
search in a separate process instead (full speed for the UI; costs a process start).
"""

from __future__ import annotations

import atexit
import gc
import multiprocessing
import multiprocessing.util  # its exit function is registered before ours (ours runs first)
import queue
import threading
import weakref
from collections.abc import Callable
from contextlib import contextmanager
from typing import Any

from game.engine.game import Game
from game.engine.rules import Rules
from game.engine.state import State
from game.solver.hints import explained_hint, hint
from game.solver.solve import solve

_finish_listeners: list[Callable[[], None]] = []


def when_any_finishes(callback: Callable[[], None]) -> None:
    """Call ``callback()`` (on the search's own thread) each time a search ends: a loop
    that waits for it can sleep until then instead of looking every few milliseconds."""
    if callback not in _finish_listeners:
        _finish_listeners.append(callback)


_gc_lock = threading.Lock()
_gc_holders = 0  # searches running with the collector's full passes held off
_gc_thresholds: tuple[int, ...] = ()  # the thresholds before the first of them began
# Full collections happen once the middle generation has been collected this many times
# (Python's default is 10): during a search, practically never.
NO_FULL_PASS = 1_000_000


@contextmanager
def collector_paused():
    """Hold off Python's full garbage collections while a search runs (the last search to
    end puts the thresholds back). A search's transposition table holds hundreds of
    thousands of objects, and each full pass walks them all with the GIL held: measured in
    Westhaven's generic search, pauses of up to 0.4 s, so a search overran its time budget
    by as much and the table froze as long. The young generations are still collected (the
    table's own garbage with cycles goes as before), and reference counting frees the rest
    at once; the next full pass, after the searches, finds their objects gone."""
    global _gc_holders, _gc_thresholds
    with _gc_lock:
        if _gc_holders == 0:
            _gc_thresholds = gc.get_threshold()
            gc.set_threshold(*_gc_thresholds[:2], NO_FULL_PASS)
        _gc_holders += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_holders -= 1
            if _gc_holders == 0:
                gc.set_threshold(*_gc_thresholds)


class BackgroundSearch:
    """One search running elsewhere. ``cancel()``, ``done()``, ``result(timeout)``."""

    def __init__(
        self,
        fn: Callable[..., Any],
        *args: Any,
        process: bool = False,
        on_done: Callable[[Any], None] | None = None,
        **kwargs: Any,
    ) -> None:
        self._on_done = on_done
        self._result: Any = None
        self._error: BaseException | None = None
        self._finished = threading.Event()
        if process:
            ctx = multiprocessing.get_context("spawn")
            self._cancel = ctx.Event()
            self._queue = ctx.Queue(1)
            self._proc = ctx.Process(
                target=_process_main,
                args=(fn, args, kwargs, self._cancel, self._queue),
                daemon=True,
            )
            # What the child is given, kept until it has ended: it reads its arguments
            # only once it has started, and a queue or event among them (named
            # semaphores) is gone from the system as soon as this process lets go of it;
            # the child would die at once with a FileNotFoundError of SemLock._rebuild.
            self._given = (args, kwargs)
            self._proc.start()
            _processes.add(self._proc)
            self._thread = threading.Thread(target=self._wait_process, daemon=True)
        else:
            self._cancel = threading.Event()
            self._proc = None
            self._thread = threading.Thread(
                target=self._run_thread, args=(fn, args, kwargs), daemon=True
            )
        self._thread.start()

    def _run_thread(self, fn, args, kwargs) -> None:
        try:
            with collector_paused():
                self._result = fn(*args, cancel=self._cancel, **kwargs)
        except BaseException as exc:  # handed to whoever asks for the result
            self._error = exc
        self._finish()

    def _wait_process(self) -> None:
        while True:
            try:
                ok, value = self._queue.get(timeout=0.05)
            except queue.Empty:
                if self._proc.is_alive():
                    continue
                try:  # it may have put its answer just before ending
                    ok, value = self._queue.get(timeout=0.5)
                except queue.Empty:
                    self._error = RuntimeError(
                        f"the search process ended without an answer (exit code "
                        f"{self._proc.exitcode})"
                    )
                    break
            except (EOFError, OSError) as exc:
                self._error = exc
                break
            if ok:
                self._result = value
            else:
                self._error = RuntimeError(value)
            break
        self._proc.join(1)
        self._given = None  # the child has read them (it answered) or it has ended
        self._finish()

    def _finish(self) -> None:
        self._finished.set()
        if self._on_done is not None:
            try:
                self._on_done(self._result)
            except Exception:  # a callback's error must not kill the worker silently
                pass
        for listener in _finish_listeners:
            try:
                listener()
            except Exception:  # as above
                pass

    def cancel(self, wait: float | None = 0.2) -> None:
        """Ask the search to stop; wait up to ``wait`` seconds for it to do so."""
        self._cancel.set()
        if wait:
            self._finished.wait(wait)

    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def done(self) -> bool:
        return self._finished.is_set()

    def result(self, timeout: float | None = None) -> Any:
        """The function's return value (raises TimeoutError if not done in time)."""
        if not self._finished.wait(timeout):
            raise TimeoutError("the search is still running")
        if self._error is not None:
            raise self._error
        return self._result


_processes: weakref.WeakSet = weakref.WeakSet()  # the search processes started


@atexit.register
def _end_processes() -> None:
    """At exit, search processes still running are ended before multiprocessing removes
    the semaphores they were given (its exit function runs after this one): one still
    starting would otherwise print a FileNotFoundError as it reads its arguments."""
    for proc in list(_processes):
        if proc.is_alive():
            proc.terminate()
    for proc in list(_processes):
        proc.join(0.5)


def _process_main(fn, args, kwargs, cancel, queue) -> None:
    try:
        with collector_paused():
            answer = fn(*args, cancel=cancel, **kwargs)
        queue.put((True, answer))
    except BaseException as exc:
        queue.put((False, f"{type(exc).__name__}: {exc}"))


def solve_in_background(state: State, rules: Rules, **kwargs: Any) -> BackgroundSearch:
    """``solve(state, rules, **kwargs)`` off the main thread (``process=True`` for a
    separate process; ``on_done`` for a callback, called on the worker thread)."""
    return BackgroundSearch(solve, state, rules, **kwargs)


def hint_in_background(
    game_or_state: Game | State,
    rules: Rules,
    budget: float = 1.0,
    *,
    explained: bool = False,
    **kwargs: Any,
) -> BackgroundSearch:
    """``hint(...)`` off the main thread; its result is a command or None (``explained``:
    ``explained_hint``'s HintAnswer, which also says whether the move is of a winning line)."""
    state = game_or_state.state if isinstance(game_or_state, Game) else game_or_state
    return BackgroundSearch(explained_hint if explained else hint, state, rules, budget, **kwargs)
