"""The engine's command line, run as a player's script would run it."""

import json
import subprocess
import sys

import pytest

from game.engine.cards import CODE, full_deck


def cli(*args):
    proc = subprocess.run(
        [sys.executable, "-m", "game.cli", *args], capture_output=True, text=True, timeout=60
    )
    return proc.returncode, proc.stdout, proc.stderr


def test_play_prints_the_position():
    code, out, err = cli("play", "--variant", "klondike", "--seed", "1", "t1-t7", "draw", "draw")
    assert code == 0 and err == ""
    pos = json.loads(out)
    assert set(pos) == {"variant", "mode", "piles", "score", "won", "moves", "redeals_left"}
    assert (pos["variant"], pos["mode"], pos["moves"], pos["redeals_left"]) == (
        "klondike",
        "draw1",
        3,
        2,
    )
    assert list(pos["piles"]) == ["stock", "waste", "f1", "f2", "f3", "f4"] + [
        f"t{i}" for i in range(1, 8)
    ]
    assert pos["piles"]["t1"] == [] and pos["piles"]["t7"][-2:] == ["8S", "7D"]
    assert pos["piles"]["t2"] == ["??", "6D"] and len(pos["piles"]["waste"]) == 2


def test_reveal_and_deck_and_unlimited_redeals():
    deck = " ".join(CODE[c] for c in full_deck(1))
    code, out, _ = cli(
        "play", "--variant", "saratoga", "--mode", "draw3", "--deck", deck, "--reveal"
    )
    pos = json.loads(out)
    assert code == 0 and pos["redeals_left"] is None
    assert pos["piles"]["t1"] == ["AC"] and pos["piles"]["t2"] == ["2C", "8C"]
    assert pos["piles"]["stock"][-1] == "-3H"  # the first leftover card is on top


def test_double_klondike_piles():
    code, out, _ = cli("play", "--variant", "double-klondike", "--seed", "3")
    pos = json.loads(out)
    assert code == 0 and len(pos["piles"]["stock"]) == 59
    assert [k for k in pos["piles"] if k.startswith("f")] == [f"f{i}" for i in range(1, 9)]
    assert len(pos["piles"]["t9"]) == 9


@pytest.mark.parametrize(
    "args, fragment",
    [
        (
            ["play", "--variant", "klondike", "--seed", "1", "draw", "t1-t3"],
            "move 2 (t1-t3): 2D takes AC or AS.",
        ),
        # Issue 21's finding 5, on the command line: the reason, in card codes.
        (["play", "--variant", "klondike", "--seed", "1", "t2-t7"], "(t2-t7): 8S takes 7D or 7H."),
        (["play", "--variant", "klondike", "--seed", "1", "t1-t5"], "(t1-t5): KH takes QC or QS."),
        (["play", "--variant", "klondike", "--seed", "1", "t2-f1"], "An empty foundation takes"),
        (["play", "--variant", "pyramid", "--seed", "1"], "unknown variant 'pyramid'"),
        (["play", "--variant", "klondike", "--mode", "draw2", "--seed", "1"], "no mode 'draw2'"),
        (["play", "--variant", "klondike", "--deck", "AS 2H"], "missing"),
        (["play", "--variant", "klondike", "--deck", "AS " * 52], "more than 1 time"),
        (["play", "--variant", "klondike", "--deck", "ZZ"], "unknown card"),
        (["play", "--variant", "klondike", "--seed", "x"], "--seed"),
        (["play", "--variant", "klondike", "--seed", "1", "bogus"], "move 1 (bogus)"),
    ],
)
def test_problems_exit_2_with_one_line(args, fragment):
    code, out, err = cli(*args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and fragment in err


def test_variants_lists_modes():
    code, out, _ = cli("variants")
    assert code == 0
    for text in ["klondike", "draw1-noredeal", "saratoga", "double-klondike", "draw3"]:
        assert text in out


# -- what a hostile user types ----------------------------------------------------------

NINES = "9" * 5000


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["play", "--variant", "klondike", "--mode", "", "--seed", "1"], "no mode ''"),
        (["play", "--variant", "klondike", "--seed", "\uff11\uff12"], "deal number"),
        (["play", "--variant", "klondike", "--seed", "\u0661"], "deal number"),
        (["play", "--variant", "klondike", "--seed", NINES], "deal number"),
        (["play", "--variant", "klondike", "--seed", "18446744073709551616"], "deal number"),
        (["play", "--variant", "klondike", "--seed", "-1"], "--seed"),
        (["play", "--variant", "klondike", "--seed", "1", "t\u0661-t2"], "no pile"),
        (["play", "--variant", "klondike", "--seed", "1", "t1-t2:" + NINES], "1 to 999"),
        (["play", "--variant", "klondike", "--seed", "1", "x" * 5000], "move 1"),
        (["play", "--variant", "x\ny" * 3000, "--seed", "1"], "unknown variant"),
        (["play", "--variant", "klondike", "--deck", "ZZ " * 5000], "unknown card"),
        (["play", "--variant", "klondike", "--seed", "1", "--deck", "AS"], "not allowed"),
        (["play", "--table", "", "--seed", "1"], "folder"),
        (["bogus\nsecond line"], "invalid choice"),
    ],
)
def test_hostile_arguments_are_refused_in_one_short_line(capsys, args, fragment):
    from game.cli import main

    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and len(err) < 500
    assert err.startswith("python -m game.cli: error: ") and fragment in err
    assert "Traceback" not in err and "set_int_max_str_digits" not in err


def test_a_table_and_a_variant_contradict_each_other(capsys):
    from game.cli import main
    from game.variants import TABLES_DIR

    table = str(TABLES_DIR / "klondike.toml")
    assert main(["play", "--table", table, "--variant", "saratoga", "--seed", "1"]) == 2
    assert "cannot be used together" in capsys.readouterr().err
    assert main(["play", "--table", table, "--seed", "1"]) == 0


def run_into_closed_pipe(*args):
    """Run with stdout a pipe whose reader has already gone."""
    import os

    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run(
            [sys.executable, *args], stdout=write, stderr=subprocess.PIPE, text=True, timeout=60
        )
    finally:
        os.close(write)
    return proc.returncode, proc.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["-m", "game.cli", "play", "--variant", "double-klondike", "--seed", "1"],
        ["-m", "game.cli", "variants"],
    ],
)
def test_a_reader_that_hangs_up_gets_one_line_and_status_2(args):
    code, err = run_into_closed_pipe(*args)
    assert code == 2 and err.count("\n") == 1 and "reader closed the pipe" in err
    assert "Traceback" not in err and "Exception ignored" not in err
