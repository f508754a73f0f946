"""The table scene: the game as the player sees and plays it.

It owns a ``Game`` (the engine), the sprites that show it (``Motion``), the drawing
(``TableRenderer``) and the input (mouse drags and clicks, the keyboard focus). Input only
ever becomes engine commands through ``TableScene.do``; the sprites then chase the homes
that the new engine state gives them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine.commands import Collect, Command, Draw, Move, Refused, ToFoundation
from game.engine.game import Game, new_game
from game.engine.rules import Rules
from game.engine.state import STOCK, WASTE

from .card_art import CardArt
from .celebration import WinCascade
from .decor import Decor
from .focus import KeyboardFocus
from .layout import Home, Rect, TableLayout, card_homes, table_layout
from .motion import Motion
from .pointer import PointerInput
from .renderer import TableRenderer
from .steps import DEAL_STAGGER, step_delays, undo_delays


@dataclass
class TableOptions:
    click_to_move: bool = False
    animation_speed: float = 1.0  # duration multiplier; 0 turns animation off
    back_style: str = "blue"
    left_handed: bool = False


@dataclass
class Feedback:
    """What the scene asks of the app: sounds to play, a line to show."""

    sounds: list[str] = field(default_factory=list)
    message: str | None = None
    requests: list[str] = field(default_factory=list)  # toolbar buttons: "menu", "new", ...


class TableScene:
    def __init__(
        self,
        size: tuple[int, int],
        game: Game,
        options: TableOptions | None = None,
        elapsed: float = 0.0,
        deal_animation: bool = True,
    ) -> None:
        self.options = options or TableOptions()
        self.game = game
        self.elapsed = elapsed
        self.feedback = Feedback()
        self.motion = Motion(self.options.animation_speed)
        self.art = CardArt((60, 84))
        self.renderer = TableRenderer(self.art, self.options.back_style)
        self.layout: TableLayout = table_layout(*size, game.rules, self.options.left_handed)
        self.renderer.set_layout(self.layout)
        self.pointer = PointerInput(self)
        self.focus = KeyboardFocus(self)
        self.decor = Decor(self)
        self.cascade: WinCascade | None = None
        self.won_shown = False
        self.redraw_all = True
        self.needs_draw = True  # False only while nothing at all has changed since a draw
        self._start(deal_animation)

    # -- game lifecycle -------------------------------------------------------------------

    def _start(self, animate: bool) -> None:
        homes = self.homes()
        if animate and self.motion.speed > 0:
            # The cards in dealing order: the tableau's first, flying out one by one.
            order = self.game.deal.cards(self.game.rules)
            self.motion.reset(self._stacked_at_stock(homes, order))
            dealt = order[: sum(self.game.rules.deal_counts)]
            delays = {card: i * DEAL_STAGGER for i, card in enumerate(dealt)}
            self.motion.retarget(homes, delays)
            self.feedback.sounds.append("deal")
        else:
            self.motion.reset(homes)
        self.cascade = None
        self.won_shown = self.game.won
        self.pointer.cancel()
        self.focus.held = None
        self.decor.refresh()
        self.needs_draw = True

    def _stacked_at_stock(self, homes: dict[int, Home], order: list[int]) -> dict[int, Home]:
        """Every card face down on the stock, the first to be dealt on top."""
        x, y = self.layout.origins[STOCK]
        depth = {card: i for i, card in enumerate(reversed(order))}
        return {card: Home(x, y, False, depth[card], STOCK, depth[card]) for card in homes}

    def new_game(self, rules: Rules, seed: int) -> None:
        self.set_game(new_game(rules, seed=seed))

    def set_game(self, game: Game, elapsed: float = 0.0, animate: bool = True) -> None:
        size_changed = game.rules != self.game.rules
        self.game = game
        self.elapsed = elapsed
        if size_changed:
            self.resize((self.layout.width, self.layout.height))
        self._start(animate)

    def restart(self) -> None:
        self.motion.finish()
        self.game.restart()
        self.elapsed = 0.0
        self._start(True)

    # -- commands ---------------------------------------------------------------------------

    def do(self, command: Command, finish: bool = True) -> bool:
        """Play a command; animate the result. Refused commands change nothing and say why.
        ``finish=False`` leaves running motion alone (dropped cards fly on from the drop)."""
        if finish:
            self.motion.finish()
        before = self.game.state
        try:
            step = self.game.execute(command)
        except Refused as exc:
            self.feedback.sounds.append("invalid")
            self.feedback.message = str(exc)
            self.motion.retarget(self.homes())  # anything left off home slides back
            self.decor.refresh()
            return False
        self.feedback.message = None
        self._follow(step_delays(before, step))
        self.feedback.sounds.append("deal" if isinstance(command, Draw) else "place")
        if self.game.won:
            self._celebrate()
        return True

    def undo(self) -> bool:
        self.motion.finish()
        step = self.game.undo()
        if step is None:
            return False
        self._follow(undo_delays(self.game.state, step))
        self.cascade = None
        self.won_shown = False
        return True

    def redo(self) -> bool:
        self.motion.finish()
        before = self.game.state
        step = self.game.redo()
        if step is None:
            return False
        self._follow(step_delays(before, step))
        if self.game.won:
            self._celebrate()
        return True

    def _follow(self, delays: dict[int, float]) -> None:
        self.needs_draw = True
        self.decor.hint = None
        self.motion.retarget(self.homes(), delays)
        self.focus.clamp()
        self.decor.refresh()

    def _celebrate(self) -> None:
        if not self.won_shown:
            self.won_shown = True
            self.feedback.sounds.append("win")
            self.cascade = WinCascade(self, seed=self.game.deal.seed or 0)
            self.decor.refresh()

    def homes(self) -> dict[int, Home]:
        return card_homes(self.game.state, self.layout, self.game.waste_fan())

    def legal_targets(self, source: int, count: int) -> list[int]:
        return [
            m.target
            for m in self.game.legal_moves()
            if isinstance(m, Move) and m.source == source and m.count == count
        ]

    def best_move(self, source: int, count: int) -> Command | None:
        """Click-to-move: the foundation first, then a pile with cards, then an empty one."""
        targets = self.legal_targets(source, count)
        layout = self.game.layout
        if not targets:
            return None
        targets.sort(
            key=lambda t: (
                not layout.is_foundation(t),
                not self.game.state.piles[t],
                t,
            )
        )
        return Move(source, targets[0], count)

    # -- window -------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.motion.finish()
        self.layout = table_layout(*size, self.game.rules, self.options.left_handed)
        self.renderer.set_layout(self.layout)
        homes = self.homes()
        self.motion.reset(homes)
        self.pointer.cancel()
        self.decor.refresh()
        if self.cascade is not None:
            self.cascade = WinCascade(self, seed=1)
        self.redraw_all = True

    def set_options(self, options: TableOptions) -> None:
        layout_changed = options.left_handed != self.options.left_handed
        self.options = options
        self.motion.speed = options.animation_speed
        self.renderer.set_back(options.back_style)
        if layout_changed:
            self.resize((self.layout.width, self.layout.height))
        self.redraw_all = True

    # -- the scene protocol ---------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        self.needs_draw = True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if event.type == pygame.MOUSEBUTTONDOWN and self._toolbar_click(event):
                return
            if self.cascade is not None and event.type == pygame.MOUSEBUTTONDOWN:
                self.cascade = None  # a click ends the celebration
                self.decor.refresh()
                return
            self.focus.visible = False
            self.pointer.handle(event)
        elif event.type == pygame.KEYDOWN:
            self.focus.handle_key(event)

    def _toolbar_click(self, event: pygame.event.Event) -> bool:
        if event.button != 1 or not self.layout.status_rect.contains(*event.pos):
            return False
        button = self.decor.button_at(*event.pos)
        if button == "undo":
            self.undo()
        elif button == "redo":
            self.redo()
        elif button is not None:
            self.feedback.requests.append(button)
        return True

    def update(self, dt: float) -> None:
        if self.game.moves_made and not self.game.won:
            before = int(self.elapsed)
            self.elapsed += dt
            if int(self.elapsed) != before:
                self.decor.refresh()
                self.needs_draw = True
        if self.motion.busy:
            self.motion.update(dt)
            self.needs_draw = True
        if self.cascade is not None and not self.motion.busy:
            self.cascade.update(dt)
            self.needs_draw = True

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> list | None:
        """Draw the frame; returns the changed rectangles ([] for none, None for all)."""
        if not (self.needs_draw or self.redraw_all):
            return []
        if self.redraw_all:
            self.renderer.full_redraw = True  # whatever is on screen now is not the table
        self.needs_draw = self.motion.busy or self.cascade is not None
        self.renderer.set_decorations(self.decor.items())
        if self.cascade is not None:
            self.cascade.draw(self.renderer)
        dirty = self.renderer.draw(surface, self.motion.sprites, alpha, self.slot_labels())
        if self.redraw_all:
            self.redraw_all = False
            return None
        return dirty

    def in_sync(self) -> bool:
        """Every sprite rests exactly at the home the engine's state gives it."""
        homes = self.homes()
        sprites = self.motion.sprites
        if homes.keys() != sprites.keys():
            return False
        return all(sprites[c].home == h and sprites[c].at_home for c, h in homes.items())

    @property
    def idle(self) -> bool:
        """Nothing moves: the loop may sleep until the next input."""
        return not self.motion.busy and self.cascade is None

    def slot_labels(self) -> dict[int, str | None]:
        layout = self.game.layout
        labels: dict[int, str | None] = {}
        mech = self.game.mechanics
        labels[STOCK] = "redeal" if mech.can_draw(self.game.state) else "no_redeal"
        for f in layout.foundation_range:
            labels[f] = "A"
        if self.game.rules.empty_accepts == "king":
            for t in layout.tableau_range:
                labels[t] = "K"
        return labels

    # -- hit testing ------------------------------------------------------------------------------

    def card_at(self, x: float, y: float) -> tuple[int, int] | None:
        """(pile, position) of the topmost card under the point, by the cards' homes."""
        w, h = self.layout.card_w, self.layout.card_h
        best = None
        for sprite in self.motion.sprites.values():
            home = sprite.home
            if home.x <= x < home.x + w and home.y <= y < home.y + h:
                if best is None or home.z > best.z:
                    best = home
        return None if best is None else (best.pile, best.position)

    def pile_at(self, x: float, y: float) -> int | None:
        for pile in range(self.game.layout.pile_count):
            if self.layout.slot_rect(pile).contains(x, y):
                return pile
        return None

    def pile_rect(self, pile: int) -> Rect:
        """The rectangle a drop onto ``pile`` aims at: its top card, or its empty slot."""
        cards = self.game.state.piles[pile]
        if not cards:
            return self.layout.slot_rect(pile)
        home = self.motion.sprites[cards[-1]].home
        return Rect(home.x, home.y, self.layout.card_w, self.layout.card_h)

    def pickable(self, pile: int, position: int) -> int:
        """How many cards a grab at ``position`` of ``pile`` lifts (0: none may move)."""
        state = self.game.state
        cards = state.piles[pile]
        count = len(cards) - position
        if pile == STOCK or count < 1 or position < state.down[pile]:
            return 0
        layout = self.game.layout
        if pile == WASTE or layout.is_foundation(pile):
            if count != 1:
                return 0
            if layout.is_foundation(pile) and not self.game.rules.cards_may_return:
                return 0
            return 1
        return count if count <= self.game.mechanics.run_length(state, pile) else 0

    def double_click(self, pile: int) -> None:
        layout = self.game.layout
        if layout.is_foundation(pile):
            self.do(Collect())
        elif pile == WASTE or layout.is_tableau(pile):
            self.do(ToFoundation(pile))
