"""Game files: a game (deal, mode, log, time) saved to a file, opened again, and the
finished games kept in the data folder's ``history/`` to watch again.

The player's saves go to the data folder's ``games/`` under a name that says what they
hold (``klondike-deal-4242-2026-12-01-0953.json``), never over an earlier one.

A game file is the saved-game JSON (``game.engine.savefile``: versioned, every move
checked again when it is read, a player's table carried) with the time played. Opening
one goes through the loader discipline, except that a file the player chose is never
renamed aside: a damaged one is refused with a message naming it.

A game the solver played moves of ("show me") carries ``"assisted": true`` in its extra:
a finished one is listed as solved with help, not won. Files without it are the player's.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.engine.game import Game
from game.engine.savefile import FORMAT, VERSION, SaveError, game_from_dict, game_to_json
from game.files.atomic import safe_name, write_atomic
from game.files.formats import GAME_EXTRA, HISTORY_NAMES, TIME_PLAYED, Misfit, fit, held
from game.files.loader import GAME_FILE, Unusable, load_file, read_versioned_json
from game.files.problems import why
from game.i18n import _, say
from game.variants import get_variant
from game.variants.catalogue import Catalogue

log = logging.getLogger(__name__)

HISTORY = "history"
GAMES = "games"  # where the player's saves go
HISTORY_KEPT = 30  # the newest finished games kept to watch again
HISTORY_RECORD = "history.json"  # the names of the finished games the game wrote
RECORD_FORMAT = "klondike-family-history"


@dataclass(frozen=True)
class GameFile:
    game: Game
    elapsed: float
    path: Path
    result: str = ""  # a finished game's: "won" or "abandoned"
    assisted: bool = False  # the solver played moves of it ("show me")


def write_game(
    path: Path,
    game: Game,
    elapsed: float,
    result: str = "",
    assisted: bool = False,
    within: Path | None = None,
    new: bool = False,
    catalogue: Catalogue | None = None,
) -> None:
    """Write ``game`` to ``path`` (atomically), inside ``within`` (a path the player chose:
    its own folder). ``new``: never over a file of that name. ``catalogue``: the one that
    knows the game's table when it is a player's (it is carried; with none, only a
    built-in's game is saved whole). Raises OSError."""
    extra: dict = {"elapsed": held(elapsed, TIME_PLAYED)}
    if result:
        extra["result"] = result
    if assisted:
        extra["assisted"] = True
    carried = (catalogue or Catalogue()).carried(game.rules)
    text = game_to_json(game, extra, table=carried) + "\n"
    path = Path(path)
    write_atomic(path, text, within=path.parent if within is None else within, new=new)


def read_game(path: Path, catalogue: Catalogue | None = None) -> GameFile | str:
    """The game in the file at ``path``, or a message saying why it cannot be opened.
    Never raises; never moves the file. A table the game carries is checked and known to
    ``catalogue`` from then on (with none, it serves this game alone)."""
    catalogue = catalogue or Catalogue()
    try:
        path = Path(path).expanduser()
    except RuntimeError:  # "~" with no home folder known, "~someone" with no such user
        return _("There is no file {path}.").format(path=path)
    try:
        data = read_versioned_json(path, FORMAT, VERSION, _("game"), GAME_FILE, constants=True)
        if data is None:
            return _("There is no file {path}.").format(path=path)
        game, extra = game_from_dict(data, get_variant, catalogue.from_carried)
    except OSError as exc:
        return _("Could not open {name}: {why}.").format(name=path.name, why=why(exc, path, False))
    except Unusable as exc:
        return _("Could not open {name}: {problem}.").format(name=path.name, problem=exc.problem)
    except SaveError as exc:
        problem = _("it is not a valid game ({problem})").format(problem=say(exc))
        return _("Could not open {name}: {problem}.").format(name=path.name, problem=problem)
    except Exception as exc:  # whatever a file holds, the game goes on
        problem = type(exc).__name__
        return _("Could not open {name}: {problem}.").format(name=path.name, problem=problem)
    # Values out of their range (formats.GAME_EXTRA) are left out: the game opens.
    values, _problems = fit(GAME_EXTRA, extra)
    elapsed, result = values.get("elapsed", 0.0), values.get("result", "")
    return GameFile(game, elapsed, path, result, values.get("assisted", False))


def suggested_name(game: Game, now: datetime | None = None) -> str:
    """``klondike-deal-4242-2026-11-30-1715.json``: only letters, digits and '-' (the
    variant's id made safe, whatever a table or a save says it is)."""
    when = (now or datetime.now()).strftime("%Y-%m-%d-%H%M")
    seed = game.deal.seed
    deal = f"deal-{seed}" if seed is not None else "custom-deal"
    return f"{safe_name(game.rules.variant)}-{deal}-{when}.json"


def games_folder(data_dir: Path) -> Path:
    return Path(data_dir) / GAMES


def save_new(
    data_dir: Path,
    game: Game,
    elapsed: float,
    assisted: bool = False,
    catalogue: Catalogue | None = None,
) -> Path:
    """Save ``game`` into the games folder under a new name (``...-2.json`` if the name is
    taken: an earlier save is never overwritten), never outside the data folder (a
    ``games`` that is a link out of it is not followed). Returns its path; raises OSError."""
    folder = games_folder(data_dir)
    stem = suggested_name(game).removesuffix(".json")
    for n in range(1, 1000):
        path = folder / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
        try:  # the name is taken here and now, so another window cannot take it too
            write_game(
                path,
                game,
                elapsed,
                assisted=assisted,
                within=data_dir,
                new=True,
                catalogue=catalogue,
            )
        except FileExistsError:
            continue
        return path
    raise FileExistsError(errno.EEXIST, "too many games saved this minute", str(folder / stem))


_NAME_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})(?:-(\d{1,3}))?\.json$")


def date_in_name(name: str) -> datetime | None:
    """The date a saved game's name holds (``...-2026-12-01-0953.json``), or None."""
    found = _NAME_DATE.search(name)
    if found is None:
        return None
    try:
        return datetime(*(int(part) for part in found.groups()[:5]))
    except ValueError:  # 2026-13-45: digits, but no date
        return None


def save_number(name: str) -> int:
    """Which save of its minute a name is: 1, or the N of ``...-0953-N.json``."""
    found = _NAME_DATE.search(name)
    return int(found.group(6)) if found and found.group(6) else 1


# -- the history of finished games ----------------------------------------------------------


@dataclass(frozen=True)
class Finished:
    path: Path
    game: Game
    result: str  # "won" or "abandoned"
    when: datetime | None  # None: the name's date could not be read
    assisted: bool = False  # the solver played moves of it: a win is "solved with help"


def keep_finished(
    folder: Path,
    game: Game,
    elapsed: float,
    result: str,
    assisted: bool = False,
    catalogue: Catalogue | None = None,
) -> Path:
    """Keep a finished game in the history; the oldest the game wrote beyond
    ``HISTORY_KEPT`` go. Raises OSError.

    Only files named in the record of what the game wrote (``history.json`` beside the
    folder, in the order they were written: a clock that jumps does not reorder it) are
    ever deleted, and only when they are plain files in a plain folder: a file the player
    put in ``history/`` stays, and no link is followed out of it."""
    history = Path(folder) / HISTORY
    name = suggested_name(game).removesuffix(".json")
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    path = history / f"{stamp}-{name}.json"
    write_game(path, game, elapsed, result, assisted, within=folder, catalogue=catalogue)
    written = [n for n in _written(folder) if n != path.name] + [path.name]
    kept, old = written[-HISTORY_KEPT:], written[:-HISTORY_KEPT]
    for gone in old:
        if not _own_file(history, gone):
            continue
        try:
            (history / gone).unlink(missing_ok=True)
        except OSError:  # another day: it stays in the record
            kept.insert(0, gone)
    record = {"format": RECORD_FORMAT, "version": 1, "files": kept}
    try:
        text = json.dumps(record, indent=1) + "\n"
        write_atomic(Path(folder) / HISTORY_RECORD, text, within=folder)
    except OSError as exc:  # the game is kept all the same; unrecorded, it is never pruned
        log.info("could not record the finished games: %s", exc)
    return path


def _written(folder: Path) -> list[str]:
    """The names of the finished games the game wrote, oldest first ([] when the record
    is missing; a damaged one is kept aside, and nothing is deleted)."""
    outcome = _("nothing was deleted")
    return load_file(Path(folder) / HISTORY_RECORD, _read_written, [], outcome).value


def _read_written(path: Path) -> list[str] | None:
    data = read_versioned_json(path, RECORD_FORMAT, 1, _("list of finished games"))
    if data is None:
        return None
    try:
        return HISTORY_NAMES(data.get("files"))
    except Misfit as exc:
        raise Unusable("corrupt", str(exc)) from None


def _own_file(history: Path, name: str) -> bool:
    """Is ``history/name`` a plain file in a plain folder (no link, no folder)?"""
    try:
        return stat.S_ISDIR(os.lstat(history).st_mode) and stat.S_ISREG(
            os.lstat(history / name).st_mode
        )
    except OSError:
        return False


_STAMP = re.compile(r"^(\d{8}-\d{6})")


def finished_games(
    folder: Path, limit: int = HISTORY_KEPT, catalogue: Catalogue | None = None
) -> list[Finished]:
    """The finished games kept, newest first (files that cannot be read are left out): the
    ones the game wrote, by the order it wrote them, then any other by name (the tables
    they carry known to ``catalogue``)."""
    history = Path(folder) / HISTORY
    written = [name for name in reversed(_written(folder)) if (history / name).is_file()]
    ours = set(written)
    others = sorted((p.name for p in history.glob("*.json") if p.name not in ours), reverse=True)
    out = []
    for name in [*written, *others][:limit]:
        path = history / name
        found = read_game(path, catalogue)
        if isinstance(found, str):
            continue
        when = _stamp_date(path.name)
        out.append(Finished(path, found.game, found.result, when, found.assisted))
    return out


def _stamp_date(name: str) -> datetime | None:
    stamp = _STAMP.match(name)
    try:
        return datetime.strptime(stamp.group(1), "%Y%m%d-%H%M%S") if stamp else None
    except ValueError:  # digits that are no date
        return None
