"""The layers of ``game``, lowest first; no module imports a layer above its own.

    engine < i18n < files < variants < solver < view < app < cli

A module may import its own layer and those below it. Every import counts, wherever it is
written (``tests/import_graph.py``): a lazy import inside a function or
``importlib.import_module("game.x")`` breaks a layer as much as one at the top.

Where the modules outside the packages sit, and why:

- ``game`` (the package itself, empty): the engine's layer, the lowest; everything passes
  through it.
- ``game.i18n``: its own layer, just above the engine. The engine speaks no language: its
  messages are English templates with their fields (``game.engine.text``) and it never
  imports gettext; ``game.i18n`` translates them (``say``). Everything from the files up
  words things for the player, so i18n is below them all.
- ``game.resources`` (where the bundled files are): the files' layer; it imports nothing
  of the game.
- ``game.analysis`` ("where was it lost?": the solver run over a played game): the
  solver's layer, which it uses; the app and the command line call it.
- ``game.console`` (the command lines' printing: one-line errors, output any terminal can
  carry): the app's layer, as the app's start and its flags print through it.
- ``game.desktop`` (``--install-desktop-entry``) and ``game.__main__``: the command
  line's layer, the top; only ``game.__main__`` calls them.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.import_graph import ROOT, imported, modules

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("engine", ("game.engine", "game")),  # "game": the package's own (empty) module only
    ("i18n", ("game.i18n", "game.collation")),  # the words, and their alphabetical order
    ("files", ("game.files", "game.resources")),
    ("variants", ("game.variants",)),
    ("solver", ("game.solver", "game.analysis")),
    ("view", ("game.view",)),
    ("app", ("game.app", "game.console")),
    ("cli", ("game.cli", "game.__main__", "game.desktop")),
)

# What says a module speaks a language: the engine imports neither.
LANGUAGE_MODULES = ("game.i18n", "gettext")


def layer_of(module: str) -> int | None:
    """The index in LAYERS of ``module``'s layer (its longest matching prefix), or None."""
    best, length = None, -1
    for index, (_name, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            below = module.startswith(prefix + ".") and prefix != "game"
            if (module == prefix or below) and len(prefix) > length:
                best, length = index, len(prefix)
    return best


def upward_imports(source: str, name: str, is_package: bool, where: str, known: set[str]):
    """``where:LINE: NAME (layer) imports TARGET (layer above)`` for each import of
    ``source`` (module ``name``) that reaches above its layer; an unplaced module is one
    too."""
    own = layer_of(name)
    if own is None:
        return [f"{where}: {name} is in no layer (place it in LAYERS)"]
    found = []
    for line, target in imported(source, name, is_package, known):
        theirs = layer_of(target)
        if theirs is not None and theirs > own:
            found.append(
                f"{where}:{line}: {name} ({LAYERS[own][0]}) imports {target} "
                f"({LAYERS[theirs][0]}, above)"
            )
    return found


def sources() -> dict[str, tuple[str, Path]]:
    return {name: (path.read_text(encoding="utf-8"), path) for name, path in modules().items()}


def violations() -> list[str]:
    found = sources()
    known = set(found)
    problems = []
    for name, (source, path) in sorted(found.items()):
        where = str(path.relative_to(ROOT))
        problems += upward_imports(source, name, path.name == "__init__.py", where, known)
    return problems


def test_no_module_imports_a_layer_above_its_own():
    found = violations()
    assert not found, "imports against the layers:\n" + "\n".join(found)


def test_every_layer_holds_modules_and_every_module_has_a_layer():
    names = set(modules())
    assert [n for n in names if layer_of(n) is None] == []
    empty = [layer for index, (layer, _) in enumerate(LAYERS) if index not in map(layer_of, names)]
    assert empty == []


PLANTED = textwrap.dedent(
    """\
    import importlib

    from game.engine.cards import CODE
    from . import cards


    def later():
        from game.app import wording
        return importlib.import_module("game.view.table")


    import game.files.loader as loader
    """
)


def test_the_checker_finds_every_kind_of_upward_import_in_a_planted_module():
    known = set(modules())
    found = upward_imports(PLANTED, "game.engine.planted", False, "planted.py", known)
    assert found == [
        "planted.py:8: game.engine.planted (engine) imports game.app.wording (app, above)",
        "planted.py:9: game.engine.planted (engine) imports game.view.table (view, above)",
        "planted.py:12: game.engine.planted (engine) imports game.files.loader (files, above)",
    ]
    assert upward_imports(PLANTED, "game.cli", False, "cli.py", known) == []
    assert upward_imports("x = 1\n", "game.nowhere", False, "n.py", known) == [
        "n.py: game.nowhere is in no layer (place it in LAYERS)"
    ]


def language_imports(name: str, source: str, is_package: bool) -> list[str]:
    known = set(modules()) | set(LANGUAGE_MODULES)
    return [
        f"{name}:{line} imports {target}"
        for line, target in imported(source, name, is_package, known)
        if target in LANGUAGE_MODULES
    ]


def engine_sources():
    for name, (source, path) in sorted(sources().items()):
        if name.startswith("game.engine"):
            yield name, source, path.name == "__init__.py"


def test_the_engine_imports_no_gettext():
    found = [
        problem
        for name, source, is_package in engine_sources()
        for problem in language_imports(name, source, is_package)
    ]
    assert found == []


def test_the_gettext_check_sees_a_planted_gettext():
    planted = "def f():\n    import gettext\n    from game.i18n import _\n"
    assert language_imports("game.engine.x", planted, False) == [
        "game.engine.x:2 imports gettext",
        "game.engine.x:3 imports game.i18n",
    ]
