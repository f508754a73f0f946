"""Look-up tables the search reads from a ``Rules`` value, built once per rule set.

Everything the solver knows about a variant comes from here (which card may lie on which,
what an empty pile takes, the draw count and redeals, whether foundation cards may come
back, how many decks), so a new rule table is solvable without new code.
"""

from __future__ import annotations

from functools import lru_cache

from game.engine.cards import CARDS_PER_DECK, KING, RANK, SUIT, make_card
from game.engine.commands import mechanics_for
from game.engine.policies import DOWN, Build, EmptyPile, FoundationBase, Run, StockTarget
from game.engine.rules import RULE_SETS_KEPT, Rules
from game.solver.specialised.stack_swaps import PileParts

# The two rules for playing a card to its foundation at once, without a choice (see
# docs/solver.md, "Automatic moves"):
# SOUND_SAFETY: every card that may ever lie on it, or on those, ..., and every card below
#   any of these in its suit (its *closure*), is up already (with alternate colours: every
#   card two ranks lower, and every card one rank lower but the other suit of its colour).
#   Then no card can ever be laid on it again (nor need to be, even with foundation cards
#   coming back), so it is never needed in the tableau: proved (docs/solver.md, "Automatic
#   moves"), used wherever a loss may be concluded.
# CONE_SAFETY: every card that could be laid on it, and on those, and so on down the ranks,
#   can go up itself. Plays more cards at once, but with foundation cards coming back it
#   is not proved: used only in the phases that never conclude a loss.
SOUND_SAFETY = "sound"
CONE_SAFETY = "cone"


@lru_cache(maxsize=RULE_SETS_KEPT)
def tables_for(rules: Rules) -> RuleTables:
    return RuleTables(rules)


def unknown_policies(rules: Rules) -> list[str]:
    """The rules of ``rules`` this search was not written for (Klondike's family beyond
    the stock-to-waste games with built runs: reserves, other stocks, other runs, wrapping,
    dealt foundation bases, ...); empty when it knows them all."""
    unknown = []
    if Build(rules.build).direction != DOWN:
        unknown.append(f"tableau.build = {rules.build!r}")
    if rules.reserves:
        unknown.append(f"reserves = {rules.reserves}")
    if rules.stock_to != StockTarget.WASTE:
        unknown.append(f"stock.to = {rules.stock_to.value!r}")
    if rules.runs != Run.BUILT:
        unknown.append(f"tableau.runs = {rules.runs.value!r}")
    if rules.tableau_wrap or rules.foundation_wrap:
        unknown.append("wrap = true")
    if rules.base_takes_nothing:
        unknown.append("tableau.base_takes_nothing = true")
    if rules.foundation_base != FoundationBase.ACE:
        unknown.append(f"foundations.base = {rules.foundation_base.value!r}")
    if rules.fill_empty_first:
        unknown.append("stock.fill_empty_first = true")
    if rules.empty_accepts not in (EmptyPile.KING, EmptyPile.ANY, EmptyPile.NONE):
        unknown.append(f"tableau.empty_accepts = {rules.empty_accepts.value!r}")
    return unknown


class RuleTables:
    """Per-rules facts about cards, foundations and the talon, as tuples and bytes."""

    def __init__(self, rules: Rules) -> None:
        unknown = unknown_policies(rules)
        if unknown:
            raise NotImplementedError(
                f"the specialised solver does not know {rules.variant}'s "
                f"{', '.join(unknown)}: search it with a solver over legal_moves"
            )
        self.rules = rules
        mechanics = mechanics_for(rules)
        self.decks = decks = rules.decks
        self.card_count = card_count = decks * CARDS_PER_DECK
        self.tableau_piles = rules.tableau_piles
        self.draw = rules.draw
        self.redeal_limit = rules.redeals  # None: unlimited
        self.move_runs = rules.move_runs
        self.empty_accepts = rules.empty_accepts  # KING, ANY or NONE
        self.may_return = rules.cards_may_return
        # builds_on[(card << 8) | onto]: may ``card`` lie on ``onto`` in the tableau?
        builds_on = bytearray(1 << 16)
        children: list[tuple[int, ...]] = []
        for onto in range(card_count):
            kids = []
            for card in range(card_count):
                if mechanics.builds_on(card, onto):
                    builds_on[(card << 8) | onto] = 1
                    kids.append(card)
            children.append(tuple(kids))
        self.builds_on = bytes(builds_on)
        self.children = tuple(children)  # the cards that may lie on each card
        parents: list[list[int]] = [[] for _ in range(card_count)]
        for onto, kids in enumerate(children):
            for kid in kids:
                parents[kid].append(onto)
        self.parents = tuple(map(tuple, parents))  # the cards each card may lie on
        self.empty_takes = tuple(mechanics.empty_takes(c) for c in range(card_count))
        # Do any two cards that one card may lie on take the same cards? (True for every
        # building rule of the engine: same rank, and same colour or suit where it counts.)
        # Run splits rest on it (docs/solver.md, "Run splits").
        self.equal_parents = all(
            len({children[onto] for onto in self.parents[card]}) <= 1 for card in range(card_count)
        )
        # Stack-swap keys (stack_swaps.pile_parts), where runs move whole and every two cards
        # one card may lie on take the same cards.
        self.swap_keys = bool(self.move_runs) and self.equal_parents
        # Their count of each key byte in the piles' top runs: bits enough for every copy.
        self.run_mask_bits = decks.bit_length()
        self.run_mask_bytes = (CARDS_PER_DECK * self.run_mask_bits + 7) // 8
        self.pile_parts = PileParts(self)
        self.empty_cards = tuple(c for c in range(card_count) if self.empty_takes[c])
        # lower[card]: every copy of the card one below it in its suit (none for an Ace).
        self.lower = tuple(
            tuple(make_card(RANK[c] - 1, SUIT[c], d) for d in range(decks)) if RANK[c] > 1 else ()
            for c in range(card_count)
        )
        self.safety = {
            SOUND_SAFETY: tuple(self._closure_up(c) for c in range(card_count)),
            CONE_SAFETY: tuple(self._cone(c) for c in range(card_count)),
        }
        # Card -> key byte: the two copies of a card (two decks) are the same card for
        # the position key, as nothing in the rules tells them apart.
        self.key_translation = bytes(
            (i % CARDS_PER_DECK) if i < card_count else i for i in range(256)
        )
        # next_up[slot][height]: the cards a foundation slot at that height takes.
        self.next_up = tuple(
            tuple(
                tuple(make_card(h + 1, slot // decks, d) for d in range(decks)) if h < KING else ()
                for h in range(KING + 1)
            )
            for slot in range(4 * decks)
        )
        self._reach: dict = {}

    def top_run(self, pile: bytes) -> int:
        """How many cards from the top of ``pile`` (a position's pile: the face-down count,
        then the cards) lie face up one on another, each on a card it may lie on: at least
        1 where the top card is face up (whether a run moves whole is ``move_runs``)."""
        builds_on = self.builds_on
        face_up = len(pile) - 1 - pile[0]
        run = 1
        while run < face_up and builds_on[(pile[-run] << 8) | pile[-run - 1]]:
            run += 1
        return run

    # -- automatic moves -----------------------------------------------------------------
    # A requirement is a tuple of alternatives, each a tuple of (slot, minimum height); any
    # alternative met makes the card safe. Foundation heights are kept in falling order
    # within a suit, so a suit's last slot is its lowest.

    def _lowest_slot(self, suit: int) -> int:
        return suit * self.decks + self.decks - 1

    def closure(self, card: int) -> frozenset[int]:
        """The cards that may lie on ``card``, on those, and so on, with every copy of the
        card below each of them (and below ``card``) in its suit: the cards that must all
        be up before ``card`` is safe by the sound rule (docs/solver.md)."""
        seen: set[int] = set()
        frontier = [card]
        while frontier:
            c = frontier.pop()
            for other in (*self.children[c], *self.lower[c]):
                if other not in seen:
                    seen.add(other)
                    frontier.append(other)
        seen.discard(card)
        return frozenset(seen)

    def _closure_up(self, card: int):
        """Every card of ``closure(card)`` (every copy) is up: each suit's lowest slot at
        least the highest rank of that suit in the closure."""
        need = [0, 0, 0, 0]
        for c in self.closure(card):
            need[SUIT[c]] = max(need[SUIT[c]], RANK[c])
        return (tuple((self._lowest_slot(s), h) for s, h in enumerate(need) if h),)

    def _cone(self, card: int):
        """Every card that could be laid on ``card`` could go up itself (its suit's lowest
        slot at least its rank - 1), and so could every card that could be laid on those,
        and so on down the ranks (alternate colours: opposite colour at rank - 2, the other
        suit of the same colour at rank - 3). Without foundation cards coming back, also:
        every card that could be laid on it is up already."""
        need = [0, 0, 0, 0]
        frontier = {card}
        while frontier:
            deeper = set()
            for c in frontier:
                for kid in self.children[c]:
                    suit = SUIT[kid]
                    if RANK[kid] - 1 > need[suit]:
                        need[suit] = RANK[kid] - 1
                        deeper.add(kid)
            frontier = deeper
        alternatives = [self._heights(card, need)]
        if not self.may_return:
            up = [0, 0, 0, 0]
            for kid in self.children[card]:
                up[SUIT[kid]] = max(up[SUIT[kid]], RANK[kid])
            alternatives.append(self._heights(card, up))
        return tuple(alternatives)

    def _heights(self, card: int, need: list[int]) -> tuple[tuple[int, int], ...]:
        # With one deck the card's own suit is complete below it once it can go up; with
        # more, the other copies of its lower cards must be up too.
        return tuple(
            (self._lowest_slot(s), h)
            for s, h in enumerate(need)
            if h and (self.decks > 1 or s != SUIT[card])
        )

    # -- the talon -----------------------------------------------------------------------

    def talon_reach(self, size: int, waste: int, redeals: int) -> tuple[tuple[int, int, int], ...]:
        """Where turning the stock alone can bring the waste, for a talon of ``size`` cards
        of which ``waste`` are in the waste, with ``redeals`` used: (waste size, 1 if a
        redeal is needed, stock turns needed) for each, the current pass first. The card
        then on top of the waste is the talon's card at index waste size - 1."""
        key = (size, waste, redeals)
        got = self._reach.get(key)
        if got is not None:
            return got
        draw = self.draw
        out = []
        seen = set()
        if waste > 0:
            out.append((waste, 0, 0))
            seen.add(waste)
        at = waste
        turns = 0
        while at < size:
            at = min(at + draw, size)
            turns += 1
            out.append((at, 0, turns))
            seen.add(at)
        if size and (self.redeal_limit is None or redeals < self.redeal_limit):
            turns += 1  # the redeal itself
            at = 0
            while at < size:
                at = min(at + draw, size)
                turns += 1
                if at not in seen:
                    seen.add(at)
                    out.append((at, 1, turns))
        got = tuple(out)
        self._reach[key] = got
        return got
