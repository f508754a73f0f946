"""Fair hints, the auto-finish test and "is this still winnable?".

A hint must not use what the player cannot see: the face-down tableau cards and, before
the first redeal, the order of the stock (cards that have been through the waste once are
known). ``hint`` therefore *determinizes*: it deals the hidden cards into their hidden
places in several random orders, solves each such sample with the full solver, and plays
the first move that wins the most samples. The orders come from a generator seeded by the
visible cards only, and the hidden cards are taken as a sorted set, so permuting the hidden
cards of a position never changes its hint. When no sample is won in time, the best move by
a heuristic that looks only at visible cards is given; when nothing useful is left, None.

Where every tableau card is dealt face up (Saratoga), the full solver is used directly.
"""

from __future__ import annotations

import threading
import time
import zlib
from collections import OrderedDict

from game.engine.cards import RANK
from game.engine.commands import Command, Draw, Refused, mechanics_for
from game.engine.deal import shuffled
from game.engine.events import CardTurnedUp, StockTurned, apply_step
from game.engine.game import Game
from game.engine.rules import Rules
from game.engine.state import STOCK, WASTE, State

from .search import Outcome, Searcher, SolveResult, _position, _tables, _to_commands, solve

# Nodes the solver visits per second, roughly (used to turn a time budget into a node
# budget, so that a hint does not depend on the machine's speed unless it is very slow).
NODES_PER_SECOND = 20_000
DEFAULT_SAMPLES = 6


def _state_of(game_or_state: Game | State) -> State:
    return game_or_state.state if isinstance(game_or_state, Game) else game_or_state


def everything_visible(rules: Rules) -> bool:
    """Does this variant deal every tableau card face up (Saratoga)? Then hints may use
    the full solver."""
    return rules.face_up == "all"


def hidden_slots(state: State, rules: Rules) -> list[tuple[int, int]]:
    """(pile, position) of every card the player cannot see: face-down tableau cards and,
    before the first redeal, the stock."""
    mech = mechanics_for(rules)
    slots = [(t, i) for t in mech.tableau for i in range(state.down[t])]
    if state.redeals_used == 0:
        slots += [(STOCK, i) for i in range(len(state.piles[STOCK]))]
    return slots


def _visible_bytes(state: State, slots: list[tuple[int, int]]) -> bytes:
    """Everything the player can see (hidden cards as 254), as bytes."""
    hidden = set(slots)
    parts = []
    for p, pile in enumerate(state.piles):
        parts.append(255)
        parts.append(state.down[p] & 255)
        for i, card in enumerate(pile):
            parts.append(254 if (p, i) in hidden else card)
    return bytes(parts) + state.redeals_used.to_bytes(4, "little")


def _visible_signature(state: State, slots: list[tuple[int, int]]) -> int:
    return zlib.crc32(_visible_bytes(state, slots))


# Hints already worked out: position -> next command, for every position along the last
# winning lines found (up to the first card they turn up), so that following hints plays
# one line through instead of wavering between equally good ones. Keyed by what is
# visible (by the whole state where everything is visible), so hidden cards never matter.
_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 20_000


def _cache_key(state: State, rules: Rules):
    if everything_visible(rules):
        return (rules, state)
    return (rules, _visible_bytes(state, hidden_slots(state, rules)))


def _remember(state: State, rules: Rules, line, stop_at_reveal: bool) -> None:
    mech = mechanics_for(rules)
    for cmd in line:
        try:
            step = mech.check(state, cmd)
        except Refused:
            return
        _CACHE[_cache_key(state, rules)] = cmd
        _CACHE.move_to_end(_cache_key(state, rules))
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
        if stop_at_reveal and any(
            type(e) is CardTurnedUp or (type(e) is StockTurned and state.redeals_used == 0)
            for e in step
        ):
            return
        state = apply_step(state, step)


def clear_hint_cache() -> None:
    _CACHE.clear()


def determinized(state: State, rules: Rules, samples: int) -> list[State]:
    """``samples`` states that agree with ``state`` on every visible card, the hidden cards
    dealt into the hidden places in orders that depend only on what is visible."""
    slots = hidden_slots(state, rules)
    if not slots:
        return [state]
    cards = sorted(state.piles[p][i] for p, i in slots)
    seed = _visible_signature(state, slots)
    out = []
    for k in range(samples):
        order = shuffled(cards, (seed * 1_000_003 + k) & ((1 << 64) - 1))
        piles = [list(p) for p in state.piles]
        for (p, i), card in zip(slots, order, strict=True):
            piles[p][i] = card
        out.append(State(tuple(tuple(p) for p in piles), state.down, state.redeals_used))
    return out


# ---------------------------------------------------------------------------------------
# The visible-only heuristic.


def _useful_moves(state: State, rules: Rules) -> list[tuple[int, Command]]:
    """Legal commands worth considering, scored by what the player can see (higher first).
    Excludes moves that change nothing (a whole pile onto an empty pile), run splits that
    free nothing, and foundation cards coming back that nothing can use."""
    mech = mechanics_for(rules)
    piles = state.piles
    found = set(mech.foundations)
    scored: list[tuple[int, Command]] = []
    for cmd in mech.legal_moves(state):
        if isinstance(cmd, Draw):
            continue
        src, dst, n = cmd.source, cmd.target, cmd.count
        pile = piles[src]
        left = len(pile) - n
        if dst in found:
            card = pile[-1]
            score = 700
            if src in mech.tableau and left and state.down[src] >= left:
                score = 1000 + state.down[src]
            elif RANK[card] <= 2:
                score = 950
            scored.append((score, cmd))
            continue
        if src in found:
            continue  # foundation cards back: the solver finds those, not the heuristic
        if src == WASTE:
            scored.append((600, cmd))
            continue
        down = state.down[src]
        if left == 0:
            if not piles[dst]:
                continue
            scored.append((300, cmd))
        elif left == down:
            scored.append((900 + down, cmd))
        else:
            exposed = pile[left - 1]
            if mech.foundation_for(state, exposed) is not None:
                scored.append((500, cmd))
            elif not mech.builds_on(pile[left], exposed):
                scored.append((800 + left, cmd))  # digs down to a face-up card (Saratoga)
    if mech.can_draw(state) and _draw_may_help(state, rules):
        scored.append((400, Draw()))
    scored.sort(key=lambda item: -item[0])
    return scored


def _draw_may_help(state: State, rules: Rules) -> bool:
    """Could turning the stock bring up a playable card? Unseen stock cards might; seen
    ones are checked (the reachable ones, within the redeals left)."""
    if state.redeals_used == 0 and state.piles[STOCK]:
        return True
    mech = mechanics_for(rules)
    tb = _tables(rules)
    tab, fnd, talon, p, r = _position(state, rules)
    for q, _redeal, turns in tb.reach(len(talon), p, r):
        if turns == 0:
            continue
        card = talon[q - 1]
        if mech.foundation_for(state, card) is not None:
            return True
        for t in mech.tableau:
            if mech.tableau_takes(state.piles[t], card):
                return True
    return False


def heuristic_move(game_or_state: Game | State, rules: Rules) -> Command | None:
    """The best move by a visible-only heuristic, or None when nothing useful is left."""
    state = _state_of(game_or_state)
    moves = _useful_moves(state, rules)
    return moves[0][1] if moves else None


# ---------------------------------------------------------------------------------------
# Public API.


def hint(
    game_or_state: Game | State,
    rules: Rules,
    budget: float = 1.0,
    *,
    samples: int = DEFAULT_SAMPLES,
    nodes: int | None = None,
    cancel: threading.Event | None = None,
) -> Command | None:
    """The next move to suggest: a move of a winning line if one is found within about
    ``budget`` seconds, else the best heuristic move, else None ("no more moves").

    Never uses the identity of hidden cards (see the module text) except in variants whose
    tableau is dealt face up, where the full solver is used. ``nodes`` sets the node budget
    of each sample (default: from ``budget``); a set ``cancel`` event makes it return at
    once with the heuristic move.
    """
    state = _state_of(game_or_state)
    if state.cards_on_foundations(mechanics_for(rules).layout) == rules.card_count:
        return None
    cached = _CACHE.get(_cache_key(state, rules))
    if cached is not None:
        return cached
    fallback = heuristic_move(state, rules)
    if everything_visible(rules):
        per = nodes if nodes is not None else int(budget * NODES_PER_SECOND)
        res = solve(state, rules, max_nodes=per, max_seconds=budget * 1.5, cancel=cancel)
        if res.won and res.line:
            _remember(state, rules, res.line, stop_at_reveal=False)
            return res.line[0]
        return fallback
    samples = max(1, samples)
    per = nodes if nodes is not None else max(500, int(budget * NODES_PER_SECOND / samples))
    deadline = time.perf_counter() + budget * 1.5
    votes: dict[Command, int] = {}
    lines: dict[Command, tuple] = {}
    for sample in determinized(state, rules, samples):
        left = deadline - time.perf_counter()
        if left <= 0 or (cancel is not None and cancel.is_set()):
            break
        res = solve(sample, rules, max_nodes=per, max_seconds=left, cancel=cancel)
        if res.won and res.line:
            first = res.line[0]
            votes[first] = votes.get(first, 0) + 1
            lines.setdefault(first, res.line)
    if not votes:
        return fallback
    order = {cmd: i for i, (_, cmd) in enumerate(_useful_moves(state, rules))}
    best = min(votes, key=lambda c: (-votes[c], order.get(c, len(order)), repr(c)))
    if cancel is None or not cancel.is_set():
        _remember(state, rules, lines[best], stop_at_reveal=True)
    return best


def still_winnable(state: State, rules: Rules, budget: float = 1.0) -> bool | None:
    """Full knowledge: True if a winning line exists, False if none does, None if the
    search ran out of ``budget`` seconds."""
    res = solve(state, rules, max_nodes=None, max_seconds=budget)
    if res.outcome is Outcome.UNDECIDED:
        return None
    return res.won


def auto_finish_line(state: State, rules: Rules) -> list[Command] | None:
    """When every tableau card is face up and the rest is a plain collection (play cards up
    one by one, turning the stock as needed), the commands that do it; else None."""
    mech = mechanics_for(rules)
    if any(state.down[t] for t in mech.tableau):
        return None
    searcher = Searcher(rules)
    st = _position(state, rules)
    if sum(st[1]) == rules.card_count:
        return []
    line = searcher._greedy(st)
    if line is None:
        return None
    return _to_commands(state, rules, line)


def auto_finish_possible(state: State, rules: Rules) -> bool:
    """Every tableau card face up and the stock, the waste and the tableau collect to the
    foundations by plain plays (the UI may then offer to finish the game by itself)."""
    return auto_finish_line(state, rules) is not None


def first_move(result: SolveResult) -> Command | None:
    if result.line:
        return result.line[0]
    return None


__all__ = [
    "auto_finish_line",
    "auto_finish_possible",
    "determinized",
    "everything_visible",
    "heuristic_move",
    "hidden_slots",
    "hint",
    "still_winnable",
    "clear_hint_cache",
]
