"""What a built-in game brings after its table, its rules pages and its pictures, each in a
later commit of its own: its rules tests and its measurements. A game added as those files
alone plays, speaks every language and passes the suite; this file says what it still
lacks, as a warning in pytest's summary (a report, not a failure), and fails when one of
these extras names a game the variants folder has not (a game renamed or gone).

- its rules tests: its facts in ``tests/family/oracle.py`` (``FACTS``, written from the
  source's page, not from the table: the oracle tests compare the engine with them), and
  for a game beyond the three seeds its deal's shape (``SHAPES`` of
  ``tests/variants/test_family_tables.py``) and its own ``tests/family/test_rules_ID.py``;
- its measurements: a row of ``docs/solver-results.md`` (deals 1-1000 of its default mode,
  ``tools/solvability.py``, or the first deals that fitted the time, as the row says) and
  its rows of hint latency in ``docs/measurements.md`` (``tools/bench_hints.py``).
"""

from __future__ import annotations

import re
import sys
import warnings
from pathlib import Path

from game.variants import builtin_ids, get_variant
from tests.family import oracle
from tests.solver.test_bench_hints import latency_rows, wanted_rows
from tests.variant_ids import SEEDS
from tests.variants.test_family_tables import SHAPES

ROOT = Path(__file__).resolve().parents[2]
FAMILY_TESTS = ROOT / "tests" / "family"
RESULTS = (ROOT / "docs" / "solver-results.md").read_text(encoding="utf-8")


class NotYetTested(UserWarning):
    """A built-in game without its rules tests or measurements yet."""


def rules_test(variant: str) -> Path:
    return FAMILY_TESTS / f"test_rules_{variant.replace('-', '_')}.py"


def lacking(variant: str) -> list[str]:
    """What the game has not yet, in words that say where it goes."""
    name = get_variant(variant).name
    missing = []
    if variant not in oracle.FACTS:
        missing.append("its facts in tests/family/oracle.py")
    if variant not in SEEDS and variant not in SHAPES:
        missing.append("its deal's shape in tests/variants/test_family_tables.py")
    if variant not in SEEDS and not rules_test(variant).is_file():
        missing.append(f"{rules_test(variant).relative_to(ROOT)}")
    # A row of deals: the game's name and a mode, then a range of deals (a pool's row, of
    # "The pools of winnable deals", is not one).
    if not re.search(rf"^\| {re.escape(name)} `[\w-]+`[^|]*\| \d+-\d+ \|", RESULTS, re.M):
        missing.append("a row of deals in docs/solver-results.md")
    if not wanted_rows(variant) & latency_rows():
        missing.append("its rows of hint latency in docs/measurements.md")
    return missing


def report() -> list[str]:
    return [
        f"{variant} lacks {'; '.join(missing)}"
        for variant in builtin_ids()
        if (missing := lacking(variant))
    ]


def test_every_extra_names_a_built_in_game():
    games = set(builtin_ids())
    assert set(oracle.FACTS) <= games, sorted(set(oracle.FACTS) - games)
    assert set(SHAPES) <= games, sorted(set(SHAPES) - games)
    own_tests = {p.stem[len("test_rules_") :] for p in FAMILY_TESTS.glob("test_rules_*.py")}
    named = {variant.replace("-", "_") for variant in games} | {"common"}
    assert own_tests <= named, sorted(own_tests - named)


def test_the_games_not_yet_tested_or_measured_are_reported():
    """The report: each game without its rules tests or measurements, as a warning (shown in
    the summary of every run). The games of December 2026 have all of them."""
    found = report()
    complete = [variant for variant in builtin_ids() if not lacking(variant)]
    assert len(complete) >= 14, found
    for line in found:
        warnings.warn(NotYetTested(line), stacklevel=1)


def test_the_report_names_what_a_new_game_lacks(monkeypatch):
    """A game the harness knows nothing of is reported for each thing it lacks."""
    monkeypatch.delitem(oracle.FACTS, "yukon")
    here = sys.modules[__name__]
    monkeypatch.setattr(here, "RESULTS", RESULTS.replace("| Yukon `", "| Yuk `"))
    monkeypatch.setattr(here, "rules_test", lambda v: FAMILY_TESTS / f"none_{v}.py")
    assert lacking("yukon") == [
        "its facts in tests/family/oracle.py",
        "tests/family/none_yukon.py",
        "a row of deals in docs/solver-results.md",
    ]
    assert lacking("klondike") == []  # a seed: its rules are tested without a file of its own
