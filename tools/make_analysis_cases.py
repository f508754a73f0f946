"""Games whose losing move is known by construction, to test "where was it lost?".

    python tools/make_analysis_cases.py (--out FILE | --write-shipped) [--per-mode 4]

(``--write-shipped``: into the test suite's ``tests/data/analysis_cases.json``.)

For each variant and mode below, deals from the shipped winnable pool: the solver's winning
line is played for ``k`` moves (k somewhere in its middle), then a legal move the solver
proves loses (every position after it unwinnable), then random legal moves. The losing
move is move ``k + 1``. Each case is written with its moves in the notation of
``python -m game.cli play``; the test checks the analysis names that move, and checks the
claim itself with the solver.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.commands import Draw  # noqa: E402
from game.engine.game import new_game  # noqa: E402
from game.engine.notation import format_command  # noqa: E402
from game.solver import Outcome, solve, winnable_pool  # noqa: E402
from game.variants import get_variant  # noqa: E402
from tools.arguments import parser, shipped_output, whole, write_output  # noqa: E402

MODES = [
    ("klondike", "draw3"),
    ("klondike", "draw1"),
    ("klondike", "draw1-noredeal"),
    ("saratoga", "draw1"),
    ("saratoga", "draw3"),
    ("double-klondike", "draw3-unlimited"),
    ("double-klondike", "draw1"),
]
PROOF_SECONDS = 2.0
TAIL = 12  # random moves after the losing one


def a_case(rules, seed: int, rng: random.Random) -> dict | None:
    game = new_game(rules, seed=seed)
    line = solve(game.state, rules, max_seconds=10).line
    if not line or len(line) < 12:
        return None
    for k in rng.sample(range(len(line) // 5, len(line) * 3 // 4), min(12, len(line) // 2)):
        at = new_game(rules, seed=seed)
        for command in line[:k]:
            at.execute(command)
        good = at.copy()
        good.execute(line[k])
        for move in at.legal_moves():
            if isinstance(move, Draw):
                continue
            after = at.copy()
            after.execute(move)
            if after.state == good.state:
                continue
            if (
                solve(after.state, rules, max_seconds=PROOF_SECONDS).outcome
                is not Outcome.UNWINNABLE
            ):
                continue
            for _ in range(TAIL):
                moves = after.legal_moves()
                if not moves:
                    break
                after.execute(rng.choice(moves))
            if (
                solve(after.state, rules, max_seconds=PROOF_SECONDS).outcome
                is not Outcome.UNWINNABLE
            ):
                continue
            texts = [format_command(r.command, after.layout) for r in after.log]
            return {
                "variant": rules.variant,
                "mode": rules.mode,
                "seed": seed,
                "moves": texts,
                "lost_at": k + 1,
            }
    return None


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--per-mode", type=whole(1, 1000), default=4)
    shipped_output(ap, ROOT / "tests" / "data" / "analysis_cases.json")
    args = ap.parse_args()
    rng = random.Random(2026)
    cases = []
    for variant, mode in MODES:
        rules = get_variant(variant).rules(mode)
        made = 0
        for seed in winnable_pool(rules):
            case = a_case(rules, seed, rng)
            if case is not None:
                cases.append(case)
                made += 1
                print(f"{variant}/{mode} deal {seed}: lost at move {case['lost_at']}", flush=True)
            if made >= args.per_mode:
                break
    write_output(args.out, json.dumps({"cases": cases}, indent=1) + "\n")
    print(f"{len(cases)} cases written to {args.out}")


if __name__ == "__main__":
    main()
