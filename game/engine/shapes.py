"""The named policies of the piles' shape beyond the Klondike family's: how many cards may
move together as the free cells and empty piles allow, and what a foundation takes (see
``vocabulary`` for their keys; ``policies`` for the Klondike family's kinds)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .policy import Policy, Refusal
from .refusals import Reason
from .text import N_


def no_limit(free_cells: int, empty_piles: int) -> int | None:
    return None


def by_free_space(free_cells: int, empty_piles: int) -> int:
    """What free cells and empty piles would move one card at a time: each free cell holds
    one card of the run, and each empty pile doubles what the cells move (a run parked
    there and brought back on top). ``empty_piles`` leaves out the target itself."""
    return (free_cells + 1) << empty_piles


@dataclass(frozen=True, slots=True)
class Limiting:
    """How many cards may move together: (free cells, empty piles but the target) ->
    the most (None: as many as the run policy lets move)."""

    most: Callable[[int, int], int | None]


class MoveLimit(Policy):
    """How many cards of a run may move together."""

    NONE = ("none", N_("as many as the run policy lets move"), Limiting(no_limit))
    FREE_SPACE = (
        "free-cells-and-piles",
        N_(
            "as many as the free cells and empty piles would move one at a time: "
            "(free cells + 1) doubled for each empty pile that is not the target"
        ),
        Limiting(by_free_space),
    )

    def most(self, free_cells: int, empty_piles: int) -> int | None:
        return self.rule.most(free_cells, empty_piles)


@dataclass(frozen=True, slots=True)
class Taking:
    """What a foundation takes: single cards up in suit, or only a complete run at once
    (``run``), and the refusal of anything else."""

    run: bool
    refusal: Refusal | None


class FoundationTakes(Policy):
    """What a foundation takes."""

    CARDS = ("cards", N_("one card at a time, up in suit"), Taking(False, None))
    RUNS = (
        "runs",
        N_("a complete run in suit from King down to Ace, all at once; it stays there"),
        Taking(
            True,
            Refusal(
                Reason.FOUNDATION_TAKES_RUNS,
                N_("A foundation takes only a whole run in suit, from King down to Ace."),
            ),
        ),
    )

    @property
    def runs(self) -> bool:
        return self.rule.run
