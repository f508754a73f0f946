"""Cross-check this game's solver against Solvitaire, the general solitaire solver of Blake
and Gent, a C++ program the user builds from its public source (its code never enters this
repository; docs/solver-results.md, "Against other solvers", says how to build it). Any
variant and mode whose rules Solvitaire's rule vocabulary can say: the tool translates our
rule table into its custom-rules JSON (or names its preset where that preset's rules are
ours key for key) and refuses, naming the rule, what it cannot say. Where the two games
still differ one way only (tools/solvitaire_io.how_they_differ: Golf, Spider, Spiderette,
Seahaven, Eight Off), the results say which game is the looser, and a contradiction
counts only the looser game's proof against the stricter one's win.

    python tools/crosscheck_solvitaire.py run --solver PATH --variant klondike --mode draw3 \\
        --deals 1-100 --results xcheck.jsonl [--timeout 10] [--jobs 1] [--without RULE]
    python tools/crosscheck_solvitaire.py summary --results xcheck.jsonl [--markdown | --verdicts]
    python tools/crosscheck_solvitaire.py fixture --results xcheck.jsonl --out FILE.json

``run`` solves each deal (``new_game(rules, seed=N)``, its exact cards, face-down cards
marked as such) with both solvers, each given ``--timeout`` seconds, and appends one JSON
line per deal to the results file (an interrupted run resumes where it stopped). A
contradiction, one solver winning a deal the other proves unwinnable, is printed loudly.
Solvitaire prints its winning line as the positions it passes through; each is matched to
the position after one of our legal moves (after as many stock turns as it takes), and the
line so found is replayed through our engine, which must reach a won game: a line that does
not map or replay would mean the two programs read the rules differently (or, where its
game is the looser, that the line uses its looser rule). A line printed longer than
``LONGEST_PRINTOUT`` bytes is not followed; the record says so.
``--without RULE`` compares a variant with one of its rules reset to Klondike's default
(Easthaven without ``fill_empty_first``, which Solvitaire cannot say): the results say so.
``fixture`` writes a handful of cheap deals, Solvitaire's won lines and proved losses, for
tests/solver/test_crosscheck_solvitaire.py, which needs no binary.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.cards import CODE  # noqa: E402
from game.engine.commands import Draw, mechanics_for  # noqa: E402
from game.engine.events import apply_step  # noqa: E402
from game.engine.game import new_game  # noqa: E402
from game.engine.notation import format_command  # noqa: E402
from game.engine.orders import Move  # noqa: E402
from game.engine.refusals import Refused  # noqa: E402
from game.engine.rules import Rules  # noqa: E402
from game.engine.state import STOCK, WASTE  # noqa: E402
from game.solver import solve  # noqa: E402
from game.variants import get_variant  # noqa: E402
from tools.arguments import (  # noqa: E402
    JOBS,
    NODES,
    input_file,
    output_file,
    parser,
    program,
    seconds,
    variant_rules,
    whole,
    write_output,
)
from tools.deal_runs import (  # noqa: E402
    ResultsFile,
    RunError,
    parse_range,
    percentile,
    run_deals,
    wilson,
    worded,
)
from tools.solvitaire_io import (  # noqa: E402
    LONGEST_PRINTOUT,
    THEIRS_STRICTER,
    how_they_differ,
    is_hole,
    matching_preset,
    opening,
    picture,
    run_theirs,
    their_positions,
    their_rules,
)


def rules_for(variant: str, mode: str | None, without: tuple[str, ...] = ()) -> Rules:
    """Our rules, with each rule named in ``without`` reset to its (Klondike) default;
    RunError, worded, for an unknown variant, mode or rule."""
    try:
        rules = variant_rules(variant, mode)
    except ValueError as exc:
        raise RunError(str(exc)) from None
    defaults = {f.name: f.default for f in dataclasses.fields(Rules)}
    for name in without:
        if defaults.get(name, dataclasses.MISSING) is dataclasses.MISSING:
            raise RunError(f"--without {name}: not a rule with a default")
        rules = dataclasses.replace(rules, **{name: defaults[name]})
    return rules


# -- its winning line, position by position --------------------------------------------------


def _after_one_move(mech, state):
    """(commands, position) for every stock turn sequence followed by one other move (a
    Solvitaire stock move turns the stock as often as needed and plays the waste card;
    when that empties the stock, it turns the waste over in the same move)."""
    prefix: list = []
    turns = len(state.piles[STOCK]) + len(state.piles[WASTE]) + 2
    for _ in range(turns):
        for command in mech.legal_moves(state):
            if not isinstance(command, Draw):
                after = apply_step(state, mech.check(state, command))
                yield [*prefix, command], after
                if not after.piles[STOCK] and after.piles[WASTE] and mech.can_draw(after):
                    redealt = apply_step(after, mech.check(after, Draw()))
                    yield [*prefix, command, Draw()], redealt
        if not mech.can_draw(state):
            return
        state = apply_step(state, mech.check(state, Draw()))
        prefix = [*prefix, Draw()]
        yield prefix, state  # a deal to the tableau is a move of its own


def their_line(rules: Rules, seed: int, output: str) -> list:
    """Solvitaire's winning line as our commands; ValueError where a position of its line
    is not one legal move (and stock turns) away from the one before. A move of its that
    leaves our picture as it was (a dealt cell card, its reserve card, into a cell) is
    none of ours."""
    game, line = opening(rules, seed)
    mech, layout, state = mechanics_for(rules), game.layout, game.state
    hole = is_hole(rules)
    positions = their_positions(output)
    if not positions or positions[0] != picture(state, layout, hole):
        raise ValueError("its first position is not the deal")
    quick = rules.decks == 1 and not state.piles[STOCK] and not state.piles[WASTE]
    for n, wanted in enumerate(positions[1:], 1):
        now = picture(state, layout, hole)
        if now == wanted:
            continue
        if quick:  # one deck, no stock: the cards that moved name the move
            found = _move_of(mech, state, layout, _moved(now, wanted), wanted)
            if found is not None:
                line.append(found[0])
                state = found[1]
                continue
        for commands, after in _after_one_move(mech, state):
            if picture(after, layout, hole) == wanted:
                line += commands
                state = after
                break
        else:
            raise ValueError(f"its position {n} is no legal move away")
    return line


def _places(shown: dict) -> dict[str, tuple]:
    """Where each face-up card of a picture lies (one deck: a code names one card)."""
    where: dict[str, tuple] = {}
    for n, column in enumerate(shown["tableau"]):
        where.update((code, ("tableau", n)) for code in column if code != "##")
    for part in ("foundations", "cells", "stock", "waste"):
        where.update((code, (part,)) for code in shown[part])
    return where


def _moved(before: dict, after: dict) -> set[str]:
    """The cards seen in both pictures that lie elsewhere in the second."""
    old, new = _places(before), _places(after)
    return {code for code, place in new.items() if code in old and old[code] != place}


def _move_of(mech, state, layout, moved: set[str], wanted: dict):
    """(command, position) of our legal move of exactly the cards ``moved`` that gives
    the ``wanted`` picture, or None (then every move is tried)."""
    for command in mech.legal_moves(state):
        if not isinstance(command, Move):
            continue
        lifted = state.piles[command.source][-command.count :]
        if {CODE[c] for c in lifted} != moved:
            continue
        after = apply_step(state, mech.check(state, command))
        if picture(after, layout) == wanted:
            return command, after
    return None


# -- one deal, both solvers ------------------------------------------------------------------


def check_deal(
    binary: str,
    variant: str,
    mode: str,
    without,
    timeout: float,
    seed: int,
    preset: str | None = None,
) -> dict:
    """One deal's results line: our verdict, Solvitaire's (under its ``preset`` where that
    is our rules, else our rules in its words), and its line replayed here."""
    rules = rules_for(variant, mode, tuple(without))
    game, _opening = opening(rules, seed)
    ours = solve(new_game(rules, seed=seed).state, rules, max_nodes=None, max_seconds=timeout)
    start = time.perf_counter()
    theirs, output = run_theirs(binary, rules, game.state, game.layout, timeout, preset)
    record = {
        "seed": seed,
        "outcome": ours.outcome.value,
        "seconds": round(ours.seconds, 4),
        "nodes": ours.nodes,
        "theirs": theirs,
        "their_seconds": round(time.perf_counter() - start, 3),
    }
    if theirs == "won" and output is None:
        record["replay"] = f"not tried: its line prints more than {LONGEST_PRINTOUT} bytes"
    elif theirs == "won":
        game = new_game(rules, seed=seed)
        try:
            line = their_line(rules, seed, output)
        except ValueError as exc:
            record["replay"] = f"not mapped: {exc}"
        else:
            try:
                for command in line:
                    game.execute(command)
            except Refused as exc:
                record["replay"] = f"refused: {exc}"
            else:
                record["replay"] = "won" if game.won else "not won"
            record["line"] = " ".join(format_command(c, game.layout) for c in line)
    return record


def contradiction(record: dict, differs: list | None = None) -> bool:
    """One solver proves lost a deal the other wins. Where the two games differ
    (``how_they_differ``), only the looser game's proof against the stricter one's win
    counts, or a proof here against its win that replays here."""
    if {record["outcome"], record["theirs"]} != {"won", "unwinnable"}:
        return False
    if not differs:
        return True
    if differs[0] == THEIRS_STRICTER:
        return record["theirs"] == "won"
    return record["outcome"] == "won" or record.get("replay") == "won"


def cmd_run(args) -> int:
    without = tuple(args.without)
    rules = rules_for(args.variant, args.mode, without)
    their_rules(rules)  # refuses before any deal is run
    preset = matching_preset(args.solver, rules)
    differs = how_they_differ(rules)
    seeds = parse_range(args.deals)
    settings = {"tool": "solvitaire", "variant": args.variant, "mode": rules.mode}
    settings.update({"timeout": args.timeout, "without": list(without)})
    if preset or differs:  # Klondike's earlier runs: custom rules, exactly
        settings.update({"preset": preset, "differs": list(differs) if differs else None})
    results = ResultsFile(args.results, settings)
    sys.stderr.write(
        f"{args.variant} {rules.mode}: Solvitaire's "
        f"{'preset ' + preset if preset else 'custom rules'}"
        f"{'; it differs: ' + differs[0] + ', ' + differs[1] if differs else ''}\n"
    )

    def progress(record: dict) -> None:
        loud = "  <<< CONTRADICTION" if contradiction(record, differs) else ""
        replay = record.get("replay", "")
        sys.stderr.write(
            f"deal {record['seed']}: ours {record['outcome']}, Solvitaire {record['theirs']}"
            f"{', its line ' + replay if replay else ''}{loud}\n"
        )

    task_args = (args.solver, args.variant, rules.mode, list(without), args.timeout)
    # The task by its module's name, not __main__'s: spawned processes and Dask workers
    # import it (a worker needs this repository on its path and the binary at --solver).
    from tools.crosscheck_solvitaire import check_deal as task

    task = partial(task, preset=preset)
    run_deals(task, task_args, seeds, results, args.jobs, args.scheduler, progress)
    return summarise(results, args.markdown)


def summarise(results: ResultsFile, markdown: bool = False, verdicts: bool = False) -> int:
    """Verdict pairs, contradictions, Solvitaire's lines replayed, and the winnable share:
    at least the deals either solver won, at most all but those either proved lost (each
    bound with its 95% Wilson interval). ``markdown``: the row of the Klondike family's
    table; ``verdicts``: the row of the table past Klondike (each solver's verdicts and
    median seconds). Exit status 1 when there is a contradiction."""
    records = list(results.done.values())
    n = len(records)
    pairs: dict[tuple[str, str], int] = {}
    for rec in records:
        pairs[rec["outcome"], rec["theirs"]] = pairs.get((rec["outcome"], rec["theirs"]), 0) + 1
    settings = results.settings or {}
    differs = settings.get("differs")
    bad = sorted(rec["seed"] for rec in records if contradiction(rec, differs))
    lines = [rec.get("replay") for rec in records if rec["theirs"] == "won"]
    try:
        name = get_variant(settings.get("variant", "")).name
    except (KeyError, ValueError):  # a variant this checkout does not have
        name = settings.get("variant")
    title = f"{name} `{settings.get('mode')}`"
    if settings.get("without"):
        title += " without " + ", ".join(f"`{rule}`" for rule in settings["without"])
    both_won, both_lost = pairs.get(("won", "won"), 0), pairs.get(("unwinnable", "unwinnable"), 0)
    ours_open = sum(1 for r in records if r["outcome"] == "undecided" != r["theirs"])
    theirs_open = sum(1 for r in records if r["theirs"] == "undecided" != r["outcome"])
    both_open = pairs.get(("undecided", "undecided"), 0)
    won = sum(1 for r in records if "won" in (r["outcome"], r["theirs"]))
    lost = sum(1 for r in records if "unwinnable" in (r["outcome"], r["theirs"]))
    low, high = wilson(won, n)[0], wilson(n - lost, n)[1]
    share = f"{100 * won / max(n, 1):.1f}-{100 * (n - lost) / max(n, 1):.1f}%"
    share += f" ({100 * low:.0f}-{100 * high:.0f})"
    replayed = f"{lines.count('won')} of {len(lines)}"
    one_way = [r["seed"] for r in records if r["seed"] not in bad and contradiction(r)]
    if verdicts:
        print(verdicts_row(title, records, settings, len(bad), len(one_way), replayed))
        return 1 if bad else 0
    if markdown:
        print(
            f"| {title} | {n} | {both_won} | {both_lost} | {ours_open} / {theirs_open} / "
            f"{both_open} | {len(bad)} | {replayed} | {share} |"
        )
        return 1 if bad else 0
    print(f"{title}: {n} deals, {settings.get('timeout')} s each solver")
    for (ours, theirs), count in sorted(pairs.items()):
        print(f"  ours {ours:10} Solvitaire {theirs:10} {count}")
    print(f"  both won {both_won}, both proved unwinnable {both_lost}")
    print(f"  undecided here only {ours_open}, by Solvitaire only {theirs_open}")
    print(f"  undecided by both {both_open}")
    if differs:  # the two games' shares bound nothing together
        print("  winnable: not bounded, the two games differ")
    else:
        print(f"  winnable: {share}, at 95% in brackets")
    print(f"  Solvitaire's lines replayed as wins here: {replayed}")
    for rec in records:
        if rec["theirs"] == "won" and rec.get("replay") != "won":
            print(f"  deal {rec['seed']}: its line {rec.get('replay')}")
    if one_way:
        print(f"  one proves lost what the other wins, as the games' difference allows: {one_way}")
        print(f"  ({settings['differs'][0]}: {settings['differs'][1]})")
    print(f"  CONTRADICTIONS: {bad}" if bad else "  contradictions: none")
    return 1 if bad else 0


def verdicts_row(
    title: str, records: list, settings: dict, bad: int, one_way: int, replayed: str
) -> str:
    """A row of docs/solver-results.md's "Against Solvitaire, past Klondike": deals, each
    solver's verdicts and median seconds, contradictions (and the verdicts that differ
    only as one game's looser rule allows), its lines replayed, its rules."""

    def count(key: str, value: str) -> int:
        return sum(1 for r in records if r[key] == value)

    ours = "/".join(str(count("outcome", v)) for v in ("won", "unwinnable", "undecided"))
    theirs = "/".join(str(count("theirs", v)) for v in ("won", "unwinnable", "undecided"))
    medians = " / ".join(
        f"{percentile([r[key] for r in records], 50):.2f}" for key in ("seconds", "their_seconds")
    )
    preset, differs = settings.get("preset"), settings.get("differs")
    said = f"preset `{preset}`" if preset else "custom"
    if differs:
        said += f", {differs[0]}"
    return (
        f"| {title} | {len(records)} | {settings.get('timeout'):g} | {ours} | {theirs} "
        f"| {bad} ({one_way}) | {replayed} | {medians} | {said} |"
    )


def read_results(path: str) -> ResultsFile:
    """A results file this tool wrote; RunError, in one line, for anything else."""
    results = ResultsFile(path, needs=("seed", "outcome", "theirs"))
    if (results.settings or {}).get("tool") != "solvitaire":
        raise RunError(f"{path}: not a results file of crosscheck_solvitaire.py run")
    return results


def cmd_summary(args) -> int:
    return summarise(read_results(args.results), args.markdown, args.verdicts)


def cmd_fixture(args) -> int:
    """Up to ``--count`` deals of each verdict that both solvers reached, each decided the
    same way again here within ``--nodes`` positions: a node budget, unlike a time budget,
    gives the same search on every machine, with or without the compiled core."""
    results = read_results(args.results)
    settings = results.settings or {}
    rules = rules_for(settings["variant"], settings["mode"], tuple(settings.get("without", [])))
    won: dict[str, str] = {}
    lost: list[int] = []
    for seed, rec in sorted(results.done.items()):
        verdict = rec["theirs"]
        if rec["outcome"] != verdict or verdict == "undecided" or rec["nodes"] > args.nodes:
            continue
        if verdict == "won" and (rec.get("replay") != "won" or len(won) >= args.count):
            continue
        if verdict == "won" and len(rec["line"].split()) > args.longest:
            continue  # a line of many thousand moves (stock turns) bloats the fixture
        if verdict == "unwinnable" and len(lost) >= args.count:
            continue
        again = solve(new_game(rules, seed=seed).state, rules, max_nodes=args.nodes)
        if again.outcome.value != verdict:
            continue
        if verdict == "won":
            won[str(seed)] = rec["line"]
        else:
            lost.append(seed)
    data = {
        "about": "Deals that Solvitaire won (its line turned into this engine's notation) or "
        "proved unwinnable, and this solver too within `nodes` positions. Made by "
        "tools/crosscheck_solvitaire.py.",
        "variant": settings["variant"],
        "mode": settings["mode"],
        "without": settings.get("without", []),
        "nodes": args.nodes,
        "won": won,
        "unwinnable": lost,
    }
    write_output(args.out, json.dumps(data, indent=0) + "\n")
    print(f"{len(won)} won and {len(lost)} unwinnable deals in {args.out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="solve deals with both solvers")
    run.add_argument("--solver", type=program, required=True, help="the solvitaire binary")
    run.add_argument("--variant", required=True)
    run.add_argument("--mode")
    run.add_argument("--deals", required=True)
    run.add_argument(
        "--results", type=output_file, required=True, help="JSON-lines file, appended per deal"
    )
    run.add_argument("--timeout", type=seconds(), default=10.0, help="seconds per deal, each (10)")
    run.add_argument("--without", action="append", default=[], help="a rule reset to default")
    run.add_argument("--jobs", type=JOBS, default=1)
    run.add_argument("--scheduler", help="a Dask scheduler's address")
    run.add_argument("--markdown", action="store_true", help="the summary as a table row")
    summ = sub.add_parser("summary", help="verdict pairs and contradictions")
    summ.add_argument("--results", type=input_file, required=True)
    summ.add_argument("--markdown", action="store_true")
    summ.add_argument("--verdicts", action="store_true", help="the row of the table past Klondike")
    fix = sub.add_parser("fixture", help="a few cheap deals for the test suite")
    fix.add_argument("--results", type=input_file, required=True)
    fix.add_argument("--out", type=output_file, required=True)
    fix.add_argument("--nodes", type=NODES, default=20_000, help="our search's cost at most")
    fix.add_argument(
        "--count", type=whole(1, 10_000), default=8, help="deals of each verdict at most"
    )
    fix.add_argument(
        "--longest",
        type=whole(1, 10_000_000),
        default=5_000,
        help="moves in a kept winning line at most",
    )
    args = ap.parse_args(argv)
    if args.command == "run":
        rules_for(args.variant, args.mode, tuple(args.without))  # RunError, worded
    return {"run": cmd_run, "summary": cmd_summary, "fixture": cmd_fixture}[args.command](args)


if __name__ == "__main__":
    raise SystemExit(worded(main))
