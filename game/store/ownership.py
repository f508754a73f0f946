"""Who may write the data folder, decided once at start, and the notice that says so.

* **owner**: the folder is usable and no other game holds it. This game holds its owner
  lock (``folderlock``) until it closes, keeps the game in progress and the settings, and
  adds its results to the statistics.
* **guest**: another game owns the folder. This one plays without a saved game (it neither
  resumes nor overwrites the owner's) and leaves the settings file alone; its results are
  added to the statistics under the update lock, so neither game's are lost. A game left
  unfinished in a guest counts as lost when it closes (it cannot be resumed).
* **read-only**: the folder can be read but not written (permissions, a read-only disk).
  The game resumes and shows what is there, saves nothing, and says so once, at start,
  rather than at every move.

A folder that cannot be made or read at all is replaced by a scratch folder, which this
game owns; the notice names the cause.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from game.files.atomic import sweep_temporaries
from game.files.datadir import NoHomeFolder, resolve_data_dir
from game.files.folderlock import OWNER_LOCK, FolderLock, updating
from game.files.problems import why
from game.i18n import _

# The files ``write_atomic`` writes here: their leftovers from a killed game are swept.
KEPT_FILES = (
    "current-game.json",
    "settings.json",
    "statistics.json",
    "winnable-deals-found.json",
    "history.json",
)


class Role(StrEnum):
    OWNER = "owner"
    GUEST = "guest"
    READ_ONLY = "read-only"


@dataclass
class Claim:
    folder: Path
    role: Role
    lock: FolderLock | None = None
    notices: list[str] = field(default_factory=list)


def claim_folder(data_dir: str | None = None) -> Claim:
    """The data folder (``--data-dir`` or the platform's) and this game's part in it."""
    wanted = Path(data_dir) if data_dir else Path("~")
    try:
        folder = resolve_data_dir(data_dir)
    except NoHomeFolder as exc:
        return _scratch(exc.reason, wanted)
    except OSError as exc:
        return _scratch(why(exc, wanted, writing=True), wanted)
    try:
        os.listdir(folder)
    except OSError as exc:
        return _scratch(why(exc, folder, writing=False), folder)
    try:
        probe_writable(folder)
        lock = FolderLock.try_acquire(folder / OWNER_LOCK)
    except OSError as exc:
        cause = why(exc, folder / OWNER_LOCK, writing=True)
        return Claim(folder, Role.READ_ONLY, notices=[_nothing_kept(cause)])
    if lock is None:
        notice = _(
            "Another game is open on the data folder {folder}. This one keeps no saved game "
            "and leaves the settings as they are; its results count in the statistics (a "
            "game left unfinished here counts as lost)."
        )
        return Claim(folder, Role.GUEST, notices=[notice.format(folder=folder)])
    try:
        with updating(folder):  # no guest is halfway through a write meanwhile
            sweep_temporaries(folder, KEPT_FILES)
    except OSError:
        pass  # leftovers only take room; the next start sweeps them
    return Claim(folder, Role.OWNER, lock)


def probe_writable(folder: Path) -> None:
    """Raise OSError now if files cannot be made in ``folder`` (rather than at the first
    save, after the player has made moves)."""
    fd, name = tempfile.mkstemp(dir=folder, prefix=".probe-", suffix=".tmp")
    os.close(fd)
    os.unlink(name)


def _nothing_kept(cause: str) -> str:
    return _("Your games cannot be kept: {why}. You can play, but nothing is saved.").format(
        why=cause
    )


def _scratch(cause: str, wanted: Path) -> Claim:
    """A folder for this run only, when the real one cannot be used."""
    try:
        folder = Path(tempfile.mkdtemp(prefix="solitaire-"))
        lock = FolderLock.try_acquire(folder / OWNER_LOCK)
    except OSError:  # not even a temporary folder: play on, keeping nothing
        return Claim(wanted, Role.READ_ONLY, notices=[_nothing_kept(cause)])
    notice = _("Your games cannot be kept: {why}. This time they live in {folder}.")
    return Claim(folder, Role.OWNER, lock, [notice.format(why=cause, folder=folder)])


def lost_lock_notice(path: Path) -> str:
    """The owner's lock file was deleted or replaced while it ran: another game may own the
    folder now, so this one goes on as a guest (``Session.keeps_games``)."""
    return _(
        "The lock file {path} was deleted or replaced while the game ran, so another "
        "game may now use the data folder. To keep from overwriting its files, this "
        "game no longer saves the game in progress or the settings; its results still "
        "count in the statistics (a game left unfinished counts as lost)."
    ).format(path=path)
