"""Safe file writes and keeping bad files aside.

``write_atomic`` never leaves a half-written target: the text goes to a temporary file
in the same folder, is flushed and fsynced, then ``os.replace``-d onto the target. A crash
at any moment leaves either the old file or the new one.

``quarantine`` renames a file the game cannot read out of the way (it never deletes), so
the player's data can still be looked at or mended by hand (``loader`` does the reading).
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger(__name__)


def write_atomic(path: Path, text: str | bytes) -> None:
    """Replace ``path`` with ``text`` (UTF-8; bytes as they are: the tools' pictures and
    sounds) so that a crash never loses the last good file.

    The parent folder is created if missing. Raises OSError on failure; the target is then
    unchanged and the temporary file removed."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        binary = isinstance(text, bytes)
        options = {} if binary else {"encoding": "utf-8", "newline": "\n"}
        with os.fdopen(fd, "wb" if binary else "w", **options) as handle:
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


def sweep_temporaries(folder: Path, names: tuple[str, ...]) -> int:
    """Remove the temporary files ``write_atomic`` left behind for ``names`` when a game was
    killed between writing and renaming (the target itself is always whole). Only the
    folder's owner calls this, holding the update lock: no write of another game is under
    way then. Returns how many were removed."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    prefixes = tuple(f".{name}." for name in names)
    for entry in entries:
        if entry.name.startswith(prefixes) and entry.name.endswith(".tmp"):
            try:
                os.unlink(entry.path)
                removed += 1
            except OSError:
                pass
    return removed


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
