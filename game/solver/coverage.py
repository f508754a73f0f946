"""Where the specialised solver is sound: its conditions, as data, and the gate.

The specialised solver (``position``, ``moves``, ``deadlock``, the compiled core) is built
for one shape of game: a stock turned onto one waste, foundations built up in suit from
the Ace, a tableau built down one rank, runs or single cards moved, no other piles. Its
cuts and its loss proof are proved for that shape only (docs/solver.md). Each rule field
it reads is listed in ``SPECIALISED`` with the values it is proved for; a ``Rules`` field
not listed there (vocabulary the engine learns later: reserves, a stock dealt to the
tableau, builds up or by rank, group moves, another foundation base, wrapping ranks, ...)
must hold its default, which is Klondike's behaviour, else the table is outside. Outside,
``solve`` and everything built on it use ``generic`` (every legal command, no cut) instead.
Either way the compiled core runs the search where it is built: the specialised search
inside the gate, the generic search (core/generic.c, ``native_generic``) for the whole
vocabulary outside it; the gate decides which search is sound, not whether it is compiled.

``CUTS`` says, for each cut and loss proof, which of the conditions its proof rests on
(docs/solver.md gives the proofs); the gate admits a table only when all hold, since the
specialised search uses them all together.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from game.engine.policies import Build, EmptyPile, FaceUp, StockTarget
from game.engine.rules import RULE_SETS_KEPT, Rules

# The compiled core's limits (docs/solver.md, "It takes nothing on trust").
MOST_DECKS = 4
MOST_PILES = 12
MOST_DRAW = 10
MOST_REDEALS = 16_383


@dataclass(frozen=True, slots=True)
class Condition:
    """One rule field and the values the specialised solver is proved for."""

    name: str
    field: str
    holds: object  # a function of the field's value -> bool
    why: str


def _any(_value) -> bool:
    return True


SPECIALISED: tuple[Condition, ...] = (
    Condition(
        "decks",
        "decks",
        lambda v: 1 <= v <= MOST_DECKS,
        "the core's card codes and key translation cover 1 to 4 decks",
    ),
    Condition(
        "piles",
        "tableau_piles",
        lambda v: 1 <= v <= MOST_PILES,
        "the core's positions hold at most 12 tableau piles",
    ),
    Condition(
        "foundations",
        "foundations",
        _any,  # checked with the decks below: four per deck
        "one foundation slot per suit and deck (position.foundations)",
    ),
    Condition(
        "build down",
        "build",
        lambda v: v in (Build.ALTERNATE_COLOUR, Build.SAME_SUIT, Build.ANY_SUIT),
        "cards lie only on a card one rank higher: what may lie on a card is lower "
        "(automatic moves, foundation cards back); two cards one card may lie on take "
        "the same cards (run splits, also checked per table as tables.equal_parents)",
    ),
    Condition(
        "runs or single cards",
        "move_runs",
        _any,
        "a movable unit is a built run (move_runs) or one card",
    ),
    Condition(
        "empty pile",
        "empty_accepts",
        lambda v: v in (EmptyPile.KING, EmptyPile.ANY, EmptyPile.NONE),
        "what an empty pile takes depends on the card alone (tables.empty_takes)",
    ),
    Condition(
        "deal",
        "face_up",
        lambda v: v in (FaceUp.TOP, FaceUp.ALL),
        "the face-down cards of a pile lie under its face-up ones, as the position's "
        "face-down count says",
    ),
    Condition("deal counts", "deal_counts", _any, "only the deal reads them"),
    Condition(
        "foundation cards back",
        "cards_may_return",
        _any,
        "both proved (docs/solver.md, 'Foundation cards coming back')",
    ),
    Condition(
        "draw",
        "draw",
        lambda v: 1 <= v <= MOST_DRAW,
        "the talon macro moves turn 1 to 10 cards a turn onto the one waste",
    ),
    Condition(
        "redeals",
        "redeals",
        lambda v: v is None or 0 <= v <= MOST_REDEALS,
        "redeals are counted in the key in 14 bits (position.redeal_bytes)",
    ),
    # The contract's new fields (docs: issue 23), by name, so that the gate does not rest
    # on their defaults alone; a field the engine does not have yet holds trivially.
    Condition(
        "no reserves",
        "reserves",
        lambda v: v == 0,
        "the position has no piles but the stock, the waste, the foundations and the tableau",
    ),
    Condition(
        "stock to the waste",
        "stock_to",
        lambda v: v is StockTarget.WASTE,
        "the talon macro moves turn the stock onto the one waste",
    ),
    Condition("names", "variant", _any, "a name"),
    Condition("names", "name", _any, "a name"),
    Condition("names", "mode", _any, "a name"),
    Condition("names", "mode_label", _any, "a name"),
)

# Every cut and loss proof of the specialised solver, and the conditions (by name) its
# proof rests on, besides the shape every one assumes: every field not in SPECIALISED at
# its default (stock to one waste, Ace foundations up in suit, no reserves, ...).
CUTS: dict[str, tuple[str, ...]] = {
    "talon macro moves and the waste-size dominance": ("draw", "redeals", "stock to the waste"),
    "automatic moves (the card's closure up)": ("build down", "foundation cards back"),
    "foundation cards back only above the lowest plus one": (
        "build down",
        "foundation cards back",
    ),
    "run splits only with a send-up": ("build down", "runs or single cards"),
    "a whole pile onto another only when useful": ("runs or single cards", "empty pile"),
    "piles interchangeable in the key": ("deal",),
    "the relaxed loss proof": ("build down", "empty pile", "draw", "redeals", "no reserves"),
    # Where a talon card can top the waste: turned onto one waste ``draw`` at a time, a
    # redeal turning the whole talon over in its order, only the waste's top card played.
    "the relaxed loss proof: talon cards that never surface": (
        "draw",
        "redeals",
        "stock to the waste",
        "no reserves",
    ),
    "the compiled core": ("decks", "piles", "draw", "redeals"),
}


def outside(rules: Rules) -> list[str]:
    """Why the specialised solver is not proved for ``rules``: one phrase per condition
    that fails (empty: inside)."""
    listed = {condition.field for condition in SPECIALISED}
    problems = [
        f"{condition.name}: {getattr(rules, condition.field)!r}"
        for condition in SPECIALISED
        if hasattr(rules, condition.field) and not condition.holds(getattr(rules, condition.field))
    ]
    if rules.foundations != 4 * rules.decks:
        problems.append(f"foundations: {rules.foundations} for {rules.decks} decks")
    for field in dataclasses.fields(rules):
        if field.name in listed:
            continue
        value = getattr(rules, field.name)
        if field.default is not dataclasses.MISSING:
            default = field.default
        elif field.default_factory is not dataclasses.MISSING:
            default = field.default_factory()
        else:
            problems.append(f"{field.name}: not known to the specialised solver")
            continue
        if value != default:
            problems.append(f"{field.name}: {value!r}")
    return problems


@lru_cache(maxsize=RULE_SETS_KEPT)
def specialised_covers(rules: Rules) -> bool:
    """Is the specialised solver proved sound for ``rules``? (else: the generic search,
    compiled too where the core is built)"""
    return not outside(rules)
