"""Issue 34's findings in the tools, each as it was found: the arguments that hung, were
taken without a word, or failed after the whole run, now refused before any work in one
worded line (exit status 2); the tools that rewrote a shipped file without being asked,
or could not run as a script."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.tools.helpers import ROOT, refused, run_tool

# A run that would take hours if it started: a refusal must come before it does.
LONG_RUN = ("--variant", "klondike", "--mode", "draw3", "--deals", "1-100000", "--timeout", "60")


@pytest.mark.parametrize(
    "args, words",
    [
        (("--timeout", "nan"), "argument --timeout: must be a number of seconds above 0"),
        (("--timeout", "-5"), "argument --timeout: must be a number of seconds above 0"),
        (("--timeout", "0"), "argument --timeout: must be a number of seconds above 0"),
        (("--timeout", "inf"), "argument --timeout: must be a number of seconds above 0"),
        (("--jobs", "0"), "argument --jobs: must be a whole number from 1 to"),
        (("--jobs", "100000"), "argument --jobs: must be a whole number from 1 to"),
        (("--nodes", "-1"), "argument --nodes: must be a whole number from 1 to"),
        (("--nodes", "many"), "argument --nodes: must be a whole number from 1 to"),
    ],
    ids=["nan", "-5", "0", "inf", "jobs 0", "jobs 100000", "nodes -1", "nodes many"],
)
def test_solvability_refuses_numbers_out_of_range_before_the_run(args, words):
    started = time.monotonic()
    line = refused(run_tool("solvability.py", *LONG_RUN, *args, timeout=60))
    assert words in line, line
    # It hung (nan, 100000 jobs with leaked semaphores) or ran: now it answers at once.
    assert time.monotonic() - started < 30


@pytest.mark.parametrize(
    "target, words",
    [
        ("/no-such-folder-34/list.txt", "the folder '/no-such-folder-34' does not exist"),
        ("/proc/self/mem", "no file can be written in '/proc/self'"),
        ("/proc", "is a folder, not a file"),
        ("/dev/null", "is not a regular file"),
    ],
)
def test_a_list_file_that_cannot_be_written_is_refused_before_the_run(target, words):
    # The run's results were lost: a traceback came after the whole run. Now nothing runs.
    line = refused(run_tool("solvability.py", *LONG_RUN, "--list", target, timeout=60))
    assert f"argument --list: '{target}'" in line and words in line, line


def test_the_list_is_written_whole(tmp_path):
    listed = tmp_path / "list.txt"
    listed.write_text("the last run's list\n")
    args = ("--variant", "klondike", "--mode", "draw3", "--deals", "1-3", "--nodes", "200")
    proc = run_tool("solvability.py", *args, "--timeout", "5", "--list", str(listed))
    assert proc.returncode == 0, proc.stderr
    lines = listed.read_text().splitlines()
    assert [line.split()[0] for line in lines] == ["1", "2", "3"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["list.txt"]  # no temporary


def test_an_unknown_variant_is_said_in_words():
    line = refused(run_tool("solvability.py", "--variant", "nosuch", "--deals", "1"))
    assert "Message(" not in line and "{" not in line, line
    assert "unknown variant 'nosuch' (variants: klondike, " in line, line


def test_an_unknown_mode_is_said_in_words():
    line = refused(
        run_tool("solvability.py", "--variant", "klondike", "--mode", "x", "--deals", "1")
    )
    assert "Message(" not in line and "variant 'klondike' has no mode 'x'" in line, line


def test_measure_cards_without_arguments_says_what_is_missing():
    # It ended in an IndexError: no window found on a display nobody serves.
    line = refused(run_tool("measure_cards.py"))
    assert "argument --display: no X server answers on :" in line, line


def test_solvitaire_io_runs_as_a_script():
    # It failed with ModuleNotFoundError: No module named 'tools'.
    proc = run_tool("solvitaire_io.py", "--variant", "klondike", "--mode", "draw3", "--deal", "3")
    assert proc.returncode == 0, proc.stderr
    rules, deal = (json.loads(line) for line in proc.stdout.splitlines())
    assert rules["tableau piles"]["count"] == 7 and rules["stock"]["deal count"] == 3
    assert len(deal["tableau piles"]) == 7 and len(deal["stock"]) == 24


def test_solvitaire_io_names_the_rule_it_cannot_say():
    line = refused(run_tool("solvitaire_io.py", "--variant", "klondike", "--mode", "draw1"))
    assert "Solvitaire cannot say redeals limited to 2" in line, line


# -- no tool rewrites a shipped file unless told to --------------------------------------------

SHIPPED = {
    "make_winnable_pool.py": "game/variants/winnable_deals.json",
    "grade_pool.py": "game/variants/winnable_deals.json",
    "make_analysis_cases.py": "tests/data/analysis_cases.json",
    "make_faces.py": "assets/faces",
    "make_icon.py": "assets/icon.png",
    "make_sounds.py": "assets/sounds",
    "import_cards.py": "assets/cards",
    "make_screenshots.py": "docs",
}


def stamps(path: Path) -> dict[Path, tuple[int, int]]:
    files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
    return {p: (p.stat().st_mtime_ns, p.stat().st_size) for p in files}


@pytest.mark.parametrize("tool", sorted(SHIPPED))
def test_without_out_or_write_shipped_a_tool_leaves_the_shipped_files_alone(tool):
    shipped = ROOT / SHIPPED[tool]
    before = stamps(shipped)
    line = refused(run_tool(tool))
    # make_screenshots checks its X display first; the others name the choice to make.
    assert "--write-shipped" in line or "no X server answers" in line, line
    assert stamps(shipped) == before


def test_make_winnable_pool_with_its_old_arguments_touches_nothing():
    # With no arguments it rewrote game/variants/winnable_deals.json in place with a plain
    # write (killed at 30 s, 377 lines were gone).
    shipped = ROOT / "game" / "variants" / "winnable_deals.json"
    before = stamps(shipped)
    args = ("--only", "klondike/draw3", "--count", "1", "--jobs", "1")
    line = refused(run_tool("make_winnable_pool.py", *args))
    assert "give --out FILE, or --write-shipped" in line, line
    assert stamps(shipped) == before


def test_make_winnable_pool_writes_its_out_file_whole(tmp_path):
    out = tmp_path / "pools.json"
    out.write_text(json.dumps({"pools": {"agnes/deal": [5]}, "tried": {}}))
    args = ("--only", "klondike/draw3", "--count", "2", "--timeout", "2", "--jobs", "1")
    proc = run_tool("make_winnable_pool.py", *args, "--out", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    pools = json.loads(out.read_text())["pools"]
    assert pools["agnes/deal"] == [5] and len(pools["klondike/draw3"]) == 2  # others kept
    assert [path.name for path in tmp_path.iterdir()] == ["pools.json"]  # no temporary


def test_a_pool_named_by_only_must_be_a_variant_and_mode_there_are():
    line = refused(run_tool("make_winnable_pool.py", "--verify", "--only", "klondike/x"))
    assert "variant 'klondike' has no mode 'x'" in line, line
