"""tools/bench_session.py runs as a script: its help, its refusals in one line, and a short
run that reports RSS and sums it up (the figures themselves are the README's)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "bench_session.py"


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYTHONPATH", None)  # from the checkout, as a player would run it
    return subprocess.run(
        [sys.executable, str(TOOL), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_help():
    done = run("--help")
    assert done.returncode == 0 and "--steps" in done.stdout and not done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("--steps", "0"),
        ("--steps", "-5"),
        ("--steps", "x"),
        ("--every", "1e3"),
        ("--switch", "99999999999"),
        ("--seed", "-1"),
        ("--search-ms", ""),
        ("--nosuch",),
    ],
)
def test_a_bad_argument_is_refused_in_one_line(args):
    done = run(*args)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr and not done.stdout


def test_a_short_session_reports_rss_and_sums_it_up():
    done = run("--steps", "40", "--every", "20", "--switch", "25", "--search-ms", "10")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    rows = [line.split() for line in done.stdout.splitlines() if re.match(r"\s+\d+ ", line)]
    assert [row[0] for row in rows] == ["0", "20", "40"]
    assert [row[1] for row in rows] == ["0", "1", "2"]  # a game switched to at 1 and 26
    assert all(float(row[2]) > 0 for row in rows)
    assert re.search(r"steps 40, games 2 \(every variant and mode: \d+\)", done.stdout)
    assert re.search(r"RSS MB: start \d+, max \d+, end \d+; last quarter mean \d+", done.stdout)
