"""Every card's home on the table (position, face, stacking order): a pure function of the
engine state and the layout. The sprites only ever chase these homes, which is why undo,
restart and resizing need no animation code of their own."""

from __future__ import annotations

from game.engine.state import WASTE, State

from .geometry import DOWN_STEP, MIN_DOWN_STEP, UP_STEP
from .layout import Home, TableLayout


def fan_steps(layout: TableLayout, pile: int, cards: int, down: int) -> tuple[float, float]:
    """Vertical steps over face-down and face-up cards of a tableau pile, squeezed so the
    pile never runs past the bottom of the table: face-down steps first (to an edge), then
    face-up ones (to the rank of the index, then further only if there is no other way)."""
    h = layout.card_h
    up = max(0, cards - down - 1)  # steps over face-up cards (the top card needs none)
    hidden = min(down, cards - 1) if cards else 0
    room = layout.tableau_bottom - layout.origins[pile][1] - h
    down_step, up_step = h * DOWN_STEP, h * UP_STEP
    if hidden * down_step + up * up_step <= room:
        return down_step, up_step
    if hidden and up * up_step + hidden * h * MIN_DOWN_STEP <= room:
        return (room - up * up_step) / hidden, up_step
    down_step = h * MIN_DOWN_STEP
    left = room - hidden * down_step
    if up and left > 0:
        return down_step, left / up
    # Not even an edge of each card fits: everything shares what room there is.
    total = hidden + up
    share = max(0.0, room) / total if total else 0.0
    return share, share


def card_homes(state: State, layout: TableLayout, waste_fan: int) -> dict[int, Home]:
    """Card -> Home for every card on the table. ``waste_fan``: how many of the waste's top
    cards to spread (``Game.waste_fan()``, capped by the layout's fan)."""
    homes: dict[int, Home] = {}
    piles = layout.piles
    z = 0
    fan = min(waste_fan, layout.waste_fan_max)
    step_x, step_y = layout.waste_step
    for index, pile in enumerate(state.piles):
        x0, y0 = layout.origins[index]
        n = len(pile)
        if piles.is_tableau(index):
            faces = [state.face_up(index, pos) for pos in range(n)]  # Athena's shown too
            down_step, up_step = fan_steps(layout, index, n, faces[:-1].count(False))
            # Under the full step, the card on a face-up one hides part of its index.
            squeezed = up_step < layout.card_h * UP_STEP - 0.5
            y = float(y0)
            for pos, card in enumerate(pile):
                up = faces[pos]
                covered = squeezed and up and pos < n - 1
                homes[card] = Home(x0, int(round(y)), up, z, index, pos, covered)
                y += up_step if up else down_step
                z += 1
        else:
            # Squared: the stock, the foundations, the reserves (only their top card may be
            # face up, as Canfield's), the waste but for its fan.
            for pos, card in enumerate(pile):
                x, y = x0, y0
                if index == WASTE and fan > 1:
                    slot = pos - (n - fan)  # 0 .. fan-1 for the fanned top cards
                    if slot > 0:
                        x, y = x0 + step_x * slot, y0 + step_y * slot
                homes[card] = Home(x, y, state.face_up(index, pos), z, index, pos)
                z += 1
    return homes
