"""``solve``: the phases of one search, from the engine's state to a verdict and a line.

1. The relaxed loss proof at the root (``deadlock``): a card that cannot go up even with
   every talon card at hand ends it at once.
2. Best-first search over fast moves (``best_first``): finds long winning lines at once;
   with two decks and limited redeals, in rounds with different talon weights and with
   most of the budget; with one deck a short round (the compiled core: 5%, at most
   50,000 positions).
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
from dataclasses import dataclass

from game.engine.commands import Command
from game.engine.policies import EmptyPile
from game.engine.rules import Rules
from game.engine.state import State
from game.solver.compiled import native
from game.solver.coverage import specialised_covers
from game.solver.generic import search as generic
from game.solver.outcome import Outcome, SolveResult
from game.solver.specialised.best_first import best_first
from game.solver.specialised.deadlock import hopeless
from game.solver.specialised.depth_first import depth_first
from game.solver.specialised.expansion import Budget, Cancelled, Expander, collection_line
from game.solver.specialised.moves import MoveGenerator, SearchCaches
from game.solver.specialised.position import cards_up, position_of
from game.solver.specialised.replay import path_commands
from game.solver.specialised.tables import tables_for

# The compiled core's rounds: the talon weighed heavily first: alone it wins the most
# (Double Klondike draw three, deals 101-200, one round of 250,000 positions: 27 at weight
# 60, 14 at 7), and with 80 it wins deals the other twelve miss (docs/solver.md, "Tuning
# notes").
_NATIVE_WEIGHTS = (60, 7, 15, 5, 20, 10, 3, 12, 25, 9, 30, 6, 18, 80)


# The budgets of the phases; docs/solver.md ("Tuning notes") gives what they rest on.
@dataclass(frozen=True)
class SearchPlan:
    """How one ``solve`` shares its budgets among its phases. ``STANDARD`` is the game's;
    a test or a tool passes another (``solve(..., plan=...)``) instead of changing it."""

    best_first_share: float = 0.15  # of the node and time budgets, for best-first (one deck)
    best_first_nodes: int = 25_000  # best-first positions when there is no node budget
    best_first_share_two_decks: float = 0.6  # two decks and limited redeals
    best_first_talon_weights: tuple[int, ...] = (7, 15, 5, 20, 10)  # one round each
    best_first_round_nodes: int = 40_000
    one_deck_talon_weight: int = 0
    # In the compiled core, about a hundred times as fast, larger rounds and more weights.
    native_best_first_share: float = 0.85
    native_best_first_talon_weights: tuple[int, ...] = _NATIVE_WEIGHTS
    # A budget smaller than one full round (a hint's) starts with this weight instead: in
    # rounds of 34,000 positions weight 7 wins 11 of Double Klondike draw three's deals
    # 1-100, 60 wins 8.
    small_budget_first_weight: int = 7
    native_best_first_round_nodes: int = 250_000
    # One deck with the compiled core: a short best-first round before the probes. It wins
    # at once deals whose lines every depth-first order finds late (thoughtful Klondike
    # deals 65, 412, 833 within 400 positions, 832 and 903 within 33,000; none of them
    # decided by depth-first in 10 s).
    native_one_deck_best_first_share: float = 0.05
    native_one_deck_best_first_nodes: int = 50_000
    probe_share: float = 0.06  # of the node and time budgets, for each probe
    native_probe_share: float = 0.05  # the same, for each probe in the compiled core
    probe_nodes: int = 30_000  # per probe when there is no node budget
    # The probes' move orders, each a ``MoveGenerator`` keyword set true: talon cards by
    # most turns first; talon cards onto the tableau before turn-ups.
    probe_orders: tuple[str, ...] = ("deep_talon", "talon_first")


STANDARD = SearchPlan()


def _depth_first_wanders(rules: Rules) -> bool:
    """Where depth-first search, in any order, decides little within a budget and several
    best-first rounds win most deals: limited redeals with two decks (Double Klondike,
    Jumbo), or with any card allowed onto an empty pile (Gold Mine, dealt onto an empty
    tableau: deals 1-20 at 5 s, 4 won with the one-deck plan, 19 with these rounds; in
    Klondike, where an empty pile takes a King, the rounds cost proved losses instead)."""
    if rules.unlimited_redeals:
        return False
    return rules.decks > 1 or rules.empty_accepts is EmptyPile.ANY


def best_first_plan(
    rules: Rules, core: bool = False, plan: SearchPlan = STANDARD
) -> tuple[float, tuple[int, ...], int]:
    """(share of the budgets, the talon weight of each round, positions per round when
    there is no node budget), in Python or in the compiled core."""
    if _depth_first_wanders(rules):
        if core:
            return (
                plan.native_best_first_share,
                plan.native_best_first_talon_weights,
                plan.native_best_first_round_nodes,
            )
        return (
            plan.best_first_share_two_decks,
            plan.best_first_talon_weights,
            plan.best_first_round_nodes,
        )
    return plan.best_first_share, (plan.one_deck_talon_weight,), plan.best_first_nodes


def small_budget_order(weights: tuple[int, ...], plan: SearchPlan = STANDARD) -> tuple[int, ...]:
    """The rounds' weights for a budget below one full round: the weight that wins most in
    small rounds first, the others in their order."""
    first = plan.small_budget_first_weight
    return (first, *(w for w in weights if w != first))


def solve(
    state: State,
    rules: Rules,
    *,
    max_nodes: int | None = 2_000_000,
    max_seconds: float | None = None,
    cancel: threading.Event | None = None,
    prove_losses: bool = True,
    plan: SearchPlan = STANDARD,
) -> SolveResult:
    """Search for a winning line from ``state`` under ``rules``, knowing every card.

    WON with ``line`` (Move/Draw commands that replay from ``state`` to a won game),
    UNWINNABLE when no line exists, UNDECIDED when a budget ran out. A set ``cancel``
    event stops the search within a few milliseconds (UNDECIDED, ``cancelled=True``).
    ``prove_losses=False`` (hints): the last phase searches fast moves too, which wins
    sooner but proves nothing, so the answer is never UNWINNABLE but at the root.
    ``plan``: how the budgets are shared among the phases (``SearchPlan``).

    Rules outside what the specialised phases are proved for (``coverage``) are searched
    by ``generic.generic_solve`` instead: every legal command, no cut (``stats["search"]``
    says which search answered).
    """
    if not specialised_covers(rules):
        return generic.generic_solve(
            state, rules, max_nodes=max_nodes, max_seconds=max_seconds, cancel=cancel
        )
    run = _Run(state, rules, max_nodes, max_seconds, cancel, prove_losses, plan)
    if hopeless(run.tables, run.position):
        return SolveResult(Outcome.UNWINNABLE, None, 0, run.elapsed(), stats=run.stats)
    try:
        found = run.best_first() or run.probes() or run.main()
    except Cancelled:
        return SolveResult(
            Outcome.UNDECIDED,
            None,
            run.nodes,
            run.elapsed(),
            cancelled=True,
            left_core=run.left_core,
        )
    outcome, path = found
    line = tuple(path_commands(state, rules, path)) if outcome is Outcome.WON else None
    return SolveResult(
        outcome, line, run.nodes, run.elapsed(), stats=run.stats, left_core=run.left_core
    )


class _Run:
    """The budgets of one ``solve`` and its phases, each returning (outcome, path) when it
    decides, else None; ``nodes`` counts the positions of them all."""

    def __init__(self, state, rules, max_nodes, max_seconds, cancel, prove_losses, plan) -> None:
        self.start = time.perf_counter()
        self.rules = rules
        self.plan = plan
        self.tables = tables_for(rules)
        self.position = position_of(state, rules)
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.cancel = cancel
        self.prove_losses = prove_losses
        # The core searches sound moves only: where losses need no proof (hints), the
        # fast moves, in Python, find wins sooner.
        self.use_core = prove_losses and native.available()
        self.caches = SearchCaches()
        self.nodes = 0
        self.stats: dict = {"search": "specialised"}
        # Why a phase left the compiled core for Python, if one did (SolveResult.left_core).
        self.left_core = ""

    def leave_core(self, error: Exception) -> None:
        """A phase meant for the core runs in Python: say so in the result, and stop
        asking the core (what it refused once, it refuses again)."""
        self.left_core = self.left_core or str(error) or type(error).__name__
        self.use_core = False

    def in_core(self) -> bool:
        """May this run still use the compiled core (built, and not left)?"""
        return native.available() and not self.left_core

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def seconds(self, share: float) -> float | None:
        """The time up to ``share`` of the budget from the start, what is left of it."""
        if self.max_seconds is None:
            return None
        return max(0.0, self.max_seconds * share - self.elapsed())

    def _found(self, outcome, path, phase: str):
        self.stats["phase"] = phase
        return outcome, path

    def best_first(self):
        """Best-first rounds: where depth-first decides little (two decks, limited
        redeals), or where there is no compiled core to run depth-first fast; with one
        deck and the core, one short round before the sound searches."""
        plan = self.plan
        share, weights, round_nodes = best_first_plan(self.rules, self.in_core(), plan)
        limit = self.max_nodes
        total = round_nodes * len(weights) if limit is None else int(limit * share)
        if len(weights) > 1 and total < round_nodes:
            weights = small_budget_order(weights, plan)
        if len(weights) == 1 and self.use_core:
            share = plan.native_one_deck_best_first_share
            total = plan.native_one_deck_best_first_nodes
            if limit is not None:
                total = min(total, int(limit * share))
        fast = Expander(MoveGenerator(self.tables, sound=False, caches=self.caches))
        for weight in weights:
            budget = Budget(max_seconds=self.seconds(share), cancel=self.cancel)
            # One weight (one deck): its single round takes the whole best-first budget.
            nodes = total if len(weights) == 1 else min(round_nodes, total - self.nodes)
            if nodes <= 0 or budget.spent(0):
                return None
            path, used = _best_first(
                self,
                fast,
                nodes,
                budget,
                weight,
                self.seconds(share),
            )
            self.nodes += used
            if path is not None:
                return self._found(Outcome.WON, path, "best-first")
        return None

    def probes(self):
        """Short depth-first searches in the other move orders: sound ones in the core (a
        loss they prove is proved), else fast ones here (their running out proves
        nothing)."""
        plan = self.plan
        for name in plan.probe_orders:
            order = {name: True}
            if self.use_core:
                share = plan.native_probe_share
                nodes = None if self.max_nodes is None else int(self.max_nodes * share)
                seconds = None if self.max_seconds is None else self.max_seconds * share
                outcome, path, used = _main_search(self, True, nodes, seconds, order)
            else:
                share = plan.probe_share
                nodes = plan.probe_nodes if self.max_nodes is None else int(self.max_nodes * share)
                seconds = None if self.max_seconds is None else self.max_seconds * share
                generator = MoveGenerator(self.tables, sound=False, caches=self.caches, **order)
                budget = Budget(nodes, seconds, self.cancel)
                outcome, path, used = depth_first(Expander(generator), self.position, budget)
                if outcome is Outcome.UNWINNABLE:
                    outcome = Outcome.UNDECIDED
            self.nodes += used
            if outcome is not Outcome.UNDECIDED:
                return self._found(outcome, path, "probe")
        return None

    def main(self):
        """Depth-first in the main order to the end of the budget: sound moves, or, where
        losses need no proof, fast ones (then running out proves nothing)."""
        nodes = None if self.max_nodes is None else max(1, self.max_nodes - self.nodes)
        outcome, path, used = _main_search(self, self.prove_losses, nodes, self.seconds(1.0))
        self.nodes += used
        if outcome is Outcome.UNWINNABLE and not self.prove_losses:
            outcome = Outcome.UNDECIDED
        return self._found(outcome, path, "depth-first")


def _best_first(run, fast, max_nodes, budget, weight, max_seconds):
    """One best-first round: in the compiled core where there is one, else here."""
    if run.in_core():
        try:
            return native.native_best_first(
                run.tables, run.position, max_nodes, max_seconds, run.cancel, weight
            )
        except native.NativeCancelled:
            raise Cancelled from None
        except (MemoryError, ValueError) as error:
            run.leave_core(error)  # refused, or past its memory bound: said in the result
    return best_first(fast, run.position, max_nodes, budget, weight)


def _main_search(run, sound, max_nodes, max_seconds, order=None):
    """Depth-first search: in the compiled core where there is one (sound moves only), else
    here. ``order``: the move order's keywords (default: the main order)."""
    order = order or {}
    # The clock starts before the core: a core that gives up (its memory bound) has spent
    # part of the time, and the search here has only what is left.
    budget = Budget(max_nodes, max_seconds, run.cancel)
    if sound and run.in_core():
        try:
            return native.native_depth_first(
                run.tables, run.position, max_nodes, max_seconds, run.cancel, **order
            )
        except native.NativeCancelled:
            raise Cancelled from None
        except (MemoryError, ValueError) as error:
            run.leave_core(error)  # refused, or past its memory bound: said in the result
    main = Expander(MoveGenerator(run.tables, sound=sound, caches=run.caches, **order))
    return depth_first(main, run.position, budget)


def solve_deal(rules: Rules, seed: int, **budget) -> SolveResult:
    """Solve deal number ``seed`` from its start."""
    from game.engine.game import new_game

    return solve(new_game(rules, seed=seed).state, rules, **budget)


def collection_commands(state: State, rules: Rules) -> list[Command] | None:
    """With every tableau card face up and the rest a plain collection (play cards up one
    at a time, turning the stock as needed): the commands that do it; else None."""
    if not specialised_covers(rules):
        return generic.collection_commands(state, rules)
    position = position_of(state, rules)
    if cards_up(position) == rules.card_count:
        return []
    generator = MoveGenerator(tables_for(rules), sound=False)
    path = collection_line(generator, position)
    return None if path is None else path_commands(state, rules, path)
