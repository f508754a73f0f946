"""The differential fuzz of the compiled core (test_core_fuzz.py runs it in a subprocess,
against a core built with AddressSanitizer and UBSan).

Random rule tables (every choice the engine's schema allows: 1 to 4 decks, 1 to 12
piles, each building rule and empty-pile rule, draws of 1 to 10, 0 to 1000 redeals or
unlimited) and random positions of them: valid ones, whose every search must equal the
Python one, and corrupted ones (a card, count, size, draw or table entry out of range),
which the core must refuse with a Python error. A quarter of the calls go to the generic
search instead (core_fuzz_generic.py: tables of the engine's whole vocabulary). Run as
``python -m tests.solver.core_fuzz CORE.so SEED CALLS``; prints one JSON summary line and
exits 1 at the first difference or unrefused corruption.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys

from game.engine.cards import make_card
from game.engine.policies import DOWN, Build, EmptyPile, FaceUp
from game.engine.rules import Rules
from game.solver.compiled import generic as native_generic
from game.solver.compiled import native
from game.solver.outcome import Outcome
from game.solver.specialised.best_first import best_first
from game.solver.specialised.deadlock import hopeless
from game.solver.specialised.depth_first import depth_first
from game.solver.specialised.expansion import Budget, Expander
from game.solver.specialised.moves import MoveGenerator
from game.solver.specialised.tables import tables_for
from tests.solver import core_fuzz_generic

REFUSALS = (ValueError, TypeError, OverflowError)
DECIDED = {"depth-first": 0}  # valid searches Python decided (then compared in full)
GENERIC_SHARE = 0.25  # of the calls, to the generic search (core_fuzz_generic.py)
GENERIC_CORRUPTED = 0.9  # of those, corrupted (a valid one costs some 60 ms in Python)
GENERIC_TABLES = 16  # random rule tables of the whole vocabulary
DEALT_MAX = 30  # the schema's largest pile count: every pile the engine deals fits


def random_rules(rng: random.Random) -> Rules:
    decks = rng.choice((1, 1, 1, 2, 2, 3, 4))
    piles = rng.randint(1, 12)
    redeals = rng.choice((None, 0, 1, 2, 3, rng.randint(0, 1000), rng.choice((127, 128, 255, 256))))
    return Rules(
        variant="fuzz",
        name="Fuzz",
        mode="m",
        mode_label="M",
        decks=decks,
        tableau_piles=piles,
        deal_counts=tuple(range(1, piles + 1)),
        face_up=FaceUp.TOP,
        build=rng.choice([b for b in Build if b.direction == DOWN]),  # the solver's builds
        move_runs=rng.random() < 0.8,
        empty_accepts=rng.choice([EmptyPile.KING, EmptyPile.ANY, EmptyPile.NONE]),
        foundations=4 * decks,
        cards_may_return=rng.random() < 0.5,
        draw=rng.choice((1, 1, 3, rng.randint(1, 10))),
        redeals=redeals,
    )


def random_position(rng: random.Random, rules: Rules) -> tuple:
    """A position of ``rules``: every card once, on a foundation (heights falling within
    a suit), in a pile (at most 30 cards, its top face up) or in the talon. Foundations
    mostly high, so that most searches end within a small budget."""
    decks = rules.decks
    floor = rng.choice((0, 4, 7, 9, 10, 11))
    foundations: list[int] = []
    rest: list[int] = []
    for suit in range(4):
        heights = sorted((rng.randint(floor, 13) for _ in range(decks)), reverse=True)
        foundations += heights
        for rank in range(1, 14):
            up = sum(h >= rank for h in heights)
            copies = rng.sample(range(decks), decks - up)
            rest += [make_card(rank, suit, d) for d in copies]
    rng.shuffle(rest)
    npiles = rules.tableau_piles
    in_piles = rng.randint(max(0, len(rest) - 3 * 52), len(rest)) if rest else 0
    in_piles = min(in_piles, npiles * DEALT_MAX)
    cuts = sorted(rng.randint(0, in_piles) for _ in range(npiles - 1))
    bounds = [0, *cuts, in_piles]
    piles = [rest[bounds[i] : bounds[i + 1]] for i in range(npiles)]
    # Piles past 30 cards hand their surplus to the talon.
    talon = rest[in_piles:]
    for pile in piles:
        while len(pile) > DEALT_MAX:
            talon.append(pile.pop())
    tableau = tuple(
        bytes((rng.randint(0, max(0, len(pile) - 1)) if pile else 0, *pile)) for pile in piles
    )
    waste = rng.randint(0, len(talon))
    limit = rules.redeals
    redeals = rng.randint(0, 3) if limit is None else rng.choice((0, limit, rng.randint(0, limit)))
    return tableau, tuple(foundations), bytes(talon), waste, redeals


# -- corruptions: each returns (spec, position, cone) with one thing out of range ----------


def _pile_card(rng, spec, pos, cone, ncards):
    tableau = list(pos[0])
    i = rng.randrange(len(tableau))
    tableau[i] = tableau[i] + bytes((rng.randint(ncards, 255),))
    return spec, (tuple(tableau), *pos[1:]), cone


def _talon_card(rng, spec, pos, cone, ncards):
    return spec, (pos[0], pos[1], pos[2] + bytes((rng.choice((250, ncards, 255)),)), *pos[3:]), cone


def _twice(rng, spec, pos, cone, ncards):
    cards = [c for pile in pos[0] for c in pile[1:]] + list(pos[2])
    if not cards:
        return _talon_card(rng, spec, pos, cone, ncards)
    return spec, (pos[0], pos[1], pos[2] + bytes((rng.choice(cards),)), *pos[3:]), cone


def _missing(rng, spec, pos, cone, ncards):
    if pos[2]:
        return spec, (pos[0], pos[1], pos[2][1:], min(pos[3], len(pos[2]) - 1), pos[4]), cone
    foundations = list(pos[1])
    foundations[0] = 13 if foundations[0] < 13 else 0
    return spec, (pos[0], tuple(foundations), *pos[2:]), cone


def _face_down(rng, spec, pos, cone, ncards):
    tableau = list(pos[0])
    i = rng.randrange(len(tableau))
    pile = tableau[i]
    # As many face-down cards as cards or more (a face-down count on an empty pile).
    down = rng.choice((max(1, len(pile) - 1), len(pile), 200, 255))
    tableau[i] = bytes((down,)) + pile[1:]
    return spec, (tuple(tableau), *pos[1:]), cone


def _long_pile(rng, spec, pos, cone, ncards):
    tableau = list(pos[0])
    tableau[0] = bytes((0,)) + bytes(range(45))
    return spec, (tuple(tableau), *pos[1:]), cone


def _waste(rng, spec, pos, cone, ncards):
    waste = rng.choice((len(pos[2]) + 1, 120, 255, 256, -1, -(2**40), 2**40))
    return spec, (*pos[:3], waste, pos[4]), cone


def _redeals(rng, spec, pos, cone, ncards):
    limit = spec[3]
    values = [-1, -(2**33), 2**70]
    if limit >= 0:
        values += [limit + 1, limit + 300, 2**20]
    return spec, (*pos[:4], rng.choice(values)), cone


def _height(rng, spec, pos, cone, ncards):
    foundations = list(pos[1])
    i = rng.randrange(len(foundations))
    foundations[i] = rng.choice((14, 255, -1, 2**64, "K", None, 1.5))
    return spec, (pos[0], tuple(foundations), *pos[2:]), cone


def _rising(rng, spec, pos, cone, ncards):
    decks = spec[0]
    if decks == 1:
        return _height(rng, spec, pos, cone, ncards)
    foundations = list(pos[1])
    foundations[0], foundations[1] = 3, 9
    return spec, (pos[0], tuple(foundations), *pos[2:]), cone


def _shape(rng, spec, pos, cone, ncards):
    choice = rng.randrange(7)
    if choice == 0:
        return spec, (pos[0] + (b"\x00",), *pos[1:]), cone
    if choice == 1:
        return spec, (pos[0], pos[1] + (0,), *pos[2:]), cone
    if choice == 2:
        return spec, (tuple(list(p) for p in pos[0]), *pos[1:]), cone
    if choice == 3:
        return spec, pos[:4], cone
    if choice == 4:
        return spec, list(pos), cone
    if choice == 5:
        return spec, (pos[0], pos[1], pos[2].decode("latin-1"), *pos[3:]), cone
    return spec, (tuple(b"" for _ in pos[0]), *pos[1:]), cone


SPEC_VALUES = {
    0: (0, 5, -1, 2**40),  # decks
    1: (0, 13, -3, 255),  # piles
    2: (0, 11, -1, 2**31),  # draw
    3: (-2, 16384, 2**31 - 1),  # redeals
    4: (2, -1),  # runs
    5: (3, -1),  # empty-pile rule
    6: (2,),  # may return
    7: (0, 2, -2),  # talon order
    8: (-1, 10**6),  # move score
    9: (2,),  # all splits
}


def _spec(rng, spec, pos, cone, ncards):
    spec = list(spec)
    field = rng.choice((*SPEC_VALUES, 10, 11, 12))
    if field in SPEC_VALUES:
        spec[field] = rng.choice(SPEC_VALUES[field])
    elif field == 10:
        builds = bytearray(spec[10])
        choice = rng.randrange(3)
        if choice == 0:
            builds = builds[:-1]
        elif choice == 1:
            builds[rng.randrange(len(builds))] = rng.randint(2, 255)
        else:
            builds[(255 << 8) | rng.randrange(ncards)] = 1  # a card past the decks
        spec[10] = bytes(builds)
    elif field == 11:
        takes = bytearray(spec[11])
        if rng.random() < 0.5:
            takes += b"\x01"
        else:
            takes[rng.randrange(len(takes))] = 7
        spec[11] = bytes(takes)
    else:
        spec = spec[:-1]
    return tuple(spec), pos, cone


def _cone(rng, spec, pos, cone, ncards):
    row = bytearray(cone)
    card = rng.randrange(ncards)
    choice = rng.randrange(4)
    if choice == 0:
        row = row[:-1]
    elif choice == 1:
        row[card * 19] = 3
    elif choice == 2:
        row[card * 19] = 1
        row[card * 19 + 1] = 5
    else:
        row[card * 19] = 1
        row[card * 19 + 1] = 1
        row[card * 19 + 2 + rng.randrange(2)] = 200
    return spec, pos, bytes(row)


CORRUPTIONS = (
    _pile_card,
    _talon_card,
    _twice,
    _missing,
    _face_down,
    _long_pile,
    _waste,
    _redeals,
    _height,
    _rising,
    _shape,
    _spec,
    _cone,
)


def corrupted_call(core, rng, tables) -> str | None:
    """One call with something out of range: None if refused with a Python error."""
    spec, cone = native._spec(tables, False, False), native._cone(tables)
    corrupt = rng.choice(CORRUPTIONS)
    position = random_position(rng, tables.rules)
    spec, pos, cone = corrupt(rng, spec, position, cone, tables.card_count)
    which = rng.randrange(3)
    try:
        if which == 0:
            core.depth_first(spec, pos, 50, -1.0, None)
        elif which == 1:
            core.best_first(spec, pos, 50, -1.0, None, rng.choice((0, 7, -1, 5000)), cone)
        else:
            core.hopeless(spec, pos)
    except REFUSALS:
        return None
    if corrupt is _cone and which != 1:
        return None  # only best-first reads the cone rule
    return f"{corrupt.__name__} was not refused (call {which})"


def valid_calls(core, rng, tables) -> tuple[int, str | None]:
    """One position, searched three ways in C and in Python: (calls made, a difference)."""
    position = random_position(rng, tables.rules)
    calls = 0
    if core.hopeless(native._spec(tables, False, False), position) != hopeless(tables, position):
        return 1, "hopeless differs"
    calls += 1
    budget = rng.choice((30, 100, 300))
    expander = Expander(MoveGenerator(tables, sound=True))
    py_outcome, py_path, py_nodes = depth_first(expander, position, Budget(budget))
    c_outcome, c_path, c_nodes = native.native_depth_first(tables, position, budget, None, None)
    calls += 1
    if py_outcome is not Outcome.UNDECIDED:
        DECIDED["depth-first"] += 1
        if (c_outcome, c_path, c_nodes) != (py_outcome, py_path, py_nodes):
            return calls, f"depth-first differs: {c_outcome} {c_nodes} / {py_outcome} {py_nodes}"
    elif c_outcome is not Outcome.UNDECIDED and c_nodes <= budget:
        # The core looks at its budget every few thousand positions: it may decide past
        # the Python search's budget, never within it.
        return calls, f"depth-first decided within the budget Python did not: {c_outcome}"
    weight = rng.choice((0, 7, 20))
    fast = Expander(MoveGenerator(tables, sound=False))
    py = best_first(fast, position, budget, Budget(), weight)
    in_c = native.native_best_first(tables, position, budget, None, None, weight)
    calls += 1
    if in_c != py:
        return calls, f"best-first differs: {in_c[1]} / {py[1]} positions at {position!r} {weight}"
    return calls, None


def main(core_path: str, seed: int, calls: int) -> int:
    spec = importlib.util.spec_from_file_location("game.solver.compiled._core", core_path)
    core = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(core)
    native._core = native_generic._core = core  # native_* now call the sanitized core
    rng = random.Random(seed)
    tables_pool = [tables_for(random_rules(rng)) for _ in range(24)]
    generic_pool = core_fuzz_generic.rules_pool(rng, GENERIC_TABLES)
    made = 0
    counts = dict.fromkeys(("refused", "valid", "generic_refused", "generic_valid"), 0)
    while made < calls:
        generic = rng.random() < GENERIC_SHARE
        if generic:
            rules = rng.choice(generic_pool)
            corrupted = rng.random() < GENERIC_CORRUPTED
            fuzz = (core_fuzz_generic.corrupted_call, core_fuzz_generic.valid_calls, rules)
        else:
            tables = rng.choice(tables_pool)
            corrupted = rng.random() < 0.75
            fuzz, rules = (corrupted_call, valid_calls, tables), tables.rules
        corrupt_one, valid_ones, pool = fuzz
        if corrupted:
            used, problem = 1, corrupt_one(core, rng, pool)
        else:
            used, problem = valid_ones(core, rng, pool)
        made += used
        if problem:
            print(json.dumps({"problem": problem, "rules": repr(rules), "calls": made}))
            return 1
        counts[("generic_" if generic else "") + ("refused" if corrupted else "valid")] += used
    summary = {"calls": made, **counts, "tables": len(tables_pool) + len(generic_pool)}
    summary["max_decks"] = max(t.decks for t in tables_pool)
    summary["generic_max_decks"] = max(r.decks for r in generic_pool)
    summary["decided"] = DECIDED["depth-first"]
    summary["generic_decided"] = core_fuzz_generic.DECIDED["generic"]
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
