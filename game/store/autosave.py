"""The game in progress, kept in ``current-game.json`` so closing the window never loses it.

The file is the engine's saved-game JSON (``game.engine.savefile``) with
``extra = {"elapsed": seconds, "game_id": id}`` (and ``"assisted": true`` once the solver
has played a move of it, "show me": its win will be solved with help), written atomically.
A game of a player's table carries the table (the engine's ``table``), so it resumes
after the table's file is edited or removed. Loading re-validates every logged move (the
engine does); a file that cannot be used (empty, truncated, damaged, hand-edited into an
illegal game, its table broken, or written by a newer version) is renamed aside (never
deleted) and the player gets a short message naming the file and the problem. A file
without the mark is a game the solver played no move of.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.game import Game
from game.engine.savefile import (
    FORMAT,
    VERSION,
    EntryTexts,
    SaveError,
    game_from_dict,
    game_to_json,
)
from game.files.atomic import write_atomic
from game.files.formats import GAME_EXTRA, TIME_PLAYED, fit, held
from game.files.loader import GAME_FILE, Unusable, load_file, read_versioned_json
from game.i18n import _, say
from game.variants import get_variant
from game.variants.catalogue import Catalogue

log = logging.getLogger(__name__)

CURRENT_GAME_FILE = "current-game.json"


@dataclass(frozen=True)
class Resumed:
    """What ``resume`` found: the game (None if there is none to resume), the seconds
    already played, the game's statistics id (None if the file had none), whether the
    solver played moves of it (files without the mark: it did not) and a message for the
    player (None when all went well)."""

    game: Game | None
    elapsed: float = 0.0
    game_id: str | None = None
    message: str | None = None
    assisted: bool = False


class GameTooLong(Exception):
    """A game whose save would be over the size the loader accepts: writing it would leave
    a file the next start refuses, so it is not written (the last save stays)."""


def save_current(
    folder: Path,
    game: Game,
    elapsed_seconds: float,
    game_id: str | None = None,
    texts: EntryTexts | None = None,
    assisted: bool = False,
    catalogue: Catalogue | None = None,
) -> None:
    """Write the game in progress atomically (the old file survives a crash mid-write).

    Pass ``game_id`` (``statistics.new_game_id``) so a resumed game keeps its identity and
    a win is not counted twice, and the same ``texts`` at each save of a game so a long
    game's save stays quick; and the ``catalogue`` that knows its table when it is a
    player's (it is carried; with none, only a built-in's game is saved whole). Raises
    OSError if the folder is not writable, GameTooLong if the game is beyond what a save
    may hold."""
    elapsed = held(elapsed_seconds, TIME_PLAYED)
    extra: dict[str, Any] = {"elapsed": elapsed}
    if game_id is not None:
        extra["game_id"] = game_id
    if assisted:
        extra["assisted"] = True
    carried = (catalogue or Catalogue()).carried(game.rules)
    text = game_to_json(game, extra, texts, carried) + "\n"
    if len(text) > GAME_FILE:  # one character a byte: the JSON is ASCII
        raise GameTooLong(game.moves_made)
    write_atomic(Path(folder) / CURRENT_GAME_FILE, text, within=folder)


def resume(folder: Path, catalogue: Catalogue | None = None) -> Resumed:
    """Load the game in progress, if any. Never raises for a bad file (see module doc). A
    table the game carries is checked and known to ``catalogue`` from then on (with none,
    it serves this game alone)."""
    catalogue = catalogue or Catalogue()
    path = Path(folder) / CURRENT_GAME_FILE
    found: dict = {}

    def read(path: Path) -> Game | None:
        # The time played may be hand-edited to Infinity: the game is kept, the clock reset.
        data = read_versioned_json(
            path, FORMAT, VERSION, _("saved game"), GAME_FILE, constants=True
        )
        if data is None:
            return None
        try:
            game, extra = game_from_dict(data, get_variant, catalogue.from_carried)
        except SaveError as exc:
            problem = _("it is not a valid game ({problem})").format(problem=say(exc))
            raise Unusable("corrupt", problem) from None
        found.update(extra)
        return game

    # An unreadable save is renamed aside before the new game's first save could replace it.
    loaded = load_file(path, read, None, _("a new game starts"), unreadable="unreadable")
    if loaded.value is None:
        return Resumed(None, message=loaded.message)
    # A time played or an id out of its range (formats.GAME_EXTRA): the game is kept, the
    # clock starts again from 0, the game gets a new id.
    extra, problems = fit(GAME_EXTRA, found)
    elapsed, assisted = extra.get("elapsed", 0.0), extra.get("assisted", False)
    message = None
    if problems:
        message = _("Some values in {name} were not valid and were reset: {problems}.").format(
            name=path.name, problems="; ".join(problems)
        )
    return Resumed(loaded.value, elapsed, extra.get("game_id"), message, assisted)


def load_current(
    folder: Path, catalogue: Catalogue | None = None
) -> tuple[Game | None, float, str | None]:
    """(game or None, elapsed seconds, message or None). A missing file is (None, 0, None);
    an unusable one is kept aside and gives (None, 0, message). ``resume`` also gives the id."""
    found = resume(folder, catalogue)
    return found.game, found.elapsed, found.message


def clear_current(folder: Path) -> None:
    """Forget the game in progress (after a win, or when the player starts afresh)."""
    (Path(folder) / CURRENT_GAME_FILE).unlink(missing_ok=True)
