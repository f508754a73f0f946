"""Every file the game writes lands inside the folder it means to write to.

One function writes (``game.files.atomic.write_atomic``, given the folder): it refuses a
target that does not resolve inside it, whatever a name says (``../../X``, an absolute
path, a NUL) and wherever a link leads. Names built from what a file says go through
``safe_name``. A scan of the source holds every module of ``game`` to that function, so
a new writer cannot forget it; a property test holds every writer to its folder."""

from __future__ import annotations

import ast
import os
import re
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.commands import Draw
from game.engine.game import Deal, Game
from game.files.atomic import OutsideFolder, inside, safe_name, write_atomic
from game.files.problems import why
from game.store.autosave import save_current
from game.store.gamefiles import games_folder, keep_finished, save_new, suggested_name, write_game
from game.store.settings import Settings, save_settings
from game.store.statistics import Statistics, record_result, save_statistics
from game.store.winnable import WinnableDeals
from game.variants import get_variant

GAME = Path(__file__).resolve().parents[2] / "game"
WRITER = GAME / "files" / "atomic.py"
QUICK = settings(
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
KLONDIKE = get_variant("klondike").rules("draw1")


def files_under(root: Path) -> set[Path]:
    return set(root.rglob("*"))


# -- the one function -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["../../X", "../X", "..", ".", "a/../../X", "sub/../../X"])
def test_a_name_that_climbs_out_is_refused_and_nothing_written(tmp_path, name):
    folder = tmp_path / "a" / "b" / "data"
    folder.mkdir(parents=True)
    with pytest.raises(OutsideFolder):
        write_atomic(folder / name, "x", within=folder)
    assert files_under(tmp_path) == {tmp_path / "a", tmp_path / "a" / "b", folder}


def test_an_absolute_path_or_a_nul_is_refused(tmp_path):
    folder = tmp_path / "data"
    for target in (tmp_path / "some" / "other" / "folder" / "X", folder / "a\0b", Path("/X")):
        with pytest.raises(OutsideFolder):
            write_atomic(target, "x", within=folder)
    assert files_under(tmp_path) == set()


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges on Windows")
def test_a_link_out_of_the_folder_is_not_followed(tmp_path):
    folder, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    (folder / "history").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(OutsideFolder):
        write_atomic(folder / "history" / "game.json", "x", within=folder)
    (folder / "settings.json").symlink_to(elsewhere / "settings.json")
    with pytest.raises(OutsideFolder):
        write_atomic(folder / "settings.json", "x", within=folder)
    assert list(elsewhere.iterdir()) == []


def test_a_refused_write_is_told_in_words(tmp_path):
    folder = tmp_path / "data"
    with pytest.raises(OutsideFolder) as refused:
        write_atomic(folder / ".." / "X", "x", within=folder)
    said = why(refused.value, folder / ".." / "X", writing=True)
    assert (
        said == f"{folder / '..' / 'X'} is not inside {folder} (a name or a link leads out of it)"
    )


def test_a_new_name_is_never_written_over(tmp_path):
    write_atomic(tmp_path / "a.json", "one", within=tmp_path, new=True)
    with pytest.raises(FileExistsError):
        write_atomic(tmp_path / "a.json", "two", within=tmp_path, new=True)
    assert (tmp_path / "a.json").read_text() == "one"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]  # no temporary file left


def test_bytes_are_written_as_they_are(tmp_path):
    write_atomic(tmp_path / "icon.png", b"\x89PNG\r\n\x00", within=tmp_path)
    assert (tmp_path / "icon.png").read_bytes() == b"\x89PNG\r\n\x00"


@given(st.text(max_size=300))
@QUICK
def test_safe_name_is_a_slug_whatever_the_text(text):
    name = safe_name(text)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name) and len(name) <= 40


# -- no module writes but through it ----------------------------------------------------------

# What writes a file: an open() for writing, pathlib's writers, os.open with O_CREAT, a
# copy, a temporary file, a rename onto a name.
_WRITING_MODE = re.compile(r"[wax+]")
_WRITERS = {"write_text", "write_bytes", "touch", "mkstemp", "NamedTemporaryFile"}
_COPIERS = {"copyfile", "copy", "copy2", "copytree", "move"}
_RENAMERS = {"replace", "rename"}
# Allowed outside atomic.py, each for its reason: the lock file is opened to be locked,
# never written, refusing links itself (folderlock); the data folder is probed with an empty
# file, removed at once (ownership); /dev/null silences a library's output.
_ALLOWED = {
    ("files/folderlock.py", "os.open"),
    ("store/ownership.py", "tempfile.mkstemp"),
    ("i18n/console.py", "os.open"),
    ("app/sound.py", "open"),
}


def _mode(node: ast.Call, position: int) -> ast.expr | None:
    mode = node.args[position] if len(node.args) > position else None
    return next((k.value for k in node.keywords if k.arg == "mode"), mode)


def _writing(mode: ast.expr | None, unset_writes: bool = False) -> bool:
    """Does this mode write? A mode that is no constant is taken to."""
    if mode is None:
        return unset_writes
    return not isinstance(mode, ast.Constant) or bool(_WRITING_MODE.search(str(mode.value)))


def _writes(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        method = isinstance(func, ast.Attribute)
        name = func.attr if method else getattr(func, "id", "")
        owner = func.value.id if method and isinstance(func.value, ast.Name) else ""
        call = f"{owner}.{name}" if owner else name
        if name == "open" and (not method or owner in ("io", "builtins")):
            writes = _writing(_mode(node, 1))
        elif name == "open" and owner == "os":
            writes = any(flag in ast.dump(node) for flag in ("O_CREAT", "O_WRONLY", "O_RDWR"))
        elif name == "open":  # a path's, path.open("w"); not Session.open(folder)
            mode = _mode(node, 0)
            writes = isinstance(mode, ast.Constant) and _writing(mode)
        else:
            writes = (
                name == "fdopen"
                or name in _WRITERS
                or (owner == "shutil" and name in _COPIERS)
                or (owner == "os" and name in _RENAMERS)
            )
        if writes:
            found.append((node.lineno, call))
    return found


def test_every_module_writes_only_through_write_atomic():
    stray = []
    for path in sorted(GAME.rglob("*.py")):
        if path == WRITER:
            continue
        relative = path.relative_to(GAME).as_posix()
        for line, call in _writes(ast.parse(path.read_text(encoding="utf-8"))):
            if (relative, call) not in _ALLOWED:
                stray.append(f"game/{relative}:{line}: {call}")
    assert stray == [], "write through game.files.atomic.write_atomic:\n" + "\n".join(stray)


def test_the_scan_finds_each_kind_of_write():
    source = """
open(p, "w"); open(p, mode="ab"); io.open(p, "x"); path.open("w"); path.write_text("x")
path.write_bytes(b""); os.open(p, os.O_CREAT | os.O_WRONLY); shutil.copyfile(a, b)
os.replace(a, b); tempfile.mkstemp(); os.fdopen(fd, "w"); open(p, mode)
open(p); open(p, "rb"); path.open(); os.open(p, os.O_RDONLY)
"""
    assert len(_writes(ast.parse(source))) == 12


# -- every writer, for any id, name or date ---------------------------------------------------

ids = st.one_of(
    st.text(max_size=80),
    st.sampled_from(["/some/other/folder/X", "../../X", "..", ".", "a\0b", "/", "C:\\X", "~"]),
    st.text(alphabet="./\\\0~-", max_size=20),
)


@given(variant=ids, name=st.text(max_size=80), when=st.datetimes(), seed=st.integers(0, 10**6))
@QUICK
def test_every_writer_writes_inside_its_folder(variant, name, when, seed):
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        data = root / "a" / "b" / "data"
        data.mkdir(parents=True)
        rules = replace(KLONDIKE, variant=variant, name=name)
        game = Game(rules, Deal(seed=seed))
        game.execute(Draw())
        written = [
            save_new(data, game, 1.0),
            keep_finished(data, game, 1.0, "abandoned"),
        ]
        named = games_folder(data) / suggested_name(game, when)
        write_game(named, game, 1.0, within=data)
        written.append(named)
        save_current(data, game, 1.0)
        save_settings(data, Settings().with_mode(variant, "draw1"))
        key = (variant, "draw1")
        save_statistics(data, record_result(Statistics(), key, "id", False, 1.0, 1, None))
        WinnableDeals(data).add(rules, seed)
        for path in written:
            assert inside(path, data).parent in (games_folder(data), data / "history")
            assert os.sep not in path.name and path.name.isascii() and path.name.isprintable()
        made = files_under(root)
        assert all(p == root / "a" or p.is_relative_to(data) or p == data.parent for p in made)
        assert {p.name for p in data.iterdir()} >= {"games", "history", "current-game.json"}


@pytest.mark.parametrize("variant", ["/some/other/folder/X", "../../X"])
def test_the_two_ids_that_wrote_outside(tmp_path, variant):
    data = tmp_path / "a" / "b" / "data"
    game = Game(replace(KLONDIKE, variant=variant), Deal(seed=1))
    saved = save_new(data, game, 1.0)
    kept = keep_finished(data, game, 1.0, "won")
    assert saved.parent == games_folder(data) and kept.parent == data / "history"
    slug = "some-other-folder-x" if variant.startswith("/") else "x"
    assert saved.name.startswith(f"{slug}-deal-1-") and f"-{slug}-deal-1-" in kept.name
    assert all(p.is_relative_to(data) or p in data.parents for p in files_under(tmp_path))
