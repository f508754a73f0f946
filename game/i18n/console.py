"""Printing for the two command lines (``python -m game``, ``python -m game.cli``).

Whatever a person types or pipes, a command line answers with its output, or with one
line on stderr and exit status 2, never a traceback: ``one_line`` keeps a message to one
short line however long or odd the text it quotes, and ``run_console`` turns a reader
that hung up (``... | head -c 10``: BrokenPipeError) into that one line too, and makes
sure nothing more is written to the dead pipe when Python exits. Output that cannot carry
the language's letters (``PYTHONIOENCODING=ascii``, a console in cp1252 or KOI8-R) is
written in Latin letters instead of failing (``carry_any_text``).
"""

from __future__ import annotations

import codecs
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
    carry_any_text()
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


# Cyrillic letters of the game's languages, in Latin letters (close to the Ukrainian
# passport transliteration; Russian's own where it differs): what a stream that cannot
# encode them shows instead.
_LATIN = dict(
    zip(
        "абвгґдеєжзиіїйклмнопрстуфхцчшщъыьэюяё",
        (
            "a b v h g d e ie zh z y i i i k l m n o p r s t u f kh ts ch sh shch ' y ' e iu ia e"
        ).split(),
        strict=True,
    )
)
_LATIN.update({"\u2026": "...", "\u2014": "-", "\u2013": "-", "\u00ab": '"', "\u00bb": '"'})
_LATIN.update({"\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ", "\u2212": "-"})
_RUSSIAN = {"г": "g", "и": "i", "й": "i", "х": "kh", "ы": "y", "ь": "'"}  # where it differs
ERRORS = "solitaire-latin"


def _in_latin(exc: UnicodeError) -> tuple[str, int]:
    """The codec error handler: each character the stream cannot carry, in Latin letters
    (or ``?``)."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    from game.i18n import language

    table = {**_LATIN, **_RUSSIAN} if language() == "ru" else _LATIN
    out = []
    for char in exc.object[exc.start : exc.end]:
        latin = table.get(char.lower(), "?")
        out.append(latin.capitalize() if char.isupper() and latin.isalpha() else latin)
    return "".join(out), exc.end


codecs.register_error(ERRORS, _in_latin)


def carry_any_text() -> None:
    """Let stdout and stderr write any text: what their encoding lacks comes out in Latin
    letters rather than as a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            reconfigure(errors=ERRORS)
        except (ValueError, OSError, AttributeError):  # a closed or unusual stream
            pass
