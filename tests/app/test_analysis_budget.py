""" "Where was it lost?" in the game (issue 22, H3): its total time is said as it starts,
its progress counts are true, and a game the solver cannot decide ends in the budget."""

from __future__ import annotations

import dataclasses
import re
import time

from game import solver
from game.app.budgets import STANDARD
from game.view import intents as i
from tests.test_analysis import HARD, played

from .app_helpers import frame, make_app, settle


def test_where_lost_says_its_budget_counts_truly_and_ends_within_it(tmp_path, monkeypatch):
    # In a thread: quick to start in a test.
    budget = dataclasses.replace(
        STANDARD, analysis_in_process=False, analysis_per_position=0.3, analysis_total=2.0
    )
    # Each search takes a tenth of a second at least: the real solver may decide this game's
    # positions in milliseconds, and an analysis over between two frames shows no progress
    # (rightly), which left this test to the machine's load.
    real_solve = solver.solve

    def solve_slowly(*args, **kwargs):
        result = real_solve(*args, **kwargs)
        time.sleep(0.1)
        return result

    monkeypatch.setattr(solver, "solve", solve_slowly)
    app = make_app(tmp_path, "--variant", "double-klondike", budget=budget)
    settle(app)
    game = played(max(HARD, key=lambda c: len(c["moves"])))
    app.session.start(game)
    app.table.show(app.session.game, animate=False)
    said = []
    app.table.say = lambda text, *args, **kwargs: said.append(text)
    app.controller.apply(i.WhereLost())
    assert said[0].endswith("(the solver sees every card; 2 seconds at most)\u2026")
    started = time.monotonic()
    watching = app.controller.watching
    while watching.analyst.busy and time.monotonic() - started < 20:
        frame(app)
        time.sleep(0.01)
    assert not watching.analyst.busy and time.monotonic() - started < 2.0 + 3.0
    counts = [
        tuple(map(int, m.groups()))
        for t in said
        if (m := re.search(r"search (\d+) of at most (\d+)", t))
    ]
    assert counts, said
    assert all(done <= most for done, most in counts)
    assert all(a[1] >= b[1] for a, b in zip(counts, counts[1:], strict=False))
    frame(app, 3)
    found = watching.analyses[None]  # the answer came, within the budget
    assert found.stopped or found.losing_move is not None or found.winnable_at_deal is False
