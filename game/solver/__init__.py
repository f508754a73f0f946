"""The solver: full-knowledge search for a winning line, fair hints, background running and
the shipped pool of winnable deals. Pure Python; never imports pygame.

    from game.solver import solve, hint, Outcome
    result = solve(game.state, rules, max_seconds=10)
    if result.outcome is Outcome.WON:
        for command in result.line: game.execute(command)
"""

from .background import BackgroundSearch, hint_in_background, solve_in_background
from .hints import (
    auto_finish_line,
    auto_finish_possible,
    clear_hint_cache,
    determinized,
    heuristic_move,
    hidden_slots,
    hint,
    still_winnable,
)
from .pool import winnable_deal, winnable_pool
from .search import Outcome, SolveResult, solve, solve_deal

__all__ = [
    "BackgroundSearch",
    "Outcome",
    "SolveResult",
    "auto_finish_line",
    "auto_finish_possible",
    "clear_hint_cache",
    "determinized",
    "heuristic_move",
    "hidden_slots",
    "hint",
    "hint_in_background",
    "solve",
    "solve_deal",
    "solve_in_background",
    "still_winnable",
    "winnable_deal",
    "winnable_pool",
]
