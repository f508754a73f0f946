"""Depth-first search with a transposition table: the phase that can prove a loss.

Over sound moves (``MoveGenerator(sound=True)``) it is exhaustive: when it has seen every
position it can reach and none is won, the position is lost (docs/solver.md gives the
argument). Over fast moves it is a *probe*: a win it finds is a win, but running out of
positions proves nothing.
"""

from __future__ import annotations

from game.solver.outcome import Outcome
from game.solver.specialised.deadlock import hopeless
from game.solver.specialised.expansion import CHECK_EVERY, Budget, Expander, collection_finish
from game.solver.specialised.position import cards_up

# The relaxed loss proof runs near the root only (docs/solver.md, "The relaxed loss proof").
LOSS_PROOF_DEPTH = 3


def depth_first(expander: Expander, position, budget: Budget) -> tuple[Outcome, list | None, int]:
    """(outcome, path, nodes): WON with the path of (move, automatic moves) from
    ``position`` (its first entry (None, automatic moves) for the root's safe plays);
    UNWINNABLE when every reachable position was seen (only meaningful over sound moves);
    UNDECIDED when the budget ran out. Raises ``expansion.Cancelled``."""
    generator = expander.generator
    tables = expander.tables
    total = tables.card_count
    root, root_autos = expander.start(position)
    path = [(None, root_autos)]
    if cards_up(root) == total:
        return Outcome.WON, path, 0
    visited = expander.visited
    visit = expander.visit
    children = expander.children
    frames = [[root, children(root, None), 0]]
    nodes = 0
    check = CHECK_EVERY
    while frames:
        frame = frames[-1]
        kids = frame[1]
        at = frame[2]
        if at >= len(kids):
            frames.pop()
            path.pop()
            continue
        frame[2] = at + 1
        _score, key, rank, child, move, autos, following = kids[at]
        seen = visited.get(key)
        if seen is not None and seen <= rank:
            continue  # reached meanwhile by another line
        visit(key, rank, child)
        nodes += 1
        if sum(child[1]) == total:
            return Outcome.WON, path + [(move, autos)], nodes
        finish = collection_finish(generator, child)
        if finish is not None:
            return Outcome.WON, path + [(move, autos)] + finish, nodes
        if len(frames) <= LOSS_PROOF_DEPTH and hopeless(tables, child):
            continue  # lost whatever follows: see ``deadlock``
        # The path holds one entry per frame below the root, pushed and popped with it.
        path.append((move, autos))
        frames.append([child, children(child, following), 0])
        check -= 1
        if not check:
            check = CHECK_EVERY
            if budget.spent(nodes):
                return Outcome.UNDECIDED, None, nodes
    return Outcome.UNWINNABLE, None, nodes
