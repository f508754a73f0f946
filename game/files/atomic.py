"""Safe file writes and keeping bad files aside.

``write_atomic`` is the one way the game writes a file (a test holds every module to
it): it writes only inside the folder the caller names, and never leaves a half-written
target. The target is checked first: resolved (links followed to where they lead), it
must lie inside the folder, itself resolved, so no name built from what a file says
(``../../X``, ``/elsewhere/X``, a link out of the folder) puts a file anywhere else. The
text goes to a temporary file in the same folder, is flushed and fsynced, then
``os.replace``-d onto the target. A crash at any moment leaves either the old file or the
new one. ``safe_name`` makes any text fit to be part of a file name.

``quarantine`` renames a file the game cannot read out of the way (it never deletes), so
the player's data can still be looked at or mended by hand (``loader`` does the reading).
"""

from __future__ import annotations

import errno
import logging
import os
import re
import tempfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger(__name__)

NAME_PART = 40  # characters of a file name taken from what a file says (a table's id)


class OutsideFolder(OSError):
    """A write refused: its target does not lie inside the folder it was meant for."""

    def __init__(self, path: object, folder: object) -> None:
        super().__init__(errno.EPERM, f"not inside {folder}", str(path))
        self.folder = folder


def safe_name(text: str, limit: int = NAME_PART) -> str:
    """``text`` as part of a file name: lowercase ASCII letters, digits and '-' only (any
    run of other characters one '-'), at most ``limit`` characters; "game" when nothing
    is left. No separator, no "..", no control character, on any system."""
    slug = re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")[:limit].strip("-")
    return slug or "game"


def inside(path: Path, folder: Path) -> Path:
    """``path`` resolved, when it lies inside ``folder`` (resolved too; not the folder
    itself): links are followed to where they lead, ".." taken out. Raises OutsideFolder
    otherwise, for a NUL in either, or a loop of links."""
    try:
        base = Path(folder).resolve()
        target = Path(path).resolve()
    except (OSError, RuntimeError, ValueError):  # a loop of links; an embedded NUL
        raise OutsideFolder(path, folder) from None
    if target == base or not target.is_relative_to(base):
        raise OutsideFolder(path, folder)
    return target


def write_atomic(path: Path, data: str | bytes, within: Path, new: bool = False) -> None:
    """Replace ``path`` with ``data`` (text is written as UTF-8) so that a crash never
    loses the last good file, after checking that ``path`` lies inside ``within``
    (``inside``). ``new``: the name must not be taken (FileExistsError otherwise): it is
    taken here and now, so another window cannot take it too.

    The parent folder is created if missing. Raises OSError on failure (OutsideFolder for
    a target outside ``within``); the target is then unchanged and the temporary file
    removed."""
    path = Path(path)
    inside(path, within)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError as exc:  # a file where a folder goes: no name taken (``new``)
        raise NotADirectoryError(errno.ENOTDIR, "Not a directory", exc.filename) from None
    inside(path, within)  # again, the folders made: none of them a link out
    if new:  # O_EXCL: a link in the name's place is taken, never followed
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
    fd, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data.encode("utf-8") if isinstance(data, str) else data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        for leftover in (temp_name, *([path] if new else [])):
            try:
                os.unlink(leftover)
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
