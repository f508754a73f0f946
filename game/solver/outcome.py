"""What a search answers."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from game.engine.commands import Command


class Outcome(StrEnum):
    WON = "won"
    UNWINNABLE = "unwinnable"
    UNDECIDED = "undecided"


@dataclass(frozen=True, slots=True)
class SolveResult:
    """What a search found. ``line`` (only when WON) replays from the position to a win.
    ``left_core``: why a phase meant for the compiled core ran in Python instead (the core
    refused the position or outgrew its memory bound), else empty."""

    outcome: Outcome
    line: tuple[Command, ...] | None
    nodes: int
    seconds: float
    cancelled: bool = False
    left_core: str = ""
    stats: dict = field(default_factory=dict, compare=False)

    @property
    def won(self) -> bool:
        return self.outcome is Outcome.WON
