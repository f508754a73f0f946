"""Every variant a run can deal: the built-in tables, the player's tables of the data
folder's ``variants/``, the one given with ``--table FILE`` and those saved games carry.

The App's session owns one ``Catalogue`` for the run (the session, the menus, the chooser
and the rules pages ask it); nothing the player's files bring is kept anywhere else. The
built-in tables are read once per process (``game.variants.get_variant``): they never
change.
"""

from __future__ import annotations

from pathlib import Path

from game.engine.rules import Rules, VariantTable, validate

from . import all_variants, builtin_ids, get_variant, help_text, own_help_text, unknown_variant
from .player import Found, PlayerTable, is_builtin, read_folder


class Catalogue:
    """The variants known this run, by id.

    Which table an id finds (``find``), whatever order the tables were read in:

    1. a built-in's id: the built-in, always (a player's table with a built-in's id is
       refused when read, and one a save carries is never used for it);
    2. the table given with ``--table`` (``give``): asked for by its file, for this run;
    3. the data folder's table of that id, as the folder was last read (``scan``): the
       file as it is now;
    4. else the last table of that id read this run: one a saved game carried
       (``from_carried``), or one the folder held when it was read before (its file since
       removed or broken), so that a game of it still deals its next game.

    A table read is kept with its data (``carried``): a save of a game under its rules
    carries it, to be played again after the file is edited or removed.
    """

    def __init__(self) -> None:
        self._given: VariantTable | None = None
        self._folder: dict[str, VariantTable] = {}  # as last read
        self._earlier: dict[str, VariantTable] = {}  # every table read: the last of each id
        self._data: dict[Rules, dict] = {}  # the rules of every table read -> its data

    # -- reading ------------------------------------------------------------------------------

    def _remember(self, own: PlayerTable) -> VariantTable:
        table = own.table
        self._earlier[table.id] = table
        for mode in table.mode_ids():
            self._data[table.rules(mode)] = own.data
        return table

    def give(self, own: PlayerTable) -> None:
        """``own`` is the table of its id for this run (``--table FILE``)."""
        self._given = self._remember(own)

    def scan(self, data_dir: Path) -> Found:
        """Read the data folder's ``variants/`` again: its good tables are the folder's
        from now on (the menus read it each time they open, so a table added shows)."""
        found = read_folder(data_dir)
        self._folder = {self._remember(own).id: own.table for own in found.read}
        return found

    def from_carried(self, data: dict, source: str) -> VariantTable:
        """The table a saved game carries (``source`` names the save), checked as a file's
        is; known from then on, after any table of its id given or in the folder."""
        table = validate(data, source)
        if not is_builtin(table.id):  # a built-in's id finds the built-in: nothing to keep
            self._remember(PlayerTable(table, data))
        return table

    # -- looking up ------------------------------------------------------------------------------

    def _own(self, variant_id: str) -> VariantTable | None:
        if self._given is not None and self._given.id == variant_id:
            return self._given
        return self._folder.get(variant_id) or self._earlier.get(variant_id)

    def find(self, variant_id: str, otherwise: str | None = None) -> VariantTable:
        """A variant by its id (the class says which table wins); else the built-in
        ``otherwise`` when given. KeyError names the ids known (a ``Message``)."""
        if is_builtin(variant_id):
            return get_variant(variant_id)
        found = self._own(variant_id)
        if found is not None:
            return found
        if otherwise is not None:
            return get_variant(otherwise)
        raise KeyError(unknown_variant(variant_id, [*builtin_ids(), *self._folder]))

    def tables(self) -> list[VariantTable]:
        """The player's tables known this run, one of each id: the one ``find`` gives."""
        ids = [*([self._given.id] if self._given else []), *self._folder, *self._earlier]
        return [self._own(variant_id) for variant_id in dict.fromkeys(ids)]

    def variants(self) -> list[VariantTable]:
        """Every variant a deal code may name: the built-ins, then the player's tables."""
        return [*all_variants(), *self.tables()]

    def carried(self, rules: Rules) -> dict | None:
        """What a save of a game under ``rules`` carries: the table merged with what it
        extends, for a player's table read this run; None for a built-in (found by its id)."""
        if is_builtin(rules.variant):
            return None
        return self._data.get(rules)

    def help_text(self, variant_id: str, language: str | None = None) -> str:
        """The variant's rules for the in-game help: a built-in's page, or a player's
        table's own words (its name, description, notes and modes)."""
        if is_builtin(variant_id):
            return help_text(variant_id, language)
        table = self.find(variant_id)
        return own_help_text(table, self._data.get(table.rules()) or {})
