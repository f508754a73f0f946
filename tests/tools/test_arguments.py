"""tools/arguments.py, the argument types every tool shares, in this process: each range
declared once, each refusal worded in one line."""

from __future__ import annotations

import argparse
import os

import pytest

from game.files.atomic import write_atomic
from tests.tools.helpers import free_display
from tools import arguments
from tools.arguments import (
    JOBS,
    MOST_JOBS,
    input_file,
    output_file,
    output_folder,
    seconds,
    variant_mode,
    whole,
    window_sizes,
    x_display,
)


def refusal(kind, text: str) -> str:
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        kind(text)
    said = str(caught.value)
    assert "\n" not in said and len(said) < 600, said  # the variants' ids named
    return said


def test_whole_numbers_in_their_range():
    assert whole(1, 10)("7") == 7 and whole(0, 5)(" 0 ") == 0
    for text in ("11", "0", "-1", "1e3", "3.0", "x", "", "9" * 5000):
        assert "must be a whole number from 1 to 10" in refusal(whole(1, 10), text)


def test_jobs_from_one_to_four_a_cpu():
    assert MOST_JOBS == 4 * (os.cpu_count() or 1)
    assert JOBS("1") == 1 and JOBS(str(MOST_JOBS)) == MOST_JOBS
    for text in ("0", str(MOST_JOBS + 1), "100000"):
        assert f"from 1 to {MOST_JOBS}" in refusal(JOBS, text)


def test_seconds_above_zero_and_finite():
    timeout = seconds(60)
    assert timeout("0.5") == 0.5 and timeout("60") == 60.0
    for text in ("nan", "NaN", "inf", "-inf", "-5", "0", "60.5", "1e400", "soon"):
        assert "must be a number of seconds above 0, at most 60" in refusal(timeout, text)


def test_an_output_file_is_checked_before_the_run(tmp_path):
    assert output_file(str(tmp_path / "new.txt")) == tmp_path / "new.txt"
    (tmp_path / "old.txt").write_text("kept until replaced")
    assert output_file(str(tmp_path / "old.txt")) == tmp_path / "old.txt"
    assert "does not exist" in refusal(output_file, str(tmp_path / "nowhere" / "x.txt"))
    assert "is a folder, not a file" in refusal(output_file, str(tmp_path))
    os.mkfifo(tmp_path / "pipe")
    assert "is not a regular file" in refusal(output_file, str(tmp_path / "pipe"))
    assert "no file can be written in '/proc/self'" in refusal(output_file, "/proc/self/mem")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.txt", "pipe"]  # tried, removed


def test_an_output_folder_may_be_made_below_one_that_is_there(tmp_path):
    deep = tmp_path / "a" / "b"
    assert output_folder(str(deep)) == deep and not deep.exists()  # made when written
    (tmp_path / "file").write_text("")
    assert "is not a folder" in refusal(output_folder, str(tmp_path / "file"))
    assert "no file can be written" in refusal(output_folder, "/proc/self/new")


def test_an_input_file_is_there_and_regular(tmp_path):
    (tmp_path / "r.jsonl").write_text("{}\n")
    assert input_file(str(tmp_path / "r.jsonl")) == tmp_path / "r.jsonl"
    assert "no such file" in refusal(input_file, str(tmp_path / "missing.jsonl"))
    assert "is a folder" in refusal(input_file, str(tmp_path))
    os.mkfifo(tmp_path / "pipe")
    assert "is not a regular file" in refusal(input_file, str(tmp_path / "pipe"))


def test_window_sizes_and_displays():
    assert window_sizes("800x600, 640X480") == [(800, 600), (640, 480)]
    assert "from 64 to 16384" in refusal(window_sizes, "10x10")
    assert "give WIDTHxHEIGHT" in refusal(window_sizes, "800")
    assert "from 64 to 16384" in refusal(window_sizes, "800xlots")
    assert "give an X display" in refusal(x_display, "ninety-nine")
    assert "no X server answers on" in refusal(x_display, free_display())


def test_a_variant_and_mode_in_the_game_s_words():
    assert variant_mode("klondike/draw3") == ("klondike", "draw3")
    assert "give VARIANT/MODE" in refusal(variant_mode, "klondike")
    said = refusal(variant_mode, "nosuch/x")
    assert (
        said.startswith("unknown variant 'nosuch' (variants: klondike,") and "Message" not in said
    )


def test_a_refusal_is_one_line_and_exit_2(capsys):
    parser = arguments.parser("What it does.\n\nMore.", prog="tool.py")
    parser.add_argument("--jobs", type=JOBS, default=1)
    with pytest.raises(SystemExit) as stopped:
        parser.parse_args(["--jobs", "0"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert (
        err
        == f"tool.py: error: argument --jobs: must be a whole number from 1 to {MOST_JOBS}, got 0\n"
    )
    assert parser.description == "What it does."


def test_shipped_output_needs_out_or_write_shipped(tmp_path, capsys):
    shipped = arguments.ROOT / "game" / "variants" / "winnable_deals.json"
    parser = arguments.parser(None, prog="tool.py")
    arguments.shipped_output(parser, shipped)
    assert parser.parse_args(["--write-shipped"]).out == shipped
    assert parser.parse_args(["--out", str(tmp_path / "p.json")]).out == tmp_path / "p.json"
    for argv in ([], ["--write-shipped", "--out", str(tmp_path / "p.json")]):
        with pytest.raises(SystemExit):
            parser.parse_args(argv)
        assert "--write-shipped" in capsys.readouterr().err


def test_pictures_and_sounds_are_written_whole_too(tmp_path):
    target = tmp_path / "icon.png"
    target.write_bytes(b"old")
    write_atomic(target, b"\x89PNG\r\n\x1a\n\x00", within=tmp_path)
    assert target.read_bytes() == b"\x89PNG\r\n\x1a\n\x00"  # bytes as they are: no newline change
    assert [p.name for p in tmp_path.iterdir()] == ["icon.png"]
