"""Safe file writes and keeping bad files aside.

``write_atomic`` never leaves a half-written target: the text goes to a temporary file
in the same folder, is flushed and fsynced, then ``os.replace``-d onto the target. A crash
at any moment leaves either the old file or the new one.

``quarantine`` renames a file the game cannot read out of the way (it never deletes), so
the player's data can still be looked at or mended by hand. ``read_versioned_json`` is the
one reader of the game's own JSON files (settings, statistics, the saved game), so each
refuses a damaged, foreign or too-new file the same way.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger(__name__)


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) so that a crash never loses the last good file.

    The parent folder is created if missing. Raises OSError on failure; the target is then
    unchanged and the temporary file removed."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX); best effort."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def quarantine(path: Path, reason: str = "corrupt", now: datetime | None = None) -> Path:
    """Rename ``path`` aside as ``<name>.<reason>-YYYYMMDD-HHMMSS`` (``-2``, ``-3``... if that
    name is taken) in the same folder and return the new path. Never deletes anything.

    ``reason`` is a short tag such as "corrupt" or "newer"; it is reduced to lowercase
    letters, digits and dashes. Raises OSError if the rename fails."""
    path = Path(path)
    tag = re.sub(r"[^a-z0-9]+", "-", reason.lower()).strip("-") or "bad"
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{path.name}.{tag}-{stamp}"
    target = path.with_name(base)
    number = 2
    while target.exists():
        target = path.with_name(f"{base}-{number}")
        number += 1
    os.replace(path, target)
    log.warning("kept %s aside as %s (%s)", path, target.name, reason)
    return target


class Unusable(ValueError):
    """A data file the game cannot use. ``tag`` names it when kept aside ("corrupt",
    "newer"); the message says why, for the player."""

    def __init__(self, tag: str, problem: str) -> None:
        super().__init__(problem)
        self.tag = tag
        self.problem = problem


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not allowed")


def read_versioned_json(path: Path, file_format: str, version: int, kind: str) -> dict | None:
    """The data of one of the game's JSON files, checked for its format and version.

    None when the file does not exist; OSError when it cannot be read; ``Unusable`` when it
    is empty, damaged, not a ``kind`` file, or of an unknown or newer format version."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        return None
    if not raw.strip():
        raise Unusable("corrupt", "it is empty")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except UnicodeDecodeError:
        raise Unusable("corrupt", "it is not a text file") from None
    except ValueError:
        raise Unusable("corrupt", "it is damaged or cut short (not valid JSON)") from None
    if not isinstance(data, dict) or data.get("format") != file_format:
        raise Unusable("corrupt", f"it is not a {kind} file")
    found = data.get("version")
    if type(found) is not int or found < 1:
        raise Unusable("corrupt", f"unknown format version {found!r}")
    if found > version:
        raise Unusable("newer", f"it was written by a newer version of the game (format {found})")
    return data


def set_aside(path: Path, tag: str, problem: str, outcome: str) -> str:
    """Keep a bad file aside and say so: 'Could not use NAME: PROBLEM. It was kept as
    NAME.TAG-...; OUTCOME.'"""
    path = Path(path)
    try:
        kept = quarantine(path, tag)
    except OSError:
        return f"Could not use {path.name}: {problem}; {outcome}."
    return f"Could not use {path.name}: {problem}. It was kept as {kept.name}; {outcome}."
