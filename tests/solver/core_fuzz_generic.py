"""The compiled generic search's share of the core fuzz (core_fuzz.py calls it, against the
core built with AddressSanitizer and UBSan).

Valid calls: rule tables drawn from the engine's whole vocabulary (generic_cases.py) and
positions played on at random from their deals; the core's commands, their successors and
their order must be the engine's and the Python search's, and its searches' verdicts,
lines and states entered the Python searches' (the depth-first search and a best-first
round). Corrupted calls: every input native_generic.py
hands the core (each rule, each table, each pile, face-down count, redeal count and shown
mask, the budgets and the cancel event), one at a time out of range or of the wrong type;
the core must refuse each with a Python error.
"""

from __future__ import annotations

import random
import threading

from game.solver.compiled import generic as native_generic
from game.solver.compiled.generic import spec_for, state_for
from game.solver.generic.best_first import Weights, best_first
from game.solver.generic.search import GenericSearch, search
from game.solver.outcome import Outcome
from game.solver.specialised.expansion import Budget
from tests.solver.generic_cases import differences, late_games, random_rules
from tests.solver.small_positions import played

REFUSALS = (ValueError, TypeError, OverflowError)
SMALL_STATES = 300  # the state budget of both searches on a late game
DECIDED = {"generic": 0}  # valid generic searches Python decided
# Positions met so far, by rules: corrupted calls corrupt one of them (a late game costs
# some 40 ms of the engine's play, a corrupted call a millisecond).
MET: dict = {}

# Out-of-range values of each integer rule of the spec (native_generic._spec's order).
RULE_VALUES = {
    0: (0, 17, -1, 2**40),  # foundations
    1: (0, 13, -3),  # tableau piles
    2: (-1, 13),  # reserves
    3: (0, 5, -1, 2**31),  # decks
    4: (0, 11, -5),  # draw
    5: (-2, -(2**31), 2**31),  # redeal limit
    6: (-1, 4),  # stock target
    7: (2, -1),  # fill_empty_first
    8: (2, -1),  # move_runs
    9: (-1, 4),  # run kind
    10: (0, 2, -2),  # build step
    11: (2,),  # tableau wrap
    12: (-1, 14, 255),  # foundation base rank
    13: (2,),  # cards_may_return
    14: (-1, 14, 255),  # empty-pile rank
    15: (2,),  # empty takes any
    16: (3,),  # from reserve
    17: (-1, 9),  # cells
    18: (-1, 3),  # move limit
    19: (2,),  # foundations take runs
    20: (2, -1),  # group moves up
    21: (2,),  # deal needs every pile
    22: (-1, len(native_generic.GOALS)),  # goal: one past the last the core knows
    23: (2,),  # waste builds
    24: (2, -1),  # waste sink (the key's waste cut)
    25: (2, -1),  # safe moves up (the children's cut)
}
# The spec's tables: (index, most a value may be): the safe moves' heights a rank, rank and
# suit a card, wanted and up a rank, empty_takes a card, builds_on and links a pair (0 or 1).
TABLES = {26: 13, 27: 13, 28: 3, 29: 13, 30: 13, 31: 1, 32: 1, 33: 1}
WRONG_TYPES = (1.5, "3", None, b"\x01", (1,))


def rules_pool(rng: random.Random, count: int) -> list:
    """``count`` random rule tables, one of four of three or four decks (the core's most)."""
    decks = (None, None, None, 3, None, None, None, 4)
    return [random_rules(rng.randrange(10**6), decks[i % len(decks)]) for i in range(count)]


def played_on(rules, rng: random.Random):
    """A deal of ``rules`` played on at random."""
    return played(rules, rng.randrange(1, 10**6), rng.randrange(0, 120), rng, 0.5)


def valid_calls(core, rng: random.Random, rules) -> tuple[int, str | None]:
    """One position's commands listed (both orders) and one late game searched, in C and
    in Python, then a search at the edges of its budgets: (calls made, a difference)."""
    state = played_on(rules, rng)
    late = late_games(rules, rng, 1)[0]
    MET.setdefault(rules, []).extend((state, late))
    problems = differences(rules, state)
    if problems:
        return 2, f"generic moves differ at {state!r}: {problems[:3]}"
    python = search(GenericSearch(rules), late, Budget(), SMALL_STATES)
    in_c = native_generic.native_generic_search(rules, late, SMALL_STATES, None, None)
    if in_c != python:
        difference = f"{in_c[0]} {in_c[2]} / {python[0]} {python[2]} states"
        return 3, f"generic search differs at {late!r}: {difference}"
    DECIDED["generic"] += python[0] is not Outcome.UNDECIDED
    in_runs = native_generic.native_depth_first(rules, late, SMALL_STATES)
    in_runs.run(rng.randrange(1, SMALL_STATES), None, None)
    if in_runs.run(SMALL_STATES, None, None) != python:
        return 4, f"generic search in two runs differs at {late!r}"
    weight = rng.choice((Weights(), Weights(talon=7), Weights(7, 3, 6, 2)))
    python = best_first(GenericSearch(rules), late, Budget(), SMALL_STATES, weight)
    in_c = native_generic.native_generic_best_first(rules, late, SMALL_STATES, None, None, weight)
    if in_c != python:
        difference = f"{in_c[0]} {in_c[2]} / {python[0]} {python[2]} states"
        return 6, f"generic best-first round differs at {late!r}: {difference}"
    return 7, edge_budgets(core, rng, rules, rng.choice((state, late)))


def edge_budgets(core, rng: random.Random, rules, state) -> str | None:
    """The search at the edges of its budgets (2^62 or 2^63 - 1 states with a time budget
    of zero or next to it; one or two states with no time budget or the largest; a cancel
    event set or not): an answer within the state budget, never a crash."""
    most = rng.choice((1, 2, 2**62, 2**63 - 1))
    seconds = rng.choice((0.0, 1e-9, 1e-300)) if most > 2 else rng.choice((-1.0, 1e308))
    cancel = threading.Event()
    if rng.random() < 0.5:
        cancel.set()
    spec, shaped = spec_for(rules, state), state_for(rules, state)
    # The depth-first search, or a best-first round.
    weight = rng.choice((None, Weights(), Weights(15, 1, 2, 3)))
    if weight is None:
        search = core.generic_depth_first(spec, shaped, rng.choice((1, 10**6)))
        code, line, nodes = core.generic_depth_first_run(search, most, seconds, cancel)
    else:
        code, line, nodes = core.generic_best_first(spec, shaped, most, seconds, cancel, weight)
    if code not in (0, 1, 2, 3) or nodes > most or (line is None) == (code == 0):
        return (
            f"generic search {weight} at the edge of its budgets: {code} {nodes} {most} {seconds}"
        )
    return None


# -- corruptions of the spec: each returns the spec with one thing wrong -------------------


def _rule(rng, spec, ncards):
    field = rng.choice(tuple(RULE_VALUES))
    spec = list(spec)
    spec[field] = rng.choice((*RULE_VALUES[field], rng.choice(WRONG_TYPES)))
    if field == 6 and spec[2] == 0 and rng.random() < 0.5:
        spec[6] = 2  # a stock dealt to reserves, with none
    return tuple(spec)


def _table(rng, spec, ncards):
    """A card table (rank, suit, empty_takes), a rank table (wanted, up: 14 ranks of 0 to
    13) or a pair table (builds_on and links: 0 or 1) of the wrong length, value or
    type."""
    field = rng.choice(tuple(TABLES))
    table = bytearray(spec[field])
    most = TABLES[field]
    choice = rng.randrange(4)
    if choice == 0:
        table = table[:-1]
    elif choice == 1:
        table += b"\x00"
    elif choice == 2:
        table[rng.randrange(len(table))] = rng.randint(most + 1, 255)
    else:
        table = rng.choice((table.decode("latin-1"), table, list(table)))
    spec = list(spec)
    spec[field] = bytes(table) if isinstance(table, bytearray) and choice != 3 else table
    return tuple(spec)


def _spec_shape(rng, spec, ncards):
    return rng.choice((spec[:-1], (*spec, b""), list(spec), None, spec[:3]))


# -- corruptions of the state (piles, down, redeals used, shown) ---------------------------


def _card(rng, state, ncards, layout):
    """A card code past the decks, in place of one (so the count stays right)."""
    piles = list(state[0])
    full = [p for p, pile in enumerate(piles) if pile]
    p = rng.choice(full)
    pile = bytearray(piles[p])
    pile[rng.randrange(len(pile))] = rng.randint(ncards, 255)
    piles[p] = bytes(pile)
    return (tuple(piles), *state[1:])


def _twice(rng, state, ncards, layout):
    """One card in place of another (every count right, one card twice, one missing)."""
    piles = [bytearray(p) for p in state[0]]
    places = [(p, i) for p, pile in enumerate(piles) for i in range(len(pile))]
    (p, i), (q, j) = rng.sample(places, 2)
    piles[p][i] = piles[q][j]
    return (tuple(map(bytes, piles)), *state[1:])


def _count(rng, state, ncards, layout):
    """A card too many (one twice) or too few."""
    piles = list(state[0])
    full = [p for p, pile in enumerate(piles) if pile]
    p = rng.choice(full)
    if rng.random() < 0.5:
        piles[p] = piles[p][:-1]
    else:
        piles[rng.randrange(len(piles))] += piles[p][-1:]
    return (tuple(piles), *state[1:])


def _tall_foundation(rng, state, ncards, layout):
    """Fourteen cards or more on one foundation (a foundation holds a suit's thirteen)."""
    cards = [c for pile in state[0] for c in pile]
    piles = [b""] * len(state[0])
    f = rng.choice(layout["foundations"])
    tall = rng.randint(14, min(ncards, 40))
    piles[f] = bytes(cards[:tall])
    piles[0] = bytes(cards[tall:])
    return (tuple(piles), tuple(0 for _ in piles), *state[2:])


def _down(rng, state, ncards, layout):
    """A face-down count out of range: negative, past the decks' cards or a byte, not an
    int, or on a pile that has none (the stock, the waste, a foundation)."""
    down = list(state[1])
    choice = rng.randrange(3)
    if choice == 0:
        p = rng.randrange(len(down))
        down[p] = rng.choice((-1, ncards + 1, 256, 2**70, rng.choice(WRONG_TYPES)))
    else:
        down[rng.choice((0, 1, *layout["foundations"]))] = rng.randint(1, 20)
    return (state[0], tuple(down), *state[2:])


def _redeals(rng, state, ncards, layout):
    limit = layout["limit"]
    values = [-1, 10**9 + 1, 2**70, rng.choice(WRONG_TYPES)]
    if limit >= 0:
        values += [limit + 1, limit + rng.randint(2, 500)]  # more redeals than the rules allow
    return (*state[:2], rng.choice(values), state[3])


def _shown(rng, state, ncards, layout):
    """A shown mask negative, past 64 bits, not an int, on a pile that has no face-down
    part, or a shown tuple not of one mask a pile."""
    npiles = len(state[0])
    shown = list(state[3]) or [0] * npiles
    choice = rng.randrange(4)
    if choice == 0:
        shown[rng.randrange(npiles)] = rng.choice((-1, 2**64, 2**200, rng.choice(WRONG_TYPES)))
    elif choice == 1:
        shown[rng.choice((0, 1, *layout["foundations"]))] = rng.randint(1, 2**64 - 1)
    elif choice == 2:
        shown = shown[:-1] if rng.random() < 0.5 else [*shown, 0]
    else:
        return (*state[:3], [0] * npiles)
    return (*state[:3], tuple(shown))


def _state_shape(rng, state, ncards, layout):
    piles, down = state[0], state[1]
    return rng.choice(
        (
            (piles[:-1], down[:-1], *state[2:]),
            (piles, down[:-1], *state[2:]),
            ((*piles, b""), (*down, 0), *state[2:]),
            (tuple(list(p) for p in piles), *state[1:]),
            (tuple(p.decode("latin-1") for p in piles), *state[1:]),
            state[:3],
            list(state),
            (list(piles), *state[1:]),
        )
    )


SPEC_CORRUPTIONS = (_rule, _table, _spec_shape)
STATE_CORRUPTIONS = (
    _card,
    _twice,
    _count,
    _tall_foundation,
    _down,
    _redeals,
    _shown,
    _state_shape,
)


class _NoEvent:
    """A cancel argument with no ``is_set``."""


def corrupted_call(core, rng: random.Random, rules) -> str | None:
    """One generic call with one input wrong: None if the core refused it."""
    met = MET.setdefault(rules, [])
    if len(met) < 2:
        met.append(played_on(rules, rng))
    state = rng.choice(met)
    spec, shaped = spec_for(rules, state), state_for(rules, state)
    ncards = rules.card_count
    first = 2 + rules.foundations
    layout = {"foundations": list(range(2, first)), "limit": spec[5]}
    args = [spec, shaped, 50, -1.0, None]
    where = rng.randrange(10)
    if where < 3:
        corrupt = rng.choice(SPEC_CORRUPTIONS)
        args[0] = corrupt(rng, spec, ncards)
    elif where < 9:
        corrupt = rng.choice(STATE_CORRUPTIONS)
        args[1] = corrupt(rng, shaped, ncards, layout)
    else:  # the search's own arguments: budgets, the cancel event, a round's talon weight
        corrupt = rng.choice(("most", "seconds", "cancel", "weight"))
        if corrupt == "most":
            args[2] = rng.choice((0, -1, -(2**40), 2**63, 2**80, 2.5, "9", None))
        elif corrupt == "seconds":
            args[3] = rng.choice((float("nan"), "1", None, 10**400))
        elif corrupt == "cancel":
            args[4] = rng.choice((5, "set", _NoEvent(), b""))
    moves = where < 9 and rng.random() < 0.5
    if corrupt == "most" and rng.random() < 0.3:  # a search kept in the core, run on
        try:
            core.generic_depth_first_run(core.generic_depth_first(spec, shaped, 10), *args[2:])
        except REFUSALS:
            return None
        return f"generic most was not refused (a run): {args[2]!r}"
    if where >= 9 and rng.random() < 0.1:  # not a search of the core
        try:
            core.generic_depth_first_run(rng.choice((spec, "search", None)), 10, -1.0, None)
        except REFUSALS:
            return None
        return "generic run of something that is not a search was not refused"
    # A best-first round takes four weights (wrong ones where the weight is corrupted).
    wrong = (-1, 1001, 2**40, "3", None, 5, (0, 0, 0), (0, 0, 0, -1), (0, 1001, 0, 0))
    weight = rng.choice(wrong) if corrupt == "weight" else Weights(5, 1, 1, 1)
    best_first_round = corrupt == "weight" or rng.random() < 0.5
    try:
        if moves:
            core.generic_moves(args[0], args[1], rng.random() < 0.5)
        elif best_first_round:
            core.generic_best_first(*args, weight)
        else:  # a depth-first search kept in the core, made from the same inputs and run
            core.generic_depth_first_run(core.generic_depth_first(*args[:2], 10), *args[2:])
    except REFUSALS:
        return None
    name = corrupt if isinstance(corrupt, str) else corrupt.__name__
    call = "moves" if moves else "best-first" if best_first_round else "search"
    return f"generic {name} was not refused ({call}): {args[1]!r}"
