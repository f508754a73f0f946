"""Positions for the family's tests: random play from seeded deals, and hand-built states.

``random_positions`` plays random legal commands (the engine's, or the oracle's) from
several deals and yields every position reached, so the oracle and the engine are compared
on early, middle and late positions alike. Play leans towards the foundations, turning
cards up and emptying piles, so that games get far: empty piles, cards back from the
foundations, the stock run out and redealt.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from game.engine.cards import make_card, parse_code
from game.engine.commands import Draw, Move, mechanics_for
from game.engine.game import new_game
from game.engine.refusals import Refused
from game.engine.state import State
from game.variants import get_variant

from . import oracle
from .oracle import DRAW


def rules_of(game: str, mode: str | None = None):
    return get_variant(game).rules(mode)


def engine_moves(rules, state: State) -> set:
    """The engine's legal player moves in the oracle's terms (shortcuts left out)."""
    found = set()
    listed = mechanics_for(rules).legal_moves(state)
    assert len(listed) == len(set(listed)), "legal_moves lists a command twice"
    for command in listed:
        if type(command) is Move:
            found.add((command.source, command.target, command.count))
        elif type(command) is Draw:
            found.add(DRAW)
    return found


def checked_moves(rules, state: State) -> set:
    """Every command the engine's ``check`` accepts, found by trying them all: each pile's
    top 1..all cards onto every other pile, and Draw."""
    mechanics = mechanics_for(rules)
    candidates = [Draw()] + [
        Move(source, target, count)
        for source, cards in enumerate(state.piles)
        for count in range(1, len(cards) + 1)
        for target in range(len(state.piles))
        if target != source
    ]
    found = set()
    for command in candidates:
        try:
            mechanics.check(state, command)
        except Refused:
            continue
        found.add(
            DRAW if type(command) is Draw else (command.source, command.target, command.count)
        )
    return found


def command_of(move) -> Move | Draw:
    return Draw() if move == DRAW else Move(*move)


def _weight(move, state: State, foundations: range) -> float:
    """How likely random play is to pick ``move``: moves that get a game on (to the
    foundations, uncovering or emptying a pile, turning the stock) before shuffles."""
    if move == DRAW:
        return 2.0
    source, target, count = move
    if target in foundations:
        return 6.0
    left = len(state.piles[source]) - count
    if source not in foundations and left <= state.down[source]:
        return 4.0  # turns a card up, or empties the pile (or is the waste's or a reserve's)
    return 1.0


def _pick(moves: list, rng: random.Random, state: State, foundations: range):
    if not moves:
        return None
    weights = [_weight(m, state, foundations) for m in moves]
    return rng.choices(moves, weights)[0]


def random_positions(
    game: str,
    seeds: range,
    steps: int,
    chooser: Callable[[State], set] | None = None,
    mode: str | None = None,
) -> Iterator[State]:
    """Every position of random games of ``game``: ``steps`` moves from each seed's deal.

    The moves come from ``chooser(state)`` (default: the engine's legal moves); each is
    played through the engine's Game, which refuses what it does not allow."""
    rules = rules_of(game, mode)
    for seed in seeds:
        rng = random.Random(seed)
        g = new_game(rules, seed=rules.numbering.spread(seed))  # FreeCell's deals from 1
        foundations = g.layout.foundation_range
        yield g.state
        for _ in range(steps):
            choices = chooser(g.state) if chooser else engine_moves(rules, g.state)
            move = _pick(sorted(choices, key=str), rng, g.state, foundations)
            if move is None:
                break
            g.execute(command_of(move))
            yield g.state


def card(code: str, deck: int = 0) -> int:
    rank, suit = parse_code(code)
    return make_card(rank, suit, deck)


def build(
    layout, piles: dict[str, str], down: dict[str, int] | None = None, redeals=0, base=0
) -> State:
    """A hand-built state: pile name -> codes bottom to top. Repeated codes become the
    next deck's copy. Unnamed piles are empty; ``down`` counts face-down cards; ``base``
    is the dealt base rank (0: the Ace)."""
    cards = [()] * layout.pile_count
    seen: dict[str, int] = {}
    for name, text in piles.items():
        pile = []
        for code in text.split():
            copy = seen.get(code.upper(), 0)
            seen[code.upper()] = copy + 1
            pile.append(card(code, copy))
        cards[layout.index(name)] = tuple(pile)
    down_list = [0] * layout.pile_count
    for name, n in (down or {}).items():
        down_list[layout.index(name)] = n
    return State(tuple(cards), tuple(down_list), redeals, base=base)


def differences(
    game: str, states, facts=None, redeals="page", mode=None, known=None, found_by=engine_moves
) -> list:
    """(state, engine-only moves, oracle-only moves) wherever the engine's legal moves and
    the oracle's differ. ``facts`` replaces the game's (to check a wrong oracle is caught);
    ``redeals`` the page's redeal limit and ``mode`` the rule table's mode (a deal mode).
    ``known(state, move)`` marks oracle moves the engine is known to refuse against the
    page (each reported, and shown by an xfail test): they are left out. ``found_by`` is
    how the engine's moves are asked for: its list, or ``checked_moves``."""
    rules = rules_of(game, mode)
    facts = facts or oracle.FACTS[game]
    limit = facts.redeals if redeals == "page" else redeals
    found = []
    for state in states:
        engine = found_by(rules, state)
        expected = oracle.moves(facts, state, limit)
        if known:
            expected = {m for m in expected if m in engine or not known(state, m)}
        if engine != expected:
            found.append(
                (state, sorted(engine - expected, key=str), sorted(expected - engine, key=str))
            )
    return found
