"""Grade the shipped winnable deals: easy, medium, hard or expert, from what the solver
measures of each.

    python tools/grade_pool.py [--jobs 2] [--results-dir runs/grades] [--only klondike/draw1]

For every deal of ``game/solver/winnable_deals.json``:

* **a fair player following hints** plays it from the deal: at each position the game's
  own hint (which never uses cards the player cannot see) with a fixed search budget,
  until the game is won, or no hint is left, or it goes round in circles. A deal this
  player cannot win is graded **expert**: winnable, but not by the moves that look best
  from what is on the table.
* for the others, the **solver's effort** (positions searched to win it from the deal,
  with every card known), the **length of its winning line**, and the **passes through
  the stock** that line needs, each ranked within the deal mode and averaged into one
  score; its lowest third is **easy**, the middle **medium**, the top **hard**.

Each deal's measures are appended to a results file as they come (``--results-dir``), so
an interrupted run goes on where it stopped; a Dask scheduler may share the work out
(``--scheduler``), as for ``tools/solvability.py``. The grades and their spread are
written into the pool file (``grades``, ``grade_spread``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from deal_runs import ResultsFile, run_deals  # noqa: E402

from game.engine.events import WasteRedealt  # noqa: E402
from game.engine.game import new_game  # noqa: E402
from game.solver import HintCache, hint, solve  # noqa: E402
from game.solver.pool import POOL_FILE  # noqa: E402
from game.variants import get_variant  # noqa: E402

GRADES = ("easy", "medium", "hard", "expert")
HINT_NODES = 4_000  # each sample's search for one hint: a player's quick look
MOVES_CAP = 600  # a hint-player's game longer than this goes round in circles


def measure(variant: str, mode: str, seed: int) -> dict:
    """One deal's measures: the solver's from the deal, and the fair hint-player's game."""
    rules = get_variant(variant).rules(mode)
    game = new_game(rules, seed=seed)
    solved = solve(game.state, rules, max_seconds=30, max_nodes=None)
    passes = 0
    if solved.line:
        replay = new_game(rules, seed=seed)
        for command in solved.line:
            passes += sum(type(e) is WasteRedealt for e in replay.execute(command))
    cache = HintCache()
    seen: dict = {}
    won = False
    while game.moves_made < MOVES_CAP:
        if game.won:
            won = True
            break
        seen[game.state] = seen.get(game.state, 0) + 1
        if seen[game.state] > 2:
            break
        command = hint(game.state, rules, nodes=HINT_NODES, cache=cache)
        if command is None:
            break
        game.execute(command)
    return {
        "seed": seed,
        "nodes": solved.nodes,
        "length": len(solved.line or ()),
        "passes": passes,
        "hint_player_won": won,
        "hint_player_moves": game.moves_made,
    }


def grades(records: list[dict]) -> dict[int, str]:
    """Expert where the hint-player lost; the rest by terciles of their mean rank."""
    out = {r["seed"]: "expert" for r in records if not r["hint_player_won"]}
    rest = [r for r in records if r["hint_player_won"]]
    if not rest:
        return out
    score = {r["seed"]: 0.0 for r in rest}
    for measure_name in ("nodes", "length", "passes"):
        ordered = sorted(rest, key=lambda r: r[measure_name])
        for rank, record in enumerate(ordered):
            score[record["seed"]] += rank / max(1, len(ordered) - 1)
    by_score = sorted(rest, key=lambda r: (score[r["seed"]], r["seed"]))
    for rank, record in enumerate(by_score):
        out[record["seed"]] = GRADES[min(2, rank * 3 // len(by_score))]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scheduler", help="a Dask scheduler's address, to share the work")
    parser.add_argument("--results-dir", default=str(ROOT / "runs" / "grades"))
    parser.add_argument("--only", action="append", help="variant/mode (again for more)")
    args = parser.parse_args()
    data = json.loads(POOL_FILE.read_text(encoding="utf-8"))
    all_grades = data.get("grades", {})
    spread = data.get("grade_spread", {})
    for key, seeds in data["pools"].items():
        if args.only and key not in args.only:
            continue
        variant, mode = key.split("/", 1)
        results = ResultsFile(
            Path(args.results_dir) / f"{variant}-{mode}.jsonl",
            {"task": "grade", "variant": variant, "mode": mode, "hint_nodes": HINT_NODES},
        )
        records = run_deals(
            measure, (variant, mode), list(seeds), results, args.jobs, args.scheduler
        )
        graded = grades(records)
        all_grades[key] = {str(seed): graded[seed] for seed in sorted(graded)}
        spread[key] = {g: sum(1 for v in graded.values() if v == g) for g in GRADES}
        print(key, spread[key], flush=True)
    data["grades"] = all_grades
    data["grade_spread"] = spread
    POOL_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
