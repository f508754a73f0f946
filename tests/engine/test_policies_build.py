"""Build policies: how a card may lie on another in the tableau, down or up, in colour or
suit, wrapping King-Ace where a table says so; each with its label."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine.commands import Move, mechanics_for
from game.engine.policies import Build, builder

from .helpers import card, codes, game_at, position, rules

# (build, card, onto, builds)
CASES = [
    (Build.NONE, "7H", "8S", False),
    (Build.NONE, "7S", "8S", False),
    (Build.ALTERNATE_COLOUR, "7H", "8S", True),
    (Build.ALTERNATE_COLOUR, "7C", "8S", False),
    (Build.ALTERNATE_COLOUR, "6H", "8S", False),
    (Build.SAME_COLOUR, "7C", "8S", True),
    (Build.SAME_COLOUR, "7H", "8S", False),
    (Build.SAME_SUIT, "7S", "8S", True),
    (Build.SAME_SUIT, "7C", "8S", False),
    (Build.OTHER_SUIT, "7C", "8S", True),
    (Build.OTHER_SUIT, "7H", "8S", True),
    (Build.OTHER_SUIT, "7S", "8S", False),
    (Build.ANY_SUIT, "7S", "8S", True),
    (Build.ANY_SUIT, "9S", "8S", False),
    (Build.UP_ALTERNATE_COLOUR, "9H", "8S", True),
    (Build.UP_ALTERNATE_COLOUR, "7H", "8S", False),
    (Build.UP_SAME_COLOUR, "9C", "8S", True),
    (Build.UP_SAME_SUIT, "9S", "8S", True),
    (Build.UP_SAME_SUIT, "9C", "8S", False),
    (Build.UP_OTHER_SUIT, "9S", "8S", False),
    (Build.UP_ANY_SUIT, "9D", "8S", True),
]


@pytest.mark.parametrize("build, lying, onto, builds", CASES)
def test_each_build_says_which_card_lies_on_which(build, lying, onto, builds):
    assert builder(build, wrap=False)(card(lying), card(onto)) is builds


def test_every_build_has_a_case_and_a_label():
    assert {b for b, *_ in CASES} == set(Build)
    assert all(b.label for b in Build)


@pytest.mark.parametrize(
    "build, lying, onto", [(Build.ALTERNATE_COLOUR, "KH", "AS"), (Build.UP_SAME_SUIT, "AS", "KS")]
)
def test_wrapping_lays_a_king_on_an_ace_or_an_ace_on_a_king_going_up(build, lying, onto):
    assert builder(build, wrap=True)(card(lying), card(onto))
    assert not builder(build, wrap=False)(card(lying), card(onto))


def test_a_wrapping_tableau_takes_a_king_on_an_ace_in_play():
    canfield = rules("canfield")
    game = game_at(canfield, position(canfield, {"f1": "5C", "t1": "AS", "t2": "KH"}))
    t1, t2 = game.layout.index("t1"), game.layout.index("t2")
    assert Move(t2, t1, 1) in game.legal_moves()
    assert codes(game.mechanics.cards_on(card("AS"))) == ["KD", "KH"]
    klondike = rules("klondike")
    game = game_at(klondike, position(klondike, {"t1": "AS", "t2": "KH"}))
    assert Move(t2, t1, 1) not in game.legal_moves()
    assert game.mechanics.cards_on(card("AS")) == ()


def test_an_upward_build_plays_and_lists_runs_going_up():
    up = replace(rules("klondike"), build=Build.UP_ALTERNATE_COLOUR)
    game = game_at(up, position(up, {"t1": "5S", "t2": "4S 3H 2C"}))
    t1, t2 = game.layout.index("t1"), game.layout.index("t2")
    assert mechanics_for(up).run_length(game.state, t2) == 1  # 3H does not go up on 4S
    game = game_at(up, position(up, {"t1": "5S", "t2": "2C 3H 4C"}))
    assert game.run_length(t2) == 3
    assert Move(t2, t1, 1) not in game.legal_moves()  # 4C on 5S: same colour
    game = game_at(up, position(up, {"t1": "2D", "t2": "3S 4H 5C"}))
    assert Move(t2, t1, 3) in game.legal_moves()
