"""``solve``: the phases of one search, from the engine's state to a verdict and a line.

1. The relaxed loss proof at the root (``deadlock``): a card that cannot go up even with
   every talon card at hand ends it at once.
2. Best-first search over fast moves (``best_first``): finds long winning lines at once;
   with two decks and limited redeals, in rounds with different talon weights and with
   most of the budget.
3. Two short depth-first probes over fast moves in other move orders: wins the main order
   finds only late.
4. Depth-first search over sound moves in the main order, to the end of the budget: the
   only phase whose running out of positions proves a loss (over fast moves for hints,
   which need no proof).

Only phases 1 and 4 ever answer UNWINNABLE (docs/solver.md says why that answer is never
wrong); the others only find wins. docs/solver.md also gives the measurements behind the
shares and weights below.
"""

from __future__ import annotations

import threading
import time

from game.engine.commands import Command
from game.engine.rules import Rules
from game.engine.state import State

from . import native
from .best_first import best_first
from .deadlock import hopeless
from .depth_first import depth_first
from .expansion import Budget, Cancelled, Expander, collection_line
from .moves import MoveGenerator, SearchCaches
from .outcome import Outcome, SolveResult
from .position import cards_up, position_of
from .replay import path_commands
from .tables import tables_for

BEST_FIRST_SHARE = 0.15  # of the node and time budgets, for best-first (one deck)
BEST_FIRST_NODES = 25_000  # best-first positions when there is no node budget (one deck)
BEST_FIRST_SHARE_TWO_DECKS = 0.6  # two decks and limited redeals
BEST_FIRST_TALON_WEIGHTS = (7, 15, 5, 20, 10)  # one round each, two decks, limited redeals
BEST_FIRST_ROUND_NODES = 40_000
ONE_DECK_TALON_WEIGHT = 0
# In the compiled core (some thirty times faster) best-first gets more, larger rounds with
# more weights: Double Klondike draw three, deals 1-20: 5 won with the five weights above at
# 40,000 positions, 7 at 200,000, 8 with the twelve weights below at 250,000 (docs/solver.md).
NATIVE_BEST_FIRST_SHARE = 0.85
NATIVE_BEST_FIRST_TALON_WEIGHTS = (7, 15, 5, 20, 10, 3, 12, 25, 9, 30, 6, 18)
NATIVE_BEST_FIRST_ROUND_NODES = 250_000
PROBE_SHARE = 0.06  # of the node and time budgets, for each probe
NATIVE_PROBE_SHARE = 0.05  # the same, for each probe in the compiled core
PROBE_NODES = 30_000  # per probe when there is no node budget
# The probes' move orders: talon cards by most turns first; talon cards onto the tableau
# before turn-ups.
PROBE_ORDERS = ({"deep_talon": True}, {"talon_first": True})


def best_first_plan(rules: Rules, core: bool = False) -> tuple[float, tuple[int, ...], int]:
    """(share of the budgets, the talon weight of each round, positions per round when
    there is no node budget), in Python or in the compiled core."""
    if rules.decks > 1 and not rules.unlimited_redeals:
        if core:
            return (
                NATIVE_BEST_FIRST_SHARE,
                NATIVE_BEST_FIRST_TALON_WEIGHTS,
                NATIVE_BEST_FIRST_ROUND_NODES,
            )
        return BEST_FIRST_SHARE_TWO_DECKS, BEST_FIRST_TALON_WEIGHTS, BEST_FIRST_ROUND_NODES
    return BEST_FIRST_SHARE, (ONE_DECK_TALON_WEIGHT,), BEST_FIRST_NODES


def solve(
    state: State,
    rules: Rules,
    *,
    max_nodes: int | None = 2_000_000,
    max_seconds: float | None = None,
    cancel: threading.Event | None = None,
    prove_losses: bool = True,
) -> SolveResult:
    """Search for a winning line from ``state`` under ``rules``, knowing every card.

    WON with ``line`` (Move/Draw commands that replay from ``state`` to a won game),
    UNWINNABLE when no line exists, UNDECIDED when a budget ran out. A set ``cancel``
    event stops the search within a few milliseconds (UNDECIDED, ``cancelled=True``).
    ``prove_losses=False`` (hints): the last phase searches fast moves too, which wins
    sooner but proves nothing, so the answer is never UNWINNABLE but at the root.
    """
    start = time.perf_counter()
    tables = tables_for(rules)
    position = position_of(state, rules)
    if hopeless(tables, position):
        return SolveResult(Outcome.UNWINNABLE, None, 0, time.perf_counter() - start)
    caches = SearchCaches()
    nodes = 0
    path = None
    outcome = None
    stats: dict = {}

    def seconds_left(share: float = 1.0) -> float | None:
        if max_seconds is None:
            return None
        return max(0.0, max_seconds * share - (time.perf_counter() - start))

    def nodes_left(share: float = 1.0) -> int | None:
        return None if max_nodes is None else max(1, int(max_nodes * share) - nodes)

    use_core = prove_losses and native.available()
    try:
        share, weights, round_nodes = best_first_plan(rules, native.available())
        # Best-first: where depth-first decides little (two decks, limited redeals), or
        # where there is no compiled core to run depth-first fast.
        if len(weights) > 1 or not use_core:
            best_first_nodes = (
                round_nodes * len(weights) if max_nodes is None else int(max_nodes * share)
            )
            fast = Expander(MoveGenerator(tables, sound=False, caches=caches))
            for weight in weights:
                budget = Budget(max_seconds=seconds_left(share), cancel=cancel)
                # One weight (one deck): its single round takes the whole best-first budget.
                nodes_here = min(round_nodes, best_first_nodes - nodes)
                if len(weights) == 1:
                    nodes_here = best_first_nodes
                if nodes_here <= 0 or budget.spent(0):
                    break
                path, used = _best_first(
                    tables, fast, position, nodes_here, budget, weight, seconds_left(share), cancel
                )
                nodes += used
                if path is not None:
                    outcome = Outcome.WON
                    stats["phase"] = "best-first"
                    break
        # Probes in other move orders: sound ones in the core (a loss they prove is
        # proved), else short fast ones here (their running out proves nothing).
        for order in PROBE_ORDERS:
            if outcome is not None:
                break
            if use_core:
                probe_share = NATIVE_PROBE_SHARE
                budget_nodes = None if max_nodes is None else int(max_nodes * probe_share)
                found, path, used = _main_search(
                    tables,
                    position,
                    caches,
                    True,
                    budget_nodes,
                    None if max_seconds is None else max_seconds * probe_share,
                    cancel,
                    order,
                )
            else:
                probe_nodes = PROBE_NODES if max_nodes is None else int(max_nodes * PROBE_SHARE)
                generator = MoveGenerator(tables, sound=False, caches=caches, **order)
                probe_seconds = None if max_seconds is None else max_seconds * PROBE_SHARE
                budget = Budget(probe_nodes, probe_seconds, cancel)
                found, path, used = depth_first(Expander(generator), position, budget)
                if found is Outcome.UNWINNABLE:
                    found = None  # running out proves nothing over fast moves
            nodes += used
            if found is not Outcome.UNDECIDED and found is not None:
                outcome = found
                stats["phase"] = "probe"
        if outcome is None:
            outcome, path, used = _main_search(
                tables, position, caches, prove_losses, nodes_left(), seconds_left(), cancel
            )
            nodes += used
            stats["phase"] = "depth-first"
            if outcome is Outcome.UNWINNABLE and not prove_losses:
                outcome = Outcome.UNDECIDED
    except Cancelled:
        return SolveResult(
            Outcome.UNDECIDED, None, nodes, time.perf_counter() - start, cancelled=True
        )
    line = tuple(path_commands(state, rules, path)) if outcome is Outcome.WON else None
    return SolveResult(outcome, line, nodes, time.perf_counter() - start, stats=stats)


def _best_first(tables, fast, position, max_nodes, budget, weight, max_seconds, cancel):
    """One best-first round: in the compiled core where there is one, else here."""
    if native.available():
        try:
            return native.native_best_first(
                tables, position, max_nodes, max_seconds, cancel, weight
            )
        except native.NativeCancelled:
            raise Cancelled from None
        except (MemoryError, ValueError):
            pass  # outside the core's limits
    return best_first(fast, position, max_nodes, budget, weight)


def _main_search(tables, position, caches, sound, max_nodes, max_seconds, cancel, order=None):
    """Depth-first search: in the compiled core where there is one (sound moves only), else
    here. ``order``: the move order's keywords (default: the main order)."""
    order = order or {}
    if sound and native.available():
        try:
            return native.native_depth_first(
                tables, position, max_nodes, max_seconds, cancel, **order
            )
        except native.NativeCancelled:
            raise Cancelled from None
        except (MemoryError, ValueError):
            pass  # outside the core's limits: the Python search has none
    budget = Budget(max_nodes, max_seconds, cancel)
    main = Expander(MoveGenerator(tables, sound=sound, caches=caches, **order))
    return depth_first(main, position, budget)


def solve_deal(rules: Rules, seed: int, **budget) -> SolveResult:
    """Solve deal number ``seed`` from its start."""
    from game.engine.game import new_game

    return solve(new_game(rules, seed=seed).state, rules, **budget)


def collection_commands(state: State, rules: Rules) -> list[Command] | None:
    """With every tableau card face up and the rest a plain collection (play cards up one
    at a time, turning the stock as needed): the commands that do it; else None."""
    position = position_of(state, rules)
    if cards_up(position) == rules.card_count:
        return []
    generator = MoveGenerator(tables_for(rules), sound=False)
    path = collection_line(generator, position)
    return None if path is None else path_commands(state, rules, path)
