"""tools/bench_hints.py (issue 25's hint latency): a smoke run on one quick mode, and the
table of it in docs/measurements.md covering every game, mode and position."""

from __future__ import annotations

import json
import re
from pathlib import Path

from game.variants import builtin_ids, get_variant
from tools import bench_hints

MEASUREMENTS = Path(__file__).resolve().parents[2] / "docs" / "measurements.md"


def test_one_mode_one_deal_is_measured_and_written(tmp_path, capsys):
    out = tmp_path / "latency.json"
    code = bench_hints.main(
        ["--variants", "double-klondike", "--modes", "draw3-unlimited", "--deals", "1"]
        + ["--json", str(out)]
    )
    printed = capsys.readouterr().out
    report = json.loads(out.read_text())
    assert code == (1 if report["late"] else 0)
    assert [(r["mode"], r["where"]) for r in report["rows"]] == [
        ("draw3-unlimited", "deal"),
        ("draw3-unlimited", "mid-game"),
    ]
    middle = report["measurements"][1]
    assert middle["where"] == "mid-game" and middle["moves"] > 0
    for row in report["rows"]:
        for what in ("hint", "verdict"):
            s = row[what]
            assert 0 <= s["p50"] <= s["p95"] <= s["max"] and 0 <= s["not_known"] <= 1
        assert bench_hints.line(row) in printed


def latency_section() -> str:
    text = MEASUREMENTS.read_text(encoding="utf-8")
    section = text[text.index("## Hint latency") :]
    return section.split("\n#", 1)[0]  # to the next heading, or the end


def latency_rows() -> set[tuple[str, str, str]]:
    """(game's name, mode, "deal" or "mid-game") of every row of the hint latency table."""
    return set(re.findall(r"^\| (.+?) `([\w-]+)` \| (deal|mid-game) \|", latency_section(), re.M))


def wanted_rows(variant: str) -> set[tuple[str, str, str]]:
    table = get_variant(variant)
    return {(table.name, m.id, where) for m in table.modes for where in ("deal", "mid-game")}


def test_the_measurements_give_every_measured_game_whole():
    """Every row is a built-in game's mode, at the deal or mid-game; a game measured is
    measured in every mode at both (a game without rows yet is reported by
    tests/variants/test_game_extras.py)."""
    rows = latency_rows()
    every = set().union(*(wanted_rows(v) for v in builtin_ids()))
    assert rows <= every, sorted(rows - every)
    measured = [v for v in builtin_ids() if wanted_rows(v) & rows]
    assert len(measured) >= 14, measured  # the games of December 2026's run
    for variant in measured:
        assert wanted_rows(variant) <= rows, sorted(wanted_rows(variant) - rows)
    assert "python tools/bench_hints.py" in latency_section()
