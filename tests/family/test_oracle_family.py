"""The property each of the eleven games must hold: on random positions, every move the
engine allows is allowed by the oracle written from the help page, and the reverse.

Positions come from random play from several deals, by the engine's moves and by the
oracle's (which the engine must then accept); a deliberately wrong oracle per game shows
the comparison would catch a wrong rule.
"""

from __future__ import annotations

import dataclasses

import pytest

from . import oracle
from .positions import differences, random_positions

GAMES = [
    "whitehead",
    "thumb-and-pouch",
    "westhaven",
    "easthaven",
    "agnes",
    "gold-mine",
    "athena",
    "jumbo",
    "yukon",
    "canfield",
    "lady-jane",
]
SEEDS, STEPS = range(5), 160


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
    assert differences(game, played(game))[:3] == []


@pytest.mark.parametrize("game", GAMES)
def test_oracle_moves_are_the_engines(game):
    """Play the oracle's moves: the engine must accept each, and agree in every position."""
    states = random_positions(game, range(100, 104), STEPS, lambda s: oracle.legal(game, s))
    assert differences(game, states)[:3] == []


# One wrong fact per game, each a rule its page states: the comparison must notice.
WRONG = {
    "whitehead": {"group_builds": None},  # same colour runs would move as a unit
    "thumb-and-pouch": {"builds_on": oracle.down_alternate_colour},
    "westhaven": {"groups": oracle.RUNS},
    "easthaven": {"fill_before_deal": False},
    "agnes": {"wrap": False},
    "gold-mine": {"empty_takes": oracle.KING_ONLY},
    "athena": {"foundation_returns": False},
    "jumbo": {"redeals": 0},
    "yukon": {"groups": oracle.RUNS},
    "canfield": {"empty_takes": oracle.ANY},
    "lady-jane": {"empty_takes": oracle.KING_ONLY},
}


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_oracle_is_caught(game, played):
    wrong = dataclasses.replace(oracle.FACTS[game], **WRONG[game])
    assert differences(game, played(game), wrong) != []
