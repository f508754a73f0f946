"""What the tools that run the solver over many deals share: deal ranges, a results file
that is appended to per deal (so an interrupted run resumes where it stopped), and the
statistics they print.

The results file holds JSON lines: the first one describes the run (its settings), every
other one is one deal's result with at least a ``seed`` key. A run that finds the file
already there checks that the settings match and skips the deals it holds; a line cut
short by an interruption is ignored (its deal is done again).
"""

from __future__ import annotations

import json
import math
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
