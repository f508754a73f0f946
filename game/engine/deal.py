"""The seeded shuffle and the deal: the one place where randomness lives.

Deal numbers must give the same cards on every platform and Python version, so the shuffle
does not use the ``random`` module (whose algorithms are implementation details). It is:

* generator: SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
  generators", OOPSLA 2014), its 64-bit state starting at the deal number;
* bounded draws: rejection sampling, so every value below ``n`` is equally likely;
* shuffle: Fisher-Yates from the last position down, over the deck in its fixed order
  (deck by deck, suits C D H S, ranks A to K; see ``cards.full_deck``).

Golden tests in tests/engine/test_cards_and_deal.py pin the result.
"""

from __future__ import annotations

from collections.abc import Iterator

from .text import N_, EngineError, shown

_MASK64 = (1 << 64) - 1
MAX_SEED = _MASK64


class SplitMix64:
    def __init__(self, seed: int) -> None:
        if not 0 <= seed <= MAX_SEED:
            problem = N_("deal number must be between 0 and {highest}, got {number}")
            raise EngineError(problem, highest=MAX_SEED, number=shown(seed))
        self._state = seed

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n


def deal_number(text: str) -> int:
    """A deal number as a person types it: the digits 0-9 only, at most ``MAX_SEED``.
    Raises EngineError (a ValueError) saying so. (``int`` alone would read "\uff11\uff12"
    or "\u0661" as 12 and 1, and refuse 5,000 digits with advice about
    ``sys.set_int_max_str_digits``.)"""
    digits = text.lstrip("0") or "0"
    if text.isascii() and text.isdigit() and len(digits) <= len(str(MAX_SEED)):
        number = int(digits)
        if number <= MAX_SEED:
            return number
    problem = N_("a deal number is a whole number from 0 to {highest}, got {text}")
    raise EngineError(problem, highest=MAX_SEED, text=shown(text))


def shuffled(cards: list[int], seed: int) -> list[int]:
    """A new list: ``cards`` shuffled by deal number ``seed``."""
    rng = SplitMix64(seed)
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deal_order(counts: tuple[int, ...]) -> Iterator[int]:
    """Tableau pile indexes in dealing order: row by row, left to right.

    Row r puts one card on every pile that is to hold more than r cards, so the
    Klondike triangle (1, 2, ..., 7) deals row 1 on piles 1-7, row 2 on piles 2-7, ...
    """
    for row in range(max(counts, default=0)):
        for pile, count in enumerate(counts):
            if count > row:
                yield pile
