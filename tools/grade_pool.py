"""Grade the shipped winnable deals: easy, medium, hard or expert, from what the solver
measures of each.

    python tools/grade_pool.py (--out POOLS.json | --write-shipped) [--jobs 2]
        [--results-dir runs/grades] [--only klondike/draw1]

For every deal of a pools file (``--out FILE``, made by ``tools/make_winnable_pool.py``,
or with ``--write-shipped`` the shipped ``game/variants/winnable_deals.json``), four measures:

* the **solver's effort**: positions it searched to win the deal, with every card known;
* the **length of its winning line**, and the **passes through the stock** that line needs;
* how far a **player who sees only what is on the table** gets: the cards it sends to the
  foundations playing the game's own visible-only move choice (the hint's fallback: no
  search, no hidden card) until nothing useful is left, fewer meaning harder.

Each measure is ranked within the deal mode; the mean rank orders the deals, and its
quarters are **easy**, **medium**, **hard** and **expert**. (A fair player following the
full hints, a search per move, was tried first: with two decks it takes minutes a deal.)

Each deal's measures are appended to a results file as they come (``--results-dir``), so
an interrupted run goes on where it stopped; a Dask scheduler may share the work out
(``--scheduler``), as for ``tools/solvability.py``. The grades and their spread are
written into the pools file, replaced whole (``grades``; ``grade_spread``: per grade, its
number of deals and the median of each measure).
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.events import WasteRedealt  # noqa: E402
from game.engine.game import new_game  # noqa: E402
from game.solver import heuristic_move, solve  # noqa: E402
from game.variants import get_variant  # noqa: E402
from game.variants.pool import POOL_FILE  # noqa: E402
from tools.arguments import JOBS, output_folder, parser, shipped_output, variant_mode, write_output  # noqa: E402
from tools.deal_runs import ResultsFile, RunError, run_deals, worded  # noqa: E402
from tools.make_winnable_pool import read_pools  # noqa: E402

GRADES = ("easy", "medium", "hard", "expert")
MOVES_CAP = 1_000  # a visible-only player's game longer than this goes round in circles
MEASURES = ("nodes", "length", "passes", "stuck_short")


def measure(variant: str, mode: str, seed: int) -> dict:
    """One deal's measures: the solver's from the deal, and the visible-only player's."""
    rules = get_variant(variant).rules(mode)
    game = new_game(rules, seed=seed)
    solved = solve(game.state, rules, max_seconds=30, max_nodes=None)
    passes = 0
    if solved.line:
        replay = new_game(rules, seed=seed)
        for command in solved.line:
            passes += sum(type(e) is WasteRedealt for e in replay.execute(command))
    seen: set = set()
    while game.moves_made < MOVES_CAP and not game.won and game.state not in seen:
        seen.add(game.state)
        command = heuristic_move(game.state, rules)
        if command is None:
            break
        game.execute(command)
    return {
        "seed": seed,
        "nodes": solved.nodes,
        "length": len(solved.line or ()),
        "passes": passes,
        # Cards the visible-only player could not send up: more is harder.
        "stuck_short": rules.card_count - game.score,
    }


def grades(records: list[dict]) -> dict[int, str]:
    """Quarters of the mean rank over the measures: easy, medium, hard, expert."""
    score = {r["seed"]: 0.0 for r in records}
    for name in MEASURES:
        ordered = sorted(records, key=lambda r: r[name])
        for rank, record in enumerate(ordered):
            score[record["seed"]] += rank / max(1, len(ordered) - 1)
    by_score = sorted(records, key=lambda r: (score[r["seed"]], r["seed"]))
    return {r["seed"]: GRADES[rank * 4 // len(by_score)] for rank, r in enumerate(by_score)}


def grade_spread(records: list[dict], graded: dict[int, str]) -> dict[str, dict]:
    """Per grade, how many deals it holds and the median of each measure: what the grade
    means for this deal mode (docs/solver-results.md, "In the game")."""
    spread = {}
    for grade in GRADES:
        chosen = [r for r in records if graded[r["seed"]] == grade]
        if not chosen:  # a pool of fewer than four deals leaves a grade empty
            spread[grade] = {"deals": 0}
            continue
        medians = {name: statistics.median(r[name] for r in chosen) for name in MEASURES}
        spread[grade] = {"deals": len(chosen), **medians}
    return spread


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    shipped_output(ap, POOL_FILE)
    ap.add_argument("--jobs", type=JOBS, default=2)
    ap.add_argument("--scheduler", help="a Dask scheduler's address, to share the work")
    ap.add_argument("--results-dir", type=output_folder, default=str(ROOT / "runs" / "grades"))
    ap.add_argument(
        "--only", type=variant_mode, action="append", help="variant/mode (again for more)"
    )
    args = ap.parse_args(argv)
    only = ["/".join(pair) for pair in args.only] if args.only else None
    data = read_pools(args.out)
    if not data.get("pools"):
        raise RunError(f"{args.out}: no pools in it to grade")
    all_grades = data.get("grades", {})
    spread = data.get("grade_spread", {})
    for key, seeds in data["pools"].items():
        if only and key not in only:
            continue
        variant, mode = key.split("/", 1)
        results = ResultsFile(
            Path(args.results_dir) / f"{variant}-{mode}.jsonl",
            {"task": "grade", "variant": variant, "mode": mode, "measures": list(MEASURES)},
        )
        records = run_deals(
            measure, (variant, mode), list(seeds), results, args.jobs, args.scheduler
        )
        graded = grades(records)
        all_grades[key] = {str(seed): graded[seed] for seed in sorted(graded)}
        spread[key] = grade_spread(records, graded)
        print(key, spread[key], flush=True)
    data["grades"] = all_grades
    data["grade_spread"] = spread
    write_output(args.out, json.dumps(data, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(worded(main))
