"""What the depth-first and the best-first searches share: the budget, the transposition
table with its dominance, the children of a position in move order, and the finish by
plain collection."""

from __future__ import annotations

import threading
import time

from game.engine.cards import RANK, SUIT
from game.solver.specialised.fast_cuts import commutes
from game.solver.specialised.move_kinds import (
    FOUNDATION_TO_PILE,
    PILE_TO_PILE,
    PILE_UP,
    TALON_TO_PILE,
    TALON_UP,
    move_target,
)
from game.solver.specialised.moves import MoveGenerator
from game.solver.specialised.position import position_key, shadow_key

CHECK_EVERY = 256  # nodes between looks at the clock and the cancel event


class Cancelled(Exception):
    """The caller's cancel event was set."""


class Budget:
    """Node and time limits, and the caller's cancel event."""

    def __init__(
        self,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        cancel: threading.Event | None = None,
    ) -> None:
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.cancel = cancel

    def spent(self, nodes: int) -> bool:
        """True once the nodes or the time are used up; raises Cancelled when asked to."""
        if self.cancel is not None and self.cancel.is_set():
            raise Cancelled
        if self.max_nodes is not None and nodes >= self.max_nodes:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline


def first(item):
    return item[0]


class Expander:
    """Children of positions, less those the transposition table has seen with no more
    resources used (``position.position_key``)."""

    def __init__(self, generator: MoveGenerator) -> None:
        self.generator = generator
        self.tables = generator.tables
        self.visited: dict = {}
        self.root_id: tuple[bytes, int] | None = None
        self._shadows = self.tables.draw > 1

    def start(self, position):
        """The root after its safe plays, and their sources; the root is marked seen."""
        tableau, foundations, talon, waste, redeals = position
        autos: list = []
        tableau = list(tableau)
        foundations, talon, waste = self.generator.play_safe_cards(
            tableau, foundations, talon, waste, autos
        )
        root = (tuple(tableau), foundations, talon, waste, redeals)
        self.visited = {}
        self.root_id = position_key(self.tables, root)
        self.visit(*self.root_id, root)
        return root, autos

    def unseen(self, key: bytes, rank: int) -> bool:
        seen = self.visited.get(key)
        return seen is None or seen > rank

    def visit(self, key: bytes, rank: int, position) -> None:
        visited = self.visited
        visited[key] = rank
        if self._shadows:
            shadow = shadow_key(self.tables, key, position)
            if shadow is not None:
                seen = visited.get(shadow[0])
                if seen is None or seen > shadow[1]:
                    visited[shadow[0]] = shadow[1]

    def children(self, position, last) -> list:
        """The unseen children of a position, in move order: (score, key, rank, child,
        move, automatic moves, what the next expansion must know of this move). ``last``
        is that for the move that led here (fast moves use it, see ``MoveGenerator``)."""
        generator = self.generator
        apply = generator.apply
        tables = self.tables
        visited = self.visited
        scored = generator.moves(position)
        if last is not None and not generator.sound:
            if last[0] == FOUNDATION_TO_PILE:
                # A card just came back from a foundation: only a card laid on it may
                # follow (anything else could have been done before it came back).
                pile = last[1]
                scored = [item for item in scored if move_target(item[1]) == pile]
                last = None
        kids = []
        for score, move in scored:
            child, autos = apply(position, move)
            if (
                last is not None
                and move[0] == PILE_TO_PILE
                and not autos
                and commutes(position, last, move)
            ):
                continue  # the same position comes from making the move first
            key, rank = position_key(tables, child)
            seen = visited.get(key)
            if seen is not None and seen <= rank:
                continue
            following = None
            if not autos and not generator.sound:
                kind = move[0]
                if kind == TALON_TO_PILE:
                    following = (TALON_TO_PILE, move[3])
                elif kind == TALON_UP:
                    following = (TALON_UP, SUIT[position[2][move[1] - 1]])
                elif kind == FOUNDATION_TO_PILE:
                    following = (FOUNDATION_TO_PILE, move[3])
            kids.append((score, key, rank, child, move, autos, following))
        kids.sort(key=first, reverse=True)
        return kids


def collection_line(generator: MoveGenerator, position):
    """With every tableau card face up: play cards up one at a time (tableau tops, then
    any talon card the stock can bring) until the table is clear, as a path of (move,
    automatic moves); None if that gets stuck."""
    for pile in position[0]:
        if pile[0]:
            return None
    tables = generator.tables
    slot_for = generator.foundations.slot_for
    path = []
    while True:
        tableau, foundations, talon, waste, redeals = position
        if not talon and all(len(pile) == 1 for pile in tableau):
            return path
        move = None
        for i, pile in enumerate(tableau):
            if len(pile) > 1 and slot_for(foundations, pile[-1]) >= 0:
                move = (PILE_UP, i)
                break
        if move is None and talon:
            for at, redeal, _turns in tables.talon_reach(len(talon), waste, redeals):
                if slot_for(foundations, talon[at - 1]) >= 0:
                    move = (TALON_UP, at, redeal)
                    break
        if move is None:
            return None
        position, autos = generator.apply(position, move)
        path.append((move, autos))


def collection_finish(generator: MoveGenerator, position):
    """``collection_line`` where it cannot fail for want of order: every card face up and
    each pile falling in rank (else None, without trying)."""
    for pile in position[0]:
        if pile[0]:
            return None
        previous = 99
        for card in pile[1:]:
            rank = RANK[card]
            if rank >= previous:
                return None
            previous = rank
    return collection_line(generator, position)
