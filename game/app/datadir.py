"""The per-user data folder: where settings, statistics and the resumable game live.

The platform's own rule, written by hand (no platformdirs dependency):

- Linux and other Unix: ``$XDG_DATA_HOME/klondike-family`` (only if that variable holds an
  absolute path, as the XDG spec asks), else ``~/.local/share/klondike-family``;
- macOS: ``~/Library/Application Support/klondike-family``;
- Windows: ``%APPDATA%\\klondike-family``, else ``~\\AppData\\Roaming\\klondike-family``.

A ``--data-dir DIR`` command-line flag overrides it (see ``resolve_data_dir``). The folder
is created on demand, never at import.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Mapping
from pathlib import Path

APP_DIR_NAME = "klondike-family"


def default_data_dir(
    platform: str | None = None,
    environ: Mapping[str, str] | None = None,
    home: Path | None = None,
) -> Path:
    """The platform's per-user data folder for this game (not created here).

    The arguments exist for tests; by default they are ``sys.platform``, ``os.environ``
    and ``Path.home()``."""
    platform = sys.platform if platform is None else platform
    environ = os.environ if environ is None else environ
    home = Path.home() if home is None else Path(home)
    if platform.startswith("win"):
        appdata = environ.get("APPDATA", "")
        base = Path(appdata) if appdata else home / "AppData" / "Roaming"
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = environ.get("XDG_DATA_HOME", "")
        base = Path(xdg) if xdg and os.path.isabs(xdg) else home / ".local" / "share"
    return base / APP_DIR_NAME


def resolve_data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder to use: ``override`` (the ``--data-dir`` value) if given, else the
    platform default; created (with parents) if missing. Raises OSError if it cannot be."""
    try:
        folder = Path(override).expanduser() if override else default_data_dir()
    except RuntimeError:  # no home folder to be found (no $HOME, no such user)
        raise FileNotFoundError(errno.ENOENT, "no home folder", str(override or "~")) from None
    folder.mkdir(parents=True, exist_ok=True)
    return folder
