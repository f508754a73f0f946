"""Piles and the game state: immutable values.

All piles sit in one flat tuple so that events can name a pile by one small index:
``0`` the stock, ``1`` the waste, then the foundations, then the tableau piles, then the
reserves, then the cells (last, so that games without them keep their indexes; a game with
no stock keeps its two empty places, never drawn). Each pile is a tuple of
cards, bottom to top. ``down[i]`` counts the face-down cards at the bottom of pile ``i``;
the stock is always face down, the waste and foundations face up, so only tableau and
reserve entries vary. ``shown[i]`` (Athena's deal) marks cards inside that face-down part
that lie face up all the same, one bit per position (0 = bottom); it is fixed by the deal.
``base`` is the rank every foundation starts from when the deal fixes it (the card dealt
to the first foundation), 0 when the rules do (the Ace): known for the whole game, so the
base card itself may leave its foundation like any other.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ACE, CODE, KING, RANK, SUIT
from .deal import deal_order
from .policies import FoundationBase
from .rules import Rules
from .shapes import FoundationStart
from .text import N_, EngineError, shown

STOCK = 0
WASTE = 1
FIRST_FOUNDATION = 2


@dataclass(frozen=True, slots=True)
class Layout:
    """Pile indexes and names for a number of foundations, tableau piles, reserves and
    cells."""

    foundations: int
    tableau: int
    reserves: int = 0
    cells: int = 0

    @property
    def foundation_range(self) -> range:
        return range(FIRST_FOUNDATION, FIRST_FOUNDATION + self.foundations)

    @property
    def tableau_range(self) -> range:
        start = FIRST_FOUNDATION + self.foundations
        return range(start, start + self.tableau)

    @property
    def reserve_range(self) -> range:
        start = FIRST_FOUNDATION + self.foundations + self.tableau
        return range(start, start + self.reserves)

    @property
    def cell_range(self) -> range:
        start = FIRST_FOUNDATION + self.foundations + self.tableau + self.reserves
        return range(start, start + self.cells)

    @property
    def pile_count(self) -> int:
        return FIRST_FOUNDATION + self.foundations + self.tableau + self.reserves + self.cells

    def name(self, index: int) -> str:
        if index == STOCK:
            return "stock"
        if index == WASTE:
            return "waste"
        if index < FIRST_FOUNDATION + self.foundations:
            return f"f{index - FIRST_FOUNDATION + 1}"
        if self.is_reserve(index):
            return f"r{index - self.reserve_range.start + 1}"
        if self.is_cell(index):
            return f"c{index - self.cell_range.start + 1}"
        return f"t{index - FIRST_FOUNDATION - self.foundations + 1}"

    def names(self) -> list[str]:
        return [self.name(i) for i in range(self.pile_count)]

    def index(self, name: str) -> int:
        """Pile index from a name: ``stock``/``s``, ``waste``/``w``, ``f1``.., ``t1``..,
        ``r1``.., ``c1``..."""
        text = name.strip().lower()
        if text in ("stock", "s"):
            return STOCK
        if text in ("waste", "w"):
            return WASTE
        if 2 <= len(text) <= 3 and text[0] in "ftrc" and text[1:].isascii() and text[1:].isdigit():
            number = int(text[1:])
            if text[0] == "f" and 1 <= number <= self.foundations:
                return FIRST_FOUNDATION + number - 1
            if text[0] == "t" and 1 <= number <= self.tableau:
                return FIRST_FOUNDATION + self.foundations + number - 1
            if text[0] == "r" and 1 <= number <= self.reserves:
                return self.reserve_range.start + number - 1
            if text[0] == "c" and 1 <= number <= self.cells:
                return self.cell_range.start + number - 1
        raise EngineError(N_("no pile {name} in this game"), name=shown(name))

    def is_foundation(self, index: int) -> bool:
        return FIRST_FOUNDATION <= index < FIRST_FOUNDATION + self.foundations

    def is_tableau(self, index: int) -> bool:
        start = FIRST_FOUNDATION + self.foundations
        return start <= index < start + self.tableau

    def is_reserve(self, index: int) -> bool:
        return index in self.reserve_range

    def is_cell(self, index: int) -> bool:
        return index in self.cell_range


def layout_for(rules: Rules) -> Layout:
    return Layout(rules.foundations, rules.tableau_piles, rules.reserves, rules.cells)


@dataclass(frozen=True, slots=True)
class State:
    piles: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    redeals_used: int = 0
    shown: tuple[int, ...] = ()  # per pile: bits of face-down-part cards shown face up
    base: int = 0  # the dealt base card's rank; 0 where the rules fix the base (the Ace)

    def face_up(self, pile: int, position: int) -> bool:
        """Is the card at ``position`` (0 = bottom) of ``pile`` face up?"""
        if pile == STOCK:
            return False
        if position >= self.down[pile]:
            return True
        return bool(self.shown) and bool(self.shown[pile] >> position & 1)

    def face_up_on_top(self, pile: int) -> int:
        """How many cards from the top of ``pile`` lie face up, one on another: the cards
        above the face-down part, and under them the shown ones (Athena's) that no
        face-down card separates from the top. The stock has none."""
        if pile == STOCK:
            return 0
        count = len(self.piles[pile]) - self.down[pile]
        if count <= 0:
            return 0
        if self.shown:
            bits, position = self.shown[pile], self.down[pile] - 1
            while position >= 0 and bits >> position & 1:
                count += 1
                position -= 1
        return count

    def cards_on_foundations(self, layout: Layout) -> int:
        return sum(len(self.piles[i]) for i in layout.foundation_range)

    def describe(self, layout: Layout, reveal: bool = False) -> dict[str, list[str]]:
        """Pile name -> card codes bottom to top; face-down cards as ``??`` (``-AS`` revealed)."""
        out = {}
        for i, pile in enumerate(self.piles):
            codes = []
            for pos, card in enumerate(pile):
                if not self.face_up(i, pos):
                    codes.append("-" + CODE[card] if reveal else "??")
                else:
                    codes.append(CODE[card])
            out[layout.name(i)] = codes
        return out


def initial_state(rules: Rules, deck_order: list[int] | tuple[int, ...]) -> State:
    """Deal ``deck_order`` (cards in dealing order) onto a fresh table.

    The reserves first (row by row), then the tableau (row by row, see ``deal_order``),
    then its extra face-up rows, then one card to each of the first ``cell_deal`` cells,
    then the base card to the first foundation; the cards
    left over form the stock with the first of them on top. A game with neither reserves,
    extra rows nor a dealt base (Klondike) starts with the first tableau position. Where
    the foundations start with the Aces (Beleaguered Castle), the Aces are taken out of
    ``deck_order`` first, in its order, and the rest dealt as above; where Kings go to the
    bottom (Baker's Dozen), each pile's Kings are moved there once it is dealt.
    """
    layout = layout_for(rules)
    foundations: list[tuple[int, ...]] = [()] * rules.foundations
    if rules.foundation_start is FoundationStart.ACES:
        aces = sorted((c for c in deck_order if RANK[c] == ACE), key=lambda c: (SUIT[c], c))
        for f, ace in enumerate(aces):
            foundations[f] = (ace,)
        deck_order = [c for c in deck_order if RANK[c] != ACE]
    cards = iter(deck_order)
    reserves = [[next(cards) for _ in range(rules.reserve_deal)] for _ in range(rules.reserves)]
    tableau: list[list[int]] = [[] for _ in range(rules.tableau_piles)]
    for pile in deal_order(rules.deal_counts):
        tableau[pile].append(next(cards))
    for pile in deal_order(rules.extra_face_up):
        tableau[pile].append(next(cards))
    if rules.kings_to_bottom:
        tableau = [
            [c for c in p if RANK[c] == KING] + [c for c in p if RANK[c] != KING] for p in tableau
        ]
    cells = [(next(cards),) if c < rules.cell_deal else () for c in range(rules.cells)]
    base = 0
    if rules.foundation_base == FoundationBase.DEALT:
        foundations[0] = (next(cards),)
        base = RANK[foundations[0][0]]
    rest = list(cards)
    stock = tuple(reversed(rest))  # bottom to top: the first leftover card ends on top
    piles: list[tuple[int, ...]] = [stock, (), *foundations]
    piles += [tuple(p) for p in tableau] + [tuple(p) for p in reserves] + cells
    down = [0] * layout.pile_count
    shown = [0] * layout.pile_count
    for t, i in enumerate(layout.tableau_range):
        down[i], shown[i] = rules.face_up.hidden(rules.deal_counts[t])
        if rules.face_down:
            down[i], shown[i] = rules.face_down[t], 0
    for r, i in enumerate(layout.reserve_range):
        down[i], shown[i] = rules.reserve_face_up.hidden(len(reserves[r]))
    return State(tuple(piles), tuple(down), 0, tuple(shown) if any(shown) else (), base)
