"""The catalogue of variants: one TOML rule table per variant in this folder.

Adding a Klondike-family variant is adding a table here (or passing a table's path);
no code changes.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from game.engine.rules import RuleTableError, VariantTable, load_table

TABLES_DIR = Path(__file__).resolve().parent

# Stable order for menus and listings; tables found beyond these come after, by id.
_PREFERRED_ORDER = ("klondike", "saratoga", "double-klondike")


def _resolve_parent(parent_id: str, child: Path) -> Path:
    """``extends = "klondike"``: look beside the child first, then among the built-ins."""
    for folder in (child.parent, TABLES_DIR):
        candidate = folder / f"{parent_id}.toml"
        if candidate.is_file():
            return candidate
    raise RuleTableError(f"{child}: key 'extends': no variant {parent_id!r} found")


def load_variant_file(path: str | Path) -> VariantTable:
    """Load any rule table file (a built-in one or a player's own)."""
    path = Path(path)
    table = load_table(path, _resolve_parent)
    return table


@cache
def builtin_ids() -> tuple[str, ...]:
    found = sorted(p.stem for p in TABLES_DIR.glob("*.toml"))
    first = [v for v in _PREFERRED_ORDER if v in found]
    return tuple(first + [v for v in found if v not in first])


@cache
def get_variant(variant_id: str) -> VariantTable:
    """A built-in variant by id. Raises KeyError naming the known ids."""
    if variant_id not in builtin_ids():
        raise KeyError(f"unknown variant {variant_id!r} (variants: {', '.join(builtin_ids())})")
    table = load_variant_file(TABLES_DIR / f"{variant_id}.toml")
    if table.id != variant_id:
        raise RuleTableError(
            f"{TABLES_DIR / (variant_id + '.toml')}: key 'id': {table.id!r} does not match "
            "the file name"
        )
    return table


def all_variants() -> list[VariantTable]:
    return [get_variant(v) for v in builtin_ids()]


def help_text(variant_id: str) -> str:
    """The variant's rules in English for the in-game help (``help/<id>.txt``); a table
    without its own page gets one made from its description and notes."""
    page = TABLES_DIR / "help" / f"{variant_id}.txt"
    if page.is_file():
        return page.read_text(encoding="utf-8")
    table = get_variant(variant_id)
    lines = [f"# {table.name}", "", table.description or ""]
    lines += ["", "## Deal modes"] + [f"{m.label}: {m.description}" for m in table.modes]
    return "\n".join(lines)
