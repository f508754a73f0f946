"""The game in progress, kept in ``current-game.json`` so closing the window never loses it.

The file is the engine's saved-game JSON (``game.engine.savefile``) with
``extra = {"elapsed": seconds, "game_id": id}``, written atomically. Loading re-validates
every logged move (the engine does); a file that cannot be used - empty, truncated,
damaged, hand-edited into an illegal game, or written by a newer version - is renamed
aside (never deleted) and the player gets a short message naming the file and the problem.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.game import Game
from game.engine.rules import VariantTable
from game.engine.savefile import VERSION, SaveError, game_from_dict, game_to_json
from game.variants import get_variant

from .atomic import quarantine, write_atomic

log = logging.getLogger(__name__)

CURRENT_GAME_FILE = "current-game.json"


@dataclass(frozen=True)
class Resumed:
    """What ``resume`` found: the game (None if there is none to resume), the seconds
    already played, the game's statistics id (None if the file had none) and a message
    for the player (None when all went well)."""

    game: Game | None
    elapsed: float = 0.0
    game_id: str | None = None
    message: str | None = None


def save_current(
    folder: Path, game: Game, elapsed_seconds: float, game_id: str | None = None
) -> None:
    """Write the game in progress atomically (the old file survives a crash mid-write).

    Pass ``game_id`` (``statistics.new_game_id``) so a resumed game keeps its identity and
    a win is not counted twice. Raises OSError if the folder is not writable."""
    elapsed = float(elapsed_seconds)
    if not math.isfinite(elapsed) or elapsed < 0:
        elapsed = 0.0
    extra: dict[str, Any] = {"elapsed": elapsed}
    if game_id is not None:
        extra["game_id"] = game_id
    write_atomic(Path(folder) / CURRENT_GAME_FILE, game_to_json(game, extra) + "\n")


def resume(folder: Path, lookup: Callable[[str], VariantTable] = get_variant) -> Resumed:
    """Load the game in progress, if any. Never raises for a bad file (see module doc)."""
    path = Path(folder) / CURRENT_GAME_FILE
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Resumed(None)
    except OSError as exc:
        # Unreadable (permissions...): leave it where it is, the player may fix it.
        return Resumed(None, message=f"Could not read {path.name} ({exc.strerror}).")

    problem, reason, game, extra = _parse(raw, lookup)
    if game is None:
        return Resumed(None, message=_set_aside(path, reason, problem))

    elapsed = extra.get("elapsed", 0.0)
    if type(elapsed) not in (int, float) or not math.isfinite(elapsed) or elapsed < 0:
        elapsed = 0.0
    game_id = extra.get("game_id")
    if not isinstance(game_id, str) or not game_id:
        game_id = None
    return Resumed(game, float(elapsed), game_id)


def load_current(
    folder: Path, lookup: Callable[[str], VariantTable] = get_variant
) -> tuple[Game | None, float, str | None]:
    """(game or None, elapsed seconds, message or None). A missing file is (None, 0, None);
    an unusable one is kept aside and gives (None, 0, message). ``resume`` also gives the id."""
    found = resume(folder, lookup)
    return found.game, found.elapsed, found.message


def clear_current(folder: Path) -> None:
    """Forget the game in progress (after a win, or when the player starts afresh)."""
    (Path(folder) / CURRENT_GAME_FILE).unlink(missing_ok=True)


def _parse(raw: bytes, lookup) -> tuple[str, str, Game | None, dict]:
    """(problem, quarantine tag, game, extra); game is None when the file is unusable."""
    if not raw.strip():
        return "the file is empty", "corrupt", None, {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return "the file is damaged or cut short (not valid JSON)", "corrupt", None, {}
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is int and version > VERSION:
        problem = f"it was saved by a newer version of the game (format {version})"
        return problem, "newer", None, {}
    try:
        game, extra = game_from_dict(data, lookup)
    except SaveError as exc:
        return f"it is not a valid game ({exc})", "corrupt", None, {}
    except Exception as exc:  # a damaged file must never crash the game at start-up
        log.exception("unexpected error loading a saved game")
        return f"it is not a valid game ({type(exc).__name__})", "corrupt", None, {}
    return "", "", game, extra


def _set_aside(path: Path, reason: str, problem: str) -> str:
    try:
        kept = quarantine(path, reason)
    except OSError:
        return f"Could not resume the game in {path.name}: {problem}."
    return f"Could not resume the game in {path.name}: {problem}. The file was kept as {kept.name}."
