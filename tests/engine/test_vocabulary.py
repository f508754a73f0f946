"""The rule vocabulary is declared once (``game.engine.vocabulary``): the schema, the
defaults, the ``Rules`` fields, the key reference and the compiled core's tables agree with
the declarations, and each test here fails when one of them is changed alone."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from game.engine import vocabulary
from game.engine.policies import Build, EmptyPile, Run, StockTarget
from game.engine.rules import Rules
from game.engine.shapes import Goal, MoveLimit
from game.engine.vocabulary import KEYS, MODE_KEYS, POLICY_FIELDS, SECTIONS, TOP
from game.solver.compiled import generic as core_tables
from game.variants import get_variant

ROOT = Path(__file__).resolve().parents[2]
RULES_FIELDS = {field.name: field for field in dataclasses.fields(Rules)}
# Rules fields no single key fills: the mode's, and those made from several keys.
DERIVED = {"mode", "mode_label", "deal_counts", "extra_face_up", "face_down", "empty_rank"}


def test_every_field_a_key_fills_is_a_rules_field_and_every_rules_field_is_filled():
    filled = {key.field for key in KEYS if key.field}
    assert filled <= RULES_FIELDS.keys(), filled - RULES_FIELDS.keys()
    assert RULES_FIELDS.keys() - filled == DERIVED


@pytest.mark.parametrize("key", [k for k in KEYS if k.field], ids=lambda k: k.path)
def test_a_keys_default_is_the_rules_default(key):
    """The default a table gets when it leaves a key out is the one a Rules value made by
    hand gets; a key of an optional section has one for the section left out."""
    field = RULES_FIELDS[key.field]
    if key.has_default:
        assert field.default == key.coerced_default(), key.path
    elif key.section in vocabulary.OPTIONAL_SECTIONS:
        assert field.default is not dataclasses.MISSING, key.path
    else:
        assert field.default is dataclasses.MISSING, f"{key.path} is required: no default"


@pytest.mark.parametrize("key", KEYS, ids=lambda k: k.path)
def test_the_schema_is_the_declarations(key):
    spec = SECTIONS[key.section] if key.section else TOP
    check, required = spec[key.name]
    assert check is key.value.check and required == key.required
    if key.has_default:
        assert check(key.default) is None, f"{key.path}'s default fails its own check"


@pytest.mark.parametrize("key", [k for k in KEYS if k.value.kind], ids=lambda k: k.path)
def test_a_choice_takes_every_value_of_its_kind_and_nothing_else(key):
    for member in key.value.kind:
        assert key.value.check(member.value) is None
        assert key.value.coerce(member.value) is member
        assert member.label, f"{member!r} has no label for the reference"
    assert key.value.check("no-such-value") is not None


def test_the_mode_keys_are_declared():
    assert MODE_KEYS == {k.name: (k.value.check, k.required) for k in vocabulary.MODE_KEYS_DECLARED}


def test_rules_coerce_their_policy_fields():
    rules = get_variant("klondike").rules()
    made = dataclasses.replace(rules, build="down-same-suit", empty_accepts="any")
    assert made.build is Build.SAME_SUIT and made.empty_accepts is EmptyPile.ANY
    assert POLICY_FIELDS["build"] is Build
    for field, kind in POLICY_FIELDS.items():
        assert type(getattr(rules, field)) is kind, field


def test_rules_refuse_a_value_no_kind_has():
    rules = get_variant("klondike").rules()
    with pytest.raises(ValueError):
        dataclasses.replace(rules, runs="sideways")


def _c_enum(first: str) -> dict[str, int]:
    """The members of generic.c's enum whose first member is ``first``."""
    source = (ROOT / "game/solver/compiled/core/generic.c").read_text(encoding="utf-8")
    body = re.search(r"enum \{\s*(" + first + r" = 0[^}]*)\}", source).group(1)
    return {name: int(value) for name, value in re.findall(r"(\w+) = (\d+)", body)}


def test_the_cores_run_kinds_are_the_run_policies():
    """Every run policy has its kind in the core, the kind the C names for its counts."""
    c = _c_enum("RUN_BUILT")
    names = {
        Run.BUILT: "RUN_BUILT",
        Run.IN_SUIT: "RUN_BUILT",  # lifts as a built run; its suit rule is in the links
        Run.IN_COLOUR: "RUN_BUILT",
        Run.TOP_OR_ALL: "RUN_TOP_OR_ALL",
        Run.ALL_FACE_UP: "RUN_ALL_FACE_UP",
        Run.ANY_FACE_UP: "RUN_ANY_FACE_UP",
    }
    assert set(core_tables.RUN_KINDS) == set(Run)
    for member, kind in core_tables.RUN_KINDS.items():
        assert c[names[member]] == kind, member
        same_counts = [m for m, n in names.items() if n == names[member]]
        assert {m.counts for m in same_counts} == {member.counts}


def test_the_cores_stock_targets_are_the_stock_policies():
    c = _c_enum("TO_WASTE")
    assert set(core_tables.STOCK_TARGETS) == set(StockTarget)
    for member, code in core_tables.STOCK_TARGETS.items():
        assert c["TO_" + member.name] == code


def test_the_cores_move_limits_are_the_move_limit_policies():
    c = _c_enum("LIMIT_NONE")
    assert set(core_tables.MOVE_LIMITS) == set(MoveLimit)
    for member, code in core_tables.MOVE_LIMITS.items():
        assert c["LIMIT_" + member.name] == code


def test_the_cores_goals_are_the_goal_policies():
    c = _c_enum("GOAL_FOUNDATIONS")
    assert set(core_tables.GOALS) == set(Goal)
    for member, code in core_tables.GOALS.items():
        assert c["GOAL_" + member.name] == code


def test_the_reference_lists_every_key_with_its_default():
    text = (ROOT / "docs/rule-tables.md").read_text(encoding="utf-8")
    for key in KEYS:
        where = f"`[{key.section}]` `{key.name}`" if key.section else f"`{key.name}`"
        row = next(line for line in text.splitlines() if line.startswith(f"| {where} |"))
        assert key.value.words in row and key.meaning in row
        if key.has_default and key.default != "":
            assert str(key.default).lower().strip('"') in row.split("|")[4].lower()
