"""The reference of the rule tables' keys and values in docs/rule-tables.md, made from the
schema.

    python tools/table_reference.py            # print the reference (Markdown)
    python tools/table_reference.py --write    # into docs/rule-tables.md, between its markers

Every key comes from ``game.engine.schema`` (``TOP``, ``SECTIONS``, ``MODE_KEYS``) and every
value of a named policy, with its label, from the policy itself, so the reference cannot
leave out what the engine accepts: a key with no meaning written here stops this tool, and
``tests/test_readme_tables.py`` fails while the page's copy differs from what it prints.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import schema  # noqa: E402
from game.engine.cards import RANKS  # noqa: E402
from game.engine.declared import ID_LIMIT, NAME_LIMIT, WORDS_LIMIT  # noqa: E402
from game.engine.policy import Policy  # noqa: E402
from tools.arguments import parser, write_output  # noqa: E402

BEGIN = "<!-- rule-table keys: made by tools/table_reference.py, do not edit by hand -->"
END = "<!-- end of rule-table keys -->"

# What each key means, and its default when it may be left out. Keyed "section.key"
# ("key" at the top, "modes.key" in a [modes.NAME] table).
MEANING = {
    "extends": "the table this one starts from: `NAME.toml` in the same folder, else the "
    "built-in variant NAME; this table states only what differs",
    "id": "the variant's id, kept in saves, statistics and deal codes; a table of yours "
    "needs an id no built-in has",
    "name": "the name shown in the menus and on the status line",
    "description": "one line for the Variants menu and the rules page; never inherited",
    "notes": "the rules page's text: why each rule is what it is; never inherited",
    "decks": "how many 52-card decks",
    "default_mode": "the mode played until the player chooses another: one of `[modes]`",
    "scoring": 'what the score counts; default `"foundation-cards"`',
    "family": "the family the game belongs to: the game chooser shows each family's games "
    'together; default `"klondike"`',
    "code": "a built-in game's deal-code letters, one to three capitals (`K` makes "
    "`K1R2-4242`), its own and never changed; a table of yours gets letters from its id",
    "tableau.piles": "how many tableau piles",
    "tableau.deal": "how many cards each pile is dealt",
    "tableau.counts": 'with `deal = "counts"` (and only then): the cards each pile is '
    "dealt, one number per pile",
    "tableau.face_up": "which dealt cards lie face up",
    "tableau.build": "how a card builds on the top card of a pile",
    "tableau.move_runs": "may several cards move together (false: one card at a time)",
    "tableau.runs": 'with `move_runs = true`, what moves as a unit; default `"built"`',
    "tableau.wrap": "building rounds the corner: a King on an Ace building down (an Ace on "
    "a King building up); default false",
    "tableau.base_takes_nothing": "no card lies on a tableau card of the foundations' base "
    "rank, so a run ends there (Lady Jane); default false",
    "tableau.empty_accepts": "what an empty tableau pile takes",
    "tableau.empty_rank": 'with `empty_accepts = "rank"` (and only then): the rank it takes',
    "tableau.extra_face_up": "face-up cards dealt on top of each pile after the deal "
    "(Yukon), one number per pile",
    "foundations.count": "how many foundations: exactly 4 per deck",
    "foundations.cards_may_return": "may a foundation's top card come back to the tableau",
    "foundations.base": 'the rank every foundation starts from; default `"ace"`',
    "foundations.wrap": "an Ace goes on a King (with a dealt base); default false",
    "stock.to": 'where a turn of the stock deals; default `"waste"`',
    "stock.draw": "cards a turn deals to the waste; default 1",
    "stock.redeals": "how often the waste may be turned back into the stock; default 0",
    "stock.fill_empty_first": "the stock deals only when no move could fill an empty "
    "tableau pile; default false",
    "reserves.count": "how many reserve piles (the section is optional: no reserves)",
    "reserves.deal": "cards dealt to each reserve, before the tableau",
    "reserves.face_up": 'which of them lie face up; default `"top"`',
    "modes.label": "the mode's name in the menus",
    "modes.description": "a sentence on the mode, for the menu and the rules page",
}


def _closed_over(checker) -> dict:
    """The values a checker made by a schema factory (``_int_between``, ``_one_of``)
    closes over, by name."""
    cells = checker.__closure__ or ()
    return dict(zip(checker.__code__.co_freevars, (c.cell_contents for c in cells), strict=True))


def policy_of(choices: list[str]) -> type[Policy]:
    """The named policy whose values a ``_one_of`` checker accepts (for their labels)."""
    for kind in vars(schema).values():
        if isinstance(kind, type) and issubclass(kind, Policy) and kind is not Policy:
            if [p.value for p in kind] == list(choices):
                return kind
    raise SystemExit(f"table_reference: no policy has the values {choices}")


def values(checker) -> str:
    """What a checker accepts, in words: every value of a named policy, with its label."""
    plain = {
        schema._is_bool: "`true` or `false`",
        schema._is_text: "text, not empty",
        schema._is_id: f"lowercase letters `a-z`, digits and `-`, at most {ID_LIMIT} characters",
        schema.is_name: f"one line of text, at most {NAME_LIMIT} characters",
        schema._is_words: f"text, at most {WORDS_LIMIT} characters (newlines kept)",
        schema._is_redeals: 'a whole number from 0 to 1000, or `"unlimited"`',
        schema._is_rank: "a rank: " + ", ".join(f'`"{r}"`' for r in RANKS),
        schema._is_counts: "a list of whole numbers from 0 to 30",
    }
    if checker in plain:
        return plain[checker]
    closed = _closed_over(checker)
    if "choices" in closed:
        return "; ".join(f'`"{p.value}"`: {p.label}' for p in policy_of(closed["choices"]))
    if {"low", "high"} <= closed.keys():
        return f"a whole number from {closed['low']} to {closed['high']}"
    raise SystemExit(f"table_reference: no words for the checker {checker.__qualname__}")


def rows() -> list[tuple[str, str, str, str]]:
    """(key, required, values, meaning) for every key a table takes."""
    keys: list[tuple[str, tuple]] = [("extends", (None, False))]
    keys += [(key, spec) for key, spec in schema.TOP.items()]
    for section, spec in schema.SECTIONS.items():
        keys += [(f"{section}.{key}", item) for key, item in spec.items()]
    keys += [(f"modes.{key}", item) for key, item in schema.MODE_KEYS.items()]
    out = []
    for key, (checker, required) in keys:
        if key not in MEANING:
            raise SystemExit(f"table_reference: write what {key} means in MEANING")
        accepted = "a variant's id" if checker is None else values(checker)
        out.append((key, "yes" if required else "", accepted, MEANING[key]))
    return out


def reference() -> str:
    """The Markdown block for the page, markers included."""
    lines = [BEGIN, "", "| key | needed | values | what it says |", "| --- | --- | --- | --- |"]
    for key, required, accepted, meaning in rows():
        section, _dot, name = key.rpartition(".")
        where = f"`[{section}]` `{name}`" if section else f"`{name}`"
        if section == "modes":
            where = f"`[modes.NAME]` `{name}`"
        lines.append(f"| {where} | {required} | {accepted} | {meaning} |")
    sections = ", ".join(f"`[{s}]`" for s in schema.SECTIONS)
    lines += [
        "",
        f"A `[modes.NAME]` table may also hold any of {sections}",
        "with some of their keys: they change those keys for that mode only. `[reserves]`",
        "is optional; the other sections are needed.",
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
