"""The game on a Linux desktop: its menu entry, its icon and its AppStream record.

``solitaire --install-desktop-entry`` copies them into the user's XDG data folder
(``$XDG_DATA_HOME``, else ``~/.local/share``):

* ``applications/org.patiencetable.Patience.desktop``, its ``Exec`` line naming the very
  command that installed it (the virtual environment's ``solitaire``, or the standalone
  executable), so the menu starts this game and no other;
* ``icons/hicolor/<N>x<N>/apps/org.patiencetable.Patience.png`` at the theme's sizes;
* ``metainfo/org.patiencetable.Patience.metainfo.xml``.

``--uninstall-desktop-entry`` removes exactly those files. A distribution package installs
the same files under ``/usr/share`` (see docs/packaging.md). The sources are in
``assets/desktop/``; ``tools/make_icon.py`` draws the icons.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from game.files.atomic import write_atomic
from game.files.resources import asset_path
from game.i18n import _

APP_ID = "org.patiencetable.Patience"


def data_home(environ=None) -> Path:
    """Raises NoHomeFolder (an OSError) when there is no XDG_DATA_HOME and no home."""
    from game.files.datadir import home_folder

    environ = os.environ if environ is None else environ
    xdg = environ.get("XDG_DATA_HOME", "")
    return Path(xdg) if xdg and os.path.isabs(xdg) else home_folder(environ) / ".local" / "share"


def launcher() -> list[str]:
    """The command that starts this game, as it was started now."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    script = Path(sys.argv[0]).resolve() if sys.argv and sys.argv[0] else None
    if script is not None and script.name == "solitaire" and script.is_file():
        return [str(script)]
    found = shutil.which("solitaire")
    if found:
        return [str(Path(found).resolve())]
    return [sys.executable, "-m", "game"]


def exec_line(command: list[str]) -> str:
    """``Exec=`` as the Desktop Entry specification quotes it, with ``%f`` for a file."""
    quoted = []
    for word in command:
        if any(c in word for c in " \t\n\"'\\><~|&;$*?#()`="):
            escaped = "".join("\\" + c if c in '"`$\\' else c for c in word)
            word = f'"{escaped}"'
        quoted.append(word.replace("%", "%%"))
    return " ".join([*quoted, "%f"])


def _sources() -> dict[str, Path]:
    """Where each file goes (relative to the data folder) and where it comes from."""
    folder = asset_path("desktop")
    files = {
        f"applications/{APP_ID}.desktop": folder / f"{APP_ID}.desktop",
        f"metainfo/{APP_ID}.metainfo.xml": folder / f"{APP_ID}.metainfo.xml",
    }
    for icon in sorted((folder / "icons").rglob("*.png")):
        files[str(icon.relative_to(folder))] = icon
    return files


def install(home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Put the entry, the icons and the record in place; returns the files written."""
    home = home or data_home()
    written = []
    for relative, source in _sources().items():
        target = home / relative
        if target.suffix == ".desktop":
            lines = source.read_text(encoding="utf-8").splitlines()
            exec_ = "Exec=" + exec_line(command or launcher())
            lines = [exec_ if line.startswith("Exec=") else line for line in lines]
            write_atomic(target, "\n".join(lines) + "\n", within=target.parent)
        else:  # the game's own names; the desktop's folders may be links the player made
            write_atomic(target, source.read_bytes(), within=target.parent)
        written.append(target)
    _refresh(home)
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what ``install`` put in place; returns the files removed."""
    home = home or data_home()
    removed = []
    for relative in _sources():
        target = home / relative
        if target.is_file():
            target.unlink()
            removed.append(target)
    _refresh(home)
    return removed


def _refresh(home: Path) -> None:
    """Tell the desktop, where it has the tools for it (best effort: menus look again by
    themselves sooner or later)."""
    for command in (
        ["update-desktop-database", str(home / "applications")],
        ["gtk-update-icon-cache", "-q", "-t", str(home / "icons" / "hicolor")],
    ):
        if shutil.which(command[0]):
            subprocess.run(command, capture_output=True, check=False)


def run(action: str) -> int:
    """``--install-desktop-entry`` / ``--uninstall-desktop-entry``: do it and say what."""
    from game.files.datadir import NoHomeFolder
    from game.files.problems import why
    from game.i18n.console import say_error

    try:
        files = install() if action == "install" else uninstall()
    except NoHomeFolder as exc:
        problem = exc.reason
    except OSError as exc:  # named in words: "[Errno 21] Is a directory" says little
        problem = why(exc, Path(exc.filename or "."), writing=action == "install")
    else:
        problem = None
    if problem is not None:
        say_error(
            "solitaire",
            _("The desktop entry could not be changed: {problem}").format(problem=problem),
        )
        return 1
    if action == "install":
        print(_("Installed the desktop entry, its icons and its AppStream record:"))
    else:
        print(_("Removed the desktop entry, its icons and its AppStream record:"))
    for path in files:
        print(f"  {path}")
    return 0
