"""What the tools that run the solver over many deals share: deal ranges, a results file
that is appended to per deal (so an interrupted run resumes where it stopped), running the
deals locally or on a Dask cluster, and the statistics they print.

The results file holds JSON lines: the first one describes the run (its settings), every
other one is one deal's result with at least a ``seed`` key. A run that finds the file
already there checks that the settings match and skips the deals it holds; a line cut
short by an interruption is ignored (its deal is done again).
"""

from __future__ import annotations

import json
import math
import multiprocessing
from collections.abc import Callable
from functools import partial
from pathlib import Path


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


class ResultsFile:
    """A JSON-lines file of per-deal results. ``done`` maps each finished deal to its
    record; ``append`` writes one more and flushes it to disk at once."""

    def __init__(self, path: str | Path, settings: dict | None = None) -> None:
        self.path = Path(path)
        self.done: dict[int, dict] = {}
        self.settings: dict | None = None
        if self.path.exists():
            self._read()
            if settings is not None and self.settings != settings:
                raise ValueError(
                    f"{self.path} holds a run with other settings ({self.settings}); "
                    f"give another file to run with {settings}"
                )
        elif settings is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "w", encoding="utf-8") as fh:
                fh.write(json.dumps({"settings": settings}) + "\n")
            self.settings = settings

    def _read(self) -> None:
        with open(self.path, encoding="utf-8") as fh:
            for n, line in enumerate(fh):
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    continue  # cut short by an interruption: that deal is done again
                if n == 0 and "settings" in record:
                    self.settings = record["settings"]
                elif "seed" in record:
                    self.done[int(record["seed"])] = record

    def append(self, record: dict) -> None:
        # A line cut short by a kill would glue onto the next one: start on a fresh line.
        with open(self.path, "a+", encoding="utf-8") as fh:
            fh.seek(0, 2)
            if fh.tell():
                fh.seek(fh.tell() - 1)
                if fh.read(1) != "\n":
                    fh.write("\n")
            fh.write(json.dumps(record) + "\n")
            fh.flush()
        self.done[int(record["seed"])] = record


def run_deals(
    task: Callable[..., dict],
    args: tuple,
    seeds: list[int],
    results: ResultsFile | None = None,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Callable[[dict], None] | None = None,
) -> list[dict]:
    """``task(*args, seed)`` for every seed not already in ``results``, on the Dask
    cluster at ``scheduler`` (an address such as ``tcp://host:8786``) when one is given,
    else in ``jobs`` local processes (in this one for 1). Each record is appended to
    ``results`` as soon as it comes back, in whatever order the deals finish. Returns the
    records of all ``seeds``, finished before or now, by seed."""
    done = results.done if results is not None else {}
    todo = [seed for seed in seeds if seed not in done]
    records = {seed: done[seed] for seed in seeds if seed in done}

    def take(record: dict) -> None:
        records[int(record["seed"])] = record
        if results is not None:
            results.append(record)
        if progress is not None:
            progress(record)

    if not todo:
        pass
    elif scheduler:
        _run_on_cluster(task, args, todo, scheduler, take)
    elif jobs <= 1:
        for seed in todo:
            take(task(*args, seed))
    else:
        context = multiprocessing.get_context("spawn")
        with context.Pool(jobs) as pool:
            for record in pool.imap_unordered(partial(_call, task, args), todo):
                take(record)
    return [records[seed] for seed in sorted(records)]


def _call(task: Callable[..., dict], args: tuple, seed: int) -> dict:
    return task(*args, seed)


def _run_on_cluster(task, args, seeds, scheduler: str, take) -> None:
    try:
        from distributed import Client, as_completed
    except ImportError as exc:  # the optional extra is not installed
        raise SystemExit(
            "--scheduler needs Dask distributed: pip install 'patience-table[cluster]'"
        ) from exc
    with Client(scheduler) as client:
        # One future per deal: the scheduler hands them out as workers free up, and a
        # worker lost midway only costs its own deals, which are resubmitted.
        futures = [client.submit(task, *args, seed, pure=False) for seed in seeds]
        for future in as_completed(futures):
            take(future.result())
            future.release()
