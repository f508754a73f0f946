"""Best-first search over the engine's states: the generic search's first phase.

The generic search's depth-first order finds a win only when its first lines lead to one;
in games whose piles are long and whose stock is dealt once (Whitehead, Westhaven, Thumb
and Pouch) it wanders among the first lines for its whole budget. Best-first search
enters the state that looks best of all those seen so far, so it follows the lines that
bring cards up and free buried ones, wherever they started.

Like the depth-first search it knows no policy by name: the states and commands are the
engine's (``generic_space.GenericSearch``), every state is entered once (its cells' cards
in any order, a sink waste by its top card, copies by their faces: sound cuts,
``generic_space`` says why). So
a WON line is a line of the engine's commands, and running out of states proves a loss
(every reachable state was entered). Running out of its budget proves nothing; the
depth-first search takes the rest of the time.

The evaluation (``evaluate``) reads the state alone: ten points a card up, less three a
card buried under what can move, less, where the stock is dealt to the waste a limited
number of times, ``Weights.talon`` a card still in the talon (twice for a card in the last
pass's waste, which only the cards laid on it can uncover). Where a game has cells (the
FreeCell family), a round's ``Weights`` may also weigh what a FreeCell player watches: the
free cells and the empty tableau piles (the room to move runs and park cards), and, less,
the cards lying above each card a foundation takes now (what must move before it can go
up). Where only runs in suit move and tableau cards are dealt face down (the Spider
family), a round's ``Weights`` may weigh what a Spider player watches: the face-down
tableau cards, the cards lying in suit on the card they move with (a foundation's cards
too, so that sending a run up loses nothing), and with that weight the buried cards are
those below the top run that moves, not the top built run (a run of mixed suits buries
its cards); the empty piles; and the cards still in a stock dealt to the tableau (a deal
is irreversible). Those weights are 0 in every other game, whose evaluation is as it was.
Equal scores go to the state entered first (with ``newest_first``, the state entered
last: a round that dives along a line rather than sweeping the many states of one score),
so that the search is the same wherever it runs.

Where the stock deals to the tableau, a round may expand at most ``Weights.level_most``
states while the stock holds any one number of cards: a state taken from the heap past that
limit is dropped, not expanded, so the round deals on instead of sweeping the positions
that moving runs to and fro makes before each deal. Such a round proves no loss: once a
state is dropped, running out of states ends it UNDECIDED.

Where the compiled core is built, a round runs there (core/generic_best_first.c): the same
states, order and answers, held to this module by tests/solver/test_core_generic.py.
"""

from __future__ import annotations

import heapq
from typing import NamedTuple

from game.engine.commands import Command
from game.engine.policies import StockTarget
from game.engine.state import STOCK, State
from game.solver.generic.space import shortened
from game.solver.outcome import Outcome
from game.solver.specialised.expansion import Budget

UP_WEIGHT = 10
BURIED_WEIGHT = 3
# Looks at the clock and the cancel event every this many states (as generic.CHECK_EVERY).
CHECK_EVERY = 8


class Weights(NamedTuple):
    """A round's weights beyond the cards up and the buried cards (all 0: neither the talon
    nor the FreeCell terms are weighed)."""

    talon: int = 0  # less, a card in the talon (where it is dealt to the waste, limited)
    free_cells: int = 0  # more, an empty cell
    empty_piles: int = 0  # more, an empty tableau pile
    above_next: int = 0  # less, a card above a tableau card a foundation takes now
    face_down: int = 0  # less, a tableau card face down
    in_suit: int = 0  # more, a face-up tableau card on one it moves with, a foundation card on one
    stock: int = 0  # more, a card in the stock (where the stock deals to the tableau)
    newest_first: int = 0  # 1: equal scores go to the state entered last (a dive, not a sweep)
    # Where the stock deals to the tableau: the most states the round expands while the
    # stock holds any one number of cards (0: no limit); past it, such states are dropped.
    level_most: int = 0


def evaluate(space, state: State, weights: Weights, buried_weight: int = BURIED_WEIGHT) -> int:
    """How promising ``state`` looks (higher first); see the module text. (The compiled
    core's twin has ``BURIED_WEIGHT`` built in: another weight is for tests to tell them
    apart.)"""
    layout = space.layout
    piles, down = state.piles, state.down
    mechanics = space.mechanics
    links = mechanics.links_in(state) if weights.in_suit else None
    # A card is buried below the top run that moves: the built run, or with ``in_suit``
    # weighed, the run that moves as a unit (a run of mixed suits buries its cards).
    on_run = mechanics.builds_on if links is None else links
    buried = above_next = empty_piles = face_down = linked = 0
    for pile_index in layout.tableau_range:
        pile = piles[pile_index]
        size = len(pile)
        face_down += down[pile_index]
        if links is not None:
            for at in range(down[pile_index] + 1, size):
                linked += links(pile[at], pile[at - 1])
        if weights.above_next:
            for at, card in enumerate(pile):
                if mechanics.foundation_for(state, card) is not None:
                    above_next += size - 1 - at
        if size <= 1:
            empty_piles += not size
            continue
        run = 1
        while run < size - down[pile_index] and on_run(pile[-run], pile[-run - 1]):
            run += 1
        buried += size - run
    for pile_index in range(layout.tableau_range.stop, len(piles)):
        buried += max(0, len(piles[pile_index]) - 1)  # a reserve's cards below its top
    score = UP_WEIGHT * mechanics.progress(state) - buried_weight * buried
    rules = space.rules
    if rules.redeals is not None and StockTarget(rules.stock_to) is StockTarget.WASTE:
        waste = len(piles[1])
        score -= weights.talon * (len(piles[0]) + waste)
        if state.redeals_used >= rules.redeals:
            score -= weights.talon * waste
    free_cells = sum(not piles[cell] for cell in layout.cell_range)
    score += weights.free_cells * free_cells + weights.empty_piles * empty_piles
    if weights.in_suit:  # a foundation's cards lie in suit too: a run sent up keeps its links
        linked += sum(max(0, len(piles[f]) - 1) for f in layout.foundation_range)
    if stock_dealt_to_tableau(rules):
        score += weights.stock * len(piles[STOCK])
    score += weights.in_suit * linked - weights.face_down * face_down
    return score - weights.above_next * above_next


def best_first(
    space,
    root: State,
    budget: Budget,
    max_nodes: int,
    weights: Weights,
    buried_weight: int = BURIED_WEIGHT,
) -> tuple[Outcome, tuple[Command, ...] | None, int]:
    """(outcome, line, states entered): best-first over every legal command, ``max_nodes``
    states at most. WON with the line (shortened as the depth-first search's is),
    UNWINNABLE when every reachable state was entered (none dropped past
    ``weights.level_most``), else UNDECIDED. Raises
    ``expansion.Cancelled``."""
    if space.won(root):
        return Outcome.WON, (), 0
    budget.spent(0)  # a cancel event set before the start stops it at once
    won, children, enter = space.won, space.children, space.enter
    visited = {space.key(root)}
    states = [root]
    parents: list[tuple[int, Command | None]] = [(-1, None)]
    # Equal scores go to the state entered first, or with ``newest_first`` last.
    tie = -1 if weights.newest_first else 1
    heap = [(-evaluate(space, root, weights, buried_weight), 0)]
    nodes = 0
    check = CHECK_EVERY
    # The states expanded at each number of cards in the stock, where that is limited.
    level_most = weights.level_most if stock_dealt_to_tableau(space.rules) else 0
    expanded: dict[int, int] = {}
    dropped = False
    while heap:
        at = tie * heapq.heappop(heap)[1]
        state = states[at]
        if level_most:
            level = len(state.piles[STOCK])
            if expanded.get(level, 0) >= level_most:
                dropped = True  # a state not expanded: running out proves nothing
                continue
            expanded[level] = expanded.get(level, 0) + 1
        for _score, _index, command in children(state):
            child = enter(state, command, visited)
            if child is None:
                continue
            nodes += 1
            states.append(child)
            parents.append((at, command))
            if won(child):
                line = []
                node = len(states) - 1
                while parents[node][0] >= 0:
                    node, step = parents[node]
                    line.append(step)
                line.reverse()
                return Outcome.WON, shortened(space, root, line, budget), nodes
            if nodes >= max_nodes:
                return Outcome.UNDECIDED, None, nodes
            check -= 1
            if not check:
                check = CHECK_EVERY
                if budget.spent(nodes):
                    return Outcome.UNDECIDED, None, nodes
            score = evaluate(space, child, weights, buried_weight)
            heapq.heappush(heap, (-score, tie * (len(states) - 1)))
    return (Outcome.UNDECIDED if dropped else Outcome.UNWINNABLE), None, nodes


def stock_dealt_to_tableau(rules) -> bool:
    """Does the stock deal to the tableau (where ``Weights.level_most`` applies)?"""
    return StockTarget(rules.stock_to) is StockTarget.TABLEAU
