"""This game's solver and Freecell Solver (``fc-solve``, Debian's freecell-solver-bin) side
by side on the same deals of the FreeCell family, in one run.

    python tools/crosscheck_fcsolve.py run --variant freecell --deals 1-1000 \\
        --results xcheck-freecell.jsonl [--timeout 10] [--jobs 2]
    python tools/crosscheck_fcsolve.py summary --results xcheck-freecell.jsonl

``run`` deals each deal with the engine (``new_game(rules, seed=N)``: FreeCell's deal N is
Microsoft's), hands the same position to fc-solve (``tools/fcsolve.py``, its search and,
where that finds no win, its exhaustive one, so that its "unsolvable" is a proof) under the
preset that plays the variant's rules, and to this game's solver (``game.solver.solve``,
the same time limit), and replays this game's winning line through the engine. One JSON
line per deal (resumable); a *contradiction* is one solver proving a deal lost that the
other won. Where fc-solve won a deal this game's solver proved lost, fc-solve's line is
played here, move by move (``their_line_here``): the record says whether it wins here or
at which move the engine refuses it, and why; where this game's solver won a deal fc-solve
proved lost, the record counts the moves of its line that take a card back from a foundation
and, if there are any, solves the deal again with no card allowed back (fc-solve's game:
``ours_kept_up``). ``summary`` prints the Markdown table of
docs/solver-results.md: verdicts side by side, contradictions (and how many of fc-solve's
lines the engine refuses), lines that do not replay, and each solver's median and
95th-percentile seconds per deal.

Only variants whose rules fc-solve has a preset for are offered (``PRESETS``): FreeCell,
Baker's Game (AisleRiot's empty piles take only a King: fc-solve's ``ko_bakers_game``, not
its ``bakers_game``, whose empty piles take any card), Eight Off, Seahaven Towers (runs move
as far as the free cells allow, an empty pile takes a King), Beleaguered Castle and Streets
and Alleys. One difference stays: in all of these but FreeCell this game lets a foundation's
top card come back to the tableau, and fc-solve never moves one back; so its "unsolvable"
proves the loss only of its own game, and a deal it proves lost that this game wins would
be counted a contradiction though it need not be one. Its won lines should be ours too,
but in ``ko_bakers_game`` some of them lay a card other than a King on an empty pile, which
that preset forbids: their replay here names the move.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script

from game.engine.cards import CODE  # noqa: E402
from game.engine.game import new_game  # noqa: E402
from game.engine.orders import Move, ToFoundation  # noqa: E402
from game.engine.refusals import Refused  # noqa: E402
from game.solver.outcome import Outcome  # noqa: E402
from game.solver.solve import solve  # noqa: E402
from game.variants import get_variant  # noqa: E402
from tools import fcsolve  # noqa: E402
from tools.arguments import JOBS, input_file, output_file, parser, seconds  # noqa: E402
from tools.deal_runs import ResultsFile, parse_range, percentile, run_deals, worded  # noqa: E402

# This game's variant -> fc-solve's preset with the same rules.
PRESETS = {
    "freecell": "freecell",
    "bakers-game": "ko_bakers_game",
    "eight-off": "eight_off",
    "seahaven": "seahaven",
    "beleaguered-castle": "beleaguered_castle",
    "streets-and-alleys": "streets_and_alleys",
}
VERDICTS = {Outcome.WON: "solved", Outcome.UNWINNABLE: "unsolvable", Outcome.UNDECIDED: "gave-up"}


def position_of(game) -> fcsolve.Position:
    """The engine's deal as fc-solve's position: columns, cells, foundation tops."""
    layout, piles = game.layout, game.state.piles
    columns = tuple(tuple(CODE[c] for c in piles[t]) for t in layout.tableau_range)
    cells = tuple(CODE[piles[c][-1]] if piles[c] else None for c in layout.cell_range)
    tops = tuple(CODE[piles[f][-1]] for f in layout.foundation_range if piles[f])
    return fcsolve.Position(columns, cells, tops)


def replays(game, line) -> bool:
    """Does ``line`` play, command by command, from the deal to a won game?"""
    try:
        for command in line:
            game.execute(command)
    except Refused:
        return False
    return game.won


def one_deal(variant: str, timeout: float, seed: int) -> dict:
    rules = get_variant(variant).rules()
    game = new_game(rules, seed=seed)
    theirs = fcsolve.solve(position_of(game), PRESETS[variant], prove=True, timeout=timeout)
    start = time.perf_counter()
    ours = solve(game.state, rules, max_nodes=None, max_seconds=timeout)
    our_seconds = time.perf_counter() - start
    said = VERDICTS[ours.outcome]
    record = {
        "seed": seed,
        "ours": said,
        "our_seconds": round(our_seconds, 4),
        "our_nodes": ours.nodes,
        "theirs": theirs.verdict,
        "their_reason": theirs.reason,
        "their_seconds": round(theirs.seconds, 4),
        "contradiction": {said, theirs.verdict} == {"solved", "unsolvable"},
    }
    if ours.outcome is Outcome.WON:
        record["replays"] = replays(new_game(rules, seed=seed), ours.line)
        record["line_length"] = len(ours.line)
    if record["contradiction"] and theirs.verdict == "solved" and theirs.moves is not None:
        record["their_line"] = their_line_here(new_game(rules, seed=seed), theirs.moves)
    if record["contradiction"] and ours.outcome is Outcome.WON:
        # fc-solve never takes a card back from a foundation: does our win need to?
        back = [
            c for c in ours.line if type(c) is Move and c.source in game.layout.foundation_range
        ]
        record["from_foundation"] = len(back)
        if back:
            kept = replace(rules, cards_may_return=False)
            again = solve(
                new_game(kept, seed=seed).state, kept, max_nodes=None, max_seconds=timeout
            )
            record["ours_kept_up"] = VERDICTS[again.outcome]
    return record


def their_line_here(game, moves: list[fcsolve.Move]) -> str:
    """fc-solve's line played here from the deal: "wins", "ends before a win", or the
    first move the engine refuses ("move N (CARD): why")."""
    layout = game.layout

    def pile(place: tuple[str, int]) -> int:
        kind, index = place
        return (layout.tableau_range if kind == "column" else layout.cell_range)[index]

    for number, move in enumerate(moves, 1):
        if move.target[0] == "foundation":
            command = ToFoundation(pile(move.source))
        else:
            command = Move(pile(move.source), pile(move.target), move.count)
        try:
            game.execute(command)
        except Refused as refused:
            return f"move {number} ({move.card}): {refused}"
    return "wins" if game.won else "ends before a win"


def summary(records: list[dict], variant: str) -> str:
    """The Markdown rows of the side-by-side table."""

    def count(key: str, value: str) -> int:
        return sum(r[key] == value for r in records)

    ours = [r["our_seconds"] for r in records]
    theirs = [r["their_seconds"] for r in records]
    seeds = [r["seed"] for r in records]
    rows = [
        "| variant | deals | ours: won / lost / undecided | fc-solve: won / lost / gave up "
        "| contradictions | lines not replaying | ours: median / 95th pct s | fc-solve: median "
        "/ 95th pct s |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        f"| {variant} | {min(seeds)}-{max(seeds)} ({len(records)}) "
        f"| {count('ours', 'solved')} / {count('ours', 'unsolvable')} / {count('ours', 'gave-up')} "
        f"| {count('theirs', 'solved')} / {count('theirs', 'unsolvable')} / "
        f"{count('theirs', 'gave-up')} "
        f"| {contradictions(records)} "
        f"| {sum(r.get('replays') is False for r in records)} "
        f"| {percentile(ours, 50):.3f} / {percentile(ours, 95):.3f} "
        f"| {percentile(theirs, 50):.3f} / {percentile(theirs, 95):.3f} |",
    ]
    return "\n".join(rows)


def contradictions(records: list[dict]) -> str:
    """The contradictions counted; of those fc-solve won, how many of its lines the engine
    refuses here (a "win" that is not one of this game's); of those won here, how many this
    game's solver proves lost once no card may come back from a foundation (fc-solve's
    game)."""
    found = sum(r["contradiction"] for r in records)
    refused = sum(r.get("their_line", "wins") != "wins" for r in records)
    kept_up = sum(r.get("ours_kept_up") == "unsolvable" for r in records)
    said = []
    if refused:
        said.append(f"{refused} of fc-solve's lines refused here")
    if kept_up:
        said.append(f"{kept_up} won here only by taking cards back from a foundation")
    return f"{found} ({'; '.join(said)})" if said else str(found)


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    verbs = ap.add_subparsers(dest="verb", required=True)
    run = verbs.add_parser("run", help="run both solvers on deals")
    run.add_argument("--variant", choices=sorted(PRESETS), default="freecell")
    run.add_argument("--deals", type=parse_range, required=True, help="e.g. 1-1000")
    run.add_argument("--timeout", type=seconds(), default=10.0, help="seconds per deal, each")
    run.add_argument("--jobs", type=JOBS, default=1)
    run.add_argument("--results", type=output_file, required=True)
    told = verbs.add_parser("summary", help="the table of a run")
    told.add_argument("--results", type=input_file, required=True)
    args = ap.parse_args(argv)
    if args.verb == "summary":
        results = ResultsFile(args.results)
        variant = (results.settings or {}).get("variant", "?")
        print(summary(list(results.done.values()), variant))
        return 0
    settings = {"variant": args.variant, "timeout": args.timeout}
    results = ResultsFile(args.results, settings)

    def progress(record: dict) -> None:
        print(json.dumps(record), flush=True)
        if record["contradiction"] or record.get("replays") is False:
            print(f"deal {record['seed']}: disagreement", file=sys.stderr, flush=True)

    records = run_deals(
        one_deal, (args.variant, args.timeout), args.deals, results, args.jobs, None, progress
    )
    print(summary(records, args.variant))
    return 0


if __name__ == "__main__":
    sys.exit(worded(main))
