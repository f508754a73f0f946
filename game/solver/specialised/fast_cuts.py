"""The cuts of the fast moves (``MoveGenerator(sound=False)``): rules of thumb that leave
out moves which rarely help. None is proved never to remove the last way to a win, so
they serve only the searches that never conclude a loss (docs/solver.md, "Fast moves").
"""

from __future__ import annotations

from game.engine.cards import KING, RANK, SUIT
from game.engine.policies import EmptyPile
from game.solver.specialised.move_kinds import TALON_TO_PILE


def space_useful_now(generator, position, infos) -> bool:
    """Fast moves: could an empty pile help now? Yes if it takes any card; with Kings
    only, if a King could move there now and uncover something, or come from the
    talon or a foundation."""
    accepts = generator.tables.empty_accepts
    if accepts is EmptyPile.NONE:
        return False
    if accepts is EmptyPile.ANY:
        return True
    tableau = position[0]
    for i, info in enumerate(infos):
        if info is None:
            continue
        size, _down, run = info[:3]
        offset = KING - RANK[tableau[i][-1]]
        if 0 <= offset < run and size > offset + 1:
            return True
    talon = position[2]
    if talon:
        reachable = generator.talon_cards(talon, position[3], position[4])
        if any(card in reachable for card in generator.tables.empty_cards):
            return True
    return generator.tables.may_return and KING in position[1]


def worth_returning(generator, position, infos, card: int) -> bool:
    """Fast moves: should ``card`` come back from its foundation? Only if more cards
    that may lie on it could move there now, to some purpose (from the talon, from a
    foundation top, from the bottom of a pile's movable run, or off a card that could
    then go up), than there are uncovered tableau cards that would take them as well."""
    tableau, foundations, talon, waste, redeals = position
    tables = generator.tables
    decks = tables.decks
    builds_on = tables.builds_on
    up_now = generator.foundations.view(foundations)[0]
    kids = tables.children[card]
    movable = 0
    reachable = generator.talon_cards(talon, waste, redeals) if talon else {}
    for kid in kids:
        if kid in talon:
            movable += kid in reachable
            continue
        base = SUIT[kid] * decks
        if RANK[kid] in foundations[base : base + decks]:
            movable += 1  # on top of a foundation: it may come back too
            continue
        for i, info in enumerate(infos):
            if info is None:
                continue
            pile = tableau[i]
            run = info[2]
            at = pile.rfind(kid, len(pile) - run)
            if at < 0:
                continue
            if at == len(pile) - run:  # the base of the movable run
                under = pile[at - 1] if at - 1 > pile[0] else -1
                if under < 0 or not builds_on[(kid << 8) | under]:
                    movable += 1
                    break
            if pile[at - 1] in up_now:
                movable += 1
            break
    if not movable:
        return False
    homes = 0
    for i, info in enumerate(infos):
        if info is None:
            continue
        top = tableau[i][-1]
        for kid in kids:
            if builds_on[(kid << 8) | top]:
                homes += 1
                break
    return movable > homes


def commutes(position, last, move) -> bool:
    """Fast moves: could the pile-to-pile ``move``, made right after the talon move
    ``last`` (which caused no automatic move), have been made before it, to the same
    position? True for moves between non-empty piles that leave their source
    non-empty and touch neither the pile the talon card went to nor, after a talon card
    went up, a card of its suit. ``last``: (TALON_TO_PILE, pile) or (TALON_UP, suit)."""
    _, source, target, count = move
    tableau = position[0]
    source_pile = tableau[source]
    if len(tableau[target]) == 1 or len(source_pile) - 1 <= count:
        return False
    if last[0] == TALON_TO_PILE:
        return source != last[1] and target != last[1]
    return SUIT[source_pile[-count - 1]] != last[1]
