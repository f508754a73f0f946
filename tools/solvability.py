"""How many deals of a variant the solver wins, proves unwinnable or leaves undecided.

    python tools/solvability.py --variant klondike --mode draw3 --deals 1-1000 \\
        [--timeout 10] [--nodes N] [--jobs 2] [--json] [--list FILE] \\
        [--results FILE.jsonl] [--scheduler tcp://HOST:8786]

Deal N is ``new_game(rules, seed=N)`` solved from its start with full knowledge of every
card. Prints the share won / unwinnable / undecided with 95% Wilson intervals, the time
per deal (median, 90th percentile), the shares decided within 1 s and within the timeout,
and the search speed; a progress bar goes to stderr. With ``--json`` the last line of
stdout is one JSON object (keys deals, won, unwinnable, undecided, median_s, p90_s,
nodes_per_s, and more). ``--list FILE`` writes one line per deal (seed outcome seconds nodes).

``--results FILE`` appends each deal's result to a JSON-lines file as soon as it is known;
run again with the same file (and settings), the tool skips the deals it holds, so an
interrupted run resumes where it stopped, and the report covers every deal asked for.
``--scheduler ADDRESS`` runs the deals on a Dask distributed cluster (``pip install
'patience-table[cluster]'``; start one with ``dask scheduler`` and ``dask worker ADDRESS``
on each machine) instead of ``--jobs`` local processes.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.i18n import say  # noqa: E402
from game.solver.batch import solvability_record  # noqa: E402
from game.variants import get_variant  # noqa: E402
from tools.arguments import JOBS, NODES, output_file, parser, refuse, seconds, write_output  # noqa: E402
from tools.deal_runs import (  # noqa: E402
    ResultsFile,
    RunError,
    parse_range,
    percentile,
    run_deals,
    wilson,
)


class Progress:
    """A bar on stderr, when it is a terminal."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.counts = {"won": 0, "unwinnable": 0, "undecided": 0}
        self.done = 0
        self.start = time.monotonic()

    def __call__(self, record: dict) -> None:
        self.done += 1
        self.counts[record["outcome"]] += 1
        if not sys.stderr.isatty():
            return
        width = 30
        filled = int(width * self.done / self.total)
        elapsed = time.monotonic() - self.start
        eta = elapsed / self.done * (self.total - self.done)
        bar = "#" * filled + "-" * (width - filled)
        counts = self.counts
        sys.stderr.write(
            f"\r[{bar}] {self.done}/{self.total}  won {counts['won']}  unwinnable "
            f"{counts['unwinnable']}  undecided {counts['undecided']}  eta {eta:5.0f}s "
        )
        sys.stderr.flush()


def run(
    variant: str,
    mode: str,
    seeds: list[int],
    timeout: float,
    nodes: int | None,
    jobs: int,
    results: ResultsFile | None = None,
    scheduler: str | None = None,
) -> list[tuple[int, str, float, int]]:
    """(seed, outcome, seconds, nodes) of every deal, sorted by seed."""
    bar = Progress(len(seeds))
    records = run_deals(
        solvability_record,
        (variant, mode, timeout, nodes),
        seeds,
        results=results,
        jobs=jobs,
        scheduler=scheduler,
        progress=bar,
    )
    if sys.stderr.isatty():
        sys.stderr.write("\n")
    # Deals whose search left the compiled core for Python (results files written before
    # the field existed have none): the report names them, since their times are not the
    # core's.
    left = [(r["seed"], r["left_core"]) for r in records if r.get("left_core")]
    for seed, why in left[:5]:
        print(f"deal {seed}: the search left the compiled core: {why}", file=sys.stderr)
    if left:
        print(f"{len(left)} deal(s) searched partly in Python", file=sys.stderr)
    return [(r["seed"], r["outcome"], r["seconds"], r["nodes"]) for r in records]


def summarise(results: list[tuple[int, str, float, int]], timeout: float) -> dict:
    n = len(results)
    counts = {"won": 0, "unwinnable": 0, "undecided": 0}
    for _, outcome, _, _ in results:
        counts[outcome] += 1
    times = [r[2] for r in results]
    total_nodes = sum(r[3] for r in results)
    total_time = sum(times)
    decided_1s = sum(1 for r in results if r[1] != "undecided" and r[2] <= 1.0)
    decided = counts["won"] + counts["unwinnable"]
    summary = {
        "deals": n,
        "won": counts["won"],
        "unwinnable": counts["unwinnable"],
        "undecided": counts["undecided"],
        "median_s": round(percentile(times, 50), 4),
        "p90_s": round(percentile(times, 90), 4),
        "nodes_per_s": round(total_nodes / total_time) if total_time else 0,
        "decided_within_1s": decided_1s,
        "decided_within_timeout": decided,
        "timeout_s": timeout,
    }
    for key in ("won", "unwinnable", "undecided"):
        lo, hi = wilson(counts[key], n)
        summary[f"{key}_share"] = round(counts[key] / n, 4) if n else 0.0
        summary[f"{key}_ci95"] = [round(lo, 4), round(hi, 4)]
    # Won share among decided deals, and the bounds if every undecided deal went either way.
    summary["won_if_undecided_lost"] = round(counts["won"] / n, 4) if n else 0.0
    summary["won_if_undecided_won"] = (
        round((counts["won"] + counts["undecided"]) / n, 4) if n else 0
    )
    return summary


def report(summary: dict, label: str) -> str:
    n = summary["deals"]
    lines = [f"{label}: {n} deals"]
    for key in ("won", "unwinnable", "undecided"):
        lo, hi = summary[f"{key}_ci95"]
        lines.append(
            f"  {key:<11} {summary[key]:>6}  {100 * summary[f'{key}_share']:6.2f}%  "
            f"(95% CI {100 * lo:.2f}-{100 * hi:.2f}%)"
        )
    lines.append(
        f"  time per deal: median {summary['median_s']:.3f} s, 90th percentile "
        f"{summary['p90_s']:.3f} s"
    )
    lines.append(
        f"  decided within 1 s: {100 * summary['decided_within_1s'] / n:.1f}%, within "
        f"{summary['timeout_s']:g} s: {100 * summary['decided_within_timeout'] / n:.1f}%"
    )
    lines.append(f"  search speed: {summary['nodes_per_s']} nodes/s per process")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--mode", default=None, help="deal mode (default: the variant's default)")
    ap.add_argument("--deals", required=True, help="deal numbers, e.g. 1-1000")
    ap.add_argument("--timeout", type=seconds(), default=10.0, help="seconds per deal (10)")
    ap.add_argument("--nodes", type=NODES, default=None, help="node budget per deal (none)")
    ap.add_argument("--jobs", type=JOBS, default=1, help="worker processes (1)")
    ap.add_argument("--json", action="store_true", help="end with one JSON line")
    ap.add_argument("--list", type=output_file, help="write per-deal results to this file")
    ap.add_argument("--results", default=None, help="JSON-lines file, appended per deal")
    ap.add_argument("--scheduler", default=None, help="Dask scheduler address")
    args = ap.parse_args(argv)
    try:
        table = get_variant(args.variant)
        rules = table.rules(args.mode)
        seeds = parse_range(args.deals)
    except RunError as exc:
        return refuse(str(exc))
    except KeyError as exc:
        return refuse(say(exc.args[0]))
    settings = {
        "variant": args.variant,
        "mode": rules.mode,
        "timeout": args.timeout,
        "nodes": args.nodes,
    }
    try:
        needs = ("seed", "outcome", "seconds", "nodes")
        store = None if args.results is None else ResultsFile(args.results, settings, needs)
        results = run(
            args.variant,
            rules.mode,
            seeds,
            args.timeout,
            args.nodes,
            args.jobs,
            store,
            args.scheduler,
        )
    except RunError as exc:
        return refuse(str(exc))
    summary = summarise(results, args.timeout)
    summary["variant"] = args.variant
    summary["mode"] = rules.mode
    print(report(summary, f"{table.name} ({rules.mode_label}, mode {rules.mode})"))
    if args.list:
        lines = [f"{seed} {outcome} {secs:.3f} {nodes}\n" for seed, outcome, secs, nodes in results]
        try:
            write_output(args.list, "".join(lines))
        except OSError as exc:  # checked before the run; the report above stands either way
            return refuse(f"--list {args.list}: {(exc.strerror or str(exc)).lower()}")
    if args.json:
        print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
