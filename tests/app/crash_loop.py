"""The fault-injection loop of ``test_kill.py``, run as its own process (POSIX only).

    python tests/app/crash_loop.py FOLDER SECONDS MAX_KILLS SEED

Over and over: fork a game process that opens the data folder as the game does
(``Session.open``), resumes the saved game, then plays, undoes, redoes and starts new games
at random, each step saved as the game saves it; kill it with SIGKILL after a random
moment; then check the folder as the next start would find it:

* the saved game loads, with no message (never damaged), and is the game after the last
  step the process finished, or after the step it was in the middle of (whose save may
  have been done when the kill came);
* the statistics and settings load with no message; every game left for a new one (or
  won) is counted once: all those whose step finished, maybe the one whose step was cut
  short, and no other;
* nothing was set aside as damaged;
* the next process owns the folder (the killed one's lock died with it).

The game process tells what it does on a pipe, one line a step: ``try DIGEST [ID]`` before
a step (ID: the game the step may count, left or won), ``done DIGEST`` after it, its saves
included. Prints a JSON summary; the test reads it.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import sys
import time
from pathlib import Path

from game.engine.events import apply_step
from game.engine.notation import format_command
from game.store.autosave import resume
from game.store.session import Session
from game.store.settings import load_settings
from game.store.statistics import load_statistics

VARIANT, MODE = "klondike", "draw3"


def digest(game, log=None, redo=None) -> str:
    """What the saved game must be: its deal and moves (None: no game is saved)."""
    if game is None:
        return "none"
    names = lambda records: [format_command(r.command, game.layout) for r in records]  # noqa: E731
    log = names(game.log) if log is None else log
    redo = names(game.redo_stack) if redo is None else redo
    body = json.dumps([game.rules.variant, game.rules.mode, game.deal.seed, log, redo])
    return hashlib.sha1(body.encode()).hexdigest()


def play(folder: str, out: int, rng: random.Random) -> None:
    """The game process: never returns (it is killed)."""

    def say(*words: str) -> None:
        os.write(out, (" ".join(words) + "\n").encode())

    session = Session.open(folder)
    say("role", str(session.role))
    found = session.saved_game()
    if found.game is not None:
        session.adopt(found.game, found.elapsed, found.game_id)
    else:
        session.start(session.deal(VARIANT, MODE, rng.randrange(10_000)))
    say("done", digest(session.game))
    while True:
        game = session.game
        names = [format_command(r.command, game.layout) for r in game.log]
        redo = [format_command(r.command, game.layout) for r in game.redo_stack]
        roll = rng.random()
        if game.won or (game.moves_made >= 12 and roll < 0.12):
            seed = rng.randrange(10_000)
            fresh = session.deal(VARIANT, MODE, seed)
            counts = [session.game_id] if game.moves_made and not game.won else []
            say("try", digest(fresh, [], []), *counts)
            session.start(fresh)
        elif roll < 0.2 and game.can_undo:
            say("try", digest(game, names[:-1], [*redo, names[-1]]))
            session.undo()
        elif roll < 0.25 and game.can_redo:
            say("try", digest(game, [*names, redo[-1]], redo[:-1]))
            session.redo()
        else:
            command = rng.choice(game.legal_moves())
            step = game.mechanics.check(game.state, command)
            after = apply_step(game.state, step)
            wins = after.cards_on_foundations(game.layout) == game.rules.card_count
            text = format_command(command, game.layout)
            counted = [session.game_id] if wins else []
            say("try", "none" if wins else digest(game, [*names, text], []), *counted)
            session.play(command)
        say("done", digest(session.game))


def check(folder: Path, lines: list[str], counted: dict[str, set[str]]) -> list[str]:
    """What the next start finds; the problems, if any. ``counted``: the ids of games a
    step may have counted ("tried") and of those whose step finished ("done")."""
    problems = []
    last = pending = None
    for line in lines:
        word, *rest = line.split()
        if word == "try":
            pending = rest
            counted["tried"].update(rest[1:])
        elif word == "done":
            last = rest[0]
            if pending:
                counted["done"].update(pending[1:])
            pending = None
    found = resume(folder)
    if found.message:
        problems.append(f"saved game: {found.message}")
    now = digest(found.game)
    if last is not None and now not in (last, pending and pending[0]):
        problems.append(f"resumed {now}, expected {last} or {pending}")
    stats, message = load_statistics(folder)
    if message:
        problems.append(f"statistics: {message}")
    played = sum(record.played for record in stats.records.values())
    recorded = set(stats.recorded_games)
    if played != len(stats.recorded_games) or len(recorded) != played:
        problems.append(f"{played} games counted for {len(stats.recorded_games)} ids")
    if not counted["done"] <= recorded <= counted["tried"]:
        problems.append(f"counted {recorded}, finished {counted['done']}")
    if load_settings(folder)[1]:
        problems.append("settings: damaged")
    kept = [p.name for p in folder.iterdir() if ".corrupt-" in p.name or ".newer-" in p.name]
    if kept:
        problems.append(f"set aside: {kept}")
    return problems


def main(folder: Path, seconds: float, max_kills: int, seed: int) -> dict:
    rng = random.Random(seed)
    summary = {"kills": 0, "mid_write": 0, "resumed_pending": 0, "counted": 0, "problems": []}
    counted: dict[str, set[str]] = {"tried": set(), "done": set()}
    deadline = time.monotonic() + seconds
    while summary["kills"] < max_kills and time.monotonic() < deadline:
        read, write = os.pipe()
        child_seed = rng.randrange(1 << 30)
        pid = os.fork()
        if pid == 0:  # the game process
            os.close(read)
            try:
                play(str(folder), write, random.Random(child_seed))
            finally:
                os._exit(1)
        os.close(write)
        time.sleep(rng.uniform(0.002, 0.06))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        with os.fdopen(read, "rb") as pipe:
            lines = pipe.read().decode().splitlines()
        summary["kills"] += 1
        if lines and lines[0] != "role owner":
            summary["problems"].append(f"kill {summary['kills']}: started as {lines[0]}")
        if any(p.name.endswith(".tmp") for p in folder.iterdir()):
            summary["mid_write"] += 1  # killed between writing a file and renaming it
        problems = check(folder, lines, counted)
        summary["problems"] += [f"kill {summary['kills']}: {p}" for p in problems]
        pending = [line for line in lines if line.startswith(("try ", "done "))][-1:]
        if pending and pending[0].startswith("try ") and not problems:
            summary["resumed_pending"] += digest(resume(folder).game) == pending[0].split()[1]
        if len(summary["problems"]) > 5:
            break
    summary["counted"] = len(load_statistics(folder)[0].recorded_games)
    return summary


if __name__ == "__main__":
    folder, seconds, kills, seed = Path(sys.argv[1]), *map(float, sys.argv[2:5])
    print(json.dumps(main(folder, seconds, int(kills), int(seed))))
