"""Soundness against a second independent solver: Solvitaire, Blake and Gent's general
solitaire solver (built from its public source, run by tools/crosscheck_solvitaire.py on
this game's exact deals, under our rules said in its own rule language). The fixtures hold
deals it won, with its winning lines turned into this engine's notation, and deals it proved
unwinnable, among those this solver decides within the fixture's budget of positions:
every line must replay as a legal win, and this solver must give the same verdict within
that budget. No binary needed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.game import new_game
from game.engine.notation import parse_command
from game.solver import Outcome, solve
from tools.crosscheck_solvitaire import rules_for
from tools.solvitaire_io import Unsayable, their_rules

DATA = Path(__file__).resolve().parent / "data"
FIXTURES = sorted(DATA.glob("solvitaire_*.json"))
EXPECTED = {
    "klondike draw3",
    "klondike draw1-unlimited",
    "klondike draw1-noredeal",
    "saratoga draw3",
    "saratoga draw1-unlimited",
    "saratoga draw1-noredeal",
    "double-klondike draw3-unlimited",
    "double-klondike draw1-unlimited",
    "easthaven deal",  # without its fill-first rule, which Solvitaire cannot say
    # Past Klondike (its games stricter than ours in Seahaven and Eight Off: its wins are
    # ours all the same).
    "freecell standard",
    "bakers-game standard",
    "eight-off standard",
    "seahaven standard",
    "beleaguered-castle standard",
    "bakers-dozen standard",
    "golf standard",  # its hole takes a Queen on a King: only lines without one replay
}


def load(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    return data, rules_for(data["variant"], data["mode"], tuple(data["without"]))


def test_every_game_solvitaire_can_say_has_a_fixture():
    games = {f"{d['variant']} {d['mode']}" for d, _rules in map(load, FIXTURES)}
    assert games >= EXPECTED


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_its_winning_lines_replay_as_wins_and_this_solver_wins_those_deals(path):
    data, rules = load(path)
    assert data["won"]
    for seed, line in data["won"].items():
        game = new_game(rules, seed=int(seed))
        for word in line.split():
            game.execute(parse_command(word, game.layout))
        assert game.won, seed
        res = solve(new_game(rules, seed=int(seed)).state, rules, max_nodes=data["nodes"])
        assert res.outcome is Outcome.WON, seed


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_deals_it_proved_unwinnable_are_proved_unwinnable_here(path):
    data, rules = load(path)
    for seed in data["unwinnable"]:
        res = solve(new_game(rules, seed=seed).state, rules, max_nodes=data["nodes"])
        assert res.outcome is Outcome.UNWINNABLE, seed


def test_it_is_given_our_rules_in_its_words():
    """Thoughtful Klondike: its 'klondike' preset but with any built run moving (its preset
    moves part of a run only to uncover a card that goes to a foundation)."""
    assert their_rules(rules_for("klondike", "draw3")) == {
        "tableau piles": {
            "count": 7,
            "build policy": "red-black",
            "spaces policy": "kings",
            "move built group": "yes",
            "face up cards": "top",
        },
        "foundations": {"removable": True},
        "stock": {"size": 24, "redeal": True, "deal type": "waste", "deal count": 3},
        "two decks": False,
    }
    saratoga = their_rules(rules_for("saratoga", "draw1-noredeal"))
    assert saratoga["stock"] == {"size": 24, "redeal": False, "deal type": "waste", "deal count": 1}
    double = their_rules(rules_for("double-klondike", "draw1-unlimited"))
    assert double["two decks"] and double["stock"]["size"] == 59
    assert double["tableau piles"]["count"] == 9


@pytest.mark.parametrize(
    ("variant", "mode", "words"),
    [
        ("klondike", "draw1", "redeals limited to 2"),
        ("double-klondike", "draw3", "redeals limited to 1"),
    ],
)
def test_rules_it_cannot_say_are_refused_by_name(variant, mode, words):
    with pytest.raises(Unsayable, match=words):
        their_rules(rules_for(variant, mode))


@pytest.mark.parametrize(
    "lines",
    [
        ['{"settings": {"tool": "solvitaire"}}', '{"seed": 3, "outcome": "won"}'],
        ['{"settings": {"variant": "klondike", "mode": "draw3", "timeout": 1.0}}'],
    ],
    ids=["a line without its verdict", "another tool's file"],
)
def test_a_results_file_it_cannot_read_is_said_in_one_line(tmp_path, lines):
    path = tmp_path / "x.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tool = Path(__file__).resolve().parents[2] / "tools" / "crosscheck_solvitaire.py"
    for command in ("summary", "fixture"):
        args = [sys.executable, str(tool), command, "--results", str(path), "--out", "-"]
        proc = subprocess.run(
            args[:-2] if command == "summary" else args, capture_output=True, text=True, timeout=60
        )
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
        assert proc.stderr.count("\n") == 1, proc.stderr
