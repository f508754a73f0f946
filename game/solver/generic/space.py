"""The engine's states and commands under one rule set, as the generic searches see them
(``generic``'s depth-first search and ``generic_best_first``'s rounds): the key of a state,
its children in move order, a won line checked and shortened.

The move order only decides which lines are tried first, never which are tried: cards to
the foundations, then moves that turn a card up, then the rest, foundation cards back
last. core/generic.c holds the same order and keys, move for move.

Three cuts, all of the key. The cells' cut: the cells are interchangeable, so a state's key
holds its cells' cards in sorted order (``key``), and a state with its cells' cards in
another order is entered once. It is sound: no rule reads a cell's index. A cell takes one
card when it is empty, from any pile a card may leave (``Mechanics.check_move``,
``legal.pile_moves``); its card leaves as a card of the waste or a reserve does; the move
limit counts the free cells, not which; nothing turns up, fills or scores a cell
(``_after_leaving``, the scorings), and the stock never deals to one. So renaming the
cells maps every legal command of a state to a legal command of the renamed state and its
successor to the renamed successor: the two win from the same lines, renamed, or lose
alike. The commands listed are unchanged (a move to every empty cell: the second leads to
a state already entered). A won line names its cells, so ``shortened`` matches its states
by ``line_key``, their cells in place.

The waste's cut: where the waste is a sink (``waste_is_sink``: no card ever leaves it), a
state's key holds the waste's top card alone, not the cards under it (Golf's waste). It is
sound: every card lies in one pile, so the waste holds exactly the cards the other piles do
not, and two states with the same other piles (cards, face-down counts, redeals used) and
the same waste top differ only in the ORDER of the cards under that top. No rule reads that
order while no card can leave the waste: a card leaves a pile only from its top, so the
cards under the waste's top are never moved again; the waste takes a card by its top alone
(``Relations.waste_takes``); the stock never takes the waste back (no redeal); a goal reads
the foundations or the tableau, and the scorings are not in the state (the engine's events
count them); the move order (``score``) and the best-first evaluation read the waste's
length at most, which the other piles fix. So the two states have the same legal commands,
each leading to two states again alike in this way: they win from the same lines or lose
alike. Without the cut Golf's search entered the same position once for each order of its
waste, and decided 1 of its first 11 deals in 10 s. ``line_key`` keeps the whole waste.

The copies' cut: where a game has more than one card of a rank and suit (two decks, or
Spider's one and two suits), a state's key holds each card's face (``card % 52``: its rank
and suit), not which copy it is. It is sound: the engine reads a card only through its
rank and suit (``RANK``, ``SUIT``, and the colour from the suit: the relations, the
policies, the goals, the scorings), never through its number, so swapping two copies
everywhere in a state maps each legal command to the same command of the swapped state
and its successor to the swapped successor: the two win from the same lines or lose alike.
Without it two-suit Spider's search entered a position once for each way its four copies of
a card could lie. ``line_key`` keeps the cards' numbers.
"""

from __future__ import annotations

import dataclasses

from game.engine.cards import CARDS_PER_DECK, full_deck
from game.engine.commands import Command, Move, mechanics_for
from game.engine.events import apply_step
from game.engine.policies import Build, EmptyPile
from game.engine.refusals import Refused
from game.engine.rules import Rules
from game.engine.state import WASTE, State
from game.solver.specialised.expansion import Budget

# The move order's scores (higher first).
TO_FOUNDATION = 100
TURNS_UP = 80
FROM_OTHER = 50  # waste, reserves and any pile that is neither tableau nor foundation
PILE_TO_PILE = 40
DRAW = 30
WHOLE_PILE_TO_EMPTY = 10
FROM_FOUNDATION = 5


def waste_is_sink(rules: Rules) -> bool:
    """Can no card ever leave the waste under ``rules``? A card leaves the waste only by a
    move of its top card (``legal.pile_moves``: to a foundation, a cell, or a tableau pile
    that takes it) or by the redeal that turns it back into the stock. So: no foundations,
    no cells, a tableau on which no card lies (``Build.NONE``) and whose empty piles take
    nothing (``EmptyPile.NONE``), and no redeal. Golf's rules; the waste's cut (the module
    text) is made only where this holds."""
    return (
        rules.foundations == 0
        and rules.cells == 0
        and rules.build is Build.NONE
        and rules.empty_accepts is EmptyPile.NONE
        and rules.redeals == 0
    )


def has_copies(rules: Rules) -> bool:
    """Has some card a twin of its rank and suit under ``rules`` (two decks, or fewer suits
    than four)? The copies' cut (the module text) is made only where this holds."""
    cards = full_deck(rules.decks, rules.suits)
    return len({card % CARDS_PER_DECK for card in cards}) < len(cards)


class GenericSearch:
    """The engine's states and commands under one rule set, for searching."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.mechanics = mechanics = mechanics_for(rules)
        self.layout = mechanics.layout
        self.card_count = rules.card_count
        self.count_redeals = rules.redeals is not None
        self.foundations = frozenset(self.layout.foundation_range)
        self.tableau = frozenset(self.layout.tableau_range)
        cells = self.layout.cell_range
        assert cells.stop == self.layout.pile_count  # the cells are the last piles
        self.first_cell = cells.start if cells else None
        self.waste_sink = waste_is_sink(rules)
        self.copies = has_copies(rules)

    def key(self, state: State) -> State:
        """The search's key: ``line_key``, the cards' faces where a card has copies, the
        cells' cards in sorted order, and where the waste is a sink its top card alone (the
        module text says why each is sound)."""
        piles = state.piles
        if self.copies:
            piles = tuple(tuple(card % CARDS_PER_DECK for card in pile) for pile in piles)
        first = self.first_cell
        if first is not None:
            ordered = tuple(sorted(piles[first:]))
            if ordered != piles[first:]:
                piles = piles[:first] + ordered
        if self.waste_sink and len(piles[WASTE]) > 1:
            piles = piles[:WASTE] + (piles[WASTE][-1:],) + piles[WASTE + 1 :]
        if piles is not state.piles:  # one new state, whatever the cuts changed
            state = dataclasses.replace(state, piles=piles)
        return self.line_key(state)

    def line_key(self, state: State) -> State:
        """The state itself, whatever fields it has (the redeals used set to 0 where they
        are unlimited)."""
        if self.count_redeals or not state.redeals_used:
            return state
        return dataclasses.replace(state, redeals_used=0)

    def won(self, state: State) -> bool:
        return self.mechanics.won(state)

    def children(self, state: State) -> list[tuple[int, int, Command]]:
        """Every legal command of ``state``, in move order (``child`` makes each)."""
        out = [
            (-self.score(state, command), index, command)
            for index, command in enumerate(self.mechanics.legal_moves(state))
        ]
        out.sort(key=_order)
        return out

    def child(self, state: State, command: Command) -> State | None:
        """The state ``command`` leads to (None if the engine's check refuses it)."""
        try:
            return apply_step(state, self.mechanics.check(state, command))
        except Refused:
            return None  # listed but refused: the engine's check has the last word

    def enter(self, state: State, command: Command, visited: set) -> State | None:
        """The state ``command`` leads to, if the engine allows it and it is not in
        ``visited`` (where it is then put); else None. Each search enters a state once."""
        child = self.child(state, command)
        if child is None:
            return None
        key = self.key(child)
        if key in visited:
            return None
        visited.add(key)
        return child

    def score(self, state: State, command: Command) -> int:
        """The move order, from the command and the state alone (cheap: most children of
        a won search are never made)."""
        if type(command) is not Move:
            return DRAW
        source, target = command.source, command.target
        if target in self.foundations:
            return TO_FOUNDATION
        if source in self.foundations:
            return FROM_FOUNDATION
        if source not in self.tableau:
            return FROM_OTHER
        left = len(state.piles[source]) - command.count
        if left and state.down[source] >= left:
            return TURNS_UP
        if not left and not state.piles[target]:
            return WHOLE_PILE_TO_EMPTY
        return PILE_TO_PILE


def _order(child) -> tuple[int, int]:
    return child[0], child[1]


def replays_to_a_win(space: GenericSearch, state: State, line) -> bool:
    """Does ``line`` replay from ``state`` to a won game, each command checked by the
    engine?"""
    for command in line:
        state = space.child(state, command)
        if state is None:
            return False
    return space.won(state)


def shortened(
    space: GenericSearch, root: State, line: list[Command], budget: Budget | None = None
) -> tuple[Command, ...]:
    """A won line without its detours: from each state of it, the command that leads
    furthest along it (a depth-first line wanders: a card moved to and fro, the stock
    turned round between two plays). Every command is the engine's, checked again.
    Where ``budget``'s time runs out (a long line can take half a second), the rest of the
    line is kept as found: a win all the same, its first steps shortened."""
    states = [root]
    for command in line:
        states.append(space.child(states[-1], command))
    at = {space.line_key(state): i for i, state in enumerate(states)}
    out = []
    i = 0
    while i < len(line):
        if out and budget is not None and budget.spent(0):
            out.extend(line[i:])
            break
        best, best_command = i + 1, line[i]
        for _score, _index, command in space.children(states[i]):
            child = space.child(states[i], command)
            j = -1 if child is None else at.get(space.line_key(child), -1)
            if j > best:
                best, best_command = j, command
        out.append(best_command)
        i = best
    return tuple(out)
