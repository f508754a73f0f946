"""How long a player waits for a hint and for "is this still winnable?", in every game.

    python tools/bench_hints.py [--variants klondike,yukon] [--deals 10] [--quick]
        [--json FILE]

For every built-in variant and deal mode, deals 1..N (``--deals``, default 10; ``--quick``:
3) are asked at two positions: the deal, and a mid-game position: half-way along a winning
line of the deal found with full knowledge and a fixed node budget, or, where none is
found, after ``MID_GAME_MOVES`` moves of a player who follows the visible-only heuristic
(``hints.useful_moves``, never back to a position already seen); the same every run.
At each, the hint and the verdict are asked through the game's own path:
``hint_in_background`` with the app's hint budget (``budgets.STANDARD``) and a fresh
``HintCache`` (the first hint of a position, nothing remembered), and
``solve_in_background`` with its verdict budget, each timed from the request to the
moment its answer is there for the next frame. One search at a time, in this process.

The table gives, per game and position, the p50, p95 and max latency and the share of
answers "not known": a hint whose samples found no winning line in time (the heuristic
move is given and said to be not known to win), a verdict left undecided. Every answer
must come within its budget plus ``SLACK``; the tool exits 1 if one does not, naming it.
``--json FILE`` writes every measurement and the summary rows.
"""

from __future__ import annotations

import json
import sys
import time
from argparse import ArgumentTypeError
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.app.budgets import STANDARD  # noqa: E402
from game.engine.game import new_game  # noqa: E402
from game.engine.text import shown  # noqa: E402
from game.solver import HintCache, hint_in_background, solve, solve_in_background  # noqa: E402
from game.solver.coverage import specialised_covers  # noqa: E402
from game.solver.hints import hint_reach, useful_moves  # noqa: E402
from game.solver.outcome import Outcome  # noqa: E402
from game.variants import builtin_ids, get_variant  # noqa: E402
from tools.arguments import output_file, parser, whole, write_output  # noqa: E402
from tools.deal_runs import percentile  # noqa: E402

MID_GAME_MOVES = 25
# The node budgets of the search for the line the mid-game position lies on: the specialised
# search (the compiled core) and the generic one (some 2,500 positions a second).
LINE_NODES = 300_000
GENERIC_LINE_NODES = 5_000
# What an answer may take beyond its budget: a frame or two, and a loaded machine's jitter.
SLACK = 0.25
POLL = 0.002  # seconds between two looks at a search, as a frame would (finer)


def games(only: list[str] | None, modes: set[str] | None = None):
    """(variant id, mode id, rules) of every built-in game, or of the variants and modes
    named."""
    for variant in builtin_ids():
        if only and variant not in only:
            continue
        table = get_variant(variant)
        for mode in table.modes:
            if modes and mode.id not in modes:
                continue
            yield variant, mode.id, table.rules(mode.id)


def mid_game(rules, seed: int):
    """(state, moves played, how): half-way along a winning line of deal ``seed`` found with
    a fixed node budget (so the same for every run), or where none is found, after up to
    MID_GAME_MOVES moves of a player who follows the visible-only heuristic, never back
    to a position already seen."""
    game = new_game(rules, seed=seed)
    nodes = LINE_NODES if specialised_covers(rules) else GENERIC_LINE_NODES
    found = solve(game.state, rules, max_nodes=nodes, max_seconds=None)
    if found.won and found.line:
        for command in found.line[: len(found.line) // 2]:
            game.execute(command)
        return game.state, game.moves_made, "line"
    seen = {game.state}
    for _ in range(MID_GAME_MOVES):
        for _score, command in useful_moves(game.state, rules):
            game.execute(command)
            if game.state not in seen and not game.won:
                seen.add(game.state)
                break
            game.undo()
        else:
            break
    return game.state, game.moves_made, "heuristic"


def timed(task) -> float:
    """Seconds from now until ``task`` is done (the task was started just before)."""
    start = time.perf_counter()
    while not task.done():
        time.sleep(POLL)
    return time.perf_counter() - start


def ask_hint(state, rules) -> tuple[float, bool]:
    """(seconds, not known): a first hint of ``state`` as the game's Hint button asks it."""
    cache = HintCache()
    start = time.perf_counter()
    task = hint_in_background(state, rules, STANDARD.hint, cache=cache, explained=True)
    while not task.done():
        time.sleep(POLL)
    seconds = time.perf_counter() - start
    answer = task.result(0)
    return seconds, answer.command is not None and not answer.winning


def ask_verdict(state, rules) -> tuple[float, bool]:
    """(seconds, not known): "is this still winnable?" as the game asks it."""
    start = time.perf_counter()
    task = solve_in_background(state, rules, max_seconds=STANDARD.verdict, max_nodes=None)
    while not task.done():
        time.sleep(POLL)
    seconds = time.perf_counter() - start
    return seconds, task.result(0).outcome is Outcome.UNDECIDED


def summary(times: list[float], unknown: list[bool]) -> dict:
    return {
        "p50": percentile(times, 50),
        "p95": percentile(times, 95),
        "max": max(times),
        "not_known": sum(unknown) / len(unknown),
    }


def bench(only, deals: int, out=print, modes=None) -> tuple[list[dict], list[dict], list[str]]:
    """(rows, measurements, overshoots): a row per game and position."""
    rows, measured, late = [], [], []
    for variant, mode, rules in games(only, modes):
        by_where: dict[str, dict[str, list]] = {}
        for seed in range(1, deals + 1):
            deal = new_game(rules, seed=seed).state
            middle, moves, how = mid_game(rules, seed)
            for where, state in (("deal", deal), ("mid-game", middle)):
                h_s, h_unknown = ask_hint(state, rules)
                v_s, v_unknown = ask_verdict(state, rules)
                record = {
                    "variant": variant,
                    "mode": mode,
                    "seed": seed,
                    "where": where,
                    "moves": 0 if where == "deal" else moves,
                    "mid_game_by": how,
                    "hint_s": round(h_s, 4),
                    "hint_not_known": h_unknown,
                    "verdict_s": round(v_s, 4),
                    "verdict_not_known": v_unknown,
                }
                measured.append(record)
                cell = by_where.setdefault(where, {"h": [], "hu": [], "v": [], "vu": []})
                cell["h"].append(h_s)
                cell["hu"].append(h_unknown)
                cell["v"].append(v_s)
                cell["vu"].append(v_unknown)
                for what, seconds, budget in (
                    ("hint", h_s, hint_reach(STANDARD.hint)),
                    ("verdict", v_s, STANDARD.verdict),
                ):
                    if seconds > budget + SLACK:
                        late.append(
                            f"{variant} {mode} deal {seed} {where}: {what} took {seconds:.2f} s "
                            f"(budget {budget:g} s)"
                        )
        for where, cell in by_where.items():
            row = {
                "variant": variant,
                "mode": mode,
                "where": where,
                "hint": summary(cell["h"], cell["hu"]),
                "verdict": summary(cell["v"], cell["vu"]),
            }
            rows.append(row)
            out(line(row))
    return rows, measured, late


HEADER = (
    "| game and mode | position | hint p50 / p95 / max | hint not known "
    "| still winnable? p50 / p95 / max | not known |\n| --- | --- | --- | --- | --- | --- |"
)


def line(row: dict) -> str:
    def times(s):
        return f"{s['p50']:.2f} / {s['p95']:.2f} / {s['max']:.2f} s"

    def share(s):
        return f"{s['not_known']:.0%}"

    name = get_variant(row["variant"]).name
    return (
        f"| {name} `{row['mode']}` | {row['where']} | {times(row['hint'])} | "
        f"{share(row['hint'])} | {times(row['verdict'])} | {share(row['verdict'])} |"
    )


def variant_ids(text: str) -> list[str]:
    """Comma-separated ids of built-in variants."""
    ids = [part.strip() for part in text.split(",") if part.strip()]
    unknown = sorted(set(ids) - set(builtin_ids()))
    if unknown or not ids:
        raise ArgumentTypeError(f"no such variant: {', '.join(unknown) or shown(text)}")
    return ids


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--variants", type=variant_ids, help="comma-separated ids (default: all)")
    ap.add_argument("--modes", help="comma-separated mode ids (default: every mode)")
    ap.add_argument("--deals", type=whole(1, 10_000), default=10, help="deals 1..N (default 10)")
    ap.add_argument("--quick", action="store_true", help="3 deals")
    ap.add_argument("--json", type=output_file, metavar="FILE", help="write every measurement")
    args = ap.parse_args(argv)
    only = args.variants
    deals = 3 if args.quick else args.deals
    print(
        f"Hint budget {STANDARD.hint:g} s (answers within {hint_reach(STANDARD.hint):g} s), "
        f"still winnable? {STANDARD.verdict:g} s; deals 1-{deals}; mid-game half-way along a "
        f"winning line (else after {MID_GAME_MOVES} heuristic moves)\n"
    )
    print(HEADER, flush=True)
    modes = set(args.modes.split(",")) if args.modes else None
    rows, measured, late = bench(only, deals, out=lambda text: print(text, flush=True), modes=modes)
    if args.json:
        write_output(
            args.json,
            json.dumps(
                {
                    "hint_budget": STANDARD.hint,
                    "verdict_budget": STANDARD.verdict,
                    "slack": SLACK,
                    "deals": deals,
                    "mid_game_moves": MID_GAME_MOVES,
                    "rows": rows,
                    "measurements": measured,
                    "late": late,
                },
                indent=1,
            ),
        )
    for text in late:
        print("LATE:", text, file=sys.stderr)
    return 1 if late else 0


if __name__ == "__main__":
    sys.exit(main())
