"""``python -m game`` and the ``solitaire`` command: parse the flags, start the app.

Nothing typed on the command line ends in a traceback: a bad flag is one line and status
2, and so is a closed stdout under ``--help``, ``--version`` or ``--self-test``
(``game.i18n.console``)."""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    if getattr(sys, "frozen", False):  # the solver's worker processes, in a frozen build
        import multiprocessing

        multiprocessing.freeze_support()
    from game.i18n.console import run_console

    return run_console("solitaire", lambda: _start(sys.argv[1:] if argv is None else argv))


def _start(argv: list[str]) -> int:
    from game.app.args import parse

    options = parse(argv)
    if options.desktop is not None:
        from game.desktop import run

        return run(options.desktop)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app.start import main as run_app

    return run_app(options)


if __name__ == "__main__":
    sys.exit(main())
