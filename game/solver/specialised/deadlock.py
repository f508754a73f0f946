"""A quick proof that a position is lost: some card can never reach its foundation even in
a relaxed game where every stock and waste card is at hand whenever it is wanted, and an
empty pile is there for every card the rules let onto one.

The relaxed game only adds possibilities, so a card it cannot send up cannot go up in the
real game either. Typical catch: a card lies on top of both cards it could be moved onto
and on a lower card of its own suit, so it can never leave and what lies under it never
comes up. Chains of such blocks across piles are found too: the facts below are computed
as a least fixpoint, so a set of cards that wait for each other all stay blocked.

For a card ``c`` of the tableau (``above``: the card lying directly on it, ``below``: the
one it lies on):

* ``clear(c)``: ``c`` can become the top of its pile: nothing lies on it, or ``above``
  can leave;
* ``free(c)``: ``c`` can leave its place: it can become the top, or (runs moving as a
  unit) some card of the built run on it can become the top, so that ``c`` leaves with
  the cards on it (a face-up part that is not one run, as Saratoga deals, holds runs
  that are not yet at the top; before this was seen, a run under other face-up cards
  counted as stuck and a won position was called lost), and it has somewhere to go: the
  foundation (its own suit's lower card up, and ``c`` on top), an empty pile, or a card it
  may lie on, other than ``below``, that can be at hand (in the talon, on a foundation
  if cards may come back, the top of its pile, or moved away from its place);
* ``home(c)``: ``c`` can reach its foundation: it can be at hand and a lower card of its
  suit can reach the foundation first (any copy, with two decks).

Stock and waste cards are at hand and lie on nothing; foundation cards are up already.
In the last pass (no redeal left) the waste is a pile like any other: nothing can get
under its top card but by taking that card away, so each waste card must wait for the
one on it to leave (stock cards stay at hand: each may be played as it is turned).
"""

from __future__ import annotations

from game.solver.specialised.tables import RuleTables


def hopeless(tables: RuleTables, position: tuple) -> bool:
    """True if ``position`` (see ``position``) can never be won: some card cannot reach
    its foundation even in the relaxed game."""
    tableau, _foundations, talon, waste, redeals = position
    card_count = tables.card_count
    builds_on = tables.builds_on
    parents = tables.parents
    empty_takes = tables.empty_takes
    draw = tables.draw
    limit = tables.redeal_limit
    later_pass = limit is None or redeals < limit  # a redeal is left

    above = [-1] * card_count
    below = [-1] * card_count
    in_tableau = [False] * card_count  # face up in the tableau: may move with cards on it
    talon_index = [-1] * card_count  # where the card lies in the talon (the waste first)
    placed = [False] * card_count  # in the tableau or the talon: not on a foundation
    for j, card in enumerate(talon):
        talon_index[card] = j
        placed[card] = True
    for pile in tableau:
        cards = pile[1:]
        size = len(cards)
        down = pile[0]
        for j, card in enumerate(cards):
            placed[card] = True
            below[card] = cards[j - 1] if j else -1
            above[card] = cards[j + 1] if j + 1 < size else -1
            in_tableau[card] = j >= down

    home = [False] * card_count  # can reach its foundation
    free = [False] * card_count  # can leave its place
    clear = [False] * card_count  # can become the top of its pile (of the waste)
    at_hand = [False] * card_count  # on a foundation and allowed back
    for card in range(card_count):
        if not placed[card]:  # on a foundation
            home[card] = True
            at_hand[card] = tables.may_return

    lower = tables.lower
    runs = tables.move_runs
    size = len(talon)

    def surfaces(j: int) -> bool:
        """Can the talon's card at index ``j`` top the waste at some time? (docs/solver.md,
        "The relaxed loss proof": by a turn of this pass, by a turn of a later pass once
        enough cards before it have left, or when the card on it in the waste leaves.)"""
        if j == waste - 1:
            return True
        last = j == size - 1
        if j >= waste and (last or (j + 1 - waste) % draw == 0):
            return True
        if later_pass:
            need = (j + 1) % draw  # cards before it that must have left, at the least
            if last or need == 0:
                return True
            for i in range(j):
                if free[talon[i]]:
                    need -= 1
                    if not need:
                        return True
        return j + 1 < size and free[talon[j + 1]]

    def liftable(card: int) -> bool:
        """Can ``card`` leave with the cards on it: is it, or a card of the built run on
        it, able to become the top?"""
        if clear[card]:
            return True
        if not runs or not in_tableau[card]:
            return False
        on_it = above[card]
        while on_it >= 0 and builds_on[(on_it << 8) | card]:
            if clear[on_it]:
                return True
            card, on_it = on_it, above[on_it]
        return False

    def lower_home(card: int) -> bool:
        copies = lower[card]
        if not copies:
            return True
        for copy in copies:
            if home[copy]:
                return True
        return False

    waiting = [card for card in range(card_count) if not home[card]]
    changed = True
    while changed:
        changed = False
        for card in waiting:
            if not clear[card]:
                j = talon_index[card]
                if j >= 0:
                    if surfaces(j):
                        clear[card] = changed = True
                else:
                    on_it = above[card]
                    if on_it < 0 or free[on_it]:
                        clear[card] = changed = True
            if not free[card] and liftable(card):
                somewhere = empty_takes[card] or (clear[card] and lower_home(card))
                if not somewhere:
                    under = below[card]
                    for parent in parents[card]:
                        if parent != under and (at_hand[parent] or clear[parent] or free[parent]):
                            somewhere = True
                            break
                if somewhere:
                    free[card] = changed = True
            if not home[card] and (clear[card] or free[card]) and lower_home(card):
                home[card] = free[card] = changed = True
        if changed:
            waiting = [card for card in waiting if not home[card]]
    return bool(waiting)
