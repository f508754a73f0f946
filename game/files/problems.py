"""File problems told as a person would tell them.

An ``OSError`` says "[Errno 13] Permission denied: '/home/ann/.local/...'"; a player needs
"The game could not be saved: the folder /home/ann/.local/... is read-only." These
functions turn the error number into such a sentence, naming the file or folder.
"""

from __future__ import annotations

import errno
from pathlib import Path

from game.i18n import _

from .atomic import OutsideFolder
from .datadir import NoHomeFolder
from .folderlock import UntrustedLock


class Detailed(str):
    """A short message for the player with its details (the whole story: which records,
    why, where the file was kept), shown one key away."""

    details: str

    def __new__(cls, text: str, details: str) -> Detailed:
        said = super().__new__(cls, text)
        said.details = details
        return said


def why(exc: OSError, path: Path, writing: bool) -> str:
    """The cause of a failed read or write of ``path``, as the end of a sentence."""
    if isinstance(exc, UntrustedLock | NoHomeFolder):  # errors that word their own cause
        return exc.reason
    if isinstance(exc, OutsideFolder):  # a name or a link that leads out of the folder
        return _("{path} is not inside {folder} (a name or a link leads out of it)").format(
            path=exc.filename, folder=exc.folder
        )
    number = exc.errno
    path = _named(exc, path)
    folder = path.parent if writing else path
    if number in (errno.EACCES, errno.EPERM):
        if writing:
            return _("the folder {folder} is read-only").format(folder=folder)
        return _("{file} may not be read (its permissions forbid it)").format(file=path)
    if number == errno.EROFS:
        return _("the disk holding {folder} is read-only").format(folder=folder)
    if number in (errno.ENOSPC, errno.EDQUOT):
        return _("the disk holding {folder} is full").format(folder=folder)
    if number == errno.ENOTDIR:
        return _("{path} is a file, not a folder").format(path=_first_file(path))
    if number == errno.EEXIST and path.exists() and not path.is_dir():  # making a folder
        return _("{path} is a file, not a folder").format(path=path)
    if number == errno.EISDIR:
        return _("{path} is a folder, not a file").format(path=path)
    if number == errno.ENOENT:
        return _("{path} does not exist").format(path=path)
    if number == errno.ELOOP:
        return _("{path} is a loop of links").format(path=path)
    text = (exc.strerror or type(exc).__name__).rstrip(".")
    return _("{path}: {problem}").format(path=path, problem=text[:1].lower() + text[1:])


def _named(exc: OSError, path: Path) -> Path:
    """The file the error is about: ``path``, unless the error names another one (the
    update lock beside it, a folder on the way to it); never the temporary file a write
    goes through, which the player has never seen."""
    named = exc.filename
    if not isinstance(named, str) or not named or Path(named) == path:
        return path
    named = Path(named)
    return path if named.name.startswith(f".{path.name}.") else named


def printable(text: str) -> str:
    """``text`` as a font can draw it. A file name's bytes that are not UTF-8 reach Python
    as lone surrogates, which no font takes: they become the replacement character."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # a surrogate that is no escaped byte
        return text.encode("utf-8", "replace").decode("utf-8")


def _first_file(path: Path) -> Path:
    """The part of ``path`` that is a file where a folder is needed."""
    for parent in reversed([path, *path.parents]):
        if parent.is_file():
            return parent
    return path


def could_not_save(exc: OSError, path: Path) -> str:
    return _("The game could not be saved: {why}.").format(why=why(exc, path, writing=True))


def could_not_save_settings(exc: OSError, path: Path) -> str:
    return _("The settings could not be saved: {why}.").format(why=why(exc, path, writing=True))


def could_not_save_statistics(exc: OSError, path: Path) -> str:
    return _("The statistics could not be saved: {why}.").format(why=why(exc, path, writing=True))
