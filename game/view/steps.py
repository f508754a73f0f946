"""Which cards each event of a step moves, as the events name them: the view staggers
animations by it (nothing is re-run to learn them)."""

from __future__ import annotations

from game.engine.commands import Command, Move, ToFoundation
from game.engine.events import (
    CardsMoved,
    CardTurnedUp,
    Step,
    StockDealt,
    StockTurned,
    WasteRedealt,
)
from game.engine.state import WASTE

DEAL_STAGGER = 0.045  # seconds between two cards of the deal
COLLECT_STAGGER = 0.07
DRAW_STAGGER = 0.06
REDEAL_STAGGER = 0.008
TURN_PAUSE = 0.12  # a turned-up card waits this long after the move that uncovered it


def step_delays(step: Step) -> dict[int, float]:
    """Card -> start delay, so the cards of one step go one after another in event order.
    A turned-up card waits for the move that uncovered it."""
    delays: dict[int, float] = {}
    t = 0.0
    for event in step:
        kind = type(event)
        if kind is CardsMoved:
            for card in event.cards:
                delays[card] = t
            t += COLLECT_STAGGER
        elif kind is CardTurnedUp:
            if event.card is not None:
                delays[event.card] = max(0.0, t - COLLECT_STAGGER) + TURN_PAUSE
        elif kind is StockTurned:
            for k, card in enumerate(event.cards):
                delays[card] = t + k * DRAW_STAGGER
            t += event.count * DRAW_STAGGER
        elif kind is StockDealt:
            # One card to each pile in turn, as the deal flies them.
            for k, card in enumerate(event.cards):
                delays[card] = t + k * DEAL_STAGGER
            t += len(event.targets) * DEAL_STAGGER
        elif kind is WasteRedealt:
            for k, card in enumerate(event.cards):
                delays[card] = t + k * REDEAL_STAGGER
    return delays


def undo_delays(step: Step) -> dict[int, float]:
    """Delays for taking a step back: the reverse order of doing it."""
    forward = step_delays(step)
    if not forward:
        return {}
    last = max(forward.values())
    return {card: last - d for card, d in forward.items()}


def is_draw(step: Step) -> bool:
    """Did the step deal or turn the stock (it sounds as a deal, not a card put down)?"""
    return any(type(e) in (StockTurned, WasteRedealt, StockDealt) for e in step)


def lifted_by(command: Command) -> tuple[int, int]:
    """(pile, count) of the cards a command would have moved: what a refusal shakes."""
    if isinstance(command, Move):
        return command.source, command.count
    if isinstance(command, ToFoundation):
        return command.source, 1
    return (WASTE, 0)
