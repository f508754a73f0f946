"""Deals proven winnable, shipped with the game (``winnable_deals.json``).

The file is made by ``tools/make_winnable_pool.py``: for each variant and deal mode, a
sorted list of deal numbers whose start the solver has won (so "winnable deals only" can
deal at once, without searching). ``winnable_deal`` picks one deterministically from a
random number the caller supplies.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from game.engine.rules import Rules

POOL_FILE = Path(__file__).resolve().parent / "winnable_deals.json"


GRADES = ("easy", "medium", "hard", "expert")  # see tools/grade_pool.py


@cache
def _load(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        return {}


def pool_key(variant: str, mode: str) -> str:
    return f"{variant}/{mode}"


def _key(variant_or_rules: str | Rules, mode: str | None) -> str:
    if isinstance(variant_or_rules, Rules):
        return pool_key(variant_or_rules.variant, variant_or_rules.mode)
    if mode is None:
        raise ValueError("give a mode, or a Rules value")
    return pool_key(variant_or_rules, mode)


def winnable_pool(
    variant_or_rules: str | Rules, mode: str | None = None, grade: str | None = None
) -> tuple[int, ...]:
    """The shipped deal numbers proven winnable for a variant and mode (empty if none);
    with ``grade``, only those of that difficulty (one of ``GRADES``)."""
    key = _key(variant_or_rules, mode)
    pool = tuple(_load(str(POOL_FILE)).get("pools", {}).get(key, ()))
    if grade is None:
        return pool
    grades = pool_grades(variant_or_rules, mode)
    return tuple(seed for seed in pool if grades.get(seed) == grade)


def pool_grades(variant_or_rules: str | Rules, mode: str | None = None) -> dict[int, str]:
    """The difficulty of each shipped deal (``tools/grade_pool.py``), by deal number."""
    grades = _load(str(POOL_FILE)).get("grades", {}).get(_key(variant_or_rules, mode), {})
    return {int(seed): grade for seed, grade in grades.items()}


def winnable_deal(variant_or_rules: str | Rules, random_number: int, mode: str | None = None):
    """A deal number from the pool, chosen by ``random_number`` (any int: the same number
    always gives the same deal), or None when there is no pool for this variant and mode."""
    pool = winnable_pool(variant_or_rules, mode)
    if not pool:
        return None
    return pool[random_number % len(pool)]
