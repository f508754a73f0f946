"""The player's tables known this run, by id and by rules (``player`` reads them; the
rules pages and the saves ask): the last one read of each id, and the table each player's
rules come from, merged with what it extends, to carry in a save."""

from __future__ import annotations

from game.engine.rules import Rules, VariantTable

_seen: dict[str, VariantTable] = {}  # every player's table known this run: the last read
_data: dict[Rules, dict] = {}  # each player's rules -> the table they come from, to carry


def remember(table: VariantTable, data: dict) -> None:
    _seen[table.id] = table
    for mode in table.mode_ids():
        _data[table.rules(mode)] = data


def prefer(table: VariantTable) -> None:
    """``table`` is the one of its id from now on (``--table``, read before the folder)."""
    _seen[table.id] = table


def seen(variant_id: str) -> VariantTable | None:
    return _seen.get(variant_id)


def tables() -> list[VariantTable]:
    """Every player's table known this run (the last read of each id)."""
    return list(_seen.values())


def data_of(rules: Rules) -> dict | None:
    """The table ``rules`` come from, as read (None for rules of no player's table)."""
    return _data.get(rules)


def forget() -> None:
    _seen.clear()
    _data.clear()
