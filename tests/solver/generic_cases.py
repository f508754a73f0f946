"""The cases of the compiled generic search's differential tests, shared by
test_core_generic.py and its share of the sanitized fuzz (core_fuzz_generic.py): random
rule tables from the engine's whole vocabulary (every policy of game/engine/policies.py,
dealing.py and shapes.py, cells, groups going up, a stock that deals only with no pile
empty and decks of chosen suits, in random combinations the engine's ``validate``
accepts), random positions of them, and how the core's commands of a position differ
from the engine's."""

from __future__ import annotations

import random

from game.engine.cards import RANK, RANKS, SUIT
from game.engine.commands import mechanics_for
from game.engine.dealing import DealPattern, FaceUp, StockTarget
from game.engine.events import apply_step
from game.engine.policies import Build, EmptyPile, FoundationBase, Run
from game.engine.rules import validate
from game.engine.schema import RuleTableError
from game.engine.shapes import FoundationTakes, MoveLimit
from game.engine.state import State, layout_for
from game.solver.compiled import native
from game.solver.compiled.generic import command_of, native_moves, state_for
from game.solver.generic.search import GenericSearch
from tests.solver.small_positions import engine_thinned, played


def random_table(rng: random.Random, decks: int | None = None) -> dict:
    """A rule table of random policies (it may not validate); ``decks`` or 1 or 2."""
    decks = decks or rng.choice((1, 1, 2))
    piles = rng.randint(1, 10)
    deal = rng.choice(list(DealPattern))
    tableau = {
        "piles": piles,
        "deal": deal.value,
        "face_up": rng.choice(list(FaceUp)).value,
        "build": rng.choice(list(Build)).value,
        "move_runs": rng.random() < 0.7,
        "runs": rng.choice(list(Run)).value,
        "wrap": rng.random() < 0.3,
        "base_takes_nothing": rng.random() < 0.2,
        "empty_accepts": rng.choice(list(EmptyPile)).value,
    }
    if deal is DealPattern.COUNTS:
        tableau["counts"] = [rng.randint(0, 6) for _ in range(piles)]
    if tableau["empty_accepts"] == EmptyPile.RANK:
        tableau["empty_rank"] = rng.choice(RANKS)
    if rng.random() < 0.2:
        tableau["extra_face_up"] = [rng.randint(0, 3) for _ in range(piles)]
    stock = {
        "to": rng.choice(list(StockTarget)).value,
        "draw": rng.choice((1, 1, 2, 3, 5)),
        "redeals": rng.choice((0, 1, 2, "unlimited")),
        "fill_empty_first": rng.random() < 0.3,
    }
    table = {
        "id": "random",
        "name": "Random",
        "decks": decks,
        "default_mode": "m",
        "tableau": tableau,
        "foundations": {
            "count": 4 * decks,
            "cards_may_return": rng.random() < 0.5,
            "base": rng.choice(list(FoundationBase)).value,
            "wrap": rng.random() < 0.3,
        },
        "stock": stock,
        "modes": {"m": {"label": "M"}},
    }
    reserves = rng.choice((0, 0, 1, 2, 4, 7))
    if reserves:
        table["reserves"] = {
            "count": reserves,
            "deal": rng.randint(0, 4),
            "face_up": rng.choice(list(FaceUp)).value,
        }
    past_klondike(rng, table)
    if stock["to"] == StockTarget.NONE:  # every card dealt: to the tableau, by counts
        dealt = reserves * table.get("reserves", {}).get("deal", 0)
        dealt += table.get("cells", {}).get("deal", 0)
        dealt += sum(tableau.get("extra_face_up", ()))
        dealt += table["foundations"]["base"] == FoundationBase.DEALT
        rest = 52 * decks - dealt
        tableau["deal"] = DealPattern.COUNTS.value
        counts = [rest // piles + (i < rest % piles) for i in range(piles)]
        tableau["counts"] = counts
    return table


def past_klondike(rng: random.Random, table: dict) -> None:
    """Draw the vocabulary past the Klondike shape into ``table``: cells (some dealt), the
    move limit of the free space, foundations that take complete runs or groups going up,
    a stock that deals only with no pile empty, decks of chosen suits."""
    cells = rng.choice((0, 0, 1, 2, 4))
    if cells:
        table["cells"] = {"count": cells, "deal": rng.randint(0, cells)}
    tableau, foundations, stock = table["tableau"], table["foundations"], table["stock"]
    if tableau["move_runs"] and rng.random() < 0.4:
        tableau["move_limit"] = rng.choice((MoveLimit.FREE_SPACE, MoveLimit.FREE_CELLS)).value
    if rng.random() < 0.15:
        foundations["takes"] = FoundationTakes.RUNS.value
    elif rng.random() < 0.3:
        foundations["group_moves"] = True
    if stock["to"] == StockTarget.TABLEAU and rng.random() < 0.5:
        stock["no_empty_piles"] = True
    table["suits"] = rng.choice(("CDHS", "CDHS", "CDHS", "S", "HS", "CD"))


def random_rules(seed: int, decks: int | None = None):
    """Random rules the engine accepts, from ``seed`` (of ``decks``, or 1 or 2)."""
    rng = random.Random(seed)
    while True:
        try:
            return validate(random_table(rng, decks), "random").rules()
        except RuleTableError:
            continue


def late_games(rules, rng: random.Random, count: int) -> list:
    """``count`` random deals played on at random, then thinned to a few cards in play."""
    out = []
    for _ in range(count):
        state = played(rules, rng.randrange(1, 10**6), rng.randrange(0, 60), rng, 0.5)
        out.append(engine_thinned(rules, state, rng.randint(3, 8), rng))
    return out


def gathered(rules, state: State, rng: random.Random) -> State:
    """``state`` with the cards in play of one suit (one of each rank) taken from wherever
    they lie and put face up on a tableau pile, the highest at the bottom: a run in suit
    that goes up to a foundation as a group (``foundations.group_moves``) or, all thirteen
    with a foundation empty, as one complete run (``foundations.takes = "runs"``), which
    random play seldom builds. The deal's shown cards are dropped (their places move)."""
    layout = layout_for(rules)
    in_play = [i for i in range(len(state.piles)) if not layout.is_foundation(i)]
    cards = [card for i in in_play for card in state.piles[i]]
    if not cards:
        return state
    suit = SUIT[rng.choice(cards)]
    one_each: dict[int, int] = {}
    for card in cards:
        if SUIT[card] == suit:
            one_each.setdefault(RANK[card], card)
    run = [one_each[rank] for rank in sorted(one_each, reverse=True)]
    taken = set(run)
    piles, down = [list(pile) for pile in state.piles], list(state.down)
    for i in in_play:
        down[i] -= sum(1 for card in piles[i][: down[i]] if card in taken)
        piles[i] = [card for card in piles[i] if card not in taken]
        if piles[i] and down[i] >= len(piles[i]):
            down[i] = len(piles[i]) - 1
    target = rng.choice(layout.tableau_range)
    piles[target] += run
    return State(tuple(map(tuple, piles)), tuple(down), state.redeals_used, base=state.base)


def positions(rules, rng: random.Random, count: int) -> list:
    """``count`` positions played on at random from random deals, then as many late games,
    and as many of them with one suit gathered into a run (``gathered``)."""
    out = []
    for _ in range(count):
        out.append(played(rules, rng.randrange(1, 10**6), rng.randrange(0, 120), rng, 0.5))
    return out + search_cases(rules, rng, count)


def search_cases(rules, rng: random.Random, count: int) -> list:
    """``count`` late games (``late_games``), and as many with one suit gathered."""
    late = late_games(rules, rng, count)
    return late + [gathered(rules, state, rng) for state in late]


def differences(rules, state, spec=None) -> list[str]:
    """How the core's commands of ``state`` and their successors differ from the engine's
    (empty: they agree), in the engine's order and in the search's."""
    mechanics = mechanics_for(rules)
    legal = mechanics.legal_moves(state)
    if spec is not None:  # a changed table: the core called with it directly
        listed = native._core.generic_moves(spec, state_for(rules, state), False)
        core = [command_of(move) for move, _child, _keyed in listed]
        return [] if core == legal else [f"commands: core {core} engine {legal}"]
    core = native_moves(rules, state)
    if [command for command, _child, _keyed in core] != legal:
        return [f"commands: core {[c for c, _, _ in core]} engine {legal}"]
    out = []
    ordered = [command for command, _child, _keyed in native_moves(rules, state, ordered=True)]
    search_order = [command for _score, _index, command in GenericSearch(rules).children(state)]
    if ordered != search_order:
        out.append(f"move order: core {ordered} search {search_order}")
    for command, child, keyed in core:
        if child != apply_step(state, mechanics.check(state, command)):
            out.append(f"the state after {command}")
        if not keyed:
            out.append(f"the key of the state after {command}, step by step")
    return out
