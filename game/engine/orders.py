"""The commands a player gives, as values: what ``commands`` checks against the rules."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Move:
    """Move the top ``count`` cards of pile ``source`` onto pile ``target``."""

    source: int
    target: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class Draw:
    """Deal from the stock, wherever the rules deal it (the waste, the tableau, the
    reserves), or redeal the waste when the stock is empty."""


@dataclass(frozen=True, slots=True)
class ToFoundation:
    """Send the top card of ``source`` to whichever foundation takes it."""

    source: int


@dataclass(frozen=True, slots=True)
class Collect:
    """Send every card that can go to the foundations there, again and again."""


Command = Move | Draw | ToFoundation | Collect
