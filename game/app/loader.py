"""One discipline for every file the game reads: any bytes in, a value or a message out.

Settings, statistics, the saved game and the winnable deals found here all load through
``load_file``:

* the file is read with a size cap (an absurd file is refused before it is parsed);
* text is UTF-8, with or without a byte-order mark;
* JSON is parsed with nesting, size and non-numbers (NaN) contained;
* the file's own reader turns the data into a value, or raises ``Unusable``;
* whatever goes wrong, no exception leaves: the caller gets a default value and a message
  naming the file and the problem, and a file the game cannot use is renamed aside
  (``atomic.quarantine``), never deleted, so the player's data can still be looked at.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from game.i18n import _

from .atomic import quarantine
from .problems import why

log = logging.getLogger(__name__)
T = TypeVar("T")

SMALL_FILE = 1 << 20  # settings, statistics, found deals: a megabyte is far beyond need
# A saved game: about 150 bytes a move, so this holds some 100,000 moves. A longer log is
# not a game anyone played; refusing it unread keeps a start from stalling on it.
GAME_FILE = 16 << 20


class Unusable(ValueError):
    """A file the game cannot use. ``tag`` names it when kept aside ("corrupt", "newer",
    "too-big"); ``problem`` says why, for the player."""

    def __init__(self, tag: str, problem: str) -> None:
        super().__init__(problem)
        self.tag = tag
        self.problem = problem


class PartlyUsable(Exception):
    """Some of the file was good: use ``value``, but keep the file aside for ``problem``."""

    def __init__(self, value: Any, problem: str) -> None:
        super().__init__(problem)
        self.value = value
        self.problem = problem


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What a load gave: the value to use and a message for the player (None if all went
    well)."""

    value: T
    message: str | None = None


def read_capped(path: Path, limit: int) -> bytes | None:
    """The file's bytes; None when it does not exist. Unusable when it is over ``limit``
    bytes or not a regular file; OSError when it cannot be read."""
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    if path.is_dir():
        raise Unusable("not-a-file", _("it is a folder, not a file"))
    if info.st_size > limit:
        raise Unusable("too-big", _("it is far too large ({size} bytes)").format(size=info.st_size))
    with open(path, "rb") as handle:  # not a plain file (a device): read no more than the cap
        raw = handle.read(limit + 1)
    if len(raw) > limit:
        raise Unusable("too-big", _("it is far too large (over {size} bytes)").format(size=limit))
    return raw


def decode_json(raw: bytes, constants: bool = False) -> Any:
    """Parse JSON text from bytes; Unusable for anything that is not plain JSON (and for
    NaN or Infinity unless ``constants``: then the reader checks those values itself)."""
    if not raw.strip():
        raise Unusable("corrupt", _("it is empty"))
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark from a text editor is fine
    except UnicodeDecodeError:
        raise Unusable("corrupt", _("it is not a text file")) from None
    try:
        if constants:
            return json.loads(text)
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise Unusable("corrupt", _("it is nested too deeply to be a game file")) from None
    except (ValueError, MemoryError):
        raise Unusable("corrupt", _("it is damaged or cut short (not valid JSON)")) from None


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not allowed")


def read_versioned_json(
    path: Path,
    file_format: str,
    version: int,
    kind: str,
    limit: int = SMALL_FILE,
    constants: bool = False,
) -> dict | None:
    """The body of one of the game's own JSON files, checked for its format and version.

    None when the file does not exist; OSError when it cannot be read; ``Unusable`` when it
    is too big, empty, damaged, not a ``kind`` file, or of an unknown or newer version."""
    raw = read_capped(path, limit)
    if raw is None:
        return None
    data = decode_json(raw, constants)
    if not isinstance(data, dict) or data.get("format") != file_format:
        raise Unusable("corrupt", _("it is not a {kind} file").format(kind=kind))
    found = data.get("version")
    if type(found) is not int or found < 1:
        raise Unusable("corrupt", _("unknown format version {version!r}").format(version=found))
    if found > version:
        raise Unusable(
            "newer",
            _("it was written by a newer version of the game (format {version})").format(
                version=found
            ),
        )
    return data


def load_file(
    path: Path,
    read: Callable[[Path], T | None],
    default: T,
    outcome: str,
) -> Loaded[T]:
    """Load ``path`` with ``read`` (None: there is no such file). Never raises.

    ``outcome`` ends the message when the file cannot be used ("using default settings").
    """
    path = Path(path)
    try:
        value = read(path)
    except OSError as exc:
        # Unreadable (permissions, a loop of links...): leave it where it is, the player
        # may put it right; the game goes on with the default.
        message = _("Could not read {name}: {why}; {outcome}.")
        return Loaded(
            default, message.format(name=path.name, why=why(exc, path, False), outcome=outcome)
        )
    except Unusable as exc:
        return Loaded(default, set_aside(path, exc.tag, exc.problem, outcome))
    except PartlyUsable as part:
        outcome_kept = _("the rest was kept")
        return Loaded(part.value, set_aside(path, "corrupt", part.problem, outcome_kept))
    except Exception as exc:  # a file must never take the game down, whatever it holds
        log.exception("unexpected error reading %s", path)
        problem = _("it could not be read ({error})").format(error=type(exc).__name__)
        return Loaded(default, set_aside(path, "corrupt", problem, outcome))
    return Loaded(default if value is None else value)


def set_aside(path: Path, tag: str, problem: str, outcome: str) -> str:
    """Keep a bad file aside and say so: 'Could not use NAME: PROBLEM. It was kept as
    NAME.TAG-...; OUTCOME.'"""
    try:
        kept = quarantine(path, tag)
    except OSError:
        return _("Could not use {name}: {problem}; {outcome}.").format(
            name=path.name, problem=problem, outcome=outcome
        )
    return _("Could not use {name}: {problem}. It was kept as {kept}; {outcome}.").format(
        name=path.name, problem=problem, kept=kept.name, outcome=outcome
    )
