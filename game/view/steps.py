"""Which cards each event of a step moves: the view staggers animations by it."""

from __future__ import annotations

from game.engine.events import (
    CardsMoved,
    CardTurnedUp,
    Step,
    StockDealt,
    StockTurned,
    WasteRedealt,
    apply,
)
from game.engine.state import STOCK, WASTE, State

DEAL_STAGGER = 0.045  # seconds between two cards of the deal
COLLECT_STAGGER = 0.07
DRAW_STAGGER = 0.06
REDEAL_STAGGER = 0.008


def step_delays(before: State, step: Step) -> dict[int, float]:
    """Card -> start delay, so the cards of one step go one after another in event order.
    A turned-up card waits for the move that uncovered it."""
    delays: dict[int, float] = {}
    state = before
    t = 0.0
    for event in step:
        after = apply(state, event)
        if type(event) is CardsMoved:
            for card in after.piles[event.target][-event.count :]:
                delays[card] = t
            t += COLLECT_STAGGER
        elif type(event) is CardTurnedUp:
            delays[after.piles[event.pile][-1]] = max(0.0, t - COLLECT_STAGGER) + 0.12
        elif type(event) is StockTurned:
            for k, card in enumerate(after.piles[WASTE][-event.count :]):
                delays[card] = t + k * DRAW_STAGGER
            t += event.count * DRAW_STAGGER
        elif type(event) is StockDealt:
            # One card to each pile in turn, as the deal flies them.
            landed = dict.fromkeys(event.targets, 0)
            for k, target in enumerate(event.targets):
                landed[target] += 1
                card = after.piles[target][len(state.piles[target]) + landed[target] - 1]
                delays[card] = t + k * DEAL_STAGGER
            t += len(event.targets) * DEAL_STAGGER
        elif type(event) is WasteRedealt:
            for k, card in enumerate(reversed(after.piles[STOCK])):
                delays[card] = t + k * REDEAL_STAGGER
        state = after
    return delays


def undo_delays(after_undo: State, step: Step) -> dict[int, float]:
    """Delays for taking a step back: the reverse order of doing it."""
    forward = step_delays(after_undo, step)
    if not forward:
        return {}
    last = max(forward.values())
    return {card: last - d for card, d in forward.items()}
