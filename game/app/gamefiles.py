"""Game files: a game (deal, mode, log, time) exported to a file, opened again, and the
finished games kept in the data folder's ``history/`` to watch again.

A game file is the saved-game JSON (``game.engine.savefile``: versioned, every move
checked again when it is read) with the time played. Opening one goes through the loader
discipline, except that a file the player chose is never renamed aside: a damaged one is
refused with a message naming it.

A game the solver played moves of ("show me") carries ``"assisted": true`` in its extra:
a finished one is listed as solved with help, not won. Files without it are the player's.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.engine.game import Game
from game.engine.savefile import FORMAT, VERSION, SaveError, game_from_dict, game_to_json
from game.i18n import _
from game.variants import get_variant

from .atomic import write_atomic
from .loader import GAME_FILE, Unusable, read_versioned_json
from .problems import why

HISTORY = "history"
HISTORY_KEPT = 30  # the newest finished games kept to watch again


@dataclass(frozen=True)
class GameFile:
    game: Game
    elapsed: float
    path: Path
    result: str = ""  # a finished game's: "won" or "abandoned"
    assisted: bool = False  # the solver played moves of it ("show me")


def write_game(
    path: Path, game: Game, elapsed: float, result: str = "", assisted: bool = False
) -> None:
    """Write ``game`` to ``path`` (atomically). Raises OSError."""
    extra: dict = {"elapsed": float(elapsed) if math.isfinite(elapsed) else 0.0}
    if result:
        extra["result"] = result
    if assisted:
        extra["assisted"] = True
    write_atomic(Path(path), game_to_json(game, extra) + "\n")


def read_game(path: Path) -> GameFile | str:
    """The game in the file at ``path``, or a message saying why it cannot be opened.
    Never raises; never moves the file."""
    path = Path(path).expanduser()
    try:
        data = read_versioned_json(path, FORMAT, VERSION, _("game"), GAME_FILE, constants=True)
        if data is None:
            return _("There is no file {path}.").format(path=path)
        game, extra = game_from_dict(data, get_variant)
    except OSError as exc:
        return _("Could not open {name}: {why}.").format(name=path.name, why=why(exc, path, False))
    except Unusable as exc:
        return _("Could not open {name}: {problem}.").format(name=path.name, problem=exc.problem)
    except SaveError as exc:
        problem = _("it is not a valid game ({problem})").format(problem=exc)
        return _("Could not open {name}: {problem}.").format(name=path.name, problem=problem)
    except Exception as exc:  # whatever a file holds, the game goes on
        problem = type(exc).__name__
        return _("Could not open {name}: {problem}.").format(name=path.name, problem=problem)
    elapsed = extra.get("elapsed", 0.0)
    if type(elapsed) not in (int, float) or not math.isfinite(elapsed) or elapsed < 0:
        elapsed = 0.0
    result = extra.get("result", "")
    result = result if result in ("won", "abandoned") else ""
    return GameFile(game, float(elapsed), path, result, extra.get("assisted") is True)


def suggested_name(game: Game, now: datetime | None = None) -> str:
    """``klondike-deal-4242-2026-11-30-1715.json``"""
    when = (now or datetime.now()).strftime("%Y-%m-%d-%H%M")
    seed = game.deal.seed
    deal = f"deal-{seed}" if seed is not None else "custom-deal"
    return f"{game.rules.variant}-{deal}-{when}.json"


# -- the history of finished games ----------------------------------------------------------


@dataclass(frozen=True)
class Finished:
    path: Path
    game: Game
    result: str  # "won" or "abandoned"
    when: datetime
    assisted: bool = False  # the solver played moves of it: a win is "solved with help"


def keep_finished(
    folder: Path, game: Game, elapsed: float, result: str, assisted: bool = False
) -> Path:
    """Keep a finished game in the history (the oldest beyond ``HISTORY_KEPT`` go).
    Raises OSError."""
    history = Path(folder) / HISTORY
    name = suggested_name(game).removesuffix(".json")
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    path = history / f"{stamp}-{name}.json"
    write_game(path, game, elapsed, result, assisted)
    for old in sorted(history.glob("*.json"))[:-HISTORY_KEPT]:
        old.unlink(missing_ok=True)
    return path


_STAMP = re.compile(r"^(\d{8}-\d{6})")


def finished_games(folder: Path, limit: int = HISTORY_KEPT) -> list[Finished]:
    """The finished games kept, newest first (files that cannot be read are left out)."""
    out = []
    for path in sorted((Path(folder) / HISTORY).glob("*.json"), reverse=True)[:limit]:
        found = read_game(path)
        stamp = _STAMP.match(path.name)
        if isinstance(found, str) or stamp is None:
            continue
        when = datetime.strptime(stamp.group(1), "%Y%m%d-%H%M%S")
        out.append(Finished(path, found.game, found.result, when, found.assisted))
    return out
