"""What the game chooser shows: every game, grouped by family, the player's own tables in a
group of their own; each with a picture of its table as dealt, its name and one line in
the player's language, and the player's record. Built from the session (read only); the
widget is ``game.view.widgets.chooser``.

The order within a group: the games played most recently first (``Settings.recent``),
then the others by name, alphabetically in the language shown.
"""

from __future__ import annotations

import re
from collections import OrderedDict

import pygame

from game import i18n
from game.engine.game import new_game
from game.engine.rules import Rules, VariantTable
from game.i18n import _
from game.i18n.collation import sort_key
from game.store.session import Session
from game.store.statistics import StatsKey
from game.variants import all_variants
from game.view import intents as i
from game.view.thumbnail import opening_picture
from game.view.widgets.chooser import ChooserPanel, Group, Tile

PICTURED_DEAL = 1  # every game's picture shows its deal number 1
PICTURES_KEPT = 64  # a window's worth at two sizes, and then some

# Pictures drawn so far, by what they show: opening the chooser again draws none anew.
_pictures: OrderedDict[tuple, pygame.Surface] = OrderedDict()

_FIRST_SENTENCE = re.compile(r"^(.+?[.!?])(?=\s|$)", re.S)


def first_sentence(text: str) -> str:
    found = _FIRST_SENTENCE.match(text.strip())
    return found.group(1) if found else text.strip()


def chooser(session: Session, size: tuple[int, int], first_start: bool = False) -> ChooserPanel:
    """Opened on the game being played. ``first_start``: opened by itself when the game
    first starts: leaving it, the table says where it is found again."""
    found = session.catalogue.scan(session.data_dir)  # read again: a table just added shows
    groups: dict[str, list[Tile]] = {}
    for table in all_variants():
        groups.setdefault(_(table.family.heading), []).append(_tile(session, table, _))
    own = [_tile(session, table, str) for table in found.tables]  # the player's words
    recent = {variant: n for n, variant in enumerate(session.settings.recent)}
    language = i18n.language()

    def order(tiles: list[Tile]) -> tuple[Tile, ...]:
        def key(tile: Tile):
            played = recent.get(tile.key)
            return (played is None, played or 0, sort_key(tile.name, language))

        return tuple(sorted(tiles, key=key))

    shown = [Group(heading, order(tiles)) for heading, tiles in groups.items()]
    if own:
        shown.append(Group(_("Your tables"), order(own)))
    leaving = (i.Notify(_("G opens the game chooser at any time (it is in the menu too).")),)
    return ChooserPanel(
        _("Choose a game"),
        shown,
        size,
        selected=session.game.rules.variant,
        leaving=leaving if first_start else (),
    )


def _tile(session: Session, table: VariantTable, words) -> Tile:
    """``words``: how the table's texts are said (``_`` for the built-ins; a player's
    table is shown in its own words)."""
    settings = session.settings
    mode = settings.mode_for(table.id) or table.default_mode
    if mode not in table.mode_ids():
        mode = table.default_mode
    played = won = 0
    for m in table.modes:
        record = session.stats.get(StatsKey(table.id, m.id))
        played, won = played + record.played, won + record.won
    if played:
        record_text = _("Played {played} \u00b7 won {won}").format(played=played, won=won)
    else:
        record_text = _("Not played yet")
    about = first_sentence(words(table.description)) if table.description else ""
    rules = table.rules(mode)
    look = (
        settings.card_back,
        settings.face_style,
        settings.four_colour,
        settings.left_handed,
    )
    return Tile(
        key=table.id,
        name=words(table.name),
        about=about,
        record=record_text,
        choose=i.SwitchVariant(table.id, mode),
        rules=i.OpenRules(table.id),
        picture=lambda size: picture(rules, size, look),
    )


def picture(rules: Rules, size: tuple[int, int], look: tuple) -> pygame.Surface:
    """The table of ``rules``'s pictured deal at ``size``, kept for the next time."""
    key = (rules, size, look)
    found = _pictures.get(key)
    if found is None:
        found = opening_picture(new_game(rules, seed=PICTURED_DEAL), size, *look)
        _pictures[key] = found
        while len(_pictures) > PICTURES_KEPT:
            _pictures.popitem(last=False)
    else:
        _pictures.move_to_end(key)
    return found
