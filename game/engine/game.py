"""A game: rules + deal + the log of steps. Undo, redo, restart and replay come from the log.

``Game`` is the one mutable object of the engine: it holds the log and the current state,
which always equals the deal folded with every step of the log (``replayed_state``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import full_deck
from .commands import Command, Draw, Mechanics, Move, mechanics_for
from .deal import shuffled
from .dealing import Tally
from .events import CardsMoved, Step, StockTurned, apply, apply_step, revert_step
from .policies import StockTarget
from .refusals import Refused
from .rules import Rules
from .state import STOCK, WASTE, Layout, State, initial_state


@dataclass(frozen=True, slots=True)
class Deal:
    """Where a game's cards come from: a deal number, or an explicit deck order."""

    seed: int | None = None
    deck: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if (self.seed is None) == (self.deck is None):
            raise ValueError("a deal has either a deal number or a deck order, not both")

    def cards(self, rules: Rules) -> list[int]:
        """The variant's cards in dealing order."""
        if self.deck is not None:
            if sorted(self.deck) != sorted(full_deck(rules.decks, rules.suits)):
                raise ValueError(f"the deck order is not exactly {rules.decks} full deck(s)")
            return list(self.deck)
        order = rules.numbering.rule.order
        if order is not None:
            return list(order(self.seed))
        return shuffled(full_deck(rules.decks, rules.suits), self.seed)


@dataclass(frozen=True, slots=True)
class Record:
    """One entry of the log: the command the player gave and the step it caused."""

    command: Command
    step: Step


class Game:
    def __init__(self, rules: Rules, deal: Deal) -> None:
        self.rules = rules
        self.deal = deal
        self.mechanics: Mechanics = mechanics_for(rules)
        self.layout: Layout = self.mechanics.layout
        self.initial: State = initial_state(rules, deal.cards(rules))
        self.state: State = self.initial
        self.log: list[Record] = []
        self.redo_stack: list[Record] = []  # most recently undone last
        self._states: tuple[tuple, list[State]] | None = None  # the timeline's positions

    def copy(self) -> Game:
        """Another game with the same deal, log and undone moves (a replay, a branch)."""
        other = Game(self.rules, self.deal)
        other.log, other.redo_stack, other.state = list(self.log), list(self.redo_stack), self.state
        return other

    def played_copy(self) -> Game:
        """A copy as played up to this position, without the moves taken back: what the
        timeline, an analysis or a demo starts from (undo is the position)."""
        other = self.copy()
        other.redo_stack = []
        return other

    # -- the timeline ---------------------------------------------------------------------

    def timeline(self) -> list[Record]:
        """Every move of the game in order: the log, then the undone moves a redo would
        play again."""
        return self.log + self.redo_stack[::-1]

    def position_after(self, moves: int) -> State:
        """The state after the first ``moves`` moves of the timeline."""
        return self._timeline_states()[moves]

    def seek(self, moves: int) -> None:
        """Go to the position after the first ``moves`` moves of the timeline, as undoing
        or redoing one by one would, at once (the positions are worked out once)."""
        timeline = self.timeline()
        if not 0 <= moves <= len(timeline):
            raise ValueError(f"the game has {len(timeline)} moves, not {moves}")
        states = self._timeline_states()
        self.log = timeline[:moves]
        self.redo_stack = timeline[moves:][::-1]
        self.state = states[moves]

    def _timeline_states(self) -> list[State]:
        timeline = self.timeline()
        key = tuple(map(id, timeline))  # the records are alive, so their ids are theirs
        if self._states is None or self._states[0] != key:
            states = [self.initial]
            for record in timeline:
                states.append(apply_step(states[-1], record.step))
            self._states = (key, states)
        return self._states[1]

    # -- changing the game ----------------------------------------------------------------

    def execute(self, command: Command) -> Step:
        """Do ``command``: one undoable step. Raises Refused, changing nothing, if illegal."""
        step = self.mechanics.check(self.state, command)
        self.state = apply_step(self.state, step)
        self.log.append(Record(command, step))
        self.redo_stack.clear()
        return step

    def undo(self) -> Step | None:
        """Take back the last step; returns it, or None if there is nothing to undo."""
        if not self.log:
            return None
        record = self.log.pop()
        self.state = revert_step(self.state, record.step)
        self.redo_stack.append(record)
        return record.step

    def redo(self) -> Step | None:
        """Do again the last undone step; returns it, or None if there is nothing to redo."""
        if not self.redo_stack:
            return None
        record = self.redo_stack.pop()
        self.state = apply_step(self.state, record.step)
        self.log.append(record)
        return record.step

    def restart(self) -> None:
        """Back to the same deal, with an empty log."""
        self.state = self.initial
        self.log.clear()
        self.redo_stack.clear()

    # -- queries --------------------------------------------------------------------------

    def replayed_state(self) -> State:
        """The deal folded with every event of the log: equals ``state`` (a tested invariant)."""
        state = self.initial
        for record in self.log:
            for event in record.step:
                state = apply(state, event)
        return state

    def legal_moves(self) -> list[Command]:
        return self.mechanics.legal_moves(self.state)

    def legal_targets(self, source: int, count: int) -> list[int]:
        """The piles the top ``count`` cards of ``source`` may move to now."""
        return [
            m.target
            for m in self.legal_moves()
            if type(m) is Move and m.source == source and m.count == count
        ]

    def run_length(self, pile: int) -> int:
        """How many cards from the top of a tableau pile may move together now."""
        return self.mechanics.run_length(self.state, pile)

    def pickable(self, pile: int, position: int) -> int:
        """How many cards a grab at ``position`` (0 = bottom) of ``pile`` lifts: the cards
        from there to the top, or 0 when they may not move together (or at all)."""
        state = self.state
        count = len(state.piles[pile]) - position
        if count < 1 or count > state.face_up_on_top(pile):
            return 0
        if self.layout.is_foundation(pile):
            return 1 if count == 1 and self.mechanics.returnable(state, pile) else 0
        if count == 1 and self.layout.is_tableau(pile):
            return 1  # a top card may always go up, whatever moves between piles
        return count if self.mechanics.can_lift(state, pile, count) else 0

    def can_draw(self) -> bool:
        """May the stock be turned (or the waste redealt) now?"""
        return self.mechanics.can_draw(self.state)

    def is_legal(self, command: Command) -> bool:
        try:
            self.mechanics.check(self.state, command)
        except Refused:
            return False
        return True

    def tally(self) -> Tally:
        """What the score is counted from: the piles now and what the deal did."""
        state, first, layout = self.state, self.initial, self.layout
        tableau = layout.tableau_range
        return Tally(
            foundations=[state.piles[f] for f in layout.foundation_range],
            tableau=[state.piles[t] for t in tableau],
            down=[state.down[t] for t in tableau],
            dealt_down=sum(first.down[t] for t in tableau),
            dealt_up=sum(len(first.piles[f]) for f in layout.foundation_range),
            dealt_tableau=sum(len(first.piles[t]) for t in tableau),
        )

    @property
    def score(self) -> int:
        """As the rules' scoring policy counts (one point per card on the foundations)."""
        return self.rules.scoring.score(self.tally())

    @property
    def max_score(self) -> int:
        rules = self.rules
        return rules.scoring.most(rules.card_count, rules.foundations, self.tally())

    @property
    def won(self) -> bool:
        return self.mechanics.won(self.state)

    @property
    def moves_made(self) -> int:
        return len(self.log)

    @property
    def redeals_left(self) -> int | None:
        """None when redeals are unlimited."""
        if self.rules.redeals is None:
            return None
        return self.rules.redeals - self.state.redeals_used

    @property
    def stock_count(self) -> int:
        return len(self.state.piles[STOCK])

    @property
    def can_undo(self) -> bool:
        return bool(self.log)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def is_stuck(self) -> bool:
        """No useful move left: nothing legal but stock turns, and no card that turning the
        stock (within the redeals left) would bring to the waste top can be played.

        Moving a whole tableau pile onto an empty pile is legal but changes nothing, so it
        does not count as a way out."""
        if self.won:
            return False
        mech = self.mechanics
        state = self.state
        if any(self._changes_something(m) for m in mech.legal_moves(state)):
            return False
        if self.rules.stock_to != StockTarget.WASTE:
            return not mech.can_draw(state)  # a deal elsewhere changes the table
        unlimited = self.rules.redeals is None
        seen = set()
        while mech.can_draw(state):
            state = apply_step(state, mech.check_draw(state))
            key = (len(state.piles[WASTE]), 0 if unlimited else state.redeals_used)
            if key in seen:
                break
            seen.add(key)
            waste = state.piles[WASTE]
            if waste and self._playable(state, waste[-1]):
                return False
        return True

    def _changes_something(self, command: Command) -> bool:
        if isinstance(command, Draw):
            return False
        piles = self.state.piles
        return not (
            isinstance(command, Move)
            and command.source in self.mechanics.tableau
            and not piles[command.target]
            and command.count == len(piles[command.source])
        )

    def _playable(self, state: State, card: int) -> bool:
        mech = self.mechanics
        if mech.foundation_for(state, card) is not None:
            return True
        return any(mech.tableau_takes(state.piles[t], card, state) for t in mech.tableau)

    def waste_fan(self) -> int:
        """How many cards of the last stock turn still lie on top of the waste (at least one
        while the waste has cards): what a three-card fan shows."""
        waste = len(self.state.piles[WASTE])
        if not waste:
            return 0
        taken = 0
        for record in reversed(self.log):
            for event in reversed(record.step):
                if type(event) is StockTurned:
                    return max(1, min(waste, event.count - taken))
                if type(event) is CardsMoved and event.source == WASTE:
                    taken += 1
        return 1


def new_game(rules: Rules, seed: int | None = None, deck: list[int] | None = None) -> Game:
    return Game(rules, Deal(seed=seed, deck=None if deck is None else tuple(deck)))
