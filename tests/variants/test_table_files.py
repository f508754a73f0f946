"""Rule table files as a hostile user would hand them over: whatever the file (or the
thing named as one) holds, loading gives a table or a RuleTableError naming the file and
the problem, nothing else, and the player's file is left as it was."""

import os
import sys

import pytest

from game.engine.rules import RuleTableError
from game.variants import TABLES_DIR, load_variant_file

SARATOGA = (TABLES_DIR / "saratoga.toml").read_text(encoding="utf-8")


def refused(path, *fragments):
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(RuleTableError) as err:
        load_variant_file(path)
    message = str(err.value)
    assert str(path) in message and "\n" not in message and len(message) < 400
    for fragment in fragments:
        assert fragment in message
    if before is not None:  # a player's table is refused, never renamed or changed
        assert path.read_bytes() == before
    return message


def test_a_folder_is_not_a_table(tmp_path):
    refused(tmp_path, "folder")


def test_a_missing_file(tmp_path):
    refused(tmp_path / "nothing.toml", "no such file")


@pytest.mark.parametrize("bom", ["utf-8-sig", "utf-16", "utf-16-be", "utf-32"])
def test_a_table_in_any_unicode_encoding_with_a_mark_loads(tmp_path, bom):
    text = SARATOGA
    data = text.encode(bom)
    if bom == "utf-16-be":  # Python writes no mark for an explicit byte order
        data = b"\xfe\xff" + data
    path = tmp_path / "mine.toml"
    path.write_bytes(data)
    assert load_variant_file(path).id == "saratoga"


def test_bytes_that_are_not_text(tmp_path):
    path = tmp_path / "latin.toml"
    path.write_bytes(SARATOGA.replace("Saratoga", "Sarat\u00f6ga").encode("latin-1"))
    refused(path, "not a text file")
    path.write_bytes(b"id = \x00\x01")
    refused(path, "not a text file")


def test_nesting_and_long_numbers(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 1000 + "]" * 1000)
    refused(path, "nested too deeply")
    path.write_text("decks = " + "9" * 5000)
    message = refused(path, "not valid TOML")
    assert "set_int_max_str_digits" not in message


def test_a_huge_value_is_quoted_short(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text('extends = "klondike"\nname = ' + repr(list(range(20000))) + "\n")
    refused(path, "key 'name'", "...")


def test_a_file_over_the_cap_is_refused_unread(tmp_path):
    path = tmp_path / "big.toml"
    path.write_bytes(b"# " + b"x" * (2 << 20))
    refused(path, "far too large")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")
def test_an_endless_device_is_refused_unread():
    from pathlib import Path

    refused(Path("/dev/zero"), "not a regular file")


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges on Windows")
def test_a_loop_of_links(tmp_path):
    (tmp_path / "a.toml").symlink_to(tmp_path / "b.toml")
    (tmp_path / "b.toml").symlink_to(tmp_path / "a.toml")
    refused(tmp_path / "a.toml", "loop of links")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_nobody_writes_does_not_hang(tmp_path):
    os.mkfifo(tmp_path / "pipe.toml")
    # Said as what it is; it was read as empty once ("key 'id': missing").
    refused(tmp_path / "pipe.toml", "not a regular file")


@pytest.mark.parametrize(
    "parent", ["../elsewhere/table", "/etc/passwd", "sub/table", "table.toml", "..", "", "a b"]
)
def test_extends_names_a_variant_never_a_path(tmp_path, parent):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "table.toml").write_text(SARATOGA)
    here = tmp_path / "here"
    here.mkdir()
    child = here / "child.toml"
    child.write_text(f'extends = "{parent}"\nid = "child"\nname = "Child"\n')
    refused(child, "key 'extends'", "must name a variant")


def test_extends_finds_a_sibling_table_then_a_built_in(tmp_path):
    (tmp_path / "mine.toml").write_text(SARATOGA.replace('id = "saratoga"', 'id = "mine"'))
    child = tmp_path / "child.toml"
    child.write_text('extends = "mine"\nid = "child"\nname = "Child"\n')
    assert load_variant_file(child).rules().face_up.value == "all"
    child.write_text('extends = "double-klondike"\nid = "child"\nname = "Child"\n')
    assert load_variant_file(child).rules().decks == 2


def test_a_long_chain_of_tables_is_cut(tmp_path):
    for n in range(40):
        (tmp_path / f"t{n}.toml").write_text(f'extends = "t{n + 1}"\n')
    refused(tmp_path / "t0.toml", "tables deep")
