"""The solver: a depth-first search with a transposition table over the engine's own rules.

Everything the search needs is read from a ``Rules`` value (build policy, what an empty pile
takes, runs, draw count, redeals, foundation cards coming back, decks), so a new rule table
is solvable without new code. The search works on its own compact position, not on the
engine's ``State``:

* a tableau pile is a ``bytes``: its first byte is the number of face-down cards, then
  the cards bottom to top (cards are ints below 208, see ``game.engine.cards``);
* the foundations are a tuple of heights, ``decks`` slots per suit (kept in falling order
  within a suit, so two decks' foundations compare as multisets);
* the stock and the waste are one ``bytes``, the *talon*: the waste bottom to top, then the
  stock in the order it will be turned; ``p`` (the waste size) splits them;
* ``r``: redeals used.

Techniques (as in Solvitaire, Klondike-Solver and lonelybot):

* transposition table keyed by a canonical ``bytes`` key (tableau piles sorted, the
  foundations left out because they follow from the other cards, two decks' twin cards
  merged, the waste size reduced to what the stock can still reach from it), with
  resource dominance: a smaller waste in the same group of ``draw`` cards, and fewer
  redeals used where a redeal leads back to the same group, are never worse, so a
  position already seen with no more of them used is skipped (see ``Searcher.key``);
* safe automatic moves to the foundations: a card goes up for good once every card that
  could be laid on it can go up itself, and so on down the ranks (alternate colours:
  opposite colour at least rank-2, the other suit of its colour at least rank-3, with two
  decks on every foundation of the suit), so nothing can ever need it in the tableau,
  even with foundation cards coming back (see ``_Tables._cone``);
* a relaxed proof of a loss at the root and near it (``deadlock.hopeless``): a card that
  cannot go up even when every stock card is at hand whenever wanted ends the search;
* stock turns folded into macro moves that play one reachable talon card, honouring the
  draw count and the redeals left (a redeal is only used for cards the current pass
  cannot reach);
* pruning: no whole pile onto an empty pile, Kings onto an empty pile only when that
  uncovers something, one empty pile stands for all, part of a built run moves only
  together with sending the card it uncovers up (otherwise it only swaps two equivalent
  places), foundation cards come back only when a card is around to build on them,
  tableau moves that commute with the talon move just made are taken in one order only,
  moves that undo the last one are caught by the table;
* search: a short best-first phase on an evaluation (cards up, fewest cards buried; with
  two decks and limited redeals also fewest cards left in the talon, a last-pass waste
  card counting double, and then, as depth-first decides next to nothing there, in rounds
  with different talon weights and with most of the budget) finds long winning lines at
  once; then a depth-first search with move ordering (turn-ups first, from the pile with
  most face-down cards, then plays to the foundations, talon cards by fewest turns, the
  rest last) runs to the end of the budget and is exhaustive, so it can prove a position
  lost; before it, two short depth-first probes in other move orders (talon cards by most
  turns first; talon cards onto the tableau first) catch wins the main order finds only
  late;
* node and time budgets, and a ``threading.Event`` polled every 256 nodes for cancelling;
* speed: what many positions share (the cards each foundation state lets up, the cards
  each talon state can bring, each pile's movable run) is computed once and cached.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache

from game.engine.cards import CARDS_PER_DECK, IS_RED, KING, RANK, SUIT, make_card
from game.engine.commands import Command, Draw, Move, mechanics_for
from game.engine.events import apply_step
from game.engine.rules import Rules
from game.engine.state import STOCK, WASTE, State, layout_for
from game.solver.deadlock import hopeless


class Outcome(StrEnum):
    WON = "won"
    UNWINNABLE = "unwinnable"
    UNDECIDED = "undecided"


@dataclass(frozen=True, slots=True)
class SolveResult:
    """What a search found. ``line`` (only when WON) replays from the position to a win."""

    outcome: Outcome
    line: tuple[Command, ...] | None
    nodes: int
    seconds: float
    cancelled: bool = False
    stats: dict = field(default_factory=dict, compare=False)

    @property
    def won(self) -> bool:
        return self.outcome is Outcome.WON


# Move kinds of the search (tuples: kind first).
T2T = 0  # (T2T, src, dst, count)
T2F = 1  # (T2F, src)
W2F = 2  # (W2F, q, redeal)           talon card at index q-1 to a foundation
W2T = 3  # (W2T, q, redeal, dst)      talon card at index q-1 to tableau pile dst
F2T = 4  # (F2T, suit, height, dst)   top foundation card back to tableau pile dst
SPLIT = 5  # (SPLIT, src, dst, count)  part of a built run moves, the card it lay on goes up

CHECK_EVERY = 256
TALON_CACHE = 100_000  # talon states remembered for their reachable cards
PILE_CACHE = 200_000  # tableau piles remembered with their movable runs
# The relaxed proof of a loss costs some five plain nodes, and on hard deals it almost never
# fires deep in the search, so it runs near the root only, where a move that blocks the
# game for good would otherwise cost a whole subtree.
DEADLOCK_DEPTH = 3
# The best-first evaluation: cards up, cards buried, cards left in a limited talon (its
# weight by the rules, see ``_best_first_plan``).
UP_WEIGHT = 10
BURIED_WEIGHT = 3
BEST_FIRST_SHARE = 0.15  # of the node and time budgets, for the best-first phase
# Best-first nodes when there is no node budget (one deck): the wins it finds and
# depth-first search does not come within about 20,000 nodes (thoughtful Klondike and
# Saratoga deals); beyond that the time is better spent on the exhaustive depth-first search.
BEST_FIRST_NODES = 25_000
# With two decks and limited redeals the depth-first search decides next to nothing (none
# of Double Klondike's one-redeal deals 1-200 in 10 s), while best-first keeps winning up
# to some 40,000 positions (draw three, deals 1-100: 4 won at 15k, 8 at 40k, 9 at 100k).
# Which deals it wins depends much on how dear the talon is weighed, far more than on more
# positions: on those deals the weights 7, 15, 5, 20 and 10 win 11, 9, 7, 7 and 8, but 24
# together. So there best-first gets most of the budget, in rounds of 40,000 positions,
# each with the next of these weights.
BEST_FIRST_SHARE_TWO_DECKS = 0.6
BEST_FIRST_TALON_WEIGHTS = (7, 15, 5, 20, 10)
BEST_FIRST_ROUND_NODES = 40_000
# One deck's limited talon is no such bottleneck: weighing it there changes next to nothing
# (Saratoga and Klondike draw one, deals 1-200 at 10 s: one deal either way), but the
# winning lines found then turn the stock first more often, so hints say "turn the stock"
# where a player would rather turn a card up (Klondike draw one, deal 5).
ONE_DECK_TALON_WEIGHT = 0
# Move orders of the depth-first search. Which wins it finds soon depends much on the order:
# of the thoughtful-Klondike deals the main order wins only after 10-40 s, the others win
# about a third within a second. So short probes in the other orders come first (see
# ``solve``); the main order then searches exhaustively to the end of the budget.
MAIN_ORDER = "main"  # turn-ups first, then plays up, talon cards by fewest turns
DEEP_TALON = "deep-talon"  # talon cards by most turns first
TALON_FIRST = "talon-first"  # talon cards onto the tableau before turn-ups
ORDERS = (MAIN_ORDER, DEEP_TALON, TALON_FIRST)
PROBE_ORDERS = (DEEP_TALON, TALON_FIRST)
PROBE_SHARE = 0.06  # of the node and time budgets, for each probe
PROBE_NODES = 30_000  # per probe when there is no node budget


class _Cancelled(Exception):
    pass


@cache
def _tables(rules: Rules) -> _Tables:
    return _Tables(rules)


class _Tables:
    """Per-rules look-up tables and the move machinery on the compact position."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        mech = mechanics_for(rules)
        self.decks = decks = rules.decks
        self.ncards = ncards = decks * CARDS_PER_DECK
        self.nt = rules.tableau_piles
        self.draw = rules.draw
        self.limit = rules.redeals  # None: unlimited
        self.runs = rules.move_runs
        self.accepts = rules.empty_accepts
        self.may_return = rules.cards_may_return
        # BO[(card << 8) | onto]: may card lie on onto in the tableau?
        bo = bytearray(1 << 16)
        children: list[tuple[int, ...]] = []
        for onto in range(ncards):
            kids = []
            for card in range(ncards):
                if mech.builds_on(card, onto):
                    bo[(card << 8) | onto] = 1
                    kids.append(card)
            children.append(tuple(kids))
        self.bo = bytes(bo)
        self.children = tuple(children)
        parents: list[list[int]] = [[] for _ in range(ncards)]
        for onto, kids in enumerate(children):
            for k in kids:
                parents[k].append(onto)
        self.parents = tuple(tuple(p) for p in parents)
        self.empty_takes = tuple(mech.empty_takes(c) for c in range(ncards))
        # lower[card]: every copy of the card one below it in its suit (none for an Ace).
        self.lower = tuple(
            tuple(make_card(RANK[c] - 1, SUIT[c], dk) for dk in range(decks)) if RANK[c] > 1 else ()
            for c in range(ncards)
        )
        # Safe automatic moves: requirements on the foundation heights, per card.
        self.req = tuple(self._cone(c) for c in range(ncards))
        # Card -> key byte: twin cards of two decks are the same card for the key.
        self.translate = bytes((i % CARDS_PER_DECK) if i < ncards else i for i in range(256))
        self._reach: dict = {}
        # next_up[slot][height]: the cards a foundation slot at that height takes.
        next_up = []
        for slot in range(4 * decks):
            s = slot // decks
            row = [
                tuple(make_card(h + 1, s, dk) for dk in range(decks)) if h < KING else ()
                for h in range(KING + 1)
            ]
            next_up.append(tuple(row))
        self.next_up = tuple(next_up)
        self.empty_cards = tuple(c for c in range(ncards) if mech.empty_takes(c))

    def _cone(self, card: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        """When may ``card`` go up for good? Alternatives, each a tuple of (slot, minimum
        height) with the slot the lowest of its suit; any one satisfied makes it safe.

        * Home instead: every card that could be laid on ``card`` can go up itself
          (its suit's lowest slot is at least its rank - 1), and so can every card that
          could be laid on those, and so on down the ranks: then nothing ever needs
          ``card`` in the tableau, even with foundation cards coming back (the rule of
          lonelybot and of the thoughtful-solitaire literature: opposite colour at least
          rank - 2, the other suit of the same colour at least rank - 3).
        * Without returns, also: every card that could be laid on it is up already."""
        need = [0, 0, 0, 0]
        frontier = {card}
        while frontier:
            nxt = set()
            for c in frontier:
                for k in self.children[c]:
                    s = SUIT[k]
                    if RANK[k] - 1 > need[s]:
                        need[s] = RANK[k] - 1
                        nxt.add(k)
            frontier = nxt
        alternatives = [self._requirement(card, need)]
        if not self.may_return:
            up = [0, 0, 0, 0]
            for k in self.children[card]:
                up[SUIT[k]] = max(up[SUIT[k]], RANK[k])
            alternatives.append(self._requirement(card, up))
        return tuple(alternatives)

    def _requirement(self, card: int, need: list[int]) -> tuple[tuple[int, int], ...]:
        # With one deck the card's own suit is complete below it once it can go up; with
        # more, the other copies of its lower cards must be up too (the lowest slot).
        decks = self.decks
        return tuple(
            (s * decks + decks - 1, h)
            for s, h in enumerate(need)
            if h and (decks > 1 or s != SUIT[card])
        )

    def reach(self, n: int, p: int, r: int) -> tuple[tuple[int, int, int], ...]:
        """Talon positions q (waste size after turning) reachable by turning only:
        (q, redeal used 0/1, stock turns needed), current pass first."""
        key = (n, p, r)
        got = self._reach.get(key)
        if got is not None:
            return got
        d = self.draw
        out = []
        seen = set()
        if p > 0:
            out.append((p, 0, 0))
            seen.add(p)
        q = p
        turns = 0
        while q < n:
            q = min(q + d, n)
            turns += 1
            out.append((q, 0, turns))
            seen.add(q)
        if n and (self.limit is None or r < self.limit):
            turns += 1  # the redeal
            q = 0
            while q < n:
                q = min(q + d, n)
                turns += 1
                if q not in seen:
                    seen.add(q)
                    out.append((q, 1, turns))
        got = tuple(out)
        self._reach[key] = got
        return got


def _position(state: State, rules: Rules) -> tuple:
    """Engine state -> compact search position (tab, fnd, talon, p, r)."""
    layout = layout_for(rules)
    decks = rules.decks
    tab = tuple(bytes((state.down[i], *state.piles[i])) for i in layout.tableau_range)
    heights = [[] for _ in range(4)]
    for f in layout.foundation_range:
        pile = state.piles[f]
        if pile:
            heights[SUIT[pile[-1]]].append(len(pile))
    fnd = []
    for s in range(4):
        hs = sorted(heights[s], reverse=True)
        hs += [0] * (decks - len(hs))
        if len(hs) != decks:
            raise ValueError("more foundations of one suit than decks")
        fnd += hs
    talon = bytes(state.piles[WASTE]) + bytes(reversed(state.piles[STOCK]))
    return tab, tuple(fnd), talon, len(state.piles[WASTE]), state.redeals_used


class SearchCaches:
    """What the searches of one position share (see ``solve``): per foundation state the
    cards it lets up, per talon state the cards it can bring, per pile its movable run.
    Each depends only on the rules, so every phase of a search can reuse them."""

    __slots__ = ("fnd", "talon", "pile")

    def __init__(self) -> None:
        self.fnd: dict = {}
        self.talon: dict = {}
        self.pile: dict = {}


class Searcher:
    """One search over one position; ``run`` returns a SolveResult."""

    def __init__(
        self,
        rules: Rules,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        cancel: threading.Event | None = None,
        order: str = MAIN_ORDER,
        caches: SearchCaches | None = None,
        talon_weight: int | None = None,
    ) -> None:
        if order not in ORDERS:
            raise ValueError(f"unknown move order {order!r}")
        self.rules = rules
        # Scores of talon moves by the move order: (sign on the turns needed, base of a
        # talon card onto a tableau card).
        self._talon_sign = 1 if order == DEEP_TALON else -1
        self._onto_tableau = 1100 if order == TALON_FIRST else 650
        self.tb = _tables(rules)
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.cancel = cancel
        self.nodes = 0
        # The weight of a limited talon's cards in the best-first evaluation (``_evaluate``).
        if talon_weight is None:
            talon_weight = _best_first_plan(rules)[1][0]
        self.talon_weight = talon_weight
        if caches is None:
            caches = SearchCaches()
        self._talon_cache = caches.talon
        self._fnd_cache = caches.fnd
        self._pile_info = caches.pile

    # -- position helpers ------------------------------------------------------------------

    def safe_up(self, fnd: tuple, card: int) -> bool:
        """May ``card`` go up for good, with the foundations at ``fnd`` (see ``_Tables._cone``)?"""
        for req in self.tb.req[card]:
            for slot, h in req:
                if fnd[slot] < h:
                    break
            else:
                return True
        return False

    def _ups(self, fnd: tuple) -> tuple[dict, dict]:
        """For foundation heights ``fnd``: card -> slot for every card that may go up now;
        the same for those of them that are safe to play up; (suit, height, card) for each
        foundation top that may come back and is not safe up there (cached: positions
        share their foundations far more often than anything else)."""
        got = self._fnd_cache.get(fnd)
        if got is None:
            next_up = self.tb.next_up
            playable: dict = {}
            for slot, h in enumerate(fnd):
                for c in next_up[slot][h]:
                    if c not in playable:
                        playable[c] = slot
            safe = {c: slot for c, slot in playable.items() if self.safe_up(fnd, c)}
            returnable = []
            if self.tb.may_return:
                decks = self.tb.decks
                for s in range(4):
                    last = -1
                    for slot in range(s * decks, s * decks + decks):
                        h = fnd[slot]
                        if h == 0 or h == last:
                            continue
                        last = h
                        c = make_card(h, s)
                        if not self.safe_up(fnd, c):
                            returnable.append((s, h, c))
            got = (playable, safe, tuple(returnable))
            self._fnd_cache[fnd] = got
        return got

    def _autocard(self, fnd: tuple, card: int) -> int:
        """The foundation slot if ``card`` is safe to play up now, else -1."""
        return self._ups(fnd)[1].get(card, -1)

    def _slot(self, fnd: tuple, card: int) -> int:
        """The foundation slot that takes ``card`` now, else -1."""
        return self._ups(fnd)[0].get(card, -1)

    def _auto(self, tab: list, fnd, talon, p, done: list):
        """Play every safe card to the foundations, again and again; ``done`` gets the
        source of each (-1 for the waste)."""
        ups = self._ups
        safe = ups(fnd)[1]
        moved = True
        while moved:
            moved = False
            for i, pile in enumerate(tab):
                if len(pile) - 1 > pile[0]:
                    slot = safe.get(pile[-1])
                    if slot is not None:
                        fnd = fnd[:slot] + (fnd[slot] + 1,) + fnd[slot + 1 :]
                        safe = ups(fnd)[1]
                        tab[i] = _pop(pile, 1)
                        done.append(i)
                        moved = True
            if p:
                slot = safe.get(talon[p - 1])
                if slot is not None:
                    fnd = fnd[:slot] + (fnd[slot] + 1,) + fnd[slot + 1 :]
                    safe = ups(fnd)[1]
                    talon = talon[: p - 1] + talon[p:]
                    p -= 1
                    done.append(-1)
                    moved = True
        return fnd, talon, p

    def key(self, st) -> tuple[bytes, int]:
        """Canonical key and resource rank of a position. Two positions with the same key
        differ only in resources that make one dominate the other, so one seen with a
        rank no higher makes the other not worth a visit:

        * the waste size ``p``: every larger waste the stock turns to from ``p`` is
          reachable, so a smaller one is better. Turning ``d`` cards at a time only the
          sizes ``p, p + d, ...`` and the full talon are reachable before a redeal, so the
          size modulo ``d`` is part of the key, unless it is 0 or the talon is all waste
          (both reach exactly what a fresh pass reaches);
        * the redeals used, fewer being better: with a fresh-pass class, more redeals are
          only worse (turn to the end, redeal, turn on); otherwise a redeal does not lead
          back to the same class, so the redeals used become part of the key."""
        tab, fnd, talon, p, r = st
        tb = self.tb
        if tb.decks > 1:
            tr = tb.translate
            k = b"\xff".join(sorted([pile.translate(tr) for pile in tab]))
            k += b"\xfe" + talon.translate(tr)
        else:
            k = b"\xff".join(sorted(tab)) + b"\xfe" + talon
        d = tb.draw
        n = len(talon)
        fresh = d == 1 or p % d == 0 or p == n
        if tb.limit is None:
            return (k, 0) if fresh else (k + bytes((p % d,)), p)
        if fresh:
            return k, r * 1024 + p
        return k + bytes((p % d, 128 + r)), p

    def shadow(self, k: bytes, st) -> tuple[bytes, int] | None:
        """A position whose waste size is not a fresh-pass class (see ``key``) still reaches
        the fresh pass of the same cards: turn to the end (and, with limited redeals, see
        its last card there). So once it is visited, that fresh-pass position, with this
        rank or worse, need not be: (its key, rank), or None."""
        d = self.tb.draw
        p = st[3]
        n = len(st[2])
        if d == 1 or p % d == 0 or p == n:
            return None
        if self.tb.limit is None:
            return k[:-1], 0
        return k[:-2], st[4] * 1024 + n

    def _mark_shadow(self, visited: dict, k: bytes, st) -> None:
        sh = self.shadow(k, st)
        if sh is not None:
            seen = visited.get(sh[0])
            if seen is None or seen > sh[1]:
                visited[sh[0]] = sh[1]

    def moves(self, st, scored: bool = False) -> list:
        """Candidate moves of a position, best first."""
        tab, fnd, talon, p, r = st
        tb = self.tb
        ups = self._ups(fnd)
        playable = ups[0]
        scored_out = scored
        scored: list = []
        add = scored.append
        info: list = []
        empty = -1
        want: dict = {}  # card -> tableau piles whose top card takes it
        pile_info = self._pile_info
        for i, pile in enumerate(tab):
            inf = pile_info.get(pile)
            if inf is None:
                inf = self._describe(pile)
            if inf is False:
                if empty < 0:
                    empty = i
                info.append(None)
                continue
            info.append(inf)
            if inf is not None:
                for c in inf[3]:
                    w = want.get(c)
                    if w is None:
                        want[c] = [i]
                    else:
                        w.append(i)

        empty_useful = None
        accepts = tb.accepts
        for i, inf in enumerate(info):
            if inf is None:
                continue
            n, d, run, _kids, movable = inf
            pile = tab[i]
            # To a foundation (what the automatic moves left).
            if pile[-1] in playable:
                if n - 1 == d and d:
                    add((1000 + d, (T2F, i)))
                else:
                    add((750, (T2F, i)))
            # Onto other piles. Part of a run (a split) leaves its card e on top; the cards
            # that may lie on e may lie just as well on the target's top card (same rank
            # and colour), so a split only swaps two equivalent places for them: it is
            # worth it only if e itself can go up now.
            for k, c in movable:
                w = want.get(c)
                if w is None:
                    continue
                left = n - k
                if left == 0:
                    if empty_useful is None:
                        empty_useful = self._empty_useful(st, info)
                    if empty_useful:
                        for j in w:
                            add((400, (T2T, i, j, k)))
                elif left == d:
                    for j in w:
                        add((900 + d, (T2T, i, j, k)))
                elif k == run:
                    for j in w:
                        add((900 + left, (T2T, i, j, k)))
                elif pile[-k - 1] in playable:  # a split
                    for j in w:
                        add((760, (SPLIT, i, j, k)))
            # Onto the first empty pile (one stands for all).
            if empty >= 0 and accepts != "none":
                if accepts == "king":
                    off = KING - RANK[pile[-1]]
                    ks = (off + 1,) if 0 <= off < run else ()
                else:
                    ks = range(1, run + 1)
                for k in ks:
                    left = n - k
                    if left == 0:
                        continue
                    if left == d:
                        add((850 + d, (T2T, i, empty, k)))
                    elif k == run:
                        add((850 + left, (T2T, i, empty, k)))
                    elif pile[-k - 1] in playable:  # a split
                        add((740, (SPLIT, i, empty, k)))

        # Talon cards, by macro moves: each card the stock can bring, where it can go.
        if talon:
            empty_takes = tb.empty_takes
            sign = self._talon_sign
            onto = self._onto_tableau
            for c, at in self.talon_cards(talon, p, r).items():
                turns = sign * at[1]
                if c in playable:
                    add((800 + turns, (W2F, at[2], at[0])))
                w = want.get(c)
                if w is not None:
                    for j in w:
                        add((onto + turns, (W2T, at[2], at[0], j)))
                if empty >= 0 and empty_takes[c]:
                    add((600 + turns, (W2T, at[2], at[0], empty)))

        # Foundation cards back to the tableau, when some card could then build on them.
        for s, h, c in ups[2]:
            w = want.get(c)
            to_empty = empty >= 0 and tb.empty_takes[c]
            if w is None and not to_empty:
                continue
            if not self._child_free(st, info, c):
                continue
            if w is not None:
                for j in w:
                    add((100, (F2T, s, h, j)))
            if to_empty:
                add((90, (F2T, s, h, empty)))

        if scored_out:
            return scored
        scored.sort(key=_first, reverse=True)
        return [m for _, m in scored]

    def _describe(self, pile: bytes):
        """(cards, face down, length of the movable run, cards that may lie on the top,
        ((count, card) for each card of the run from the top)) of a pile with face-up
        cards; False for an empty pile, None for one with only face-down cards. Cached."""
        n = len(pile) - 1
        if n == 0:
            got = False
        else:
            d = pile[0]
            up = n - d
            if up <= 0:
                got = None
            else:
                tb = self.tb
                bo = tb.bo
                run = 1
                if tb.runs:
                    while run < up and bo[(pile[-run] << 8) | pile[-run - 1]]:
                        run += 1
                movable = tuple((k, pile[-k]) for k in range(1, run + 1))
                got = (n, d, run, tb.children[pile[-1]], movable)
        if len(self._pile_info) > PILE_CACHE:
            self._pile_info.clear()
        self._pile_info[pile] = got
        return got

    def _empty_useful(self, st, info) -> bool:
        """Could an empty pile help? Yes if it takes any card; with Kings only, if a King
        could move there now and uncover something (or leave the talon or a foundation)."""
        accepts = self.tb.accepts
        if accepts == "none":
            return False
        if accepts == "any":
            return True
        tab = st[0]
        for i, inf in enumerate(info):
            if inf is None:
                continue
            n, d, run = inf[:3]
            pile = tab[i]
            off = KING - RANK[pile[-1]]
            if 0 <= off < run and n > off + 1:
                return True
        for c in self.tb.empty_cards:
            if self._reachable(st, c):
                return True
        if self.tb.may_return:
            fnd = st[1]
            if any(h == KING for h in fnd):
                return True
        return False

    def talon_cards(self, talon: bytes, p: int, r: int) -> dict:
        """Card -> (redeal, turns, q) for every talon card the stock can bring to the top
        of the waste (see ``_Tables.reach``); cached, as many positions share a talon."""
        key = (talon, p, r)
        got = self._talon_cache.get(key)
        if got is None:
            if len(self._talon_cache) > TALON_CACHE:
                self._talon_cache.clear()
            got = {}
            for q, redeal, turns in self.tb.reach(len(talon), p, r):
                c = talon[q - 1]
                if c not in got:
                    got[c] = (redeal, turns, q)
            self._talon_cache[key] = got
        return got

    def _reachable(self, st, c: int) -> bool:
        return bool(st[2]) and c in self.talon_cards(st[2], st[3], st[4])

    def _child_free(self, st, info, card: int) -> bool:
        """Should ``card`` come back from its foundation? Only if more cards that may lie
        on it could move there now, to some purpose (from the talon, from a foundation
        top, from the bottom of a pile's movable run, or off a card that could then go
        up), than there are uncovered tableau cards that would take them as well."""
        tab, fnd, talon, p, r = st
        decks = self.tb.decks
        bo = self.tb.bo
        kids = self.tb.children[card]
        movable = 0
        for x in kids:
            if x in talon:
                if self._reachable(st, x):
                    movable += 1
                continue
            rank = RANK[x]
            base = SUIT[x] * decks
            if rank in fnd[base : base + decks]:
                movable += 1  # on top of a foundation: it may come back too
                continue
            for i, inf in enumerate(info):
                if inf is None:
                    continue
                pile = tab[i]
                n, d, run = inf[:3]
                pos = pile.rfind(x, len(pile) - run)
                if pos < 0:
                    continue
                if pos == len(pile) - run:  # the base of the movable run
                    under = pile[pos - 1] if pos - 1 > pile[0] else -1
                    if under < 0 or not bo[(x << 8) | under]:
                        movable += 1
                        break
                    # sits on its other place: useful only if that card can then go up
                if self._slot(fnd, pile[pos - 1]) >= 0:
                    movable += 1
                break
        if not movable:
            return False
        homes = 0
        for i, inf in enumerate(info):
            if inf is None:
                continue
            top = tab[i][-1]
            for x in kids:
                if bo[(x << 8) | top]:
                    homes += 1
                    break
        return movable > homes

    def apply(self, st, mv):
        """The child position and the sources of the automatic moves that followed."""
        tab, fnd, talon, p, r = st
        kind = mv[0]
        tab = list(tab)
        done: list = []
        scan = False
        if kind == T2T:
            _, i, j, k = mv
            src = tab[i]
            tab[j] = tab[j] + src[-k:]
            tab[i] = new = _pop(src, k)
            scan = len(new) > 1 and self._autocard(fnd, new[-1]) >= 0
        elif kind == SPLIT:
            _, i, j, k = mv
            src = tab[i]
            tab[j] = tab[j] + src[-k:]
            new = src[:-k]
            slot = self._slot(fnd, new[-1])
            fnd = fnd[:slot] + (fnd[slot] + 1,) + fnd[slot + 1 :]
            tab[i] = _pop(new, 1)
            scan = True
        elif kind == T2F:
            i = mv[1]
            src = tab[i]
            slot = self._slot(fnd, src[-1])
            fnd = fnd[:slot] + (fnd[slot] + 1,) + fnd[slot + 1 :]
            tab[i] = _pop(src, 1)
            scan = True
        elif kind == W2F or kind == W2T:
            q, redeal = mv[1], mv[2]
            c = talon[q - 1]
            talon = talon[: q - 1] + talon[q:]
            p = q - 1
            if redeal and self.tb.limit is not None:
                r += 1
            if kind == W2F:
                slot = self._slot(fnd, c)
                fnd = fnd[:slot] + (fnd[slot] + 1,) + fnd[slot + 1 :]
                scan = True
            else:
                tab[mv[3]] += bytes((c,))
                scan = p > 0 and self._autocard(fnd, talon[p - 1]) >= 0
        else:  # F2T: lowering a foundation makes no card safe
            _, s, h, j = mv
            decks = self.tb.decks
            slot = s * decks + decks - 1
            while fnd[slot] != h:
                slot -= 1
            fnd = fnd[:slot] + (h - 1,) + fnd[slot + 1 :]
            tab[j] += bytes((make_card(h, s),))
        if scan:
            fnd, talon, p = self._auto(tab, fnd, talon, p, done)
        return (tuple(tab), fnd, talon, p, r), done

    # -- the end ---------------------------------------------------------------------------

    def _greedy(self, st):
        """With nothing face down: play cards up one by one (tableau tops, then any talon card
        the stock can bring), as a list of moves, if that clears the table; else None."""
        tab, fnd, talon, p, r = st
        for pile in tab:
            if pile[0]:
                return None
        line = []
        while True:
            if not talon and all(len(pile) == 1 for pile in tab):
                return line
            progress = False
            for i, pile in enumerate(tab):
                if len(pile) > 1 and self._slot(fnd, pile[-1]) >= 0:
                    mv = (T2F, i)
                    (tab, fnd, talon, p, r), done = self.apply((tab, fnd, talon, p, r), mv)
                    line.append((mv, done))
                    progress = True
                    break
            if progress:
                continue
            if talon:
                for q, redeal, _turns in self.tb.reach(len(talon), p, r):
                    if self._slot(fnd, talon[q - 1]) >= 0:
                        mv = (W2F, q, redeal)
                        (tab, fnd, talon, p, r), done = self.apply((tab, fnd, talon, p, r), mv)
                        line.append((mv, done))
                        progress = True
                        break
            if not progress:
                return None

    def _try_finish(self, st):
        """A greedy collection when every card is face up and each pile falls in rank."""
        tab = st[0]
        for pile in tab:
            if pile[0]:
                return None
            prev = 99
            for c in pile[1:]:
                rk = RANK[c]
                if rk >= prev:
                    return None
                prev = rk
        return self._greedy(st)

    # -- the search ------------------------------------------------------------------------

    def _expand(self, st, last) -> list:
        """The unvisited children of a position, best first: (score, key, rank, child, move,
        automatic moves, commute info). Ordered by the move's class and the child's evaluation."""
        visited = self.visited
        apply = self.apply
        key = self.key
        kids = []
        moves = self.moves(st, scored=True)
        if last is not None and last[0] == F2T:
            # A card just came back from a foundation: only a card laid on it can follow
            # (anything else could have been done before it came back).
            j = last[1]
            moves = [sm for sm in moves if _target(sm[1]) == j]
            last = None
        for score, mv in moves:
            child, done = apply(st, mv)
            if last is not None and mv[0] == T2T and not done and self._commutes(st, last, mv):
                continue  # the same position comes from playing mv before the talon card
            k, rank = key(child)
            seen = visited.get(k)
            if seen is not None and seen <= rank:
                continue
            nxt = None
            if not done:
                if mv[0] == W2T:
                    nxt = (W2T, mv[3])
                elif mv[0] == W2F:
                    nxt = (W2F, SUIT[st[2][mv[1] - 1]])
                elif mv[0] == F2T:
                    nxt = (F2T, mv[3])
            kids.append((score, k, rank, child, mv, done, nxt))
        kids.sort(key=_first, reverse=True)
        return kids

    def _evaluate(self, st) -> int:
        """Cards up, less cards buried under what can move (face down or out of order), less
        what the talon still holds when redeals are limited."""
        tab, fnd = st[0], st[1]
        bo = self.tb.bo
        buried = 0
        for pile in tab:
            n = len(pile) - 1
            if n <= 1:
                continue
            d = pile[0]
            up = n - d
            run = 1
            while run < up and bo[(pile[-run] << 8) | pile[-run - 1]]:
                run += 1
            buried += n - run
        score = UP_WEIGHT * sum(fnd) - BURIED_WEIGHT * buried
        limit = self.tb.limit
        if limit is not None:
            # Turns of the stock left count for a little: a pass spent for nothing is a
            # loss. With two decks the talon is what loses games (``talon_weight``, 0 for
            # one deck): every card in it costs, and in the last pass a waste card costs
            # twice, since only the cards on it can ever uncover it. The same weight before
            # and after the last redeal keeps the redeal itself neutral. (Weighed on Jumbo
            # deals 27-126, best-first alone to 40k positions, weight 10: 41 won; 1 with a
            # last-pass waste card weighed like a stock card; none with the talon weighed in
            # the last pass only, which makes the redeal dear.)
            talon, p, r = st[2], st[3], st[4]
            n = len(talon)
            w = self.talon_weight
            score += ((limit - r) * n + n - p) // self.tb.draw - w * n
            if r >= limit:
                score -= w * p
        return score

    def _commutes(self, st, last, mv) -> bool:
        """Could tableau move ``mv`` (made right after talon move ``last``, which caused no
        automatic moves) have been made before it, to the same position? Then the search
        takes that order only. True for moves between non-empty piles that leave their
        source non-empty and touch neither the pile the talon card went to nor, after a
        talon card went up, a card of its suit."""
        _, i, j, k = mv
        tab = st[0]
        dst = tab[j]
        src = tab[i]
        if len(dst) == 1 or len(src) - 1 <= k:
            return False
        if last[0] == W2T:
            t = last[1]
            return i != t and j != t
        return SUIT[src[-k - 1]] != last[1]  # W2F: last[1] is the suit that went up

    def run_best_first(self, st, max_nodes: int):
        """Best-first search on the evaluation (cards up, fewest buried), up to ``max_nodes``
        positions: finds long winning lines in big spaces where depth-first wanders.
        Returns (WON, path), (UNWINNABLE, None) when it saw every reachable position, or
        (None, None) when it gave up."""
        import heapq

        tab, fnd, talon, p, r = st
        done: list = []
        tab = list(tab)
        fnd, talon, p = self._auto(tab, fnd, talon, p, done)
        st = (tuple(tab), fnd, talon, p, r)
        total = self.tb.ncards
        root_entry = (None, done)
        if sum(fnd) == total:
            return Outcome.WON, [root_entry]
        k, rank = self.key(st)
        visited = {k: rank}
        self.visited = visited
        parents = {(k, rank): None}
        evaluate = self._evaluate
        heap = [(-evaluate(st), 0, st, (k, rank))]
        counter = 0
        nodes = 0
        check = CHECK_EVERY
        deadline = None if self.max_seconds is None else time.perf_counter() + self.max_seconds
        while heap and nodes < max_nodes:
            _, _, cur, cid = heapq.heappop(heap)
            if visited.get(cid[0]) != cid[1]:
                continue  # superseded by a better copy
            for _score, k, rank, child, mv, done, _last in self._expand(cur, None):
                seen = visited.get(k)
                if seen is not None and seen <= rank:
                    continue  # two moves of this position lead to the same one
                nodes += 1
                visited[k] = rank
                self._mark_shadow(visited, k, child)
                nid = (k, rank)
                parents[nid] = (cid, mv, done)
                finish = None
                if sum(child[1]) != total:
                    finish = self._try_finish(child)
                    if finish is None:
                        counter += 1
                        heapq.heappush(heap, (-evaluate(child), counter, child, nid))
                        continue
                path = []
                at = nid
                while parents[at] is not None:
                    pid, pmv, pdone = parents[at]
                    path.append((pmv, pdone))
                    at = pid
                path.append(root_entry)
                path.reverse()
                self.nodes = nodes
                return Outcome.WON, path + (finish or [])
            check -= 1
            if check <= 0:
                check = CHECK_EVERY // 8
                if deadline is not None and time.perf_counter() >= deadline:
                    break
                if self.cancel is not None and self.cancel.is_set():
                    self.nodes = nodes
                    raise _Cancelled
        self.nodes = nodes
        if not heap:
            return Outcome.UNWINNABLE, None  # every reachable position was seen
        return None, None

    def run_position(self, st):
        """DFS from a compact position. Returns (outcome, path of (move, autos)) where the
        first entry of the path may be (None, autos) for the automatic moves at the root."""
        start = time.perf_counter()
        deadline = None if self.max_seconds is None else start + self.max_seconds
        max_nodes = self.max_nodes
        cancel = self.cancel
        tb = self.tb
        total = tb.ncards
        tab, fnd, talon, p, r = st
        done: list = []
        tab = list(tab)
        fnd, talon, p = self._auto(tab, fnd, talon, p, done)
        st = (tuple(tab), fnd, talon, p, r)
        root_entry = (None, done)
        if sum(fnd) == total:
            return Outcome.WON, [root_entry]
        key = self.key
        k, rank = key(st)
        visited = {k: rank}
        self.visited = visited
        try_finish = self._try_finish
        expand = self._expand
        mark_shadow = self._mark_shadow
        shadows = tb.draw > 1
        frames = [[st, expand(st, None), 0]]
        path = [root_entry]
        nodes = 0
        check = CHECK_EVERY
        perf = time.perf_counter
        while frames:
            frame = frames[-1]
            kids = frame[1]
            i = frame[2]
            if i >= len(kids):
                frames.pop()
                path.pop()
                continue
            frame[2] = i + 1
            _score, k, rank, child, mv, done, last = kids[i]
            seen = visited.get(k)
            if seen is not None and seen <= rank:
                continue
            visited[k] = rank
            if shadows:
                mark_shadow(visited, k, child)
            nodes += 1
            if sum(child[1]) == total:
                self.nodes = nodes
                return Outcome.WON, path + [(mv, done)]
            finish = try_finish(child)
            if finish is not None:
                self.nodes = nodes
                return Outcome.WON, path + [(mv, done)] + finish
            if len(frames) <= DEADLOCK_DEPTH and hopeless(tb, child):
                continue  # lost whatever follows: see ``deadlock``
            # The path holds one move per frame below the root, pushed and popped with it.
            path.append((mv, done))
            frames.append([child, expand(child, last), 0])
            check -= 1
            if not check:
                check = CHECK_EVERY
                if max_nodes is not None and nodes >= max_nodes:
                    self.nodes = nodes
                    return Outcome.UNDECIDED, None
                if deadline is not None and perf() >= deadline:
                    self.nodes = nodes
                    return Outcome.UNDECIDED, None
                if cancel is not None and cancel.is_set():
                    self.nodes = nodes
                    raise _Cancelled
        self.nodes = nodes
        return Outcome.UNWINNABLE, None


def _first(item):
    return item[0]


def _target(mv) -> int:
    """The tableau pile a move lays a card on, or -1."""
    kind = mv[0]
    if kind == T2T or kind == SPLIT:
        return mv[2]
    if kind == W2T or kind == F2T:
        return mv[3]
    return -1


def _pop(pile: bytes, k: int) -> bytes:
    """Take ``k`` cards off a pile, turning up the new top card if it is face down."""
    rest = pile[:-k]
    d = rest[0]
    if d and len(rest) - 1 == d:
        return bytes((d - 1,)) + rest[1:]
    return rest


# ---------------------------------------------------------------------------------------
# From search moves to engine commands.


def _to_commands(state: State, rules: Rules, path) -> list[Command]:
    """Replay a search path on the engine state, as Move/Draw commands (each checked)."""
    mech = mechanics_for(rules)
    layout = mech.layout
    t0 = layout.tableau_range.start
    commands: list[Command] = []

    def do(cmd: Command) -> None:
        nonlocal state
        step = mech.check(state, cmd)
        state = apply_step(state, step)
        commands.append(cmd)

    def to_foundation(src: int) -> None:
        card = state.piles[src][-1]
        f = mech.foundation_for(state, card)
        if f is None:
            raise AssertionError("solver line: no foundation takes the card")
        do(Move(src, f, 1))

    def turn_to(card: int) -> None:
        guard = 0
        while not (state.piles[WASTE] and state.piles[WASTE][-1] == card):
            do(Draw())
            guard += 1
            if guard > 10 * (rules.card_count + 2):
                raise AssertionError("solver line: talon card never reached")

    for mv, done in path:
        if mv is not None:
            kind = mv[0]
            if kind == T2T:
                do(Move(t0 + mv[1], t0 + mv[2], mv[3]))
            elif kind == SPLIT:
                do(Move(t0 + mv[1], t0 + mv[2], mv[3]))
                to_foundation(t0 + mv[1])
            elif kind == T2F:
                to_foundation(t0 + mv[1])
            elif kind == W2F or kind == W2T:
                waste, stock = state.piles[WASTE], state.piles[STOCK]
                talon = tuple(waste) + tuple(reversed(stock))
                q = mv[1]
                turn_to(talon[q - 1])
                if kind == W2F:
                    to_foundation(WASTE)
                else:
                    do(Move(WASTE, t0 + mv[3], 1))
            else:
                _, s, h, j = mv
                for f in layout.foundation_range:
                    pile = state.piles[f]
                    if pile and SUIT[pile[-1]] == s and RANK[pile[-1]] == h:
                        do(Move(f, t0 + j, 1))
                        break
                else:
                    raise AssertionError("solver line: foundation card not found")
        for src in done:
            to_foundation(WASTE if src < 0 else t0 + src)
    return commands


def _best_first_plan(rules: Rules) -> tuple[float, tuple[int, ...], int]:
    """The best-first phase by the rules: (share of the budgets, the talon weight of each
    round, nodes per round when there is no node budget)."""
    if rules.decks > 1 and not rules.unlimited_redeals:
        return BEST_FIRST_SHARE_TWO_DECKS, BEST_FIRST_TALON_WEIGHTS, BEST_FIRST_ROUND_NODES
    return BEST_FIRST_SHARE, (ONE_DECK_TALON_WEIGHT,), BEST_FIRST_NODES


def solve(
    state: State,
    rules: Rules,
    *,
    max_nodes: int | None = 2_000_000,
    max_seconds: float | None = None,
    cancel: threading.Event | None = None,
) -> SolveResult:
    """Search for a winning line from ``state`` under ``rules`` (full knowledge of every card).

    WON with ``line`` (Move/Draw commands that replay from ``state`` to a won game),
    UNWINNABLE when the search space is exhausted, UNDECIDED when a budget ran out.
    A set ``cancel`` event stops the search within a few milliseconds (UNDECIDED,
    ``cancelled=True``).
    """
    start = time.perf_counter()
    position = _position(state, rules)
    if hopeless(_tables(rules), position):
        return SolveResult(Outcome.UNWINNABLE, None, 0, time.perf_counter() - start)
    nodes = 0
    path = None
    outcome = None
    # Phase 1: a short best-first search finds many long winning lines at once; with two
    # decks and limited redeals, rounds of it with different talon weights.
    share, weights, round_nodes = _best_first_plan(rules)
    bf_nodes = round_nodes * len(weights) if max_nodes is None else int(max_nodes * share)
    bf_end = None if max_seconds is None else start + max_seconds * share
    caches = SearchCaches()
    searcher = Searcher(rules, None, None, cancel, caches=caches)
    try:
        for weight in weights:
            left = None if bf_end is None else bf_end - time.perf_counter()
            # One weight (one deck): its single round takes the whole best-first budget.
            budget = min(round_nodes, bf_nodes - nodes) if len(weights) > 1 else bf_nodes
            if outcome is not None or budget <= 0 or (left is not None and left <= 0):
                break
            searcher = Searcher(rules, None, left, cancel, caches=caches, talon_weight=weight)
            outcome, path = searcher.run_best_first(position, budget)
            nodes += searcher.nodes
        # Phase 2: short depth-first probes in other move orders (each can also prove a
        # loss, if the space is small).
        probe_nodes = PROBE_NODES if max_nodes is None else int(max_nodes * PROBE_SHARE)
        probe_seconds = None if max_seconds is None else max_seconds * PROBE_SHARE
        for order in PROBE_ORDERS:
            if outcome is not None or probe_nodes <= 0:
                break
            searcher = Searcher(rules, probe_nodes, probe_seconds, cancel, order, caches)
            outcome, path = searcher.run_position(position)
            nodes += searcher.nodes
            if outcome is Outcome.UNDECIDED:
                outcome = None
        if outcome is None:
            # Phase 3: depth-first in the main order to the end of the budget.
            left_nodes = None if max_nodes is None else max(1, max_nodes - nodes)
            left_seconds = (
                None
                if max_seconds is None
                else max(0.0, max_seconds - (time.perf_counter() - start))
            )
            searcher = Searcher(rules, left_nodes, left_seconds, cancel, caches=caches)
            outcome, path = searcher.run_position(position)
            nodes += searcher.nodes
    except _Cancelled:
        return SolveResult(
            Outcome.UNDECIDED,
            None,
            nodes + searcher.nodes,
            time.perf_counter() - start,
            cancelled=True,
        )
    line = None
    if outcome is Outcome.WON:
        line = tuple(_to_commands(state, rules, path))
    seconds = time.perf_counter() - start
    return SolveResult(outcome, line, nodes, seconds)


def solve_deal(rules: Rules, seed: int, **budget) -> SolveResult:
    """Solve deal number ``seed`` from its start."""
    from game.engine.game import new_game

    return solve(new_game(rules, seed=seed).state, rules, **budget)


__all__ = [
    "Outcome",
    "SolveResult",
    "Searcher",
    "solve",
    "solve_deal",
    "IS_RED",
]
