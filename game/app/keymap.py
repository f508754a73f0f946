"""Every key of the game, in one table: key plus modifiers to an intent.

``GLOBAL`` keys work everywhere (over a menu too); ``TABLE`` keys while the table is in
front; ``REPLAY`` keys while a game is watched on its timeline. Menus, pages and dialogs
move their own selection with the arrows, Enter and Esc (see ``game.view.widgets``). The
README's controls table is checked against this one by a test: the ``action`` text of a
binding is the README row it belongs to, and ``keys`` are written as the README writes
them. The actions are marked for translation (``N_``): the keys page shows them in the
player's language (``game.app.pages.keys_text``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.commands import Draw
from game.i18n import N_
from game.view import intents as i

CTRL, SHIFT, ALT = pygame.KMOD_CTRL, pygame.KMOD_SHIFT, pygame.KMOD_ALT


@dataclass(frozen=True)
class Binding:
    key: int
    mods: int  # the modifiers that must be held (Ctrl, Shift, Alt; either side)
    intent: object
    name: str  # the key as the README writes it: "Ctrl+Z", "F11", "Space"
    action: str  # the README's row


def _b(key: int, mods: int, intent: object, name: str, action: str) -> Binding:
    return Binding(key, mods, intent, name, action)


DRAW = N_("deal from the stock / redeal")
CHOOSE = N_("choose a game (every game, with your record in each)")
UNDO = N_("undo")
REDO = N_("redo")
FOCUS = N_("move the keyboard focus between piles and along a run")
PICK = N_("pick up the focused cards / put the held cards down")
BACK = N_("let go of held cards; else leave fullscreen; else open the menu")

TABLE: tuple[Binding, ...] = (
    _b(pygame.K_SPACE, 0, i.Play(Draw()), "Space", DRAW),
    _b(pygame.K_d, 0, i.Play(Draw()), "D", DRAW),
    _b(pygame.K_z, CTRL, i.Undo(), "Ctrl+Z", UNDO),
    _b(pygame.K_z, CTRL | SHIFT, i.Redo(), "Ctrl+Shift+Z", REDO),
    _b(pygame.K_y, CTRL, i.Redo(), "Ctrl+Y", REDO),
    _b(pygame.K_h, 0, i.Hint(), "H", N_("hint (the next move of a winning line, found fairly)")),
    _b(pygame.K_f, 0, i.Finish(), "F", N_("play out a finished game")),
    _b(pygame.K_n, 0, i.NewGame(), "N", N_("new game")),
    _b(
        pygame.K_g,
        0,
        i.OpenChooser(),
        "G",
        N_("choose a game (every game, with your record in each)"),
    ),
    _b(pygame.K_r, 0, i.Restart(), "R", N_("restart this deal")),
    _b(pygame.K_LEFT, 0, i.FocusMove(-1, 0), "\u2190", FOCUS),
    _b(pygame.K_RIGHT, 0, i.FocusMove(1, 0), "\u2192", FOCUS),
    _b(pygame.K_UP, 0, i.FocusMove(0, -1), "\u2191", FOCUS),
    _b(pygame.K_DOWN, 0, i.FocusMove(0, 1), "\u2193", FOCUS),
    _b(pygame.K_RETURN, 0, i.FocusActivate(), "Enter", PICK),
    _b(pygame.K_KP_ENTER, 0, i.FocusActivate(), "Keypad Enter", PICK),
    _b(pygame.K_ESCAPE, 0, i.Back(), "Esc", BACK),
    _b(pygame.K_m, 0, i.OpenMenu(), "M", N_("open the menu")),
    _b(pygame.K_F10, 0, i.OpenMenu(), "F10", N_("open the menu")),
    _b(pygame.K_F1, 0, i.OpenRules(), "F1", N_("the rules of this variant")),
    _b(pygame.K_i, 0, i.OpenLastMessage(), "I", N_("the last message in full, with its details")),
    _b(pygame.K_k, 0, i.OpenKeys(), "K", N_("the keys of the game (this list)")),
    _b(pygame.K_v, 0, i.OpenReplay(), "V", N_("watch this game from its deal (the timeline)")),
    _b(pygame.K_s, 0, i.ShowMe(), "S", N_("show me: the solver plays a winning line from here")),
    _b(pygame.K_l, 0, i.WhereLost(), "L", N_("where was this game lost?")),
    _b(pygame.K_s, CTRL, i.ExportGame(), "Ctrl+S", N_("save this game to a game file")),
    _b(pygame.K_o, CTRL, i.OpenGameFile(), "Ctrl+O", N_("open a game file")),
)

# While a game is watched on the timeline.
REPLAY: tuple[Binding, ...] = (
    _b(pygame.K_SPACE, 0, i.ReplayToggle(), "Space", N_("replay: play or pause")),
    _b(pygame.K_RIGHT, 0, i.ReplayStep(1), "\u2192", N_("replay: one move on")),
    _b(pygame.K_LEFT, 0, i.ReplayStep(-1), "\u2190", N_("replay: one move back")),
    _b(pygame.K_HOME, 0, i.ReplaySeek(0), "Home", N_("replay: to the deal")),
    _b(pygame.K_END, 0, i.ReplaySeek(-1), "End", N_("replay: to the last move")),
    _b(pygame.K_PLUS, 0, i.ReplaySpeed(1), "+", N_("replay: faster")),
    _b(pygame.K_EQUALS, 0, i.ReplaySpeed(1), "=", N_("replay: faster")),
    _b(pygame.K_KP_PLUS, 0, i.ReplaySpeed(1), "Keypad +", N_("replay: faster")),
    _b(pygame.K_MINUS, 0, i.ReplaySpeed(-1), "-", N_("replay: slower")),
    _b(pygame.K_KP_MINUS, 0, i.ReplaySpeed(-1), "Keypad -", N_("replay: slower")),
    _b(pygame.K_RETURN, 0, i.ReplayBranch(), "Enter", N_("replay: play on from here")),
    _b(pygame.K_ESCAPE, 0, i.CloseReplay(), "Esc", N_("replay: leave it")),
)

GLOBAL: tuple[Binding, ...] = (
    _b(pygame.K_F11, 0, i.ToggleFullscreen(), "F11", N_("fullscreen")),
    _b(pygame.K_RETURN, ALT, i.ToggleFullscreen(), "Alt+Enter", N_("fullscreen")),
    _b(pygame.K_q, CTRL, i.Quit(), "Ctrl+Q", N_("quit")),
)

ALL = GLOBAL + TABLE + REPLAY


def _held(mod: int) -> int:
    """The modifiers held, reduced to Ctrl, Shift and Alt (either side)."""
    return (CTRL if mod & CTRL else 0) | (SHIFT if mod & SHIFT else 0) | (ALT if mod & ALT else 0)


def lookup(bindings: tuple[Binding, ...], key: int, mod: int) -> object | None:
    """The intent of ``key`` with the modifiers ``mod`` holds, or None. An exact match
    first; else Shift is let pass (Shift+N is still N, Caps Lock or not)."""
    held = _held(mod)
    for wanted in (held, held & ~SHIFT):
        for binding in bindings:
            if binding.key == key and binding.mods == wanted:
                return binding.intent
    return None


def key_name(event: pygame.event.Event) -> str | None:
    """The table key's name as the menus show it beside a row ("N", "Ctrl+Z"), or None."""
    intent = lookup(TABLE, event.key, event.mod)
    if intent is None:
        return None
    held = _held(event.mod)
    for binding in TABLE:
        if binding.key == event.key and binding.mods in (held, held & ~SHIFT):
            return binding.name
    return None


def global_intent(event: pygame.event.Event) -> object | None:
    return lookup(GLOBAL, event.key, event.mod)


def table_intent(event: pygame.event.Event) -> object | None:
    return lookup(TABLE, event.key, event.mod)


def replay_intent(event: pygame.event.Event) -> object | None:
    return lookup(REPLAY, event.key, event.mod)
