"""Make ``game/variants/winnable_deals.json``: deal numbers the solver has won, per variant
and deal mode, so that "winnable deals only" can deal at once.

    python tools/make_winnable_pool.py (--out FILE | --write-shipped) [--count 200]
        [--other-count 100] [--timeout 3] [--max-tries 1000] [--jobs 2]
        [--only klondike/draw1 ...] [--start 1] [--results-dir DIR]
        [--scheduler tcp://HOST:8786] [--won-in RESULTS.jsonl]
    python tools/make_winnable_pool.py --verify [--out FILE] [--only ...]

The pools go to ``--out FILE`` (its pools of other games are kept), or with
``--write-shipped`` into the shipped ``game/variants/winnable_deals.json``; either way the
file is replaced whole after each pool (a kill leaves the last one). ``--verify`` solves
the pools of ``--out`` (default: the shipped file) again and writes nothing.

Every variant's default mode is done (``--count`` deals), and every other mode
(``--other-count``). Deals are tried in order from
``--start`` (a number of the game's numbering: FreeCell's deals are Microsoft's, from 1),
at most ``--max-tries`` per pool; a deal goes in only if the solver wins it
(its line is replayed through the engine to a won game as a check). Deals it proves lost
or cannot decide in time are skipped, so the pool leans towards deals the solver finds
easy, and a pool may come out short (Double Klondike's default, three at a time with one
redeal, is hard: few of its deals are won in the time).

``--results-dir DIR`` keeps each pool's per-deal results in ``DIR/VARIANT-MODE.jsonl``,
appended as each deal is done, so an interrupted run resumes without redoing a deal;
``--scheduler ADDRESS`` runs the deals on a Dask distributed cluster (see
tools/solvability.py) instead of ``--jobs`` local processes.

``--won-in FILE`` (with one ``--only`` pool) takes a ``tools/solvability.py`` results file
of the same variant and mode and tries the deals it won first, then goes on from
``--start`` as usual: a game whose deals are rarely won (Agnes) gets its pool from the large
run already made instead of solving every deal again. Each is still solved and replayed
here; a deal the run won only near its own budget may miss this one's.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.deal import MAX_SEED  # noqa: E402
from game.files.formats import DEALS_KEPT  # noqa: E402
from game.solver.batch import pool_record  # noqa: E402
from game.variants import all_variants, get_variant  # noqa: E402
from game.variants.pool import POOL_FILE, pool_key  # noqa: E402
from tools.arguments import (  # noqa: E402
    JOBS,
    input_file,
    output_folder,
    parser,
    seconds,
    shipped_output,
    variant_mode,
    whole,
    write_output,
)
from tools.deal_runs import MOST_DEALS, ResultsFile, RunError, run_deals, worded  # noqa: E402


def targets() -> list[tuple[str, str, bool]]:
    """(variant, mode, is the default mode)."""
    out = []
    for table in all_variants():
        out.append((table.id, table.default_mode, True))
        for mode in table.mode_ids():
            if mode != table.default_mode:
                out.append((table.id, mode, False))
    return out


def make_pool(
    variant: str,
    mode: str,
    count: int,
    timeout: float,
    jobs: int,
    start: int,
    max_tries: int,
    results_dir: str | None = None,
    scheduler: str | None = None,
    first: tuple[int, ...] = (),
):
    """(the first ``count`` deals won, ``first`` tried before those from ``start`` on;
    deals tried)."""
    store = None
    if results_dir is not None:
        settings = {"variant": variant, "mode": mode, "timeout": timeout}
        store = ResultsFile(Path(results_dir) / f"{variant}-{mode}.jsonl", settings)
    won: list[int] = []
    tried = 0
    seed = start
    width = 64 if scheduler else max(jobs, 1)
    queued, listed = list(first), set(first)
    while len(won) < count and tried < max_tries:
        size = min(max(count - len(won), width) + width, max_tries - tried)
        batch, queued = queued[:size], queued[size:]
        while len(batch) < size:
            if seed not in listed:
                batch.append(seed)
            seed += 1
        records = run_deals(pool_record, (variant, mode, timeout), batch, store, jobs, scheduler)
        tried += len(records)
        won += [record["seed"] for record in records if record["won"]]
        sys.stderr.write(f"\r{variant}/{mode}: {len(won)}/{count} won of {tried} tried ")
        sys.stderr.flush()
    sys.stderr.write("\n")
    return sorted(won)[:count], tried


def won_in(path: str, wanted) -> tuple[int, ...]:
    """The deals a solvability results file records as won, in deal order. RunError unless
    exactly one pool is made and the file's run is of its variant and mode."""
    if len(wanted) != 1:
        raise RunError("--won-in needs exactly one pool: give it with --only VARIANT/MODE")
    variant, mode, _default = wanted[0]
    run = ResultsFile(path)
    settings = run.settings or {}
    if (settings.get("variant"), settings.get("mode")) != (variant, mode):
        raise RunError(
            f"{path} holds a run of {settings.get('variant')}/{settings.get('mode')}, "
            f"not {variant}/{mode}"
        )
    return tuple(sorted(seed for seed, r in run.done.items() if r.get("outcome") == "won"))


def verify(pools: dict, wanted, args) -> int:
    """Solve every deal of the chosen pools (``--timeout`` each); exit status 1 if any is
    not won, with the deals named."""
    failed = 0
    for variant, mode, _default in wanted:
        deals = pools.get(pool_key(variant, mode), [])
        store = None
        if args.results_dir is not None:
            settings = {"variant": variant, "mode": mode, "timeout": args.timeout}
            path = Path(args.results_dir) / f"verify-{variant}-{mode}.jsonl"
            store = ResultsFile(path, settings)
        records = run_deals(
            pool_record, (variant, mode, args.timeout), deals, store, args.jobs, args.scheduler
        )
        lost = [r["seed"] for r in records if not r["won"]]
        failed += len(lost)
        print(f"{pool_key(variant, mode)}: {len(deals) - len(lost)} of {len(deals)} won", end="")
        print(f"; not won: {lost}" if lost else "")
    return 1 if failed else 0


def read_pools(path: Path) -> dict:
    """A pools file's JSON object (empty when there is no file yet); RunError, in one line,
    for a file that is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:  # not JSON, not UTF-8, unreadable
        raise RunError(f"{path}: not a pools file ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("pools", {}), dict):
        raise RunError(f"{path}: not a pools file (no object of pools)")
    return data


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument(
        "--count", type=whole(1, DEALS_KEPT), default=200, help="deals per default mode"
    )
    ap.add_argument(
        "--other-count", type=whole(1, DEALS_KEPT), default=100, help="deals per other mode"
    )
    ap.add_argument("--timeout", type=seconds(), default=3.0, help="seconds per deal")
    ap.add_argument(
        "--max-tries", type=whole(1, MOST_DEALS), default=1000, help="deals tried per pool"
    )
    ap.add_argument("--jobs", type=JOBS, default=2)
    ap.add_argument("--start", type=whole(0, MAX_SEED), default=1)
    ap.add_argument("--only", type=variant_mode, nargs="*", default=None, help="variant/mode pairs")
    shipped_output(ap, POOL_FILE, required=False)
    ap.add_argument("--results-dir", type=output_folder, help="per-deal results, for resuming")
    ap.add_argument("--scheduler", default=None, help="Dask scheduler address")
    ap.add_argument(
        "--won-in", type=input_file, help="solvability results: try the deals it won first"
    )
    ap.add_argument(
        "--verify", action="store_true", help="solve every deal of the pools; list any not won"
    )
    args = ap.parse_args(argv)
    if args.out is None and not args.verify:
        ap.error(f"give --out FILE, or --write-shipped to rewrite {POOL_FILE.name} in the game")
    wanted = [(variant, mode, True) for variant, mode in args.only or ()] or targets()
    data = read_pools(args.out or POOL_FILE)
    pools = data.get("pools", {})
    notes = data.get("tried", {})
    if args.verify:
        return verify(pools, wanted, args)
    first = won_in(args.won_in, wanted) if args.won_in else ()
    for variant, mode, _default in wanted:
        numbering = get_variant(variant).rules(mode).numbering
        if not numbering.holds(args.start):  # FreeCell's deals are Microsoft's, from 1
            raise RunError(
                f"--start {args.start}: {variant}/{mode} deals are numbered "
                f"{numbering.first} to {numbering.last}"
            )
    for variant, mode, default in wanted:
        t0 = time.monotonic()
        count = args.count if default else args.other_count
        won, tried = make_pool(
            variant,
            mode,
            count,
            args.timeout,
            args.jobs,
            args.start,
            args.max_tries,
            args.results_dir,
            args.scheduler,
            first,
        )
        pools[pool_key(variant, mode)] = won
        notes[pool_key(variant, mode)] = {
            "tried": tried,
            "timeout_s": args.timeout,
            "seconds": round(time.monotonic() - t0, 1),
        }
        # Write after each pool, so an interrupted run keeps what it made.
        # The other pools' grades (tools/grade_pool.py) are kept; this pool's are stale.
        for graded in ("grades", "grade_spread"):
            data.get(graded, {}).pop(pool_key(variant, mode), None)
        out = {
            **data,
            "about": "Deal numbers (new_game(rules, seed=N)) the solver has won from the "
            "start, per variant/mode. Made by tools/make_winnable_pool.py.",
            "pools": dict(sorted(pools.items())),
            "tried": dict(sorted(notes.items())),
        }
        write_output(args.out, json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(worded(main))
