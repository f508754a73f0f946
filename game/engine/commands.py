"""What a player asks for, checked against the rules.

Each command either yields the step (tuple of events) it causes or is refused with a
``Refused`` error that says why as data (``refusals``); a refused command changes nothing,
since states are immutable values and ``execute`` only computes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .cards import ACE, KING, RANK, SUIT, make_card
from .events import (
    CardsMoved,
    CardTurnedUp,
    Step,
    StockDealt,
    StockTurned,
    WasteRedealt,
    apply_step,
)
from .policies import BUILDS_ON, EMPTY_LABEL, EMPTY_TAKES, FOUNDATION_BASE, EmptyPile, StockTarget
from .refusals import Reason, Refused
from .rules import Rules
from .state import STOCK, WASTE, Layout, State, layout_for


@dataclass(frozen=True, slots=True)
class Move:
    """Move the top ``count`` cards of pile ``source`` onto pile ``target``."""

    source: int
    target: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class Draw:
    """Turn cards from the stock onto the waste, or redeal the waste when the stock is empty."""


@dataclass(frozen=True, slots=True)
class ToFoundation:
    """Send the top card of ``source`` to whichever foundation takes it."""

    source: int


@dataclass(frozen=True, slots=True)
class Collect:
    """Send every card that can go to the foundations there, again and again."""


Command = Move | Draw | ToFoundation | Collect


class Mechanics:
    """The rules compiled for fast checking: one per Rules value (see ``mechanics_for``)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.layout: Layout = layout_for(rules)
        self.foundations = tuple(self.layout.foundation_range)
        self.tableau = tuple(self.layout.tableau_range)
        self.reserves = tuple(self.layout.reserve_range)
        self._runs = rules.move_runs
        # The rule table's policies, looked up once: may ``card`` lie on ``onto`` in the
        # tableau; may it start an empty pile.
        self.builds_on = BUILDS_ON[rules.build]
        self.empty_takes = EMPTY_TAKES[rules.empty_accepts]

    # -- single-card relations ----------------------------------------------------------

    def tableau_takes(self, pile: tuple[int, ...], card: int) -> bool:
        return self.builds_on(card, pile[-1]) if pile else self.empty_takes(card)

    def foundation_takes(self, pile: tuple[int, ...], card: int) -> bool:
        if not pile:
            return RANK[card] == FOUNDATION_BASE
        top = pile[-1]
        return SUIT[top] == SUIT[card] and RANK[card] == RANK[top] + 1

    def run_length(self, state: State, pile: int) -> int:
        """How many cards from the top of a tableau pile may move together."""
        cards = state.piles[pile]
        face_up = len(cards) - state.down[pile]
        if face_up <= 0:
            return 0
        if not self._runs:
            return 1
        n = 1
        i = len(cards) - 1
        builds_on = self.builds_on
        while n < face_up and builds_on(cards[i], cards[i - 1]):
            n += 1
            i -= 1
        return n

    def foundation_for(self, state: State, card: int) -> int | None:
        for f in self.foundations:
            if self.foundation_takes(state.piles[f], card):
                return f
        return None

    def _turn_up(self, state: State, pile: int, left: int) -> tuple:
        """The turn-up a move from ``pile`` causes, leaving ``left`` cards there."""
        if left and pile in self.tableau and state.down[pile] >= left:
            return (CardTurnedUp(pile),)
        return ()

    def empty_foundation_rank(self, state: State) -> int | None:
        """The rank an empty foundation takes now (None: no rank is fixed yet)."""
        return FOUNDATION_BASE

    def empty_tableau_label(self, state: State) -> str:
        """The faint text drawn in an empty tableau slot: what it takes ("" for any card
        or none)."""
        return EMPTY_LABEL[self.rules.empty_accepts]

    # -- what a pile would take, for a refusal to say -------------------------------------

    def cards_on(self, onto: int) -> tuple[int, ...]:
        """The cards (one copy each) that may lie on ``onto`` in the tableau."""
        rank = RANK[onto] - 1
        if rank < ACE:
            return ()
        return tuple(c for c in (make_card(rank, s) for s in range(4)) if self.builds_on(c, onto))

    def next_up(self, state: State, suit: int) -> tuple[int, ...]:
        """The cards (one copy each, lowest first) the foundations take next in ``suit``."""
        wanted = set()
        started = 0
        for f in self.foundations:
            pile = state.piles[f]
            if pile and SUIT[pile[-1]] == suit:
                started += 1
                if RANK[pile[-1]] < KING:
                    wanted.add(RANK[pile[-1]] + 1)
        if started < self.rules.decks:
            wanted.add(FOUNDATION_BASE)
        return tuple(make_card(rank, suit) for rank in sorted(wanted))

    # -- commands -----------------------------------------------------------------------

    def check_move(self, state: State, move: Move) -> Step:
        src, dst, n = move.source, move.target, move.count
        layout = self.layout
        count = layout.pile_count
        if not (0 <= src < count and 0 <= dst < count):
            raise Refused(Reason.NO_SUCH_PILE)
        if src == dst:
            raise Refused(Reason.SAME_PILE, source=src, target=dst)
        if src == STOCK:
            raise Refused(Reason.STOCK_ONLY_BY_TURNING, source=src)
        if dst in (STOCK, WASTE) or dst in self.reserves:
            raise Refused(Reason.NOT_ONTO_TALON, source=src, target=dst)
        pile = state.piles[src]
        if n < 1:
            raise Refused(Reason.NO_CARDS, source=src, target=dst)
        if n > len(pile):
            raise Refused(Reason.TOO_FEW_CARDS, source=src, count=n, limit=len(pile))
        if len(pile) - n < state.down[src]:
            raise Refused(Reason.FACE_DOWN, source=src, count=n)
        if n > 1:
            if src not in self.tableau:
                raise Refused(Reason.ONE_AT_A_TIME_FROM, source=src, count=n)
            if not self._runs:
                raise Refused(Reason.SINGLE_CARDS_ONLY, source=src, count=n)
            if dst not in self.tableau:
                raise Refused(Reason.FOUNDATION_ONE_AT_A_TIME, source=src, target=dst, count=n)
            for i in range(len(pile) - n, len(pile) - 1):
                if not self.builds_on(pile[i + 1], pile[i]):
                    raise Refused(
                        Reason.NOT_A_RUN,
                        card=pile[i + 1],
                        onto=pile[i],
                        source=src,
                        count=n,
                        takes=self.cards_on(pile[i]),
                    )
        card = pile[-n]
        target = state.piles[dst]
        onto = target[-1] if target else None
        about = {"card": card, "onto": onto, "source": src, "target": dst, "count": n}
        if layout.is_foundation(dst):
            if layout.is_foundation(src):
                raise Refused(Reason.BETWEEN_FOUNDATIONS, **about)
            if not self.foundation_takes(target, card):
                if onto is None:
                    raise Refused(Reason.EMPTY_FOUNDATION, **about)
                if RANK[onto] == KING:
                    raise Refused(Reason.FOUNDATION_COMPLETE, **about)
                following = make_card(RANK[onto] + 1, SUIT[onto])
                raise Refused(Reason.FOUNDATION_TAKES, takes=(following,), **about)
        else:  # tableau
            if layout.is_foundation(src) and not self.rules.cards_may_return:
                raise Refused(Reason.NO_RETURN, **about)
            if not self.tableau_takes(target, card):
                if onto is None:
                    if self.rules.empty_accepts is EmptyPile.NONE:
                        raise Refused(Reason.EMPTY_STAYS_EMPTY, **about)
                    raise Refused(Reason.EMPTY_NEEDS_KING, **about)
                raise Refused(Reason.TABLEAU_TAKES, takes=self.cards_on(onto), **about)
        return (CardsMoved(src, dst, n), *self._turn_up(state, src, len(pile) - n))

    def check_draw(self, state: State) -> Step:
        stock = state.piles[STOCK]
        to = self.rules.stock_to
        if stock and to in (StockTarget.TABLEAU, StockTarget.RESERVES):
            targets = self.tableau if to is StockTarget.TABLEAU else self.reserves
            return (StockDealt(targets[: len(stock)]),)
        if stock:
            return (StockTurned(min(self.rules.draw, len(stock))),)
        waste = state.piles[WASTE]
        if not waste:
            raise Refused(Reason.TALON_EMPTY)
        limit = self.rules.redeals
        if limit is not None and state.redeals_used >= limit:
            if limit == 0:
                raise Refused(Reason.NO_REDEAL)
            raise Refused(Reason.REDEALS_USED, limit=limit)
        return (WasteRedealt(len(waste)),)

    def check_to_foundation(self, state: State, source: int) -> Step:
        if not (source == WASTE or source in self.tableau or source in self.reserves):
            raise Refused(Reason.TO_FOUNDATION_SOURCE, source=source)
        pile = state.piles[source]
        if not pile:
            raise Refused(Reason.PILE_EMPTY, source=source)
        card = pile[-1]
        target = self.foundation_for(state, card)
        if target is None:
            wanted = self.next_up(state, SUIT[card])
            raise Refused(Reason.NO_FOUNDATION_TAKES, card=card, source=source, takes=wanted)
        return (CardsMoved(source, target, 1), *self._turn_up(state, source, len(pile) - 1))

    def check_collect(self, state: State) -> Step:
        events: list = []
        moved = True
        while moved:
            moved = False
            for source in (WASTE, *self.tableau, *self.reserves):
                pile = state.piles[source]
                if not pile or state.down[source] >= len(pile):
                    continue
                target = self.foundation_for(state, pile[-1])
                if target is None:
                    continue
                step = (CardsMoved(source, target, 1), *self._turn_up(state, source, len(pile) - 1))
                events.extend(step)
                state = apply_step(state, step)
                moved = True
        if not events:
            raise Refused(Reason.NOTHING_TO_COLLECT)
        return tuple(events)

    def check(self, state: State, command: Command) -> Step:
        """The step ``command`` causes in ``state``; raises Refused if the rules forbid it."""
        kind = type(command)
        if kind is Move:
            return self.check_move(state, command)
        if kind is Draw:
            return self.check_draw(state)
        if kind is ToFoundation:
            return self.check_to_foundation(state, command.source)
        if kind is Collect:
            return self.check_collect(state)
        raise Refused(Reason.NOT_A_COMMAND)

    # -- queries ------------------------------------------------------------------------

    def can_draw(self, state: State) -> bool:
        if state.piles[STOCK]:
            return True
        limit = self.rules.redeals
        return bool(state.piles[WASTE]) and (limit is None or state.redeals_used < limit)

    def legal_moves(self, state: State) -> list[Command]:
        """Every legal Move in ``state`` (each at most once), then Draw if it is legal.

        Built for speed: a tableau target needs one exact card (one rank below its top), so
        each source run is checked in constant time by offset instead of card by card.
        """
        piles = state.piles
        tableau, foundations = self.tableau, self.foundations
        builds_on = self.builds_on
        runs = [(t, self.run_length(state, t)) for t in tableau]
        moves: list[Command] = []

        # Single cards that may go to a foundation: waste top and tableau tops.
        tops = [p for p in (WASTE, *self.reserves) if piles[p]]  # one card each, the top
        singles = tops + [t for t, length in runs if length]
        for src in singles:
            card = piles[src][-1]
            for f in foundations:
                if self.foundation_takes(piles[f], card):
                    moves.append(Move(src, f, 1))

        empty_ok = self.rules.empty_accepts
        empty_takes = self.empty_takes
        for dst in tableau:
            target = piles[dst]
            if target:
                top = target[-1]
                need = RANK[top] - 1
                if need < 1:
                    continue
                for src, length in runs:
                    if src == dst or not length:
                        continue
                    cards = piles[src]
                    offset = need - RANK[cards[-1]]
                    if 0 <= offset < length and builds_on(cards[-1 - offset], top):
                        moves.append(Move(src, dst, offset + 1))
                for src in tops:
                    if builds_on(piles[src][-1], top):
                        moves.append(Move(src, dst, 1))
                if self.rules.cards_may_return:
                    for f in foundations:
                        if piles[f] and builds_on(piles[f][-1], top):
                            moves.append(Move(f, dst, 1))
            elif empty_ok is not EmptyPile.NONE:
                for src, length in runs:
                    if src == dst or not length:
                        continue
                    cards = piles[src]
                    if empty_ok is EmptyPile.KING:
                        offset = KING - RANK[cards[-1]]
                        if 0 <= offset < length:
                            moves.append(Move(src, dst, offset + 1))
                    else:
                        moves.extend(Move(src, dst, k) for k in range(1, length + 1))
                sources = list(tops)
                if self.rules.cards_may_return:
                    sources += [f for f in foundations if piles[f]]
                for src in sources:
                    if empty_takes(piles[src][-1]):
                        moves.append(Move(src, dst, 1))
        if self.can_draw(state):
            moves.append(Draw())
        return moves


@cache
def mechanics_for(rules: Rules) -> Mechanics:
    return Mechanics(rules)
