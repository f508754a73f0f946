"""The rules compiled into relations between cards and piles: may this card lie there, how
many cards may move together, what an empty pile or foundation takes now.

``Relations`` is the base of ``commands.Mechanics``: the policies of a ``Rules`` value
are looked up here once, and both the checks of the commands and the listing of every
legal move (``legal``) read them from here, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ACE, KING, RANK, RANKS, SUIT, make_card
from .dealing import in_suit_pairs
from .policies import Build, EmptyPile, FoundationBase, Run, any_suit, builder, next_rank
from .rules import Rules
from .shapes import Goal, MoveLimit
from .state import WASTE, Layout, State, layout_for

FULL_FOUNDATION = 13  # a foundation holds one suit's thirteen cards at most


class Relations:
    """One Rules value's policies, looked up once (see ``mechanics_for``)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.layout: Layout = layout_for(rules)
        self.foundations = tuple(self.layout.foundation_range)
        self.tableau = tuple(self.layout.tableau_range)
        self.reserves = tuple(self.layout.reserve_range)
        self.cells = tuple(self.layout.cell_range)
        self.move_limit = rules.move_limit
        self.runs_up = rules.foundation_takes.runs  # foundations take complete runs only
        self.goal = rules.goal
        self._runs = rules.move_runs
        # The policies as members (a Rules value made by hand may hold their strings).
        build, runs = Build(rules.build), Run(rules.runs)
        # May ``card`` lie on ``onto`` in the tableau (the build, wrapping or not)?
        self.builds_on = builder(build, rules.tableau_wrap)
        # The rank a card must have to lie on a card of each rank (None: nothing goes on).
        self.wanted_rank = tuple(
            next_rank(r, -build.direction, rules.tableau_wrap) if r else None
            for r in range(KING + 1)
        )
        # The rank each rank takes on a foundation: one up, or one down where they build down.
        step = rules.foundation_direction.step
        self._up = tuple(
            next_rank(r, step, rules.foundation_wrap) if r else None for r in range(KING + 1)
        )
        self.direction = build.direction
        self.runs = runs
        suits_too = runs.suits_too
        builds_on = self.builds_on
        # Do two cards, one on the other, belong to one run that moves as a unit?
        self.links = (
            (lambda card, onto: builds_on(card, onto) and suits_too(card, onto))
            if suits_too is not any_suit
            else builds_on
        )
        self.sequence_runs = runs.in_sequence
        self.empty = EmptyPile(rules.empty_accepts)
        self.empty_takes_any = self.empty in (EmptyPile.ANY, EmptyPile.FROM_RESERVE)
        # What an empty tableau pile takes, when that does not depend on the deal.
        self.empty_takes = {
            EmptyPile.KING: lambda card: RANK[card] == KING,
            EmptyPile.ANY: lambda card: True,
            EmptyPile.FROM_RESERVE: lambda card: True,
            EmptyPile.NONE: lambda card: False,
        }.get(self.empty)

    def __reduce__(self):
        """Pickled as its rules (a game crosses to the background searches' processes):
        the compiled functions are made again from them on the other side."""
        return (type(self), (self.rules,))

    # -- the foundations ------------------------------------------------------------------

    def empty_foundation_rank(self, state: State) -> int | None:
        """The rank an empty foundation takes now; None when no rank is fixed yet."""
        if self.rules.foundation_base == FoundationBase.ACE:
            return ACE
        if self.rules.foundation_base == FoundationBase.KING:
            return KING
        return state.base or None

    def foundation_takes(self, pile: tuple[int, ...], card: int, base: int | None = ACE) -> bool:
        """May ``card`` go on foundation ``pile``; ``base``: what an empty one takes.
        (Foundations that take complete runs take no single card.)"""
        if self.runs_up:
            return False
        if not pile:
            return RANK[card] == base
        top = pile[-1]
        return (
            SUIT[top] == SUIT[card]
            and self._up[RANK[top]] == RANK[card]
            and len(pile) < FULL_FOUNDATION
        )

    def foundation_for(self, state: State, card: int) -> int | None:
        base = self.empty_foundation_rank(state)
        for f in self.foundations:
            if self.foundation_takes(state.piles[f], card, base):
                return f
        return None

    def next_up(self, state: State, suit: int) -> tuple[int, ...]:
        """The cards (one copy each, lowest first) the foundations take next in ``suit``."""
        wanted = set()
        started = 0
        for f in self.foundations:
            pile = state.piles[f]
            if pile and SUIT[pile[-1]] == suit:
                started += 1
                following = self._up[RANK[pile[-1]]]
                if following is not None and len(pile) < FULL_FOUNDATION:
                    wanted.add(following)
        base = self.empty_foundation_rank(state)
        if started < self.rules.decks and base is not None:
            wanted.add(base)
        return tuple(make_card(rank, suit) for rank in sorted(wanted))

    def returnable(self, state: State, f: int) -> bool:
        """May the top card of foundation ``f`` come back to the tableau? (The base card
        too: the state keeps the base rank for the whole game.)"""
        return bool(state.piles[f]) and self.rules.cards_may_return

    def complete_run(self, state: State, pile: int) -> bool:
        """Are the top thirteen cards of tableau ``pile`` a run in suit from King down to
        Ace, face up (what a foundation that takes runs takes)?"""
        cards = state.piles[pile]
        if len(cards) < FULL_FOUNDATION or state.face_up_on_top(pile) < FULL_FOUNDATION:
            return False
        run = cards[-FULL_FOUNDATION:]
        suit = SUIT[run[0]]
        return all(SUIT[card] == suit and RANK[card] == KING - i for i, card in enumerate(run))

    def run_foundation_for(self, state: State, pile: int) -> int | None:
        """The empty foundation a complete run on ``pile`` goes to, or None."""
        if not self.runs_up or not self.complete_run(state, pile):
            return None
        return next((f for f in self.foundations if not state.piles[f]), None)

    def group_up(self, state: State, pile: int, count: int) -> int | None:
        """The foundation the top ``count`` cards of ``pile`` go up to one by one, lowest
        (the top card) first, or None (``foundations.group_moves``)."""
        cards = state.piles[pile]
        if count > state.face_up_on_top(pile) or count > len(cards):
            return None
        target = self.foundation_for(state, cards[-1])
        if target is None:
            return None
        if len(state.piles[target]) + count > FULL_FOUNDATION:  # a foundation holds 13
            return None
        below = cards[-1]
        for card in reversed(cards[-count:-1]):
            if SUIT[card] != SUIT[below] or self._up[RANK[below]] != RANK[card]:
                return None
            below = card
        return target

    def won(self, state: State) -> bool:
        """Is the game won (the table's goal)?"""
        piles = state.piles
        if self.goal is Goal.TABLEAU_CLEARED:
            return not any(piles[t] for t in self.tableau)
        if self.goal is Goal.TABLEAU_RUNS:
            return self._tableau_in_runs(state)
        on_foundations = state.cards_on_foundations(self.layout)
        if on_foundations == self.rules.card_count:
            return True
        # Spider's second way: every card still in the tableau, in complete runs.
        return (
            self.goal is Goal.FOUNDATIONS_OR_TABLEAU_RUNS
            and on_foundations == 0
            and sum(len(piles[t]) for t in self.tableau) == self.rules.card_count
            and self._tableau_in_runs(state)
        )

    def _tableau_in_runs(self, state: State) -> bool:
        """Is every tableau pile empty or one complete run in suit, King to Ace?"""
        piles = state.piles
        return all(
            not piles[t] or (len(piles[t]) == FULL_FOUNDATION and self.complete_run(state, t))
            for t in self.tableau
        )

    def progress(self, state: State) -> int:
        """How far the game is towards its goal, in cards: on the foundations; off the
        tableau (Golf); lying in suit on the card one rank higher (Scorpion)."""
        piles = state.piles
        if self.goal is Goal.TABLEAU_CLEARED:
            return -sum(len(piles[t]) for t in self.tableau)
        if self.goal is Goal.TABLEAU_RUNS:
            return in_suit_pairs(
                [piles[t] for t in self.tableau], [state.down[t] for t in self.tableau]
            )
        return state.cards_on_foundations(self.layout)

    def waste_takes(self, state: State, card: int) -> bool:
        """May ``card`` go on the waste (Golf's waste, built up or down)?"""
        waste = state.piles[WASTE]
        return bool(waste) and self.rules.waste_builds.takes(RANK[card], RANK[waste[-1]])

    # -- the free space ---------------------------------------------------------------------

    def most_moving(self, state: State, target: int) -> int | None:
        """The most cards that may move together onto ``target`` now, as the free cells and
        the empty piles other than ``target`` allow (None: no such limit)."""
        if self.move_limit is MoveLimit.NONE:
            return None
        piles = state.piles
        free = sum(1 for c in self.cells if not piles[c])
        empty = sum(1 for t in self.tableau if not piles[t] and t != target)
        return self.move_limit.most(free, empty)

    # -- the tableau ----------------------------------------------------------------------

    def empty_tableau_rank(self, state: State) -> int | None:
        """The one rank an empty tableau pile takes (None: any card, or none)."""
        if self.empty is EmptyPile.KING:
            return KING
        if self.empty is EmptyPile.RANK:
            return self.rules.empty_rank
        if self.empty is EmptyPile.BELOW_BASE:
            base = self.empty_foundation_rank(state)
            return None if base is None else next_rank(base, -1, True)
        return None

    def empty_tableau_label(self, state: State) -> str:
        """The faint text of an empty tableau slot: the rank it takes, or ""."""
        rank = self.empty_tableau_rank(state)
        if rank is None:
            return ""
        return "10" if RANKS[rank - 1] == "T" else RANKS[rank - 1]

    def empty_tableau_takes(self, state: State, card: int) -> bool:
        if self.empty_takes is not None:
            return self.empty_takes(card)
        return RANK[card] == self.empty_tableau_rank(state)

    def closed_rank(self, state: State | None) -> int | None:
        """The rank no tableau card may lie on: the foundations' base rank where the table
        says ``base_takes_nothing`` (Lady Jane), else None. It needs the deal's ``state``."""
        if not self.rules.base_takes_nothing or state is None:
            return None
        return self.empty_foundation_rank(state)

    def takes_nothing(self, state: State | None, onto: int) -> bool:
        """Is ``onto`` a tableau card nothing may lie on (a card of the closed rank)?"""
        closed = self.closed_rank(state)
        return closed is not None and RANK[onto] == closed

    def links_in(self, state: State):
        """``links`` in this deal: a run also ends at a card of the closed rank."""
        closed = self.closed_rank(state)
        if closed is None:
            return self.links
        links = self.links
        return lambda card, onto: RANK[onto] != closed and links(card, onto)

    def tableau_takes(self, pile: tuple[int, ...], card: int, state: State | None = None) -> bool:
        """May ``card`` go on tableau ``pile``? An empty pile whose rank comes from the
        deal (Lady Jane), or a card of the base rank there, needs the ``state`` to say."""
        if pile:
            return self.builds_on(card, pile[-1]) and not self.takes_nothing(state, pile[-1])
        if state is None:
            return self.empty_takes is not None and self.empty_takes(card)
        return self.empty_tableau_takes(state, card)

    def cards_on(self, onto: int, state: State | None = None) -> tuple[int, ...]:
        """The cards (one copy each) that may lie on ``onto`` in the tableau."""
        rank = self.wanted_rank[RANK[onto]]
        if rank is None or self.takes_nothing(state, onto):
            return ()
        return tuple(c for c in (make_card(rank, s) for s in range(4)) if self.builds_on(c, onto))

    # -- what may be lifted ---------------------------------------------------------------

    def lift_counts(self, state: State, pile: int) -> Sequence[int]:
        """The counts of top cards of ``pile`` that may move together (empty: none)."""
        cards = state.piles[pile]
        face_up = state.face_up_on_top(pile)
        if face_up <= 0:
            return ()
        if not self._runs or pile not in self.tableau:
            return (1,)
        top = len(cards) - 1
        links = self.links_in(state)
        return self.runs.counts(face_up, lambda i: links(cards[top - i], cards[top - i - 1]))

    def run_length(self, state: State, pile: int) -> int:
        """How many cards from the top of a tableau pile may move together, at most."""
        cards = state.piles[pile]
        face_up = state.face_up_on_top(pile)
        if face_up <= 0:
            return 0
        if not self._runs:
            return 1
        if self.sequence_runs:  # the common case, kept fast: follow the run down
            n, i, links = 1, len(cards) - 1, self.links_in(state)
            while n < face_up and links(cards[i], cards[i - 1]):
                n += 1
                i -= 1
            return n
        return max(self.lift_counts(state, pile))

    def can_lift(self, state: State, pile: int, count: int) -> bool:
        return count in self.lift_counts(state, pile)
