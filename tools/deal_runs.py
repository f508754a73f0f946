"""What the tools that run the solver over many deals share: deal ranges, a results file
that is appended to per deal (so an interrupted run resumes where it stopped), running the
deals locally or on a Dask cluster, and the statistics they print.

The results file holds JSON lines: the first one describes the run (its settings), every
other one is one deal's result with at least a ``seed`` key. A run that finds the file
already there checks that the settings match and skips the deals it holds; a line cut
short by an interruption is ignored (its deal is done again).

Run as a script, it reads a results file and says what it holds (its settings and how many
deals), or refuses it in one line naming the line that does not fit:

    python tools/deal_runs.py RESULTS.jsonl
"""

from __future__ import annotations

import json
import math
import multiprocessing
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script

from game.engine.deal import deal_number  # noqa: E402
from game.engine.text import shown  # noqa: E402
from game.files.formats import RESULTS_LINE, fit  # noqa: E402
from tools.arguments import parser, refuse  # noqa: E402

MOST_BYTES = 1 << 30  # a results line is some 60 bytes: this holds any run of MOST_DEALS


MOST_DEALS = 10_000_000  # deals in one run: days of solving already; a list this long fits


class RunError(ValueError):
    """A run that cannot be made as asked (its deals, its results file, its cluster): the
    message is one line for the person who ran the tool."""


def worded(main: Callable[[], int | None]) -> int:
    """``main()``, with a run that cannot be made (``RunError``) said in one line on stderr
    and exit status 2, as argparse does for a bad argument: never a traceback."""
    try:
        return main() or 0
    except RunError as exc:
        return refuse(str(exc))


def parse_range(text: str) -> list[int]:
    """``1-1000`` or ``5`` or ``1-10,20-30``: deal numbers the shuffle takes (0 to
    2^64-1), at most ``MOST_DEALS`` of them. RunError says what is wrong."""
    spans: list[tuple[int, int]] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        low, _, high = part.partition("-")
        try:
            lo = deal_number(low.strip())
            hi = deal_number(high.strip()) if high else lo
        except ValueError as exc:
            raise RunError(f"--deals {shown(part)}: {exc}") from None
        if hi < lo:
            raise RunError(f"--deals: empty range {shown(part)}")
        spans.append((lo, hi))
        if sum(b - a + 1 for a, b in spans) > MOST_DEALS:
            raise RunError(f"--deals {shown(text)}: more than {MOST_DEALS:,} deals in one run")
    if not spans:
        raise RunError("--deals: no deals given")
    return [seed for lo, hi in spans for seed in range(lo, hi + 1)]


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

    def __init__(
        self, path: str | Path, settings: dict | None = None, needs: tuple[str, ...] = ("seed",)
    ) -> None:
        self.path = Path(path)
        self.needs = needs  # the keys every result line of this tool holds
        self.done: dict[int, dict] = {}
        self.settings: dict | None = None
        if self.path.exists():
            self._read()
            if settings is not None and self.settings != settings:
                raise RunError(
                    f"{self.path} holds a run with other settings ({shown(self.settings, 300)}); "
                    f"give another file to run with {settings}"
                )
        elif settings is not None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                with open(self.path, "w", encoding="utf-8") as fh:
                    fh.write(json.dumps({"settings": settings}) + "\n")
            except OSError as exc:
                raise RunError(f"{self.path}: {_os_problem(exc)}") from None
            self.settings = settings

    def _read(self) -> None:
        """The run's settings and the deals done. RunError, naming the file and the line,
        for a line that is JSON but not a result (``formats.RESULTS_LINE``) and for a file
        that cannot be read; a line cut short (not JSON) is skipped: its deal is done again."""
        try:
            with open(self.path, encoding="utf-8") as fh:
                lines = fh.read(MOST_BYTES + 1)
        except OSError as exc:
            raise RunError(f"{self.path}: {_os_problem(exc)}") from None
        except UnicodeDecodeError:
            raise RunError(f"{self.path}: not a text file (or not in UTF-8)") from None
        if len(lines) > MOST_BYTES:
            raise RunError(f"{self.path}: far too large for a results file")
        for n, line in enumerate(lines.splitlines()):
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue  # cut short by an interruption: that deal is done again
            except (ValueError, RecursionError):  # 5,000 digits, nested a thousand deep
                raise RunError(f"{self.path}, line {n + 1}: not a result") from None
            if n == 0 and isinstance(record, dict) and "settings" in record:
                self.settings = record["settings"]
                continue
            if not isinstance(record, dict) or not all(key in record for key in self.needs):
                keys = ", ".join(self.needs)
                problem = f"must be an object with {keys}, got {shown(record)}"
                raise RunError(f"{self.path}, line {n + 1}: {problem}")
            values, problems = fit(RESULTS_LINE, record)
            if problems:
                raise RunError(f"{self.path}, line {n + 1}: {problems[0]}")
            self.done[values["seed"]] = {**record, **values}

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


CONNECT_SECONDS = 10  # a scheduler that answers at all answers within this


def _os_problem(exc: OSError) -> str:
    if isinstance(exc, IsADirectoryError):
        return "it is a folder, not a file"
    return (exc.strerror or type(exc).__name__).lower()


def _call(task: Callable[..., dict], args: tuple, seed: int) -> dict:
    return task(*args, seed)


def _run_on_cluster(task, args, seeds, scheduler: str, take) -> None:
    try:
        from distributed import Client, as_completed
    except ImportError as exc:  # the optional extra is not installed
        raise SystemExit(
            "--scheduler needs Dask distributed: pip install 'patience-table[cluster]'"
        ) from exc
    try:
        client = Client(scheduler, timeout=CONNECT_SECONDS)
    except (OSError, ValueError, TimeoutError) as exc:  # nobody there; no such address
        problem = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise RunError(f"--scheduler {shown(scheduler)}: {shown(problem, 200, False)}") from None
    with client:
        # One future per deal: the scheduler hands them out as workers free up, and a
        # worker lost midway only costs its own deals, which are resubmitted.
        futures = [client.submit(task, *args, seed, pure=False) for seed in seeds]
        for future in as_completed(futures):
            take(future.result())
            future.release()


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("results", help="a results file (JSON lines) of one of the tools")
    args = ap.parse_args(argv)
    if not Path(args.results).exists():
        raise RunError(f"{args.results}: no such file")
    held = ResultsFile(args.results)
    print(f"{args.results}: {len(held.done)} deals; settings {json.dumps(held.settings)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(worded(main))
