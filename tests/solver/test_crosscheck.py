"""Soundness against an independent solver: deals that ShootMe's Klondike-Solver (built from
its public source, run by tools/crosscheck.py on this game's exact decks) won, with its
winning lines turned into this engine's notation. None may be called unwinnable here, and
every line must replay as a legal win through the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine.game import new_game
from game.engine.notation import parse_command
from game.solver import Outcome, solve
from game.solver.compiled import native
from game.variants import get_variant

DATA = Path(__file__).resolve().parent / "data"
FIXTURES = {
    "draw3": DATA / "shootme_klondike_draw3.json",
    "draw1-unlimited": DATA / "shootme_klondike_draw1-unlimited.json",
}
MINIMUM = {"draw3": 200, "draw1-unlimited": 100}


def won_deals(mode: str) -> dict[int, str]:
    data = json.loads(FIXTURES[mode].read_text(encoding="utf-8"))
    assert data["mode"] == mode
    return {int(seed): line for seed, line in data["deals"].items()}


@pytest.mark.parametrize("mode", sorted(FIXTURES))
def test_the_other_solvers_lines_replay_as_wins(mode):
    rules = get_variant("klondike").rules(mode)
    deals = won_deals(mode)
    assert len(deals) >= MINIMUM[mode]
    for seed, line in deals.items():
        game = new_game(rules, seed=seed)
        for word in line.split():
            game.execute(parse_command(word, game.layout))
        assert game.won, seed


@pytest.mark.parametrize("mode", sorted(FIXTURES))
def test_no_deal_the_other_solver_won_is_called_unwinnable(mode):
    """A modest budget: 'undecided' is allowed, 'unwinnable' never. (Larger with the
    compiled core, which searches some twenty times as many positions a second.)"""
    rules = get_variant("klondike").rules(mode)
    budget = 200_000 if native.available() else 30_000
    outcomes = {}
    for seed in won_deals(mode):
        res = solve(new_game(rules, seed=seed).state, rules, max_nodes=budget)
        assert res.outcome is not Outcome.UNWINNABLE, seed
        outcomes[res.outcome] = outcomes.get(res.outcome, 0) + 1
    assert outcomes.get(Outcome.WON, 0) >= len(won_deals(mode)) * 3 // 4


def test_thoughtful_klondike_deal_20_is_won():
    # It was called unwinnable after some 100,000 positions, by a cut (a safe waste top
    # played at once, with three cards a turn) that removed its every winning line.
    rules = get_variant("klondike").rules("draw3")
    assert 20 in won_deals("draw3")
    res = solve(new_game(rules, seed=20).state, rules, max_nodes=1_000_000)
    assert res.outcome is Outcome.WON
    game = new_game(rules, seed=20)
    for command in res.line:
        game.execute(command)
    assert game.won
