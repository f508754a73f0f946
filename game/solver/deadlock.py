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
* ``free(c)``: ``c`` can leave its place: it is in the movable run at the top of its pile
  (the cards on it go along) or it can become the top, and it has somewhere to go: the
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


def hopeless(tables, st) -> bool:
    """True if the position ``st`` (the solver's compact position) can never be won."""
    tab, fnd, talon, p, r = st
    n = tables.ncards
    bo = tables.bo
    parents = tables.parents
    empty_takes = tables.empty_takes

    above = [-1] * n
    below = [-1] * n
    in_run = [False] * n
    tableau: list[int] = []
    if tables.limit is not None and r >= tables.limit and p > 1:
        # The last pass: the waste is a pile of cards that build on nothing, so nothing
        # lies "below" them in the sense of the building rule.
        in_talon = set(talon[p:])
        for j in range(p):
            c = talon[j]
            tableau.append(c)
            above[c] = talon[j + 1] if j + 1 < p else -1
    else:
        in_talon = set(talon)
    for pile in tab:
        cards = pile[1:]
        m = len(cards)
        if not m:
            continue
        run = 1
        if tables.runs:
            up = m - pile[0]
            while run < up and bo[(cards[m - run] << 8) | cards[m - run - 1]]:
                run += 1
        for j, c in enumerate(cards):
            tableau.append(c)
            below[c] = cards[j - 1] if j else -1
            above[c] = cards[j + 1] if j + 1 < m else -1
            in_run[c] = j >= m - run

    placed = set(tableau)
    home = [False] * n
    free = [False] * n
    clear = [False] * n
    at_hand = [False] * n  # in the talon, or on a foundation and allowed back
    for c in range(n):
        if c in in_talon:
            at_hand[c] = free[c] = clear[c] = True
        elif c not in placed:  # on a foundation
            home[c] = True
            at_hand[c] = tables.may_return

    lower = tables.lower

    def lower_home(c: int) -> bool:
        low = lower[c]
        if not low:
            return True
        for x in low:
            if home[x]:
                return True
        return False

    waiting = [c for c in range(n) if not home[c]]
    changed = True
    while changed:
        changed = False
        for c in waiting:
            if c in in_talon:
                if not home[c] and lower_home(c):
                    home[c] = True
                    changed = True
                continue
            if not clear[c]:
                a = above[c]
                if a < 0 or free[a]:
                    clear[c] = changed = True
            if not free[c] and (in_run[c] or clear[c]):
                ok = empty_takes[c] or (clear[c] and lower_home(c))
                if not ok:
                    b = below[c]
                    for q in parents[c]:
                        if q != b and (at_hand[q] or clear[q] or free[q]):
                            ok = True
                            break
                if ok:
                    free[c] = changed = True
            if not home[c] and (clear[c] or free[c]) and lower_home(c):
                home[c] = free[c] = changed = True
        if changed:
            waiting = [c for c in waiting if not home[c]]
    return bool(waiting)
