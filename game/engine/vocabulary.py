"""The rule vocabulary, declared once: every key a rule table takes, with its values, its
default, the ``Rules`` field it fills and what it means.

Everything else is made from these declarations or held to them by a test
(tests/engine/test_vocabulary.py): the schema a table is checked against (``SECTIONS``,
``TOP``, ``MODE_KEYS``), the defaults ``rules._resolve`` fills in, the coercion ``Rules``
makes of its own fields, the key reference in docs/rule-tables.md
(``tools/table_reference.py``) and the compiled core's tables of the policy kinds it reads
(``game.solver.compiled.generic``). A new key is one ``Key`` line here and, where it is a
choice among named values, one policy kind (``policies``, ``dealing``); a new value of a
kind is one member line there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .cards import MAX_DECKS, RANKS, SUITS
from .declared import ID_LIMIT, NAME_LIMIT, WORDS_LIMIT
from .families import Family
from .policies import (
    Build,
    DealPattern,
    EmptyPile,
    FaceUp,
    FoundationBase,
    Run,
    Scoring,
    StockTarget,
)
from .policy import Policy
from .schema import (
    UNLIMITED,
    Checker,
    int_between,
    is_bool,
    is_counts,
    is_id,
    is_name,
    is_rank,
    is_redeals,
    is_suits,
    is_text,
    is_words,
    one_of,
)
from .shapes import FoundationTakes, MoveLimit
from .text import N_


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True, slots=True)
class Value:
    """What a key takes: its checker, the words the reference gives for it, and how the
    table's value becomes the ``Rules`` field's (``kind``: the policy kind, for choices)."""

    check: Checker
    words: str
    coerce: Callable[[Any], Any] = _same
    kind: type[Policy] | None = None


def whole(low: int, high: int) -> Value:
    return Value(int_between(low, high), f"a whole number from {low} to {high}")


def choice(kind: type[Policy]) -> Value:
    """One value of a policy kind; the reference lists each with its label."""
    words = "; ".join(f'`"{member.value}"`: {member.label}' for member in kind)
    return Value(one_of(kind), words, kind, kind)


def _redeals(value: Any) -> int | None:
    return None if value == UNLIMITED else value


FLAG = Value(is_bool, "`true` or `false`")
TEXT = Value(is_text, "text, not empty")
SLUG = Value(is_id, f"lowercase letters `a-z`, digits and `-`, at most {ID_LIMIT} characters")
NAME = Value(is_name, f"one line of text, at most {NAME_LIMIT} characters")
WORDS = Value(is_words, f"text, at most {WORDS_LIMIT} characters (newlines kept)")
REDEALS = Value(is_redeals, 'a whole number from 0 to 1000, or `"unlimited"`', _redeals)
RANK = Value(is_rank, "a rank: " + ", ".join(f'`"{r}"`' for r in RANKS), RANKS.index)
COUNTS = Value(is_counts, "a list of whole numbers from 0 to 30", tuple)
SUIT_LETTERS = Value(
    is_suits,
    'one, two or four of the suit letters `C`, `D`, `H`, `S`, each once (`"S"`, `"HS"`)',
    lambda letters: "".join(sorted(letters, key=SUITS.index)),
)

REQUIRED = object()  # a key the table must give (in its section, where the section is given)
ABSENT = object()  # a key that may be left out and then says nothing (no default value)


@dataclass(frozen=True, slots=True)
class Key:
    """One key: where it is (``"decks"``, ``"tableau.build"``), what it takes, what it
    means, its default as a table would write it, and the ``Rules`` field it fills (None:
    the key is read by ``rules.validate``/``_resolve`` itself)."""

    path: str
    value: Value
    meaning: str
    default: Any = REQUIRED
    field: str | None = None

    @property
    def section(self) -> str:
        return self.path.rpartition(".")[0]

    @property
    def name(self) -> str:
        return self.path.rpartition(".")[2]

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    @property
    def has_default(self) -> bool:
        return self.default is not REQUIRED and self.default is not ABSENT

    def coerced_default(self) -> Any:
        return self.value.coerce(self.default)


KEYS: tuple[Key, ...] = (
    # -- the variant ----------------------------------------------------------------------
    Key(
        "id",
        SLUG,
        "the variant's id, kept in saves, statistics and deal codes; a table of "
        "yours needs an id no built-in has",
        field="variant",
    ),
    Key("name", NAME, "the name shown in the menus and on the status line", field="name"),
    Key(
        "description",
        WORDS,
        "one line for the Variants menu and the rules page; never inherited",
        ABSENT,
    ),
    Key(
        "notes",
        WORDS,
        "the rules page's text: why each rule is what it is; never inherited",
        ABSENT,
    ),
    Key("decks", whole(1, MAX_DECKS), "how many 52-card decks", field="decks"),
    Key(
        "suits",
        SUIT_LETTERS,
        "the suits of the deck: with fewer than four, each is repeated so that the game "
        "still has `decks` × 52 cards (Spider's one- and two-suit decks)",
        "CDHS",
        "suits",
    ),
    Key("default_mode", TEXT, "the mode played until the player chooses another: one of `[modes]`"),
    Key("scoring", choice(Scoring), "what the score counts", "foundation-cards", "scoring"),
    Key(
        "family",
        choice(Family),
        "the family the game belongs to: the game chooser shows each family's games together",
        "klondike",
    ),
    # -- the tableau ----------------------------------------------------------------------
    Key("tableau.piles", whole(1, 12), "how many tableau piles", field="tableau_piles"),
    Key("tableau.deal", choice(DealPattern), "how many cards each pile is dealt"),
    Key(
        "tableau.counts",
        COUNTS,
        'with `deal = "counts"` (and only then): the cards each pile is dealt, one number per pile',
        ABSENT,
    ),
    Key("tableau.face_up", choice(FaceUp), "which dealt cards lie face up", field="face_up"),
    Key(
        "tableau.build", choice(Build), "how a card builds on the top card of a pile", field="build"
    ),
    Key(
        "tableau.move_runs",
        FLAG,
        "may several cards move together (false: one card at a time)",
        field="move_runs",
    ),
    Key(
        "tableau.runs",
        choice(Run),
        "with `move_runs = true`, what moves as a unit",
        "built",
        "runs",
    ),
    Key(
        "tableau.wrap",
        FLAG,
        "building rounds the corner: a King on an Ace building down (an Ace on a King building up)",
        False,
        "tableau_wrap",
    ),
    Key(
        "tableau.base_takes_nothing",
        FLAG,
        "no card lies on a tableau card of the "
        "foundations' base rank, so a run ends there (Lady Jane)",
        False,
        "base_takes_nothing",
    ),
    Key(
        "tableau.empty_accepts",
        choice(EmptyPile),
        "what an empty tableau pile takes",
        field="empty_accepts",
    ),
    Key(
        "tableau.empty_rank",
        RANK,
        'with `empty_accepts = "rank"` (and only then): the rank it takes',
        ABSENT,
    ),
    Key(
        "tableau.extra_face_up",
        COUNTS,
        "face-up cards dealt on top of each pile after the deal (Yukon), one number per pile",
        ABSENT,
    ),
    Key(
        "tableau.move_limit",
        choice(MoveLimit),
        "how many cards of a run may move together (FreeCell, Forty Thieves)",
        "none",
        "move_limit",
    ),
    # -- the foundations ------------------------------------------------------------------
    Key(
        "foundations.count",
        whole(1, 4 * MAX_DECKS),
        "how many foundations: exactly 4 per deck",
        field="foundations",
    ),
    Key(
        "foundations.cards_may_return",
        FLAG,
        "may a foundation's top card come back to the tableau",
        field="cards_may_return",
    ),
    Key(
        "foundations.base",
        choice(FoundationBase),
        "the rank every foundation starts from",
        "ace",
        "foundation_base",
    ),
    Key(
        "foundations.wrap",
        FLAG,
        "an Ace goes on a King (with a dealt base)",
        False,
        "foundation_wrap",
    ),
    Key(
        "foundations.takes",
        choice(FoundationTakes),
        "what a foundation takes (Spider: complete runs)",
        "cards",
        "foundation_takes",
    ),
    Key(
        "foundations.group_moves",
        FLAG,
        "several cards of a run in suit may go up together, lowest first, as one move "
        '(Forty Thieves); with `takes = "cards"`',
        False,
        "group_to_foundation",
    ),
    # -- the stock ------------------------------------------------------------------------
    Key("stock.to", choice(StockTarget), "where a turn of the stock deals", "waste", "stock_to"),
    Key("stock.draw", whole(1, 10), "cards a turn deals to the waste", 1, "draw"),
    Key(
        "stock.redeals",
        REDEALS,
        "how often the waste may be turned back into the stock",
        0,
        "redeals",
    ),
    Key(
        "stock.fill_empty_first",
        FLAG,
        "the stock deals only when no move could fill an empty tableau pile",
        False,
        "fill_empty_first",
    ),
    Key(
        "stock.no_empty_piles",
        FLAG,
        'with `to = "tableau"`, the stock deals only when no tableau pile is empty (Spider)',
        False,
        "deal_needs_every_pile",
    ),
    # -- the reserves (an optional section: without it, none) ------------------------------
    Key(
        "reserves.count",
        whole(1, 12),
        "how many reserve piles (the section is optional: no reserves)",
        field="reserves",
    ),
    Key(
        "reserves.deal",
        whole(0, 30),
        "cards dealt to each reserve, before the tableau",
        field="reserve_deal",
    ),
    Key("reserves.face_up", choice(FaceUp), "which of them lie face up", "top", "reserve_face_up"),
    # -- the cells (an optional section: without it, none) --------------------------------
    Key(
        "cells.count",
        whole(1, 8),
        "how many cells: piles that hold one card each, any card (FreeCell); the section is "
        "optional: no cells",
        field="cells",
    ),
    Key(
        "cells.deal",
        whole(0, 8),
        "cards dealt to the first cells, one each, after the tableau (Seahaven)",
        0,
        "cell_deal",
    ),
)

# The keys of a ``[modes.NAME]`` table besides the sections it may override.
MODE_KEYS_DECLARED: tuple[Key, ...] = (
    Key("modes.label", NAME, "the mode's name in the menus"),
    Key(
        "modes.description",
        WORDS,
        "a sentence on the mode, for the menu and the rules page",
        ABSENT,
    ),
)

# Top-level keys a ``[modes.NAME]`` table may also set for its mode (Spider's decks).
PER_MODE = frozenset({"suits"})
# Sections a table may leave out; their keys then fill no field (``Rules``' defaults hold).
OPTIONAL_SECTIONS = frozenset({"reserves", "cells"})
# Keys that once offered a choice the engine never had: say so rather than "unknown".
RETIRED_KEYS = {
    "foundations.build": N_("not a choice: foundations always build up in suit"),
}


def _spec(keys) -> dict[str, tuple[Checker, bool]]:
    return {key.name: (key.value.check, key.required) for key in keys}


# The schema, made from the declarations: key -> (checker, required).
TOP = _spec(key for key in KEYS if not key.section)
SECTIONS: dict[str, dict[str, tuple[Checker, bool]]] = {}
for _key in KEYS:
    if _key.section:
        SECTIONS.setdefault(_key.section, {})[_key.name] = (_key.value.check, _key.required)
MODE_KEYS = _spec(MODE_KEYS_DECLARED)
BY_PATH = {key.path: key for key in (*KEYS, *MODE_KEYS_DECLARED)}
# The Rules fields that hold a policy kind's member, and the kind (``Rules`` coerces them).
POLICY_FIELDS: dict[str, type[Policy]] = {
    key.field: key.value.kind for key in KEYS if key.field and key.value.kind
}
