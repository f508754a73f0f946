"""One data folder, one owner at a time: locks that die with their process.

Two locks, each a lock on an open file, never the file's existence (a lock file left by a
crash means nothing; the operating system drops a dead process's locks at once):

* ``owner.lock`` is held by the game that owns the folder, from start to close. It alone
  saves the game in progress and the settings. A second game started on the same folder
  finds it held and runs as a guest (``game.store.session``).
* ``update.lock`` is held for a moment around each read-change-write of a file that every
  game on the folder adds to (the statistics, the winnable deals found): the file is read
  afresh under it, so two games never overwrite each other's results.

POSIX systems (Linux, macOS) use ``fcntl.flock``; Windows ``msvcrt.locking`` on the first
byte. Where the file system cannot lock at all, the game carries on as the owner (it cannot
tell), and says so in the log.

A lock is trusted only while it is the file in the folder: lock files are opened without
following links (a link planted as ``owner.lock`` would lock, or create, a file elsewhere)
and must be plain files (``UntrustedLock`` says why not). A lock file deleted or replaced
while the game runs no longer keeps a second game out, so the owner asks ``holds()``
before it writes (``game.store.session``).
"""

from __future__ import annotations

import errno
import logging
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from game.i18n import _

log = logging.getLogger(__name__)

OWNER_LOCK = "owner.lock"
UPDATE_LOCK = "update.lock"
UPDATE_WAIT = 5.0  # seconds: another game's write takes milliseconds
_POLL = 0.01

if os.name == "nt":  # pragma: no cover - exercised on Windows
    import msvcrt

    _HELD = {errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK), errno.EDEADLK}

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as exc:
            if exc.errno in _HELD:
                return False
            raise
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


# The file system offers no locks (some network shares): nothing to hold, nothing to wait for.
_NO_LOCKS = {errno.ENOLCK, errno.EOPNOTSUPP, getattr(errno, "ENOTSUP", errno.EOPNOTSUPP)}


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # POSIX; Windows is checked with lstat instead
_LINK_REFUSED = {errno.ELOOP, errno.EMLINK}  # Linux says ELOOP, FreeBSD EMLINK


class UntrustedLock(OSError):
    """A lock file the game will not use: a link, a folder, not a plain file. Its words
    name the lock file (whatever file the caller was about to write)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(None, reason, str(path))
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


def _open_lock_file(path: Path) -> int:
    """The lock file's descriptor, made if missing; never through a link."""
    if not _NOFOLLOW and os.path.islink(path):
        raise UntrustedLock(path, _link(path))
    flags = os.O_RDWR | os.O_CREAT | _NOFOLLOW | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as exc:
        if exc.errno in _LINK_REFUSED and os.path.islink(path):
            raise UntrustedLock(path, _link(path)) from None
        if exc.errno in (errno.EISDIR, errno.EACCES) and os.path.isdir(path):
            raise UntrustedLock(path, _not_a_file(path)) from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO or a device put in its place
        os.close(fd)
        raise UntrustedLock(path, _not_a_file(path))
    return fd


def _link(path: Path) -> str:
    return _("the lock file {path} is a link, which the game does not follow").format(path=path)


def _not_a_file(path: Path) -> str:
    return _("the lock file {path} is not a plain file").format(path=path)


class FolderLock:
    """A held lock; ``release`` (or the end of the process) lets it go."""

    def __init__(self, fd: int | None, path: Path) -> None:
        self._fd = fd
        self.path = path

    @classmethod
    def try_acquire(cls, path: Path) -> FolderLock | None:
        """The lock on ``path`` if no other holder has it, else None. Raises OSError when
        the lock file cannot be opened or made (a read-only folder), UntrustedLock when it
        is a link or no plain file."""
        fd = _open_lock_file(Path(path))
        try:
            if _try_lock(fd):
                return cls(fd, path)
        except OSError as exc:
            if exc.errno not in _NO_LOCKS:
                os.close(fd)
                raise
            log.warning("%s cannot be locked here (%s); going on without", path, exc)
            os.close(fd)
            return cls(None, path)
        os.close(fd)
        return None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def holds(self) -> bool:
        """Does the lock still keep other games out? Not when its file was deleted, replaced
        (another game may have made a new one and locked that) or turned into a link; such
        a lock is let go. A lock the file system could not give is taken as it was."""
        if self._fd is None:
            return True
        try:
            there, held = os.lstat(self.path), os.fstat(self._fd)
            same = (there.st_dev, there.st_ino) == (held.st_dev, held.st_ino)
            intact = same and not stat.S_ISLNK(there.st_mode)
        except OSError:
            intact = False
        if not intact:
            self.release()
        return intact

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            _unlock(fd)
        except OSError:
            pass  # closing lets it go anyway
        os.close(fd)

    def __del__(self) -> None:  # a session dropped without ``close`` lets the folder go
        try:
            self.release()
        except Exception:  # at interpreter exit the os module may be gone: the OS frees it
            pass


@contextmanager
def updating(folder: Path, wait: float = UPDATE_WAIT) -> Iterator[None]:
    """Hold the folder's update lock for a read-change-write. Raises OSError when the
    lock file cannot be made, TimeoutError when another game holds it for ``wait`` s."""
    path = Path(folder) / UPDATE_LOCK
    deadline = time.monotonic() + wait
    while (lock := FolderLock.try_acquire(path)) is None:
        if time.monotonic() > deadline:
            # the message reaches the player as the cause of a failed save (problems.why)
            raise TimeoutError(errno.ETIMEDOUT, _("another game kept it busy"), str(path))
        time.sleep(_POLL)
    try:
        yield
    finally:
        lock.release()
