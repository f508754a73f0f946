"""An independent move oracle for the built-in games, written from the help pages.

Each game is a table of its own facts (``FACTS``), every field quoted from its GNOME
AisleRiot help page (AisleRiot 3.22's help/C/<id>.xml, in Debian's aisleriot) so a
reviewer can check it sentence by sentence; where a page is silent the field says
"silent" and follows the rule table's ``notes`` (the engine helper's choice). One small
interpreter (``legal``) turns the facts into the set of legal player moves in a position.

Deliberately independent of the engine: nothing here imports game.engine.policies,
commands or rules. Only the card look-up tables (cards.py) and the State value are used.
Pile indexes follow the shared contract: 0 stock, 1 waste, the foundations, the tableau,
then the reserves.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass

from game.engine.cards import IS_RED, RANK, SUIT
from game.engine.state import State

DRAW = "draw"
KING, ACE = 13, 1


# -- the tableau's building rules, as the pages name them: how a card's suit or colour
# relates to the card it lies on (the rank is always one lower, see ``builds``) ----------------


def alternate_colour(card: int, onto: int) -> bool:
    """ "built down by alternating color" / "alternate color" / "opposite color"."""
    return IS_RED[onto] != IS_RED[card]


def same_colour(card: int, onto: int) -> bool:
    """ "built down by same color"."""
    return IS_RED[onto] == IS_RED[card]


def any_suit_but_own(card: int, onto: int) -> bool:
    """ "built down by any suit but own"."""
    return SUIT[onto] != SUIT[card]


def any_suit(card: int, onto: int) -> bool:
    """ "built down regardless of suit" (Spider) / "Suit is not relevant" (Baker's Dozen)."""
    return True


def no_card(card: int, onto: int) -> bool:
    """Golf: nothing is built on the tableau (the page builds only the waste)."""
    return False


def same_suit(card: int, onto: int) -> bool:
    """ "Builds of cards that are the same suit and in sequence" (Whitehead's moving unit)."""
    return SUIT[onto] == SUIT[card]


# -- the facts -------------------------------------------------------------------------------

# What an empty tableau pile takes (the bottom card of what is moved there).
KING_ONLY = "king"  # "filled by Kings or group of cards starting with a King"
ANY = "any"  # "filled with any card"
NOTHING = "nothing"  # "only be filled by the next deal from the Stock"
BELOW_BASE = "below-base"  # Lady Jane: "rank is one lower than the base card"
ANY_WHEN_RESERVE_EMPTY = "any-when-reserve-empty"  # Canfield

# Which groups of tableau cards move as a unit.
RUNS = "runs"  # "Groups/Builds of cards can be moved": each card builds on the one below
TOP_OR_ALL_FACE_UP = "top-or-all-face-up"  # Westhaven
ANY_FACE_UP = "any-face-up"  # Yukon: "regardless of sequence"
TOP_CARD = "top-card"  # Baker's Dozen: "The top card on each Tableau can be moved"
SINGLE = "single"  # "Only one card can be moved at a time."

# How many cards of a group may move onto a tableau pile, the FreeCell family's pages.
NO_LIMIT = "none"
FREE_CELLS = "free-cells"  # "equal or less than one more than the number of Reserve slots free"
# "if there are enough Reserve piles free to allow the move if the cards were moved singly":
# moved singly, an empty pile other than the target doubles what the free cells move.
FREE_CELLS_AND_PILES = "free-cells-and-piles"


@dataclass(frozen=True)
class Facts:
    foundations: int
    tableau: int
    builds_by: Callable[[int, int], bool]  # the suit/colour ``card`` needs to lie on ``onto``
    empty_takes: str
    groups: str = RUNS
    group_by: Callable[[int, int], bool] | None = None  # a unit's links; None: ``builds_by``
    tableau_wraps: bool = False  # a King may lie on an Ace (silent pages: the table's notes)
    base_closed: bool = False  # nothing lies on a tableau card of the base rank
    reserves: int = 0
    stock_to: str = "waste"  # "waste", "tableau", "reserves" or "none"
    redeals: int | None = 0  # None: unlimited
    base: str = "ace"  # "ace", or "dealt": the rank of the card dealt to the first foundation
    wrap: bool = False  # foundations go on from King to Ace
    foundation_returns: bool = True  # "Cards in Foundations are still in play"
    fill_before_deal: bool = False  # Easthaven: empty slots must be filled before a deal
    no_empty_piles: bool = False  # Spider: "all piles must be non-empty" for a deal
    # Spider: a foundation takes only "sequences of cards going down from King down to Ace"
    runs_up: bool = False
    waste_builds: bool = False  # Golf: the waste built up or down from the tableau
    cells: int = 0  # the FreeCell family's "Reserves": "Each ... can only hold one card"
    move_limit: str = NO_LIMIT
    group_to_foundation: bool = False  # Seahaven: "sequences of the same suit ... onto the
    # matching Foundation pile rather than being moved individually"


KLONDIKE = Facts(  # shared/seeds/002 and RULES.md, the harness's first game
    foundations=4,
    tableau=7,
    builds_by=alternate_colour,  # "built down in alternating colours"
    empty_takes=KING_ONLY,  # "only by a King or a run whose base is a King"
    redeals=2,  # default mode: single-card deals, two redeals
)

FACTS: dict[str, Facts] = {
    "klondike": KLONDIKE,
    "saratoga": KLONDIKE,  # "Klondike with every card dealt face up": the same moves
    "double-klondike": Facts(  # shared/seeds/001 and RULES.md
        foundations=8,  # "eight, above the tableau"
        tableau=9,  # "nine piles laid as a triangle"
        builds_by=alternate_colour,
        empty_takes=KING_ONLY,  # "only by a King or a run that starts with a King"
        redeals=1,  # "The deck may be redealt once"
    ),
    "whitehead": Facts(
        foundations=4,  # "Four piles top right."
        tableau=7,  # "Seven piles."
        builds_by=same_colour,  # "Cards in the Tableau are built down by same color."
        # "Builds of cards that are the same suit and in sequence can be moved as a unit."
        group_by=same_suit,
        empty_takes=ANY,  # "Empty Tableau slots can be filled with any card or build"
        redeals=0,  # "There are no redeals."
        foundation_returns=True,  # "Topmost card in each Foundation can be played back"
    ),
    "thumb-and-pouch": Facts(
        foundations=4,
        tableau=7,
        builds_by=any_suit_but_own,  # "built down by any suit but own"
        empty_takes=ANY,  # "filled with a any legal sequence of cards"
        redeals=2,  # "Two redeals." / "go through the deck three times"
    ),
    "westhaven": Facts(
        foundations=4,
        tableau=10,  # "Ten piles of three cards each"
        builds_by=alternate_colour,  # "built down by alternate color"
        # "The top card or the complete face up portion of each pile is available for play."
        groups=TOP_OR_ALL_FACE_UP,
        empty_takes=ANY,  # "filled with any available card or group of cards"
        redeals=0,  # "There are no redeals."
        foundation_returns=False,  # "Cards in Foundation are no longer in play."
    ),
    "easthaven": Facts(
        foundations=4,
        tableau=7,
        builds_by=alternate_colour,  # "built down by alternate color"
        empty_takes=KING_ONLY,  # "filled by Kings or builds starting with a King"
        stock_to="tableau",  # "Clicking on the Stock deals one card face up on to each"
        redeals=0,  # "There are no redeals."
        foundation_returns=False,  # "Cards in the Foundation are no longer in play."
        fill_before_deal=True,  # "Any empty Tableau slots must be filled if possible"
    ),
    "agnes": Facts(
        foundations=4,
        tableau=7,
        builds_by=same_colour,  # "Cards in the Tableau are built down by same color."
        # "Groups of cards in sequence and same color can be moved as a unit."
        empty_takes=NOTHING,  # "Empty piles can only be filled by the next deal"
        stock_to="tableau",  # "Each deal flips one card from the Stock to each pile"
        redeals=0,  # "There are no redeals."
        tableau_wraps=True,  # silent; the table's notes: "a King may lie on an Ace"
        base="dealt",  # "One card is dealt on to the first Foundation pile."
        wrap=True,  # "wrapping from King to Ace when necessary"
    ),
    "gold-mine": Facts(
        foundations=4,
        tableau=7,  # "Seven piles, all empty to start."
        builds_by=alternate_colour,
        empty_takes=ANY,  # "An empty pile in the Tableau can be filled with any card."
        redeals=0,  # "No redeals." / "When Stock is empty, game over."
    ),
    "athena": Facts(
        foundations=4,
        tableau=7,
        builds_by=alternate_colour,
        empty_takes=KING_ONLY,  # "filled with a King or a group of cards with a King"
        redeals=2,  # "Two redeals." / "go through the deck three times"
    ),
    "jumbo": Facts(
        foundations=8,  # "Eight piles top right."
        tableau=9,  # "Nine piles."
        builds_by=alternate_colour,
        empty_takes=KING_ONLY,
        redeals=1,  # "There is one redeal."
    ),
    "yukon": Facts(
        foundations=4,
        tableau=7,
        builds_by=alternate_colour,  # "built down in opposite color"
        groups=ANY_FACE_UP,  # "Groups of cards can be moved regardless of sequence."
        empty_takes=KING_ONLY,  # "filled with a King or a group of cards with a King"
        stock_to="none",  # the page has no Stock: every card is dealt
        foundation_returns=False,  # "Cards in Foundations are no longer in play."
    ),
    "spider": Facts(
        foundations=8,  # "Top eight piles."
        tableau=10,  # "Ten piles."
        builds_by=any_suit,  # "Cards can be built down regardless of suit."
        group_by=same_suit,  # "Sequences of cards in the same suit can be moved as a unit."
        empty_takes=ANY,  # "Empty piles can be filled with any card or movable unit."
        stock_to="tableau",  # "Clicking deals one card face up to every pile."
        no_empty_piles=True,  # "However, all piles must be non-empty."
        # "Only used to hold sequences of cards going down from King down to Ace once
        # completed." / "Once there, these cards are no longer in play."
        runs_up=True,
        foundation_returns=False,
    ),
    "spiderette": Facts(
        foundations=4,  # "Four piles top right."
        tableau=7,  # "Seven piles on the bottom."
        builds_by=any_suit,  # "Cards in Tableau can be built down regardless of suit."
        group_by=same_suit,  # "Builds of cards in sequence and in the same suit ... as a unit"
        empty_takes=ANY,  # "Empty Tableau piles can be filled with any card or build"
        stock_to="tableau",  # "Deals a card to each Tableau pile when clicked."
        no_empty_piles=True,  # "Each Tableau pile must be filled before any deal."
        runs_up=True,  # "A build of all thirteen cards in a suit may be moved on to a Foundation"
        foundation_returns=False,  # "Cards in the Foundation are no longer in play."
    ),
    "scorpion": Facts(
        foundations=0,  # the page has no Foundation: the runs stay in the tableau
        tableau=7,  # "Seven piles to the right of Stock."
        builds_by=same_suit,  # "Cards in the Tableau are built down by suit."
        groups=ANY_FACE_UP,  # "Groups of cards can be moved regardless of sequence."
        empty_takes=KING_ONLY,  # "filled with a King or a group of cards with a King"
        stock_to="tableau",  # "At any point, clicking on the Stock will deal the last three"
    ),
    "gypsy": Facts(
        foundations=8,  # "Eight piles top right."
        tableau=8,  # "Eight piles."
        builds_by=alternate_colour,  # "Cards in Tableau are built down by alternating color."
        # "Builds of cards can be moved." (the default: each card builds on the one below)
        empty_takes=ANY,  # "An empty pile in the Tableau can be filled with any card or build"
        stock_to="tableau",  # "Each deal flips one card from the Stock to each pile"
        redeals=0,  # "There are no redeals."
        foundation_returns=True,  # "Cards in Foundations are still in play."
    ),
    "forty-thieves": Facts(
        foundations=8,  # "Eight piles top right."
        tableau=10,  # "Ten piles."
        builds_by=same_suit,  # "Cards in Tableau are built down in the same suit."
        empty_takes=ANY,  # "An empty pile in the Tableau can be filled with any card."
        redeals=0,  # "There are no redeals."
        foundation_returns=False,  # the page is silent; the table's notes keep the usual rule
        # "Cards can only be moved singly ... As a short cut you can move more than one if
        # there are enough empty spaces."
        move_limit=FREE_CELLS_AND_PILES,
        group_to_foundation=True,  # "Cards can also be moved in groups to the Foundation"
    ),
    "bakers-dozen": Facts(
        foundations=4,  # "Four piles at top."
        tableau=13,  # "Thirteen piles."
        # "if it has a value of one lower than the top card on the second pile. Suit is not
        # relevant."
        builds_by=any_suit,
        groups=TOP_CARD,  # "The top card on each Tableau can be moved to another"
        empty_takes=NOTHING,  # "Empty Tableau piles cannot be filled."
        stock_to="none",  # the page has no Stock: every card is dealt
        foundation_returns=True,  # "Cards in Foundations are still in play."
    ),
    "golf": Facts(
        foundations=0,  # the page has no Foundation: "Move all cards to Waste."
        tableau=7,  # "Seven piles."
        builds_by=no_card,  # only the waste is built on
        groups=TOP_CARD,  # the tableau's top cards ("the available cards on the Tableau")
        empty_takes=NOTHING,
        redeals=0,  # "No redeals."
        waste_builds=True,  # "The Waste can be built up or down from the available cards"
    ),
    "canfield": Facts(
        foundations=4,
        tableau=4,  # "Four piles below Foundations."
        reserves=1,  # "Reserve ... Deal thirteen cards here"
        builds_by=alternate_colour,
        # "filled automatically from the Reserve. If the Reserve is empty, an empty slot
        # can be filled by any card or group of cards in sequence."
        empty_takes=ANY_WHEN_RESERVE_EMPTY,
        redeals=None,  # "Unlimited redeals."
        tableau_wraps=True,  # silent; the table's notes: "a King may lie on an Ace"
        base="dealt",  # "Deal one card face up on first Foundation pile ... the base card"
        wrap=True,  # "Aces are placed on Kings, and twos on Aces."
    ),
    "lady-jane": Facts(
        foundations=4,
        tableau=7,
        reserves=7,  # "Seven piles on the right."
        builds_by=alternate_colour,
        empty_takes=BELOW_BASE,  # "a card whose rank is one lower than the base card"
        stock_to="reserves",  # "Each deal places one card on each pile of the Reserve."
        tableau_wraps=True,  # silent; the table's notes: "a King on an Ace too"
        base_closed=True,  # silent; the table's notes: nothing on a card of the base rank
        base="dealt",  # "Deal one card on to first Foundation pile ... the base card"
        wrap=True,  # "Aces are placed on Kings, and twos on Aces."
    ),
    "freecell": Facts(
        foundations=4,  # "Four piles top right."
        tableau=8,  # "Eight piles."
        cells=4,  # "Four left piles on top row. Each Reserve pile can only hold one card."
        builds_by=alternate_colour,  # "Tableau can be built down in alternating colors."
        # "Groups of cards can be moved if there are enough Reserve piles free to allow the
        # move if the cards were moved singly." (the table's notes: empty piles too)
        move_limit=FREE_CELLS_AND_PILES,
        empty_takes=ANY,  # "can be filled with any card or group of cards"
        stock_to="none",  # "Deal all cards face up on to these eight piles"
        foundation_returns=False,  # "Cards in Foundations are no longer in play."
    ),
    "bakers-game": Facts(
        foundations=4,  # "Four piles top right."
        tableau=8,  # "Eight piles underneath the Foundation and Reserves."
        cells=4,  # "Four piles at top left. Each reserve can only hold one card."
        builds_by=same_suit,  # "The Tableau is built down by suit."
        move_limit=FREE_CELLS,  # "... one more than the number of Reserve slots free."
        empty_takes=KING_ONLY,  # "only be filled with a King or a build starting with a King"
        stock_to="none",
        foundation_returns=True,  # "technically still in play"
    ),
    "eight-off": Facts(
        foundations=4,  # "Four piles on the left."
        tableau=8,  # "Eight piles underneath the Reserves."
        cells=8,  # "Eight piles at top. Each reserve can only hold one card."
        builds_by=same_suit,
        move_limit=FREE_CELLS,
        empty_takes=KING_ONLY,
        stock_to="none",
        foundation_returns=True,
    ),
    "seahaven": Facts(
        foundations=4,  # "Four piles -- two top left, two top right."
        tableau=10,  # "Ten piles underneath the Foundation and Reserves."
        cells=4,  # "Four piles at top in the center. Each reserve can only hold one card."
        builds_by=same_suit,
        move_limit=FREE_CELLS,
        empty_takes=KING_ONLY,
        stock_to="none",
        foundation_returns=True,
        group_to_foundation=True,  # "sequences of the same suit can be moved onto the
        # matching Foundation pile"
    ),
    "streets-and-alleys": Facts(
        foundations=4,  # "Four piles in the middle column."
        tableau=8,  # "Eight slots"
        builds_by=any_suit,  # "built down regardless of suit"
        groups=SINGLE,  # "Only one card can be moved at a time."
        empty_takes=ANY,  # "Empty piles can be filled with any single card."
        stock_to="none",
        foundation_returns=True,  # "Topmost card in each Foundation can be played back"
    ),
    "beleaguered-castle": Facts(
        foundations=4,  # "Four piles in the middle column. Four aces are placed here"
        tableau=8,  # "Eight slots"
        builds_by=any_suit,
        groups=SINGLE,
        empty_takes=ANY,
        stock_to="none",
        foundation_returns=True,
    ),
}


# -- the interpreter --------------------------------------------------------------------------


def piles_of(facts: Facts) -> tuple[range, range, range]:
    """Foundation, tableau and reserve indexes (the contract's order)."""
    f = range(2, 2 + facts.foundations)
    t = range(f.stop, f.stop + facts.tableau)
    return f, t, range(t.stop, t.stop + facts.reserves)


def cells_of(facts: Facts) -> range:
    """The cells' indexes: after the reserves (the contract's order)."""
    return range(piles_of(facts)[2].stop, piles_of(facts)[2].stop + facts.cells)


def base_rank(facts: Facts, state: State, foundations: range) -> int | None:
    """The rank every foundation starts with: the Ace, or the base card's, which the
    deal fixes for the whole game (the state keeps it, as it keeps the cards); None if
    no base card was dealt."""
    if facts.base == "ace":
        return ACE
    return state.base or None


def foundation_takes(facts: Facts, pile: tuple[int, ...], card: int, base: int | None) -> bool:
    if not pile:
        return RANK[card] == base
    top = pile[-1]
    if SUIT[top] != SUIT[card]:
        return False
    if RANK[top] == KING:
        return facts.wrap and RANK[card] == ACE and len(pile) < 13
    return RANK[card] == RANK[top] + 1 and len(pile) < 13


def empty_takes(facts: Facts, card: int, base: int | None, reserve_empty: bool) -> bool:
    rule = facts.empty_takes
    if rule == KING_ONLY:
        return RANK[card] == KING
    if rule == ANY:
        return True
    if rule == ANY_WHEN_RESERVE_EMPTY:
        return reserve_empty
    if rule == BELOW_BASE:
        return base is not None and RANK[card] == (base - 2) % 13 + 1
    return False  # NOTHING


def group_counts(facts: Facts, state: State, pile: int) -> list[int]:
    """How many cards from the top of a tableau pile may be lifted together."""
    cards = state.piles[pile]
    face_up = 0  # the face-up cards on top of the pile, whatever lies face down below
    while face_up < len(cards) and state.face_up(pile, len(cards) - 1 - face_up):
        face_up += 1
    if not face_up:
        return []
    if facts.groups == ANY_FACE_UP:
        return list(range(1, face_up + 1))
    if facts.groups == TOP_OR_ALL_FACE_UP:
        return sorted({1, face_up})
    if facts.groups in (TOP_CARD, SINGLE):
        return [1]
    links = facts.group_by or facts.builds_by
    # A run ends at a card of the base rank where nothing lies on one.
    closed = base_rank(facts, state, piles_of(facts)[0]) if facts.base_closed else None
    counts = [1]
    while (
        counts[-1] < face_up
        and RANK[cards[-counts[-1] - 1]] != closed
        and builds(facts, cards[-counts[-1]], cards[-counts[-1] - 1], links)
    ):
        counts.append(counts[-1] + 1)
    return counts


def legal(game: str, state: State, redeals: int | None | str = "page") -> set:
    """Every legal player move in ``state``: (source, target, count) triples, and DRAW.

    ``redeals`` overrides the page's redeal limit (a deal mode); None is unlimited."""
    facts = FACTS[game]
    limit = facts.redeals if redeals == "page" else redeals
    return moves(facts, state, limit)


def moves(facts: Facts, state: State, limit: int | None) -> set:
    """The legal moves of a game with ``facts`` (``limit``: its redeals, None unlimited)."""
    foundations, tableau, reserves = piles_of(facts)
    piles = state.piles
    base = base_rank(facts, state, foundations)
    reserve_empty = not any(piles[r] for r in reserves)
    # What may be lifted: (source, count), the bottom card of the lifted cards first.
    lifts = [(1, 1)] if piles[1] else []
    lifts += [(r, 1) for r in reserves if piles[r]]
    cells = cells_of(facts)
    lifts += [(c, 1) for c in cells if piles[c]]
    lifts += [(t, n) for t in tableau for n in group_counts(facts, state, t)]
    found: set = set()
    for source, count in lifts:
        card = piles[source][-count]
        if count == 1:
            if not facts.runs_up:
                for f in foundations:
                    if foundation_takes(facts, piles[f], card, base):
                        found.add((source, f, 1))
            # "Any top card in the Tableau can be placed in an empty Reserve slot."; the
            # pages are silent on a card moved from one slot to another: allowed, as in
            # AisleRiot's games (a move that changes nothing the rules look at).
            if source in tableau or source in cells:
                found |= {(source, c, 1) for c in cells if not piles[c] and c != source}
        elif facts.group_to_foundation and source in tableau:
            found |= {
                (source, f, count)
                for f in foundations
                if _goes_up(facts, state, source, f, count, base)
            }
        if facts.runs_up and count == 13:  # a whole run, King to Ace: "once completed"
            found |= {(source, f, 13) for f in foundations if not piles[f]}
        if facts.waste_builds and source in tableau and waste_takes(piles[1], card):
            found.add((source, 1, 1))  # a tableau pile's top card (one, Golf's groups)
        for t in tableau:
            if t != source and _tableau_takes(facts, piles[t], card, base, reserve_empty):
                if count <= _most_moved(facts, state, t):
                    found.add((source, t, count))
    if facts.foundation_returns:
        for f in foundations:
            if piles[f]:
                for t in tableau:
                    if _tableau_takes(facts, piles[t], piles[f][-1], base, reserve_empty):
                        found.add((f, t, 1))
                # "technically still in play": a card in play may go into an empty slot.
                found |= {(f, c, 1) for c in cells if not piles[c]}
    if _may_draw(facts, state, limit, found, tableau):
        found.add(DRAW)
    return found


def waste_takes(waste: tuple[int, ...], card: int) -> bool:
    """Golf: "The Waste can be built up or down ... Only Deuces can be placed on Aces and
    nothing can be played on to a King." (nothing goes on an empty waste)"""
    if not waste or RANK[waste[-1]] == KING:
        return False
    return abs(RANK[card] - RANK[waste[-1]]) == 1


def _most_moved(facts: Facts, state: State, target: int) -> int:
    """How many cards may move together onto tableau pile ``target``."""
    free = sum(1 for c in cells_of(facts) if not state.piles[c])
    if facts.move_limit == FREE_CELLS:
        return free + 1
    if facts.move_limit == FREE_CELLS_AND_PILES:
        tableau = piles_of(facts)[1]
        empty = sum(1 for t in tableau if t != target and not state.piles[t])
        return (free + 1) * 2**empty
    return sys.maxsize  # no limit


def _goes_up(facts: Facts, state: State, source: int, f: int, count: int, base) -> bool:
    """Do the top ``count`` cards of ``source`` go onto foundation ``f`` one by one, the
    top card first (a sequence of one suit, each card one lower than the one under it)?"""
    pile, cards = state.piles[f], state.piles[source]
    for k in range(1, count + 1):
        card = cards[-k]
        if not foundation_takes(facts, pile, card, base):
            return False
        pile = (*pile, card)
    return True


def builds(facts: Facts, card: int, onto: int, by=None) -> bool:
    """May ``card`` lie on ``onto``: one rank lower (a King on an Ace where the tableau
    wraps), with the suit or colour the game asks (``by``, default the building rule)."""
    lower = RANK[onto] == RANK[card] + 1
    wrapped = facts.tableau_wraps and RANK[onto] == ACE and RANK[card] == KING
    return (lower or wrapped) and (by or facts.builds_by)(card, onto)


def _tableau_takes(facts, target, card, base, reserve_empty) -> bool:
    if target:
        closed = facts.base_closed and RANK[target[-1]] == base
        return not closed and builds(facts, card, target[-1])
    return empty_takes(facts, card, base, reserve_empty)


def _may_draw(facts: Facts, state: State, limit, found: set, tableau: range) -> bool:
    stock, waste = state.piles[0], state.piles[1]
    if facts.stock_to == "none":
        return False
    if facts.stock_to == "waste":
        if stock:
            return True
        return bool(waste) and (limit is None or state.redeals_used < limit)
    if not stock:
        return False  # dealing to the tableau or reserves: "There are no redeals."
    if facts.no_empty_piles and not all(state.piles[t] for t in tableau):
        return False  # "If an empty pile exists, an error message will appear."
    if facts.fill_before_deal:
        # "Any empty Tableau slots must be filled if possible before dealing": a move that
        # empties another slot (a whole pile moved) fills none.
        empty = {t for t in tableau if not state.piles[t]}
        for source, target, count in found:
            whole_pile = source in tableau and count == len(state.piles[source])
            if target in empty and not whole_pile:
                return False
    return True
