"""From a search path to engine commands: each search move, and each automatic move after
it, becomes Move and Draw commands, every one checked by the engine as it is replayed."""

from __future__ import annotations

from game.engine.cards import RANK, SUIT
from game.engine.commands import Command, Draw, Move, mechanics_for
from game.engine.events import apply_step
from game.engine.rules import Rules
from game.engine.state import STOCK, WASTE, State
from game.solver.specialised.move_kinds import (
    PILE_TO_PILE,
    PILE_UP,
    SPLIT_UP,
    TALON_TO_PILE,
    TALON_UP,
)


def path_commands(state: State, rules: Rules, path) -> list[Command]:
    """Replay a search path of (move, automatic moves) from ``state`` as commands. Raises
    AssertionError (or the engine's Refused) if a step does not fit the state."""
    mechanics = mechanics_for(rules)
    layout = mechanics.layout
    first_pile = layout.tableau_range.start
    commands: list[Command] = []
    state_now = [state]

    def do(command: Command) -> None:
        step = mechanics.check(state_now[0], command)
        state_now[0] = apply_step(state_now[0], step)
        commands.append(command)

    def to_foundation(source: int) -> None:
        card = state_now[0].piles[source][-1]
        target = mechanics.foundation_for(state_now[0], card)
        if target is None:
            raise AssertionError("solver line: no foundation takes the card")
        do(Move(source, target, 1))

    def turn_to(card: int) -> None:
        for _ in range(10 * (rules.card_count + 2)):
            waste = state_now[0].piles[WASTE]
            if waste and waste[-1] == card:
                return
            do(Draw())
        raise AssertionError("solver line: talon card never reached")

    for move, autos in path:
        if move is not None:
            kind = move[0]
            if kind == PILE_TO_PILE or kind == SPLIT_UP:
                do(Move(first_pile + move[1], first_pile + move[2], move[3]))
                if kind == SPLIT_UP:
                    to_foundation(first_pile + move[1])
            elif kind == PILE_UP:
                to_foundation(first_pile + move[1])
            elif kind == TALON_UP or kind == TALON_TO_PILE:
                piles = state_now[0].piles
                talon = tuple(piles[WASTE]) + tuple(reversed(piles[STOCK]))
                turn_to(talon[move[1] - 1])
                if kind == TALON_UP:
                    to_foundation(WASTE)
                else:
                    do(Move(WASTE, first_pile + move[3], 1))
            else:  # FOUNDATION_TO_PILE
                _, suit, height, target = move
                for f in layout.foundation_range:
                    pile = state_now[0].piles[f]
                    if pile and SUIT[pile[-1]] == suit and RANK[pile[-1]] == height:
                        do(Move(f, first_pile + target, 1))
                        break
                else:
                    raise AssertionError("solver line: foundation card not found")
        for source in autos:
            to_foundation(WASTE if source < 0 else first_pile + source)
    return commands
