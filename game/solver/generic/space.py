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

One cut of the children: safe moves up (``safe_up_needs``). Where the rules allow it (one
deck of four suits; foundations up in suit from the Ace, a card at a time, a group going up
as one move being as its cards going up one by one; the goal every card up; runs that lift
only as built; no reserve; no stock but one turned a card at a time to the waste and never
back; no rule that reads whether a pile is empty before a deal), a card whose move up is
safe is sent up as a state's only child. Let c be a card that may go up, and H the cards
that must be up before it may safely: c, every card that may lie on a card of H in the
tableau, and every card of a suit below a card of H in it (H is closed under both). The
move is safe when every card of H but c is up already: then from the state S' after it a
winning line W of S becomes one W' of S' by dropping every move of a card of H. Each move
of W' is legal where W made it, as W' keeps S's piles less the cards of H (every one of
them up) and maybe fewer cards face down:

* a card y outside H lies on no card of H (only a card of H may be put there, and at S
  every card of H but c is up and nothing lies on c), so it is where W takes it from,
  with the same cards of its run (a run's cards lie each on the next; those of H are on
  top and were dropped);
* the card it goes onto is no card of H (y would be of H), so it is the same top; an
  empty pile or cell of W is empty in W'; free cells and empty piles are as many or more,
  which never lowers how many cards may move together;
* on a foundation of y's suit W' has W's cards and those of H, all below y (H is closed
  downward and y is not in it): y goes up, or comes back down, as in W;
* the stock holds no card of H (at S they are up, or c), and turns one card at a time: the
  waste takes the same cards in the same order, less c.

W' ends with every card up (a group W sends up as one move, W' sends up the group's cards
outside H one by one), and is shorter than W by c's move up at least, a group's move up
counted as its cards. So a winnable
state keeps a winnable child that is nearer a win, and a search that sees only that child
still wins from every winnable state (its transposition table too: the keys' cuts keep the
length of the shortest win). tests/solver/test_safe_up.py holds the verdicts to a plain
breadth-first walk over whole states.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from game.engine.cards import CARDS_PER_DECK, RANK, SUIT, SUITS, full_deck
from game.engine.commands import Command, Move, mechanics_for
from game.engine.dealing import StockTarget
from game.engine.events import apply_step
from game.engine.policies import Build, EmptyPile, FoundationBase, Run
from game.engine.refusals import Refused
from game.engine.rules import RULE_SETS_KEPT, Rules
from game.engine.shapes import FoundationDirection, FoundationTakes, Goal, WasteBuild
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


def _safe_up_holds(rules: Rules) -> bool:
    """Do ``rules`` allow the children's cut (the module text gives each condition's use)?"""
    stock = StockTarget(rules.stock_to)
    turned_once = stock is StockTarget.WASTE and rules.draw == 1 and rules.redeals == 0
    return (
        rules.decks == 1
        and rules.suits == SUITS
        and rules.foundations == len(SUITS)
        and FoundationBase(rules.foundation_base) is FoundationBase.ACE
        and FoundationDirection(rules.foundation_direction) is FoundationDirection.UP
        and not rules.foundation_wrap
        and FoundationTakes(rules.foundation_takes) is FoundationTakes.CARDS
        and Goal(rules.goal) is Goal.FOUNDATIONS
        and (not rules.move_runs or Run(rules.runs).in_sequence)
        and rules.reserves == 0
        and (turned_once or stock is StockTarget.NONE)
        and WasteBuild(rules.waste_builds) is WasteBuild.NONE
        and not rules.fill_empty_first
        and not rules.deal_needs_every_pile
        and not rules.base_takes_nothing
    )


@lru_cache(maxsize=RULE_SETS_KEPT)
def safe_up_needs(rules: Rules) -> tuple[tuple[int, ...], ...] | None:
    """For each card (0 to 51) the foundations' heights, suit by suit, at which its move up
    is safe (the module text: the highest card of each suit in its H but itself); None
    where ``rules`` do not allow the cut. Read from the engine's building relation, so any
    build qualifies: down in suit needs nothing but the card's own suit below it, down in
    alternate colours the classic rule (the other colour's two suits a rank below, its own
    colour's other suit two below), down regardless of suit every suit a rank below. A run
    lifts only as built (its cards each lie on the next), so that relation is the only way
    a card comes to lie on another."""
    if not _safe_up_holds(rules):
        return None
    builds_on = mechanics_for(rules).builds_on
    cards = range(CARDS_PER_DECK)
    lies_on = {
        held: [card for card in cards if builds_on(card, held)]
        + [card for card in cards if SUIT[card] == SUIT[held] and RANK[card] < RANK[held]]
        for held in cards
    }
    needs = []
    for card in cards:
        held, todo = {card}, [card]
        while todo:
            for other in lies_on[todo.pop()]:
                if other not in held:
                    held.add(other)
                    todo.append(other)
        need = [0] * len(SUITS)
        for other in held - {card}:
            need[SUIT[other]] = max(need[SUIT[other]], RANK[other])
        needs.append(tuple(need))
    return tuple(needs)


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
        self.safe_up = safe_up_needs(rules)

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
        """Every legal command of ``state``, in move order (``child`` makes each); where a
        move up is safe (``safe_up_needs``), the first such alone."""
        out = [
            (-self.score(state, command), index, command)
            for index, command in enumerate(self.mechanics.legal_moves(state))
        ]
        out.sort(key=_order)
        if self.safe_up is not None:
            safe = self.safe_move_up(state, out)
            if safe is not None:
                return [safe]
        return out

    def safe_move_up(self, state: State, children: list) -> tuple | None:
        """The first of ``children`` (in move order) that sends a card up safely, or None."""
        if not children or -children[0][0] != TO_FOUNDATION:
            return None  # no move up: the foundations need not be read
        piles = state.piles
        heights = [0] * len(SUITS)
        for foundation in self.foundations:
            if piles[foundation]:
                top = piles[foundation][-1]
                heights[SUIT[top]] = RANK[top]
        for child in children:
            if -child[0] != TO_FOUNDATION:
                return None  # the moves up come first
            command = child[2]
            if command.source in self.foundations or command.count != 1:
                continue
            need = self.safe_up[piles[command.source][-1]]
            if all(height >= least for height, least in zip(heights, need, strict=True)):
                return child
        return None

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
