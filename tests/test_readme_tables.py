"""``docs/rule-tables.md``: its key reference is the code's, and its worked example
(Somerset, and Morehead extending it) loads and plays as the page says."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from game.engine import vocabulary
from game.engine.commands import Move
from game.engine.game import new_game
from game.engine.rules import RuleTableError
from game.engine.vocabulary import MODE_KEYS, SECTIONS, TOP
from game.variants import load_variant_file

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import table_reference  # noqa: E402

README = (ROOT / "docs" / "rule-tables.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:] if end < 0 else README[start:end]


def example_tables() -> dict[str, str]:
    """The ```toml blocks of the section whose first line names their file."""
    tables = {}
    example = section("Writing a game: Somerset, step by step")
    for block in re.findall(r"```toml\n(.*?)```", example, re.S):
        lines = [line.removeprefix("   ") for line in block.splitlines()]
        name = re.fullmatch(r"# (\S+\.toml)", lines[0])
        assert name, f"an example table starts with '# FILE.toml', not {lines[0]!r}"
        tables[name.group(1)] = "\n".join(lines[1:]) + "\n"
    return tables


def test_the_readme_holds_the_reference_the_code_makes():
    made = table_reference.reference()
    assert table_reference.readme_block(README) == made, (
        "docs/rule-tables.md's key reference is not the code's: "
        "run python tools/table_reference.py --write"
    )


def test_every_key_and_every_value_the_schema_accepts_is_in_the_reference():
    block = table_reference.readme_block(README)
    for key in [*TOP, "extends"]:
        assert f"| `{key}` |" in block
    for name, spec in SECTIONS.items():
        for key in spec:
            assert f"| `[{name}]` `{key}` |" in block
    for key in MODE_KEYS:
        assert f"| `[modes.NAME]` `{key}` |" in block
    # every value of every named policy a key takes, as the table writes it, with its label
    for key in vocabulary.KEYS:
        for member in key.value.kind or ():
            assert f'`"{member.value}"`: {member.label}' in block, member


def test_a_key_declared_is_a_row_of_the_reference(monkeypatch):
    """A key added to the vocabulary shows in the reference without a word elsewhere."""
    draw = vocabulary.BY_PATH["stock.draw"]
    new = vocabulary.Key("stock.new_key", draw.value, "a new rule", 2, None)
    monkeypatch.setattr(vocabulary, "KEYS", (*vocabulary.KEYS, new))
    assert "| `[stock]` `new_key` |  | a whole number from 1 to 10 | `2` | a new rule |" in (
        table_reference.reference()
    )


@pytest.fixture
def tables(tmp_path) -> Path:
    for name, text in example_tables().items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_the_example_is_somerset_and_its_relative(tables):
    assert sorted(p.name for p in tables.iterdir()) == ["morehead.toml", "somerset.toml"]


def test_somerset_deals_every_card_face_up_in_ten_piles(tables):
    rules = load_variant_file(tables / "somerset.toml").rules()
    assert rules.deal_counts == (1, 2, 3, 4, 5, 6, 7, 8, 8, 8) and rules.stock_to == "none"
    game = new_game(rules, seed=1)
    layout = game.layout
    assert [len(game.state.piles[i]) for i in layout.tableau_range] == list(rules.deal_counts)
    assert game.stock_count == 0 and not game.can_draw()
    assert all(game.state.down[i] == 0 for i in layout.tableau_range)


def test_somerset_plays_as_the_readme_says(tables):
    """Deal 1's Ace of diamonds goes home (the page's t3-f1), one card moves at a time,
    and a game of legal moves never gets stuck on a refused one."""
    rules = load_variant_file(tables / "somerset.toml").rules()
    game = new_game(rules, seed=1)
    lay = game.layout
    ace = Move(lay.index("t3"), lay.index("f1"), 1)
    assert game.is_legal(ace)
    game.execute(ace)
    assert game.score == 1
    for _ in range(40):
        moves = game.legal_moves()
        assert all(m.count == 1 for m in moves if isinstance(m, Move))
        if not moves:
            break
        game.execute(moves[0])
    two = [Move(s, t, 2) for s in lay.tableau_range for t in lay.tableau_range if s != t]
    assert not any(game.is_legal(m) for m in two)


def test_morehead_extends_somerset_and_changes_only_the_build(tables):
    somerset = load_variant_file(tables / "somerset.toml").rules()
    morehead = load_variant_file(tables / "morehead.toml").rules()
    assert morehead.build == "down-any-suit-but-own" and somerset.build != morehead.build
    assert (morehead.deal_counts, morehead.stock_to, morehead.move_runs) == (
        somerset.deal_counts,
        somerset.stock_to,
        somerset.move_runs,
    )
    assert morehead.name == "Morehead"


def test_a_mistake_in_the_example_is_named(tables):
    """The page promises a line naming the key: one wrong value is refused so."""
    path = tables / "somerset.toml"
    path.write_text(path.read_text().replace('build = "down', 'build = "sideways'))
    with pytest.raises(RuleTableError, match=r"tableau\.build"):
        load_variant_file(path)
