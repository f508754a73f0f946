"""The property each game of the family with its facts written must hold: on random
positions, every move the engine allows is allowed by the oracle written from the help
page, and the reverse.

Positions come from random play from several deals, by the engine's moves and by the
oracle's (which the engine must then accept), and from scrambled late-game layouts; in a
sample of them every command is tried through ``check``. Deliberately wrong oracles (one
page rule flipped) show the comparison would catch a wrong rule. The engine's known
departures from the pages (test_disagreements.py) are the only moves left out.
"""

from __future__ import annotations

import dataclasses

import pytest

from tests.variant_ids import FAMILY

from . import oracle
from .oracle import DRAW
from .positions import checked_moves, differences, random_positions
from .scrambled import scrambled_positions

# The family's games whose facts are written (a game added as its table alone has none yet:
# tests/variants/test_game_extras.py reports it).
GAMES = [game for game in FAMILY if game in oracle.FACTS]
SEEDS, STEPS = range(6), 250


# Where the engine departs from the page (see test_disagreements.py, each an xfail): the
# oracle keeps the page's rule and the comparison leaves out just those moves, by game.


def _ace_led_group_to_a_later_empty_foundation(game: str):
    """Seahaven and Forty Thieves: a sequence led by an Ace goes up as one move only onto
    the first empty foundation (the engine names one foundation per group); the page's
    "the matching Foundation pile" allows any empty one (test_disagreements.py)."""
    facts = oracle.FACTS[game]
    foundations = oracle.piles_of(facts)[0]

    def known(state, move) -> bool:
        if move == DRAW:
            return False
        source, target, count = move
        first_empty = next((f for f in foundations if not state.piles[f]), None)
        return count > 1 and target in foundations and target != first_empty

    return known


KNOWN: dict = {
    "seahaven": _ace_led_group_to_a_later_empty_foundation,
    "forty-thieves": _ace_led_group_to_a_later_empty_foundation,  # the same: its groups go up
}


def known(game: str):
    return KNOWN[game](game) if game in KNOWN else None


@pytest.fixture(scope="module")
def played():
    """Each game's positions from the engine's random play (made once per module)."""
    cache: dict[str, list] = {}

    def positions(game: str) -> list:
        if game not in cache:
            cache[game] = list(random_positions(game, SEEDS, STEPS))
        return cache[game]

    return positions


@pytest.mark.parametrize("game", GAMES)
def test_engine_moves_are_the_oracles(game, played):
    assert differences(game, played(game), known=known(game))[:3] == []


@pytest.mark.parametrize("game", GAMES)
def test_every_command_check_accepts_is_the_oracles(game, played):
    """Not only the engine's list: every Move ``check`` accepts (all of them tried, in one
    position of every twenty) is an oracle move, and the reverse."""
    sample = played(game)[::20]
    assert differences(game, sample, known=known(game), found_by=checked_moves)[:3] == []


@pytest.mark.parametrize("game", GAMES)
def test_scrambled_positions(game):
    """Late-game positions dealt at random (long and wrapped foundations, empty piles,
    redeals used): the engine's list and the oracle agree there too."""
    assert differences(game, scrambled_positions(game, 300), known=known(game))[:3] == []


@pytest.mark.parametrize("game", GAMES)
def test_oracle_moves_are_the_engines(game):
    """Play the oracle's moves: the engine must accept each, and agree in every position."""
    refused_by_engine = known(game)

    def chooser(state):  # the oracle's moves, but for those the engine is known to refuse
        moves = oracle.legal(game, state)
        if not refused_by_engine:
            return moves
        return {m for m in moves if m == DRAW or not refused_by_engine(state, m)}

    states = random_positions(game, range(100, 104), STEPS, chooser)
    assert differences(game, states, known=known(game))[:3] == []


# Wrong facts per game, each a rule its page states: the comparison must notice each.
WRONG = {
    "whitehead": [{"group_by": None}],  # same-colour runs of two suits would move
    "thumb-and-pouch": [{"builds_by": oracle.alternate_colour}],
    "westhaven": [{"groups": oracle.RUNS}],
    "easthaven": [{"fill_before_deal": False}],
    "agnes": [{"tableau_wraps": False}, {"empty_takes": oracle.ANY}, {"wrap": False}],
    "gold-mine": [{"empty_takes": oracle.KING_ONLY}],
    "athena": [{"foundation_returns": False}],
    "jumbo": [{"redeals": 0}],
    "yukon": [{"groups": oracle.RUNS}],
    "canfield": [{"empty_takes": oracle.NOTHING}, {"wrap": False}],
    # "reserves": 0 -- no reserve whose top cards play to the tableau and foundations.
    "lady-jane": [{"empty_takes": oracle.KING_ONLY}, {"wrap": False}, {"reserves": 0}],
    "spider": [{"group_by": None}, {"no_empty_piles": False}, {"runs_up": False}],
    "spiderette": [{"group_by": None}, {"no_empty_piles": False}],
    "scorpion": [{"groups": oracle.RUNS}, {"empty_takes": oracle.ANY}],
    "gypsy": [{"foundation_returns": False}, {"empty_takes": oracle.KING_ONLY}],
    "bakers-dozen": [{"groups": oracle.RUNS}, {"builds_by": oracle.alternate_colour}],
    "golf": [{"waste_builds": False}],
    "forty-thieves": [{"move_limit": oracle.NO_LIMIT}, {"builds_by": oracle.alternate_colour}],
    "freecell": [{"move_limit": oracle.FREE_CELLS}, {"foundation_returns": True}],
    "bakers-game": [{"move_limit": oracle.FREE_CELLS_AND_PILES}, {"empty_takes": oracle.ANY}],
    "eight-off": [{"builds_by": oracle.alternate_colour}],
    "seahaven": [{"group_to_foundation": False}],
    "streets-and-alleys": [{"groups": oracle.RUNS}],
    "beleaguered-castle": [{"foundation_returns": False}, {"empty_takes": oracle.KING_ONLY}],
}


def _wrong_id(value) -> str:
    """A test id that is the same in every process (a function's repr has its address,
    and pytest-xdist's workers must collect the same ids)."""
    if isinstance(value, dict):
        return ",".join(f"{key}={getattr(v, '__name__', v)}" for key, v in value.items())
    return str(value)


@pytest.mark.parametrize(
    "game, wrong", [(game, change) for game in GAMES for change in WRONG[game]], ids=_wrong_id
)
def test_a_wrong_oracle_is_caught(game, wrong, played):
    wrong_facts = dataclasses.replace(oracle.FACTS[game], **wrong)
    states = played(game) + list(scrambled_positions(game, 100))
    assert differences(game, states, wrong_facts, known=known(game)) != []
