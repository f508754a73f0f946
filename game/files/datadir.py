"""The per-user data folder: where settings, statistics and the resumable game live.

The platform's own rule, written by hand (no platformdirs dependency):

- Linux and other Unix: ``$XDG_DATA_HOME/klondike-family`` (only if that variable holds an
  absolute path, as the XDG spec asks), else ``~/.local/share/klondike-family``;
- macOS: ``~/Library/Application Support/klondike-family``;
- Windows: ``%APPDATA%\\klondike-family``, else ``~\\AppData\\Roaming\\klondike-family``.

A ``--data-dir DIR`` command-line flag overrides it (see ``resolve_data_dir``). The folder
is created on demand, never at import.

The home folder is asked for only when the rule needs it (an absolute ``XDG_DATA_HOME``
does without), and trusted only when it is an absolute path: an empty or relative
``HOME`` would put the data folder at ``/.local/share`` or under whatever folder the game
was started from. Without a usable home, ``NoHomeFolder`` says why in words.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from game.i18n import _

APP_DIR_NAME = "klondike-family"


class NoHomeFolder(OSError):
    """No home folder to be found, or one that cannot be trusted; ``str()`` says which."""

    def __init__(self, reason: str) -> None:
        super().__init__(errno.ENOENT, reason, "~")
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


def home_folder(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """The player's home folder: ``HOME`` when it is an absolute path, the account's own
    when ``HOME`` is not set at all (on Windows, Python's rule). Raises NoHomeFolder."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not platform.startswith("win") and "HOME" in environ:
        home = environ["HOME"]
        if not home:
            raise NoHomeFolder(_("the home folder is unknown (HOME is empty)"))
        if not os.path.isabs(home):
            raise NoHomeFolder(
                _("the home folder is unknown (HOME is {home}, not an absolute path)").format(
                    home=home
                )
            )
        return Path(home)
    try:
        home = Path.home()
    except (RuntimeError, KeyError, OSError):  # no HOME and no account entry either
        home = None
    if home is None or not home.is_absolute():
        raise NoHomeFolder(_("the home folder is unknown (HOME is not set)"))
    return home


def default_data_dir(
    platform: str | None = None,
    environ: Mapping[str, str] | None = None,
    home: Path | None = None,
) -> Path:
    """The platform's per-user data folder for this game (not created here). Raises
    NoHomeFolder when it needs a home folder and there is none to trust.

    The arguments exist for tests; by default they are ``sys.platform``, ``os.environ``
    and ``home_folder()``."""
    platform = sys.platform if platform is None else platform
    environ = os.environ if environ is None else environ

    def at_home(*parts: str) -> Path:
        return (home_folder(environ, platform) if home is None else Path(home)).joinpath(*parts)

    if platform.startswith("win"):
        appdata = environ.get("APPDATA", "")
        base = Path(appdata) if appdata else at_home("AppData", "Roaming")
    elif platform == "darwin":
        base = at_home("Library", "Application Support")
    else:
        xdg = environ.get("XDG_DATA_HOME", "")
        base = Path(xdg) if xdg and os.path.isabs(xdg) else at_home(".local", "share")
    return base / APP_DIR_NAME


def resolve_data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder to use: ``override`` (the ``--data-dir`` value) if given, else the
    platform default; created (with parents) if missing. Raises OSError if it cannot be."""
    folder = data_dir_path(override)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def data_dir_path(override: str | os.PathLike[str] | None = None) -> Path:
    """Where ``resolve_data_dir`` finds the folder, neither made nor looked at (the first
    window reads the settings' window size from it before the folder is claimed).
    Raises NoHomeFolder as ``default_data_dir`` and ``expand_home`` do."""
    if not override:
        return default_data_dir()
    if str(override).startswith("~"):
        return expand_home(str(override))
    return Path(override)


def expand_home(text: str) -> Path:
    """``~/x`` and ``~user/x`` made whole; NoHomeFolder when there is no such home."""
    if text == "~" or text.startswith(("~/", "~" + os.sep)):
        return home_folder() / text[2:] if len(text) > 2 else home_folder()
    try:
        folder = Path(text).expanduser()
    except (RuntimeError, KeyError):
        folder = Path(text)
    if str(folder).startswith("~"):  # Python left it as it was: no such user
        user = text[1:].split("/", 1)[0].split(os.sep, 1)[0]
        raise NoHomeFolder(_("there is no user named {user} on this computer").format(user=user))
    return folder
