"""Where was it lost? Games whose losing move is known by construction
(``tools/make_analysis_cases.py``): a winnable deal from the pool, its winning line for k
moves, a move the solver proves loses, then random moves. The analysis must name move k+1,
in every variant."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine.game import new_game
from game.engine.notation import format_command, parse_command
from game.solver import Outcome, solve
from game.solver.analysis import MAX_UNDECIDED, Analyser, _bisections, analyse
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
    told = []
    result = analyse(game, seconds=10, progress=lambda *news: told.append(news))
    assert result.winnable_at_deal is True
    assert result.last_winnable_move == k and result.lost_at == case["lost_at"]
    assert_true_counts(told)
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
        "stopped": False,
        "searches": answer["searches"],
        "budget_s": 60.0,
        "left_core": "",
    }
    assert 1 <= answer["searches"] <= len(case["moves"]) + 1
    bad = subprocess.run([*command, "t9-t1"], cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1


# -- bounded (issue 22, H3): a game the solver cannot decide searched every position, 121
# searches for 120 moves, while the progress said "search 121 of at most 9" ------------------


def assert_true_counts(told):
    """Each "search DONE of at most MOST" was true of the searches made in the end, and the
    bound never went up."""
    assert told, "no progress was told"
    final = told[-1][0]
    assert [done for done, _, _ in told] == list(range(1, final + 1))
    assert all(done <= most and final <= most for done, most, _ in told), told
    assert all(a[1] >= b[1] for a, b in zip(told, told[1:], strict=False)), told


HARD = [c for c in CASES if c["variant"] == "double-klondike"]


@pytest.mark.parametrize("case", HARD, ids=lambda c: f"{len(c['moves'])} moves")
def test_a_game_the_solver_cannot_decide_stops_early_with_true_counts(case):
    game = played(case)
    told = []
    analyser = Analyser(game, 0.001, progress=lambda *news: told.append(news))
    result = analyser.run()
    n = game.moves_made
    assert analyser.searches <= 2 + _bisections(n + 1) + MAX_UNDECIDED  # never one per move
    assert_true_counts(told)
    if result.stopped:  # undecided positions: the rest are undecided too, and said so
        assert result.losing_move is None and result.undecided >= MAX_UNDECIDED


def test_undecided_games_do_stop_early():
    """With a thousandth of a second a search, the long lost games stay undecided: the
    analysis gives up after MAX_UNDECIDED of them, not after every position."""
    stopped = [Analyser(played(c), 0.001).run().stopped for c in HARD]
    assert sum(stopped) >= 2, stopped


def test_the_total_budget_bounds_the_analysis_and_is_told():
    case = max(HARD, key=lambda c: len(c["moves"]))
    game = played(case)
    told = []
    started = time.monotonic()
    result = analyse(game, seconds=30, budget=0.6, progress=lambda *news: told.append(news))
    took = time.monotonic() - started
    assert took < 0.6 + 2.0, took  # the last search is cut to what is left of the budget
    assert told and all(0 <= left <= 0.6 for _, _, left in told)
    if result.losing_move is None and result.last_winnable_move != result.moves:
        assert result.stopped and result.undecided >= 1


def test_the_command_line_analyse_keeps_to_its_budget_and_says_it_stopped():
    """Issue 22, H3 on the command line: ``--budget`` bounds the whole analysis and the
    answer says it gave up rather than naming no losing move as if there were none."""
    case = max(HARD, key=lambda c: len(c["moves"]))
    command = [sys.executable, "-m", "game.cli", "analyse", "--variant", case["variant"]]
    command += ["--mode", case["mode"], "--seed", str(case["seed"])]
    command += ["--timeout", "30", "--budget", "0.5", *case["moves"]]
    started = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["budget_s"] == 0.5 and answer["searches"] >= 1
    if answer["losing_move"] is None and answer["last_winnable_move"] != len(case["moves"]):
        assert answer["stopped"] is True and answer["undecided"] >= 1
    assert time.monotonic() - started < 20  # not 30 s per position
    for bad in ("0", "-1", "nan", "3601", "soon"):
        refused = subprocess.run(
            [*command[: -len(case["moves"])], "--budget", bad],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        assert refused.returncode == 2 and "--budget" in refused.stderr, bad
