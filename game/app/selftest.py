"""``--self-test``: the real app, headless, through the real loop; exit 0 if all is well.

It deals a known game, lets the deal animate, plays a few moves and an undo as intents (as
a player's input would arrive), runs a few hundred frames, and checks that the sprites
match the engine and the log replays to the same state. It also says which language it
speaks, in that language, and fails if the catalogue of the language asked for (by
``--language``, the options or the system) could not be found: a build that left the
catalogues out shows English to every player.
"""

from __future__ import annotations

import sys
import time

from game import i18n
from game.engine.commands import Draw, Move
from game.view import intents as i


def self_test(app) -> int:
    """``app``: a started ``game.app.app.App``."""
    started = time.perf_counter()
    try:
        app.run(max_frames=1)
        print(
            f"self-test: first frame after {1000 * (time.perf_counter() - started):.0f} ms "
            "in the app",
            flush=True,
        )
        problems = _language(app) or _script(app)
    except BrokenPipeError:  # stdout closed by its reader: the command line says so
        raise
    except Exception as exc:  # report any failure as the reason, never a traceback only
        print(f"self-test FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    if problems:
        print(f"self-test FAILED: {problems}", file=sys.stderr)
        return 1
    print(f"self-test passed ({app.frames} frames)", flush=True)
    return 0


def _language(app) -> str | None:
    wanted = i18n.choose(app.session.language_setting)
    spoken = i18n.language()
    print(f"self-test: speaking {spoken}: {i18n._('New game')}", flush=True)
    if spoken != wanted:
        return f"the {wanted} catalogue is missing: speaking {spoken}"
    return None


def _script(app) -> str | None:
    apply = app.controller.apply
    apply(i.Abandon(i.SwitchVariant("klondike", "draw1", 1)))  # a known deal, asking nothing
    app.run(max_frames=150)  # the deal animation
    table, session = app.table, app.session
    if not table.in_sync():
        return "the deal animation did not bring every card home"
    played = 0
    for _ in range(6):
        moves = session.game.legal_moves()
        move = next((m for m in moves if isinstance(m, Move)), Draw())
        before = session.game.moves_made
        apply(i.Play(move))
        if session.game.moves_made != before + 1:
            return f"a legal move was refused: {move}"
        played += 1
        app.run(max_frames=40)
    apply(i.Undo())
    app.run(max_frames=60)
    game = session.game
    if game.moves_made != played - 1:
        return f"expected {played - 1} moves after an undo, found {game.moves_made}"
    if game.replayed_state() != game.state:
        return "replaying the log does not give the live state"
    if not table.in_sync():
        return "sprites do not match the engine's state"
    return None
