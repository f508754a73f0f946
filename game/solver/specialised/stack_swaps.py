"""The stack-swap key's view of a pile (docs/solver.md, "Stacks on equal parents"), for
``position.position_key``: kept apart so that ``tables.RuleTables`` can hold the cache of
it without importing the module that imports it."""

from __future__ import annotations

# Piles whose parts position_key keeps (a search meets the same piles again and again):
# some 230 bytes each with the pile itself, so at most about 12 MB for one game's rules.
PILE_PARTS_KEPT = 50_000


class PileParts(dict):
    """pile -> ``pile_parts(tables, pile)``, computed on first use (a search meets the
    same piles again and again); it forgets all when it holds ``PILE_PARTS_KEPT``."""

    def __init__(self, tables) -> None:
        super().__init__()
        self.tables = tables

    def __missing__(self, pile: bytes) -> tuple[bytes, int]:
        if len(self) >= PILE_PARTS_KEPT:
            self.clear()
        part = self[pile] = pile_parts(self.tables, pile)
        return part


def pile_parts(tables, pile: bytes) -> tuple[bytes, int]:
    """A pile as the stack-swap key sees it: its root (the face-down count, then the cards
    up to and including the first card of its top built run) and the cards of that run
    above its first card, counted per key byte in a number (``tables.run_mask_bits`` bits
    a key byte, so that the numbers of all piles add up to the count over the tableau).
    Positions that differ only in which of two equal parents (the two red 7s of one deck)
    carries which stack have the same roots and, over all piles, the same such cards, and
    are equally winnable in as many moves, counting a run split with its send-up as one
    (docs/solver.md, "Stacks on equal parents"); the key merges them. (Every card a card
    may lie on is of one class of equal parents, the rules' ``equal_parents``, so the card
    alone tells what it lies on up to such swaps.)"""
    translation = tables.key_translation
    root = len(pile)  # pile[root - 1], past the count byte: the top run's first card
    if root - 1 > pile[0]:  # a face-up card
        root -= tables.top_run(pile) - 1
    bits = tables.run_mask_bits
    run = sum(1 << bits * translation[card] for card in pile[root:])
    return pile[:root].translate(translation), run
