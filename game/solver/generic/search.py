"""The generic search: sound and complete for any rules the engine accepts.

It knows nothing of Klondike. It asks the engine for every legal command of a state
(``mechanics_for(rules).legal_moves``), has the engine check each (``check``) and applies
its events (``apply_step``), so a new rule table, with whatever vocabulary the engine
learns, is searched by the engine's own rules. It makes four cuts only: three of the key
(the cells' order, a sink waste's order, the copies, below) and one of the children (a safe
move up is a state's only child, where the rules allow it: ``space.safe_up_needs``), each
proved in ``generic/space.py``: a depth-first search over every other legal command, with a
transposition table of the states it has entered. So:

* WON comes with a line of the engine's own commands, each checked by the engine on the
  way down, from the state to a won game;
* UNWINNABLE only when every state reachable from the root was entered (up to the cuts of
  the key, and past the safe moves up) and none is won (plain reachability: a state
  entered once and searched to the end cannot lead to a win by another way, as what it
  leads to depends on the state alone; there is no other proof of a loss);
* UNDECIDED when the node or time budget ran out (``cancelled`` when the caller's cancel
  event was set).

The key of a state is the whole state (every pile, every face-down count, the redeals
used, and any field the engine's state gains), with two exceptions: with unlimited redeals
the count of redeals used changes no command's legality, so it is left out (else turning
the stock round would make the space endless); and the cells' cards are taken in any
order, as no rule reads a cell's index (``generic_space`` gives the argument), so a state
whose cells hold the same cards in another order is not entered again; and where no card
can leave the waste (``space.waste_is_sink``: Golf), the waste's top card stands for the
whole waste, whose cards are those of no other pile and whose order under the top no rule
reads (``generic_space`` again).

``generic_solve`` runs this search in phases: a short probe (``PROBE_SHARE`` of the
budgets, at most ``PROBE_NODES`` states), which decides at once the many deals it decides
soon; best-first rounds over the same states (``generic_best_first``: one a set of the
evaluation's weights, with ``BEST_FIRST_SHARE`` of the budgets; with cells, FreeCell's
weights and ``CELLS_BEST_FIRST_SHARE``), which find the long lines the depth-first order
reaches late (Whitehead, Westhaven, Athena, Yukon); then this search goes on from where the
probe stopped (``DepthFirst``: its path and table kept), with the rest. No phase makes a
cut but those of ``space``, so each one's WON and UNWINNABLE are as sound. Where foundation
cards may come back to the tableau, all this runs first on the game without that move
(``KEPT_UP_SHARE`` of the budgets): a smaller space, whose wins are the game's wins (its
lines are replayed under the game's rules) and whose losses prove nothing, so the search
of the game itself (``every_line``) follows with the rest.

It is the reference the specialised solver is held to
(tests/solver/soundness.py), and the search for every table outside
``coverage.SPECIALISED`` (``solve`` chooses).

The move order (``generic_space``) only decides which lines are tried first, never which
are tried.

Where the compiled core is built, ``generic_solve`` runs these same searches there
(``native_generic``, core/generic.c): the same states, commands, order and answers,
held to this module by tests/solver/test_core_generic.py.
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace

from game.engine.commands import Command, Draw, Move
from game.engine.dealing import FaceUp
from game.engine.events import apply_step
from game.engine.policies import Run, StockTarget
from game.engine.rules import Rules
from game.engine.state import State
from game.solver.compiled import native
from game.solver.compiled.generic import native_depth_first, native_generic_best_first
from game.solver.compiled.native import NativeCancelled
from game.solver.generic import best_first as generic_best_first
from game.solver.generic.best_first import Weights, stock_dealt_to_tableau
from game.solver.generic.space import GenericSearch, replays_to_a_win, shortened
from game.solver.outcome import Outcome, SolveResult
from game.solver.specialised.expansion import Budget, Cancelled

# A state here costs some fifty times a state of the specialised search: the clock and
# the cancel event are looked at more often, so that a cancel is seen within milliseconds.
CHECK_EVERY = 8
# The most states the transposition table holds when the caller sets no node budget: in
# Python, a few hundred bytes each; in the compiled core, 16 bytes each, up to what its
# table holds (2^25 slots at half load, core/keys.c), so that a search of 10 s there is
# stopped by the clock, not by a count set for Python's memory.
MOST_STATES = 4_000_000
MOST_CORE_STATES = 16_000_000

# The depth-first probe before the best-first rounds: its share of the node and time
# budgets, and its states at most. Of the deals the depth-first search decided within 10 s
# (deals 1-1000), it decides within 100,000 states Westhaven's 477 of 579 (of 1-706),
# Athena's 701 of 818, Canfield's 832 of 971: so they are answered before the rounds.
PROBE_SHARE = 0.1
PROBE_NODES = 100_000
# The best-first rounds before the depth-first search (generic_best_first): their share of
# the node and time budgets, their states each when there is no node budget, and the talon
# weight of each (one round where the talon is not weighed). Whitehead's deals 1-30: the
# depth-first search alone won 12 within a million states; rounds of 200,000 states won
# 8, 11 and 10 with these weights, 17 together, and 20 with the depth-first search.
BEST_FIRST_SHARE = 0.3
BEST_FIRST_ROUND_NODES = 200_000
BEST_FIRST_TALON_WEIGHTS = (0, 5, 15)
# With cells (the FreeCell family) the rounds weigh what a FreeCell player watches (the
# free cells, the empty piles, the cards above those a foundation takes now: Weights), one
# round a set of weights, and take most of the time. Which set wins a deal soon varies from
# deal to deal, and a round that misses one within 250,000 states seldom wins it with ten
# times as many: of the 99 of Microsoft's deals 1-1000 the plain rounds left undecided in
# 10 s, each set here won 84 to 93 within 250,000 states, these six rounds in this order
# (of 200,000 states) all 99 (docs/solver-results.md, "FreeCell in the generic search").
# The depth-first search keeps at least 30% of the time: it wins some deals no round does.
CELLS_WEIGHTS = (
    Weights(free_cells=1, empty_piles=1, above_next=1),
    Weights(free_cells=2, empty_piles=4, above_next=1),
    Weights(above_next=1),
    Weights(free_cells=5, empty_piles=10, above_next=2),
    Weights(free_cells=1, empty_piles=2, above_next=2),
    Weights(free_cells=3, empty_piles=6, above_next=2),
)
CELLS_BEST_FIRST_SHARE = 0.7
CELLS_ROUND_NODES = 200_000
# Where runs move together over tableau cards dealt face down, with a stock dealt onto the
# tableau (the Spider family, Gypsy, Easthaven: ``runs_over_face_down``), the rounds weigh
# what a Spider player watches: the cards still face down (the main obstacle), the cards
# lying on the card they move with (a run of mixed suits buries its cards: a card is
# buried below the top run that moves, not the top built run), the
# empty piles (room to take runs apart and rebuild them in suit), and the cards still in
# the stock (a deal is irreversible and lays a card on every run: it should come when the
# moves run thin). Equal scores go to the state entered last, so that a round dives along
# a line instead of sweeping the many states of one score that moving runs to and fro
# makes. As with the cells, which set wins a deal soon varies from deal to deal, and a
# round that wins one mostly does so within 150,000 states: so the rounds are many and
# short. A round of the plain evaluation won none of Spiderette's deals 1-12 in 2 s (a
# million states each); of its deals 1-30, rounds of 200,000 states with these sets won
# 10, 8, 10, 7, 6, 4, 8, 4, 4 and 4, the first six together 21 (docs/solver-results.md).
# Every set also counts against a state the cards lying above a tableau card a foundation
# takes now (``ABOVE_NEXT_OVER_FACE_DOWN``), as the FreeCell family's rounds do: Spider's
# foundations take no single card, so its rounds are unchanged, but Gypsy's search, at 8 s
# a deal, won 14 of deals 1-24 and 20 of 25-56 with 2 a card, against 7 and 9 without
# (1: 16 of 25-56; 4: 18); Easthaven's 14 of deals 1-30 either way.
ABOVE_NEXT_OVER_FACE_DOWN = 2
RUNS_OVER_FACE_DOWN_PLAIN_WEIGHTS = tuple(
    Weights(
        empty_piles=empty,
        face_down=down,
        in_suit=in_suit,
        stock=stock,
        above_next=ABOVE_NEXT_OVER_FACE_DOWN,
        newest_first=1,
    )
    for empty, down, in_suit, stock in (
        (30, 10, 30, 10),
        (10, 5, 30, 10),
        (30, 20, 50, 20),
        (20, 10, 20, 10),
        (30, 20, 30, 10),
        (10, 20, 10, 5),
        (60, 20, 50, 20),
        (30, 10, 30, 20),
        (10, 10, 30, 20),
        (30, 20, 30, 5),
    )
)
# Before those rounds, the same sets in rounds that expand at most so many states while the
# stock holds any one number of cards (``Weights.level_most``), 1,000, then 3,000, then
# 10,000. A plain round spends its states on the many positions of one stock count that
# moving runs to and fro makes, and seldom deals on: one suit, deals 1-30 at 5 s, it won 2
# (two suits 0), where these rounds first won 20 (two suits 7) in the same run. A round
# that drops the states past its limit has to deal on, and ends by itself: within a tenth
# of a second at 1,000 a count, a second at 10,000 (four suits: the 10,000 rounds won 4 of
# deals 1-10, the 1,000 and 3,000 rounds none). So a limited round is given as many states
# as its limit lets it enter (LEVEL_ROUND_NODES), not a plain round's share.
# docs/solver-results.md, "The Spider family in the generic search".
RUNS_OVER_FACE_DOWN_LEVEL_MOST = (1_000, 3_000, 10_000)
RUNS_OVER_FACE_DOWN_WEIGHTS = (
    *(
        w._replace(level_most=most)
        for most in RUNS_OVER_FACE_DOWN_LEVEL_MOST
        for w in RUNS_OVER_FACE_DOWN_PLAIN_WEIGHTS
    ),
    *RUNS_OVER_FACE_DOWN_PLAIN_WEIGHTS,
)
LEVEL_ROUND_NODES = 2_000_000
RUNS_OVER_FACE_DOWN_ROUND_NODES = 250_000
# Where foundation cards may come back: the share of the budgets the search without that
# move takes first (generic_solve). Taking a card back multiplies the moves of every
# position, and a win seldom needs it (fc-solve, which never does it, wins every deal of
# 1-1000 this game wins in the FreeCell family but two). With half the budgets first,
# deals 1-100 at 10 s: Beleaguered Castle won 59 against 52, Streets and Alleys 38 against
# 28, Seahaven Towers 86 against 85, every deal decided before decided alike (and Gypsy,
# LINKED_RUNS). docs/solver-results.md, "Cards kept up first".
KEPT_UP_SHARE = 0.5


# The runs whose links the rounds of ``RUNS_OVER_FACE_DOWN_WEIGHTS`` weigh: each card of
# the run lies on the card it moves with (not Scorpion's, where any face-up cards move
# together). Gypsy (runs as built) won none of deals 1-11 at 10 s with the probe first, 10
# of 1-20 with these rounds first (and cards kept up first); Easthaven 11 of 1-20 against
# 10. Runs in one colour are left out: Agnes, most of whose deals are lost and proved so by
# the depth-first search, won none of deals 1-20 and proved 9 lost with the rounds first,
# against 1 and 13.
LINKED_RUNS = (Run.IN_SUIT, Run.BUILT)


def runs_over_face_down(rules: Rules) -> bool:
    """Do runs of linked cards move together, over tableau cards dealt face down, with a
    stock dealt onto the tableau (the Spider family's and Gypsy's conditions for
    ``RUNS_OVER_FACE_DOWN_WEIGHTS``)?"""
    linked = rules.move_runs and rules.runs in LINKED_RUNS
    face_down = rules.face_up is not FaceUp.ALL or any(rules.face_down)
    return linked and face_down and stock_dealt_to_tableau(rules)


def rounds_first(rules: Rules) -> bool:
    """Do the best-first rounds come first and take most of the budgets (with cells, or
    ``runs_over_face_down``), where the probe would spend its share first?"""
    return rules.cells > 0 or runs_over_face_down(rules)


def best_first_weights(rules: Rules) -> tuple[Weights, ...]:
    """The evaluation's weights of each best-first round: with cells, ``CELLS_WEIGHTS``;
    where linked runs move over face-down cards (``runs_over_face_down``),
    ``RUNS_OVER_FACE_DOWN_WEIGHTS``; else one round a talon weight where the talon is
    weighed (a stock dealt to the waste a limited number of times), else one round (its
    weight changes nothing)."""
    if rules.cells:
        return CELLS_WEIGHTS
    if runs_over_face_down(rules):
        return RUNS_OVER_FACE_DOWN_WEIGHTS
    if rules.redeals is not None and StockTarget(rules.stock_to) is StockTarget.WASTE:
        return tuple(Weights(talon=weight) for weight in BEST_FIRST_TALON_WEIGHTS)
    return (Weights(talon=BEST_FIRST_TALON_WEIGHTS[0]),)


def generic_solve(
    state: State,
    rules: Rules,
    *,
    max_nodes: int | None = 2_000_000,
    max_seconds: float | None = None,
    cancel: threading.Event | None = None,
) -> SolveResult:
    """The generic search's answer for ``state``: ``every_line``'s (WON, UNWINNABLE or
    UNDECIDED, as there).

    Where foundation cards may come back to the tableau, the game is first searched
    without that move (``KEPT_UP_SHARE`` of the budgets, ``kept_up_first``): a won line of
    that search is a line of the game too (it only leaves a move out) and is replayed
    under the game's own rules before it is returned; its loss proves nothing, so the whole
    search (``every_line``) takes the rest of the budgets."""
    if not kept_up_first(rules):
        return every_line(state, rules, max_nodes=max_nodes, max_seconds=max_seconds, cancel=cancel)
    start = time.perf_counter()
    kept = replace(rules, cards_may_return=False)
    first = every_line(
        state,
        kept,
        max_nodes=None if max_nodes is None else max(1, int(max_nodes * KEPT_UP_SHARE)),
        max_seconds=None if max_seconds is None else max_seconds * KEPT_UP_SHARE,
        cancel=cancel,
    )
    if first.cancelled:
        return first
    if first.won and replays_to_a_win(GenericSearch(rules), state, first.line):
        return replace(first, stats={**first.stats, "kept up": True})
    rest = every_line(
        state,
        rules,
        max_nodes=None if max_nodes is None else max(1, max_nodes - first.nodes),
        max_seconds=None
        if max_seconds is None
        else max(0.0, max_seconds - (time.perf_counter() - start)),
        cancel=cancel,
    )
    return replace(
        rest,
        nodes=rest.nodes + first.nodes,
        seconds=time.perf_counter() - start,
        left_core=rest.left_core or first.left_core,
    )


def kept_up_first(rules: Rules) -> bool:
    """Is the game searched first with no foundation card coming back (``generic_solve``)?"""
    return rules.cards_may_return and KEPT_UP_SHARE > 0


def every_line(
    state: State,
    rules: Rules,
    *,
    max_nodes: int | None = 2_000_000,
    max_seconds: float | None = None,
    cancel: threading.Event | None = None,
) -> SolveResult:
    """Search every legal line from ``state`` (see the module text): WON with the line,
    UNWINNABLE when the reachable states are exhausted, else UNDECIDED.

    First a depth-first probe (``PROBE_SHARE`` of the budgets, at most ``PROBE_NODES``
    states), then best-first rounds (``generic_best_first``), one a set of weights
    (``best_first_weights``), with ``BEST_FIRST_SHARE`` of the budgets, then the probe's
    search goes on with the rest (with cells, the rounds first, ``CELLS_BEST_FIRST_SHARE``
    of the budgets and no probe: the depth-first search takes the rest). All
    search the same states with no cut but those of ``space`` (sound), so any may answer WON
    or UNWINNABLE.

    Where the compiled core is built (``native.available()``), each phase runs there (the
    same states, commands, move order and answers). Rules or a state it does not take
    (ValueError) or a search past its memory bound (MemoryError) runs here instead, with
    the budgets left, and ``left_core`` says why. A won line of the core is replayed
    through the engine before it is returned: one the engine refuses (a fault of the core)
    is never handed on, the search runs here instead."""
    phases = _Phases(state, rules, cancel, max_nodes, max_seconds)
    weights = best_first_weights(rules)
    # With cells (the FreeCell family) and in the Spider family the best-first rounds win
    # most deals at once, where the probe spends its share first (FreeCell deals 1-100:
    # docs/solver-results.md).
    first = rounds_first(rules)
    share = CELLS_BEST_FIRST_SHARE if first else PROBE_SHARE + BEST_FIRST_SHARE
    if max_nodes is None:
        probe_nodes = PROBE_NODES
        round_nodes = BEST_FIRST_ROUND_NODES
        if first:
            round_nodes = CELLS_ROUND_NODES if rules.cells else RUNS_OVER_FACE_DOWN_ROUND_NODES
    else:
        probe_nodes = min(PROBE_NODES, int(max_nodes * PROBE_SHARE))
        round_share = CELLS_BEST_FIRST_SHARE if first else BEST_FIRST_SHARE
        round_nodes = int(max_nodes * round_share) // len(weights)
    try:
        if probe_nodes >= 1 and not first:
            found = phases.depth_first(probe_nodes, phases.seconds_left(max_seconds, PROBE_SHARE))
            if found.outcome is not Outcome.UNDECIDED:
                found.stats["phase"] = "probe"
                return found
        for weight in weights:
            seconds = phases.seconds_left(max_seconds, share)
            if round_nodes < 1 or seconds == 0.0:
                break
            states = round_nodes
            if max_nodes is None and weight.level_most:
                states = LEVEL_ROUND_NODES  # a limited round ends by itself
            found = phases.best_first(weight, states, seconds)
            if found is not None:
                return found
        nodes = None if max_nodes is None else max(1, max_nodes - phases.nodes)
        return phases.depth_first(nodes, phases.seconds_left(max_seconds, 1.0))
    except (Cancelled, NativeCancelled):
        return phases.result(Outcome.UNDECIDED, None, cancelled=True)
    finally:
        phases.release()


class _Phases:
    """The phases of one ``generic_solve``: each in the compiled core while it takes them,
    else here; ``nodes`` counts the states of them all."""

    def __init__(self, state: State, rules: Rules, cancel, max_nodes, max_seconds) -> None:
        self.start = time.perf_counter()
        self.state = state
        self.rules = rules
        self.space = GenericSearch(rules)
        self.cancel = cancel
        self.nodes = 0
        self.stats: dict = {"search": "generic"}
        self.left_core = ""  # why a phase left the core, if one did
        # The depth-first search, in the core and here: the probe's, which the last phase
        # goes on with (each made when first run).
        self.core_depth_first = None
        self.depth_first_here: DepthFirst | None = None
        # The states the core's table makes room for at once: as many as the budgets allow
        # at some 400,000 states a second (it grows past them, up to its bound).
        expected = MOST_CORE_STATES if max_nodes is None else max_nodes
        if max_seconds is not None:
            expected = min(expected, int(max_seconds * 400_000) + 1)
        self.expected = expected

    def seconds_left(self, max_seconds: float | None, share: float) -> float | None:
        """The time up to ``share`` of ``max_seconds`` from the start, what is left of it."""
        if max_seconds is None:
            return None
        return max(0.0, max_seconds * share - (time.perf_counter() - self.start))

    def result(self, outcome: Outcome, line, cancelled: bool = False) -> SolveResult:
        elapsed = time.perf_counter() - self.start
        nodes = 0 if cancelled else self.nodes
        return SolveResult(
            outcome,
            line,
            nodes,
            elapsed,
            cancelled=cancelled,
            left_core=self.left_core,
            stats=self.stats,
        )

    def best_first(self, weight: Weights, nodes: int, seconds: float | None) -> SolveResult | None:
        """One best-first round: the answer if it decides, else None."""

        def core():
            return native_generic_best_first(
                self.rules, self.state, nodes, seconds, self.cancel, weight
            )

        def here(seconds):
            budget = Budget(None, seconds, self.cancel)
            return generic_best_first.best_first(self.space, self.state, budget, nodes, weight)

        outcome, line = self._run(core, here, seconds)
        if outcome is Outcome.UNDECIDED:
            return None
        self.stats["phase"] = "best-first"
        return self.result(outcome, line)

    def depth_first(self, nodes: int | None, seconds: float | None) -> SolveResult:
        """The depth-first search, on from where its last run stopped: ``nodes`` states more
        (None: up to its bound)."""

        def run_on(search, bound: int, run):
            """``run(states in all)`` of ``search``, with the states this run entered."""
            before = search.nodes
            outcome, line, total = run(bound if nodes is None else before + nodes)
            return outcome, line, total - before

        def core():
            if self.core_depth_first is None:
                self.core_depth_first = native_depth_first(self.rules, self.state, self.expected)
            search = self.core_depth_first
            return run_on(
                search, MOST_CORE_STATES, lambda most: search.run(most, seconds, self.cancel)
            )

        def here(seconds):
            if self.depth_first_here is None:
                self.depth_first_here = DepthFirst(self.space, self.state)
            search = self.depth_first_here
            budget = Budget(None, seconds, self.cancel)
            return run_on(search, MOST_STATES, lambda most: search.run(budget, most))

        outcome, line = self._run(core, here, seconds)
        self.stats["phase"] = "depth-first"
        return self.result(outcome, line)

    def release(self) -> None:
        """Let the depth-first searches' memory go."""
        if self.depth_first_here is not None:
            self.depth_first_here.release()
        self.core_depth_first = None

    def _run(self, core, here, seconds: float | None):
        """(outcome, line) of a phase: ``core()`` while the core takes it, else
        ``here(seconds)`` (only the time left, if the core spent some before it gave up)."""
        self.stats.pop("core", None)
        if native.available() and not self.left_core:
            started = time.perf_counter()
            try:
                outcome, line, used = core()
            except (ValueError, MemoryError) as error:
                self.left_core = str(error) or type(error).__name__
            else:
                self.nodes += used
                if outcome is not Outcome.WON or replays_to_a_win(self.space, self.state, line):
                    self.stats["core"] = True
                    return outcome, line
                self.left_core = "compiled solver core: a won line the engine refuses"
            if seconds is not None:
                seconds = max(0.0, seconds - (time.perf_counter() - started))
        outcome, line, used = here(seconds)
        self.nodes += used
        return outcome, line


def search(
    space: GenericSearch, root: State, budget: Budget, max_nodes: int | None = None
) -> tuple[Outcome, tuple[Command, ...] | None, int]:
    """(outcome, line, states entered): depth-first over every legal command, in one run."""
    depth_first = DepthFirst(space, root)
    try:
        return depth_first.run(budget, MOST_STATES if max_nodes is None else max_nodes)
    finally:
        depth_first.release()


class DepthFirst:
    """The depth-first search over every legal command, in runs that go on where the last
    one stopped: a run given ``most`` states after one that stopped on its budget searches
    on as one run of both budgets would (the probe of ``generic_solve`` and its last phase
    are one search)."""

    def __init__(self, space: GenericSearch, root: State) -> None:
        self.space = space
        self.root = root
        self.nodes = 0  # states entered so far, over every run
        # (outcome, line, states) once a run has decided: later runs answer it again.
        self.answer: tuple | None = (Outcome.WON, (), 0) if space.won(root) else None
        self.visited = {space.key(root)}
        self.frames = [] if self.answer else [(space.children(root), [0])]
        self.state_of = [root]  # the state of each frame
        self.line: list[Command] = []

    def run(self, budget: Budget, most: int) -> tuple[Outcome, tuple[Command, ...] | None, int]:
        """(outcome, line, states entered in all): search on until ``most`` states in all
        were entered or ``budget`` stops it. Raises ``expansion.Cancelled``."""
        space, root = self.space, self.root
        if self.answer is not None:
            return self.answer
        budget.spent(0)  # a cancel event set before the start stops it at once
        if self.nodes >= most:
            return Outcome.UNDECIDED, None, self.nodes
        won, children, enter = space.won, space.children, space.enter
        visited, frames, state_of, line = self.visited, self.frames, self.state_of, self.line
        check = CHECK_EVERY
        while frames:
            kids, at = frames[-1]
            if at[0] >= len(kids):
                frames.pop()
                state_of.pop()
                if line:
                    line.pop()
                continue
            command = kids[at[0]][2]
            at[0] += 1
            child = enter(state_of[-1], command, visited)
            if child is None:
                continue
            self.nodes += 1
            if won(child):
                found = shortened(space, root, [*line, command], budget)
                self.answer = (Outcome.WON, found, self.nodes)
                return self.answer
            line.append(command)
            state_of.append(child)
            frames.append((children(child), [0]))
            # The budgets are looked at with the new state's frame in place, so that the
            # next run goes on from it.
            if self.nodes >= most:
                return Outcome.UNDECIDED, None, self.nodes
            check -= 1
            if not check:
                check = CHECK_EVERY
                if budget.spent(self.nodes):
                    return Outcome.UNDECIDED, None, self.nodes
        self.answer = (Outcome.UNWINNABLE, None, self.nodes)
        return self.answer

    def release(self) -> None:
        """Let the search's memory go (on a thread, ``_free_aside``): no run follows."""
        _free_aside(self.frames)
        self.visited = set()
        self.frames = []
        self.state_of = []


def _free_aside(stack: list) -> None:
    """Free a search's stack on a thread of its own, so that the answer is not late for it:
    after 3 s of Thumb and Pouch the stack is 10,000 frames deep and holds 445,000 children,
    whose freeing took 0.2 s past the budget. A frame at a time: freeing is C code that
    holds the GIL, and the whole stack at once would hold it as long."""

    def free() -> None:
        while stack:
            stack.pop()

    threading.Thread(target=free, daemon=True).start()


def collection_commands(state: State, rules: Rules) -> list[Command] | None:
    """With every tableau card face up: play cards up one at a time, turning the stock
    when nothing goes up, until the game is won; the commands, or None if that gets stuck
    (or a tableau card is face down). Any rules: only the engine's legal commands."""
    space = GenericSearch(rules)
    mechanics = space.mechanics
    layout = space.layout
    if any(state.down[pile] for pile in layout.tableau_range):
        return None
    commands: list[Command] = []
    turned: set = set()  # the piles seen while only turning the stock: a repeat is a cycle
    while not space.won(state):
        legal = mechanics.legal_moves(state)
        up = [
            c
            for c in legal
            if type(c) is Move
            and layout.is_foundation(c.target)
            and not layout.is_foundation(c.source)
        ]
        if up:
            command = up[0]
            turned.clear()
        elif Draw() in legal and state.piles not in turned:
            turned.add(state.piles)
            command = Draw()
        else:
            return None
        state = apply_step(state, mechanics.check(state, command))
        commands.append(command)
    return commands
