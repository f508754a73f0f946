"""The key map is the single source of the game's keys: the README's controls table says
exactly what ``game/app/keymap.py`` binds, no more and no less."""

import re
from pathlib import Path

import pygame

from game.app import keymap
from game.view import intents as i

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_bindings() -> set[tuple[str, str]]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Controls", 1)[1].split("\n## ", 1)[0]  # both of its tables
    found = set()
    for line in section.splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        if len(cells) != 3 or cells[0] in ("action", "---"):
            continue
        for key in re.findall(r"`([^`]+)`", cells[2]):
            found.add((cells[0], key))
    return found


def keymap_bindings() -> set[tuple[str, str]]:
    return {(b.action, b.name) for b in keymap.ALL}


def test_every_key_in_the_readme_is_bound_as_it_says():
    missing = readme_bindings() - keymap_bindings()
    assert not missing, f"the README promises keys the key map does not bind: {missing}"


def test_every_bound_key_is_in_the_readme():
    unlisted = keymap_bindings() - readme_bindings()
    assert not unlisted, f"keys bound but not in the README's controls: {unlisted}"


def test_no_key_is_bound_twice_where_it_works():
    for bindings in (keymap.GLOBAL + keymap.TABLE, keymap.GLOBAL + keymap.REPLAY):
        seen = {}
        for binding in bindings:
            where = (binding.key, binding.mods)
            assert where not in seen, f"{binding.name} is bound twice"
            seen[where] = binding


def test_lookup_reads_the_modifiers():
    z = pygame.K_z
    assert keymap.lookup(keymap.TABLE, z, pygame.KMOD_LCTRL) == i.Undo()
    assert keymap.lookup(keymap.TABLE, z, pygame.KMOD_RCTRL | pygame.KMOD_LSHIFT) == i.Redo()
    assert keymap.lookup(keymap.TABLE, z, 0) is None
    # Shift (or Caps Lock) does not stop a letter key; Ctrl and Alt do.
    assert (
        keymap.lookup(keymap.TABLE, pygame.K_n, pygame.KMOD_SHIFT | pygame.KMOD_CAPS) == i.NewGame()
    )
    assert keymap.lookup(keymap.TABLE, pygame.K_n, pygame.KMOD_ALT) is None
    assert keymap.lookup(keymap.GLOBAL, pygame.K_RETURN, pygame.KMOD_LALT) == i.ToggleFullscreen()
