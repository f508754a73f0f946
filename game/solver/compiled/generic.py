"""The generic search (``generic``) in the compiled core: the same search over the same
states and commands, some hundred times faster.

The rules are compiled here into tables the C reads, so that it knows no policy by name:
may a card lie on another in the tableau (``builds_on``, every pair), do two cards belong
to one run (``links``), the rank each rank takes in the tableau and on a foundation, what
an empty tableau pile and an empty foundation take, and the few choices that are shapes
rather than relations (how many cards may lift: ``RUN_KINDS``; where the stock deals:
``STOCK_TARGETS``; how many may move together: ``MOVE_LIMITS``; the cells, foundations
that take complete runs or groups going up, a stock that deals only with no pile empty).
Each table is read from the engine's own ``Mechanics``, so the core and the engine share
one source. A rule the core does not know (a field outside ``CORE_KNOWS`` away from its
default, a new run policy, stock target or move limit) raises ValueError, and the Python
search runs instead; so does a state past the core's limits.

The core names a card by its index in the deck's cards in order (``deck_cards``), not by
the engine's card int: a deck of chosen suits (Spider's one-suit deck, ``make_card(rank,
suit, copy)`` with copies up to 16) has card ints far past its card count, and the core's
states hold a card in a byte. The per-card tables (rank, suit, what an empty pile takes,
every pair's building and linking) are indexed the same way; ``state_for`` maps a state's
cards to indexes and ``state_of`` back. With the four suits the index is the card int.
tests/solver/test_core_generic.py holds the core's moves, their successors and its
verdicts to the engine's and the Python search's, on tables drawn from the whole
vocabulary.
"""

from __future__ import annotations

import dataclasses
import threading
from functools import lru_cache

from game.engine.cards import KING, RANK, SUIT, SUITS, full_deck
from game.engine.commands import Command, Draw, Move, mechanics_for
from game.engine.policies import EmptyPile, Run, StockTarget
from game.engine.rules import RULE_SETS_KEPT, Rules
from game.engine.shapes import Goal, MoveLimit, WasteBuild
from game.engine.state import State
from game.solver.compiled.native import NativeCancelled, _core
from game.solver.generic.space import safe_up_needs, waste_is_sink
from game.solver.outcome import Outcome

_OUTCOMES = {0: Outcome.WON, 1: Outcome.UNWINNABLE, 2: Outcome.UNDECIDED}
_CANCELLED = 3
# How many cards may lift together, as generic.c's run kinds (its enum of RUN_ names; a
# run policy is of the kind its counts are: IN_SUIT and IN_COLOUR lift as BUILT does, their
# suit rule being in the links table). tests/engine/test_vocabulary.py holds these to the C.
RUN_KINDS = {
    Run.BUILT: 0,
    Run.IN_SUIT: 0,
    Run.IN_COLOUR: 0,
    Run.TOP_OR_ALL: 1,
    Run.ALL_FACE_UP: 2,
    Run.ANY_FACE_UP: 3,
}
STOCK_TARGETS = {
    StockTarget.WASTE: 0,
    StockTarget.TABLEAU: 1,
    StockTarget.RESERVES: 2,
    StockTarget.NONE: 3,
}
# How many cards of a run may move together, as generic.c's LIMIT_ names.
MOVE_LIMITS = {MoveLimit.NONE: 0, MoveLimit.FREE_SPACE: 1, MoveLimit.FREE_CELLS: 2}
# The goal, as generic.c's GOAL_ names (tests/engine/test_vocabulary.py holds them equal).
GOALS = {
    Goal.FOUNDATIONS: 0,
    Goal.TABLEAU_RUNS: 1,
    Goal.TABLEAU_CLEARED: 2,
    Goal.FOUNDATIONS_OR_TABLEAU_RUNS: 3,
}
MOST_REDEALS = 10**9


def spec_for(rules: Rules, state: State) -> tuple:
    """The core's rules for ``rules`` (``state`` gives the dealt base, which fixes what an
    empty foundation and, below the base, an empty tableau pile take)."""
    return _spec(rules, state.base)


# The rule fields the core's generic search reads or need not read (the names, the deal,
# the score): a table with any other field away from its default (one the engine learns
# after these) is searched by the Python search instead.
CORE_KNOWS = frozenset(
    {
        "variant", "name", "mode", "mode_label", "decks", "tableau_piles", "deal_counts",
        "face_up", "build", "move_runs", "empty_accepts", "foundations", "cards_may_return",
        "draw", "redeals", "reserves", "stock_to", "reserve_deal", "reserve_face_up", "runs",
        "tableau_wrap", "base_takes_nothing", "extra_face_up", "foundation_base",
        "foundation_wrap", "fill_empty_first", "scoring", "empty_rank", "cells", "cell_deal",
        "move_limit", "foundation_takes", "group_to_foundation", "deal_needs_every_pile",
        "suits",
        # The deal's alone: a search starts from a state already dealt.
        "numbering", "face_down", "kings_to_bottom", "foundation_start",
        "goal", "waste_builds",
        "foundation_direction",  # in the ``up`` table and the base rank the spec carries
    }
)  # fmt: skip


def _unknown(rules: Rules) -> list[str]:
    """The fields of ``rules`` the core does not know, away from their defaults."""
    return [
        field.name
        for field in dataclasses.fields(rules)
        if field.name not in CORE_KNOWS and getattr(rules, field.name) != field.default
    ]


@lru_cache(maxsize=RULE_SETS_KEPT)
def _spec(rules: Rules, base: int) -> tuple:
    unknown = _unknown(rules)
    if unknown:
        raise ValueError(f"compiled solver core: rules it does not know: {', '.join(unknown)}")
    mechanics = mechanics_for(rules)
    kind = RUN_KINDS.get(rules.runs)
    target = STOCK_TARGETS.get(rules.stock_to)
    limit = MOVE_LIMITS.get(rules.move_limit)
    if kind is None or target is None or limit is None:
        raise ValueError(
            "compiled solver core: a run policy, stock target or move limit it does not know"
        )
    if rules.redeals is not None and not 0 <= rules.redeals <= MOST_REDEALS:
        raise ValueError("compiled solver core: a redeal limit past its bound")
    probe = State((), (), 0, (), base)  # the relations read only the base of a state
    safe = safe_up_needs(rules)
    cards = deck_cards(rules.decks, rules.suits)
    empty_rank = mechanics.empty_tableau_rank(probe)
    # Nothing lies on a card of the closed rank (Lady Jane's base), and no run crosses it.
    closed = mechanics.closed_rank(probe)
    wanted = tuple(None if r == closed else w for r, w in enumerate(mechanics.wanted_rank))
    builds_on = mechanics.builds_on
    if closed is not None:
        builds_on = lambda card, onto: RANK[onto] != closed and mechanics.builds_on(card, onto)  # noqa: E731
    return (
        rules.foundations,
        rules.tableau_piles,
        rules.reserves,
        rules.decks,
        rules.draw,
        -1 if rules.redeals is None else rules.redeals,
        target,
        int(rules.fill_empty_first),
        int(rules.move_runs),
        kind,
        mechanics.direction,
        int(rules.tableau_wrap),
        mechanics.empty_foundation_rank(probe) or 0,
        int(rules.cards_may_return),
        empty_rank or 0,
        int(mechanics.empty_takes_any),
        int(mechanics.empty is EmptyPile.FROM_RESERVE),
        rules.cells,
        limit,
        int(rules.foundation_takes.runs),
        int(rules.group_to_foundation),
        int(rules.deal_needs_every_pile),
        GOALS[rules.goal],
        int(rules.waste_builds is WasteBuild.UP_OR_DOWN),
        int(waste_is_sink(rules)),  # the key's waste cut (generic/space.py)
        int(safe is not None),  # the children's cut: safe moves up (generic/space.py)
        bytes(height for need in (safe or ()) for height in need) or bytes(52 * 4),
        bytes(RANK[card] for card in cards),
        bytes(SUIT[card] for card in cards),
        _ranks(wanted),
        _ranks(mechanics._up),
        bytes(mechanics.empty_tableau_takes(probe, card) for card in cards),
        _pairs(builds_on, cards),
        _pairs(mechanics.links_in(probe), cards),
    )


def _ranks(table: tuple) -> bytes:
    return bytes(0 if table[r] is None else table[r] for r in range(KING + 1))


def _pairs(relation, cards: tuple[int, ...]) -> bytes:
    """``relation(card, onto)`` for every pair, row by card."""
    return bytes(relation(card, onto) for card in cards for onto in cards)


@lru_cache(maxsize=RULE_SETS_KEPT)
def deck_cards(decks: int, suits: str) -> tuple[int, ...]:
    """The deck's card ints in order: the core's card ``i`` is ``deck_cards(...)[i]``."""
    return tuple(sorted(full_deck(decks, suits)))


@lru_cache(maxsize=RULE_SETS_KEPT)
def _indexes(decks: int, suits: str) -> dict[int, int] | None:
    """Card int -> the core's card index; None where they are the same (the four suits)."""
    if suits == SUITS:
        return None
    return {card: i for i, card in enumerate(deck_cards(decks, suits))}


def state_for(rules: Rules, state: State) -> tuple:
    """The core's form of an engine state of ``rules`` (its cards as indexes)."""
    index = _indexes(rules.decks, rules.suits)
    if index is None:
        piles = tuple(map(bytes, state.piles))
    else:
        piles = tuple(bytes(map(index.__getitem__, pile)) for pile in state.piles)
    return (piles, state.down, state.redeals_used, state.shown)


def command_of(move) -> Command:
    return Draw() if move is None else Move(*move)


def state_of(rules: Rules, result: tuple, state: State) -> State:
    """An engine state from the core's form (the deal's ``shown`` and base from ``state``)."""
    piles, down, redeals = result
    if _indexes(rules.decks, rules.suits) is None:
        piles = tuple(map(tuple, piles))
    else:
        cards = deck_cards(rules.decks, rules.suits)
        piles = tuple(tuple(map(cards.__getitem__, pile)) for pile in piles)
    return State(piles, down, redeals, state.shown, state.base)


def native_moves(rules: Rules, state: State, ordered: bool = False) -> list:
    """[(command, state it leads to, keyed)]: the core's legal commands of ``state`` in the
    engine's order (``ordered``: in the search's), each with its successor and whether the
    key the search gives that successor step by step is its whole key (for the tests)."""
    out = _core.generic_moves(spec_for(rules, state), state_for(rules, state), ordered)
    return [(command_of(move), state_of(rules, child, state), keyed) for move, child, keyed in out]


def native_generic_search(
    rules: Rules,
    state: State,
    most: int,
    max_seconds: float | None,
    cancel: threading.Event | None,
) -> tuple[Outcome, tuple[Command, ...] | None, int]:
    """``generic.search`` (its line ``shortened``) in C, in one run: (outcome, line, states
    entered).
    Raises NativeCancelled, ValueError for rules or a state the core does not take, and
    MemoryError past its memory bound."""
    expected = most if max_seconds is None else min(most, int(max_seconds * 400_000) + 1)
    return native_depth_first(rules, state, expected).run(most, max_seconds, cancel)


def native_generic_best_first(
    rules: Rules,
    state: State,
    most: int,
    max_seconds: float | None,
    cancel: threading.Event | None,
    weights: tuple[int, ...],
) -> tuple[Outcome, tuple[Command, ...] | None, int]:
    """``generic_best_first.best_first`` (its line ``shortened``) in C: one round of
    ``most`` states at most, its evaluation's ``weights`` a ``generic_best_first.Weights``.
    Raises as ``native_generic_search``."""
    return _answer(_core.generic_best_first, rules, state, most, max_seconds, cancel, weights)


def _answer(search, rules, state, most, max_seconds, cancel, *more) -> tuple:
    """A core search's (outcome, line, states) from its (code, moves, states)."""
    seconds = -1.0 if max_seconds is None else max_seconds
    return _converted(
        search(spec_for(rules, state), state_for(rules, state), most, seconds, cancel, *more)
    )


def _converted(answer: tuple) -> tuple[Outcome, tuple[Command, ...] | None, int]:
    code, line, nodes = answer
    if code == _CANCELLED:
        raise NativeCancelled
    commands = None if line is None else tuple(map(command_of, line))
    return _OUTCOMES[code], commands, nodes


class NativeDepthFirst:
    """``generic.DepthFirst`` in C: the depth-first search in runs that go on where the
    last one stopped (the core keeps its table and path between them)."""

    def __init__(self, rules: Rules, state: State, expected: int) -> None:
        spec, shaped = spec_for(rules, state), state_for(rules, state)
        self._search = _core.generic_depth_first(spec, shaped, expected)
        self.nodes = 0  # states entered so far, over every run
        self.answer: tuple | None = None  # once a run has decided

    def run(
        self, most: int, max_seconds: float | None, cancel: threading.Event | None
    ) -> tuple[Outcome, tuple[Command, ...] | None, int]:
        """(outcome, line, states entered in all): on until ``most`` states in all. Raises
        as ``native_generic_search``."""
        if self.answer is not None:
            return self.answer
        seconds = -1.0 if max_seconds is None else max_seconds
        answer = _converted(_core.generic_depth_first_run(self._search, most, seconds, cancel))
        self.nodes = answer[2]
        if answer[0] is not Outcome.UNDECIDED:
            self.answer = answer
        return answer


def native_depth_first(rules: Rules, state: State, expected: int) -> NativeDepthFirst:
    """A depth-first search of ``state`` in the core, its table ready for ``expected``
    states. Raises ValueError for rules or a state the core does not take, MemoryError."""
    return NativeDepthFirst(rules, state, expected)
