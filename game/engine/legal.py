"""Every legal move of a position, each once: what the solver, hints and the move oracle
read (``Mechanics.legal_moves`` adds the stock's ``Draw``).

Built for speed: with runs in sequence a tableau target needs one exact rank, so each
source run is checked in constant time by offset instead of card by card; the other run
policies (Yukon's any face-up group, Westhaven's top card or whole face-up part) list
their counts.
"""

from __future__ import annotations

from .cards import RANK
from .orders import Move
from .relations import FULL_FOUNDATION, Relations
from .shapes import MoveLimit, WasteBuild
from .state import WASTE, State


def _offsets(need: int, top_rank: int, step: int, wrap: bool, length: int) -> list[int]:
    """Offsets from the top of a run in sequence (top rank ``top_rank``) of the cards of
    rank ``need``: one at most, or one per turn of the wrapping ranks."""
    offset = (need - top_rank) * step
    if wrap:
        offset %= FULL_FOUNDATION
        return list(range(offset, length, FULL_FOUNDATION))
    return [offset] if 0 <= offset < length else []


def pile_moves(mech: Relations, state: State) -> list[Move]:
    """Every legal Move in ``state`` (each at most once), in a fixed order: to the
    foundations first, then to each tableau pile in turn."""
    piles, down = state.piles, state.down
    tableau, foundations = mech.tableau, mech.foundations
    builds_on = mech.builds_on
    sequence = mech.sequence_runs
    step, wrap = mech.direction, mech.rules.tableau_wrap
    if sequence:
        runs = [(t, mech.run_length(state, t)) for t in tableau]
        counts = {t: range(1, length + 1) for t, length in runs}
    else:
        counts = {t: mech.lift_counts(state, t) for t in tableau}
        runs = [(t, len(counts[t]) and max(counts[t])) for t in tableau]
    reserves = [r for r in mech.reserves if len(piles[r]) > down[r]]
    cells = [c for c in mech.cells if piles[c]]
    # single cards from off the tableau
    loose = ([WASTE] if piles[WASTE] else []) + reserves + cells
    moves: list[Move] = []

    base = mech.empty_foundation_rank(state)
    tops = [t for t in tableau if len(piles[t]) > down[t]]  # a face-up top card goes up
    for src in loose + tops:
        card = piles[src][-1]
        for f in foundations:
            if mech.foundation_takes(piles[f], card, base):
                moves.append(Move(src, f, 1))
    if mech.runs_up or mech.rules.group_to_foundation:
        moves += _up_together(mech, state, tops)

    returning = [f for f in foundations if mech.returnable(state, f)]
    empty_rank = mech.empty_tableau_rank(state)
    closed = mech.closed_rank(state)  # the rank nothing lies on, or None
    for dst in tableau:
        target = piles[dst]
        if target:
            top = target[-1]
            need = mech.wanted_rank[RANK[top]]
            if need is None or RANK[top] == closed:
                continue
            for src, length in runs:
                if src == dst or not length:
                    continue
                cards = piles[src]
                if sequence:
                    for offset in _offsets(need, RANK[cards[-1]], step, wrap, length):
                        if builds_on(cards[-1 - offset], top):
                            moves.append(Move(src, dst, offset + 1))
                else:
                    moves.extend(
                        Move(src, dst, k) for k in counts[src] if builds_on(cards[-k], top)
                    )
            for src in loose + returning:
                if builds_on(piles[src][-1], top):
                    moves.append(Move(src, dst, 1))
            continue
        if empty_rank is None and not mech.empty_takes_any:
            continue  # an empty pile that takes nothing
        for src, length in runs:
            if src == dst or not length:
                continue
            cards = piles[src]
            if empty_rank is None:
                moves.extend(Move(src, dst, k) for k in counts[src])
            elif sequence:
                for offset in _offsets(empty_rank, RANK[cards[-1]], step, wrap, length):
                    moves.append(Move(src, dst, offset + 1))
            else:
                moves.extend(
                    Move(src, dst, k) for k in counts[src] if RANK[cards[-k]] == empty_rank
                )
        for src in loose + returning:
            if mech.empty_tableau_takes(state, piles[src][-1]):
                moves.append(Move(src, dst, 1))
    if mech.rules.waste_builds is not WasteBuild.NONE:  # Golf: tableau cards onto the waste
        moves += [Move(t, WASTE, 1) for t in tops if mech.waste_takes(state, piles[t][-1])]
    for dst in mech.cells:
        if not piles[dst]:
            for src in [WASTE] * bool(piles[WASTE]) + reserves + cells + tops + returning:
                moves.append(Move(src, dst, 1))
    if mech.move_limit is not MoveLimit.NONE:  # FreeCell: runs as the free space allows
        most = {t: mech.most_moving(state, t) for t in tableau}
        moves = [
            m for m in moves if m.count == 1 or m.target not in most or m.count <= most[m.target]
        ]
    return moves


def _up_together(mech: Relations, state: State, tops: list[int]) -> list[Move]:
    """Moves of several cards at once to a foundation: a complete run (Spider) to every
    empty foundation, or (Forty Thieves) every group that goes up one by one."""
    piles = state.piles
    moves = []
    for src in tops:
        if mech.runs_up:
            if mech.complete_run(state, src):
                moves += [Move(src, f, FULL_FOUNDATION) for f in mech.foundations if not piles[f]]
            continue
        for count in range(2, state.face_up_on_top(src) + 1):
            target = mech.group_up(state, src, count)
            if target is None:
                break
            moves.append(Move(src, target, count))
    return moves
