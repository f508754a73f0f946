"""What a long session keeps is bounded, or let go by its owner.

The figures (RSS over 20,000 random steps) are tools/bench_session.py's; here each bound
is shown to hold: a new game lets go of the last game's hints, the analyses kept are as
many as the history's games, every cache keyed by rule sets keeps at most
``RULE_SETS_KEPT``, and the App tells glibc's allocator to give big freed blocks back.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.app.allocator import heap_info
from game.app.budgets import STANDARD
from game.app.watching import analyses_kept
from game.engine.commands import mechanics_for
from game.engine.rules import RULE_SETS_KEPT
from game.solver.analysis import Analysis
from game.solver.compiled import native
from game.solver.coverage import specialised_covers
from game.solver.specialised.tables import tables_for
from game.variants import get_variant
from game.view import intents
from game.view.arrangements import shape_for

from .app_helpers import frame, make_app, press


def stop(app) -> None:
    app.controller.assistant.stop()
    app.controller.watching.analyst.cancel()


def test_a_new_game_lets_go_of_the_last_games_hints(tmp_path):
    budget = dataclasses.replace(STANDARD, hint=0.05)
    app = make_app(
        tmp_path, "--variant", "klondike", "--mode", "draw1", "--seed", "3", budget=budget
    )
    try:
        frame(app)
        frame(app)
        assistant = app.controller.assistant
        press(app, ord("h"))
        assert assistant.hint_task is not None
        left = time.monotonic() + 30
        while assistant.hint_task is not None and time.monotonic() < left:
            frame(app)
        assert assistant.hint_task is None, "the hint never came"
        played = app.session.game
        assert assistant.hint_cache is not None and assistant._cache_for is played
        app.controller.apply(intents.Abandon(intents.NewGame()))
        assert app.session.game is not played
        assert assistant.hint_cache is None and assistant._cache_for is None
    finally:
        stop(app)


def test_the_analyses_kept_are_as_many_as_the_history_keeps(tmp_path):
    app = make_app(tmp_path)
    ANALYSES_KEPT = analyses_kept()  # noqa: N806 (a constant of the history's)
    assert ANALYSES_KEPT == 31
    try:
        analysis = Analysis(
            moves=1, winnable_at_deal=None, last_winnable_move=None, losing_move=None, undecided=0
        )
        sources = [str(tmp_path / f"finished-{n}.json") for n in range(ANALYSES_KEPT + 10)]
        for source in sources:  # quiet answers about games left, as each new game brings
            app.controller.apply(intents.ShowAnalysis(source, analysis, quiet=True))
        kept = app.controller.watching.analyses
        assert list(kept) == sources[-ANALYSES_KEPT:]
        # Asked again about an old one: it is the newest, and the oldest goes.
        app.controller.apply(intents.ShowAnalysis(sources[-ANALYSES_KEPT], analysis, True))
        assert list(kept)[-1] == sources[-ANALYSES_KEPT] and len(kept) == ANALYSES_KEPT
    finally:
        stop(app)


def many_rule_sets(count: int):
    """``count`` rule sets, each its own (players' tables of other names), the solver's
    specialised search covering each."""
    rules = get_variant("klondike").rules("draw1")
    return [dataclasses.replace(rules, variant=f"klondike-{n}") for n in range(count)]


@pytest.mark.parametrize(
    "cached",
    [mechanics_for, tables_for, specialised_covers, shape_for],
    ids=lambda f: f.__name__,
)
def test_a_cache_keyed_by_rule_sets_keeps_at_most_its_bound(cached):
    rule_sets = many_rule_sets(RULE_SETS_KEPT + 20)
    for rules in rule_sets:
        cached(rules)
    assert cached.cache_info().currsize <= RULE_SETS_KEPT
    hits = cached.cache_info().hits
    cached(rule_sets[-1])  # the newest is still there
    assert cached.cache_info().hits == hits + 1


def test_the_core_specs_keyed_by_rule_tables_keep_at_most_their_bound():
    tables = [tables_for(rules) for rules in many_rule_sets(RULE_SETS_KEPT + 20)]
    for table in tables:
        native._cone(table)
        for deep in (False, True):
            for first in (False, True):
                native._spec(table, deep, first)
    assert native._cone.cache_info().currsize <= RULE_SETS_KEPT
    assert native._spec.cache_info().currsize <= 4 * RULE_SETS_KEPT


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's allocator")
def test_after_the_first_frame_big_freed_blocks_go_back_to_the_system(tmp_path):
    """Once the App has drawn its first frame, a big block is a mapping of its own (given
    back when freed), even after a bigger one was freed: glibc's default raises the
    threshold to the size of the first big block freed, and later ones come from the heap,
    whose holes it keeps. Run in a fresh process, as the game runs: a test worker's heap
    holds the history of every test before it."""
    if heap_info() is None:
        pytest.fail("no glibc on this Linux: the test needs mallinfo2")
    code = (
        "import sys\n"
        "from game.app.allocator import heap_info\n"
        "from tests.app.app_helpers import frame, make_app\n"
        "app = make_app(sys.argv[1])\n"
        "frame(app)\n"  # the first frame drawn
        "frame(app)\n"  # then the first look at the position
        "big = bytearray(16 * 2**20)\n"
        "del big\n"  # with the default, the threshold would now be 16 MB
        "before = heap_info().hblkhd\n"
        "block = bytearray(2 * 2**20)\n"
        "print(heap_info().hblkhd - before)\n"
        "app.controller.assistant.stop()\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    grown = int(done.stdout.split()[-1])
    assert grown >= 2 * 2**20, f"the block came from the heap (mapped bytes grew by {grown})"
