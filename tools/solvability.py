"""How many deals of a variant the solver wins, proves unwinnable or leaves undecided.

    python tools/solvability.py --variant klondike --mode draw3 --deals 1-1000 \\
        [--timeout 10] [--nodes N] [--jobs 2] [--json] [--list FILE]

Deal N is ``new_game(rules, seed=N)`` solved from its start with full knowledge of every
card. Prints the share won / unwinnable / undecided with 95% Wilson intervals, the time
per deal (median, 90th percentile), the shares decided within 1 s and within the timeout,
and the search speed; a progress bar goes to stderr. With ``--json`` the last line of
stdout is one JSON object (keys deals, won, unwinnable, undecided, median_s, p90_s,
nodes_per_s, and more). ``--list FILE`` writes one line per deal (seed outcome seconds nodes).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.solver import solve_deal  # noqa: E402
from game.variants import get_variant  # noqa: E402


def parse_range(text: str) -> list[int]:
    """``1-1000`` or ``5`` or ``1-10,20-30``."""
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if "-" in part:
            a, b = part.split("-", 1)
            lo, hi = int(a), int(b)
            if hi < lo:
                raise ValueError(f"empty range {part!r}")
            out.extend(range(lo, hi + 1))
        elif part:
            out.append(int(part))
    if not out:
        raise ValueError("no deals given")
    return out


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


_JOB: dict = {}


def _init(variant: str, mode: str | None, timeout: float, nodes: int | None) -> None:
    _JOB["rules"] = get_variant(variant).rules(mode)
    _JOB["timeout"] = timeout
    _JOB["nodes"] = nodes


def _one(seed: int) -> tuple[int, str, float, int]:
    res = solve_deal(_JOB["rules"], seed, max_nodes=_JOB["nodes"], max_seconds=_JOB["timeout"])
    return seed, res.outcome.value, res.seconds, res.nodes


def _progress(done: int, total: int, counts: dict, start: float) -> None:
    if not sys.stderr.isatty():
        return
    width = 30
    filled = int(width * done / total)
    elapsed = time.monotonic() - start
    eta = elapsed / done * (total - done) if done else 0.0
    bar = "#" * filled + "-" * (width - filled)
    sys.stderr.write(
        f"\r[{bar}] {done}/{total}  won {counts['won']}  unwinnable {counts['unwinnable']}  "
        f"undecided {counts['undecided']}  eta {eta:5.0f}s "
    )
    sys.stderr.flush()


def run(
    variant: str,
    mode: str | None,
    seeds: list[int],
    timeout: float,
    nodes: int | None,
    jobs: int,
) -> list[tuple[int, str, float, int]]:
    counts = {"won": 0, "unwinnable": 0, "undecided": 0}
    results = []
    start = time.monotonic()
    if jobs <= 1:
        _init(variant, mode, timeout, nodes)
        iterator = map(_one, seeds)
        pool = None
    else:
        pool = multiprocessing.get_context("spawn").Pool(
            jobs, initializer=_init, initargs=(variant, mode, timeout, nodes)
        )
        iterator = pool.imap_unordered(_one, seeds)
    try:
        for item in iterator:
            results.append(item)
            counts[item[1]] += 1
            _progress(len(results), len(seeds), counts, start)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    if sys.stderr.isatty():
        sys.stderr.write("\n")
    results.sort()
    return results


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
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--mode", default=None, help="deal mode (default: the variant's default)")
    ap.add_argument("--deals", required=True, help="deal numbers, e.g. 1-1000")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per deal (10)")
    ap.add_argument("--nodes", type=int, default=None, help="node budget per deal (none)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    ap.add_argument("--json", action="store_true", help="end with one JSON line")
    ap.add_argument("--list", default=None, help="write per-deal results to this file")
    args = ap.parse_args(argv)
    try:
        table = get_variant(args.variant)
        rules = table.rules(args.mode)
        seeds = parse_range(args.deals)
    except (KeyError, ValueError) as exc:
        ap.error(str(exc))
    results = run(args.variant, rules.mode, seeds, args.timeout, args.nodes, args.jobs)
    summary = summarise(results, args.timeout)
    summary["variant"] = args.variant
    summary["mode"] = rules.mode
    print(report(summary, f"{table.name} ({rules.mode_label}, mode {rules.mode})"))
    if args.list:
        with open(args.list, "w") as fh:
            for seed, outcome, seconds, nodes in results:
                fh.write(f"{seed} {outcome} {seconds:.3f} {nodes}\n")
    if args.json:
        print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
