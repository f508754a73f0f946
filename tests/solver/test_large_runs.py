"""Large runs: tools/solvability.py on a Dask cluster gets the local run's verdicts, and a
run killed midway resumes from its results file without redoing a finished deal."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools import make_winnable_pool, solvability  # noqa: E402

KLONDIKE = ["--variant", "klondike", "--mode", "draw3"]
# Node budgets, not time: the verdicts must not depend on the machine's load.
DEALS = [*KLONDIKE, "--deals", "1-16", "--nodes", "30000"]


def records(path: Path) -> dict[int, dict]:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if "seed" in record:
            assert record["seed"] not in out, "a deal done twice"
            out[record["seed"]] = record
    return out


@pytest.mark.slow
def test_a_local_cluster_of_two_workers_gives_the_local_verdicts(tmp_path, capsys):
    import distributed  # in the test extra: the cluster test runs wherever the suite does

    local = tmp_path / "local.jsonl"
    assert solvability.main([*DEALS, "--jobs", "1", "--results", str(local)]) == 0
    on_cluster = tmp_path / "cluster.jsonl"
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        args = [*DEALS, "--scheduler", cluster.scheduler_address, "--results", str(on_cluster)]
        assert solvability.main(args) == 0
    out = capsys.readouterr().out
    assert "16 deals" in out
    mine, theirs = records(local), records(on_cluster)
    assert sorted(mine) == sorted(theirs) == list(range(1, 17))
    assert {s: r["outcome"] for s, r in mine.items()} == {
        s: r["outcome"] for s, r in theirs.items()
    }
    assert len({r["outcome"] for r in mine.values()}) >= 2  # won and something else


@pytest.mark.slow
def test_a_killed_run_resumes_without_redoing_a_deal(tmp_path):
    results = tmp_path / "run.jsonl"
    tool = str(ROOT / "tools" / "solvability.py")
    # Enough positions a deal that the run lasts some seconds: it is killed well before.
    deals = ["--deals", "1-40", "--nodes", "300000"]
    command = [sys.executable, tool, *KLONDIKE, *deals, "--results", str(results)]
    first = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and first.poll() is None:
        if results.exists() and len(records(results)) >= 5:
            break
        time.sleep(0.02)
    assert first.poll() is None, "the run ended before it could be interrupted"
    first.send_signal(signal.SIGKILL)
    first.wait()
    before = records(results)
    assert 5 <= len(before) < 40
    out = subprocess.run(command + ["--json"], capture_output=True, text=True, check=True)
    after = records(results)
    assert sorted(after) == list(range(1, 41))
    # The deals done before the kill were not done again: their records stand as they were.
    for seed, record in before.items():
        assert after[seed] == record
    summary = json.loads(out.stdout.splitlines()[-1])
    assert summary["deals"] == 40


def test_a_results_file_of_other_settings_is_refused(tmp_path):
    results = tmp_path / "run.jsonl"
    deals = [*KLONDIKE, "--deals", "1-2", "--results", str(results)]
    assert solvability.main([*deals, "--nodes", "500"]) == 0
    assert solvability.main([*deals, "--nodes", "900"]) == 2  # one line, as argparse says


def test_the_pool_maker_resumes_from_its_results(tmp_path, monkeypatch):
    out = tmp_path / "pool.json"
    results_dir = tmp_path / "runs"
    args = ["--only", "klondike/draw3", "--count", "4", "--timeout", "1", "--jobs", "1"]
    args += ["--out", str(out), "--results-dir", str(results_dir)]
    assert make_winnable_pool.main(args) == 0
    first = json.loads(out.read_text())["pools"]["klondike/draw3"]
    assert len(first) == 4
    # Again: every deal is in the results already, so none is solved.
    calls = []
    monkeypatch.setattr(make_winnable_pool, "pool_record", lambda *a: calls.append(a))
    assert make_winnable_pool.main(args) == 0
    assert calls == []
    assert json.loads(out.read_text())["pools"]["klondike/draw3"] == first
    saved = records(results_dir / "klondike-draw3.jsonl")
    assert all(saved[seed]["won"] for seed in first)
    assert os.path.getsize(results_dir / "klondike-draw3.jsonl") > 0


def test_the_pool_maker_tries_first_the_deals_a_large_run_won(tmp_path):
    # A solvability run's results: deals 4 and 7 won, 5 not (it is won at once, so a pool
    # made from deal 1 on would hold 3 and 4, not 4 and 7).
    run = tmp_path / "run.jsonl"
    lines = [{"settings": {"variant": "klondike", "mode": "draw3", "timeout": 10.0}}]
    lines += [
        {"seed": s, "outcome": o, "seconds": 1.0, "nodes": 9}
        for s, o in ((4, "won"), (5, "undecided"), (7, "won"))
    ]
    run.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    out, results_dir = tmp_path / "pool.json", tmp_path / "runs"
    args = ["--only", "klondike/draw3", "--count", "2", "--timeout", "2", "--jobs", "1"]
    args += ["--out", str(out), "--results-dir", str(results_dir), "--won-in", str(run)]
    assert make_winnable_pool.main(args) == 0
    assert json.loads(out.read_text())["pools"]["klondike/draw3"] == [4, 7]
    # Each was solved and replayed here, not taken on the file's word.
    tried = records(results_dir / "klondike-draw3.jsonl")
    assert tried[4]["won"] and tried[7]["won"] and 5 not in tried


def test_the_pool_maker_refuses_a_large_run_of_another_game(tmp_path):
    run = tmp_path / "agnes.jsonl"
    run.write_text(json.dumps({"settings": {"variant": "agnes", "mode": "deal"}}) + "\n")
    args = ["--only", "klondike/draw3", "--won-in", str(run), "--out", str(tmp_path / "p")]
    with pytest.raises(make_winnable_pool.RunError, match="agnes/deal, not klondike/draw3"):
        make_winnable_pool.main(args)
    assert not (tmp_path / "p").exists()


def test_the_pool_maker_starts_freecell_at_microsofts_first_deal(tmp_path):
    """FreeCell's deal N is Microsoft's, 1 to 2^31-1: a start of 0 is refused in one line
    before any deal is solved, and its pool is made from deal 1 as the others' are."""
    out = tmp_path / "pool.json"
    args = ["--only", "freecell/standard", "--count", "2", "--timeout", "3", "--jobs", "1"]
    args += ["--out", str(out)]
    with pytest.raises(make_winnable_pool.RunError, match="numbered 1 to 2147483647"):
        make_winnable_pool.main([*args, "--start", "0"])
    assert not out.exists()
    assert make_winnable_pool.main(args) == 0
    pool = json.loads(out.read_text())["pools"]["freecell/standard"]
    assert len(pool) == 2 and min(pool) >= 1
