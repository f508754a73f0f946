"""Background searches hold off Python's full garbage collections while they run (a full
pass over a search's table held the GIL up to 0.4 s, past the hint's and the verdict's
budgets), and put the collector back as it was when the last of them ends."""

from __future__ import annotations

import gc
import threading

from game.solver.background import NO_FULL_PASS, BackgroundSearch


def test_searches_hold_off_full_passes_and_the_last_one_puts_them_back():
    before = gc.get_threshold()
    release = threading.Event()
    seen = []

    def search(cancel):
        seen.append(gc.get_threshold())
        release.wait(5)
        return len(seen)

    first = BackgroundSearch(search)
    second = BackgroundSearch(search)
    while len(seen) < 2:
        threading.Event().wait(0.01)
    assert gc.get_threshold() == (*before[:2], NO_FULL_PASS)
    release.set()
    first.result(5), second.result(5)
    assert all(threshold == (*before[:2], NO_FULL_PASS) for threshold in seen)
    assert gc.get_threshold() == before


def test_a_failing_search_puts_the_collector_back_too():
    before = gc.get_threshold()

    def broken(cancel):
        raise ValueError("no")

    task = BackgroundSearch(broken)
    try:
        task.result(5)
    except ValueError:
        pass
    assert gc.get_threshold() == before
