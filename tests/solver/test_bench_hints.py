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


def test_the_measurements_give_every_game_and_mode_at_the_deal_and_mid_game():
    text = MEASUREMENTS.read_text(encoding="utf-8")
    section = text[text.index("## Hint latency") :]
    section = section.split("\n#", 1)[0]  # to the next heading, or the end
    rows = set(re.findall(r"^\| (.+?) `([\w-]+)` \| (deal|mid-game) \|", section, re.M))
    wanted = {
        (get_variant(v).name, mode.id, where)
        for v in builtin_ids()
        for mode in get_variant(v).modes
        for where in ("deal", "mid-game")
    }
    assert rows == wanted
    assert "python tools/bench_hints.py" in section
