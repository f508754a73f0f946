"""``--self-test``: the real app, headless, through the real loop; exit 0 if all is well.

It deals a known game, lets the deal animate, plays a few scripted moves and an undo
through the table scene as a player's input would, runs a few hundred frames, and checks
that the sprites match the engine and the log replays to the same state.
"""

from __future__ import annotations

import sys
import time

from game.engine.commands import Draw, Move
from game.engine.game import new_game
from game.variants import get_variant

from .app import App


def self_test(app: App) -> int:
    started = time.perf_counter()
    try:
        app.run(max_frames=1)
        print(
            f"self-test: first frame after {1000 * (time.perf_counter() - started):.0f} ms "
            "in the app",
            flush=True,
        )
        problems = _script(app)
    except Exception as exc:  # report any failure as the reason, never a traceback only
        print(f"self-test FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    if problems:
        print(f"self-test FAILED: {problems}", file=sys.stderr)
        return 1
    print(f"self-test passed ({app.frames} frames)", flush=True)
    return 0


def _script(app: App) -> str | None:
    table = app.table
    table.set_game(new_game(get_variant("klondike").rules("draw1"), seed=1))
    app.frames += app.run(max_frames=150)  # the deal animation
    if not table.in_sync():
        return "the deal animation did not bring every card home"
    played = 0
    for _ in range(6):
        moves = table.game.legal_moves()
        move = next((m for m in moves if isinstance(m, Move)), Draw())
        if not table.do(move):
            return f"a legal move was refused: {move}"
        played += 1
        app.after_event()
        app.frames += app.run(max_frames=40)
    table.undo()
    app.frames += app.run(max_frames=60)
    game = table.game
    if game.moves_made != played - 1:
        return f"expected {played - 1} moves after an undo, found {game.moves_made}"
    if game.replayed_state() != game.state:
        return "replaying the log does not give the live state"
    if not table.in_sync():
        return "sprites do not match the engine's state"
    return None
