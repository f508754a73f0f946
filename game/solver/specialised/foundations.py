"""What a state of the foundations allows: which cards may go up, which are safe to play
up at once, which top cards may usefully come back. Positions share their foundations far
more often than anything else, so each answer is computed once per foundation state."""

from __future__ import annotations

from game.engine.cards import make_card
from game.solver.specialised.tables import RuleTables


class Foundations:
    """Answers for one rule set and one safety rule (``tables.SOUND_SAFETY`` or
    ``CONE_SAFETY``). ``sound``: offer back only the cards a winning line may need back
    (docs/solver.md, "Foundation cards coming back")."""

    def __init__(self, tables: RuleTables, safety: str, sound: bool, cache: dict) -> None:
        self.tables = tables
        self.requirements = tables.safety[safety]
        self.sound = sound
        self._cache = cache

    def is_safe(self, foundations: tuple, card: int) -> bool:
        for alternative in self.requirements[card]:
            for slot, height in alternative:
                if foundations[slot] < height:
                    break
            else:
                return True
        return False

    def view(self, foundations: tuple) -> tuple[dict, dict, tuple]:
        """(card -> slot for every card that may go up now; the same for those of them
        that are safe to play up at once; (suit, height, card) for each top card that may
        come back)."""
        got = self._cache.get(foundations)
        if got is not None:
            return got
        tables = self.tables
        next_up = tables.next_up
        up_now: dict = {}
        for slot, height in enumerate(foundations):
            for card in next_up[slot][height]:
                if card not in up_now:
                    up_now[card] = slot
        safe = {card: slot for card, slot in up_now.items() if self.is_safe(foundations, card)}
        returnable = []
        if tables.may_return:
            decks = tables.decks
            # A winning line never needs back a card whose every lower card of every suit
            # is up and stays up (docs/solver.md): with ``lowest`` the lowest slot, cards
            # up to lowest + 1 stay.
            floor = min(foundations) + 1 if self.sound else 0
            for suit in range(4):
                last = -1
                for slot in range(suit * decks, suit * decks + decks):
                    height = foundations[slot]
                    if height == 0 or height == last:
                        continue
                    last = height
                    card = make_card(height, suit)
                    if height > floor and not self.is_safe(foundations, card):
                        returnable.append((suit, height, card))
        got = (up_now, safe, tuple(returnable))
        self._cache[foundations] = got
        return got

    def slot_for(self, foundations: tuple, card: int) -> int:
        """The foundation slot that takes ``card`` now, else -1."""
        return self.view(foundations)[0].get(card, -1)

    def safe_slot(self, foundations: tuple, card: int) -> int:
        """The foundation slot if ``card`` is safe to play up now, else -1."""
        return self.view(foundations)[1].get(card, -1)
