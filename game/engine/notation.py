"""Commands as short text: ``w-t3``, ``t1-f2``, ``t4-t6:3``, ``t2-f`` (any foundation),
``draw``, ``collect``. Used by the command line, save files and tests."""

from __future__ import annotations

from .commands import Collect, Command, Draw, Move, ToFoundation
from .state import Layout
from .text import N_, EngineError, shown


def parse_command(text: str, layout: Layout) -> Command:
    """Parse one command; raises EngineError (a ValueError) saying what is wrong."""
    word = text.strip().lower()
    if word in ("draw", "d", "stock"):
        return Draw()
    if word in ("collect", "c"):
        return Collect()
    if "-" not in word:
        problem = N_("cannot read move {move} (expected SRC-DST, SRC-DST:N or draw)")
        raise EngineError(problem, move=shown(text))
    source_name, target = word.split("-", 1)
    count = 1
    if ":" in target:
        target, count_text = target.split(":", 1)
        digits = count_text.isascii() and count_text.isdigit() and len(count_text) <= 3
        if not digits or int(count_text) < 1:
            problem = N_("cannot read move {move}: N in SRC-DST:N must be a number from 1 to 999")
            raise EngineError(problem, move=shown(text))
        count = int(count_text)
    source = layout.index(source_name)
    if target == "f":
        if count != 1:
            problem = N_("cannot read move {move}: one card at a time to a foundation")
            raise EngineError(problem, move=shown(text))
        return ToFoundation(source)
    return Move(source, layout.index(target), count)


def format_command(command: Command, layout: Layout) -> str:
    if isinstance(command, Draw):
        return "draw"
    if isinstance(command, Collect):
        return "collect"
    if isinstance(command, ToFoundation):
        return f"{_short(layout, command.source)}-f"
    if isinstance(command, Move):
        text = f"{_short(layout, command.source)}-{_short(layout, command.target)}"
        return text if command.count == 1 else f"{text}:{command.count}"
    raise TypeError(f"not a command: {command!r}")


def _short(layout: Layout, index: int) -> str:
    name = layout.name(index)
    return {"stock": "s", "waste": "w"}.get(name, name)
