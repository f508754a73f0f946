"""Best-first search on an evaluation of positions: finds long winning lines in big spaces
where depth-first search wanders. It runs over fast moves and never concludes a loss."""

from __future__ import annotations

import heapq

from game.solver.specialised.expansion import Budget, Expander, collection_finish
from game.solver.specialised.position import cards_up

# The evaluation: cards up, cards buried under what can move, and (limited redeals) what
# the talon still holds; see ``evaluate`` and docs/solver.md for how they were weighed.
UP_WEIGHT = 10
BURIED_WEIGHT = 3


def evaluate(expander: Expander, position, talon_weight: int) -> int:
    """Cards up, less cards buried under what can move (face down or out of order), less
    what the talon still holds when redeals are limited: turns of the stock left count for
    a little, and ``talon_weight`` per card still in the talon, twice for a card in the last
    pass's waste (only the cards on it can ever uncover it)."""
    tables = expander.tables
    tableau, foundations, talon, waste, redeals = position
    top_run = tables.top_run
    buried = 0
    for pile in tableau:
        size = len(pile) - 1
        if size > 1:
            buried += size - top_run(pile)
    score = UP_WEIGHT * sum(foundations) - BURIED_WEIGHT * buried
    limit = tables.redeal_limit
    if limit is not None:
        size = len(talon)
        score += ((limit - redeals) * size + size - waste) // tables.draw - talon_weight * size
        if redeals >= limit:
            score -= talon_weight * waste
    return score


def best_first(
    expander: Expander, position, max_nodes: int, budget: Budget, talon_weight: int
) -> tuple[list | None, int]:
    """(path, nodes): the path of (move, automatic moves) to a win found within
    ``max_nodes`` positions, or None. Raises ``expansion.Cancelled``."""
    generator = expander.generator
    total = expander.tables.card_count
    root, root_autos = expander.start(position)
    root_entry = (None, root_autos)
    if cards_up(root) == total:
        return [root_entry], 0
    visited = expander.visited
    root_id = expander.root_id
    parents = {root_id: None}
    heap = [(-evaluate(expander, root, talon_weight), 0, root, root_id)]
    pushed = 0
    nodes = 0
    pops = 0
    while heap and nodes < max_nodes:
        pops += 1
        if pops % 32 == 0 and budget.spent(0):
            break
        _, _, current, current_id = heapq.heappop(heap)
        if visited.get(current_id[0]) != current_id[1]:
            continue  # superseded by a better copy
        for _score, key, rank, child, move, autos, _following in expander.children(current, None):
            if not expander.unseen(key, rank):
                continue  # two moves of this position lead to the same one
            nodes += 1
            expander.visit(key, rank, child)
            child_id = (key, rank)
            parents[child_id] = (current_id, move, autos)
            finish = None
            if sum(child[1]) != total:
                finish = collection_finish(generator, child)
                if finish is None:
                    pushed += 1
                    score = evaluate(expander, child, talon_weight)
                    heapq.heappush(heap, (-score, pushed, child, child_id))
                    continue
            path = []
            at = child_id
            while parents[at] is not None:
                parent_id, parent_move, parent_autos = parents[at]
                path.append((parent_move, parent_autos))
                at = parent_id
            path.append(root_entry)
            path.reverse()
            return path + (finish or []), nodes
    return None, nodes
