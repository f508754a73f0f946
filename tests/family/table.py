"""One game's table for the rule tests: hand-built positions and what the engine says to
a command there (allowed, or refused with which Reason)."""

from __future__ import annotations

import pytest

from game.engine.cards import RANK
from game.engine.commands import Draw, Move, mechanics_for
from game.engine.events import apply_step
from game.engine.game import Game, new_game
from game.engine.policies import FoundationBase
from game.engine.refusals import Refused
from game.engine.state import State, layout_for

from .positions import build, card, rules_of

__all__ = ["RANKS_UP", "Table", "card", "complete_foundations", "run"]

RANKS_UP = "A 2 3 4 5 6 7 8 9 T J Q K".split()
RANKS_DOWN = RANKS_UP[::-1]


def complete_foundations(decks: int) -> dict[str, str]:
    """Every foundation built from the Ace to the King: pile name -> codes."""
    return {f"f{i + 1}": " ".join(r + s for r in RANKS_UP) for i, s in enumerate("CDHS" * decks)}


def run(suit: str, top: str = "A") -> str:
    """The codes of the run in ``suit`` from the King down to ``top``."""
    return " ".join(r + suit for r in RANKS_DOWN[: RANKS_DOWN.index(top) + 1])


class Table:
    def __init__(self, game: str, mode: str | None = None) -> None:
        self.game = game
        self.rules = rules_of(game, mode)
        self.layout = layout_for(self.rules)
        self.mechanics = mechanics_for(self.rules)

    # -- positions --------------------------------------------------------------------

    def deal(self, seed: int = 1):
        """A fresh game of this variant, dealt from deal number ``seed``."""
        return new_game(self.rules, seed=seed)

    def game_at(self, state: State) -> Game:
        """A game of this variant whose deal and position are ``state``."""
        g = new_game(self.rules, seed=self.rules.numbering.first)
        g.initial = g.state = state
        return g

    def state(self, down: dict[str, int] | None = None, redeals: int = 0, **piles: str) -> State:
        """``t1="KS QH"``, ``f1="AS"``, ``stock="..."``: pile name -> codes, bottom to top.
        Where the deal fixes the base, the first foundation's first card gives its rank."""
        base = 0
        if self.rules.foundation_base == FoundationBase.DEALT and piles.get("f1"):
            base = RANK[card(piles["f1"].split()[0])]
        return build(self.layout, piles, down, redeals, base)

    def pile(self, name: str) -> int:
        return self.layout.index(name)

    def piles(self, kind: str) -> list[int]:
        """Indexes of ``f``/``t``/``r`` piles."""
        return [i for i in range(self.layout.pile_count) if self.layout.name(i)[0] == kind]

    # -- commands ---------------------------------------------------------------------

    def move(self, source: str, target: str, count: int = 1) -> Move:
        return Move(self.pile(source), self.pile(target), count)

    def step(self, state: State, command: Move | Draw):
        """The events ``command`` causes in ``state`` (Refused propagates)."""
        return self.mechanics.check(state, command)

    def after(self, state: State, command: Move | Draw) -> State:
        return apply_step(state, self.step(state, command))

    def allows(self, state: State, command: Move | Draw) -> bool:
        """Allowed by ``check``, and listed by ``legal_moves`` exactly when allowed."""
        try:
            self.mechanics.check(state, command)
        except Refused:
            allowed = False
        else:
            allowed = True
        listed = command in self.mechanics.legal_moves(state)
        assert listed == allowed, f"legal_moves and check disagree on {command}"
        return allowed

    def refusal(self, state: State, command: Move | Draw):
        """The Reason ``command`` is refused with (the test fails if it is allowed)."""
        with pytest.raises(Refused) as refused:
            self.mechanics.check(state, command)
        assert command not in self.mechanics.legal_moves(state)
        return refused.value.reason
