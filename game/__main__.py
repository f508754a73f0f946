"""``python -m game`` and the ``solitaire`` command: parse the flags, start the app."""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    if getattr(sys, "frozen", False):  # the solver's worker processes, in a frozen build
        import multiprocessing

        multiprocessing.freeze_support()
    from game.app.args import parse

    options = parse(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app.app import main as run_app

    return run_app(options)


if __name__ == "__main__":
    sys.exit(main())
