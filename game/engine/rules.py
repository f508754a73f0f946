"""Rule tables: reading, merging and validating them (the schema: ``schema``), and the
resolved, immutable rules.

A variant is data. Its table names policies from small fixed sets (how the tableau builds,
what an empty pile accepts, which cards are dealt face up, ...); ``extends`` takes another
table and states only what differs; ``[modes.NAME]`` tables override sections for the
player's deal-mode choice. Anything unknown or ill-typed is refused with a ``RuleTableError``
naming the file, the key and the problem: a ``Message``, worded where it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARDS_PER_DECK
from .families import Family
from .microsoft import COLUMNS
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
from .schema import (
    RuleTableError,
    check_section,
    is_name,
    key_error,
    missing,
    not_a_table,
    unknown_key,
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
from .text import N_, Message, N_plural, shown
from .vocabulary import (
    BY_PATH,
    KEYS,
    MODE_KEYS,
    OPTIONAL_SECTIONS,
    PER_MODE,
    POLICY_FIELDS,
    RETIRED_KEYS,
    SECTIONS,
    TOP,
)

# What a cache keyed by rule sets keeps (the oldest go first): the game's own are 23
# (variant and deal mode); the player's tables, saves and game files may bring any number.
RULE_SETS_KEPT = 64

__all__ = ["RULE_SETS_KEPT", "Mode", "RuleTableError", "Rules", "VariantTable", "merge", "validate"]


@dataclass(frozen=True, slots=True)
class Rules:
    """One variant in one deal mode, fully resolved: everything the engine needs."""

    variant: str
    name: str
    mode: str
    mode_label: str
    decks: int
    tableau_piles: int
    deal_counts: tuple[int, ...]
    face_up: FaceUp
    build: Build
    move_runs: bool
    empty_accepts: EmptyPile
    foundations: int
    cards_may_return: bool
    draw: int = 1
    redeals: int | None = 0  # None: unlimited
    # The Klondike family's wider vocabulary (issue 23); the defaults are Klondike's.
    reserves: int = 0
    stock_to: StockTarget = StockTarget.WASTE
    reserve_deal: int = 0  # cards dealt to each reserve pile, before the tableau
    reserve_face_up: FaceUp = FaceUp.TOP
    runs: Run = Run.BUILT  # what moves as a unit when move_runs
    tableau_wrap: bool = False
    # Nothing builds on a tableau card of the foundations' base rank (Lady Jane): a run
    # ends there, so no run outgrows a suit's thirteen ranks.
    base_takes_nothing: bool = False
    extra_face_up: tuple[int, ...] = ()  # face-up rows dealt on top of the tableau's deal
    foundation_base: FoundationBase = FoundationBase.ACE
    foundation_wrap: bool = False
    fill_empty_first: bool = False
    scoring: Scoring = Scoring.FOUNDATION_CARDS
    empty_rank: int = 0  # the rank an empty pile takes with empty_accepts = "rank"
    # Past the Klondike family (issue 35): cells, limits on what moves, other foundations.
    cells: int = 0
    cell_deal: int = 0  # cards dealt to the first cells, after the tableau
    move_limit: MoveLimit = MoveLimit.NONE
    foundation_takes: FoundationTakes = FoundationTakes.CARDS
    group_to_foundation: bool = False  # a run in suit goes up as one move
    deal_needs_every_pile: bool = False  # the stock deals only when no pile is empty
    suits: str = "CDHS"  # the deck's suits (Spider's one- and two-suit decks: fewer)
    foundation_direction: FoundationDirection = FoundationDirection.UP
    goal: Goal = Goal.FOUNDATIONS
    numbering: Numbering = Numbering.OWN
    face_down: tuple[int, ...] = ()  # face-down cards per pile, where the table says
    kings_to_bottom: bool = False
    foundation_start: FoundationStart = FoundationStart.EMPTY
    waste_builds: WasteBuild = WasteBuild.NONE

    def __post_init__(self) -> None:
        """Each policy field as its kind's member (a Rules value made by hand, or read back
        from an old save, may hold the table's string); ValueError for a value the kind
        does not have."""
        for field, kind in POLICY_FIELDS.items():
            value = getattr(self, field)
            if type(value) is not kind:
                object.__setattr__(self, field, kind(value))

    @property
    def card_count(self) -> int:
        return self.decks * CARDS_PER_DECK

    @property
    def unlimited_redeals(self) -> bool:
        return self.redeals is None


@dataclass(frozen=True, slots=True)
class Mode:
    id: str
    label: str
    description: str


@dataclass(frozen=True, slots=True)
class VariantTable:
    """A validated rule table: a variant with its named deal modes."""

    id: str
    name: str
    description: str
    default_mode: str
    modes: tuple[Mode, ...]
    source: str
    _rules: tuple[Rules, ...]
    family: Family = Family.KLONDIKE  # the chooser's group

    def mode_ids(self) -> list[str]:
        return [m.id for m in self.modes]

    def rules(self, mode: str | None = None) -> Rules:
        """The rules of deal mode ``mode`` (None: the default mode); KeyError if there is
        no such mode, its argument a ``Message``."""
        wanted = self.default_mode if mode is None else mode  # "" is no mode, not the default
        for r in self._rules:
            if r.mode == wanted:
                return r
        raise KeyError(
            Message(
                N_("variant {variant} has no mode {mode} (modes: {modes})"),
                variant=shown(self.id),
                mode=shown(wanted),
                modes=", ".join(self.mode_ids()),
            )
        )


def merge(base: dict, over: dict) -> dict:
    """Deep merge: tables merge key by key, anything else replaces."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def validate(data: dict, source: str) -> VariantTable:
    """Check a merged table and resolve it into a VariantTable (one Rules per mode)."""
    for key, value in data.items():
        if key in SECTIONS or key == "modes":
            continue
        if key == "extends":  # read_table takes it out: only a table carried whole has it
            problem = N_(
                "not allowed in a table a game carries: it is saved whole, merged with "
                "the table it extended, and cannot extend another"
            )
            raise key_error(source, key, Message(problem))
        if key not in TOP:
            known = [*TOP, *SECTIONS, "modes", "extends"]
            raise key_error(source, key, unknown_key(known))
        problem = TOP[key][0](value)
        if problem:
            raise key_error(source, key, problem)
    for key, (_check, required) in TOP.items():
        if required and key not in data:
            raise key_error(source, key, missing())
    for section, spec in SECTIONS.items():
        if section not in data:
            if section in OPTIONAL_SECTIONS:
                continue
            raise key_error(source, section, missing())
        check_section(source, section, data[section], spec, False, RETIRED_KEYS)

    modes_data = data.get("modes", {})
    if not isinstance(modes_data, dict) or not modes_data:
        problem = Message(N_("must hold at least one [modes.NAME] table"))
        raise key_error(source, "modes", problem)
    modes: list[Mode] = []
    rules: list[Rules] = []
    for mode_id, mode in modes_data.items():
        problem = is_name(mode_id)  # an id the menus and messages show
        if problem:
            about = N_("the mode {value}: {problem}")
            raise key_error(source, "modes", Message(about, value=shown(mode_id), problem=problem))
        where = f"modes.{mode_id}"
        if not isinstance(mode, dict):
            raise key_error(source, where, not_a_table(mode))
        overrides = {}
        for key, value in mode.items():
            if key in SECTIONS:
                check_section(source, f"{where}.{key}", value, SECTIONS[key], True, RETIRED_KEYS)
                overrides[key] = value
            elif key in MODE_KEYS or key in PER_MODE:
                problem = (MODE_KEYS.get(key) or TOP[key])[0](value)
                if problem:
                    raise key_error(source, f"{where}.{key}", problem)
                if key in PER_MODE:
                    overrides[key] = value
            else:
                known = [*MODE_KEYS, *PER_MODE, *SECTIONS]
                raise key_error(source, f"{where}.{key}", unknown_key(known))
        if "label" not in mode:
            raise key_error(source, f"{where}.label", missing())
        merged = merge(data, overrides)
        modes.append(Mode(mode_id, mode["label"], mode.get("description", "")))
        rules.append(_resolve(merged, mode_id, mode["label"], source, where))
    if data["default_mode"] not in modes_data:
        problem = Message(
            N_("{value} is not one of the modes ({modes})"),
            value=shown(data["default_mode"]),
            modes=", ".join(modes_data),
        )
        raise key_error(source, "default_mode", problem)
    return VariantTable(
        id=data["id"],
        name=data["name"],
        description=data.get("description", ""),
        default_mode=data["default_mode"],
        modes=tuple(modes),
        source=source,
        _rules=tuple(rules),
        family=Family(data.get("family", BY_PATH["family"].default)),
    )


def _counts(source: str, key: str, counts: list, piles: int) -> tuple[int, ...]:
    if len(counts) != piles:
        problem = N_plural(
            "has {count} entry; it needs one for each pile ({piles})",
            "has {count} entries; it needs one for each pile ({piles})",
        )
        raise key_error(source, key, Message(problem, count=len(counts), piles=piles))
    return tuple(counts)


def _declared(d: dict) -> dict:
    """The Rules fields the declared keys fill, each from the table or its default."""
    fields = {}
    for key in KEYS:
        if key.field is None:
            continue
        section = d.get(key.section) if key.section else d
        if section is None:  # an optional section left out: Rules' defaults hold
            continue
        fields[key.field] = key.value.coerce(section.get(key.name, key.default))
    return fields


def _resolve(d: dict, mode_id: str, label: str, source: str, where: str) -> Rules:
    """The Rules of one mode (``d``: the table with the mode's overrides merged), with the
    checks that concern several keys together."""
    tab, fnd = d["tableau"], d["foundations"]
    fields = _declared(d)
    piles = tab["piles"]
    pattern = DealPattern(tab["deal"])
    counts = pattern.counts(piles)
    if counts is not None:
        if "counts" in tab:
            problem = Message(N_('only allowed with deal = "counts"'))
            raise key_error(source, "tableau.counts", problem)
    else:
        if "counts" not in tab:
            problem = Message(N_('missing (deal = "counts")'))
            raise key_error(source, "tableau.counts", problem)
        counts = _counts(source, "tableau.counts", tab["counts"], piles)
    extra = tab.get("extra_face_up")
    extra = () if extra is None else _counts(source, "tableau.extra_face_up", extra, piles)
    empty = fields["empty_accepts"]
    if (empty is EmptyPile.RANK) != ("empty_rank" in tab):
        problem = Message(N_('only allowed with empty_accepts = "rank", and needed there'))
        raise key_error(source, "tableau.empty_rank", problem)
    rank_key = BY_PATH["tableau.empty_rank"]
    empty_rank = rank_key.value.coerce(tab["empty_rank"]) + 1 if "empty_rank" in tab else 0
    reserves = fields.get("reserves", 0) * fields.get("reserve_deal", 0)
    cell_deal = fields.get("cell_deal", 0)
    if cell_deal > fields.get("cells", 0):
        problem = N_("deals {count} cards to {cells} cells: a cell holds one")
        problem = Message(problem, count=cell_deal, cells=fields.get("cells", 0))
        raise key_error(source, "cells.deal", problem)
    dealt = sum(counts) + sum(extra) + reserves + cell_deal
    dealt += fields["foundation_base"] is FoundationBase.DEALT
    dealt += 4 * d["decks"] * (fields["foundation_start"] is FoundationStart.ACES)
    cards = d["decks"] * CARDS_PER_DECK
    if dealt > cards:
        problem = N_plural(
            "{mode} deals {count} card but the deck has only {cards}",
            "{mode} deals {count} cards but the deck has only {cards}",
        )
        raise key_error(source, "tableau", Message(problem, mode=where, count=dealt, cards=cards))
    stock_to = fields["stock_to"]
    if stock_to is StockTarget.NONE and dealt != cards:
        problem = N_("must deal every card when there is no stock (it deals {count} of {cards})")
        raise key_error(source, "stock.to", Message(problem, count=dealt, cards=cards))
    if stock_to is StockTarget.RESERVES and not fields.get("reserves"):
        raise key_error(source, "stock.to", Message(N_("needs a [reserves] section")))
    if fields["deal_needs_every_pile"] and stock_to is not StockTarget.TABLEAU:
        problem = Message(N_('only allowed with stock.to = "tableau"'))
        raise key_error(source, "stock.no_empty_piles", problem)
    down = fields["foundation_direction"] is FoundationDirection.DOWN
    if (fields["foundation_base"] is FoundationBase.KING) != down and (
        fields["foundation_base"] is not FoundationBase.DEALT
    ):
        problem = Message(N_('base "king" goes with direction "down", base "ace" with "up"'))
        raise key_error(source, "foundations.base", problem)
    if fields["group_to_foundation"] and fields["foundation_takes"] is not FoundationTakes.CARDS:
        problem = Message(N_('only allowed with takes = "cards"'))
        raise key_error(source, "foundations.group_moves", problem)
    if fields["move_limit"] is not MoveLimit.NONE and not fields["move_runs"]:
        problem = Message(N_("only allowed with move_runs = true"))
        raise key_error(source, "tableau.move_limit", problem)
    wanted = 4 * d["decks"] if fields["goal"].needs_foundations else 0
    if fnd["count"] != wanted:
        if wanted:
            must = N_("must be 4 per deck ({count}), got {value}")
        else:
            must = N_("must be {count}: this game's goal is not the foundations, got {value}")
        problem = Message(must, count=wanted, value=fnd["count"])
        raise key_error(source, "foundations.count", problem)
    face_down = tab.get("face_down")
    face_down = () if face_down is None else _counts(source, "tableau.face_down", face_down, piles)
    if any(down > dealt for down, dealt in zip(face_down, counts, strict=False)):
        problem = Message(N_("more face-down cards than a pile is dealt"))
        raise key_error(source, "tableau.face_down", problem)
    microsoft = counts == COLUMNS and d["decks"] == 1 and dealt == sum(COLUMNS)
    if fields["numbering"] is Numbering.MICROSOFT and not microsoft:
        problem = N_("Microsoft's deals are one deck in eight piles of 7, 7, 7, 7, 6, 6, 6, 6")
        raise key_error(source, "numbering", Message(problem))
    return Rules(
        mode=mode_id,
        mode_label=label,
        deal_counts=counts,
        extra_face_up=extra,
        face_down=face_down,
        empty_rank=empty_rank,
        **fields,
    )
