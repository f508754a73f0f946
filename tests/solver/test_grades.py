"""The shipped winnable deals' difficulty grades (tools/grade_pool.py) and how they are used."""

import json
import sys
from pathlib import Path

from game.variants import get_variant
from game.variants.pool import GRADES, POOL_FILE, pool_grades, winnable_pool

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import grade_pool  # noqa: E402

# Every pool the shipped file holds, as (variant, mode).
MODES = [
    tuple(key.split("/", 1)) for key in json.loads(POOL_FILE.read_text(encoding="utf-8"))["pools"]
]


def record(seed, nodes, length, passes, stuck_short):
    return dict(seed=seed, nodes=nodes, length=length, passes=passes, stuck_short=stuck_short)


def test_more_effort_on_every_measure_grades_harder():
    records = [record(seed, seed * 10, 100 + seed, seed // 3, seed) for seed in range(12)]
    graded = grade_pool.grades(records)
    assert [graded[s] for s in range(12)] == [g for g in GRADES for _ in range(3)]


def test_the_grade_is_the_mean_rank_not_one_measure():
    # Deal 1 needs the most solver effort but is easy on the other three measures.
    records = [
        record(1, 9_000, 100, 0, 0),
        record(2, 10, 300, 5, 40),
        record(3, 20, 200, 3, 30),
        record(4, 30, 150, 2, 20),
    ]
    graded = grade_pool.grades(records)
    assert graded[2] == "expert" and graded[1] != "expert"


def test_the_spread_counts_each_grade_and_its_medians():
    records = [record(seed, seed, seed, 0, seed) for seed in range(8)]
    spread = grade_pool.grade_spread(records, grade_pool.grades(records))
    assert [spread[g]["deals"] for g in GRADES] == [2, 2, 2, 2]
    assert spread["easy"]["nodes"] == 0.5 and spread["expert"]["nodes"] == 6.5


def test_a_pool_of_three_deals_leaves_the_hardest_grade_empty():
    # A pool of fewer than four deals (a small --count, or a game whose deals are rarely
    # won within the pool maker's time) leaves a grade empty, not a deal ungraded.
    records = [record(seed, seed, seed, 0, seed) for seed in range(3)]
    graded = grade_pool.grades(records)
    assert [graded[s] for s in range(3)] == ["easy", "medium", "hard"]
    spread = grade_pool.grade_spread(records, graded)
    assert spread["expert"] == {"deals": 0} and spread["hard"]["nodes"] == 2


def test_every_shipped_winnable_deal_is_graded_in_even_quarters():
    for variant, mode in MODES:
        rules = get_variant(variant).rules(mode)
        pool = winnable_pool(rules)
        grades = pool_grades(rules)
        assert set(grades) == set(pool), f"{variant}/{mode}: a deal without a grade"
        for grade in GRADES:
            count = len(winnable_pool(rules, grade=grade))
            assert abs(count - len(pool) / 4) <= 1, f"{variant}/{mode} {grade}: {count}"


def test_no_deal_has_two_grades():
    rules = get_variant("klondike").rules("draw1")
    seen = [seed for grade in GRADES for seed in winnable_pool(rules, grade=grade)]
    assert len(seen) == len(set(seen)) == len(winnable_pool(rules))
