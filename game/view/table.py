"""The table scene: the game as the player sees and plays it.

It shows a ``Game`` it never changes: the controller plays commands through the session
and then tells the table what happened (``follow``, ``follow_undo``, ``show``); the sprites
(``Motion``) then chase the homes the new state gives them. Input comes back out as
intents (``handle``, ``focus_input``). Drawing is a function of the sprites and a
``Snapshot`` of what is said over them; it changes nothing but the screen's caches.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine.cards import CODE
from game.engine.commands import Command
from game.engine.events import Step
from game.engine.game import Game
from game.engine.state import STOCK

from .card_art import CardArt
from .card_styles import face_folder, squeezed_face_folder
from .decor import Decor
from .focus import KeyboardFocus
from .homes import card_homes
from .hud import Snapshot, Toast, WinPanel, status_fields
from .intents import FocusActivate, FocusMove, Intent
from .layout import Home, Rect, TableLayout, table_layout
from .motion import Motion
from .pointer import PointerInput
from .renderer import TableRenderer
from .slots import reserve_counts, slot_labels
from .sprite_board import SpriteBoard
from .steps import DEAL_STAGGER, is_draw, lifted_by, step_delays, undo_delays

if TYPE_CHECKING:
    from .celebration import WinCascade

SHAKE = 0.07  # a refused card's swing, in card widths


@dataclass
class TableOptions:
    click_to_move: bool = False
    animation_speed: float = 1.0  # duration multiplier; 0 turns animation off
    back_style: str = "blue"
    left_handed: bool = False
    face_style: str = "auto"  # "auto", "standard" or "large" (index)
    four_colour: bool = False


class TableScene(SpriteBoard):
    def __init__(
        self,
        size: tuple[int, int],
        game: Game,
        options: TableOptions | None = None,
        clock: Callable[[], float] = lambda: 0.0,
        helped: Callable[[], bool] = lambda: False,
        deal_code: Callable[[Game], str] = lambda game: "",
        deal_animation: bool = True,
        footer_rows: int = 1,
        celebrate: bool = True,
    ) -> None:
        """``celebrate``: a win is the player's, with its panel and cascade (off for a
        replay, which shows a game played before and has controls of its own)."""
        self.options = options or TableOptions()
        self.celebrate = celebrate
        self.footer_rows = footer_rows
        self.game = game
        self.clock = clock  # the seconds played, kept by the session
        self.helped = helped  # did the solver play moves of this game? ("show me")
        self.deal_code = deal_code  # a game's deal code to share, on its win panel
        self.motion = Motion(self.options.animation_speed)
        self.art = CardArt((60, 84))  # its own: another scene's cards may be another size
        self.renderer = TableRenderer(self.art, self.options.back_style)
        self.layout: TableLayout = self._layout_for(size, game.rules)
        self._lay_out(self.layout)
        self.pointer = PointerInput(self.motion)
        self.pointer.click_to_move = self.options.click_to_move
        self.focus = KeyboardFocus(game.layout.tableau_range.start)
        self.decor = Decor()
        self.cascade: WinCascade | None = None
        self.won_shown = False
        self.hint: tuple[int, int, int | None] | None = None  # (source, count, target)
        self.verdict = ""  # the quiet "still winnable?" indicator, when on
        self.toast: Toast | None = None
        self._toast_left = 0.0
        self.covered = False  # a panel or a replay is over the table
        self.last_message: Toast | None = None  # shown whole on its own page, on asking
        self.sounds: list[str] = []  # what the last changes sound like, for the app to play
        self.footer = None  # a replay's bar (``timeline.ReplayBar``) in place of the status
        self.show(game, deal_animation)

    # -- what the controller tells the table -------------------------------------------------

    def show(self, game: Game, animate: bool = True) -> None:
        """A game to show from its deal (dealt out, unless ``animate`` is off)."""
        rules_changed = game.rules != self.game.rules
        self.game = game
        if rules_changed:
            self.resize((self.layout.width, self.layout.height))
        homes = self.homes()
        if animate and self.motion.speed > 0:
            # The cards in dealing order, each one not left on the stock flying out in turn.
            order = game.deal.cards(game.rules)
            self.motion.reset(self._stacked_at_stock(homes, order))
            dealt = [card for card in order if homes[card].pile != STOCK]
            self.motion.retarget(homes, {card: i * DEAL_STAGGER for i, card in enumerate(dealt)})
            self.sounds.append("deal")
        else:
            self.motion.reset(homes)
        self.cascade = None
        self.won_shown = game.won
        self.hint = None
        self.pointer.cancel()
        self.focus = KeyboardFocus(game.layout.tableau_range.start)
        self._forget_old_news()

    def _stacked_at_stock(self, homes: dict[int, Home], order: list[int]) -> dict[int, Home]:
        """Every card face down on the stock, the first to be dealt on top."""
        x, y = self.layout.origins[STOCK]
        depth = {card: i for i, card in enumerate(reversed(order))}
        return {card: Home(x, y, False, depth[card], STOCK, depth[card]) for card in homes}

    def follow(self, step: Step, from_hand: bool = False) -> None:
        """The game took ``step``: animate it (the cards its events name, in their order).
        ``from_hand``: dropped cards fly on from where they were let go; otherwise running
        motion completes first."""
        if not from_hand:
            self.motion.finish()
        self._retarget(step_delays(step))
        self.sounds.append("deal" if is_draw(step) else "place")
        if self.game.won and not self.won_shown and self.celebrate:
            self._celebrate()

    def follow_undo(self, step: Step) -> None:
        """The game took ``step`` back."""
        self.motion.finish()
        self._retarget(undo_delays(step))
        self.cascade = None
        self.won_shown = self.game.won

    def jump(self) -> None:
        """The game jumped to another position (a replay's seek): every card flies to its
        place there at once."""
        self.motion.finish()
        self._retarget({})
        self.cascade = None
        self.won_shown = self.game.won

    def refused(self, command: Command) -> None:
        """The engine said no: dropped cards fly home, the cards asked about shake."""
        self.motion.retarget(self.homes())
        self.sounds.append("invalid")
        self.shake(*lifted_by(command))

    def shake(self, pile: int, count: int) -> None:
        cards = list(self.game.state.piles[pile][-count:]) if count else []
        self.motion.shake(cards, self.layout.card_w * SHAKE)

    def _retarget(self, delays: dict[int, float]) -> None:
        self.hint = None
        self.motion.retarget(self.homes(), delays)
        self.focus.clamp(self)
        self._forget_old_news()

    def _forget_old_news(self) -> None:
        """A message about another position (a hint, a verdict, a refusal) goes when the
        position changes: it would be about a table no longer shown."""
        toast = self.toast
        if toast is not None and toast.about is not None and toast.about != self.game.state:
            self.toast = None

    def _celebrate(self) -> None:
        from .celebration import WinCascade, launch_order  # loaded when first won

        self.won_shown = True
        self.sounds.append("win")
        order = launch_order(self.game.state.piles, self.game.layout.foundation_range)
        sprites = self.motion.sprites
        starts = [(c, sprites[c].home.x, sprites[c].home.y) for c in order]
        self.cascade = WinCascade(starts, self.layout, seed=self.game.deal.seed or 0)

    def show_hint(self, hint: tuple[int, int, int | None] | None) -> None:
        self.hint = hint

    def say(self, text: str, error: bool = False, about=None, details: str = "") -> None:
        """A message, shown above the status line for a few seconds, in the lines the band
        there holds (the rest, and ``details``, one key away: ``last_message``).
        ``about``: the position (engine state) it speaks of, when it speaks of one: it goes
        when that position is no longer the one shown."""
        if about is not None and about != self.game.state:
            return  # news of a position already left
        self.toast = Toast.of(text, error, about, details)
        self._toast_left = self.toast.seconds
        self.last_message = self.toast

    def hush(self) -> None:
        """The player acted: a message about what came before is no longer news."""
        self.toast = None

    def homes(self) -> dict[int, Home]:
        return card_homes(self.game.state, self.layout, self.game.waste_fan())

    # -- the window and the options ----------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.motion.finish()
        self.pointer.cancel()
        self.layout = self._layout_for(size, self.game.rules)
        self._lay_out(self.layout)
        self.motion.reset(self.homes())
        if self.cascade is not None:
            self.cascade = None  # the cards would fly over the old table: it is over

    def _layout_for(self, size: tuple[int, int], rules) -> TableLayout:
        return table_layout(*size, rules, self.options.left_handed, self.footer_rows)

    def _lay_out(self, layout: TableLayout) -> None:
        """Draw at this layout's card size, with the faces the options and that size call
        for (the large index on small cards, unless the player chose)."""
        self.art.set_faces(*self._face_folders(layout.card_w))
        self.renderer.set_layout(layout)

    def _face_folders(self, card_w: int) -> tuple[str, str]:
        """(the faces, a squeezed fan's covered cards' faces) the options call for."""
        style, four_colour = self.options.face_style, self.options.four_colour
        return (
            face_folder(style, four_colour, card_w),
            squeezed_face_folder(style, four_colour, card_w),
        )

    def set_options(self, options: TableOptions) -> None:
        layout_changed = options.left_handed != self.options.left_handed
        self.options = options
        self.motion.speed = options.animation_speed
        self.pointer.click_to_move = options.click_to_move
        self.renderer.set_back(options.back_style)
        self.renderer.set_faces(*self._face_folders(self.layout.card_w))
        if layout_changed:
            self.resize((self.layout.width, self.layout.height))

    def layout_size(self) -> tuple[int, int]:
        return self.layout.width, self.layout.height

    def invalidate(self) -> None:
        """What is on screen is not the table any more (a menu was over it): draw it all."""
        self.renderer.full_redraw = True

    def cover(self) -> None:
        """A panel or a replay goes over the table: a drag is let go, moving cards land
        and the celebration ends, so the table under it is at rest, as it will be found.
        Its message ends (it belongs to the table, never drawn under a panel); one said
        while covered waits for the table to be in front again (``uncover``)."""
        self.pointer.cancel()
        self.motion.finish()
        self.cascade = None
        self.toast = None
        self.covered = True

    def uncover(self) -> None:
        """The table is in front again."""
        self.covered = False

    def picture(self) -> object:
        """What a drawing of the table at rest depends on (``SceneStack.backdrop``)."""
        homes = tuple(sorted((c, s.home) for c, s in self.motion.sprites.items()))
        return (
            self.game,
            self.game.state,
            self.layout_size(),
            self.options,
            self.art.faces,
            homes,
            self.snapshot(),
            tuple(sorted(self.slot_labels().items())),
            self.cascade is None,
        )

    # -- input -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        """Mouse input on the table, as intents (keys go through the key map)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            _, hits, _ = self.decor.render(self.snapshot(), self.layout)
            for rect, intent in hits:
                if rect.collidepoint(event.pos):
                    return [intent]
            if self.cascade is not None:
                self.cascade = None  # a click ends the celebration
                return []
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.focus.visible = False
            return self.pointer.handle(event, self)
        return []

    def focus_input(self, intent: FocusMove | FocusActivate) -> list[Intent]:
        return self.focus.handle(intent, self)

    # -- time --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Animation, at the loop's fixed step; between frames, a face drawn ahead of need
        (the window shows before all 52 are ready)."""
        self.art.warm(1)
        if self.motion.busy:
            self.motion.update(dt)
        if self.cascade is not None and not self.motion.busy:
            self.cascade.update(dt)
            if self.cascade.done:
                self.cascade = None

    def tick(self, seconds: float) -> None:
        """Wall time, for the timers (a message going away; not while under a panel)."""
        if self.toast is not None and not self.covered:
            self._toast_left -= seconds
            if self._toast_left <= 0:
                self.toast = None

    @property
    def idle(self) -> bool:
        """Nothing moves: the loop may sleep until the next input or timer."""
        return not self.motion.busy and self.cascade is None

    def next_timer(self) -> float | None:
        """Seconds until something shown changes by itself (the clock's next second, a
        message going away); None when nothing will."""
        waits = []
        if self.toast is not None and not self.covered:
            waits.append(max(0.0, self._toast_left))
        if self.game.moves_made and not self.game.won:
            waits.append(1.0 - self.clock() % 1.0)
        return min(waits) if waits else None

    # -- drawing -----------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        game = self.game
        outlines: list[tuple[Rect, str]] = []
        if self.pointer.dragging:
            for target in self.pointer.targets:
                outlines.append((self._cards_rect(target, game.state.piles[target][-1:]), "target"))
        if self.hint is not None:
            source, count, target = self.hint
            cards = game.state.piles[source][-count:] if count else ()
            outlines.append((self._cards_rect(source, cards), "hint"))
            if target is not None:
                outlines.append((self._cards_rect(target, game.state.piles[target][-1:]), "hint"))
        if self.focus.visible:
            if self.focus.held is not None:
                pile, count = self.focus.held
                outlines.append((self._cards_rect(pile, game.state.piles[pile][-count:]), "held"))
            outlines.append(
                (self._cards_rect(self.focus.pile, self.focus.focused_cards(self)), "focus")
            )
        win = None
        if game.won and self.won_shown and self.celebrate:
            win = WinPanel.of(game, self.clock(), self.helped(), self.deal_code(game))
        counts = reserve_counts(game, self.pile_rect)
        toast = None if self.covered else self.toast  # never drawn under a panel
        if self.footer is not None:
            return Snapshot((), toast, tuple(outlines), win, self.footer, counts)
        fields = status_fields(game, self.clock(), self.verdict)
        return Snapshot(fields, toast, tuple(outlines), win, counts=counts)

    def _cards_rect(self, pile: int, cards) -> Rect:
        lay = self.layout
        if not cards:
            return lay.slot_rect(pile)
        homes = [self.motion.sprites[c].home for c in cards]
        x, y = min(h.x for h in homes), min(h.y for h in homes)
        right = max(h.x for h in homes) + lay.card_w
        bottom = max(h.y for h in homes) + lay.card_h
        return Rect(x, y, right - x, bottom - y)

    def slot_labels(self) -> dict[int, str | None]:
        return slot_labels(self.game)

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> list | None:
        """Draw the frame; returns the changed rectangles ([] for none, None for all)."""
        items, _, on_top = self.decor.render(self.snapshot(), self.layout)
        cascade = self.cascade
        flyers = [(CODE[f.card], f.x, f.y) for f in cascade.flying] if cascade else []
        hidden = frozenset(cascade.launched) if cascade else frozenset()
        labels = self.slot_labels()
        sprites = self.motion.sprites
        return self.renderer.draw(surface, sprites, alpha, labels, items, flyers, hidden, on_top)

    def in_sync(self) -> bool:
        """Every sprite rests exactly at the home the engine's state gives it."""
        homes = self.homes()
        sprites = self.motion.sprites
        if homes.keys() != sprites.keys():
            return False
        return all(sprites[c].home == h and sprites[c].at_home for c, h in homes.items())
