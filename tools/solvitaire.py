"""Solvitaire (Blake and Gent's solitaire solver, a binary the user builds from its public
source: docs/solver-results.md, "Against other solvers") on a position given as plain data
under one of its own presets (``free-cell``, ``spider``, ``bakers-game``, ...).

    python tools/solvitaire.py --solver PATH --microsoft 1 [--preset free-cell]
    python tools/solvitaire.py --solver PATH --position deal.json --preset spider [--timeout 10]
    python tools/solvitaire.py --solver PATH --presets

A position is the plain data tools/fcsolve.py reads: ``{"columns": [[...], ...], "down":
[5, 5, ...], "cells": [...], "foundations": [...], "stock": [...], "waste": [...]}``, card
codes as this game writes them, each pile bottom to top; ``down`` counts the face-down cards
at the bottom of each column. Solvitaire takes free cells all full or all empty, and the
foundations of one-deck games only. One JSON line: the verdict (``solved``, ``unsolvable``,
``gave-up``), why it gave up (Solvitaire's words: ``timed-out``, ``memory-limit-reached``),
the seconds the process took and the positions Solvitaire searched.

Its search: streamlined first (suit symmetry, cards sent home early) for a tenth of the
time, then, where that finds no win, the full search, whose ``unsolvable`` is a proof (its
``--streamliners smart-solvability``).
``--presets`` lists the presets the binary has, each with its columns, cells and decks.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script

from game.engine.cards import RANKS, SUITS, parse_code  # noqa: E402
from tools.arguments import input_file, parser, program, seconds, whole  # noqa: E402
from tools.deal_runs import RunError, worded  # noqa: E402
from tools.fcsolve import Position, Verdict, microsoft_position  # noqa: E402
from tools.solvitaire_io import described_rules, solution_type  # noqa: E402

VERDICT = {"solved": "solved", "unsolvable": "unsolvable"}  # anything else: gave up


@dataclass(frozen=True)
class Shape:
    """A preset's layout, from its rules (``--describe-game-rules``) over the defaults."""

    columns: int
    cells: int
    decks: int
    face_up: str  # "all" or "top"


def _ask(binary: str, *args: str) -> str:
    try:
        done = subprocess.run([binary, *args], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RunError(f"{binary}: {getattr(exc, 'strerror', None) or exc}") from None
    return done.stdout


def presets(binary: str) -> list[str]:
    """The preset names the binary lists (``--available-game-types``)."""
    text = _ask(binary, "--available-game-types")
    names = text.split(":", 1)[-1].split("Use the", 1)[0].split()
    if not names:
        raise RunError(f"{binary} listed no presets: is it Solvitaire?")
    return names


def shape(binary: str, preset: str) -> Shape:
    """The preset's columns, cells, decks and which column cards lie face up."""
    rules = described_rules(binary, preset)
    return Shape(
        columns=rules["tableau piles"]["count"],
        cells=rules["cells"]["count"],
        decks=2 if rules["two decks"] else 1,
        face_up=rules["tableau piles"]["face up cards"],
    )


def _theirs(code: str, face_down: bool = False) -> str:
    rank, suit = parse_code(code)
    text = ("10" if rank == 10 else RANKS[rank - 1]) + SUITS[suit]
    return text[:-1] + text[-1].lower() if face_down else text  # lower case: face down


def deal_json(position: Position, preset: str, layout: Shape) -> dict:
    """Solvitaire's deal for ``position``: its piles bottom to top, face-down cards with a
    lower-case suit, each foundation's cards from the Ace. RunError naming what it cannot
    take or what is wrong with the cards."""
    if len(position.columns) != layout.columns:
        raise RunError(
            f"{preset} has {layout.columns} columns; the position has {len(position.columns)}"
        )
    cells = [c for c in position.cells if c is not None]
    if cells and len(cells) != layout.cells:
        raise RunError(
            f"Solvitaire takes {preset}'s {layout.cells} free cells all full or all empty;"
            f" the position has {len(cells)} cards in them"
        )
    if any(position.down) and layout.face_up == "all":
        raise RunError(f"{preset} deals every card face up; the position has face-down cards")
    if position.foundations and layout.decks > 1:
        raise RunError(f"Solvitaire takes no foundation cards in {preset}, a two-deck game")
    founded = []
    for top in position.foundations:
        rank, suit = parse_code(top)
        founded += [RANKS[r - 1] + SUITS[suit] for r in range(1, rank + 1)]
    down = list(position.down) + [0] * (len(position.columns) - len(position.down))
    every = [c for column in position.columns for c in column] + cells + founded
    every += list(position.stock) + list(position.waste)
    _check_cards(every, layout.decks)
    deal: dict = {
        "tableau piles": [
            [_theirs(c, k < down[n]) for k, c in enumerate(column)]
            for n, column in enumerate(position.columns)
        ]
    }
    if cells:
        deal["cells"] = [_theirs(c) for c in cells]
    if founded:
        deal["foundations"] = [_theirs(c) for c in founded]
    if position.stock:
        deal["stock"] = [_theirs(c) for c in position.stock]
    if position.waste:
        deal["waste"] = [_theirs(c) for c in position.waste]
    return deal


def _check_cards(codes: list[str], decks: int) -> None:
    counted: Counter = Counter()
    for code in codes:
        try:
            counted[parse_code(code)] += 1
        except ValueError as exc:
            raise RunError(str(exc)) from None
    extra = sorted(RANKS[r - 1] + SUITS[s] for (r, s), n in counted.items() if n > decks)
    missing = [
        r + s for s in SUITS for r in RANKS if counted[RANKS.index(r) + 1, SUITS.index(s)] < decks
    ]
    if extra or missing:
        said = [f"more than {decks} of {' '.join(extra)}"] if extra else []
        said += [f"too few of {' '.join(missing)}"] if missing else []
        raise RunError(f"the position is not {decks} whole deck(s): {'; '.join(said)}")


def solve(position: Position, preset: str, binary: str, timeout: float = 60.0) -> Verdict:
    """Solvitaire's verdict on ``position`` under its ``preset`` within ``timeout`` seconds."""
    deal = deal_json(position, preset, shape(binary, preset))
    with tempfile.TemporaryDirectory(prefix="solvitaire-") as folder:
        deal_file = Path(folder, "deal.json")
        deal_file.write_text(json.dumps(deal), encoding="utf-8")
        args = [binary, "--type", preset, "--timeout", str(max(1, int(timeout * 1000)))]
        args += ["--streamliners", "smart-solvability", str(deal_file)]
        start = time.perf_counter()
        try:
            done = subprocess.run(args, capture_output=True, text=True, timeout=timeout + 30)
        except subprocess.TimeoutExpired:
            return Verdict("gave-up", "timed-out", time.perf_counter() - start, None, None)
        except OSError as exc:
            raise RunError(f"{binary}: {exc.strerror or exc}") from None
        took = time.perf_counter() - start
    if "Error" in done.stderr + done.stdout and "Solution Type:" not in done.stdout:
        said = " ".join((done.stderr + done.stdout).split())[-300:]
        raise RunError(f"Solvitaire refused the deal: {said}")
    kind = solution_type(done.stdout, done.stderr)
    searched = [
        int(line.split(":", 1)[1])
        for line in done.stdout.splitlines()
        if line.startswith("States Searched:")
    ]
    verdict = VERDICT.get(kind, "gave-up")
    reason = None if verdict != "gave-up" else kind
    return Verdict(verdict, reason, took, searched[-1] if searched else None, moves=None)


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--solver", type=program, required=True, help="the Solvitaire binary")
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--microsoft", type=whole(1, 2**31 - 1), help="Microsoft FreeCell deal")
    what.add_argument("--position", type=input_file, help="a position as JSON")
    what.add_argument("--presets", action="store_true", help="list its presets")
    ap.add_argument("--preset", default="free-cell", help="its preset (default: free-cell)")
    ap.add_argument("--timeout", type=seconds(), default=60.0, help="seconds (default: 60)")
    args = ap.parse_args(argv)
    if args.presets:
        for name in presets(args.solver):
            layout = shape(args.solver, name)
            print(json.dumps({"preset": name, **layout.__dict__}))
        return 0
    if args.position is not None:
        try:
            data = json.loads(args.position.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise RunError(f"{args.position}: {exc}") from None
        position = Position.from_data(data)
    else:
        position = microsoft_position(args.microsoft)
    verdict = solve(position, args.preset, args.solver, args.timeout)
    print(json.dumps(verdict.data()))
    return 0


if __name__ == "__main__":
    raise SystemExit(worded(main))
