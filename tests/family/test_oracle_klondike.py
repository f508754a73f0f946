"""Klondike (the harness's first game): the engine's moves equal the oracle's, and the
comparison finds a deliberately wrong oracle out."""

from __future__ import annotations

import dataclasses

import pytest

from . import oracle
from .positions import differences, random_positions

MODES = {"draw1": 2, "draw3": None, "draw1-noredeal": 0, "draw1-unlimited": None}


@pytest.mark.parametrize("mode", sorted(MODES))
def test_klondike_engine_moves_are_the_oracles(mode):
    states = random_positions("klondike", range(6), 150, mode=mode)
    assert differences("klondike", states, redeals=MODES[mode], mode=mode) == []


def test_klondike_oracle_moves_are_played_by_the_engine():
    """Positions reached by the oracle's own moves (the engine refuses any it disallows)."""
    states = random_positions("klondike", range(4), 150, lambda s: oracle.legal("klondike", s))
    assert differences("klondike", states) == []


@pytest.mark.parametrize(
    "wrong",
    [
        {"empty_takes": oracle.ANY},
        {"foundation_returns": False},
        {"builds_by": oracle.same_colour},
        {"redeals": 1},
    ],
    ids=lambda change: next(iter(change)),
)
def test_a_wrong_oracle_is_caught(wrong):
    facts = dataclasses.replace(oracle.FACTS["klondike"], **wrong)
    states = list(random_positions("klondike", range(6), 150))
    assert differences("klondike", states) == []
    assert differences("klondike", states, facts=facts) != []


@pytest.mark.parametrize("game", ["saratoga", "double-klondike"])
def test_the_other_seed_games_engine_moves_are_the_oracles(game):
    assert differences(game, random_positions(game, range(4), 150)) == []
