"""What happened, in the past tense, and how each event changes (and un-changes) a state.

A step of the log is the tuple of events one player command caused: the move and the
turn-up it uncovered, say. ``apply`` folds an event into a state; ``revert`` undoes it
exactly, which is what undo uses (replaying the log from the deal gives the same state,
as the tests check).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .state import STOCK, WASTE, Layout, State
from .text import N_, EngineError, shown

# Each event names the cards it moves (``cards``, or ``card`` turned up), set by the
# engine when it makes the step, so that the view need not re-run a step to learn them.
# The cards add which to what happened: events compare and hash on what happened alone,
# and a save file leaves the cards out (loading replays every command, and the engine's
# steps name them again), so saves stay small and read both ways.


@dataclass(frozen=True, slots=True)
class CardsMoved:
    """``count`` cards went from the top of ``source`` to the top of ``target``, order kept:
    ``cards``, bottom to top."""

    source: int
    target: int
    count: int
    cards: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class CardTurnedUp:
    """The top card of tableau or reserve pile ``pile``, face down and uncovered, was
    turned face up: ``card``."""

    pile: int
    card: int | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class StockTurned:
    """``count`` cards were turned from the stock onto the waste, one by one, face up:
    ``cards`` in the order turned (as they lie on the waste, bottom to top)."""

    count: int
    cards: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class WasteRedealt:
    """The waste (``count`` cards) was turned over, face down, to become the stock again:
    ``cards`` as they lay on the waste, bottom to top."""

    count: int
    cards: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class StockDealt:
    """One card from the top of the stock went to each pile of ``targets``, in that order,
    face up (Easthaven and Agnes deal to the tableau, Lady Jane to the reserves): ``cards``,
    one a target."""

    targets: tuple[int, ...]
    cards: tuple[int, ...] = field(default=(), compare=False)


Event = CardsMoved | CardTurnedUp | StockTurned | WasteRedealt | StockDealt
Step = tuple[Event, ...]


def _replace(state: State, changes: dict[int, tuple[int, ...]], down=None, redeals=None) -> State:
    piles = list(state.piles)
    for i, cards in changes.items():
        piles[i] = cards
    return State(
        tuple(piles),
        state.down if down is None else down,
        state.redeals_used if redeals is None else redeals,
        state.shown,
        state.base,
    )


def apply(state: State, event: Event) -> State:
    piles = state.piles
    if type(event) is CardsMoved:
        src, dst, n = event.source, event.target, event.count
        moving = piles[src][-n:]
        return _replace(state, {src: piles[src][:-n], dst: piles[dst] + moving})
    if type(event) is CardTurnedUp:
        down = list(state.down)
        down[event.pile] -= 1
        return State(piles, tuple(down), state.redeals_used, state.shown, state.base)
    if type(event) is StockTurned:
        n = event.count
        turned = piles[STOCK][-n:][::-1]  # the stock's top card is turned first
        return _replace(state, {STOCK: piles[STOCK][:-n], WASTE: piles[WASTE] + turned})
    if type(event) is WasteRedealt:
        return _replace(
            state, {STOCK: piles[WASTE][::-1], WASTE: ()}, redeals=state.redeals_used + 1
        )
    if type(event) is StockDealt:
        stock = piles[STOCK]
        n = len(event.targets)
        changes = {STOCK: stock[:-n]}
        for k, target in enumerate(event.targets):
            changes[target] = piles[target] + (stock[-1 - k],)
        return _replace(state, changes)
    raise TypeError(f"not an event: {event!r}")


def revert(state: State, event: Event) -> State:
    piles = state.piles
    if type(event) is CardsMoved:
        return apply(state, CardsMoved(event.target, event.source, event.count))
    if type(event) is CardTurnedUp:
        down = list(state.down)
        down[event.pile] += 1
        return State(piles, tuple(down), state.redeals_used, state.shown, state.base)
    if type(event) is StockTurned:
        n = event.count
        back = piles[WASTE][-n:][::-1]
        return _replace(state, {WASTE: piles[WASTE][:-n], STOCK: piles[STOCK] + back})
    if type(event) is WasteRedealt:
        return _replace(
            state, {WASTE: piles[STOCK][::-1], STOCK: ()}, redeals=state.redeals_used - 1
        )
    if type(event) is StockDealt:
        back = tuple(piles[target][-1] for target in event.targets)
        changes = {target: piles[target][:-1] for target in event.targets}
        changes[STOCK] = piles[STOCK] + back[::-1]
        return _replace(state, changes)
    raise TypeError(f"not an event: {event!r}")


def apply_step(state: State, step: Step) -> State:
    for event in step:
        state = apply(state, event)
    return state


def revert_step(state: State, step: Step) -> State:
    for event in reversed(step):
        state = revert(state, event)
    return state


# ---------------------------------------------------------------------------------------
# JSON form, with pile names rather than indexes so a save file reads plainly.


def event_to_json(event: Event, layout: Layout) -> dict:
    if type(event) is CardsMoved:
        return {
            "event": "moved",
            "from": layout.name(event.source),
            "to": layout.name(event.target),
            "count": event.count,
        }
    if type(event) is CardTurnedUp:
        return {"event": "turned-up", "pile": layout.name(event.pile)}
    if type(event) is StockTurned:
        return {"event": "stock-turned", "count": event.count}
    if type(event) is WasteRedealt:
        return {"event": "redealt", "count": event.count}
    if type(event) is StockDealt:
        return {"event": "stock-dealt", "to": [layout.name(t) for t in event.targets]}
    raise TypeError(f"not an event: {event!r}")


def event_from_json(data: object, layout: Layout) -> Event:
    """Parse one event; raises EngineError (a ValueError) saying what is wrong with it."""
    if not isinstance(data, dict):
        raise EngineError(N_("an event must be an object, got {value}"), value=shown(data))
    kind = data.get("event")

    def count() -> int:
        n = data.get("count")
        if type(n) is not int or n < 1:
            problem = N_("'count' must be a positive whole number, got {value}")
            raise EngineError(problem, value=shown(n))
        return n

    def pile(key: str) -> int:
        name = data.get(key)
        if not isinstance(name, str):
            problem = N_("{key} must be a pile name, got {value}")
            raise EngineError(problem, key=repr(key), value=shown(name))
        return layout.index(name)

    if kind == "moved":
        return CardsMoved(pile("from"), pile("to"), count())
    if kind == "turned-up":
        return CardTurnedUp(pile("pile"))
    if kind == "stock-turned":
        return StockTurned(count())
    if kind == "redealt":
        return WasteRedealt(count())
    if kind == "stock-dealt":
        names = data.get("to")
        if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
            problem = N_("'to' must be a list of pile names, got {value}")
            raise EngineError(problem, value=shown(names))
        return StockDealt(tuple(layout.index(n) for n in names))
    raise EngineError(N_("unknown event kind {kind}"), kind=shown(kind))
