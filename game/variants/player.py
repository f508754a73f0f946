"""The player's own rule tables, read: the ``variants/`` folder of the data folder and a
table given with ``--table FILE``. Reading keeps nothing: what is known this run, and
which table an id finds, is the ``Catalogue``'s (``catalogue``).

Every ``*.toml`` in ``variants/`` is read when the game starts and again when the Variants
menu opens (a table added shows without a restart). A good one is playable by its id
beside the built-ins; a broken one is listed with its problem (file, line, problem) and
cannot be started. A player's table never stands for a built-in: one whose id is a
built-in's is refused, and so is a second table with the id of another in the folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.engine.digest import sha256
from game.engine.rules import RuleTableError, VariantTable
from game.engine.schema import key_error
from game.engine.text import Message, shown
from game.i18n import N_, say

from . import builtin_ids, read_variant_file, with_line

FOLDER = "variants"  # in the data folder


@dataclass(frozen=True)
class PlayerTable:
    """A player's table, and its data as read: merged with every table it extends (what a
    saved game of it carries, to be played again without the files)."""

    table: VariantTable
    data: dict


@dataclass(frozen=True)
class Broken:
    """A table of the folder that cannot be played, and why (file, line, problem), worded
    in the language spoken when the folder was read (each time the menu opens)."""

    path: Path
    problem: str


@dataclass(frozen=True)
class Found:
    """What the folder holds: the good tables, by file name, and the broken ones."""

    read: tuple[PlayerTable, ...] = ()
    broken: tuple[Broken, ...] = ()

    @property
    def tables(self) -> tuple[VariantTable, ...]:
        return tuple(own.table for own in self.read)


def is_builtin(variant_id: str) -> bool:
    return variant_id in builtin_ids()


def load_player_table(path: str | Path) -> PlayerTable:
    """The player's table at ``path`` (``--table FILE``, a file of the folder). Raises
    RuleTableError, naming the file, the line and the problem."""
    path = Path(path)
    table, data = read_variant_file(path)
    if is_builtin(table.id):
        problem = N_("{name} is the id of a built-in variant; give your table an id of its own")
        raise with_line(key_error(str(path), "id", Message(problem, name=shown(table.id))), path)
    return PlayerTable(table, data)


def folder_of(data_dir: Path) -> Path:
    return Path(data_dir) / FOLDER


def read_folder(data_dir: Path) -> Found:
    """Every table of the data folder's ``variants/`` (none when there is no such folder)."""
    try:
        paths = sorted(p for p in folder_of(data_dir).glob("*.toml") if p.is_file())
    except OSError:  # a folder that cannot be listed: no tables of the player's
        paths = []
    good: dict[str, PlayerTable] = {}
    where: dict[str, Path] = {}
    broken = []
    for path in paths:
        try:
            own = load_player_table(path)
        except RuleTableError as exc:
            broken.append(Broken(path, say(exc)))
            continue
        table = own.table
        if table.id in good:
            problem = Message(
                N_("{name} is already the id of {other}"),
                name=shown(table.id),
                other=where[table.id].name,
            )
            broken.append(Broken(path, say(with_line(key_error(str(path), "id", problem), path))))
            continue
        good[table.id], where[table.id] = own, path
    return Found(tuple(good.values()), tuple(broken))


def own_code(variant_id: str) -> str:
    """A deal code's letters for a player's table: six, from a hash of its id, so never a
    built-in's (those have one to three) and, in all likelihood, no other table's."""
    digest = sha256(variant_id.encode("utf-8", "surrogatepass")).digest()
    return "".join(chr(ord("A") + byte % 26) for byte in digest[:6])
