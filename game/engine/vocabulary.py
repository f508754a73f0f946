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

from .cards import MAX_DECKS
from .families import Family
from .keys import (
    ABSENT,
    COUNTS,
    FLAG,
    LETTERS,
    NAME,
    RANK,
    REDEALS,
    SLUG,
    SUIT_LETTERS,
    TEXT,
    WORDS,
    Key,
    choice,
    whole,
)
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
    Checker,
)
from .shapes import (
    FoundationDirection,
    FoundationStart,
    FoundationTakes,
    Goal,
    MoveLimit,
    Numbering,
    WasteBuild,
)
from .text import N_

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
    Key(
        "code",
        LETTERS,
        "a built-in game's deal-code letters (`K` makes `K1R2-4242`), its own and never "
        "changed, read from its own file only; a table of yours gets letters from its id",
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
    Key("goal", choice(Goal), "when the game is won", "foundations", "goal"),
    Key(
        "numbering",
        choice(Numbering),
        "which cards a deal number gives (the deal box, codes and `--seed` take these numbers)",
        "own",
        "numbering",
    ),
    Key(
        "family",
        choice(Family),
        "the family the game belongs to: the game chooser shows each family's games together",
        "klondike",
    ),
    # -- the tableau ----------------------------------------------------------------------
    Key("tableau.piles", whole(1, 13), "how many tableau piles", field="tableau_piles"),
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
        "tableau.face_down",
        COUNTS,
        "face-down cards at the bottom of each pile, one number per pile (Scorpion); given, "
        "it decides instead of `face_up`",
        ABSENT,
    ),
    Key(
        "tableau.kings_to_bottom",
        FLAG,
        "after the deal, each pile's Kings go to its bottom, in the order dealt (Baker's Dozen)",
        False,
        "kings_to_bottom",
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
        whole(0, 4 * MAX_DECKS),
        "how many foundations: 4 per deck where the goal takes the foundations, else none",
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
        "foundations.direction",
        choice(FoundationDirection),
        'which way the foundations build in suit (down: from the King, `base = "king"`)',
        "up",
        "foundation_direction",
    ),
    Key(
        "foundations.start",
        choice(FoundationStart),
        "what the foundations hold before the deal (Beleaguered Castle: the Aces)",
        "empty",
        "foundation_start",
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
        "stock.waste_builds",
        choice(WasteBuild),
        "what the waste takes from the tableau (Golf)",
        "none",
        "waste_builds",
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
    "foundations.build": N_("not a key: foundations build in suit, up or down as direction says"),
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
