"""Search processes start and stop without a word on stderr.

A search process reads its arguments only once it has started; a queue or an event among
them is a named semaphore, removed from the system as soon as the process that made it
lets go of it. So a search started and at once cancelled, its owner gone, used to die with
a ``FileNotFoundError`` of ``SemLock._rebuild`` printed to stderr; and so did one still
starting when the game quit. Here the real ``Analyst`` ("where was it lost?", a progress
queue among its arguments) and the real winnable deals' top-up search are started and
cancelled many times in a row in a child Python, each owner dropped at once, and the child
quits with searches still starting: its stderr must hold no traceback.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 8

# Run with ``python -c``: a spawned process then has no main module of ours to import.
CHILD = f"""
import time
from game.app import analyst
from game.app.assist import solve_from_seed
from game.engine.game import new_game
from game.solver.background import BackgroundSearch
from game.variants import get_variant

rules = get_variant("klondike").rules()
game = new_game(rules, seed=1)
for round in range({ROUNDS}):
    owner = analyst.Analyst(lambda intent: None)
    owner.start(game, None, quiet=True)
    owner.cancel()
    del owner  # the owner goes at once (a window closed, an App replaced)
    time.sleep(0.05)
for round in range({ROUNDS}):
    BackgroundSearch(solve_from_seed, rules, round, process=True).cancel(wait=None)
    time.sleep(0.05)
time.sleep(2)  # every one has read its arguments by now, or failed to
BackgroundSearch(solve_from_seed, rules, 99, process=True)
print("done")
"""


def test_searches_started_and_cancelled_in_a_row_leave_no_traceback():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", CHILD],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "done"
    assert "Traceback" not in done.stderr, done.stderr
    assert "Error" not in done.stderr, done.stderr
