"""The player's own rule tables: the ``variants/`` folder of the data folder, a table
given with ``--table FILE``, and the tables saved games carry.

Every ``*.toml`` in ``variants/`` is read when the game starts and again when the Variants
menu opens (a table added shows without a restart). A good one is playable by its id
beside the built-ins; a broken one is listed with its problem (file, line, problem) and
cannot be started. A player's table never stands for a built-in: one whose id is a
built-in's is refused, and so is a second table with the id of another in the folder.

A game of a player's table keeps the table (merged with what it extends) in its save, so
it resumes after the file is edited or removed: ``carried_table`` gives what to write,
``from_carried`` reads it back. Every table seen this run stays known by its id, so a
game of a table since removed still deals its next game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.engine.rules import Rules, RuleTableError, VariantTable, validate
from game.engine.schema import key_error
from game.engine.text import Message, shown
from game.i18n import N_, say

from . import builtin_ids, get_variant, known, read_variant_file, unknown_variant, with_line

FOLDER = "variants"  # in the data folder


@dataclass(frozen=True)
class Broken:
    """A table of the folder that cannot be played, and why (file, line, problem), worded
    in the language spoken when the folder was read (each time the menu opens)."""

    path: Path
    problem: str


@dataclass(frozen=True)
class Found:
    """What the folder holds: the good tables, by file name, and the broken ones."""

    tables: tuple[VariantTable, ...] = ()
    broken: tuple[Broken, ...] = ()


_in_folder: dict[str, VariantTable] = {}  # the folder's good tables, as last read


def is_builtin(variant_id: str) -> bool:
    return variant_id in builtin_ids()


def _read(path: Path) -> VariantTable:
    """A player's table from its file, or RuleTableError; known from then on."""
    table, data = read_variant_file(path)
    if is_builtin(table.id):
        problem = N_("{name} is the id of a built-in variant; give your table an id of its own")
        raise with_line(key_error(str(path), "id", Message(problem, name=shown(table.id))), path)
    known.remember(table, data)
    return table


def load_player_table(path: str | Path) -> VariantTable:
    """The table at ``path`` (``--table FILE``). Raises RuleTableError, naming the file,
    the line and the problem."""
    return _read(Path(path))


def folder_of(data_dir: Path) -> Path:
    return Path(data_dir) / FOLDER


def scan(data_dir: Path) -> Found:
    """Read every table of the data folder's ``variants/`` (none when there is no such
    folder); they are the player's tables from now on."""
    try:
        paths = sorted(p for p in folder_of(data_dir).glob("*.toml") if p.is_file())
    except OSError:  # a folder that cannot be listed: no tables of the player's
        paths = []
    good: dict[str, VariantTable] = {}
    where: dict[str, Path] = {}
    broken = []
    for path in paths:
        try:
            table = _read(path)
        except RuleTableError as exc:
            broken.append(Broken(path, say(exc)))
            continue
        if table.id in good:
            problem = Message(
                N_("{name} is already the id of {other}"),
                name=shown(table.id),
                other=where[table.id].name,
            )
            broken.append(Broken(path, say(with_line(key_error(str(path), "id", problem), path))))
            continue
        good[table.id], where[table.id] = table, path
    _in_folder.clear()
    _in_folder.update(good)
    return Found(tuple(good.values()), tuple(broken))


def player_tables() -> tuple[VariantTable, ...]:
    """The folder's good tables, as last read."""
    return tuple(_in_folder.values())


def find_variant(variant_id: str, otherwise: str | None = None) -> VariantTable:
    """A variant by id: a built-in, else the player's table of that id read last (from the
    folder, ``--table``, a save that carries it: the one being played is dealt again);
    else the built-in ``otherwise`` when given. KeyError names the ids known (a ``Message``)."""
    if is_builtin(variant_id):
        return get_variant(variant_id)
    found = known.seen(variant_id)
    if found is None and otherwise is not None:
        return get_variant(otherwise)
    if found is None:
        ids = [*builtin_ids(), *_in_folder]
        raise KeyError(unknown_variant(variant_id, ids))
    return found


def carried_table(rules: Rules) -> dict | None:
    """What a save of a game under ``rules`` carries: the table merged with what it
    extends, for a player's table; None for a built-in (found by its id)."""
    if is_builtin(rules.variant):
        return None
    return known.data_of(rules)


def from_carried(data: dict, source: str) -> VariantTable:
    """The table a save carries, checked as a file's is; known from then on."""
    table = validate(data, source)
    known.remember(table, data)
    return table


def own_code(variant_id: str) -> str:
    """A deal code's letters for a player's table: six, from a hash of its id, so never a
    built-in's (those have one to three) and, in all likelihood, no other table's."""
    import hashlib  # here: OpenSSL's hashes load after the window opens, not before

    digest = hashlib.sha256(variant_id.encode("utf-8", "surrogatepass")).digest()
    return "".join(chr(ord("A") + byte % 26) for byte in digest[:6])


def forget() -> None:
    """Know no table of the player's (tests, a new data folder)."""
    _in_folder.clear()
    known.forget()
