"""The moves of a search position, and what each leads to.

Moves are tuples, their kind first:

* ``(PILE_TO_PILE, source, target, count)``: the top ``count`` cards of a tableau pile
  onto another (or onto an empty pile);
* ``(PILE_UP, source)``: a tableau pile's top card to its foundation;
* ``(TALON_UP, waste, redeal)`` and ``(TALON_TO_PILE, waste, redeal, target)``: a *macro
  move*: turn the stock (redealing once if ``redeal``) until the waste holds ``waste``
  cards, then play its top card (the talon's card at index ``waste - 1``);
* ``(FOUNDATION_TO_PILE, suit, height, target)``: a foundation's top card back;
* ``(SPLIT_UP, source, target, count)``: part of a built run onto another pile, then the
  card it uncovers to its foundation (fast moves only, see below).

After each move, cards that are safe to play up go up at once (``Foundations``).

Two sets of moves, one class: *sound* moves (``sound=True``) leave out only moves that a
written argument shows are never the last way to a win (docs/solver.md), so a search over
them that finds nothing proves a loss; *fast* moves also leave out moves that rarely help
(splits of a run that send up nothing, foundation cards coming back with nothing to lay on
them, a pile emptied while no card could use the space, moves that commute with the talon
move just made) and use the wider cone rule for safe moves. They find wins sooner, and
are used only where a loss is never concluded.
"""

from __future__ import annotations

from game.engine.cards import KING, RANK
from game.engine.policies import EmptyPile
from game.solver.specialised.fast_cuts import space_useful_now, worth_returning
from game.solver.specialised.foundations import Foundations
from game.solver.specialised.move_kinds import (
    FOUNDATION_TO_PILE,
    PILE_TO_PILE,
    PILE_UP,
    SPLIT_UP,
    TALON_TO_PILE,
    TALON_UP,
)
from game.solver.specialised.position import raise_foundation, take_from_pile
from game.solver.specialised.tables import CONE_SAFETY, SOUND_SAFETY, RuleTables

TALON_CACHE = 100_000  # talon states remembered for the cards they can bring
PILE_CACHE = 200_000  # tableau piles remembered with their movable runs


class SearchCaches:
    """What every search of one position can share: per talon state the cards it can
    bring, per pile its movable run, per foundation state (and safety rule) the cards it
    lets up. Each depends only on the rules."""

    __slots__ = ("talon", "pile", "foundations")

    def __init__(self) -> None:
        self.talon: dict = {}
        self.pile: dict = {}
        self.foundations: dict = {}


class MoveGenerator:
    """Lists and applies the moves of positions under one rule set."""

    def __init__(
        self,
        tables: RuleTables,
        sound: bool,
        caches: SearchCaches | None = None,
        talon_first: bool = False,
        deep_talon: bool = False,
    ) -> None:
        self.tables = tables
        self.sound = sound
        caches = caches or SearchCaches()
        safety = SOUND_SAFETY if sound else CONE_SAFETY
        cache = caches.foundations.setdefault(safety, {})
        self.foundations = Foundations(tables, safety, sound, cache)
        self._waste_too = tables.draw == 1 or not sound
        self._all_splits = sound and not tables.equal_parents
        self._talon_cache = caches.talon
        self._pile_cache = caches.pile
        # Move order: the score of a talon card by the turns it needs (fewest first, or
        # most first), and of a talon card onto the tableau (before turn-ups, or after).
        self._talon_sign = 1 if deep_talon else -1
        self._talon_onto_pile = 1100 if talon_first else 650

    # -- what positions share ------------------------------------------------------------

    def describe_pile(self, pile: bytes):
        """(cards, face down, length of the movable run, cards that may lie on the top,
        ((count, card) for each card of the run from the top)) of a pile with face-up
        cards; False for an empty pile, None for one with only face-down cards."""
        got = self._pile_cache.get(pile, 0)
        if got != 0:
            return got
        size = len(pile) - 1
        if size == 0:
            got = False
        else:
            down = pile[0]
            face_up = size - down
            if face_up <= 0:
                got = None
            else:
                tables = self.tables
                run = tables.top_run(pile) if tables.move_runs else 1
                movable = tuple((k, pile[-k]) for k in range(1, run + 1))
                got = (size, down, run, tables.children[pile[-1]], movable)
        if len(self._pile_cache) > PILE_CACHE:
            self._pile_cache.clear()
        self._pile_cache[pile] = got
        return got

    def talon_cards(self, talon: bytes, waste: int, redeals: int) -> dict:
        """Card -> (redeal, turns, waste size) for every talon card the stock can bring to
        the top of the waste, by the fewest turns (see ``RuleTables.talon_reach``)."""
        key = (talon, waste, redeals)
        got = self._talon_cache.get(key)
        if got is None:
            if len(self._talon_cache) > TALON_CACHE:
                self._talon_cache.clear()
            got = {}
            for at, redeal, turns in self.tables.talon_reach(len(talon), waste, redeals):
                card = talon[at - 1]
                if card not in got:
                    got[card] = (redeal, turns, at)
            self._talon_cache[key] = got
        return got

    # -- listing -------------------------------------------------------------------------

    def moves(self, position) -> list:
        """(score, move) for every move worth trying, unsorted; higher scores first is the
        search's move order."""
        tableau, foundations, talon, waste, redeals = position
        tables = self.tables
        sound = self.sound
        up_now, _safe, returnable = self.foundations.view(foundations)
        scored: list = []
        add = scored.append
        infos: list = []
        empty = -1
        wanted_by: dict = {}  # card -> the piles whose top card takes it
        for i, pile in enumerate(tableau):
            info = self.describe_pile(pile)
            if info is False:
                if empty < 0:
                    empty = i
                infos.append(None)
                continue
            infos.append(info)
            if info is not None:
                for card in info[3]:
                    piles = wanted_by.get(card)
                    if piles is None:
                        wanted_by[card] = [i]
                    else:
                        piles.append(i)

        space_useful = None
        accepts = tables.empty_accepts
        for i, info in enumerate(infos):
            if info is None:
                continue
            size, down, run, _kids, movable = info
            pile = tableau[i]
            if pile[-1] in up_now:
                turns_up = size - 1 == down and down
                add((1000 + down if turns_up else 750, (PILE_UP, i)))
            for count, card in movable:
                targets = wanted_by.get(card)
                if targets is None:
                    continue
                left = size - count
                if left == 0:
                    # The whole pile onto another: only an empty pile is gained, worth it
                    # only if a card could go there next (or, sound moves, if the run it
                    # joins could move on next; docs/solver.md).
                    if space_useful is None:
                        space_useful = space_useful_now(self, position, infos)
                    for j in targets:
                        if space_useful or (sound and self._run_moves_on(j, infos, wanted_by)):
                            add((400, (PILE_TO_PILE, i, j, count)))
                elif left == down:
                    for j in targets:
                        add((900 + down, (PILE_TO_PILE, i, j, count)))
                elif count == run:
                    for j in targets:
                        add((900 + left, (PILE_TO_PILE, i, j, count)))
                elif pile[-count - 1] in up_now:
                    # Part of a run, and the card it uncovers goes up. Without the send-up
                    # a split only moves the cards from one card to an equal one
                    # (docs/solver.md), unless the rules make two such cards differ.
                    for j in targets:
                        add((760, (SPLIT_UP, i, j, count)))
                elif self._all_splits:
                    for j in targets:
                        add((200, (PILE_TO_PILE, i, j, count)))
            # Onto the first empty pile (they are all alike); never the whole pile.
            if empty >= 0 and accepts is not EmptyPile.NONE:
                if accepts is EmptyPile.KING:
                    offset = KING - RANK[pile[-1]]
                    counts = (offset + 1,) if 0 <= offset < run else ()
                else:
                    counts = range(1, run + 1)
                for count in counts:
                    left = size - count
                    if left == 0:
                        continue
                    if left == down:
                        add((850 + down, (PILE_TO_PILE, i, empty, count)))
                    elif count == run:
                        add((850 + left, (PILE_TO_PILE, i, empty, count)))
                    elif pile[-count - 1] in up_now:
                        add((740, (SPLIT_UP, i, empty, count)))
                    elif sound:
                        # To an empty pile (any card may go there): no equal card to swap.
                        add((190, (PILE_TO_PILE, i, empty, count)))

        if talon:
            empty_takes = tables.empty_takes
            sign = self._talon_sign
            onto_pile = self._talon_onto_pile
            for card, (redeal, turns, at) in self.talon_cards(talon, waste, redeals).items():
                order = sign * turns
                if card in up_now:
                    add((800 + order, (TALON_UP, at, redeal)))
                targets = wanted_by.get(card)
                if targets is not None:
                    for j in targets:
                        add((onto_pile + order, (TALON_TO_PILE, at, redeal, j)))
                if empty >= 0 and empty_takes[card]:
                    add((600 + order, (TALON_TO_PILE, at, redeal, empty)))

        for suit, height, card in returnable:
            targets = wanted_by.get(card)
            to_empty = empty >= 0 and tables.empty_takes[card]
            if targets is None and not to_empty:
                continue
            if not sound and not worth_returning(self, position, infos, card):
                continue
            if targets is not None:
                for j in targets:
                    add((100, (FOUNDATION_TO_PILE, suit, height, j)))
            if to_empty:
                add((90, (FOUNDATION_TO_PILE, suit, height, empty)))
        return scored

    def _run_moves_on(self, pile: int, infos, wanted_by) -> bool:
        """Could a card of ``pile``'s movable run (its top card or below) move on to
        another pile, or to an empty one?"""
        takes_empty = self.tables.empty_accepts is not EmptyPile.NONE and self.tables.empty_takes
        for _count, card in infos[pile][4]:
            if takes_empty and takes_empty[card]:
                return True
            for other in wanted_by.get(card, ()):
                if other != pile:
                    return True
        return False

    # -- applying ------------------------------------------------------------------------

    def apply(self, position, move):
        """The position after ``move`` and the automatic moves it allows, and the source of
        each automatic move (-1 for the waste)."""
        tableau, foundations, talon, waste, redeals = position
        kind = move[0]
        tableau = list(tableau)
        autos: list = []
        foundation_view = self.foundations
        scan = False
        if kind == PILE_TO_PILE or kind == SPLIT_UP:
            _, source, target, count = move
            pile = tableau[source]
            tableau[target] = tableau[target] + pile[-count:]
            if kind == SPLIT_UP:
                rest = pile[:-count]
                slot = foundation_view.slot_for(foundations, rest[-1])
                foundations = raise_foundation(foundations, slot)
                tableau[source] = take_from_pile(rest, 1)
                scan = True
            else:
                tableau[source] = rest = take_from_pile(pile, count)
                scan = len(rest) > 1 and foundation_view.safe_slot(foundations, rest[-1]) >= 0
        elif kind == PILE_UP:
            source = move[1]
            pile = tableau[source]
            foundations = raise_foundation(
                foundations, foundation_view.slot_for(foundations, pile[-1])
            )
            tableau[source] = take_from_pile(pile, 1)
            scan = True
        elif kind == TALON_UP or kind == TALON_TO_PILE:
            at, redeal = move[1], move[2]
            card = talon[at - 1]
            talon = talon[: at - 1] + talon[at:]
            waste = at - 1
            if redeal and self.tables.redeal_limit is not None:
                redeals += 1
            if kind == TALON_UP:
                foundations = raise_foundation(
                    foundations, foundation_view.slot_for(foundations, card)
                )
                scan = True
            else:
                tableau[move[3]] += bytes((card,))
                scan = (
                    waste > 0
                    and self._waste_too
                    and foundation_view.safe_slot(foundations, talon[waste - 1]) >= 0
                )
        else:  # FOUNDATION_TO_PILE: lowering a foundation makes no card safe
            _, suit, height, target = move
            decks = self.tables.decks
            slot = suit * decks + decks - 1
            while foundations[slot] != height:
                slot -= 1
            foundations = foundations[:slot] + (height - 1,) + foundations[slot + 1 :]
            tableau[target] += bytes((suit * 13 + height - 1,))
        if scan:
            foundations, talon, waste = self.play_safe_cards(
                tableau, foundations, talon, waste, autos
            )
        return (tuple(tableau), foundations, talon, waste, redeals), autos

    def play_safe_cards(self, tableau: list, foundations, talon, waste, autos: list):
        """Play every safe card to its foundation, again and again: tableau tops, and with
        one card a turn the waste top. With three a turn, taking a card out of the waste
        changes which cards the later turns bring (it may lose a won game: Klondike draw
        three, deal 20), so sound moves never do it unasked; fast moves do, as it wins
        long two-deck games sooner. ``tableau`` is changed in place; ``autos`` gets the
        source of each card (-1 for the waste)."""
        view = self.foundations.view
        safe = view(foundations)[1]
        waste_too = self._waste_too
        moved = True
        while moved:
            moved = False
            for i, pile in enumerate(tableau):
                if len(pile) - 1 > pile[0]:
                    slot = safe.get(pile[-1])
                    if slot is not None:
                        foundations = raise_foundation(foundations, slot)
                        safe = view(foundations)[1]
                        tableau[i] = take_from_pile(pile, 1)
                        autos.append(i)
                        moved = True
            if waste and waste_too:
                slot = safe.get(talon[waste - 1])
                if slot is not None:
                    foundations = raise_foundation(foundations, slot)
                    safe = view(foundations)[1]
                    talon = talon[: waste - 1] + talon[waste:]
                    waste -= 1
                    autos.append(-1)
                    moved = True
        return foundations, talon, waste
