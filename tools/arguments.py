"""What every tool in ``tools/`` takes on its command line, declared once with its range.

The game's files declare each value's range (``game.files.formats``); the tools read
their arguments through the same declarations, so a bad argument is refused before any
work starts, in one worded line on stderr with exit status 2 (``Parser``), never as a
traceback or a hang after an hour's run:

- ``whole(low, high)``: a whole number in range (``--nodes``, ``--count``);
- ``JOBS``: worker processes, 1 to four per CPU (a hundred thousand would hang);
- ``seconds(high)``: a time above 0 and at most ``high`` (no NaN, no negative, no inf);
- ``output_file``: a file the tool will write, checked up front: its folder exists and
  takes a new file, and it is no folder, device or ``/proc`` entry (the run's results are
  not lost at the end for want of a place to put them); the tool writes it with
  ``game.files.atomic.write_atomic``, so a kill leaves the old file or the new;
- ``output_folder``: a folder the tool will write files into, checked the same way;
- ``input_file``, ``program``: a regular file that is there; a program that runs;
- ``window_sizes``, ``x_display``: ``800x600,...`` in range; an X server that answers;
- ``variant_mode``: ``VARIANT/MODE`` of a built-in variant;
- ``shipped_output``: ``--out PATH`` or ``--write-shipped``, one of them required, for a
  tool whose output is a file of the checkout: it never rewrites one unless told to.

``variant_rules`` finds a variant's rules and says an unknown one in words (the game's
``Message``, worded through its i18n). Each tool starts with the same line that puts the
checkout first on ``sys.path``, so ``python tools/NAME.py`` runs from anywhere.

Run as a script, this module only describes itself.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script

from game.engine.text import shown  # noqa: E402
from game.files.atomic import write_atomic  # noqa: E402
from game.files.formats import COUNT, Misfit, Seconds, Whole  # noqa: E402
from game.i18n.console import USAGE, say_error  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MOST_JOBS = 4 * (os.cpu_count() or 1)  # more processes than this only wait for a CPU
DAY = 24 * 3600.0  # the longest time a tool waits for one thing (a deal, a search)


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose refusal is one line (``PROG: error: ...``) and status 2:
    argparse's own is two (the usage, then the error)."""

    def error(self, message: str):
        refuse(message, self.prog)
        raise SystemExit(USAGE)


def parser(doc: str | None, **kwargs) -> Parser:
    """A tool's parser, described by the first paragraph of its docstring."""
    return Parser(description=(doc or "").split("\n\n")[0].strip(), **kwargs)


def refuse(problem: str, prog: str | None = None) -> int:
    """``PROG: error: PROBLEM`` on one line of stderr; returns the exit status 2."""
    say_error(prog or Path(sys.argv[0]).name, problem)
    return USAGE


def _declared(convert: Callable[[str], object], spec: Callable, name: str) -> Callable:
    """An argparse type: the text converted, then held to the declaration ``spec``."""

    def parse(text: str):
        try:
            value = convert(text)
        except (ValueError, OverflowError):
            value = text  # the declaration words the refusal, quoting what was typed
        try:
            return spec(value)
        except Misfit as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = name  # argparse names the type in "invalid NAME value"
    return parse


def whole(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high``."""
    return _declared(int, Whole(low, high), "whole number")


JOBS = whole(1, MOST_JOBS)
NODES = whole(1, COUNT)  # positions one search may visit: a budget, so at least one


def seconds(high: float = DAY) -> Callable[[str], float]:
    """A time in seconds above 0, at most ``high``: NaN, inf and negatives refused."""
    declared = Seconds(high)

    def above_zero(value):
        try:
            if declared(value) > 0:  # a number from 0 to high, else Misfit
                return float(value)
        except Misfit:
            pass
        raise Misfit(f"must be a number of seconds above 0, at most {high:g}, got {shown(value)}")

    return _declared(float, above_zero, "seconds")


def _problem(exc: OSError) -> str:
    return (exc.strerror or type(exc).__name__).lower()


def _takes_files(folder: Path) -> str | None:
    """None when a new file can be made in ``folder`` (tried, then removed), else why not."""
    if not folder.is_dir():
        return f"the folder {shown(str(folder))} does not exist"
    try:
        handle, name = tempfile.mkstemp(dir=folder, prefix=".check-", suffix=".tmp")
        os.close(handle)
        os.unlink(name)
    except OSError as exc:
        return f"no file can be written in {shown(str(folder))}: {_problem(exc)}"
    return None


def output_file(text: str) -> Path:
    """A file the tool will write (atomically: a new file in its folder, then renamed)."""
    path = Path(text)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"{shown(text)}: {_problem(exc)}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise argparse.ArgumentTypeError(f"{shown(text)} is a folder, not a file")
    if mode is not None and not stat.S_ISREG(mode):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a regular file")
    why = _takes_files(path.parent)
    if why is not None:
        raise argparse.ArgumentTypeError(f"{shown(text)}: {why}")
    return path


output_file.__name__ = "file"


def output_folder(text: str) -> Path:
    """A folder the tool will write files into: there already, or to be made in the nearest
    folder above it that is there."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a folder")
    there = path
    while not there.exists() and there != there.parent:
        there = there.parent
    why = _takes_files(there)
    if why is not None:
        raise argparse.ArgumentTypeError(f"{shown(text)}: {why}")
    return path


output_folder.__name__ = "folder"


def input_file(text: str) -> Path:
    """A file the tool reads: there, and a regular file (no folder, FIFO or device)."""
    path = Path(text)
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"{shown(text)}: {_problem(exc)}") from None
    if not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        raise argparse.ArgumentTypeError(f"{shown(text)} is {kind}")
    return path


input_file.__name__ = "file"


def program(text: str) -> str:
    """A program the tool runs: a path to an executable file, or a name on the PATH."""
    found = shutil.which(text)
    if found is None or not Path(found).is_file():
        raise argparse.ArgumentTypeError(f"{shown(text)}: no such program (or not executable)")
    return text


program.__name__ = "program"


def missing(*programs: str, install: str) -> str | None:
    """Why the tool cannot run when a program it needs is not on the PATH, else None."""
    lacking = [name for name in programs if shutil.which(name) is None]
    return f"{' and '.join(lacking)} not found: {install}" if lacking else None


SIDE = whole(64, 16384)  # a window's width or height in pixels


def window_sizes(text: str) -> list[tuple[int, int]]:
    """``1920x1080,640x480``: window sizes, each side 64 to 16384 pixels."""
    sizes = []
    for part in text.split(","):
        width, x, height = part.strip().lower().partition("x")
        if not x:
            raise argparse.ArgumentTypeError(f"{shown(part)}: give WIDTHxHEIGHT, e.g. 800x600")
        sizes.append((SIDE(width), SIDE(height)))
    return sizes


window_sizes.__name__ = "sizes"


def x_display(text: str) -> str:
    """An X display (``:99``) whose server answers: a local one is tried through its socket
    (``/tmp/.X11-unix/X99``), so a tool refuses at once instead of failing mid-measure."""
    host, colon, number = text.rpartition(":")
    number = number.split(".")[0]
    if not colon or not number.isdigit():
        raise argparse.ArgumentTypeError(f"{shown(text)}: give an X display, e.g. :99")
    if host in ("", "unix"):
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.settimeout(2)
            probe.connect(f"/tmp/.X11-unix/X{number}")
        except OSError:
            problem = f"no X server answers on {text} (start one, e.g. Xvfb {text} &)"
            raise argparse.ArgumentTypeError(problem) from None
        finally:
            probe.close()
    return text


x_display.__name__ = "display"


def write_output(path: Path, data: str | bytes) -> None:
    """Write a tool's output file atomically (``game.files.atomic``), inside the folder it
    names: the one the player chose (``output_file``, ``output_folder``), checked up front."""
    path = Path(path).absolute()
    write_atomic(path, data, within=path.parent)


def shipped_output(
    parser: argparse.ArgumentParser, shipped: Path, kind=output_file, required: bool = True
) -> None:
    """``--out PATH`` or ``--write-shipped`` (``shipped``, the checkout's own file or
    folder), one of them required, both into ``args.out``: no tool rewrites a shipped file
    by default. (``required=False``: the tool checks it when it writes at all.)"""
    where = parser.add_mutually_exclusive_group(required=required)
    name = shipped_name(shipped)
    where.add_argument("--out", type=kind, help=f"write here (the shipped one is {name})")
    where.add_argument(
        "--write-shipped",
        dest="out",
        action="store_const",
        const=shipped,
        help=f"rewrite the checkout's {name}",
    )


def shipped_name(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def variant_rules(variant: str, mode: str | None):
    """The rules of a built-in variant's mode. ValueError worded in the game's words (its
    ``Message`` said through its i18n) for an unknown variant or mode."""
    from game.i18n import say
    from game.variants import get_variant

    try:
        return get_variant(variant).rules(mode)
    except KeyError as exc:
        raise ValueError(say(exc.args[0])) from None


def variant_mode(text: str) -> tuple[str, str]:
    """``VARIANT/MODE`` of a built-in variant (``klondike/draw3``), as ``--only`` takes it."""
    variant, _, mode = text.partition("/")
    try:
        variant_rules(variant, mode or None)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not mode:
        raise argparse.ArgumentTypeError(f"{shown(text)}: give VARIANT/MODE, e.g. klondike/draw3")
    return variant, mode


variant_mode.__name__ = "VARIANT/MODE"


def main(argv: list[str] | None = None) -> int:
    parser(__doc__, epilog="A module the tools share; it has nothing to run.").parse_args(argv)
    print(__doc__.split("\n\n")[0].strip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
