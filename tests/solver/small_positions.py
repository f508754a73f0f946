"""Small positions of real deals, for holding a solver to an exhaustive search: a real
deal, played on at random for a while, then *thinned*: the lower cards of every suit put
on the foundations, so that only a few high cards are left in play (a late game).

The positions are states the engine itself could hold (every card once, each foundation a
suit from the Ace up, each pile's top card face up) whatever the rules; they depend only
on the seed."""

from __future__ import annotations

import random

from game.engine.cards import RANK, SUIT
from game.engine.commands import Move, mechanics_for
from game.engine.events import apply_step
from game.engine.game import new_game
from game.engine.rules import Rules
from game.engine.state import STOCK, WASTE, State, layout_for


def played(rules: Rules, seed: int, moves: int, rng: random.Random, eager: float = 0.8) -> State:
    """Deal ``seed`` after up to ``moves`` random legal commands (a card to a foundation
    chosen with chance ``eager`` when there is one, so that play gets on)."""
    mechanics = mechanics_for(rules)
    layout = mechanics.layout
    state = new_game(rules, seed=seed).state
    for _ in range(moves):
        legal = mechanics.legal_moves(state)
        if not legal:
            break
        up = [c for c in legal if type(c) is Move and layout.is_foundation(c.target)]
        command = rng.choice(up) if up and rng.random() < eager else rng.choice(legal)
        state = apply_step(state, mechanics.check(state, command))
    return state


def thinned(rules: Rules, state: State, left: dict[int, int]) -> State:
    """``state`` with every card of suit ``s`` below rank ``14 - left[s]`` on the
    foundations (of the first copies with two decks, all but the King), and the cards on
    the foundations kept there: at most ``left[s]`` ranks of each suit stay in play."""
    layout = layout_for(rules)
    decks = rules.decks
    up_now = {}  # (suit, copy index) -> height, from the foundations as they are
    for suit in range(4):
        heights = sorted(
            (
                len(state.piles[f])
                for f in layout.foundation_range
                if state.piles[f] and SUIT[state.piles[f][0]] == suit
            ),
            reverse=True,
        )
        heights += [0] * (decks - len(heights))
        for d in range(decks):
            # With two decks the first copies keep at most one rank in play, so that the
            # few cards in play block one another as often as with one deck.
            most = left[suit] if d == decks - 1 else min(left[suit], 1)
            up_now[suit, d] = max(heights[d], 13 - most)
    wanted: list[tuple[int, int]] = []  # (suit, rank) for each card to put up, copies apart
    for (suit, _d), height in up_now.items():
        wanted += [(suit, r) for r in range(1, height + 1)]
    # Which physical cards go up: for each (suit, rank), as many copies as wanted, those
    # on the foundations first.
    where = {}  # card -> (pile, position)
    for i, pile in enumerate(state.piles):
        for at, card in enumerate(pile):
            where[card] = (i, at)
    by_face: dict[tuple[int, int], list[int]] = {}
    for card in sorted(where, key=lambda c: (not layout.is_foundation(where[c][0]), c)):
        by_face.setdefault((SUIT[card], RANK[card]), []).append(card)
    taken = set()
    foundations = []
    for (suit, d), height in sorted(up_now.items()):
        if height:
            pile = []
            for r in range(1, height + 1):
                copies = [c for c in by_face[suit, r] if c not in taken]
                pile.append(copies[0])
                taken.add(copies[0])
            foundations.append(tuple(pile))
        del d
    foundations += [()] * (rules.foundations - len(foundations))
    piles = []
    down = []
    for i, pile in enumerate(state.piles):
        if layout.is_foundation(i):
            continue
        kept = [(at, c) for at, c in enumerate(pile) if c not in taken]
        d = sum(1 for at, _c in kept if at < state.down[i])
        if kept and d == len(kept):
            d -= 1
        piles.append(tuple(c for _at, c in kept))
        down.append(d if layout.is_tableau(i) else 0)
    first = layout.foundation_range.start
    all_piles = (*piles[:first], *foundations, *piles[first:])
    all_down = (*down[:first], *[0] * len(foundations), *down[first:])
    return State(tuple(all_piles), tuple(all_down), state.redeals_used, base=state.base)


def small_position(rules: Rules, rng: random.Random, most_left: int) -> State:
    """A random late game of a random deal: random play, then thinned to at most
    ``most_left`` ranks of a suit in play."""
    state = played(rules, rng.randrange(1, 10**6), rng.randrange(0, 40), rng)
    left = {suit: rng.randint(0, most_left) for suit in range(4)}
    return thinned(rules, state, left)


def scrambled(
    rules: Rules, state: State, rng: random.Random, hidden: bool, talon: bool = True
) -> State:
    """The cards in play of ``state`` dealt again at random over the tableau and the talon
    (each tableau pile's top card face up, the cards under it face down at random when
    ``hidden``), the foundations and the redeals used kept: small blocked positions, which
    a thinned real deal seldom gives. ``talon=False``: the tableau only (for rules whose
    stock and waste this module does not know)."""
    layout = layout_for(rules)
    cards = [c for i, pile in enumerate(state.piles) if not layout.is_foundation(i) for c in pile]
    rng.shuffle(cards)
    piles = [list(pile) if layout.is_foundation(i) else [] for i, pile in enumerate(state.piles)]
    # A few piles only, so that cards come to lie on one another.
    tableau = rng.sample(layout.tableau_range, rng.randint(1, min(3, layout.tableau)))
    targets = [*tableau, *tableau]
    if talon:
        targets += [STOCK, WASTE]
    for card in cards:
        piles[rng.choice(targets)].append(card)
    down = [0] * len(piles)
    for i in layout.tableau_range:
        if hidden and len(piles[i]) > 1:
            down[i] = rng.randint(0, len(piles[i]) - 1)
    return State(tuple(map(tuple, piles)), tuple(down), state.redeals_used, base=state.base)


def buried(rules: Rules, state: State, rng: random.Random) -> State:
    """The cards in play of ``state`` dealt again over every tableau pile, face up, the
    lowest card of each suit in play at the bottom of a pile and the rest on top at random
    (the foundations and the redeals used kept, the talon emptied onto the tableau).

    A late game is nearly always won: the next card of some suit lies at hand, goes up,
    and frees the next. Burying each suit's next card under others gives positions where
    that fails, the blocked ones the loss verdicts must be tried on, in games whose
    generous rules (any card on an empty pile, several cards to lie on) a random late game
    never blocks."""
    layout = layout_for(rules)
    cards = [c for i, pile in enumerate(state.piles) if not layout.is_foundation(i) for c in pile]
    rng.shuffle(cards)
    lowest: dict[int, int] = {}
    for card in cards:
        if SUIT[card] not in lowest or RANK[card] < RANK[lowest[SUIT[card]]]:
            lowest[SUIT[card]] = card
    piles = [list(pile) if layout.is_foundation(i) else [] for i, pile in enumerate(state.piles)]
    tableau = list(layout.tableau_range)
    rng.shuffle(tableau)
    for at, card in enumerate(lowest.values()):
        piles[tableau[at % len(tableau)]].append(card)
    rest = [card for card in cards if card not in lowest.values()]
    for at, card in enumerate(rest):  # every pile gets a card first: no empty pile at hand
        piles[tableau[at] if at < len(tableau) else rng.choice(tableau)].append(card)
    down = (0,) * len(piles)
    return State(tuple(map(tuple, piles)), down, state.redeals_used, base=state.base)


def engine_thinned(rules: Rules, state: State, keep: int, rng: random.Random) -> State:
    """``state`` with cards put on the foundations, wherever they lie, until at most
    ``keep`` are left in play (or no foundation takes any): for any rules, as the engine
    judges what a foundation takes (``foundation_for``, as its check of a move up asks), so the
    foundations stay as the rules build them (another base card, wrapping, ...)."""
    mechanics = mechanics_for(rules)
    layout = mechanics.layout
    piles = [list(pile) for pile in state.piles]
    down = list(state.down)

    def in_play() -> list[tuple[int, int]]:
        return [
            (i, at)
            for i, pile in enumerate(piles)
            if not layout.is_foundation(i)
            for at in range(len(pile))
        ]

    while len(in_play()) > keep:
        places = in_play()
        rng.shuffle(places)
        # The engine's own judgement of which foundation takes a card (what its check of
        # a move up asks), without building a trial state and a refusal for every card.
        now = State(tuple(map(tuple, piles)), tuple(down), state.redeals_used, base=state.base)
        for i, at in places:
            card = piles[i][at]
            target = mechanics.foundation_for(now, card)
            if target is not None:
                del piles[i][at]
                if layout.is_tableau(i) and at < down[i]:
                    down[i] -= 1
                piles[target].append(card)
                break
        else:
            break  # no foundation takes any card in play
    for i in layout.tableau_range:
        if piles[i] and down[i] >= len(piles[i]):
            down[i] = len(piles[i]) - 1
    return State(tuple(map(tuple, piles)), tuple(down), state.redeals_used, base=state.base)


def replays_to_a_win(rules, state, line) -> bool:
    """Does ``line`` (engine commands, each checked) take ``state`` to a won game?"""
    mechanics = mechanics_for(rules)
    for command in line:
        state = apply_step(state, mechanics.check(state, command))
    return mechanics.won(state)
