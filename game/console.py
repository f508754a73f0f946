"""Printing for the two command lines (``python -m game``, ``python -m game.cli``).

Whatever a person types or pipes, a command line answers with its output, or with one
line on stderr and exit status 2, never a traceback: ``one_line`` keeps a message to one
short line however long or odd the text it quotes, and ``run_console`` turns a reader
that hung up (``... | head -c 10``: BrokenPipeError) into that one line too, and makes
sure nothing more is written to the dead pipe when Python exits.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from game.i18n import _

USAGE = 2  # the exit status of every refusal
MAX_LINE = 400  # characters: a message quoting a 5,000-character argument stays a line


def one_line(message: str) -> str:
    """``message`` on one line (line breaks shown as spaces), at most ``MAX_LINE`` long."""
    text = " ".join(str(message).split())
    return text if len(text) <= MAX_LINE else text[: MAX_LINE - 3] + "..."


def say_error(prog: str, message: str) -> None:
    """``PROG: error: MESSAGE`` on stderr; a closed stderr is no reason to fail."""
    # argparse's own words for its errors, so every error line reads alike in each language
    line = _("%(prog)s: error: %(message)s\n") % {"prog": prog, "message": one_line(message)}
    try:
        print(line.rstrip("\n"), file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def run_console(prog: str, body: Callable[[], int | None]) -> int:
    """Run ``body`` (which prints to stdout and returns an exit status; argparse's
    ``SystemExit`` counts as a return) and flush its output. A closed stdout gives one
    line on stderr and status 2."""
    try:
        try:
            status = body()
        except SystemExit as exc:  # --help, --version, a usage error: already printed
            status = exc.code
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        _drop_stdout()
        say_error(prog, _("the output could not be written: the reader closed the pipe"))
        return USAGE
    if status is None:
        return 0
    return status if isinstance(status, int) else USAGE


def _drop_stdout() -> None:
    """Point stdout at the null device, so Python's own flush at exit does not fail
    again on the dead pipe (and print its own 'Exception ignored' lines)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
