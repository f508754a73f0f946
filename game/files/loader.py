"""One discipline for every file the game reads: any bytes in, a value or a message out.

Settings, statistics, the saved game and the winnable deals found here all load through
``load_file``; rule tables through ``read_safely`` and the same readers (a player's table
is refused with its problem, never renamed: ``game.variants``):

* the file is read with a size cap (an absurd file is refused before it is parsed);
* text is UTF-8, with or without a byte-order mark (or UTF-16/32 with one);
* JSON is parsed with nesting, size and non-numbers (NaN) contained;
* the file's own reader turns the data into a value, or raises ``Unusable``;
* whatever goes wrong, no exception leaves: the caller gets a default value and a message
  naming the file and the problem, and a file the game cannot use is renamed aside
  (``atomic.quarantine``), never deleted, so the player's data can still be looked at.
"""

from __future__ import annotations

import codecs
import json
import os
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from game.engine.text import shown
from game.i18n import _

# Setting a file aside (``atomic``), wording an OS error (``problems``) and logging are
# imported where a file goes wrong: the settings' window size is read through here before
# the window opens (``game.store.window``), and a good file needs none of them.

T = TypeVar("T")

SMALL_FILE = 1 << 20  # settings, statistics, found deals: a megabyte is far beyond need
# A saved game: about 85 bytes a move (140 in the first format), so this holds some 95,000
# moves, which resume in about a second. A longer log is not a game anyone played; refusing
# it unread keeps a start from stalling on it (and the game never writes one: GameTooLong).
GAME_FILE = 8 << 20


class Unusable(ValueError):
    """A file the game cannot use. ``tag`` names it when kept aside ("corrupt", "newer",
    "too-big"; None: it could not be read, leave it be); ``problem`` says why, for the
    player."""

    def __init__(self, tag: str | None, problem: str) -> None:
        super().__init__(problem)
        self.tag = tag
        self.problem = problem


class PartlyUsable(Exception):
    """Some of the file was good: use ``value``, but keep the file aside for ``problem``."""

    def __init__(self, value: Any, problem: str) -> None:
        super().__init__(problem)
        self.value = value
        self.problem = problem


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What a load gave: the value to use and a message for the player (None if all went
    well)."""

    value: T
    message: str | None = None


def read_capped(path: Path, limit: int, regular_only: bool = False) -> bytes | None:
    """The file's bytes; None when it does not exist. Unusable when it is over ``limit``
    bytes or not a file (with ``regular_only``, anything but a regular file: a FIFO, a
    device); OSError when it cannot be read.

    The size is checked on the opened file, so a file that changes or a link that moves
    between a look and the read cannot slip past the cap. Pipes and devices (``/dev/zero``)
    are read no further than the cap, and for no longer than ``PIPE_WAIT``; a FIFO is
    opened without waiting for a writer."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return None
    except PermissionError:
        if path.is_dir():  # Windows refuses to open a folder with "access denied"
            raise Unusable("not-a-file", _("it is a folder, not a file")) from None
        raise
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise Unusable("not-a-file", _("it is a folder, not a file"))
        if regular_only and not stat.S_ISREG(info.st_mode):
            raise Unusable("not-a-file", _("it is not a regular file (a pipe or a device)"))
        if info.st_size > limit:
            raise Unusable(
                "too-big", _("it is far too large ({size} bytes)").format(size=info.st_size)
            )
        raw = _read_within(fd, limit + 1, time.monotonic() + PIPE_WAIT)
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise Unusable("too-big", _("it is far too large (over {size} bytes)").format(size=limit))
    return raw


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # POSIX: do not hang opening a FIFO nobody writes
PIPE_WAIT = 0.5  # seconds: all a pipe or a terminal gets to say what it holds


def _read_within(fd: int, wanted: int, deadline: float) -> bytes:
    """At most ``wanted`` bytes, never waiting past ``deadline``: the descriptor stays
    non-blocking, so a pipe or a terminal whose writer says nothing (``sleep 60 |
    solitaire /dev/stdin``) cannot freeze the window. A plain file never waits."""
    chunks = []
    while wanted > 0:
        try:
            chunk = os.read(fd, min(wanted, 1 << 20))
        except BlockingIOError:  # a writer that has not written (yet)
            if time.monotonic() > deadline:
                raise Unusable(None, _("nothing came through it in time (it is no file)")) from None
            time.sleep(0.01)
            continue
        if not chunk:
            break
        chunks.append(chunk)
        wanted -= len(chunk)
    return b"".join(chunks)


# Byte-order marks, longest first (UTF-32's little-endian mark begins with UTF-16's).
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def decode_text(raw: bytes) -> str:
    """Text from bytes: UTF-8, or any Unicode encoding that announces itself with a
    byte-order mark (a text editor's "UTF-8 with BOM", Notepad's "Unicode"). Unusable for
    anything else, and for text holding NUL characters (no file of ours has any)."""
    encoding = next((name for bom, name in _BOMS if raw.startswith(bom)), "utf-8")
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        raise Unusable("corrupt", _("it is not a text file (or not in UTF-8)")) from None
    if "\0" in text:
        raise Unusable("corrupt", _("it is not a text file"))
    return text


def decode_json(raw: bytes, constants: bool = False) -> Any:
    """Parse JSON text from bytes; Unusable for anything that is not plain JSON (and for
    NaN or Infinity unless ``constants``: then the reader checks those values itself)."""
    text = decode_text(raw)
    if not text.strip():
        raise Unusable("corrupt", _("it is empty"))
    try:
        if constants:
            return json.loads(text)
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise Unusable("corrupt", _("it is nested too deeply to be a game file")) from None
    except (ValueError, MemoryError):
        raise Unusable("corrupt", _("it is damaged or cut short (not valid JSON)")) from None


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not allowed")


def read_versioned_json(
    path: Path,
    file_format: str,
    version: int,
    kind: str,
    limit: int = SMALL_FILE,
    constants: bool = False,
) -> dict | None:
    """The body of one of the game's own JSON files, checked for its format and version.

    None when the file does not exist; OSError when it cannot be read; ``Unusable`` when it
    is too big, empty, damaged, not a ``kind`` file, or of an unknown or newer version."""
    raw = read_capped(path, limit)
    if raw is None:
        return None
    data = decode_json(raw, constants)
    if not isinstance(data, dict):
        raise Unusable("corrupt", _("it is not a {kind} file").format(kind=kind))
    # Say what is missing or wrong: a file written by hand often lacks the header lines.
    if "format" not in data:
        problem = _('it is not a {kind} file: it has no "format": "{format}" line')
        raise Unusable("corrupt", problem.format(kind=kind, format=file_format))
    if data["format"] != file_format:
        problem = _('it is not a {kind} file: its "format" is "{found}", not "{format}"')
        found = shown(data["format"], quotes=False)
        raise Unusable("corrupt", problem.format(kind=kind, found=found, format=file_format))
    if "version" not in data:
        problem = _('it has no "version" line (this game writes "version": {version})')
        raise Unusable("corrupt", problem.format(version=version))
    found = data["version"]
    if type(found) is not int or found < 1:
        problem = _("unknown format version {version}").format(version=shown(found))
        raise Unusable("corrupt", problem)
    if found > version:
        raise Unusable(
            "newer",
            _("it was written by a newer version of the game (format {version})").format(
                version=shown(found)
            ),
        )
    return data


def read_safely(
    path: Path, read: Callable[[Path], T | None], own: tuple[type[Exception], ...] = ()
) -> T | None:
    """``read(path)`` with every failure it can meet told as ``Unusable`` (or
    ``PartlyUsable``, or one of the caller's ``own`` exception types, which pass as they
    are). An ``Unusable`` whose ``tag`` is None is a file that could not be read at all
    (permissions, a loop of links...): it stays where it is, the player may put it right."""
    try:
        return read(path)
    except (Unusable, PartlyUsable, *own):
        raise
    except OSError as exc:
        from .problems import why

        raise Unusable(None, why(exc, path, False)) from None
    except RecursionError:
        raise Unusable("corrupt", _("it is nested too deeply")) from None
    except MemoryError:
        raise Unusable("too-big", _("it is too large to read")) from None
    except Exception as exc:  # a file must never take the game down, whatever it holds
        import logging

        logging.getLogger(__name__).exception("unexpected error reading %s", path)
        problem = _("it could not be read ({error})").format(error=type(exc).__name__)
        raise Unusable("corrupt", problem) from None


def load_file(
    path: Path,
    read: Callable[[Path], T | None],
    default: T,
    outcome: str,
    unreadable: str | None = None,
) -> Loaded[T]:
    """Load ``path`` with ``read`` (None: there is no such file). Never raises.

    ``outcome`` ends the message when the file cannot be used ("using default settings").
    A file that cannot be read at all (its permissions) stays where it is, unless
    ``unreadable`` names a tag to keep it aside under: a file the game writes over without
    reading it first (the saved game) must be moved out of the way, not lost.
    """
    path = Path(path)
    try:
        value = read_safely(path, read)
    except Unusable as exc:
        if exc.tag is None and unreadable is not None:
            return Loaded(default, set_aside(path, unreadable, exc.problem, outcome))
        if exc.tag is None:
            message = _("Could not read {name}: {why}; {outcome}.")
            return Loaded(default, message.format(name=path.name, why=exc.problem, outcome=outcome))
        return Loaded(default, set_aside(path, exc.tag, exc.problem, outcome))
    except PartlyUsable as part:
        outcome_kept = _("the rest was kept")
        return Loaded(part.value, set_aside(path, "corrupt", part.problem, outcome_kept))
    return Loaded(default if value is None else value)


def set_aside(path: Path, tag: str, problem: str, outcome: str) -> str:
    """Keep a bad file aside and say so: 'Could not use NAME: PROBLEM. It was kept as
    NAME.TAG-...; OUTCOME.'"""
    from .atomic import quarantine

    try:
        kept = quarantine(path, tag)
    except OSError:
        return _("Could not use {name}: {problem}; {outcome}.").format(
            name=path.name, problem=problem, outcome=outcome
        )
    return _("Could not use {name}: {problem}. It was kept as {kept}; {outcome}.").format(
        name=path.name, problem=problem, kept=kept.name, outcome=outcome
    )
