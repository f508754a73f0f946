"""The app's side of the file browser (Ctrl+O): which game files a folder holds and what
each one is, what a typed path names, and what Tab completes.

Nothing here raises for what is on the disk or what the player types: a folder that cannot
be listed, a file that cannot be read, "~nosuchuser" or a home folder nobody knows is
answered with a sentence. Only regular files are opened (a pipe or a device never is), and
each through the game's capped reader; a folder's listing is bounded.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from game.files.problems import printable, why
from game.i18n import _, ngettext
from game.store.dates import MONTHS, short_date
from game.store.gamefiles import GameFile, date_in_name, games_folder, read_game, save_number
from game.view import intents as i
from game.view.hud import deal_name
from game.view.widgets.browser import FileBrowser
from game.view.widgets.field import SEPARATORS

LISTED = 500  # the newest files of a folder listed
SCANNED = 20_000  # a folder's entries looked at, at most (a folder of a million files)
CHOICES = 12  # the names a Tab with several answers shows


# -- paths as the player types and reads them --------------------------------------------------


def home() -> str | None:
    """The home folder, or None when it cannot be known (no HOME, no such account)."""
    try:
        found = os.path.expanduser("~")
    except Exception:  # whatever the platform's lookup meets
        return None
    return found if found and found != "~" else None


def shown_path(path: Path) -> str:
    """``path`` as the player reads it: the home folder as "~"."""
    text, where = str(path), (home() or "").rstrip(os.sep)
    if where and (text == where or text.startswith(where + os.sep)):  # not a home of "/"
        text = "~" + text[len(where) :]
    return printable(text)


def restart(text: str) -> str:
    """A path typed over another: from its last "//" or "/~/" on, the rest stands alone
    (".../games//etc" is "/etc", ".../games/~/x" is "~/x"). Not at the very start, where
    two separators begin a Windows network path."""
    for k in range(len(text) - 1, 1, -1):
        if text[k - 1] not in SEPARATORS:
            continue
        if text[k] in SEPARATORS or (text[k] == "~" and text[k + 1 : k + 2] in ("", *SEPARATORS)):
            return text[k:]
    return text


def expand(typed: str, base: str = "") -> Path | str:
    """The absolute path ``typed`` names (relative to the folder ``base``), or why it names
    none."""
    text = restart(typed.strip()) or base or "."
    if text.startswith("~"):
        cut = min((text.find(s) for s in SEPARATORS if s in text), default=len(text))
        head = text[:cut]
        try:
            expanded = os.path.expanduser(head)
        except Exception:
            expanded = head
        if expanded == head or not expanded:
            if head == "~":
                return _(
                    "Your home folder cannot be found (HOME is not set), so ~ names no folder."
                )
            return _("There is no user {name}, so {path} names no folder.").format(
                name=printable(head[1:]), path=printable(head)
            )
        text = expanded + text[cut:]
    if not os.path.isabs(text):
        folder = expand(base) if base and base != typed else _working_folder()
        if isinstance(folder, str):
            return folder
        text = os.path.join(folder, text)
    return Path(os.path.normpath(text))


def _working_folder() -> Path | str:
    try:
        return Path(os.getcwd())
    except OSError:  # the folder the game was started in is gone
        return _("The folder the game was started in is gone: type a whole path.")


def _folder_text(path: Path) -> str:
    text = shown_path(path)
    return text if text.endswith(tuple(SEPARATORS)) else text + os.sep


# -- what a folder holds -------------------------------------------------------------------------


@dataclass
class Listing:
    folder: str
    rows: list[GameRow]
    note: str = ""


@dataclass
class GameRow:
    """A game file in the list: read when first shown, once."""

    file: Path
    when: datetime | None  # the date in its name, else when it was last written
    order: float = 0.0  # when it was last written: the newer of two saved in one minute
    found: GameFile | str | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        return printable(self.file.name)

    @property
    def path(self) -> str:
        return str(self.file)

    def read(self) -> GameFile | str:
        if self.found is None:
            self.found = read_game(self.file)
        return self.found

    def usable(self) -> bool:
        return not isinstance(self.read(), str)

    def cells(self) -> tuple[str, ...]:
        found, date = self.read(), short_date(self.when)
        if isinstance(found, str):
            return (self.name, "", date, "", _("cannot be opened"))
        game = found.game
        seed = game.deal.seed
        deal = str(seed) if seed is not None else _("custom")
        variant = f"{_(game.rules.name)} \u00b7 {_(game.rules.mode_label)}"
        return (variant, deal, date, str(game.moves_made), result_label(found))

    def note(self) -> str:
        """Why it cannot be opened; else the whole of what the row may show cut short."""
        found = self.read()
        if isinstance(found, str):
            return found
        rules = found.game.rules
        return f"{_(rules.name)} \u00b7 {_(rules.mode_label)} \u00b7 {deal_name(found.game)}"


def result_label(found: GameFile) -> str:
    """Won, solved with help, abandoned, or in progress. Whether the solver finished it is
    read with a getter that takes files from before the mark existed."""
    assisted = bool(getattr(found, "assisted", False)) or found.result == "assisted"
    if found.game.won or found.result in ("won", "assisted"):
        return _("solved with help") if assisted else _("won")
    if found.result == "abandoned":
        return _("abandoned")
    return _("in progress")


def folder_listing(folder: Path, empty: str = "") -> Listing | str:
    """The game files (``*.json``) in ``folder``, newest first, or why it cannot be listed.
    ``empty``: what to say when there are none."""
    rows, seen = [], 0
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                seen += 1
                if seen > SCANNED:
                    break
                name = entry.name
                if name.startswith(".") or not name.lower().endswith(".json"):
                    continue
                try:
                    if not entry.is_file():  # a folder, a pipe, a device, a broken link
                        continue
                    written = entry.stat().st_mtime
                    when = date_in_name(name) or datetime.fromtimestamp(written)
                except (OSError, ValueError, OverflowError):
                    written, when = 0.0, date_in_name(name)
                rows.append(GameRow(Path(entry.path), when, written))
    except OSError as exc:
        problem = why(exc, folder, False)
        return _("The folder {folder} cannot be listed: {why}.").format(
            folder=shown_path(folder), why=problem
        )
    rows.sort(key=lambda r: (r.when or datetime.min, save_number(r.name), r.order), reverse=True)
    note = empty or _("There are no game files in this folder.")
    if len(rows) > LISTED:
        count = LISTED
        note = ngettext(
            "The newest {count} game file is listed.",
            "The newest {count} game files are listed.",
            count,
        ).format(count=count)
    elif rows:
        note = ""
    return Listing(_folder_text(folder), rows[:LISTED], note)


# -- the browser's questions ---------------------------------------------------------------------


def go(typed: str, base: str, exact: bool = False) -> Listing | list | str:
    """Enter on a path: a folder is listed, a game file opened; else why not. ``exact``: a
    listed file's own path, not one typed (no "~" or "//" read in it)."""
    path = Path(typed) if exact else expand(typed, base)
    if isinstance(path, str):
        return path
    try:
        info = path.stat()
    except FileNotFoundError:
        return _("There is no file or folder {path}.").format(path=shown_path(path))
    except (OSError, ValueError) as exc:
        problem = why(exc, path, False) if isinstance(exc, OSError) else type(exc).__name__
        return _("Could not open {name}: {problem}.").format(
            name=printable(path.name), problem=problem
        )
    if stat.S_ISDIR(info.st_mode):
        return folder_listing(path)
    if not stat.S_ISREG(info.st_mode):
        return _("{path} is not a file a game can be read from.").format(path=shown_path(path))
    found = read_game(path)
    return found if isinstance(found, str) else [i.OpenGameFile(str(path))]


def complete(typed: str, base: str) -> tuple[str, str]:
    """Tab: the name being typed, completed as far as the folder's names agree; when they
    agree no further, the names it could be. Returns (the new text, what to say)."""
    text = restart(typed)
    cut = max(text.rfind(s) for s in SEPARATORS)
    head, start = text[: cut + 1], text[cut + 1 :]
    if cut < 0 and text.startswith("~"):  # "~" or "~ann": a home folder, if there is one
        found = expand(text, base)
        if isinstance(found, str):
            return typed, found
        return text + os.sep, ""
    folder = expand(head or ".", base)
    if isinstance(folder, str):
        return typed, folder
    names = []
    try:
        with os.scandir(folder) as entries:
            for n, entry in enumerate(entries):
                if n >= SCANNED:
                    break
                name = entry.name
                if not name.startswith(start) or (name.startswith(".") and not start):
                    continue
                if name != printable(name):
                    continue  # a name that is not UTF-8 cannot be typed
                try:
                    if entry.is_dir():
                        names.append(name + os.sep)
                    elif name.lower().endswith(".json"):
                        names.append(name)
                except OSError:
                    continue
    except OSError as exc:
        return typed, why(exc, folder, False)
    if not names:
        return typed, _("No folder or game file here begins with {start}.").format(
            start=start or "\u2026"
        )
    common = os.path.commonprefix(names)
    if len(names) == 1 or len(common) > len(start):
        return head + common, ""
    names.sort()
    shown = "  ".join(names[:CHOICES]) + ("  \u2026" if len(names) > CHOICES else "")
    return text, shown


# -- the browser ---------------------------------------------------------------------------------


def file_browser(data_dir: Path, size) -> FileBrowser:
    """Ctrl+O: the browser, on the folder the game saves to."""
    folder = games_folder(data_dir)
    empty = _("No games saved yet: Ctrl+S saves the game being played.")
    listing = folder_listing(folder, empty) if folder.is_dir() else None
    if not isinstance(listing, Listing):
        listing = Listing(_folder_text(folder), [], listing or empty)
    headers = (_("Variant"), _("Deal"), _("Date"), _("Moves"), _("Result"))
    dates = tuple(
        short_date(datetime(2000, n + 1, 28, 23, 59), datetime(2000, 1, 1))
        for n in range(len(MONTHS))
    )
    samples = ((), (), dates, (), ())  # the others: as wide as the rows shown need
    return FileBrowser(_("Open a game file"), size, listing, headers, samples, go, complete)
