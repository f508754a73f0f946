"""What a player asks for, checked against the rules.

Each command either yields the step (tuple of events) it causes or is refused with a
``Refused`` error that says why as data (``refusals``); a refused command changes nothing,
since states are immutable values and ``execute`` only computes.
"""

from __future__ import annotations

from functools import lru_cache

from .cards import RANK, SUIT, make_card
from .events import (
    CardsMoved,
    CardTurnedUp,
    Step,
    StockDealt,
    StockTurned,
    WasteRedealt,
    apply_step,
)
from .legal import pile_moves
from .orders import Collect, Command, Draw, Move, ToFoundation
from .policies import EmptyPile, FoundationBase, StockTarget
from .refusals import Reason, Refused
from .relations import FULL_FOUNDATION, Relations
from .rules import RULE_SETS_KEPT, Rules
from .shapes import WasteBuild
from .state import STOCK, WASTE, State

__all__ = ["Collect", "Command", "Draw", "Mechanics", "Move", "ToFoundation", "mechanics_for"]


class Mechanics(Relations):
    """The rules compiled for fast checking: one per Rules value (see ``mechanics_for``)."""

    def _after_leaving(self, state: State, pile: int, left: int) -> tuple:
        """What follows at once when a move leaves ``left`` cards on ``pile``: the card
        uncovered is turned up; an emptied tableau pile is filled from the reserve
        (Canfield), whose own uncovered card is turned up in turn."""
        if left:
            if state.down[pile] >= left and (pile in self.tableau or pile in self.reserves):
                return (CardTurnedUp(pile, state.piles[pile][left - 1]),)
            return ()
        if self.empty is not EmptyPile.FROM_RESERVE or pile not in self.tableau:
            return ()
        for reserve in self.reserves:
            cards = state.piles[reserve]
            if cards:
                rest = len(cards) - 1
                turned = rest and state.down[reserve] >= rest
                turn = (CardTurnedUp(reserve, cards[rest - 1]),) if turned else ()
                return (CardsMoved(reserve, pile, 1, cards[-1:]), *turn)
        return ()

    # -- commands -----------------------------------------------------------------------

    def check_move(self, state: State, move: Move) -> Step:
        src, dst, n = move.source, move.target, move.count
        layout = self.layout
        if not (0 <= src < layout.pile_count and 0 <= dst < layout.pile_count):
            raise Refused(Reason.NO_SUCH_PILE)
        if src == dst:
            raise Refused(Reason.SAME_PILE, source=src, target=dst)
        if src == STOCK:
            raise Refused(Reason.STOCK_ONLY_BY_TURNING, source=src)
        if dst == WASTE and self.rules.waste_builds is not WasteBuild.NONE:
            return self._onto_waste(state, src, n)
        if dst in (STOCK, WASTE):
            raise Refused(Reason.NOT_ONTO_TALON, source=src, target=dst)
        if dst in self.reserves:
            raise Refused(Reason.NOT_ONTO_RESERVE, source=src, target=dst)
        pile = state.piles[src]
        if n < 1:
            raise Refused(Reason.NO_CARDS, source=src, target=dst)
        if n > len(pile):
            raise Refused(Reason.TOO_FEW_CARDS, source=src, count=n, limit=len(pile))
        if n > state.face_up_on_top(src):
            raise Refused(Reason.FACE_DOWN, source=src, count=n)
        if dst in self.cells and (n > 1 or state.piles[dst]):
            raise Refused(Reason.CELL_HOLDS_ONE, source=src, target=dst, count=n)
        if layout.is_foundation(dst) and src in self.tableau:
            if self.runs_up:
                return self._run_up(state, src, dst, n)
            if n > 1 and self.rules.group_to_foundation:
                return self._group_up(state, src, dst, n)
        if n > 1:
            self._check_lift(state, src, dst, n)
            limit = self.most_moving(state, dst)
            if limit is not None and n > limit:
                raise Refused(Reason.TOO_MANY_CARDS, source=src, target=dst, count=n, limit=limit)
        elif src in self.tableau and dst in self.tableau and not self.can_lift(state, src, 1):
            # A pile that moves only whole (its top card still goes up to a foundation).
            raise Refused(self.runs.reason or Reason.NOT_A_RUN, source=src, count=1)
        card = pile[-n]
        target = state.piles[dst]
        onto = target[-1] if target else None
        about = {"card": card, "onto": onto, "source": src, "target": dst, "count": n}
        if dst in self.cells:
            if layout.is_foundation(src) and not self.returnable(state, src):
                raise Refused(Reason.NO_RETURN, **about)
        elif layout.is_foundation(dst):
            self._check_onto_foundation(state, src, target, about)
        else:  # tableau
            if layout.is_foundation(src):
                if not self.returnable(state, src):
                    raise Refused(Reason.NO_RETURN, **about)
            if not self.tableau_takes(target, card, state):
                if onto is not None:
                    if self.takes_nothing(state, onto):
                        raise Refused(Reason.BASE_TAKES_NOTHING, **about)
                    raise Refused(Reason.TABLEAU_TAKES, takes=self.cards_on(onto), **about)
                rank = self.empty_tableau_rank(state)
                if rank is not None and self.empty.reason is Reason.EMPTY_TAKES_RANK:
                    takes = tuple(make_card(rank, suit) for suit in range(4))
                    raise Refused(self.empty.reason, takes=takes, **about)
                raise Refused(self.empty.reason, **about)
        moved = CardsMoved(src, dst, n, pile[-n:])
        return (moved, *self._after_leaving(state, src, len(pile) - n))

    def _onto_waste(self, state: State, src: int, n: int) -> Step:
        """A tableau card onto a waste that takes them (Golf's, built up or down)."""
        pile, waste = state.piles[src], state.piles[WASTE]
        if src not in self.tableau or not pile:
            raise Refused(Reason.NOT_ONTO_TALON, source=src, target=WASTE)
        if n != 1:
            raise Refused(Reason.SINGLE_CARDS_ONLY, source=src, count=n)
        if n > state.face_up_on_top(src):
            raise Refused(Reason.FACE_DOWN, source=src, count=n)
        if not self.waste_takes(state, pile[-1]):
            onto = waste[-1] if waste else None
            raise Refused(Reason.WASTE_TAKES, card=pile[-1], onto=onto, source=src, target=WASTE)
        moved = CardsMoved(src, WASTE, 1, pile[-1:])
        return (moved, *self._after_leaving(state, src, len(pile) - 1))

    def _run_up(self, state: State, src: int, dst: int, n: int) -> Step:
        """A complete run in suit, King to Ace, to an empty foundation, as one move."""
        pile = state.piles[src]
        if n != FULL_FOUNDATION or state.piles[dst] or not self.complete_run(state, src):
            about = {"card": pile[-n], "source": src, "target": dst, "count": n}
            raise Refused(Reason.FOUNDATION_TAKES_RUNS, **about)
        moved = CardsMoved(src, dst, n, pile[-n:])
        return (moved, *self._after_leaving(state, src, len(pile) - n))

    def _group_up(self, state: State, src: int, dst: int, n: int) -> Step:
        """The top ``n`` cards of ``src`` up to foundation ``dst`` one by one, the top card
        first: one step of ``n`` moves, each legal after the one before."""
        if self.group_up(state, src, n) != dst:
            raise Refused(Reason.GROUP_NOT_UP, card=state.piles[src][-1], source=src, count=n)
        pile = state.piles[src]
        events: list = []
        for i in range(n):
            events.append(CardsMoved(src, dst, 1, (pile[-1 - i],)))
        return (*events, *self._after_leaving(state, src, len(pile) - n))

    def _check_lift(self, state: State, src: int, dst: int, n: int) -> None:
        """Refuse ``n`` > 1 cards from ``src`` unless they may move together to ``dst``."""
        if src in self.reserves:
            raise Refused(Reason.ONE_FROM_RESERVE, source=src, count=n)
        if src not in self.tableau:
            raise Refused(Reason.ONE_AT_A_TIME_FROM, source=src, count=n)
        if not self._runs:
            raise Refused(Reason.SINGLE_CARDS_ONLY, source=src, count=n)
        if dst not in self.tableau:
            raise Refused(Reason.FOUNDATION_ONE_AT_A_TIME, source=src, target=dst, count=n)
        if self.can_lift(state, src, n):
            return
        pile, runs = state.piles[src], self.runs
        if runs.in_sequence:
            for i in range(len(pile) - n, len(pile) - 1):
                card, onto = pile[i + 1], pile[i]
                if self.takes_nothing(state, onto):
                    raise Refused(
                        Reason.BASE_TAKES_NOTHING, card=card, onto=onto, source=src, count=n
                    )
                if not self.builds_on(card, onto):
                    takes = self.cards_on(onto)
                    about = {"card": card, "onto": onto, "source": src, "count": n}
                    raise Refused(Reason.NOT_A_RUN, takes=takes, **about)
                if not self.links(card, onto):
                    raise Refused(runs.reason, card=card, onto=onto, source=src, count=n)
        raise Refused(runs.reason or Reason.NOT_A_RUN, source=src, count=n)

    def _check_onto_foundation(self, state: State, src: int, target: tuple, about: dict) -> None:
        if self.layout.is_foundation(src):
            raise Refused(Reason.BETWEEN_FOUNDATIONS, **about)
        base = self.empty_foundation_rank(state)
        if self.foundation_takes(target, about["card"], base):
            return
        onto = about["onto"]
        if onto is None:
            takes = () if base is None else (make_card(base, SUIT[about["card"]]),)
            raise Refused(FoundationBase(self.rules.foundation_base).reason, takes=takes, **about)
        following = self._up[RANK[onto]]
        if following is None or len(target) >= FULL_FOUNDATION:
            raise Refused(Reason.FOUNDATION_COMPLETE, **about)
        raise Refused(Reason.FOUNDATION_TAKES, takes=(make_card(following, SUIT[onto]),), **about)

    def check_draw(self, state: State) -> Step:
        to = StockTarget(self.rules.stock_to)
        if to is StockTarget.NONE:
            raise Refused(to.reason)
        stock = state.piles[STOCK]
        fillable = self._could_fill(state) if stock else None
        if fillable is not None:
            raise Refused(Reason.FILL_EMPTY_FIRST, target=fillable)
        empty = self._empty_pile(state) if stock else None
        if empty is not None:
            raise Refused(Reason.NO_DEAL_ON_EMPTY, target=empty)
        if stock and to is StockTarget.WASTE:
            count = min(self.rules.draw, len(stock))
            return (StockTurned(count, stock[-count:][::-1]),)  # the top card turned first
        if stock:
            piles = self.tableau if to is StockTarget.TABLEAU else self.reserves
            targets = piles[: len(stock)]
            return (StockDealt(targets, stock[::-1][: len(targets)]),)
        waste = state.piles[WASTE]
        if not waste:
            if to is not StockTarget.WASTE and self.rules.redeals == 0:
                raise Refused(Reason.NO_REDEAL)
            raise Refused(Reason.TALON_EMPTY)
        limit = self.rules.redeals
        if limit is not None and state.redeals_used >= limit:
            if limit == 0:
                raise Refused(Reason.NO_REDEAL)
            raise Refused(Reason.REDEALS_USED, limit=limit)
        return (WasteRedealt(len(waste), waste),)

    def _empty_pile(self, state: State) -> int | None:
        """With ``stock.no_empty_piles``, the first empty tableau pile (Spider deals only
        when none is), or None."""
        if not self.rules.deal_needs_every_pile:
            return None
        return next((t for t in self.tableau if not state.piles[t]), None)

    def _could_fill(self, state: State) -> int | None:
        """With ``stock.fill_empty_first``, an empty tableau pile that some move could fill
        now (without emptying another), or None: Easthaven deals only when none is left."""
        piles = state.piles
        if not self.rules.fill_empty_first or all(piles[t] for t in self.tableau):
            return None
        for move in pile_moves(self, state):
            if move.target in self.tableau and not piles[move.target]:
                if move.source not in self.tableau or move.count < len(piles[move.source]):
                    return move.target
        return None

    def check_to_foundation(self, state: State, source: int) -> Step:
        if not (
            source == WASTE
            or source in self.tableau
            or source in self.reserves
            or source in self.cells
        ):
            raise Refused(Reason.TO_FOUNDATION_SOURCE, source=source)
        pile = state.piles[source]
        if not pile:
            raise Refused(Reason.PILE_EMPTY, source=source)
        if state.down[source] >= len(pile):
            raise Refused(Reason.FACE_DOWN, source=source, count=1)
        if self.runs_up:
            target = self.run_foundation_for(state, source)
            if target is None:
                raise Refused(Reason.FOUNDATION_TAKES_RUNS, card=pile[-1], source=source)
            return self._run_up(state, source, target, FULL_FOUNDATION)
        card = pile[-1]
        target = self.foundation_for(state, card)
        if target is None:
            wanted = self.next_up(state, SUIT[card])
            raise Refused(Reason.NO_FOUNDATION_TAKES, card=card, source=source, takes=wanted)
        moved = CardsMoved(source, target, 1, pile[-1:])
        return (moved, *self._after_leaving(state, source, len(pile) - 1))

    def check_collect(self, state: State) -> Step:
        events: list = []
        moved = True
        while moved:
            moved = False
            for source in (WASTE, *self.reserves, *self.cells, *self.tableau):
                pile = state.piles[source]
                if not pile or state.down[source] >= len(pile):
                    continue
                if self.runs_up:
                    target = self.run_foundation_for(state, source)
                    if target is not None:
                        step = self._run_up(state, source, target, FULL_FOUNDATION)
                        events.extend(step)
                        state = apply_step(state, step)
                        moved = True
                    continue
                target = self.foundation_for(state, pile[-1])
                if target is None:
                    continue
                after = self._after_leaving(state, source, len(pile) - 1)
                step = (CardsMoved(source, target, 1, pile[-1:]), *after)
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
        to = StockTarget(self.rules.stock_to)
        if to is StockTarget.NONE:
            return False
        if state.piles[STOCK]:
            return self._could_fill(state) is None and self._empty_pile(state) is None
        limit = self.rules.redeals
        return bool(state.piles[WASTE]) and (limit is None or state.redeals_used < limit)

    def legal_moves(self, state: State) -> list[Command]:
        """Every legal command in ``state`` (each at most once): the Moves, then Draw if
        it is legal (whatever the stock deals to)."""
        moves: list[Command] = pile_moves(self, state)
        if self.can_draw(state):
            moves.append(Draw())
        return moves


@lru_cache(maxsize=RULE_SETS_KEPT)
def mechanics_for(rules: Rules) -> Mechanics:
    return Mechanics(rules)
