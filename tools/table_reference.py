"""The reference of the rule tables' keys and values in docs/rule-tables.md, made from the
declared vocabulary.

    python tools/table_reference.py            # print the reference (Markdown)
    python tools/table_reference.py --write    # into docs/rule-tables.md, between its markers

Every key, what it takes, its default and what it means come from
``game.engine.vocabulary`` (``KEYS``, ``MODE_KEYS_DECLARED``), and every value of a named
policy, with its label, from the policy kind itself, so the reference cannot leave out what
the engine accepts; ``tests/test_readme_tables.py`` fails while the page's copy differs
from what this prints.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import vocabulary  # noqa: E402
from tools.arguments import parser, write_output  # noqa: E402

BEGIN = "<!-- rule-table keys: made by tools/table_reference.py, do not edit by hand -->"
END = "<!-- end of rule-table keys -->"
EXTENDS = (
    "the table this one starts from: `NAME.toml` in the same folder, else the built-in "
    "variant NAME; this table states only what differs"
)


def _default(key: vocabulary.Key) -> str:
    if not key.has_default:
        return ""
    value = key.default
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, str):
        return f'`"{value}"`' if value else "empty"
    return f"`{value}`"


def rows() -> list[tuple[str, str, str, str, str]]:
    """(key, required, values, default, meaning) for every key a table takes."""
    out = [("extends", "", "a variant's id", "", EXTENDS)]
    for key in (*vocabulary.KEYS, *vocabulary.MODE_KEYS_DECLARED):
        needed = "yes" if key.required else ""
        out.append((key.path, needed, key.value.words, _default(key), key.meaning))
    return out


def reference() -> str:
    """The Markdown block for the page, markers included."""
    lines = [
        BEGIN,
        "",
        "| key | needed | values | default | what it says |",
        "| --- | --- | --- | --- | --- |",
    ]
    for key, required, accepted, default, meaning in rows():
        section, _dot, name = key.rpartition(".")
        where = f"`[{section}]` `{name}`" if section else f"`{name}`"
        if section == "modes":
            where = f"`[modes.NAME]` `{name}`"
        lines.append(f"| {where} | {required} | {accepted} | {default} | {meaning} |")
    sections = ", ".join(f"`[{s}]`" for s in vocabulary.SECTIONS)
    optional = ", ".join(
        f"`[{s}]`" for s in vocabulary.SECTIONS if s in vocabulary.OPTIONAL_SECTIONS
    )
    lines += [
        "",
        f"A `[modes.NAME]` table may also hold any of {sections}",
        "with some of their keys, and "
        + ", ".join(f"`{key}`" for key in sorted(vocabulary.PER_MODE))
        + ": they change those keys for that mode only.",
        f"Optional sections (left out: none of those piles): {optional}; the others are needed.",
        "",
        END,
    ]
    return "\n".join(lines)


def readme_block(text: str) -> str:
    """The reference as ``text`` (the page) holds it (markers included); '' when it has none."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        return ""
    return text[start : end + len(END)]


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--write", action="store_true", help="update docs/rule-tables.md in place")
    args = ap.parse_args()
    block = reference()
    if not args.write:
        print(block)
        return
    readme = ROOT / "docs" / "rule-tables.md"
    text = readme.read_text(encoding="utf-8")
    old = readme_block(text)
    if not old:
        sys.exit(f"{readme} has no markers: put {BEGIN!r} and {END!r} where it goes")
    write_output(readme, text.replace(old, block))
    print(readme)


if __name__ == "__main__":
    main()
