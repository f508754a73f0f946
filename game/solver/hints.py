"""Fair hints, the auto-finish test and "is this still winnable?".

A hint must not use what the player cannot see: the face-down tableau cards and, before
the first redeal, the order of the stock (cards that have been through the waste once are
known). This holds in every variant, Saratoga included: its tableau is dealt face up, but
its stock is not. ``hint`` therefore *determinizes*: it deals the hidden cards into their
hidden places in several random orders, solves each such sample with the full solver, and
plays the first move that wins the most samples. The orders come from a generator seeded
by the visible cards only, and the hidden cards are taken as a sorted set, so permuting
the hidden cards of a position never changes its hint. When no sample is won in time,
the best move by a heuristic that looks only at visible cards is given; when nothing
useful is left, None.

Hints already worked out are kept in a ``HintCache`` owned by the caller (one per game
window, say): for every position along the winning line found, up to the first card it
turns up, the next command, so that following hints plays one line through instead of
wavering between equally good ones. It is keyed by what is visible, so hidden cards never
matter, and it is safe to share between threads.
"""

from __future__ import annotations

import threading
import time
import zlib
from collections import OrderedDict
from dataclasses import dataclass, replace

from game.engine.cards import RANK
from game.engine.commands import Command, Draw, Refused, mechanics_for
from game.engine.deal import shuffled
from game.engine.events import CardTurnedUp, StockTurned, apply_step
from game.engine.game import Game
from game.engine.rules import Rules
from game.engine.state import STOCK, WASTE, State
from game.solver.coverage import specialised_covers
from game.solver.outcome import Outcome
from game.solver.solve import collection_commands, solve
from game.solver.specialised.position import position_of
from game.solver.specialised.tables import tables_for

# Nodes the solver visits per second, roughly (used to turn a time budget into a node
# budget, so that a hint does not depend on the machine's speed unless it is very slow).
NODES_PER_SECOND = 20_000
DEFAULT_SAMPLES = 6
# A hint answers within this many times its budget: the samples share the budget's nodes,
# and the clock stops them at this much of it (a slow machine gets the heuristic move).
REACH = 1.5
# When no sample finds a winning line and time is left in the budget, the samples search
# again with this many times the positions.
ESCALATION = 4


def hint_reach(budget: float) -> float:
    """The seconds within which a hint of ``budget`` seconds answers."""
    return budget * REACH


@dataclass(frozen=True, slots=True)
class HintAnswer:
    """A hint and what it rests on: ``winning`` when ``command`` is the first move of a
    winning line found (in most of the sampled orders of the hidden cards), False when no
    line was found in time and it is the heuristic's move (not known to win); ``command``
    None when no useful move is left."""

    command: Command | None
    winning: bool


def _state_of(game_or_state: Game | State) -> State:
    return game_or_state.state if isinstance(game_or_state, Game) else game_or_state


def hidden_slots(state: State, rules: Rules) -> list[tuple[int, int]]:
    """(pile, position) of every card the player cannot see: face-down tableau cards and,
    before the first redeal, the stock."""
    mechanics = mechanics_for(rules)
    slots = [
        (pile, at)
        for pile in mechanics.tableau
        for at in range(state.down[pile])
        if not state.face_up(pile, at)
    ]
    if state.redeals_used == 0:
        slots += [(STOCK, at) for at in range(len(state.piles[STOCK]))]
    return slots


def _visible_bytes(state: State, slots: list[tuple[int, int]]) -> bytes:
    """Everything the player can see (hidden cards as 254), as bytes. A card int past 252
    (a deck of chosen suits numbers its cards far past its count: Spider's one suit to 415)
    is 253 and then two bytes of its own; every other card is its one byte, as before, so
    the hints' samples (seeded from these bytes) are those of every other game unchanged."""
    hidden = set(slots)
    parts = bytearray()
    for index, pile in enumerate(state.piles):
        parts.append(255)
        parts.append(state.down[index] & 255)
        for at, card in enumerate(pile):
            if (index, at) in hidden:
                parts.append(254)
            elif card < 253:
                parts.append(card)
            else:
                parts.append(253)
                parts += card.to_bytes(2, "little")
    return bytes(parts) + state.redeals_used.to_bytes(4, "little")


class HintCache:
    """Hints already worked out: what is visible of a position -> the next command.
    Bounded (the oldest go first) and safe to use from several threads."""

    def __init__(self, size: int = 20_000) -> None:
        self.size = size
        self._entries: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def key(state: State, rules: Rules):
        return (rules, _visible_bytes(state, hidden_slots(state, rules)))

    def get(self, state: State, rules: Rules) -> Command | None:
        with self._lock:
            return self._entries.get(self.key(state, rules))

    def remember(self, state: State, rules: Rules, line) -> None:
        """Remember the next command of every position along ``line`` from ``state``, up
        to the first step that shows the player a card (a turn-up, or a stock turn before
        the first redeal): beyond it the line may rest on what the hint could not see."""
        mechanics = mechanics_for(rules)
        for command in line:
            try:
                step = mechanics.check(state, command)
            except Refused:
                return
            key = self.key(state, rules)
            with self._lock:
                self._entries[key] = command
                self._entries.move_to_end(key)
                while len(self._entries) > self.size:
                    self._entries.popitem(last=False)
            if any(
                type(e) is CardTurnedUp or (type(e) is StockTurned and state.redeals_used == 0)
                for e in step
            ):
                return
            state = apply_step(state, step)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


def determinized(state: State, rules: Rules, samples: int) -> list[State]:
    """``samples`` states that agree with ``state`` on every visible card, the hidden cards
    dealt into the hidden places in orders that depend only on what is visible (one state,
    ``state`` itself, when nothing is hidden)."""
    slots = hidden_slots(state, rules)
    if not slots:
        return [state]
    cards = sorted(state.piles[pile][at] for pile, at in slots)
    seed = zlib.crc32(_visible_bytes(state, slots))
    out = []
    for k in range(samples):
        order = shuffled(cards, (seed * 1_000_003 + k) & ((1 << 64) - 1))
        piles = [list(pile) for pile in state.piles]
        for (pile, at), card in zip(slots, order, strict=True):
            piles[pile][at] = card
        out.append(replace(state, piles=tuple(map(tuple, piles))))
    return out


# ---------------------------------------------------------------------------------------
# The visible-only heuristic.


def useful_moves(state: State, rules: Rules) -> list[tuple[int, Command]]:
    """Legal commands worth considering, scored by what the player can see (higher first).
    Excludes moves that change nothing (a whole pile onto an empty pile), run splits that
    free nothing, and foundation cards coming back that nothing can use."""
    mechanics = mechanics_for(rules)
    piles = state.piles
    found = set(mechanics.foundations)
    scored: list[tuple[int, Command]] = []
    draw_legal = False
    for cmd in mechanics.legal_moves(state):
        if isinstance(cmd, Draw):
            draw_legal = True
            continue
        src, dst, n = cmd.source, cmd.target, cmd.count
        pile = piles[src]
        left = len(pile) - n
        if dst in found:
            card = pile[-1]
            score = 700
            if src in mechanics.tableau and left and state.down[src] >= left:
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
            if mechanics.foundation_for(state, exposed) is not None:
                scored.append((500, cmd))
            elif not mechanics.builds_on(pile[left], exposed):
                scored.append((800 + left, cmd))  # digs down to a face-up card (Saratoga)
    if draw_legal and _draw_may_help(state, rules):
        scored.append((400, Draw()))
    scored.sort(key=lambda item: -item[0])
    return scored


def _draw_may_help(state: State, rules: Rules) -> bool:
    """Could turning the stock bring up a playable card? Unseen stock cards might; seen
    ones are checked (the reachable ones, within the redeals left)."""
    if state.redeals_used == 0 and state.piles[STOCK]:
        return True
    if not specialised_covers(rules):
        return True  # where the stock's cards go is the engine's to say: it may help
    mechanics = mechanics_for(rules)
    _tableau, _foundations, talon, waste, redeals = position_of(state, rules)
    for at, _redeal, turns in tables_for(rules).talon_reach(len(talon), waste, redeals):
        if turns == 0:
            continue
        card = talon[at - 1]
        if mechanics.foundation_for(state, card) is not None:
            return True
        for pile in mechanics.tableau:
            if mechanics.tableau_takes(state.piles[pile], card):
                return True
    return False


def heuristic_move(game_or_state: Game | State, rules: Rules) -> Command | None:
    """The best move by a visible-only heuristic, or None when nothing useful is left."""
    state = _state_of(game_or_state)
    moves = useful_moves(state, rules)
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
    cache: HintCache | None = None,
) -> Command | None:
    """The next move to suggest: a move of a winning line if one is found within about
    ``budget`` seconds, else the best heuristic move, else None ("no more moves").

    Never uses the identity of hidden cards (see the module text). ``nodes`` sets the node
    budget of each sample (default: from ``budget``); a set ``cancel`` event makes it
    return at once with the heuristic move. ``cache``: the caller's HintCache (none: a new
    one for this hint alone, nothing kept after it). ``explained_hint`` also says whether the
    move is of a winning line.
    """
    return explained_hint(
        game_or_state, rules, budget, samples=samples, nodes=nodes, cancel=cancel, cache=cache
    ).command


def explained_hint(
    game_or_state: Game | State,
    rules: Rules,
    budget: float = 1.0,
    *,
    samples: int = DEFAULT_SAMPLES,
    nodes: int | None = None,
    cancel: threading.Event | None = None,
    cache: HintCache | None = None,
) -> HintAnswer:
    """``hint``, with whether its move is of a winning line (``HintAnswer``); it answers
    within ``hint_reach(budget)`` seconds."""
    state = _state_of(game_or_state)
    if cache is None:  # the caller keeps none: what this search learns goes with it
        cache = HintCache()
    if mechanics_for(rules).won(state):
        return HintAnswer(None, False)
    cached = cache.get(state, rules)
    if cached is not None:
        return HintAnswer(cached, True)
    fallback = heuristic_move(state, rules)
    worlds = determinized(state, rules, max(1, samples))
    per = nodes if nodes is not None else max(500, int(budget * NODES_PER_SECOND / len(worlds)))
    started = time.perf_counter()
    deadline = started + hint_reach(budget)
    votes: dict[Command, int] = {}
    lines: dict[Command, tuple] = {}
    open_worlds = worlds
    while True:
        open_worlds = _hint_round(open_worlds, rules, per, deadline, cancel, votes, lines)
        # A round that found a winning line is the answer, as a fixed node budget gives it
        # (the same hint on every machine). A round that found none, with time left in the
        # budget, is searched again with four times the positions: a compiled search spends
        # the first budget in hundredths of a second, and "not known" should mean the time
        # ran out, not a count set for a slower search. A caller's own ``nodes`` is kept.
        if votes or not open_worlds or nodes is not None:
            break
        if time.perf_counter() - started >= budget or (cancel is not None and cancel.is_set()):
            break
        per *= ESCALATION
    if not votes:
        return HintAnswer(fallback, False)
    order = {cmd: i for i, (_, cmd) in enumerate(useful_moves(state, rules))}
    best = min(votes, key=lambda c: (-votes[c], order.get(c, len(order)), repr(c)))
    if cancel is None or not cancel.is_set():
        cache.remember(state, rules, lines[best])
    return HintAnswer(best, True)


def _hint_round(
    worlds: list[State],
    rules: Rules,
    per: int,
    deadline: float,
    cancel: threading.Event | None,
    votes: dict[Command, int],
    lines: dict[Command, tuple],
) -> list[State]:
    """Search each of ``worlds`` for ``per`` positions (stopped at ``deadline``), counting
    the first move of each winning line in ``votes`` (its line in ``lines``); returns the
    worlds whose search used up its positions, the ones a bigger budget might still win
    (not those stopped by the clock, nor those with nothing left to try)."""
    undecided = []
    for world in worlds:
        left = deadline - time.perf_counter()
        if left <= 0 or (cancel is not None and cancel.is_set()):
            break
        res = solve(
            world, rules, max_nodes=per, max_seconds=left, cancel=cancel, prove_losses=False
        )
        if res.won and res.line:
            first = res.line[0]
            votes[first] = votes.get(first, 0) + 1
            lines.setdefault(first, res.line)
        elif res.outcome is Outcome.UNDECIDED and res.nodes >= per:
            undecided.append(world)  # stopped by its count: more positions may win it
    return undecided


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
    return collection_commands(state, rules)


def auto_finish_possible(state: State, rules: Rules) -> bool:
    """Every tableau card face up and the stock, the waste and the tableau collect to the
    foundations by plain plays (the UI may then offer to finish the game by itself)."""
    return auto_finish_line(state, rules) is not None
