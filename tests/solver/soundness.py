"""Soundness per game: on hundreds of small positions of each game, the solver's verdict
equals that of a plain exhaustive search with no cuts and no dominance.

For a game the specialised solver is proved for (``coverage.specialised_covers``), its
verdict (every cut, the relaxed loss proof, the compiled core where built) is held to the
generic search's (``generic``: every legal command of the engine, a transposition table of
whole states, nothing else). For a game outside, ``solve`` is the generic search itself, so
its wins are replayed through the engine and its losses held to a breadth-first walk over
every reachable state, written here with no move order and no budget but a count of states.

The positions (``small_positions``): real deals played on at random and thinned to a few
high cards per suit (late games), and the same cards dealt again at random onto a few piles
and the talon (blocked positions, which late games seldom are). A position the exhaustive
search cannot finish within its budget is skipped and counted; at most a fifth may be (more
in the games named below).

The tests are in one file per family (``test_soundness_*.py``), so that the families'
games run on all the cores: pytest-xdist gives each file to one worker.
"""

from __future__ import annotations

import dataclasses
import random
import time

from game.engine.cards import CARDS_PER_DECK
from game.engine.commands import mechanics_for
from game.engine.events import apply_step
from game.engine.families import Family
from game.engine.game import new_game
from game.solver import Outcome, solve
from game.solver.coverage import specialised_covers
from game.solver.generic.search import every_line, generic_solve
from game.solver.generic.space import has_copies
from game.variants import get_variant
from tests.solver.small_positions import (
    buried,
    engine_thinned,
    played,
    replays_to_a_win,
    scrambled,
    thinned,
)
from tests.variant_ids import FAMILY

# The games, each in all its deal modes (taken in turn): every game of the variants folder.
GAMES = ["klondike", "saratoga", "double-klondike", *FAMILY]
POSITIONS = 500  # decided positions per game, every game
MOST_SKIPPED = 0.2  # share of positions the exhaustive search may leave undecided
# Where the thinning cannot make positions small (foundations that take only whole runs,
# or none: the cards stay on the tableau), more are left undecided; 500 are decided all the
# same (Spider: of 3,700 positions, 3,200 undecided within 6,000 states).
MOST_SKIPPED_BY_GAME = {"spider": 0.9, "spiderette": 0.75, "scorpion": 0.5, "bakers-dozen": 0.3}
# The share of the positions that must be lost (so that the loss proofs are tried).
LEAST_LOST = 0.03
# Games whose late games, thinned and scrambled, block often enough of themselves (3% of
# 500 positions lost at least). The others (almost) never block for good: with two decks
# each card has four cards to lie on; the family's generous rules give any card an empty
# pile or several cards to lie on (none of 500 such positions was lost in six of these
# games, none of 2,000 with two decks). These get *buried* positions too (every pile
# filled, each suit's next card under others): 1-11% of their 500 are then lost. A game
# added since is taken as one of these until it is shown to block often.
BLOCKED_OFTEN = ["klondike", "saratoga", "easthaven", "agnes", "athena", "yukon", "lady-jane"]
BLOCKED_RARELY = [variant for variant in GAMES if variant not in BLOCKED_OFTEN]
LEAST_LOST_BY_GAME = dict.fromkeys(BLOCKED_RARELY, 0.005)
# The FreeCell family's cells hold what blocks a pile: of 500 small positions of each, thinned,
# scrambled or buried, none was lost. Their verdicts are held to the exhaustive search all
# the same (every win replayed, every loss walked), the losses proved in tests of their own
# (the cell cut: test_a_cell_cut_loses_no_win; deal 11982 in tests/tools).
NEVER_BLOCKED = ["freecell", "bakers-game", "eight-off", "seahaven", "streets-and-alleys"]
NEVER_BLOCKED += ["beleaguered-castle"]
LEAST_LOST_BY_GAME.update(dict.fromkeys(NEVER_BLOCKED, 0.0))
EXHAUSTIVE_NODES = 600
# Games whose small positions stay larger (two decks kept whole on the tableau where the
# foundations take only whole runs; thirteen piles): the exhaustive search gets more states.
EXHAUSTIVE_NODES_BY_GAME = {"bakers-dozen": 3000, "spider": 6000, "spiderette": 6000}
# The most whole states the breadth-first walk takes: the safe moves up decide within the
# search's budget some lost positions whose whole states are millions (FreeCell's cells and
# eight piles); such a position is skipped and counted. (Baker's Dozen: 23 of its 614
# positions; walking them to 100,000 states each took 90 s of the suite.)
WALK_MOST = 20_000
EXHAUSTIVE_SECONDS = None  # a node budget only: the same positions skipped whatever the load
MOST_RANKS = {1: 5, 2: 3}  # of a suit in play, by decks
MOST_IN_PLAY = 7  # cards, for a game outside the gate
SCRAMBLES = 3
BURIED_OVER = 4  # cards in play beyond one a tableau pile, at most, in a buried position
# Whitehead blocks only when its piles are deep: any card goes on an empty pile, a card
# has two suits to lie on, and its foundation cards are in play (of 300 buried positions
# with up to 8 cards over, none was lost; with up to 20, 11). Forty Thieves, two decks and
# any card on an empty pile, likewise (of 500 with up to 4 over, none lost; 20, 3; 40, 34).
BURIED_OVER_BY_GAME = {"whitehead": 20, "forty-thieves": 40}
# Most small positions are won: of those the exhaustive search finds won, only this share
# is checked, so that a good part of the positions checked are lost (where a cut or a loss
# proof could be wrong).
KEEP_WON = 0.3
SOLVER_NODES = 20_000


def positions(variant: str, seed: int):
    """(rules, state) for ever, deterministic: the game's modes in turn; from each deal
    played on at random, one late game and ``SCRAMBLES`` blocked positions (and a buried
    one in the games that seldom block)."""
    table = get_variant(variant)
    rules_of = [table.rules(mode) for mode in table.mode_ids()]
    rng = random.Random(seed)
    for n in range(10**9):
        rules = rules_of[n % len(rules_of)]
        hidden = any(new_game(rules, seed=1).state.down)
        state = played(rules, rng.randrange(1, 10**6), rng.randrange(0, 100), rng, 0.5)
        if specialised_covers(rules):
            most = MOST_RANKS.get(rules.decks, 2)
            yield rules, thinned(rules, state, {s: rng.randint(0, most) for s in range(4)})
            for _ in range(SCRAMBLES):
                few = thinned(rules, state, {s: rng.randint(0, most) for s in range(4)})
                yield rules, scrambled(rules, few, rng, hidden)
        else:
            # Rules this module knows only through the engine: the foundations filled by
            # the engine's own judgement, the scrambles kept to the tableau.
            yield rules, engine_thinned(rules, state, rng.randint(1, MOST_IN_PLAY), rng)
            for _ in range(SCRAMBLES):
                few = engine_thinned(rules, state, rng.randint(1, MOST_IN_PLAY), rng)
                yield rules, scrambled(rules, few, rng, hidden, talon=False)
        if variant in BLOCKED_RARELY:
            # Every pile filled and each suit's next card buried: the blocked positions
            # that thinning and scrambling seldom give where the rules are generous.
            over = BURIED_OVER_BY_GAME.get(variant, BURIED_OVER)
            keep = mechanics_for(rules).layout.tableau + rng.randint(1, over)
            yield rules, buried(rules, engine_thinned(rules, state, keep, rng), rng)


def brute_force(state, rules, most: int | None = None) -> Outcome | None:
    """Breadth-first over every reachable state (whole states, redeals and all; the
    redeals left out when they are unlimited): WON if one is won, else UNWINNABLE. Where a
    card has copies (two decks, Spider's fewer suits), states that differ only in which
    copy lies where are walked once: the copies' premise (the engine reads a card by its
    face alone) is held to the engine by tests/solver/test_copies_cut.py, and whole states
    of a lost two-deck position are too many to walk."""
    mechanics = mechanics_for(rules)
    copies = has_copies(rules)

    def faces(s):
        if not copies:
            return s
        piles = tuple(tuple(card % CARDS_PER_DECK for card in pile) for pile in s.piles)
        return dataclasses.replace(s, piles=piles)

    seen = {faces(state)}
    frontier = [state]
    while frontier:
        following = []
        for s in frontier:
            if mechanics.won(s):
                return Outcome.WON
            for command in mechanics.legal_moves(s):
                child = apply_step(s, mechanics.check(s, command))
                if rules.redeals is None:
                    child = dataclasses.replace(child, redeals_used=0)
                if faces(child) not in seen:
                    seen.add(faces(child))
                    following.append(child)
                    if most is not None and len(seen) > most:
                        return None
        frontier = following
    return Outcome.UNWINNABLE


def games_of(*families: Family) -> list[str]:
    """The built-in games of these families, each checked by one test."""
    return [variant for variant in GAMES if get_variant(variant).family in families]


def check_the_verdicts(variant: str) -> None:
    """The solver's verdicts on ``POSITIONS`` small positions of the game equal the
    exhaustive search's, within the game's limits on skipped and least lost positions."""
    decided = skipped = lost = 0
    keep = random.Random(7)
    started = time.perf_counter()
    for rules, state in positions(variant, seed=len(variant)):
        if decided == POSITIONS:
            break
        inside = specialised_covers(rules)
        if inside:
            verdict = solve(state, rules, max_nodes=SOLVER_NODES)
            assert verdict.stats["search"] == "specialised"
            if verdict.won and keep.random() > KEEP_WON:
                continue  # a win is replayed through the engine: proved already
        budget = EXHAUSTIVE_NODES_BY_GAME.get(variant, EXHAUSTIVE_NODES)
        # Inside the gate the reference is the search of every line of the game itself
        # (not ``generic_solve``'s first search without cards coming back, an order only);
        # outside, the generic solve is the solver under test.
        search = every_line if inside else generic_solve
        exhaustive = search(state, rules, max_nodes=budget, max_seconds=EXHAUSTIVE_SECONDS)
        if exhaustive.outcome is Outcome.UNDECIDED:
            skipped += 1
            continue
        if inside:
            found = verdict.outcome
        else:
            if exhaustive.won:
                if keep.random() > KEEP_WON:
                    continue
                # A win is its line, replayed through the engine; a loss, every state.
                assert replays_to_a_win(rules, state, exhaustive.line)
                found = Outcome.WON
            else:
                found = brute_force(state, rules, WALK_MOST)
                if found is None:
                    skipped += 1
                    continue
        assert found is exhaustive.outcome, (variant, rules.mode, state)
        decided += 1
        lost += exhaustive.outcome is Outcome.UNWINNABLE
    seconds = time.perf_counter() - started
    print(f"{variant}: {decided} decided, {lost} lost, {skipped} skipped, {seconds:.1f} s")
    assert decided == POSITIONS
    most_skipped = MOST_SKIPPED_BY_GAME.get(variant, MOST_SKIPPED)
    assert skipped <= most_skipped * (decided + skipped), (skipped, decided)
    assert lost >= LEAST_LOST_BY_GAME.get(variant, LEAST_LOST) * decided, (lost, decided)
