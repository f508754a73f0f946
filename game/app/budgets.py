"""How long the game's own searches may take: hints, "is this still winnable?", "show me",
topping up the winnable deals and "where was it lost?". ``STANDARD`` is the game's; a test
gives the ``Assistant`` a smaller one (``AssistBudget(hint=0.01, ...)``) instead of
changing a module."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AssistBudget:
    # Seconds: the winning line must be found within about this (the answer, a move of a
    # winning line or one said to be not known to win, comes within hints.hint_reach of it).
    hint: float = 1.0
    verdict: float = 3.0  # "is this still winnable?"
    top_up: float = 6.0  # a random deal searched to add to the winnable deals
    demo: float = 5.0  # seconds the solver gets to find the line "show me" plays
    finish_step: float = 0.09  # seconds between two moves of the automatic finish
    demo_step: float = 0.45  # between two moves of "show me": slow enough to follow
    analysis_per_position: float = 4.0  # "where was it lost?": each position looked at
    analysis_total: float = 40.0  # the most one analysis takes, said to the player
    analysis_in_process: bool = True  # a process of its own, so the table never waits


STANDARD = AssistBudget()
