"""Cross-check this game's solver against an independent one: ShootMe's Klondike-Solver,
a C++ program built by the user from its public source (its code never enters this
repository). Klondike only, the modes whose rules both share: draw three or draw one, the
waste redealt as often as wanted, foundation cards allowed back.

    python tools/crosscheck.py run --solver PATH --mode draw3 --deals 1-300 \\
        --results xcheck-draw3.jsonl [--timeout 60] [--fast]
    python tools/crosscheck.py fixture --mode draw3 --results xcheck-draw3.jsonl \\
        --out tests/solver/data/shootme_draw3.json
    python tools/crosscheck.py summary --results xcheck-draw3.jsonl

``run`` feeds the other solver the exact deck of each of this game's deals
(``new_game(rules, seed=N)``) in its input format, reads its verdict and winning line,
turns the line into this engine's notation and replays it through the engine: a line that
does not replay as a legal win is recorded as such (it would mean the two programs disagree
on the rules). One JSON object per deal is appended to the results file as soon as the deal
is done, so an interrupted run resumes where it stopped. ``fixture`` writes the deals the
other solver won (with their replayed lines) as a test fixture.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.cards import RANK, SUIT  # noqa: E402
from game.engine.commands import Draw, Move, ToFoundation  # noqa: E402
from game.engine.game import new_game  # noqa: E402
from game.engine.notation import format_command  # noqa: E402
from game.engine.state import WASTE  # noqa: E402
from game.variants import get_variant  # noqa: E402
from tools.arguments import input_file, output_file, parser, program, seconds, write_output  # noqa: E402
from tools.deal_runs import ResultsFile, RunError, parse_range, percentile, worded  # noqa: E402

MODES = ("draw3", "draw1-unlimited")
# The other program's suit digits (clubs, diamonds, hearts, spades) and foundation letters.
SUIT_DIGIT = "1234"
SUIT_LETTER = {"C": 0, "D": 1, "H": 2, "S": 3}


def rules_for(mode: str):
    if mode not in MODES:
        raise ValueError(f"the other solver plays only Klondike {' and '.join(MODES)}")
    return get_variant("klondike").rules(mode)


def deck_string(rules, seed: int) -> str:
    """The deal's cards in dealing order, three digits each (rank, then suit 1-4). Both
    programs deal the tableau row by row, left to right, and put the first card left over
    on top of the stock, so the dealing order is the same list."""
    order = new_game(rules, seed=seed).deal.cards(rules)
    return "".join(f"{RANK[c]:02d}{SUIT_DIGIT[SUIT[c]]}" for c in order)


def convert_line(words: list[str], game) -> list:
    """The other program's moves as engine commands, executed on ``game`` as they are read
    (a foundation-to-tableau move needs to know which foundation holds the suit).

    DR# turns the stock # times; NEW redeals; F# turns a card up (the engine does that by
    itself); XY or XY-# moves one or # cards from X (1-7, W, or a foundation suit letter)
    to Y (1-7 or a suit letter)."""
    layout = game.layout
    tableau = list(layout.tableau_range)
    commands = []

    def do(command) -> None:
        game.execute(command)
        commands.append(command)

    def pile(ch: str) -> int:
        return tableau[int(ch) - 1]

    for word in words:
        if word.startswith("DR"):
            for _ in range(int(word[2:])):
                do(Draw())
        elif word == "NEW":
            do(Draw())
        elif word.startswith("F") and word[1:].isdigit():
            continue
        else:
            text, _, count = word.partition("-")
            source, target = text[0], text[1]
            if target in SUIT_LETTER:
                do(ToFoundation(WASTE if source == "W" else pile(source)))
            elif source in SUIT_LETTER:
                suit = SUIT_LETTER[source]
                for f in layout.foundation_range:
                    cards = game.state.piles[f]
                    if cards and SUIT[cards[-1]] == suit:
                        do(Move(f, pile(target), 1))
                        break
                else:
                    raise ValueError(f"{word}: no foundation of that suit")
            else:
                src = WASTE if source == "W" else pile(source)
                do(Move(src, pile(target), int(count) if count else 1))
    return commands


def run_one(binary: str, rules, seed: int, timeout: float, fast: bool) -> dict:
    args = [binary, "/DC", str(rules.draw), "/MVS", "/D", deck_string(rules, seed)]
    if fast:
        args.append("/F")
    start = time.perf_counter()
    try:
        out = subprocess.run(args, capture_output=True, text=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return {"seed": seed, "verdict": "timeout", "seconds": round(timeout, 3)}
    seconds = time.perf_counter() - start
    record = {"seed": seed, "seconds": round(seconds, 3)}
    if "Minimal solution" in out or "Solved in" in out:
        record["verdict"] = "won"
        lines = [ln for ln in out.splitlines() if ln.strip()]
        words = lines[-1].split()
        game = new_game(rules, seed=seed)
        try:
            commands = convert_line(words, game)
        except Exception as exc:  # a refused move: the programs disagree on the rules
            record["replay"] = f"refused: {exc}"
        else:
            record["replay"] = "won" if game.won else "not won"
            record["line"] = " ".join(format_command(c, game.layout) for c in commands)
    elif "Impossible" in out:
        record["verdict"] = "unwinnable"
    else:
        record["verdict"] = "undecided"
    return record


def cmd_run(args) -> int:
    rules = rules_for(args.mode)
    results = ResultsFile(args.results, {"tool": "shootme", "mode": args.mode, "fast": args.fast})
    todo = [s for s in parse_range(args.deals) if s not in results.done]
    for n, seed in enumerate(todo, 1):
        record = run_one(args.solver, rules, seed, args.timeout, args.fast)
        results.append(record)
        sys.stderr.write(f"\r{n}/{len(todo)} deal {seed}: {record['verdict']}   ")
        sys.stderr.flush()
    sys.stderr.write("\n")
    return 0


def cmd_fixture(args) -> int:
    results = ResultsFile(args.results)
    deals = {
        str(seed): rec["line"]
        for seed, rec in sorted(results.done.items())
        if rec.get("verdict") == "won" and rec.get("replay") == "won"
    }
    data = {
        "about": "Deals of Klondike "
        + args.mode
        + " that ShootMe's Klondike-Solver won, with its winning lines turned into this "
        "engine's notation and replayed as legal wins. Made by tools/crosscheck.py.",
        "mode": args.mode,
        "deals": deals,
    }
    write_output(args.out, json.dumps(data, indent=0) + "\n")
    print(f"{len(deals)} won deals written to {args.out}")
    return 0


def cmd_summary(args) -> int:
    records = list(ResultsFile(args.results).done.values())
    n = len(records)
    if not n:
        raise RunError(f"{args.results}: no deals in it")
    counts: dict[str, int] = {}
    for rec in records:
        counts[rec["verdict"]] = counts.get(rec["verdict"], 0) + 1
    times = [rec["seconds"] for rec in records]
    decided = [rec for rec in records if rec["verdict"] in ("won", "unwinnable")]
    bad = [rec["seed"] for rec in records if rec.get("replay", "won") != "won"]
    print(f"{n} deals: {counts}")
    print(f"median {percentile(times, 50):.3f} s, 90th percentile {percentile(times, 90):.3f} s")
    for limit in (1.0, 3.0):
        within = sum(1 for rec in decided if rec["seconds"] <= limit)
        print(f"decided within {limit:g} s: {100 * within / n:.1f}%")
    print(f"lines that do not replay as wins: {bad or 'none'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run the other solver over deals")
    run.add_argument("--solver", type=program, required=True, help="the KlondikeSolver binary")
    run.add_argument("--mode", required=True, choices=MODES)
    run.add_argument("--deals", required=True)
    run.add_argument(
        "--results", type=output_file, required=True, help="JSON-lines file, appended per deal"
    )
    run.add_argument("--timeout", type=seconds(), default=60.0, help="seconds per deal (60)")
    run.add_argument("--fast", action="store_true", help="its best-attempt mode (/F)")
    fix = sub.add_parser("fixture", help="write the won deals as a test fixture")
    fix.add_argument("--mode", required=True, choices=MODES)
    fix.add_argument("--results", type=input_file, required=True)
    fix.add_argument("--out", type=output_file, required=True)
    summ = sub.add_parser("summary", help="verdict counts and times")
    summ.add_argument("--results", type=input_file, required=True)
    args = ap.parse_args(argv)
    return {"run": cmd_run, "fixture": cmd_fixture, "summary": cmd_summary}[args.command](args)


if __name__ == "__main__":
    raise SystemExit(worded(main))
