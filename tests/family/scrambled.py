"""Scrambled positions: every card of a game laid out at random, but as play could leave
it (foundations built in suit from the base, a face-up card on top of every tableau pile,
face-up runs often built), so that late-game cases random play seldom reaches come up:
long foundations that wrap, many empty piles, Kings on Aces, redeals used up.

Made from the oracle's facts (pile counts, base, wrap) only as a generator; the engine and
the oracle then judge each position on their own.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.engine.cards import make_card
from game.engine.state import State

from . import oracle


def _foundation(facts: oracle.Facts, rng: random.Random, suit: int, deck: int, base: int):
    """A foundation of ``suit`` built from ``base``, of random length (0 to 13)."""
    length = rng.choice([0, 0, 1, 2, 5, 9, 12, 13])
    if not facts.wrap:
        length = min(length, 14 - base)
    return tuple(make_card((base - 1 + k) % 13 + 1, suit, deck) for k in range(length))


def scrambled(game: str, seed: int) -> State:
    facts = oracle.FACTS[game]
    foundations, tableau, reserves = oracle.piles_of(facts)
    rng = random.Random(seed)
    decks = facts.foundations // 4
    base = oracle.ACE if facts.base == "ace" else rng.randint(1, 13)
    cells = oracle.cells_of(facts)
    piles: list[tuple[int, ...]] = [()] * max(tableau.stop, reserves.stop, cells.stop)
    for k, f in enumerate(foundations):
        piles[f] = _foundation(facts, rng, k % 4, k // 4, base)
    if facts.base == "dealt" and not piles[foundations[0]]:
        piles[foundations[0]] = (make_card(base, 0),)
    used = {c for f in foundations for c in piles[f]}
    pool = [c for c in range(52 * decks) if c not in used]
    rng.shuffle(pool)
    down = [0] * len(piles)
    reserve_sizes = {r: rng.choice([0, 1, 3]) for r in reserves}
    # Canfield fills an emptied pile from the reserve at once: none lies empty while the
    # reserve has cards.
    filled_at_once = facts.empty_takes == oracle.ANY_WHEN_RESERVE_EMPTY and any(
        reserve_sizes.values()
    )
    for t in tableau:
        size = rng.choice([1, 1, 2, 3, 4, 6] if filled_at_once else [0, 1, 1, 2, 3, 4, 6])
        pile = [pool.pop() for _ in range(min(size, len(pool)))]
        for _ in range(rng.choice([0, 0, 2, 4])):  # a built run on top, now and then
            fits = [c for c in pool if pile and oracle.builds(facts, c, pile[-1])]
            if not fits:
                break
            pile.append(fits[0])
            pool.remove(fits[0])
        piles[t] = tuple(pile)
        down[t] = rng.randint(0, max(0, len(pile) - 1))
        if facts.groups == oracle.TOP_OR_ALL_FACE_UP:
            # Westhaven deals one face-up card a pile and only builds on it: its face-up
            # part is always a built run.
            run = 1
            while run < len(pile) and oracle.builds(facts, pile[-run], pile[-run - 1]):
                run += 1
            down[t] = max(down[t], len(pile) - run)
    for r in reserves:
        piles[r] = tuple(pool.pop() for _ in range(min(reserve_sizes[r], len(pool))))
        down[r] = max(0, len(piles[r]) - 1)  # only its top card is in play
    for c in cells:
        piles[c] = tuple(pool.pop() for _ in range(min(rng.choice([0, 0, 1]), len(pool))))
    if facts.stock_to != "none":
        cut = rng.randint(0, len(pool)) if facts.stock_to == "waste" else len(pool)
        piles[0], piles[1] = tuple(pool[:cut]), tuple(pool[cut:])
    else:  # no stock: every card lies on the tableau
        piles[tableau[-1]] += tuple(pool)
    redeals = rng.randint(0, 3) if facts.redeals is None else rng.randint(0, facts.redeals)
    return State(tuple(piles), tuple(down), redeals, base=0 if facts.base == "ace" else base)


def scrambled_positions(game: str, count: int) -> Iterator[State]:
    for seed in range(count):
        state = scrambled(game, seed)
        cards = sorted(c for pile in state.piles for c in pile)
        assert cards == list(range(len(cards))), "every card once"
        yield state
