"""Where was it lost? Games whose losing move is known by construction
(``tools/make_analysis_cases.py``): a winnable deal from the pool, its winning line for k
moves, a move the solver proves loses, then random moves. The analysis must name move k+1,
in every variant."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.analysis import analyse
from game.engine.game import new_game
from game.engine.notation import format_command, parse_command
from game.solver import Outcome, solve
from game.variants import get_variant

ROOT = Path(__file__).resolve().parent.parent
CASES = json.loads((ROOT / "tests" / "data" / "analysis_cases.json").read_text())["cases"]


def played(case):
    rules = get_variant(case["variant"]).rules(case["mode"])
    game = new_game(rules, seed=case["seed"])
    for text in case["moves"]:
        game.execute(parse_command(text, game.layout))
    return game


def test_the_cases_cover_every_variant():
    assert len(CASES) >= 20
    assert {c["variant"] for c in CASES} == {"klondike", "saratoga", "double-klondike"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['variant']}/{c['mode']}/{c['seed']}")
def test_the_analysis_names_the_move_that_lost(case):
    game = played(case)
    k = case["lost_at"] - 1
    # The construction holds: after move k the game was still winnable (the solver's own
    # line from the deal passes there), after move k+1 it is proven lost.
    rules = game.rules
    assert (
        solve(game.position_after(case["lost_at"]), rules, max_seconds=10).outcome
        is Outcome.UNWINNABLE
    )
    result = analyse(game, seconds=10)
    assert result.winnable_at_deal is True
    assert result.last_winnable_move == k and result.lost_at == case["lost_at"]
    assert format_command(result.losing_move, game.layout) == case["moves"][k]


def test_a_game_still_winnable_and_a_deal_never_winnable():
    case = CASES[0]
    rules = get_variant(case["variant"]).rules(case["mode"])
    game = new_game(rules, seed=case["seed"])
    for text in case["moves"][: case["lost_at"] - 1]:
        game.execute(parse_command(text, game.layout))
    result = analyse(game, seconds=10)
    assert result.last_winnable_move == game.moves_made and result.losing_move is None
    lost = new_game(get_variant("klondike").rules("draw1-noredeal"), seed=1)
    assert solve(lost.state, lost.rules, max_seconds=10).outcome is Outcome.UNWINNABLE
    for move in lost.legal_moves()[:1]:
        lost.execute(move)
    never = analyse(lost, seconds=10)
    assert never.winnable_at_deal is False and never.last_winnable_move is None
    assert never.losing_move is None


def test_the_command_line_analyse(tmp_path):
    case = next(c for c in CASES if c["variant"] == "saratoga")
    command = [sys.executable, "-m", "game.cli", "analyse", "--variant", case["variant"]]
    command += ["--mode", case["mode"], "--seed", str(case["seed"]), "--timeout", "10"]
    done = subprocess.run([*command, *case["moves"]], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer == {
        "winnable_at_deal": True,
        "last_winnable_move": case["lost_at"] - 1,
        "losing_move": case["moves"][case["lost_at"] - 1],
        "undecided": answer["undecided"],
    }
    bad = subprocess.run([*command, "t9-t1"], cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1
